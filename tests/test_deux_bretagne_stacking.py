"""Random legal play keeps the stacking limit (7.21) once every choice is made: moves,
recruits, retreats (9.54), BR knights received (12.42), support armies (10.16)."""

from __future__ import annotations

import random

import pytest

from boardapp.core.state import pieces_at
from tests.dbhelpers import new_game


def over_stacked(game) -> list[tuple[str, str, int]]:
    rs, state = game.ruleset, game.state
    out = []
    for area in rs.board_map.areas:
        for side in ("blois", "montfort", "marauders"):
            units = [p for p in pieces_at(state, area)
                     if rs.piece_side(state, p) == side and not rs.is_leader(state, p)]
            if len(units) > 8:
                out.append((area, side, len(units)))
    return out


@pytest.mark.parametrize("scenario, seed, prelude", [
    ("14.1", 11, ["control brest blois"]), ("14.3", 12, []),
    ("14.4", 13, ["control brest blois"])])
def test_random_play_never_leaves_more_than_8_units_in_an_area(scenario, seed, prelude):
    game = new_game(scenario, seed=seed)
    for text in prelude:
        game.push(text)
    chooser = random.Random(seed)
    for _ in range(3000):
        if game.ruleset.outcome(game.state) is not None:
            break
        legal = game.legal_actions()
        quick = [a for a in legal if a.verb in ("end", "next-turn", "draw")]
        if not game.state["flow"] and quick and chooser.random() < 0.45:
            game.push(chooser.choice(quick))
        else:
            game.push(chooser.choice(legal))
        if not game.state["flow"]:
            assert over_stacked(game) == [], game.log[-1].action.text()
    assert game.ruleset.outcome(game.state) is not None
