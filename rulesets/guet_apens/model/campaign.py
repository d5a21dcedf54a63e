"""Campaign (GA 13.9, 14.10, 14.12): recovering life points week by week, the witch's
double healing, and a day of battle's marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .characters import CHARACTERISTICS
from .d20 import nearest
from .printed import table
from .readings import Readings
from .wounds import Wound, recovery_column, values, wound


@dataclass(frozen=True)
class Week:
    """One week of rest (GA 13.9): the LP recovered and where the character stands."""

    gained: int
    lp: int
    column: int
    values: dict[str, int]
    score: int
    """Strength + Courage + Endurance, the current values, before dividing by 10."""


def recovery(start: Mapping[str, int], lp: int, column: int) -> Week:
    """GA 13.9.2-13.9.3: a week without fighting gives back (Strength + Courage +
    Endurance) / 10 LP, to the nearest, with the current values; the LP rise at once,
    the characteristics only by whole quarters (the reverse of the loss); never beyond
    the starting LP (the book's example: 2 -> 3 -> 4 -> 6 -> 8 LP)."""
    now = values(start, column)
    score = now["st"] + now["co"] + now["en"]
    gain = nearest(score, int(table("recovery")["divisor"]))
    new_lp = min(int(start["lp"]), lp + gain)
    col = min(column, recovery_column(int(start["lp"]), new_lp))
    return Week(new_lp - lp, new_lp, col, values(start, col), score)


def recover_weeks(start: Mapping[str, int], lp: int, column: int, weeks: int, *,
                  witch: bool = False) -> list[Week]:
    """GA 13.9, 14.10.6: ``weeks`` weeks of rest in turn; the forest witch's troop heals
    as if two weeks had passed for each one."""
    out: list[Week] = []
    for _ in range(weeks * (2 if witch else 1)):
        week = recovery(start, lp, column)
        out.append(week)
        lp, column = week.lp, week.column
    return out


def day_of_battle(start: Mapping[str, int], d4: int, readings: Readings = None) -> Wound:
    """GA 14.12.2 (b): Bouvines played as a set with fresh troops marked by the day:
    a D4 per character is LP lost, with the reductions of a wound."""
    if not 1 <= d4 <= 4:
        raise ValueError(f"a D4 shows 1-4, not {d4}")
    return wound(start, int(start["lp"]), 0, d4, readings)


def is_whole(start: Mapping[str, int], lp: int) -> bool:
    """GA 13.9.3: whether a character has all his starting LP back, and so his
    characteristics."""
    return lp >= int(start["lp"]) and all(k in start for k in CHARACTERISTICS)
