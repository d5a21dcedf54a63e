"""Edit → Export / Import game data, and the notice of a new game with unknown values.

Exporting writes the game's filled data sheets to one file; importing applies a file's
values to this game (one logged ``data`` action per sheet, undoable) or writes them as
the defaults of new games (the ruleset's data files). A new game whose data has unknown
values says so in the banner on its first start and offers the import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPushButton

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.data_action import data_action
from boardapp.core.engine.datashare import (
    SUFFIX,
    import_edits,
    read_data_file,
    unknown_count,
    write_data_file,
)
from boardapp.core.engine.datasheets import save_sheet_values

from .i18n import _, ngettext

if TYPE_CHECKING:
    from .main_window import MainWindow



def data_filter() -> str:
    """The file dialogs' filter of game data files."""
    return _("boardapp game data (*{suffix} *.json);;All files (*)").format(suffix=SUFFIX)


class DataShare:
    """The menu entries and the notice of one window."""

    def __init__(self, window: MainWindow, menu) -> None:
        self.window_ = window
        menu.addAction(_("E&xport game data…"), self.export_dialog)
        menu.addAction(_("&Import game data into this game…"), self.import_dialog)
        menu.addAction(_("Import game data as the defaults of &new games…"),
                       self.import_defaults_dialog)
        self.notice_label = QLabel()
        self.notice_label.setWordWrap(True)
        self.notice_label.setStyleSheet("color: #5b4300;")
        self.import_button = QPushButton(_("Import values…"))
        self.import_button.clicked.connect(self.import_dialog)
        self.fill_button = QPushButton(_("Fill them in…"))
        self.fill_button.clicked.connect(lambda: _open_editor(window))
        self.dismiss_button = QPushButton(_("Later"))
        self.dismiss_button.clicked.connect(self.hide_notice)
        row = window.banner.notice
        row.addWidget(self.notice_label, 1)
        for button in (self.import_button, self.fill_button, self.dismiss_button):
            row.addWidget(button)
        self.hide_notice()

    # -- the notice -------------------------------------------------------------------------
    def game_started(self) -> None:
        """A game is shown: a new one with unknown values says so."""
        game = self.window_.game
        n = unknown_count(game.ruleset, game.state) if not game.log else 0
        if not n:
            self.hide_notice()
            return
        self.notice_label.setText(ngettext(
            "{count} value the rules do not print is unknown in this game (Game data): "
            "import it from a file a player of your group exported, or fill it in. "
            "Until then the board asks when play reaches it.",
            "{count} values the rules do not print are unknown in this game (Game data): "
            "import them from a file a player of your group exported, or fill them in. "
            "Until then the board asks when play reaches one.", n).format(count=n))
        for widget in (self.notice_label, self.import_button, self.fill_button,
                       self.dismiss_button):
            widget.show()

    def hide_notice(self) -> None:
        """Put the notice away."""
        for widget in (self.notice_label, self.import_button, self.fill_button,
                       self.dismiss_button):
            widget.hide()

    def notice_shown(self) -> bool:
        """Whether the notice is up."""
        return not self.notice_label.isHidden()

    # -- export and import -----------------------------------------------------------------
    def export_to(self, path: str) -> bool:
        """Write this game's data to ``path``; say why if it cannot."""
        game = self.window_.game
        try:
            write_data_file(game.ruleset, game.state, path)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self.window_, _("Cannot export the game data"), str(exc))
            return False
        return True

    def export_dialog(self) -> None:
        """Ask for a file and export the game data there."""
        game = self.window_.game
        if not game.ruleset.data_sheets():
            QMessageBox.information(self.window_, _("Game data"),
                                    _("{game} has no game data.").format(
                                        game=game.ruleset.name))
            return
        path = QFileDialog.getSaveFileName(self.window_, _("Export game data"),
                                           f"{game.ruleset.id}{SUFFIX}", data_filter())[0]
        if path:
            self.export_to(path)

    def import_from(self, path: str) -> int:
        """Apply the values of data file ``path`` to this game (one action per sheet);
        the number of values changed (-1 if refused)."""
        window = self.window_
        game = window.game
        try:
            sheets = read_data_file(game.ruleset, path)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(window, _("Cannot import the game data"), str(exc))
            return -1
        changed = 0
        for sheet, edits in import_edits(game.ruleset, game.state, sheets):
            if window.controller.push(data_action(sheet, edits)) is None:
                return -1
            changed += len(edits)
        self.hide_notice()
        return changed

    def import_dialog(self) -> None:
        """Ask for a data file and import it into this game."""
        path = QFileDialog.getOpenFileName(self.window_, _("Import game data"), "",
                                           data_filter())[0]
        if path:
            n = self.import_from(path)
            if n >= 0:
                QMessageBox.information(self.window_, _("Game data"), ngettext(
                    "{count} value imported into this game.",
                    "{count} values imported into this game.", n).format(count=n))

    def import_defaults_from(self, path: str) -> int:
        """Write the values of ``path`` as the defaults of new games; how many changed."""
        game = self.window_.game
        try:
            sheets = read_data_file(game.ruleset, path)
            changed = 0
            for sheet, edits in import_edits(game.ruleset, {}, sheets):
                save_sheet_values(sheet, edits)
                changed += len(edits)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self.window_, _("Cannot import the game data"), str(exc))
            return -1
        return changed

    def import_defaults_dialog(self) -> None:
        """Ask for a data file and make its values the defaults of new games."""
        path = QFileDialog.getOpenFileName(self.window_, _("Import game data as defaults"),
                                           "", data_filter())[0]
        if path:
            n = self.import_defaults_from(path)
            if n >= 0:
                QMessageBox.information(self.window_, _("Game data"), ngettext(
                    "{count} default value written: new games start with it.",
                    "{count} default values written: new games start with them.", n).format(
                        count=n))


def _open_editor(window: MainWindow) -> None:
    """The game data editor (imported when first opened)."""
    from .data_editor import open_data_editor

    open_data_editor(window.controller, window)
