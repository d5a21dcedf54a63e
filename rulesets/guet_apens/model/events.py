"""Special events (GA 9.2, 10, 13.8): the broken lance, the unhorsed rider's D12, the
horse hit, the horse killed and the trapped rider, holding back blows, knocking out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .printed import table
from .readings import Readings, reading


def lance_breaks(die: int, *, charge: bool, knight: bool = True,
                 readings: Readings = None) -> tuple[bool, str]:
    """GA 9.2.2: the lance breaks on the attack's D20 9-12 in a charge, 10-11 in
    hand-to-hand, whatever the number needed (it changes nothing in this combat,
    GA 9.2.1). B13: every lance ("all") or knights' lances only."""
    how = reading(readings, "B13")
    if not knight and how == "knights":
        return False, how
    faces = table("broken_lance")["charge" if charge else "melee"]
    return die in faces, how


@dataclass(frozen=True)
class Fall:
    """GA 10.2.3 / 10.3.3: what befalls an unhorsed rider."""

    die: int
    result: str
    """"wounded", "nothing", "stunned", "unconscious" or "trapped"."""
    lp_lost: int
    periods_on_ground: int
    defends: str
    """"halved" (half his new values, rounded up), "no" (stunned: no defence, no
    shield), "no initiative" (trapped) or "normal"."""
    initiative_when_up: bool
    rule: str


def unhorsed(die: int, *, horse_killed: bool = False) -> Fall:
    """GA 10.2.3: the D12 of an unhorsed rider: 1-3 wounded (the die in LP, one period
    on the ground, defends with half his new values), 4-9 nothing, 10-11 stunned (one
    whole period on the ground without defence or shield), 12 unconscious (GA 11); he
    gets up without initiative. GA 10.3.3: under a killed horse, 8-9 trap him."""
    t = table("unhorsed")
    if not 1 <= die <= int(t["die"]):
        raise ValueError(f"a D12 shows 1-12, not {die}")
    result = str(t["results"][die])
    if horse_killed:
        result = str(t["horse_killed"].get(die, result))
    rule = "GA 10.3.3" if horse_killed else "GA 10.2.3"
    return Fall(die, result, die if result == "wounded" else 0,
                1 if result in ("wounded", "stunned") else 0,
                {"wounded": "halved", "stunned": "no", "trapped": "no initiative"}.get(
                    result, "normal"),
                False, rule)


def horse_hit(die: int, *, melee: bool) -> str:
    """GA 10.3.2: a horse hit rolls the damage die of the weapon: shooting 1-2 nothing,
    3-5 wounded, 6-8 dead; hand-to-hand 1-2 nothing, 3-6 wounded, 7-10 dead."""
    column = table("horse_hit")["melee" if melee else "shooting"]
    if die not in column:
        raise ValueError(f"no {'hand-to-hand' if melee else 'shooting'} result for {die}")
    return str(column[die])


def horse_state(state: str, result: str, readings: Readings = None) -> tuple[str, str]:
    """GA 3.1, 10.3.2: a horse is sound, gravely wounded (walks only) or dead; B18: a
    wounded horse wounded again stays wounded ("stays") or dies ("dies")."""
    how = reading(readings, "B18")
    if state == "dead" or result == "dead":
        return "dead", how
    if result == "wounded":
        return ("dead" if state == "wounded" and how == "dies" else "wounded"), how
    return state, how


TRAPPED_HELPERS = 2
"""GA 10.3.4: two people free a trapped rider in one period."""


def freed(helpers_all_period: int) -> bool:
    """GA 10.3.4: a trapped rider is freed by two people staying one period."""
    return helpers_all_period >= TRAPPED_HELPERS


def held_back(die: int) -> int:
    """GA 10.4: a blow held back (declared before the damage roll): the die halved,
    rounded down."""
    return die // 2


@dataclass(frozen=True)
class KnockOut:
    """GA 13.8: the D6 of a knock-out blow."""

    die: int
    success: bool
    extra_lp: int


def knockout(die: int) -> KnockOut:
    """GA 13.8: D6 whatever the weapon: 1-2 failed, 3-4 knocked out, 5 and 1 LP more,
    6 and 2 LP more. He wakes as in GA 11.2; an enemy staying by him all along captures
    him."""
    row = table("knockout")["results"].get(die)
    if row is None:
        raise ValueError(f"a D6 shows 1-6, not {die}")
    return KnockOut(die, bool(row[0]), int(row[1]))


def blunted(weapon_sides: int, readings: Readings = None) -> tuple[int, int, str]:
    """GA 14.6 (Scenario VI-VII blunted swords), B26: damage rolled on a D4 (FR: "un dé
    /4") or the weapon's die divided by 4, rounded down (EN). Returns (die to roll,
    divisor, reading)."""
    how = reading(readings, "B26")
    return (4, 1, how) if how == "d4" else (weapon_sides, 4, how)
