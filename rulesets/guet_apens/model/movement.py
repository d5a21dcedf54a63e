"""Movement allowances (GA 6, 7.6, 13.6): walk, run or gallop, crawl, reverse, the costs
of an about-face, mounting and obstacles, paths, animals left loose.

Lengths are cm on the table per movement sequence (two a period). Where the path runs
and what it crosses is the table's; these functions give the allowances and costs.
"""

from __future__ import annotations

from fractions import Fraction

from .d20 import nearest
from .printed import not_printed, table
from .readings import Readings, reading


def walk() -> int:
    """GA 6.1.2: 6 cm for every character, horse and animal."""
    return int(table("movement")["walk_cm"])


def run(agility: int, *, mail: bool = False, lp: int | None = None, mounted: bool = False,
        readings: Readings = None) -> tuple[int, str]:
    """GA 6.1.3: running (a horse: galloping) covers Agility + the 6 cm walk; with a
    coat of mail, or only 1 or 2 LP left, Agility only. For a rider ``agility`` is the
    horse's; B3: the restriction binds characters on foot only ("foot") or riders too.
    Example (l.903): Agility 15 -> 21 cm, with mail 15."""
    how = reading(readings, "B3")
    mv = table("movement")
    slowed = mail or (lp is not None and lp <= int(mv["few_lp"]))
    if slowed and (not mounted or how == "riders"):
        return agility, how
    return agility + walk(), how


def crawl(agility: int) -> int:
    """GA 6.1.4: 1/3 of the Agility, to the nearest (Agility 15 -> 5 cm)."""
    return nearest(agility, 3)


def draught_run() -> int:
    """GA 6.1.5: mules, donkeys, oxen, harnessed horses run 12 cm; wounded, they walk."""
    return int(table("movement")["draught_run_cm"])


def reverse(*, horse_worth: str | None = None, agility: int = 0) -> Fraction:
    """GA 6.1.7: backing, a rider 6 cm -4 / 0 / +4 by his horse's worth; on foot at
    most half his Agility (the 6 cm of the run not added)."""
    mv = table("movement")
    if horse_worth is not None:
        return Fraction(int(mv["reverse_rider_cm"]) + int(mv["reverse_worth"][horse_worth]))
    return Fraction(agility, 2)


def about_face(mounted: bool) -> int:
    """GA 6.1.8: an about-face on the spot costs a rider 8 cm, nothing on foot."""
    return int(table("movement")["about_face_rider_cm"]) if mounted else 0


def mount() -> int:
    """GA 6.1.9: mounting or dismounting costs 8 cm."""
    return int(table("movement")["mount_cm"])


def level_change(height_cm: float, obstacle_cm: int = 0) -> float:
    """GA 6.1.10: changing level costs the height between the levels plus the obstacle
    of the means used (a ladder or stair is light): the barn's 6 cm + the ladder."""
    return height_cm + obstacle_cm


def light_obstacle_cost(kind: str, costs: dict[str, int] | None = None) -> int:
    """GA 6.3, 4.2: a light obstacle costs 4 or 6 cm "see the table", which the book
    does not print: the players' data sheet (``costs``) or its default."""
    sheet = not_printed()["terrain_light_obstacles"]["default"]
    cost = int((costs or sheet).get(kind, sheet.get(kind, 6)))
    if cost not in table("obstacles")["light"]:
        raise ValueError(f"a light obstacle costs 4 or 6 cm, not {cost}")
    return cost


def obstacle_cost(category: str, kind: str = "", costs: dict[str, int] | None = None) -> int:
    """GA 6.3: crossing costs light 4 or 6 cm, medium 8, large 13."""
    if category == "light":
        return light_obstacle_cost(kind, costs)
    return int(table("obstacles")[category])


def may_cross_large(run_cm: int, *, horse: bool = False) -> bool:
    """GA 6.3: a large obstacle (13 cm) is forbidden to horses and to whoever cannot
    cross it in one movement (Agility 5 or 6: runs of 11 or 12)."""
    return not horse and run_cm >= int(table("obstacles")["large"])


def path_bonus(agility: int) -> Fraction:
    """GA 4.4, 14: a scenario's path gives +1/4 of the Agility."""
    return Fraction(agility, 4)


def after_charge(horse_agility: int) -> tuple[int, int]:
    """GA 7.6: the movement after a charge: 6 cm straight ahead, then only the horse's
    Agility in any direction (if the rider kept his seat)."""
    return int(table("movement")["after_charge_cm"]), horse_agility


def counter_charge_starts(charger_move_cm: float) -> float:
    """GA 7.3: a counter-charging rider starts once the charger made half his move."""
    return charger_move_cm / 2


def loose_animal(distance_die: int, direction_die: int,
                 directions: dict[int, float] | None = None) -> tuple[int, float]:
    """GA 6.2: an animal left loose rolls 2D8: the first the cm, the second the
    direction, whose faces the book does not give (the players' data sheet, or its
    default: degrees clockwise from the animal's facing)."""
    for die in (distance_die, direction_die):
        if not 1 <= die <= 8:
            raise ValueError(f"a D8 shows 1-8, not {die}")
    sheet = directions or not_printed()["d8_directions"]["default"]
    return distance_die, float(sheet[direction_die])
