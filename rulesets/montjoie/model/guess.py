"""What a nation may guess of the others' hidden cards, for the computer opponent.

A nation's hand and the cards and influence it lays face down in a combat are its
secret (Séq. 3, Séq. 7); the hand's size is public. A guess deals each other nation's
masked cards from the cards the guessing nation can know to be in the deck
(:func:`.cards.drawable`: the deck less the public cards and its own hand; any kind when
the deck's composition is not given), and its
masked stake among 0 to what influence it holds, at most 3 (Séq. 6).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boardapp.core.engine.state import State
from boardapp.core.pbem.hidden import HIDDEN

from .cards import KINDS, drawable

if TYPE_CHECKING:
    from .base import MontjoieModel

MOST_STAKED = 3
"""Influence points staked with a card at most (Séq. 6)."""


def deal(pool: dict[str, int], count: int, rng: random.Random) -> list[str]:
    """``count`` cards drawn from ``pool`` (kind -> how many); past its end (the deck's
    composition not given in the Game data, or spent), kinds drawn alike."""
    cards = [kind for kind, n in sorted(pool.items()) for _ in range(n)]
    dealt = rng.sample(cards, min(count, len(cards)))
    return dealt + [rng.choice(KINDS) for _ in range(count - len(dealt))]


def guess_hidden(rs: MontjoieModel, view: State, side: str, seed: int) -> State | None:
    """``view`` with the others' masked hands, face-down cards, stakes and (secret since
    0.3) treasuries guessed: a treasury as large as one's own, the only one it knows."""
    rng = random.Random(seed)
    v = view["vars"]
    pool = drawable(rs, view, side)
    own_ecus = rs.ecus(view, side) or 0
    for nation in v["nations"]:
        if nation == side:
            continue
        for box in ("hands", "facedown"):
            held = (v.get(box) or {}).get(nation)
            if not isinstance(held, list) or HIDDEN not in held:
                continue
            dealt = deal(pool, len(held), rng)
            for kind in dealt:
                pool[kind] = max(0, pool.get(kind, 0) - 1)
            v[box][nation] = dealt
        stake = (v.get("stake") or {}).get(nation)
        if stake == HIDDEN:
            most = min(MOST_STAKED, int(v["influence"].get(nation, 0) or 0))
            v["stake"][nation] = rng.randint(0, max(0, most))
        if rs.ecus(view, nation) is None and nation in v["treasury"]:
            v["treasury"][nation] = own_ecus  # a secret treasury (0.3): guessed as one's own
    return view
