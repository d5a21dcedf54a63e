"""Start the desktop application: ``run_gui(path)`` opens a game file or a new game.

On start, a game that a crash left in the autosave is offered first
(:func:`start_window`); a game by email asks its player's passphrase.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
from boardapp.core.scan.boardsettings import UserMaps

from .app_icon import app_icon
from .autosave_ui import offer_restore
from .i18n import _
from .main_window import MainWindow
from .qt_language import install_qt_translations

gc.freeze()  # the modules of the window, as the engine's (see ``boardapp.ui``)


def default_ruleset_id() -> str:
    """``$BOARDAPP_RULESET``, else the first installed ruleset in sorted order."""
    chosen = os.environ.get("BOARDAPP_RULESET")
    if chosen:
        return chosen
    installed = sorted(available_rulesets())
    if not installed:
        raise BoardappError(_("no ruleset is installed: add a package to rulesets/"))
    return installed[0]


def new_game(ruleset_id: str | None = None, scenario: str | None = None) -> Game:
    """A new game of ``ruleset_id`` (default ruleset if ``None``) and ``scenario``."""
    return Game(find_ruleset(ruleset_id or default_ruleset_id(), UserMaps()), scenario)


def build_window(path: str | None, ruleset_id: str | None = None,
                 scenario: str | None = None) -> MainWindow:
    """The main window on game file ``path``, or on a new game if ``path`` is ``None``
    or cannot be opened (the problem is then shown once the window is up). A game by
    email asks its player's passphrase first."""
    game: Game | None = None
    problem = ""
    if path:
        from .pbem_dialogs import open_as_player  # a file's passphrase, if by email

        try:
            game = open_as_player(None, path)
        except (BoardappError, OSError) as exc:
            problem = str(exc)
        if game is None:
            path = None
    if game is None:
        game = new_game(ruleset_id, scenario)
    window = MainWindow(game, path)
    window.resize(1400, 950)
    window.startup_problem = problem
    if path:
        window.pbem_ui.opened(Path(path))
    return window


def start_window(path: str | None, ruleset_id: str | None = None,
                 scenario: str | None = None) -> MainWindow:
    """The window ``run_gui`` shows: on the game a crash left in the autosave if the
    user restores it, else as :func:`build_window`."""
    restored = offer_restore(None)
    if restored is None:
        return build_window(path, ruleset_id, scenario)
    window = MainWindow(restored.game, restored.original)
    window.resize(1400, 950)
    window.pbem_ui.restored(restored)
    return window


def run_gui(path: str | None, ruleset_id: str | None = None,
            scenario: str | None = None) -> int:
    """Open the window on game file ``path`` or on a new game; return the exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("boardapp")
    app.setOrganizationName("boardapp")
    app.setDesktopFileName("boardapp")
    app.setWindowIcon(app_icon())
    install_qt_translations(app)  # the language was chosen by boardapp.cli.main
    try:
        window = start_window(path, ruleset_id, scenario)
    except BoardappError as exc:
        QMessageBox.critical(None, _("boardapp cannot start"), str(exc))
        return 1
    window.show()
    if window.startup_problem:
        QMessageBox.critical(window, _("Cannot open the game"),
                             _("{problem}\n\nA new game was started instead.").format(
                                 problem=window.startup_problem))
    elif wants_start_page(window, path, ruleset_id):
        QTimer.singleShot(0, window.show_start_page)
    return app.exec()


def wants_start_page(window: MainWindow, path: str | None, ruleset_id: str | None) -> bool:
    """Whether to show the start page over a window just opened: started without a
    file, a game or a restored autosave to show."""
    return (path is None and ruleset_id is None and not os.environ.get("BOARDAPP_RULESET")
            and window.path is None and not window.is_dirty())
