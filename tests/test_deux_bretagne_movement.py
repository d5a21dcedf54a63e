"""Movement legality in Les Deux Bretagne; each test names the rule it checks."""

from __future__ import annotations

import networkx as nx
import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import load_game, save_game
from tests.dbhelpers import activate, at, free_action, new_game, reserve


def refused(game, text):
    before = digest(game.state)
    with pytest.raises(IllegalActionError) as info:
        game.push(text)
    assert digest(game.state) == before  # a refused action changes nothing
    return info.value


def test_8_11_moves_follow_roads():
    game = new_game()
    free_action(game)  # 5.32: one unit alone
    bmap = game.ruleset.board_map
    me = at(game, "saint-malo")[0]
    reach = game.ruleset.reachable(game.state, [me])
    assert reach
    for r in reach.values():
        for a, b in zip(r.path, r.path[1:], strict=False):
            assert bmap.graph.has_edge(a, b)
    far = max(bmap.areas, key=lambda a: nx.shortest_path_length(bmap.graph, "saint-malo", a))
    err = refused(game, f"move {me} {far}")
    assert "8.1" in err.rule


def test_8_1_slowest_unit_and_leaders_8_mp():
    game = new_game()
    game.push("end")  # Montfort's activation
    activate(game)
    stack = at(game, "gwened")  # Clisson, Me (5 MP), Mil (4 MP)
    reach = game.ruleset.reachable(game.state, stack)
    assert reach and max(r.cost for r in reach.values()) <= 4
    leader = at(game, "gwened", "leader")
    alone = game.ruleset.reachable(game.state, leader)
    assert max(r.cost for r in alone.values()) > 4  # 2.3: leaders move 8
    assert max(r.cost for r in alone.values()) <= 8
    # Everything the army reaches, the leader reaches too, except enemy-held areas (8.21).
    enemy = {p for p in reach if at(game, p, "unit") and
             game.ruleset.piece_side(game.state, at(game, p, "unit")[0]) == "blois"}
    assert enemy and set(reach) - enemy < set(alone)
    assert not enemy & set(alone)


def test_8_1_marsh_costs_two():
    game = new_game()
    free_action(game)
    me = at(game, "saint-malo")[0]
    assert game.ruleset.board_map.areas["dol"].terrain == "marsh"
    assert game.ruleset.reachable(game.state, [me])["dol"].cost == 2  # Dol is Blois already


def test_8_26_taking_an_open_city_costs_one_more():
    game = new_game()
    free_action(game)
    me = at(game, "josselin", "me")[0]
    assert game.state["control"]["malestroit"] == "montfort"
    reach = game.ruleset.reachable(game.state, [me])["malestroit"]
    assert reach.cost == 2 and reach.extra_paid
    entry = game.push(f"move {me} malestroit")
    assert game.state["control"]["malestroit"] == "blois"
    assert any(line.rule and "8.26" in line.rule for line in entry.lines)


def test_8_26_without_the_extra_point_the_city_is_not_taken():
    game = new_game()
    free_action(game)
    me = at(game, "josselin", "me")[0]
    game.state["vars"]["mp_spent"][me] = 4  # 1 MP left of 5
    entry = game.push(f"move {me} malestroit")
    assert game.state["control"]["malestroit"] == "montfort"
    assert any("Not enough MP" in line.text for line in entry.lines)


def test_5_31_8_21_movement_stops_on_entering_enemy_units():
    game = new_game()
    activate(game)
    stack = at(game, "josselin")
    reach = game.ruleset.reachable(game.state, stack)
    assert reach["ploermel"].stops
    for r in reach.values():
        assert "ploermel" not in r.path[1:-1]  # never moves on through it
    entry = game.push(f"move {','.join(stack)} ploermel")
    assert any("5.31" in (line.rule or "") for line in entry.lines)
    # Ploërmel is a Montfort fortress: its garrison may first withdraw inside (8.24).
    assert game.state["flow"][-1]["step"] == "reaction"
    assert game.ruleset.acting_side(game.state) == "montfort"
    game.push("fight")
    assert any("Battle in Ploërmel" in line.text for line in game.log[-1].lines)  # 9.1
    if game.state["flow"]:  # a player's choice is pending: nothing else may move
        err = refused(game, f"move {','.join(stack)} montfort")
        assert "decision is pending" in str(err)


def test_8_21_leader_alone_may_not_enter_enemy_combat_units():
    game = new_game()
    activate(game)
    rohan = at(game, "josselin", "leader")[0]
    err = refused(game, f"move {rohan} ploermel")
    assert err.rule == "Deux Bretagne 8.21"
    assert "ploermel" not in game.ruleset.reachable(game.state, [rohan])


def test_8_23_lone_enemy_leader_is_captured():
    game = new_game()
    game.push("place guillaume-de-cadoudal malestroit")  # by hand: a lone leader
    free_action(game)
    me = at(game, "josselin", "me")[0]
    entry = game.push(f"move {me} malestroit")
    assert game.state["pieces"]["guillaume-de-cadoudal"]["loc"] == "prison-bro-chall"
    assert any("8.23" in (line.rule or "") for line in entry.lines)


def test_7_21_stacking_limit_at_the_end_of_the_move():
    game = new_game()
    eight = reserve(game, "blois-mil", 4) + reserve(game, "blois-me", 4)
    game.push(f"place {','.join(eight)} dinan")
    free_action(game)
    me = at(game, "saint-malo")[0]
    err = refused(game, f"move {me} dinan")
    assert "7.21" in err.rule


def test_7_12_command_value_limits_the_army():
    game = new_game()
    extra = reserve(game, "blois-me", 1)
    game.push(f"place {extra[0]} josselin")
    activate(game)
    stack = at(game, "josselin")  # Rohan (command 2) + 3 units
    err = refused(game, f"move {','.join(stack)} malestroit")
    assert "7.12" in err.rule


def test_5_32_units_without_leader_move_alone():
    game = new_game()
    units = at(game, "josselin", "unit")
    err = refused(game, f"move {','.join(units)} malestroit")
    assert "5.32" in err.rule


def test_4_0_only_the_active_side_moves():
    game = new_game()
    me = at(game, "ploermel")[0]
    err = refused(game, f"move {me} montfort")
    assert "4.0" in err.rule
    game.push("end")
    free_action(game)
    game.push(f"move {me} montfort")
    assert game.state["pieces"][me]["loc"] == "montfort"


def test_2_64_holding_boxes_by_side():
    game = new_game()
    game.push("end")
    free_action(game)
    me = at(game, "machecoul", "me")[0]
    err = refused(game, f"move {me} poatev")
    assert "2.64" in err.rule
    assert "poatev" not in game.ruleset.reachable(game.state, [me])
    # Blois's army may leave Anjev by its links (Anjev is a Blois holding box).
    game.push("end")
    activate(game)
    stack = at(game, "anjev")
    assert set(game.ruleset.reachable(game.state, stack)) & set(
        game.ruleset.board_map.boxes["anjev"].links)


def test_3_3_13_12_taking_a_county_moves_its_victory_points():
    game = new_game()
    assert game.state["region_control"]["pays-de-saint-malo"] == "montfort"
    free_action(game)
    me = at(game, "saint-malo")[0]
    entry = game.push(f"move {me} montfort")  # Blois now holds Saint-Malo, Dinan, Montfort
    assert game.state["region_control"]["pays-de-saint-malo"] == "blois"
    vp = game.ruleset.board_map.regions["pays-de-saint-malo"].vp
    assert game.state["score"] == {"blois": 5 + vp, "montfort": 22 - vp}
    assert game.state["control"]["ploermel"] == "montfort"  # enemy units stay (3.3)
    assert any("3.3" in (line.rule or "") for line in entry.lines)


def test_manual_place_overrides_the_rules_and_is_logged_as_manual():
    game = new_game()
    me = at(game, "saint-malo")[0]
    entry = game.push(f"place {me} brest")
    assert entry.manual and "(by hand)" in entry.render()
    assert game.state["pieces"][me]["loc"] == "brest"


def test_a_drag_from_or_to_a_pool_is_a_manual_placement():
    game = new_game()
    recruit = reserve(game, "blois-me", 1)
    assert game.ruleset.move_action(game.state, recruit, "dinan").verb == "place"
    me = at(game, "saint-malo")
    assert game.ruleset.move_action(game.state, me, "dinan").verb == "move"
    assert game.ruleset.move_action(game.state, me, "eliminated").verb == "place"


def test_flow_buttons_are_legal_and_include_every_argument_free_action():
    game = new_game()
    rs = game.ruleset
    for _ in range(12):
        legal = game.legal_actions()
        buttons = rs.flow_actions(game.state)
        hand = rs.hand_actions(game.state, rs.acting_side(game.state))
        assert set(buttons) <= set(legal)
        assert {a for a in legal if not a.args} <= set(buttons)
        if game.state["flow"]:  # a decision: every choice is a button, or in the hand
            assert set(buttons) | set(hand) == set(legal)
            assert not set(buttons) & set(hand)
        if not buttons and not hand:
            break
        pushed = (buttons or hand)[0]
        game.push(pushed)
        assert rs.action_label(game.state, pushed)


def test_8_21_a_leader_alone_may_not_sail_into_enemy_combat_units_either():
    game = new_game()
    game.push("end")  # Montfort: an ACT 3 card lets a leader sail (8.151)
    activate(game)
    clisson = at(game, "gwened", "leader")
    sea = {p: r for p, r in game.ruleset.reachable(game.state, clisson).items()
           if len(r.path) == 2 and not game.ruleset.board_map.graph.has_edge(*r.path)}
    assert sea  # he may sail ...
    assert "saint-malo" not in sea  # ... but not into the Blois units of Saint-Malo
    err = refused(game, "move olivier-de-clisson saint-malo")
    assert err.rule == "Deux Bretagne 8.21"


def test_8_22_a_route_through_enemy_fortresses_shows_its_steps_before_the_drop():
    from tests.dbhelpers import play_act

    game = new_game()
    game.push("end")
    game.push("end")  # Blois's second activation
    play_act(game)
    army = at(game, "anjev")
    reach = game.ruleset.reachable(game.state, army)
    assert reach["rennes"].label == "3 MP, -2 steps (8.22)"  # Châteaubriant, Fougeray
    assert not reach["chateaubriant"].label  # entering it is not crossing it


def test_a_move_is_labelled_in_words():
    from boardapp.core.engine.actions import Action

    game = new_game()
    label = game.ruleset.action_label(
        game.state, Action.parse("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit"))
    assert label == "Move Alain de Rohan and 2 more to Malestroit"


ROHAN_ARMY = "alain-de-rohan,blois-ch-br-1,blois-me-3"


def _rohan_at_montfort(played_with: str | None = None):
    """Issue 13.1's scene: scenario 14.1 seed 1, Alain de Rohan's army placed at Montfort,
    B-10 played as ACT 3; Hédé, between Montfort and Combourg, is a Montfort fortress
    nobody masks or besieges."""
    game = (new_game("14.1", 1) if played_with is None
            else Game(find_ruleset("deux-bretagne"), "14.1", 1, played_with=played_with))
    game.push(f"place {ROHAN_ARMY} montfort")
    game.push("draw")
    game.push("play B-10 act")
    game.push("value 3")
    assert game.state["control"]["hede"] == "montfort" and not at(game, "hede")
    return game


def _steps_lost(game):
    units = ROHAN_ARMY.split(",")[1:]
    return sum(game.state["pieces"][p]["flipped"] for p in units)


def test_8_22_a_crossing_split_into_two_moves_costs_its_step_once():
    """Issue 13.1: Montfort → Hédé, then Hédé → Combourg in the same activation travels
    across Hédé as the single move Montfort → Combourg does: one step, asked once."""
    single = _rohan_at_montfort()
    single.push(f"move {ROHAN_ARMY} combourg")
    assert "8.22" in single.ruleset.prompt(single.state)
    single.push(single.legal_actions()[0])
    assert _steps_lost(single) == 1 and single.state["flow"] == []

    split = _rohan_at_montfort()
    split.push(f"move {ROHAN_ARMY} hede")
    assert split.state["flow"] == []  # entering Hédé is not crossing it
    assert split.ruleset.reachable(split.state, ROHAN_ARMY.split(","))["combourg"].label == \
        "1 MP, -1 step (8.22)"  # the drag says it before the drop
    split.push(f"move {ROHAN_ARMY} combourg")
    prompt = split.ruleset.prompt(split.state)
    assert "Hédé" in prompt and "8.22" in prompt
    entry = split.push(split.legal_actions()[0])
    assert any(line.rule == "Deux Bretagne 8.22" for line in entry.lines)
    assert _steps_lost(split) == 1 and split.state["flow"] == []


def test_8_22_a_game_recorded_before_0_7_replays_its_split_crossing_as_played(tmp_path):
    """A game saved by version 0.6 crossed Hédé in two moves without losing a step: it
    replays, and goes on, that way (the legacy switch is not part of the digest, so its
    recorded digest still matches)."""
    old = _rohan_at_montfort(played_with="0.6")
    old.push(f"move {ROHAN_ARMY} hede")
    old.push(f"move {ROHAN_ARMY} combourg")
    assert old.state["flow"] == [] and _steps_lost(old) == 0
    assert old.state["legacy"] == {"8.22 split moves": False, "9.5 nobody left": False}
    without = {k: v for k, v in old.state.items() if k != "legacy"}
    assert digest(old.state) == digest(without)
    path = tmp_path / "old.json"
    save_game(old, path)
    again = load_game(path)
    assert digest(again.state) == digest(old.state) and again.notes == []
    assert again.state["legacy"] == old.state["legacy"]


def test_8_22_an_army_that_leaves_units_masking_the_fortress_loses_nothing():
    game = _rohan_at_montfort()
    game.push(f"move {ROHAN_ARMY} hede")
    game.push("move alain-de-rohan,blois-ch-br-1 combourg")  # Blois Me #3 masks Hédé (10.15)
    assert game.state["flow"] == [] and _steps_lost(game) == 0


def test_8_22_an_army_that_starts_its_activation_in_the_fortress_does_not_cross_it():
    game = new_game("14.1", 1)
    game.push(f"place {ROHAN_ARMY} hede")
    game.push("draw")
    game.push("play B-10 act")
    game.push("value 3")
    game.push(f"move {ROHAN_ARMY} combourg")
    assert game.state["flow"] == [] and _steps_lost(game) == 0

