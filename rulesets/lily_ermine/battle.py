"""Minor battles (rules 10): fewer than 10 SP for either camp, one roll, no tactical map.

The ratio of the attacker's CF to the defender's gives the column (rounded in the
defender's favour), 1D6 with no modifier gives the row of the Combat Table. The table
is not printed in the rule text: the results the examples reveal are in
data/tables.yaml, any other is asked of the players (losses, then retreat). Each
camp then chooses the units that lose the SP; the commander check (*) is rolled and
a retreat (R) leads out of the zone (:mod:`.retreat`); gendarmes lost give their enemy
VP (12). Major battles and sieges are fought on the tactical map.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import ask_result, resolve

from . import retreat as retreat_mod
from . import victory
from .combat_ask import CombatAsk
from .data import CombatResult
from .sheets import combat_results
from .sp_losses import SpLossStep, sp_loss_choices

MINOR_LIMIT = 10
"""Losses offered per side when the players give an unknown result (0..3)."""


def units(rs: Any, state: State, zone: str, camp: str) -> list[str]:
    return [p for p in pieces_at(state, zone)
            if rs.piece_side(state, p) == camp and not rs.is_commander(state, p)]


def combat_factor(rs: Any, state: State, pids: list[str]) -> int:
    total = 0
    for p in pids:
        ut = rs.counters.units[rs.unit_code(state, p)]
        total += ut.cf[1 if state["pieces"][p]["flipped"] else 0]
    return total


def why_not_fight(rs: Any, state: State, zone: str) -> tuple[str, str] | None:
    """Why the minor battle in ``zone`` cannot be resolved automatically now."""
    if state["phase"] != "combat" or rs.flow.top(state):
        return "battles are resolved in the combat phase", rs.cite("6")
    if state["vars"]["markers"].get(zone) != "battle":
        return f"no battle marker in {rs.board_map.place_name(zone)}", rs.cite("10")
    camp = state["active"]
    att = rs.stack_sp(state, units(rs, state, zone, camp))
    dfn = rs.stack_sp(state, units(rs, state, zone, rs.other(camp)))
    if att == 0 or dfn == 0:
        return "a battle needs units of both camps: remove the marker by hand", rs.cite("10")
    if min(att, dfn) >= MINOR_LIMIT:
        return (f"{att} SP against {dfn} SP: a major battle, fought on the tactical map "
                "(resolve it by hand for now)", rs.cite("10 Minor battle procedure"))
    return None


def fight(rs: Any, state: State, zone: str, ctx: Context) -> None:
    """Resolve the minor battle in ``zone`` (10 Battle resolution procedure)."""
    why = why_not_fight(rs, state, zone)
    if why:
        raise IllegalActionError(*why)
    camp = state["active"]
    other = rs.other(camp)
    att_cf = combat_factor(rs, state, units(rs, state, zone, camp))
    def_cf = combat_factor(rs, state, units(rs, state, zone, other))
    table = rs.combat_table
    column = table.column(att_cf, def_cf)
    del state["vars"]["markers"][zone]
    rule = rs.cite("10 Minor battle procedure")
    res = resolve(ctx, table=table.name, column=column, sides=6, zero_based=False,
                  modifiers=[], lookup=lambda d: combat_results(rs, state)[column].get(d),
                  describe=lambda r: "unknown value" if r is None else r.text(),
                  clamp=table.die, rule=rule,
                  who=f"{rs.side(camp).name} attacks in {rs.board_map.place_name(zone)} "
                      f"(CF {att_cf} vs {def_cf})")
    if res.result is None:
        ask_result(ctx, table=table.name, rule=rule, cell=(column, str(res.modified)),
                   question=f"read column {column} at die {res.modified} and give the losses "
                            "(attacker/defender), then who retreats.")
        rs.flow.call(rs, state, ctx, "battle-ask", camp, zone=zone, column=column,
                     die=res.modified)
        return
    rs.flow.call(rs, state, ctx, "battle-losses", camp, zone=zone, queue=[])
    apply_result(rs, state, ctx, zone, res.result)


def apply_result(rs: Any, state: State, ctx: Context, zone: str, r: CombatResult) -> None:
    """Queue the losses of a result; the running ``battle-losses`` frame takes them."""
    camp = state["active"]
    other = rs.other(camp)
    name = rs.board_map.place_name(zone)
    rule = rs.cite("10")
    retreats = []
    for side, retreat, star in ((camp, r.attacker_r, r.attacker_star),
                                (other, r.defender_r, r.defender_star)):
        if retreat:
            retreats.append(side)
            ctx.log(f"R: {rs.side(side).name} retreats out of {name} after its losses", rule)
        if star:
            retreat_mod.commander_check(rs, state, ctx, zone, side)
    frame = state["flow"][-1]
    frame["vars"]["queue"] = [[s, n] for s, n in ((camp, r.attacker), (other, r.defender))
                              if n > 0]
    frame["vars"]["retreats"] = retreats
    _next_loser(rs, state, ctx, rs.flow)


def _next_loser(rs: Any, state: State, ctx: Context, flow: Flow) -> None:
    frame = state["flow"][-1]
    queue = frame["vars"]["queue"]
    while queue and not units(rs, state, frame["vars"]["zone"], queue[0][0]):
        queue.pop(0)
    if not queue:
        v = frame["vars"]
        # A side left with commanders only among enemy units retreats too (our reading).
        for side in (state["active"], rs.other(state["active"])):
            if (side not in v.get("retreats", []) and rs.own_at(state, v["zone"], side)
                    and not units(rs, state, v["zone"], side)
                    and units(rs, state, v["zone"], rs.other(side))):
                v.setdefault("retreats", []).append(side)
        flow.goto(rs, state, ctx, "battle-retreat", zone=v["zone"],
                  retreats=list(v.get("retreats", [])))
        return
    frame["side"] = queue[0][0]


class BattleAsk(CombatAsk):
    """The Combat Table value of a minor battle is unknown: the players give it."""

    name = "battle-ask"

    def where(self, rs: Any, state: State, frame: Frame) -> str:
        return rs.board_map.place_name(frame["vars"]["zone"])

    def resolved(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        zone = frame["vars"]["zone"]
        flow.goto(rs, state, ctx, "battle-losses", queue=[])
        apply_result(rs, state, ctx, zone, result)


class BattleLosses(SpLossStep):
    """Each camp in turn eliminates its SP, as its owner chooses (10)."""

    name = "battle-losses"
    LABEL = "Battle"
    RULE = "10"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (f"Battle in {rs.board_map.place_name(frame['vars']['zone'])}: "
                f"{rs.side(side).name} eliminates {n} more SP — reduce a unit (1 SP) or "
                "eliminate one (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if not queue:
            return
        side, remaining = queue[0]
        yield from sp_loss_choices(rs, state, units(rs, state, frame["vars"]["zone"], side),
                                   remaining)

    def _lost(self, rs: Any, state: State, ctx: Context, pid: str, sp: int) -> None:
        victory.gendarme_loss(rs, state, ctx, pid, sp)

    def _after(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        queue = frame["vars"]["queue"]
        queue[0][1] -= lost
        if queue[0][1] <= 0:
            queue.pop(0)
        _next_loser(rs, state, ctx, flow)


STEPS = (BattleAsk, BattleLosses)
