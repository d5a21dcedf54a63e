"""Tables and counts printed in the scenarios (GA 14): Scenario VIII-1's entry periods,
Scenario X's reinforcement rolls, Scenario XII's drowning, Scenario IX's score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .characters import CHARACTERISTICS
from .printed import table
from .readings import Readings, reading


def entry_periods(die_a: int, die_b: int, readings: Readings = None,
                  ) -> tuple[int, int, str]:
    """GA 14.8.1: each side rolls D6; the lower enters on period 1, the other after the
    difference, both together on equal rolls. B27: the later side enters on the
    period equal to the difference (the book's example: A 3, B 6 -> B period 3) or
    after that many periods (the English text: period 4). Returns (A, B, reading)."""
    how = reading(readings, "B27")
    for die in (die_a, die_b):
        if not 1 <= die <= 6:
            raise ValueError(f"a D6 shows 1-6, not {die}")
    gap = abs(die_a - die_b)
    later = 1 if gap == 0 else (max(1, gap) if how == "example" else gap + 1)
    if die_a <= die_b:
        return 1, later, how
    return later, 1, how


def reinforcement_arrives(period: int, die: int | None, which: str = "verendois") -> bool:
    """GA 14.10.4 / 14.10.6: at the start of each period a D6 may bring reinforcements:
    Vérendois (X-1) from period 2 on 1, then 1-2 ... period 6 on 1-5, period 7 surely;
    the watchtower's (X-3, map B) period 1 on 1, 2 on 1-2, 3 on 1-4, period 4 surely.
    ``die`` is None on the period of automatic arrival."""
    t = table(f"reinforcements_{which}")
    if period >= int(t["automatic"]):
        return True
    faces = t["periods"].get(period)
    return faces is not None and die in faces


def drowns(die: int, start_lp: int, lp: int) -> bool:
    """GA 14.12.1: a combatant backing into the river rolls D6: with all his LP he
    drowns on 3-6, with at least half on 2-6, with less than half surely."""
    t = table("drowning")
    if lp >= start_lp:
        return die in t["unwounded"]
    if 2 * lp >= start_lp:
        return die in t["half_or_more"]
    return True


def pillage_losses(killed: Iterable[Mapping[str, int]], leaders: Iterable[bool]) -> int:
    """GA 14.9: the sum of all the characteristics (not the LP) of the killed; the Baron
    and the Welsh leader count triple."""
    times = int(table("pillage_score")["leader_multiplier"])
    return sum(sum(int(c[k]) for k in CHARACTERISTICS) * (times if leader else 1)
               for c, leader in zip(killed, leaders, strict=True))


def pillage_winner(inflicted_a: int, inflicted_b: int) -> str:
    """GA 14.9: the side that inflicted more losses wins with a margin of at least 5 %
    of its own losses (the English gloss); less is a draw (B29's default reading)."""
    margin = int(table("pillage_score")["margin_percent"])
    for side, ours, theirs in (("a", inflicted_a, inflicted_b), ("b", inflicted_b, inflicted_a)):
        if ours > theirs and ours * 100 >= theirs * (100 + margin):
            return side
    return "draw"
