"""The window's side of play by email (pytest-qt, offscreen): sending a turn, opening a
game as its player, the replay bar, the hand dock, autosave and recent files.

Every dialog is replaced by a function returning what a user would enter; the rest is
the real window, real mouse drags on the board, real files, real emails.
"""

from __future__ import annotations

import email
import json
from email import policy
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.autosave import find_unfinished_autosave
from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
from boardapp.core.pbem import keys
from boardapp.core.pbem.pbem import join_pbem
from boardapp.ui import pbem_dialogs
from boardapp.ui.app import default_ruleset_id, start_window
from boardapp.ui.main_window import MainWindow
from boardapp.ui.pbem_dialogs import READ_ONLY, NewPbemChoice, NewPbemDialog, PassphraseDialog
from tests.test_ui import (
    arm,
    drop_point,
    log_rows,
    mouse_drag,
    movable_stack,
    top_counter_centre,
)

PASSWORDS = {"creator": "the creator's long passphrase", "joiner": "the joiner's passphrase"}


@pytest.fixture(scope="module")
def ruleset():
    return find_ruleset(default_ruleset_id())


class Dialogs:
    """What the patched dialogs were asked and said."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.errors: list[str] = []
        self.opened: list[str] = []
        self.save_path = ""
        self.question = QMessageBox.StandardButton.Discard


@pytest.fixture(autouse=True)
def dialogs(monkeypatch) -> Dialogs:
    """No dialog blocks a test; nothing starts a mail program."""
    monkeypatch.setattr(keys, "KDF_N", 2 ** 10)  # cheap passphrases
    seen = Dialogs()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: seen.question)
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: seen.errors.append(text))
    monkeypatch.setattr(QMessageBox, "information",
                        lambda parent, title, text, *a, **k: seen.shown.append(text))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (seen.save_path, ""))
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        lambda url: seen.opened.append(url.toLocalFile()) and False)
    return seen


def open_window(qtbot, game: Game, path: Path | None = None) -> MainWindow:
    win = MainWindow(game, path)
    qtbot.addWidget(win)
    win.resize(1400, 950)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    return win


@pytest.fixture
def window(qtbot, ruleset):
    return open_window(qtbot, Game(ruleset, seed=7))


def drag_a_stack(win) -> tuple[list[str], str, str]:
    """Drag a stack of the side to play to an empty area it can reach (a real drag),
    after playing the card that lets it move (how many actions that took: ``win.prep``)."""
    win.prep = arm(win)
    pids, source, dest = movable_stack(win)
    win.view.fit()
    mouse_drag(win, top_counter_centre(win, pids[0]), drop_point(win, dest))
    assert all(win.game.state["pieces"][p]["loc"] == dest for p in pids)
    return pids, source, dest


# -- sending a turn --------------------------------------------------------------------------
def test_email_this_game_attaches_the_saved_file_and_records_the_send(window, tmp_path,
                                                                      dialogs, monkeypatch):
    drag_a_stack(window)
    game_path = tmp_path / "game.json"
    dialogs.save_path = str(game_path)  # never saved: Save As is asked first
    asked = []

    def ask_email(parent, default, to, others=()):
        asked.append(default)
        assert len(others) == 1  # a game for two: the email goes to the opponent
        return tmp_path / "turn.eml", "bob@example.org"

    monkeypatch.setattr(pbem_dialogs, "ask_email", ask_email)
    window.pbem_ui.email_action.trigger()
    assert asked == [tmp_path / "game.eml"]  # beside the game file
    message = email.message_from_bytes((tmp_path / "turn.eml").read_bytes(),
                                       policy=policy.default)
    assert message["To"] == "bob@example.org"
    attachment = next(message.iter_attachments())
    assert attachment.get_filename() == "game.json"
    assert attachment.get_content() == game_path.read_bytes()  # byte for byte
    game = window.game
    assert game.sends and game.sends[-1].upto == len(game.log) == window.prep + 1
    assert load_game(game_path).sends[-1].upto == window.prep + 1  # the send is in the file
    assert not window.is_dirty() and window.path == game_path
    # no mail program here: the folder is shown, and the message says where the file is
    assert dialogs.opened == [str(tmp_path / "turn.eml"), str(tmp_path)]
    assert str(tmp_path / "turn.eml") in dialogs.shown[-1]


# -- receiving a turn: the replay bar ------------------------------------------------------
def test_replay_of_a_reopened_hot_seat_game_never_changes_it(window, tmp_path):
    pids, source, dest = drag_a_stack(window)
    moved = window.prep + 1  # the step of the drag (after the card that allowed it)
    window.game_actions()[-1].trigger()  # End activation: the other side plays
    path = tmp_path / "game.json"
    assert window.save_to(path)
    assert window.open_file(path)  # a plain save reopens live
    assert not window.pbem_ui.replay.isVisible() and not window.scene.replaying
    save_for_opponent(window.game, path)  # "Save for opponent": the next reader replays
    assert window.open_file(path)
    game, bar, scene = window.game, window.pbem_ui.replay, window.scene
    assert bar.isVisible() and bar.step == 1 and bar.slider.maximum() == moved + 1
    before, rows = digest(game.state), log_rows(window)
    bar.go(moved)
    assert scene.item_for_piece[pids[0]].pos() == scene.stack_origin((dest, ""))

    bar.back_action.trigger()
    assert bar.step == moved - 1 and scene.replaying
    assert scene.item_for_piece[pids[0]].pos() == scene.stack_origin((source, ""))
    assert digest(game.state) == before and log_rows(window) == rows
    bar.slider.setValue(0)
    assert bar.step == 0
    assert window.log_list.selected_rows() == []  # the set-up: no row
    bar.forward_action.trigger()
    assert window.log_list.current_text() == rows[0]
    # while replaying, the board is read-only and the game's buttons refuse
    assert not window.undo_action.isEnabled()
    assert window.controller.undo() is None and len(game.log) == moved + 1

    bar.now_action.trigger()
    assert not scene.replaying and bar.step == moved + 1 and window.undo_action.isEnabled()
    assert scene.item_for_piece[pids[0]].pos() == scene.stack_origin((dest, ""))
    drag_a_stack(window)  # play goes on
    assert len(game.log) == bar.step == moved + 1 + window.prep + 1


def test_play_steps_every_second_up_to_the_game(window, qtbot):
    window.controller.roll()
    window.controller.roll()
    bar = window.pbem_ui.replay
    window.pbem_ui.replay_action.trigger()  # View → Replay the game
    assert bar.step == 0 and window.scene.replaying
    bar.timer.setInterval(10)
    bar.play_action.trigger()
    qtbot.waitUntil(lambda: not window.scene.replaying, timeout=2000)
    assert bar.step == 2 and not bar.timer.isActive()


# -- a game by email, from creation to the replay of the opponent's turn -------------------
def test_a_game_by_email_in_the_window(qtbot, ruleset, tmp_path, dialogs, monkeypatch):
    path = tmp_path / "game.json"

    def at_computer(who: str) -> None:  # each player has their own ledger
        monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / who))

    first = ruleset.acting_side(Game(ruleset, seed=1).state)
    other = next(s.id for s in ruleset.sides if s.playable and s.id != first)
    # The creator plays the side that does not start.
    at_computer("creator")
    creator = open_window(qtbot, Game(ruleset, seed=1))
    monkeypatch.setattr(pbem_dialogs, "ask_new_pbem", lambda parent, rs: NewPbemChoice(
        rs.default_scenario, other, {first: "Alice", other: "Bob"}, PASSWORDS["creator"]))
    dialogs.save_path = str(path)
    creator.pbem_ui.new_pbem_action.trigger()
    assert creator.path == path and creator.game.pbem.me == other
    assert "you play" in creator.windowTitle() and "(Bob)" in creator.windowTitle()
    assert "waiting for" in creator.pbem_ui.mode_label.text()
    # Nobody plays before everyone has joined: no rules decision on the toolbar.
    assert creator.controller.button_actions() == []

    # The other player receives the file: joins, then opens it with a passphrase.
    at_computer("joiner")
    joiner = open_window(qtbot, Game(ruleset, seed=2))
    joined: list[list[str]] = []
    monkeypatch.setattr(pbem_dialogs, "ask_join",
                        lambda parent, game, waiting: joined.append(waiting) or waiting[0])
    answers = iter([PASSWORDS["joiner"], "not my passphrase", PASSWORDS["joiner"]])
    asked: list[dict] = []

    def ask_passphrase(parent, title, text, **kwargs):
        asked.append(kwargs)
        return next(answers)

    monkeypatch.setattr(pbem_dialogs, "ask_passphrase", ask_passphrase)
    assert joiner.open_file(path)
    assert joined == [[first]] and asked[0]["new"] and joiner.game.pbem.me == first
    assert load_game(path).pbem.all_joined  # joining saved the file
    assert joiner.open_file(path)  # once more: a wrong passphrase is asked again
    assert len(joined) == 1 and asked[2]["error"].startswith("Wrong passphrase")
    game = joiner.game
    assert game.pbem.me == first and asked[1]["read_only"]
    hand = joiner.pbem_ui.hand
    assert not hand.covered and hand.shown_lines() == ruleset.private_lines(game.state, first)
    drag_a_stack(joiner)
    joiner.game_actions()[-1].trigger()  # End activation
    joiner.pbem_ui.send_action.trigger()
    sent = joiner.prep + 2  # the card, the drag, the end of the activation
    # The other side decides now: this program offers none of its decisions (issue 13.5).
    assert ruleset.deciding_sides(joiner.game.state) == [other]
    assert joiner.controller.button_actions() == []
    assert load_game(path).sends[-1].upto == sent and "saved for your opponent" in \
        dialogs.shown[-1]

    # The creator opens the answer: the replay starts at the first step they have not seen.
    at_computer("creator")
    monkeypatch.setattr(pbem_dialogs, "ask_passphrase",
                        lambda *a, **k: PASSWORDS["creator"])
    assert creator.open_file(path)
    bar = creator.pbem_ui.replay
    assert bar.isVisible() and bar.step == bar.first_new == 1 and creator.scene.replaying
    assert creator.log_list.current_text() == creator.game.log[0].render()
    bar.now_action.trigger()
    assert not creator.scene.replaying and bar.step == sent
    mine = creator.controller.button_actions()
    assert mine and set(mine) <= set(ruleset.legal_actions(creator.game.state, other))
    # Only the player's own hand; the opponent's secrets are "?" in the state already.
    assert creator.pbem_ui.hand.shown_lines() == ruleset.private_lines(creator.game.state,
                                                                       other)
    assert ruleset.private_lines(creator.game.state, first) != ruleset.private_lines(
        game.state, first)
    # Undo cannot take back what the opponent sent: disabled, and it says why.
    assert not creator.undo_action.isEnabled()
    assert "sent to the opponent" in creator.undo_action.toolTip()
    assert creator.controller.undo() is None
    assert "sent to the opponent" in creator.statusBar().currentMessage()


def test_a_game_by_email_opened_read_only_refuses_to_play(window, tmp_path, monkeypatch,
                                                          dialogs, ruleset):
    first = ruleset.acting_side(window.game.state)
    players = {s.id: s.name for s in ruleset.sides if s.playable}
    monkeypatch.setattr(pbem_dialogs, "ask_new_pbem", lambda parent, rs: NewPbemChoice(
        rs.default_scenario, first, players, PASSWORDS["creator"]))
    path = tmp_path / "game.json"
    dialogs.save_path = str(path)
    assert window.pbem_ui.new_pbem_game()
    received = load_game(path)
    join_pbem(received, next(s for s in players if s != first), PASSWORDS["joiner"])
    save_game(received, path)
    monkeypatch.setattr(pbem_dialogs, "ask_passphrase", lambda *a, **k: READ_ONLY)
    assert window.open_file(path)
    assert window.game.pbem.me is None and "read-only" in window.windowTitle()
    assert "read-only" in window.pbem_ui.mode_label.text()
    assert window.controller.roll() is None and window.game.log == []
    assert "passphrase" in window.controller.last_refusal
    # Sending needs the player: their passphrase is asked, and the game is theirs again.
    monkeypatch.setattr(pbem_dialogs, "ask_passphrase", lambda *a, **k: PASSWORDS["creator"])
    window.pbem_ui.send_action.trigger()
    assert window.game.pbem.me == first and "nothing new" in dialogs.shown[-1]
    assert window.controller.roll() is not None


# -- hidden information --------------------------------------------------------------------
def test_the_hand_is_covered_until_the_side_to_play_asks(window, qtbot):
    game, hand = window.game, window.pbem_ui.hand
    ruleset = game.ruleset
    first = ruleset.acting_side(game.state)
    assert hand.isVisible() and hand.covered and hand.shown_lines() == []
    assert ruleset.side(first).name in hand.cover.text()
    qtbot.mouseClick(hand.cover, Qt.MouseButton.LeftButton)
    assert hand.shown_lines() == ruleset.private_lines(game.state, first)
    window.game_actions()[-1].trigger()  # End activation
    second = ruleset.acting_side(game.state)
    assert second != first
    assert hand.covered and hand.shown_lines() == []  # pass the screen first
    assert ruleset.side(second).name in hand.cover.text()
    qtbot.mouseClick(hand.cover, Qt.MouseButton.LeftButton)
    assert hand.shown_lines() == ruleset.private_lines(game.state, second)


# -- autosave and recent files ---------------------------------------------------------------
def test_autosave_after_each_action_and_restore_after_a_crash(window, qtbot, dialogs):
    window.controller.roll()
    saver = window.pbem_ui.autosave.saver
    assert saver.path.is_file()
    assert len(load_game(saver.path).log) == 1
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    saver.meta_path.write_text(json.dumps(dict(meta, pid=2 ** 22 + 12345)),
                               encoding="utf-8")  # that program crashed
    dialogs.question = QMessageBox.StandardButton.Yes
    restored = start_window(None)
    qtbot.addWidget(restored)
    assert [e.action.text() for e in restored.game.log] == ["roll d10"]
    assert restored.is_dirty() and not saver.path.exists()  # the window autosaves it now
    assert restored.pbem_ui.autosave.saver.path.is_file()
    assert find_unfinished_autosave() is None  # ours: this program runs
    restored.pbem_ui.closing()
    assert not restored.pbem_ui.autosave.saver.path.exists()


def test_recent_files_menu(window, tmp_path):
    path = tmp_path / "game.json"
    assert window.save_to(path)
    menu = window.pbem_ui.recent
    assert menu.paths() == [str(path.resolve())]
    item = next(a for a in menu.actions() if a.data())
    assert item.isEnabled() and "game.json" in item.text()
    path.unlink()
    menu.refresh()
    item = next(a for a in menu.actions() if a.data())
    assert not item.isEnabled() and item.text().endswith("(missing)")
    menu.clear_list()
    assert menu.paths() == []


# -- the dialogs themselves ----------------------------------------------------------------
def test_the_new_game_by_email_dialog_checks_what_it_asks(qtbot, ruleset):
    dialog = NewPbemDialog(ruleset)
    qtbot.addWidget(dialog)
    assert dialog.problem().startswith("Name the")
    for i, edit in enumerate(dialog.names.values()):
        edit.setText(f"Player {i}")
    dialog.passphrase.setText("one")
    dialog.again.setText("two")
    dialog.accept()
    assert dialog.error.text() == "The two passphrases differ." and not dialog.result()
    dialog.again.setText("one")
    dialog.me.setCurrentIndex(1)
    dialog.accept()
    choice = dialog.choice()
    assert dialog.result() and choice.passphrase == "one"
    assert choice.me == list(dialog.names)[1] and choice.scenario == ruleset.default_scenario

    ask = PassphraseDialog("Your passphrase", "text", read_only=True)
    qtbot.addWidget(ask)
    buttons = ask.findChild(QDialogButtonBox)
    next(b for b in buttons.buttons() if b.text() == "Open read-only").click()
    assert ask.read_only_chosen and ask.result()


def test_cards_are_played_from_the_uncovered_hand(window):
    """Actions from the hidden hand are buttons in the hand dock, shown only uncovered."""
    dock = window.pbem_ui.hand
    controller = window.controller
    assert controller.push("draw") is not None  # phase B: the hand is drawn
    dock.refresh()
    assert window.game.ruleset.hand_actions(window.game.state, dock.viewer)
    assert dock.covered and dock.play_buttons() == []
    dock.reveal()
    buttons = dock.play_buttons()
    assert buttons and all(b.text() for b in buttons)
    before = len(window.game.log)
    buttons[0].click()
    assert len(window.game.log) == before + 1
    assert window.game.log[-1].action.verb == "play"
