"""Where a game's counter art is kept: ``<data folder>/counter-art/<game id>/`` holds
``assignment.json`` (sheets with the player's scan paths, and what each cell shows) and
``cells/<sheet id>/`` the cut cell images. Nothing of it goes into a game file.

A damaged ``assignment.json`` is not lost: it is set aside as ``assignment.json.bad``
and the game starts with no art (:attr:`ArtStore.problem` says why).
"""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.atomic import atomic_write_text
from ..base.errors import DataError
from ..base.userdirs import data_dir
from .assignment import Assignment, CellRef, assignment_from_json, assignment_to_json
from .sheet import CounterSheet, SheetError

if TYPE_CHECKING:  # Pillow, imported when a sheet is cut or a cell looked for
    from .cutting import CutResult, Progress

log = logging.getLogger(__name__)
_SAFE = re.compile(r"[^a-zA-Z0-9._-]+")


class ArtStore:
    """A game's counter art in the user's data folder."""

    def __init__(self, game: str, root: Path | None = None) -> None:
        self.game = game
        self.folder = (root or data_dir() / "counter-art") / (_SAFE.sub("_", game) or "_")
        self.problem = ""
        self.assignment = self._load()

    @property
    def file(self) -> Path:
        return self.folder / "assignment.json"

    def _load(self) -> Assignment:
        if not self.file.exists():
            return Assignment(self.game)
        try:
            return assignment_from_json(self.file.read_bytes(), str(self.file), self.game)
        except (OSError, DataError) as exc:
            self.problem = str(exc)
            bad = self.file.with_name(self.file.name + ".bad")
            log.warning("counter art set aside as %s: %s", bad, exc)
            try:
                self.file.replace(bad)
            except OSError:
                pass
            return Assignment(self.game)

    def save(self) -> None:
        """Write the assignment (atomically)."""
        atomic_write_text(self.file, assignment_to_json(self.assignment))

    def cells_folder(self, sheet_id: str) -> Path:
        return self.folder / "cells" / _SAFE.sub("_", sheet_id)

    def cell_path(self, cell: CellRef) -> Path | None:
        """The image file of ``cell`` (``None``: not cut yet)."""
        from .cutting import cell_file

        path = cell_file(self.cells_folder(cell.sheet), cell.face, cell.row, cell.col)
        return path if path.exists() else None

    def put_sheet(self, sheet: CounterSheet, progress: Progress | None = None) -> CutResult:
        """Cut ``sheet`` and keep it (replacing a sheet of the same id); on an error
        (:class:`~.sheet.SheetError`) nothing changes. Assignments to cells the new
        grid no longer has are dropped."""
        from .cutting import cut_sheet

        result = cut_sheet(sheet, self.cells_folder(sheet.id), progress)
        old = self.assignment.sheets.get(sheet.id)
        self.assignment.sheets[sheet.id] = sheet
        if old is not None and (old.grid.rows, old.grid.cols) != (sheet.grid.rows,
                                                                   sheet.grid.cols):
            self._drop_off_grid(sheet)
        self.save()
        return result

    def _drop_off_grid(self, sheet: CounterSheet) -> None:
        a = self.assignment
        off = {c for c in a.uses() if c.sheet == sheet.id
               and not (c.row < sheet.grid.rows and c.col < sheet.grid.cols)}
        for pid in list(a.pieces):
            for slot, cell in list(a.pieces[pid].items()):
                if cell in off:
                    a.assign_piece(pid, slot, None)
        for kind, table in (("markers", a.markers), ("cards", a.cards)):
            for key in [k for k, c in table.items() if c in off]:
                a.assign(kind, key, None)

    def remove_sheet(self, sheet_id: str) -> None:
        self.assignment.drop_sheet(sheet_id)
        shutil.rmtree(self.cells_folder(sheet_id), ignore_errors=True)
        self.save()

    def export_text(self) -> str:
        """The assignment to share: grids and cells, no images, no local paths."""
        return assignment_to_json(self.assignment, with_files=False)

    def import_text(self, text: str | bytes, file: str) -> Assignment:
        """Take a shared assignment (validated first: on a :class:`DataError` nothing
        changes). A sheet the player already has (same id) keeps his scans, cut again
        by the shared grid (:attr:`problem` says which could not be); others wait for
        him to choose his scans and cut them."""
        from .cutting import cut_sheet

        new = assignment_from_json(text, file, self.game)
        problems = []
        for sid, sheet in list(new.sheets.items()):
            mine = self.assignment.sheets.get(sid)
            if mine is None or not mine.front:
                continue
            ours = CounterSheet(sid, sheet.name or mine.name, mine.front, mine.back,
                                sheet.grid, sheet.back_grid)
            if (ours.grid, ours.back_grid) != (mine.grid, mine.back_grid):
                try:  # the shared grid on the player's own scans
                    cut_sheet(ours, self.cells_folder(sid))
                except SheetError as exc:
                    problems.append(str(exc))
                    ours = CounterSheet(sid, ours.name, None, None, sheet.grid,
                                        sheet.back_grid)
            new.sheets[sid] = ours
        self.assignment = new
        self.problem = "; ".join(problems)
        self.save()
        return new
