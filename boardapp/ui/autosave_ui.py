"""Autosave in the window, and the offer to restore a game after a crash.

:class:`AutosaveHook` keeps one :class:`~boardapp.core.files.autosave.Autosaver` for the game
in a window: it saves after every action, undo and redo (the controller's ``changed``),
forgets the autosave when the game is saved, replaced or closed normally. On start,
:func:`offer_restore` looks for an autosave that a crash left behind and asks whether to
restore it (a game by email asks its player's passphrase, as opening it would).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from boardapp.core.files.autosave import (
    AutosaveInfo,
    Autosaver,
    discard_autosave,
    find_unfinished_autosave,
    restore_autosave,
)
from boardapp.core.pbem.ledger import Ledger
from boardapp.core.scan.boardsettings import UserMaps

from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow


class AutosaveHook(QObject):
    """Autosaves the game of ``window`` after every change."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.saver = Autosaver(original=window.path)
        self.problem = ""
        """Why the last autosave failed ("" if it worked)."""
        window.controller.changed.connect(self.save)
        window.controller.game_replaced.connect(self.replaced)

    def save(self) -> None:
        """Autosave now (a failure is said once in the status bar, never raised)."""
        try:
            self.saver.save(self.window_.game)
        except (OSError, BoardappError) as exc:
            if not self.problem:
                self.window_.statusBar().showMessage(
                    _("Autosave failed: {problem}").format(problem=exc), 10000)
            self.problem = str(exc)
        else:
            self.problem = ""

    def replaced(self) -> None:
        """Another game in the window: the previous one was closed on purpose."""
        self.saver.finish()
        self.saver = Autosaver(original=self.window_.path)

    def saved(self, path: Path) -> None:
        """The game was written to ``path``: the autosave has nothing more."""
        self.saver.finish()
        self.saver.original = str(path)

    def finish(self) -> None:
        """The window closes normally."""
        self.saver.finish()

    def adopt(self, info: AutosaveInfo) -> None:
        """The game restored from ``info`` is now this window's: autosave it here, then
        delete the old autosave."""
        self.save()
        if not self.problem:
            discard_autosave(info)


@dataclass(frozen=True)
class Restored:
    """A game restored from an autosave: the game, the file it came from, the autosave."""

    game: Game
    original: Path | None
    info: AutosaveInfo


def offer_restore(parent: QWidget | None) -> Restored | None:
    """If a crash left an autosave, ask whether to restore it; the restored game, or
    ``None`` (no autosave, declined, which deletes it, or not opened)."""
    info = find_unfinished_autosave()
    if info is None:
        return None
    answer = QMessageBox.question(
        parent, _("Restore the game?"),
        _("boardapp did not close properly last time. Restore the game it was playing?"
          "\n\n{game}\n\nNo deletes this autosave.").format(game=info.describe()),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    if answer != QMessageBox.StandardButton.Yes:
        discard_autosave(info)
        return None
    try:
        maps = UserMaps()  # the user's maps edited on a scan, where he has some
        game: Game | None = restore_autosave(info, maps=maps)
        if game is not None and game.pbem is not None:
            from . import pbem_dialogs  # a passphrase for a game by email

            game = pbem_dialogs.unlock(
                parent, _("The autosaved game"), game,
                lambda pw: restore_autosave(info, passphrase=pw, ledger=Ledger(), maps=maps))
    except (BoardappError, OSError) as exc:
        QMessageBox.critical(parent, _("Cannot restore the game"),
                             _("{problem}\n\nThe autosave is deleted.").format(problem=exc))
        discard_autosave(info)
        return None
    if game is None:
        return None  # no passphrase given: the autosave stays for next time
    return Restored(game, Path(info.original) if info.original else None, info)
