"""Shooting (GA 8): range quarters, rate of fire and reloading, ammunition, reaction
times, shooter stillness, the tactical factors, the number needed, damage, the rider or
the horse, and shots into a group.

Geometry (line of sight, cover within 1 cm, facing, groups) is measured by the table;
these functions take its results (distances in cm, factor names) and apply the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .d20 import Term, Test, check
from .printed import table
from .readings import Readings, reading
from .words import N_, data_word

WEAPONS = ("thrown", "short_bow", "long_bow", "crossbow")
"""Shooting weapons (GA 8.7): thrown by hand (knife, spear, hatchet...), bows, crossbow."""
COVERS = ("light_cover", "medium_cover", "large_cover")
SHOT_RULE = "GA 8.8.1 (TIR, Résolution des tirs, l.1239)"


def weapon_range(weapon: str) -> int:
    """GA 8.7: the range in cm: thrown 12, short bow 100, long bow and crossbow 140."""
    return int(table("ranges")["cm"][weapon])


def range_quarter(distance: float, weapon: str, readings: Readings = None,
                  ) -> tuple[int | None, str]:
    """GA 8.7: the quarter of the range (1-4) a target ``distance`` cm away (base to
    base) stands in, None beyond the range; B7 decides a distance exactly on a boundary:
    "upper" puts 25 cm of a short bow in the 1st quarter, "lower" in the 2nd."""
    how = reading(readings, "B7")
    full = Fraction(weapon_range(weapon))
    d = Fraction(distance).limit_denominator(10_000)
    if d < 0 or d > full:
        return None, how
    quarter = d * 4 / full
    if how == "upper":
        q = max(1, -(-quarter.numerator // quarter.denominator))
    else:
        q = min(4, quarter.numerator // quarter.denominator + 1)
    return int(q), how


def range_modifier(quarter: int, weapon: str) -> int:
    """GA 8.7: the modifier of the quarter: bows and thrown 0/-2/-4/-6, crossbow
    0/-3/-6/-9."""
    row = table("range_quarters")["crossbow" if weapon == "crossbow" else "bows"]
    return int(row[quarter - 1])


def shots_per_period(weapon: str, readings: Readings = None) -> tuple[int, str]:
    """GA 8.4: a crossbowman shoots once per period (1st or 2nd shooting sequence), an
    archer twice; a thrown weapon (B6, not printed) like an archer or once."""
    how = reading(readings, "B6")
    if weapon == "crossbow":
        return 1, how
    if weapon == "thrown":
        return (2 if how == "archer" else 1), how
    return 2, how


RELOAD_MOVE_CM = 2
"""GA 8.4.1: a reloading crossbowman may move 2 cm per movement sequence into cover."""


def reload_step(still_sequences: int, moved_cm: float) -> int:
    """GA 8.4.1: the crossbowman's count of successive movement sequences spent
    reloading after one more sequence in which he moved ``moved_cm``; 2 = loaded."""
    return min(2, still_sequences + 1) if moved_cm <= RELOAD_MOVE_CM else 0


def reaction_fraction(weapon: str) -> Fraction:
    """GA 8.6.1: the part of the target's movement it must spend in view before a
    shooter may react: 1/3 for a crossbow, 2/3 for bows and thrown weapons."""
    return Fraction(1, 3) if weapon == "crossbow" else Fraction(2, 3)


def may_react(weapon: str, seen_cm: float, target_move_cm: float) -> bool:
    """GA 8.6.1: whether a target that showed itself over ``seen_cm`` of its movement
    of ``target_move_cm`` may be shot (Example VI: 18 cm, crossbow from 6, bow 12)."""
    return Fraction(seen_cm).limit_denominator(10_000) >= reaction_fraction(
        weapon) * Fraction(target_move_cm).limit_denominator(10_000)


def may_shoot_leaver(weapon: str, moved_cm: float, move_cm: float,
                     was_in_melee: bool) -> bool:
    """GA 8.6.3: a shooter who was in the mêlée with the leaver waits for a whole
    movement sequence; the others react as to a target showing itself (Example X: 18 cm
    move: 18 / 12 / 6 cm)."""
    if was_in_melee:
        return moved_cm >= move_cm
    return may_react(weapon, moved_cm, move_cm)


def stillness_factor(moved_cm: float, allowance_cm: float) -> str | None:
    """GA 8.6.2: the shooter's factor from the part of the preceding movement sequence
    he moved: still at least 2/3 -> none; at least 1/3 -> "still_third" (-5); less
    (shooting during movement) -> "snap" (-8)."""
    if allowance_cm <= 0:
        return None
    still = 1 - Fraction(moved_cm).limit_denominator(10_000) / Fraction(
        allowance_cm).limit_denominator(10_000)
    if still >= Fraction(2, 3):
        return None
    return "still_third" if still >= Fraction(1, 3) else "snap"


def factor(name: str) -> Term:
    """One tactical factor of GA 8.8.2 as a term."""
    value, label = table("shooting_factors")["factors"][name]
    return Term(data_word(label), int(value), "GA 8.8.2")


def shot(skill: int, distance: float, weapon: str, factors: Iterable[str] = (), *,
         shooter: str = "", target_mounted: bool = False, charged_by_rider: bool = False,
         lost_over_three_quarters: bool = False, readings: Readings = None) -> Test | None:
    """GA 8.8.1: the number needed for a shot: Skill + the range quarter's modifier +
    the tactical factors (cumulative). None when the target is beyond the range.

    The table's findings come as factor names (``light_cover``, ``shield``, ``snap``...;
    GA 8.8.2). The rules' own conditions are applied here: point-blank +8 at 5 cm and
    less, never when a rider charges the shooter; a rider behind large cover counts as
    medium (GA 8.8.4); no vital aim after losing more than 3/4 of the LP (GA 8.8.3).
    """
    quarter, b7 = range_quarter(distance, weapon, readings)
    if quarter is None:
        return None
    names = list(dict.fromkeys(factors))
    if target_mounted and "large_cover" in names:
        names[names.index("large_cover")] = "medium_cover"
    if "vital" in names and lost_over_three_quarters:
        raise ValueError("GA 8.8.3: no vital aim after losing more than 3/4 of the LP")
    names = [n for n in names if n != "point_blank"]
    if distance <= float(table("shooting_factors")["point_blank_cm"]) and not charged_by_rider:
        names.append("point_blank")
    quarters = (N_("1st quarter of the range ({cm} cm)"),
                N_("2nd quarter of the range ({cm} cm)"),
                N_("3rd quarter of the range ({cm} cm)"),
                N_("4th quarter of the range ({cm} cm)"))
    terms = [Term(N_("Skill"), skill, shooter or N_("shooter")),
             Term(N_(quarters[quarter - 1].text, cm=weapon_range(weapon)),
                  range_modifier(quarter, weapon), "GA 8.7")]
    terms += [factor(n) for n in names]
    return check(N_("shot"), SHOT_RULE, terms, readings=[("B7", b7)])


def rider_or_horse(die: int) -> str:
    """GA 8.8.3: a hit on rider and horse as a whole strikes the horse on an even D20,
    the rider on an odd one."""
    return "horse" if die % 2 == 0 else "rider"


@dataclass(frozen=True)
class Damage:
    """LP lost to one hit (GA 8.9, 9.10) and the terms that reached them."""

    lp: int
    terms: tuple[Term, ...]
    readings: tuple[tuple[str, str], ...] = ()


def damage_die(weapon: str) -> int:
    """GA 8.9: D6 for thrown weapons and the short bow, D8 for the long bow and the
    crossbow."""
    return int(table("shooting_damage")["dice"][weapon])


def shot_damage(dice: Iterable[int], *, mail: bool = False,
                readings: Readings = None) -> Damage:
    """GA 8.9: the damage die (two for a vital part) is the LP lost; B9: a coat of mail
    takes 2 off only with reading "yes" (the book's example does not apply it)."""
    rolled = list(dice)
    terms = [Term(N_("damage die") if len(rolled) == 1 else N_("damage dice (vital part)"),
                  sum(rolled), "GA 8.9")]
    how = reading(readings, "B9")
    if mail and how == "yes":
        terms.append(Term(N_("coat of mail"), int(table("damage_modifiers")["mail"]),
                          "GA 9.10.2"))
    return Damage(max(0, sum(t.value for t in terms)), tuple(terms), (("B9", how),))


def group_factors(factors: Iterable[str], readings: Readings = None) -> tuple[list[str], str]:
    """GA 8.10.2: a shot into a group is "au jugé"; B10b: it always carries the
    snap-shot -8 ("always") or only when declared ("declared")."""
    how = reading(readings, "B10b")
    names = list(factors)
    if how == "always" and "snap" not in names:
        names.append("snap")
    return names, how


def group_rule_applies(distance: float, weapon: str, bases_touching: bool) -> bool:
    """GA 8.10.2-4: the group rule is for bows and crossbows; beyond half the range
    a group is characters at most 1 cm apart (the table's finding), within half the
    range only characters whose bases touch."""
    if weapon == "thrown":
        return False
    return distance > weapon_range(weapon) / 2 or bases_touching


def group_miss(test: Test, neighbours: dict[str, bool] | None = None,
               readings: Readings = None) -> tuple[str | None, str]:
    """GA 8.10.2: when the designated character is missed but the D20 is within 2 of
    the number needed (20 always misses), the neighbour on the shooter's right is hit
    on an even roll, on his left on an odd one. ``neighbours`` says which sides have a
    neighbour; B10: with none there, the shot misses. Returns "right", "left" or None."""
    how = reading(readings, "B10")
    if test.roll is None or test.success or test.roll == 20 or test.roll > test.target + 2:
        return None, how
    side = "right" if test.roll % 2 == 0 else "left"
    if neighbours is not None and not neighbours.get(side, False):
        return None, how
    return side, how
