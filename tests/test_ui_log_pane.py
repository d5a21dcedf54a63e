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


def test_a_long_log_shows_its_end_at_once_and_its_past_in_idle_time(qtbot):
    from boardapp.ui.main_window import LOG_AT_ONCE

    game = Game(find_ruleset("montjoie"), "normale-4", 4)  # a long game (about 1,000)
    _play(game, LOG_AT_ONCE + 40, random.Random(4))
    win = MainWindow(game)
    qtbot.addWidget(win)
    numbers = [int(win.log_list.item(r).text().split(".")[0])
               for r in range(win.log_list.count())]
    assert numbers == list(range(len(game.log) - LOG_AT_ONCE + 1, len(game.log) + 1))
    qtbot.waitUntil(lambda: win.log_list.count() == len(game.log), timeout=5000)
    assert [int(win.log_list.item(r).text().split(".")[0])
            for r in range(win.log_list.count())] == list(range(1, len(game.log) + 1))
