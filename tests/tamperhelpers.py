"""Helpers for tampering with game files by email (no tests here): the edits of
``tests/test_pbem_tamper.py`` and the mutations of ``tests/test_pbem_fuzz.py``, shared with
the soak script (``make soak``, ``benchmarks/soakgames.py``), which runs them over a game of
an installed ruleset by email.

:func:`tamperings` finds each kind of tampering the tamper tests make on the Duel in any
file by email that holds a few sends (which action has dice, which a sealed hand...);
:func:`exchange` plays such a file, the two players passing it back and forth.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.files.gamefile import dumps_game, load_game, save_for_opponent
from boardapp.core.pbem.ledger import Ledger
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game


def edit(text: str, change: Callable[[dict[str, Any]], Any]) -> str:
    """``text`` (a game file) with ``change`` made to its parsed data."""
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON document."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, (*prefix, i))
    return out


def mutate(doc: Any, path: tuple, how: str, value: Any) -> Any:
    """``doc`` with the value at ``path`` replaced by ``value``, deleted, nudged (a number
    plus one, a text's last character changed) or duplicated (in a list)."""
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    old = parent[last]
    if how == "delete":
        del parent[last]
    elif how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        parent[last] = old + 1
    elif how == "nudge" and isinstance(old, str):
        parent[last] = old[:-1] + ("0" if old[-1:] != "0" else "1")
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(old)))
    else:
        parent[last] = value
    return doc


# -- a game by email ------------------------------------------------------------------------------
def exchange(ruleset: Ruleset, folder: Path, passwords: dict[str, str], sends: int,
             rnd: random.Random, kdf_n: int | None = None, per_turn: int = 6,
             ) -> tuple[Path, list[str], dict[str, Ledger]]:
    """A game by email of the first two sides in ``passwords``, created by the first and
    joined by the second, then passed back and forth: each time the side that decides
    opens the file with its passphrase, plays up to ``per_turn`` random legal actions
    and saves it for the opponent, until ``sends`` sends. Returns the file, its text
    before the first action and after each send, and each player's ledger."""
    first, second = list(passwords)[:2]
    path = folder / "by-email.json"
    game = new_pbem_game(ruleset, None, {first: "Ann", second: "Bob"}, first,
                         passwords[first], kdf_n=kdf_n)
    path.write_text(dumps_game(game), encoding="utf-8")
    received = load_game(path)
    join_pbem(received, second, passwords[second], kdf_n=kdf_n)
    path.write_text(dumps_game(received), encoding="utf-8")
    ledgers = {side: Ledger(folder / f"ledger-{side}.json") for side in (first, second)}
    texts = [path.read_text(encoding="utf-8")]
    for _ in range(sends * 3):
        if len(texts) > sends:
            break
        probe = load_game(path)
        deciding = [s for s in probe.ruleset.deciding_sides(probe.state) if s in passwords]
        if not deciding:
            break
        side = deciding[0]
        game = open_as_player(path, side, passwords, ledgers)
        play_random(game, side, rnd, per_turn)
        if save_for_opponent(game, path) is not None:
            texts.append(path.read_text(encoding="utf-8"))
    return path, texts, ledgers


def open_as_player(path: Path, side: str, passwords: dict[str, str],
                   ledgers: dict[str, Ledger]) -> Game:
    """The file opened by the player of ``side`` at their computer (every check runs)."""
    return load_game(path, passphrase=passwords[side], side=side, ledger=ledgers[side])


def play_random(game: Game, side: str, rnd: random.Random, limit: int,
                avoid: str | None = None) -> int:
    """Up to ``limit`` random legal actions of ``side`` (the first not ``avoid``, an
    action's text); return how many were played."""
    played = 0
    while played < limit:
        legal = [a for a in game.ruleset.legal_actions(game.state, side)
                 if not (played == 0 and a.text() == avoid)]
        if not legal:
            break
        game.push(rnd.choice(legal), side=side)
        played += 1
    return played


# -- the kinds of tampering ----------------------------------------------------------------------
def tamperings(text: str) -> list[tuple[str, str]]:
    """Each kind of tampering of ``tests/test_pbem_tamper.py`` made to ``text`` (a file
    by email with three sends or more), as ``(kind, tampered text)``: every one must be
    refused whoever opens it. Kinds the file offers nothing to (no die, no sealed hand)
    are left out."""
    data = json.loads(text)
    actions, sends = data["actions"], data["sends"]
    sent = sends[-1]["upto"]
    out: list[tuple[str, str]] = []

    def add(kind: str, change: Callable[[dict[str, Any]], Any]) -> None:
        out.append((kind, edit(text, change)))

    def first(test: Callable[[dict[str, Any]], bool]) -> int | None:
        return next((i for i, a in enumerate(actions[:sent]) if test(a)), None)

    public_die = first(lambda a: any(isinstance(d, int) for d in a.get("dice") or []))
    if public_die is not None:
        k = next(j for j, d in enumerate(actions[public_die]["dice"]) if isinstance(d, int))
        add("a public die edited",
            lambda d: d["actions"][public_die]["dice"].__setitem__(k, d["actions"][public_die]
                                                                     ["dice"][k] % 6 + 1))
    secret_die = first(lambda a: None in (a.get("dice") or []))
    if secret_die is not None:
        k = actions[secret_die]["dice"].index(None)
        add("a secret die filled in",
            lambda d: d["actions"][secret_die]["dice"].__setitem__(k, 1))
    mid = sent // 2
    other = next((a["action"] for a in actions if a["action"] != actions[mid]["action"]), "end")
    add("an earlier action replaced", lambda d: d["actions"][mid].update(action=other))
    add("an action's arguments edited",
        lambda d: d["actions"][mid].update(action=actions[mid]["action"] + " x"))
    add("a line added to an action's log",
        lambda d: d["actions"][mid].__setitem__("text", [*_lines(actions[mid]), "I win"]))
    add("a sent dice seed swapped for an older one",
        lambda d: d["sends"][2].update(reveal=sends[0]["reveal"]))
    add("a player's key in the header edited",
        lambda d: d["pbem"]["players"][1].update(anchor="ab" * 32))
    add("an action removed", lambda d: d["actions"].pop(mid))

    def pop_and_renumber(d: dict[str, Any]) -> None:
        d["actions"].pop(mid)
        for i, item in enumerate(d["actions"]):
            item["n"] = i + 1
    add("an action removed and the rest renumbered", pop_and_renumber)
    add("the last send's actions cut off",
        lambda d: d.update(actions=d["actions"][:sends[-2]["upto"]]))
    sealed = [i for i, a in enumerate(actions[:sent]) if a.get("sealed")]
    if len(sealed) >= 2 and actions[sealed[0]]["sealed"] != actions[sealed[-1]]["sealed"]:
        add("a sealed hand swapped for another",
            lambda d: d["actions"][sealed[0]].update(sealed=actions[sealed[-1]]["sealed"]))
    sig = sends[1]["sig"]
    add("a send's signature forged",
        lambda d: d["sends"][1].update(sig=sig[:-2] + ("00" if sig[-2:] != "00" else "11")))
    add("the file's digest edited", lambda d: d.update(digest="0" * 64))
    add("the game's seed edited", lambda d: d.update(seed=d["seed"] + 1))
    sides = [p["side"] for p in data["pbem"]["players"]]
    by = actions[mid]["by"]
    foe = next(s for s in sides if s != by)
    add("an action said to be sent by the other player",
        lambda d: d["actions"][mid].update(by=foe))
    add("an action played for a side its player does not hold",
        lambda d: d["actions"][mid].update(side=foe))
    add("an action's public state edited",
        lambda d: d["actions"][mid].update(public="1" * 64))
    for cut in (10, len(text) // 3, len(text) // 2, len(text) - 3):
        out.append((f"the file cut short (at {cut} of {len(text)} characters)", text[:cut]))
    return out


def _lines(action: dict[str, Any]) -> list[str]:
    text = action.get("text")
    return list(text) if isinstance(text, list) else [str(text)]
