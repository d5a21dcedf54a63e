"""The Lily and the Ermine: map, set-up, strategic movement, fatigue, random play."""

from __future__ import annotations

import random

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest, pieces_at
from rulesets.lily_ermine import RULESET

_RULESET = RULESET()
ARMY = ["tremoille", "beaudricourt", "france-gd-1", "france-gd-2", "france-cm-1",
        "france-cm-2", "france-ca-1", "france-ca-2", "france-ar-1", "france-ar-2",
        "france-ar-3"]


def new_game(seed: int = 1) -> Game:
    return Game(_RULESET, "1487", seed)


def to_phase(game: Game, phase: str, side: str = "france") -> None:
    while not (game.state["phase"] == phase and game.state["active"] == side):
        if game.state.get("flow"):
            game.push(game.legal_actions()[0])
        else:
            game.push("next-phase")


def kinds(game: Game, place: str) -> list[str]:
    """The counters at ``place`` as 'Gd france' / commander ids, sorted."""
    out = []
    for pid in pieces_at(game.state, place):
        t = game.state["pieces"][pid]["type"]
        out.append(t if "." not in t else " ".join(t.split(".")))
    return sorted(out)


# -- the map (5) ---------------------------------------------------------------------------
def test_map_keeps_the_facts_of_the_rules():
    bmap = _RULESET.board_map
    assert bmap.approximate
    assert len(bmap.areas) == 45
    names = {n: bmap.areas[f"sz{n}"].name for n in (1, 9, 23, 24, 26, 38)}
    assert names == {1: "1 Brest", 9: "9 Quimper", 23: "23 Guérande", 24: "24 Nantes",
                     26: "26 Saint-Malo", 38: "38 Rennes"}
    for n in (1, 9, 23, 24, 26):
        assert bmap.areas[f"sz{n}"].port, n
    assert bmap.areas["sz38"].nf == 2  # siege example
    for a, b in (("sz45", "sz44"), ("sz44", "sz43"), ("sz43", "sz38")):
        assert bmap.graph.has_edge(a, b)
    for n in (1, 10, 12, 17, 21, 24, 36, 37, 38):
        assert _RULESET.is_objective(f"sz{n}")
    assert all(a.source for a in bmap.areas.values())
    assert all(1 <= a.nf <= 3 for a in bmap.areas.values() if a.fortified)
    assert {a.region for a in bmap.areas.values()} == {"brittany", "france"}
    assert _RULESET.step_cost("sz10", "sz11") == 2  # mountain
    assert _RULESET.step_cost("sz22", "sz28") == 2  # forest
    assert _RULESET.step_cost("sz24", "sz39") == 1  # across the Loire: no penalty (13)
    assert len(bmap.tracks["turn"].cells) == 13


# -- the set-up (13) -----------------------------------------------------------------------
def test_setup_follows_rules_13():
    game = new_game()
    s = game.state
    assert s["turn"] == 1 and s["active"] == "france" and s["phase"] == "rr"
    assert _RULESET.turn_label(1) == "round 1 (Spr 1487)"
    assert _RULESET.turn_label(13) == "round 13 (Spr 1491)"
    brittany = {z for z, c in s["control"].items() if c == "brittany"}
    france = {z for z, c in s["control"].items() if c == "france"}
    assert brittany == {"sz1", "sz10", "sz12", "sz17", "sz24", "sz36", "sz38"}
    assert france == {"sz21", "sz37"}
    assert kinds(game, "sz45") == sorted(
        ["tremoille", "laval-fr", "rohan-fr", "beaudricourt", "saint-andre", "balzac",
         "Gd france", "Gd france", "Cm france", "Cm france", "Ca france", "Ca france",
         "Ar france", "Ar france", "Ar france", "Ar france", "Co france"])
    assert kinds(game, "sz37") == ["Mi laval"]
    assert kinds(game, "sz21") == ["Mi rohan"]
    assert kinds(game, "sz22") == sorted(
        ["francois-ii", "rieux-br", "orleans", "Gd brittany", "Cm brittany", "Ca brittany",
         "Ar brittany", "Ar brittany", "Ar brittany", "Mi brittany", "Mi brittany",
         "Mi brittany"])
    assert kinds(game, "sz36") == ["Ar brittany", "roumille"]
    assert kinds(game, "sz24") == ["Mi brittany"]
    assert kinds(game, "sz32") == ["Mi rieux"]
    assert kinds(game, "sz38") == ["Mi brittany"]
    assert kinds(game, "reserve-france") == ["Ca france"]
    # Laval and Rohan serve France, Rieux Brittany (13).
    assert _RULESET.piece_side(s, "laval-mi-1") == "france"
    assert _RULESET.piece_side(s, "rieux-mi-1") == "brittany"
    # 2 SP full, Ca and Mi 1 SP (rules 2, 8 example).
    assert _RULESET.sp(s, "france-gd-1") == 2 and _RULESET.sp(s, "france-ca-1") == 1
    assert _RULESET.sp(s, "brittany-mi-1") == 1


def test_rp_dice_for_france_and_brittany():
    game = new_game()
    game.push("set-dice 1,2,3,4")
    game.push("roll-rp")
    assert game.state["vars"]["rp"]["france"] == 10
    assert "13 Replacement Points" in (game.log[-1].lines[0].rule or "")
    to_phase(game, "rr", "brittany")
    game.push("set-dice 6,6,6")  # round 1: 2D6 + 1D6 (13)
    game.push("roll-rp")
    assert game.state["vars"]["rp"]["brittany"] == 18


# -- strategic movement (8) --------------------------------------------------------------
def example_position() -> Game:
    """Rules 8 example: Tremoille's army at 45, an Ar at 44 and a Co at 43; summer."""
    game = new_game()
    game.state["turn"] = 2  # a summer round, as in the example
    game.push("place france-ar-4 sz44")
    game.push("place france-co-1 sz43")
    to_phase(game, "movement")
    return game


def test_movement_example_tremoille_44_43_38():
    game = example_position()
    game.push("move " + ",".join(ARMY) + " sz44")
    assert game.state["vars"]["moving"]["mp_left"] == 2  # Tremoille, 3 stars: 3 MP
    game.push("pick-up france-ar-4")
    game.push("move " + ",".join(ARMY + ["france-ar-4"]) + " sz43")
    game.push("pick-up france-co-1")
    army = ARMY + ["france-ar-4", "france-co-1"]
    game.push("move " + ",".join(army) + " sz38")
    s = game.state
    assert set(army) <= set(pieces_at(s, "sz38"))
    assert s["vars"]["moving"] is None  # 3 MP spent and stopped in an occupied enemy zone
    assert s["vars"]["markers"] == {"sz38": "siege"}
    assert _RULESET.stack_sp(s, [p for p in pieces_at(s, "sz38")
                                  if _RULESET.piece_side(s, p) == "france"]) == 20
    text = " ".join(line.text for e in game.log for line in e.lines)
    assert "siege marker in 38 Rennes" in text
    # The fatigue of the example: column 20-29 SP, die 5, no modifier: 2 SP lost.
    game.push("set-dice 1,1,5")  # 21 Josselin and 37 Vitre (Mi) first, then 38
    game.push("next-phase")
    flow = game.state["flow"][-1]
    assert flow["step"] == "fatigue-ask" and flow["vars"]["zone"] == "sz21"
    game.push("fatigue-result 0")
    game.push("fatigue-result 0")
    flow = game.state["flow"][-1]
    assert flow["step"] == "fatigue-losses" and flow["vars"]["remaining"] == 2
    table_lines = [line for e in game.log for line in e.lines
                   if line.detail and line.detail.get("kind") == "table"]
    last = table_lines[-1].detail
    assert (last["column"], last["die"], last["modified"], last["result"]) == (
        "20-29 SP", 5, 5, "2 SP lost")
    assert last["rule"] == "Lily and the Ermine 9"
    game.push("eliminate-unit france-ar-1")
    assert not game.state.get("flow")
    assert game.state["pieces"]["france-ar-1"]["loc"] == "reserve-france"


def test_one_drag_moves_the_whole_way_and_undo_restores():
    game = example_position()
    before = digest(game.state)
    game.push("move " + ",".join(ARMY) + " sz38")
    assert game.state["vars"]["markers"] == {"sz38": "siege"}
    game.undo()
    assert digest(game.state) == before


def refusal(game: Game, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        game.push(text)
    return info.value


def test_refusals_cite_their_section():
    game = new_game()
    assert refusal(game, "move tremoille,france-gd-1 sz44").rule == "Lily and the Ermine 6"
    to_phase(game, "movement")
    err = refusal(game, "move france-gd-1,france-gd-2 sz44")
    assert err.rule == "Lily and the Ermine 8 Overview" and "on their own" in err.reason
    err = refusal(game, "move francois-ii,brittany-gd-1 sz21")
    assert err.rule == "Lily and the Ermine 6"
    err = refusal(game, "move tremoille,france-gd-1 sz1")
    assert err.rule == "Lily and the Ermine 8 Procedure" and "3 MP" in err.reason
    game.push("move tremoille,france-gd-1 sz44")
    err = refusal(game, "move beaudricourt,france-gd-2 sz44")
    assert err.rule == "Lily and the Ermine 8 Overview" and "complete its movement" in err.reason
    game.push("end-move")
    err = refusal(game, "move tremoille,france-gd-1 sz43")
    assert err.rule == "Lily and the Ermine 8 Overview" and "once per round" in err.reason
    # Militia may not leave Brittany (13): Laval's Mi at Vitre with a French commander.
    game.push("place saint-andre sz37")
    err = refusal(game, "move saint-andre,laval-mi-1 sz42")
    assert err.rule == "Lily and the Ermine 13 Strategic movement"
    game.push("move saint-andre,laval-mi-1 sz43")  # inside Brittany: allowed


def test_mountain_costs_two():
    game = new_game()
    game.push("place roumille,brittany-ar-4 sz10")
    to_phase(game, "movement", "brittany")
    reach = _RULESET.reachable(game.state, ["roumille", "brittany-ar-4"])
    assert reach["sz11"].cost == 2
    assert "sz8" not in reach or reach["sz8"].cost == 3


def test_fatigue_asks_when_the_table_is_unknown():
    game = new_game()  # round 1 is a spring round: the spring modifier is unknown
    to_phase(game, "movement")
    game.push("set-dice 4")
    game.push("next-phase")
    flow = game.state["flow"][-1]
    assert flow["step"] == "fatigue-ask"
    prompt = _RULESET.prompt(game.state)
    assert "column 1-9 SP" in prompt and "die 4" in prompt and "spring round" in prompt
    asks = [line for line in game.log[-1].lines if line.detail and
            line.detail.get("kind") == "ask"]
    assert asks and asks[0].rule == "Lily and the Ermine 9"
    offered = [a.text() for a in game.legal_actions()]
    assert offered == ["fatigue-result 0", "fatigue-result 1"]
    game.push("fatigue-result 1")
    assert [a.text() for a in game.legal_actions()] == ["eliminate-unit rohan-mi-1"]


def test_random_legal_play_reaches_the_end():
    rng = random.Random(7)
    game = new_game(seed=3)
    for _ in range(4000):
        actions = game.legal_actions()
        if not actions:
            break
        # Favour progress so that the 13 rounds fit in the budget.
        nxt = [a for a in actions if a.verb in ("next-phase", "end-move")]
        action = nxt[0] if nxt and rng.random() < 0.35 else rng.choice(actions)
        game.push(action)
    assert game.state["vars"]["over"]
    assert _RULESET.outcome(game.state)
    # Replaying the log rebuilds the same state.
    again = Game.replay(_RULESET, "1487", 3, [(e.action.text(), e.side) for e in game.log])
    assert digest(again.state) == digest(game.state)


def test_maritime_movement_of_the_bretons():
    game = new_game()
    to_phase(game, "movement", "brittany")
    # Nantes' militia sails to Brest: a drag to a distant coastline zone is a sea move.
    assert _RULESET.move_action(game.state, ["brittany-mi-4"], "sz1").verb == "sail"
    game.push("sail brittany-mi-4 sz1")
    assert game.state["pieces"]["brittany-mi-4"]["loc"] == "sz1"
    err = refusal(game, "sail brittany-mi-4 sz26")
    assert err.rule == "Lily and the Ermine 13 Maritime movement"
    game = new_game()
    game.push("place francois-ii,brittany-gd-1,brittany-ar-1 sz23")
    to_phase(game, "movement", "brittany")
    err = refusal(game, "sail francois-ii,brittany-gd-1,brittany-ar-1 sz1")
    assert err.rule == "Lily and the Ermine 13 Maritime movement" and "2 SP" in err.reason
    game.push("sail francois-ii,brittany-gd-1 sz1")
    game = new_game()
    to_phase(game, "movement")
    err = refusal(game, "sail laval-mi-1 sz1")
    assert err.rule == "Lily and the Ermine 13 Maritime movement"


def test_garrison_becomes_an_army_for_2_mp():
    game = new_game()
    # Roumille under his Ar in Fougeres (a fortress): a garrison (2, 8).
    game.push("order sz36 brittany-ar-4,roumille")
    to_phase(game, "movement", "brittany")
    reach = _RULESET.reachable(game.state, ["roumille", "brittany-ar-4"])
    assert max(r.cost for r in reach.values()) <= 1  # 3 MP - 2 for the transformation
    game.push("move roumille,brittany-ar-4 sz35")
    text = " ".join(line.text for line in game.log[-1].lines)
    assert "garrison turned into an army (2 MP)" in text


def test_filled_table_values_resolve_without_asking():
    rs = RULESET()
    # The players fill two values in Edit > Game data (test data, not the publisher's).
    game = Game(rs, "1487", 1)
    game.push("data fatigue 1-9:5=0")
    game.push("data fatigue-modifiers spring:value=1")
    assert game.log[-1].manual and "Fatigue modifiers: spring value = 1" in \
        game.log[-1].lines[0].text
    to_phase(game, "movement")
    game.push("set-dice 4,4,1")
    game.push("next-phase")
    tables = [line.detail for line in game.log[-1].lines
              if line.detail and line.detail.get("kind") == "table"]
    assert [(t["column"], t["die"], t["modified"], t["result"]) for t in tables[:2]] == [
        ("1-9 SP", 4, 5, "0 SP lost"), ("1-9 SP", 4, 5, "0 SP lost")]
    assert tables[0]["modifiers"][0]["label"] == "spring round"
    assert game.state["flow"][-1]["step"] == "fatigue-ask"  # 45: column 20-29, die 2: unknown


def test_bad_data_is_reported_with_file_and_place(tmp_path):
    from boardapp.core.base.errors import DataError
    from rulesets.lily_ermine.model.data import load_counters

    bad = tmp_path / "counters.yaml"
    bad.write_text("unit_types:\n  Xx: {name: x, cf: [1, 1], mp: 1, rp: 1}\n",
                   encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_counters(bad)
    assert info.value.place == "unit_types.Xx" and "rules 3" in info.value.problem


def test_combat_table_columns_round_in_the_defenders_favour():
    table = _RULESET.combat_table
    assert table.column(9, 10) == "2/3"  # rules 10: 9/10 becomes 2/3
    assert table.column(10, 11) == "2/3"  # battle example
    assert table.column(28, 4) == ">=3/1"  # siege example
    assert table.shift(">=3/1", -1) == "2/1"
    assert table.results["2/1"][3].text() == "0/3R"
    assert table.results["2/3"][4].text() == "1/1"


def minor_battle(die: int) -> Game:
    game = new_game()
    game.push("place roumille,brittany-ar-4,brittany-mi-5 sz43")
    to_phase(game, "movement")
    game.push("move beaudricourt,france-ar-1,france-cm-1 sz43")
    assert game.state["vars"]["markers"] == {"sz43": "battle"}
    to_phase(game, "combat")
    assert "fight sz43" in [a.text() for a in game.legal_actions()]
    # The fight is on the toolbar; resolving it by hand is on the zone's menu only (10).
    buttons = [a.text() for a in _RULESET.flow_actions(game.state)]
    assert "fight sz43" in buttons and "resolved sz43" not in buttons
    assert [a.text() for a in _RULESET.place_actions(game.state, "sz43")] == [
        "fight sz43", "resolved sz43"]
    assert "fight each marked battle and siege" in _RULESET.prompt(game.state)
    game.push(f"set-dice {die}")
    game.push("fight sz43")
    return game


def test_minor_battle_with_a_revealed_result():
    game = minor_battle(4)  # CF 5 vs 6: column 2/3, die 4 = 1/1 (battle example)
    table = [line.detail for line in game.log[-1].lines
             if line.detail and line.detail.get("kind") == "table"][0]
    assert (table["column"], table["die"], table["result"]) == ("2/3", 4, "1/1")
    assert table["rule"] == "Lily and the Ermine 10 Minor battle procedure"
    assert game.state["vars"]["markers"] == {}
    assert _RULESET.acting_side(game.state) == "france"
    game.push("reduce france-cm-1")
    assert _RULESET.acting_side(game.state) == "brittany"
    game.push("eliminate-unit brittany-mi-5")
    assert not game.state.get("flow")
    assert game.state["pieces"]["brittany-mi-5"]["loc"] == "reserve-brittany"
    assert game.state["pieces"]["france-cm-1"]["flipped"]


def test_minor_battle_asks_an_unknown_result():
    game = minor_battle(1)
    assert game.state["flow"][-1]["step"] == "battle-ask"
    assert "column 2/3, die 1" in _RULESET.prompt(game.state)
    game.push("combat-losses 0/1")
    game.push("retreat defender")
    game.push("commander-check none")
    assert any("R: Brittany retreats" in line.text for line in game.log[-1].lines)
    game.push("eliminate-unit brittany-mi-5")
    # R: Roumille's army retreats out of 43, where Brittany chooses (10).
    assert _RULESET.acting_side(game.state) == "brittany"
    offered = [a.text() for a in game.legal_actions()]
    assert offered and all(a.startswith("retreat-to ") for a in offered)
    assert "retreat-to sz38" in offered and "retreat-to sz43" not in offered
    game.push("retreat-to sz38")
    assert not game.state.get("flow")
    assert {"roumille", "brittany-ar-4"} <= set(pieces_at(game.state, "sz38"))
    assert not game.state["pieces"]["brittany-ar-4"]["flipped"]  # own zone: no SP lost
    assert any("retreat from 43" in line.text for line in game.log[-1].lines)


def test_major_battle_is_left_to_the_players():
    game = new_game()
    game.push("place francois-ii,rieux-br,orleans,brittany-gd-1,brittany-cm-1,brittany-ca-1,"
              "brittany-ar-1,brittany-ar-2,brittany-ar-3,brittany-mi-1,brittany-mi-2 sz44")
    to_phase(game, "movement")
    game.push("move " + ",".join(ARMY) + " sz44")
    to_phase(game, "combat")
    assert "fight sz44" not in [a.text() for a in game.legal_actions()]
    err = refusal(game, "fight sz44")
    assert err.rule == "Lily and the Ermine 10 Minor battle procedure"
    game.push("resolved sz44")
    assert game.state["vars"]["markers"] == {}
