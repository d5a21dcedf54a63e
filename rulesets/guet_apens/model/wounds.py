"""Wounds (GA 2.5, 9.3.6, 11): the printed reduction table, the quarter column after a
loss of life points, the values a wounded character fights with, the unconsciousness
test and waking.

A character's sheet here is plain data: ``start`` (the five characteristics and ``lp``
as rolled), the current ``lp`` and the quarter ``column`` (0: none lost, 1: 1/4,
2: 1/2, 3: 3/4) it stands in. The column is kept, not recomputed from the LP alone:
losses only move it right, recovery (GA 13.9) moves it back by whole quarters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .characters import CHARACTERISTICS
from .d20 import Term, Test, check, nearest
from .printed import rule, table
from .readings import Readings, reading
from .words import N_

COLUMNS = ("start", "1/4", "1/2", "3/4")


def reduced(start: int, column: int) -> int:
    """GA 2.5: the value of a starting characteristic (or starting LP) in ``column``
    (0-3), read from the printed table for 5-19. Outside it (4, or a value set by hand)
    the book's own rule gives it, start x (4 - column) / 4 to the nearest (derived,
    not printed: the table has no column for 4, GA 16.9)."""
    if column == 0:
        return start
    row = table("reduction")["columns"].get(start)
    if row is not None:
        return int(row[column - 1])
    return nearest(start * (4 - column), 4)


def loss_column(start_lp: int, lp: int, readings: Readings = None) -> tuple[int, str]:
    """GA 2.5: the quarter column reached with ``lp`` left of ``start_lp``, and the
    reading of B1 used: "table" (LP at or under the table's value for the starting LP:
    the book's examples, 7 -> 5 -> 4 -> 2 and 8 -> 6 -> 4 -> 2) or "fraction" (the LP
    lost at least 1/4, 1/2, 3/4 of the starting LP, unrounded)."""
    how = reading(readings, "B1")
    column = 0
    for c in (1, 2, 3):
        if how == "table":
            reached = lp <= reduced(start_lp, c)
        else:
            reached = (start_lp - lp) * 4 >= c * start_lp
        if reached:
            column = c
    return column, how


def recovery_column(start_lp: int, lp: int) -> int:
    """GA 13.9.3: LP come back by quarters, the reverse of the loss: the column is the
    best one whose table value the LP have reached again (8 LP: 3 LP stays in 3/4,
    4 LP is 1/2, 6 LP 1/4, 8 LP whole: the book's example)."""
    for c in (0, 1, 2, 3):
        if lp >= reduced(start_lp, c):
            return c
    return 3


def values(start: Mapping[str, int], column: int) -> dict[str, int]:
    """GA 2.5: the five characteristics in ``column`` (the values a wounded character
    uses from the moment of the loss, GA 9.3.6)."""
    return {k: reduced(int(start[k]), column) for k in CHARACTERISTICS}


def quick_marks(start: Mapping[str, int]) -> dict[str, list[int]]:
    """GA 2.5: the row start / 1/4 / 1/2 / 3/4 of each characteristic and the LP, as
    the book suggests marking them when rolling."""
    return {k: [reduced(int(start[k]), c) for c in range(4)] for k in (*CHARACTERISTICS, "lp")}


@dataclass(frozen=True)
class Wound:
    """The outcome of one loss of LP (GA 2.5, 11.1)."""

    lost: int
    lp: int
    column: int
    values: dict[str, int]
    dead: bool
    faint_test: bool
    readings: tuple[tuple[str, str], ...]
    rule: str = "GA 2.5, GA 11.1"


def faint_test_due(lost: int, lp_before: int, start_lp: int,
                   readings: Readings = None) -> tuple[bool, str]:
    """GA 11.1: a test for unconsciousness when one shot or blow takes 3/4 or more of
    the LP and at least 4; B2: of the LP had before the hit ("current", the shooting
    example's 6 LP) or of the starting LP."""
    how = reading(readings, "B2")
    un = table("unconsciousness")
    base = lp_before if how == "current" else start_lp
    due = lost >= int(un["min_lost"]) and lost * int(un["fraction_den"]) >= int(
        un["fraction_num"]) * base
    return due, how


def wound(start: Mapping[str, int], lp: int, column: int, lost: int,
          readings: Readings = None) -> Wound:
    """GA 2.5, 2.4, 11.1: ``lost`` LP taken in one shot or blow from a character with
    ``lp`` left in ``column``: the new LP and column (never back left), his values,
    whether he is dead (0 LP) and whether he must test for unconsciousness."""
    lost = max(0, lost)
    new_lp = max(0, lp - lost)
    col, b1 = loss_column(int(start["lp"]), new_lp, readings)
    col = max(col, column)
    due, b2 = faint_test_due(lost, lp, int(start["lp"]), readings)
    return Wound(lost, new_lp, col, values(start, col), new_lp == 0, due and new_lp > 0,
                 (("B1", b1), ("B2", b2)))


def faint_check(endurance: int, who: str = "") -> Test:
    """GA 11.1: the unconsciousness test, D20 against the new (reduced) Endurance: the
    character stays conscious on a roll at most his Endurance, faints above it."""
    src = who or N_("the wounded character")
    return check(N_("stays conscious"), rule("unconsciousness"),
                 [Term(N_("Endurance (new)"), endurance, src)])


def wakes(die: int, endurance: int) -> bool:
    """GA 11.2, 13.8: an unconscious or knocked-out character comes round at the start
    of a period when a D12 shows at most his (current) Endurance."""
    if not 1 <= die <= int(table("unconsciousness")["waking_die"]):
        raise ValueError(f"a D12 shows 1-12, not {die}")
    return die <= endurance


def halved(vals: Mapping[str, int], keys: tuple[str, ...] = CHARACTERISTICS) -> dict[str, int]:
    """Half of each value in ``keys``, rounded up: a rider on the ground after a wound
    (GA 10.2.3: "la moitié de ses nouvelles caractéristiques") or one caught refusing
    combat (GA 9.3.2: Strength and Skill)."""
    return {k: (-(-int(v) // 2) if k in keys else int(v)) for k, v in vals.items()}
