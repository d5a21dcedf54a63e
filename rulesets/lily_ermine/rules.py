"""The Lily and the Ermine (French-Breton War 1487-1491): the strategic game.

Automated (each rule cited as "Lily and the Ermine <section>"):

* the set-up (13) and the sequence of play (6): 13 rounds spring 1487 - spring 1491,
  a French phase then a Breton phase (R&R, strategic movement, fatigue and desertion,
  combat), then the shared administrative phase (time marker, English counters removed
  on rounds 3, 6, 9, 12; victory after round 13, 12);
* the RP dice of each camp with their modifiers (13, Replacement Points);
* strategic movement (8): armies only, the army commander's MP, mountain/forest 2 MP,
  each unit once per round, one army at a time, pick-up and drop-off on the way,
  garrison -> army for 2 MP, stop on entering an occupied enemy zone with a battle or
  siege marker, control markers on objective zones, militia may not leave Brittany (13);
* maritime movement of the Bretons (13): from a coastline zone to another, 2 SP and any
  number of commanders, once a round (a drag to a distant coastline zone);
* minor battles (10, < 10 SP for a camp) on the Combat Table (:mod:`.battle`), the
  unknown values asked of the players;
* fatigue and desertion (9) as a table roll per stack (:mod:`.fatigue`): the values
  the rules do not print are asked of the players.

* R&R (7, 13, :mod:`.reinforcements`): purchases at full or reduced strength,
  rebuilding, placement, commanders' return, the mercenaries of the Reinforcements Table,
  the limits of 7.1, the Breton militia; armies and garrisons (8, :mod:`.armies`);
  retreats and the commander check after minor battles (10, :mod:`.retreat`); the
  Alliances Table (11, :mod:`.diplomacy`); VP and the levels of victory (12,
  :mod:`.victory`; ``victory.record_battle_vp`` / ``record_siege_vp`` for the tactical
  map).

Manual (with the core's place/flip/eliminate/control/score): whatever the players
decide to correct by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.board.movement import Reach, reachable
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

from . import armies, battle, diplomacy, fatigue, reinforcements, retreat, sheets, victory
from . import major_battle as major_mod
from . import siege as siege_mod
from .data import (
    CAMPS,
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
from .tactical import TacticalBoard, tactical_markers, tactical_piece_actions

PHASES = ("rr", "movement", "fatigue", "combat")
PHASE_NAMES = {"rr": "Reinforcements & Replacements", "movement": "Strategic movement",
               "fatigue": "Fatigue and desertion", "combat": "Combat and sieges"}
PHASE_RULES = {"rr": "7", "movement": "8", "fatigue": "9", "combat": "10"}
SEASONS = ("spring", "summer", "autumn")
ENGLISH_REMOVAL_ROUNDS = (3, 6, 9, 12)
ROUGH = ("mountain", "forest")
RESERVES = {"france": "reserve-france", "brittany": "reserve-brittany"}
OTHER = {"france": "brittany", "brittany": "france"}
LEVELS = ((20, "crushing victory"), (15, "decisive victory"), (10, "marginal victory"))


class LilyErmine(TacticalBoard, Ruleset):
    """The Lily and the Ermine, strategic map (see the module docstring)."""

    id = "lily-ermine"
    name = "The Lily and the Ermine"
    version = "0.2"
    aliases = ("lily_ermine", "lily-and-the-ermine", "lys-hermine")
    rules_name = "Lily and the Ermine"
    sides = (SideInfo("france", "France", "#2b4fa0", "#ffffff"),
             SideInfo("brittany", "Brittany", "#f4f1e6", "#111111"))
    dice = DiceSpec(sides=6)
    default_scenario = "1487"
    map_file = "lily_ermine.yaml"
    eliminated_box = "eliminated"
    flow = Flow(*reinforcements.STEPS, *retreat.STEPS, *fatigue.STEPS, *battle.STEPS,
                *siege_mod.STEPS, *major_mod.STEPS)

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

    def data_sheets(self) -> list[Sheet]:
        """The table values the rules do not print, filled in by the players (sheets.py)."""
        return [*sheets.data_sheets(self), reinforcements.data_sheet(self)]

    @cached_property
    def reinforcement_table(self) -> ReinforcementTable:
        return load_reinforcements(self.counters)

    @cached_property
    def alliance_table(self) -> AllianceTable:
        return load_alliances(self.counters)

    def other(self, camp: str) -> str:
        return OTHER[camp]

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"1487": ScenarioInfo("1487", "The French-Breton War 1487-1491",
                                     "The campaign game, 13 rounds (rules 13)")}

    # -- set-up (13) ---------------------------------------------------------------------
    def setup(self, scenario: str, seed: int) -> State:
        su = self.setup_data
        state = new_state(self.id, scenario, new_rng(seed), list(CAMPS))
        numbers: dict[str, int] = {}
        for place, cids in su.commanders.items():
            for cid in cids:
                add_piece(state, cid, cid, place)
        for place, units in su.units.items():
            for code, nat in units:
                key = f"{nat}-{code.lower()}"
                numbers[key] = numbers.get(key, 0) + 1
                add_piece(state, f"{key}-{numbers[key]}", f"{code}.{nat}", place)
        for camp, zones in su.control.items():
            for z in zones:
                state["control"][z] = camp
        state["phase"] = "rr"
        state["active"] = "france"
        state["vars"] = {
            "allegiance": {n: v["camp"] for n, v in self.counters.nationalities.items()},
            "moved": [], "moving": None, "rough": [], "markers": {}, "rp": {"france": None},
            "sailed": False, "over": False, "allowance": {}, "commander_out": {},
        }
        diplomacy.init_vars(self, state)  # the Alliances Table (13, 11)
        return state


    # -- pieces ------------------------------------------------------------------------
    def is_commander(self, state: State, pid: str) -> bool:
        return state["pieces"][pid]["type"] in self.counters.commanders

    def unit_code(self, state: State, pid: str) -> str:
        return state["pieces"][pid]["type"].split(".")[0]

    def nationality(self, state: State, pid: str) -> str:
        t = state["pieces"][pid]["type"]
        if t in self.counters.commanders:
            return self.counters.commanders[t].nationality
        return t.split(".", 1)[1]

    def piece_side(self, state: State, pid: str) -> str:
        camp = state["vars"]["allegiance"][self.nationality(state, pid)]
        if (not self.is_commander(state, pid) and self.unit_code(state, pid) == "Ca"
                and state["pieces"][pid]["flipped"]):
            return OTHER[camp]  # the back of a cannon is its captured side (7.2)
        return camp

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

    def reserve_of(self, camp: str) -> str:
        """The box of the camp's Reserve (7.2, 9)."""
        return RESERVES[camp]

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
        for zone in self.board_map.areas:
            own = self.own_at(state, zone, camp)
            if any(self.is_commander(state, p) for p in own) and any(
                    not self.is_commander(state, p) for p in own):
                out.append(zone)
        return out

    # -- R&R: the RP dice (13) -----------------------------------------------------------
    def roll_rp(self, state: State, ctx: Context) -> None:
        """Roll the active camp's RP for this round with the modifiers of rules 13."""
        camp, rnd = state["active"], state["turn"]
        if camp == "brittany":
            n = 2 + (1 if rnd in (1, 4) else 2 if rnd in (7, 10, 13) else 0)
            enemy = [z for z in self.armies(state, "france") if self.in_brittany(z)]
            per_die = -1 * len(enemy)
            why = f"-1 per die for each French army in Brittany ({len(enemy)})"
        else:
            n = 4
            enemy = [z for z in self.armies(state, "brittany") if not self.in_brittany(z)]
            per_die = -2 * len(enemy)
            why = f"-2 per die for each Breton army in France ({len(enemy)})"
        dice = [ctx.roll(6) for _ in range(n)]
        total = sum(max(0, d + per_die) for d in dice)
        state["vars"]["rp"][camp] = total
        ctx.log(f"{self.side(camp).name} rolls {n}D6 for its RP: "
                f"{', '.join(map(str, dice))}, {why} = {total} RP (unspent RP are lost, 7.2)",
                self.cite("13 Replacement Points"))
        reinforcements.roll_mercenaries(self, state, ctx)  # spring rounds (13)

    # -- control, entries of allies (5, 11) -------------------------------------------------
    def controller(self, state: State, zone: str) -> str | None:
        return reinforcements.controller(self, state, zone)

    def note_entries(self, state: State) -> None:
        diplomacy.note_entries(self, state)

    # -- strategic movement (8) ----------------------------------------------------------
    def step_cost(self, src: str, dst: str) -> int | None:
        """MP to enter ``dst``: 1, or 2 for mountain or forest (5, 8); the Loire is
        always crossable without penalty (13)."""
        area = self.board_map.areas.get(dst)
        if area is None:
            return None
        return 2 if area.terrain in ROUGH else 1

    def _army_budget(self, state: State, pieces: list[str]) -> tuple[int, int, str]:
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
            return mp - 2, 2, "garrison turned into an army (2 MP)"
        return mp, 0, ""

    def why_not_move(self, state: State, pieces: list[str]) -> tuple[str, str] | None:
        """Why ``pieces`` may not start or continue a strategic move now (reason, rule)."""
        if state["vars"]["over"]:
            return "the game is over", self.cite("12")
        if state["phase"] != "movement" or self.flow.top(state):
            return (f"it is the {PHASE_NAMES.get(state['phase'], state['phase'])} phase, not "
                    "strategic movement", self.cite("6"))
        camp = state["active"]
        for p in pieces:
            if self.piece_side(state, p) != camp:
                return (f"{self.piece_name(state, p)} is not {self.side(camp).name}'s: it is "
                        f"the {self.side(camp).name} phase", self.cite("6"))
        locs = {state["pieces"][p]["loc"] for p in pieces}
        if len(locs) != 1:
            return "the pieces of an army must start in one zone", self.cite("8")
        if not self.on_map(next(iter(locs))):
            return "only pieces on the strategic map move (placement is R&R, 7)", self.cite("8")
        if self.commander_of(state, pieces) is None:
            return ("units may not move on their own: only commanders with units (an army) "
                    "make strategic movements"), self.cite("8 Overview")
        moving = state["vars"]["moving"]
        if moving:
            if not set(pieces) <= set(moving["pieces"]):
                return ("an army must complete its movement before another moves: end the "
                        f"movement of {self.piece_name(state, moving['commander'])}'s army "
                        "first"), self.cite("8 Overview")
            if moving["commander"] not in pieces:
                return ("a unit may not begin its movement with one commander and finish it "
                        "with another"), self.cite("8 Overview")
            if moving["mp_left"] <= 0 or moving.get("stopped"):
                return "this army has no movement left", self.cite("8")
            return None
        done = [p for p in pieces if p in state["vars"]["moved"]]
        if done:
            return (f"{self.piece_name(state, done[0])} has already moved this round: each "
                    "unit moves only once per round"), self.cite("8 Overview")
        return None

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        if state["vars"].get("tactical") and self.flow.top(state):
            return self.tactical_reach(state, pieces)  # a fight on the tactical map (10)
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        if state["phase"] == "rr" and state["pieces"][pieces[0]]["loc"] in (
                reinforcements.NOT_YET, self.reserve_of(state["active"])):
            return reinforcements.purchase_reach(self, state, pieces)  # R&R: buying (7)
        if self.why_not_move(state, pieces) is not None:
            return {}
        budget, _, _ = self._army_budget(state, pieces)
        if budget <= 0:
            return {}
        camp = state["active"]
        start = state["pieces"][pieces[0]]["loc"]
        militia = any(not self.is_commander(state, p) and self.unit_code(state, p) == "Mi"
                      for p in pieces)

        def enter(src: str, dst: str) -> int | None:
            if militia and not self.in_brittany(dst):
                return None
            return self.step_cost(src, dst)

        return reachable(self.board_map.graph, start, budget, enter,
                         must_stop=lambda z: self.enemy_occupied(state, z, camp))

    def check_move(self, state: State, pieces: list[str], dest: str) -> MoveVerdict:
        if not pieces:
            return MoveVerdict(False, "no piece to move")
        for pid in pieces:
            if pid not in state["pieces"]:
                return MoveVerdict(False, f"no piece {pid!r}")
        why = self.why_not_move(state, pieces)
        if why:
            return MoveVerdict(False, why[0], why[1])
        bmap = self.board_map
        if dest not in bmap.areas:
            return MoveVerdict(False, f"{bmap.place_name(dest)} is not a strategic zone",
                               self.cite("8"))
        militia = [p for p in pieces if not self.is_commander(state, p)
                   and self.unit_code(state, p) == "Mi"]
        if militia and not self.in_brittany(dest):
            return MoveVerdict(False, f"{self.piece_name(state, militia[0])} is militia: no "
                                      "militia may leave Brittany", self.cite("13 Strategic "
                                                                              "movement"))
        reach = self.reachable(state, pieces).get(dest)
        if reach is None:
            budget, _, note = self._army_budget(state, pieces)
            extra = f" ({note})" if note else ""
            return MoveVerdict(False, f"{bmap.place_name(dest)} is out of reach with {budget} "
                                      f"MP{extra}: 1 MP a zone, 2 MP for mountain or forest, "
                                      "and an army stops on entering an occupied enemy zone",
                               self.cite("8 Procedure"))
        return MoveVerdict(True, reach=reach)

    def _move(self, state: State, action: Action, ctx: Context) -> None:
        pieces, dest, reach = self.legal_move(state, action)
        v = state["vars"]
        camp = state["active"]
        budget, extra, note = self._army_budget(state, pieces)
        moving = v["moving"]
        if not moving:
            cid = self.commander_of(state, pieces)
            moving = v["moving"] = {"commander": cid, "pieces": list(pieces), "mp_left": budget,
                                    "zone": state["pieces"][cid]["loc"], "rough": False,
                                    "stopped": False}
            if extra:
                ctx.log(f"{self.piece_name(state, cid)}: {note}", self.cite("8 Procedure"))
        else:
            dropped = [p for p in moving["pieces"] if p not in pieces]
            if dropped:
                self._drop(state, dropped, ctx)
        reach = reach
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        moving["mp_left"] -= reach.cost
        moving["zone"] = dest
        bmap = self.board_map
        if any(bmap.areas[z].terrain in ROUGH for z in reach.path[1:]):
            moving["rough"] = True
        route = " → ".join(bmap.place_name(z) for z in reach.path)
        ctx.log(f"{self.names(state, pieces)} move {route} ({reach.cost} MP, "
                f"{moving['mp_left']} left)", self.cite("8 Procedure"))
        for z in reach.path[1:]:
            if (self.is_objective(z) and not self.enemy_occupied(state, z, camp)
                    and state["control"].get(z) != camp):
                state["control"][z] = camp
                ctx.log(f"{self.side(camp).name} control marker placed in "
                        f"{bmap.place_name(z)}", self.cite("5, 8"))
        if reach.stops:
            kind = self.combat_kind(state, dest, camp)
            v["markers"][dest] = kind
            moving["stopped"] = True
            ctx.log(f"The army enters an occupied enemy zone and stops: {kind} marker in "
                    f"{bmap.place_name(dest)}", self.cite("8 Procedure, 10"))
        if moving["stopped"] or moving["mp_left"] <= 0:
            self._end_army_move(state, ctx)

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

    def _drop(self, state: State, pids: list[str], ctx: Context) -> None:
        v = state["vars"]
        for p in pids:
            v["moving"]["pieces"].remove(p)
            v["moved"].append(p)
            if v["moving"]["rough"]:
                v["rough"].append(p)
        ctx.log(f"{self.names(state, pids)} left in "
                f"{self.board_map.place_name(v['moving']['zone'])}", self.cite("8 Procedure"))

    def _end_army_move(self, state: State, ctx: Context) -> None:
        v = state["vars"]
        moving = v["moving"]
        v["moved"].extend(p for p in moving["pieces"] if p not in v["moved"])
        if moving["rough"]:
            v["rough"].extend(moving["pieces"])
        v["moving"] = None
        ctx.log(f"{self.piece_name(state, moving['commander'])}'s army ends its movement",
                self.cite("8 Overview"))
        armies.consolidate(self, state, ctx, moving["zone"], state["active"],
                           moving["pieces"])

    # -- maritime movement (13) -----------------------------------------------------------
    def why_not_sail(self, state: State, pieces: list[str], dest: str) -> tuple[str, str] | None:
        """Why ``pieces`` may not sail to ``dest`` now (reason, rule), or ``None``."""
        rule = self.cite("13 Maritime movement")
        if state["vars"]["over"] or state["phase"] != "movement" or self.flow.top(state):
            return "maritime movement belongs to strategic movement", self.cite("6")
        if state["active"] != "brittany":
            return "only the Bretons and their allies move by sea", rule
        if state["vars"]["moving"]:
            return "an army must complete its movement first (End move)", self.cite("8")
        if state["vars"].get("sailed"):
            return "the maritime movement of this round has been made", rule
        if not pieces or any(self.piece_side(state, p) != "brittany" for p in pieces):
            return "only Breton-camp counters move by sea", rule
        locs = {state["pieces"][p]["loc"] for p in pieces}
        bmap = self.board_map
        if len(locs) != 1:
            return "the counters must sail from one zone", rule
        start = next(iter(locs))
        if start not in bmap.areas or not bmap.areas[start].port:
            return f"{bmap.place_name(start)} has no coastline", rule
        if dest not in bmap.areas or not bmap.areas[dest].port or dest == start:
            return f"{bmap.place_name(dest)} is not another zone with a coastline", rule
        sp = self.stack_sp(state, pieces)
        if sp > 2:
            return f"{sp} SP: at most 2 SP (and any number of commanders) sail", rule
        militia = [p for p in pieces if not self.is_commander(state, p)
                   and self.unit_code(state, p) == "Mi"]
        if militia and not self.in_brittany(dest):
            return "no militia may leave Brittany", self.cite("13 Strategic movement")
        return None

    def _sail(self, state: State, action: Action, ctx: Context) -> None:
        pieces = action.pieces(0)
        dest = action.arg(1)
        for p in pieces:
            if p not in state["pieces"]:
                raise InvalidActionError(f"no piece {p!r}")
        why = self.why_not_sail(state, pieces, dest)
        if why:
            raise IllegalActionError(*why)
        start = state["pieces"][pieces[0]]["loc"]
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        state["vars"]["sailed"] = True
        bmap = self.board_map
        ctx.log(f"{self.names(state, pieces)} sail from {bmap.place_name(start)} to "
                f"{bmap.place_name(dest)}", self.cite("13 Maritime movement"))
        if self.enemy_occupied(state, dest, "brittany"):
            kind = self.combat_kind(state, dest, "brittany")
            state["vars"]["markers"][dest] = kind
            ctx.log(f"{kind.capitalize()} marker in {bmap.place_name(dest)}",
                    self.cite("8 Procedure, 10"))

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """A drag: a land move, or a sea move for the Bretons when only that is legal."""
        if (len(pieces) == 1 and pieces[0] in state["pieces"] and state["phase"] == "rr"
                and state["pieces"][pieces[0]]["loc"] in (reinforcements.NOT_YET,
                                                          self.reserve_of(state["active"]))):
            full = Action.of("buy", pieces[0], dest)  # R&R: a purchase (7)
            if reinforcements.why_not_buy(self, state, pieces[0], False) is None:
                return full
            if reinforcements.why_not_buy(self, state, pieces[0], True) is None:
                return Action.of("buy-reduced", pieces[0], dest)
            return full
        action = super().move_action(state, pieces, dest)
        if (action.verb == "move" and not self.check_move(state, pieces, dest).legal
                and self.why_not_sail(state, pieces, dest) is None):
            return Action.of("sail", pieces, dest)
        return action

    def _pick_up(self, state: State, action: Action, ctx: Context) -> None:
        pid = action.arg(0)
        if pid not in state["pieces"]:
            raise InvalidActionError(f"no piece {pid!r}")
        moving = state["vars"]["moving"]
        if not moving or state["phase"] != "movement":
            raise IllegalActionError("no army is moving: units are picked up on the way",
                                     self.cite("8 Procedure"))
        if state["pieces"][pid]["loc"] != moving["zone"]:
            raise IllegalActionError(f"{self.piece_name(state, pid)} is not where the army "
                                     "is", self.cite("8 Procedure"))
        if self.piece_side(state, pid) != state["active"] or self.is_commander(state, pid):
            raise IllegalActionError(f"{self.piece_name(state, pid)} is not a unit of the "
                                     "moving camp", self.cite("8 Procedure"))
        if pid in state["vars"]["moved"] or pid in moving["pieces"]:
            raise IllegalActionError(f"{self.piece_name(state, pid)} has already moved",
                                     self.cite("8 Procedure"))
        moving["pieces"].append(pid)
        ctx.log(f"{self.piece_name(state, moving['commander'])}'s army picks up "
                f"{self.piece_name(state, pid)} at no cost", self.cite("8 Procedure"))

    # -- the sequence of play (6) ---------------------------------------------------------
    def _next_phase(self, state: State, ctx: Context) -> None:
        v = state["vars"]
        if v["over"]:
            raise IllegalActionError("the game is over", self.cite("12"))
        if self.flow.top(state):
            raise IllegalActionError("finish the current procedure first: "
                                     + self.flow.prompt(self, state), self.cite("6"))
        if v["moving"]:
            raise IllegalActionError("an army must complete its movement first (End move)",
                                     self.cite("8 Overview"))
        if state["phase"] == "rr" and reinforcements.militia_owed(self, state):
            raise IllegalActionError("in a spring round the Bretons recruit as many Breton "
                                     "militia as their RP and counters allow",
                                     self.cite("13 R&R of the Breton militia"))
        if state["phase"] == "rr":
            reinforcements.end_rr(self, state, ctx)
        i = PHASES.index(state["phase"])
        if i + 1 < len(PHASES):
            state["phase"] = PHASES[i + 1]
            ctx.log(f"{self.side(state['active']).name} phase: "
                    f"{PHASE_NAMES[state['phase']]}", self.cite("6"))
            if state["phase"] == "fatigue":
                fatigue.start(self, state, ctx)
            if state["phase"] == "combat":
                self._mark_disputed(state, ctx)
                armies.queue_defence_choices(self, state, ctx)  # 10 Overview
            return
        if state["active"] == "france":
            state["active"] = "brittany"
        else:
            self._administrative(state, ctx)
            if v["over"]:
                return
        state["phase"] = "rr"
        state["vars"]["rp"][state["active"]] = None
        ctx.log(f"{self.side(state['active']).name} phase: {PHASE_NAMES['rr']}",
                self.cite("6"))

    def _mark_disputed(self, state: State, ctx: Context) -> None:
        """Every zone both camps occupy where the active camp has an army (the attacker
        or besieger, 2) gets its battle or siege marker (10)."""
        for zone in sorted(self.board_map.areas):
            if zone not in state["vars"]["markers"] and all(
                    self.own_at(state, zone, c) for c in CAMPS) and armies.is_army(
                    self, state, zone, state["active"]):
                kind = self.combat_kind(state, zone, state["active"])
                state["vars"]["markers"][zone] = kind
                ctx.log(f"{self.board_map.place_name(zone)} is disputed: {kind} marker",
                        self.cite("10 Overview"))

    def _administrative(self, state: State, ctx: Context) -> None:
        """The shared administrative phase (6, 13)."""
        v = state["vars"]
        rnd = state["turn"]
        if rnd in ENGLISH_REMOVAL_ROUNDS:
            english = [p for p in state["pieces"] if self.nationality(state, p) == "england"
                       and self.on_map(state["pieces"][p]["loc"])]
            for p in english:  # to the Reserve: they may return next round (13)
                put_piece(state, p, self.reserve_of(self.piece_side(state, p)))
            if english:
                ctx.log(f"End of the year: the English counters leave the map "
                        f"({self.names(state, english)})", self.cite("13 Removal of English "
                                                                     "counters"))
        v["moved"], v["rough"], v["sailed"] = [], [], False
        if rnd >= self.setup_data.rounds:
            victory.final_tally(self, state, ctx)
            v["over"] = True
            state["phase"] = "over"
            ctx.log(f"Round {rnd} is over: the game ends. {self.outcome(state)}",
                    self.cite("12"))
            return
        state["turn"] = rnd + 1
        state["active"] = "france"
        ctx.log(f"Administrative phase: the time marker moves to "
                f"{self.turn_label(state['turn'])}", self.cite("6"))

    def season(self, turn: int) -> str:
        return SEASONS[(turn - 1) % 3]

    # -- the plugin interface ---------------------------------------------------------------
    def acting_side(self, state: State) -> str:
        item = diplomacy.pending(state) if not self.flow.top(state) else None
        if item:
            return str(item["camp"])
        if not self.flow.top(state) and armies.defence_pending(state):
            return OTHER[state["active"]]  # the besieged chooses siege or battle (10)
        return self.flow.active_side(state) or state["active"]

    def legal_actions(self, state: State) -> Iterator[Action]:
        v = state["vars"]
        if v["over"]:
            return
        if self.flow.top(state):
            yield from self.flow.legal_actions(self, state)
            return
        if diplomacy.pending(state):
            yield from diplomacy.relocate_actions(self, state)
            return
        if armies.defence_pending(state):
            yield from armies.defence_actions(self, state)
            return
        if state["phase"] == "movement":
            moving = v["moving"]
            if moving:
                for p in pieces_at(state, moving["zone"]):
                    if (p not in moving["pieces"] and p not in v["moved"]
                            and not self.is_commander(state, p)
                            and self.piece_side(state, p) == state["active"]):
                        yield Action.of("pick-up", p)
                for dest in sorted(self.reachable(state, moving["pieces"])):
                    yield Action.of("move", moving["pieces"], dest)
                yield Action("end-move")
                return
            for zone in sorted(self.board_map.areas):
                own = [p for p in self.own_at(state, zone, state["active"])
                       if p not in v["moved"]]
                if self.commander_of(state, own) is None:
                    continue
                for dest in sorted(self.reachable(state, own)):
                    yield Action.of("move", own, dest)
                for part in armies.split_moves(self, state, zone, own):
                    for dest in sorted(self.reachable(state, part)):
                        yield Action.of("move", part, dest)
            yield from self._sail_actions(state)
            yield from armies.garrison_actions(self, state)
        if state["phase"] == "rr" and v["rp"].get(state["active"]) is None:
            yield Action("roll-rp")
        if state["phase"] == "rr":
            yield from reinforcements.ask_actions(self, state)
            yield from reinforcements.buy_actions(self, state)
            yield from armies.garrison_actions(self, state)  # placement as a garrison (7.2)
            if reinforcements.militia_owed(self, state):
                return  # 13: the Breton militia first
        if state["phase"] == "combat":
            for zone in sorted(v["markers"]):
                if siege_mod.why_not_siege(self, state, zone) is None:
                    yield Action.of("siege", zone)  # on the tactical map (10)
                if major_mod.why_not_major(self, state, zone) is None:
                    yield Action.of("major-battle", zone)
                if battle.why_not_fight(self, state, zone) is None:
                    yield Action.of("fight", zone)
                yield Action.of("resolved", zone)
        yield Action("next-phase")

    def _sail_actions(self, state: State) -> Iterator[Action]:
        """Sea moves of single counters and of each commander with one unit (13)."""
        if state["active"] != "brittany" or state["vars"].get("sailed"):
            return
        ports = sorted(z for z, a in self.board_map.areas.items() if a.port)
        for zone in ports:
            own = self.own_at(state, zone, "brittany")
            groups = [[p] for p in own]
            cmds = [p for p in own if self.is_commander(state, p)]
            groups += [[c, u] for c in cmds[:1] for u in own if u not in cmds]
            for group in groups:
                for dest in ports:
                    if self.why_not_sail(state, group, dest) is None:
                        yield Action.of("sail", group, dest)

    def flow_actions(self, state: State) -> list[Action]:
        """Buttons: every legal action but the drags (move, sail)."""
        return [a for a in self.legal_actions(state)
                if a.verb not in ("move", "sail", "tac-move", *major_mod.HAND_VERBS,
                                  *major_mod.MENU_VERBS, *reinforcements.BUY_VERBS, "garrison",
                                  "resolved")]

    def piece_actions(self, state: State, pid: str) -> list[Action]:
        """On a counter's menu: pick it up, or reduce / eliminate it for fatigue."""
        return [a for a in self.legal_actions(state)
                if a.verb in ("pick-up", "reduce", "eliminate-unit", "rebuild")
                and a.args == (pid,)] + tactical_piece_actions(self, state, pid)

    def place_actions(self, state: State, place: str) -> list[Action]:
        """Right-click a zone: in R&R the purchases that may be placed there (7); in
        movement, an army there may become a garrison (8); in combat, its fight, and the
        manual escape of a fight resolved by hand (10)."""
        if self.flow.top(state) or place not in self.board_map.areas:
            return []
        if state["phase"] == "combat":
            return [a for a in self.legal_actions(state)
                    if a.args == (place,) and a.verb in ("siege", "major-battle", "fight",
                                                         "resolved")]
        garrison = [a for a in armies.garrison_actions(self, state) if a.args == (place,)]
        if state["phase"] == "rr":
            return [*reinforcements.buy_actions(self, state, place), *garrison]
        return garrison

    def action_label(self, state: State, action: Action) -> str:
        labels = {"next-phase": "Next phase", "end-move": "End move",
                  "roll-rp": "Roll RP dice"}
        if action.verb in labels:
            return labels[action.verb]
        if action.verb == "fatigue-result":
            return f"{action.arg(0)} SP lost"
        if action.verb in ("pick-up", "reduce", "eliminate-unit"):
            return f"{action.verb.replace('-', ' ').capitalize()} " \
                   f"{self.piece_name(state, action.arg(0))}"
        if action.verb == "fight":
            return f"Minor battle: {self.board_map.place_name(action.arg(0))}"
        if action.verb == "combat-losses":
            return f"Losses {action.arg(0)}"
        if action.verb == "retreat":
            return {"none": "No retreat", "attacker": "Attacker retreats (R)",
                    "defender": "Defender retreats (R)"}[action.arg(0)]
        if action.verb == "resolved":
            return f"Resolved by hand: {self.board_map.place_name(action.arg(0))}"
        if action.verb in ("buy", "buy-reduced"):
            pid = action.arg(0)
            if self.is_commander(state, pid):
                back = " (back side)" if pid in state["vars"]["commander_out"] else ""
                return f"Return {self.piece_name(state, pid)}{back} in " \
                       f"{self.board_map.place_name(action.arg(1))}"
            reduced = action.verb == "buy-reduced"
            price = reinforcements.cost(self, state, pid, reduced)
            return (f"Buy {self.piece_name(state, pid)} {'reduced' if reduced else 'full'} "
                    f"({price} RP) in {self.board_map.place_name(action.arg(1))}")
        if action.verb == "rebuild":
            return f"Rebuild {self.piece_name(state, action.arg(0))}"
        if action.verb == "reinforcements":
            cont = self.reinforcement_table.contingents.get(action.arg(0))
            return f"{cont.name if cont else action.arg(0)}: " \
                   f"{reinforcements.counters_text(action.arg(1))}"
        if action.verb in ("retreat-to", "relocate"):
            return f"{'Retreat to' if action.verb == 'retreat-to' else 'Place in'} " \
                   f"{self.board_map.place_name(action.arg(0))}"
        if action.verb == "garrison":
            return f"Garrison in {self.board_map.place_name(action.arg(0))}"
        if action.verb == "defend":
            return ("Stand the siege" if action.arg(1) == "siege" else
                    "Fight a battle as an army") + \
                f" in {self.board_map.place_name(action.arg(0))}"
        if action.verb == "commander-check":
            return {"none": "No commander check", "attacker": "Attacker's commanders (*)",
                    "defender": "Defender's commanders (*)",
                    "both": "Both sides' commanders (*)"}.get(action.arg(0), action.arg(0))
        return super().action_label(state, action)

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        verb = action.verb
        if self.flow.top(state) and verb not in ("move", "next-phase"):
            section = {"rr": "7", "movement": "8", "fatigue": "9",
                       "combat": "10"}.get(state["phase"], "6")
            self.flow.apply(self, state, action, ctx, self.cite(section))
            return
        if verb in ("buy", "buy-reduced"):
            reinforcements.buy(self, state, action, ctx)
        elif verb == "rebuild":
            reinforcements.rebuild(self, state, action, ctx)
        elif verb == "reinforcements":
            reinforcements.answer(self, state, action, ctx)
        elif verb == "garrison":
            armies.make_garrison(self, state, ctx, action.arg(0))
        elif verb == "relocate":
            diplomacy.relocate(self, state, ctx, action.arg(0))
        elif verb == "defend":
            armies.choose_defence(self, state, ctx, action)
        elif armies.defence_pending(state):
            raise IllegalActionError(f"{self.side(OTHER[state['active']]).name} first chooses "
                                     "to stand the siege or fight as an army",
                                     self.cite("10 Overview"))
        elif diplomacy.pending(state):
            item = diplomacy.pending(state)
            raise IllegalActionError(f"{self.side(item['camp']).name} first places the "
                                     "counters of the ally that changed camp", self.cite("11"))
        elif verb == "move":
            self._move(state, action, ctx)
        elif verb == "pick-up":
            self._pick_up(state, action, ctx)
        elif verb == "sail":
            self._sail(state, action, ctx)
        elif verb == "end-move":
            if not state["vars"]["moving"]:
                raise IllegalActionError("no army is moving", self.cite("8"))
            self._end_army_move(state, ctx)
        elif verb == "next-phase":
            self._next_phase(state, ctx)
        elif verb == "roll-rp":
            if state["phase"] != "rr" or state["vars"]["rp"].get(state["active"]) is not None:
                raise IllegalActionError("the RP are rolled once, at the start of the camp's "
                                         "R&R", self.cite("7.2, 13"))
            self.roll_rp(state, ctx)
        elif verb == "siege":
            siege_mod.start(self, state, action.arg(0), ctx)
        elif verb == "major-battle":
            major_mod.start(self, state, action.arg(0), ctx)
        elif verb == "fight":
            battle.fight(self, state, action.arg(0), ctx)
        elif verb == "resolved":
            zone = action.arg(0)
            if zone not in state["vars"]["markers"] or state["phase"] != "combat":
                raise IllegalActionError(f"no battle or siege to resolve in {zone}",
                                         self.cite("10"))
            kind = state["vars"]["markers"].pop(zone)
            ctx.log(f"The {kind} in {self.board_map.place_name(zone)} was resolved by hand; "
                    "marker removed", self.cite("10"))
        else:
            raise InvalidActionError(f"unknown action {verb!r} (move, sail, pick-up, "
                                     "end-move, next-phase, fight, resolved, fatigue-result, "
                                     "reduce, eliminate-unit, combat-losses, retreat)")

    # -- presentation ----------------------------------------------------------------------
    def piece_name(self, state: State, pid: str) -> str:
        if pid not in state["pieces"]:
            return pid
        if self.is_commander(state, pid):
            c = self.counters.commanders[state["pieces"][pid]["type"]]
            return c.back if state["pieces"][pid]["flipped"] else c.name
        code = self.unit_code(state, pid)
        nat = self.counters.nationalities[self.nationality(state, pid)]["name"]
        note = ""
        if state["pieces"][pid]["flipped"]:
            note = ", captured" if code == "Ca" else ", reduced"
        return f"{nat} {code} #{pid.rsplit('-', 1)[-1]}{note}"

    def names(self, state: State, pids: list[str]) -> str:
        return ", ".join(self.piece_name(state, p) for p in pids)

    def counter_face(self, state: State, pid: str) -> CounterFace:
        side = self.side(self.piece_side(state, pid))
        flipped = bool(state["pieces"][pid]["flipped"])
        if self.is_commander(state, pid):
            c = self.counters.commanders[state["pieces"][pid]["type"]]
            return CounterFace(
                colour=side.colour, text_colour=side.text_colour,
                title=c.back if flipped else c.name, subtitle="*" * c.stars,
                values=(str(c.mp), str(c.tc)), is_leader=True,
                tooltip=(f"{c.name} ({self.counters.nationalities[c.nationality]['name']}): "
                         f"rank {c.stars} stars, {c.mp} MP, TC {c.tc}\nback: {c.back}\n"
                         f"source: {c.source}"))
        ut = self.counters.units[self.unit_code(state, pid)]
        reduced = flipped and not ut.one_sp
        cf = ut.cf[1 if flipped else 0]
        nat = self.counters.nationalities[self.nationality(state, pid)]["name"]
        return CounterFace(
            colour=side.colour, text_colour=side.text_colour, title=ut.code, subtitle=nat,
            values=(str(cf), str(ut.rf), str(ut.mp)), reduced=reduced,
            tag="captured" if flipped and ut.code == "Ca" else "",
            tooltip=(f"{self.piece_name(state, pid)}: {ut.name}\nCF {cf}, range of fire "
                     f"{ut.rf}, {ut.mp} MP, {ut.rp} RP, {self.sp(state, pid)} SP\n"
                     f"source: {ut.source}"))

    def turn_label(self, turn: int) -> str:
        track = self.board_map.tracks.get("turn")
        cell = track.cell(str(turn)) if track else None
        return f"round {turn} ({cell.label})" if cell else f"round {turn}"

    def place_markers(self, state: State) -> dict[str, list[str]]:
        out = {z: [k.capitalize()] for z, k in state["vars"]["markers"].items()}
        for z in self.board_map.areas:  # the objective stars of the printed map (5)
            if self.is_objective(z):
                out.setdefault(z, []).insert(0, "★")
        if "alliances" in self.board_map.boxes:  # the cursors of the Alliances Table (11)
            out["alliances"] = diplomacy.table_lines(self, state)
        out.update(tactical_markers(self, state))  # the tactical map (10)
        return out

    def outcome(self, state: State) -> str | None:
        if not state["vars"]["over"]:
            return None
        return victory.outcome(self, state)

    def prompt(self, state: State) -> str:
        if state["vars"]["over"]:
            return f"The game is over. {self.outcome(state)}"
        if self.flow.top(state):
            return self.flow.prompt(self, state)
        zone = armies.defence_pending(state)
        if zone:
            return (f"{self.side(OTHER[state['active']]).name}: a commander is in the garrison "
                    f"of {self.board_map.place_name(zone)} — stand the siege, or leave the "
                    "fortress and fight a battle as an army (10)?")
        item = diplomacy.pending(state)
        if item:
            return (f"{self.side(item['camp']).name}: place {self.names(state, item['pieces'])} "
                    f"(an ally changed camp) in a zone you control (11).")
        camp = self.side(state["active"]).name
        phase = state["phase"]
        head = f"{self.turn_label(state['turn'])}, {camp} phase — {PHASE_NAMES[phase]}"
        if phase == "rr":
            rp = state["vars"]["rp"].get(state["active"])
            if rp is None:
                return f"{head}: roll the RP dice (13), or go on with Next phase."
            asked = reinforcements.ask_prompt(self, state)
            if asked:
                return f"{head}: {asked}"
            if reinforcements.militia_owed(self, state):
                return (f"{head}: {rp} RP. A spring round: first recruit Breton militia while "
                        "the RP and counters allow — drag a Breton Mi from the Reserve or the "
                        "counters not yet in play onto a zone of Brittany, or right-click a "
                        "zone (13).")
            merc = reinforcements.allowance_text(self, state)
            return (f"{head}: {rp} RP{merc}. Drag a counter from the Reserve or the counters "
                    "not yet in play onto a zone (or right-click a zone) to buy it, right-click "
                    "a reduced unit to rebuild it (7), then Next phase.")
        if phase == "movement":
            moving = state["vars"]["moving"]
            if moving:
                return (f"{head}: {self.piece_name(state, moving['commander'])}'s army has "
                        f"{moving['mp_left']} MP left: drag it on, pick up units, or End move "
                        "(8).")
            return f"{head}: drag an army (a commander and its units), then Next phase (8)."
        if phase == "combat":
            return (f"{head}: fight each marked battle and siege (Minor battle, Major battle "
                    "or Siege on the toolbar or the zone's menu; 10), then Next phase.")
        return f"{head}."

    def title(self, state: State) -> str:
        return f"{self.name}, {self.turn_label(state['turn'])}"

    def summary(self, state: State) -> str:
        lines = [self.prompt(state)]
        bmap = self.board_map
        for place, pids in sorted(state["stacks"].items()):
            lines.append(f"  {self.place_name(place)}: {self.names(state, pids)}")
        ctl = ", ".join(f"{bmap.place_name(z)} {c}" for z, c in sorted(state["control"].items())
                        if c)
        lines.append(f"  control markers: {ctl}")
        lines.append("  Alliances Table (11): " + "; ".join(diplomacy.table_lines(self, state)))
        lines.append(f"  VP (12): France {state['score'].get('france', 0)}, Brittany "
                     f"{state['score'].get('brittany', 0)}")
        return "\n".join(lines)
