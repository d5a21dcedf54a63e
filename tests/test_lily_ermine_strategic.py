"""The Lily and the Ermine, strategic side: R&R (7, 13), armies and garrisons (8),
retreats and the commander check (10), diplomacy (11), victory (12), whole games."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest, pieces_at
from rulesets.lily_ermine import RULESET
from rulesets.lily_ermine.model import reinforcements, victory
from rulesets.lily_ermine.model.data import parse_result

RS = RULESET()


def new_game(seed: int = 1, rs=RS) -> Game:
    return Game(rs, "1487", seed)


def to_phase(game: Game, phase: str, side: str = "france") -> None:
    while not (game.state["phase"] == phase and game.state["active"] == side):
        if game.state.get("flow"):
            game.push(game.legal_actions()[0])
        else:
            game.push("next-phase")


def refusal(game: Game, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        game.push(text)
    return info.value


def texts(game: Game) -> str:
    return " | ".join(line.text for e in game.log for line in e.lines)


def legal(game: Game) -> list[str]:
    return [a.text() for a in game.legal_actions()]


# -- R&R (7, 13) -------------------------------------------------------------------------------
def test_round_1_reinforcements_swiss_table_asked_and_placed_with_an_army():
    game = new_game()
    assert "buy france-gd-3 sz45" not in legal(game)  # RP not rolled yet (13)
    game.push("set-dice 3,3,3,3,4")  # 4D6 RP, then the Swiss die (a spring round)
    game.push("roll-rp")
    assert game.state["vars"]["rp"]["france"] == 12
    # The Reinforcements Table is not printed: the players give the value.
    assert "Swiss: die 4" in RS.prompt(game.state)
    answers = [a.text() for a in RS.flow_actions(game.state)]
    assert answers[:4] == [f"reinforcements swiss {n}" for n in range(4)]
    assert "next-phase" in answers  # unanswered, the question lapses with the phase
    assert "buy swiss-pi-1 sz45" not in legal(game)
    game.push("reinforcements swiss 1")
    assert game.state["vars"]["allowance"]["swiss"] == {"count": 1, "round": 1}
    assert "12 RP; Swiss: 1 counter may come (13)." in RS.prompt(game.state)
    # Swiss: with a French army (13); not in a zone without one.
    assert "buy swiss-pi-1 sz45" in legal(game)
    err = refusal(game, "buy swiss-pi-1 sz44")
    assert err.rule == "Lily and the Ermine 13 Mercenary reinforcements"
    game.push("buy swiss-pi-1 sz45")
    assert game.state["vars"]["rp"]["france"] == 9
    err = refusal(game, "buy swiss-pi-2 sz45")  # the die allowed one counter
    assert err.rule == "Lily and the Ermine 13 Mercenary reinforcements"
    # A new French counter (a reinforcement, 7.1) at full or reduced strength.
    game.push("buy-reduced france-gd-3 sz44")
    assert game.state["pieces"]["france-gd-3"]["flipped"]
    assert game.state["vars"]["rp"]["france"] == 7
    assert "as a reinforcement in 44" in texts(game)
    # Round 1 has no Replacements sequence: the spare cannon in the Reserve waits (13).
    err = refusal(game, "buy france-ca-3 sz45")
    assert err.rule == "Lily and the Ermine 13 Reinforcements"
    # Never in a zone the enemy controls (7.2): Rennes has a Breton garrison.
    err = refusal(game, "buy france-ar-5 sz38")
    assert err.rule == "Lily and the Ermine 7.2 Placement"
    err = refusal(game, "buy france-ar-5 sz1")  # Brest: a Breton control marker
    assert "controlled by the enemy" in err.reason
    # Where a counter not yet in play may be bought; a drag onto a zone is a purchase.
    reach = reinforcements.purchase_reach(RS, game.state, ["france-ar-5"])
    assert "sz45" in reach and "sz44" in reach and "sz38" not in reach and "sz1" not in reach
    assert reach["sz45"].cost == 2  # its RP
    # While it is dragged the board lights those zones with the price, not MP.
    assert RS.reachable(game.state, ["france-ar-5"]) == reach
    assert reach["sz45"].label == "2 RP"
    assert reinforcements.purchase_reach(RS, game.state, ["swiss-pi-2"]) == {}  # one allowed
    assert RS.move_action(game.state, ["france-ar-5"], "sz45").text() == "buy france-ar-5 sz45"
    # The purchases are on the zone's menu, not on the toolbar.
    assert "Buy France Ar #5 full (2 RP) in 45 Angers (Anjou)" in [
        RS.action_label(game.state, a) for a in RS.place_actions(game.state, "sz45")]
    assert not [a for a in RS.flow_actions(game.state) if a.verb.startswith("buy")]


def breton_spring(game: Game, dice: str) -> None:
    to_phase(game, "rr", "brittany")
    game.push(f"set-dice {dice}")
    game.push("roll-rp")


def test_breton_mercenaries_ports_odd_and_even_dice_and_scales():
    game = new_game()
    breton_spring(game, "6,6,6,3,4,5")  # 3D6 RP (round 1), England 3, Empire 4, Sp/Ga 5
    assert game.state["vars"]["rp"]["brittany"] == 18
    game.push("reinforcements england 2")
    game.push("reinforcements empire 3")
    game.push("reinforcements spain-gascony 1")
    allow = game.state["vars"]["allowance"]
    assert allow["england"] == {"count": 2, "round": 1}  # odd: this spring
    assert allow["empire"] == {"count": 3, "round": 2}  # even: next summer (13)
    # The Breton militia come first in a spring round (13).
    assert "next-phase" not in legal(game)
    assert "first recruit Breton militia" in RS.prompt(game.state)
    err = refusal(game, "next-phase")
    assert err.rule == "Lily and the Ermine 13 R&R of the Breton militia"
    err = refusal(game, "buy england-ar-1 sz38")  # not a port of 13
    assert err.rule == "Lily and the Ermine 13 Mercenary reinforcements"
    game.push("buy england-ar-1 sz26")
    assert game.state["pieces"]["scales"]["loc"] == "sz26"  # Scales accompanies them
    err = refusal(game, "buy empire-pi-1 sz1")
    assert "even" in err.reason
    game.push("buy gascony-co-1 sz23")
    assert game.state["pieces"]["albret"]["loc"] == "sz23"
    assert "albret" in game.state["vars"]["in_play"]  # his cursor now moves (11)
    err = refusal(game, "buy brittany-mi-6 sz44")  # militia stay in Brittany
    assert err.rule == "Lily and the Ermine 13 Strategic movement"
    for pid in ("brittany-mi-6", "brittany-mi-7", "brittany-mi-8"):
        game.push(f"buy {pid} sz24")
    assert "next-phase" in legal(game)
    game.push("next-phase")


def test_the_limit_of_counters_per_ally_on_the_map():
    # Test data: an English contingent of two counters on the map at most.
    rs = RULESET()
    table = rs.reinforcement_table
    conts = dict(table.contingents)
    conts["england"] = replace(conts["england"], min_die=(None, None))
    rs.reinforcement_table = replace(table, contingents=conts)
    game = new_game(rs=rs)
    game.push("place england-ar-1,england-ar-2 sz1")  # by hand
    game.push("place england-hb-1 reserve-brittany")
    game.state["turn"] = 2  # replacements allowed, no Reinforcements Table
    to_phase(game, "rr", "brittany")
    game.push("set-dice 6,6")
    game.push("roll-rp")
    err = refusal(game, "buy england-hb-1 sz9")
    assert err.rule == "Lily and the Ermine 7.1" and "2 English counters" in err.reason
    game.push("place england-ar-2 reserve-brittany")
    game.push("buy england-hb-1 sz9")  # a replacement from the Reserve (7.2)
    assert game.state["pieces"]["england-hb-1"]["loc"] == "sz9"


def test_replacements_rebuild_and_a_commander_returns_on_his_back():
    game = new_game()
    game.state["turn"] = 2
    game.push("place tremoille reserve-france")
    game.state["vars"]["commander_out"]["tremoille"] = 1  # eliminated last round
    game.push("flip france-ar-1")
    game.push("set-dice 2,2,2,2")
    game.push("roll-rp")  # summer: no Reinforcements Table
    assert not game.state.get("flow") and game.state["vars"]["rp"]["france"] == 8
    game.push("buy france-ca-3 sz45")  # the spare cannon, a replacement (7.2)
    assert game.state["vars"]["rp"]["france"] == 5
    assert "as a replacement in 45" in texts(game)
    assert "rebuild france-ar-1" in [a.text() for a in RS.piece_actions(game.state,
                                                                       "france-ar-1")]
    game.push("rebuild france-ar-1")
    assert not game.state["pieces"]["france-ar-1"]["flipped"]
    assert game.state["vars"]["rp"]["france"] == 4  # 2 RP full - 1 RP reduced
    assert RS.action_label(game.state, Action.parse("buy tremoille sz45")) == \
        "Return La Trémoille (back side) in 45 Angers (Anjou)"
    game.push("buy tremoille sz45")
    assert game.state["pieces"]["tremoille"]["flipped"]
    assert RS.piece_name(game.state, "tremoille") == "French commander 1"
    assert game.state["vars"]["rp"]["france"] == 4  # a commander returns without RP
    # A commander eliminated this round waits for the next (10).
    game.state["vars"]["commander_out"]["beaudricourt"] = 2
    game.push("place beaudricourt reserve-france")
    err = refusal(game, "buy beaudricourt sz45")
    assert err.rule == "Lily and the Ermine 10 Elimination of a historic commander"


def test_english_counters_go_to_the_reserve_at_the_end_of_the_year():
    game = new_game()
    game.push("place scales,england-ar-1 sz1")
    game.state["turn"] = 3
    to_phase(game, "combat", "brittany")
    game.push("next-phase")
    assert game.state["turn"] == 4
    assert game.state["pieces"]["england-ar-1"]["loc"] == "reserve-brittany"
    assert game.state["pieces"]["scales"]["loc"] == "reserve-brittany"
    # Removed, not eliminated: Scales comes back on his front with the English (13).
    to_phase(game, "rr", "brittany")
    game.push("set-dice 6,6,6,1,1,1")
    game.push("roll-rp")
    game.push("buy scales sz1")
    assert not game.state["pieces"]["scales"]["flipped"]
    assert RS.piece_name(game.state, "scales") == "Scales"


# -- armies and garrisons (8) -----------------------------------------------------------------
def test_split_garrison_and_consolidation():
    game = new_game()
    to_phase(game, "movement", "brittany")
    moves = legal(game)
    # Three commanders at Ploermel: each may lead his own army (8).
    assert any(m.startswith("move orleans,") for m in moves)
    assert any(m.startswith("move rieux-br,") for m in moves)
    assert "garrison sz36" not in [a.text() for a in RS.flow_actions(game.state)]
    assert [a.text() for a in RS.place_actions(game.state, "sz36")] == ["garrison sz36"]
    game.push("garrison sz36")
    assert pieces_at(game.state, "sz36") == ["brittany-ar-4", "roumille"]
    err = refusal(game, "garrison sz36")
    assert err.rule == "Lily and the Ermine 8"
    # Roumille's garrison becomes an army for 2 MP and joins Rennes' militia.
    game.push("move roumille,brittany-ar-4 sz38")
    assert game.state["vars"]["moving"] is None  # 3 MP - 2 - 1
    assert pieces_at(game.state, "sz38")[0] == "roumille"
    assert "consolidated under Roumillé" in texts(game)


# -- minor battles: commander check and retreat (10) ----------------------------------------
def set_combat_result(game: Game, column: str, die: int, result: str) -> None:
    """Test data, not the publisher's: the Combat Table gives ``result`` there (in the
    game's data sheet when the game carries one, else in the ruleset's table)."""
    sheet = game.state.get("data", {}).get("combat")
    if sheet is not None:
        sheet[column][die - 1] = result
        return
    rs = game.ruleset
    table = rs.combat_table
    results = {k: dict(v) for k, v in table.results.items()}
    results[column][die] = parse_result(result)
    rs.combat_table = replace(table, results=results)


def minor_battle(result: str, dice: str, before=None, column: str = "2/3") -> Game:
    game = new_game(rs=RULESET())
    set_combat_result(game, column, 1, result)
    game.push("place roumille,brittany-ar-4,brittany-mi-5 sz43")
    if before:
        before(game)
    to_phase(game, "movement")
    game.push("move beaudricourt,france-ar-1,france-cm-1 sz43")
    to_phase(game, "combat")
    game.push(f"set-dice {dice}")
    game.push("fight sz43")
    return game


def test_retreat_into_an_enemy_zone_costs_1_sp_and_militia_stay_in_brittany():
    game = minor_battle("0/0R*", "1,1")  # die 1, then Roumille's check: 1
    assert game.state["pieces"]["roumille"]["loc"] == "reserve-brittany"
    assert game.state["vars"]["commander_out"]["roumille"] == 1
    assert "Roumillé is eliminated (commander check *: die 1)" in texts(game)
    assert RS.acting_side(game.state) == "brittany"
    assert "retreat-to sz44" in legal(game)
    game.push("retreat-to sz44")  # Craon, French national territory
    assert game.state["pieces"]["brittany-ar-4"]["flipped"]  # 1 SP lost (10)
    assert game.state["pieces"]["brittany-mi-5"]["loc"] == "reserve-brittany"  # 13
    assert not game.state.get("flow")
    text = texts(game)
    assert "militia may not leave Brittany" in text and "every unit loses 1 SP" in text


def test_an_army_that_cannot_retreat_is_eliminated():
    def surround(game: Game) -> None:
        # French counters by hand in every neighbour of 43 (37 holds Laval's militia).
        for zone, pid in (("sz33", "france-ar-2"), ("sz38", "france-ar-3"),
                          ("sz44", "france-ar-4")):
            game.push(f"place {pid} {zone}")

    game = minor_battle("0/0R", "1", before=surround)
    assert not game.state.get("flow")
    assert "cannot retreat" in texts(game)
    assert game.state["score"]["france"] == 0  # no gendarme among them
    assert {game.state["pieces"][p]["loc"] for p in ("brittany-ar-4", "brittany-mi-5",
                                                      "roumille")} == {"reserve-brittany"}


def test_gendarmes_lost_in_battle_score_for_the_enemy():
    game = minor_battle("1/0", "1")
    game.state["pieces"]["france-cm-1"]["type"] = "Gd.france"  # test position
    game.push("reduce france-cm-1")
    assert game.state["score"]["brittany"] == 1
    # And a Breton Gd reduced by a retreat into an enemy zone: 1 VP for France.
    game = minor_battle("0/0R", "1", before=lambda g: g.push("place brittany-gd-1 sz43"),
                        column="1/2")  # CF 5 vs 9
    game.push("retreat-to sz44")
    assert game.state["pieces"]["brittany-gd-1"]["flipped"]
    assert game.state["score"]["france"] == 1


# -- diplomacy (11) and victory (12) ------------------------------------------------------------
def test_the_alliance_example_6_vp_against_1_rieux_changes_camp():
    game = new_game()
    state = game.state
    ctx = Context(state, "france")
    # The French win a major battle (12 SP vs 11 SP) and the siege of Rennes (FV 2) ...
    assert victory.record_battle_vp(RS, state, ctx, "france",
                                    {"france": 12, "brittany": 11}) == 2
    assert victory.record_siege_vp(RS, state, ctx, "france", "sz38") == 2
    # ... and eliminate 2 SP of Breton Gd; the Bretons 1 SP of French Gd.
    victory.gendarme_loss(RS, state, ctx, "brittany-gd-1", 2)
    victory.gendarme_loss(RS, state, ctx, "france-gd-1", 1)
    assert state["score"] == {"france": 6, "brittany": 1}
    cursors = state["vars"]["cursors"]
    assert cursors["laval"] == cursors["rohan"] == 3  # already farthest to the right
    assert cursors["rieux"] == 2  # two spaces toward France
    assert cursors["albret"] == -2  # not yet in play: does not move
    assert RS.piece_side(state, "rieux-mi-1") == "france"
    assert RS.piece_side(state, "rieux-br") == "france"
    lines = " | ".join(line.text for line in ctx.lines)
    assert "Rieux changes camp and serves France" in lines
    # Rieux was stacked with the Breton army at Ploermel: France places him.
    assert RS.acting_side(state) == "france"
    game.state = state
    offered = legal(game)
    assert offered and all(a.startswith("relocate ") for a in offered)
    assert "relocate sz45" in offered and "relocate sz22" not in offered
    game.push("relocate sz45")
    assert game.state["pieces"]["rieux-br"]["loc"] == "sz45"
    assert RS.acting_side(game.state) == "france" and game.state["phase"] == "rr"


def test_a_fv1_siege_and_a_minor_battle_give_no_vp():
    game = new_game()
    ctx = Context(game.state, "france")
    assert victory.record_siege_vp(RS, game.state, ctx, "france", "sz22") == 0
    assert victory.record_battle_vp(RS, game.state, ctx, "france",
                                    {"france": 20, "brittany": 9}) == 0
    assert game.state["vars"]["cursors"]["rieux"] == -1


def test_an_allys_commander_eliminated_neutralises_it():
    from rulesets.lily_ermine.model import combat

    game = new_game()
    ctx = Context(game.state, "france")
    combat.eliminate_commander(RS, game.state, ctx, "laval-fr", "test")
    assert "laval" in game.state["vars"]["neutral"]
    assert game.state["vars"]["cursors"]["laval"] == 0
    assert game.state["pieces"]["laval-mi-1"]["loc"] == "eliminated"


def test_final_tally_and_levels_of_victory():
    game = new_game()
    state = game.state
    ctx = Context(state, "france")
    victory.final_tally(RS, state, ctx)
    # Cursors: Laval, Rohan French; Rieux, Albret Breton (4 VP each). Objectives:
    # Brittany 7 markers, France 2 (13).
    assert state["score"] == {"france": 8 + 2, "brittany": 8 + 7}
    state["vars"]["over"] = True
    assert RS.outcome(state).startswith("Brittany wins: decisive victory")
    state["score"] = {"france": 12, "brittany": 14}
    assert RS.outcome(state).startswith("The game is a tie: both reach the marginal")
    state["score"] = {"france": 21, "brittany": 3}
    assert RS.outcome(state).startswith("France wins: crushing victory")


def test_objective_stars_on_the_board():
    markers = RS.place_markers(new_game().state)
    assert {z for z, m in markers.items() if "★" in m} == {
        f"sz{n}" for n in (1, 10, 12, 17, 21, 24, 36, 37, 38)}
    # The Alliances Table box shows the cursors (11).
    assert markers["alliances"] == ["Albret -2 Brittany (not yet in play)", "Laval +3 France",
                                    "Rieux -1 Brittany (doubt)", "Rohan +3 France"]


# -- whole games ---------------------------------------------------------------------------------
def play(seed: int) -> Game:
    rng = random.Random(seed)
    game = new_game(seed=seed)
    for _ in range(6000):
        actions = game.legal_actions()
        if not actions:
            break
        nxt = [a for a in actions if a.verb in ("next-phase", "end-move")]
        if nxt and rng.random() < 0.4:
            action = nxt[0]
        else:
            action = rng.choice(actions)
        game.push(action)
    return game


@pytest.mark.parametrize("seed", [11, 12])
def test_random_legal_play_over_13_rounds(seed):
    start = time.perf_counter()
    game = play(seed)
    assert game.state["vars"]["over"] and game.state["turn"] == 13
    assert RS.outcome(game.state)
    assert time.perf_counter() - start < 20  # ~5 s alone; the suite shares 2 CPUs
    again = Game.replay(RS, "1487", seed, [(e.action.text(), e.side) for e in game.log])
    assert digest(again.state) == digest(game.state)


def test_a_filled_reinforcements_table_resolves_without_asking():
    game = new_game()
    sheet = next(s for s in RS.data_sheets() if s.id == "reinforcements")
    assert sheet.title == "Reinforcements Table"
    # Test data, not the publisher's: 1 counter from 3, 2 from 5, 3 on a 6.
    game.push("data reinforcements swiss:min_die_1=3 swiss:min_die_2=5 swiss:min_die_3=6")
    game.push("set-dice 3,3,3,3,5")
    game.push("roll-rp")
    assert game.state["vars"]["allowance"]["swiss"] == {"count": 2, "round": 1}
    assert not game.state["vars"].get("asks")
    table = [line.detail for line in game.log[-1].lines
             if line.detail and line.detail.get("kind") == "table"][-1]
    assert (table["table"], table["column"], table["die"], table["result"]) == (
        "Reinforcements Table", "Swiss", 5, "2 counters")


def test_reinforcements_held_off_when_the_enemy_holds_every_port():
    game = new_game()
    for zone, pid in zip(("sz1", "sz9", "sz23", "sz24", "sz26"),
                         ("france-ar-1", "france-ar-2", "france-ar-3", "france-ar-4",
                          "france-co-1"), strict=True):
        game.push(f"place {pid} {zone}")  # French counters by hand in the five ports
    to_phase(game, "rr", "brittany")
    game.push("set-dice 6,6,6,1,3,1")  # RP; England 1 (odd: this spring), Empire 3, Sp/Ga 1
    game.push("roll-rp")
    game.push("reinforcements england 0")
    game.push("reinforcements empire 1")
    game.push("reinforcements spain-gascony 0")
    err = refusal(game, "buy empire-pi-1 sz26")
    assert "controlled by the enemy" in err.reason
    for pid in ("brittany-mi-6", "brittany-mi-7", "brittany-mi-8"):
        game.push(f"buy {pid} sz22")
    game.push("next-phase")
    assert game.state["vars"]["allowance"]["empire"] == {"count": 1, "round": 2, "held": True}
    assert "held off until the following round" in texts(game)
    to_phase(game, "rr", "brittany")
    game.push("set-dice 6,6")
    game.push("roll-rp")
    # Round 2: next to a port (Brest's neighbour Landerneau), not in the port still held.
    assert "buy empire-pi-1 sz3" in legal(game)
    err = refusal(game, "buy empire-pi-1 sz1")
    assert "controlled by the enemy" in err.reason
    game.push("buy empire-pi-1 sz3")


def test_disputed_zones_get_a_marker_where_the_active_camp_has_an_army():
    game = new_game()
    game.push("place france-ar-1 sz24")  # a lone French unit with a Breton Mi: no marker
    game.push("place saint-andre,france-ar-2 sz38")  # a French army in Rennes: a siege
    to_phase(game, "combat")
    assert game.state["vars"]["markers"] == {"sz38": "siege"}
    assert "38 Rennes is disputed: siege marker" in texts(game)


def test_a_garrison_with_a_commander_may_fight_as_an_army():
    game = new_game()
    game.push("order sz36 brittany-ar-4,roumille")  # Roumille under his Ar: a garrison
    to_phase(game, "movement")
    game.push("move beaudricourt,france-gd-1,france-gd-2 sz36")
    assert game.state["vars"]["markers"] == {"sz36": "siege"}
    to_phase(game, "fatigue")
    while game.state.get("flow"):
        game.push(game.legal_actions()[0])
    game.push("next-phase")  # the combat phase: the besieged chooses (10 Overview)
    assert RS.acting_side(game.state) == "brittany"
    assert legal(game) == ["defend sz36 siege", "defend sz36 battle"]
    assert "stand the siege, or leave the fortress" in RS.prompt(game.state)
    err = refusal(game, "next-phase")
    assert err.rule == "Lily and the Ermine 10 Overview"
    game.push("defend sz36 battle")
    assert game.state["vars"]["markers"] == {"sz36": "battle"}
    assert RS.acting_side(game.state) == "france"
    assert pieces_at(game.state, "sz36")[0] == "roumille"


def test_placement_in_r_and_r_as_an_army_or_a_garrison():
    game = new_game()
    game.state["turn"] = 2
    game.push("place beaudricourt reserve-france")
    game.state["vars"]["commander_out"]["beaudricourt"] = 1
    game.push("set-dice 2,2,2,2")
    game.push("roll-rp")
    # A returning commander goes under the army's higher-ranked commander (8).
    game.push("buy beaudricourt sz45")
    assert pieces_at(game.state, "sz45")[:2] == ["tremoille", "beaudricourt"]
    game.push("buy france-ca-3 sz45")
    assert pieces_at(game.state, "sz45")[1] == "france-ca-3"
    # The owner may make it a garrison as it is placed (7.2): Angers is a fortress.
    assert "garrison sz45" in [a.text() for a in RS.place_actions(game.state, "sz45")]
    game.push("garrison sz45")
    stack = pieces_at(game.state, "sz45")
    assert not RS.is_commander(game.state, stack[0]) and RS.is_commander(game.state,
                                                                         stack[-1])


def test_the_data_of_r_and_r_and_diplomacy_fits_the_map_and_counters():
    areas = RS.board_map.areas
    for nat, rule in RS.setup_data.arrival.items():
        assert rule["source"], nat
        assert all(z in areas for z in rule.get("zones", [])), nat
        assert rule.get("region") in (None, "france", "brittany"), nat
    # The mercenary ports of rules 13.
    assert RS.setup_data.arrival["england"]["zones"] == ["sz1", "sz9", "sz26", "sz23", "sz24"]
    # Albret takes one Spanish Pi and two Gascon Co and Ab (rules 11).
    kinds = sorted(p["type"] for p in new_game().state["pieces"].values()
                   if p["type"].endswith((".spain", ".gascony")))
    assert kinds == ["Ab.gascony", "Co.gascony", "Pi.spain"]
    limits = {c.id: c.limit for c in RS.reinforcement_table.contingents.values()}
    assert limits == {"swiss": 3, "england": 3, "empire": 6, "spain-gascony": 3}  # 7.1
