"""Naval movement (rules 8.15) and the Bro Saoz box (2.64)."""

from __future__ import annotations

import pytest

from boardapp.core.errors import IllegalActionError
from tests.dbhelpers import at, new_game


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
    with pytest.raises(IllegalActionError, match="one naval movement per card"):
        game.push(f"move {lone[0]} bro-saoz")  # only by sea


def test_8_151_no_sailing_without_the_card_nor_without_a_leader():
    game = new_game()
    with pytest.raises(IllegalActionError) as info:
        game.push(f"move {at(game, 'saint-malo')[0]} nantes")  # Blois, no card, no leader
    assert "8.15" in info.value.rule
    game2 = new_game()
    montfort_with_act_3(game2)
    with pytest.raises(IllegalActionError, match="without a leader"):
        game2.push(f"move {at(game2, 'brest')[0]} saint-malo")
