"""Decisions taken together: sealed choices, and obligations a player's own program keeps.

Two core steps every game can use (register them, or subclasses, in its :class:`Flow`):

- :class:`Obligation` — an effect on a player's secret (discard a card at random from
  his hand, reveal a face-down marker) that only that player's program can carry out:
  by email a program holds only its own player's secrets and private dice. The step
  that needs the effect calls :func:`owe`; the owing players become the deciding sides,
  each offered exactly the actions it owes; each one's program performs them with its
  private dice (:meth:`~.game.Game.fulfil`: at once in hot-seat, where one program holds
  everything; when the player opens the file by email). The log shows only what the
  effect makes public. When nothing is owed any more the step ends, and the step that
  called it resumes.
- :class:`SealedChoice` — every side asked commits a choice the others cannot see
  (``commit X``, a *sealed* verb: by email the file shows ``commit ?`` and seals the
  words with the player's hidden information; the choice itself is kept at
  ``state["sealed"][side]``, a secret path the core adds for every side,
  :func:`sealed_paths`). In hot-seat the choice is made in the hand dock, behind the
  "pass the screen" cover. When the last side has committed, each owes the reveal of
  its own choice (:class:`RevealSealed`, an obligation); when all are revealed,
  :meth:`SealedChoice.chosen` receives every choice at once.

Everything is in the state (``sealed``, the frames' ``owed`` and ``committed``), so
saving, replay and undo need nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..base.errors import IllegalActionError
from ..base.i18n import N_, _, listing
from .actions import Action
from .context import Context
from .flow import Flow, Frame, Step
from .state import State
from .verbs import verb

if TYPE_CHECKING:
    from .ruleset import Ruleset

R = TypeVar("R", bound="Ruleset")
SEALED = "sealed"
"""The state key of the sealed choices not yet revealed: ``{side: choice}``."""
REVEAL_STEP = "reveal-sealed"


def sealed_paths(ruleset: Ruleset, state: State) -> dict[str, list[tuple[str, ...]]]:
    """The secret paths of the sealed choices, for every side of ``ruleset`` (none when
    its flow has no :class:`SealedChoice`)."""
    if not any(isinstance(step, SealedChoice) for step in ruleset.flow.steps.values()):
        return {}
    return {s.id: [(SEALED, s.id)] for s in ruleset.sides}


def sealed_lines(ruleset: Ruleset, state: State, side: str) -> list[str]:
    """What the hand of ``side`` shows of its sealed choice (only it sees it)."""
    choice = (state.get(SEALED) or {}).get(side)
    if choice is None or choice == "?":
        return []
    return [f"Your sealed choice: {choice} (revealed when every player has chosen)"]


def side_name(ruleset: Any, side: str) -> str:
    try:
        return ruleset.side(side).name
    except KeyError:
        return side


# -- obligations ------------------------------------------------------------------------------
def owe(ruleset: Any, state: State, ctx: Context, flow: Flow, step: str,
        owed: Mapping[str, list[Action | str]], **variables: Any) -> None:
    """Call obligation step ``step``: each side of ``owed`` must play its actions (in
    order) with its own program before the game goes on."""
    texts = {side: [a.text() if isinstance(a, Action) else a for a in actions]
             for side, actions in owed.items() if actions}
    flow.call_many(ruleset, state, ctx, step, sides=list(texts), owed=texts, **variables)


def pending_obligations(ruleset: Any, state: State) -> list[tuple[str, Action]]:
    """The next action each side owes now (empty when no obligation runs)."""
    frame = ruleset.flow.current(state)
    step = ruleset.flow.step(frame) if frame is not None else None
    if not isinstance(step, Obligation) or ruleset.outcome(state) is not None:
        return []
    return [(side, step.first_owed(frame, side))
            for side in step.deciders(ruleset, state, frame)]


class Obligation(Step[R]):
    """The sides that owe an action on their own secrets, and those actions (see the
    module doc). Subclasses declare the effects as verbs (``@verb("discard-random",
    hand=True)``) whose handlers act on ``ctx.side``'s own secrets, rolling private
    dice (``ctx.roll(..., private=True)``) for anything random."""

    def deciders(self, ruleset: R, state: State, frame: Frame) -> list[str]:
        owed = frame["vars"].get("owed", {})
        return [s for s in frame.get("sides") or [] if owed.get(s)]

    @staticmethod
    def first_owed(frame: Frame, side: str) -> Action:
        """The next action ``side`` owes."""
        return Action.parse(frame["vars"]["owed"][side][0])

    def actions(self, ruleset: R, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(ruleset, state, frame):
            yield self.first_owed(frame, side)

    def actions_for(self, ruleset: R, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side in self.deciders(ruleset, state, frame):
            yield self.first_owed(frame, side)

    def prompt(self, ruleset: R, state: State, frame: Frame) -> str:
        # the prompt is drawn at once, never stored: the names in the language now
        names = _(" and ").join(str(side_name(ruleset, s))
                                for s in self.deciders(ruleset, state, frame))
        return N_("Waiting for {names} to carry out what they owe", names=names)

    def act(self, ruleset: R, state: State, frame: Frame, action: Action, ctx: Context,
            flow: Flow) -> None:
        owed = frame["vars"]["owed"]
        owed[ctx.side].pop(0)
        super().act(ruleset, state, frame, action, ctx, flow)
        if not any(owed.values()):
            self.discharged(ruleset, state, frame, ctx, flow)

    def discharged(self, ruleset: R, state: State, frame: Frame, ctx: Context,
                   flow: Flow) -> None:
        """Everything owed is done: end, handing the caller the frame's ``result``."""
        flow.end(ruleset, state, ctx, frame["vars"].get("result"))


class RevealSealed(Obligation[Any]):
    """Each side reveals its own sealed choice (the obligation a :class:`SealedChoice`
    leaves once every side has committed). Register it in every flow that has a
    sealed choice."""

    name = REVEAL_STEP

    @verb("reveal", hand=True, label=N_("Reveal your sealed choice"))
    def on_reveal(self, ruleset: Any, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        sealed = state.get(SEALED) or {}
        if ctx.side not in sealed:
            raise IllegalActionError(N_("{side_name} has no sealed choice to reveal",
                                        side_name=side_name(ruleset, ctx.side)))
        choice = sealed.pop(ctx.side)
        if not sealed:
            state.pop(SEALED, None)
        frame["vars"].setdefault("result", {})[ctx.side] = choice
        ctx.log(N_("{side_name} reveals the sealed choice: {choice}",
                   side_name=side_name(ruleset, ctx.side),
                   choice=choice_word(ruleset, state, choice)))


def choice_word(ruleset: Any, state: State, choice: str) -> str:
    """``choice`` in the words of the sealed choice running (the nearest on the flow's
    stack: the reveal runs above it), or as it is."""
    flow = ruleset.flow
    frames = [*reversed(state.get("flow") or []), flow.phase_frame(state)]
    for frame in frames:
        step = flow.steps.get(frame["step"]) if frame else None
        if isinstance(step, SealedChoice):
            return step.choice_word(ruleset, state, choice)
    return choice


# -- sealed choices ---------------------------------------------------------------------------
class SealedChoice(Step[R]):
    """Every side in the frame's ``sides`` commits a choice the others cannot see; all
    are revealed together (see the module doc). Enter it with
    ``flow.call_many(ruleset, state, ctx, name, sides=[...])``; a game subclasses it,
    naming it and saying what may be chosen (:meth:`options`) and what the choices do
    (:meth:`chosen`)."""

    reveal_step: ClassVar[str] = REVEAL_STEP

    def options(self, ruleset: R, state: State, frame: Frame, side: str) -> list[str]:
        """What ``side`` may choose (words without spaces)."""
        raise NotImplementedError  # abstract: every sealed choice says what may be chosen

    def chosen(self, ruleset: R, state: State, frame: Frame, ctx: Context, flow: Flow,
               choices: dict[str, str]) -> None:
        """Every choice is revealed: act on them (default: end with them as result)."""
        flow.end(ruleset, state, ctx, choices)

    def choice_word(self, ruleset: R, state: State, choice: str) -> str:
        """The words of ``choice`` on its button and in the log (default: the choice). A
        message of the game's catalogue whose English is the choice itself keeps the
        English log as it was and reads in the reader's language."""
        return choice

    def deciders(self, ruleset: R, state: State, frame: Frame) -> list[str]:
        committed = frame["vars"].get("committed", [])
        return [s for s in frame.get("sides") or [] if s not in committed]

    def actions(self, ruleset: R, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(ruleset, state, frame):
            yield from self.actions_for(ruleset, state, frame, side)

    def actions_for(self, ruleset: R, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side in self.deciders(ruleset, state, frame):
            for option in self.options(ruleset, state, frame, side):
                yield Action("commit", (option,))

    def prompt(self, ruleset: R, state: State, frame: Frame) -> str:
        # the prompt is drawn at once, never stored: the names in the language now
        names = _(" and ").join(str(side_name(ruleset, s))
                                for s in self.deciders(ruleset, state, frame))
        return N_("{names}: make your sealed choice (the others will not see it)", names=names)

    @verb("commit", hand=True, sealed=True,
          label=lambda rs, state, action: N_("Choose {choice}",
                                             choice=choice_word(rs, state, action.arg(0))),
          logs=True)
    def on_commit(self, ruleset: R, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        side = ctx.side
        state.setdefault(SEALED, {})[side] = action.arg(0)
        committed = frame["vars"].setdefault("committed", [])
        committed.append(side)
        name = side_name(ruleset, side)
        ctx.log(N_("{name} makes a sealed choice", name=name))
        ctx.log(N_("{name} chose {arg} (sealed)", name=name,
                   arg=choice_word(ruleset, state, action.arg(0))), private=True)
        if not self.deciders(ruleset, state, frame):
            ctx.log(N_("Every choice is made: each player's program reveals its own"))
            owe(ruleset, state, ctx, flow, self.reveal_step,
                {s: ["reveal"] for s in frame["sides"]})

    def resume(self, ruleset: R, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        choices = {s: result[s] for s in frame["sides"]}
        ctx.log(N_("Revealed together: {choices}"), choices=listing(
            [N_("{side} {choice}", side=side_name(ruleset, s),
                choice=choice_word(ruleset, state, c))
             for s, c in choices.items()]))
        self.chosen(ruleset, state, frame, ctx, flow, choices)
