"""Guet-Apens X-3 on map B (scenario X-3B, GA 14.10.6): the watchtower's reinforcement,
1 knight, 1 man-at-arms with lance and 1 with scythe (group 3's limits, GA 14.10.1),
waits by the South edge and comes in on a D6 at the start of each period: 1 on period
1, 1-2 on period 2, 1-4 on period 3, surely on period 4."""

from __future__ import annotations

import pytest

from boardapp.core.engine.game import Game
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.positions import position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.steps.entries import WAITING_BOX

RS = RULESET()


def _lines(game: Game) -> list[str]:
    return [f"{line.text} ({line.rule})" for entry in game.log for line in entry.lines]


@pytest.mark.parametrize(("die", "arrives"), [(1, 1), (2, None)])
def test_the_tower_reinforcement_waits_by_the_south_edge_for_its_d6(die, arrives):
    game = Game(RS, "X-3B", 3)
    figs = game.state["vars"]["figs"]
    tower = ["a18", "a19", "a20"]
    assert [figs[p]["troop"] for p in tower] == ["knight", "man_at_arms_lance",
                                                  "man_at_arms_scythe"]
    assert figs["a18"]["start"]["sk"] >= 14 and figs["a19"]["start"]["co"] >= 14
    game.play("ready", side="a")
    game.state["dice_queue"] = [die]
    game.play("ready", side="b")
    state = game.state
    assert state["vars"]["reinforcements"]["pids"] == tower
    assert state["vars"]["reinforcements"].get("arrived") == arrives
    depth = RS.board_map.table.depth
    for pid in tower:
        at = position(state, pid) if arrives else None
        if arrives:
            assert to_cm(at[1]) >= depth - 3.0 and at[2] == 0  # by the South edge, North
        else:
            assert state["pieces"][pid]["loc"] == WAITING_BOX
    said = "comes in" if arrives else "not yet"
    assert any(f"D6 {die} on period 1" in t and said in t and "GA 14.10.6" in t
               for t in _lines(game))


def test_x_3_on_map_a_has_no_tower_reinforcement():
    game = Game(RS, "X-3", 3)
    game.play("ready", side="a")
    game.play("ready", side="b")
    assert "reinforcements" not in game.state["vars"]
    assert len([p for p in game.state["vars"]["figs"] if p.startswith("a")]) == 17
