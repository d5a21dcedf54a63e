"""Morale (GA 12): when a test is due, the environment within 25 cm and 10 cm,
Courage + D4 + environment and its bands, what flight and panic make a character do,
and the rally.

Counting friends and enemies (visible, within the radius) is the table's; these
functions take the counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .d20 import Tally, Term, tally
from .printed import rule, table
from .readings import Readings, reading
from .words import N_

TRIGGERS = {
    "half_lp": ("lost half of his starting LP", True),
    "leader_down": ("the Baron or his leader killed or fainted, within 25 cm and visible", True),
    "alone_vs_three": ("alone in hand-to-hand against three or more", False),
    "intervention": ("the Baron, his leader or a friendly knight intervenes", False),
}
"""GA 12.1: trigger -> (what, once per game)."""


def due(triggers: Iterable[str], taken: Iterable[str] = ()) -> list[str]:
    """GA 12.1: the triggers that call a test in sequence 7: 1 and 2 once per game
    (``taken``: those already tested), 3 and 4 every time."""
    done = set(taken)
    return [t for t in dict.fromkeys(triggers) if not (TRIGGERS[t][1] and t in done)]


def environment(friends: int, enemies: int, fallen: int = 0, *, visible_enemies: int | None = None,
                readings: Readings = None) -> tuple[list[Term], str]:
    """GA 12.3: the environment within 25 cm: more than twice as many friends as
    enemies +4, more than twice as many enemies -4, more friends +2, more enemies -2;
    -1 per friend within 10 cm who has just surrendered, fainted or been killed. B19:
    the highest one per side ("highest") or +4 and +2 together ("stack").

    ``friends`` and ``visible_enemies`` are visible ones (the +4, +2 and -2 rows);
    ``enemies`` counts all within 25 cm (the -4 row does not say visible)."""
    env = table("morale_environment")
    how = reading(readings, "B19")
    seen = enemies if visible_enemies is None else visible_enemies
    src = "GA 12.3"
    terms: list[Term] = []
    more_f = friends > seen
    double_f = friends > 2 * seen
    if double_f:
        terms.append(Term(N_("more than twice as many friends"), int(env["friends_double"]),
                          src))
    if more_f and (how == "stack" or not double_f):
        terms.append(Term(N_("more friends than enemies"), int(env["friends_more"]), src))
    double_e = enemies > 2 * friends
    more_e = seen > friends
    if double_e:
        terms.append(Term(N_("more than twice as many enemies"), int(env["enemies_double"]),
                          src))
    if more_e and (how == "stack" or not double_e):
        terms.append(Term(N_("more enemies than friends"), int(env["enemies_more"]), src))
    if fallen:
        terms.append(Term(N_("{n} fallen friend(s) within 10 cm", n=fallen),
                          fallen * int(env["per_fallen_friend"]), src))
    return terms, how


def check(courage: int, d4: int, friends: int, enemies: int, fallen: int = 0, *,
         visible_enemies: int | None = None, who: str = "",
         readings: Readings = None) -> Tally:
    """GA 12.2: Courage + D4 + the environment factors."""
    if not 1 <= d4 <= 4:
        raise ValueError(f"a D4 shows 1-4, not {d4}")
    env, how = environment(friends, enemies, fallen, visible_enemies=visible_enemies,
                           readings=readings)
    return tally(N_("morale test"), "GA 12.2 (TEST MORAL, Résolution, l.2062)",
                 [Term(N_("Courage"), courage, who or N_("character")),
                  Term(N_("D4"), d4, N_("die")), *env],
                 readings=[("B19", how)])


def result(total: int) -> str:
    """GA 12.4: more than 8 "steady", 6-8 "flight1", 3-5 "flight2", less than 3
    "panic"."""
    for lowest, name in table("morale_results")["bands"]:
        if total >= lowest:
            return str(name)
    return "panic"


@dataclass(frozen=True)
class Flight:
    """GA 12.4: what a morale result makes a character do (carried out in sequence 1
    of the next period)."""

    result: str
    retreat_cm: int
    """Backing away facing the enemy (Flight I in a mêlée), else 0."""
    run_to: tuple[str, ...]
    """Cover kinds he runs to (the nearest not threatened within a period), or
    ("table edge",) for Panic; () when he stays."""
    back_to_enemy: bool
    stays: str
    """"period" (until the end of the period), "game" (the rest of the game, unless a
    leader rallies him), "leaves" (off the table for good) or ""."""
    shoots: bool
    initiative_if_caught: bool


def flight(res: str, *, in_melee: bool) -> Flight:
    """GA 12.4: Flight I: in a mêlée back 3 cm facing the enemy, else run to the
    nearest light, medium or large cover until the end of the period; Flight II: run
    (back to the enemy) to the nearest medium or large cover for the rest of the game;
    Panic: run to the nearest table edge and leave. None of them shoots; caught, they
    have no initiative (Flight I: only during his move)."""
    if res == "flight1":
        if in_melee:
            return Flight(res, 3, (), False, "period", False, True)
        return Flight(res, 0, ("light", "medium", "large"), False, "period", False, False)
    if res == "flight2":
        return Flight(res, 0, ("medium", "large"), in_melee, "game", False, False)
    if res == "panic":
        return Flight(res, 0, ("table edge",), True, "leaves", False, False)
    return Flight(res, 0, (), False, "", True, True)


def rally(courage: int, rallier_courage: int, rallier_strength: int, d4: int, *,
          who: str = "", rallier: str = "") -> tuple[Tally, bool]:
    """GA 12.5: the character's Courage + the rallier's (Baron, leader, friendly knight,
    not fighting) Courage and Strength + D4; more than 30 makes him operational again.
    Tried in sequence 7, again every period."""
    if not 1 <= d4 <= 4:
        raise ValueError(f"a D4 shows 1-4, not {d4}")
    src = rallier or N_("rallier")
    t = tally(N_("rally"), rule("rally"), [
        Term(N_("Courage"), courage, who or N_("character")), Term(N_("D4"), d4, N_("die")),
        Term(N_("rallier's Courage"), rallier_courage, src),
        Term(N_("rallier's Strength"), rallier_strength, src)])
    return t, t.total > int(table("rally")["more_than"])


def bearer_abandons_lances(total: int) -> bool:
    """GA 13.1.4: a lance bearer who flees after a morale result under 6 abandons
    everything."""
    return total < 6
