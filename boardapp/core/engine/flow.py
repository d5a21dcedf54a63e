"""Rules as named steps: the phases of a turn and the procedures they call (RTT's states).

A ruleset writes its sequence of play and its procedures (a battle, a siege, a
recruitment) as :class:`Step` subclasses registered in a :class:`Flow`.

- **Phases.** The steps given as ``phases=`` are the sequence of play. The phase that
  runs is ``state["phase"]`` and the side it waits for is ``state["active"]``; a phase
  step's frame is made on the fly (``{"step": phase, "side": active, "vars":
  state["vars"]}``), so the state keeps its shape. :meth:`Flow.enter_phase` and
  :meth:`Flow.next_phase` move along the sequence, running the new phase's ``begin``.
- **Procedures.** A procedure is a frame on the call stack in ``state["flow"]``
  (``{"step": name, "side": side, "vars": {...}}``, with ``"sides"`` where several
  players decide at once). :meth:`Flow.call` enters one above whatever runs,
  :meth:`Flow.goto` moves to the next step, :meth:`Flow.end` returns to the frame below
  (or to the phase) through ``resume``.

The running step (the top frame, else the phase) says who decides, what the prompt says
and which actions are legal; its verbs are declared on their handlers with
:func:`~.verbs.verb`. One rule of legality holds for every game: an action is applied
only if the running step offers it (:meth:`Step.why_not`), manual verbs aside.
Everything is plain data in the state, so saving, replay and undo need nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..base.errors import BoardappError, IllegalActionError, InvalidActionError
from ..base.i18n import N_
from .actions import Action
from .context import Context
from .state import State
from .verbs import VerbSpec, declared_verbs

if TYPE_CHECKING:
    from .ruleset import Ruleset

Frame = dict[str, Any]
MAX_AUTOMATIC_STEPS = 1000
R = TypeVar("R", bound="Ruleset")


class Step(Generic[R]):
    """One named state of the game: a phase, or a step of a procedure.

    ``ruleset`` (typed ``R``, the game's ruleset class) is passed to every method so
    that steps use its data and predicates. Handlers are methods ``on_<verb>`` declared
    with :func:`~.verbs.verb`; an undeclared ``on_<verb>`` is a verb offered among the
    decisions with its words as label.
    """

    name: ClassVar[str] = ""
    verbs: ClassVar[dict[str, VerbSpec]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        verbs = declared_verbs(cls)
        for attr in dir(cls):
            if attr.startswith("on_") and callable(getattr(cls, attr)):
                verb_name = attr[3:].replace("_", "-")
                if not any(s.handler == attr for s in verbs.values()):
                    verbs[verb_name] = VerbSpec(verb_name, handler=attr)
        cls.verbs = verbs

    def begin(self, ruleset: R, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """Automatic work on entering the step (may call, goto or end)."""

    def resume(self, ruleset: R, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        """A procedure this step called has ended with ``result``."""

    def prompt(self, ruleset: R, state: State, frame: Frame) -> str:
        """The sentence the player to act reads."""
        return ""

    def deciders(self, ruleset: R, state: State, frame: Frame) -> list[str]:
        """The sides this step waits for (default: the frame's ``sides``, else its
        ``side``)."""
        sides = frame.get("sides")
        if sides is not None:
            return list(sides)
        return [frame["side"]] if frame.get("side") else []

    def actions(self, ruleset: R, state: State, frame: Frame) -> Iterator[Action]:
        """The legal actions of this step (of every deciding side)."""
        return iter(())

    def actions_for(self, ruleset: R, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        """The legal actions of ``side`` (default: all of :meth:`actions` when ``side``
        decides, each verb's own ``decider`` respected)."""
        if side not in self.deciders(ruleset, state, frame):
            return
        for action in self.actions(ruleset, state, frame):
            if self.decider(ruleset, state, frame, action) in (None, side):
                yield action

    def actions_of(self, ruleset: R, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """The actions of :meth:`actions` whose verb is ``verb_name``, in their order.
        The legality check (:meth:`why_not`) asks only these of a step; a step whose
        listing costs much for some verbs (moves to every place in reach) overrides this
        to list only what ``verb_name`` needs, and must give the same actions."""
        return (a for a in self.actions(ruleset, state, frame) if a.verb == verb_name)

    def decider(self, ruleset: R, state: State, frame: Frame,
                action: Action) -> str | None:
        """Who decides ``action`` when its verb names one (``None``: any decider)."""
        spec = self.verbs.get(action.verb)
        if spec is not None and spec.decider is not None:
            return spec.decider(ruleset, state, action)
        return None

    def manual_actions(self, ruleset: R, state: State, frame: Frame) -> Iterator[Action]:
        """The corrections by hand (verbs declared ``manual``) this step offers on the
        menus of counters and places: not legal actions, not decisions of anyone."""
        return iter(())

    def why_not(self, ruleset: R, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """``None`` if ``side`` may take ``action`` now, else (reason, rule).

        The default looks the action up among :meth:`actions_for` (among those of its
        verb, :meth:`actions_of`, when the step keeps the default ``actions_for``); a step
        whose actions cannot all be listed (coordinates on a table, many combinations)
        overrides this with a predicate, and must then agree with :meth:`actions` on what
        it lists. A verb declared ``manual`` is accepted from anyone (its handler checks it).
        """
        spec = self.verbs.get(action.verb)
        if spec is not None and spec.manual:
            return None
        sides = self.deciders(ruleset, state, frame)
        if side is not None and side not in sides:
            return self._not_yours(ruleset, sides), None
        if type(self).actions_for is Step.actions_for:  # the actions of its verb suffice
            offered = self.actions_of(ruleset, state, frame, action.verb)
            if side is not None:
                offered = (a for a in offered
                           if self.decider(ruleset, state, frame, a) in (None, side))
        else:
            offered = (self.actions_for(ruleset, state, frame, side) if side is not None
                       else self.actions(ruleset, state, frame))
        if any(a == action for a in offered):  # the listing stops at the action
            return None
        return N_("'{action}' is not possible now: {prompt}", action=action.text(),
                  prompt=self.prompt(ruleset, state, frame)), \
            None

    @staticmethod
    def _not_yours(ruleset: Any, sides: list[str]) -> str:
        if not sides:
            return N_("it is not your decision now (waiting for nobody)")
        names: Any = ruleset.side(sides[0]).name
        for s in sides[1:]:
            names = N_("{a} and {b}", a=names, b=ruleset.side(s).name)
        return N_("it is not your decision now (waiting for {names})", names=names)

    def label(self, ruleset: R, state: State, frame: Frame, action: Action) -> str:
        """The words of ``action`` on its button or menu."""
        spec = self.verbs.get(action.verb) or VerbSpec(action.verb)
        return spec.text(ruleset, state, action)

    def act(self, ruleset: R, state: State, frame: Frame, action: Action, ctx: Context,
            flow: Flow) -> None:
        """Apply ``action`` (already checked legal) by calling its handler."""
        spec = self.verbs.get(action.verb)
        handler = getattr(self, spec.handler, None) if spec else None
        if handler is None:
            raise IllegalActionError(N_("'{action}' is not an action of step {name}",
                                        action=action.text(), name=self.name))
        handler(ruleset, state, frame, action, ctx, flow)


class Flow:
    """The phases and procedure steps of a ruleset, and the call stack machinery."""

    def __init__(self, *steps: type[Step[Any]],
                 phases: tuple[type[Step[Any]], ...] = ()) -> None:
        self.steps: dict[str, Step[Any]] = {}
        for cls in (*phases, *steps):
            if not cls.name or cls.name in self.steps:
                raise ValueError(f"step {cls.__name__} needs a unique name")
            self.steps[cls.name] = cls()
        self.phases: tuple[str, ...] = tuple(cls.name for cls in phases)
        self._known: tuple[int, frozenset[str]] = (-1, frozenset())
        """The verbs the steps declare (:meth:`knows`), with how many steps there were."""

    # -- the stack -------------------------------------------------------------------------
    @staticmethod
    def stack(state: State) -> list[Frame]:
        """The call stack in ``state`` (created empty if missing)."""
        return state.setdefault("flow", [])

    def top(self, state: State) -> Frame | None:
        """The frame of the running procedure, or ``None`` when no procedure runs."""
        stack = state.get("flow") or []
        return stack[-1] if stack else None

    def phase_frame(self, state: State) -> Frame | None:
        """The frame of the running phase (made on the fly), or ``None`` when the game
        has no phase steps or the state's phase is not one of them. A state with no
        phase set runs the first phase (a one-phase game need not name it, and games
        saved before their phases had names keep their shape)."""
        phase = state.get("phase") or (self.phases[0] if self.phases else None)
        if phase not in self.phases:
            return None
        return {"step": phase, "side": state.get("active"), "vars": state.setdefault("vars", {})}

    def current(self, state: State) -> Frame | None:
        """The running frame: the top procedure, else the phase."""
        return self.top(state) or self.phase_frame(state)

    def step(self, frame: Frame) -> Step[Any]:
        """The :class:`Step` of ``frame``."""
        return self.steps[frame["step"]]

    def call(self, ruleset: Any, state: State, ctx: Context, name: str, side: str,
             **variables: Any) -> None:
        """Enter procedure step ``name`` on top of the stack, deciding ``side``."""
        if name not in self.steps:
            raise BoardappError(N_("no step {name}", name=repr(name)))
        self.stack(state).append({"step": name, "side": side, "vars": dict(variables)})
        self._begin(ruleset, state, ctx)

    def call_many(self, ruleset: Any, state: State, ctx: Context, name: str,
                  sides: list[str], **variables: Any) -> None:
        """Enter procedure step ``name`` deciding ``sides`` together (a sealed choice,
        a vote): the frame's ``side`` is the first of them."""
        if name not in self.steps:
            raise BoardappError(N_("no step {name}", name=repr(name)))
        self.stack(state).append({"step": name, "side": sides[0] if sides else None,
                                  "sides": list(sides), "vars": dict(variables)})
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
        """Leave the top procedure; the frame below (or the phase) resumes with
        ``result``."""
        stack = self.stack(state)
        stack.pop()
        below = self.current(state)
        if below is not None:
            self.step(below).resume(ruleset, state, below, ctx, self, result)

    # -- the sequence of play ----------------------------------------------------------
    def enter_phase(self, ruleset: Any, state: State, ctx: Context, phase: str,
                    side: str | None = None) -> None:
        """Make ``phase`` the running phase (``side`` to act, if given) and begin it."""
        if phase not in self.phases:
            raise BoardappError(N_("no phase {phase}", phase=repr(phase)))
        state["phase"] = phase
        if side is not None:
            state["active"] = side
        self._count(ctx)
        frame = self.phase_frame(state)
        assert frame is not None
        self.step(frame).begin(ruleset, state, frame, ctx, self)

    def next_phase(self, ruleset: Any, state: State, ctx: Context,
                   side: str | None = None) -> str:
        """Enter the phase after the running one (wrapping to the first); its id."""
        index = self.phases.index(state.get("phase") or self.phases[0])
        phase = self.phases[(index + 1) % len(self.phases)]
        self.enter_phase(ruleset, state, ctx, phase, side)
        return phase

    @staticmethod
    def _count(ctx: Context) -> None:
        # Counted per action (on its context), never stored in the state.
        counter = getattr(ctx, "flow_steps", 0) + 1
        ctx.flow_steps = counter  # type: ignore[attr-defined]
        if counter > MAX_AUTOMATIC_STEPS:
            raise BoardappError(N_("runaway procedure: more than 1000 automatic steps"))

    def _begin(self, ruleset: Any, state: State, ctx: Context) -> None:
        self._count(ctx)
        frame = self.stack(state)[-1]
        self.step(frame).begin(ruleset, state, frame, ctx, self)

    # -- what the ruleset delegates ------------------------------------------------------
    def deciding_sides(self, ruleset: Any, state: State) -> list[str]:
        """The sides the running step waits for (empty when nothing runs)."""
        frame = self.current(state)
        return self.step(frame).deciders(ruleset, state, frame) if frame else []

    def active_side(self, state: State) -> str | None:
        """The first side the running procedure waits for (``None``: none runs)."""
        frame = self.top(state)
        return frame["side"] if frame else None

    def prompt(self, ruleset: Any, state: State) -> str:
        """The running step's prompt ("" when none runs)."""
        frame = self.current(state)
        return self.step(frame).prompt(ruleset, state, frame) if frame else ""

    def legal_actions(self, ruleset: Any, state: State,
                      side: str | None = None) -> Iterator[Action]:
        """The running step's legal actions (of ``side`` only, if given)."""
        frame = self.current(state)
        if frame is None:
            return
        step = self.step(frame)
        if side is None:
            yield from step.actions(ruleset, state, frame)
        else:
            yield from step.actions_for(ruleset, state, frame, side)

    def manual_actions(self, ruleset: Any, state: State) -> Iterator[Action]:
        """The running step's corrections by hand offered on menus (none when nothing
        runs)."""
        frame = self.current(state)
        if frame is not None:
            yield from self.step(frame).manual_actions(ruleset, state, frame)

    def verb_spec(self, state: State, verb_name: str) -> VerbSpec | None:
        """The declaration of ``verb_name`` in the running step (``None``: not there)."""
        frame = self.current(state)
        return self.step(frame).verbs.get(verb_name) if frame else None

    def words_fixed(self, state: State, spec: VerbSpec) -> bool:
        """Whether the words of ``spec``'s actions (:meth:`label`), a verb of the running
        step, read nothing of the state: a label that is text, not a function, and a step
        that keeps :meth:`Step.label`. The core then words an action only after applying
        it, when the rules wrote no line for it (the same words)."""
        if callable(spec.label):
            return False
        frame = self.current(state)
        return frame is not None and type(self.step(frame)).label is Step.label

    def knows(self, verb_name: str) -> bool:
        """True if some step of the flow declares ``verb_name``."""
        if self._known[0] != len(self.steps):  # the steps are set at the start
            self._known = (len(self.steps), frozenset(
                name for s in self.steps.values() for name in s.verbs))
        return verb_name in self._known[1]

    def label(self, ruleset: Any, state: State, action: Action) -> str:
        """The words of ``action``: the running step's, else any step declaring it."""
        frame = self.current(state)
        if frame is not None and action.verb in self.step(frame).verbs:
            return self.step(frame).label(ruleset, state, frame, action)
        for step in self.steps.values():
            if action.verb in step.verbs:
                return step.verbs[action.verb].text(ruleset, state, action)
        return " ".join((action.verb.replace("-", " ").capitalize(), *action.args))

    def why_not(self, ruleset: Any, state: State, action: Action,
                side: str | None = None) -> tuple[str, str | None] | None:
        """``None`` if ``action`` is legal now (for ``side``, if given), else (reason,
        rule)."""
        if not self.knows(action.verb):
            return N_("unknown action {verb}", verb=repr(action.verb)), None
        frame = self.current(state)
        if frame is None:
            return N_("'{action}': nothing is waiting for it", action=action.text()), None
        return self.step(frame).why_not(ruleset, state, frame, action, side)

    def apply(self, ruleset: Any, state: State, action: Action, ctx: Context,
              rule: str | None = None, side: str | None = None) -> None:
        """Apply ``action`` in the running step if it is legal for ``side`` there;
        otherwise refuse it with the reason (and ``rule``, or the step's)."""
        if not self.knows(action.verb):
            raise InvalidActionError(N_("unknown action {verb}", verb=repr(action.verb)))
        frame = self.current(state)
        if frame is None:
            raise IllegalActionError(N_("'{action}': nothing is waiting for it",
                                        action=action.text()), rule)
        step = self.step(frame)
        why = step.why_not(ruleset, state, frame, action, side)
        if why is not None:
            raise IllegalActionError(why[0], why[1] or rule)
        step.act(ruleset, state, frame, action, ctx, self)
