"""A table as a board the rest of boardapp knows: a map with one area, the table.

The engine, the files and the board read maps (:class:`~..board.mapdata.BoardMap`); a
table file becomes one: a single area :data:`TABLE_PLACE` covering the table (map units
are millimetres, :data:`MM_PER_CM` per cm), with the :class:`~.tablemap.Table` itself in
:attr:`TableBoard.table` for the geometry. :func:`table_of` finds it on any map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base.errors import DataError
from ..board.mapdata import BoardMap
from ..board.places import Area, Region
from .positions import TABLE_PLACE
from .tablemap import Table, check_table

__all__ = ["MM_PER_CM", "TABLE_PLACE", "TableBoard", "board_of_table", "parse_table_board",
           "table_of"]
MM_PER_CM = 10.0


@dataclass
class TableBoard(BoardMap):
    """A map made of a table: one area, and the table's scenery."""

    table: Table | None = None


def board_of_table(table: Table) -> TableBoard:
    w, d = table.width * MM_PER_CM, table.depth * MM_PER_CM
    outline = ((0.0, 0.0), (w, 0.0), (w, d), (0.0, d))
    region = Region("table", table.name, "#d8cfa8", None, None)
    area = Area(TABLE_PLACE, table.name, (w / 2, d / 2), "table", polygon=outline, city=False)
    return TableBoard(id=table.id, name=table.name, file=table.file, size=(w, d),
                      approximate=table.approximate, notes=table.notes, land=outline,
                      regions={"table": region}, areas={TABLE_PLACE: area}, roads=[],
                      boxes={}, control_boxes={}, tracks={}, table=table)


def parse_table_board(data: Any, file: str) -> tuple[list[DataError], TableBoard | None]:
    """Every problem of table file ``data`` and, when none, its board."""
    problems, table = check_table(data, file)
    if problems or table is None:
        return problems, None
    return [], board_of_table(table)


def table_of(bmap: Any) -> Table | None:
    """The table of a map, ``None`` for a map of areas or hexes."""
    return getattr(bmap, "table", None)
