"""``boardapp show FILE --json`` (issue 12, point 6): the public view of the position, the
same for every game; secrets as counts, in hot-seat and by email."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from boardapp.cli import main
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets
from boardapp.core.files.gamefile import load_game, save_game
from boardapp.core.files.public_view import VIEW_KEYS, public_view
from tests.contracthelpers import choose, legal_by_side
from tests.test_pbem_helpers import PASSWORDS, pbem_setup

ROOT = Path(__file__).resolve().parent.parent
_RULESETS: dict = {}


def played_file(rid: str, folder: Path, actions: int = 12) -> tuple[Path, Game]:
    """A saved game of ``rid`` some random legal actions in."""
    if rid not in _RULESETS:
        _RULESETS[rid] = available_rulesets()[rid]()
    game = Game(_RULESETS[rid], None, 4)
    rnd = random.Random(4)
    for _ in range(actions):
        by_side = legal_by_side(game.ruleset, game.state)
        if not by_side:
            break
        side = sorted(by_side)[0]  # several sides may decide at once (orders given together)
        game.push(choose(rnd, by_side[side]), side=side)
    path = folder / f"{rid}.json"
    save_game(game, path)
    return path, game


def assert_matches(view: dict, game: Game) -> None:
    """The view says what the state says, piece by piece."""
    rs, state = game.ruleset, game.state
    assert set(view) == set(VIEW_KEYS)
    assert (view["ruleset"], view["scenario"], view["actions"]) == \
        (rs.id, game.scenario, len(game.log))
    # The running phase by name, also where the state leaves it unset (a one-phase game).
    running = rs.flow.phase_frame(state)
    assert (view["turn"], view["phase"], view["active"]) == \
        (state["turn"], running["step"] if running else state["phase"] or None,
         state["active"])
    assert view["outcome"] == rs.outcome(state) and view["prompt"] == rs.prompt(state)
    if view["outcome"] is None:
        assert rs.acting_side(state) in view["deciding"]
    assert view["scores"] == state["score"] and view["control"] == state["control"]
    pieces = {p["id"]: p for p in view["pieces"]}
    assert set(pieces) == set(state["pieces"])
    for pid, piece in state["pieces"].items():
        shown = pieces[pid]
        assert shown["place"] == piece["loc"] and shown["flipped"] == piece["flipped"]
        assert shown["side"] == rs.piece_side(state, pid)
        assert shown["name"] == rs.piece_name(state, pid)
        assert shown["board"] == rs.board_of(piece["loc"])
        assert state["stacks"][piece["loc"]][shown["stack_index"]] == pid
    for secret in view["hidden"]:
        node = state
        for key in secret["path"].split("."):
            node = node[key]
        # a list or mapping is counted; a single value (Montjoie's écus) only listed
        assert secret["count"] == (len(node) if isinstance(node, (list, dict)) else None)


@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_show_json_is_the_position_of_every_game(rid, tmp_path, capsys):
    path, game = played_file(rid, tmp_path)
    assert main(["show", str(path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert_matches(view, game)
    assert view == public_view(game)


def test_show_json_hides_the_hands_as_counts(tmp_path, capsys):
    path, game = played_file("deux-bretagne", tmp_path, actions=1)
    assert [e.action.text() for e in game.log] == ["draw"]
    assert main(["show", str(path), "--json"]) == 0
    text = capsys.readouterr().out
    view = json.loads(text)
    hand = game.state["vars"]["hands"]["blois"]
    assert {"side": "blois", "path": "vars.hands.blois", "count": len(hand)} \
        in view["hidden"]
    assert hand and not any(f'"{card}"' in text for card in hand)


def test_show_json_from_the_command_line(tmp_path):
    path, game = played_file("hex-demo", tmp_path)
    out = subprocess.run([sys.executable, "-m", "boardapp", "show", str(path), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert_matches(json.loads(out.stdout), game)


def test_show_json_of_a_game_by_email_shows_the_public_view(tmp_path, monkeypatch, capsys):
    pbem_setup(tmp_path, monkeypatch)
    path = str(tmp_path / "duel.json")

    def run(who: str | None, *args: str) -> str:
        if who:
            monkeypatch.setenv("BOARDAPP_PASSPHRASE", PASSWORDS[who])
        else:
            monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
        assert main(list(args)) == 0
        return capsys.readouterr().out

    run("red", "new", "duel", "short", "-o", path, "--pbem", "--players", "red=A", "blue=B",
        "--as", "red")
    run("blue", "join", path, "--as", "blue")
    run("red", "play", path, "draw")
    run("red", "play", path, "end")
    run("red", "send", path)
    red = load_game(path, passphrase=PASSWORDS["red"], side="red")
    hand = red.state["vars"]["hands"]["red"]
    assert len(hand) == 2 and "?" not in hand
    for who in ("blue", None, "red"):
        text = run(who, "show", path, "--json")
        view = json.loads(text)
        assert view["mode"] == "pbem" and view["ruleset"] == "duel"
        assert {"side": "red", "path": "vars.hands.red", "count": 2} in view["hidden"]
        assert not any(f'"{card}"' in text for card in hand)  # not even to red: public
