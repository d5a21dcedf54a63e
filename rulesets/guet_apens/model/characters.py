"""Characters and horses (GA 2, GA 3): characteristics 3D6+1, life points from
Endurance, scenario limits, anonymous sets, horses 4D6+10 and their worth, equipment,
ammunition 5D4, lance bearers and reserve horses.

Pure functions on plain data. Dice come from ``roll(sides) -> int`` (the action's
context in the game, scripted dice in the tests).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .printed import not_printed, table
from .words import N_

Roll = Callable[[int], int]
CHARACTERISTICS = ("ag", "sk", "co", "st", "en")
"""Agility, Skill (Adresse), Courage, Strength (Force), Endurance (Résistance): GA 2.2."""
NAMES = {"ag": N_("Agility"), "sk": N_("Skill"), "co": N_("Courage"), "st": N_("Strength"),
         "en": N_("Endurance"), "lp": N_("Life Points")}
Limits = Mapping[str, tuple[int | None, int | None]]
"""Scenario limits: characteristic (or ``"horse"``, ``"arrows"``) -> (min, max)."""


def dice(roll: Roll, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces, each checked in range."""
    out = []
    for _ in range(count):
        die = roll(sides)
        if not 1 <= die <= sides:
            raise ValueError(f"a D{sides} shows 1-{sides}, not {die}")
        out.append(die)
    return out


def characteristic(roll: Roll) -> int:
    """GA 2.3: one characteristic, 3D6 + 1 (4-19)."""
    return sum(dice(roll, 3, 6)) + 1


def life_points(endurance: int) -> int:
    """GA 2.4: 5 LP plus the printed bonus for Endurance (8-9 +1 ... 18-19 +6);
    Endurance 4-7 gives the base alone."""
    lp = table("life_points")
    for low, high, bonus in lp["bonus"]:
        if low <= endurance <= high:
            return int(lp["base"]) + int(bonus)
    if endurance > 19:  # beyond the table (a value set by hand): the same rule
        return int(lp["base"]) + (endurance - 7) // 2
    return int(lp["base"])


def clamp(value: int, low: int | None, high: int | None) -> int:
    """GA 2.7: below a minimum -> the minimum; above a maximum -> the maximum."""
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


def apply_limits(values: Mapping[str, int], limits: Limits | None) -> dict[str, int]:
    """GA 2.7: every characteristic clamped by the scenario's limits ("—" = free),
    then the LP from the clamped Endurance (GA 2.4)."""
    out = {k: int(v) for k, v in values.items() if k != "lp"}
    for key, (low, high) in (limits or {}).items():
        if key in CHARACTERISTICS:
            out[key] = clamp(out[key], low, high)
    out["lp"] = life_points(out["en"])
    return out


def roll_character(roll: Roll, limits: Limits | None = None) -> dict[str, int]:
    """GA 2.3-2.7 (a): the five characteristics of a named figure, rolled in the order
    Agility, Skill, Courage, Strength, Endurance, clamped, and its LP."""
    return apply_limits({k: characteristic(roll) for k in CHARACTERISTICS}, limits)


def roll_sets(roll: Roll, count: int) -> list[dict[str, int]]:
    """GA 2.6 (b): ``count`` anonymous sets of five characteristics and LP, to be
    assigned by the player to his figures; kept as rolled (no re-roll)."""
    return [roll_character(roll) for _ in range(count)]


def assign_sets(sets: list[Mapping[str, int]], figures: list[str],
                choice: Mapping[str, int], limits: Mapping[str, Limits] | None = None,
                ) -> dict[str, dict[str, int]]:
    """GA 2.6 (b), 2.7: give set ``choice[figure]`` (an index into ``sets``) to each
    figure, each set once; the figure's scenario limits then apply."""
    used = [choice[f] for f in figures]
    if len(set(used)) != len(used) or any(not 0 <= i < len(sets) for i in used):
        raise ValueError("each figure takes a different set among those rolled")
    return {f: apply_limits(sets[choice[f]], (limits or {}).get(f)) for f in figures}


def horse_agility(roll: Roll, limits: tuple[int | None, int | None] = (None, None)) -> int:
    """GA 3.1: a horse's Agility, 4D6 + 10 (14-34), clamped by the scenario (GA 2.7)."""
    return clamp(sum(dice(roll, 4, 6)) + 10, *limits)


def horse_worth(agility: int) -> str:
    """GA 3.2: poor (14-19), average (20-28) or good (29-34)."""
    bands = table("horse_worth")["bands"]
    for low, high, worth in bands:
        if low <= agility <= high:
            return str(worth)
    return str(bands[0][2] if agility < bands[0][0] else bands[-1][2])


def ammunition(roll: Roll, minimum: int | None = None, bonus: int = 0) -> int:
    """GA 8.5: arrows or bolts, 5D4 (5-20), hidden from the opponent; a scenario may
    add (X: +4) or set a minimum (IX: 10 / 8)."""
    return clamp(sum(dice(roll, 5, 4)) + bonus, minimum, None)


def equipment(troop: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """GA 2.8: a figure's equipment (mail, shield and its side, weapons, mounted) from
    the standard equipment of its troop type, which the book does not print (a data
    sheet default, asked of the players), with the player's per-figure changes."""
    sheet = not_printed()["standard_equipment"]["default"]
    base = dict(sheet.get(troop, {"mail": False, "shield": None, "weapons": [],
                                  "mounted": False}))
    base["weapons"] = list(base.get("weapons", []))
    base.update(overrides or {})
    return base


def lance_bearers_allowed(leaders: int, knights: int) -> int:
    """GA 13.1.1: at most one lance bearer per Baron or leader and one per 3 knights
    (sergeants do not count)."""
    lb = table("lance_bearers")
    return leaders * int(lb["per_leader"]) + knights // int(lb["knights_per_bearer"])


def lance_reserve(roll: Roll, bearers: int) -> int:
    """GA 13.1.1: D4 lances per bearer, shared among the bearers as the player wishes,
    at most 4 each (GA 13.1.2)."""
    lb = table("lance_bearers")
    return min(sum(dice(roll, bearers, int(lb["lances_die"]))),
               bearers * int(lb["max_per_bearer"]))


def share_lances(total: int, shares: list[int]) -> list[int]:
    """GA 13.1.2: the player's split of the reserve among his bearers, checked: all of
    it, at most 4 each."""
    most = int(table("lance_bearers")["max_per_bearer"])
    if sum(shares) != total or any(not 0 <= s <= most for s in shares):
        raise ValueError(f"share {total} lances, at most {most} per bearer")
    return list(shares)


def reserve_horses(roll: Roll, knights: int) -> tuple[int, int]:
    """GA 13.2.3: D4 reserve horses per group of 4 knights (Baron included); returns
    (horses, squires needed: one per 3 horses, rounded up)."""
    rh = table("reserve_horses")
    horses = sum(dice(roll, knights // int(rh["knights_per_die"]), int(rh["horses_die"])))
    per = int(rh["horses_per_squire"])
    return horses, -(-horses // per)
