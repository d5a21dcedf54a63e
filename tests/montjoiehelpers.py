"""Montjoie! test helpers: the ruleset on a tiny test map, games set up and played."""

from __future__ import annotations

from pathlib import Path

from boardapp.core.engine.game import Game
from rulesets.montjoie.rules import Montjoie

MINI_MAPS = Path(__file__).parent / "data" / "montjoie"
KNOWN_DECK = {"echelles": 20, "belier": 12, "sape": 10, "canon": 8, "retraite": 5,
              "ingenieur": 4, "felon": 4, "ambassadeur": 4, "ecorcheur": 4,
              "signe-de-dieu": 3}
"""A deck for tests only (the book does not print the 74 cards): 74 cards."""

_RS: list[Montjoie] = []


def mini() -> Montjoie:
    """Montjoie! on the tiny test map (one instance)."""
    if not _RS:
        _RS.append(Montjoie(MINI_MAPS))
    return _RS[0]


def new_game(scenario: str = "normale-6", seed: int = 1, *, deck: bool = True,
             ecus: int | None = 5, options: tuple[str, ...] = (), **readings: str) -> Game:
    """A game on the test map with the test deck and starting écus given (so nothing is
    asked), readings of ambiguities set (``A1="b"``), optional rules chosen."""
    game = Game(mini(), scenario, seed)
    data = game.initial.setdefault("data", {})
    if deck:
        data["deck"] = dict(KNOWN_DECK)
    if ecus is not None:
        data.setdefault("start", {})["ecus"] = str(ecus)
    for key, value in readings.items():
        data["ambiguities"][key]["reading"] = value
    for option in options:
        data["options"][option]["chosen"] = True
    game.state = __import__("copy").deepcopy(game.initial)
    game._setup = __import__("copy").deepcopy(game.initial)  # noqa: SLF001
    return game


def legal(game: Game, side: str | None = None) -> list[str]:
    """The legal actions' texts (of ``side``)."""
    return [a.text() for a in game.ruleset.legal_actions(game.state, side)]


def play_until(game: Game, phase: str, seed: int = 1, limit: int = 2000,
               prefer: tuple[str, ...] = ()) -> None:
    """Play random legal actions (those of the verbs in ``prefer`` first) until the
    running phase is ``phase`` with no procedure above it."""
    import random
    rnd = random.Random(seed)
    rs = game.ruleset
    for _ in range(limit):
        if game.state.get("phase") == phase:
            return
        sides = rs.deciding_sides(game.state)
        side = rnd.choice(sides)
        actions = list(rs.legal_actions(game.state, side))
        preferred = [a for a in actions if a.verb in prefer]
        game.play(rnd.choice(preferred or actions), side=side)
    raise AssertionError(f"phase {phase} not reached")


def passphrase(side: str) -> str:
    """The test passphrase of ``side``'s player in a game by email."""
    return f"{side}'s long passphrase for Montjoie"
