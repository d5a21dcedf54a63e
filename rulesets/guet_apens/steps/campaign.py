"""The campaign of Scenario X (GA 14.10, 13.9): four adventures linked by what each
carries to the next, wounds, losses, ammunition, Courage and the cargo of the mules.

The end of an adventure writes what it carries into its game's data (the Game data
sheets ``campaign`` and ``cargo``, :func:`carry_forward`); the players save them as the
defaults of new games (or type them in), and the next adventure takes them when its
set-up is done (:func:`start_adventure`): the dead and the captured stay away, the
wounded keep their LP (and so their quarter column, GA 2.5), the Courage won or lost
is added, the cargo stays with its holder. Before Adventure 4 both troops rest a week
(GA 13.9, 14.10.6): each wounded character recovers, the troop that finds the witch as
in two weeks; then those under half their starting LP stay behind and the archers and
crossbowmen recover 6 arrows or bolts (GA 14.10.7). Which adventure's objective was
met, and so the Courage it gives, the players judge: they enter it in the sheet.
Games recorded with versions 0.1-0.2 had no campaign (``state["legacy"]``)."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece

from ..model import SIDES, GuetApensModel
from ..model.campaign import recover_weeks
from ..model.words import N_
from ..model.wounds import loss_column
from .mules import cargo_from_sheet, cargo_row

CAMPAIGN = "campaign"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.2 (no campaign)."""
CARGO = "cargo"
MULES = "mules"
"""The row of the sheet ``cargo``: who holds the mules (``holder``) and how many are
left (``count``)."""
GONE = ("dead", "captured")
"""A figure in these states does not come to the next adventure (GA 14.10)."""


def campaign_of(rs: GuetApensModel, state: State) -> int:
    """The adventure of Scenario X this game is (1-4), 0 for any other scenario or a
    game of a version without the campaign."""
    if not (state.get("legacy") or {}).get(CAMPAIGN, True):
        return 0
    return int(rs.scenario_data(state["scenario"]).get("campaign") or 0)


def _cells(state: State, sheet: str) -> dict[str, Any]:
    return dict((state.get("data") or {}).get(sheet) or {})


def start_adventure(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """When the set-up of Adventure 2-4 is done: what the last adventure carries, then
    (Adventure 4) the week of rest and who takes part."""
    if campaign_of(rs, state) < 2:
        return
    rows = _cells(state, CAMPAIGN)
    figs = state["vars"]["figs"]
    carried = 0
    for pid in sorted(figs, key=_order):
        row = rows.get(pid) or {}
        f = figs[pid]
        name = rs.piece_name(state, pid)
        if row.get("gone"):
            f["states"] = sorted(set(f["states"]) | {"out"})
            put_piece(state, pid, rs.eliminated_box)
            ctx.log(N_("{name} was killed or captured in an earlier adventure: he is not "
                       "here"), rs.cite("14.10"), name=name)
            carried += 1
            continue
        if row.get("lp") is not None:
            lp = max(1, min(int(f["start"]["lp"]), int(row["lp"])))
            if lp != f["lp"]:
                f["lp"] = lp
                ctx.log(N_("{name} keeps his wounds: {lp} LP of {start} (column {column}/4)"),
                        rs.cite("14.10"), name=name, lp=lp, start=f["start"]["lp"],
                        column=rs.column(state, pid))
                carried += 1
        if row.get("courage"):
            f["courage"] = int(row["courage"])
            ctx.log(N_("{name}: Courage {delta} from the earlier adventures"),
                    rs.cite("14.10"), name=name, delta=f"{int(row['courage']):+d}")
            carried += 1
    cargo = _cells(state, CARGO).get(MULES) or {}
    if cargo.get("holder") in SIDES or cargo.get("count") is not None:
        cargo_from_sheet(rs, state, ctx, cargo.get("holder"), cargo.get("count"))
    if cargo.get("holder") in SIDES:
        state["vars"]["cargo"] = {"holder": cargo["holder"], "count": cargo.get("count")}
        ctx.log(N_("The cargo is with {side} (mules left: {mules})"), rs.cite("14.10"),
                side=rs.side(cargo["holder"]).name,
                mules="?" if cargo.get("count") is None else cargo["count"])
    if not carried:
        ctx.log(N_("Adventure {n} of the escort: nothing carried from the last adventure in "
                   "the Game data (sheet campaign): every figure comes fresh"),
                rs.cite("14.10"), n=campaign_of(rs, state))
    rest = rs.scenario_data(state["scenario"]).get("recovery") or {}
    if rest:
        week_of_rest(rs, state, ctx, int(rest.get("weeks", 1)), bool(rest.get("witch")))
        if rest.get("half_lp_out"):
            stay_behind(rs, state, ctx)
        if rest.get("ammo"):
            resupply(rs, state, ctx, int(rest["ammo"]))


def _order(pid: str) -> tuple[str, int]:
    return pid[:1], int(pid[1:]) if pid[1:].isdigit() else 0


def week_of_rest(rs: GuetApensModel, state: State, ctx: Context, weeks: int,
                 witch: bool) -> None:
    """GA 13.9, 14.10.6: ``weeks`` of rest; with ``witch``, each player rolls D6 and the
    higher's troop heals as in two weeks (equal rolls: nobody finds her)."""
    found = None
    if witch:
        dice = {s: ctx.roll(6) for s in SIDES}
        found = None if dice["a"] == dice["b"] else max(SIDES, key=lambda s: dice[s])
        ctx.log(N_("The forest witch: {a} rolls D6 {da}, {b} D6 {db}: {who}"),
                rs.cite("14.10.6"), a=rs.side("a").name, b=rs.side("b").name,
                da=dice["a"], db=dice["b"],
                who=N_("nobody finds her") if found is None else N_(
                    "{side}'s troop finds her and heals as in two weeks",
                    side=rs.side(found).name))
    readings = rs.readings(state)
    for pid in sorted(state["vars"]["figs"], key=_order):
        f = state["vars"]["figs"][pid]
        if set(f["states"]) & {*GONE, "out"} or f["lp"] >= f["start"]["lp"]:
            continue
        before = f["lp"]
        column = loss_column(int(f["start"]["lp"]), int(f["lp"]), readings)[0]
        done = recover_weeks(f["start"], int(f["lp"]), column, weeks,
                             witch=found == f["side"])
        f["lp"] = done[-1].lp
        ctx.log(N_("{name} rests: {before} → {lp} LP (each week Strength + Courage + "
                   "Endurance, divided by 10: {scores}), column {column}/4"), rs.cite("13.9"),
                name=rs.piece_name(state, pid), before=before, lp=f["lp"],
                scores=", ".join(f"{w.score}/10 → +{w.gained}" for w in done),
                column=rs.column(state, pid))


def stay_behind(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 14.10.7: after the rest, characters under half their starting LP do not take
    part (a leader among them is replaced: the players name another)."""
    for pid in sorted(state["vars"]["figs"], key=_order):
        f = state["vars"]["figs"][pid]
        if set(f["states"]) & {*GONE, "out"} or 2 * f["lp"] >= f["start"]["lp"]:
            continue
        f["states"] = sorted(set(f["states"]) | {"out"})
        put_piece(state, pid, rs.eliminated_box)
        ctx.log(N_("{name} has less than half his LP ({lp} of {start}): he stays behind"),
                rs.cite("14.10.7"), name=rs.piece_name(state, pid), lp=f["lp"],
                start=f["start"]["lp"])


def resupply(rs: GuetApensModel, state: State, ctx: Context, arrows: int) -> None:
    """GA 14.10.7: each archer and crossbowman recovers ``arrows`` arrows or bolts (how
    many each has stays his player's secret, GA 8.5)."""
    for side in SIDES:
        ammo = (state["vars"].get("ammo") or {}).get(side) or {}
        for pid in ammo:
            if "out" not in state["vars"]["figs"][pid]["states"]:
                ammo[pid] += arrows
    ctx.log(N_("Each archer and crossbowman recovers {n} arrows or bolts"),
            rs.cite("14.10.7"), n=arrows)


def carry_forward(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """At the end of Adventure 1-3: what it carries to the next (not the arrows left:
    each player's secret, GA 8.5), written into this game's data (sheets ``campaign``
    and ``cargo``) for the players to save as the defaults of the next adventure."""
    n = campaign_of(rs, state)
    if not n or n >= 4:
        return
    data = state.setdefault("data", {})
    rows = data.setdefault(CAMPAIGN, {})
    for pid, f in sorted(state["vars"]["figs"].items()):
        rows[pid] = {"lp": int(f["lp"]), "gone": bool(set(f["states"]) & set(GONE)),
                     "courage": int(f.get("courage", 0)) or None}
    cargo = cargo_row(state) or state["vars"].get("cargo") or {}  # GA 14.10: the table's
    data.setdefault(CARGO, {})[MULES] = {"holder": cargo.get("holder", "a"),
                                         "count": cargo.get("count", 2)}
    ctx.log(N_("Adventure {n} is over: the wounds and losses are written in the "
               "Game data (sheets campaign and cargo); enter the Courage each troop won or "
               "lost and who holds the mules, save them as the defaults and start Adventure "
               "{next}"), rs.cite("14.10"), n=n, next=n + 1)


def leader_lost(rs: GuetApensModel, state: State, ctx: Context, pid: str) -> None:
    """GA 14.10.3 (every adventure of Scenario X): a side whose leader is killed names
    another; its troop loses 1 Courage, the knights excepted."""
    f = state["vars"]["figs"][pid]
    if not campaign_of(rs, state) or f["role"] != "leader":
        return
    for other in state["vars"]["figs"].values():
        if other["side"] == f["side"] and other is not f and \
                other["role"] not in ("knight", "leader") and "dead" not in other["states"]:
            other["courage"] = int(other.get("courage", 0)) - 1
    ctx.log(N_("{side}'s leader is killed: its troop loses 1 Courage (knights excepted); "
               "the player names another leader"), rs.cite("14.10.3"),
            side=rs.side(f["side"]).name)
