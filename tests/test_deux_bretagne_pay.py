"""Paying units and the unpaid segment (rules 4.0 D2b-D3, 12.3-12.4): BR knights changing
sides, a city pillaged again, leaders left alone, supply bases."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardapp.core.engine.actions import Action
from tests.dbhelpers import activate, at, new_game, reserve


def to_phase_d2b(game, dice: str = "5,4") -> None:
    """End every activation; Militia rolls ``dice`` (5 and 4: nobody departs)."""
    while game.state["phase"] == "action":
        game.push("end")
    game.push(f"set-dice {dice}")
    game.push("next-turn")


def receive_knights(game) -> None:
    """Place the BR knights received (12.42) with the first leader offered."""
    while game.state["flow"] and game.legal_actions()[0].verb == "receive-br":
        game.push(game.legal_actions()[0])


def test_12_42_unpaid_br_knights_go_over_to_the_opponent_with_their_steps():
    """"If a BR Ch unit is not paid, the unit is eliminated and the opposing player
    receives the same number of BR Ch as if they were recruited." (12.42)"""
    game = new_game()
    montfort_br = at(game, "nantes", "ch-br")[0]
    game.push(f"flip {montfort_br}")  # reduced
    blois_brs = [p for p in game.state["pieces"] if game.state["pieces"][p]["type"]
                 == "blois-ch-br" and game.state["pieces"][p]["loc"] in
                 game.ruleset.board_map.areas]
    assert len(blois_brs) == 2
    to_phase_d2b(game)
    game.push("done")
    game.push("set-dice " + ",".join(["0"] * 8))  # every pillage roll: "Paid"
    entry = game.push("done")
    texts = [line.render() for line in entry.lines]
    assert sum("Unpaid BR knights change sides" in t and "12.42" in t for t in texts) == 3
    assert all(game.state["pieces"][p]["loc"] == "eliminated" for p in [montfort_br,
                                                                       *blois_brs])
    # Montfort receives 2, each with one of his leaders on the map (5.42): his choice.
    leaders_at = {game.state["pieces"][p]["loc"] for p in game.state["pieces"]
                  if game.ruleset.is_leader(game.state, p)
                  and game.ruleset.piece_side(game.state, p) == "montfort"
                  and game.state["pieces"][p]["loc"] in game.ruleset.board_map.areas}
    assert game.ruleset.acting_side(game.state) == "montfort"
    assert {a.args[0] for a in game.legal_actions()} == leaders_at
    game.push("receive-br gwened")
    game.push("receive-br gwened")
    got = [p for p in at(game, "gwened", "ch-br")]
    assert [game.state["pieces"][p]["type"] for p in got] == ["montfort-ch-br"] * 2
    assert not any(game.ruleset.is_reduced(game.state, p) for p in got)
    # Blois receives one, reduced as the unit that left, with Rohan or Penhoët (Charles de
    # Blois is in the Anjev box, off the map).
    assert game.ruleset.acting_side(game.state) == "blois"
    assert set(game.legal_actions()) == {Action("receive-br", ("gwengamp",)),
                                         Action("receive-br", ("josselin",))}
    game.push("receive-br josselin")
    new = at(game, "josselin", "ch-br")
    assert [game.state["pieces"][p]["type"] for p in new] == ["blois-ch-br"]
    assert game.ruleset.is_reduced(game.state, new[0])
    assert game.state["turn"] == 2


def _pillaged_vitre(game) -> tuple[list[str], list[str]]:
    """Charles de Blois's army forages Vitré (a pillage marker, 8.16) and 2 Marauder Me
    stand there too; returns (Blois units, Marauders)."""
    extra = reserve(game, "blois-me", 1)[0]
    game.push(f"place {extra} anjev")
    army = at(game, "anjev")
    activate(game)
    game.push(f"move {','.join(army)} vitre")
    game.push("forage vitre")
    marauders = reserve(game, "marauder-me", 2)
    game.push(f"place {','.join(marauders)} vitre")
    return [p for p in army if not game.ruleset.is_leader(game.state, p)], marauders


def test_12_434_a_city_pillaged_again_costs_each_stack_a_step_me_first():
    """"For each new pillage, the stack of regular units (paid or unpaid) losses a step as
    well as the stack of Marauder units ... The lost step must first be taken by Me unit
    ... The player then chooses which unit will lose this step." (12.434)"""
    game = new_game()
    units, marauders = _pillaged_vitre(game)
    to_phase_d2b(game)
    game.push("done")
    # Blois rolls: Josselin 0, Saint-Malo 0, Vitré 2 + 3 = 5 "Pillage"; Montfort 0s.
    game.push("set-dice 0,0,2," + ",".join(["0"] * 5))
    entry = game.push("done")
    vitre = next(line.detail for line in entry.lines if line.detail
                 and line.detail["result"].endswith("in Vitré"))
    assert (vitre["die"], vitre["modified"], vitre["result"]) == (2, 5, "Pillage in Vitré")
    assert ("already pillaged", 1) in [(m["label"], m["value"]) for m in vitre["modifiers"]]
    receive_knights(game)
    mes = [p for p in units if game.state["pieces"][p]["type"] == "blois-me"]
    assert "pillaged again" in game.ruleset.prompt(game.state)
    assert set(game.legal_actions()) == {Action("lose-step", (p,)) for p in mes}  # Me first
    entry = game.push(f"lose-step {mes[1]}")
    assert game.ruleset.is_reduced(game.state, mes[1])
    assert [game.ruleset.is_reduced(game.state, p) for p in marauders] == [True, False]
    assert any("12.434" in line.rule for line in entry.lines if line.rule)
    assert game.state["turn"] == 2


def test_12_435_leaders_left_alone_go_to_a_friendly_area():
    """"If all the units of an army become Marauders and that only the leaders are left,
    leaders are placed in any friendly area." (12.435)"""
    game = new_game()
    lone_me = at(game, "saint-malo", "me")[0]
    game.push("place jean-de-beaumanoir saint-malo")
    to_phase_d2b(game)
    game.push("done")
    # Josselin 0 ("Paid"); Saint-Malo 7 + 1 (a Me) = 8: half of 1 unit turns Marauder.
    game.push("set-dice 0,7," + ",".join(["0"] * 5))
    game.push("done")
    receive_knights(game)
    assert game.state["pieces"][lone_me]["loc"] == "reserve"
    assert [game.state["pieces"][p]["type"] for p in at(game, "saint-malo", "unit")] == [
        "marauder-me"]
    assert "12.435" in game.ruleset.prompt(game.state)
    options = {a.args[1] for a in game.legal_actions()}
    assert "saint-malo" not in options and "josselin" in options
    assert all(game.state["control"][a] == "blois" for a in options)
    game.push("leader-to jean-de-beaumanoir josselin")
    assert game.state["pieces"]["jean-de-beaumanoir"]["loc"] == "josselin"
    assert game.state["turn"] == 2


def play_b19(game) -> None:
    """Blois plays B-19 as an event (12.32: his supply bases enter play), its unknown
    values answered (blue coat, no asterisk), and puts his 2 bases on Saint-Malo and Dol."""
    v = game.state["vars"]
    for pile in (v["decks"]["blois"], v["hands"]["blois"]):
        if "B-19" in pile:
            pile.remove("B-19")
    v["hands"]["blois"].append("B-19")
    v["drawn"]["blois"] = True
    game.push("play B-19 evt")
    answers = {"coat": "blue", "asterisk": "no"}
    while game.state["flow"][-1]["step"] == "card-value":
        field = game.state["flow"][-1]["vars"]["missing"][0]
        game.push(f"value {answers[field]}")
    assert game.state["flow"][-1]["step"] == "supply-base"
    game.push("supply-base saint-malo")
    game.push("supply-base dol")
    assert game.state["flow"] == []


def test_12_32_units_in_a_supply_base_are_paid_unless_it_is_besieged_or_enemy_held():
    """"Both camps have 2 supply bases. Both are entered into play through play of event
    card B19 for the Blois ... All units located in a supply base are automatically paid
    unless the supply base is besieged. If a base is controlled by the enemy, he does not
    benefit from this advantage." (12.32)"""
    game = new_game()
    play_b19(game)
    assert game.state["vars"]["supply_bases"] == {"blois": ["saint-malo", "dol"]}
    me = at(game, "saint-malo", "me")[0]
    assert game.ruleset.place_markers(game.state)["saint-malo"] == ["Supply base (Blois)"]
    to_phase_d2b(game)
    assert Action("pay", (me,)) not in game.legal_actions()
    entry = game.push("done")
    assert any("paid by the supply base" in line.text and "12.32" in line.rule
               for line in entry.lines)
    assert me not in game.state["vars"]["unpaid"]
    game2 = new_game()
    play_b19(game2)
    game2.push("control saint-malo montfort")
    to_phase_d2b(game2)
    assert Action("pay", (me,)) in game2.legal_actions()


def test_12_45_a_wholly_pillaged_county_is_worth_one_vp_less_until_a_marker_goes():
    """"If all areas and cities within a county are pillaged, reduce the victory point
    level of the county by 1. It comes back to normal as soon as this condition is not
    fulfilled." (12.45)"""
    game = new_game()
    dol = ["combourg", "dol", "pleine-fougeres"]  # Pays de Dol: 1 VP, Blois
    for area, pid in zip(dol, reserve(game, "blois-me", 3), strict=True):
        game.push(f"place {pid} {area}")
    before = dict(game.state["score"])
    to_phase_d2b(game)
    game.push("done")
    # Blois: Combourg, Dol 4 + 1 = 5 "Pillage", Josselin 0, Pleine-Fougères 4, Saint-Malo
    # 0; Montfort: 0s.
    game.push("set-dice 4,4,0,4,0," + ",".join(["0"] * 5))
    game.push("done")
    receive_knights(game)
    assert set(dol) <= set(game.state["vars"]["pillage"])
    assert game.state["score"] == {"blois": before["blois"] - 1,
                                   "montfort": before["montfort"]}
    assert any("Every area of Pays de Dol is pillaged" in line.text and "12.45" in line.rule
               for e in game.log for line in e.lines)
    assert game.state["turn"] == 2
    game.push("remove-pillage dol")  # 12.46, phase A
    assert game.state["score"] == before


def test_the_choices_of_rules_8_to_12_read_as_players_words():
    game = new_game()
    label = game.ruleset.action_label
    assert label(game.state, Action("receive-br", ("nantes",))) == \
        "Receive the BR knights in Nantes"
    assert label(game.state, Action("offer-exchange", ("alain-de-rohan",
                                                       "guillaume-de-cadoudal"))) == \
        "Offer Guillaume de Cadoudal for Alain de Rohan (exchange)"
    assert label(game.state, Action("leader-to", ("thomas-dagworth", "bro-saoz"))) == \
        "Thomas Dagworth to Bro Saoz"
    assert label(game.state, Action("command", ("louis-d-espagne",))) == \
        "Louis d'Espagne commands"


def test_3_3_12_433_marauders_holding_enough_cities_make_a_county_independent():
    """"When the Marauders take control of a city or a county, it becomes independent and
    the player control marker is discarded." (3.3) "... This also affects the control of
    the county." (12.433) Pays de Dol needs 2 cities and is worth 1 VP."""
    game = new_game()
    before = game.state["score"]["blois"]
    for area, pid in zip(("dol", "combourg"), reserve(game, "marauder-me", 2), strict=True):
        game.push(f"place {pid} {area}")
        game.push(f"control {area} none")  # what "all units become Marauders" does
    assert game.state["region_control"]["pays-de-dol"] is None
    assert game.state["score"]["blois"] == before - 1
    assert any("the county is independent" in line.text for e in game.log[-1:]
               for line in e.lines)


# -- the quick scans against the plain ones (issue 14) ----------------------------------------
def _positions() -> list:
    """Positions of two random games of the default scenario, every tenth one."""
    from boardapp.core.engine.game import Game
    from boardapp.core.engine.state import copy_state
    from rulesets.deux_bretagne import RULESET
    from tests.contracthelpers import DEFAULT_PLAN, PLANS, play_plan

    ruleset = RULESET()
    scenario = ruleset.default_scenario
    out = []
    for seed in (1, 2):
        played = play_plan(ruleset, scenario, seed, PLANS.get("deux-bretagne", DEFAULT_PLAN),
                           checks=False)
        game = Game(ruleset, scenario, seed)
        for n, (text, side) in enumerate(played.actions):
            game.push(text, side=side)
            if n % 10 == 0:
                out.append(copy_state(game.state))
    return ruleset, out


def _plain_payable(rs, state, side):
    from rulesets.deux_bretagne.model import groups
    from rulesets.deux_bretagne.model.pay import kind_of, supplied

    return [pid for area in rs.board_map.areas for pid in state["stacks"].get(area, [])
            if rs.piece_side(state, pid) == side and not rs.is_leader(state, pid)
            and kind_of(rs, state, pid) != "mil" and pid not in state["vars"]["paid"]
            and not (pid in groups.inside(state) and area in state["vars"]["sieges"])
            and not supplied(rs, state, side, area)]


def _plain_marauder_cities(rs, state):
    from rulesets.deux_bretagne.model.pay import marauder_held

    held = {}
    for area in rs.board_map.areas:
        if marauder_held(rs, state, area):
            region = rs.board_map.areas[area].region
            held[region] = held.get(region, 0) + 1
    return held


_GAMES: list = []


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_payable_and_the_marauders_cities_are_the_plain_scans(data):
    """``payable`` (12.31-12.32) and ``marauder_cities`` (12.51, 3.3), written to look at
    each area and piece once, give what the plain scans over the whole map give: in
    positions of random games, with units paid, sieges, supply bases, control and sides
    changed at random; and whether a counter is free to recruit (5.412) as the list of
    them says."""
    from rulesets.deux_bretagne.model.pay import PLAYERS, marauder_cities, payable
    from rulesets.deux_bretagne.model.recruit import free_counters, has_free_counter

    if not _GAMES:
        _GAMES.append(_positions())
    rs, positions = _GAMES[0]
    state = json.loads(json.dumps(data.draw(st.sampled_from(positions))))
    pieces = sorted(p for p in state["pieces"] if state["pieces"][p]["loc"] in state["stacks"])
    areas = sorted(a for a, here in state["stacks"].items() if here)
    some = st.lists(st.sampled_from(areas), max_size=6, unique=True)
    state["vars"]["paid"] = data.draw(st.lists(st.sampled_from(pieces), max_size=20,
                                               unique=True))
    state["vars"]["inside"] = data.draw(st.lists(st.sampled_from(pieces), max_size=10,
                                                 unique=True))
    for area in data.draw(some):
        state["vars"]["sieges"][area] = {"side": "blois"}
    state["vars"]["supply_bases"] = {"blois": data.draw(some), "montfort": data.draw(some)}
    for area in data.draw(some):
        state["control"][area] = data.draw(st.sampled_from([None, "blois", "montfort"]))
    for pid in data.draw(st.lists(st.sampled_from(pieces), max_size=8, unique=True)):
        state["vars"]["side_of"][pid] = data.draw(st.sampled_from(["marauders", "blois",
                                                                   "montfort"]))
    for side in PLAYERS:
        assert payable(rs, state, side) == _plain_payable(rs, state, side)
    assert marauder_cities(rs, state) == _plain_marauder_cities(rs, state)
    for type_id in sorted({piece["type"] for piece in state["pieces"].values()}):
        assert has_free_counter(rs, state, type_id) == bool(free_counters(rs, state, type_id))
