"""Which cell of which sheet shows what: pieces (full and reduced side), markers, cards.

The assignment is plain data, written as JSON (:func:`assignment_to_json`) with the
sheets' grids but without images (and, exported, without the player's file paths), so
that a group owning the same edition assigns once and shares the file. Reading one
(:func:`assignment_from_json`) validates every field and names the place of a problem.
Pieces, markers and cards without a cell keep their drawn faces.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import DataError, quote
from ..base.i18n import N_
from .sheet import FACES, CounterSheet, SheetError, back_cell

ART_FORMAT = "boardapp-counter-art"
ART_VERSION = 1
SLOTS = ("full", "reduced")
"""A piece's two faces: the full-strength side and the reduced (flipped) side."""
KINDS = ("pieces", "markers", "cards")
MAX_KEY = 120
MAX_FILE_BYTES = 5_000_000


@dataclass(frozen=True)
class CellRef:
    """One cell: sheet id, face ("front"/"back"), row and column."""

    sheet: str
    face: str
    row: int
    col: int

    def to_json(self) -> list[Any]:
        return [self.sheet, self.face, self.row, self.col]


@dataclass
class Assignment:
    """The player's counter art for one game: sheets and what each cell shows.

    ``pieces[pid][slot]``, ``markers[text]`` and ``cards[card_id]`` are cells.
    """

    game: str
    sheets: dict[str, CounterSheet] = field(default_factory=dict)
    pieces: dict[str, dict[str, CellRef]] = field(default_factory=dict)
    markers: dict[str, CellRef] = field(default_factory=dict)
    cards: dict[str, CellRef] = field(default_factory=dict)

    # -- assigning -------------------------------------------------------------------
    def assign_piece(self, pid: str, slot: str, cell: CellRef | None) -> None:
        """Show ``cell`` for side ``slot`` of piece ``pid`` (``None``: its drawn face)."""
        if slot not in SLOTS:
            raise ValueError(f"slot {slot!r} is not one of {SLOTS}")
        faces = self.pieces.setdefault(pid, {})
        if cell is None:
            faces.pop(slot, None)
            if not faces:
                del self.pieces[pid]
        else:
            faces[slot] = cell

    def assign(self, kind: str, key: str, cell: CellRef | None) -> None:
        """Show ``cell`` for marker or card ``key`` (``kind`` "markers" or "cards")."""
        table = self.markers if kind == "markers" else self.cards
        if cell is None:
            table.pop(key, None)
        else:
            table[key] = cell

    def piece_cell(self, pid: str, reduced: bool) -> CellRef | None:
        """The cell piece ``pid`` shows on the side it is on (``None``: its drawn face)."""
        faces = self.pieces.get(pid)
        if not faces:
            return None
        return faces.get("reduced" if reduced else "full")

    def uses(self) -> dict[CellRef, str]:
        """What each assigned cell shows, as a short label ("piece X full", "marker Y")."""
        out: dict[CellRef, str] = {}
        for pid, faces in self.pieces.items():
            for slot, cell in faces.items():
                out[cell] = f"{pid} ({slot})"
        for key, cell in self.markers.items():
            out[cell] = f"marker {key}"
        for key, cell in self.cards.items():
            out[cell] = f"card {key}"
        return out

    def drop_sheet(self, sheet_id: str) -> None:
        """Forget sheet ``sheet_id`` and every assignment to its cells."""
        self.sheets.pop(sheet_id, None)
        for pid in list(self.pieces):
            for slot in list(self.pieces[pid]):
                if self.pieces[pid][slot].sheet == sheet_id:
                    self.assign_piece(pid, slot, None)
        for table in (self.markers, self.cards):
            for key in [k for k, c in table.items() if c.sheet == sheet_id]:
                del table[key]

    def fill_row(self, sheet_id: str, row: int, start_col: int, pids: Iterable[str],
                 face: str = "front", with_back: bool = True) -> list[str]:
        """Assign the cells of ``row`` from ``start_col`` on to ``pids`` in order (their
        full side from the front, their reduced side from the back cell behind it when
        ``with_back`` and the sheet has a back); return the pieces assigned."""
        sheet = self.sheets[sheet_id]
        grid = sheet.grid_of(face)
        slot = "full" if face == "front" else "reduced"
        done = []
        for col, pid in zip(range(start_col, grid.cols), pids, strict=False):
            self.assign_piece(pid, slot, CellRef(sheet_id, face, row, col))
            if with_back and face == "front" and sheet.back:
                brow, bcol = back_cell(grid, row, col)
                self.assign_piece(pid, "reduced", CellRef(sheet_id, "back", brow, bcol))
            done.append(pid)
        return done


# -- JSON ----------------------------------------------------------------------------------
def assignment_to_json(assignment: Assignment, with_files: bool = True) -> str:
    """The assignment as JSON text; ``with_files=False`` leaves out the player's scan
    paths (an export to share)."""
    data = {
        "format": ART_FORMAT, "version": ART_VERSION, "game": assignment.game,
        "sheets": [s.to_json(with_files) for s in assignment.sheets.values()],
        "pieces": {pid: {slot: c.to_json() for slot, c in faces.items()}
                   for pid, faces in sorted(assignment.pieces.items())},
        "markers": {k: c.to_json() for k, c in sorted(assignment.markers.items())},
        "cards": {k: c.to_json() for k, c in sorted(assignment.cards.items())},
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def assignment_from_json(text: str | bytes, file: str, game: str | None = None) -> Assignment:
    """Read an assignment; :class:`DataError` naming ``file``, the place and the problem
    for anything that is not a valid assignment (of ``game``, when given)."""
    if len(text) > MAX_FILE_BYTES:
        raise DataError(file, "", N_("{n_text} bytes is too large for a counter assignment",
                                     n_text=format(len(text), ',')))
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError(file, "", N_("not JSON ({exc})", exc=exc)) from exc
    if not isinstance(data, dict) or data.get("format") != ART_FORMAT:
        raise DataError(file, "format", N_("not a boardapp counter assignment (format should be "
                                           "{art_format})", art_format=repr(ART_FORMAT)))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > ART_VERSION:
        raise DataError(file, "version", N_("version {version} is not one this boardapp reads "
                                            "(up to {art_version})", version=quote(version),
                                            art_version=ART_VERSION))
    gid = data.get("game")
    if not isinstance(gid, str) or not gid or len(gid) > MAX_KEY:
        raise DataError(file, "game", N_("a game id, not {gid}", gid=quote(gid)))
    if game is not None and gid != game:
        raise DataError(file, "game", N_("these counters are for {gid}, not {game}",
                                         gid=quote(gid), game=quote(game)))
    out = Assignment(gid)
    sheets = data.get("sheets", [])
    if not isinstance(sheets, list):
        raise DataError(file, "sheets", N_("a list of sheets"))
    for i, raw in enumerate(sheets):
        try:
            sheet = CounterSheet.from_json(raw, f"sheets[{i}]")
        except SheetError as exc:
            raise DataError(file, f"sheets[{i}]", str(exc)) from exc
        if sheet.id in out.sheets:
            raise DataError(file, f"sheets[{i}].id", N_("sheet {id} given twice",
                                                        id=repr(sheet.id)))
        out.sheets[sheet.id] = sheet
    pieces = _table(data, "pieces", file)
    for pid, faces in pieces.items():
        if not isinstance(faces, dict) or not faces or set(faces) - set(SLOTS):
            raise DataError(file, f"pieces.{pid}", N_("an object with 'full' and/or 'reduced', "
                                                      "not {faces}", faces=quote(faces)))
        for slot, raw in faces.items():
            out.assign_piece(pid, slot, _cell(raw, out, file, f"pieces.{pid}.{slot}"))
    for kind in ("markers", "cards"):
        for key, raw in _table(data, kind, file).items():
            out.assign(kind, key, _cell(raw, out, file, f"{kind}.{key}"))
    return out


def _table(data: dict[str, Any], kind: str, file: str) -> dict[str, Any]:
    table = data.get(kind, {})
    if not isinstance(table, dict):
        raise DataError(file, kind, N_("an object, not {table}", table=quote(table)))
    for key in table:
        if not key or len(key) > MAX_KEY:
            raise DataError(file, kind, N_("the key {key} is not a piece, marker or card",
                                           key=quote(key)))
    return table


def _cell(raw: Any, assignment: Assignment, file: str, place: str) -> CellRef:
    if (not isinstance(raw, list) or len(raw) != 4 or not isinstance(raw[0], str)
            or raw[1] not in FACES
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw[2:])):
        raise DataError(file, place, N_("a cell is [sheet, 'front' or 'back', row, column], not "
                                        "{raw}", raw=quote(raw)))
    sheet = assignment.sheets.get(raw[0])
    if sheet is None:
        raise DataError(file, place, N_("no sheet {raw} in the file", raw=quote(raw[0])))
    grid = sheet.grid_of(raw[1])
    if not (0 <= raw[2] < grid.rows and 0 <= raw[3] < grid.cols):
        raise DataError(file, place, N_("cell row {raw}, column {raw2} is off sheet {raw3} "
                                        "({rows} rows x {cols} columns)", raw=raw[2], raw2=raw[3],
                                        raw3=repr(raw[0]), rows=grid.rows, cols=grid.cols))
    return CellRef(raw[0], raw[1], raw[2], raw[3])
