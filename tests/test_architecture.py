"""Architecture rules checked mechanically: a Qt-free core that names no game."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_WORDS = re.compile(r"bretagne|blois|montfort|lily|ermine|lion.in.winter|montjoie|guet.apens",
                        re.IGNORECASE)

BLOCK_QT = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'):
            raise ImportError('Qt is blocked in this test: ' + name)
sys.meta_path.insert(0, Block())
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import dumps_game, loads_game
from boardapp.core.engine.ruleset import available_rulesets
import boardapp.cli
for cls in available_rulesets().values():
    game = Game(cls(), None, 5)
    for _ in range(3):  # each first legal action of the position reached
        legal = game.legal_actions()
        if not legal:
            break
        game.push(legal[0])
    assert loads_game(dumps_game(game)).state == game.state
print('ok', len(available_rulesets()))
"""


def test_core_and_rulesets_run_with_qt_blocked():
    out = subprocess.run([sys.executable, "-c", BLOCK_QT], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
    assert int(out.stdout.split()[1]) >= 1


def test_core_and_ui_name_no_game():
    offenders = []
    for path in (ROOT / "boardapp").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_no_qt_import_outside_ui():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "boardapp").rglob("*.py")
                 if "ui" not in p.relative_to(ROOT).parts
                 and re.search(r"^\s*(from|import) (PySide6|shiboken6)", p.read_text(), re.M)]
    assert offenders == []


QT_REFCOUNT = """
import sys
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
class O(QObject):
    s = Signal()
o, w = O(), QWidget()
for _ in range(20000):
    o.s.emit()
    w.setEnabled(True)
print('ok')
"""


def test_installed_qt_keeps_reference_counts():
    # PySide6 6.12.0 on CPython 3.11 steals a reference to None/True on every void call
    # and aborts the interpreter: pyproject.toml pins it; this guards the pin.
    out = subprocess.run([sys.executable, "-c", QT_REFCOUNT], capture_output=True, text=True,
                         timeout=120, env={**os.environ,
                                           "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0, out.stderr[-500:]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (functions and ``TYPE_CHECKING``
    blocks too), relative imports resolved; ``from X import y`` counts X and X.y."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


USER_SETTINGS = ("boardapp.core.scan", "boardapp.core.base.userdirs")


def _is_user_settings(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in USER_SETTINGS)


def test_engine_imports_no_user_settings():
    """The engine reads no user folder: a user's edited map is handed in (a map provider
    given to the ruleset). Neither the engine nor the board and base modules it reads its
    maps through import the scans (``scan/``) or the user's folders (``base/userdirs``)."""
    core = ROOT / "boardapp" / "core"
    offenders = []
    for folder in ("engine", "board"):
        for path in sorted((core / folder).rglob("*.py")):
            offenders += [f"{path.relative_to(ROOT)}: {m}" for m in sorted(_imported(path))
                          if _is_user_settings(m)]
    for path in sorted((core / "base").rglob("*.py")):
        if path.stem != "userdirs":
            offenders += [f"{path.relative_to(ROOT)}: {m}" for m in sorted(_imported(path))
                          if _is_user_settings(m)]
    assert offenders == []
    # the check sees the imports it must refuse
    scan = core / "scan" / "boardsettings.py"
    assert "boardapp.core.base.userdirs" in _imported(scan)
    assert "boardapp.core.board.mapdata" in _imported(scan)


ENGINE_MUST_NOT_REACH = ("boardapp.core.pbem", "boardapp.core.files", "boardapp.core.scan",
                         "boardapp.core.base.userdirs")


def test_engine_imports_neither_play_by_email_nor_files():
    """``Game`` hands the actions of a game by email to an action runner (a protocol the
    pbem package implements): the engine imports nothing of play by email or game files
    (type-only and function-level imports count), nor user settings."""
    engine = ROOT / "boardapp" / "core" / "engine"
    offenders = [f"{path.name}: {m}" for path in sorted(engine.rglob("*.py"))
                 for m in sorted(_imported(path))
                 if any(m == bad or m.startswith(bad + ".") for bad in ENGINE_MUST_NOT_REACH)]
    assert offenders == []
    assert "boardapp.core.engine.runner" in _imported(engine / "game.py")
    assert "boardapp.core.engine.game" in _imported(ROOT / "boardapp" / "core" / "pbem"
                                                    / "pbem.py")


def test_the_cli_imports_no_heavy_library_before_a_command_runs():
    """``boardapp --help`` stays quick: the CLI's modules import the engine, the maps and
    Qt only inside the commands that need them (issue 14)."""
    probe = ("import sys, boardapp.cli; print(' '.join(m for m in ('networkx', 'shapely', "
             "'numpy', 'PySide6', 'cryptography', 'PIL') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


CLI_CALL = """
import sys
import boardapp.cli
boardapp.cli.main([sys.argv[1], sys.argv[2]])
print(' '.join(sorted(m for m in sys.modules
                      if m.count('.') == 1 and m.startswith('rulesets.')
                      or m.split('.')[0] in ('PySide6', 'cryptography', 'PIL'))))
"""


def test_a_cli_call_imports_only_its_game_and_no_library_it_does_not_use(tmp_path):
    """``boardapp show`` / ``actions`` on a hot-seat game imports that game's ruleset
    alone, and neither play by email's cryptography, Pillow nor Qt (issue 14)."""
    game = tmp_path / "g.json"
    made = subprocess.run([sys.executable, "-m", "boardapp", "new", "hex-demo", "demo", "-o",
                           str(game), "--seed", "3"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr
    for command in ("show", "actions"):
        out = subprocess.run([sys.executable, "-c", CLI_CALL, command, str(game)], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "rulesets.hex_demo"


def test_the_manual_measure_verb_is_the_tables():
    """The engine names the table's ``measure`` verb without importing its geometry."""
    from boardapp.core.engine.manual import MEASURE
    from boardapp.core.table.measuring import MEASURE as TABLE_MEASURE

    assert MEASURE == TABLE_MEASURE
