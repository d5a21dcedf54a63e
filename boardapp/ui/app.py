"""Start the desktop application: ``run_gui(path)`` opens a game file or a new game."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from boardapp.core.errors import BoardappError
from boardapp.core.game import Game
from boardapp.core.gamefile import load_game
from boardapp.core.ruleset import available_rulesets, find_ruleset

from .main_window import MainWindow


def default_ruleset_id() -> str:
    """``$BOARDAPP_RULESET``, else the first installed ruleset in sorted order."""
    chosen = os.environ.get("BOARDAPP_RULESET")
    if chosen:
        return chosen
    installed = sorted(available_rulesets())
    if not installed:
        raise BoardappError("no ruleset is installed: add a package to rulesets/")
    return installed[0]


def new_game(ruleset_id: str | None = None, scenario: str | None = None) -> Game:
    """A new game of ``ruleset_id`` (default ruleset if ``None``) and ``scenario``."""
    return Game(find_ruleset(ruleset_id or default_ruleset_id()), scenario)


def build_window(path: str | None, ruleset_id: str | None = None,
                 scenario: str | None = None) -> MainWindow:
    """The main window on game file ``path``, or on a new game if ``path`` is ``None``
    or cannot be opened (the problem is then shown once the window is up)."""
    game: Game | None = None
    problem = ""
    if path:
        try:
            game = load_game(path)
        except (BoardappError, OSError) as exc:
            problem = str(exc)
            path = None
    if game is None:
        game = new_game(ruleset_id, scenario)
    window = MainWindow(game, path)
    window.resize(1400, 950)
    window.startup_problem = problem
    return window


def run_gui(path: str | None, ruleset_id: str | None = None,
            scenario: str | None = None) -> int:
    """Open the window on game file ``path`` or on a new game; return the exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("boardapp")
    app.setOrganizationName("boardapp")
    try:
        window = build_window(path, ruleset_id, scenario)
    except BoardappError as exc:
        QMessageBox.critical(None, "boardapp cannot start", str(exc))
        return 1
    window.show()
    if window.startup_problem:
        QMessageBox.critical(window, "Cannot open the game",
                             f"{window.startup_problem}\n\nA new game was started instead.")
    return app.exec()
