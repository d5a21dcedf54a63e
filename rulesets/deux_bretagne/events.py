"""The card events the rules describe (6.0-6.45, 4.0, 5.411, 13.2), played as procedures.

The card texts are not in the rules (5.6: "the text of the card always takes priority").
What the rules do say about a card is automated here, each choice offered to the player
whose choice it is; the rest of a card's text stays a manual step (the log says so):

* 6.1: a card named after a leader (:data:`CARD_LEADERS`: B-12, M-09, B-28) brings
  him into a friendly-controlled city; an English leader into a friendly port, or Bro Saoz
  when there is none or they are full; Montfort not before his 3rd activation of 1342;
* 6.2: external wars (B-06, B-21, M-18, M-25): the opponent sets aside a leader and/or up
  to 2 units on the card (off the map, unpaid: place ``external-war``); when he plays an
  activation-3 card he may roll to end it (7+): the card leaves the game, the leader and
  one unit of his choice come back to a fortified city of his, the other unit is
  eliminated;
* 6.41 B-03: Raoul de Cahours changes sides, with his units and his fortified city, or
  alone to the nearest Blois units when other Montfort leaders are with him or he is a
  prisoner;
* 6.42 B-23: applies to Jean de Montfort, or Guillaume de Cadoudal if Jean is dead, or
  Olivier de Clisson if both are; not playable when all three are dead;
* 6.43 B-17: the Militia it brings joins a Blois siege and is removed when that siege is
  lifted; a full unit comes back when a new Blois siege takes place there;
* 6.44 M-17: Jean de Normandie, if captured, is released and removed from the game;
* 6.45 B-07, M-05, M-22: the opposing player chooses full or reduced units;
* 4.0 M-01: Montfort plays first in each action phase once M-01 has been played;
* 2.63 B-05, M-06, M-15: the player sets the fortress level change the card gives (0-3);
* 12.32 B-19, M-21: the player places his 2 supply bases (pay.py's procedure);
* 13.2 the Shares of Evran: claimed by a player, accepted or refused by the other.

State (``state["vars"]``): ``wars[card] = {"side": owner, "pieces": [...]}``,
``b17 = {"area": ..., "unit": ..., "away": bool}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import networkx as nx

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import resolve

if TYPE_CHECKING:
    from .rules import DeuxBretagne

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
PRISON = {"blois": "prison-bro-saoz", "montfort": "prison-bro-chall"}  # 9.42, by owner
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


def units_in(rs: DeuxBretagne, state: State, place: str, side: str) -> list[str]:
    return [p for p in pieces_at(state, place)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)]


# -- may the event be played? ---------------------------------------------------------------
def why_not_event(rs: DeuxBretagne, state: State, side: str, card: str) -> tuple[str, str] | None:
    """What the rules forbid about playing ``card``'s event now: (reason, rule) or None."""
    if card == "B-23" and b23_target(rs, state) is None:
        return ("L'enfant Montfort: Jean de Montfort, Guillaume de Cadoudal and Olivier de "
                "Clisson are all dead, the event cannot be played", "6.42")
    leader = CARD_LEADERS.get(card)
    if leader and side == "montfort" and not montfort_may_bring_leaders(state):
        return ("Montfort brings new leaders only from his 3rd activation of turn 1342",
                "6.1")
    return None


def montfort_may_bring_leaders(state: State) -> bool:
    """6.1: from the 3rd activation of 1342 (turn 2) on."""
    turn = state["turn"]
    return turn > 2 or (turn == 2 and state["vars"]["activations"]["montfort"] >= 2)


def b23_target(rs: DeuxBretagne, state: State) -> str | None:
    """6.42: Jean de Montfort, else (dead) Guillaume de Cadoudal, else Olivier de Clisson."""
    for pid in B23_TARGETS:
        if pid in state["pieces"] and state["pieces"][pid]["loc"] != rs.eliminated_box:
            return pid
    return None


# -- playing an event ------------------------------------------------------------------------
def on_event(rs: DeuxBretagne, state: State, side: str, card: str, ctx: Context,
             flow: Flow) -> bool:
    """Apply what the rules say about ``card``'s event, played by ``side``. True if the
    card stays in play (an external war) instead of going to the discard."""
    if card in EXTERNAL_WARS:
        owner = other(side)
        state["vars"].setdefault("wars", {})[card] = {"side": owner, "pieces": []}
        ctx.log(f"External war ({card}): {rs.side(owner).name} sets aside on the card a "
                "leader and/or units, as the card says; they are not paid and come back "
                "when the war ends (a roll of 7+ with an activation-3 card)", rs.cite("6.2"))
        flow.call(rs, state, ctx, "war-send", side=owner, card=card)
        return True
    if card == "B-03":
        cahours(rs, state, ctx, flow)
    elif card == "B-23":
        target = b23_target(rs, state)
        assert target is not None
        ctx.log(f"L'enfant Montfort applies to {rs.piece_name(state, target)}: apply the "
                "rest of the card by hand", rs.cite("6.42"))
    elif card == "B-17":
        flow.call(rs, state, ctx, "b17-militia", side=side, card=card)
    elif card == "M-17":
        jean = "jean-de-normandie"
        if jean in state["pieces"] and state["pieces"][jean]["loc"] == PRISON["blois"]:
            put_piece(state, jean, "reserve")
            if jean not in state["vars"]["leaders_out"]:
                state["vars"]["leaders_out"].append(jean)
            ctx.log("Jean de Normandie, a prisoner, is released and removed from the game",
                    rs.cite("6.44"))
        else:
            ctx.log("Jean de Normandie is not a prisoner: he stays where he is",
                    rs.cite("6.44"))
    elif card in FULL_OR_REDUCED:
        flow.call(rs, state, ctx, "full-or-reduced", side=other(side), card=card)
    elif card == "M-01":
        ctx.log("Montfort now plays first in each phase except D2b: boardapp gives him the "
                "first activation from the next turn (in phases D-F boardapp still "
                "starts with Blois)", rs.cite("4.0"))
    elif card in SUPPLY_CARDS and SUPPLY_CARDS[card] == side:
        placed = len(state["vars"].get("supply_bases", {}).get(side, []))
        flow.call(rs, state, ctx, "supply-base", side=side, left=2 - placed)  # 12.32
    elif card in FORTRESS_CARDS:
        flow.call(rs, state, ctx, "fortress-level", side=side, card=card, city=None)
    elif card in ("M-02", "B-13"):
        ctx.log(f"{rs.side(side).name} may now recruit Artillery", rs.cite("5.41, 5.411"))
    leader = CARD_LEADERS.get(card)
    if leader:
        flow.call(rs, state, ctx, "new-leader", side=side, card=card, leader=leader)
    return False


def on_activation_3(rs: DeuxBretagne, state: State, side: str, ctx: Context,
                    flow: Flow) -> None:
    """6.2: an activation-3 card lets its player roll to end an external war on him."""
    wars = [c for c, w in sorted(state["vars"].get("wars", {}).items()) if w["side"] == side]
    if wars:
        flow.call(rs, state, ctx, "war-roll", side=side, wars=wars)


# -- 6.2 external wars -----------------------------------------------------------------------
class WarSend(Step):
    """6.2: the opponent sets aside a leader and/or units on the war card."""

    name = "war-send"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        card = frame["vars"]["card"]
        sent = state["vars"]["wars"][card]["pieces"]
        return (f"{rs.side(frame['side']).name}: external war {card} — set aside the leader "
                f"and/or units its text asks (not in the rules: read the card); "
                f"{len(sent)} set aside so far, then Done ({rs.cite('6.2')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        card, side = frame["vars"]["card"], frame["side"]
        sent = state["vars"]["wars"][card]["pieces"]
        leaders = sum(1 for p in sent if rs.is_leader(state, p))
        units = len(sent) - leaders
        for pid in sorted(state["pieces"]):
            loc = state["pieces"][pid]["loc"]
            if loc not in rs.board_map.areas and loc not in rs.board_map.boxes:
                continue
            if rs.board_map.boxes.get(loc) is not None and \
                    rs.board_map.boxes[loc].kind != "holding":
                continue
            if rs.piece_side(state, pid) != side:
                continue
            if rs.is_leader(state, pid) and leaders >= 1:
                continue
            if not rs.is_leader(state, pid) and units >= WAR_MAX_UNITS:
                continue
            yield Action("war-send", (pid,))
        yield Action("done")

    def on_war_send(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        pid, card = action.args[0], frame["vars"]["card"]
        where = rs.board_map.place_name(state["pieces"][pid]["loc"])
        put_piece(state, pid, WAR_PLACE)
        if pid in state["vars"]["inside"]:
            state["vars"]["inside"].remove(pid)
        state["vars"]["wars"][card]["pieces"].append(pid)
        ctx.log(f"{rs.piece_name(state, pid)} leaves {where} for the external war of {card}",
                rs.cite("6.2"))

    def on_done(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        card = frame["vars"]["card"]
        if not state["vars"]["wars"][card]["pieces"]:
            ctx.log(f"{rs.side(frame['side']).name} sets nothing aside for {card}: if the "
                    "units the card asks are not on the map, recruit them in the next "
                    "activation and send them (Send to war, in the hand)", rs.cite("6.2"))
        flow.end(rs, state, ctx)


def owed_war_actions(rs: DeuxBretagne, state: State, side: str) -> Iterator[Action]:
    """6.2: a war on ``side`` with nothing set aside yet: an action for each of the
    units ``side`` recruits later: ``send-to-war CARD PIECE`` (in its hand dock)."""
    for card, war in sorted(state["vars"].get("wars", {}).items()):
        if war["side"] != side or war["pieces"]:
            continue
        for pid in sorted(state["pieces"]):
            if (rs.piece_side(state, pid) == side and not rs.is_leader(state, pid)
                    and state["pieces"][pid]["loc"] in rs.board_map.areas):
                yield Action("send-to-war", (card, pid))


def send_owed(rs: DeuxBretagne, state: State, side: str, card: str, pid: str,
              ctx: Context) -> None:
    """``send-to-war CARD PIECE`` outside the war's first procedure (6.2)."""
    from boardapp.core.base.errors import IllegalActionError

    if Action("send-to-war", (card, pid)) not in set(owed_war_actions(rs, state, side)):
        raise IllegalActionError(f"{pid} cannot be sent to an external war now",
                                 rs.cite("6.2"))
    where = rs.board_map.place_name(state["pieces"][pid]["loc"])
    put_piece(state, pid, WAR_PLACE)
    if pid in state["vars"]["inside"]:
        state["vars"]["inside"].remove(pid)
    state["vars"]["wars"][card]["pieces"].append(pid)
    ctx.log(f"{rs.piece_name(state, pid)} leaves {where} for the external war of {card}",
            rs.cite("6.2"))


class WarRoll(Step):
    """6.2: with an activation-3 card, a roll (7+) may end an external war."""

    name = "war-roll"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: your activation-3 card lets you roll to end "
                f"an external war (7 or more) ({rs.cite('6.2')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for card in frame["vars"]["wars"]:
            yield Action("war-roll", (card,))
        yield Action("done")

    def on_done(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)

    def on_war_roll(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        card, side = action.args[0], frame["side"]
        result = resolve(ctx, table="external war roll", column="", sides=10,
                         zero_based=True, modifiers=[], lookup=lambda n: n >= WAR_END,
                         describe=lambda end: (f"the war of {card} ends" if end
                                               else f"the war of {card} goes on"),
                         rule=rs.cite("6.2"), who=rs.side(side).name)
        if not result.result:
            flow.end(rs, state, ctx)
            return
        war = state["vars"]["wars"].pop(card)
        v = state["vars"]
        for pile in (v["discard"]["blois"], v["discard"]["montfort"]):
            if card in pile:
                pile.remove(card)
        if card not in v["cards_out"]:
            v["cards_out"].append(card)
        ctx.log(f"{card} is removed from the game", rs.cite("6.2"))
        flow.goto(rs, state, ctx, "war-return", card=card, pieces=list(war["pieces"]),
                  keep=None)


class WarReturn(Step):
    """6.2: the leader and 1 unit come back to a friendly fortified city; the other unit
    is eliminated. The owner chooses the unit, then the city."""

    name = "war-return"

    def _units(self, rs: DeuxBretagne, state: State, frame: Frame) -> list[str]:
        return [p for p in frame["vars"]["pieces"] if not rs.is_leader(state, p)]

    def _back(self, rs: DeuxBretagne, state: State, frame: Frame) -> list[str]:
        keep = frame["vars"]["keep"]
        return [p for p in frame["vars"]["pieces"]
                if rs.is_leader(state, p) or p == keep]

    def _cities(self, rs: DeuxBretagne, state: State, frame: Frame) -> list[str]:
        units = sum(1 for p in self._back(rs, state, frame) if not rs.is_leader(state, p))
        side = frame["side"]
        return [a for a in sorted(rs.board_map.areas)
                if rs.board_map.areas[a].fortified and state["control"].get(a) == side
                and len(units_in(rs, state, a, side)) + units <= STACK_LIMIT]

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        units = self._units(rs, state, frame)
        if frame["vars"]["keep"] is None and len(units) <= 1:
            frame["vars"]["keep"] = units[0] if units else ""
        if not frame["vars"]["pieces"]:
            flow.end(rs, state, ctx)
        elif frame["vars"]["keep"] is not None and not self._cities(rs, state, frame):
            ctx.log(f"{rs.side(frame['side']).name} controls no fortified city with room: "
                    "the pieces stay off the map; place them by hand", rs.cite("6.2"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        name = rs.side(frame["side"]).name
        if frame["vars"]["keep"] is None:
            return (f"{name}: the war of {frame['vars']['card']} is over — which unit comes "
                    f"back? The other is eliminated ({rs.cite('6.2')})")
        return (f"{name}: the war of {frame['vars']['card']} is over — to which of your "
                f"fortified cities do {rs.names(state, self._back(rs, state, frame))} come "
                f"back? ({rs.cite('6.2')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        if frame["vars"]["keep"] is None:
            for pid in self._units(rs, state, frame):
                yield Action("war-keep", (pid,))
            return
        for area in self._cities(rs, state, frame):
            yield Action("war-to", (area,))

    def on_war_keep(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        frame["vars"]["keep"] = action.args[0]
        self.begin(rs, state, frame, ctx, flow)

    def on_war_to(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        area = action.args[0]
        back = self._back(rs, state, frame)
        for pid in back:
            put_piece(state, pid, area)
        gone = [p for p in frame["vars"]["pieces"] if p not in back]
        for pid in gone:
            put_piece(state, pid, rs.eliminated_box)
        ctx.log(f"{rs.names(state, back)} come back to {rs.board_map.place_name(area)}"
                + (f"; {rs.names(state, gone)} eliminated" if gone else ""), rs.cite("6.2"))
        flow.end(rs, state, ctx)


# -- 6.41 B-03 Cahours changes sides --------------------------------------------------------
def cahours(rs: DeuxBretagne, state: State, ctx: Context, flow: Flow) -> None:
    """6.41: Raoul de Cahours changes sides, with his units if he leads them alone."""
    pid = CAHOURS
    if pid not in state["pieces"] or rs.piece_side(state, pid) == "blois":
        ctx.log("Raoul de Cahours is on the Blois side already", rs.cite("6.41"))
        return
    loc = state["pieces"][pid]["loc"]
    if loc in ("reserve", rs.eliminated_box):
        ctx.log("Raoul de Cahours is not in play: no effect", rs.cite("6.41"))
        return
    state["vars"]["side_of"][pid] = "blois"
    captured = loc == PRISON["montfort"]
    others = [p for p in pieces_at(state, loc) if p != pid and rs.is_leader(state, p)
              and rs.piece_side(state, p) == "montfort"]
    if captured or others:
        why = "a prisoner" if captured else "stacked with other Montfort leaders"
        choices = nearest_blois_units(rs, state, loc)
        ctx.log(f"Raoul de Cahours ({why}) changes sides and goes to the nearest Blois combat "
                "units", rs.cite("6.41"))
        if not choices:
            put_piece(state, pid, "reserve")
            ctx.log("No Blois combat unit on the map: Raoul de Cahours waits off the map "
                    "(place him by hand)", rs.cite("6.41"))
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
    ctx.log("Raoul de Cahours changes sides"
            + (f"; his units become Blois units of the same type and steps: "
               f"{rs.names(state, swapped)}" if swapped else ""), rs.cite("6.41"))
    if kept:
        ctx.log(f"No Blois counter of the same type for {rs.names(state, kept)}: replace "
                "it by hand", rs.cite("6.41, 5.412"))
    area = rs.board_map.areas.get(loc)
    if area is not None and area.fortified and state["control"].get(loc) != "blois":
        state["control"][loc] = "blois"
        ctx.log(f"{area.name} changes sides with him", rs.cite("6.41"))
        if state["vars"]["sieges"].get(loc, {}).get("side") == "blois":
            del state["vars"]["sieges"][loc]
            ctx.log(f"The Blois siege of {area.name} ends: the city is Blois's",
                    rs.cite("6.41, 10.14"))
        rs.update_counties(state, ctx)


def swap_unit(rs: DeuxBretagne, state: State, unit: str) -> str | None:
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


def nearest_blois_units(rs: DeuxBretagne, state: State, start: str) -> list[str]:
    """The areas with Blois combat units nearest to ``start`` by road (all of them when
    ``start`` is off the map, e.g. a prison)."""
    areas = [a for a in rs.board_map.areas if units_in(rs, state, a, "blois")]
    graph = rs.board_map.graph
    if start not in graph:
        return sorted(areas)
    dist = nx.single_source_shortest_path_length(graph, start)
    near = [a for a in areas if a in dist]
    if not near:
        return sorted(areas)
    best = min(dist[a] for a in near)
    return sorted(a for a in near if dist[a] == best)


def move_cahours(rs: DeuxBretagne, state: State, area: str, ctx: Context) -> None:
    put_piece(state, CAHOURS, area)
    if CAHOURS in state["vars"]["inside"]:
        state["vars"]["inside"].remove(CAHOURS)
    ctx.log(f"Raoul de Cahours joins the Blois units in {rs.board_map.place_name(area)}",
            rs.cite("6.41"))


class CahoursTo(Step):
    """6.41: Blois chooses among the nearest areas with Blois combat units."""

    name = "cahours-to"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return ("Blois: Raoul de Cahours goes to the nearest Blois combat units — where? "
                f"({rs.cite('6.41')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for area in frame["vars"]["choices"]:
            yield Action("cahours-to", (area,))

    def on_cahours_to(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        move_cahours(rs, state, action.args[0], ctx)
        flow.end(rs, state, ctx)


# -- 6.43 B-17 Milices urbaines ---------------------------------------------------------------
def blois_sieges(state: State) -> list[str]:
    return sorted(a for a, m in state["vars"]["sieges"].items() if m["side"] == "blois")


class B17Militia(Step):
    """6.43: the Militia of B-17 joins a Blois siege."""

    name = "b17-militia"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not self._areas(rs, state):
            ctx.log("Milices urbaines: no Blois siege with room for a Militia unit; apply "
                    "the card by hand", rs.cite("6.43"))
            flow.end(rs, state, ctx)

    def _areas(self, rs: DeuxBretagne, state: State) -> list[str]:
        if not any(state["pieces"][p]["type"] == "blois-mil"
                   for p in pieces_at(state, "reserve")):
            return []
        return [a for a in blois_sieges(state)
                if len(units_in(rs, state, a, "blois")) < STACK_LIMIT]

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return ("Blois: Milices urbaines — which siege does the Militia unit join? It leaves "
                f"the map when that siege is lifted ({rs.cite('6.43')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for area in self._areas(rs, state):
            yield Action("militia-to", (area,))
        yield Action("by-hand")

    def on_by_hand(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log("Milices urbaines: applied by hand", rs.cite("6.43"))
        flow.end(rs, state, ctx)

    def on_militia_to(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        area = action.args[0]
        unit = next(p for p in pieces_at(state, "reserve")
                    if state["pieces"][p]["type"] == "blois-mil")
        state["pieces"][unit]["flipped"] = False
        put_piece(state, unit, area)
        state["vars"]["b17"] = {"area": area, "unit": unit, "away": False}
        ctx.log(f"{rs.piece_name(state, unit)} joins the siege of "
                f"{rs.board_map.place_name(area)}", rs.cite("6.43"))
        flow.end(rs, state, ctx)


def after_action(rs: DeuxBretagne, state: State, ctx: Context) -> None:
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
            ctx.log(f"A new siege of {rs.board_map.place_name(area)}: the Militia of "
                    "Milices urbaines comes back, full", rs.cite("6.43"))
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
        ctx.log(f"The siege of {rs.board_map.place_name(area)} is lifted: the Militia of "
                "Milices urbaines leaves the map", rs.cite("6.43"))


# -- 6.45 full or reduced ---------------------------------------------------------------------
class FullOrReduced(Step):
    """6.45: for B-07, M-05 and M-22 the opposing player chooses full or reduced units."""

    name = "full-or-reduced"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: {frame['vars']['card']} — you choose: full "
                f"or reduced units? ({rs.cite('6.45')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("units", ("full",))
        yield Action("units", ("reduced",))

    def on_units(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        ctx.log(f"{rs.side(frame['side']).name} chooses {action.args[0]} units for "
                f"{frame['vars']['card']}: apply the card's text with them by hand",
                rs.cite("6.45"))
        flow.end(rs, state, ctx)


# -- 6.1 new leaders --------------------------------------------------------------------------
def leader_places(rs: DeuxBretagne, state: State, side: str, leader: str) -> list[str]:
    """6.1: friendly-controlled cities; an English leader goes to a friendly port, or to
    Bro Saoz when Montfort controls no port with room."""
    bmap = rs.board_map
    cities = [a for a in sorted(bmap.areas) if state["control"].get(a) == side]
    if rs.piece_types[leader].origin != "English":
        return cities
    ports = [a for a in cities if bmap.areas[a].port
             and len(units_in(rs, state, a, side)) < STACK_LIMIT]
    return ports or ([SEA_BOX] if SEA_BOX in bmap.boxes else [])


class NewLeader(Step):
    """6.1: the leader of the card enters a friendly-controlled city, activated."""

    name = "new-leader"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        leader = frame["vars"]["leader"]
        if leader not in state["pieces"] or state["pieces"][leader]["loc"] != "reserve" \
                or leader in state["vars"]["leaders_out"]:
            ctx.log(f"{rs.piece_types[leader].name} is not available to enter play",
                    rs.cite("6.1"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        name = rs.piece_types[frame["vars"]["leader"]].name
        english = (" (an English leader in a port, else Bro Saoz)"
                   if frame["side"] == "montfort" else "")
        return (f"{rs.side(frame['side']).name}: {name} enters play in a city you control"
                f"{english}, as the card says; he and his units are activated; his units are "
                f"placed by hand ({rs.cite('6.1')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for place in leader_places(rs, state, frame["side"], frame["vars"]["leader"]):
            yield Action("enter-at", (place,))
        yield Action("by-hand")

    def on_by_hand(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(f"{rs.piece_types[frame['vars']['leader']].name}: placed by hand",
                rs.cite("6.1"))
        flow.end(rs, state, ctx)

    def on_enter_at(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        leader, place = frame["vars"]["leader"], action.args[0]
        put_piece(state, leader, place)
        from .cards import current_play

        play = current_play(state, frame["side"])
        if play is not None:  # 6.1: "immediately activated", whatever the card's ACT value
            play.setdefault("activated", []).append(leader)
        ctx.log(f"{rs.piece_types[leader].name} enters play in "
                f"{rs.board_map.place_name(place)}, activated with his units",
                rs.cite("6.1"))
        flow.end(rs, state, ctx)


def leader_entry_actions(rs: DeuxBretagne, state: State, side: str) -> Iterator[Action]:
    """6.1: after an event whose text is unknown, ``enter-leader LEADER`` for each leader of
    ``side`` not yet in play (the card says whether one comes: at most one per card)."""
    from .cards import current_play

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


def enter_leader(rs: DeuxBretagne, state: State, side: str, leader: str, ctx: Context) -> None:
    """``enter-leader LEADER``: the new leader of an event enters play (6.1)."""
    from boardapp.core.base.errors import IllegalActionError

    from .cards import current_play

    if Action("enter-leader", (leader,)) not in set(leader_entry_actions(rs, state, side)):
        raise IllegalActionError(f"{leader} cannot enter play now: a leader enters by the "
                                 "event of the card played in this activation", rs.cite("6.1"))
    play = current_play(state, side)
    assert play is not None
    play["leader_entered"] = True
    ctx.log(f"{rs.side(side).name}: the event of {play['card']} brings in "
            f"{rs.piece_types[leader].name}, as the player reads his card (the card's text is "
            "not in the rules)", rs.cite("6.1"))
    rs.flow.call(rs, state, ctx, "new-leader", side=side, card=play["card"], leader=leader)


class FortressLevel(Step):
    """2.63: B-05, M-06 and M-15 change a fortress level (never below 0 nor above 3); the
    city and the change are on the card: the player who played it applies them here."""

    name = "fortress-level"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        name, card, city = (rs.side(frame["side"]).name, frame["vars"]["card"],
                            frame["vars"]["city"])
        if city is None:
            return (f"{name}: {card} changes a fortress level as the card says — which "
                    f"fortified city? ({rs.cite('2.63')})")
        return (f"{name}: {rs.board_map.place_name(city)} is at fortress level "
                f"{rs.fortress_level(state, city)}: raise or lower it as the card says "
                f"(0 to 3), then Done ({rs.cite('2.63')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        city = frame["vars"]["city"]
        if city is None:
            for area in sorted(rs.board_map.areas):
                if rs.board_map.areas[area].fortified:
                    yield Action("nf-city", (area,))
            yield Action("by-hand")
            return
        level = rs.fortress_level(state, city)
        if level < 3:
            yield Action("nf-up")
        if level > 0:
            yield Action("nf-down")
        yield Action("done")

    def on_nf_city(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        frame["vars"]["city"] = action.args[0]

    def _change(self, rs: DeuxBretagne, state: State, frame: Frame, step: int,
                ctx: Context) -> None:
        city = frame["vars"]["city"]
        before = rs.fortress_level(state, city)
        changes = state["vars"]["nf_change"]
        changes[city] = changes.get(city, 0) + step
        ctx.log(f"{frame['vars']['card']}: the fortress level of "
                f"{rs.board_map.place_name(city)} goes from {before} to "
                f"{rs.fortress_level(state, city)}", rs.cite("2.63"))

    def on_nf_up(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        self._change(rs, state, frame, 1, ctx)

    def on_nf_down(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        self._change(rs, state, frame, -1, ctx)

    def on_done(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)

    def on_by_hand(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(f"{frame['vars']['card']}: no fortress level changed here", rs.cite("2.63"))
        flow.end(rs, state, ctx)


# -- 13.2 the Shares of Evran -----------------------------------------------------------------
def evran_winner(state: State) -> str | None:
    """The side whose Shares of Evran victory the opponent accepted in this turn."""
    return state["vars"].get("evran")


def evran_actions(rs: DeuxBretagne, state: State, side: str) -> Iterator[Action]:
    """13.2: a player who fulfils the Shares of Evran conditions claims it, once a turn,
    from his hand dock, naming the card: one of his cards whose event he played in this
    game and whose text is unknown (which card it is is not in the rules)."""
    v = state["vars"]
    if state["phase"] != "action" or state["flow"] or evran_winner(state) \
            or v.get("evran_claims", {}).get(side) == state["turn"]:
        return
    prefix = "B-" if side == "blois" else "M-"
    for card in sorted(v.get("events_at", {})):
        if card.startswith(prefix) and card not in AUTOMATED:
            yield Action("claim-evran", (card,))


def claim_evran(rs: DeuxBretagne, state: State, side: str, card: str, ctx: Context) -> None:
    from boardapp.core.base.errors import IllegalActionError

    if Action("claim-evran", (card,)) not in set(evran_actions(rs, state, side)):
        raise IllegalActionError("The Shares of Evran are claimed once a turn, in the action "
                                 "phase, on a card whose event you played", rs.cite("13.2"))
    state["vars"].setdefault("evran_claims", {})[side] = state["turn"]
    ctx.log(f"{rs.side(side).name} claims the automatic victory of the Shares of Evran "
            f"({card}): its conditions are on the card (not in the rules)", rs.cite("13.2"))
    rs.flow.call(rs, state, ctx, "evran-answer", side=other(side), claimant=side, card=card)


class EvranAnswer(Step):
    """13.2: the opponent checks the card's conditions and accepts or refuses the claim;
    accepted, the game ends at the end of the turn (automatic victory)."""

    name = "evran-answer"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        who = rs.side(frame["vars"]["claimant"]).name
        return (f"{rs.side(frame['side']).name}: {who} claims the Shares of Evran — are the "
                f"conditions on the card fulfilled? ({rs.cite('13.2')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("evran", ("accept",))
        yield Action("evran", ("refuse",))

    def on_evran(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        claimant = frame["vars"]["claimant"]
        if action.args[0] == "accept":
            state["vars"]["evran"] = claimant
            ctx.log(f"{rs.side(frame['side']).name} accepts: {rs.side(claimant).name} wins "
                    "by the Shares of Evran at the end of this turn", rs.cite("13.2"))
        else:
            ctx.log(f"{rs.side(frame['side']).name} refuses the claim: the game goes on",
                    rs.cite("13.2"))
        flow.end(rs, state, ctx)


def war_lines(rs: DeuxBretagne, state: State) -> list[str]:
    """The external wars in progress, for the players' panels."""
    out = []
    for card, war in sorted(state["vars"].get("wars", {}).items()):
        pieces = rs.names(state, war["pieces"]) or "nothing yet"
        out.append(f"External war {card} on {rs.side(war['side']).name}: {pieces} (6.2)")
    return out


AUTOMATED = (*EXTERNAL_WARS, *FULL_OR_REDUCED, *FORTRESS_CARDS, *SUPPLY_CARDS, "B-03",
             "B-23", "B-17", "M-17", "M-01", "M-02", "B-13", "B-12", "M-09", "B-28")
"""Cards whose event does something here (the rest of their text is applied by hand)."""
EVENT_NOTES = {
    **{c: "external war (6.2)" for c in EXTERNAL_WARS},
    **{c: "the opponent chooses full or reduced units (6.45)" for c in FULL_OR_REDUCED},
    **{c: "changes a fortress level, 0-3 (2.63)" for c in FORTRESS_CARDS},
    **{c: "2 supply bases (12.32)" for c in SUPPLY_CARDS},
    "B-03": "Raoul de Cahours changes sides (6.41)",
    "B-23": "Jean de Montfort, else Cadoudal, else Clisson (6.42)",
    "B-17": "a Militia for a siege, gone when it is lifted (6.43)",
    "M-17": "releases a captured Jean de Normandie for good (6.44)",
    "M-01": "Montfort plays first (4.0)", "M-02": "Artillery for Montfort (5.411)",
    "B-13": "Artillery for Blois (5.411)",
    "B-12": "Jean de Normandie enters (6.1, assumed); plague in 4 turns (6.31)",
    "M-09": "Edward III enters (6.1, assumed); plague in 3 turns (6.31)",
    "B-28": "Bertrand du Guesclin enters (6.1, assumed)",
    "B-01": "naval movement (8.151)", "B-16": "with B-01, sail from a besieged port (8.152)",
}
"""What the rules say a card's event does, in a few words, for the hand panel."""
LABELS = {
    "free-action": "Free action: move 1 lone unit or 1 lone leader (5.32)",
    "war-send": "Set aside {piece} for the external war",
    "war-keep": "{piece} comes back from the war",
    "war-to": "Back from the war to {place}",
    "cahours-to": "Raoul de Cahours to {place}",
    "militia-to": "The Militia joins the siege of {place}",
    "enter-at": "The new leader enters at {place}",
    "by-hand": "Apply it by hand",
    "nf-city": "Change the fortress level of {place}",
    "nf-up": "Fortress level +1", "nf-down": "Fortress level -1",
    "enter-leader": "If your card says so: {piece} enters play (6.1)",
}


def action_label(rs: DeuxBretagne, state: State, action: Action) -> str | None:
    """Button labels of the verbs of this module and of free actions (None: not ours)."""
    verb, args = action.verb, action.args
    if verb in LABELS:
        first = args[0] if args else ""
        place = rs.board_map.place_name(first) if "{place}" in LABELS[verb] else ""
        piece = rs.piece_name(state, first) if "{piece}" in LABELS[verb] else ""
        return LABELS[verb].format(place=place, piece=piece)
    if verb == "war-roll":
        return f"Roll to end the external war of {args[0]} (7+)"
    if verb == "send-to-war":
        return f"Send {rs.piece_name(state, args[1])} to the external war of {args[0]}"
    if verb == "claim-evran":
        return f"Claim the Shares of Evran ({args[0]}, 13.2)"
    if verb == "evran" and args:
        return {"accept": "Accept: the conditions are fulfilled",
                "refuse": "Refuse the claim"}.get(args[0])
    if verb == "units" and args and args[0] in ("full", "reduced"):
        return f"{args[0].capitalize()} units (6.45)"
    return None


EVENT_STEPS = (WarSend, WarRoll, WarReturn, CahoursTo, B17Militia, FullOrReduced, NewLeader,
               FortressLevel, EvranAnswer)
VERBS = ("send-to-war", "enter-leader", "claim-evran")
"""Top-level verbs of this module: ``send-to-war CARD PIECE`` (a war owed, 6.2) and
``enter-leader LEADER`` (6.1, after an event), offered in the hand dock."""


def apply_verb(rs: DeuxBretagne, state: State, action: Action, ctx: Context) -> None:
    side = state["active"]
    if action.verb == "enter-leader":
        enter_leader(rs, state, side, action.arg(0), ctx)
    elif action.verb == "claim-evran":
        claim_evran(rs, state, side, action.arg(0), ctx)
    else:
        send_owed(rs, state, side, action.arg(0), action.arg(1), ctx)
