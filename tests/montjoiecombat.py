"""Montjoie! Séquence 7 test helpers: a game brought to the players' turns, then a
position set by hand (cities, hands, influence) to fight a combat with set dice."""

from __future__ import annotations

import random
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from rulesets.montjoie.model.cities import set_city
from tests.montjoiehelpers import new_game

_AT_SEVEN: dict[int, Any] = {}


def to_sequence_7(game: Game, seed: int = 0, limit: int = 600) -> Game:
    """Play random legal actions until the players' turns of Séquence 7 begin."""
    chooser = random.Random(seed)
    for _ in range(limit):
        v = game.state["vars"]
        if game.state.get("phase") == "joueurs" and v.get("current"):
            return game
        choices = [(s, a) for s in game.ruleset.deciding_sides(game.state)
                   for a in game.ruleset.legal_actions(game.state, s)]
        side, action = chooser.choice(choices)
        game.play(action, side=side)
    raise AssertionError("Séquence 7 was not reached")


def combat_position(attacker: str = "france", *, cities: dict[str, tuple[str, int]],
                    hands: dict[str, list[str]], influence: dict[str, int] | None = None,
                    heroes: dict[str, str] | None = None, **readings: str) -> Game:
    """A 6-player game in ``attacker``'s combat phase, the board and hands as given
    (every other city free, every other hand empty, no influence unless given)."""
    game = to_sequence_7(new_game("normale-6", seed=3, **readings), seed=3)
    state = game.state
    v = state["vars"]
    rs = game.ruleset
    for city in list(v["cities"]):
        set_city(rs, state, city, None, 0)
    for city, (owner, level) in cities.items():
        set_city(rs, state, city, owner, level)
    for nation in v["nations"]:
        v["hands"][nation] = list(hands.get(nation, []))
        v["hand_sizes"][nation] = len(v["hands"][nation])
        v["influence"][nation] = (influence or {}).get(nation, 0)
        v["heroes"][nation] = (heroes or {}).get(nation, "inactive")
    v["discard"], v["face_up"], v["pillage"] = [], {}, []
    v["politics"], v["pope"] = "guerre", None
    v["turn_limits"]["expansions"] = {}
    v["turn_limits"]["attacks"] = {}
    v["current"], v["stage"] = attacker, "combats"
    state["active"] = attacker
    return game


def play(game: Game, side: str, text: str) -> None:
    """``side`` plays the action written ``text`` (which must be legal)."""
    action = Action.parse(text)
    legal = list(game.ruleset.legal_actions(game.state, side))
    assert action in legal, f"{text!r} not legal for {side}: {[a.text() for a in legal]}"
    game.play(action, side=side)


def set_dice(game: Game, *faces: int) -> None:
    game.state["dice_queue"].extend(faces)


def log_text(game: Game) -> str:
    return "\n".join(entry.render() for entry in game.log)
