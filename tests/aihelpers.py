"""A Council the computer can look ahead in: it guesses the others' hidden cards."""

from __future__ import annotations

import random

from council import Council3

from boardapp.core.engine.state import State

SECRET = "blue-secret"
"""A card only Blue's hand ever holds in the fairness tests, never guessed."""


class GuessingCouncil(Council3):
    """Council of three whose ``determinize`` fills the others' masked hands and decks
    with cards of their suits drawn at random (a guess, never the real cards)."""

    id = "guessing-council"

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        rng = random.Random(seed)
        v = view["vars"]
        for other in self.players(view):
            if other == side:
                continue
            for key in ("hands", "decks"):
                v[key][other] = [f"{other}-{rng.randint(1, 7)}" for _ in v[key][other]]
        return view
