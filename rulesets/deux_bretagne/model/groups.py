"""Pieces moving together and the pieces they meet (rules 7.x, 8.x): the facts the
movement, naval and battle rules share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from boardapp.core.engine.state import State, pieces_at

if TYPE_CHECKING:
    from .base import DeuxBretagneModel


@dataclass(frozen=True)
class Group:
    """A set of pieces moving together, with the facts the movement rules need."""

    pieces: tuple[str, ...]
    side: str
    start: str
    leaders: tuple[str, ...]
    units: tuple[str, ...]
    budget: int


def inside(state: State) -> set[str]:
    """Pieces that have withdrawn inside their fortress (8.24, 10.x)."""
    return set(state["vars"]["inside"])


def enemy_units_at(rs: DeuxBretagneModel, state: State, place: str, side: str,
                   outside_only: bool = False) -> list[str]:
    """Enemy combat units (Marauders included) in ``place``; ``outside_only`` leaves out
    those inside the fortress."""
    within = inside(state) if outside_only else set()
    return [p for p in pieces_at(state, place)
            if rs.piece_side(state, p) != side and not rs.is_leader(state, p)
            and p not in within]


def enemy_leaders_at(rs: DeuxBretagneModel, state: State, place: str, side: str) -> list[str]:
    """Enemy leaders in ``place``."""
    return [p for p in pieces_at(state, place)
            if rs.piece_side(state, p) != side and rs.is_leader(state, p)]
