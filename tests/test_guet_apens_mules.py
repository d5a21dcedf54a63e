"""Guet-Apens's mules as figures (GA 6.1.5, 6.2, 13.6, 14.8.2, 14.10.3, 14.10.6-8): on
the table in VIII-2 and X, led base to base at 12 cm a run, loose on 2D8, led off an
edge (captured for good by the enemy, GA 14.8.2), killed by hand with their load as
cover, their cargo loaded on a horse in 8 periods, no woods in X-3/X-4, counted at the
end and for the campaign's cargo sheet."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.table.fixed import to_cm, to_tenths, to_units
from boardapp.core.table.positions import position, set_position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model import TOUCHING
from rulesets.guet_apens.model.mules import mule_run, wander
from rulesets.guet_apens.steps.campaign import carry_forward
from rulesets.guet_apens.steps.carry import carry_out_sequence
from rulesets.guet_apens.steps.mules import cargo_row, tally

RS = RULESET()


def _ready(scenario: str = "VIII-2", seed: int = 3, played_with: str | None = None) -> Game:
    game = Game(RS, scenario, seed, None, played_with)
    game.play("ready", side="a")
    game.play("ready", side="b")
    return game


def _to_orders(game: Game) -> None:
    """Pass to the first movement orders of side A."""
    for _ in range(50):
        frame = game.state["flow"][-1]
        if frame["step"] == "move" and "a" in RS.deciding_sides(game.state):
            return
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        game.play(next((t for t in ("commit hold", "commit none") if t in legal), legal[0]),
                  side=side)
    raise AssertionError("no movement orders")


def _hold(game: Game, turn: int) -> None:
    for _ in range(400):
        if game.state["turn"] >= turn:
            return
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        game.play(next((t for t in ("commit hold", "commit none") if t in legal), legal[0]),
                  side=side)
    raise AssertionError("the periods did not pass")


def _at(state, pid) -> tuple[float, float]:
    at = position(state, pid)
    return to_cm(at[0]), to_cm(at[1])


def _put(state, pid, x, y, facing=90.0) -> None:
    set_position(state, pid, to_units(x), to_units(y), to_tenths(facing))


def _lines(game: Game) -> list[str]:
    return [f"{line.text} ({line.rule})" for entry in game.log for line in entry.lines]


def _touching(state, a, b) -> bool:
    return b in RS.index(state).contacts(a, TOUCHING)


def test_viii_2_fields_two_mules_led_by_stonemasons():
    """GA 14.8.2: two mules, each led base to base by a stonemason."""
    state = RS.setup("VIII-2", 3)
    rows = state["vars"]["mules"]
    assert sorted(rows) == ["mule1", "mule2"]
    for mid, row in rows.items():
        assert state["pieces"][mid]["type"] == "mule"
        assert state["vars"]["figs"][row["leader"]]["role"] == "stonemason"
        assert _touching(state, row["leader"], mid)
        assert RS.piece_side(state, mid) == "a"
    assert str(RS.piece_name(state, "mule1")) == "Mule 1"
    face = RS.counter_face(state, "mule1")
    assert "light cover" in str(face.tooltip) and "12 cm" in str(face.tooltip)


def test_x_mules_have_medium_cover_and_older_games_have_none():
    """GA 14.10.3: medium cover in Scenario X; games of 0.1-0.3 had no mule pieces."""
    state = RS.setup("X-1", 2)
    assert "medium cover" in str(RS.counter_face(state, "mule1").tooltip)
    for old in ("0.1", "0.2", "0.3"):
        state = RS.setup("X-1", 2, played_with=old)
        assert "mules" not in state["vars"] and "mule1" not in state["pieces"]


def test_a_leader_goes_at_his_mules_pace_12_cm():
    """GA 6.1.5: a pack animal runs 12 cm; its leader goes at its pace (13.6)."""
    state = RS.setup("VIII-2", 3)
    leader = state["vars"]["mules"]["mule1"]["leader"]
    assert mule_run() == 12
    assert RS.allowance(state, leader) == min(12.0, RS.run_allowance(state, leader))
    free = next(p for p, f in state["vars"]["figs"].items() if f["role"] == "stonemason"
                and p not in {r["leader"] for r in state["vars"]["mules"].values()})
    assert RS.allowance(state, free) == RS.run_allowance(state, free)


def test_the_mule_follows_its_leader_base_to_base_and_the_leader_is_held_to_12_cm():
    game = _ready()
    _to_orders(game)
    state = game.state
    leader = state["vars"]["mules"]["mule1"]["leader"]
    x, y = _at(state, leader)
    with pytest.raises(BoardappError):
        game.play(f"commit {leader}:{x + 12.5:.2f},{y:.2f}", side="a")
    game.play(f"commit {leader}:{x + 10:.2f},{y:.2f}", side="a")
    if "b" in RS.deciding_sides(game.state):
        game.play("commit hold", side="b")
    lx, ly = _at(game.state, leader)
    assert lx == pytest.approx(x + 10, abs=0.05)
    mx, my = _at(game.state, "mule1")
    assert mx < lx and my == pytest.approx(ly, abs=0.05)  # drawn after him
    assert _touching(game.state, leader, "mule1")


def test_a_loose_mule_wanders_2d8():
    """GA 6.2: the first D8 the cm, the second the direction (data default: 45° a face)."""
    state = RS.setup("VIII-2", 3)
    row = state["vars"]["mules"]["mule1"]
    f = state["vars"]["figs"][row["leader"]]
    f["states"] = ["dead"]
    _put(state, "mule1", 40.0, 30.0, 90.0)
    x0, y0 = _at(state, "mule1")
    state["dice_queue"] = [5, 3]  # 5 cm, face 3 = 90° clockwise from east: south
    ctx = Context(state, "a")
    carry_out_sequence(RS, state, ctx, {})
    assert row["leader"] is None
    x, y = _at(state, "mule1")
    ex, ey, _ = wander(x0, y0, 90.0, 5, 90.0)
    assert (x, y) == pytest.approx((ex, ey), abs=0.05)
    assert any("2D8" in line.text and "GA 6.2" in (line.rule or "") for line in ctx.lines)


def test_an_enemy_seizes_a_loose_mule_and_leads_it_off_the_north_edge_captured():
    """GA 14.8.2: to be captured for good, a mule is led off any edge but the West."""
    game = _ready()
    state = game.state
    row = state["vars"]["mules"]["mule1"]
    state["vars"]["figs"][row["leader"]]["states"] = ["dead"]
    row["leader"] = None
    _to_orders(game)
    state = game.state
    b = next(p for p in sorted(state["vars"]["figs"]) if p.startswith("b"))
    state["pieces"][b]["loc"] = "table"
    _put(state, "mule1", 40.0, 3.0, 0.0)
    _put(state, b, 40.0, 1.05, 0.0)
    game.play(f"lead mule1 {b}", side="b")
    assert state["vars"]["mules"]["mule1"]["holder"] == "b"
    assert RS.piece_side(state, "mule1") == "b"
    game.play("lead-off mule1", side="b")
    assert state["vars"]["mules"]["mule1"]["state"] == "out"
    assert state["vars"]["mules"]["mule1"]["edge"] == "N"
    assert "out" in state["vars"]["figs"][b]["states"]
    assert any("captured for good" in t and "GA 14.8.2" in t for t in _lines(game))
    assert tally(state)["b"]["out"] == 1


def test_a_friend_cannot_take_a_mule_an_enemy_holds():
    game = _ready()
    _to_orders(game)
    state = game.state
    leader = state["vars"]["mules"]["mule1"]["leader"]
    b = next(p for p in sorted(state["vars"]["figs"]) if p.startswith("b"))
    state["pieces"][b]["loc"] = "table"
    mx, my = _at(state, "mule1")
    _put(state, b, mx + 3.05, my, 270.0)
    assert _touching(state, b, "mule1")
    with pytest.raises(BoardappError):
        game.play(f"lead mule1 {b}", side="b")
    assert state["vars"]["mules"]["mule1"]["leader"] == leader


def test_a_killed_mule_s_cargo_goes_onto_a_horse_in_8_periods():
    """GA 14.10.3: a killed mule's cargo is moved onto a horse in 8 periods."""
    game = _ready()
    _to_orders(game)
    state = game.state
    game.play("mule-killed mule1", side="a")
    assert state["vars"]["mules"]["mule1"]["state"] == "dead"
    assert any("light cover" in t and "GA 14.10.3" in t for t in _lines(game))
    rider = next(p for p, f in sorted(state["vars"]["figs"].items())
                 if f["side"] == "a" and RS.mounted(state, p))
    mx, my = _at(state, "mule1")
    _put(state, rider, mx, my + 2.05, 90.0)
    assert _touching(state, rider, "mule1")
    game.play(f"load mule1 {rider}", side="a")
    start = game.state["turn"]
    _hold(game, start + 7)
    assert game.state["vars"]["mules"]["mule1"]["cargo"] is None
    _hold(game, start + 8)
    assert game.state["vars"]["mules"]["mule1"]["cargo"] == rider
    assert any("cargo is on" in t and "GA 14.10.3" in t for t in _lines(game))


def test_mules_may_not_enter_the_woods_in_x_3():
    """GA 14.10.6: on map A the mules cannot go through the woods."""
    from shapely.geometry import Polygon

    from boardapp.core.table.tablemap import Scenery

    state = RS.setup("X-3", 2)
    leader = state["vars"]["mules"]["mule1"]["leader"]
    x, y = _at(state, leader)
    RS.play_on("X-3")
    table = RS.board_map.table
    wood = Scenery("w1", "wood", "Fork wood", Polygon([(x + 3, y - 5), (x + 8, y - 5),
                                                       (x + 8, y + 5), (x + 3, y + 5)]))
    table.scenery["w1"] = wood
    try:
        why = RS.why_not_mules_path(state, leader, ((x + 10, y),))
        assert why is not None and "Fork wood" in str(why[0]) and "14.10.6" in why[1]
        state1 = RS.setup("X-1", 2)
        assert RS.why_not_mules_path(state1, leader, ((x + 10, y),)) is None
    finally:
        del table.scenery["w1"]


def test_the_campaign_cargo_sheet_counts_the_mules_on_the_table():
    """GA 14.10: the end of an adventure writes the mules left and who holds them."""
    state = RS.setup("X-1", 2)
    state["vars"]["mules"]["mule2"]["state"] = "dead"
    assert cargo_row(state) == {"holder": "a", "count": 1}
    ctx = Context(state, "a")
    carry_forward(RS, state, ctx)
    assert state["data"]["cargo"]["mules"] == {"holder": "a", "count": 1}


def test_the_cargo_sheet_overrides_the_table_at_the_next_adventure():
    """GA 14.10: the players' sheet (held by the outlaws, one mule) is applied."""
    data = {"cargo": {"mules": {"holder": "b", "count": 1}}}
    game = Game(RS, "X-2", 4, data)
    game.play("ready", side="a")
    game.play("ready", side="b")
    rows = game.state["vars"]["mules"]
    assert rows["mule2"]["state"] == "dead"
    assert rows["mule1"]["holder"] == "b" and rows["mule1"]["leader"].startswith("b")
    assert any("The mules on the table: 1" in t for t in _lines(game))
