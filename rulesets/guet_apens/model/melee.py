"""Combat (GA 9): the charge, initiative and its order, parry and attack markers, the
hand-to-hand blow with its tactical factors, unhorsing and striking a horse, damage by
weapon and its modifiers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .d20 import Tally, Term, Test, check, half_up, nearest, tally
from .printed import table
from .readings import Readings, reading
from .shooting import Damage
from .words import N_, data_word

CHARGE_RULE = "GA 9.1.2 (COMBAT, Charge, l.1516)"
BLOW_RULE = "GA 9.8.2 (CORPS A CORPS, l.1741)"
INITIATIVE_RULE = "GA 9.4.1 (Initiative, l.1594)"
CHARGE_CM = 12
"""GA 7.4: a charge is effective only after 12 cm of gallop before contact."""


def charge_effective(covered_cm: float) -> bool:
    """GA 7.4: whether a charging rider covered at least 12 cm before contact."""
    return covered_cm >= CHARGE_CM


def charge(horse_agility: int, skill: int, target_horse_agility: int, target_strength: int,
           *, charger: str = "", target: str = "") -> Test:
    """GA 9.1.2: the number the charging rider needs to unhorse his target: his horse's
    Agility + his Skill - half the target horse's Agility (rounded up) - the target's
    Strength. Simultaneous, no initiative (GA 9.1.1)."""
    who, whom = charger or N_("charger"), target or N_("target")
    return check(N_("charge"), CHARGE_RULE, [
        Term(N_("horse Agility"), horse_agility, who), Term(N_("Skill"), skill, who),
        Term(N_("half the target's horse Agility"), -half_up(target_horse_agility), whom),
        Term(N_("target's Strength"), -target_strength, whom)])


def weapon_die(weapon: str) -> int:
    """GA 9.10.1: D4 club, dagger; D6 sword, lance, spear; D8 flail, mace, axe; D10
    two-handed axe or sword, war scythe (unlisted weapons: the nearest class)."""
    return int(table("weapons")["dice"][weapon])


def initiative(agility: int, courage: int, d4: int, *, horse_worth: str | None = None,
               weapon: str | None = None, who: str = "") -> Tally:
    """GA 9.4.1, 9.5: Agility + Courage + D4, with the horse's worth (poor -4, good +4),
    a two-handed axe or sword -6, a lance or war scythe +2."""
    mods = table("initiative_modifiers")
    weapons = table("weapons")
    src = who or N_("combatant")
    terms = [Term(N_("Agility"), agility, src), Term(N_("Courage"), courage, src),
             Term(N_("D4"), d4, N_("die"))]
    if horse_worth is not None:
        terms.append(Term(N_("{worth} horse", worth=data_word(horse_worth)),
                          int(mods["horse_worth"][horse_worth]), "GA 9.5"))
    if weapon in weapons["two_handed"]:
        terms.append(Term(N_("two-handed weapon"), int(mods["two_handed"]), "GA 9.5"))
    elif weapon in weapons["long"]:
        terms.append(Term(N_("lance or long weapon"), int(mods["long_weapon"]), "GA 9.5"))
    return tally(N_("initiative"), INITIATIVE_RULE, terms)


def initiative_order(scores: Mapping[str, int], *, automatic: Iterable[str] = (),
                     without: Iterable[str] = ()) -> list[list[str]]:
    """GA 9.4, 9.6: the order of blows, highest initiative first; equal numbers strike
    together (GA 9.4.5: one group). Those with automatic initiative (GA 9.6) strike
    before, those "without initiative" (GA 9.6.5) after, each by its number."""
    auto, none_ = set(automatic), set(without)

    def tier(name: str) -> int:
        return 0 if name in auto else 2 if name in none_ else 1

    order: list[list[str]] = []
    last: tuple[int, int] | None = None
    for name in sorted(scores, key=lambda n: (tier(n), -scores[n], n)):
        key = (tier(name), scores[name])
        if key == last:
            order[-1].append(name)
        else:
            order.append([name])
        last = key
    return order


def parry_malus(attackers: int) -> int:
    """GA 9.7.2: the malus of each attacker facing a parrying character: one -5, two -3,
    three -1, more 0."""
    return int(table("parry_malus")["by_attackers"].get(attackers, 0))


@dataclass(frozen=True)
class Markers:
    """GA 9.7: the outcome of the P/A markers around one defender."""

    first: tuple[str, ...]
    """Attackers who strike first (A against the defender's P), each with ``malus``."""
    malus: int
    rolling: tuple[str, ...]
    """Attackers who roll initiative normally with the defender (the markers cancel)."""
    defender_first: tuple[str, ...]
    """Attackers who parried (P) against a defender who attacks (A): he strikes first."""


def markers(defender: str, attackers: Mapping[str, str], *, automatic: bool = False
            ) -> Markers:
    """GA 9.7.1-9.7.4: P/A markers. The same marker cancels (roll initiative); A against
    P: the side marked A strikes first with the parry malus for the number of attackers
    the parrier faces, the parrier after. Automatic initiative cancels parrying."""
    if automatic or defender not in ("A", "P"):
        return Markers((), 0, tuple(attackers), ())
    if defender == "P":
        first = tuple(a for a, m in attackers.items() if m == "A")
        rolling = tuple(a for a, m in attackers.items() if m != "A")
        return Markers(first, parry_malus(len(first)) if first else 0, rolling, ())
    parried = tuple(a for a, m in attackers.items() if m == "P")
    rolling = tuple(a for a, m in attackers.items() if m != "P")
    return Markers((), parry_malus(1) if parried else 0, rolling, parried)


def melee_factor(name: str) -> Term:
    """One tactical factor of GA 9.9 as a term."""
    value, label = table("melee_factors")["factors"][name]
    return Term(data_word(label), int(value), "GA 9.9")


def lance_malus_applies(melee_turn: int, readings: Readings = None) -> tuple[bool, str]:
    """GA 9.9 ***: a rider fighting with his lance takes -6 in the 2nd mêlée turn;
    B15: from the 2nd turn on ("from_second") or in the 2nd only ("second_only")."""
    how = reading(readings, "B15")
    return (melee_turn >= 2 if how == "from_second" else melee_turn == 2), how


def blow(strength: int, skill: int, defender_agility: int, factors: Iterable[str] = (), *,
         parried_by: int = 0, rider_lance_turn: int = 0, attacker: str = "",
         defender: str = "", lost_over_three_quarters: bool = False,
         readings: Readings = None) -> Test:
    """GA 9.8.2: the number needed for a hand-to-hand blow: Strength + Skill - the
    defender's Agility + the tactical factors of GA 9.9 (cumulative): cover, vital part
    (not after losing more than 3/4 of the LP), shield (one adversary only), parry
    (``parried_by`` attackers facing a parrying defender), the rider's lance from the
    2nd mêlée turn (``rider_lance_turn``: the mêlée turn of a rider still with his
    lance; B15)."""
    if "vital" in factors and lost_over_three_quarters:
        raise ValueError("GA 9.9 *: no vital aim after losing more than 3/4 of the LP")
    src, dst = attacker or N_("attacker"), defender or N_("defender")
    terms = [Term(N_("Strength"), strength, src), Term(N_("Skill"), skill, src),
             Term(N_("defender's Agility"), -defender_agility, dst)]
    terms += [melee_factor(n) for n in dict.fromkeys(factors)]
    if parried_by:
        terms.append(Term(N_("parry against {n} attacker(s)", n=parried_by),
                          parry_malus(parried_by), "GA 9.7.2"))
    used = []
    if rider_lance_turn:
        applies, how = lance_malus_applies(rider_lance_turn, readings)
        used.append(("B15", how))
        if applies:
            terms.append(melee_factor("lance_second_turn"))
    return check(N_("hand-to-hand blow"), BLOW_RULE, terms, readings=used)


def unhorsing(strength: int, skill: int, rider_agility: int, *, attacker: str = "",
              rider: str = "") -> Test:
    """GA 10.2.2: pulling a rider off in hand-to-hand: as a blow, without initiative,
    the tactical factors replaced by a flat -5 for the rider's resistance."""
    value, label = table("melee_factors")["unhorsing"]
    src, dst = attacker or N_("attacker"), rider or N_("rider")
    return check(N_("unhorsing"), "GA 10.2.2 (Cavalier désarçonné, l.1955)", [
        Term(N_("Strength"), strength, src), Term(N_("Skill"), skill, src),
        Term(N_("rider's Agility"), -rider_agility, dst),
        Term(data_word(label), int(value), "GA 10.2.2")])


def horse_defence(horse_agility: int, readings: Readings = None) -> tuple[int, str]:
    """GA 10.3.1: a horse attacked in hand-to-hand defends with 1/3 of its Agility;
    B18b: rounded to the nearest (GA 0.3), down or up."""
    how = reading(readings, "B18b")
    if how == "nearest":
        return nearest(horse_agility, 3), how
    return (horse_agility // 3 if how == "down" else -(-horse_agility // 3)), how


def horse_attack(strength: int, skill: int, horse_agility: int, *, attacker: str = "",
                 horse: str = "", readings: Readings = None) -> Test:
    """GA 10.3.1: a blow at a horse: as hand-to-hand, no tactical factors, against 1/3
    of the horse's Agility (B18b)."""
    third, how = horse_defence(horse_agility, readings)
    src = attacker or N_("attacker")
    return check(N_("blow at a horse"), "GA 10.3.1 (Cheval au combat, l.1969)", [
        Term(N_("Strength"), strength, src), Term(N_("Skill"), skill, src),
        Term(N_("1/3 of the horse's Agility"), -third, horse or N_("horse"))],
        readings=[("B18b", how)])


def gallop_with_lance(covered_cm: float, gallop_cm: float) -> bool:
    """GA 9.10.2: the +2 damage of a rider "at the gallop with lance (2/3 of the
    movement)": he covered at least 2/3 of his gallop before contact (the digest's
    reading of the parenthesis)."""
    return gallop_cm > 0 and Fraction(covered_cm).limit_denominator(10_000) >= Fraction(
        2, 3) * Fraction(gallop_cm).limit_denominator(10_000)


def melee_damage(dice: Iterable[int], *, mail: bool = False, gallop_lance: bool = False,
                 unconscious: bool = False, held_back: bool = False,
                 readings: Readings = None) -> Damage:
    """GA 9.10: the weapon's die (two for a vital part) is the LP lost; held back
    (GA 10.4) it is halved, rounded down; then, cumulative (GA 9.10.2): mail -2, a
    rider galloping with lance +2, an unconscious adversary x3. B16: add then multiply
    (default) or multiply then add; never below 0."""
    mods = table("damage_modifiers")
    rolled = list(dice)
    base = sum(rolled)
    terms = [Term(N_("damage die") if len(rolled) == 1 else N_("damage dice (vital part)"),
                  base, "GA 9.10.1")]
    if held_back:
        terms.append(Term(N_("blow held back (half, rounded down)"), base // 2 - base,
                          "GA 10.4"))
    adds = []
    if mail:
        adds.append(Term(N_("coat of mail"), int(mods["mail"]), "GA 9.10.2"))
    if gallop_lance:
        adds.append(Term(N_("gallop with lance"), int(mods["gallop_lance"]), "GA 9.10.2"))
    how = reading(readings, "B16")
    value = sum(t.value for t in terms)
    times = int(mods["unconscious_multiplier"]) if unconscious else 1
    if how == "add_then_multiply":
        terms += adds
        value = max(0, value + sum(t.value for t in adds))
        if times > 1:
            terms.append(Term(N_("unconscious adversary (x{times})", times=times),
                              value * (times - 1), "GA 9.10.2"))
        value *= times
    else:
        if times > 1:
            terms.append(Term(N_("unconscious adversary (x{times})", times=times),
                              value * (times - 1), "GA 9.10.2"))
        terms += adds
        value = max(0, value * times + sum(t.value for t in adds))
    return Damage(value, tuple(terms), (("B16", how),))


def abandon_lance(readings: Readings = None) -> tuple[bool, str]:
    """GA 10.1: a rider who drops his lance in the 2nd mêlée turn fights with his second
    weapon; B17: his adversary then has the initiative (FR, default) or no penalty
    (EN). Returns (adversary has the initiative, reading)."""
    how = reading(readings, "B17")
    return how == "fr", how


def max_adversaries(mounted: bool) -> int:
    """GA 9.3.1: at most 4 adversaries around a foot base, 6 around a rider's."""
    return int(table("capture")["max_adversaries"]["rider" if mounted else "foot"])


def automatic_initiative(*, hidden_reach_cm: float | None = None, own_move_cm: float = 0,
                         survived_point_blank: bool = False,
                         target_crossing: bool = False, both_on_obstacle: bool = False,
                         target_prone: bool = False) -> str | None:
    """GA 9.6: why an attacker has automatic initiative, or None. Reaction always takes
    1/3 of a movement: a hidden attacker reaching his adversary in less than 1/3 of his
    own movement (Example XI a: run 23, 5 cm); an attacker of an archer or crossbowman
    who survived a point-blank shot at contact; an attacker of a character crossing an
    obstacle (not when both are on it); an attacker of a prone character (GA 9.6.4)."""
    if hidden_reach_cm is not None and own_move_cm > 0 and (
            Fraction(hidden_reach_cm).limit_denominator(10_000) * 3
            < Fraction(own_move_cm).limit_denominator(10_000)):
        return N_("GA 9.6.1 hidden attacker within 1/3 of his movement")
    if survived_point_blank:
        return N_("GA 9.6.2 survived a point-blank shot at contact")
    if target_crossing and not both_on_obstacle:
        return N_("GA 9.6.3 target crossing an obstacle")
    if target_prone:
        return N_("GA 9.6.4 target prone")
    return None


def caught_refusing(strength: int, skill: int) -> tuple[int, int]:
    """GA 9.3.2: a character caught refusing combat (fleeing, back to the enemy) has no
    initiative and fights with half his Strength and Skill, rounded up."""
    return half_up(strength), half_up(skill)
