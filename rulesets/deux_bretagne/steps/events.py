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

The steps; the rules they apply (data, predicates) are in ``model/events.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import resolve
from boardapp.core.engine.verbs import verb

from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.events import (
    STACK_LIMIT,
    WAR_END,
    WAR_MAX_UNITS,
    WAR_PLACE,
    blois_sieges,
    leader_places,
    move_cahours,
    units_in,
)
from ..words import N_
from .common import DeuxBretagneStep


class WarSend(DeuxBretagneStep):
    """6.2: the opponent sets aside a leader and/or units on the war card."""

    name = "war-send"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        card = frame["vars"]["card"]
        sent = state["vars"]["wars"][card]["pieces"]
        return (N_("{side}: external war {card} — set aside the leader and/or units its text "
                   "asks (not in the rules: read the card); {n} set aside so far, then Done "
                   "({rule})", side=rs.side(frame['side']).name, card=card, n=len(sent),
                   rule=rs.cite('6.2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
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

    @verb("war-send", label=labels.piece(N_("Set aside {0} for the external war")))
    def on_war_send(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        pid, card = action.args[0], frame["vars"]["card"]
        where = rs.board_map.place_name(state["pieces"][pid]["loc"])
        put_piece(state, pid, WAR_PLACE)
        if pid in state["vars"]["inside"]:
            state["vars"]["inside"].remove(pid)
        state["vars"]["wars"][card]["pieces"].append(pid)
        ctx.log(N_("{piece} leaves {where} for the external war of {card}",
                   piece=rs.piece_name(state, pid), where=where, card=card),
                rs.cite("6.2"))

    @verb("done", label=N_("Done"))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        card = frame["vars"]["card"]
        if not state["vars"]["wars"][card]["pieces"]:
            ctx.log(N_("{side} sets nothing aside for {card}: if the units the card asks are not "
                       "on the map, recruit them in the next activation and send them (Send to "
                       "war, in the hand)", side=rs.side(frame['side']).name, card=card),
                    rs.cite("6.2"))
        flow.end(rs, state, ctx)


class WarRoll(DeuxBretagneStep):
    """6.2: with an activation-3 card, a roll (7+) may end an external war."""

    name = "war-roll"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: your activation-3 card lets you roll to end an external war (7 or "
                   "more) ({rule})", side=rs.side(frame['side']).name, rule=rs.cite('6.2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for card in frame["vars"]["wars"]:
            yield Action("war-roll", (card,))
        yield Action("done")

    @verb("done", label=N_("Done"))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)

    @verb("war-roll", label=N_("Roll to end the external war of {0} (7+)"))
    def on_war_roll(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        card, side = action.args[0], frame["side"]
        result = resolve(ctx, table=N_("external war roll"), column="", sides=10,
                         zero_based=True, modifiers=[], lookup=lambda n: n >= WAR_END,
                         describe=lambda end: (N_("the war of {card} ends", card=card) if end
                                               else N_("the war of {card} goes on", card=card)),
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
        ctx.log(N_("{card} is removed from the game", card=card), rs.cite("6.2"))
        flow.goto(rs, state, ctx, "war-return", card=card, pieces=list(war["pieces"]),
                  keep=None)


class WarReturn(DeuxBretagneStep):
    """6.2: the leader and 1 unit come back to a friendly fortified city; the other unit
    is eliminated. The owner chooses the unit, then the city."""

    name = "war-return"

    def _units(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
        return [p for p in frame["vars"]["pieces"] if not rs.is_leader(state, p)]

    def _back(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
        keep = frame["vars"]["keep"]
        return [p for p in frame["vars"]["pieces"]
                if rs.is_leader(state, p) or p == keep]

    def _cities(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
        units = sum(1 for p in self._back(rs, state, frame) if not rs.is_leader(state, p))
        side = frame["side"]
        return [a for a in sorted(rs.board_map.areas)
                if rs.board_map.areas[a].fortified and state["control"].get(a) == side
                and len(units_in(rs, state, a, side)) + units <= STACK_LIMIT]

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        units = self._units(rs, state, frame)
        if frame["vars"]["keep"] is None and len(units) <= 1:
            frame["vars"]["keep"] = units[0] if units else ""
        if not frame["vars"]["pieces"]:
            flow.end(rs, state, ctx)
        elif frame["vars"]["keep"] is not None and not self._cities(rs, state, frame):
            ctx.log(N_("{side} controls no fortified city with room: the pieces stay off the "
                       "map; place them by hand", side=rs.side(frame['side']).name), rs.cite("6.2"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name = rs.side(frame["side"]).name
        if frame["vars"]["keep"] is None:
            return (N_("{name}: the war of {card} is over — which unit comes back? The other is "
                       "eliminated ({rule})", name=name, card=frame['vars']['card'],
                       rule=rs.cite('6.2')))
        return (N_("{name}: the war of {card} is over — to which of your fortified cities do "
                   "{names} come back? ({rule})", name=name, card=frame['vars']['card'],
                   names=rs.names(state, self._back(rs, state, frame)), rule=rs.cite('6.2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        if frame["vars"]["keep"] is None:
            for pid in self._units(rs, state, frame):
                yield Action("war-keep", (pid,))
            return
        for area in self._cities(rs, state, frame):
            yield Action("war-to", (area,))

    @verb("war-keep", label=labels.piece(N_("{0} comes back from the war")))
    def on_war_keep(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        frame["vars"]["keep"] = action.args[0]
        self.begin(rs, state, frame, ctx, flow)

    @verb("war-to", label=labels.place(N_("Back from the war to {0}")))
    def on_war_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        area = action.args[0]
        back = self._back(rs, state, frame)
        for pid in back:
            put_piece(state, pid, area)
        gone = [p for p in frame["vars"]["pieces"] if p not in back]
        for pid in gone:
            put_piece(state, pid, rs.eliminated_box)
        ctx.log(N_("{names} come back to {place}", names=rs.names(state, back),
                   place=rs.board_map.place_name(area))
                + (N_("; {names} eliminated",
                      names=rs.names(state, gone)) if gone else ""), rs.cite("6.2"))
        flow.end(rs, state, ctx)


# -- 6.41 B-03 Cahours changes sides --------------------------------------------------------
class CahoursTo(DeuxBretagneStep):
    """6.41: Blois chooses among the nearest areas with Blois combat units."""

    name = "cahours-to"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("Blois: Raoul de Cahours goes to the nearest Blois combat units — where? "
                   "({rule})", rule=rs.cite('6.41')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for area in frame["vars"]["choices"]:
            yield Action("cahours-to", (area,))

    @verb("cahours-to", label=labels.place(N_("Raoul de Cahours to {0}")))
    def on_cahours_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        move_cahours(rs, state, action.args[0], ctx)
        flow.end(rs, state, ctx)


# -- 6.43 B-17 Milices urbaines ---------------------------------------------------------------
class B17Militia(DeuxBretagneStep):
    """6.43: the Militia of B-17 joins a Blois siege."""

    name = "b17-militia"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not self._areas(rs, state):
            ctx.log(N_("Milices urbaines: no Blois siege with room for a Militia unit; apply the "
                       "card by hand"), rs.cite("6.43"))
            flow.end(rs, state, ctx)

    def _areas(self, rs: DeuxBretagneModel, state: State) -> list[str]:
        if not any(state["pieces"][p]["type"] == "blois-mil"
                   for p in pieces_at(state, "reserve")):
            return []
        return [a for a in blois_sieges(state)
                if len(units_in(rs, state, a, "blois")) < STACK_LIMIT]

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("Blois: Milices urbaines — which siege does the Militia unit join? It leaves "
                   "the map when that siege is lifted ({rule})", rule=rs.cite('6.43')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for area in self._areas(rs, state):
            yield Action("militia-to", (area,))
        yield Action("by-hand")

    @verb("by-hand", label=N_("Apply it by hand"))
    def on_by_hand(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(N_("Milices urbaines: applied by hand"), rs.cite("6.43"))
        flow.end(rs, state, ctx)

    @verb("militia-to", label=labels.place(N_("The Militia joins the siege of {0}")))
    def on_militia_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        area = action.args[0]
        unit = next(p for p in pieces_at(state, "reserve")
                    if state["pieces"][p]["type"] == "blois-mil")
        state["pieces"][unit]["flipped"] = False
        put_piece(state, unit, area)
        state["vars"]["b17"] = {"area": area, "unit": unit, "away": False}
        ctx.log(N_("{piece} joins the siege of {place}", piece=rs.piece_name(state, unit),
                   place=rs.board_map.place_name(area)), rs.cite("6.43"))
        flow.end(rs, state, ctx)


class FullOrReduced(DeuxBretagneStep):
    """6.45: for B-07, M-05 and M-22 the opposing player chooses full or reduced units."""

    name = "full-or-reduced"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: {card} — you choose: full or reduced units? ({rule})",
                   side=rs.side(frame['side']).name, card=frame['vars']['card'],
                   rule=rs.cite('6.45')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("units", ("full",))
        yield Action("units", ("reduced",))

    @verb("units", label=labels.units)
    def on_units(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{side} chooses {args} units for {card}: apply the card's text with them by "
                   "hand", side=rs.side(frame['side']).name, args=action.args[0],
                   card=frame['vars']['card']),
                rs.cite("6.45"))
        flow.end(rs, state, ctx)


# -- 6.1 new leaders --------------------------------------------------------------------------
class NewLeader(DeuxBretagneStep):
    """6.1: the leader of the card enters a friendly-controlled city, activated."""

    name = "new-leader"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        leader = frame["vars"]["leader"]
        if leader not in state["pieces"] or state["pieces"][leader]["loc"] != "reserve" \
                or leader in state["vars"]["leaders_out"]:
            ctx.log(N_("{piece_types} is not available to enter play",
                       piece_types=rs.piece_types[leader].name),
                    rs.cite("6.1"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name = rs.piece_types[frame["vars"]["leader"]].name
        english = (N_(" (an English leader in a port, else Bro Saoz)")
                   if frame["side"] == "montfort" else "")
        return (N_("{side}: {name} enters play in a city you control{english}, as the card says; "
                   "he and his units are activated; his units are placed by hand ({rule})",
                   side=rs.side(frame['side']).name, name=name, english=english,
                   rule=rs.cite('6.1')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for place in leader_places(rs, state, frame["side"], frame["vars"]["leader"]):
            yield Action("enter-at", (place,))
        yield Action("by-hand")

    @verb("by-hand", label=N_("Apply it by hand"))
    def on_by_hand(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{piece_types}: placed by hand",
                   piece_types=rs.piece_types[frame['vars']['leader']].name),
                rs.cite("6.1"))
        flow.end(rs, state, ctx)

    @verb("enter-at", label=labels.place(N_("The new leader enters at {0}")))
    def on_enter_at(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        leader, place = frame["vars"]["leader"], action.args[0]
        put_piece(state, leader, place)
        from ..model.cards import current_play

        play = current_play(state, frame["side"])
        if play is not None:  # 6.1: "immediately activated", whatever the card's ACT value
            play.setdefault("activated", []).append(leader)
        ctx.log(N_("{piece_types} enters play in {place}, activated with his units",
                   piece_types=rs.piece_types[leader].name, place=rs.board_map.place_name(place)),
                rs.cite("6.1"))
        flow.end(rs, state, ctx)


class FortressLevel(DeuxBretagneStep):
    """2.63: B-05, M-06 and M-15 change a fortress level (never below 0 nor above 3); the
    city and the change are on the card: the player who played it applies them here."""

    name = "fortress-level"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name, card, city = (rs.side(frame["side"]).name, frame["vars"]["card"],
                            frame["vars"]["city"])
        if city is None:
            return (N_("{name}: {card} changes a fortress level as the card says — which "
                       "fortified city? ({rule})", name=name, card=card, rule=rs.cite('2.63')))
        return (N_("{name}: {place} is at fortress level {fortress_level}: raise or lower it as "
                   "the card says (0 to 3), then Done ({rule})", name=name,
                   place=rs.board_map.place_name(city),
                   fortress_level=rs.fortress_level(state, city), rule=rs.cite('2.63')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
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

    @verb("nf-city", label=labels.place(N_("Change the fortress level of {0}")))
    def on_nf_city(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        frame["vars"]["city"] = action.args[0]

    def _change(self, rs: DeuxBretagneModel, state: State, frame: Frame, step: int,
                ctx: Context) -> None:
        city = frame["vars"]["city"]
        before = rs.fortress_level(state, city)
        changes = state["vars"]["nf_change"]
        changes[city] = changes.get(city, 0) + step
        ctx.log(N_("{card}: the fortress level of {place} goes from {before} to {fortress_level}",
                   card=frame['vars']['card'], place=rs.board_map.place_name(city), before=before,
                   fortress_level=rs.fortress_level(state, city)), rs.cite("2.63"))

    @verb("nf-up", label=N_("Fortress level +1"))
    def on_nf_up(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        self._change(rs, state, frame, 1, ctx)

    @verb("nf-down", label=N_("Fortress level -1"))
    def on_nf_down(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        self._change(rs, state, frame, -1, ctx)

    @verb("done", label=N_("Done"))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)

    @verb("by-hand", label=N_("Apply it by hand"))
    def on_by_hand(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{card}: no fortress level changed here", card=frame['vars']['card']),
                rs.cite("2.63"))
        flow.end(rs, state, ctx)


# -- 13.2 the Shares of Evran -----------------------------------------------------------------
class EvranAnswer(DeuxBretagneStep):
    """13.2: the opponent checks the card's conditions and accepts or refuses the claim;
    accepted, the game ends at the end of the turn (automatic victory)."""

    name = "evran-answer"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        who = rs.side(frame["vars"]["claimant"]).name
        return (N_("{side}: {who} claims the Shares of Evran — are the conditions on the card "
                   "fulfilled? ({rule})", side=rs.side(frame['side']).name, who=who,
                   rule=rs.cite('13.2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("evran", ("accept",))
        yield Action("evran", ("refuse",))

    @verb("evran", label=labels.evran)
    def on_evran(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        claimant = frame["vars"]["claimant"]
        if action.args[0] == "accept":
            state["vars"]["evran"] = claimant
            ctx.log(N_("{side} accepts: {side2} wins by the Shares of Evran at the end of this "
                       "turn", side=rs.side(frame['side']).name, side2=rs.side(claimant).name),
                    rs.cite("13.2"))
        else:
            ctx.log(N_("{side} refuses the claim: the game goes on",
                       side=rs.side(frame['side']).name),
                    rs.cite("13.2"))
        flow.end(rs, state, ctx)


EVENT_STEPS = (WarSend, WarRoll, WarReturn, CahoursTo, B17Militia, FullOrReduced, NewLeader,
               FortressLevel, EvranAnswer)
