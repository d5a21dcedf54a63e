"""Naval movement (rules 8.15) and the Bro Saoz box (2.64)."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from tests.dbhelpers import activate, at, new_game


def montfort_with_act_3(game):
    game.push("end")  # Montfort's activation
    game.push("draw")
    card = game.state["vars"]["hands"]["montfort"][0]
    game.push(f"play {card} act")
    game.push("value 3")  # the activation value the rules do not print, given by the player
    return card


def test_8_151_montfort_sails_with_an_activation_3_card():
    game = new_game()
    montfort_with_act_3(game)
    army = ["jean-de-montfort", *at(game, "nantes", "unit")[:4]]
    reach = game.ruleset.reachable(game.state, army)
    assert "brest" in reach and reach["brest"].path == ("nantes", "brest")  # by sea
    assert "bro-saoz" in reach  # 2.64: Bro Saoz only by sea, for Montfort
    entry = game.push(f"move {','.join(army)} brest")
    assert entry.lines[0].text.endswith("sail Nantes → Brest (all their movement)")
    assert "8.151" in entry.lines[0].rule
    assert all(game.state["pieces"][p]["loc"] == "brest" for p in army)
    # 8.153: one leader and his army per card.
    lone = at(game, "gwened", "leader")
    with pytest.raises(IllegalActionError) as refused:
        game.push(f"move {lone[0]} bro-saoz")  # only by sea
    assert "8.153" in refused.value.rule  # one army per card (5.3), one naval move


def test_8_151_no_sailing_without_the_card_nor_without_a_leader():
    game = new_game()
    army = ["alain-de-rohan", at(game, "saint-malo")[0]]
    game.push(f"place {army[0]} saint-malo")
    card = activate(game)  # Blois: an ACT card without an anchor
    assert game.ruleset.cards[card].get("anchor") is not True
    with pytest.raises(IllegalActionError) as info:
        game.push(f"move {','.join(army)} nantes")
    assert "8.15" in info.value.rule
    game2 = new_game()
    montfort_with_act_3(game2)
    with pytest.raises(IllegalActionError, match="without a leader"):
        game2.push(f"move {at(game2, 'brest')[0]} saint-malo")


def test_8_152_an_army_beaten_in_the_enemy_port_it_sailed_to_loses_a_step_and_sails_back():
    """"the destination port city need not be under friendly control. In this case, if the
    attacker loses the battle for the destination Port City, he must lose an additional
    step and return to the port city of origin (starting city)." (8.152)"""
    game = new_game()
    blois = at(game, "josselin", "me") + at(game, "saint-malo", "me")
    game.push(f"place alain-de-rohan,{','.join(blois)} lannuon")  # a Blois port, open
    montfort_with_act_3(game)
    mes = at(game, "nantes", "me")
    army = ["jean-de-montfort", *mes]
    # Chit T4 (no effect); Montfort rolls 0 (2 losses), Blois 6 + 1 (Rohan) = 7 (5).
    game.push("set-dice 4,0,6")
    game.push(f"move {','.join(army)} lannuon")
    game.push(f"losses {mes[0]}=1")  # Montfort: 5 losses, one Me step
    prompt = game.ruleset.prompt(game.state)
    assert "Beaten in the enemy port it sailed to" in prompt and "8.152" in prompt
    assert {a.verb for a in game.legal_actions()} == {"lose-step"}
    entry = game.push(f"lose-step {mes[1]}")
    texts = [line.render() for line in entry.lines]
    assert any("Beaten in the enemy port it sailed to" in t and "reduced" in t for t in texts)
    assert any("retreats from Lannuon to Nantes" in t and "8.152" in t for t in texts)
    assert all(game.state["pieces"][p]["loc"] == "nantes" for p in army)
    assert all(game.ruleset.is_reduced(game.state, p) for p in mes)  # 1 in battle, 1 at sea
    assert game.state["flow"] == []
