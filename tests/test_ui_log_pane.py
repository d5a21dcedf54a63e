"""The log pane draws each entry once: an action adds its row without drawing the
entries before it again (a long game's log would cost its length at every action);
undo removes the undone rows."""

from __future__ import annotations

import random

from boardapp.core.engine.actions import LogEntry
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.main_window import MainWindow


def _play(game: Game, n: int, rnd: random.Random) -> None:
    rs = game.ruleset
    for _step in range(n):
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)


def test_an_action_draws_only_its_own_entry_and_undo_takes_rows_away(qtbot, monkeypatch):
    game = Game(find_ruleset("hex-demo"), None, 3)
    rnd = random.Random(3)
    _play(game, 20, rnd)
    win = MainWindow(game)
    qtbot.addWidget(win)
    rows = win.log_list.count()
    drawn: list[int] = []
    render = LogEntry.render
    monkeypatch.setattr(LogEntry, "render",
                        lambda self, lang=None: drawn.append(self.number) or render(self, lang))
    rs = game.ruleset
    side = rs.deciding_sides(game.state)[0]
    win.controller.push(list(rs.legal_actions(game.state, side))[0], side=side)
    assert drawn == [21]
    assert win.log_list.count() == rows + 1
    assert win.log_list.item(win.log_list.count() - 1).text().startswith("21. ")
    win.controller.undo()
    assert win.log_list.count() == rows
    assert win.log_list.item(rows - 1).text().startswith("20. ")
