"""The end of a turn (4.0 D-F) and the start of the next (4.0 A)."""

from __future__ import annotations

from boardapp.core.actions import Action
from tests.dbhelpers import at, new_game, reserve, settle


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
    # 4.0 D2b: each player spends his PS, Blois first (nothing to buy here).
    assert game.ruleset.acting_side(game.state) == "blois"
    assert game.legal_actions() == [Action("done")]
    game.push("done")
    game.push("done")
    assert game.state["turn"] == 2 and game.state["flow"] == []


def test_12_46_pillage_markers_removed_at_the_start_of_a_turn():
    game = new_game()
    extra = reserve(game, "blois-me", 1)[0]
    game.push(f"place {extra} anjev")
    army = at(game, "anjev")
    reach = game.ruleset.reachable(game.state, army)
    assert reach["vitre"].path == ("anjev", "la-guerche", "vitre")
    game.push(f"move {','.join(army)} vitre")
    game.push("forage vitre")
    end_activations(game)
    game.push("set-dice 5,4")  # no Militia departs (4 and 5 after modifiers)
    game.push("next-turn")
    game.push("done")  # Blois spends nothing (4.0 D2b)
    game.push("done")  # nor Montfort
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
