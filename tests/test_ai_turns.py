"""The computer never goes back to a position of its own turn, and ends its turn.

The bug (issue 20): in the table demo the normal player, losing at turn 4, planned one
figure's path, then another, then the first again, forever, rather than commit the orders
that end the game. Each player now remembers the positions its choices produced in its
turn (:mod:`boardapp.core.ai.memory`).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardapp.core.ai.levels import LEVELS
from boardapp.core.ai.memory import TurnMemory, position_key, turn_mark
from boardapp.core.ai.players import Player, StrongPlayer, make_player
from boardapp.core.ai.view import fair_view
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import Ruleset, available_rulesets, find_ruleset

LOOP = Path(__file__).parent / "data" / "ai" / "table-demo-loop.txt"
"""The table demo's game (seed 100010) up to Blue's last orders, where Blue looped."""
_RULESETS: dict[str, Ruleset] = {}


def ruleset(rid: str) -> Ruleset:
    if rid not in _RULESETS:
        _RULESETS[rid] = available_rulesets()[rid]()
    return _RULESETS[rid]


def looping_game() -> Game:
    game = Game(find_ruleset("table-demo"), None, 100010)
    for line in LOOP.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            side, text = line.split(" ", 1)
            game.push(Action.parse(text), side=side)
    return game


def quick(player: Player) -> Player:
    """A strong player thinking less (the tests check what it chooses, not how well)."""
    if isinstance(player, StrongPlayer):
        player.rollouts, player.depth, player.budget = 2, 6, 0.2
    return player


def play_turn(game: Game, player: Player, side: str, decisions: int) -> list[str]:
    """``player`` decides for ``side`` until its turn is over (at most ``decisions``
    times); the keys of the positions of the turn, the first the one it began in.
    Fails if a position comes back."""
    rs = game.ruleset
    mark = turn_mark(game.state)
    keys = [position_key(rs, game.state, side)]
    for _ in range(decisions):
        if rs.outcome(game.state) is not None or rs.acting_side(game.state) != side:
            break
        legal = list(rs.legal_actions(game.state, side))
        action = player.choose(rs, game.state, side, legal)
        game.play(action, side=side)
        if (turn_mark(game.state) != mark or rs.outcome(game.state) is not None
                or side not in rs.deciding_sides(game.state)):
            break
        key = position_key(rs, game.state, side)
        assert key not in keys, (f"{rs.id}: {player.level} went back to a position of its "
                                 f"turn with {action.text()} ({len(keys)} decisions in)")
        keys.append(key)
    return keys


def test_the_table_demo_loop_now_ends_its_turn():
    for seed in range(3):
        game = looping_game()
        rs = game.ruleset
        assert rs.acting_side(game.state) == "blue" and game.state["turn"] == 4
        player = make_player("normal", seed)
        play_turn(game, player, "blue", 30)
        # the orders were given: the fourth turn was carried out and the game is over
        assert rs.outcome(game.state) is not None, game.log[-1].action.text()
        assert game.log[-3].action.verb == "commit"


def test_a_position_looks_the_same_from_the_game_and_from_a_guessed_view():
    game = looping_game()
    rs = game.ruleset
    for side in ("blue", "red"):
        key = position_key(rs, game.state, side)
        for seed in range(3):
            view = fair_view(rs, game.state, side, random.Random(seed))
            assert view is not None and position_key(rs, view, side) == key


def test_the_memory_is_of_one_turn_and_undo_forgets_it():
    game = looping_game()
    rs = game.ruleset
    memory = TurnMemory()
    turn = memory.begin(rs, game.state, "blue")
    assert turn.seen == {position_key(rs, game.state, "blue")}
    assert memory.repeats(rs, game.state, "blue")  # staying put goes back
    legal = [a for a in rs.legal_actions(game.state, "blue") if a.verb == "plan"]
    game.push(legal[0], side="blue")
    memory.record(rs, game.state, "blue")
    assert memory.repeats(rs, game.state, "blue") and len(turn.seen) == 2
    memory.forget()
    assert not memory.repeats(rs, game.state, "blue")


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(rid=st.sampled_from(sorted(available_rulesets())), level=st.sampled_from(LEVELS),
       seed=st.integers(1, 10_000), before=st.integers(0, 40))
def test_no_level_goes_back_to_a_position_of_its_turn(rid, level, seed, before):
    rs = ruleset(rid)
    game = Game(rs, None, seed)
    rng = random.Random(seed)
    for _ in range(before):  # a random position of the game
        if rs.outcome(game.state) is not None:
            return
        side = rs.acting_side(game.state)
        legal = list(rs.legal_actions(game.state, side))
        if not legal:
            return
        game.play(rng.choice(legal), side=side)
    if rs.outcome(game.state) is not None:
        return
    side = rs.acting_side(game.state)
    play_turn(game, quick(make_player(level, seed)), side, 8)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_ends_the_looping_turn(level):
    game = looping_game()
    play_turn(game, quick(make_player(level, 5)), "blue", 40)
    assert game.ruleset.outcome(game.state) is not None
