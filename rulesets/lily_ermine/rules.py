"""The Lily and the Ermine (French-Breton War 1487-1491): the ruleset, wiring the model
(``model/``) and the steps (``steps/``), and saying how pieces and places look.

Automated (each rule cited as "Lily and the Ermine <section>"):

* the set-up (13) and the sequence of play (6) as phase steps: 13 rounds spring 1487 -
  spring 1491, a French turn then a Breton turn (R&R, strategic movement, fatigue and
  desertion, combat: ``steps/rr.py``, ``movement.py``, ``fatigue.py``, ``combat.py``),
  then the shared administrative phase (time marker, English counters removed on rounds
  3, 6, 9, 12; victory after round 13, 12);
* the RP dice of each camp with their modifiers (13, Replacement Points);
* strategic movement (8): armies only, the army commander's MP, mountain/forest 2 MP,
  each unit once per round, one army at a time, pick-up and drop-off on the way,
  garrison -> army for 2 MP, stop on entering an occupied enemy zone with a battle or
  siege marker, control markers on objective zones, militia may not leave Brittany (13);
* maritime movement of the Bretons (13): from a coastline zone to another, 2 SP and any
  number of commanders, once a round (a drag to a distant coastline zone);
* minor battles (10, < 10 SP for a camp) on the Combat Table (``model/combat.py``,
  ``steps/battle.py``), the unknown values asked of the players; major battles and
  sieges on the tactical map, the second board (``steps/major_*.py``, ``steps/siege.py``);
* fatigue and desertion (9) as a table roll per stack (``steps/fatigue.py``): the values
  the rules do not print are asked of the players;
* R&R (7, 13, ``model/reinforcements.py``): purchases at full or reduced strength,
  rebuilding, placement, commanders' return, the mercenaries of the Reinforcements Table,
  the limits of 7.1, the Breton militia; armies and garrisons (8, ``model/armies.py``);
  retreats and the commander check after battles (10, ``steps/retreat.py``); the
  Alliances Table (11, ``model/diplomacy.py``); VP and the levels of victory (12,
  ``model/victory.py``).

Manual (with the core's place/flip/eliminate/control/score): whatever the players
decide to correct by hand.
"""

from __future__ import annotations

from boardapp.core.base.i18n import listing, render
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.datasheets import Sheet
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, ScenarioInfo, Status
from boardapp.core.engine.state import LEGACY, State, add_piece, new_state

from .model import LilyErmineModel, diplomacy, judge, reinforcements, sheets, victory
from .model.combat import ALL_RESOLVED
from .model.data import CAMPS
from .model.names import data_word
from .model.tactical import marker_kinds, marker_name, tactical_markers
from .steps import (
    battle,
    combat,
    fatigue,
    major_melee,
    major_round,
    major_setup,
    movement,
    retreat,
    rr,
    siege,
)
from .steps.common import LilyStep
from .words import N_

CAMP_WORDS = {"france": N_("france"), "brittany": N_("brittany")}
"""A camp's id as a word of the status line (English as before: the id)."""

PHASES = (*rr.STEPS, *movement.STEPS, fatigue.FatiguePhase, *combat.STEPS)
PROCEDURES = (*fatigue.STEPS, *battle.STEPS, *retreat.STEPS, *siege.STEPS,
              *major_setup.STEPS, *major_round.STEPS, *major_melee.STEPS)


KIND_TITLES = {"battle": N_("Battle"), "siege": N_("Siege")}
"""The strategic map's combat markers, as their counters read."""


class LilyErmine(LilyErmineModel):
    """The Lily and the Ermine (see the module docstring)."""

    flow = Flow(*PROCEDURES, phases=PHASES)

    def data_sheets(self) -> list[Sheet]:
        """The table values the rules do not print, filled in by the players."""
        return [*sheets.data_sheets(self), reinforcements.data_sheet(self)]

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"1487": ScenarioInfo("1487", N_("The French-Breton War 1487-1491"),
                                     N_("The campaign game, 13 rounds (rules 13)"))}

    # -- set-up (13) ---------------------------------------------------------------------
    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
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
        if played_with in ("0.1", "0.2"):
            # 10 Following combat, checked from 0.3: a game recorded before replays, and
            # goes on, ending the combat phase with markers standing (state["legacy"] is
            # left out of the digest).
            state[LEGACY] = {ALL_RESOLVED: False}
        return state

    # -- the drag: asked of the running step ---------------------------------------------
    def _running(self, state: State) -> tuple[LilyStep, dict] | None:
        frame = self.flow.current(state)
        if frame is None:
            return None
        step = self.flow.step(frame)
        return (step, frame) if isinstance(step, LilyStep) else None

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """Where a dragged counter may go now, as the running step says: an army's
        strategic move (8), a purchase's zones (7), a move on the tactical map (10)."""
        running = self._running(state)
        if running is None or not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        step, frame = running
        return step.reach(self, state, frame, pieces)

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """A drag, as the running step reads it (a purchase in R&R, a sea move of the
        Bretons, a move on the tactical map), else a move or a placement by hand."""
        running = self._running(state)
        if running is not None:
            step, frame = running
            action = step.drag_action(self, state, frame, pieces, dest)
            if action is not None:
                return action
        return super().move_action(state, pieces, dest)

    # -- presentation ----------------------------------------------------------------------
    def counter_face(self, state: State, pid: str) -> CounterFace:
        side = self.side(self.piece_side(state, pid))
        flipped = bool(state["pieces"][pid]["flipped"])
        if self.is_commander(state, pid):
            c = self.counters.commanders[state["pieces"][pid]["type"]]
            return CounterFace(
                colour=side.colour, text_colour=side.text_colour,
                title=c.back if flipped else c.name, subtitle="*" * c.stars,
                values=(str(c.mp), str(c.tc)), is_leader=True,
                tooltip=(N_("{c} ({name}): rank {stars} stars, {mp} MP, TC {tc}\nback: "
                            "{back}\nsource: {source}", c=c.name,
                            name=data_word(self.counters.nationalities[c.nationality]['name']),
                            stars=c.stars, mp=c.mp, tc=c.tc, back=data_word(c.back),
                            source=data_word(c.source))))
        ut = self.counters.units[self.unit_code(state, pid)]
        reduced = flipped and not ut.one_sp
        cf = ut.cf[1 if flipped else 0]
        nat = self.counters.nationalities[self.nationality(state, pid)]["name"]
        return CounterFace(
            colour=side.colour, text_colour=side.text_colour, title=ut.code, subtitle=nat,
            values=(str(cf), str(ut.rf), str(ut.mp)), reduced=reduced,
            tag="captured" if flipped and ut.code == "Ca" else "",
            tooltip=(N_("{piece}: {ut}\nCF {cf}, range of fire {rf}, {mp} MP, {rp} RP, {sp} "
                        "SP\nsource: {source}", piece=self.piece_name(state,
                                                                      pid), ut=data_word(ut.name),
                        cf=cf, rf=ut.rf, mp=ut.mp, rp=ut.rp, sp=self.sp(state, pid),
                        source=data_word(ut.source))))

    def place_markers(self, state: State) -> dict[str, list[str]]:
        out = {z: [KIND_TITLES.get(k, k.capitalize())] for z, k in state["vars"]["markers"].items()}
        for z in self.board_map.areas:  # the objective stars of the printed map (5)
            if self.is_objective(z):
                out.setdefault(z, []).insert(0, "★")
        if "alliances" in self.board_map.boxes:  # the cursors of the Alliances Table (11)
            out["alliances"] = diplomacy.table_lines(self, state)
        out.update(tactical_markers(self, state))  # the tactical map (10)
        return {z: [render(m) for m in ms] for z, ms in out.items()}  # in the words now

    def standing(self, state: State) -> dict[str, float]:
        """The level of victory each camp reaches (12; model/judge.py)."""
        return judge.standing(self, state)

    def evaluate(self, state: State, side: str) -> float:
        """VP if the game ended now, then strength (12, 2; model/judge.py)."""
        return judge.evaluate(self, state, side)

    def outcome(self, state: State) -> str | None:
        if not state["vars"]["over"]:
            return None
        return victory.outcome(self, state)

    def status(self, state: State) -> Status:
        bmap = self.board_map
        ctl = listing([N_("{place} {camp}", place=bmap.place_name(z), camp=CAMP_WORDS.get(c, c))
                       for z, c in sorted(state["control"].items()) if c])
        return Status(N_("{game}, {turn}", game=self.name, turn=self.turn_label(state["turn"])), (
            N_("  control markers: {ctl}", ctl=ctl),
            N_("  Alliances Table (11): ") + listing(diplomacy.table_lines(self, state), "; "),
            N_("  VP (12): France {get}, Brittany {get2}", get=state['score'].get('france', 0),
               get2=state['score'].get('brittany', 0))))

    # -- hidden information: the tactical markers (10) -----------------------------------
    def private_lines(self, state: State, side: str) -> list[str]:
        t = state["vars"].get("tactical")
        mine = state["vars"].get("tac_secret", {}).get(side)
        if not t or t.get("kind") != "battle" or not isinstance(mine, dict) or not mine:
            return []
        chosen = listing([marker_name(k) for k in mine.get("chosen", [])
                          if k in marker_kinds()]) or N_("none")
        lines = [N_("Your tactical markers, face down: {chosen}", chosen=chosen)]
        picked = mine.get("picked")
        if picked:
            lines.append(N_("Picked for this round: ") + listing([
                N_("{marker} in {place}", marker=marker_name(k), place=self.place_name(z))
                if z else marker_name(k) for k, z in picked]))
        return lines

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """The other camp's tactical markers guessed (10; model/judge.py)."""
        return judge.guess_markers(view, side, seed)

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {camp: [("vars", "tac_secret", camp)]
                for camp in state["vars"].get("tac_secret", {})}
