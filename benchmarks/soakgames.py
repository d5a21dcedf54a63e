"""The soak's sections on games (``make soak``, see ``benchmarks/soak.py``):

* tamperings with a game by email: a Deux Bretagne game by email is passed back and forth,
  then tampered with in every way ``tests/test_pbem_tamper.py`` tampers with the Duel
  (:func:`tests.tamperhelpers.tamperings`), a turn is played again from an older file,
  and bytes are flipped and values mutated as ``tests/test_pbem_fuzz.py`` does; each file
  is opened by anyone (``verify``) and by each player: every tampering must be refused
  (a flipped byte or a mutation may also leave the same game: harmless), 0 tracebacks;
* random whole games of every installed ruleset, played and checked as the contract test
  plays them (``tests/contracthelpers.py``: every position checked, then replay, save and
  load, undo to the set-up and redo): 0 failures, and games per minute.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from pathlib import Path

from benchmarks.soaktally import Tally
from boardapp.core.engine.ruleset import Ruleset, available_rulesets, find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import loads_game, save_for_opponent
from tests.contracthelpers import DEFAULT_PLAN, PLANS, ContractError, check_game, play_plan
from tests.tamperhelpers import (
    exchange,
    mutate,
    open_as_player,
    paths,
    play_random,
    tamperings,
)

CHEAP_KEYS = 2 ** 10
"""Key stretching of the soak's players: it checks files, not key stretching."""
SENDS = 8
"""Sends in the game by email that is tampered with."""
MUTATION_VALUES = (None, 0, -1, 1, 7, 2 ** 70, 1.5, True, "", "x", "ab" * 32, [], {}, [1], {"a": 1})


def email_ruleset() -> Ruleset:
    """Deux Bretagne if installed, else the first installed ruleset."""
    rid = "deux-bretagne" if "deux-bretagne" in available_rulesets() \
        else sorted(available_rulesets())[0]
    return find_ruleset(rid)


def soak_tamper(n: int, rng: random.Random, work: Path, timeout: float) -> tuple[Tally, str]:
    """Every kind of tampering (each opened by anyone and by each player) and ``n``
    random flips and mutations; returns the tally and the line of kinds tried."""
    tally = Tally("tamperings by email")
    ruleset = email_ruleset()
    sides = [s.id for s in ruleset.sides if s.playable][:2]
    passwords = {side: f"the long passphrase of {side}" for side in sides}
    folder = work / "by-email"
    folder.mkdir()
    path, texts, ledgers = exchange(ruleset, folder, passwords, SENDS, rng, CHEAP_KEYS)
    viewers = [None, *sides]
    untouched = {v: opened(texts[-1], v, passwords) for v in viewers}

    def open_tampered(text: str, viewer: str | None, random_damage: bool = True):
        game = loads_game(text, "tampered.json", passphrase=passwords.get(viewer), side=viewer)
        seen = (digest(game.state), [e.action.text() for e in game.log])
        if random_damage and seen == untouched[viewer]:
            return "harmless"  # the same game: a byte of no meaning changed
        return "accepted"

    kinds = tamperings(texts[-1])
    for kind, text in kinds:
        for viewer in viewers:
            tally.run(f"{kind}, opened by {viewer or 'anyone'}",
                      lambda t=text, v=viewer: open_tampered(t, v, False), timeout)
    names = {kind.split(" (")[0] for kind, _ in kinds}
    if replay_a_turn(tally, path, texts, passwords, ledgers, rng, timeout):
        names.add("a turn played again from an older file")
    flips = mutations = 0
    for i in range(n):
        viewer = viewers[i % len(viewers)]
        if i % 2:
            raw = bytearray(texts[-1].encode("utf-8"))
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            text = raw.decode("utf-8", "replace")
            label, flips = f"flip {flips}", flips + 1
        else:
            doc = json.loads(texts[-1])
            for _ in range(rng.randint(1, 3)):
                doc = mutate(doc, rng.choice(paths(doc)),
                             rng.choice(["replace", "delete", "nudge", "duplicate"]),
                             rng.choice(MUTATION_VALUES))
            text = json.dumps(doc)
            label, mutations = f"mutation {mutations}", mutations + 1
        tally.run(f"{label}, opened by {viewer or 'anyone'}",
                  lambda t=text, v=viewer: open_tampered(t, v), timeout)
    line = (f"{len(names)} kinds of tampering tried over a {ruleset.name} game by email "
            f"({len(texts) - 1} sends, {len(json.loads(texts[-1])['actions'])} actions), each "
            f"opened by anyone and by each player, and {flips} flipped bytes, {mutations} "
            f"mutated values: {'all refused' if not tally.failed else 'NOT ALL REFUSED'}"
            + (f" ({tally.counts['harmless']} random damages left the same game: harmless)"
               if tally.counts["harmless"] else ""))
    return tally, line


def opened(text: str, viewer: str | None, passwords: dict[str, str]) -> tuple[str, list[str]]:
    game = loads_game(text, "untouched.json", passphrase=passwords.get(viewer), side=viewer)
    return digest(game.state), [e.action.text() for e in game.log]


def replay_a_turn(tally: Tally, path: Path, texts: list[str], passwords: dict[str, str],
                  ledgers: dict, rng: random.Random, timeout: float) -> bool:
    """The last sender goes back to the file he had received and plays his turn again
    otherwise; the opponent, who had received the first try, must refuse the second.
    False if the sender had nothing else to play."""
    last = json.loads(texts[-1])
    sender = last["sends"][-1]["side"]
    receiver = next(s for s in passwords if s != sender)
    path.write_text(texts[-1], encoding="utf-8")
    open_as_player(path, receiver, passwords, ledgers)  # the receiver remembers the send
    path.write_text(texts[-2], encoding="utf-8")
    game = open_as_player(path, sender, passwords, ledgers)
    first = last["actions"][last["sends"][-2]["upto"]]["action"]
    if not play_random(game, sender, rng, 3, avoid=first):
        return False
    save_for_opponent(game, path)

    def receive():
        open_as_player(path, receiver, passwords, ledgers)
        return "accepted"
    tally.run("a turn played again from an older file", receive, timeout)
    path.write_text(texts[-1], encoding="utf-8")
    return True


# -- random whole games -----------------------------------------------------------------------
def soak_play(games: int, seed: int, only: list[str] | None = None) -> tuple[list[str], int]:
    """``games`` random games of every installed ruleset (or of those in ``only``), its
    scenarios in turn, each checked as the contract test checks it; returns a line per
    ruleset and the failures."""
    lines, failures = [], 0
    for rid, cls in sorted(available_rulesets().items()):
        if only and rid not in only:
            continue
        ruleset = cls()
        plan = PLANS.get(rid, DEFAULT_PLAN)
        scenarios = list(ruleset.scenarios()) if plan.all_scenarios \
            else [cls.default_scenario]
        actions = failed = 0
        examples: list[str] = []
        start = time.perf_counter()
        for i in range(games):
            scenario = scenarios[i % len(scenarios)]
            try:
                played = play_plan(ruleset, scenario, seed + i, plan)
                check_game(played)
                actions += len(played.game.log)
            except ContractError as exc:
                failed += 1
                examples.append(str(exc)[:600])
            except Exception as exc:  # noqa: BLE001 - what the soak looks for
                failed += 1
                examples.append(f"{scenario} seed {seed + i}: {type(exc).__name__}: {exc}\n"
                                + "".join(traceback.format_exc(limit=-3)))
        took = time.perf_counter() - start
        lines.append(f"random games of {rid}: {games} games, {actions} actions, failures "
                     f"{failed}, {games * 60 / took:.0f} games per minute"
                     + "".join(f"\n  {e}" for e in examples[:3]))
        failures += failed
    return lines, failures
