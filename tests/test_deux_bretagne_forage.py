"""Forage (rules 8.16)."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
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
    # A Blois unit masks Montfort's fortress of Ancenis (10.15): the army that enters it
    # and leaves it again in this activation crosses it without the 8.22 step loss.
    game.push(f"place {reserve(game, 'blois-mil', 1)[0]} ancenis")
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


def test_8_161_an_army_lost_to_combat_and_foraging_while_enemies_remain_has_lost():
    """"If the army won the battle but is still eliminated due to foraging requirements,
    while the defender has still units remaining in the space, the attacker has lost the
    battle and the leaders retreat." (8.161)"""
    game = new_game()
    inside = reserve(game, "montfort-me", 4)
    game.push(f"place {','.join(inside)} hede")  # Montfort's fortress
    me = reserve(game, "blois-me", 1)[0]
    mils = reserve(game, "blois-mil", 4)
    army = ["charles-de-blois", me, *mils]
    game.push(f"place {','.join(army)} montfort")
    for pid in [me, *mils]:
        game.push(f"flip {pid}")  # strength 2 + 4 x 2 = 10
    activate(game)
    # Chits T4 and T2 (no effect); Blois 9 + 1 = 10 on 8-10: 9 losses; Montfort 8 on 8-10:
    # 8 losses, the 4 reduced Mil exactly.
    game.push("set-dice 4,2,9,8")
    game.state["vars"]["inside"].append(inside[0])  # one Me stayed inside the fortress
    game.state["vars"]["pillage"].append("hede")  # nothing left to forage there
    game.push(f"move {','.join(army)} hede")
    game.push("fight")  # Montfort's 3 Me outside fight (8.24)
    game.push(game.legal_actions()[0])  # Montfort's 9 losses
    assert all(game.state["pieces"][p]["loc"] == "eliminated" for p in mils)
    game.push("retreat rennes")  # the beaten Montfort units outside
    texts = [line.render() for e in game.log[-3:] for line in e.lines]
    assert any("Blois wins the battle" in t for t in texts)
    # Forage: Hédé is pillaged already, the last Me loses its step: the army is gone while
    # a Montfort Me is still inside: Charles de Blois retreats where the army came from.
    assert game.state["pieces"][me]["loc"] == "eliminated"
    assert game.state["pieces"]["charles-de-blois"]["loc"] == "montfort"
    assert any("8.161" in t for t in texts)
    assert game.state["flow"] == []
