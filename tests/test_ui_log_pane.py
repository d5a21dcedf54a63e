"""The log pane writes an entry's words only when it draws or is asked for that row: an
action adds its row without writing the entries before it again, a long game opens with
its newest line in sight and its past unwritten, any row scrolled to is written at once;
undo removes the undone rows; a replay greys the later rows and a click goes there."""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from boardapp.core.engine.actions import LogEntry
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.log_pane import LATER, REFUSED
from boardapp.ui.main_window import MainWindow


def _play(game: Game, n: int, rnd: random.Random) -> None:
    rs = game.ruleset
    for _step in range(n):
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)


def _numbers(win: MainWindow) -> list[int]:
    return [win.log_list.model_.number(row) for row in range(win.log_list.count())]


def _written(win: MainWindow) -> list[int]:
    model = win.log_list.model_
    return [model.number(row) for row in range(model.rowCount()) if model.written(row)]


def test_an_action_writes_only_its_own_entry_and_undo_takes_rows_away(qtbot, monkeypatch):
    game = Game(find_ruleset("hex-demo"), None, 3)
    _play(game, 20, random.Random(3))
    win = MainWindow(game)
    qtbot.addWidget(win)
    assert win.log_list.texts()[-1].startswith("20. ")
    rows = win.log_list.count()
    drawn: list[int] = []
    render = LogEntry.render
    monkeypatch.setattr(LogEntry, "render",
                        lambda self, lang=None: drawn.append(self.number) or render(self, lang))
    rs = game.ruleset
    side = rs.deciding_sides(game.state)[0]
    win.controller.push(list(rs.legal_actions(game.state, side))[0], side=side)
    assert win.log_list.count() == rows + 1
    assert win.log_list.texts()[-1].startswith("21. ")
    assert drawn == [21]  # the rows before it were written once, before
    win.controller.undo()
    assert win.log_list.count() == rows
    assert win.log_list.texts()[-1].startswith("20. ")
    assert _numbers(win) == list(range(1, 21))


def test_a_long_log_opens_at_its_end_unwritten_and_any_row_scrolled_to_is_written(qtbot):
    game = Game(find_ruleset("montjoie"), "normale-4", 4)  # a long game
    _play(game, 400, random.Random(4))
    n = len(game.log)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    pane, model = win.log_list, win.log_list.model_
    assert _numbers(win) == list(range(1, n + 1))  # every entry has its row at once
    last = model.index(n - 1)
    qtbot.waitUntil(lambda: pane.viewport().rect().intersects(pane.visualRect(last)))
    written = _written(win)
    assert n in written and len(written) < n // 4  # the end drawn, the past not written
    pane.setCurrentIndex(last)
    middle = model.index(n // 2)
    pane.scrollTo(middle, pane.ScrollHint.PositionAtCenter)
    qtbot.waitUntil(lambda: model.written(n // 2))
    shown = pane.visualRect(middle)
    assert pane.viewport().rect().intersects(shown)
    assert shown.height() >= pane.fontMetrics().height()  # its own height, words wrapped
    assert len(_written(win)) < n // 2
    pane.scrollToTop()  # a click on the first row, the current row far below: only the
    first = model.index(0)  # rows shown are written
    QTest.mouseClick(pane.viewport(), Qt.MouseButton.LeftButton,
                     pos=pane.visualRect(first).center())
    assert pane.current_text().startswith("1. ") and pane.selected_rows() == [0]
    assert len(_written(win)) < n // 2


def test_replay_greys_later_rows_and_a_click_goes_to_the_row(qtbot):
    game = Game(find_ruleset("hex-demo"), None, 3)
    _play(game, 12, random.Random(5))
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    bar, pane, model = win.pbem_ui.replay, win.log_list, win.log_list.model_
    bar.open_at(4)
    assert bar.step == 4 and pane.current_text() == game.log[3].render()
    colours = [model.index(r).data(Qt.ItemDataRole.ForegroundRole) for r in range(12)]
    assert all(c is None for c in colours[:4])
    assert all(c.color() == LATER for c in colours[4:])
    target = model.index(7)
    pane.scrollTo(target)
    QTest.mouseClick(pane.viewport(), Qt.MouseButton.LeftButton, pos=pane.visualRect(target)
                     .center())
    assert bar.step == 8 and pane.current_text().startswith("8. ")
    bar.now()
    assert all(model.index(r).data(Qt.ItemDataRole.ForegroundRole) is None
               for r in range(12))
    assert pane.selected_rows() == []


def test_a_refused_move_is_a_red_row_that_stays_when_an_action_is_undone(qtbot):
    game = Game(find_ruleset("hex-demo"), None, 3)
    _play(game, 5, random.Random(6))
    win = MainWindow(game)
    qtbot.addWidget(win)
    rs = game.ruleset
    side = rs.deciding_sides(game.state)[0]
    win.controller.push(list(rs.legal_actions(game.state, side))[0], side=side)
    win.log_list.add_refusal("Refused: not there")
    model = win.log_list.model_
    assert model.index(6).data(Qt.ItemDataRole.ForegroundRole).color() == REFUSED
    win.controller.undo()  # back to the game as opened (closing asks nothing)
    assert win.log_list.texts()[-1] == "Refused: not there"
    assert _numbers(win) == [1, 2, 3, 4, 5, 0]
    assert not win.is_dirty()
    assert win.log_list.indexAt(QPoint(-5, -5)).isValid() is False
