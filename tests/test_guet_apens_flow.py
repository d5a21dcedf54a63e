"""Guet-Apens, the period on the flow: Scenario I (the joust) scripted to its end, every
charge a D20 test shown with the number needed and its terms, the rule cited."""

from __future__ import annotations

from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model import parse_orders

RS = RULESET()


def _joust(seed: int) -> Game:
    """Scenario I: the teams picked (the lowest id left each time), then every pass
    declared and revealed by both players until one side has no knight left."""
    game = Game(RS, "I", seed)
    for _ in range(400):
        if RS.outcome(game.state) is not None:
            return game
        for side in RS.deciding_sides(game.state):
            actions = list(RS.legal_actions(game.state, side))
            if actions:
                game.push(actions[0].text(), side=side)
                break
    raise AssertionError("the joust did not end")


def test_the_teams_are_picked_alternately_after_the_elite_knights_drawn_by_lot():
    game = Game(RS, "I", 5)
    lines = game.state["vars"]["joust"]["lines"]
    assert sorted(lines["a"] + lines["b"]) == ["k1", "k2"]
    assert RS.deciding_sides(game.state) == ["a"]
    game.push("pick k3", side="a")
    assert RS.deciding_sides(game.state) == ["b"]
    game.push("pick k4", side="b")
    assert lines["a"][1:] == ["k3"] and lines["b"][1:] == ["k4"]
    elite = [game.state["vars"]["figs"][k]["start"] for k in ("k1", "k2")]
    assert all(e["sk"] >= 14 and e["st"] >= 16 for e in elite)  # GA 3.3 limits


def test_a_scripted_joust_runs_to_its_end_with_every_charge_shown_and_cited():
    game = _joust(7)
    state = game.state
    outcome = RS.outcome(state)
    assert outcome is not None and "joust" in outcome
    lines = state["vars"]["joust"]["lines"]
    assert (not lines["a"]) != (not lines["b"]) or "draw" in outcome
    assert state["score"]["a"] == 3 * len(lines["a"])
    tests = [line for entry in game.log for line in entry.lines
             if line.detail and line.detail.get("kind") == "table"]
    assert tests and all(t.rule.startswith("GA 9.1.2") for t in tests)
    first = tests[0].detail
    labels = [m["label"] for m in first["modifiers"]]
    assert labels == ["needed: horse Agility", "needed: Skill",
                      "needed: half the target's horse Agility", "needed: target's Strength"]
    needed = sum(m["value"] for m in first["modifiers"])
    assert first["column"] == f"needs {needed} or less"
    out = [p for p, f in state["vars"]["figs"].items() if f["states"] == ["out"]]
    assert len(out) >= 4
    texts = [line.text for entry in game.log for line in entry.lines]
    assert any("is eliminated" in t for t in texts)
    again = Game.replay(RS, "I", 7, [(e.action.text(), e.side) for e in game.log],
                        game.start_data)
    assert digest(again.state) == digest(state)


def test_both_jousters_charge_each_other_and_meet_beyond_12_cm():
    game = Game(RS, "I", 3)
    for pid, side in (("k3", "a"), ("k4", "b"), ("k5", "a"), ("k6", "b"), ("k7", "a"),
                      ("k8", "b")):
        game.push(f"pick {pid}", side=side)
    for side in ("a", "b"):
        (only,) = list(RS.legal_actions(game.state, side))
        (order,) = parse_orders(only.arg(0))
        assert order.charge  # GA 14.1: a jouster's only declaration is the charge
        game.push(only.text(), side=side)
    for side in ("a", "b"):
        game.push("reveal", side=side)
    texts = [line.text for entry in game.log for line in entry.lines]
    assert any("the charge is effective" in t for t in texts)


def _picked(seed: int, played_with: str | None = None) -> Game:
    """Scenario I with the teams picked: four knights a side in line."""
    game = Game(RS, "I", seed, played_with=played_with)
    for _ in range(6):
        side = RS.deciding_sides(game.state)[0]
        game.push(next(iter(RS.legal_actions(game.state, side))).text(), side=side)
    return game


def _pass(game: Game, results: list[dict]) -> dict[str, list[str]]:
    from boardapp.core.engine.context import Context
    from rulesets.guet_apens.steps.joust import after_pass

    state = game.state
    after_pass(RS, state, Context(state, "a"), results)
    return state["vars"]["joust"]["lines"]


def test_after_a_pass_only_the_side_that_lost_no_knight_rests_its_winner():
    """B25 'rests': the winner lets his next companion joust. Both knights unhorsed
    together: neither side won, so neither line turns (this once depended on a Python set's
    order, which differs from one process to the next)."""
    game = _picked(5)
    lines = game.state["vars"]["joust"]["lines"]
    a, b = list(lines["a"]), list(lines["b"])
    assert len(a) == len(b) == 4
    after = _pass(game, [{"charger": a[0], "target": b[0], "broke": False, "unhorsed": True}])
    assert after["b"] == b[1:] and after["a"] == a[1:] + a[:1]

    game = _picked(5)
    lines = game.state["vars"]["joust"]["lines"]
    a, b = list(lines["a"]), list(lines["b"])
    after = _pass(game, [
        {"charger": a[0], "target": b[0], "broke": False, "unhorsed": True},
        {"charger": b[0], "target": a[0], "broke": False, "unhorsed": True}])
    assert after == {"a": a[1:], "b": b[1:]}


def test_games_of_0_2_keep_one_fixed_reading_of_a_double_fall():
    """Before 0.3 the side whose line turned was the one of a fallen knight taken from a
    set; replays now take the lowest id, the same in every process."""
    game = _picked(5, played_with="0.2")
    lines = game.state["vars"]["joust"]["lines"]
    a, b = list(lines["a"]), list(lines["b"])
    after = _pass(game, [
        {"charger": a[0], "target": b[0], "broke": False, "unhorsed": True},
        {"charger": b[0], "target": a[0], "broke": False, "unhorsed": True}])
    first_out_side = "a" if min(a[0], b[0]) == a[0] else "b"
    turned = "b" if first_out_side == "a" else "a"
    rest = {"a": a[1:], "b": b[1:]}
    rest[turned] = rest[turned][1:] + rest[turned][:1]
    assert after == rest
