"""Edit > Game data: the dialog edits the game's values through one logged action, and
optionally the ruleset's data file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QStyleOptionViewItem, QWidget

from boardapp.core.engine.datasheets import read_sheet
from boardapp.core.engine.game import Game
from boardapp.ui.controller import GameController
from boardapp.ui.data_editor import DataEditor
from tests.test_datasheets import TableDuel, sheets
from tests.test_datasheets import env as env  # noqa: F401 (fixture)


@pytest.fixture
def editor(qtbot, env: Path) -> DataEditor:  # noqa: F811
    controller = GameController(Game(TableDuel(), seed=5))
    dialog = DataEditor(controller, None, "cards")
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_shows_one_tab_per_sheet_with_unknowns_marked(editor: DataEditor) -> None:
    assert [editor.tabs.tabText(i) for i in range(editor.tabs.count())] == \
        ["Damage Table", "Cards", "Fate Chart"]
    assert editor.tabs.currentWidget() is editor.pages[1]
    damage = editor.pages[0]
    assert damage.rows == list("123456") and damage.columns == ["red", "blue"]
    assert damage.table.item(2, 0).text() == "?"
    assert damage.table.item(1, 0).text() == "2"
    assert "unknown" in damage.table.item(2, 0).toolTip()


def test_applying_pushes_one_data_action_per_sheet(editor: DataEditor, env: Path) -> None:  # noqa: F811
    damage, cards, fate = editor.pages
    assert damage.set_text(2, 0, "5")
    assert cards.set_text(cards.rows.index("R2"), cards.columns.index("coat"), "green")
    assert editor.apply()
    game = editor.controller.game
    assert [e.action.text() for e in game.log] == ["data damage red:3=5",
                                                   "data cards R2:coat=green"]
    assert game.state["data"]["damage"]["red"][2] == 5
    # The file keeps its defaults unless asked.
    assert read_sheet(sheets(env)[0])["red"][2] is None
    assert damage.edits() == []
    editor.controller.undo()
    assert game.state["data"]["cards"]["R2"]["coat"] is None


def test_defaults_are_written_only_when_asked(editor: DataEditor, env: Path) -> None:  # noqa: F811
    fate = editor.pages[2]
    assert fate.set_text(1, 0, "routed")
    editor.save_defaults.setChecked(True)
    assert editor.apply()
    assert read_sheet(sheets(env)[2]) == {"1": "killed", "2": "routed"}
    assert "# the first card" in (env / "tables.yaml").read_text()


def test_a_value_that_does_not_fit_is_refused_with_the_reason(editor: DataEditor) -> None:
    damage = editor.pages[0]
    assert not damage.set_text(0, 0, "12")
    assert "12 is above 9" in damage.problem.text()
    assert not damage.set_text(0, 0, "many")
    assert damage.table.item(0, 0).text() == "1"
    assert damage.edits() == []


def test_choices_are_offered_in_a_list_and_numbers_typed(editor: DataEditor) -> None:
    cards = editor.pages[1]
    delegate = cards.table.itemDelegate()
    parent = QWidget()
    coat = cards.table.model().index(0, cards.columns.index("coat"))
    box = delegate.createEditor(parent, QStyleOptionViewItem(), coat)
    assert isinstance(box, QComboBox)
    assert [box.itemText(i) for i in range(box.count())] == ["?", "blue", "green"]
    box.setCurrentText("green")
    delegate.setModelData(box, cards.table.model(), coat)
    assert cards.value(0, cards.columns.index("coat")) == "green"
    power = cards.table.model().index(0, cards.columns.index("power"))
    line = delegate.createEditor(parent, QStyleOptionViewItem(), power)
    assert isinstance(line, QLineEdit)
    line.setText("2")
    delegate.setModelData(line, cards.table.model(), power)
    assert sorted(cards.edits()) == [("R1", "coat", "green"), ("R1", "power", 2)]


def test_an_asked_table_links_to_its_sheet_and_filled_values_resolve(qtbot, monkeypatch):
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QMessageBox

    from boardapp.ui.main_window import MainWindow
    from rulesets.lily_ermine import RULESET

    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    game = Game(RULESET(), "1487", 5)
    win = MainWindow(game)
    qtbot.addWidget(win)
    game.push("set-dice 2,2")
    for _ in range(2):
        win.push_button(game.legal_actions()[-1])  # Next phase: movement, then fatigue
    assert game.state["flow"][-1]["step"] == "fatigue-ask"
    assert "Fill in the Fatigue and Desertion Table" in win.table_dock.text()
    assert "sheet:fatigue#" in win.table_dock.view.toHtml()  # the link names the cell
    win.table_dock._link(QUrl("sheet:fatigue#1-9:2"))
    editor = win.table_dock.editor
    qtbot.addWidget(editor)
    page = editor.tabs.currentWidget()
    assert page.sheet.id == "fatigue"
    assert page.address(page.table.currentRow(), page.table.currentColumn()) == ("1-9", "2")
    # Test data, not the publisher's: die 2 = 0 SP in every column, spring modifier 0.
    for column in range(len(page.columns)):
        assert page.set_text(page.rows.index("2"), column, "0")
    modifiers = editor.pages[1]
    assert modifiers.sheet.id == "fatigue-modifiers"
    assert modifiers.set_text(modifiers.rows.index("spring"), 0, "0")
    assert editor.apply()
    assert [e.action.text() for e in game.log[-2:]] == [
        "data fatigue 1-9:2=0 10-19:2=0 20-29:2=0 30-39:2=0 40+:2=0",
        "data fatigue-modifiers spring:value=0"]
    win.game_actions()[0].trigger()  # the question asked before is still answered
    tables = [line.detail for line in game.log[-1].lines
              if line.detail and line.detail.get("kind") == "table"]
    assert tables and tables[0]["result"] == "0 SP lost" and tables[0]["die"] == 2


def test_the_dialog_follows_undo_and_keeps_unapplied_edits(editor: DataEditor) -> None:
    damage, cards, _ = editor.pages
    assert damage.set_text(2, 0, "5")
    assert editor.apply()
    assert cards.set_text(0, cards.columns.index("power"), "2")  # not applied yet
    editor.controller.undo()  # takes the damage value back
    assert damage.value(2, 0) is None and damage.table.item(2, 0).text() == "?"
    assert damage.edits() == []
    assert cards.edits() == [("R1", "power", 2)]  # still waiting for Apply
    editor.controller.redo()
    assert damage.value(2, 0) == 5 and damage.edits() == []


def test_one_dialog_per_window_and_it_closes_with_its_game(qtbot, env: Path) -> None:  # noqa: F811
    from PySide6.QtWidgets import QWidget

    from boardapp.ui.data_editor import open_data_editor

    parent = QWidget()
    qtbot.addWidget(parent)
    controller = GameController(Game(TableDuel(), seed=5))
    first = open_data_editor(controller, parent)
    assert first is not None and first.isVisible()
    again = open_data_editor(controller, parent, "fate")
    assert again is first and first.tabs.currentWidget().sheet.id == "fate"
    controller.set_game(Game(TableDuel(), seed=6))
    assert not first.isVisible()


def test_closing_with_changes_not_applied_asks_first(editor: DataEditor, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    damage = editor.pages[0]
    editor.show()
    assert damage.set_text(2, 0, "5")
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Cancel)
    editor.reject()
    assert editor.isVisible() and editor.pending() == 1
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Apply)
    editor.reject()
    assert not editor.isVisible()
    assert editor.controller.game.log[-1].action.text() == "data damage red:3=5"
