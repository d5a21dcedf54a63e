"""Battle and siege formulas of the crib sheet (Phase Three), as pure functions.

The battle procedure (commanders, siege or battle, rounds, losses, retreat) is the
``battle`` step of ``rules.py``; these formulas are its tested base and tell the players
the numbers. Each cites its line of the crib sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def siege_number(area_value: int, defender_bravery: int, attacker_bravery: int,
                 attacker_gunners: int) -> int:
    """Crib Phase Three (Siege): SN = area value + 3 + bravery of the defender's BC -
    bravery of the attacker's BC - gunner points of the attacker (at most 2).

    >>> siege_number(3, 2, 4, 5)
    2
    """
    return area_value + 3 + defender_bravery - attacker_bravery - min(2, attacker_gunners)


def siege_falls(die: int, sn: int) -> bool:
    """Crib Phase Three: the attacker's 1d6 > SN takes the area (defender troops removed,
    leaders captured); otherwise the attackers retreat."""
    return die > sn


def battle_rating(rating: int, special: str, longbowmen: int) -> int:
    """Crib Phase Three: Robin Hood commanding any longbowmen adds 1 to his rating."""
    return rating + 1 if special == "robin-hood" and longbowmen > 0 else rating


def battle_dice(rating: int, troops: Iterable[Mapping[str, int]], leaders: int) -> int:
    """Crib Phase Three: X = min(BR of the BC, non-gunner strength) + min(BR, longbow
    strength); leaders count 1 strength each (in the first term: our reading).

    >>> battle_dice(3, [{"infantry": 2, "gunners": 4}], leaders=1)
    3
    >>> battle_dice(3, [{"infantry": 4, "longbowmen": 2}], leaders=2)
    5
    """
    troops = list(troops)
    non_gunner = leaders + sum(n for t in troops for k, n in t.items() if k != "gunners")
    longbow = sum(t.get("longbowmen", 0) for t in troops)
    return min(rating, non_gunner) + min(rating, longbow)


def bravery_modifier(own: int, enemy: int) -> int:
    """Crib Phase Three: the player whose BC has the higher bravery may modify his dice by
    the difference (the other gets nothing)."""
    return max(0, own - enemy)


def count_hits(dice: Iterable[int], modifier: int = 0) -> int:
    """Crib Phase Three: each die (modified) of 6 or more is a hit."""
    return sum(1 for d in dice if d + modifier >= 6)


def jeanne_pre_roll(die: int, english_bravery: int) -> str:
    """Crib Phase Three: if the French BC is Jeanne d'Arc the English roll 1d6 first:
    below the English BC's bravery the French roll no dice this round, equal a normal
    round, above it the English roll no dice.

    >>> [jeanne_pre_roll(d, 3) for d in (2, 3, 4)]
    ['french-no-dice', 'normal', 'english-no-dice']
    """
    if die < english_bravery:
        return "french-no-dice"
    return "normal" if die == english_bravery else "english-no-dice"


def hits_covered(removed: Mapping[str, int]) -> int:
    """Hits a set of removed troops covers: 1 per strength point, a knight 2, and all of a
    side's mercenaries together 1 (crib Phase Three: one mercenary hit removes them all).

    >>> hits_covered({"infantry": 1, "knights": 1, "mercenaries": 3})
    4
    """
    by_kind: dict[str, int] = {}
    for key, n in removed.items():  # knights:FLAG and mercenaries:HOME count as their kind
        kind = key.split(":", 1)[0]
        by_kind[kind] = by_kind.get(kind, 0) + n
    return sum(2 * n if k == "knights" else n for k, n in by_kind.items()
               if k != "mercenaries") + (1 if by_kind.get("mercenaries") else 0)
