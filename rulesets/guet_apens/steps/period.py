"""The period (GA 5): seven sequences, each for both players together: 1 obligatory
movement, 2 movement (charges first), 3 shooting, 4 movement, 5 shooting, 6 combat
(charges, initiative, hand-to-hand), 7 morale. Sequences nobody has anything to do in
pass without a decision (so a period by email needs only the sends that matter)."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State

from ..model import GuetApensModel
from ..model.words import N_
from .assaults import after_assault
from .capture import watch_knocked
from .carry import carry_out_sequence
from .combat import MELEE_STEP, melee_sides, resolve_charges
from .entries import enter_now, reinforce_now
from .hidden import call_spot
from .joust import after_pass
from .manuscripts import call_manuscripts, watch
from .morale import end_of_period, forced_moves, morale_sequence
from .mules import cargo_tick
from .orders import call_declare, call_move
from .shooting import SHOOT_STEP, shooting_sides
from .victory import check_victory, finish

PERIOD = "period"
STAGES = ("wake", "declare", "orders", "shoot", "declare", "orders", "shoot", "charges",
          "melee", "morale")
SEQUENCE = {"wake": 1, "declare": 2, "orders": 2, "shoot": 3, "charges": 6, "melee": 6,
            "morale": 7}


SEQUENCE_NAMES = {1: N_("obligatory movement"), 2: N_("movement"), 3: N_("shooting"),
                  4: N_("movement"), 5: N_("shooting"), 6: N_("combat"), 7: N_("morale")}


def sequence_of(stage: int) -> int:
    """The sequence (GA 5) of stage number ``stage``."""
    name = STAGES[stage]
    base = SEQUENCE[name]
    return base + 2 if stage in (4, 5, 6) else base


class PeriodPhase(Step[GuetApensModel]):
    """Runs the stages of each period in order (GA 5)."""

    name = PERIOD

    def deciders(self, rs: GuetApensModel, state: State, frame: Frame) -> list[str]:
        return []

    def resume(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        v = state["vars"]
        idle = 0
        while rs.outcome(state) is None:
            idle += 1
            if idle > 2 * len(STAGES):  # a whole period with nothing anyone may do
                ctx.log(N_("Nobody can act any more: the game ends"), rs.cite("5"))
                finish(rs, state, ctx)
                return
            v["stage"] += 1
            if v["stage"] >= len(STAGES):
                limit = v.get("periods", 0)
                if limit and state["turn"] >= limit:
                    finish(rs, state, ctx)
                    return
                end_of_period(rs, state, ctx)
                state["turn"] += 1
                v["stage"] = 0
                ctx.log(N_("Period {turn} begins"), rs.cite("5"), turn=state["turn"])
            if run_stage(rs, state, ctx, flow, STAGES[v["stage"]]):
                return


def run_stage(rs: GuetApensModel, state: State, ctx: Context, flow: Flow, stage: str) -> bool:
    """Carry out ``stage``; True if it called a step (a decision is awaited)."""
    v = state["vars"]
    rules = v["rules"]
    if stage == "wake":
        for f in v["figs"].values():
            f.pop("shot_this_period", None)
        enter_now(rs, state, ctx)  # GA 14.8.1
        reinforce_now(rs, state, ctx)  # GA 14.10.4
        cargo_tick(rs, state, ctx)  # GA 14.10.3
        watch(rs, state, ctx)  # GA 14.11.2
        wake(rs, state, ctx)
        forced_moves(rs, state, ctx)
        return False
    if stage == "declare":
        v["movement"] = v.get("movement", 0) + 1
        if v.get("joust") is None:  # charges are declared with the orders (GA 7.2)
            return False
        return call_declare(rs, state, ctx, flow, compulsory=True)
    if stage == "orders":
        if "move" in rules:
            return call_move(rs, state, ctx, flow)
        carry_out_sequence(rs, state, ctx, {})
        return False
    if stage == "charges":
        charges = v.get("charges", {})
        for pid in [p for p, c in charges.items() if not c.get("contact")]:
            ctx.log(N_("{name}'s charge ends without contact"), rs.cite("7.4"),
                    name=rs.piece_name(state, pid))
            del charges[pid]
        results = resolve_charges(rs, state, ctx)
        mode = (v.get("joust") or {}).get("mode")
        if mode in ("assaults", "champions"):
            return after_assault(rs, state, ctx, flow, results)
        if v.get("joust") is not None:
            after_pass(rs, state, ctx, results)
        return False
    if stage == "shoot":
        if call_spot(rs, state, ctx, flow) or call_manuscripts(  # GA 14.8.2, 14.11.2
                rs, state, ctx, flow):
            v["stage"] -= 1
            return True
        if "shoot" not in rules:
            return False
        sides = shooting_sides(rs, state)
        if sides:
            flow.call_many(rs, state, ctx, SHOOT_STEP, sides=sides)
            return True
        return False
    if stage == "melee":
        if "melee" not in rules:
            return False
        sides = melee_sides(rs, state)
        if not sides:
            v.pop("charged", None)
        if sides:
            flow.call_many(rs, state, ctx, MELEE_STEP, sides=sides)
            return True
        check_victory(rs, state, ctx)
        return False
    if stage == "morale":
        if "morale" in rules:
            morale_sequence(rs, state, ctx)
        check_victory(rs, state, ctx)
    return False


def wake(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 11.2: the unconscious roll D12 at the start of each period, waking on a result
    at or under their Endurance (a knocked-out one captured if an enemy stayed by him,
    GA 13.8); the stunned and the fallen get up (GA 10.2.3)."""
    for pid in sorted(state["vars"]["figs"]):
        f = rs.fig(state, pid)
        states = set(f["states"])
        if "dead" in states or "out" in states:
            continue
        if states & {"stunned", "down"}:
            f["states"] = sorted((states - {"stunned", "down"}) | {"noinit"})
            ctx.log(N_("{name} gets up (no initiative)"), rs.cite("10.2.3"),
                    name=rs.piece_name(state, pid))
        if "unconscious" in states:
            die = ctx.roll(12)
            en = rs.value(state, pid, "en")
            woke = die <= en
            ctx.log(N_("{name} is unconscious: D12 {die} against Endurance {en} → comes round")
                    if woke else
                    N_("{name} is unconscious: D12 {die} against Endurance {en} → stays "
                       "unconscious"), rs.cite("11.2"), name=rs.piece_name(state, pid),
                    die=die, en=en)
            if woke:
                f["states"] = sorted(set(f["states"]) - {"unconscious"})
            watch_knocked(rs, state, ctx, pid, woke)
