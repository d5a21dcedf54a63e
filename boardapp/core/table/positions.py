"""Where the state keeps a figure's position on a table.

A figure on a table is a piece like any other (``loc`` is the table's one area,
:data:`TABLE_PLACE`) whose piece record also holds ``"at": [x, y, facing]``:
integers of 0.1 mm and tenths of a degree (:mod:`.fixed`). A piece elsewhere (in a box,
eliminated) is not on the table, whatever its ``at`` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.state import State
from .fixed import to_cm, to_degrees

if TYPE_CHECKING:
    from .bases import Base

TABLE_PLACE = "table"
"""The one area of a table board (:mod:`.tableboard`); this module imports no geometry
(the engine's manual verbs use it on every game)."""
AT = "at"


def position(state: State, pid: str) -> tuple[int, int, int] | None:
    """The stored position of ``pid`` (units, units, tenths), ``None`` if off the table
    (a figure eliminated keeps its last position, for ``return``, but is not on it)."""
    piece = state["pieces"][pid]
    at = piece.get(AT)
    if not at or piece.get("loc") != TABLE_PLACE:
        return None
    return int(at[0]), int(at[1]), int(at[2])


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
    from .bases import shared_base  # shapely, imported once a table is measured

    return shared_base(to_cm(at[0]), to_cm(at[1]), width, depth, to_degrees(at[2]))


def on_table(state: State) -> list[str]:
    """The pieces with a position on the table, by id."""
    return sorted(pid for pid, p in state["pieces"].items()
                  if p.get(AT) and p.get("loc") == TABLE_PLACE)
