"""Helpers for the play-by-email tests (no tests here).

``Duel`` is a tiny card game with everything play by email must handle: hidden hands
and decks (``secret_paths``), secret draws (private dice), cards revealed when played,
public dice, turns and an end. ``Player`` simulates one player at their own computer:
they receive the file, open it with their passphrase (every check runs), play their
turn and save it for the opponent.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.engine import ruleset as ruleset_module
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import DiceSpec, Ruleset, ScenarioInfo, SideInfo
from boardapp.core.engine.state import State, new_state
from boardapp.core.files.gamefile import dumps_game, load_game, save_for_opponent
from boardapp.core.pbem import keys
from boardapp.core.pbem.ledger import Ledger
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game

SIDES = ("red", "blue")
PASSWORDS = {"red": "red's long passphrase", "blue": "blue's other passphrase"}


class Duel(Ruleset):
    """Two players draw cards in secret and play them at each other; 6 turns."""

    id = "duel"
    name = "Duel"
    version = "1"
    sides = (SideInfo("red", "Red", "#c00000"), SideInfo("blue", "Blue", "#0000c0"))
    dice = DiceSpec(sides=6)
    default_scenario = "short"

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"short": ScenarioInfo("short", "Short duel", "6 turns")}

    def setup(self, scenario: str, seed: int) -> State:
        state = new_state(self.id, scenario, new_rng(seed), list(SIDES))
        state["phase"] = "play"
        state["vars"] = {
            "hands": {"red": ["R1"], "blue": []},
            "decks": {"red": [f"R{i}" for i in range(2, 13)],
                      "blue": [f"B{i}" for i in range(1, 13)]},
            "played": [], "hp": {"red": 30, "blue": 30}, "last_turn": 6}
        return state

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {s: [("vars", "hands", s), ("vars", "decks", s)] for s in SIDES}

    def legal_actions(self, state: State, side: str | None = None) -> Iterator[Action]:
        if state["phase"] != "play" or side not in (None, state["active"]):
            return
        side = state["active"]
        v = state["vars"]
        if v["decks"][side]:
            yield Action("draw")
        for card in v["hands"][side]:
            if card != "?":
                yield Action("play", (card,))
        yield Action("end")

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        v = state["vars"]
        if state["phase"] != "play":
            raise IllegalActionError("the duel is over")
        if action.verb == "draw":
            deck = v["decks"][ctx.side]
            if not deck:
                raise IllegalActionError("the deck is empty")
            card = deck.pop(ctx.roll(len(deck), zero_based=True, private=True))
            v["hands"][ctx.side].append(card)
            ctx.log(f"{self.side(ctx.side).name} draws a card")
            ctx.log(f"{self.side(ctx.side).name} drew {card}", private=True)
        elif action.verb == "play":
            card = action.arg(0)
            hand = v["hands"][ctx.side]
            if card not in hand:
                raise IllegalActionError(f"{card} is not in {self.side(ctx.side).name}'s hand")
            hand.remove(card)
            v["played"].append(card)
            foe = SIDES[1 - SIDES.index(ctx.side)]
            hit = int(card[1:]) % 4 + ctx.roll(6)
            v["hp"][foe] -= hit
            ctx.log(f"{self.side(ctx.side).name} plays {card}: {hit} damage")
        elif action.verb == "end":
            if ctx.side != state["active"]:
                raise IllegalActionError("only the active player ends the turn")
            if state["active"] == "blue":
                state["turn"] += 1
            state["active"] = SIDES[1 - SIDES.index(state["active"])]
            if state["turn"] > v["last_turn"] or min(v["hp"].values()) <= 0:
                state["phase"] = "over"
            ctx.log(f"{self.side(ctx.side).name} ends the turn")
        else:
            raise InvalidActionError(f"unknown action {action.verb!r}")

    def summary(self, state: State) -> str:
        v = state["vars"]
        return (f"Turn {state['turn']}, {state['phase']}, {state['active']} to play; "
                + "; ".join(f"{s}: {v['hp'][s]} hp, hand {' '.join(v['hands'][s]) or '-'}"
                            for s in SIDES))

    def title(self, state: State) -> str:
        return f"Duel, turn {state['turn']}"

    def prompt(self, state: State) -> str:
        return "" if state["phase"] == "over" else f"{state['active']}: draw, play or end"


def pbem_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Cheap keys, the user's folders in ``tmp_path``, and the Duel ruleset installed
    (each test module's ``pbem_env`` fixture calls this)."""
    monkeypatch.setattr(keys, "KDF_N", 2 ** 10)
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
    installed = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**installed(), Duel.id: Duel})
    return tmp_path


class Player:
    """One player at their own computer, with their own ledger."""

    def __init__(self, side: str, folder: Path) -> None:
        self.side = side
        self.ledger = Ledger(folder / f"ledger-{side}.json")
        self.chooser = random.Random(SIDES.index(side) + 7)

    def open(self, path: Path) -> Game:
        """Open the received file: every check runs; refuse if anything is wrong."""
        return load_game(path, passphrase=PASSWORDS[self.side], side=self.side,
                         ledger=self.ledger)

    def play_turn(self, game: Game, limit: int = 6) -> None:
        """Random legal actions until the turn passes (or ``limit`` actions)."""
        for _ in range(limit):
            if game.state["phase"] != "play" or game.state["active"] != self.side:
                return
            legal = game.legal_actions()
            others = [a for a in legal if a.verb != "end"]
            pick = self.chooser.random()
            if others and pick < 0.75:
                game.push(self.chooser.choice(others))
            else:
                game.push("end")
        if game.state["phase"] == "play" and game.state["active"] == self.side:
            game.push("end")


def new_duel(folder: Path) -> Path:
    """A Duel by email created by red and joined by blue; the file blue sends back."""
    path = folder / "duel.json"
    game = new_pbem_game(Duel(), "short", {"red": "Alice", "blue": "Bob"}, "red",
                         PASSWORDS["red"])
    path.write_text(dumps_game(game), encoding="utf-8")
    received = load_game(path)
    join_pbem(received, "blue", PASSWORDS["blue"])
    path.write_text(dumps_game(received), encoding="utf-8")
    return path


def play_exchanges(path: Path, players: dict[str, Player], turns: int) -> list[str]:
    """Pass the file back and forth for ``turns`` turns; return each file's text."""
    texts = []
    for _ in range(turns):
        probe = load_game(path)
        if probe.state["phase"] == "over":
            break
        player = players[probe.state["active"]]
        game = player.open(path)
        player.play_turn(game)
        save_for_opponent(game, path)
        texts.append(path.read_text(encoding="utf-8"))
    return texts
