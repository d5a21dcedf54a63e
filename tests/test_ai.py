"""The computer opponent: legal choices, fair play (no peeking), arena and hint."""

from __future__ import annotations

import random

import pytest
from aihelpers import SECRET, GuessingCouncil
from council import Council3

from boardapp.cli import main
from boardapp.core.ai.arena import arena, winners
from boardapp.core.ai.hint import suggest
from boardapp.core.ai.players import (
    LEVELS,
    REFUSED,
    STALL,
    NormalPlayer,
    StrongPlayer,
    clear_winner,
    make_player,
)
from boardapp.core.ai.view import fair_view
from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import save_game


def quick(level: str, seed: int):
    player = make_player(level, seed)
    if isinstance(player, StrongPlayer):  # a short think is enough to check legality
        player.budget, player.rollouts, player.depth = 0.05, 1, 3
    return player


@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_every_level_chooses_a_legal_action_in_every_game(rid: str) -> None:
    ruleset = find_ruleset(rid)
    game = Game(ruleset, None, 11)
    chooser = random.Random(2)
    for n in range(12):
        side = ruleset.acting_side(game.state)
        legal = list(ruleset.legal_actions(game.state, side))
        if not legal:
            break
        level = LEVELS[n % len(LEVELS)] if n % 4 == 0 else "random"
        before = digest(game.state)
        action = quick(level, n).choose(ruleset, game.state, side, legal)
        assert action in legal, (rid, level, action)
        assert digest(game.state) == before  # thinking played nothing on the game
        game.play(action if n % 2 else chooser.choice(legal), side=side)


def blue_to_decide() -> tuple[GuessingCouncil, Game]:
    """A Council game at Blue's turn to draw or play, Blue holding the secret card."""
    rs = GuessingCouncil()
    game = Game(rs, None, 5)
    for side in ("red", "blue", "green"):
        game.play("commit gold0", side=side)
    game.play("end", side="red")
    assert rs.acting_side(game.state) == "blue"
    game.state["vars"]["hands"]["blue"][0] = SECRET
    return rs, game


def test_the_computer_never_sees_the_others_secrets(monkeypatch) -> None:
    rs, game = blue_to_decide()
    game.play("end", side="blue")  # Green decides; Blue's hand holds the secret card
    seen: list[list[str]] = []
    judge = rs.evaluate

    def spying(state, side):
        seen.append(list(state["vars"]["hands"]["blue"]))
        return judge(state, side)

    monkeypatch.setattr(rs, "evaluate", spying)
    legal = list(rs.legal_actions(game.state, "green"))
    for level in ("normal", "strong"):
        quick(level, 3).choose(rs, game.state, "green", legal)
    assert seen, "the player looked at no position"
    assert all(SECRET not in hand for hand in seen)
    view = fair_view(rs, game.state, "green", random.Random(1))
    assert view is not None and SECRET not in view["vars"]["hands"]["blue"]
    assert view["vars"]["hands"]["green"] == game.state["vars"]["hands"]["green"]


def test_a_choice_does_not_depend_on_the_others_secrets_nor_on_the_next_dice() -> None:
    rs, game = blue_to_decide()
    game.play("end", side="blue")
    legal = list(rs.legal_actions(game.state, "green"))
    choice = NormalPlayer(9).choose(rs, game.state, "green", legal)
    other = game.state | {"vars": dict(game.state["vars"])}
    other["vars"]["hands"] = dict(other["vars"]["hands"], blue=["blue-7", "blue-6"])
    other["vars"]["decks"] = dict(other["vars"]["decks"], blue=["blue-1"] * 4)
    other["rng"] = {"seed": 1, "state": 123456789}
    assert NormalPlayer(9).choose(rs, other, "green", legal) == choice


def test_others_sealed_choices_are_guessed_not_read() -> None:
    rs = GuessingCouncil()
    game = Game(rs, None, 5)
    game.play("commit gold3", side="red")
    view = fair_view(rs, game.state, "blue", random.Random(4))
    assert view is not None
    assert view["sealed"]["red"] in ("gold0", "gold1", "gold2", "gold3")
    guesses = {fair_view(rs, game.state, "blue", random.Random(n))["sealed"]["red"]
               for n in range(30)}
    assert len(guesses) > 1  # a guess among Red's options, not Red's real bid


def test_a_ruleset_that_cannot_guess_is_played_without_looking_ahead() -> None:
    rs = Council3()  # hands hidden, no determinize
    game = Game(rs, None, 3)
    for side in ("red", "blue", "green"):
        game.play("commit gold1", side=side)
    side = rs.acting_side(game.state)
    assert fair_view(rs, game.state, side, random.Random(1)) is None
    legal = list(rs.legal_actions(game.state, side))
    assert NormalPlayer(1).choose(rs, game.state, side, legal) in legal


def test_normal_beats_random_at_the_council() -> None:
    tally = arena(GuessingCouncil(), None, "normal", "random", 12, seed=1)
    assert len(tally.records) == 12
    assert tally.wins("A") + tally.wins("B") + tally.draws + tally.unfinished == 12
    # Alone against two random players, a random player would win about 4 of 12.
    assert tally.wins("A") >= 7, tally.lines()


def test_the_arena_turns_the_sides_and_tallies() -> None:
    tally = arena(GuessingCouncil(), None, "random", "random", 3, seed=2)
    held_by_a = [next(s for s, lv in r.seats.items() if lv == "A") for r in tally.records]
    assert held_by_a == ["red", "blue", "green"]
    for record in tally.records:
        assert record.finished and record.length > 0
        top = max(record.standing.values())
        assert record.winners == sorted(s for s, v in record.standing.items() if v == top)
    lines = tally.lines()
    assert lines[0].startswith("3 game(s): A=random won")
    assert "decision time" in lines[-1]


def test_winners_and_default_evaluation() -> None:
    rs = GuessingCouncil()
    game = Game(rs, None, 1)
    state = game.state
    state["score"] = {"red": 5, "blue": 9, "green": 9}
    assert winners(rs, state) == ["blue", "green"]
    assert rs.evaluate(state, "red") == -4
    state["vars"]["over"] = True
    assert rs.evaluate(state, "red") == -1004
    state["score"]["blue"] = 10
    assert rs.evaluate(state, "blue") == 1001


def test_arena_command(capsys) -> None:
    assert main(["arena", "hex-demo", "--a", "random", "--b", "random", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 game(s): A=random won ")
    assert "average length" in out and "p95" in out


def test_hint_command_suggests_a_legal_action_and_plays_nothing(tmp_path, capsys) -> None:
    rs = find_ruleset("lion-in-winter")
    game = Game(rs, None, 3)
    game.play("roll-initiative")
    path = tmp_path / "lion.json"
    save_game(game, path)
    before = path.read_bytes()
    assert main(["hint", str(path)]) == 0
    name, text = capsys.readouterr().out.strip().splitlines()
    legal = [a.text() for a in rs.legal_actions(game.state)]
    assert text in legal
    assert name.startswith(rs.side(rs.acting_side(game.state)).name + ": ")
    assert path.read_bytes() == before


def test_no_hint_once_the_game_is_over() -> None:
    rs = GuessingCouncil()
    game = Game(rs, None, 1)
    game.state["vars"]["over"] = True
    with pytest.raises(BoardappError, match="over"):
        suggest(game)


def test_deux_bretagne_guesses_the_other_hand_from_the_unseen_cards() -> None:
    from rulesets.deux_bretagne.model.guess import unseen_cards

    rs = find_ruleset("deux-bretagne")
    game = Game(rs, None, 3)
    chooser = random.Random(1)
    for _ in range(40):
        legal = game.legal_actions()
        if not legal:
            break
        game.play(chooser.choice(legal))
    real = game.state["vars"]
    for side, other in (("blois", "montfort"), ("montfort", "blois")):
        guesses = set()
        for seed in range(8):
            view = fair_view(rs, game.state, side, random.Random(seed))
            assert view is not None
            v = view["vars"]
            assert v["hands"][side] == real["hands"][side]
            assert len(v["hands"][other]) == len(real["hands"][other])
            assert len(v["decks"][other]) == len(real["decks"][other])
            dealt = v["hands"][other] + v["decks"][other]
            assert len(set(dealt)) == len(dealt)
            assert set(dealt) <= set(unseen_cards(rs, game.state, other))
            guesses.add(tuple(sorted(v["hands"][other])))
        hidden = len(real["decks"][other]) + len(real["hands"][other])
        assert len(guesses) > 1 or hidden == len(real["hands"][other])


def test_strong_keeps_the_normal_choice_unless_the_rollouts_clearly_disagree() -> None:
    assert clear_winner([[1.0, 5.0]], 2.0) == 0  # one rollout says nothing
    steady_and_noisy = [[1.0, 3.0, 2.0], [1.0, 3.2, 2.0], [1.0, 2.8, 9.0]]
    assert clear_winner(steady_and_noisy, 2.0) == 1  # a steady gain, not a lucky one
    assert clear_winner([[0.0, 10.0], [0.0, -8.0], [0.0, 9.0]], 2.0) == 0
    assert clear_winner([[REFUSED, 1.0], [REFUSED, 2.0]], 2.0) == 1


def test_planning_again_the_same_plan_comes_after_moving_the_game_on() -> None:
    rs = find_ruleset("table-demo")
    game = Game(rs, None, 1)
    side = rs.acting_side(game.state)
    plan = next(a for a in rs.legal_actions(game.state, side) if a.verb == "plan")
    game.play(plan, side=side)
    view = fair_view(rs, game.state, side, random.Random(1))
    assert NormalPlayer.look(rs, view, side, plan) <= rs.evaluate(view, side) - STALL
