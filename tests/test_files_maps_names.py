"""Files, maps and names as a tester trying to break them would use them (issue 13, items
8 to 13): hostile user maps and YAML, pipes given as games, huge values in error
messages, player names that are not names, and what a killed save leaves behind.

The bigger runs of the same checks (2,000 damaged game files, damaged maps, 200 kills
during saves) are ``make soak`` (benchmarks/soak.py); these are their fast cases.
"""

from __future__ import annotations

import email
import json
import os
import re
import stat
import threading
import time
from email import policy
from pathlib import Path

import pytest
import yaml

from boardapp import cli
from boardapp.core.base import yamlio
from boardapp.core.base.atomic import atomic_write_text
from boardapp.core.base.errors import BoardappError, DataError, GameFileError
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.board.mapdata import check_map_file, load_map
from boardapp.core.files import autosave as autosave_module
from boardapp.core.files.autosave import Autosaver, find_unfinished_autosave
from boardapp.core.files.email_message import email_game
from boardapp.core.files.gamefile import dumps_game, load_game, loads_game, save_game
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from boardapp.core.scan.boardsettings import load_board_map, user_map_path
from boardapp.paths import maps_dir
from tests.conftest import tiny_map_data
from tests.dbhelpers import new_game
from tests.test_pbem_helpers import PASSWORDS, Duel, Player, new_duel, pbem_setup

SHIPPED = maps_dir() / "deux_bretagne.yaml"
DEEP = 100_000
"""Nesting far beyond Python's recursion limit."""
READABLE = 1300
"""Characters an error message may have, the file's name included."""


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


def tiny_yaml(**changes) -> str:
    data = tiny_map_data()
    data.update(changes)
    return yaml.safe_dump(data, sort_keys=False)


# -- 8. a user map can no longer crash the program --------------------------------------------
HOSTILE_MAPS = {
    "deep list": "[" * DEEP + "]" * DEEP,
    "deep mapping": "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 3000)),
    "flow mappings": "{a: " * 5000 + "1" + "}" * 5000,
    "5000-digit number": tiny_yaml().replace("size:\n- 400", "size:\n- 4" + "0" * 5000),
    "5000-digit float": tiny_yaml().replace("size:\n- 400", "size:\n- 4" + "0" * 5000 + ".5"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_MAPS))
def test_a_hostile_map_is_a_problem_with_its_place_not_a_crash(tmp_path, name):
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE_MAPS[name], encoding="utf-8")
    problems = check_map_file(path)
    assert len(problems) == 1 and isinstance(problems[0], DataError)
    assert problems[0].file == str(path) and "line" in problems[0].place
    with pytest.raises(DataError):
        load_map(path)
    assert cli.main(["map", "check", str(path)]) == 1


def test_a_hostile_user_map_is_skipped_and_the_shipped_one_used(user_dirs):
    path = user_map_path(SHIPPED.name)
    path.parent.mkdir(parents=True)
    for text in HOSTILE_MAPS.values():
        path.write_text(text, encoding="utf-8")
        assert load_board_map(maps_dir(), SHIPPED.name).file == str(SHIPPED)


# -- 9. YAML: the C loader, limits, duplicate keys, NaN ------------------------------------------
def test_yaml_is_read_by_libyaml_where_pyyaml_has_it():
    assert yamlio.YAML_C_LOADER == bool(getattr(yaml, "__with_libyaml__", False))


def test_every_shipped_yaml_file_reads_as_pyyaml_reads_it():
    root = Path(__file__).resolve().parent.parent
    files = [*root.glob("maps/*.yaml"), *root.glob("rulesets/*/data/*.yaml")]
    assert len(files) > 5
    for path in files:
        assert load_yaml_file(path) == yaml.safe_load(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("text, place, words", [
    ("a: 1\nb: 2\na: 3\n", "line 3, column 1", "'a' appears twice"),
    ("areas:\n  x: {pos: [1, 2], pos: [3, 4]}\n", "line 2, column 20 (areas.x)", "appears twice"),
    ("? [1, 2]\n: 3\n", "line 1", "a key must be a single value"),
    ("a: !!python/object/apply:os.system ['echo hi']\n", "line 1", "unsupported tag"),
    ("a: &x {b: 1}\nc: {<<: *x}\n", "line 2", "merge keys"),
    ("a: *nowhere\n", "line 1, column 4 (a)", "unknown alias"),
    ("a: 1\n---\nb: 2\n", "line 2", "a single document"),
])
def test_yaml_refusals_say_where(tmp_path, text, place, words):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_yaml_file(path)
    assert info.value.place.startswith(place) and words in info.value.problem


def test_yaml_limits_on_depth_values_and_text(monkeypatch):
    with pytest.raises(DataError, match="nested more than"):
        yamlio.load_yaml_text("a:\n" + "".join("  " * i + "b:\n" for i in range(1, 200)), "f")
    monkeypatch.setattr(yamlio, "MAX_YAML_STRING", 1000)
    with pytest.raises(DataError, match="a value of 1,001 characters") as info:
        yamlio.load_yaml_text(f"notes: {'x' * 1001}\n", "f")
    assert info.value.place == "line 1, column 8 (notes)"
    monkeypatch.setattr(yamlio, "MAX_YAML_NODES", 10_000)
    with pytest.raises(DataError, match="too many values"):
        yamlio.load_yaml_text("[" + ", ".join(["1"] * 10_001) + "]", "f")
    # aliases count what they repeat: a "billion laughs" stops at the limit
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
        for i in range(8))
    with pytest.raises(DataError, match="too many values"):
        yamlio.load_yaml_text(bomb, "f")
    assert yamlio.load_yaml_text("a: &a [1, 2]\nb: *a\n", "f") == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize("field, value, place", [
    ("size", [".nan", 200], "size[0]"),
    ("size", [400, ".inf"], "size[1]"),
    ("land", [[0, 0], [300, 0], ["-.inf", 200], [0, 200]], "land[2][0]"),
])
def test_nan_and_infinite_sizes_are_refused(tmp_path, field, value, place):
    text = tiny_yaml(**{field: value}).replace("'.nan'", ".nan").replace("'.inf'", ".inf") \
        .replace("'-.inf'", "-.inf")
    path = tmp_path / "nan.yaml"
    path.write_text(text, encoding="utf-8")
    problems = check_map_file(path)
    assert [p.place for p in problems] == [place]
    assert "not a finite number" in problems[0].problem


def test_a_map_of_thousands_of_areas_checks_in_seconds(tmp_path):
    n, side = 4000, 64
    areas = {f"a{i}": {"name": f"Area {i}", "pos": [5 + (i % side) * 10, 5 + (i // side) * 10]}
             for i in range(n)}
    data = {"format": "boardapp-map", "version": 1, "id": "big", "size": [700, 700],
            "land": [[0, 0], [660, 0], [660, 660], [0, 660]], "areas": areas}
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    start = time.perf_counter()
    bmap = load_map(path)  # a city's cell was found by scanning every cell: minutes
    assert time.perf_counter() - start < 30
    assert len(bmap.areas) == n and bmap.place_at(15, 15) == "a65"


# -- 10. a pipe or a device is refused at once ------------------------------------------------
def unblock_later(fifo: Path, after: float = 4.0, until: float = 40.0) -> threading.Thread:
    """Every second after a while, open ``fifo`` for writing and close it, so that a
    reader stuck on it (the bug) gets an end of file instead of blocking the tests for
    ever."""
    def run() -> None:
        time.sleep(after)
        end = time.monotonic() + until
        while time.monotonic() < end:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # nobody is reading: good
            time.sleep(0.5)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["show", "verify", "actions", "map"])
def test_a_named_pipe_given_as_a_game_or_map_is_refused_at_once(tmp_path, capsys, command):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    unblock_later(fifo)
    start = time.perf_counter()
    argv = ["map", "check", str(fifo)] if command == "map" else [command, str(fifo)]
    assert cli.main(argv) == 1
    assert time.perf_counter() - start < 3
    out = capsys.readouterr()
    assert "not a regular file (a named pipe)" in out.out + out.err


@pytest.mark.parametrize("path", ["/dev/zero", "."])
def test_a_device_or_a_folder_is_not_a_game(path):
    with pytest.raises(GameFileError, match="not a regular file"):
        load_game(path)


# -- 11. error messages quote values, not megabytes ---------------------------------------------
def damaged(tmp_path: Path, edit) -> Path:
    game = new_game()
    data = json.loads(dumps_game(game))
    edit(data)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


HUGE = "x" * 5_000_000


@pytest.mark.parametrize("edit", [
    lambda d: d.update(scenario=HUGE),
    lambda d: d.update(mode=HUGE),
    lambda d: d["ruleset"].update(id=HUGE),
    lambda d: d["actions"].append({"action": "move " + "a," * 400_000 + "b here"}),
    lambda d: d["actions"].append({"action": HUGE}),
], ids=["scenario", "mode", "ruleset", "long action", "huge action"])
def test_an_error_quotes_a_huge_value_in_a_few_words(tmp_path, capsys, edit):
    path = damaged(tmp_path, edit)
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert len(str(info.value)) < READABLE
    assert cli.main(["show", str(path)]) == 1
    assert len(capsys.readouterr().err) < READABLE


def test_the_window_error_box_stays_readable(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from boardapp.ui.main_window import MainWindow

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    win = MainWindow(new_game())
    qtbot.addWidget(win)
    assert win.open_file(damaged(tmp_path, lambda d: d.update(scenario=HUGE)),
                         confirm=False) is False
    assert len(shown) == 1 and len(shown[0]) < READABLE and "scenario" in shown[0]
    fifo = tmp_path / "pipe.json"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        unblock_later(fifo)
        start = time.perf_counter()
        assert win.open_file(fifo, confirm=False) is False
        assert time.perf_counter() - start < 3 and "not a regular file" in shown[-1]


# -- 12. player names and email headers --------------------------------------------------------
BAD_NAMES = ["Bob\r\nBcc: eve@evil.example", "x) <evil@evil.example>, (y", "Eve\u202eevil",
             "a" * 65, "Bob\x00"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused_when_the_game_is_created(pbem_env, name):
    with pytest.raises(BoardappError, match="is refused"):
        new_pbem_game(Duel(), None, {"red": "Ann", "blue": name}, "red", PASSWORDS["red"])


def test_the_command_line_refuses_a_bad_name_before_anything(pbem_env, capsys, monkeypatch):
    monkeypatch.setenv("BOARDAPP_PASSPHRASE", PASSWORDS["red"])
    out = pbem_env / "new.json"
    assert cli.main(["new", "deux-bretagne", "14.1", "-o", str(out), "--pbem", "--players",
                     "montfort=Ann", "blois=Bob\r\nBcc: eve@evil.example", "--as",
                     "montfort"]) == 1
    assert "is refused" in capsys.readouterr().err and not out.exists()


def test_a_file_whose_names_were_edited_is_refused_at_joining(pbem_env):
    path = new_duel(pbem_env)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pbem"]["players"][1]["name"] = "x) <evil@evil.example>, (y"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.place == "pbem.players[1].name"
    created = new_pbem_game(Duel(), "short", {"red": "Ann", "blue": "Bob"}, "red",
                            PASSWORDS["red"])
    game = loads_game(dumps_game(created))  # received; a name changed in memory: refused
    game.pbem.players["red"].name = "Ann\nBcc: eve@evil.example"
    with pytest.raises(BoardappError, match="is refused"):
        join_pbem(game, "blue", PASSWORDS["blue"])


def test_email_headers_are_built_from_addresses(pbem_env):
    path = new_duel(pbem_env)
    red = Player("red", pbem_env)
    game = red.open(path)
    game.push("draw")
    eml = pbem_env / "turn.eml"
    before = path.read_bytes()
    for bad in ({"from_addr": "x) <evil@evil.example>, (y"},
                {"to": "bob@example.org\r\nBcc: eve@evil.example"},
                {"to": "Bob <bob@example.org"}):
        with pytest.raises(BoardappError, match="address"):
            email_game(game, path, eml, **bad)
        assert path.read_bytes() == before and not eml.exists()  # nothing was sent
    game.pbem.players["red"].name = "Ann\r\nBcc: eve@evil.example"  # an old file's name
    email_game(game, path, eml, to="Bob Smith <bob@example.org>")
    message = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    sender = message["From"].addresses
    assert len(sender) == 1 and sender[0].addr_spec == "boardapp@localhost"
    assert sender[0].display_name == "Red (Ann Bcc: eve@evil.example)"
    assert [a.addr_spec for a in message["To"].addresses] == ["bob@example.org"]
    assert message["Bcc"] is None and "\n" not in message["Subject"]


# -- 13. saves: leftovers, permissions, the autosave's meta -----------------------------------
def test_a_killed_saves_old_leftover_is_removed_and_nothing_else(tmp_path):
    path = tmp_path / "game.json"
    old = time.time() - 3600
    ours_old = tmp_path / ".game.json.k2_9abcd.tmp"
    ours_young = tmp_path / ".game.json.zzzzzzzz.tmp"
    other_game = tmp_path / ".other.json.abcdefgh.tmp"
    not_ours = tmp_path / ".game.json.backup.tmp"
    for leftover in (ours_old, ours_young, other_game, not_ours):
        leftover.write_text("half a save")
    for leftover in (ours_old, other_game, not_ours):
        os.utime(leftover, (old, old))
    link = tmp_path / ".game.json.linklink.tmp"
    link.symlink_to(not_ours)
    os.utime(link, (old, old), follow_symlinks=False)
    save_game(new_game(), path)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert ours_old.name not in left  # a killed save's leftover, an hour old
    assert {ours_young.name, other_game.name, not_ours.name, link.name} <= set(left)
    assert not [n for n in left if n.endswith(".tmp") and n not in
                (ours_young.name, other_game.name, not_ours.name, link.name)]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_save_keeps_the_files_permissions_and_a_new_file_follows_the_umask(tmp_path):
    path = tmp_path / "game.json"
    old_umask = os.umask(0o022)
    try:
        save_game(new_game(), path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644  # a new file, as any program's
        path.chmod(0o640)
        save_game(new_game(), path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640  # kept across saves
        path.chmod(0o664)
        atomic_write_text(path, "{}")
        assert stat.S_IMODE(path.stat().st_mode) == 0o664
        os.umask(0o077)
        save_game(new_game(), tmp_path / "private.json")
        assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)


def test_the_restore_prompt_counts_the_actions_the_autosave_holds(tmp_path, monkeypatch):
    saver = Autosaver(folder=tmp_path)
    game = new_game()
    game.push("roll")
    saver.save(game)
    game.push(game.legal_actions()[0])
    real_write = autosave_module.atomic_write_text
    calls = []

    def killed_on_second_write(path, text, **kwargs):
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt("killed between the two files")
        real_write(path, text, **kwargs)

    monkeypatch.setattr(autosave_module, "atomic_write_text", killed_on_second_write)
    with pytest.raises(KeyboardInterrupt):
        saver.save(game)
    monkeypatch.undo()
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    meta["pid"] = 2 ** 22 + 12345  # the process is gone
    saver.meta_path.write_text(json.dumps(meta), encoding="utf-8")
    found = find_unfinished_autosave(tmp_path)
    on_disk = json.loads(saver.path.read_text(encoding="utf-8"))
    assert found is not None and found.actions == len(on_disk["actions"])
    assert found.title == new_game().ruleset.title(load_game(saver.path).state)


# -- the soak script itself (make soak) stays runnable -----------------------------------------
@pytest.mark.skipif(not hasattr(os, "fork"), reason="the kills use fork")
def load_soak(monkeypatch, tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "soak", Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py")
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    return soak


def test_the_soak_script_runs_and_reports_its_figures(capsys, monkeypatch, tmp_path):
    soak = load_soak(monkeypatch, tmp_path)
    assert soak.main(["--games", "12", "--cli", "1", "--maps", "3", "--kills", "3",
                      "--tamper", "0", "--play", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("damaged game files: 1") and "tracebacks 0, hangs 0" in out
    assert "damaged maps: 3" in out and "kills during saves: 3, lost 0" in out


def test_the_soak_tampers_by_email_and_plays_whole_games(capsys, monkeypatch, tmp_path):
    soak = load_soak(monkeypatch, tmp_path)
    assert soak.main(["--games", "0", "--maps", "0", "--kills", "0", "--tamper", "6",
                      "--play", "1", "--rulesets", "hex-demo"]) == 0
    out = capsys.readouterr().out
    tried = re.search(r"(\d+) kinds of tampering tried over a (.+) game by email", out)
    assert tried and int(tried[1]) >= 15 and "Deux Bretagne" in tried[2]
    assert "tracebacks 0, hangs 0, accepted 0" in out and ": all refused" in out
    assert "random games of hex-demo: 1 games" in out and "failures 0" in out
    assert "random games of lily-ermine" not in out
