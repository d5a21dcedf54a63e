"""Forage (rules 8.16)."""

from __future__ import annotations

from boardapp.core.actions import Action
from tests.dbhelpers import activate, at, new_game, reserve


def army_of_five(game):
    extra = reserve(game, "blois-me", 1)
    game.push(f"place {extra[0]} anjev")
    return at(game, "anjev")  # Charles de Blois + 5 units


def test_8_16_an_army_of_5_chooses_the_city_it_pillages():
    game = new_game()
    army = army_of_five(game)
    activate(game)
    reach = game.ruleset.reachable(game.state, army)
    dest = next(d for d, r in sorted(reach.items())
                if len(r.path) == 3 and not r.stops and d in game.ruleset.board_map.areas)
    game.push(f"move {','.join(army)} {dest}")
    path = reach[dest].path
    assert set(game.legal_actions()) == {Action("forage", (p,)) for p in path[1:]}
    entry = game.push(f"forage {dest}")
    assert game.state["vars"]["pillage"] == [dest]
    assert "8.16" in entry.lines[-1].rule
    assert game.ruleset.place_markers(game.state)[dest] == ["Pillage"]


def test_8_16_with_nothing_left_to_pillage_a_me_loses_a_step():
    game = new_game()
    army = army_of_five(game)
    activate(game)
    game.push(f"move {','.join(army)} ancenis")  # one city: pillaged at once
    assert game.state["vars"]["pillage"] == ["ancenis"] and game.state["flow"] == []
    game.push(f"move {','.join(army)} anjev")  # a box: nothing to forage
    mes = [p for p in army if p.startswith("blois-me")]
    assert len(mes) > 1  # Me first, the player chooses which (8.16)
    assert set(game.legal_actions()) == {Action("lose-step", (p,)) for p in mes}
    assert "Nothing left to forage" in game.ruleset.prompt(game.state)
    entry = game.push(f"lose-step {mes[-1]}")
    assert [game.state["pieces"][p]["flipped"] for p in mes] == [False] * (len(mes) - 1) + [
        True]
    assert "Nothing left to forage" in entry.lines[-1].text
    assert "8.16" in entry.lines[-1].rule and game.state["flow"] == []


def test_a_small_army_does_not_forage():
    game = new_game()
    stack = at(game, "josselin")
    activate(game)
    game.push(f"move {','.join(stack)} malestroit")
    assert game.state["vars"]["pillage"] == [] and game.state["flow"] == []
