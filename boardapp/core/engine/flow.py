"""Rules as named steps on a call stack kept inside the game state (RTT's states).

A ruleset writes a procedure (a battle, a siege, a recruitment) as :class:`Step`
subclasses registered in a :class:`Flow`. The stack lives in ``state["flow"]``, a list
of frames ``{"step": name, "side": side, "vars": {...}}``. The top frame says who must
act, what the prompt says and which actions are legal; :meth:`Flow.call` enters a
procedure (a battle inside a move), :meth:`Flow.goto` moves to the next step and
:meth:`Flow.end` returns to the frame below, handing it a result through ``resume``.
Steps that need no decision do their work in ``begin`` and move on at once.

Everything is plain data in the state, so saving, replay and undo need nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from ..base.errors import BoardappError, IllegalActionError
from .actions import Action
from .context import Context
from .state import State

Frame = dict[str, Any]
MAX_AUTOMATIC_STEPS = 1000


class Step:
    """One named state of a procedure. Override what the step needs.

    ``ruleset`` is passed to every method so that steps can use its data and helpers.
    Handlers are methods named ``on_<verb>`` (dashes become underscores).
    """

    name: ClassVar[str] = ""

    def begin(self, ruleset: Any, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """Automatic work on entering the step (may call, goto or end)."""

    def resume(self, ruleset: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        """A procedure this step called has ended with ``result``."""

    def prompt(self, ruleset: Any, state: State, frame: Frame) -> str:
        """The sentence the player to act reads."""
        return ""

    def actions(self, ruleset: Any, state: State, frame: Frame) -> Iterator[Action]:
        """The legal actions of this step."""
        return iter(())

    def act(self, ruleset: Any, state: State, frame: Frame, action: Action, ctx: Context,
            flow: Flow) -> None:
        """Apply ``action`` (already checked legal) by calling ``on_<verb>``."""
        handler = getattr(self, "on_" + action.verb.replace("-", "_"), None)
        if handler is None:
            raise IllegalActionError(f"'{action.text()}' is not an action of step {self.name}")
        handler(ruleset, state, frame, action, ctx, flow)


class Flow:
    """The steps of a ruleset's procedures, and the call stack machinery."""

    def __init__(self, *steps: type[Step]) -> None:
        self.steps: dict[str, Step] = {}
        for cls in steps:
            if not cls.name or cls.name in self.steps:
                raise ValueError(f"step {cls.__name__} needs a unique name")
            self.steps[cls.name] = cls()

    # -- the stack -------------------------------------------------------------------------
    @staticmethod
    def stack(state: State) -> list[Frame]:
        """The call stack in ``state`` (created empty if missing)."""
        return state.setdefault("flow", [])

    def top(self, state: State) -> Frame | None:
        """The frame that acts now, or ``None`` when no procedure is running."""
        stack = state.get("flow") or []
        return stack[-1] if stack else None

    def step(self, frame: Frame) -> Step:
        """The :class:`Step` of ``frame``."""
        return self.steps[frame["step"]]

    def call(self, ruleset: Any, state: State, ctx: Context, name: str, side: str,
             **variables: Any) -> None:
        """Enter procedure step ``name`` on top of the stack, acting ``side``."""
        if name not in self.steps:
            raise BoardappError(f"no step {name!r}")
        self.stack(state).append({"step": name, "side": side, "vars": dict(variables)})
        self._begin(ruleset, state, ctx)

    def goto(self, ruleset: Any, state: State, ctx: Context, name: str,
             side: str | None = None, **variables: Any) -> None:
        """Replace the top frame by step ``name`` (same side and vars unless given)."""
        frame = self.stack(state)[-1]
        frame["step"] = name
        if side is not None:
            frame["side"] = side
        frame["vars"].update(variables)
        self._begin(ruleset, state, ctx)

    def end(self, ruleset: Any, state: State, ctx: Context, result: Any = None) -> None:
        """Leave the top procedure; the frame below (if any) resumes with ``result``."""
        stack = self.stack(state)
        stack.pop()
        if stack:
            below = stack[-1]
            self.step(below).resume(ruleset, state, below, ctx, self, result)

    def _begin(self, ruleset: Any, state: State, ctx: Context) -> None:
        # Counted per action (on its context), never stored in the state.
        counter = getattr(ctx, "flow_steps", 0) + 1
        ctx.flow_steps = counter  # type: ignore[attr-defined]
        if counter > MAX_AUTOMATIC_STEPS:
            raise BoardappError("runaway procedure: more than 1000 automatic steps")
        frame = self.stack(state)[-1]
        self.step(frame).begin(ruleset, state, frame, ctx, self)

    # -- what the ruleset delegates ------------------------------------------------------
    def active_side(self, state: State) -> str | None:
        """The side that must act in the running procedure."""
        frame = self.top(state)
        return frame["side"] if frame else None

    def prompt(self, ruleset: Any, state: State) -> str:
        """The running step's prompt ("" when none runs)."""
        frame = self.top(state)
        return self.step(frame).prompt(ruleset, state, frame) if frame else ""

    def legal_actions(self, ruleset: Any, state: State) -> Iterator[Action]:
        """The running step's legal actions."""
        frame = self.top(state)
        if frame is not None:
            yield from self.step(frame).actions(ruleset, state, frame)

    def apply(self, ruleset: Any, state: State, action: Action, ctx: Context,
              rule: str | None = None) -> None:
        """Apply ``action`` to the running step; refuse it if the step does not offer it."""
        frame = self.top(state)
        if frame is None:
            raise IllegalActionError(f"'{action.text()}': no procedure is waiting for it")
        step = self.step(frame)
        if action not in set(step.actions(ruleset, state, frame)):
            raise IllegalActionError(f"'{action.text()}' is not possible now: "
                                     f"{step.prompt(ruleset, state, frame)}", rule)
        step.act(ruleset, state, frame, action, ctx, self)
