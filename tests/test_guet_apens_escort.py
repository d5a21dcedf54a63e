"""Guet-Apens: escorting a captive off the table (GA 13.5.1, 13.5.6, 13.6; reading
B24): with B24 "slower" the captive stays beside his escort, who goes at the pace of
the slower and has him follow, and leads him off by an edge the scenario allows (not
VIII-2's West); "done" and games of 0.1-0.3 take the escort as done."""

from __future__ import annotations

import pytest

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.table.fixed import to_cm, to_tenths, to_units
from boardapp.core.table.positions import position, set_position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model import TOUCHING
from rulesets.guet_apens.model.words import N_
from rulesets.guet_apens.steps.capture import take_captive
from rulesets.guet_apens.steps.escort import why_not_escort_off

RS = RULESET()


def _put(state, pid, x, y, facing=90.0) -> None:
    set_position(state, pid, to_units(x), to_units(y), to_tenths(facing))


def _foot(state, *pids) -> None:
    for pid in pids:
        state["pieces"][pid]["type"] = "foot"


def _taken(state, reading: str | None = None) -> Context:
    if reading:
        state["data"] = {"readings": {"B24": {"default": reading}}}
    _foot(state, "a1", "b1")
    _put(state, "a1", 50.0, 40.0, 90.0)
    _put(state, "b1", 52.05, 40.0, 270.0)
    ctx = Context(state, "a")
    take_captive(RS, state, ctx, "b1", N_("{name} is captured", name="Knight B1"),
                 RS.cite("13.5"))
    return ctx


def test_the_captive_stays_beside_his_escort_b24_slower():
    state = RS.setup("VI", 3)
    ctx = _taken(state)
    assert state["vars"]["escorts"] == {"b1": "a1"}
    assert position(state, "b1") is not None
    assert "captured" in state["vars"]["figs"]["b1"]["states"]
    assert not RS.enemies_in_contact(state, "a1")  # a prisoner is no fight
    assert any("escorts him to the table edge" in line.text and "B24=slower" in line.text
               for line in ctx.lines)
    assert RS.allowance(state, "a1") <= RS.run_allowance(state, "b1")


@pytest.mark.parametrize(("reading", "played_with"), [("done", None), (None, "0.3")])
def test_the_escort_taken_as_done(reading, played_with):
    state = RS.setup("VI", 3, played_with=played_with)
    _taken(state, reading)
    assert position(state, "b1") is None
    assert not state["vars"].get("escorts")


def test_the_escort_leads_his_captive_off_an_edge_in_a_game():
    game = Game(RS, "VI", 3)
    game.play("ready", side="a")
    game.play("ready", side="b")
    for _ in range(20):
        if game.state["flow"][-1]["step"] == "move":
            break
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        game.play(next((t for t in ("commit hold", "commit none") if t in legal), legal[0]),
                  side=side)
    state = game.state
    _taken(state)
    x, y = to_cm(position(state, "a1")[0]), to_cm(position(state, "a1")[1])
    game.play(f"commit a1:{x - 4:.2f},{y:.2f},270", side="a")
    if "b" in RS.deciding_sides(game.state):
        game.play("commit hold", side="b")
    state = game.state
    assert to_cm(position(state, "a1")[0]) == pytest.approx(x - 4, abs=0.05)
    assert "b1" in RS.index(state).contacts("a1", TOUCHING)  # he followed
    assert why_not_escort_off(RS, state, "b1") is not None  # not at an edge
    _put(state, "a1", 1.05, 40.0, 270.0)
    _put(state, "b1", 3.1, 40.0, 270.0)
    for _ in range(20):
        if game.state["flow"][-1]["step"] == "move" and "a" in RS.deciding_sides(game.state):
            break
        side = RS.deciding_sides(game.state)[0]
        legal = [a.text() for a in RS.legal_actions(game.state, side)]
        game.play(next((t for t in ("commit hold", "commit none") if t in legal), legal[0]),
                  side=side)
    assert "escort-off b1" in [a.text() for a in RS.legal_actions(game.state, "a")]
    game.play("escort-off b1", side="a")
    assert position(game.state, "b1") is None
    assert any("a prisoner for good" in line.text and "GA 13.5.1" in (line.rule or "")
               for entry in game.log for line in entry.lines)


def test_viii_2_forbids_the_west_edge_for_prisoners():
    """GA 14.8.2: taken off any edge but the West."""
    state = RS.setup("VIII-2", 3)
    _foot(state, "b1", "a1")
    _put(state, "b1", 1.05, 40.0, 270.0)
    _put(state, "a1", 3.1, 40.0, 270.0)
    state["vars"]["figs"]["a1"]["states"] = ["captured"]
    state["vars"]["escorts"] = {"a1": "b1"}
    why = why_not_escort_off(RS, state, "a1")
    assert why is not None and "13.5.1" in why[1]
    _put(state, "b1", 60.0, 1.05, 0.0)
    _put(state, "a1", 60.0, 3.1, 0.0)
    assert why_not_escort_off(RS, state, "a1") is None
