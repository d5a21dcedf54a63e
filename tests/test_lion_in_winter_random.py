"""Lion in Winter: random legal play over whole games — every action offered is the
acting player's and is accepted; the games run several rounds and reach the new
decisions (battles, retreats, sieges, mercenaries, placing leaders, ransoms, the end)."""

from __future__ import annotations

import random
from collections import Counter

from boardapp.core.engine.game import Game
from boardapp.core.engine.state import canonical
from rulesets.lion_in_winter import RULESET

_RULESET = RULESET()


def play(seed: int, steps: int, verbs: Counter) -> Game:
    game = Game(_RULESET, "1183", seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            assert _RULESET.outcome(game.state)
            break
        if game.state["turn"] < 4:  # play a few rounds before the players may stop
            actions = [a for a in actions if a.verb != "end-game"] or actions
        action = rnd.choice(actions)
        if rnd.random() < 0.05:  # looking never changes the game
            before = canonical(game.state)
            _RULESET.prompt(game.state)
            _RULESET.flow_actions(game.state)
            _RULESET.place_actions(game.state, "london")
            _RULESET.summary(game.state)
            assert canonical(game.state) == before
        side = _RULESET.acting_side(game.state)
        assert side in ("english", "french")
        game.push(action, side=side)
        verbs[action.verb] += 1
        assert all(p["loc"] in game.state["stacks"] for p in game.state["pieces"].values())
        for troops in game.state["vars"]["troops"].values():
            assert all(n >= 0 for n in troops.values())
    return game


def test_random_whole_games_cover_the_decisions():
    verbs: Counter = Counter()
    turns = []
    for seed in range(5):
        game = play(seed, 550, verbs)
        turns.append(game.state["turn"])
    assert max(turns) >= 4
    for verb in ("roll-initiative", "move", "battle", "lose", "fight-on",
                 "retreat", "raise", "deploy", "recruit", "assign", "place-leader",
                 "chart-result", "next-turn", "done"):
        assert verbs[verb] > 0, (verb, verbs)


def test_random_play_undoes_to_the_start():
    game = Game(_RULESET, "1183", 11)
    start = canonical(game.state)
    rnd = random.Random(11)
    for _ in range(200):
        actions = [a for a in game.legal_actions() if a.verb != "end-game"]
        if not actions:
            break
        game.push(rnd.choice(actions))
    while game.can_undo:
        game.undo()
    assert canonical(game.state) == start
