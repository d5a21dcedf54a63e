"""The command line and the core's errors in French (issue 16): ``--help``, argparse's own
words and the errors a player reads are drawn in the language chosen; the same error
reads in English for an English reader, and a core error is never plain English text."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import boardapp.core
from boardapp.cli import main
from boardapp.core.base.errors import BoardappError, GameFileError
from boardapp.core.base.i18n import Msg, set_language
from boardapp.core.files.gamefile import load_game

CORE = Path(boardapp.core.__file__).resolve().parent


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_in_french(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "fr", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation : boardapp")
    assert "arguments positionnels" in out
    assert "afficher ce message d'aide et quitter" in out
    assert "lister les règles installées et leurs scénarios" in out
    assert "usage:" not in out and "show this help" not in out


def test_a_missing_argument_is_said_in_french(capsys):
    with pytest.raises(SystemExit) as done:
        main(["show", "--lang", "fr"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "boardapp show : erreur : les arguments suivants sont requis : file" in err


def test_a_broken_game_file_is_refused_in_the_readers_language(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1}', encoding="utf-8")
    code, _, err = run(capsys, "--lang", "fr", "show", str(path))
    assert code == 1
    assert err.strip() == f"erreur : {path}: format : pas un fichier de partie boardapp"
    code, _, err = run(capsys, "--lang", "en", "show", str(path))
    assert code == 1
    assert err.strip() == f"error: {path}: format: not a boardapp game file"
    path.write_text("{nope", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "fr", "verify", str(path))
    assert code == 1 and "JSON invalide" in err and "NOT OK" not in err


def test_a_core_error_keeps_its_message_and_reads_in_each_language(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "boardapp-game", "version": 99}', encoding="utf-8")
    set_language("fr")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    exc = caught.value
    assert isinstance(exc.args[0], Msg)
    assert "écrit par un boardapp plus récent" in str(exc)
    assert exc.args[0].render("en").startswith(f"{path}: version: written by a newer "
                                               "boardapp (format 99, this one reads up to")
    set_language("en")
    assert str(exc).startswith(f"{path}: version: written by a newer boardapp (format 99")


def _player_errors() -> set[str]:
    """The names of the error classes a player reads (BoardappError and its kin)."""
    for info in pkgutil.walk_packages([str(CORE)], "boardapp.core."):
        importlib.import_module(info.name)
    found, todo = set(), [BoardappError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def test_no_core_error_is_plain_english_text():
    """Every error a player can read is a message (``N_(...)``), not a plain string or an
    f-string, so that it is drawn in the reader's language."""
    errors = _player_errors()
    plain = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in errors and name != "fail":
                continue
            args = node.exc.args
            text = args[-1] if name in ("fail", "DataError", "GameFileError") and args else \
                (args[0] if args else None)
            if isinstance(text, ast.JoinedStr) or (isinstance(text, ast.Constant)
                                                    and isinstance(text.value, str)):
                plain.append(f"{path.relative_to(CORE)}:{node.lineno}")
    assert plain == []
