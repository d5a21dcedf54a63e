"""Verbs declared on their handlers: corrections by hand (``manual=True``) and an action
offered on the menus of several places."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import Ruleset, SideInfo
from boardapp.core.engine.state import State, add_piece, new_state
from boardapp.core.engine.verbs import verb


class TinyRules(Ruleset):
    """Two sides; one phase where Red sends a piece and anyone may add strength."""

    id = "tiny"
    sides = (SideInfo("red", "Red", "#ff0000"), SideInfo("blue", "Blue", "#0000ff"))

    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        state = new_state(self.id, scenario, new_rng(seed), ["red", "blue"])
        add_piece(state, "a", "unit", "left")
        state["vars"] = {"strength": {"a": 1}}
        state["phase"], state["active"] = "play", "red"
        return state

    def piece_side(self, state: State, pid: str) -> str:
        return "red"


class PlayPhase(Step[TinyRules]):
    name = "play"

    def actions(self, rs: TinyRules, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("send", ("a", "left", "right"))
        yield Action("end")

    def manual_actions(self, rs: TinyRules, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("add", ("a", "+1"))

    @verb("send", area=lambda rs, state, a: (a.arg(1), a.arg(2)), piece=0)
    def on_send(self, rs: TinyRules, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        ctx.log("sent")

    @verb("add", piece=0, manual=True, label="{1} strength (by hand)")
    def on_add(self, rs: TinyRules, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        state["vars"]["strength"][action.arg(0)] += int(action.arg(1))

    @verb("end")
    def on_end(self, rs: TinyRules, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        ctx.log("end")


class BusyStep(Step[TinyRules]):
    name = "busy"

    def actions(self, rs: TinyRules, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("end")


TinyRules.flow = Flow(BusyStep, phases=(PlayPhase,))


def _apply(rs: TinyRules, state: State, text: str, side: str) -> None:
    rs.apply(state, Action.parse(text), Context(state, side))


def test_a_correction_by_hand_is_on_menus_not_among_the_decisions():
    rs = TinyRules()
    state = rs.setup("s", 1)
    assert [a.text() for a in rs.legal_actions(state)] == ["send a left right", "end"]
    assert [a.text() for a in rs.flow_actions(state)] == ["end"]
    menu = [a.text() for a in rs.piece_actions(state, "a")]
    assert menu == ["send a left right", "add a +1"]  # the decisions first
    assert rs.action_label(state, Action("add", ("a", "+1"))) == "+1 strength (by hand)"
    _apply(rs, state, "add a +2", "blue")  # anyone, any amount: the handler checks it
    assert state["vars"]["strength"]["a"] == 3
    with pytest.raises(IllegalActionError, match="not your decision"):
        _apply(rs, state, "end", "blue")


def test_a_correction_by_hand_waits_while_a_procedure_runs():
    rs = TinyRules()
    state = rs.setup("s", 1)
    state["flow"] = [{"step": "busy", "side": "red", "vars": {}}]
    assert rs.piece_actions(state, "a") == []
    with pytest.raises(IllegalActionError):
        _apply(rs, state, "add a +1", "red")


def test_an_area_locator_may_name_several_places():
    rs = TinyRules()
    state = rs.setup("s", 1)
    for place in ("left", "right"):
        assert [a.text() for a in rs.place_actions(state, place)] == ["send a left right"]
    assert rs.place_actions(state, "elsewhere") == []
    spec = rs.flow.verb_spec(state, "send")
    assert spec is not None and spec.area_of(rs, state, Action("send", ("a", "x", "y"))) == "x"
