"""Games by email with 3 to 6 players (issue 12 point 5), played whole through files.

Each player's program opens the file it receives with its passphrase (every check
runs: dice on every player's committed chain, seals, signatures, the player's ledger),
carries out what its player owes, plays, and saves it for all the others. The Council
rulesets (``tests/council.py``) bid by sealed choice and raid by obligation.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from boardapp.cli import main
from boardapp.core.base.errors import GameFileError
from boardapp.core.engine import ruleset as ruleset_module
from boardapp.core.files.email_message import build_email
from boardapp.core.files.gamefile import dumps_game, load_game, save_game
from boardapp.core.files.report import verify_report
from boardapp.core.pbem import keys
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game, open_seals
from tests.council import (
    NAMES,
    RULESETS,
    Council3,
    Council6,
    CouncilPlayer,
    passphrase,
    play_by_email,
)


@pytest.fixture
def pbem_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(keys, "KDF_N", 2 ** 10)
    monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
    installed = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**installed(), **RULESETS})
    return tmp_path


def new_council(folder: Path, ruleset, sides: list[str], creator: str,
                joining: list[str]) -> Path:
    """A Council by email created by ``creator``; the others join in the order given,
    each from the file the previous one saved."""
    path = folder / "council.json"
    game = new_pbem_game(ruleset, None, {s: s.capitalize() for s in sides}, creator,
                         passphrase(creator))
    save_game(game, path)
    for side in joining:
        received = load_game(path)
        join_pbem(received, side, passphrase(side))
        save_game(received, path)
    return path


PLAYED: dict[str, str] = {}
"""The file of a whole three-player game, played once for the tests that read it."""


def three_players(folder: Path, seed: int = 2) -> tuple[Path, dict[str, CouncilPlayer]]:
    """Blue creates a game for three, Green then Red join; played to its end."""
    sides = list(NAMES[:3])
    path = new_council(folder, Council3(), sides, "blue", ["green", "red"])
    players = {s: CouncilPlayer(s, folder, i) for i, s in enumerate(sides)}
    play_by_email(path, players, order=random.Random(seed))
    PLAYED.setdefault("three", path.read_text(encoding="utf-8"))
    return path, players


def finished_three(folder: Path) -> Path:
    """A copy of the whole three-player game's file in ``folder``."""
    if "three" not in PLAYED:
        three_players(folder / "first")
    path = folder / "council.json"
    path.write_text(PLAYED["three"], encoding="utf-8")
    return path


def check_secrecy(path: Path, players: dict[str, CouncilPlayer]) -> None:
    """No view a player had showed another player's sealed choice, and the file shows
    every sealed choice as ``commit ?``."""
    for side, player in players.items():
        for seen in player.seen_sealed:
            assert all(value == "?" for other, value in seen.items() if other != side), seen
    text = path.read_text(encoding="utf-8")
    assert not re.search(r'"action": "commit gold', text)
    actions = json.loads(text)["actions"]
    commits = [a for a in actions if a["action"].startswith("commit")]
    assert commits and all(a["action"] == "commit ?" and a["sealed"] and a["patch"]
                           for a in commits)


def check_every_player_verifies(path: Path, sides: list[str]) -> None:
    """The file opens and verifies for every player (and for anyone, read-only); each
    player sees their own sealed choices in words and the others' as ``commit ?``."""
    for side in sides:
        game = load_game(path, passphrase=passphrase(side), side=side)
        report = verify_report(game)
        assert any(f"Opened as {side.capitalize()}" in line for line in report)
        own = [e.action.text() for e in game.log if e.side == side
               and e.action.verb == "commit"]
        others = [e.action.text() for e in game.log if e.side != side
                  and e.action.verb == "commit"]
        assert own and all(re.fullmatch(r"commit gold\d", a) for a in own)
        assert others and set(others) == {"commit ?"}
    public = load_game(path)
    assert public.ruleset.outcome(public.state) is not None
    assert sum(1 for line in verify_report(public) if line.startswith("Send ")) == len(
        public.sends)


def test_three_players_play_a_whole_game_by_email(pbem_env):
    sides = list(NAMES[:3])
    path, players = three_players(pbem_env)
    game = load_game(path)
    assert [e.action.verb for e in game.log].count("reveal") == 3 * Council3.rounds
    assert {s.side for s in game.sends} == set(sides)
    check_secrecy(path, players)
    check_every_player_verifies(path, sides)


def test_six_players_play_a_whole_game_by_email(pbem_env):
    sides = list(NAMES)
    path = new_council(pbem_env, Council6(), sides, "gold",
                       ["teal", "red", "purple", "blue", "green"])
    players = {s: CouncilPlayer(s, pbem_env, i) for i, s in enumerate(sides)}
    senders = play_by_email(path, players, order=random.Random(6))
    assert set(senders) == set(sides)
    game = load_game(path)
    assert game.sides is None and len(game.pbem.players) == 6
    raids = [e for e in game.log if e.action.verb == "discard-random"]
    assert len(raids) == 5 and all(e.lines[0].text.endswith("at random (rule 2)")
                                   for e in raids)
    # Each raided player's own program rolled the die, privately: the file shows that a
    # die was rolled, not its face, and the public effect (the card discarded).
    assert all(game.pbem.proofs[e.number - 1].dice == [None]
               and game.pbem.proofs[e.number - 1].by == e.side for e in raids)
    check_secrecy(path, players)
    check_every_player_verifies(path, sides)


def test_a_game_by_email_is_set_up_for_its_players_sides(pbem_env):
    path = new_council(pbem_env, Council6(), ["red", "gold", "teal", "blue"], "teal",
                       ["red", "gold", "blue"])
    game = load_game(path, passphrase=passphrase("red"))
    assert game.sides == ["red", "blue", "gold", "teal"]
    assert game.ruleset.deciding_sides(game.state) == ["red", "blue", "gold", "teal"]
    assert "purple" not in game.state["score"]


def test_dice_draw_on_every_players_chain(pbem_env):
    sides = list(NAMES[:3])
    game = load_game(finished_three(pbem_env))
    pbem = game.pbem
    rolled = [e for e in game.log if e.dice]
    assert rolled
    for entry in rolled:
        others = pbem.others_values(game, entry.side, entry.number)
        assert sorted(others) == sorted(s for s in sides if s != entry.side)
        for other, value in others.items():  # each one's latest revealed chain value
            sent = [s.reveal for s in game.sends if s.side == other
                    and s.upto < entry.number]
            assert value == (sent[-1] if sent else pbem.players[other].anchor)


def test_a_program_acts_for_its_own_player_only(pbem_env):
    path = new_council(pbem_env, Council3(), list(NAMES[:3]), "red", ["blue", "green"])
    game = load_game(path, passphrase=passphrase("red"), side="red")
    with pytest.raises(Exception, match="decisions of Green"):
        game.push("commit gold1", side="green")
    game.push("commit gold1")  # as Red, the program's player
    assert game.log[-1].side == "red"


def tampered(path: Path, old: str, new: str, count: int = 1) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    out = path.with_name("tampered.json")
    out.write_text(text.replace(old, new, count), encoding="utf-8")
    return out


def test_tampering_is_refused_for_every_player(pbem_env):
    sides = list(NAMES[:3])
    path = finished_three(pbem_env)
    first_commit = json.loads(path.read_text())["actions"][0]
    assert first_commit["action"] == "commit ?"
    # The sealed words shown in clear: the signed action no longer matches.
    bad = tampered(path, '"action": "commit ?"', '"action": "commit gold1"')
    for side in sides:
        with pytest.raises(GameFileError, match="action 1"):
            load_game(bad, passphrase=passphrase(side), side=side)
    # A revealed choice changed in the public patch: the signature no longer matches.
    reveal = next(a for a in json.loads(path.read_text())["actions"]
                  if a["action"] == "reveal")
    text = json.dumps(reveal["patch"])
    other = re.sub(r"gold(\d)", lambda m: f"gold{(int(m.group(1)) + 1) % 4}", text)
    assert other != text
    bad = tampered(path, text, other)
    with pytest.raises(GameFileError):
        load_game(bad)
    # A player's own file opens and verifies: nothing above came from the game itself.
    assert load_game(path).ruleset.outcome(load_game(path).state) is not None


def test_after_the_game_every_seal_opens_and_everything_is_checked(pbem_env):
    sides = list(NAMES[:3])
    path = finished_three(pbem_env)
    assert any(p.status == "sealed" for p in load_game(path).pbem.proofs)
    for side in sides:
        game = load_game(path, passphrase=passphrase(side), side=side)
        open_seals(game)
        save_game(game, path)
    public = load_game(path)
    assert {p.status for p in public.pbem.proofs} == {"replayed"}
    assert [e.action.text() for e in public.log if e.action.verb == "commit"][0] != \
        "commit ?"


# -- sends to every other player ------------------------------------------------------------
def test_an_email_goes_to_every_other_player(pbem_env, tmp_path, monkeypatch):
    path = new_council(pbem_env, Council3(), list(NAMES[:3]), "red", ["blue", "green"])
    game = load_game(path, passphrase=passphrase("red"), side="red")
    msg = build_email(game, b"{}", "council.json",
                      to=["blue@example.org", "green@example.org"])
    assert msg["To"] == "blue@example.org, green@example.org"
    body = msg.get_body().get_content()
    assert "Blue (Blue) and Green (Green)" in body
    monkeypatch.setenv("BOARDAPP_PASSPHRASE", passphrase("red"))
    eml = tmp_path / "turn.eml"
    assert main(["play", str(path), "commit", "gold2"]) == 0
    assert main(["email", str(path), "-o", str(eml), "--to", "blue@example.org",
                 "green@example.org,gold@example.org"]) == 0
    text = eml.read_text(encoding="utf-8")
    assert "To: blue@example.org, green@example.org, gold@example.org" in text
    assert json.loads(dumps_game(load_game(path)))["sends"][-1]["side"] == "red"
