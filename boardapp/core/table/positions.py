"""Where the state keeps a figure's position on a table.

A figure on a table is a piece like any other (``loc`` is the table's one area,
:data:`~.tableboard.TABLE_PLACE`) whose piece record also holds ``"at": [x, y, facing]``:
integers of 0.1 mm and tenths of a degree (:mod:`.fixed`). A piece without ``at`` is not
on the table (in a box, eliminated).
"""

from __future__ import annotations

from ..engine.state import State
from .bases import Base
from .fixed import to_cm, to_degrees

AT = "at"


def position(state: State, pid: str) -> tuple[int, int, int] | None:
    """The stored position of ``pid`` (units, units, tenths), ``None`` if off the table."""
    at = state["pieces"][pid].get(AT)
    return (int(at[0]), int(at[1]), int(at[2])) if at else None


def set_position(state: State, pid: str, x: int, y: int, facing: int) -> None:
    """Store the position of ``pid`` (integers only: see :mod:`.fixed`)."""
    state["pieces"][pid][AT] = [int(x), int(y), int(facing)]


def clear_position(state: State, pid: str) -> None:
    state["pieces"][pid].pop(AT, None)


def base_of(state: State, pid: str, width: float, depth: float) -> Base | None:
    """The base of ``pid`` (cm, degrees) with the given size, ``None`` if off the table."""
    at = position(state, pid)
    if at is None:
        return None
    return Base(to_cm(at[0]), to_cm(at[1]), width, depth, to_degrees(at[2]))


def on_table(state: State) -> list[str]:
    """The pieces with a position on the table, by id."""
    return sorted(pid for pid, p in state["pieces"].items() if p.get(AT))
