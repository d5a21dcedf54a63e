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
    assert game.state["turn"] == 2
    assert set(game.legal_actions()) == {Action("remove-pillage", ("vitre",)), Action("done")}
    game.push("remove-pillage vitre")
    assert game.state["vars"]["pillage"] == []
    settle(game)
    assert game.state["flow"] == []
