"""Entries by period (GA 14.8.1): in Scenario VIII-1 each player rolls D6 when the set-up
is done; the lower enters on period 1, the other on the period the difference gives
(B27: the book's example, or the English text's one more), both together on equal
rolls. The side entering later waits off the table (``loc`` :data:`WAITING_BOX`, where
it was set up kept) and comes onto its edge at the start of its period, then moves by
its orders. Games recorded with version 0.1 had no entries (``state["legacy"]``).

Reinforcements by D6 (GA 14.10.4): in Scenario X-1 the Three Pigs group waits off the
table the same way (placed at the set-up by the South road) and, from period 2, a D6 at
the start of each period brings it in (1 on period 2, 1-2 on period 3 ... surely on
period 7). Games of versions 0.1-0.2 had them on the table from the start. In X-3 on
map B (the scenario X-3B) the watchtower's three wait by the South edge and come in on
the D6 from period 1 (1 on period 1, 1-2 on 2, 1-4 on 3, surely on 4, GA 14.10.6)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece
from boardapp.core.table.fixed import to_units
from boardapp.core.table.positions import set_position
from boardapp.core.table.tableboard import TABLE_PLACE

from ..model import SIDES, GuetApensModel
from ..model.printed import table
from ..model.scenario_rules import entry_periods, reinforcement_arrives
from ..model.words import N_

WAITING_BOX = "waiting"
"""Where figures wait for their entry period, off the table."""
ENTRIES = "entries"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (no entries)."""
ENTRY_RULE = "14.8.1"
REINFORCEMENTS = "reinforcements"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.2 (no D6 reinforcements)."""
REINFORCE_RULE = "14.10.4"
TOWER_RULE = "14.10.6"


def start_entries(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """When the set-up is done: the entry dice and periods; the later side waits."""
    if rs.scenario_data(state["scenario"]).get("entry") != "d6" or not (
            state.get("legacy") or {}).get(ENTRIES, True):
        return
    dice = {s: ctx.roll(6) for s in SIDES}
    first_a, first_b, how = entry_periods(dice["a"], dice["b"], rs.readings(state))
    periods = {"a": first_a, "b": first_b}
    state["vars"]["entry"] = periods
    ctx.log(N_("Entry: {a} rolls D6 {da}, {b} D6 {db}: {a} enters on period {pa}, {b} on "
               "period {pb} [B27={how}]"), rs.cite(ENTRY_RULE), a=rs.side("a").name,
            b=rs.side("b").name, da=dice["a"], db=dice["b"], pa=first_a, pb=first_b,
            how=how)
    for pid in sorted(state["vars"]["figs"]):
        side = rs.piece_side(state, pid)
        if periods[side] > 1 and state["pieces"].get(pid, {}).get("loc") == TABLE_PLACE:
            put_piece(state, pid, WAITING_BOX)


def enter_now(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """At the start of a period: the waiting side whose period it is comes on."""
    periods = state["vars"].get("entry") or {}
    for side in SIDES:
        if periods.get(side) != state["turn"]:
            continue
        come = [p for p in sorted(state["vars"]["figs"]) if rs.piece_side(state, p) == side
                and state["pieces"].get(p, {}).get("loc") == WAITING_BOX]
        for pid in come:
            put_piece(state, pid, TABLE_PLACE)
        if come:
            ctx.log(N_("{side} enters the table by its edge (period {turn})"),
                    rs.cite(ENTRY_RULE), side=rs.side(side).name, turn=state["turn"])


def hold_reinforcements(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """When the set-up is done: the scenario's reinforcement (its side's last figures)
    waits off the table for its D6 (GA 14.10.4)."""
    spec = rs.scenario_data(state["scenario"]).get("reinforcements")
    if not spec or not (state.get("legacy") or {}).get(REINFORCEMENTS, True):
        return
    side = spec["side"]
    mine = sorted((p for p in state["vars"]["figs"] if rs.piece_side(state, p) == side),
                  key=lambda p: int(p[1:]))
    group = [p for p in mine[-int(spec["last"]):]
             if state["pieces"].get(p, {}).get("loc") == TABLE_PLACE]
    if spec.get("edge") == "S":  # GA 14.10.6: they come by the South edge
        _along_south(rs, state, group)
    for pid in group:
        put_piece(state, pid, WAITING_BOX)
    periods = table(f"reinforcements_{spec['table']}")["periods"]
    state["vars"]["reinforcements"] = {"pids": group, "table": spec["table"]}
    ctx.log(N_("{side}'s reinforcement ({names}) waits off the table: from period {first}, "
               "a D6 at the start of each period brings it in"),
            rs.cite(TOWER_RULE if spec["table"] == "tower" else REINFORCE_RULE),
            side=rs.side(side).name, first=min(int(k) for k in periods),
            names=", ".join(str(rs.piece_name(state, p)) for p in group))


def _along_south(rs: GuetApensModel, state: State, group: list[str]) -> None:
    """The group waits in a line by the middle of the South edge, facing North (where
    on the edge is not printed: the players may place them by hand)."""
    board = rs.board_map.table  # type: ignore[attr-defined]
    start = board.width / 2 - 3.0 * (len(group) - 1) / 2
    for n, pid in enumerate(group):
        y = board.depth - (3.0 if state["pieces"][pid]["type"] == "rider" else 2.0)
        set_position(state, pid, to_units(start + 3.0 * n), to_units(y), 0)


def reinforce_now(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """At the start of a period: the D6 for a reinforcement still waiting (GA 14.10.4)."""
    waiting = state["vars"].get("reinforcements")
    if not waiting or waiting.get("arrived"):
        return
    t = table(f"reinforcements_{waiting['table']}")
    rule = TOWER_RULE if waiting["table"] == "tower" else REINFORCE_RULE
    period = int(state["turn"])
    if period < min(int(k) for k in t["periods"]):
        return
    surely = period >= int(t["automatic"])
    die = None if surely else ctx.roll(6)
    if not reinforcement_arrives(period, die, waiting["table"]):
        ctx.log(N_("Reinforcement: D6 {die} on period {turn}: not yet"),
                rs.cite(rule), die=die, turn=period)
        return
    waiting["arrived"] = period
    come = [p for p in waiting["pids"] if state["pieces"].get(p, {}).get("loc") == WAITING_BOX]
    for pid in come:
        put_piece(state, pid, TABLE_PLACE)
    side = rs.piece_side(state, come[0]) if come else "a"
    ctx.log(N_("Reinforcement: every roll failed, it comes on period {turn}") if surely else
            N_("Reinforcement: D6 {die} on period {turn}: {side}'s reinforcement comes in "
               "where it was set up"), rs.cite(rule), die=die, turn=period,
            side=rs.side(side).name)
