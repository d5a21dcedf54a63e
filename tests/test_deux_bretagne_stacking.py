"""Random legal play keeps the stacking limit (7.21) once every choice is made (moves,
recruits, retreats 9.54, BR knights received 12.42, support armies 10.16), and the victory
points consistent with the counties held, the leaders killed and the wholly pillaged
counties (13.12, 12.45)."""

from __future__ import annotations

import random
import re

import pytest

from boardapp.core.engine.state import pieces_at
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


def expected_points(game, initial: dict, counties: dict) -> dict:
    """The scenario's PV, moved by every county that changed hands (13.12), less the
    wholly pillaged counties (12.45), plus the leaders killed (13.12, read in the log)."""
    rs, state = game.ruleset, game.state
    points = dict(initial)
    for region in rs.board_map.regions.values():
        now, then = state["region_control"].get(region.id), counties.get(region.id)
        if now != then:
            for side, sign in ((now, 1), (then, -1)):
                if side in points:
                    points[side] += sign * (region.vp or 0)
    for side in state["vars"].get("county_vp_cut", {}).values():
        points[side] -= 1
    for entry in game.log:
        for line in entry.lines:
            killed = re.search(r"(Blois|Montfort) gains (\d+) PV", line.text)
            if killed:
                points[killed.group(1).lower()] += int(killed.group(2))
    return points


@pytest.mark.parametrize("scenario, seed, prelude", [
    ("14.1", 11, ["control brest blois"]), ("14.3", 12, []),
    ("14.4", 13, ["control brest blois"])])
def test_random_play_keeps_stacking_and_victory_points(scenario, seed, prelude):
    game = new_game(scenario, seed=seed)
    for text in prelude:
        game.push(text)
    initial, counties = dict(game.state["score"]), dict(game.state["region_control"])
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
    assert game.state["score"] == expected_points(game, initial, counties)
