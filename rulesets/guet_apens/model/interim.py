"""Thin placeholders for the rules library the ``ga-model`` branch writes
(``model/characters.py``, ``wounds.py``, ``melee.py``, ``events.py``, ``morale.py``).

Each function is the smallest reading of its section; every one is a TODO to replace by
the library's function once merged. They take and return plain numbers, so the steps
do not change when they are replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WORTH_MODIFIER = {"poor": -4, "average": 0, "good": 4}
"""GA 6.1.7 (reverse) and GA 9.5 (initiative)."""


@dataclass(frozen=True)
class Test:
    """A D20 roll-under test (GA 0.2): the number needed, built from terms with their
    sources, the die and the result. TODO(GA 0.2): ga-model's test dataclass."""

    name: str
    terms: tuple[tuple[str, int, str], ...]
    die: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def target(self) -> int:
        return sum(v for _, v, _ in self.terms)

    @property
    def success(self) -> bool:
        """GA 0.2: 1 always succeeds, 20 always fails, else die <= the number needed."""
        if self.die == 1:
            return True
        if self.die == 20:
            return False
        return self.die <= self.target


def half_up(value: int) -> int:
    """Half, rounded up (GA 9.1 'la moitié arrondie à l'entier supérieur')."""
    return -(-value // 2)


def charge_terms(horse_ag: int, skill: int, target_horse_ag: int,
                 target_st: int) -> tuple[tuple[str, int, str], ...]:
    """GA 9.1.2: horse Agility + Skill - half the target horse's Agility (rounded up) -
    the target's Strength. TODO(GA 9.1): replace by ga-model melee.charge_test."""
    return (("horse Agility", horse_ag, "charger"), ("Skill", skill, "charger"),
            ("half the target's horse Agility", -half_up(target_horse_ag), "target"),
            ("target's Strength", -target_st, "target"))


def lance_breaks(die: int, charge: bool) -> bool:
    """GA 9.2.2: 9-12 in a charge, 10-11 in hand-to-hand, whatever the number needed.
    TODO(GA 9.2): replace by ga-model events.lance_breaks."""
    return 9 <= die <= 12 if charge else 10 <= die <= 11


DAMAGE_DIE = {"club": 4, "dagger": 4, "sword": 6, "lance": 6, "spear": 6, "flail": 8,
              "mace": 8, "axe": 8, "two-handed": 10, "scythe": 10}
"""GA 9.10.1. TODO(GA 9.10): ga-model melee.DAMAGE_DIE."""
INITIATIVE_WEAPON = {"two-handed": -6, "lance": 2, "scythe": 2}
"""GA 9.5. TODO(GA 9.5): ga-model melee."""
PARRY_MALUS = {1: -5, 2: -3, 3: -1}
"""GA 9.7.2 (more than 3: 0). TODO(GA 9.7): ga-model melee."""


def unhorsed_result(die: int, horse_killed: bool = False) -> str:
    """GA 10.2.3 / 10.3.3: D12 -> wounded (1-3), nothing, trapped (8-9, horse killed
    only), stunned (10-11), unconscious (12). TODO(GA 10.2): ga-model events."""
    if die <= 3:
        return "wounded"
    if horse_killed and die in (8, 9):
        return "trapped"
    if die in (10, 11):
        return "stunned"
    if die == 12:
        return "unconscious"
    return "nothing"


def faints_on(lost: int, lp_before: int) -> bool:
    """GA 11.1 (reading B2 'current'): a test when one hit takes 3/4 or more of the LP
    had before it, and at least 4. TODO(GA 11): ga-model wounds.unconsciousness."""
    return lost >= 4 and lost * 4 >= lp_before * 3


def morale_result(total: int) -> str:
    """GA 12.4: more than 8 nothing, 6-8 Flight I, 3-5 Flight II, under 3 Panic.
    TODO(GA 12.4): ga-model morale.result."""
    if total > 8:
        return "steady"
    if total >= 6:
        return "flight1"
    if total >= 3:
        return "flight2"
    return "panic"


def environment(friends: int, enemies: int, stack: bool = False) -> int:
    """GA 12.3 (reading B19: the highest applicable one per side unless ``stack``).
    TODO(GA 12.3): ga-model morale.environment."""
    mod = 0
    if friends > 2 * enemies:
        mod = 4 + (2 if stack else 0)
    elif friends > enemies:
        mod = 2
    if enemies > 2 * friends:
        mod = -4 - (2 if stack else 0)
    elif enemies > friends:
        mod = -2
    return mod
