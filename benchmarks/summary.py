"""The table of issue 14 ("Instant"): every figure beside its target and whether it holds,
gathered while the benchmarks run and printed once at the end of ``make bench``.

A benchmark calls :func:`record` with a row of the issue's table, what was measured, the
target and whether it holds (``None``: not judged, e.g. a figure only shown); ``run.py``
calls :func:`print_table`. Times are CPU seconds (the machine may be shared), ratios are
against a floor measured in the same run.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One figure: the issue's row, what it is of, the value, the target, whether met."""

    row: str
    what: str
    value: str
    target: str
    ok: bool | None


ROWS: list[Row] = []

ORDER = ("replay per action", "replay curve", "opening a 10,000-action game",
         "one CLI call on it", "memory with it open", "undo / redo at depth",
         "start to a window", "render", "full repaint, 1,000 counters",
         "scene update, 1,000 counters", "random whole games per minute")
"""The rows of the issue's table, in its order (with the undo promise and the curve)."""


def record(row: str, what: str, value: str, target: str, ok: bool | None) -> None:
    """Keep one figure of ``row`` (one of :data:`ORDER`) for :func:`print_table`."""
    ROWS.append(Row(row, what, value, target, ok))


def status(ok: bool | None) -> str:
    return "-" if ok is None else "ok" if ok else "BELOW TARGET"


def print_table() -> None:
    """Print every figure recorded, row by row of the issue's table, with a last line
    counting the targets met."""
    if not ROWS:
        return
    print("\nIssue 14, the table: every figure beside its target (CPU time; ratios against "
          "floors of this run)")
    rank = {name: i for i, name in enumerate(ORDER)}
    for row in sorted(ROWS, key=lambda r: rank.get(r.row, len(ORDER))):
        print(f"  {row.row:<31} {row.what:<26} {row.value:>20}   target {row.target:<22} "
              f"{status(row.ok)}")
    judged = [r for r in ROWS if r.ok is not None]
    met = sum(1 for r in judged if r.ok)
    print(f"  targets met: {met} of {len(judged)}")
