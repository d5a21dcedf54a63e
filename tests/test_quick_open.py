"""What makes a command on a long game quick (issue 14) reads exactly what it read before:
a game file's actions kept as their lines (``core/files/linelog.py``), map files whose
geometry was checked here before (``core/files/checkedmaps.py``), YAML files read before
kept as JSON (``core/files/parsedyaml.py``), and the heavy libraries left unimported."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import yaml

from boardapp.core.base import yamlio
from boardapp.core.base.errors import DataError, GameFileError
from boardapp.core.board import mapdata
from boardapp.core.files import checkedmaps, checkpoints, parsedyaml
from boardapp.core.files.gamefile import dumps_game, load_game, parse_game_text
from boardapp.core.files.linelog import ActionLines, LineEntry, split_actions
from tests.conftest import tiny_map_data
from tests.test_checkpoints import LENGTH


@pytest.fixture(autouse=True)
def _short_games_keep_checkpoints(monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)


def test_a_file_read_without_its_actions_reads_as_the_whole_file(saved):
    _, path = saved
    text = path.read_text(encoding="utf-8")
    whole = json.loads(text)
    data = parse_game_text(text)
    actions = data.pop("actions")
    assert isinstance(actions, ActionLines) and len(actions) == LENGTH
    assert actions.items() == whole.pop("actions") and actions.faithful
    assert data == whole


@pytest.mark.parametrize("edit", ["one line", "two a line", "indented"])
def test_another_layout_is_read_whole(saved, edit):
    game, path = saved
    text = path.read_text(encoding="utf-8")
    if edit == "one line":
        text = json.dumps(json.loads(text))
        assert split_actions(text) is None
    elif edit == "two a line":  # still one object a line for the splitter: not for JSON
        first = text.index('\n "actions": [\n') + len('\n "actions": [\n')
        cut = text.index("},\n", first) + 1
        text = text[:cut] + ", " + text[cut + 2:].lstrip(" ")
        data = parse_game_text(text)
        assert data["actions"].items() == json.loads(text)["actions"]
        assert not data["actions"].faithful
    else:
        text = json.dumps(json.loads(text), indent=2)
    path.write_text(text, encoding="utf-8")
    opened = load_game(path)
    assert json.dumps(opened.state) == json.dumps(game.state)
    assert [e.render() for e in opened.log] == [e.render() for e in game.log]


def test_a_game_opened_here_reads_no_action_until_needed(saved):
    game, path = saved
    opened = load_game(path)
    assert opened.from_checkpoint
    assert all(isinstance(e, LineEntry) for e in opened.log)
    assert "action" not in opened.log[0].__dict__  # its line not read
    assert opened.log[0].action == game.log[0].action and opened.log[0] == game.log[0]
    assert dumps_game(opened) == path.read_text(encoding="utf-8")


def test_a_line_edited_in_place_is_replayed_and_refused(saved):
    _, path = saved
    load_game(path)  # verified here
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if '"dice": [' in line and '"dice": []' not in line)
    item = json.loads(lines[at].strip().rstrip(","))
    item["dice"] = [d % 6 + 1 for d in item["dice"]]
    comma = "," if lines[at].endswith(",") else ""
    lines[at] = "  " + json.dumps(item, ensure_ascii=False) + comma
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(GameFileError, match="dice"):
        load_game(path)


def test_a_map_checked_here_is_read_again_without_its_geometry(tmp_path, monkeypatch):
    path = tmp_path / "tiny.yaml"
    path.write_text(yaml.safe_dump(tiny_map_data()), encoding="utf-8")
    checkedmaps.install()
    try:
        checked = mapdata.load_map(path)
        mapdata._LOADED.clear()
        seen = []
        monkeypatch.setattr(mapdata, "_check_geometry", lambda *args: seen.append(args))
        again = mapdata.load_map(path)
        assert seen == []  # the same bytes: checked before
        assert again.areas == checked.areas and sorted(again.graph.edges) == \
            sorted(checked.graph.edges)
        assert again.place_at(*checked.areas["a"].pos) == "a"
        data = tiny_map_data()
        data["areas"]["a"]["pos"] = [900, 900]  # outside the land
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        monkeypatch.undo()
        mapdata._LOADED.clear()
        with pytest.raises(DataError, match="outside the land"):
            mapdata.load_map(path)
    finally:
        mapdata.use_checked_maps(None)


def test_yaml_read_before_is_read_as_json_and_only_when_exact(tmp_path):
    plain = tmp_path / "plain.yaml"
    plain.write_text("a: [1, 2.5, x, true, null]\nb: {c: -0.0}\n", encoding="utf-8")
    odd = tmp_path / "odd.yaml"
    odd.write_text("when: 2024-01-02\n1: one\nx: &k [1]\ny: *k\n", encoding="utf-8")
    parsedyaml.install()
    try:
        first = yamlio.load_yaml_file(plain)
        folder = tmp_path.parent  # (any): the cache is in the test's own cache folder
        kept = list(parsedyaml._folder().glob("*.json"))
        assert len(kept) == 1
        again = yamlio.load_yaml_file(plain)
        assert again == first and json.dumps(again) == json.dumps(first)
        assert yamlio.load_yaml_file(odd) == yamlio.load_yaml_text(odd.read_text())
        assert len(list(parsedyaml._folder().glob("*.json"))) == 1  # nothing kept of it
        kept[0].write_text("{damaged", encoding="utf-8")
        assert yamlio.load_yaml_file(plain) == first
        assert folder.exists()
    finally:
        yamlio.use_parsed_cache(None)


def test_showing_a_game_imports_no_heavy_library(saved):
    """(Once its map was checked on this computer: the first command checks it.)"""
    _, path = saved
    probe = ("import sys\nfrom boardapp.cli import main\n"
             f"main(['show', {str(path)!r}])\n"
             "print(sorted(m for m in ('networkx', 'shapely', 'numpy', 'PySide6') "
             "if m in sys.modules))")
    found = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip().splitlines()[-1] for _ in range(2)]
    assert found == ["['numpy', 'shapely']", "[]"]


def test_lines_written_otherwise_with_the_same_json_are_remembered(saved):
    """A file of an older boardapp may write an action's line otherwise (key order): the
    same JSON, so it is remembered once replayed and opens at its checkpoint next time."""
    game, path = saved
    text = path.read_text(encoding="utf-8")
    head, rest = text.split('\n "actions": [\n', 1)
    body, tail = rest.split("\n ]", 1)
    lines = [json.dumps(json.loads(line.strip().rstrip(",")), sort_keys=True,
                        ensure_ascii=False) for line in body.split(",\n")]
    path.write_text(head + '\n "actions": [\n' + ",\n".join("  " + line for line in lines)
                    + "\n ]" + tail, encoding="utf-8")
    assert not load_game(path).from_checkpoint  # its lines never seen here: replayed
    again = load_game(path)
    assert again.from_checkpoint and json.dumps(again.state) == json.dumps(game.state)
    assert [e.render() for e in again.log] == [e.render() for e in game.log]
