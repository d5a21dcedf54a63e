"""Who plays each side at one desk: a person, or the computer at a level.

A game's seats (:attr:`Game.seats`, side -> level) are saved in its file beside the log
(``"seats"``), so a game against the computer reopens against the computer; they are not
part of the state, so they never change a replay. By email every side is a person: a file
by email with seats is refused, and :func:`check_seats` refuses seats for such a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base.errors import BoardappError
from ..base.i18n import N_
from .levels import LEVELS


def check_seats(side_ids: list[str], seats: Any, by_email: bool = False) -> dict[str, str]:
    """``seats`` checked (a mapping of known side -> known level) as a plain dict; raises
    :class:`BoardappError` saying what is wrong."""
    if seats is None:
        return {}
    if not isinstance(seats, Mapping):
        raise BoardappError(N_("expected a mapping of side -> computer level"))
    if seats and by_email:
        raise BoardappError(N_("the computer cannot play a side in a game by email"))
    out: dict[str, str] = {}
    for side, level in seats.items():
        if side not in side_ids:
            raise BoardappError(N_("no side {side} in this game (sides: {side_ids})",
                                   side=repr(side), side_ids=', '.join(side_ids)))
        if level not in LEVELS:
            raise BoardappError(N_("{side}: no computer level {level} (levels: {levels})",
                                   side=side, level=repr(level), levels=', '.join(LEVELS)))
        out[str(side)] = str(level)
    return out


def everyone_but(side_ids: list[str], person: str, level: str) -> dict[str, str]:
    """Seats where ``person`` plays one side and the computer, at ``level``, all others."""
    return {side: level for side in side_ids if side != person}


def computer_sides(seats: Mapping[str, str], deciding: list[str]) -> list[str]:
    """Those of ``deciding`` the computer plays, in the rules' order."""
    return [side for side in deciding if side in seats]
