"""The strategy cards (rules 2.5, 4.0 B-C, 5.0-5.6, 6.x, 14.x): decks, draws, plays.

State (``state["vars"]``):

* ``hands[side]`` (secret to ``side``), ``decks[side]`` (the draw pile, secret to ``side``:
  kept sorted, a draw takes a card at random with a *private* die, which is the same as
  drawing the top card of a shuffled deck and keeps the order out of the state),
  ``discard[side]`` (public), ``cards_out`` (removed from the game, public);
* ``drawn[side]``: whether ``side`` drew in phase B of this turn; ``enlisement[side]``:
  whether its Enlisement cards were added (5.11);
* ``card_values[card][field]``: values the players gave for cards whose printed values
  are unknown (``data/cards.yaml`` holds null), kept for the rest of the game;
* ``card_play``: the card played in the current activation (5.2), its ACT and REC values;
  ``use == "free"`` (and ``card`` None) for a free action (5.32). What each use allows to
  move, besiege and recruit is decided here (``act_refusal``, ``siege_refusal``,
  ``rec_refusal``); ``REQUIRE_CARD`` says whether an activation with neither is refused.

Phase B is a player's action (``draw``), not an automatic step: by email, a player's
hand and deck change only in that player's own action, so that they stay secret.

The model's part: data, predicates and the work its steps call; the steps are in
``steps/cards.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State

from . import events
from .base import PLAYERS, current_play
from .names import data_word
from .sheets import CARD_SHEET_FIELDS
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel
    from .data import Scenario

PLAGUE_DELAY = {"M-09": 3, "B-12": 4}  # 6.31: turns from the event to the plague
PREFIX = {"blois": "B-", "montfort": "M-"}
USES = ("act", "rec", "sol", "evt", "act+evt")
USE_NAMES = {"act": "ACT", "rec": "REC", "sol": "SOL", "evt": "EVT", "act+evt": N_("ACT + EVT"),
             "free": N_("free action")}
ASKED = {"activation": ("1", "2", "3"), "resources": tuple(str(i) for i in range(10)),
         "coat": ("yellow", "green", "blue"), "asterisk": ("yes", "no")}
"""The unknown values a player may be asked, with the answers offered."""
QUESTIONS = {"activation": N_("what is its activation value (the big number)"),
             "resources": N_("what are its resource points (PS, the small number)"),
             "coat": N_("what colour is its coat of arms (upper left corner)"),
             "asterisk": N_("does its event have an asterisk (*)")}
"""The questions asked for the unknown values."""
ANSWERED = {"activation": N_("its activation value"), "resources": N_("its resource points"),
            "coat": N_("its coat of arms"), "asterisk": N_("its asterisk (*)")}
REQUIRE_CARD = True
"""5.2, 5.32: moves, sieges and recruitments with neither a card nor a free action in the
activation are refused. A game recorded before the rule was checked (ruleset version
< 0.4) carries ``vars.require_card = False`` (``DeuxBretagneModel.setup`` with
``played_with``) and replays, and goes on, as it was played."""
KEEP_AT_END = 1  # 4.0 C: at most 1 card in hand at the end of the action phase


def hand_size(turn: int) -> int:
    """Maximum hand size (Turn Table: 3 in turn 1, then 6)."""
    return 3 if turn == 1 else 6


def side_of_card(card: str) -> str:
    """The camp of a card, from its number."""
    return "blois" if card.startswith("B-") else "montfort"


def init_cards(rs: DeuxBretagneModel, state: State, sc: Scenario) -> None:
    """Set-up (5.1, 14.x): the Intervention cards form each deck (with the Enlisement
    cards too when the scenario says so), without the cards in hand or out of the game.
    The hands are drawn in phase B by each player's ``draw``."""
    v = state["vars"]
    out = set(v["cards_out"])
    enlisted = bool(sc.extra.get("enlisement", False))
    v["enlisement"] = {side: enlisted for side in PLAYERS}
    v["decks"] = {}
    for side in PLAYERS:
        groups = ("intervention", "enlisement") if enlisted else ("intervention",)
        v["decks"][side] = sorted(c for c, info in rs.cards.items()
                                  if side_of_card(c) == side and info["group"] in groups
                                  and c not in out and c not in v["hands"][side])
    v["discard"] = {side: [] for side in PLAYERS}
    v["drawn"] = {side: False for side in PLAYERS}
    v["card_values"] = {}
    v["card_play"] = None


def card_name(rs: DeuxBretagneModel, card: str) -> str:
    """``B-12 Jean de Normandie`` (or the number alone when the name is unknown)."""
    name = rs.cards.get(card, {}).get("name")
    return N_("{card} {name}", card=card, name=data_word(name)) if name else card


def card_field(rs: DeuxBretagneModel, state: State, card: str, field: str) -> Any:
    """A card's printed value for the game in ``state`` (``None``: unknown); fields
    outside the sheet come from the YAML."""
    if field in CARD_SHEET_FIELDS:
        return rs.sheet_values(state, "cards").get(card, {}).get(field)
    return rs.cards.get(card, {}).get(field)


def value(rs: DeuxBretagneModel, state: State, card: str, field: str) -> Any:
    """A card's value: printed (cards.yaml), else given by a player in this game, else None."""
    known = card_field(rs, state, card, field)
    if known is not None:
        return known
    return state["vars"].get("card_values", {}).get(card, {}).get(field)


def needed(use: str) -> tuple[str, ...]:
    """The values a use needs (5.3, 5.4, 5.5, 5.6, 5.61, 5.62)."""
    return {"act": ("activation",), "rec": ("activation",), "sol": ("resources",),
            "evt": ("coat", "asterisk"),
            "act+evt": ("coat", "activation", "asterisk")}[use]


def card_line(rs: DeuxBretagneModel, state: State, card: str) -> str:
    """A card with its known values, for the hand."""
    def show(field: str) -> str:
        x = value(rs, state, card, field)
        return "?" if x is None else (N_("yes") if x is True else N_("no") if x is False
                                      else str(x))
    info = rs.cards.get(card, {})
    parts = [N_("ACT {show}", show=show('activation')), N_("PS {show}", show=show('resources')),
             N_("coat {show}", show=show('coat')), N_("asterisk {show}", show=show('asterisk'))]
    if value(rs, state, card, "anchor"):
        parts.append(N_("anchor"))
    parts.append(N_("{get} (assumed)", get=info.get('group', '?')))
    event = events.EVENT_NOTES.get(card)
    if event:
        return N_("{card} — {values}; event: {event}", card=card_name(rs, card),
                  values=listing(parts), event=event)
    return N_("{card} — {values}", card=card_name(rs, card), values=listing(parts))


# -- phase B -------------------------------------------------------------------------------
def why_not_draw(state: State, side: str) -> str | None:
    if state["vars"]["drawn"][side]:
        return N_("You have drawn your cards in this turn's phase B already")
    return None


def draw(rs: DeuxBretagneModel, state: State, side: str, ctx: Context) -> None:
    """Phase B (4.0 B, 5.1): draw up to the hand size; reshuffle the discard when the deck
    is empty. Each card is drawn with a private die: only ``side`` sees it."""
    why = why_not_draw(state, side)
    if why:
        raise IllegalActionError(why, rs.cite("4.0 B, 5.1"))
    v = state["vars"]
    hand, deck, discard = v["hands"][side], v["decks"][side], v["discard"][side]
    size = hand_size(state["turn"])
    drawn = 0
    while len(hand) < size:
        if not deck:
            if not discard:
                ctx.log(N_("{side}: no card left in the deck nor the discard",
                           side=rs.side(side).name),
                        rs.cite("5.1"))
                break
            deck.extend(sorted(discard))
            discard.clear()
            ctx.log(N_("{side}'s deck is empty: the discard pile is reshuffled into a new deck "
                       "of {n} cards", side=rs.side(side).name, n=len(deck)), rs.cite("5.1"))
        card = deck.pop(ctx.roll(len(deck), zero_based=True, private=True))
        hand.append(card)
        drawn += 1
        ctx.log(N_("You draw {card}", card=card_name(rs, card)), rs.cite("5.1"), private=True)
    v["drawn"][side] = True
    ctx.log(N_("{side} draws {drawn} card(s) up to the hand size of {size} ({n} left in the deck)",
               side=rs.side(side).name, drawn=drawn, size=size, n=len(deck)),
            rs.cite("4.0 B, 5.1, Turn Table"))


def why_not_enlist(state: State, side: str) -> str | None:
    """5.11: the Enlisement cards join the decks after the plague (6.3), which adds them
    itself; ``enlist`` is for a side whose cards are still out once the plague has struck
    (e.g. after a correction by hand)."""
    v = state["vars"]
    if v["enlisement"][side]:
        return N_("The Enlisement cards are in the deck already")
    if not v.get("plague_done"):
        return N_("The Enlisement cards join the decks only after the plague (5.11, 6.31)")
    return why_not_draw(state, side)


def enlist(rs: DeuxBretagneModel, state: State, side: str, ctx: Context) -> None:
    """5.1, 5.11: the Enlisement cards join the deck at the start of phase B after the
    plague (6.3)."""
    why = why_not_enlist(state, side)
    if why:
        raise IllegalActionError(why, rs.cite("5.11"))
    add_enlisement(rs, state, side, ctx, by_hand=True)


def add_enlisement(rs: DeuxBretagneModel, state: State, side: str, ctx: Context,
                   by_hand: bool = False) -> None:
    """Put ``side``'s Enlisement cards into its deck (5.11)."""
    v = state["vars"]
    out = set(v["cards_out"])
    new = sorted(c for c, info in rs.cards.items() if side_of_card(c) == side
                 and info["group"] == "enlisement" and c not in out
                 and c not in v["hands"][side] and c not in v["discard"][side])
    v["decks"][side] = sorted([*v["decks"][side], *new])
    v["enlisement"][side] = True
    why = (N_("by the player") if by_hand else N_("after the plague"))
    ctx.log(N_("{side} adds {n} Enlisement cards to the deck, which is reshuffled ({why}; the "
               "cards' groups are an assumption of cards.yaml)", side=rs.side(side).name,
               n=len(new), why=why),
            rs.cite("5.1, 5.11, 6.3"))


# -- phase C: playing a card ----------------------------------------------------------------
def why_not_play(rs: DeuxBretagneModel, state: State, side: str, card: str,
                 use: str) -> tuple[str, str] | None:
    """Why ``side`` may not play ``card`` as ``use`` now: (reason, rule), or None."""
    v = state["vars"]
    if not v["drawn"][side]:
        return N_("Draw your cards first: phase B comes before the action phase"), "4.0 B-C"
    if card not in v["hands"][side]:
        return N_("{card} is not in your hand", card=card), "5.2"
    play = current_play(state, side)
    if play is not None and play["use"] == "free":
        return N_("A free action was taken in this activation instead of a card"), "5.2, 5.32"
    if play is not None:
        return (N_("One card per activation: {card} was played in this one", card=play['card']),
                "5.2, 5.32")
    if use in ("evt", "act+evt"):
        coat = value(rs, state, card, "coat")
        if use == "act+evt" and coat not in (None, "yellow"):
            return N_("Only a card with a yellow coat of arms is ACT and event at once"), "5.61"
        if coat == "green" and card in v["events"]:
            return (N_("This green-coat event was played already: use the card as ACT, REC or SOL"),
                    "5.62")
        return events.why_not_event(rs, state, side, card)
    return None


def play_actions(rs: DeuxBretagneModel, state: State, side: str) -> Iterator[Action]:
    """``play CARD USE`` for each card of ``side``'s hand that may be played now."""
    for card in state["vars"]["hands"].get(side, []):
        if card not in rs.cards:
            continue
        for use in USES:
            if use == "act+evt" and value(rs, state, card, "coat") != "yellow":
                continue
            if why_not_play(rs, state, side, card, use) is None:
                yield Action("play", (card, use))
    yield from events.owed_war_actions(rs, state, side)  # 6.2: units owed to a war
    yield from events.leader_entry_actions(rs, state, side)  # 6.1: after an event
    yield from events.evran_actions(rs, state, side)  # 13.2: the Shares of Evran


def start_play(rs: DeuxBretagneModel, state: State, side: str, card: str, use: str,
               ctx: Context, flow: Flow) -> None:
    """``play CARD USE``: ask the unknown values the use needs, then play it."""
    if card not in rs.cards:
        raise InvalidActionError(N_("no strategy card {card}", card=repr(card)))
    if use not in USES:
        raise InvalidActionError(N_("a card is played as {names}, not {use}", names=listing(USES),
                                    use=repr(use)))
    why = why_not_play(rs, state, side, card, use)
    if why:
        raise IllegalActionError(why[0], rs.cite(why[1]))
    ctx.log(N_("{side} plays {card} as {use_names}", side=rs.side(side).name,
               card=card_name(rs, card), use_names=USE_NAMES[use]),
            rs.cite("5.2"))
    missing = [f for f in needed(use) if value(rs, state, card, f) is None]
    if missing:
        flow.call(rs, state, ctx, "card-value", side=side, card=card, use=use, missing=missing)
    else:
        finish_play(rs, state, side, card, use, ctx, flow)


def finish_play(rs: DeuxBretagneModel, state: State, side: str, card: str, use: str,
                ctx: Context, flow: Flow) -> None:
    """Apply a card whose needed values are known (5.3-5.6)."""
    why = why_not_play(rs, state, side, card, use)
    if why:  # e.g. the coat given is not yellow: the card stays in hand
        ctx.log(N_("{card} is not played: {why}", card=card, why=why[0]), rs.cite(why[1]))
        return
    v = state["vars"]
    v["hands"][side].remove(card)
    play: dict[str, Any] = {"side": side, "card": card, "use": use, "act": None, "rec": None,
                            "rec_used": 0}
    v["card_play"] = play
    removed = False
    if use in ("act", "act+evt"):
        level = int(value(rs, state, card, "activation"))
        play["act"] = level
        leaders = sorted(rs.piece_name(state, p) for p in state["pieces"]
                         if rs.is_leader(state, p) and rs.piece_side(state, p) == side
                         and state["pieces"][p]["loc"] in rs.board_map.graph
                         and rs.piece_type(state, p).activation <= level)
        armies = armies_allowed(rs, state, play)
        which = N_("one of them, with the leaders moving with him") if armies == 1 else \
            N_("up to {armies} armies (Chevauchée, 8.153)", armies=armies)
        ctx.log(N_("ACT {level}: leaders of activation level {level} or less: {value}; {which} "
                   "may act", level=level, value=listing(leaders) or 'none on the map',
                   which=which),
                rs.cite("5.3"))
        if level == 3:
            events.on_activation_3(rs, state, side, ctx, flow)  # 6.2: end an external war
    if use == "rec":
        n = int(value(rs, state, card, "activation"))
        play["rec"] = n
        ctx.log(N_("REC {n}: up to {n} recruitment(s) by leaders (a leader at most twice)", n=n),
                rs.cite("5.4"))
    if use == "sol":
        ps = int(value(rs, state, card, "resources"))
        v["resources"][side] = v["resources"].get(side, 0) + ps
        ctx.log(N_("SOL: {side} collects {ps} PS: {resources} PS", side=rs.side(side).name, ps=ps,
                   resources=v['resources'][side]),
                rs.cite("5.5"))
    if use in ("evt", "act+evt"):
        info = rs.cards.get(card, {})
        event = card_field(rs, state, card, "event")
        if event:
            ctx.log(N_("Event {card}: {event} — apply it (by hand where boardapp does not)",
                       card=card_name(rs, card), event=event), rs.cite("5.6"))
        else:
            note = (N_(" (the rules say: {rules})", rules=data_word(info['rules']))
                    if info.get("rules") else "")
            if card in events.AUTOMATED:
                ctx.log(N_("Event of {card}: boardapp applies what the rules say of it; apply "
                           "the rest of the card by hand (its text is not in the rules)",
                           card=card_name(rs, card)), rs.cite("5.6"))
            else:
                ctx.log(N_("Apply the event of {card} by hand with the manual actions: its text "
                           "is not in the rules, read your card{note}; the moves it allows are "
                           "not checked", card=card_name(rs, card), note=note), rs.cite("5.6"))
        if events.on_event(rs, state, side, card, ctx, flow):
            removed = True  # 6.2: an external war card stays in play until the war ends
        if card not in v["events"]:
            v["events"].append(card)
        v.setdefault("events_at", {})[card] = v["activation_no"]  # for "in the last 2
        # activations" (B-01 on the Siege Table): see activations_since
        delay = PLAGUE_DELAY.get(card)
        if delay and v.get("plague_turn") is None:
            v["plague_turn"] = state["turn"] + delay
            ctx.log(N_("The plague marker goes {delay} turns ahead, on turn {plague_turn}",
                       delay=delay, plague_turn=v['plague_turn']), rs.cite("6.31"))
        if value(rs, state, card, "coat") == "green":
            ctx.log(N_("Green coat: a marker of {card} goes on the turn track; later it is "
                       "played only as ACT, REC or SOL", card=card), rs.cite("5.62"))
        if value(rs, state, card, "asterisk") is True and card not in events.EXTERNAL_WARS:
            v["cards_out"].append(card)
            removed = True
            ctx.log(N_("{card} has an asterisk: it is removed from the game", card=card),
                    rs.cite("5.6"))
    if not removed:
        v["discard"][side].append(card)


# -- what a played card (or a free action) allows: 5.2, 5.3, 5.31, 5.32, 5.4 ---------------
def card_required(state: State) -> bool:
    """5.2, 5.32: whether an activation with neither a card nor a free action is refused:
    the game's own flag (``vars.require_card``, e.g. off for a game recorded before the
    rule, see Ruleset.setup), else :data:`REQUIRE_CARD`."""
    return bool(state["vars"].get("require_card", REQUIRE_CARD))


def why_not_free_action(rs: DeuxBretagneModel, state: State, side: str) -> tuple[str, str] | None:
    """Why ``side`` may not take a free action now (5.32): (reason, rule), or None."""
    if not state["vars"]["drawn"][side]:
        return N_("Draw your cards first: phase B comes before the action phase"), "4.0 B-C"
    play = current_play(state, side)
    if play is not None:
        what = N_("a free action") if play["use"] == "free" else f"{play['card']}"
        return (N_("One card or free action per activation: {what} was played in this one",
                   what=what),
                "5.2, 5.32")
    return None


def free_action(rs: DeuxBretagneModel, state: State, side: str, ctx: Context) -> None:
    """``free-action`` (5.32-5.322): instead of a card, the activation moves 1 combat unit
    without a leader or 1 leader without combat units."""
    why = why_not_free_action(rs, state, side)
    if why:
        raise IllegalActionError(why[0], rs.cite(why[1]))
    state["vars"]["card_play"] = {"side": side, "card": None, "use": "free", "act": None,
                                  "rec": None, "rec_used": 0}
    ctx.log(N_("{side} takes a free action instead of playing a card: 1 combat unit without a "
               "leader, or 1 leader without combat units, moves up to its movement points; it "
               "cannot fight nor recruit, it may join a siege in progress; it counts as one of "
               "the activations", side=rs.side(side).name), rs.cite("5.32, 5.321, 5.322"))


def free_piece(rs: DeuxBretagneModel, state: State, side: str) -> str | None:
    """The piece a free action has moved already in this activation (5.32: only one)."""
    moved = [p for p, mp in state["vars"]["mp_spent"].items()
             if mp and p in state["pieces"] and rs.piece_side(state, p) == side]
    return moved[0] if moved else None


def activations_since(state: State, card: str) -> int | None:
    """How many activations (both players') have ended since ``card``'s event was last
    played: 0 in the same activation, None if never played in this game (e.g. the Siege
    Table's "B-01 not played in the last 2 activations")."""
    at = state["vars"].get("events_at", {}).get(card)
    return None if at is None else state["vars"]["activation_no"] - at


def act_refusal(rs: DeuxBretagneModel, state: State, pieces: list[str]) -> tuple[str, str] | None:
    """Whether the activation lets ``pieces`` move (5.2, 5.3, 5.31, 5.32): a card played as
    ACT activates leaders up to its value, who move with their units; a free action moves
    one lone piece; a card played as REC or SOL moves nothing; an event moves what its
    text says (unknown: left to the players). (reason, rule), or None if allowed."""
    if not pieces:
        return None
    side = rs.piece_side(state, pieces[0])
    play = current_play(state, side)
    if play is None:
        return ((N_("Play a card as ACT, or take a free action, before moving: every move is "
                    "made in an activation"), "5.2, 5.3, 5.32") if card_required(state) else None)
    leaders = [p for p in pieces if rs.is_leader(state, p)]
    use = play["use"]
    if use == "free":
        if len(pieces) != 1:
            return (N_("A free action moves 1 combat unit without a leader, or 1 leader without "
                       "combat units"), "5.32")
        moved = free_piece(rs, state, side)
        if moved is not None and moved != pieces[0]:
            return (N_("This free action moves {piece} only", piece=rs.piece_name(state, moved)),
                    "5.32")
        return None
    if use in ("act", "act+evt"):
        if not leaders:
            return (N_("With an ACT card, combat units never move without a leader (an activated "
                       "one, 5.31); a lone unit moves by free action"), "5.31, 5.32, 8.0")
        for pid in leaders:
            level = rs.piece_type(state, pid).activation
            if level > play["act"] and pid not in play.get("activated", ()):  # 6.1
                return (N_("{piece} has activation level {level}: the ACT card {card} played in "
                           "this activation activates levels up to {act}",
                           piece=rs.piece_name(state, pid), level=level, card=play['card'],
                           act=play['act']), "5.3")
        return _army_refusal(rs, state, play, leaders)
    if use == "evt":
        if leaders and all(p in play.get("activated", ()) for p in leaders):
            return None  # 6.1: the leader the event brought in, with his units
        return (N_("{card} was played as an event: its text says who moves, and the rules do not "
                   "print it — move those pieces by hand (Shift-drop, logged as by hand)",
                   card=play['card']), "5.6")
    return (N_("{card} was played as {use_names}: it activates no leader; a move needs a card "
               "played as ACT or a free action", card=play['card'], use_names=USE_NAMES[use]),
            "5.2, 5.3, 5.32")


def armies_allowed(rs: DeuxBretagneModel, state: State, play: dict[str, Any]) -> int:
    """How many armies an ACT card activates: one leader and the leaders moving with him
    (5.3, 5.31), two or three with a Chevauchée card (8.153: the players mark which cards
    are Chevauchée cards in the game data; the rules do not say)."""
    return 3 if value(rs, state, play["card"], "chevauchee") else 1


def _army_refusal(rs: DeuxBretagneModel, state: State, play: dict[str, Any],
                  leaders: list[str]) -> tuple[str, str] | None:
    """5.3, 8.153: a move of an army not yet activated by the card, when the card's armies
    are all activated already. Leaders brought in by an event (6.1) are activated too."""
    if not state["vars"].get("one_army_per_card", True):
        return None  # a game recorded before the rule was checked (set up with played_with)
    if all(p in play.get("activated", ()) for p in leaders):
        return None
    armies = play.get("armies", [])
    if any(set(leaders) & set(army) for army in armies):
        return None  # the activated army moves on (it may have picked leaders up)
    if len(armies) < armies_allowed(rs, state, play):
        return None
    first = rs.piece_name(state, armies[0][0])
    return (N_("The ACT card {card} activates one leader and the leaders moving with him: "
               "{first}'s army was activated in this activation (a Chevauchée card activates 2 "
               "or 3 armies)", card=play['card'], first=first), "5.3, 8.153")


def note_army(state: State, side: str, leaders: list[str]) -> None:
    """Record that ``leaders`` moved as one army in this activation (5.3, 8.153)."""
    play = current_play(state, side)
    if play is None or play["use"] not in ("act", "act+evt") or not leaders:
        return
    armies = play.setdefault("armies", [])
    for army in armies:
        if set(army) & set(leaders):
            army.extend(p for p in leaders if p not in army)
            return
    armies.append(list(leaders))


def destination_refusal(rs: DeuxBretagneModel, state: State, pieces: list[str],
                        enemies_there: bool) -> tuple[str, str] | None:
    """5.321: pieces moved by a free action cannot fight: they may not enter an area with
    enemy units outside a fortress (they may join a siege in progress)."""
    if not pieces or not enemies_there:
        return None
    play = current_play(state, rs.piece_side(state, pieces[0]))
    if play is not None and play["use"] == "free":
        return (N_("A piece moved by free action cannot fight: enemy units are there (it may "
                   "join a siege in progress)"), "5.321")
    return None


def siege_refusal(rs: DeuxBretagneModel, state: State, side: str) -> tuple[str, str] | None:
    """Sieges, siege rolls and sorties need a leader activated by a card (10.12, 5.3):
    not a free action (5.321), nor a card played as REC or SOL."""
    play = current_play(state, side)
    if play is None:
        return ((N_("A siege needs a leader activated by a card played as ACT"), "5.3, 10.12")
                if card_required(state) else None)
    if play["use"] == "free":
        return (N_("A free action cannot fight nor besiege (its piece may join a siege in "
                   "progress)"), "5.321")
    if play["use"] in ("rec", "sol"):
        return (N_("{card} was played as {use_names}: it activates no leader", card=play['card'],
                   use_names=USE_NAMES[play['use']]), "5.2, 5.3, 10.12")
    return None


def rec_refusal(state: State, side: str) -> str | None:
    """5.4: a card played as REC allows as many recruitments as its activation value;
    nothing else recruits (a free action cannot, 5.321)."""
    play = current_play(state, side)
    if play is not None and play["use"] == "free":
        return N_("a free action cannot recruit (5.321)")
    if play is None:
        if not card_required(state):
            return None
        return N_("recruiting needs a card played as REC in this activation")
    if play["rec"] is None:
        return N_("{card} was played as {use_names}, not as REC", card=play['card'],
                  use_names=USE_NAMES[play['use']])
    if play["rec_used"] >= play["rec"]:
        return (N_("The REC card {card} (value {rec}) allows {rec} recruitment(s) in this "
                   "activation, all used", card=play['card'], rec=play['rec']))
    return None


def count_recruit(state: State, side: str) -> None:
    play = state["vars"].get("card_play")
    if play and play["side"] == side and play["rec"] is not None:
        play["rec_used"] += 1


def discard_down(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow) -> None:
    """4.0 C: at the end of the action phase each player keeps at most one card; the
    players with more choose which to discard (each in his own step)."""
    for side in reversed(PLAYERS):  # the stack runs Blois first
        if len(state["vars"]["hands"][side]) > KEEP_AT_END:
            flow.call(rs, state, ctx, "discard-down", side=side)


