"""A piece's sheet as data the UI shows without knowing the game: sections of rows
(a character's characteristics at the start and now, its equipment, its states...).

A ruleset gives it on :class:`~boardapp.core.engine.ruleset.CounterFace` (``sheet``), so
no hook is added: the "Sheet" dock shows the sheet of the piece selected. A row with an
``owner`` is that side's secret (ammunition...): it is shown only to the owner at the
screen (:meth:`PieceSheet.seen_by`); by email the state the other side holds has the
secret already masked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class SheetRow:
    """One line of a section: its label and its cells (one per column after the
    label), a note (where a value comes from) and the side it is private to."""

    label: str
    cells: tuple[str, ...] = ()
    note: str = ""
    owner: str = ""
    """``""``: everyone sees the row; a side id: only that side does."""


@dataclass(frozen=True)
class SheetSection:
    """A titled table: column headings (after the label column) and its rows;
    ``marked`` is the index of a column to stress (the column in force), if any."""

    title: str
    rows: tuple[SheetRow, ...]
    columns: tuple[str, ...] = ()
    marked: int | None = None
    rule: str = ""


@dataclass(frozen=True)
class PieceSheet:
    """A piece's whole sheet: a title (its name), a subtitle and its sections."""

    title: str
    sections: tuple[SheetSection, ...]
    subtitle: str = ""

    def seen_by(self, side: str | None) -> PieceSheet:
        """The sheet as ``side`` may see it (``None``: nobody's secrets): rows private
        to another side are left out, and so are sections left empty by it."""
        sections = []
        for section in self.sections:
            rows = tuple(r for r in section.rows if not r.owner or r.owner == side)
            if rows or not section.rows:
                sections.append(replace(section, rows=rows))
        return replace(self, sections=tuple(sections))

    def text(self) -> str:
        """The sheet as plain lines (for tests and the summary), in the language now."""
        lines = [f"{self.title}" + (f" ({self.subtitle})" if self.subtitle else "")]
        for section in self.sections:
            lines.append(f"{section.title}:" + (f" {' | '.join(map(str, section.columns))}"
                                                if section.columns else ""))
            lines += [f"  {r.label}: {' | '.join(map(str, r.cells))}"
                      + (f" ({r.note})" if r.note else "") for r in section.rows]
        return "\n".join(lines)
