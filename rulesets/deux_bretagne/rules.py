"""Les Deux Bretagne (War of Succession of Brittany, 1341-1364) as a boardapp ruleset.

Automated here: the set-up of the scenarios (14.x), movement legality (5.31, 7.12, 7.2,
8.1, 8.11, 8.21, 8.23, 8.26, 2.64), control of cities and counties with its victory
points (3.1, 3.3, 13.12), the activation count of the action phase (4.0 C, Turn Table),
the strategy cards (decks, phase B draws, ACT/REC/SOL/EVT plays, 5.0-5.6: cards.py)
and the turn marker. Everything else is played by hand with the core's manual verbs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cached_property

from boardapp.core.base.errors import DataError, IllegalActionError, InvalidActionError
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.datasheets import Sheet
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import (
    CounterFace,
    DiceSpec,
    MoveVerdict,
    Ruleset,
    ScenarioInfo,
    SideInfo,
)
from boardapp.core.engine.state import State, add_piece, new_state, pieces_at, put_piece

from . import battle, events, labels, movement, naval, pay, sheets
from . import cards as card_rules
from .battle import BATTLE_STEPS
from .cards import CARD_STEPS
from .data import PieceType, Scenario, load_cards, load_chits, load_piece_types, load_scenarios
from .forage import FORAGE_STEPS, must_forage
from .pay import PAY_STEPS
from .recruit import RECRUIT_STEPS, do_recruit, why_not_recruit
from .resources import RESOURCE_STEPS
from .siege import (
    SIEGE_STEPS,
    can_assault,
    can_besiege,
    can_sortie,
    check_sieges,
    do_assault,
    do_besiege,
    do_sortie,
    record_activation,
    sieges,
    step_loss,
)
from .turn import TURN_STEPS

PLAYERS = ("blois", "montfort")
DISCARD_STEP = "discard-down"  # 4.0 C: cards.py's step, played from the Hand dock
PRISON = {"blois": "prison-bro-saoz", "montfort": "prison-bro-chall"}  # 9.42
UNIT_CODE_TYPES = {"ch-fr": "ch-fr", "ch-br": "ch-br", "ch-an": "ch-an", "me": "me",
                   "mil": "mil", "art": "art", "ch": "ch"}


def activations_allowed(turn: int) -> int:
    """Activations per player in the action phase (Turn Table: 2 in turn 1, then 5)."""
    return 2 if turn == 1 else 5


class DeuxBretagne(Ruleset):
    """Les Deux Bretagne, by Florent Coupeau (Grognard)."""

    id = "deux-bretagne"
    name = "Les Deux Bretagne"
    version = "0.6"
    """Bumped whenever the state or the rules change: a saved game of an older version
    replays its actions and dice but its final-state digest is not required to match."""
    aliases = ("deux_bretagne", "ldb", "les-deux-bretagne")
    rules_name = "Deux Bretagne"
    sides = (
        SideInfo("blois", "Blois", "#4f7fc4", "#ffffff"),
        SideInfo("montfort", "Montfort", "#e6d3a3", "#2b2216"),
        SideInfo("marauders", "Marauders", "#9b9b9b", "#111111", playable=False),
    )
    player_sides = PLAYERS
    dice = DiceSpec(sides=10, zero_based=True)  # 2.7: a zero is a zero
    default_scenario = "14.1"
    map_file = "deux_bretagne.yaml"
    flow = Flow(*BATTLE_STEPS, *SIEGE_STEPS, *FORAGE_STEPS, *RECRUIT_STEPS, *TURN_STEPS,
                *RESOURCE_STEPS, *PAY_STEPS, *CARD_STEPS, *events.EVENT_STEPS)
    """Procedures with players' decisions (battles), on a stack in ``state["flow"]``."""

    # -- data --------------------------------------------------------------------------
    @cached_property
    def _types(self) -> tuple[dict[str, PieceType], dict[str, int]]:
        return load_piece_types()

    @property
    def piece_types(self) -> dict[str, PieceType]:
        """Counter types (printed values) by id."""
        return self._types[0]

    @cached_property
    def scenario_data(self) -> dict[str, Scenario]:
        """Scenario set-ups by id."""
        return load_scenarios()

    @cached_property
    def chits(self) -> dict[str, str]:
        """Tactical chit names by id."""
        return load_chits()

    def data_sheets(self) -> list[Sheet]:
        """The card values the rules do not print, filled in by the players (sheets.py)."""
        return sheets.data_sheets(self)

    @cached_property
    def cards(self) -> dict[str, dict]:
        """What is known of the strategy cards."""
        return load_cards()

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {s.id: ScenarioInfo(s.id, s.name, s.description)
                for s in self.scenario_data.values()}

    def piece_type(self, state: State, pid: str) -> PieceType:
        """The printed values of piece ``pid``."""
        return self.piece_types[state["pieces"][pid]["type"]]

    def piece_side(self, state: State, pid: str) -> str:
        """The camp of ``pid``: its counter's, unless an event turned it (6.41 B-03)."""
        return state["vars"]["side_of"].get(pid) or self.piece_type(state, pid).side

    def fortress_level(self, state: State, area: str) -> int:
        """The fortress level (NF) of ``area`` now: the map's, changed by events and
        scenarios (2.63: never below 0 nor above 3 by events)."""
        base = self.board_map.areas[area].nf
        return max(0, min(3, base + state["vars"]["nf_change"].get(area, 0)))

    def is_leader(self, state: State, pid: str) -> bool:
        """Leaders are not combat units (2.3)."""
        return self.piece_type(state, pid).leader

    def is_reduced(self, state: State, pid: str) -> bool:
        """A reduced unit shows its white-strip side (2.2); leaders have no reduced side."""
        return bool(state["pieces"][pid]["flipped"]) and not self.is_leader(state, pid)

    def movement_factor(self, state: State, pid: str) -> int:
        """Movement factor; leaders move 8 (2.3)."""
        t = self.piece_type(state, pid)
        return int(t.move[1] if self.is_reduced(state, pid) else t.move[0])

    @staticmethod
    def _legacy_rules(state: State, version: str) -> None:
        """Games recorded before version 0.4 moved without a card or a free action (the
        5.2/5.32 activation rule was not checked), before 0.6 several armies with one ACT
        card (5.3, 8.153): they replay, and go on, that way."""
        if version in ("0.1", "0.2", "0.3"):
            state["vars"]["require_card"] = False
        if version in ("0.1", "0.2", "0.3", "0.4", "0.5"):
            state["vars"]["one_army_per_card"] = False  # 5.3, 8.153: checked from 0.6

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
    def check_move(self, state: State, pieces: list[str], dest: str) -> MoveVerdict:
        return movement.check_move(self, state, pieces, dest)

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """Where ``pieces`` may go; a route that crosses enemy fortresses neither masked nor
        besieged says what it costs in steps (8.22), so the drag shows it before the drop."""
        reach = movement.legal_destinations(self, state, pieces)
        group = movement.make_group(self, state, pieces) if reach else None
        if not isinstance(group, movement.Group):
            return reach
        for place, r in reach.items():
            steps = sum(1 for p in r.path[1:-1] if self._costs_a_step(state, group, p))
            if steps:
                reach[place] = replace(r, label=f"{r.cost} MP, -{steps} step"
                                                f"{'s' if steps > 1 else ''} (8.22)")
        return reach

    def legal_actions(self, state: State) -> Iterator[Action]:
        if self.flow.top(state):
            yield from self.flow.legal_actions(self, state)
            return
        if state["phase"] == "action":
            side = state["active"]
            for place, stack in sorted(state["stacks"].items()):
                if place not in self.board_map.graph:
                    continue
                own = [p for p in stack if self.piece_side(state, p) == side]
                groups: list[list[str]] = []
                if len(own) > 1:
                    groups.append(own)
                groups.extend([p] for p in own)
                for group in groups:
                    for dest in sorted(self.reachable(state, group)):
                        yield Action.of("move", group, dest)
            yield from self._siege_actions(state)
            yield from self._recruit_actions(state)
            yield from self._card_actions(state)
            yield from self.hand_actions(state, side)
            yield Action("end")
        elif state["phase"] == "end-of-actions":
            yield Action("next-turn")

    def acting_side(self, state: State) -> str:
        return self.flow.active_side(state) or state["active"]

    def _siege_actions(self, state: State) -> Iterator[Action]:
        """``besiege`` and ``assault`` where the active side may (10.12, 10.21)."""
        side = state["active"]
        if card_rules.siege_refusal(self, state, side):  # 5.3, 5.321, 10.12
            return
        for area in sorted(self.board_map.areas):
            if not self.board_map.areas[area].fortified or area not in state["stacks"]:
                continue
            if can_besiege(self, state, area, side) is None:
                yield Action("besiege", (area,))
            if can_assault(self, state, area, side) is None:
                yield Action("assault", (area,))
            if can_sortie(self, state, area, side) is None:
                yield Action("sortie", (area,))

    def piece_actions(self, state: State, pid: str) -> list[Action]:
        if self.flow.top(state) or state["phase"] != "action":
            return []
        if self.is_leader(state, pid) and why_not_recruit(self, state, pid) is None:
            return [Action("recruit", (pid, "ch")), Action("recruit", (pid, "me"))]
        return []

    def _recruit_actions(self, state: State) -> Iterator[Action]:
        """``recruit LEADER ch|me`` for every leader who may recruit now (5.4)."""
        for pid in sorted(state["pieces"]):
            if self.is_leader(state, pid) and why_not_recruit(self, state, pid) is None:
                yield Action("recruit", (pid, "ch"))
                yield Action("recruit", (pid, "me"))

    def _card_actions(self, state: State) -> Iterator[Action]:
        """Phase B ``draw`` (and ``enlist``, 5.11) until the side has drawn; ``play CARD
        USE`` for its hand (5.2)."""
        side = state["active"]
        if card_rules.why_not_draw(state, side) is None:
            if card_rules.why_not_enlist(state, side) is None:
                yield Action("enlist")  # 5.11: added at the start of phase B, before drawing
            yield Action("draw")
        if card_rules.why_not_free_action(self, state, side) is None:
            yield Action("free-action")  # 5.32

    def place_actions(self, state: State, place: str) -> list[Action]:
        if self.flow.top(state) or state["phase"] != "action":
            return []
        return [a for a in self._siege_actions(state) if a.args[0] == place]

    def hand_actions(self, state: State, side: str) -> list[Action]:
        top = self.flow.top(state)
        if top:  # discarding down to one card (4.0 C) is done from the hidden hand
            if top["step"] == DISCARD_STEP and top["side"] == side:
                return list(self.flow.legal_actions(self, state))
            return []
        if state["phase"] != "action" or side != state["active"]:
            return []
        return list(card_rules.play_actions(self, state, side))

    def flow_actions(self, state: State) -> list[Action]:
        top = self.flow.top(state)
        if top:
            if top["step"] == DISCARD_STEP:
                return []  # in the Hand dock: the toolbar would show the hand to all
            return list(self.flow.legal_actions(self, state))
        if state["phase"] == "action":
            return [*self._siege_actions(state), *self._card_actions(state), Action("end")]
        if state["phase"] == "end-of-actions":
            return [Action("next-turn")]
        return []

    def action_label(self, state: State, action: Action) -> str:
        label = (labels.action_label(self, state, action)
                 or events.action_label(self, state, action)
                 or battle.action_label(self, state, action)
                 or pay.action_label(self, state, action))
        return label if label is not None else super().action_label(state, action)

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if self.flow.top(state):
            if action.verb in ("move", "end", "next-turn", "besiege", "assault", "sortie",
                               "recruit", "play", "draw", "enlist", "free-action",
                               "send-to-war"):
                raise IllegalActionError("A decision is pending first: "
                                         + self.flow.prompt(self, state))
            self.flow.apply(self, state, action, ctx)
        elif action.verb == "move":
            self._move(state, action, ctx)
        elif action.verb in ("besiege", "assault", "sortie"):
            if state["phase"] != "action":
                raise IllegalActionError("Sieges are made in activations", self.cite("10.12"))
            area = action.arg(0)
            if area not in self.board_map.areas:
                raise InvalidActionError(f"'{action.text()}': no area {area!r}")
            why = card_rules.siege_refusal(self, state, state["active"])  # 5.3, 5.321
            if why:
                raise IllegalActionError(why[0], self.cite(why[1]))
            if action.verb == "besiege":
                do_besiege(self, state, area, ctx)
            elif action.verb == "sortie":
                do_sortie(self, state, area, ctx, self.flow)
            else:
                do_assault(self, state, area, ctx, self.flow)
        elif action.verb == "recruit":
            if state["phase"] != "action":
                raise IllegalActionError("Recruitment is made in activations", self.cite("5.4"))
            do_recruit(self, state, action.arg(0), action.arg(1), ctx, self.flow)
            card_rules.count_recruit(state, state["active"])
        elif action.verb == "play":
            card_rules.start_play(self, state, state["active"], action.arg(0), action.arg(1),
                                  ctx, self.flow)
        elif action.verb == "draw":
            card_rules.draw(self, state, state["active"], ctx)
        elif action.verb == "free-action":
            card_rules.free_action(self, state, state["active"], ctx)
        elif action.verb in events.VERBS:
            events.apply_verb(self, state, action, ctx)
        elif action.verb == "enlist":
            card_rules.enlist(self, state, state["active"], ctx)
        elif action.verb == "end":
            self._end_activation(state, ctx)
        elif action.verb == "next-turn":
            self._next_turn(state, ctx)
        else:
            raise InvalidActionError(f"unknown action {action.verb!r} (known: move, besiege, "
                                     "assault, recruit, play, draw, enlist, end, next-turn, "
                                     "and the manual verbs)")
        check_sieges(self, state, ctx)
        events.after_action(self, state, ctx)  # 6.43

    def after_manual(self, state: State, ctx: Context) -> None:
        check_sieges(self, state, ctx)
        events.after_action(self, state, ctx)  # 6.43

    def _move(self, state: State, action: Action, ctx: Context) -> None:
        if state["phase"] != "action":
            raise IllegalActionError("Pieces move only in the action phase", self.cite("4.0 C"))
        pids, dest, reach = self.legal_move(state, action)
        group = movement.make_group(self, state, pids)
        assert isinstance(group, movement.Group)
        card_rules.note_army(state, group.side, list(group.leaders))  # 5.3, 8.153
        bmap = self.board_map
        names = self.names(state, pids)
        route = " → ".join(bmap.place_name(p) for p in reach.path)
        if naval.is_naval(self, reach):
            state["vars"]["card_play"]["naval_used"] = True
            verb = "sails" if len(pids) == 1 else "sail"
            ctx.log(f"{names} {verb} {route} (all their movement)", self.cite("8.151, 8.153"))
        else:
            verb = "moves" if len(pids) == 1 else "move"
            ctx.log(f"{names} {verb} {route} ({reach.cost} MP)", self.cite("8.1"))
        crossed = []
        for i, place in enumerate(reach.path[1:], start=1):
            final = i == len(reach.path) - 1
            if not final and self._costs_a_step(state, group, place):
                crossed.append(place)
            if group.units and not movement.enemy_units_at(self, state, place, group.side):
                for leader in movement.enemy_leaders_at(self, state, place, group.side):
                    if leader in movement.inside(state):
                        continue
                    owner = self.piece_side(state, leader)
                    area = bmap.areas.get(place)
                    if area is not None and area.fortified and state["control"].get(
                            place) == owner:  # 8.24: rather than be captured (8.23)
                        state["vars"]["inside"].append(leader)
                        ctx.log(f"{self.piece_name(state, leader)}, alone, withdraws inside "
                                f"the fortress of {bmap.place_name(place)}",
                                self.cite("8.24"))
                        continue
                    put_piece(state, leader, PRISON[owner])
                    ctx.log(f"{self.piece_name(state, leader)} is captured in "
                            f"{bmap.place_name(place)} and sent to "
                            f"{bmap.place_name(PRISON[owner])}", self.cite("8.23, 9.42"))
            if movement.takes_control(self, state, group, place) and (
                    not final or reach.extra_paid):
                state["control"][place] = group.side
                ctx.log(f"{self.side(group.side).name} takes control of "
                        f"{bmap.place_name(place)} (+1 MP)", self.cite("8.26"))
            elif final and movement.takes_control(self, state, group, place):
                ctx.log(f"Not enough MP left to take control of {bmap.place_name(place)}",
                        self.cite("3.1, 8.26"))
        for pid in reversed(pids):
            put_piece(state, pid, dest)
        spent = state["vars"]["mp_spent"]
        for pid in pids:
            spent[pid] = spent.get(pid, 0) + reach.cost
        self.update_counties(state, ctx)
        then = self._stop_for_battle(state, group, reach, ctx) if reach.stops else None
        if group.leaders and must_forage(len(group.units)):  # 8.16, after any battle
            self.flow.call(self, state, ctx, "forage", side=group.side,
                           cities=list(reach.path[1:]), units=list(group.units),
                           leaders=list(group.leaders), start=reach.path[0],
                           after_battle=bool(then or crossed))
        if crossed:  # the steps are lost on the way, before any battle at the end
            names = ", ".join(bmap.place_name(p) for p in crossed)
            self.flow.call(self, state, ctx, "step-losses", side=group.side, then=then,
                           pending=[step_loss(group.side, len(crossed), list(group.units),
                                              f"Army crossing the enemy fortress of {names}",
                                              self.cite("8.22"))])
        elif then is not None:
            self.flow.call(self, state, ctx, then["step"], side=then["side"], **then["vars"])

    def _costs_a_step(self, state: State, group: movement.Group, place: str) -> bool:
        """An army crossing an enemy fortress neither masked nor besieged loses a step
        (8.22, 10.15)."""
        area = self.board_map.areas.get(place)
        if area is None or not area.fortified or not (group.leaders and group.units):
            return False
        if state["control"].get(place) in (group.side, None):
            return False
        masked = any(self.piece_side(state, p) == group.side and not self.is_leader(state, p)
                     for p in pieces_at(state, place))
        besieged = sieges(state).get(place, {}).get("side") == group.side
        return not masked and not besieged

    def _stop_for_battle(self, state: State, group: movement.Group, reach: Reach,
                         ctx: Context) -> dict | None:
        """Movement stops on entering enemy units (5.31, 8.21); an army attacks (9.1).

        Returns the procedure to enter (reaction or battle), or ``None``.
        """
        dest = reach.place
        spent = state["vars"]["mp_spent"]
        before = {pid: spent[pid] for pid in group.pieces}
        for pid in group.pieces:
            spent[pid] = self.movement_factor(state, pid)
        name = self.board_map.place_name(dest)
        ctx.log(f"Movement stops in {name}: enemy units are there", self.cite("5.31, 8.21"))
        enemies = movement.enemy_units_at(self, state, dest, group.side, outside_only=True)
        if not group.leaders:
            ctx.log("No battle: combat units attack only with a leader", self.cite("2.2, 9.1"))
            return None
        commander = max(group.leaders, key=lambda p: self.piece_type(state, p).command)
        defender = self.piece_side(state, enemies[0])
        battle = dict(area=dest, attacker=group.side, defender=defender,
                      attacker_commander=commander, entered_from=reach.path[-2],
                      spent_before=before)
        area = self.board_map.areas.get(dest)
        if (area is not None and area.fortified and defender in PLAYERS
                and state["control"].get(dest) == defender):
            return {"step": "reaction", "side": defender, "vars": battle}  # 8.24
        return {"step": "battle", "side": group.side, "vars": battle}

    def update_counties(self, state: State, ctx: Context) -> None:
        """Give a county to the side that controls enough of its cities (3.3, 13.12)."""
        bmap = self.board_map
        for region in bmap.regions.values():
            if region.cities_needed is None:
                continue
            areas = bmap.region_areas(region.id)
            current = state["region_control"].get(region.id)
            for side in PLAYERS:
                held = sum(1 for a in areas if state["control"].get(a) == side)
                if side == current or held < region.cities_needed:
                    continue
                state["region_control"][region.id] = side
                vp = region.vp or 0
                state["score"][side] += vp
                if current in state["score"]:
                    state["score"][current] -= vp
                for a in areas:
                    enemy_fort = bmap.areas[a].fortified and state["control"].get(a) not in (
                        side, None)
                    if not enemy_fort and not movement.enemy_units_at(self, state, a, side):
                        state["control"][a] = side
                ctx.log(f"{self.side(side).name} takes control of {region.name} "
                        f"({held} cities, {vp} VP)", self.cite("3.3, 13.12"))
                break

    def _end_activation(self, state: State, ctx: Context) -> None:
        if state["phase"] != "action":
            raise IllegalActionError("There is no activation to end now", self.cite("4.0 C"))
        side = state["active"]
        acts = state["vars"]["activations"]
        acts[side] += 1
        state["vars"]["mp_spent"] = {}
        state["vars"]["activation_no"] += 1
        state["vars"]["fought"] = []
        state["vars"]["recruited"] = {}
        record_activation(state, side)  # siege.py: B-01 counts for 2 activations
        state["vars"]["card_play"] = None
        allowed = activations_allowed(state["turn"])
        other = PLAYERS[1 - PLAYERS.index(side)]
        ctx.log(f"{self.side(side).name} ends activation {acts[side]} of {allowed}",
                self.cite("4.0 C"))
        if acts[other] < allowed:
            state["active"] = other
        elif acts[side] >= allowed:
            state["phase"] = "end-of-actions"
            state["active"] = "blois"
            ctx.log("Action phase over; Next turn plays phases D-F",
                    self.cite("4.0"))
            card_rules.discard_down(self, state, ctx, self.flow)  # 4.0 C: keep 1 card

    def _next_turn(self, state: State, ctx: Context) -> None:
        if state["phase"] != "end-of-actions":
            raise IllegalActionError("The turn ends after both players' activations",
                                     self.cite("4.0 F"))
        self.flow.call(self, state, ctx, "end-of-turn", side=state["active"])

    def advance_turn(self, state: State, ctx: Context) -> None:
        """Phase F: the turn marker moves on, or the scenario ends (4.0 F, 14.x)."""
        last = state["vars"]["last_turn"]
        sc = self.scenario_data[state["scenario"]]
        automatic = self.automatic_winner(state)
        if automatic is not None:
            winner, why = automatic
            self._finish(state, ctx, f"{self.side(winner).name} wins: automatic victory, "
                                     f"{why}", "13.2")
            return
        if state["turn"] >= last:
            self._finish(state, ctx, f"End of the scenario after turn {last}: "
                                     f"{self.final_result(state, sc)}", sc.rule)
            return
        state["turn"] += 1
        state["phase"] = "action"
        state["active"] = events.first_player(state)  # 4.0: Blois, or Montfort after M-01
        state["vars"]["activations"] = {side: 0 for side in PLAYERS}
        state["vars"]["mp_spent"] = {}
        state["vars"]["resources"] = {side: 0 for side in PLAYERS}  # 12.11: not saved
        state["vars"]["drawn"] = {side: False for side in PLAYERS}  # phase B comes again
        state["vars"]["card_play"] = None
        ctx.log(f"Turn marker advanced to {self.turn_label(state['turn'])}", self.cite("4.0 F"))

    CAPITALS = ("Rennes", "Nantes", "Brest", "Gwened")
    SIDE_LEADERS = {"blois": ("charles-de-blois",),
                    "montfort": ("jean-de-montfort", "jean-de-montfort-son")}  # 13.2
    CAPITAL_IDS = ("rennes", "nantes", "brest", "gwened")

    def automatic_winner(self, state: State) -> tuple[str, str] | None:
        """The automatic victory at the end of a turn (13.2), as (side, why): the four
        capitals (not at the end of turn 1, nor of turn 7 in 14.3); after the Enlisement
        cards joined the decks, the opposing leader killed or captured."""
        if events.evran_winner(state):  # 13.2: the Shares of Evran, agreed by both players
            return events.evran_winner(state), "the Shares of Evran (the card's conditions)"
        exempt = {1, 7} if state["scenario"] == "14.3" else {1}
        owners = {state["control"].get(c) for c in self.CAPITAL_IDS}
        if state["turn"] not in exempt and len(owners) == 1 and None not in owners:
            return owners.pop(), f"controlling {', '.join(self.CAPITALS)}"
        if not any(state["vars"].get("enlisement", {}).values()):
            return None
        for loser, leaders in self.SIDE_LEADERS.items():
            where = [state["pieces"][p]["loc"] for p in leaders if p in state["pieces"]]
            down = [w for w in where if w in ("eliminated", PRISON[loser])]
            free = [w for w in where if w not in ("reserve", "eliminated", PRISON[loser])]
            if any(p in state["vars"].get("withdrawn", {}) for p in leaders):
                free.append("withdrawn by T2")  # off the map for a turn, not lost (9.221)
            if down and not free:
                names = " or ".join(self.piece_types[p].name for p in leaders)
                winner = PLAYERS[1 - PLAYERS.index(loser)]
                return winner, f"{names} killed or captured"
        return None

    def final_result(self, state: State, sc: Scenario) -> str:
        """The scenario's own victory conditions at its end (14.14, 14.24, 14.44)."""
        rule = sc.final_victory
        names = [self.board_map.place_name(c) for c in rule.get("cities", [])]
        if rule.get("type") == "control-any":
            side, other = rule["side"], rule["otherwise"]
            held = [n for c, n in zip(rule["cities"], names, strict=True)
                    if state["control"].get(c) == side]
            if held:
                return f"{self.side(side).name} wins, controlling {', '.join(held)}"
            return (f"{self.side(other).name} wins: {self.side(side).name} controls none of "
                    f"{', '.join(names)}")
        if rule.get("type") == "points-and-cities":
            for side in PLAYERS:
                held = [c for c in rule["cities"] if state["control"].get(c) == side]
                if state["score"][side] > rule["more_than"] and len(held) >= rule["at_least"]:
                    return (f"{self.side(side).name} wins with {state['score'][side]} PV and "
                            f"{len(held)} of {', '.join(names)}")
            return "a tie: no side has the points and the cities the scenario asks"
        return f"check the victory conditions by hand: {sc.victory}"

    def _finish(self, state: State, ctx: Context, result: str, rule: str) -> None:
        state["phase"] = "over"
        state["vars"]["result"] = result
        ctx.log(result, self.cite(rule))

    def outcome(self, state: State) -> str | None:
        return state["vars"].get("result")

    # -- presentation ------------------------------------------------------------------
    def turn_label(self, turn: int) -> str:
        """The year(s) of ``turn`` as the turn track prints them."""
        track = self.board_map.tracks.get("turn")
        cell = track.cell(str(turn)) if track else None
        return f"turn {turn} ({cell.label})" if cell else f"turn {turn}"

    def piece_name(self, state: State, pid: str) -> str:
        t = self.piece_type(state, pid)
        if t.leader:
            return t.name
        number = pid.rsplit("-", 1)[-1]
        side = self.side(self.piece_side(state, pid)).name
        reduced = ", reduced" if self.is_reduced(state, pid) else ""
        return f"{side} {t.label} #{number}{reduced}"

    def names(self, state: State, pids: list[str]) -> str:
        """Pieces named for a log line."""
        return ", ".join(self.piece_name(state, p) for p in pids)

    def counter_face(self, state: State, pid: str) -> CounterFace:
        t = self.piece_type(state, pid)
        side = self.side(self.piece_side(state, pid))
        if t.leader:
            return CounterFace(
                colour=side.colour, text_colour=side.text_colour, title=t.name,
                subtitle=t.origin, values=(str(t.activation), f"{t.bonus:+d}", str(t.command)),
                is_leader=True, tag="in fortress" if pid in movement.inside(state) else "",
                tooltip=(f"{t.name} ({side.name}, {t.origin})\nactivation {t.activation}, "
                         f"combat bonus {t.bonus:+d}, command {t.command}, move 8 (2.3)\n"
                         f"source: {t.source}"))
        reduced = self.is_reduced(state, pid)
        tag = "in fortress" if pid in movement.inside(state) else ""
        i = 1 if reduced else 0
        values = (str(t.combat[i]), str(t.loss[i]), str(t.move[i]))
        return CounterFace(
            colour=side.colour, text_colour=side.text_colour, title=t.label,
            subtitle=side.name if t.side == "marauders" else "", values=values, reduced=reduced,
            tag=tag,
            tooltip=(f"{self.piece_name(state, pid)}: {t.name}\ncombat {values[0]}, loss "
                     f"{values[1]}, movement {values[2]}\nsource: {t.source}"))

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        """A player's hand and draw pile are his secret (the pile's size is public)."""
        return {side: [("vars", "hands", side), ("vars", "decks", side)] for side in PLAYERS}

    def private_lines(self, state: State, side: str) -> list[str]:
        v = state["vars"]
        hand = v["hands"].get(side, [])
        lines = ([card_rules.card_line(self, state, c) for c in hand] if hand
                 else ["No card in hand"])
        lines.extend(events.war_lines(self, state))  # 6.2
        lines.append(f"Deck {len(v['decks'].get(side, []))} cards, discard "
                     f"{len(v['discard'].get(side, []))}; '?' = not in the rules, asked when "
                     "played; groups assumed (cards.yaml)")
        return lines

    def place_markers(self, state: State) -> dict[str, list[str]]:
        markers: dict[str, list[str]] = {}
        for area, m in sieges(state).items():
            markers.setdefault(area, []).append(f"Siege {m['level']}")
        for area in state["vars"]["pillage"]:
            markers.setdefault(area, []).append("Pillage")
        for side, bases in sorted(state["vars"].get("supply_bases", {}).items()):  # 12.32
            for area in bases:
                markers.setdefault(area, []).append(f"Supply base ({self.side(side).name})")
        return markers

    def prompt(self, state: State) -> str:
        if self.flow.top(state):
            return self.flow.prompt(self, state)
        side = self.side(state["active"]).name
        if state["phase"] == "action":
            done = state["vars"]["activations"][state["active"]]
            allowed = activations_allowed(state["turn"])
            draw = ("draw your cards first (phase B, 4.0 B), "
                    if card_rules.why_not_draw(state, state["active"]) is None else "")
            play = state["vars"].get("card_play")
            if play and play["side"] == state["active"]:
                return (f"{side}: activation {done + 1} of {allowed} "
                        f"{self._activation_prompt(play)}")
            return (f"{side}: activation {done + 1} of {allowed} — {draw}play a card as ACT, "
                    "REC, SOL or EVT, or take a free action; then move, then End activation "
                    "(4.0 C, 5.2)")
        if state["phase"] == "end-of-actions":
            return ("Action phase over: Next turn plays phases D-F (militia, resources, "
                    "payment, continued sieges, plague, victory) (4.0)")
        return f"The game is over: {state['vars'].get('result', '')}"

    @staticmethod
    def _activation_prompt(play: dict) -> str:
        """What the card or free action of the activation lets the player do (5.2-5.5, 5.32)."""
        if play["use"] == "free":
            return ("[free action, 5.32] — move 1 combat unit alone or 1 leader alone (no "
                    "battle, no recruit), then End activation (4.0 C)")
        if play["use"] in ("act", "act+evt"):
            level = f" {play['act']}" if play.get("act") else ""
            return (f"[{play['card']} played as ACT{level}] — move, fight or besiege with the "
                    "leaders it activates (5.3), then End activation (4.0 C)")
        if play["use"] == "rec":
            return (f"[{play['card']} played as REC] — recruit from a leader's menu (5.4), "
                    "then End activation (4.0 C)")
        return (f"[{play['card']} played as {card_rules.USE_NAMES[play['use']]}] — End "
                "activation when done (4.0 C)")

    def title(self, state: State) -> str:
        sc = self.scenario_data[state["scenario"]]
        return f"{self.name} — {sc.id} {sc.name} — {self.turn_label(state['turn'])}"

    def summary(self, state: State) -> str:
        bmap = self.board_map
        sc = self.scenario_data[state["scenario"]]
        out = [f"{self.name}: scenario {sc.id} {sc.name}",
               f"{self.turn_label(state['turn']).capitalize()} of {sc.last_turn}, "
               f"phase: {state['phase']}, to play: {self.side(state['active']).name}",
               self.prompt(state),
               "Victory points: " + ", ".join(f"{self.side(s).name} {state['score'][s]}"
                                              for s in PLAYERS)]
        out.append("Resources: " + ", ".join(
            f"{self.side(s).name} {state['vars']['resources'].get(s, 0)} PS" for s in PLAYERS))
        hands = state["vars"]["hands"]
        for s in PLAYERS:
            cards = ", ".join(card_rules.card_name(self, c) for c in hands[s]) or "none"
            out.append(f"{self.side(s).name} hand: {cards}; deck "
                       f"{len(state['vars']['decks'][s])}, discard: "
                       f"{', '.join(state['vars']['discard'][s]) or 'none'}")
        out.append(f"Tactical chit cup: {', '.join(state['vars']['chit_cup'])} "
                   f"(left out: {', '.join(state['vars']['chits_out']) or 'none'})")
        for area, m in sorted(sieges(state).items()):
            out.append(f"Siege {m['level']} marker on {bmap.place_name(area)} "
                       f"({self.side(m['side']).name} besieges)")
        if state["vars"]["pillage"]:
            out.append("Pillage markers: " + ", ".join(bmap.place_name(a)
                                                      for a in state["vars"]["pillage"]))
        out.extend(events.war_lines(self, state))  # 6.2: pieces off the map on a card
        out.append("Counties:")
        for region in bmap.regions.values():
            owner = state["region_control"].get(region.id)
            out.append(f"  {region.name}: {self.side(owner).name if owner else 'neutral'} "
                       f"(needs {region.cities_needed} cities, {region.vp} VP)")
        out.append("Areas:")
        for area in sorted(bmap.areas.values(), key=lambda a: a.name):
            owner = state["control"].get(area.id)
            kind = (f"fortified NF {self.fortress_level(state, area.id)}" if area.fortified
                    else "open")
            pieces = "; ".join(self._piece_line(state, p) for p in pieces_at(state, area.id))
            line = (f"  {area.name} [{kind}] control: "
                    f"{self.side(owner).name if owner else 'none'}")
            out.append(line + (f" — {pieces}" if pieces else ""))
        out.append("Boxes:")
        for b in bmap.boxes.values():
            pieces = pieces_at(state, b.id)
            if b.id == "reserve":
                out.append(f"  {b.name}: {len(pieces)} counters")
            elif pieces:
                out.append(f"  {b.name}: " + "; ".join(self._piece_line(state, p)
                                                       for p in pieces))
        return "\n".join(out)

    def _piece_line(self, state: State, pid: str) -> str:
        if self.is_leader(state, pid):
            inside = " (inside the fortress)" if pid in movement.inside(state) else ""
            return self.piece_name(state, pid) + inside
        steps = "1 step" if self.is_reduced(state, pid) else "2 steps"
        t = self.piece_type(state, pid)
        where = ", inside the fortress" if pid in movement.inside(state) else ""
        return (f"{self.side(self.piece_side(state, pid)).name} {t.label} "
                f"#{pid.rsplit('-', 1)[-1]} ({steps}{where})")
