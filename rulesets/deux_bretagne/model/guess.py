"""What a player may guess of the other's hidden cards, for the computer opponent.

The hand and the draw pile of each side are secret (5.1); their sizes, the discard pile,
the cards out of the game and the card being played are public. A guess deals the other
side's cards that could be there (its Intervention cards, and Enlisement cards once they
joined the deck, 5.11, less the public ones) at random into a hand and a pile of the
sizes seen.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boardapp.core.engine.state import State

from .base import PLAYERS
from .cards import side_of_card

if TYPE_CHECKING:
    from .base import DeuxBretagneModel


def unseen_cards(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s cards that may be in its hand or draw pile, by what is public."""
    v = state["vars"]
    groups = ("intervention", "enlisement") if v["enlisement"][side] else ("intervention",)
    public = set(v["cards_out"]) | set(v["discard"][side])
    play = v.get("card_play")
    if isinstance(play, dict) and play.get("card"):
        public.add(play["card"])
    return sorted(c for c, info in rs.cards.items()
                  if side_of_card(c) == side and info["group"] in groups and c not in public)


def guess_hidden_cards(rs: DeuxBretagneModel, view: State, side: str,
                       seed: int) -> State | None:
    """``view`` with the other side's masked hand and pile dealt from its unseen cards
    (``None`` if too few remain: the view is not one this game can reach)."""
    rng = random.Random(seed)
    v = view["vars"]
    for other in PLAYERS:
        if other == side:
            continue
        hand, deck = v["hands"][other], v["decks"][other]
        pool = unseen_cards(rs, view, other)
        if len(pool) < len(hand) + len(deck):
            return None
        rng.shuffle(pool)
        v["hands"][other] = pool[: len(hand)]
        v["decks"][other] = sorted(pool[len(hand): len(hand) + len(deck)])
    return view
