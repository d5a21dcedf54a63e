"""Les Deux Bretagne (War of Succession of Brittany, 1341-1364) as a boardapp ruleset.

This module wires the game: the flow (the phases of 4.0 as steps: ``steps/action.py``,
``steps/phases.py``; the procedures of ``steps/``), the set-up of the scenarios (14.x)
and the presentation hooks. The rules themselves are in ``model/`` (data and predicates,
what :class:`.model.base.DeuxBretagneModel` offers the steps) and ``steps/``: movement
(5.31, 7.x, 8.x, 2.64), control of cities and counties (3.1, 3.3, 13.12), the
activations (4.0 C, Turn Table), the strategy cards (5.0-5.6), battles (9.x), sieges
(10.x), pay and resources (12.x), events (6.x) and the end of the turn (4.0 D-F). What
the rules leave to the players is played by hand with the core's manual verbs.
"""

from __future__ import annotations

from dataclasses import replace

from boardapp.core.base.errors import DataError
from boardapp.core.base.i18n import listing, render
from boardapp.core.board.movement import Reach
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, Status
from boardapp.core.engine.state import (
    LEGACY,
    State,
    add_piece,
    new_state,
    pieces_at,
    put_piece,
)

from .model import cards as card_rules
from .model import events, groups, judge, movement
from .model.base import PLAYERS, UNIT_CODE_TYPES, DeuxBretagneModel, sieges
from .model.guess import guess_hidden_cards
from .model.movement import NOBODY_RETREATS, SPLIT_CROSSING, costs_a_step
from .model.names import data_word, scenario_name
from .model.victory import automatic_winner
from .steps.action import ActionPhase
from .steps.battle import BATTLE_STEPS
from .steps.cards import CARD_STEPS
from .steps.common import after_action
from .steps.events import EVENT_STEPS
from .steps.forage import FORAGE_STEPS
from .steps.pay import PAY_STEPS
from .steps.phases import EndOfActions, GameOver
from .steps.recruit import RECRUIT_STEPS
from .steps.resources import RESOURCE_STEPS
from .steps.siege import SIEGE_STEPS
from .steps.turn import TURN_STEPS
from .words import N_, NP_

PHASE_NAMES = {"action": N_("action"), "end-of-actions": N_("end of actions"),
               "over": N_("over")}
"""The phases' names in the status line."""


def side_points(side: str, n: int) -> str:
    """``Blois 5`` (victory points in the status)."""
    return N_("{side} {n}", side=side, n=n)


def side_ps(side: str, n: int) -> str:
    """``Blois 3 PS`` (resources in the status)."""
    return N_("{side} {n} PS", side=side, n=n)


class DeuxBretagne(DeuxBretagneModel):
    """Les Deux Bretagne, by Florent Coupeau (Grognard)."""

    flow = Flow(*BATTLE_STEPS, *SIEGE_STEPS, *FORAGE_STEPS, *RECRUIT_STEPS, *TURN_STEPS,
                *RESOURCE_STEPS, *PAY_STEPS, *CARD_STEPS, *EVENT_STEPS,
                phases=(ActionPhase, EndOfActions, GameOver))
    """4.0: the action phase (B-C), its end, then the game over; the procedures (battles,
    sieges, the end of the turn D-F...) on a stack in ``state["flow"]``."""

    @staticmethod
    def _legacy_rules(state: State, version: str) -> None:
        """Games recorded before version 0.4 moved without a card or a free action (the
        5.2/5.32 activation rule was not checked), before 0.6 several armies with one ACT
        card (5.3, 8.153), before 0.7 an army crossing a fortress in two moves kept its
        step and a beaten side with nobody left was still asked to retreat (8.22, 9.5):
        they replay, and go on, that way."""
        if version in ("0.1", "0.2", "0.3"):
            state["vars"]["require_card"] = False
        if version in ("0.1", "0.2", "0.3", "0.4", "0.5"):
            state["vars"]["one_army_per_card"] = False  # 5.3, 8.153: checked from 0.6
        if version in ("0.1", "0.2", "0.3", "0.4", "0.5", "0.6"):
            state[LEGACY] = {SPLIT_CROSSING: False, NOBODY_RETREATS: False}  # from 0.7

    # -- set-up (14.x) -----------------------------------------------------------------
    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        sc = self.scenario_data[scenario]
        bmap = self.board_map
        state = new_state(self.id, scenario, new_rng(seed), list(PLAYERS))
        state["vars"] = {
            "mp_spent": {},
            "activations": {side: 0 for side in PLAYERS},
            "hands": {side: list(sc.hands.get(side, [])) for side in PLAYERS},
            "chit_cup": [c for c in self.chits if c not in sc.chits_out],
            "chits_out": list(sc.chits_out),
            "last_turn": sc.last_turn,
            "activation_no": 0,
            "fought": [],
            "sieges": {area: {"level": m["level"], "side": m["side"], "ready_at": 0}
                       for area, m in sc.extra.get("sieges", {}).items()},
            "inside": [],
            "pillage": [],
            "paid": [],
            "unpaid": [],
            "pillage_before": {},
            "plague_turn": None,
            "plague_done": False,
            "recruited": {},
            "events": list(sc.extra.get("events", [])),
            "cards_out": list(sc.extra.get("cards_out", [])),
            "leaders_out": list(sc.extra.get("leaders_out", [])),
            "nf_change": dict(sc.extra.get("nf_change", {})),
            "side_of": {},
            "resources": {side: 0 for side in PLAYERS},
        }
        state["flow"] = []
        card_rules.init_cards(self, state, sc)  # 5.1: hands are drawn by ``draw`` (4.0 B)
        types, counts = self._types
        for tid, t in types.items():
            if t.leader:
                add_piece(state, tid, tid, "reserve")
        for tid, n in counts.items():
            for i in range(1, n + 1):
                add_piece(state, f"{tid}-{i}", tid, "reserve")
        inside_at = sc.extra.get("inside", {})
        for side, places in sc.placements.items():
            for place, tokens in places.items():
                if not bmap.is_place(place):
                    raise DataError("scenarios.yaml", f"{scenario}.placements.{side}.{place}",
                                    "no such area or box on the map")
                for token in tokens:  # listed top first: each goes to the bottom
                    pid = self._take(state, side, token, scenario)
                    put_piece(state, pid, place, index=len(pieces_at(state, place)))
                    if self.piece_types[state["pieces"][pid]["type"]].side != side:
                        state["vars"]["side_of"][pid] = side  # e.g. 6.41 B-03 played
                    if inside_at.get(place) == side:
                        state["vars"]["inside"].append(pid)
        for side, regions in sc.counties.items():
            for region in regions:
                state["region_control"][region] = side
                for area in bmap.region_areas(region):
                    state["control"][area] = side
        for side, areas in sc.cities.items():
            for area in areas:
                if area not in bmap.areas:
                    raise DataError("scenarios.yaml", f"{scenario}.cities.{side}",
                                    f"no area {area!r} on the map")
                state["control"][area] = side
        for area in bmap.areas:
            stack = pieces_at(state, area)
            if stack and all(self.piece_side(state, p) == "marauders" for p in stack):
                state["control"][area] = None  # 3.1: only Marauders, independent
            state["control"].setdefault(area, None)
        for region in bmap.regions:
            state["region_control"].setdefault(region, None)
        state["score"] = {side: sc.vp.get(side, 0) for side in PLAYERS}
        state["turn"] = sc.first_turn
        state["phase"] = "action"
        state["active"] = events.first_player(state)  # 4.0: Blois, or Montfort after M-01
        if played_with is not None:
            self._legacy_rules(state, played_with)
        return state

    def _take(self, state: State, side: str, token: str, scenario: str) -> str:
        reduced = token.startswith("reduced:")
        code = token.removeprefix("reduced:")
        if code in self.piece_types and self.piece_types[code].leader:
            if state["pieces"][code]["loc"] != "reserve":
                raise DataError("scenarios.yaml", f"{scenario}.placements.{side}",
                                f"leader {code} is placed twice")
            return code
        if code not in UNIT_CODE_TYPES:
            raise DataError("scenarios.yaml", f"{scenario}.placements.{side}",
                            f"{token!r} is neither a leader id nor a unit code")
        tid = f"{'marauder' if side == 'marauders' else side}-{UNIT_CODE_TYPES[code]}"
        for pid in pieces_at(state, "reserve"):
            if state["pieces"][pid]["type"] == tid:
                state["pieces"][pid]["flipped"] = reduced
                return pid
        raise DataError("counters.yaml", "mix.counts", f"not enough {tid} counters for "
                                                       f"scenario {scenario}")

    # -- legal actions and verbs -------------------------------------------------------
    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """Where ``pieces`` may go; a route that crosses enemy fortresses neither masked nor
        besieged says what it costs in steps (8.22), so the drag shows it before the drop."""
        group = movement.make_group(self, state, pieces)
        reach = movement.legal_destinations(self, state, pieces, group)
        if not reach or not isinstance(group, groups.Group):
            return reach
        for place, r in reach.items():
            steps = sum(1 for p in r.path[1:-1] if costs_a_step(self, state, group, p))
            steps += movement.crosses_its_start(self, state, group)  # 8.22, split moves
            if steps:
                reach[place] = replace(r, label=NP_("{cost} MP, -{n} step (8.22)",
                                                    "{cost} MP, -{n} steps (8.22)", steps,
                                                    cost=r.cost))
        return reach

    def after_manual(self, state: State, ctx: Context) -> None:
        after_action(self, state, ctx)  # sieges lifted (10.14), B-17's Militia (6.43)

    def automatic_winner(self, state: State) -> tuple[str, str] | None:
        """The automatic victory at the end of a turn (13.2), as (side, why)."""
        return automatic_winner(self, state)

    def outcome(self, state: State) -> str | None:
        return state["vars"].get("result")

    # -- presentation ------------------------------------------------------------------
    def counter_face(self, state: State, pid: str) -> CounterFace:
        t = self.piece_type(state, pid)
        side = self.side(self.piece_side(state, pid))
        if t.leader:
            return CounterFace(
                colour=side.colour, text_colour=side.text_colour, title=t.name,
                subtitle=t.origin, values=(str(t.activation), f"{t.bonus:+d}", str(t.command)),
                is_leader=True, tag=N_("in fortress") if pid in groups.inside(state) else "",
                tooltip=(N_("{t} ({side}, {origin})\nactivation {activation}, combat bonus "
                            "{bonus}, command {command}, move 8 (2.3)\nsource: {source}",
                            t=data_word(t.name), side=side.name, origin=data_word(t.origin),
                            activation=t.activation, bonus=f"{t.bonus:+d}", command=t.command,
                            source=data_word(t.source))))
        reduced = self.is_reduced(state, pid)
        tag = N_("in fortress") if pid in groups.inside(state) else ""
        i = 1 if reduced else 0
        values = (str(t.combat[i]), str(t.loss[i]), str(t.move[i]))
        return CounterFace(
            colour=side.colour, text_colour=side.text_colour, title=t.label,
            subtitle=side.name if t.side == "marauders" else "", values=values, reduced=reduced,
            tag=tag,
            tooltip=(N_("{piece}: {t}\ncombat {values}, loss {values2}, movement "
                        "{values3}\nsource: {source}", piece=self.piece_name(state, pid),
                        t=data_word(t.name), values=values[0], values2=values[1],
                        values3=values[2],
                        source=t.source)))

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        """A player's hand and draw pile are his secret (the pile's size is public)."""
        return {side: [("vars", "hands", side), ("vars", "decks", side)] for side in PLAYERS}

    def standing(self, state: State) -> dict[str, float]:
        """1 for the winner by the rules (13.2, 14.x), now or at the end (model/judge.py)."""
        return judge.standing(self, state)

    def evaluate(self, state: State, side: str) -> float:
        """The winner by the rules, then the goal cities, VP, strength (model/judge.py)."""
        return judge.evaluate(self, state, side)

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """The other side's hand and pile dealt from its unseen cards (model/guess.py)."""
        return guess_hidden_cards(self, view, side, seed)

    def private_lines(self, state: State, side: str) -> list[str]:
        v = state["vars"]
        hand = v["hands"].get(side, [])
        lines = ([card_rules.card_line(self, state, c) for c in hand] if hand
                 else [N_("No card in hand")])
        lines.extend(events.war_lines(self, state))  # 6.2
        lines.append(N_("Deck {n} cards, discard {n2}; '?' = not in the rules, asked when "
                        "played; groups assumed (cards.yaml)", n=len(v['decks'].get(side, [])),
                        n2=len(v['discard'].get(side, []))))
        return lines

    def place_markers(self, state: State) -> dict[str, list[str]]:
        markers: dict[str, list[str]] = {}
        for area, m in sieges(state).items():
            markers.setdefault(area, []).append(N_("Siege {level}", level=m['level']))
        for area in state["vars"]["pillage"]:
            markers.setdefault(area, []).append(N_("Pillage"))
        for side, bases in sorted(state["vars"].get("supply_bases", {}).items()):  # 12.32
            for area in bases:
                markers.setdefault(area, []).append(N_("Supply base ({side})",
                                                       side=self.side(side).name))
        return {area: [render(m) for m in ms] for area, ms in markers.items()}  # words now

    def status(self, state: State) -> Status:
        """The title (scenario, turn and years) and the position in words: points,
        resources, hands, chits, markers, counties, areas and boxes."""
        bmap = self.board_map
        sc = self.scenario_data[state["scenario"]]
        title = N_("{game} — {id} {scenario} — {turn}", game=self.name, id=sc.id,
                   scenario=scenario_name(sc.name), turn=self.turn_label(state["turn"]))
        out = [N_("{turn} of {last_turn}, phase: {phase}, to play: {side}",
                  turn=self.turn_title(state["turn"]), last_turn=sc.last_turn,
                  phase=PHASE_NAMES.get(state["phase"], state["phase"]),
                  side=self.side(state["active"]).name),
               N_("Victory points: {points}", points=listing(
                   [side_points(self.side(s).name, state["score"][s]) for s in PLAYERS]))]
        out.append(N_("Resources: {points}", points=listing(
            [side_ps(self.side(s).name, state["vars"]["resources"].get(s, 0))
             for s in PLAYERS])))
        hands = state["vars"]["hands"]
        for s in PLAYERS:
            cards = listing([card_rules.card_name(self, c) for c in hands[s]]) or N_("none")
            out.append(N_("{side} hand: {cards}; deck {n}, discard: {value}",
                          side=self.side(s).name, cards=cards, n=len(state['vars']['decks'][s]),
                          value=listing(state['vars']['discard'][s]) or N_("none")))
        out.append(N_("Tactical chit cup: {names} (left out: {value})",
                      names=listing(state['vars']['chit_cup']),
                      value=listing(state['vars']['chits_out']) or N_("none")))
        for area, m in sorted(sieges(state).items()):
            out.append(N_("Siege {level} marker on {place} ({side} besieges)", level=m['level'],
                          place=bmap.place_name(area), side=self.side(m['side']).name))
        if state["vars"]["pillage"]:
            out.append(N_("Pillage markers: {places}", places=listing(
                [bmap.place_name(a) for a in state["vars"]["pillage"]])))
        out.extend(events.war_lines(self, state))  # 6.2: pieces off the map on a card
        out.append(N_("Counties:"))
        for region in bmap.regions.values():
            owner = state["region_control"].get(region.id)
            out.append(N_("  {region}: {value} (needs {cities_needed} cities, {vp} VP)",
                          region=region.name,
                          value=self.side(owner).name if owner else N_("neutral"),
                          cities_needed=region.cities_needed, vp=region.vp))
        out.append(N_("Areas:"))
        for area in sorted(bmap.areas.values(), key=lambda a: a.name):
            owner = state["control"].get(area.id)
            kind = (N_("fortified NF {fortress_level}",
                       fortress_level=self.fortress_level(state, area.id)) if area.fortified
                    else N_("open"))
            pieces = listing([self._piece_line(state, p) for p in pieces_at(state, area.id)],
                             "; ")
            line = (N_("  {area} [{kind}] control: {value}", area=area.name, kind=kind,
                       value=self.side(owner).name if owner else N_("none")))
            out.append(N_("{line} — {pieces}", line=line, pieces=pieces) if pieces else line)
        out.append(N_("Boxes:"))
        for b in bmap.boxes.values():
            pieces = pieces_at(state, b.id)
            if b.id == "reserve":
                out.append(N_("  {b}: {n} counters", b=b.name, n=len(pieces)))
            elif pieces:
                out.append(N_("  {box}: {pieces}", box=b.name, pieces=listing(
                    [self._piece_line(state, p) for p in pieces], "; ")))
        return Status(title, tuple(out), pieces=False)

    def _piece_line(self, state: State, pid: str) -> str:
        if self.is_leader(state, pid):
            inside = N_(" (inside the fortress)") if pid in groups.inside(state) else ""
            return N_("{piece}{inside}", piece=self.piece_name(state, pid), inside=inside)
        steps = N_("1 step") if self.is_reduced(state, pid) else N_("2 steps")
        t = self.piece_type(state, pid)
        where = N_(", inside the fortress") if pid in groups.inside(state) else ""
        return N_("{side} {unit} #{number} ({steps}{where})",
                  side=self.side(self.piece_side(state, pid)).name, unit=t.label,
                  number=pid.rsplit("-", 1)[-1], steps=steps, where=where)
