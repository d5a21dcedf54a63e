"""Moves carried out together stop where the ruleset says (issue 18 point 4): a charge
reaching its distance, a figure coming into sight of an enemy; the others go on."""

from __future__ import annotations

import pytest

from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.paths import plan_path
from boardapp.core.table.sight import eye_of, line_of_sight
from boardapp.core.table.together import Figure, carry_out

TABLE = find_ruleset("table-demo").board_map.table
COSTS = {"light": 2.0, "medium": 4.0, "large": 6.0}


def test_a_charge_stops_when_it_reaches_its_distance_and_the_others_go_on():
    def east(y: float) -> Figure:
        return Figure("red", Base(5, y, facing=90), plan_path(TABLE, [(5, y), (19, y)], COSTS), 14)

    figures = {"charger": east(5), "walker": east(12)}

    def charge(pid, bases, effort):
        return "the charge reaches 6 cm" if pid == "charger" and effort >= 6 else None

    fractions = carry_out(figures, halt=charge)
    halted = [(f.index, f.halted) for f in fractions if f.halted]
    assert halted == [(3, [("charger", "the charge reaches 6 cm")])]
    moved = to_cm(fractions[-1].positions["charger"][0]) - 5
    assert 6 <= moved < 7  # stopped at the first small step past 6 cm
    assert fractions[2].positions["charger"] == fractions[-1].positions["charger"]
    assert to_cm(fractions[-1].positions["walker"][0]) == pytest.approx(19)


def test_a_figure_stops_as_soon_as_an_enemy_sees_it():
    watcher = Base(15, 10, facing=180)
    start = Base(15, 45, facing=90)

    def seen(at: Base) -> bool:
        return line_of_sight(TABLE, eye_of(TABLE, watcher, 3), eye_of(TABLE, at, 3)).clear

    def spotted(pid, bases, effort):
        return "seen by the watcher" if pid == "scout" and seen(bases[pid]) else None

    assert not seen(start)  # behind the wood
    figures = {"watcher": Figure("blue", watcher),
               "scout": Figure("red", start, plan_path(TABLE, [(15, 45), (45, 45)], COSTS), 30)}
    fractions = carry_out(figures, halt=spotted)
    stop = fractions[-1].positions["scout"]
    end = Base(to_cm(stop[0]), to_cm(stop[1]), facing=90)
    assert [h for f in fractions for h in f.halted] == [("scout", "seen by the watcher")]
    assert seen(end) and not seen(Base(end.x - 1.0, end.y))
    assert end.x < 45
