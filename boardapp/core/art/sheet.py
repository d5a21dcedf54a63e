"""A counter sheet: its scans (front, back) and the grid that cuts them into cells.

The grid is laid on the front scan after its rotation is corrected: ``rows`` x
``cols`` cells of the same size, ``left``/``top``/``right``/``bottom`` margins from
the edges of the image to the outer cells, ``gutter_x``/``gutter_y`` between cells.
Cell sizes follow from the image size, so a grid is checked against its image
(:func:`cell_boxes`). The back of a sheet is printed mirrored: the back of front cell
(row, col) is back cell (row, cols - 1 - col), and the back's grid is the front's with
the left and right margins swapped (:meth:`SheetGrid.mirrored`), unless the sheet
gives the back a grid of its own (a back scanned a little off).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..base.errors import BoardappError, quote
from ..base.i18n import N_

MAX_CELLS = 4000
"""The most cells a grid may have (the largest sheets have about 500 counters)."""
MAX_ROTATION = 45.0
"""Degrees; a scan needs a small correction, not a quarter turn."""
FACES = ("front", "back")
_SHEET_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class SheetError(BoardappError):
    """A sheet or grid that cannot be used (the message names the file and the problem)."""


@dataclass(frozen=True)
class SheetGrid:
    """Where the cells are on one (rotation-corrected) scan, in pixels."""

    rows: int = 10
    cols: int = 10
    left: float = 0.0
    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0
    gutter_x: float = 0.0
    gutter_y: float = 0.0
    rotation: float = 0.0
    """Degrees the scan is turned anticlockwise before cutting (corrects a skewed scan)."""

    def mirrored(self) -> SheetGrid:
        """The grid of the back of this sheet (left and right margins swapped)."""
        return replace(self, left=self.right, right=self.left, rotation=-self.rotation)

    def to_json(self) -> dict[str, Any]:
        return {k: (int(v) if self.__dataclass_fields__[k].type == "int" else float(v))
                for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SheetGrid:
        """A grid from JSON data; :class:`SheetError` naming ``where`` if it is not one."""
        if not isinstance(data, dict):
            raise SheetError(N_("{where}: a grid is an object, not {data}", where=where,
                                data=quote(data)))
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise SheetError(N_("{where}: unknown grid field {unknown}", where=where,
                                unknown=quote(unknown[0])))
        values: dict[str, Any] = {}
        for name, spec in cls.__dataclass_fields__.items():
            if name not in data:
                continue
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise SheetError(N_("{where}.{name}: a number, not {value}", where=where,
                                    name=name, value=quote(value)))
            if spec.type == "int" and value != int(value):
                raise SheetError(N_("{where}.{name}: a whole number, not {value}", where=where,
                                    name=name, value=quote(value)))
            values[name] = int(value) if spec.type == "int" else float(value)
        grid = cls(**values)
        problem = grid.problem()
        if problem:
            raise SheetError(N_("{where}: {problem}", where=where, problem=problem))
        return grid

    def problem(self) -> str | None:
        """What is wrong with the grid on its own (``None``: nothing)."""
        if not 1 <= self.rows or not 1 <= self.cols:
            return N_("a grid has at least one row and one column, not {rows} x {cols}",
                      rows=self.rows, cols=self.cols)
        if self.rows * self.cols > MAX_CELLS:
            return N_("{rows} x {cols} cells is more than {most}", rows=self.rows,
                      cols=self.cols, most=MAX_CELLS)
        for name in ("left", "top", "right", "bottom", "gutter_x", "gutter_y"):
            if getattr(self, name) < 0:
                return N_("{name} is {value}, a margin or gutter is not negative",
                          name=name, value=format(getattr(self, name), "g"))
        if abs(self.rotation) > MAX_ROTATION:
            return N_("rotation {rotation} is more than {most} degrees",
                      rotation=format(self.rotation, "g"), most=format(MAX_ROTATION, "g"))
        return None

    def cell_size(self, size: tuple[int, int]) -> tuple[float, float]:
        """Width and height of a cell on an image of ``size``."""
        w, h = size
        cw = (w - self.left - self.right - (self.cols - 1) * self.gutter_x) / self.cols
        ch = (h - self.top - self.bottom - (self.rows - 1) * self.gutter_y) / self.rows
        return cw, ch


Box = tuple[int, int, int, int]
"""A cell's pixel box (left, top, right, bottom), right and bottom excluded (Pillow's crop)."""


def cell_boxes(grid: SheetGrid, size: tuple[int, int], where: str = "") -> list[list[Box]]:
    """The box of every cell, by row then column, on a (rotation-corrected) image of
    ``size``; :class:`SheetError` if the grid does not fit on it (a grid off the sheet)."""
    problem = grid.problem()
    cw, ch = grid.cell_size(size)
    if problem is None and (cw < 4 or ch < 4):
        problem = N_("the grid does not fit on the {w} x {h} image: its cells would be "
                     "{cw} x {ch} pixels (margins or gutters too wide, or too many rows or "
                     "columns)", w=size[0], h=size[1], cw=format(cw, ".1f"),
                     ch=format(ch, ".1f"))
    if problem:
        raise SheetError(N_("{where}: {problem}", where=where, problem=problem) if where
                         else problem)
    boxes = []
    for r in range(grid.rows):
        y0 = grid.top + r * (ch + grid.gutter_y)
        row = []
        for c in range(grid.cols):
            x0 = grid.left + c * (cw + grid.gutter_x)
            row.append((round(x0), round(y0), round(x0 + cw), round(y0 + ch)))
        boxes.append(row)
    return boxes


def back_cell(grid: SheetGrid, row: int, col: int) -> tuple[int, int]:
    """The back cell behind front cell (``row``, ``col``): the sheet is printed mirrored."""
    return row, grid.cols - 1 - col


@dataclass(frozen=True)
class CounterSheet:
    """One sheet: an id (used by the assignment), a name, the scans and the grids.

    ``front``/``back`` are paths of the player's scans on his computer (``None`` in an
    imported assignment until he picks his own); ``back_grid`` ``None`` means the
    front's grid mirrored.
    """

    id: str
    name: str = ""
    front: str | None = None
    back: str | None = None
    grid: SheetGrid = SheetGrid()
    back_grid: SheetGrid | None = None

    def grid_of(self, face: str) -> SheetGrid:
        """The grid of ``face`` ("front" or "back")."""
        if face == "front":
            return self.grid
        return self.back_grid if self.back_grid is not None else self.grid.mirrored()

    def scan_of(self, face: str) -> str | None:
        return self.front if face == "front" else self.back

    def to_json(self, with_files: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name, "grid": self.grid.to_json()}
        if self.back_grid is not None:
            data["back_grid"] = self.back_grid.to_json()
        if with_files:
            data["front"] = self.front
            data["back"] = self.back
        return data

    @classmethod
    def from_json(cls, data: Any, where: str) -> CounterSheet:
        if not isinstance(data, dict):
            raise SheetError(N_("{where}: a sheet is an object, not {data}", where=where,
                                data=quote(data)))
        sid = data.get("id")
        if not isinstance(sid, str) or not _SHEET_ID.fullmatch(sid):
            raise SheetError(N_("{where}.id: a sheet id is 1-40 lower-case letters, digits, '-' "
                                "or '_', not {sid}", where=where, sid=quote(sid)))
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > 80:
            raise SheetError(N_("{where}.name: a name of at most 80 characters", where=where))
        files = {}
        for face in FACES:
            value = data.get(face)
            if value is not None and (not isinstance(value, str) or len(value) > 4096):
                raise SheetError(N_("{where}.{face}: a file path, not {value}", where=where,
                                    face=face, value=quote(value)))
            files[face] = value
        grid = SheetGrid.from_json(data.get("grid", {}), f"{where}.grid")
        back_grid = None
        if data.get("back_grid") is not None:
            back_grid = SheetGrid.from_json(data["back_grid"], f"{where}.back_grid")
            if (back_grid.rows, back_grid.cols) != (grid.rows, grid.cols):
                raise SheetError(N_("{where}.back_grid: the back has {rows} x {cols} cells, the "
                                    "front {rows2} x {cols2}", where=where, rows=back_grid.rows,
                                    cols=back_grid.cols, rows2=grid.rows, cols2=grid.cols))
        return cls(sid, name, files["front"], files["back"], grid, back_grid)


def sheet_id_for(name: str, taken: set[str]) -> str:
    """A new sheet id made from ``name`` (a file's stem), not in ``taken``."""
    base = re.sub(r"[^a-z0-9_-]+", "-", name.lower()).strip("-_")[:32] or "sheet"
    sid, n = base, 2
    while sid in taken:
        sid, n = f"{base}-{n}", n + 1
    return sid
