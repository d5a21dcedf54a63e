"""Every action says in words what was done, even when the rules write no line for it."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import State
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
