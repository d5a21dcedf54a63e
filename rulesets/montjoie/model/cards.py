"""The battle cards (Séq. 3): kinds, values, the deck and secret draws.

A hand is a list of card *kinds* (``canon``, ``felon``...), secret to its nation; its
size is public (``hand_sizes``). The deck is not a list in the state: a card is drawn
with a private die among the cards the drawing player can know to be in the deck, the
composition of the game (Game data "Paquet de cartes", or the 38 cards printed for two
players, 9.0) less the public discard pile, the cards face up, and his own hand. This
keeps every other hand secret by email (no program may read another's hand, so none can
remove another's cards from a common pile); the price: two players may hold between them
more cards of a kind than the deck has. All cards return to the deck at the end of each
turn (Séq. 7 end), so the difference lasts at most one turn.
"""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State

from .base import MontjoieModel
from .words import N_

YELLOW = {"echelles": 3, "belier": 4, "sape": 5, "canon": 6}
"""Yellow cards and their PC (Séq. 3)."""
RED = ("retraite", "ingenieur", "felon", "ambassadeur", "ecorcheur", "signe-de-dieu")
KINDS = (*YELLOW, *RED)
CARD_NAMES = {"echelles": "Échelles de siège", "belier": "Bélier d'assaut",
              "sape": "Travail de sape", "canon": "Canon", "retraite": "Retraite",
              "ingenieur": "Ingénieur", "felon": "Félon", "ambassadeur": "Ambassadeur",
              "ecorcheur": "Écorcheur", "signe-de-dieu": "Signe de Dieu"}
CARD_ENGLISH = {"echelles": "Siege Ladders", "belier": "Battering Ram", "sape": "Sapping",
                "canon": "Cannon", "retraite": "Retreat", "ingenieur": "Engineer",
                "felon": "Felon", "ambassadeur": "Ambassador", "ecorcheur": "Flayer",
                "signe-de-dieu": "Sign of God"}
DECK_2P = {"echelles": 15, "belier": 4, "sape": 4, "canon": 3, "ambassadeur": 3,
           "retraite": 3, "ingenieur": 2, "ecorcheur": 2, "signe-de-dieu": 1, "felon": 1}
"""The 38-card deck of the 2-player game (9.0; its "Pillage" cards are read as
Écorcheur, A20)."""
DECK_SIZE = 74


def card_label(kind: str) -> str:
    """"Canon (Cannon, 6 PC)" (in French "Canon (6 PC)")."""
    name, english = CARD_NAMES.get(kind, kind), CARD_ENGLISH.get(kind, kind)
    if kind in YELLOW:
        return N_("{card} ({english}, {pc} PC)", card=name, english=english, pc=YELLOW[kind])
    return N_("{card} ({english})", card=name, english=english)


def composition(rs: MontjoieModel, state: State) -> dict[str, int | None]:
    """The deck of this game: the printed 2-player deck, else Game data (``None`` =
    not given yet)."""
    if len(state["vars"]["nations"]) == 2:
        return dict(DECK_2P)
    values = rs.sheet_values(state, "deck")
    return {k: values.get(k) for k in KINDS}


def composition_known(rs: MontjoieModel, state: State) -> bool:
    return all(v is not None for v in composition(rs, state).values())


def drawable(rs: MontjoieModel, state: State, nation: str) -> dict[str, int]:
    """The cards ``nation`` can know to be in the deck (see the module doc)."""
    v = state["vars"]
    left = {k: int(n or 0) for k, n in composition(rs, state).items()}
    out = [*v["discard"], *(c for cards in v["face_up"].values() for c in cards),
           *(c for cards in (v.get("pending") or {}).values() for c in cards),
           *v["hands"].get(nation, [])]
    for kind in out:
        if kind in left and left[kind] > 0:
            left[kind] -= 1
    return {k: n for k, n in left.items() if n > 0}


def draw(rs: MontjoieModel, state: State, ctx: Context, nation: str, count: int,
         why: str, rule: str) -> int:
    """``nation`` draws ``count`` cards in secret (private dice); the number drawn."""
    v = state["vars"]
    hand = v["hands"].setdefault(nation, [])
    drawn = []
    for _ in range(count):
        pool = drawable(rs, state, nation)
        total = sum(pool.values())
        if total <= 0:
            ctx.log(N_("{nation}: the deck is empty"), rule, nation=rs.nation_name(nation))
            break
        pick = ctx.roll(total, zero_based=True, private=True)
        for kind, n in sorted(pool.items()):
            if pick < n:
                hand.append(kind)
                drawn.append(kind)
                break
            pick -= n
    v["hand_sizes"][nation] = len(hand)
    if drawn:
        ctx.log(N_("{nation} draws {n} card(s) ({why})"), rule,
                nation=rs.nation_name(nation), n=len(drawn), why=why)
        ctx.log(N_("{nation} drew: {cards}"), private=True, nation=rs.nation_name(nation),
                cards=", ".join(CARD_NAMES[k] for k in drawn))
    return len(drawn)


def discard_from_hand(rs: MontjoieModel, state: State, nation: str, kind: str) -> None:
    """``nation`` plays or loses a card of ``kind`` from its own hand (to the discard)."""
    v = state["vars"]
    v["hands"][nation].remove(kind)
    v["hand_sizes"][nation] = len(v["hands"][nation])
    v["discard"].append(kind)


def yellows(hand: list[str]) -> list[str]:
    return [c for c in hand if c in YELLOW]
