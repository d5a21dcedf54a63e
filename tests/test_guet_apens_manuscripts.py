"""Guet-Apens: leaving by an edge or a half-edge (GA 14.10.4, 14.11.2) and the
manuscripts of Scenario XI-2 (GA 14.11.2): a carrier leaving North is made known by his
player (an obligation his program performs), a manuscript passes to a friend who stays
by a gravely wounded (B34) or dead carrier 1 or 2 periods, a French figure by a dead
Anglo-Norman 2 periods searches him; 2 manuscripts out a victory, 1 a draw, 0 a defeat."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import put_piece
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model.edges import edge_parts
from rulesets.guet_apens.steps.exits import why_not_exit
from rulesets.guet_apens.steps.manuscripts import (
    answer,
    gravely_wounded,
    manuscript_verdict,
    plays_manuscripts,
    watch,
)

RS = RULESET()


def _put(state, pid, x, y, facing=0.0) -> None:
    set_position(state, pid, to_units(x), to_units(y), to_tenths(facing))


def _lines(game_or_ctx) -> list[str]:
    lines = (game_or_ctx.lines if isinstance(game_or_ctx, Context) else
             [line for entry in game_or_ctx.log for line in entry.lines])
    return [f"{line.text} ({line.rule})" for line in lines]


def _xi_2(seed: int = 4, played_with: str | None = None) -> Game:
    game = Game(RS, "XI-2", seed, None, played_with)
    game.play("carry a3", side="a")
    game.play("carry a7", side="a")
    game.play("ready", side="a")
    game.play("ready", side="b")
    for _ in range(50):
        if game.state["flow"][-1]["step"] == "move":
            return game
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        game.play(next((t for t in ("commit hold", "commit none") if t in legal), legal[0]),
                  side=side)
    raise AssertionError("no movement orders")


def test_half_edges():
    """A base at the North edge east of the middle is at "N" and its East half "NE"."""
    assert edge_parts(Base(90.0, 1.5, 2, 2, 0.0), 120.0, 80.0) == ["N", "NE"]
    assert edge_parts(Base(20.0, 78.5, 2, 2, 180.0), 120.0, 80.0) == ["S", "SW"]
    assert edge_parts(Base(119.0, 40.0, 2, 2, 90.0), 120.0, 80.0) == ["E"]
    assert edge_parts(Base(60.0, 40.0, 2, 2, 90.0), 120.0, 80.0) == []


def test_x_1_outlaws_leave_by_the_east_edge_or_the_ne_half_not_the_nw():
    """GA 14.10.4: the outlaws with the cargo leave East or by the NE/SE halves."""
    state = RS.setup("X-1", 2)
    table = RS.board_map.table
    b = "b3"
    _put(state, b, table.width * 0.75, 1.05)
    assert why_not_exit(RS, state, b) is None
    _put(state, b, table.width * 0.25, 1.05)
    why = why_not_exit(RS, state, b)
    assert why is not None and "East half of the North edge" in str(why[0])
    assert "14.10.4" in why[1]


def test_a_carrier_leaving_north_is_made_known_by_his_player():
    """GA 14.11.2: revealed when he leaves by the North edge (a scripted game)."""
    game = _xi_2()
    state = game.state
    _put(state, "a3", 30.0, 1.05)
    _put(state, "a5", 40.0, 1.05)
    offered = [a.text() for a in RS.legal_actions(state, "a")]
    assert "exit a3" in offered and "exit a5" in offered and "exit a4" not in offered
    assert not [a for a in RS.legal_actions(state, "b") if a.verb == "exit"]
    game.play("exit a3", side="a")
    game.play("exit a5", side="a")
    assert "out" in state["vars"]["figs"]["a3"]["states"]
    game.play("commit hold", side="a")
    game.play("commit hold", side="b")  # the movement done: his program answers (played)
    answers = [e for e in game.log if e.action.verb == "answer"]
    assert len(answers) == 1 and answers[0].side == "a"
    v = game.state["vars"]
    assert v["manuscripts_out"] == ["a3"]
    assert v["carriers"]["a"] == ["a7"]
    text = _lines(game)
    assert any("A3 leaves by the North edge with a manuscript" in t and "GA 14.11.2" in t
               for t in text)
    assert any("A5 leaves by the North edge without a manuscript" in t for t in text)


def test_gravely_wounded_reads_b34():
    state = RS.setup("XI-2", 4)
    f = state["vars"]["figs"]["a3"]
    f["start"]["lp"], f["lp"] = 8, 3
    assert gravely_wounded(RS, state, "a3")  # 3 of 8 left: under half (half_left)
    f["lp"] = 6
    assert not gravely_wounded(RS, state, "a3")
    state["data"] = {"readings": {"B34": {"default": "half_lost"}}}
    assert gravely_wounded(RS, state, "a3")  # 2 of 8 lost: "less than half lost"


def _secret(state) -> None:
    state["vars"]["carriers"] = {"a": ["a3", "a7"]}


def _dead_carrier_beside(watcher: str):
    """XI-2 with the carrier a3 killed where he stood and ``watcher`` base to base with
    the spot (GA 14.11.2)."""
    state = RS.setup("XI-2", 4)
    _secret(state)
    _put(state, "a3", 50.0, 40.0)
    _put(state, watcher, 52.05, 40.0)
    state["vars"]["bodies"] = {"a3": list(state["pieces"]["a3"]["at"])}
    state["vars"]["figs"]["a3"]["states"] = ["dead"]
    put_piece(state, "a3", RS.eliminated_box)
    return state


def test_a_dead_carrier_passes_his_manuscript_after_2_periods():
    """GA 14.11.2: a friend by the dead carrier, neither fighting, 2 periods."""
    state = _dead_carrier_beside("a4")
    ctx = Context(state, "a")
    state["turn"] = 3
    watch(RS, state, ctx)
    assert state["vars"]["tending"]["a3"] == {"by": "a4", "since": 3}
    state["turn"] = 4
    watch(RS, state, ctx)
    assert not state["vars"]["manuscripts_due"]
    state["turn"] = 5
    watch(RS, state, ctx)
    assert state["vars"]["manuscripts_due"] == [["pass", "a3", "a4"]]
    answer(RS, state, ctx, "pass", "a3", "a4")
    assert state["vars"]["carriers"]["a"] == ["a7"]
    assert state["vars"]["carriers_known"] == ["a4"]
    assert any("passes his manuscript to" in t and "French learn" in t and "GA 14.11.2" in t
               for t in _lines(ctx))


def test_a_gravely_wounded_carrier_passes_it_in_1_period():
    state = RS.setup("XI-2", 4)
    _secret(state)
    f = state["vars"]["figs"]["a7"]
    f["lp"] = max(1, (f["start"]["lp"] - 1) // 2)
    _put(state, "a7", 50.0, 40.0)
    _put(state, "a8", 52.05, 40.0)
    ctx = Context(state, "a")
    state["turn"] = 2
    watch(RS, state, ctx)
    state["turn"] = 3
    watch(RS, state, ctx)
    assert state["vars"]["manuscripts_due"] == [["pass", "a7", "a8"]]


def test_a_french_figure_searches_a_dead_carrier_after_2_periods():
    state = _dead_carrier_beside("b1")
    for p in ("a1", "a2", "a4", "a5", "a6", "a7", "a8", "a9", "a10"):
        _put(state, p, 10.0 + 3 * int(p[1:]), 75.0)  # nobody else by the body
    ctx = Context(state, "a")
    for turn in (1, 2, 3):
        state["turn"] = turn
        watch(RS, state, ctx)
    assert ["search", "a3", "b1"] in state["vars"]["manuscripts_due"]
    answer(RS, state, ctx, "search", "a3", "b1")
    assert state["vars"]["manuscripts_taken"] == ["a3"]
    assert any("searches the body of" in t and "takes a manuscript" in t for t in _lines(ctx))
    with pytest.raises(BoardappError):
        answer(RS, state, Context(state, "b"), "search", "a3", "b1")


@pytest.mark.parametrize(("out", "words"), [(["a3", "a7"], "A wins"), (["a3"], "a draw"),
                                            ([], "none")])
def test_the_verdict_counts_the_manuscripts_out(out, words):
    state = RS.setup("XI-2", 4)
    state["vars"]["manuscripts_out"] = out
    assert words in str(manuscript_verdict(RS, state))


def test_games_of_0_3_had_no_exits_nor_answers():
    game = _xi_2(played_with="0.3")
    _put(game.state, "a3", 30.0, 1.05)
    assert not [a for a in RS.legal_actions(game.state, "a") if a.verb == "exit"]
    assert not plays_manuscripts(RS, game.state)
