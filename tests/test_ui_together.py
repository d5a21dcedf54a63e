"""The window with several players deciding at once (pytest-qt, offscreen): a sealed
choice in hot-seat behind the "pass the screen" cover, and the dialogs of a game by
email for more than two players."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from boardapp.core.engine import ruleset as ruleset_module
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import load_game, save_game
from boardapp.core.pbem import keys
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from boardapp.ui import pbem_dialogs
from boardapp.ui.main_window import MainWindow
from boardapp.ui.pbem_dialogs import EmailDialog, NewPbemDialog
from tests.council import RULESETS, Council3, Council6, passphrase


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> list[str]:
    """Cheap keys, the Council installed, no dialog blocks a test."""
    monkeypatch.setattr(keys, "KDF_N", 2 ** 10)
    installed = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**installed(), **RULESETS})
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "information",
                        lambda parent, title, text, *a, **k: shown.append(text))
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: shown.append(text))
    return shown


def open_window(qtbot, game: Game, path: Path | None = None) -> MainWindow:
    win = MainWindow(game, path)
    qtbot.addWidget(win)
    win.resize(1400, 950)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_a_sealed_choice_passes_the_screen_from_player_to_player(qtbot):
    win = open_window(qtbot, Game(Council3(), None, 5))
    dock = win.pbem_ui.hand
    assert dock.isVisible() and dock.covered
    for side, name, pick in (("red", "Red", 1), ("blue", "Blue", 3), ("green", "Green", 2)):
        # Each player in turn finds the hand covered for them, uncovers it, chooses.
        assert dock.viewer == side and dock.covered
        assert dock.cover.text().startswith(f"Pass the screen to {name}")
        assert dock.play_buttons() == []  # nothing to see or click while covered
        dock.cover.click()
        buttons = dock.play_buttons()
        assert [b.text() for b in buttons] == ["Choose gold0", "Choose gold1",
                                               "Choose gold2", "Choose gold3"]
        buttons[pick].click()
        if side != "green":
            assert win.game.state["sealed"][side] == f"gold{pick}"
            log = win.log_list.texts()
            assert not any("gold" in row for row in log)  # the log shows no choice
    # The last choice: every player's reveal, at once, then the bids' result.
    texts = [e.render() for e in win.game.log]
    assert any("Revealed together: Red gold1, Blue gold3, Green gold2" in t for t in texts)
    assert "sealed" not in win.game.state
    assert win.game.state["phase"] == "draw"
    win.controller.undo()  # the last choice, and the reveals it led to
    assert win.game.ruleset.deciding_sides(win.game.state) == ["green"]


def test_the_new_game_dialog_lets_a_scenario_be_played_by_some_of_its_sides(qtbot):
    dialog = NewPbemDialog(Council6())
    qtbot.addWidget(dialog)
    assert dialog.fewest() == 2
    dialog.passphrase.setText("pw")
    dialog.again.setText("pw")
    assert dialog.problem().startswith("Name at least 2 players")
    dialog.names["red"].setText("Ann")
    dialog.names["teal"].setText("Tom")
    dialog.names["gold"].setText("Gil")
    assert dialog.problem() == ""
    dialog.me.setCurrentIndex(1)  # Blue, who has no player
    assert dialog.problem().startswith("Name yourself")
    dialog.me.setCurrentIndex(0)
    choice = dialog.choice()
    assert choice.players == {"red": "Ann", "gold": "Gil", "teal": "Tom"}
    three = NewPbemDialog(Council3())
    qtbot.addWidget(three)
    assert three.fewest() is None and three.problem().startswith("Name the Red player")


def test_email_and_save_for_several_players(qtbot, tmp_path, monkeypatch, quiet):
    path = tmp_path / "council.json"
    game = new_pbem_game(Council3(), None, {"red": "Ann", "blue": "Bob", "green": "Gil"},
                         "red", passphrase("red"))
    save_game(game, path)
    for side in ("green", "blue"):  # they join in any order
        received = load_game(path)
        join_pbem(received, side, passphrase(side))
        save_game(received, path)
    monkeypatch.setattr(pbem_dialogs, "ask_passphrase", lambda *a, **k: passphrase("red"))
    win = open_window(qtbot, load_game(path, passphrase=passphrase("red")), path)
    assert win.pbem_ui.send_action.text() == "Save for the o&ther players…"
    asked = []

    def ask_email(parent, default, to, others=()):
        asked.append(list(others))
        return tmp_path / "turn.eml", "bob@example.org, gil@example.org"

    monkeypatch.setattr(pbem_dialogs, "ask_email", ask_email)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    win.controller.push("commit gold2")
    win.pbem_ui.email_action.trigger()
    assert asked == [["Blue (Bob)", "Green (Gil)"]]
    text = (tmp_path / "turn.eml").read_text(encoding="utf-8")
    assert "To: bob@example.org, gil@example.org" in text
    assert "Red (Ann) sends Blue (Bob) and Green (Gil) the game" in text
    win.controller.push("end")  # refused: Red has chosen; nothing new to send
    win.pbem_ui.send_action.trigger()
    assert "nothing new for the other players" in quiet[-1]
    dialog = EmailDialog(tmp_path / "x.eml", "", None, ["Blue (Bob)", "Green (Gil)"])
    qtbot.addWidget(dialog)
    assert "separated by commas" in dialog.to.placeholderText()
