"""Make the frozen game files of tests/data/frozen/ (issue 12 point 8: "Nothing a player
saved is lost").

    RUN ONLY WITH THE VERSION THAT FROZE THEM; NEVER REGENERATE TO MAKE A TEST PASS.

The files here were saved by boardapp as it was on the day they were frozen (see
``made_with`` in manifest.json). tests/test_frozen_games.py opens every one of them with
today's program and checks that it replays to exactly the position recorded in the
manifest. If a later version fails that test, the later version is wrong (or must migrate
the old files): regenerating the files with it would hide the very loss the test is
there to catch. New files may be *added* by a later version (under new names, with their
own ``made_with``); the existing ones are never rewritten.

What is made (random legal actions, seeded, so the hot-seat games are deterministic;
the play-by-email game has fresh keys, so its file differs at each run):

* one hot-seat game per ruleset installed at the time, from its default scenario, plus
  Les Deux Bretagne's scenario 14.3;
* a long hot-seat game (a few thousand actions of Lion in Winter) and a whole random
  game of The Lily and the Ermine played to its end;
* a play-by-email game of Les Deux Bretagne: two players, a few exchanges, secret
  card draws (hidden hands) and dice from both players' committed seeds. The
  passphrases are the test strings of :data:`PASSPHRASES`.

Usage (from the repository root, with the version being frozen installed)::

    python tests/data/frozen/make_frozen.py [--force]
    python tests/data/frozen/make_frozen.py --add   # games of rulesets added since

It refuses to overwrite existing files unless ``--force`` is given (which is only for
the day the files are first frozen).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"

# The test strings the play-by-email players chose (tests/test_frozen_games.py has them too).
PASSPHRASES = {"blois": "frozen blois passphrase 1341",
               "montfort": "frozen montfort passphrase 1364"}
PBEM_PLAYERS = {"blois": "Charles", "montfort": "Jean"}

# (file, ruleset, scenario, seed, actions at most, kind)
HOTSEAT = [
    ("hex-demo_demo.json", "hex-demo", "demo", 1201, 120, "hotseat"),
    ("deux-bretagne_14.1.json", "deux-bretagne", "14.1", 1202, 150, "hotseat"),
    ("deux-bretagne_14.3.json", "deux-bretagne", "14.3", 1203, 150, "hotseat"),
    ("lily-ermine_1487.json", "lily-ermine", "1487", 1204, 180, "hotseat"),
    ("lion-in-winter_1183.json", "lion-in-winter", "1183", 1205, 180, "hotseat"),
    ("lion-in-winter_1183_long.json", "lion-in-winter", "1183", 1206, 2500, "long"),
    ("lily-ermine_1487_whole.json", "lily-ermine", "1487", 1207, 5000, "whole"),
]
ADDED = [  # frozen later, each entry with its own made_with (see --add)
    ("montjoie_normale-4.json", "montjoie", "normale-4", 1301, 400, "hotseat"),
    ("montjoie_normale-2.json", "montjoie", "normale-2", 1302, 400, "hotseat"),
    ("table-demo_demo.json", "table-demo", "demo", 1303, 300, "hotseat"),
]
PBEM_FILE = "deux-bretagne_14.1_pbem.json"
PBEM_EXCHANGES = 10
# A hot-seat "save for opponent" every SEND_EVERY actions, at a fixed time (deterministic).
SEND_EVERY = 40
SEND_AT = "2025-01-01T12:00:00+00:00"


def _legal(game: Any) -> list[Any]:
    """The legal actions in a fixed order (never ending a game on purpose)."""
    legal = sorted(game.legal_actions(), key=lambda a: a.text())
    return [a for a in legal if a.verb != "end-game"] or legal


def play_hotseat(ruleset_id: str, scenario: str, seed: int, limit: int,
                 added: bool = False) -> Any:
    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.core.engine.sends import Send

    ruleset = find_ruleset(ruleset_id)
    game = Game(ruleset, scenario, seed)
    chooser = random.Random(seed)
    for _ in range(limit):
        if ruleset.outcome(game.state) is not None:
            break
        legal = _legal(game)
        if not legal:
            break
        action = chooser.choice(legal)
        side = ruleset.acting_side(game.state)
        if added:  # several sides may decide at once: the one the action is offered to
            side = next((s for s in ruleset.deciding_sides(game.state)
                         if action in ruleset.legal_actions(game.state, s)), side)
        game.push(action, side=side)
        if len(game.log) % SEND_EVERY == 0:
            game.sends.append(Send(game.log[-1].side, len(game.log), SEND_AT))
    return game


def play_pbem(path: Path) -> None:
    """Two players pass the file back and forth, each opening it with their passphrase."""
    from boardapp.core.base.errors import BoardappError
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
    from boardapp.core.pbem.pbem import join_pbem, new_pbem_game

    ruleset = find_ruleset("deux-bretagne")
    game = new_pbem_game(ruleset, "14.1", PBEM_PLAYERS, "blois", PASSPHRASES["blois"])
    save_game(game, path)
    joined = load_game(path)
    join_pbem(joined, "montfort", PASSPHRASES["montfort"])
    save_game(joined, path)
    chooser = random.Random(1341)
    for _ in range(PBEM_EXCHANGES):
        public = load_game(path)
        if ruleset.outcome(public.state) is not None:
            break
        me = ruleset.acting_side(public.state)
        game = load_game(path, passphrase=PASSPHRASES[me], side=me)  # every check runs
        for _ in range(30):
            if ruleset.acting_side(game.state) != me or ruleset.outcome(game.state):
                break
            legal = _legal(game)
            chooser.shuffle(legal)
            for action in legal:
                try:
                    game.push(action, side=me)
                    break
                except BoardappError:
                    continue
            else:
                break
        save_for_opponent(game, path)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def describe(path: Path, kind: str) -> dict[str, Any]:
    """The manifest entry of a file just written, read back with the normal loader."""
    from boardapp.core.engine.state import digest
    from boardapp.core.files.gamefile import final_digest, load_game

    data = json.loads(path.read_text(encoding="utf-8"))
    game = load_game(path)
    entry: dict[str, Any] = {
        "file": path.name, "kind": kind, "mode": game.mode,
        "ruleset": game.ruleset.id, "ruleset_version": game.ruleset.version,
        "scenario": game.scenario, "seed": game.seed, "actions": len(game.log),
        "dice": sum(len(e.dice) for e in game.log if e.dice),
        "sends": len(game.sends),
        "digest": final_digest(game),
        "outcome": game.ruleset.outcome(game.state),
        "summary": game.ruleset.summary(game.state),
        "bytes": path.stat().st_size, "sha256": sha256(path),
    }
    assert entry["digest"] == data["digest"]
    if game.pbem is not None:
        entry["players"] = PBEM_PLAYERS
        entry["views"] = {}
        for side, words in PASSPHRASES.items():
            mine = load_game(path, passphrase=words, side=side)
            assert final_digest(mine) == entry["digest"]
            entry["views"][side] = digest(mine.state)
        entry["sealed_actions"] = sum(1 for p in game.pbem.proofs if p.status == "sealed")
    return entry


def _commit() -> str:
    """The git commit of the version freezing the files ("" outside a git checkout)."""
    import subprocess

    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=HERE, capture_output=True,
                             text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


def add_files(version: str, save_game: Any) -> int:
    """Freeze the games of :data:`ADDED` that are not frozen yet (never rewriting one)."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    known = {e["file"] for e in manifest["files"]}
    for name, ruleset_id, scenario, seed, limit, kind in ADDED:
        if name in known or (HERE / name).exists():
            continue
        game = play_hotseat(ruleset_id, scenario, seed, limit, added=True)
        save_game(game, HERE / name)
        entry = describe(HERE / name, kind)
        entry["made_with"] = f"boardapp {version}"
        entry["made_from_commit"] = _commit()
        manifest["files"].append(entry)
        print(f"{name}: {len(game.log)} actions, {entry['bytes']} bytes")
    MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true",
                        help="overwrite existing frozen files (only on the day of freezing)")
    parser.add_argument("--add", action="store_true",
                        help="freeze the files of ADDED not frozen yet, with this version, "
                             "and append them to the manifest (the others untouched)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parents[2]))
    # Never touch the user's own ledger, autosaves or settings.
    scratch = tempfile.mkdtemp(prefix="boardapp-freeze-")
    os.environ["BOARDAPP_DATA_DIR"] = os.path.join(scratch, "data")
    os.environ["BOARDAPP_CONFIG_DIR"] = os.path.join(scratch, "config")
    os.environ.pop("BOARDAPP_PASSPHRASE", None)

    from boardapp import __version__
    from boardapp.core.files.gamefile import save_game

    if args.add:
        return add_files(__version__, save_game)
    names = [h[0] for h in HOTSEAT] + [PBEM_FILE]
    existing = [n for n in names if (HERE / n).exists()] + \
        (["manifest.json"] if MANIFEST.exists() else [])
    if existing and not args.force:
        print("refusing to overwrite frozen files (" + ", ".join(existing) + "): they must "
              "stay as the version that froze them saved them", file=sys.stderr)
        return 1
    entries = []
    for name, ruleset_id, scenario, seed, limit, kind in HOTSEAT:
        game = play_hotseat(ruleset_id, scenario, seed, limit)
        save_game(game, HERE / name)
        entries.append(describe(HERE / name, kind))
        print(f"{name}: {len(game.log)} actions, {entries[-1]['bytes']} bytes")
    play_pbem(HERE / PBEM_FILE)
    entries.append(describe(HERE / PBEM_FILE, "pbem"))
    print(f"{PBEM_FILE}: {entries[-1]['actions']} actions, {entries[-1]['bytes']} bytes")
    manifest = {
        "format": "boardapp-frozen-games", "version": 1,
        "made_with": f"boardapp {__version__}",
        "made_from_commit": _commit(),
        "note": "Game files saved by the version named in made_with. Later versions must "
                "open and replay them to exactly these digests. Run make_frozen.py only "
                "with the version that froze them; never regenerate to make a test pass.",
        "digest": "boardapp.core.files.gamefile.final_digest: sha256 of the canonical JSON of the "
                  "final state (of the public state for a play-by-email game); views: "
                  "digest of the state each player sees with their passphrase",
        "files": entries,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
