"""Soak test of boardapp: damaged game files, damaged maps, kills during saves, tamperings
with a game by email, random whole games of every ruleset.

    make soak                       # the short run (about two minutes)
    make soak SOAK_ARGS=--full      # the full counts: 2,000 game files, 200 kills...
    .venv/bin/python benchmarks/soak.py [--full] [--games N] [--maps N] [--kills N]
                                        [--tamper N] [--play N] [--rulesets ID,...]
                                        [--seed S] [--timeout SECONDS]

Prints the figures and exits non-zero when a target is missed:

* damaged game files (bytes flipped, cut, inserted; values replaced by huge text, deep
  nesting, 5,000-digit numbers, wrong types; pipes, folders, devices): every one opens
  or is refused with a :class:`BoardappError` (0 tracebacks), none takes longer than
  ``--timeout`` (0 hangs), no message is longer than a few lines; a sample also runs
  through ``boardapp verify`` in a process of its own (no "Traceback" on stderr);
* damaged maps (the shipped maps damaged the same ways, and YAML built to hurt: nesting,
  alias bombs, duplicate keys, NaN, huge numbers), given as the user's map: checking
  never raises anything but a map problem, the game's map still loads (the shipped one
  when the user's is bad), 0 tracebacks and 0 hangs;
* kills during saves: a process saving a game and its autosave over and over is killed
  at a random moment (SIGKILL); the game file must still open as the old or the new game
  (0 lost), the autosave's restore prompt must count the actions its file holds, and
  what the killed save left (``.NAME.*.tmp``) is removed by the next save once old;
* tamperings with a Deux Bretagne game by email: every kind ``tests/test_pbem_tamper.py``
  makes, a turn played again from an older file, and ``--tamper`` random flipped bytes
  and mutated values as ``tests/test_pbem_fuzz.py`` makes them, each opened by anyone and
  by each player: all refused (a random damage may leave the same game), 0 tracebacks;
* random whole games (``--play`` per ruleset) of every installed ruleset, played and
  checked as the contract test does (``tests/contracthelpers.py``: every position, then
  replay, save and load, undo to the set-up): per ruleset games, actions, failures (0)
  and games per minute. See ``benchmarks/soakgames.py``.

The normal test suite keeps fast representative cases (tests/test_files_maps_names.py).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.soakgames import soak_play, soak_tamper  # noqa: E402
from benchmarks.soaktally import LONGEST_MESSAGE, Hang, Tally  # noqa: E402
from boardapp.core.base import atomic  # noqa: E402
from boardapp.core.base.errors import BoardappError  # noqa: E402
from boardapp.core.board.mapdata import examine_map_file  # noqa: E402
from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset  # noqa: E402
from boardapp.core.files.autosave import Autosaver, unfinished_autosaves  # noqa: E402
from boardapp.core.files.gamefile import dumps_game, load_game, save_game  # noqa: E402
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game  # noqa: E402
from boardapp.core.scan.boardsettings import load_board_map, user_map_path  # noqa: E402
from boardapp.paths import maps_dir  # noqa: E402

SHORT = {"games": 300, "maps": 30, "kills": 40, "tamper": 150, "play": 3}
FULL = {"games": 2000, "maps": 300, "kills": 200, "tamper": 1500, "play": 20}
HUGE = 5_000_000
"""Characters of the huge values put in files (the full run also tries 49 MB once)."""


# -- damage ------------------------------------------------------------------------------------
def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """One random byte-level damage: flip, cut, insert, duplicate, truncate, swap lines."""
    if not data:
        return bytes(rng.randrange(256) for _ in range(10))
    kind = rng.choice(["flip", "flip", "delete", "insert", "duplicate", "truncate", "lines",
                       "non-utf8", "zero"])
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(1, 200))
    if kind == "flip":
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            k = rng.randrange(len(out))
            out[k] ^= 1 << rng.randrange(8)
        return bytes(out)
    if kind == "delete":
        return data[:i] + data[j:]
    if kind == "insert":
        junk = rng.choice([b"{", b"[", b"]", b'"', b",", b"\\", b"\x00", b"\n", b"-", b"1e999",
                           b"NaN", b"Infinity", b"&a", b"*a", b"!!python/name:os.system",
                           b": ", b"- ", b"\t", b"\xef\xbb\xbf"])
        return data[:i] + junk * rng.randint(1, 40) + data[i:]
    if kind == "duplicate":
        return data[:j] + data[i:j] + data[j:]
    if kind == "truncate":
        return data[:i]
    if kind == "lines":
        lines = data.split(b"\n")
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return b"\n".join(lines)
    if kind == "non-utf8":
        return data[:i] + b"\xff\xfe\xc3" + data[i:]
    return b"\x00" * rng.randint(0, 100)


def _paths(value, prefix=()):
    """Every (path, value) in nested JSON-like data (a sample of a big list)."""
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for k in (range(len(value)) if len(value) <= 20 else
                  sorted(random.Random(len(value)).sample(range(len(value)), 20))):
            yield from _paths(value[k], (*prefix, k))


def hostile_value(rng: random.Random, huge: int):
    """A value made to hurt a reader."""
    kind = rng.choice(["huge text", "deep list", "deep map", "big int", "big float", "nan",
                       "negative", "zero", "wrong type", "null", "empty", "control text",
                       "long list", "bool"])
    if kind == "huge text":
        return "x" * rng.choice([1000, 100_000, huge])
    if kind in ("deep list", "deep map"):  # written out by deep_text (no recursion)
        return f"@@DEEP-{kind.split()[1]}-{rng.choice([100, 1000, 5000, 100_000])}@@"
    if kind == "big int":
        return int("9" * rng.choice([20, 400, 4000])) * rng.choice([1, -1])
    if kind == "big float":
        return rng.choice([1e308, -1e308, 1e-308, 1.5e300])
    if kind == "nan":
        return rng.choice([float("nan"), float("inf"), float("-inf")])
    if kind == "negative":
        return -rng.randint(1, 10**6)
    if kind == "zero":
        return 0
    if kind == "wrong type":
        return rng.choice([{"x": 1}, [1, 2], "text", 3.5, True])
    if kind == "null":
        return None
    if kind == "empty":
        return rng.choice(["", [], {}])
    if kind == "control text":
        return "a\r\nb\x00c\u202ed <e@f.example>, (g"
    if kind == "long list":
        return list(range(rng.choice([1000, 100_000])))
    return rng.choice([True, False])


_DEEP = re.compile(r"""["']@@DEEP-(list|map)-(\d+)@@["']""")


def deep_text(text: str) -> str:
    """``text`` (JSON or YAML) with each deep-nesting placeholder written out."""
    def nested(m: re.Match[str]) -> str:
        n = int(m.group(2))
        return "[" * n + "]" * n if m.group(1) == "list" else "{\"a\": " * n + "1" + "}" * n
    return _DEEP.sub(nested, text)


def damage_data(data, rng: random.Random, huge: int):
    """One random structural damage of parsed data (a copy)."""
    data = json.loads(json.dumps(data))
    paths = [p for p, _ in _paths(data) if p]
    if not paths:
        return hostile_value(rng, huge)
    path = rng.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    kind = rng.choice(["replace", "replace", "replace", "delete", "duplicate"])
    if kind == "delete":
        del parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    else:
        parent[key] = hostile_value(rng, huge)
    return data


# -- damaged game files --------------------------------------------------------------------------
def base_games(rng: random.Random) -> list[tuple[str, bytes]]:
    """A played game of every ruleset, and one by email."""
    out = []
    for rid in sorted(available_rulesets()):
        game = Game(find_ruleset(rid), None, rng.randrange(1000))
        for _ in range(25):
            legal = game.legal_actions()
            if not legal:
                break
            try:
                game.push(rng.choice(legal))
            except Exception:  # noqa: BLE001 - a random action the rules refuse
                continue
        out.append((f"{rid} ({len(game.log)} actions)", dumps_game(game).encode("utf-8")))
    ruleset = find_ruleset("deux-bretagne") if "deux-bretagne" in available_rulesets() \
        else find_ruleset(sorted(available_rulesets())[0])
    sides = [s.id for s in ruleset.sides if s.playable][:2]
    if len(sides) == 2:
        cheap = 2 ** 10  # cheap keys: the soak checks files, not key stretching
        game = new_pbem_game(ruleset, None, {sides[0]: "Ann", sides[1]: "Bob"}, sides[0],
                             "first passphrase", kdf_n=cheap)
        game = load_game_text(dumps_game(game))
        join_pbem(game, sides[1], "second passphrase", kdf_n=cheap)
        out.append(("by email", dumps_game(game).encode("utf-8")))
    return out


def load_game_text(text: str) -> Game:
    from boardapp.core.files.gamefile import loads_game

    return loads_game(text)


def soak_games(n: int, rng: random.Random, work: Path, timeout: float, full: bool,
               cli_sample: int) -> Tally:
    tally = Tally("damaged game files")
    bases = base_games(rng)
    path = work / "game.json"
    cli_cases: list[Path] = []
    specials = special_files(work)
    huge_size = 49_000_000 if full else HUGE
    fixed = [(f"a scenario of {huge_size:,} characters", "scenario", "x" * huge_size),
             ("an action of 900 kB", "action", "move " + "a," * 450_000 + "b here")]
    for i in range(n):
        label, data = bases[i % len(bases)]
        if i < len(specials):
            target, what = specials[i]
            tally.run(f"case {i}: {what}", lambda t=target: load_game(t), timeout)
            continue
        if i - len(specials) < len(fixed):
            what, field, value = fixed[i - len(specials)]
            game_data = json.loads(data)
            if field == "action":
                game_data["actions"].append({"action": value})
            else:
                game_data[field] = value
            path.write_text(json.dumps(game_data), encoding="utf-8")
            tally.run(f"case {i}: {what}", lambda: load_game(path), timeout)
            if len(cli_cases) < cli_sample:
                keep = work / f"cli-{len(cli_cases)}.json"
                shutil.copyfile(path, keep)
                cli_cases.append(keep)
            continue
        if rng.random() < 0.5:
            damaged = damage_bytes(data, rng)
            how = "bytes"
        else:
            damaged = deep_text(json.dumps(damage_data(json.loads(data), rng, HUGE))) \
                .encode("utf-8")
            how = "values"
        path.write_bytes(damaged)
        tally.run(f"case {i}: {label}, {how}", lambda: load_game(path), timeout)
        if len(cli_cases) < cli_sample and rng.random() < 0.2:
            keep = work / f"cli-{len(cli_cases)}.json"
            shutil.copyfile(path, keep)
            cli_cases.append(keep)
    cli_cases += [t for t, _ in specials[:min(3, cli_sample)]]
    for case in cli_cases:
        tally.run(f"verify {case.name}", lambda c=case: run_cli(["verify", str(c)], timeout),
                  timeout + 30)
    return tally


def special_files(work: Path) -> list[tuple[Path, str]]:
    """Things that are not game files at all: a pipe, a folder, a device, nothing."""
    out = []
    if hasattr(os, "mkfifo"):
        fifo = work / "pipe.json"
        os.mkfifo(fifo)
        out.append((fifo, "a named pipe"))
    out.append((work, "a folder"))
    if Path("/dev/zero").exists():
        out.append((Path("/dev/zero"), "a device"))
    empty = work / "empty.json"
    empty.write_bytes(b"")
    out.append((empty, "an empty file"))
    out.append((work / "missing.json", "no such file"))
    return out


def run_cli(argv: list[str], timeout: float) -> str:
    """Run ``boardapp ARGV`` in a process of its own; a traceback or a hang is a failure."""
    try:
        proc = subprocess.run([sys.executable, "-m", "boardapp", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "BOARDAPP_PASSPHRASE": ""})
    except subprocess.TimeoutExpired as exc:
        raise Hang from exc
    if "Traceback" in proc.stderr:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1])
    if len(proc.stderr) > LONGEST_MESSAGE + 100:
        raise BoardappError("x" * (LONGEST_MESSAGE + 1))  # counted as a long message
    return "opened" if proc.returncode == 0 else "refused"


# -- damaged maps ------------------------------------------------------------------------------
HOSTILE_YAML = {
    "deep list": "[" * 100_000 + "]" * 100_000,
    "deep flow map": "{a: " * 5000 + "1" + "}" * 5000,
    "deep block map": "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 3000)),
    "alias bomb": "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
        for i in range(9)),
    "python tag": "!!python/object/apply:os.system ['echo hi']\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "huge text": "notes: " + "x" * 19_000_000 + "\n",
    "many values": "a: [" + "1, " * 3_000_000 + "1]\n",
}
SLOW_YAML = {"many values"}
"""Cases of the full run only: refusing three million values takes half a minute."""


def damage_map_text(text: str, rng: random.Random) -> str:
    """A damaged shipped map: bytes, values (NaN, huge numbers, deep nesting), keys twice."""
    kind = rng.choice(["bytes", "values", "values", "duplicate key", "number"])
    if kind == "bytes":
        return damage_bytes(text.encode("utf-8"), rng).decode("utf-8", "replace")
    if kind == "duplicate key":
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        return "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    if kind == "number":
        numbers = list(re.finditer(r"\b\d+(\.\d+)?\b", text))
        if numbers:
            m = rng.choice(numbers)
            new = rng.choice([".nan", ".inf", "-.inf", "9" * 5000, "1e400", "-0", "1e-400",
                              "0", "-1", "99999999999"])
            return text[:m.start()] + new + text[m.end():]
    import yaml

    data = yaml.safe_load(text)
    damaged = damage_data(data, rng, 100_000)
    return deep_text(yaml.safe_dump(damaged, allow_unicode=True, width=10**9))


def soak_maps(n: int, rng: random.Random, work: Path, timeout: float, full: bool) -> Tally:
    tally = Tally("damaged maps")
    os.environ["BOARDAPP_DATA_DIR"] = str(work / "data")
    shipped = sorted(maps_dir().glob("*.yaml"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in shipped]
    cases = [(name, text) for name, text in HOSTILE_YAML.items()
             if full or name not in SLOW_YAML]
    while len(cases) < n:
        name, text = texts[len(cases) % len(texts)]
        cases.append((f"{name} damaged", damage_map_text(text, rng)))
    for i, (label, text) in enumerate(cases[:n]):
        map_file = texts[i % len(texts)][0]
        user = user_map_path(map_file)
        user.parent.mkdir(parents=True, exist_ok=True)
        user.write_text(text, encoding="utf-8")

        def check(user=user, map_file=map_file):
            problems, bmap = examine_map_file(user)  # `map check`: never raises
            assert all(isinstance(p, BoardappError) for p in problems)
            load_board_map(maps_dir(), map_file)  # the game's map: user's or shipped
            return "refused" if problems else "valid"
        tally.run(f"map {i}: {label}", check, timeout)
    return tally


# -- kills during saves --------------------------------------------------------------------------
def soak_kills(n: int, rng: random.Random, work: Path) -> tuple[str, int]:
    """Kill a saving process ``n`` times; return the figures' line and the failures."""
    ruleset = find_ruleset("deux-bretagne") if "deux-bretagne" in available_rulesets() \
        else find_ruleset(sorted(available_rulesets())[0])
    game = Game(ruleset, None, 3)
    games = [load_game_text(dumps_game(game))]
    for _ in range(40):
        legal = game.legal_actions()
        if not legal:
            break
        try:
            game.push(rng.choice(legal))
        except Exception:  # noqa: BLE001 - a random action the rules refuse
            continue
        if len(game.log) % 5 == 0:
            games.append(load_game_text(dumps_game(game)))
    counts = {len(g.log) for g in games}
    path = work / "kill" / "game.json"
    folder = work / "kill" / "autosave"
    path.parent.mkdir(parents=True)
    save_game(games[0], path)
    lost = wrong_count = leftovers = 0
    for _ in range(n):
        pid = os.fork()
        if pid == 0:  # the saving process: saves games and autosaves them, for ever
            try:
                saver = Autosaver(original=path, folder=folder)
                while True:
                    for g in games:
                        save_game(g, path)
                        saver.save(g)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        try:
            if len(load_game(path).log) not in counts:
                lost += 1
        except Exception:  # noqa: BLE001 - a lost game, whatever the reason
            lost += 1
        for info in unfinished_autosaves(folder):
            try:
                held = len(json.loads(info.path.read_text(encoding="utf-8"))["actions"])
            except (OSError, ValueError, KeyError):
                held = None
            if held is not None and info.actions != held:
                wrong_count += 1
            info.path.unlink(missing_ok=True)
            info.meta_path.unlink(missing_ok=True)
        leftovers += atomic.remove_stale_temp_files_of(path, older_than=0)
        atomic.remove_stale_temp_files(folder, older_than=0)
    line = (f"kills during saves: {n}, lost {lost}, autosave prompts with a wrong count "
            f"{wrong_count}, temporary files left by the kills {leftovers} (removed)")
    return line, lost + wrong_count


# -- main --------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--full", action="store_true", help="the full counts (several minutes)")
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--maps", type=int, default=None)
    p.add_argument("--kills", type=int, default=None)
    p.add_argument("--tamper", type=int, default=None,
                   help="random flips and mutations of the game by email, besides every kind "
                        "of tampering (0: no tamperings at all)")
    p.add_argument("--play", type=int, default=None,
                   help="random whole games of each installed ruleset")
    p.add_argument("--rulesets", default="",
                   help="the rulesets of the random games, by id, comma-separated (default: all)")
    p.add_argument("--cli", type=int, default=None,
                   help="damaged files also given to `boardapp verify` in a process of their "
                        "own (default 8, full 40)")
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds after which a case counts as a hang")
    args = p.parse_args(argv)
    logging.disable(logging.WARNING)  # "user map skipped": counted here, not printed
    try:
        return _soak(args)
    finally:
        logging.disable(logging.NOTSET)


def _soak(args: argparse.Namespace) -> int:
    counts = dict(FULL if args.full else SHORT)
    for key in counts:
        if getattr(args, key) is not None:
            counts[key] = getattr(args, key)
    rng = random.Random(args.seed)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="boardapp-soak-") as tmp:
        work = Path(tmp)
        os.environ["BOARDAPP_DATA_DIR"] = str(work / "data")
        os.environ["BOARDAPP_CONFIG_DIR"] = str(work / "config")
        start = time.perf_counter()
        if counts["games"]:
            games = soak_games(counts["games"], rng, work, args.timeout, args.full,
                               cli_sample=args.cli if args.cli is not None else
                               40 if args.full else 8)
            print(games.line(), *games.examples, sep="\n  ", flush=True)
            failed += games.failed
        if counts["maps"]:
            maps = soak_maps(counts["maps"], rng, work, args.timeout * 4, args.full)
            print(maps.line(), *maps.examples, sep="\n  ", flush=True)
            failed += maps.failed
            shutil.rmtree(work / "data" / "maps", ignore_errors=True)
        if counts["kills"] and hasattr(os, "fork"):
            started = time.perf_counter()
            line, bad = soak_kills(counts["kills"], rng, work)
            line += f"; {time.perf_counter() - started:.0f} s in all"
            print(line, flush=True)
            failed += bad
        if counts["tamper"]:
            tamper, kinds = soak_tamper(counts["tamper"], rng, work, args.timeout)
            print(tamper.line(), kinds, *tamper.examples, sep="\n  ", flush=True)
            failed += tamper.failed
        if counts["play"]:
            lines, bad = soak_play(counts["play"], args.seed,
                                   [r for r in args.rulesets.split(",") if r])
            print(*lines, sep="\n", flush=True)
            failed += bad
        print(f"soak: {'FAILED' if failed else 'ok'} in {time.perf_counter() - start:.0f} s"
              f" (seed {args.seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
