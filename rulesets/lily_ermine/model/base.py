"""The Lily and the Ermine, the model: data, pieces and the predicates of the rules.

:class:`LilyErmineModel` is the part of the ruleset the steps (``steps/``) are typed
against: the game's data (counters, set-up, tables), what a piece is (side, SP, army
commander), control (5), terrain (5, 8) and the predicates of strategic and maritime
movement (8, 13) as ``why_not_*`` answers (reason, rule). It holds no step; the ruleset
(``rules.py``) wires the steps. The other modules of this package (:mod:`.armies`,
:mod:`.reinforcements`, :mod:`.diplomacy`, :mod:`.victory`, :mod:`.combat`,
:mod:`.siege_rules`, :mod:`.battle_rules`...) hold the rules' shared effects, each typed
against this class.
"""

from __future__ import annotations

from functools import cached_property

from boardapp.core.base.i18n import listing
from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.movement import Reach, reachable
from boardapp.core.engine.ruleset import DiceSpec, Ruleset, SideInfo
from boardapp.core.engine.state import State, pieces_at

from .data import (
    AllianceTable,
    CombatTable,
    Counters,
    FatigueTable,
    ReinforcementTable,
    SetUp,
    load_alliances,
    load_combat_table,
    load_counters,
    load_reinforcements,
    load_setup,
    load_tables,
)
from .names import data_word
from .words import N_, WORDS

PHASE_NAMES = {"rr": N_("Reinforcements & Replacements"), "movement": N_("Strategic movement"),
               "fatigue": N_("Fatigue and desertion"), "combat": N_("Combat and sieges")}
SEASONS = ("spring", "summer", "autumn")
ENGLISH_REMOVAL_ROUNDS = (3, 6, 9, 12)
ROUGH = ("mountain", "forest")
RESERVES = {"france": "reserve-france", "brittany": "reserve-brittany"}
OTHER = {"france": "brittany", "brittany": "france"}
SEARCHES_KEPT = 512
"""How many searches of the strategic reach the model keeps (see ``move_reach``)."""
TACTICAL = "tactical"
"""The id of the tactical map, the second board (10)."""
NOT_YET = "out-of-play"
"""The box of the counters not yet in play (reinforcements)."""

Why = tuple[str, str] | None
"""A refusal (reason, rule), or ``None``."""


class LilyErmineModel(Ruleset):
    """The Lily and the Ermine's data and predicates (see :mod:`..rules`)."""

    id = "lily-ermine"
    name = N_("The Lily and the Ermine")
    version = "0.3"
    """Bumped whenever the state or the rules change. 0.3: the combat phase ends only
    once every battle and siege is resolved (10 Following combat); a game saved with an
    older version replays, and goes on, under its rules (``setup``'s ``played_with``)."""
    aliases = ("lily_ermine", "lily-and-the-ermine", "lys-hermine")
    rules_name = "Lily and the Ermine"
    words = WORDS
    sides = (SideInfo("france", N_("France"), "#2b4fa0", "#ffffff"),
             SideInfo("brittany", N_("Brittany"), "#f4f1e6", "#111111"))
    dice = DiceSpec(sides=6)
    default_scenario = "1487"
    map_file = "lily_ermine.yaml"
    _searches: tuple[BoardMap, dict[tuple[str, int, bool, frozenset[str]],
                                    dict[str, Reach]]] | None = None
    """The searches of :meth:`move_reach` kept, by start, MP, militia and the zones the
    enemy occupies, with their map (forgotten past :data:`SEARCHES_KEPT`)."""
    eliminated_box = "eliminated"
    boards = {TACTICAL: "lily_ermine_tactical.yaml"}
    board_titles = {"main": N_("Strategic map"), TACTICAL: N_("Tactical map")}

    # -- data --------------------------------------------------------------------------
    @cached_property
    def counters(self) -> Counters:
        return load_counters()

    @cached_property
    def setup_data(self) -> SetUp:
        return load_setup(self.counters)

    @cached_property
    def fatigue_table(self) -> FatigueTable:
        return load_tables()

    @cached_property
    def combat_table(self) -> CombatTable:
        return load_combat_table()

    @cached_property
    def reinforcement_table(self) -> ReinforcementTable:
        return load_reinforcements(self.counters)

    @cached_property
    def alliance_table(self) -> AllianceTable:
        return load_alliances(self.counters)

    def other(self, camp: str) -> str:
        return OTHER[camp]

    def turn_label(self, turn: int) -> str:
        track = self.board_map.tracks.get("turn")
        cell = track.cell(str(turn)) if track else None
        return N_("round {turn} ({label})", turn=turn,  # the map's label: "Spr 1487"
                  label=data_word(cell.label)) if cell else N_("round {turn}", turn=turn)

    def season(self, turn: int) -> str:
        return SEASONS[(turn - 1) % 3]

    # -- pieces ------------------------------------------------------------------------
    def is_commander(self, state: State, pid: str) -> bool:
        return self._kind(state["pieces"][pid]["type"])[0]

    def unit_code(self, state: State, pid: str) -> str:
        return self._kind(state["pieces"][pid]["type"])[1]

    def is_militia(self, state: State, pid: str) -> bool:
        kind = self._kind(state["pieces"][pid]["type"])
        return not kind[0] and kind[1] == "Mi"

    def nationality(self, state: State, pid: str) -> str:
        return self._kind(state["pieces"][pid]["type"])[2]

    def _nationality_of(self, t: str) -> str:
        if t in self.counters.commanders:
            return self.counters.commanders[t].nationality
        return str(t.split(".", 1)[1])

    def _kind(self, t: str) -> tuple[bool, str, str, bool]:
        """What counter type ``t`` prints, found once per type: (commander, unit code,
        nationality, a cannon (whose back is its captured side))."""
        kind = self._kinds.get(t)
        if kind is None:
            commander = t in self.counters.commanders
            code = str(t.split(".")[0])
            kind = self._kinds[t] = (commander, code, self._nationality_of(t),
                                     not commander and code == "Ca")
        return kind

    @cached_property
    def _kinds(self) -> dict[str, tuple[bool, str, str, bool]]:
        """:meth:`_kind` of each counter type met so far (its printed values: fixed)."""
        return {}

    @cached_property
    def _names(self) -> dict[tuple[str, str, bool], str]:
        """:meth:`piece_name` of each unit met so far, by id, type and side shown (the
        name says nothing else)."""
        return {}

    def piece_side(self, state: State, pid: str) -> str:
        piece = state["pieces"][pid]
        kind = self._kinds.get(piece["type"]) or self._kind(piece["type"])
        camp = str(state["vars"]["allegiance"][kind[2]])
        if kind[3] and piece["flipped"]:
            return OTHER[camp]  # the back of a cannon is its captured side (7.2)
        return camp

    def piece_name(self, state: State, pid: str) -> str:
        if pid not in state["pieces"]:
            return pid
        piece = state["pieces"][pid]
        key = (pid, piece["type"], bool(piece["flipped"]))
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = self._piece_name(state, pid)
        return name

    def _piece_name(self, state: State, pid: str) -> str:
        if self.is_commander(state, pid):
            c = self.counters.commanders[state["pieces"][pid]["type"]]
            return data_word(c.back if state["pieces"][pid]["flipped"] else c.name)
        code = self.unit_code(state, pid)
        nat = data_word(self.counters.nationalities[self.nationality(state, pid)]["name"])
        number = pid.rsplit("-", 1)[-1]
        if not state["pieces"][pid]["flipped"]:
            return N_("{nation} {code} #{number}", nation=nat, code=code, number=number)
        if code == "Ca":
            return N_("{nation} {code} #{number}, captured", nation=nat, code=code,
                      number=number)
        return N_("{nation} {code} #{number}, reduced", nation=nat, code=code, number=number)

    def occupied(self, state: State) -> list[str]:
        """The zones of the strategic map where pieces stand, sorted by id (where a
        look at every zone's pieces finds any)."""
        areas = self.board_map.areas
        return sorted(z for z, here in state["stacks"].items() if here and z in areas)

    def occupied_by(self, state: State, camp: str) -> frozenset[str]:
        """The zones of the strategic map where a piece of ``camp`` stands."""
        areas, side = self.board_map.areas, self.piece_side
        return frozenset(z for z, stack in state["stacks"].items()
                         if z in areas and any(side(state, p) == camp for p in stack))

    def names(self, state: State, pids: list[str]) -> str:
        return listing([self.piece_name(state, p) for p in pids])

    def sp(self, state: State, pid: str) -> int:
        """Strength points of a unit (rules 2): 2 full, 1 reduced; Ca and Mi 1."""
        if self.is_commander(state, pid):
            return 0
        ut = self.counters.units[self.unit_code(state, pid)]
        return 1 if ut.one_sp or state["pieces"][pid]["flipped"] else 2

    def stack_sp(self, state: State, pids: list[str]) -> int:
        return sum(self.sp(state, p) for p in pids)

    def commander_of(self, state: State, pids: list[str]) -> str | None:
        """The army commander: the highest rank present (first listed on a tie) (8)."""
        best = None
        for p in pids:
            if self.is_commander(state, p):
                stars = self.counters.commanders[state["pieces"][p]["type"]].stars
                if best is None or stars > best[0]:
                    best = (stars, p)
        return best[1] if best else None

    def commander_mp(self, state: State, cid: str) -> int:
        return self.counters.commanders[state["pieces"][cid]["type"]].mp

    def tc_of(self, state: State, cid: str) -> int:
        """A commander's tactical capacity (3)."""
        return self.counters.commanders[state["pieces"][cid]["type"]].tc

    def reserve_of(self, camp: str) -> str:
        """The box of the camp's Reserve (7.2, 9)."""
        return RESERVES[camp]

    # -- places ------------------------------------------------------------------------
    def on_map(self, place: str) -> bool:
        return place in self.board_map.areas

    def own_at(self, state: State, place: str, camp: str) -> list[str]:
        return [p for p in pieces_at(state, place) if self.piece_side(state, p) == camp]

    def enemy_occupied(self, state: State, place: str, camp: str) -> bool:
        return bool(self.own_at(state, place, OTHER[camp]))

    def in_brittany(self, zone: str) -> bool:
        area = self.board_map.areas.get(zone)
        return area is not None and area.region == "brittany"

    def is_objective(self, zone: str) -> bool:
        area = self.board_map.areas.get(zone)
        return area is not None and "objective" in area.note

    def armies(self, state: State, camp: str) -> list[str]:
        """Zones holding an army of ``camp``: a commander with units (2)."""
        out = []
        stacks = state["stacks"]
        for zone in self.board_map.areas:
            if not stacks.get(zone):
                continue  # no piece, no army
            own = self.own_at(state, zone, camp)
            if any(self.is_commander(state, p) for p in own) and any(
                    not self.is_commander(state, p) for p in own):
                out.append(zone)
        return out

    def controller(self, state: State, zone: str) -> str | None:
        """The camp controlling ``zone`` (5): its only occupant, else its control marker,
        else the national territory; ``None`` when both camps are there (disputed)."""
        camps = {self.piece_side(state, p) for p in pieces_at(state, zone)}
        if len(camps) == 2:
            return None
        if camps:
            return camps.pop()
        if state["control"].get(zone):
            return str(state["control"][zone])
        area = self.board_map.areas.get(zone)
        return area.region if area is not None and area.region in ("france",
                                                                   "brittany") else None

    def combat_kind(self, state: State, zone: str, camp: str) -> str:
        """Battle against an army, siege of a fortress or garrison (10 Overview)."""
        enemy = self.own_at(state, zone, OTHER[camp])
        # The enemy's own order tells an army (commander on top) from a garrison (2); the
        # arriving army is on top of the whole stack.
        army = any(self.is_commander(state, p) for p in enemy) and (
            self.is_commander(state, enemy[0]) or not self.board_map.areas[zone].fortified)
        if army:
            return "battle"
        return "siege" if self.board_map.areas[zone].fortified else "battle"

    # -- strategic movement (8) ----------------------------------------------------------
    def step_cost(self, src: str, dst: str) -> int | None:
        """MP to enter ``dst``: 1, or 2 for mountain or forest (5, 8); the Loire is
        always crossable without penalty (13)."""
        area = self.board_map.areas.get(dst)
        if area is None:
            return None
        return 2 if area.terrain in ROUGH else 1

    def army_budget(self, state: State, pieces: list[str]) -> tuple[int, int, str]:
        """(MP left, extra cost paid now, note) for ``pieces`` starting now."""
        moving = state["vars"]["moving"]
        if moving and set(pieces) <= set(moving["pieces"]):
            return moving["mp_left"], 0, ""
        cid = self.commander_of(state, pieces)
        assert cid is not None
        mp = self.commander_mp(state, cid)
        zone = state["pieces"][cid]["loc"]
        area = self.board_map.areas[zone]
        stack = pieces_at(state, zone)
        units_here = [p for p in stack if not self.is_commander(state, p)]
        if area.fortified and units_here and not self.is_commander(state, stack[0]):
            # Commanders under the units make the stack a garrison (2): 2 MP to become an
            # army (8).
            return mp - 2, 2, N_("garrison turned into an army (2 MP)")
        return mp, 0, ""

    def why_not_move(self, state: State, pieces: list[str]) -> Why:
        """Why ``pieces`` may not start or continue a strategic move in the movement
        phase (reason, rule)."""
        camp = state["active"]
        for p in pieces:
            if self.piece_side(state, p) != camp:
                return (N_("{piece} is not {side}'s: it is the {side} phase",
                           piece=self.piece_name(state, p), side=self.side(camp).name),
                        self.cite("6"))
        locs = {state["pieces"][p]["loc"] for p in pieces}
        if len(locs) != 1:
            return N_("the pieces of an army must start in one zone"), self.cite("8")
        if not self.on_map(next(iter(locs))):
            return N_("only pieces on the strategic map move (placement is R&R, 7)"), self.cite("8")
        if self.commander_of(state, pieces) is None:
            return (N_("units may not move on their own: only commanders with units (an army) "
                       "make strategic movements")), self.cite("8 Overview")
        moving = state["vars"]["moving"]
        if moving:
            if not set(pieces) <= set(moving["pieces"]):
                return (N_("an army must complete its movement before another moves: end the "
                           "movement of {piece}'s army first",
                           piece=self.piece_name(state,
                                                 moving['commander']))), self.cite("8 Overview")
            if moving["commander"] not in pieces:
                return (N_("a unit may not begin its movement with one commander and finish it "
                           "with another")), self.cite("8 Overview")
            if moving["mp_left"] <= 0 or moving.get("stopped"):
                return N_("this army has no movement left"), self.cite("8")
            return None
        done = [p for p in pieces if p in state["vars"]["moved"]]
        if done:
            return (N_("{piece} has already moved this round: each unit moves only once per round",
                       piece=self.piece_name(state, done[0]))), self.cite("8 Overview")
        return None

    def move_reach(self, state: State, pieces: list[str],
                   searches: dict[tuple[str, int, bool], dict[str, Reach]] | None = None,
                   enemy: frozenset[str] | None = None) -> dict[str, Reach]:
        """Where ``pieces`` may make their strategic move now (8). ``searches``: the
        answers found so far in this position, by start, MP and militia (the search
        depends on nothing else): given, it is used and filled in (read-only answers);
        ``enemy``: the zones the other camp occupies (:meth:`occupied_by`), if known."""
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        if self.why_not_move(state, pieces) is not None:
            return {}
        budget, _, _ = self.army_budget(state, pieces)
        if budget <= 0:
            return {}
        camp = state["active"]
        start = state["pieces"][pieces[0]]["loc"]
        militia = any(self.is_militia(state, p) for p in pieces)
        key = (start, budget, militia)
        if searches is not None and key in searches:
            return searches[key]
        # The search depends on nothing else than these and the zones the enemy occupies
        # (where a move stops, 8): searches are kept by them, for the map in play.
        bmap = self.board_map
        if enemy is None:
            enemy = self.occupied_by(state, OTHER[camp])
        if self._searches is None or self._searches[0] is not bmap \
                or len(self._searches[1]) > SEARCHES_KEPT:
            self._searches = (bmap, {})
        kept = self._searches[1]
        full = (start, budget, militia, enemy)
        if full not in kept:

            def enter(src: str, dst: str) -> int | None:
                if militia and not self.in_brittany(dst):
                    return None
                return self.step_cost(src, dst)

            kept[full] = reachable(bmap.graph, start, budget, enter,
                                   must_stop=enemy.__contains__)
        found = dict(kept[full])
        if searches is not None:
            searches[key] = found
        return found

    def why_not_move_to(self, state: State, pieces: list[str], dest: str) -> Why:
        """Why ``pieces`` may not move to ``dest`` now (8, 13)."""
        if not pieces:
            return N_("no piece to move"), self.cite("8")
        for pid in pieces:
            if pid not in state["pieces"]:
                return N_("no piece {pid}", pid=repr(pid)), self.cite("8")
        why = self.why_not_move(state, pieces)
        if why:
            return why
        bmap = self.board_map
        if dest not in bmap.areas:
            return N_("{place} is not a strategic zone",
                      place=bmap.place_name(dest)), self.cite("8")
        militia = [p for p in pieces if self.is_militia(state, p)]
        if militia and not self.in_brittany(dest):
            return (N_("{piece} is militia: no militia may leave Brittany",
                       piece=self.piece_name(state,
                                             militia[0])), self.cite("13 Strategic movement"))
        if dest not in self.move_reach(state, pieces):
            budget, _, note = self.army_budget(state, pieces)
            extra = N_(" ({note})", note=note) if note else ""
            return (N_("{place} is out of reach with {budget} MP{extra}: 1 MP a zone, 2 MP for "
                       "mountain or forest, and an army stops on entering an occupied enemy zone",
                       place=bmap.place_name(dest), budget=budget, extra=extra),
                    self.cite("8 Procedure"))
        return None

    # -- maritime movement (13) -----------------------------------------------------------
    def why_not_sail(self, state: State, pieces: list[str], dest: str) -> Why:
        """Why ``pieces`` may not sail to ``dest`` in the movement phase (reason, rule)."""
        rule = self.cite("13 Maritime movement")
        if state["active"] != "brittany":
            return N_("only the Bretons and their allies move by sea"), rule
        if state["vars"]["moving"]:
            return N_("an army must complete its movement first (End move)"), self.cite("8")
        if state["vars"].get("sailed"):
            return N_("the maritime movement of this round has been made"), rule
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return N_("no counter to sail"), rule
        if any(self.piece_side(state, p) != "brittany" for p in pieces):
            return N_("only Breton-camp counters move by sea"), rule
        locs = {state["pieces"][p]["loc"] for p in pieces}
        bmap = self.board_map
        if len(locs) != 1:
            return N_("the counters must sail from one zone"), rule
        start = next(iter(locs))
        if start not in bmap.areas or not bmap.areas[start].port:
            return N_("{place} has no coastline", place=bmap.place_name(start)), rule
        if dest not in bmap.areas or not bmap.areas[dest].port or dest == start:
            return N_("{place} is not another zone with a coastline",
                      place=bmap.place_name(dest)), rule
        sp = self.stack_sp(state, pieces)
        if sp > 2:
            return N_("{sp} SP: at most 2 SP (and any number of commanders) sail", sp=sp), rule
        if any(self.is_militia(state, p) for p in pieces) and not self.in_brittany(dest):
            return N_("no militia may leave Brittany"), self.cite("13 Strategic movement")
        return None
