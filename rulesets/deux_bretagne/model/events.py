"""The card events the rules describe (6.0-6.45, 4.0, 5.411, 13.2).

The model's part: data, predicates and the work its steps call. The steps, and what
each one asks, are in ``steps/events.py``."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at, put_piece

from .base import PRISON, DeuxBretagneModel, current_play
from .control import update_counties
from .words import N_

PLAYERS = ("blois", "montfort")
EXTERNAL_WARS = ("B-06", "B-21", "M-18", "M-25")  # 6.2
WAR_PLACE = "external-war"
"""Where pieces set aside on an external war card are (off the map: not a place of it)."""
WAR_END = 7  # 6.2: a roll of 7 or more ends the war
WAR_MAX_UNITS = 2  # 6.2: the leader and 1 unit come back, "the other unit" is eliminated
FULL_OR_REDUCED = ("B-07", "M-05", "M-22")  # 6.45
FORTRESS_CARDS = ("B-05", "M-06", "M-15")  # 2.63: they change a fortress level
SUPPLY_CARDS = {"B-19": "blois", "M-21": "montfort"}  # 12.32: each brings 2 supply bases
CAHOURS = "raoul-de-cahours"
SEA_BOX = "bro-saoz"  # 2.64, 6.1
B23_TARGETS = ("jean-de-montfort", "guillaume-de-cadoudal", "olivier-de-clisson")  # 6.42
STACK_LIMIT = 8  # 7.21
CARD_LEADERS = {"B-12": "jean-de-normandie", "M-09": "edward-iii",
                "B-28": "bertrand-du-guesclin"}
"""6.1: the cards that bring a new leader. ASSUMED from the cards' names (6.31, 14.13,
14.33: each card is named after the leader, and card and leader are out of 14.3
together); the other leader cards are not known: their leaders are placed by hand."""


KNOWN_EVENTS = frozenset((*CARD_LEADERS, *EXTERNAL_WARS, *FULL_OR_REDUCED, *FORTRESS_CARDS,
                          *SUPPLY_CARDS, "B-03", "B-17", "B-23", "M-01", "M-02", "M-17",
                          "B-13"))
"""Cards whose event the rules describe (6.1-6.45, 2.63, 12.32, 5.411, 4.0): none of them
brings another leader, so no new leader is offered after them (6.1)."""


def other(side: str) -> str:
    return PLAYERS[1 - PLAYERS.index(side)]


def first_player(state: State) -> str:
    """4.0: Blois plays first in each phase unless Montfort has played M-01."""
    return "montfort" if "M-01" in state["vars"]["events"] else "blois"


def units_in(rs: DeuxBretagneModel, state: State, place: str, side: str) -> list[str]:
    return [p for p in pieces_at(state, place)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)]


# -- may the event be played? ---------------------------------------------------------------
def why_not_event(rs: DeuxBretagneModel, state: State, side: str,
                  card: str) -> tuple[str, str] | None:
    """What the rules forbid about playing ``card``'s event now: (reason, rule) or None."""
    if card == "B-23" and b23_target(rs, state) is None:
        return (N_("L'enfant Montfort: Jean de Montfort, Guillaume de Cadoudal and Olivier de "
                   "Clisson are all dead, the event cannot be played"), "6.42")
    leader = CARD_LEADERS.get(card)
    if leader and side == "montfort" and not montfort_may_bring_leaders(state):
        return (N_("Montfort brings new leaders only from his 3rd activation of turn 1342"),
                "6.1")
    return None


def montfort_may_bring_leaders(state: State) -> bool:
    """6.1: from the 3rd activation of 1342 (turn 2) on."""
    turn = state["turn"]
    return turn > 2 or (turn == 2 and state["vars"]["activations"]["montfort"] >= 2)


def b23_target(rs: DeuxBretagneModel, state: State) -> str | None:
    """6.42: Jean de Montfort, else (dead) Guillaume de Cadoudal, else Olivier de Clisson."""
    for pid in B23_TARGETS:
        if pid in state["pieces"] and state["pieces"][pid]["loc"] != rs.eliminated_box:
            return pid
    return None


# -- playing an event ------------------------------------------------------------------------
def on_event(rs: DeuxBretagneModel, state: State, side: str, card: str, ctx: Context,
             flow: Flow) -> bool:
    """Apply what the rules say about ``card``'s event, played by ``side``. True if the
    card stays in play (an external war) instead of going to the discard."""
    if card in EXTERNAL_WARS:
        owner = other(side)
        state["vars"].setdefault("wars", {})[card] = {"side": owner, "pieces": []}
        ctx.log(N_("External war ({card}): {side} sets aside on the card a leader and/or units, "
                   "as the card says; they are not paid and come back when the war ends (a roll "
                   "of 7+ with an activation-3 card)", card=card, side=rs.side(owner).name),
                rs.cite("6.2"))
        flow.call(rs, state, ctx, "war-send", side=owner, card=card)
        return True
    if card == "B-03":
        cahours(rs, state, ctx, flow)
    elif card == "B-23":
        target = b23_target(rs, state)
        assert target is not None
        ctx.log(N_("L'enfant Montfort applies to {piece}: apply the rest of the card by hand",
                   piece=rs.piece_name(state, target)), rs.cite("6.42"))
    elif card == "B-17":
        flow.call(rs, state, ctx, "b17-militia", side=side, card=card)
    elif card == "M-17":
        jean = "jean-de-normandie"
        if jean in state["pieces"] and state["pieces"][jean]["loc"] == PRISON["blois"]:
            put_piece(state, jean, "reserve")
            if jean not in state["vars"]["leaders_out"]:
                state["vars"]["leaders_out"].append(jean)
            ctx.log(N_("Jean de Normandie, a prisoner, is released and removed from the game"),
                    rs.cite("6.44"))
        else:
            ctx.log(N_("Jean de Normandie is not a prisoner: he stays where he is"),
                    rs.cite("6.44"))
    elif card in FULL_OR_REDUCED:
        flow.call(rs, state, ctx, "full-or-reduced", side=other(side), card=card)
    elif card == "M-01":
        ctx.log(N_("Montfort now plays first in each phase except D2b: boardapp gives him the "
                   "first activation from the next turn (in phases D-F boardapp still starts "
                   "with Blois)"), rs.cite("4.0"))
    elif card in SUPPLY_CARDS and SUPPLY_CARDS[card] == side:
        placed = len(state["vars"].get("supply_bases", {}).get(side, []))
        flow.call(rs, state, ctx, "supply-base", side=side, left=2 - placed)  # 12.32
    elif card in FORTRESS_CARDS:
        flow.call(rs, state, ctx, "fortress-level", side=side, card=card, city=None)
    elif card in ("M-02", "B-13"):
        ctx.log(N_("{side} may now recruit Artillery", side=rs.side(side).name),
                rs.cite("5.41, 5.411"))
    leader = CARD_LEADERS.get(card)
    if leader:
        flow.call(rs, state, ctx, "new-leader", side=side, card=card, leader=leader)
    return False


def on_activation_3(rs: DeuxBretagneModel, state: State, side: str, ctx: Context,
                    flow: Flow) -> None:
    """6.2: an activation-3 card lets its player roll to end an external war on him."""
    wars = [c for c, w in sorted(state["vars"].get("wars", {}).items()) if w["side"] == side]
    if wars:
        flow.call(rs, state, ctx, "war-roll", side=side, wars=wars)


# -- 6.2 external wars -----------------------------------------------------------------------
def owed_war_actions(rs: DeuxBretagneModel, state: State, side: str) -> Iterator[Action]:
    """6.2: a war on ``side`` with nothing set aside yet: an action for each of the
    units ``side`` recruits later: ``send-to-war CARD PIECE`` (in its hand dock)."""
    for card, war in sorted(state["vars"].get("wars", {}).items()):
        if war["side"] != side or war["pieces"]:
            continue
        for pid in sorted(state["pieces"]):
            if (rs.piece_side(state, pid) == side and not rs.is_leader(state, pid)
                    and state["pieces"][pid]["loc"] in rs.board_map.areas):
                yield Action("send-to-war", (card, pid))


def send_owed(rs: DeuxBretagneModel, state: State, side: str, card: str, pid: str,
              ctx: Context) -> None:
    """``send-to-war CARD PIECE`` outside the war's first procedure (6.2)."""
    from boardapp.core.base.errors import IllegalActionError

    if Action("send-to-war", (card, pid)) not in set(owed_war_actions(rs, state, side)):
        raise IllegalActionError(N_("{pid} cannot be sent to an external war now", pid=pid),
                                 rs.cite("6.2"))
    where = rs.board_map.place_name(state["pieces"][pid]["loc"])
    put_piece(state, pid, WAR_PLACE)
    if pid in state["vars"]["inside"]:
        state["vars"]["inside"].remove(pid)
    state["vars"]["wars"][card]["pieces"].append(pid)
    ctx.log(N_("{piece} leaves {where} for the external war of {card}",
               piece=rs.piece_name(state, pid), where=where, card=card),
            rs.cite("6.2"))


def cahours(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow) -> None:
    """6.41: Raoul de Cahours changes sides, with his units if he leads them alone."""
    pid = CAHOURS
    if pid not in state["pieces"] or rs.piece_side(state, pid) == "blois":
        ctx.log(N_("Raoul de Cahours is on the Blois side already"), rs.cite("6.41"))
        return
    loc = state["pieces"][pid]["loc"]
    if loc in ("reserve", rs.eliminated_box):
        ctx.log(N_("Raoul de Cahours is not in play: no effect"), rs.cite("6.41"))
        return
    state["vars"]["side_of"][pid] = "blois"
    captured = loc == PRISON["montfort"]
    others = [p for p in pieces_at(state, loc) if p != pid and rs.is_leader(state, p)
              and rs.piece_side(state, p) == "montfort"]
    if captured or others:
        why = N_("a prisoner") if captured else N_("stacked with other Montfort leaders")
        choices = nearest_blois_units(rs, state, loc)
        ctx.log(N_("Raoul de Cahours ({why}) changes sides and goes to the nearest Blois combat "
                   "units", why=why), rs.cite("6.41"))
        if not choices:
            put_piece(state, pid, "reserve")
            ctx.log(N_("No Blois combat unit on the map: Raoul de Cahours waits off the map "
                       "(place him by hand)"), rs.cite("6.41"))
        elif len(choices) == 1:
            move_cahours(rs, state, choices[0], ctx)
        else:
            flow.call(rs, state, ctx, "cahours-to", side="blois", choices=choices)
        return
    swapped, kept = [], []
    for unit in list(pieces_at(state, loc)):
        if unit == pid or rs.is_leader(state, unit) or rs.piece_side(state, unit) != "montfort":
            continue
        new = swap_unit(rs, state, unit)
        (swapped if new else kept).append(new or unit)
    ctx.log(N_("Raoul de Cahours changes sides")
            + (N_("; his units become Blois units of the same type and steps: {names}",
                  names=rs.names(state, swapped)) if swapped else ""), rs.cite("6.41"))
    if kept:
        ctx.log(N_("No Blois counter of the same type for {names}: replace it by hand",
                   names=rs.names(state, kept)), rs.cite("6.41, 5.412"))
    area = rs.board_map.areas.get(loc)
    if area is not None and area.fortified and state["control"].get(loc) != "blois":
        state["control"][loc] = "blois"
        ctx.log(N_("{area} changes sides with him", area=area.name), rs.cite("6.41"))
        if state["vars"]["sieges"].get(loc, {}).get("side") == "blois":
            del state["vars"]["sieges"][loc]
            ctx.log(N_("The Blois siege of {area} ends: the city is Blois's", area=area.name),
                    rs.cite("6.41, 10.14"))
        update_counties(rs, state, ctx)


def swap_unit(rs: DeuxBretagneModel, state: State, unit: str) -> str | None:
    """Replace a Montfort unit by a Blois unit of the same type and steps (6.41)."""
    suffix = state["pieces"][unit]["type"].removeprefix("montfort-")
    type_id = f"blois-{suffix}"
    spare = [p for p in pieces_at(state, "reserve") if state["pieces"][p]["type"] == type_id]
    if not spare:
        return None
    new, loc = spare[0], state["pieces"][unit]["loc"]
    index = pieces_at(state, loc).index(unit)
    state["pieces"][new]["flipped"] = bool(state["pieces"][unit]["flipped"])
    put_piece(state, new, loc, index=index)
    if unit in state["vars"]["inside"]:
        state["vars"]["inside"].remove(unit)
        state["vars"]["inside"].append(new)
    put_piece(state, unit, "reserve")
    state["pieces"][unit]["flipped"] = False
    return new


def nearest_blois_units(rs: DeuxBretagneModel, state: State, start: str) -> list[str]:
    """The areas with Blois combat units nearest to ``start`` by road (all of them when
    ``start`` is off the map, e.g. a prison)."""
    areas = [a for a in rs.board_map.areas if units_in(rs, state, a, "blois")]
    graph = rs.board_map.graph
    if start not in graph:
        return sorted(areas)
    import networkx as nx  # (imported when first needed: a command reading a position does not)

    dist = nx.single_source_shortest_path_length(graph, start)
    near = [a for a in areas if a in dist]
    if not near:
        return sorted(areas)
    best = min(dist[a] for a in near)
    return sorted(a for a in near if dist[a] == best)


def move_cahours(rs: DeuxBretagneModel, state: State, area: str, ctx: Context) -> None:
    put_piece(state, CAHOURS, area)
    if CAHOURS in state["vars"]["inside"]:
        state["vars"]["inside"].remove(CAHOURS)
    ctx.log(N_("Raoul de Cahours joins the Blois units in {place}",
               place=rs.board_map.place_name(area)),
            rs.cite("6.41"))


def blois_sieges(state: State) -> list[str]:
    return sorted(a for a, m in state["vars"]["sieges"].items() if m["side"] == "blois")


def after_action(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """After every action: the B-17 Militia leaves when its siege is lifted and comes back
    full when a new Blois siege takes place there (6.43)."""
    b17 = state["vars"].get("b17")
    if not b17:
        return
    unit, area = b17["unit"], b17["area"]
    loc = state["pieces"][unit]["loc"]
    besieged = area in blois_sieges(state)
    if b17["away"]:
        if loc != "reserve":  # its counter was recruited meanwhile: any Blois Mil will do
            spare = [p for p in pieces_at(state, "reserve")
                     if state["pieces"][p]["type"] == "blois-mil"]
            if not spare:
                return
            unit = b17["unit"] = spare[0]
        if besieged and len(units_in(rs, state, area, "blois")) < STACK_LIMIT:
            state["pieces"][unit]["flipped"] = False
            put_piece(state, unit, area)
            b17["away"] = False
            ctx.log(N_("A new siege of {place}: the Militia of Milices urbaines comes back, full",
                       place=rs.board_map.place_name(area)), rs.cite("6.43"))
        return
    if loc == rs.eliminated_box or loc == "reserve":
        state["vars"]["b17"] = None  # lost in a battle or a siege: gone
        return
    if loc in blois_sieges(state):
        b17["area"] = loc
    elif not besieged:
        put_piece(state, unit, "reserve")
        if unit in state["vars"]["inside"]:
            state["vars"]["inside"].remove(unit)
        b17["away"] = True
        ctx.log(N_("The siege of {place} is lifted: the Militia of Milices urbaines leaves the "
                   "map", place=rs.board_map.place_name(area)), rs.cite("6.43"))


# -- 6.45 full or reduced ---------------------------------------------------------------------
def leader_places(rs: DeuxBretagneModel, state: State, side: str, leader: str) -> list[str]:
    """6.1: friendly-controlled cities; an English leader goes to a friendly port, or to
    Bro Saoz when Montfort controls no port with room."""
    bmap = rs.board_map
    cities = [a for a in sorted(bmap.areas) if state["control"].get(a) == side]
    if rs.piece_types[leader].origin != "English":
        return cities
    ports = [a for a in cities if bmap.areas[a].port
             and len(units_in(rs, state, a, side)) < STACK_LIMIT]
    return ports or ([SEA_BOX] if SEA_BOX in bmap.boxes else [])


def leader_entry_actions(rs: DeuxBretagneModel, state: State, side: str) -> Iterator[Action]:
    """6.1: after an event whose text is unknown, ``enter-leader LEADER`` for each leader of
    ``side`` not yet in play (the card says whether one comes: at most one per card)."""

    play = current_play(state, side)
    if (play is None or play["use"] not in ("evt", "act+evt") or play.get("leader_entered")
            or play["card"] in KNOWN_EVENTS or state["flow"]):
        return
    if side == "montfort" and not montfort_may_bring_leaders(state):
        return
    for pid in pieces_at(state, "reserve"):
        if (rs.is_leader(state, pid) and rs.piece_side(state, pid) == side
                and pid not in state["vars"]["leaders_out"]
                and pid not in CARD_LEADERS.values()):
            yield Action("enter-leader", (pid,))


def enter_leader(rs: DeuxBretagneModel, state: State, side: str, leader: str, ctx: Context,
                 flow: Flow) -> None:
    """``enter-leader LEADER``: the new leader of an event enters play (6.1)."""
    from boardapp.core.base.errors import IllegalActionError


    if Action("enter-leader", (leader,)) not in set(leader_entry_actions(rs, state, side)):
        raise IllegalActionError(N_("{leader} cannot enter play now: a leader enters by the "
                                    "event of the card played in this activation", leader=leader),
                                 rs.cite("6.1"))
    play = current_play(state, side)
    assert play is not None
    play["leader_entered"] = True
    ctx.log(N_("{side}: the event of {card} brings in {piece_types}, as the player reads his "
               "card (the card's text is not in the rules)", side=rs.side(side).name,
               card=play['card'], piece_types=rs.piece_types[leader].name), rs.cite("6.1"))
    flow.call(rs, state, ctx, "new-leader", side=side, card=play["card"], leader=leader)


def evran_winner(state: State) -> str | None:
    """The side whose Shares of Evran victory the opponent accepted in this turn."""
    return state["vars"].get("evran")


def evran_actions(rs: DeuxBretagneModel, state: State, side: str) -> Iterator[Action]:
    """13.2: a player who fulfils the Shares of Evran conditions claims it, once a turn,
    from his hand dock, naming the card: one of his cards whose event he played in this
    game and whose text is unknown (which card it is is not in the rules)."""
    v = state["vars"]
    if evran_winner(state) or v.get("evran_claims", {}).get(side) == state["turn"]:
        return
    prefix = "B-" if side == "blois" else "M-"
    for card in sorted(v.get("events_at", {})):
        if card.startswith(prefix) and card not in AUTOMATED:
            yield Action("claim-evran", (card,))


def claim_evran(rs: DeuxBretagneModel, state: State, side: str, card: str, ctx: Context,
                flow: Flow) -> None:
    from boardapp.core.base.errors import IllegalActionError

    if Action("claim-evran", (card,)) not in set(evran_actions(rs, state, side)):
        raise IllegalActionError(N_("The Shares of Evran are claimed once a turn, in the action "
                                    "phase, on a card whose event you played"), rs.cite("13.2"))
    state["vars"].setdefault("evran_claims", {})[side] = state["turn"]
    ctx.log(N_("{side} claims the automatic victory of the Shares of Evran ({card}): its "
               "conditions are on the card (not in the rules)", side=rs.side(side).name,
               card=card), rs.cite("13.2"))
    flow.call(rs, state, ctx, "evran-answer", side=other(side), claimant=side, card=card)


def war_lines(rs: DeuxBretagneModel, state: State) -> list[str]:
    """The external wars in progress, for the players' panels."""
    out = []
    for card, war in sorted(state["vars"].get("wars", {}).items()):
        pieces = rs.names(state, war["pieces"]) or N_("nothing yet")
        out.append(N_("External war {card} on {side}: {pieces} (6.2)", card=card,
                      side=rs.side(war['side']).name, pieces=pieces))
    return out


AUTOMATED = (*EXTERNAL_WARS, *FULL_OR_REDUCED, *FORTRESS_CARDS, *SUPPLY_CARDS, "B-03",
             "B-23", "B-17", "M-17", "M-01", "M-02", "B-13", "B-12", "M-09", "B-28")
"""Cards whose event does something here (the rest of their text is applied by hand)."""
EVENT_NOTES = {
    **{c: N_("external war (6.2)") for c in EXTERNAL_WARS},
    **{c: N_("the opponent chooses full or reduced units (6.45)") for c in FULL_OR_REDUCED},
    **{c: N_("changes a fortress level, 0-3 (2.63)") for c in FORTRESS_CARDS},
    **{c: N_("2 supply bases (12.32)") for c in SUPPLY_CARDS},
    "B-03": N_("Raoul de Cahours changes sides (6.41)"),
    "B-23": N_("Jean de Montfort, else Cadoudal, else Clisson (6.42)"),
    "B-17": N_("a Militia for a siege, gone when it is lifted (6.43)"),
    "M-17": N_("releases a captured Jean de Normandie for good (6.44)"),
    "M-01": N_("Montfort plays first (4.0)"), "M-02": N_("Artillery for Montfort (5.411)"),
    "B-13": N_("Artillery for Blois (5.411)"),
    "B-12": N_("Jean de Normandie enters (6.1, assumed); plague in 4 turns (6.31)"),
    "M-09": N_("Edward III enters (6.1, assumed); plague in 3 turns (6.31)"),
    "B-28": N_("Bertrand du Guesclin enters (6.1, assumed)"),
    "B-01": N_("naval movement (8.151)"),
            "B-16": N_("with B-01, sail from a besieged port (8.152)"),
}
"""What the rules say a card's event does, in a few words, for the hand panel."""


REFUSALS = {
    "send-to-war": (N_("{0} cannot be sent to an external war now"), "6.2"),
    "enter-leader": (N_("{0} cannot enter play now: a leader enters by the event of the card "
                        "played in this activation"), "6.1"),
    "claim-evran": (N_("The Shares of Evran are claimed once a turn, in the action phase, on a "
                       "card whose event you played"), "13.2"),
}
"""Why the hand-dock verbs of the events are refused when they are not offered."""


def refusal(rs: DeuxBretagneModel, action: Action) -> tuple[str, str] | None:
    """The reason and rule of a refused ``send-to-war``, ``enter-leader``, ``claim-evran``."""
    if action.verb not in REFUSALS or not action.args:
        return None
    words, rule = REFUSALS[action.verb]
    return Msg(words.domain, words.text, {"0": action.args[-1]}), rs.cite(rule)
