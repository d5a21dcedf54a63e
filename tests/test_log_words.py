"""Every action says in words what was done, even when the rules write no line for it."""

from __future__ import annotations

import dataclasses

import pytest

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets
from boardapp.core.engine.state import State
from tests.contracthelpers import DEFAULT_PLAN, PLANS, play_plan
from tests.test_pbem_helpers import Duel


class QuietDuel(Duel):
    """A duel whose ``wait`` writes nothing in the log."""

    def action_label(self, state: State, action: Action) -> str:
        return "Wait a moment" if action.verb == "wait" else super().action_label(state, action)

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if action.verb != "wait":
            super().apply(state, action, ctx)


def test_a_silent_action_logs_its_label_with_the_side():
    game = Game(QuietDuel(), seed=1)
    entry = game.push("wait")
    assert [line.text for line in entry.lines] == ["Red: Wait a moment"]
    assert entry.render().endswith("Red: Wait a moment")
    entry = game.push("end")  # the rules' own line, nothing added
    assert [line.text for line in entry.lines] == ["Red ends the turn"]


def _words(game: Game) -> list[object]:
    return [entry.to_json() for entry in game.log]


@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_the_shortcuts_of_the_words_of_an_action_write_the_plain_lines(rid, monkeypatch):
    """The core words an action before applying it only when the rules may write no line
    for it: not for a verb declared ``logs=True`` (a verb so declared that wrote nothing
    would be logged as its bare text), and after applying it when its words read no state
    (:meth:`Flow.words_fixed`). A random game of every ruleset, replayed with the
    shortcuts and with the plain computation (every action worded first), writes the
    same lines."""
    cls = available_rulesets()[rid]
    ruleset, scenario = cls(), cls.default_scenario
    played = play_plan(ruleset, scenario, 1, PLANS.get(rid, DEFAULT_PLAN), checks=False)
    quick = Game.replay(ruleset, scenario, 1, played.actions)
    declared = Flow.verb_spec

    def plain_spec(self, state, verb_name):
        spec = declared(self, state, verb_name)
        return None if spec is None else dataclasses.replace(spec, logs=False)

    monkeypatch.setattr(Flow, "words_fixed", lambda self, state, spec: False)
    monkeypatch.setattr(Flow, "verb_spec", plain_spec)
    plain = Game.replay(ruleset, scenario, 1, played.actions)
    assert _words(quick) == _words(plain)
