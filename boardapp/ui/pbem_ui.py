"""The window's side of play by email, and of every game file that goes back and forth.

:class:`PbemUi` adds to a :class:`MainWindow`:

- File → *New game by email…*, *Open recent*, *Save for opponent…*, *Email this game…*;
- opening a file as its player (:func:`pbem_dialogs.open_as_player`), then the replay
  bar on the steps the player has not seen (:mod:`replay_bar`), View → *Replay the game*;
- the *Hand* dock (:mod:`hand_dock`), autosave (:mod:`autosave_ui`), the mode in the
  title and the status bar ("by email, you play ..."), and why undo is blocked.

The window calls :meth:`PbemUi.load`, :meth:`opened`, :meth:`saved`, :meth:`closing`
and :meth:`title_suffix`; everything else hangs on the controller's signals.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import QLabel, QMessageBox

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.files.history import side_name
from boardapp.core.pbem.ledger import Ledger

from .autosave_ui import AutosaveHook, Restored
from .hand_dock import HandDock
from .i18n import N_, _, and_list, ngettext
from .recent_menu import RecentMenu
from .replay_bar import ReplayBar

if TYPE_CHECKING:
    from .main_window import MainWindow

UNDO_TIP = N_("Take back the last action")


def viewer(game: Game) -> str:
    """Who looks at the game: the local player by email, else the side to act."""
    if game.pbem is not None and game.pbem.me:
        return game.pbem.me
    return game.ruleset.acting_side(game.state)


def first_unseen(game: Game) -> int:
    """The first step the viewer has not seen: after their last send (1 if none);
    beyond the log when everything was seen."""
    return game.last_seen(viewer(game)) + 1


def others(game: Game) -> list[str]:
    """The other players' names: those who receive what the viewer sends."""
    me = viewer(game)
    sides = (list(game.pbem.players) if game.pbem is not None
             else game.ruleset.playing_sides(game.state))
    return [side_name(game, s) for s in sides if s != me]


def for_whom(game: Game) -> str:
    """"your opponent" (two players), else "the other players"."""
    return _("your opponent") if len(others(game)) < 2 else _("the other players")


def mode_text(game: Game) -> str:
    """"Hot-seat", "By email · you play Blue (Bob)", "By email · read-only"..."""
    pbem = game.pbem
    if pbem is None:
        return _("Hot-seat")
    if pbem.me is None:
        text = _("By email · read-only (opened without a passphrase)")
    else:
        text = _("By email · you play {side}").format(side=pbem.name(game, pbem.me))
    waiting = [pbem.name(game, s) for s, p in pbem.players.items() if not p.joined]
    if waiting:
        text += " · " + ngettext("waiting for {players} to join",
                                 "waiting for {players} to join", len(waiting)).format(
                                     players=", ".join(waiting))
    return text


class PbemUi(QObject):
    """Sending and receiving turns in a window (see the module doc)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.email_to = ""
        controller = window.controller
        self.replay = ReplayBar(window)
        self.hand = HandDock(window)
        self.autosave = AutosaveHook(window)
        self.recent = RecentMenu(window)
        self.mode_label = QLabel()
        window.statusBar().addPermanentWidget(self.mode_label)
        self.new_pbem_action = self._action(_("New game &by email…"), self.new_pbem_game,
                                            _("Start a game played by email: one file goes "
                                              "back and forth"))
        self.send_action = self._action(_("Save for o&pponent…"), self.save_for_opponent,
                                        _("Save the game to send it: your opponent will see "
                                          "what you played since your last send"))
        self.email_action = self._action(_("E&mail this game…"), self.email_game,
                                         _("Save for the opponent and write an email with "
                                           "the game attached"))
        self.replay_action = self._action(_("&Replay the game"), self.replay_game,
                                          _("Step through the game from the set-up"))
        menu = window.file_menu
        menu.insertAction(window.open_action, self.new_pbem_action)
        menu.insertMenu(window.save_action, self.recent)
        menu.insertAction(window.export_action, self.send_action)
        menu.insertAction(window.export_action, self.email_action)
        menu.insertSeparator(window.export_action)
        window.view_menu.addSeparator()
        window.view_menu.addAction(self.replay_action)
        window.view_menu.addAction(self.hand.toggle)
        controller.changed.connect(self.refresh)
        controller.game_replaced.connect(self.refresh)
        controller.undo_blocked.connect(self.show_undo_blocked)
        self.refresh()

    def _action(self, text: str, slot, tip: str) -> QAction:
        action = QAction(text, self.window_)
        action.triggered.connect(slot)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        return action

    @property
    def game(self) -> Game:
        return self.window_.game

    # -- what the window shows ------------------------------------------------------------
    def title_suffix(self) -> str:
        """What the window title adds: the mode of a game by email."""
        pbem = self.game.pbem
        if pbem is None:
            return ""
        if pbem.me is None:
            return " — " + _("by email, read-only")
        return " — " + _("by email, you play {side}").format(side=pbem.name(self.game, pbem.me))

    def refresh(self) -> None:
        """The mode in the status bar; why undo is blocked; what can be replayed."""
        game = self.game
        self.mode_label.setText(mode_text(game))
        reason = game.undo_blocked_reason() if game.log and not game.can_undo else ""
        tip = _("Undo is blocked: {reason}").format(reason=reason) if reason else str(UNDO_TIP)
        self.window_.undo_action.setToolTip(tip)
        self.window_.undo_action.setStatusTip(tip)
        self.replay_action.setEnabled(bool(game.log))
        several = len(others(game)) > 1
        self.send_action.setText(_("Save for the o&ther players…") if several
                                 else _("Save for o&pponent…"))
        tip = (_("Save the game to send it: the other players will see what you played "
                 "since your last send") if several else
               _("Save the game to send it: your opponent will see what you played since "
                 "your last send"))
        self.send_action.setToolTip(tip)
        self.send_action.setStatusTip(tip)

    def show_undo_blocked(self, reason: str) -> None:
        """Undo was asked but the game forbids it: say why."""
        self.window_.statusBar().showMessage(
            _("Cannot undo: {reason}").format(reason=reason), 10000)

    # -- the window's file events -----------------------------------------------------------
    def load(self, path: str | Path) -> Game | None:
        """Open ``path`` as its player (``None``: the user cancelled)."""
        from . import pbem_dialogs  # imported when first needed

        return pbem_dialogs.open_as_player(self.window_, path)

    def opened(self, path: Path) -> None:
        """``path`` was opened: remember it, say what the file noticed, replay what is new."""
        game = self.game
        self.recent.note(path, game.ruleset.title(game.state))
        if game.notes:
            QMessageBox.information(self.window_, _("About this file"),
                                    "\n\n".join(game.notes))
        self._fulfil_on_opening()
        # A file that was sent (by email, or "Save for opponent" in hot-seat) opens on
        # what its reader has not seen; a plain save opens live (View > Replay is there).
        if game.pbem is None and not game.sends:
            return
        step = first_unseen(game)
        if step <= len(game.log):
            self.replay.open_at(step, first_new=step)

    def _fulfil_on_opening(self) -> None:
        """By email, the player's program carries out at once what its player owes (the
        reveal of a sealed choice, a discard at random): only it can."""
        game = self.game
        if game.pbem is None or game.pbem.me is None:
            return
        done = self.window_.controller.fulfil()
        if done:
            self.window_.mark_unsaved()
            self.window_.controller.changed.emit()
            words = [e.lines[0].text if e.lines else e.action.text() for e in done]
            self.window_.statusBar().showMessage(
                _("Carried out what you owed: {actions}").format(actions="; ".join(words)),
                15000)

    def saved(self, path: Path) -> None:
        """The game was written to ``path``."""
        self.recent.note(path, self.game.ruleset.title(self.game.state))
        self.autosave.saved(path)

    def closing(self) -> None:
        """The window closes normally."""
        self.autosave.finish()

    def restored(self, restored: Restored) -> None:
        """The window shows a game restored after a crash: unsaved, autosaved here."""
        self.window_.mark_unsaved()
        self.autosave.adopt(restored.info)

    # -- a new game by email ------------------------------------------------------------------
    def new_pbem_game(self) -> bool:
        """Ask for the players and passphrase, create the game, save it."""
        window = self.window_
        if not window._confirm_discard():
            return False
        ruleset = self.game.ruleset
        from . import pbem_dialogs  # imported when first needed

        choice = pbem_dialogs.ask_new_pbem(window, ruleset)
        if choice is None:
            return False
        from boardapp.core.pbem.pbem import new_pbem_game  # cryptography: when asked

        try:
            game = new_pbem_game(ruleset, choice.scenario, choice.players, choice.me,
                                 choice.passphrase)
        except BoardappError as exc:
            QMessageBox.critical(window, _("Cannot start the game"), str(exc))
            return False
        window.path = None
        window.controller.set_game(game)
        window.mark_unsaved()
        if not window.save_as():
            return False
        assert window.path is not None and game.pbem is not None
        others = and_list([game.pbem.name(game, s) for s in game.pbem.players
                           if s != choice.me])
        QMessageBox.information(
            window, _("Game by email created"),
            _("You play {side}. Now send {file} to {players} (File → Email this game…): they "
              "open it with boardapp and join.").format(
                  side=game.pbem.name(game, choice.me), file=window.path.name,
                  players=others))
        return True

    # -- sending ----------------------------------------------------------------------------
    def _ready_to_send(self) -> Path | None:
        """The game's file, once the game is saved and open as its player."""
        window = self.window_
        pbem = self.game.pbem
        if pbem is not None and pbem.me is None and not self._open_as_player():
            return None
        if window.path is None and not window.save_as():
            return None
        return window.path

    def _open_as_player(self) -> bool:
        """A read-only game by email: open it again with the player's passphrase."""
        window = self.window_
        path = window.path
        if path is None:
            return False
        try:
            from . import pbem_dialogs  # imported when first needed

            game = pbem_dialogs.unlock(window, path.name, self.game,
                                       lambda pw: load_game(path, passphrase=pw,
                                                            ledger=Ledger(),
                                                            maps=self.game.ruleset.maps))
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(window, _("Cannot open the game"), str(exc))
            return False
        if game is None or game.pbem is None or game.pbem.me is None:
            return False
        window.controller.set_game(game)
        return True

    def save_for_opponent(self) -> bool:
        """Record a send and save the file, to be sent to the opponent."""
        path = self._ready_to_send()
        if path is None:
            return False
        window = self.window_
        game = self.game
        try:
            send = save_for_opponent(game, path)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(window, _("Cannot save for {whom}").format(
                whom=for_whom(game)), str(exc))
            return False
        window.mark_saved(path)
        whom = for_whom(game)
        if send is None:
            text = _("{file} is saved. You played nothing since your last send: there is "
                     "nothing new for {whom}.").format(file=path.name, whom=whom)
        elif len(others(game)) < 2:
            text = _("{file} is saved for your opponent: actions up to {upto}, sent by "
                     "{side}. Send them this file; they open it with boardapp and see what "
                     "you played, step by step.").format(
                         file=path.name, upto=send.upto, side=side_name(game, send.side))
        else:
            text = _("{file} is saved for the other players: actions up to {upto}, sent by "
                     "{side}. Send each of them ({players}) this file; they open it with "
                     "boardapp and see what you played, step by step.").format(
                         file=path.name, upto=send.upto, side=side_name(game, send.side),
                         players=", ".join(others(game)))
        QMessageBox.information(window, _("Saved for {whom}").format(whom=whom), text)
        return True

    def email_game(self) -> bool:
        """Save for the opponent and write an ``.eml`` with the game attached; open it in
        the mail program (or show its folder)."""
        path = self._ready_to_send()
        if path is None:
            return False
        window = self.window_
        from . import pbem_dialogs  # imported when first needed

        answer = pbem_dialogs.ask_email(window, path.with_suffix(".eml"), self.email_to,
                                        others=others(self.game))
        if answer is None:
            return False
        eml, to = answer
        if eml.resolve() == path.resolve():
            QMessageBox.critical(window, _("Cannot write the email"),
                                 _("The email cannot replace the game file: choose another "
                                   "name."))
            return False
        self.email_to = to
        from boardapp.core.files.email_message import email_game  # the email package

        try:
            email_game(self.game, path, eml, to=to or None)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(window, _("Cannot write the email"), str(exc))
            return False
        window.mark_saved(path)
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(eml))):
            window.statusBar().showMessage(_("{file} is written and open in your mail "
                                             "program: check it and send it").format(
                                                 file=eml.name), 10000)
        else:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(eml.parent)))
            QMessageBox.information(
                window, _("Email written"),
                _("The email is written to\n{email}\n\nNo mail program opened it: open that "
                  "file with yours (its folder is shown), or send {file} as an "
                  "attachment.").format(email=eml, file=path.name))
        return True

    # -- replay -----------------------------------------------------------------------------
    def replay_game(self) -> None:
        """View → Replay the game: from the set-up."""
        self.replay.open_at(0)
