"""``boardapp selftest``: check that this installation works, as a player would.

For every installed ruleset: start its default scenario in the window, play a first legal
action through the window's controller, save the game from the window, open the saved
file in a second window, and compare the positions (their digests). The window is shown
on the platform Qt is given (``QT_QPA_PLATFORM=offscreen`` for a machine without a
screen). The bundle built by ``make bundle`` runs this as its smoke test; a player can run
it to check an installation. Files go to a temporary folder that is removed afterwards.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication

from ..core.engine.ruleset import available_rulesets
from ..core.engine.state import digest
from .app import new_game
from .i18n import _
from .main_window import MainWindow


def check_ruleset(rid: str, folder: Path) -> str:
    """Start, play, save and reopen one game of ruleset ``rid``; return what was checked.

    Raise ``AssertionError`` (or the error that occurred) when something is wrong."""
    app = QApplication.instance()
    game = new_game(rid)
    window = MainWindow(game)
    window.show()
    app.processEvents()
    legal = game.legal_actions()
    played = ""
    if legal:
        played = legal[0].text()
        window.controller.push(legal[0])
        app.processEvents()
    path = folder / f"{rid}.json"
    assert window.save_to(path), _("{rid}: the window could not save to {path}").format(
        rid=rid, path=path)
    again = MainWindow(game)
    assert again.open_file(path, confirm=False), _("{rid}: the saved game did not open").format(
        rid=rid)
    app.processEvents()
    assert digest(again.game.state) == digest(game.state), _(
        "{rid}: the reopened game is not at the saved position").format(rid=rid)
    assert len(again.game.log) == len(game.log)
    for win in (window, again):
        win.close()
    app.processEvents()
    actions = _("{n} action(s)").format(n=len(game.log))
    if played:
        actions = _("{actions} ({played})").format(actions=actions, played=played)
    return _("{actions}, saved, reopened").format(actions=actions)


def run(rulesets: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Check every installed ruleset (or those named); 0 if all work, else 1."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("boardapp")
    wanted = rulesets or sorted(available_rulesets())
    failures = 0
    with tempfile.TemporaryDirectory(prefix="boardapp-selftest-") as tmp:
        for rid in wanted:
            try:
                out(f"ok   {rid}: {check_ruleset(rid, Path(tmp))}")
            except Exception as exc:  # report every game, then fail
                failures += 1
                out(f"FAIL {rid}: {type(exc).__name__}: {exc}")
    out(_("{ok} of {n} game(s) work").format(ok=len(wanted) - failures, n=len(wanted)))
    return 1 if failures or not wanted else 0
