"""A new turn of Montjoie! begins at Séq. 1 (the treasury), not at the set-up's
placement (5.0): the starting cities of 7.0 stay the three of the start. Games recorded
with 0.3 and before went through the placement again, and still replay so."""

from __future__ import annotations

import random

from boardapp.core.engine.game import Game
from tests.montjoiehelpers import mini, new_game, play_until

BEGINS = "Every starting garrison is placed: the first turn begins"


def _begins(game: Game) -> int:
    return sum(line.text == BEGINS for entry in game.log for line in entry.lines)


def _to_turn_two(game: Game) -> dict:
    """Play at random to the start of turn 2; the starting cities after the set-up."""
    play_until(game, "politique", seed=3)  # Séq. 1 (the treasury) decides nothing
    start = {n: list(c) for n, c in game.state["vars"]["start_cities"].items()}
    rnd = random.Random(3)
    rs = game.ruleset
    while game.state["turn"] == 1:
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)
    assert game.state["turn"] == 2
    return start


def test_the_second_turn_begins_at_the_treasury_with_the_starting_cities_kept():
    game = new_game("normale-4", seed=2)
    start = _to_turn_two(game)
    assert _begins(game) == 1
    assert game.state["vars"]["start_cities"] == start
    assert all(len(cities) <= 3 for cities in start.values())


def test_a_game_of_0_3_goes_through_the_placement_again_as_it_was_recorded():
    game = Game(mini(), "normale-4", 2, played_with="0.3")
    assert game.state["legacy"] == {"turn-from-treasury": False}
    _to_turn_two(game)
    assert _begins(game) == 2
