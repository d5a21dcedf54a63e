"""The piece list a player assigns counter images from: every piece of a position with
its name, side, type and printed values, as the ruleset shows them
(``Ruleset.piece_name``, ``piece_side``, ``counter_face``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .assignment import Assignment


@dataclass(frozen=True)
class PieceRow:
    """One piece as the assignment list shows it."""

    pid: str
    name: str
    side: str
    type: str
    values: tuple[str, ...]

    def label(self) -> str:
        values = " ".join(self.values)
        return f"{self.name} — {self.side}, {self.type}" + (f" [{values}]" if values else "")


def piece_catalogue(ruleset: Any, state: dict[str, Any]) -> list[PieceRow]:
    """Every piece of ``state`` in a stable order (side, type, then id), as
    :class:`PieceRow`; the type is the counter's title (its unit type or leader name)."""
    rows = []
    for pid in state.get("pieces", {}):
        face = ruleset.counter_face(state, pid)
        try:
            side = str(ruleset.piece_side(state, pid))
        except (KeyError, NotImplementedError, ValueError):
            side = ""
        rows.append(PieceRow(pid, str(ruleset.piece_name(state, pid)), side, str(face.title),
                             tuple(str(v) for v in face.values)))
    return sorted(rows, key=lambda r: (r.side, r.type, _natural(r.pid)))


def _natural(text: str) -> tuple[Any, ...]:
    """Sort key reading digit runs as numbers ("a-2" before "a-10")."""
    import re
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


def next_of_type(rows: Iterable[PieceRow], assignment: Assignment, side: str, type_: str,
                 n: int) -> list[str]:
    """The next ``n`` pieces of ``side`` and ``type_`` without a full-side image, in
    catalogue order (what "fill a row" assigns)."""
    out = []
    for row in rows:
        if len(out) >= n:
            break
        if row.side == side and row.type == type_ and \
                "full" not in assignment.pieces.get(row.pid, {}):
            out.append(row.pid)
    return out
