"""Sieges (rules 8.24, 10.x), checked against the worked example of 10.25."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from tests.dbhelpers import activate, at, end_turn, new_game, reserve


def to_turn_2(game):
    end_turn(game)
    assert game.state["turn"] == 2


def test_10_25_siege_of_hede():
    game = new_game("14.4")
    to_turn_2(game)
    rs = game.ruleset
    # "A Blois army with a leader, 2 full Ch units and 1 full Me move to Hédé where stays
    # a Montfort army made of a leader and 2 reduced Me units." (set by hand)
    chs = at(game, "anjev", "ch-fr")
    blois_me = at(game, "anjev", "me")[0]
    game.push(f"place charles-de-blois,{','.join(chs)},{blois_me} combourg")
    mont_mes = at(game, "rennes", "me") + at(game, "gwened", "me")
    game.push(f"place guillaume-de-cadoudal,{','.join(mont_mes)} hede")
    for pid in mont_mes:
        game.push(f"flip {pid}")
    army = ["charles-de-blois", *chs, blois_me]
    activate(game)
    game.push(f"move {','.join(army)} hede")
    # "The Montfort player decides to go inside the fortified city." (8.24)
    assert set(game.legal_actions()) == {Action("withdraw"), Action("fight")}
    game.push("withdraw")
    assert set(game.state["vars"]["inside"]) == {"guillaume-de-cadoudal", *mont_mes}
    # "The Blois army then place a siege 0 marker because it has enough combat units"
    assert Action("besiege", ("hede",)) in game.legal_actions()
    game.push("besiege hede")
    assert game.state["vars"]["sieges"]["hede"]["level"] == 0
    with pytest.raises(IllegalActionError, match="placed in this activation"):
        game.push("assault hede")  # 10.12: not in the activation the marker was placed
    game.push("end")
    game.push("end")  # Montfort
    # "He rolls a die ... with a -1 modifier (Fortress level). He rolls a 4. The siege
    # continues and the Montfort player eliminates one of his Me unit." (die 5, -1 = 4)
    game.push("set-dice 5")
    activate(game)
    entry = game.push("assault hede")
    roll = next(line.detail for line in entry.lines if line.detail)
    assert (roll["die"], roll["modified"]) == (5, 4)
    assert roll["result"] == "Unsuccessful & 1 step loss for the defender"
    assert [m["value"] for m in roll["modifiers"]] == [-1, 0]
    assert rs.acting_side(game.state) == "montfort"
    assert set(game.legal_actions()) == {Action("lose-step", (p,)) for p in mont_mes}
    game.push(f"lose-step {mont_mes[0]}")
    assert game.state["pieces"][mont_mes[0]]["loc"] == "eliminated"
    assert game.state["vars"]["sieges"]["hede"]["level"] == 1  # "siege 1 marker"
    game.push("end")
    game.push("end")  # Montfort
    # "He rolls a die without modifiers because the siege marker cancels the fortress
    # level. The result of 7 allows the Blois player to take control of the fortified
    # city. The Me unit is eliminated and the Montfort leader is captured (and sent to Bro
    # C'hall). The Blois player flips his Me unit to its reduced side."
    game.push("set-dice 7")
    activate(game)
    entry = game.push("assault hede")
    roll = next(line.detail for line in entry.lines if line.detail)
    assert (roll["die"], roll["modified"]) == (7, 7)
    assert roll["result"] == "Successful & 1 step loss for the attacker"
    assert game.state["control"]["hede"] == "blois"
    assert game.state["pieces"][mont_mes[1]]["loc"] == "eliminated"
    assert game.state["pieces"]["guillaume-de-cadoudal"]["loc"] == "prison-bro-chall"
    assert "hede" not in game.state["vars"]["sieges"]
    game.push(f"lose-step {blois_me}")
    assert game.state["pieces"][blois_me]["flipped"]
    assert game.state["flow"] == []
    assert game.state["vars"]["inside"] == []


def _withdrawn_at_hede(game, blois_units: int):
    """Montfort's Cadoudal and 2 full Ch inside Hédé; a Blois army in the city."""
    chs = reserve(game, "montfort-ch-an", 2)
    game.push(f"place guillaume-de-cadoudal,{','.join(chs)} hede")
    units = reserve(game, "blois-me", blois_units)
    game.push(f"place charles-de-blois,{','.join(units)} dinan")
    activate(game)
    game.push(f"move charles-de-blois,{','.join(units)} hede")
    game.push("withdraw")
    return units


def test_10_13_not_enough_factors_to_besiege():
    game = new_game()
    _withdrawn_at_hede(game, 2)  # 6 factors against NF 1 + 8 inside
    assert Action("besiege", ("hede",)) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.push("besiege hede")
    assert "6 combat factors against a siege level of 9" in str(info.value)
    assert "10.13" in info.value.rule


def test_8_24_an_army_leaving_a_fortress_leaves_the_fortress_level_behind():
    game = new_game()
    units = _withdrawn_at_hede(game, 3)
    army = ["charles-de-blois", *units]
    with pytest.raises(IllegalActionError) as info:
        game.push(f"move {','.join(army)} dinan")
    assert "8.24" in info.value.rule
    game.push(f"move charles-de-blois,{','.join(units[:2])} dinan")  # one Me masks Hédé
    assert game.state["pieces"][units[2]]["loc"] == "hede"


def test_8_23_a_lone_enemy_leader_does_not_stop_an_army():
    game = new_game()
    game.push("place guillaume-de-cadoudal montfort")  # an open Montfort city
    stack = at(game, "josselin")  # Rohan, Ch BR, Me
    game.push(f"place {','.join(stack)} hede")
    activate(game)
    game.push(f"move {','.join(stack)} montfort")
    assert game.state["flow"] == []
    assert game.state["pieces"]["guillaume-de-cadoudal"]["loc"] == "prison-bro-chall"


def test_8_24_a_lone_leader_withdraws_inside_his_fortress_instead():
    """"A lone leader can retreat in a fortified city as if he was a combat unit." (8.24)"""
    game = new_game()
    game.push("place guillaume-de-cadoudal hede")  # Montfort's fortress
    stack = at(game, "josselin")
    game.push(f"place {','.join(stack)} montfort")
    activate(game)
    entry = game.push(f"move {','.join(stack)} hede")
    assert any("Guillaume de Cadoudal, alone, withdraws inside the fortress of Hédé" in
               line.text and "8.24" in line.rule for line in entry.lines)
    assert game.state["pieces"]["guillaume-de-cadoudal"]["loc"] == "hede"
    assert "guillaume-de-cadoudal" in game.state["vars"]["inside"]
    assert Action("besiege", ("hede",)) in game.legal_actions()  # NF 1, nobody inside


def _crossing(game, army):
    """A destination whose path crosses an enemy fortress on the way."""
    rs, bmap = game.ruleset, game.ruleset.board_map
    for dest, reach in sorted(rs.reachable(game.state, army).items()):
        for place in reach.path[1:-1]:
            area = bmap.areas.get(place)
            if area and area.fortified and game.state["control"][place] == "montfort" \
                    and not game.state["stacks"].get(place):
                return dest, place
    raise AssertionError("no crossing found")


def test_8_22_an_army_crossing_an_unmasked_enemy_fortress_loses_a_step():
    game = new_game()
    chs = at(game, "anjev", "ch-fr")
    army = ["charles-de-blois", *chs]
    game.push(f"place {','.join(army)} combourg")
    activate(game)
    dest, fortress = _crossing(game, army)
    entry = game.push(f"move {','.join(army)} {dest}")
    assert game.ruleset.acting_side(game.state) == "blois"
    assert set(game.legal_actions()) == {Action("lose-step", (p,)) for p in chs}
    assert "8.22" in game.ruleset.prompt(game.state)
    game.push(f"lose-step {chs[0]}")
    assert game.state["pieces"][chs[0]]["flipped"] and game.state["flow"] == []
    assert entry.lines[0].rule == "Deux Bretagne 8.1"


def test_8_22_a_masked_fortress_is_crossed_without_loss():
    game = new_game()
    chs = at(game, "anjev", "ch-fr")
    army = ["charles-de-blois", *chs]
    game.push(f"place {','.join(army)} combourg")
    activate(game)
    dest, fortress = _crossing(game, army)
    game.push(f"place {at(game, 'saint-malo')[0]} {fortress}")  # a masking unit (10.15)
    game.push(f"move {','.join(army)} {dest}")
    assert game.state["flow"] == []
    assert not any(game.state["pieces"][p]["flipped"] for p in chs)


def test_10_16_a_sortie_that_fails_goes_back_inside():
    game = new_game()
    units = _withdrawn_at_hede(game, 3)  # Cadoudal and 2 Ch inside Hédé, 3 Blois Me out
    game.push("end")  # Montfort's activation: the besieged may sortie (no siege marker)
    activate(game)
    assert Action("sortie", ("hede",)) in game.legal_actions()
    game.push("set-dice 1,1,0,9,0")  # chits T1 and T2; Montfort rolls 0 (+1), Blois 9
    game.push("sortie hede")
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    texts = [line.text for entry in game.log for line in entry.lines]
    assert any("sorties from the fortress of Hédé" in t for t in texts)
    montfort = [p for p in at(game, "hede") if game.ruleset.piece_side(game.state, p)
                == "montfort"]
    assert montfort and set(montfort) <= set(game.state["vars"]["inside"])  # back inside
    assert any(game.state["pieces"][u]["loc"] == "hede" for u in units)


def test_10_16_besieged_units_join_the_support_army_and_go_back_inside_if_it_loses():
    """"When a support army attacks besieging units, the besieged units can join the
    support army for the regular combat, within the stacking limits (7.0) ... Only the
    leader of the support army is activated, never the besieged leaders." (10.16)"""
    game = new_game()
    mes = at(game, "josselin", "me") + at(game, "saint-malo", "me")
    game.push(f"place alain-de-rohan,{','.join(mes)} dinan")  # Blois's fortress
    chs = reserve(game, "montfort-ch-an", 3)
    game.push(f"place olivier-de-clisson,{','.join(chs)} lamballe")
    relief = reserve(game, "blois-ch-fr", 2)
    game.push(f"place jean-de-beaumanoir,{','.join(relief)} saint-malo")
    game.push("end")  # Montfort besieges Dinan
    activate(game)
    game.push(f"move olivier-de-clisson,{','.join(chs)} dinan")
    game.push("withdraw")
    game.push("besiege dinan")
    game.push("end")
    activate(game)
    game.push(f"move jean-de-beaumanoir,{','.join(relief)} dinan")  # the support army
    assert set(game.legal_actions()) == {Action("join", (mes[0],)), Action("join", (mes[1],)),
                                         Action("done")}
    assert "10.16" in game.ruleset.prompt(game.state)
    game.push(f"join {mes[0]}")
    # Chits T4 and T2 (no effect here); Blois rolls 0 + 1 (Beaumanoir, not Rohan who stays
    # inside) = 1, 5 losses; Montfort 5 + 2 = 7, 8 losses; Beaumanoir's capture roll 0.
    game.push("set-dice 4,2,0,5,0")
    entry = game.push("done")
    texts = [line.text for line in entry.lines]
    assert "Combat strengths: Blois 11, Montfort 12" in texts  # 2 Ch + the joined Me
    blois_roll = next(line.detail for line in entry.lines
                      if line.detail and line.detail.get("who") == "Blois")
    assert [(m["label"], m["source"].split(",")[0]) for m in blois_roll["modifiers"]] == [
        ("leader bonus", "Jean de Beaumanoir")]
    game.push(f"losses {relief[0]}=1,{relief[1]}=1")  # the joined Me is spared
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    inside = game.state["vars"]["inside"]
    assert mes[0] in inside and mes[1] in inside and "alain-de-rohan" in inside
    assert game.state["pieces"][mes[0]]["loc"] == "dinan"
    assert all(game.state["pieces"][p]["loc"] == "saint-malo"
               for p in ["jean-de-beaumanoir", *relief])
    assert "dinan" in game.state["vars"]["sieges"]
    assert any("go back inside the fortress of Dinan" in line.text
               for e in game.log[-3:] for line in e.lines)


def test_10_2_an_army_that_assaults_need_not_forage():
    """"An activated army for an assault (siege) does not need to forage." (10.2)"""
    game = new_game()
    mes = at(game, "josselin", "me") + at(game, "saint-malo", "me")
    game.push(f"place alain-de-rohan,{','.join(mes)} dinan")
    chs = reserve(game, "montfort-ch-an", 3)
    game.push(f"place olivier-de-clisson,{','.join(chs)} lamballe")
    army = ["edward-iii", *reserve(game, "montfort-me", 4), reserve(game, "montfort-mil", 1)[0]]
    game.push(f"place {','.join(army)} montfort")
    game.push("end")
    activate(game)
    game.push(f"move olivier-de-clisson,{','.join(chs)} dinan")
    game.push("withdraw")
    game.push("besiege dinan")  # the siege roll comes in a later activation (10.12)
    game.push("end")
    game.push("end")
    activate(game)
    game.push(f"move {','.join(army)} dinan")  # 5 units: they must forage (8.16) ...
    assert set(game.legal_actions()) == {Action("forage", ("dinan",)),
                                         Action("assault-instead", ("dinan",))}
    assert game.ruleset.action_label(game.state, Action("assault-instead", ("dinan",))) == \
        "Siege roll at Dinan instead of foraging (10.2)"
    game.push("set-dice 2")  # 2 - 1 (NF) = 1: "Unsuccessful"
    entry = game.push("assault-instead dinan")  # ... unless they assault
    assert any("10.2" in (line.rule or "") for line in entry.lines)
    assert any(line.detail and line.detail["table"] == "Siege Table" for line in entry.lines)
    assert game.state["vars"]["pillage"] == []
    assert game.state["vars"]["sieges"]["dinan"]["level"] == 1
    assert game.state["flow"] == []


def _siege_of_an_alre(game) -> dict:
    """Penhoët and 2 Me besiege An Alre (a Montfort port, NF 1, empty) and roll at once
    (they started their activation there, 10.12); returns the Siege Table roll."""
    activate(game)
    game.push("besiege an-alre")
    game.push("set-dice 5")
    entry = game.push("assault an-alre")
    return next(line.detail for line in entry.lines
                if line.detail and line.detail["table"] == "Siege Table")


def _play_b01(game) -> None:
    v = game.state["vars"]
    for pile in (v["decks"]["blois"], v["hands"]["blois"]):
        if "B-01" in pile:
            pile.remove("B-01")
    v["hands"]["blois"].append("B-01")
    v["drawn"]["blois"] = True
    game.push("play B-01 evt")
    answers = {"coat": "blue", "asterisk": "no"}
    while game.state["flow"] and game.state["flow"][-1]["step"] == "card-value":
        game.push(f"value {answers[game.state['flow'][-1]['vars']['missing'][0]]}")


def test_siege_table_blois_at_a_port_minus_2_unless_b01_in_his_last_2_activations():
    """"-2 If a Blois leader besieges a port city and the event B-01 has not been played
    in the last 2 activations." (Siege Table)"""
    def scene():
        game = new_game()
        game.push(f"place herve-de-penhoet,{','.join(reserve(game, 'blois-me', 2))} an-alre")
        return game

    game = scene()
    roll = _siege_of_an_alre(game)
    assert [(m["label"], m["value"]) for m in roll["modifiers"]] == [
        ("fortress level", -1), ("siege 0 marker", 0), ("Blois besieging a port", -2)]
    assert roll["modified"] == 2

    game = scene()
    _play_b01(game)  # Blois's first activation: Marine Castillane
    game.push("end")
    game.push("end")  # Montfort
    roll = _siege_of_an_alre(game)  # Blois's next activation: still in force
    assert ("Blois besieging a port", 0) in [(m["label"], m["value"])
                                             for m in roll["modifiers"]]
    assert roll["modified"] == 4
