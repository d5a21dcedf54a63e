"""Hundred Years War: Lion in Winter as a boardapp ruleset: wires the model and the steps,
sets the game up and says how it looks.

Rules source: the crib sheet of eleven phases (the full rule book is not available);
every automated rule cites "Lion in Winter crib Phase N (...)" in code and in its log line.
All eleven phases are automated, and every decision is a legal action of the player whose
decision it is (the active side, or the side of the running procedure), so that a game
plays by email. The layers:

* :mod:`.model`: data, facts, predicates ``why_not_*`` and the effects several steps
  share (:class:`~.model.LionModel`);
* :mod:`.steps`: the eleven phases of the turn as phase steps of the flow, in order
  (``initiative`` ... ``score``: each one's ``begin`` is what entering it does), and the
  procedures they call: the ``battle`` with its ``commander``, ``losses`` and
  ``retreat`` steps, and the ``chart`` (the two charts' printed values are unknown: data
  sheets, :mod:`.sheets`, that ask the players while a value is null);
* this module: the flow, the set-up, the drag of a leader in Phase Nine, manual changes,
  and the presentation (counters, markers, status).

Corrections by hand besides the core's (place, ...): ``troops``, ``elimination-roll``
and ``crown`` on a leader's menu, in every phase (:mod:`.steps.common`).
"""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, Status
from boardapp.core.engine.state import LEGACY, State, add_piece, new_state, put_piece

from .model import (
    PHASE_NAMES,
    PLAYERS,
    LionModel,
    decide_initiative,
    impulses_for,
    score_for_rank,
    score_for_value,
    side_word,
)
from .model.war import KILLED_KING
from .steps.battle import BattleStep, CommanderStep
from .steps.battles import BattlesPhase
from .steps.captured import CapturedPhase
from .steps.chart import ChartStep
from .steps.common import LionPhase
from .steps.control import ControlPhase
from .steps.death import DeathPhase
from .steps.impulses import ImpulsesPhase
from .steps.initiative import InitiativePhase
from .steps.losses import LossesStep, RetreatStep
from .steps.place import PlacePhase
from .steps.score import ENDED_TOGETHER, EndOffer, ScorePhase
from .steps.troops import AssignPhase, DeployPhase, RaisePhase
from .words import N_


class LionInWinter(LionModel):
    """Hundred Years War: Lion in Winter (from its crib sheet)."""

    flow = Flow(ChartStep, CommanderStep, BattleStep, LossesStep, RetreatStep, EndOffer,
                phases=(InitiativePhase, ImpulsesPhase, BattlesPhase, ControlPhase,
                        RaisePhase, DeployPhase, CapturedPhase, DeathPhase, PlacePhase,
                        AssignPhase, ScorePhase))

    # -- set-up ------------------------------------------------------------------------
    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        sc = self.scenario_data[scenario]
        state = new_state(self.id, scenario, new_rng(seed), list(PLAYERS))
        state["vars"] = {
            "owner": {}, "troops": {}, "unassigned": {},
            "king": {side: sc.kings.get(side) for side in PLAYERS},
            "initiative": None, "rolls": {}, "impulses": {s: 0 for s in PLAYERS},
            "aggressor": {}, "disgraced": [], "killed": [], "year": sc.year,
            "rounds": sc.rounds, "over": None,
        }
        state["flow"] = []
        by_year = sorted(self.leaders.values(), key=lambda lead: (lead.year, lead.id))
        for lead in by_year:
            add_piece(state, lead.id, lead.id, "leader-pool")
        for pid, area in sc.leaders.items():
            put_piece(state, pid, area)
            troops = {"infantry": self.leaders[pid].rank}  # crib Phase Nine, by analogy
            for kind, n in sc.troops.get(pid, {}).items():
                if kind == "knights":  # a knight of the leader's home country
                    kind = f"knights:{self.area_info[self.leaders[pid].home].flag}"
                troops[kind] = troops.get(kind, 0) + n
            state["vars"]["troops"][pid] = troops
        for home, band in self.bands.items():
            if band.strength:
                state["vars"]["unassigned"][home] = {f"mercenaries:{home}": band.strength}
        for area in self.board_map.areas:
            state["control"][area] = None
        for side, areas in sc.control.items():
            for area in areas:
                if not self.area_info[area].neutral:
                    state["control"][area] = side
        state["phase"] = "initiative"
        state["active"] = "english"
        if played_with in ("0.1", "0.2"):  # recorded before 0.3: scored as it was played
            state[LEGACY] = {KILLED_KING: False}
        if played_with in ("0.1", "0.2", "0.3"):  # before 0.4: one side ended the game
            state.setdefault(LEGACY, {})[ENDED_TOGETHER] = False
        return state

    # -- rules hooks -------------------------------------------------------------------
    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """Where the running step places leaders (Phase Nine), a leader dragged from the
        routed (available) box onto an area is placed by the rules (``place-leader``,
        refused with its rule where he may not go); Shift-drag stays a placement by
        hand."""
        if (len(pieces) == 1 and pieces[0] in state["pieces"]
                and state["pieces"][pieces[0]]["loc"] == "routed"
                and dest in self.area_info
                and self.flow.verb_spec(state, "place-leader") is not None):
            return Action("place-leader", (pieces[0], dest))
        return super().move_action(state, pieces, dest)

    def after_manual(self, state: State, ctx: Context) -> None:
        """A non-aligned leader placed by hand serves the player who placed him (crib
        Phase Nine); back in the pool or the routed box he serves nobody. A leader put
        on the map by hand arrives as placed; the running phase catches up (whose turn
        it is to place)."""
        owner = state["vars"]["owner"]
        for pid, piece in state["pieces"].items():
            if self.leaders[piece["type"]].side != "non-aligned":
                continue
            if piece["loc"] in ("leader-pool", "routed"):
                owner.pop(pid, None)
            elif piece["loc"] in self.board_map.areas and pid not in owner \
                    and ctx.side in PLAYERS:
                owner[pid] = ctx.side
        for pid, piece in state["pieces"].items():
            if piece["loc"] in self.board_map.areas and pid not in state["vars"]["troops"]:
                self.arrive(state, pid, piece["loc"], ctx)
        frame = self.flow.current(state)
        step = self.flow.step(frame) if frame is not None else None
        if isinstance(step, LionPhase):
            step.after_hand(self, state)

    # -- presentation ------------------------------------------------------------------
    def counter_face(self, state: State, pid: str) -> CounterFace:
        lead = self.leaders[state["pieces"][pid]["type"]]
        info = self.side(self.leader_side(state, pid))
        troops = state["vars"]["troops"].get(pid, {})
        king = pid in state["vars"]["king"].values()
        tip = N_("{name} ({side}), {rank}-star, battle rating {battle}, bravery {bravery}, "
                 "home {home}, enters {year} — all values are boardapp estimates "
                 "(leaders.yaml)\nTroops: {troops}", name=lead.name, side=side_word(lead.side),
                 rank=lead.rank, battle=lead.battle, bravery=lead.bravery,
                 home=self.board_map.place_name(lead.home), year=lead.year,
                 troops=self.troops_text(troops) or N_("none"))
        return CounterFace(colour=info.colour, text_colour=info.text_colour, title=lead.name,
                           subtitle=N_("King {stars}", stars="★" * lead.rank) if king
                           else "★" * lead.rank,
                           values=(str(lead.battle), str(lead.bravery)), is_leader=True,
                           tooltip=tip, tag=self.troops_text(troops))

    def place_markers(self, state: State) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for area, side in state["vars"]["aggressor"].items():
            out.setdefault(area, []).append(N_("Aggressor ({side})", side=self.side(side).name))
        for area, troops in state["vars"]["unassigned"].items():
            hire = {k: n for k, n in troops.items() if self.at_home(area, k) and n}
            rest = {k: n for k, n in troops.items() if k not in hire}
            if hire:
                out.setdefault(area, []).append(
                    N_("For hire: {band} {n}",
                       band=self.bands[area].name if area in self.bands else "M",
                       n=sum(hire.values())))
            if self.troops_text(rest):
                out.setdefault(area, []).append(N_("Unassigned {troops}",
                                                   troops=self.troops_text(rest)))
        return out

    def status(self, state: State) -> Status:
        """The turn and phase, the initiative, the kings and the score, then each area's
        leaders with their troops."""
        v = state["vars"]
        lines = [N_("Turn {turn}, {phase}", turn=state["turn"],
                    phase=PHASE_NAMES[state["phase"]]),
                 N_("Initiative: {side}; impulses {impulses}",
                    side=side_word(v["initiative"]) if v["initiative"] else "-",
                    impulses=str(v["impulses"])),
                 N_("Kings: {kings}; score (English lead): {score}", kings=str(v["king"]),
                    score=state["score"]["english"])]
        for area in sorted(self.board_map.areas):
            here = state["stacks"].get(area, [])
            if here:
                lines.append("  " + N_("{place}: {leaders}", place=self.board_map.place_name(area),
                                       leaders=", ".join(
                    f"{self.piece_name(state, p)} [{self.troops_text(v['troops'].get(p, {}))}]"
                    for p in here)))
        return Status(N_("{game} — turn {turn}", game=self.name, turn=state["turn"]),
                      tuple(lines), pieces=False)


__all__ = ["LionInWinter", "decide_initiative", "impulses_for", "score_for_rank",
           "score_for_value"]
