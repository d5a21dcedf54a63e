"""Guet-Apens Scenario VIII-1's entry periods (GA 14.8.1, G18): when the set-up is done
each side rolls D6; A 3, B 6 -> A enters on period 1 and B on period 3 (the book's
example; B27 "text": period 4). The later side waits off the table and comes onto its
edge at the start of its period; a game of version 0.1 had no entries."""

from __future__ import annotations

import pytest

from boardapp.core.engine.game import Game
from boardapp.core.table.positions import position
from boardapp.core.table.tableboard import TABLE_PLACE
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.steps.entries import WAITING_BOX

RS = RULESET()


def _set_up(data=None, played_with=None) -> Game:
    game = Game(RS, "VIII-1", 5, data, played_with)
    game.play("ready", side="a")
    game.state["dice_queue"] = [3, 6]  # A's D6, B's D6
    game.play("ready", side="b")
    return game


def _hold_until(game: Game, turn: int) -> None:
    for _ in range(200):
        if game.state["turn"] >= turn:
            return
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        pick = next((t for t in ("commit hold", "commit none") if t in legal), legal[0])
        game.play(pick, side=side)
    raise AssertionError("the periods did not pass")


def test_a_3_b_6_a_enters_on_period_1_and_b_on_period_3():
    game = _set_up()
    state = game.state
    assert state["vars"]["entry"] == {"a": 1, "b": 3}
    bs = [p for p in state["vars"]["figs"] if p.startswith("b")]
    assert all(state["pieces"][p]["loc"] == WAITING_BOX for p in bs)
    assert all(position(state, p) for p in state["vars"]["figs"] if p.startswith("a"))
    lines = [line for entry in game.log for line in entry.lines]
    assert any("D6 3" in line.text and "D6 6" in line.text and "period 3" in line.text
               and "B27=example" in line.text and "GA 14.8.1" in (line.rule or "")
               for line in lines)
    _hold_until(game, 2)
    assert all(game.state["pieces"][p]["loc"] == WAITING_BOX for p in bs)
    _hold_until(game, 3)
    assert all(position(game.state, p) for p in bs)
    assert any("enters the table" in line.text for entry in game.log for line in entry.lines)


def test_the_english_text_gives_period_4_b27():
    game = _set_up(data={"readings": {"B27": {"default": "text"}}})
    assert game.state["vars"]["entry"] == {"a": 1, "b": 4}


def test_a_game_of_version_0_1_had_no_entries():
    game = _set_up(played_with="0.1")
    assert "entry" not in game.state["vars"]
    assert all(position(game.state, p) for p in game.state["vars"]["figs"])


def _lines(game: Game) -> list[str]:
    return [f"{line.text} ({line.rule})" for entry in game.log for line in entry.lines]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_three_pigs_reinforcement_comes_by_the_d6_table(seed):
    """GA 14.10.4: in X-1 the Three Pigs group (the escort's last five figures) waits off
    the table; from period 2 a D6 at the start of each period brings it in: 1 on period
    2, 1-2 on 3, 1-3 on 4, 1-4 on 5, 1-5 on 6, surely on 7."""
    game = Game(RS, "X-1", seed)
    game.play("ready", side="a")
    game.play("ready", side="b")
    group = game.state["vars"]["reinforcements"]["pids"]
    assert group == ["a13", "a14", "a15", "a16", "a17"]
    assert all(game.state["pieces"][p]["loc"] == WAITING_BOX for p in group)
    _hold_until(game, 8)
    faces = {2: {1}, 3: {1, 2}, 4: {1, 2, 3}, 5: {1, 2, 3, 4}, 6: {1, 2, 3, 4, 5}}
    rolls = [line for line in _lines(game) if line.startswith("Reinforcement")]
    arrived = game.state["vars"]["reinforcements"]["arrived"]
    assert 2 <= arrived <= 7 and len(rolls) == arrived - 1
    for period, line in zip(range(2, arrived), rolls, strict=False):
        die = int(line.split("D6 ")[1].split()[0])
        assert die not in faces[period] and "not yet" in line and "(GA 14.10.4)" in line
    assert "not yet" not in rolls[-1]
    assert all(game.state["pieces"][p]["loc"] == TABLE_PLACE for p in group)


def test_a_game_of_version_0_2_has_the_reinforcement_on_the_table():
    game = Game(RS, "X-1", 1, None, "0.2")
    game.play("ready", side="a")
    game.play("ready", side="b")
    assert "reinforcements" not in game.state["vars"]
    assert game.state["pieces"]["a13"]["loc"] == TABLE_PLACE
