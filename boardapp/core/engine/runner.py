"""The action runner: how a game whose state no single program holds plays its actions.

A hot-seat game applies each action itself (:meth:`Game.push`): one program, the whole
state, dice from the seeded generator in the state. A game played by email hands its
new actions to a *runner* (``game.pbem``), which applies them to the local player's
view with committed dice and records what the other players' programs need to check
them. The engine knows the runner only through this protocol, so it imports nothing of
play by email (:class:`boardapp.core.pbem.pbem.Pbem` implements it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .actions import Action, LogEntry
from .state import State

if TYPE_CHECKING:
    from .game import Game


class ActionRunner(Protocol):
    """What :class:`~.game.Game` asks of a runner (see the module doc)."""

    me: str | None
    """The side whose program this is (``None``: opened read-only, cannot play)."""

    def play(self, game: Game, action: Action, side: str) -> tuple[LogEntry, State]:
        """Apply a new action of ``side`` to the game's view; its entry and the new view."""
        ...

    def took_back(self, game: Game) -> None:
        """The last action was taken back (undo): forget what was recorded for it."""
        ...

    def why_not_playing(self, game: Game) -> str:
        """Why the local player cannot play now ("" if they can)."""
        ...

    def undo_floor(self, game: Game) -> int:
        """The log length undo stops at."""
        ...

    def view(self, game: Game, state: State) -> State:
        """``state`` as this program may see it."""
        ...
