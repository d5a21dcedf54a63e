"""The end of a turn (4.0 D-F) and the start of the next (4.0 A)."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from tests.dbhelpers import activate, at, new_game, reserve, settle


def end_activations(game):
    while game.state["phase"] == "action":
        game.push("end")


def test_11_militia_go_home_and_12_11_income():
    game = new_game()
    end_activations(game)
    # Blois: 3 counties (-1), die 9 -> 8: 50% of 1 Mil. Montfort: M-01 not played (-2),
    # 6 counties (+1), Rennes (+1), Nantes (+1), die 0 -> 1: 50% of 6 Mil = 3 steps.
    game.push("set-dice 9,0")
    entry = game.push("next-turn")
    rolls = [line.detail for line in entry.lines if line.detail]
    assert [(r["who"], r["die"], r["modified"], r["result"]) for r in rolls] == [
        ("Blois", 9, 8, "50% of the Militia depart"),
        ("Montfort", 0, 1, "50% of the Militia depart")]
    assert sorted(m["value"] for m in rolls[1]["modifiers"]) == [-2, 1, 1, 1]
    blois_mil = at(game, "gwengamp", "mil")[0]
    assert game.state["pieces"][blois_mil]["flipped"]  # the only Blois Mil: no choice
    # Montfort chooses 3 steps among his 6 Mil, one at a time.
    assert game.ruleset.acting_side(game.state) == "montfort"
    assert "3 to lose" in game.ruleset.prompt(game.state)
    for _ in range(3):
        choice = game.legal_actions()[0]
        assert choice.verb == "lose-step"
        entry = game.push(choice)
    texts = " ".join(line.text for line in entry.lines)
    assert "Blois receives 5 PS" in texts and "Montfort receives 13 PS" in texts
    # 4.0 D2b: each player spends his PS, Blois first: he pays his units or not.
    assert game.ruleset.acting_side(game.state) == "blois"
    assert Action("done") in game.legal_actions()
    assert {a.verb for a in game.legal_actions()} == {"pay", "done"}  # 5 PS < 6 to pay all
    game.push("done")
    game.push("done")
    settle(game)  # the unpaid units roll on the Pillage Table (12.43)
    assert game.state["turn"] == 2 and game.state["flow"] == []


def test_12_46_pillage_markers_removed_at_the_start_of_a_turn():
    game = new_game()
    extra = reserve(game, "blois-me", 1)[0]
    game.push(f"place {extra} anjev")
    army = at(game, "anjev")
    activate(game)
    reach = game.ruleset.reachable(game.state, army)
    assert reach["vitre"].path == ("anjev", "la-guerche", "vitre")
    game.push(f"move {','.join(army)} vitre")
    game.push("forage vitre")
    end_activations(game)
    # No Militia departs (4 and 5 after modifiers); nobody pays and every unpaid stack
    # rolls a 0 on the Pillage Table: "Paid" (12.433).
    game.push("set-dice 5,4," + ",".join(["0"] * 10))
    game.push("next-turn")
    game.push("done")
    game.push("done")
    while game.state["turn"] == 1:  # the unpaid BR knights change sides (12.42)
        assert game.legal_actions()[0].verb == "receive-br"
        game.push(game.legal_actions()[0])
    assert game.state["turn"] == 2
    assert set(game.legal_actions()) == {Action("remove-pillage", ("vitre",)), Action("done")}
    game.push("remove-pillage vitre")
    assert game.state["vars"]["pillage"] == []
    settle(game)
    assert game.state["flow"] == []


def test_12_53_buying_a_marauder_stack_costs_3_ps():
    """"The Blois player buys a Marauders stack made of one full Ch unit and 2 reduced Me
    units. It costs him 3 PS. He replaces in the same area, the same number of steps and
    the same type of Blois units." (12.53)"""
    game = new_game()
    ch = reserve(game, "marauder-ch", 1)[0]
    mes = reserve(game, "marauder-me", 2)
    game.push(f"place {ch},{','.join(mes)} pondi")
    for pid in mes:
        game.push(f"flip {pid}")
    game.push("control pondi none")
    end_activations(game)
    game.push("set-dice 5,4")
    game.push("next-turn")
    assert game.state["vars"]["resources"]["blois"] == 5
    assert Action("buy-marauders", ("pondi",)) in game.legal_actions()
    entry = game.push("buy-marauders pondi")
    assert game.state["vars"]["resources"]["blois"] == 2
    assert "for 3 PS" in entry.lines[0].text and "12.53" in entry.lines[0].rule
    bought = at(game, "pondi")
    types = sorted((game.state["pieces"][p]["type"], game.ruleset.is_reduced(game.state, p))
                   for p in bought)
    assert types == [("blois-ch-fr", False), ("blois-me", True), ("blois-me", True)]
    assert game.state["control"]["pondi"] == "blois"
    assert all(game.state["pieces"][p]["loc"] == "reserve" for p in [ch, *mes])


def test_12_2_a_captured_leader_is_ransomed_for_his_command_value():
    game = new_game()
    game.push("place alain-de-rohan prison-bro-saoz")  # captured (by hand)
    end_activations(game)
    game.push("set-dice 5,4")
    game.push("next-turn")
    game.push("ransom alain-de-rohan")  # command 2: Blois 5 -> 3 PS, Montfort 13 -> 15
    assert game.state["vars"]["resources"] == {"blois": 3, "montfort": 15}
    assert Action("free-to", ("josselin",)) in game.legal_actions()
    game.push("free-to josselin")
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "josselin"


def test_12_4_example_of_resources_pillage_marauders_and_the_battle_in_the_fortress():
    """"A Montfort army with 3 full Ch units besieges a Blois army with a leader and 2 full
    Me in a fortified city. The city has no Pillage marker. The Montfort player rolls a die
    modified by 1 because he has 3 units pillaging. He gets a 4, so the result is
    'Pillage'. In the same time, the Blois player rolls a die with +1 (the majority ... are
    Mercenary units) and +2 (for being besieged). He gets a 5 modified to 8 for a result of
    'Pillage & half of the units becomes Marauders'. One Me unit become Marauder and a
    combat inside the fortified city takes place. Following the combat, the Marauder Me
    unit gets 2 losses while the regular Me unit gets 3. The Marauder unit therefore wins
    the combat and the reduced regular unit and its leader must retreat. As they can not
    retreat because of the siege, they are both eliminated (the leader is killed). The
    siege continues but there is only one Marauder Me unit inside the fortified city."
    (12.4)"""
    game = new_game()
    mes = at(game, "josselin", "me") + at(game, "saint-malo", "me")
    game.push(f"place alain-de-rohan,{','.join(mes)} dinan")  # Blois's fortress
    chs = reserve(game, "montfort-ch-an", 3)
    game.push(f"place olivier-de-clisson,{','.join(chs)} lamballe")
    game.push("end")  # Montfort's activation
    activate(game)
    game.push(f"move olivier-de-clisson,{','.join(chs)} dinan")
    game.push("withdraw")  # Blois goes inside (8.24)
    game.push("besiege dinan")
    end_activations(game)
    score = dict(game.state["score"])
    # Militia 5 and 4 (nobody departs); Blois's Dinan roll 5; Montfort's Dinan roll 3
    # (modified 4); Montfort's other unpaid stacks roll 0 ("Paid").
    game.push("set-dice 5,4,5,3,0,0,0,0,0")
    game.push("next-turn")
    game.push("done")  # Blois pays nobody (and cannot pay inside a besieged fortress)
    entry = game.push("done")
    rolls = [line.detail for line in entry.lines
             if line.detail and line.detail["table"] == "Pillage Table"]
    blois, montfort = rolls[0], rolls[1]  # 12.432: both rolled before either applies
    assert (blois["who"], blois["die"], blois["modified"]) == ("Blois", 5, 8)
    assert blois["result"].startswith("Pillage & half of the units become Marauders")
    assert sorted((m["label"], m["value"]) for m in blois["modifiers"] if m["value"]) == [
        ("a majority of Me units", 1), ("inside a besieged fortified city", 2)]
    assert (montfort["who"], montfort["die"], montfort["modified"]) == ("Montfort", 3, 4)
    assert montfort["result"] == "Pillage in Dinan"
    assert [m["label"] for m in montfort["modifiers"] if m["value"]] == [
        "three or more units pillage"]
    # 12.42 first (phase D3 b): the unpaid BR knights change sides.
    received = 0
    while game.legal_actions()[0].verb == "receive-br":  # Blois's 2 BR Ch go to Montfort
        game.push("receive-br nantes")
        received += 1
    assert received == 2
    assert [game.state["pieces"][p]["type"] for p in at(game, "nantes", "ch-br")] == [
        "montfort-ch-br", "montfort-ch-br"]  # his own left for Blois, as Blois's 2 came
    # Blois chooses which of his two Me turns Marauder (12.433); then the battle: chit
    # draw 4 (T4, no effect here), the Marauders roll 5 (3 losses on column 3-4), Blois
    # rolls 1 + 1 (Alain de Rohan) = 2 (2 losses); phase E: siege roll 3 - 1 = 2.
    assert set(game.legal_actions()) == {Action("turn-marauder", (p,)) for p in mes}
    game.push("set-dice 4,5,1,3")
    entry = game.push(f"turn-marauder {mes[0]}")
    texts = [line.text for line in entry.lines]
    combat = [line.detail for line in entry.lines
              if line.detail and line.detail["table"] == "Combat Table"]
    assert [(c["who"], c["column"], c["modified"], c["result"]) for c in combat] == [
        ("Marauders", "3-4", 5, "3 losses"), ("Blois", "3-4", 2, "2 losses")]
    assert "Combat strengths: Marauders 3, Blois 3" in texts
    assert "The Marauders take 2 losses: no unit loses a step (the only legal choice)" in texts
    assert any(t.startswith("Blois takes 3 losses") and "reduced" in t for t in texts)
    assert "The Marauders win the battle (caused 3 losses against 2)" in texts
    loyal = mes[1]
    assert game.state["pieces"][loyal]["loc"] == "eliminated"
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "eliminated"  # killed
    assert game.state["score"] == score  # killed by Marauders: no player gains PV (13.12)
    # The siege continues, one Marauder Me inside the fortress.
    inside = [p for p in at(game, "dinan", "unit") if p in game.state["vars"]["inside"]]
    assert [game.state["pieces"][p]["type"] for p in inside] == ["marauder-me"]
    assert not game.ruleset.is_reduced(game.state, inside[0])
    assert game.state["vars"]["sieges"]["dinan"]["side"] == "montfort"
    assert game.state["control"]["dinan"] == "blois"
    assert "dinan" in game.state["vars"]["pillage"]
    assert game.state["dice_queue"] == [] and game.state["turn"] == 2
    # Next turn Blois buys the Marauder Me back (12.52, 1 PS): his again, inside his
    # fortress, under the siege (12.53: no change of control while a siege is on).
    end_activations(game)
    game.push("set-dice 5,4")  # no Militia departs
    game.push("next-turn")
    assert Action("buy-marauders", ("dinan",)) in game.legal_actions()
    game.push("buy-marauders dinan")
    new = [p for p in at(game, "dinan", "me") if p in game.state["vars"]["inside"]]
    assert [game.state["pieces"][p]["type"] for p in new] == ["blois-me"]
    assert game.state["control"]["dinan"] == "blois" and "dinan" in game.state["vars"]["sieges"]


def test_6_3_the_plague_four_turns_after_b12_then_the_enlisement_cards():
    game = new_game("14.4")
    game.push("control brest blois")  # no automatic victory at the end of turn 2 (13.2)
    game.push("draw")
    game.push("play B-12 evt")
    settle(game)  # the values of B-12 the rules do not print are asked
    assert game.state["vars"]["plague_turn"] == 5  # 6.31: 4 turns after B-12
    while game.state["turn"] < 5:
        if game.state["flow"]:  # any decision: be done, else take the first choice
            done = [a for a in game.legal_actions() if a.verb == "done"]
            game.push(done[0] if done else game.legal_actions()[0])
        elif game.state["phase"] == "action":
            game.push("end")
        else:
            game.push("next-turn")
    texts = [line.text for entry in game.log for line in entry.lines]
    assert "The plague strikes Brittany" in texts
    rolls = [line.detail for entry in game.log for line in entry.lines
             if line.detail and line.detail["table"] == "Plague"]
    assert rolls and all(r["rule"] == "Deux Bretagne 6.32" for r in rolls)
    assert game.state["vars"]["enlisement"] == {"blois": True, "montfort": True}
    assert game.state["vars"]["plague_done"]


def test_12_2_an_exchange_of_prisoners_of_the_same_command_value_needs_both_players():
    """"Players can also exchange leaders with the same command value." (12.2)"""
    def prisoners():
        game = new_game()
        game.push("place alain-de-rohan prison-bro-saoz")  # Blois's, VC 2, held by Montfort
        game.push("place guillaume-de-cadoudal prison-bro-chall")  # Montfort's, VC 2
        end_activations(game)
        game.push("set-dice 5,4")
        game.push("next-turn")
        return game

    offer = Action("offer-exchange", ("alain-de-rohan", "guillaume-de-cadoudal"))
    game = prisoners()
    assert offer in game.legal_actions()
    game.push(offer)
    assert game.ruleset.acting_side(game.state) == "montfort"
    assert set(game.legal_actions()) == {Action("accept-exchange"), Action("refuse-exchange")}
    game.push("refuse-exchange")
    assert game.ruleset.acting_side(game.state) == "blois"
    assert offer not in game.legal_actions()  # refused: not offered again this turn
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "prison-bro-saoz"

    game = prisoners()
    game.push(offer)
    game.push("accept-exchange")
    assert game.ruleset.acting_side(game.state) == "blois"  # each places his own (12.2)
    game.push("free-to josselin")
    assert game.ruleset.acting_side(game.state) == "montfort"
    game.push("free-to rennes")
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "josselin"
    assert game.state["pieces"]["guillaume-de-cadoudal"]["loc"] == "rennes"
    assert game.state["vars"]["resources"] == {"blois": 5, "montfort": 13}  # no PS paid
    assert game.ruleset.acting_side(game.state) == "blois"
    assert offer not in game.legal_actions()
