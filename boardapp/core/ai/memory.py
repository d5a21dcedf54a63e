"""What a computer player remembers of its own turn: the positions its choices produced.

A side that plans (drags a figure, then drags it back) can change its mind forever
without ending its turn: two plans that look alike to its evaluation, each better than
the other in turn by the noise of its guesses. A player therefore keeps, per side, the
*positions* it produced this turn (and the one the turn began in), and never chooses an
action leading back to one of them, unless that action ends its turn. A position is what
the side may see of the state (the others' secrets masked, the dice generator left
out), so the guessed views it plays on and the real game give the same key. The memory
of a side is dropped when one of its choices ends its turn (the side no longer decides,
or the core state's turn or phase changes); :meth:`TurnMemory.forget` drops all of it
(after an undo). A player whose first choice would lead back :attr:`TurnMemory.patience`
times in one turn is dithering: it then ends its turn when one of its actions does (the
table demo's losing side, re-planning rather than commit the orders that end the game).
Qt-free; names no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.ruleset import Ruleset
from ..engine.state import State, digest
from ..pbem.hidden import mask

UNSEEN = ("rng", "dice_queue")
"""State keys a position leaves out: the dice to come are nobody's to see."""


def position_key(ruleset: Ruleset, state: State, side: str) -> str:
    """The digest of what ``side`` may see of ``state`` (its own secrets, the others'
    masked, without the dice generator)."""
    seen = mask(state, ruleset.hidden_paths(state), visible={side})
    for key in UNSEEN:
        seen.pop(key, None)
    return digest(seen)


def turn_mark(state: State) -> tuple[object, object]:
    """What says which turn a position belongs to: the core state's turn and phase."""
    return state.get("turn"), state.get("phase")


@dataclass
class Turn:
    """One side's turn as its player remembers it."""

    mark: tuple[object, object]
    """:func:`turn_mark` of the position the turn began in"""
    seen: set[str] = field(default_factory=set)
    """the keys of the positions it began in and its choices produced"""
    dithers: int = 0
    """how often the player's first choice would have led back to a seen position"""


class TurnMemory:
    """Per side, the positions the player's own choices produced in its current turn."""

    patience = 3
    """Times a player may prefer to go back to a position in one turn before it ends its
    turn when it can (it is dithering: two plans, each better than the other in turn)."""

    def __init__(self) -> None:
        self._turns: dict[str, Turn] = {}

    def forget(self) -> None:
        """Drop everything (the game was taken back, or replaced)."""
        self._turns.clear()

    def begin(self, ruleset: Ruleset, state: State, side: str) -> Turn:
        """``side``'s current turn (a new one, remembering the position now, if the last
        choice ended the turn or the position is of another turn)."""
        turn = self._turns.get(side)
        if turn is None or turn.mark != turn_mark(state):
            turn = self._turns[side] = Turn(turn_mark(state),
                                            {position_key(ruleset, state, side)})
        return turn

    def ends(self, ruleset: Ruleset, after: State, side: str) -> bool:
        """Whether the position ``after`` is past ``side``'s turn: the game is over, the
        side no longer decides, or the turn or phase changed."""
        turn = self._turns.get(side)
        return (turn is None or turn.mark != turn_mark(after)
                or ruleset.outcome(after) is not None
                or side not in ruleset.deciding_sides(after))

    def repeats(self, ruleset: Ruleset, after: State, side: str) -> bool:
        """Whether ``after`` leads back to a position of ``side``'s turn (never when the
        turn is over there)."""
        turn = self._turns.get(side)
        if turn is None or self.ends(ruleset, after, side):
            return False
        return position_key(ruleset, after, side) in turn.seen

    def dithering(self, side: str) -> bool:
        """Whether the player went back and forth long enough: it should end its turn."""
        turn = self._turns.get(side)
        return turn is not None and turn.dithers >= self.patience

    def dithered(self, side: str) -> None:
        """The player's first choice would have led back to a position of this turn."""
        turn = self._turns.get(side)
        if turn is not None:
            turn.dithers += 1

    def record(self, ruleset: Ruleset, after: State | None, side: str) -> None:
        """The player chose the action leading to ``after`` (``None``: not foreseen)."""
        if after is None:
            return
        if self.ends(ruleset, after, side):
            self._turns.pop(side, None)
            return
        self._turns[side].seen.add(position_key(ruleset, after, side))
