"""Carrying out the movement sequence together (GA 6.1.1, GA 7): charges first, the
counter-charges starting after half of the charger's move (GA 7.3), then the other
moves; every figure moves at once in sixths (the core's ``carry_out``)."""

from __future__ import annotations

import math
from typing import Any

from boardapp.core.engine.actions import LogLine
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State
from boardapp.core.table.fixed import bearing, direction, point_text, to_cm, to_tenths
from boardapp.core.table.paths import plan_path
from boardapp.core.table.positions import set_position
from boardapp.core.table.together import Figure, carry_out, fraction_detail

from ..model import MOUNT, TOUCHING, WALK, GuetApensModel, Order, parse_path
from ..model.game import TABLE_RULES
from ..model.melee import charge_effective
from ..model.words import N_, listing
from .escort import escorted_apart, follow_escorts
from .mules import follow, movers_apart, wander_loose
from .reaction import glimpse, plays_reactions, reset
from .shooting import may_shoot, missile


def _charge_plan(rs: GuetApensModel, state: State, pid: str, target: str, length: float):
    """A straight gallop of ``length`` cm at ``target`` (clipped to the table)."""
    table = rs.board_map.table  # type: ignore[attr-defined]
    bases = rs.bases(state)
    a, b = bases[pid], bases[target]
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy) or 1.0
    x = min(max(a.x + dx / d * length, 1.0), table.width - 1.0)
    y = min(max(a.y + dy / d * length, 1.0), table.depth - 1.0)
    return plan_path(table, [(a.x, a.y), (x, y)], {})


def _run(rs: GuetApensModel, state: State, ctx: Context, figures: dict[str, Figure],
         what: str, rule: str, shooters: dict[str, str] | None = None) -> dict[str, float]:
    """Carry out ``figures`` together; the effort each spent (cm) and contacts logged;
    ``shooters`` (their weapons) note the enemies they see at each sixth (GA 8.6.1)."""
    spent = {p: 0.0 for p in figures}
    moving = {p for p, f in figures.items() if f.plan is not None}
    if not moving:
        return spent
    for fraction in carry_out(figures, TABLE_RULES.fractions):
        for pid, (x, y, f) in fraction.positions.items():
            set_position(state, pid, x, y, f)
        if shooters:
            glimpse(rs, state, set(fraction.positions), shooters)
        moved = listing([N_("{name} {point}", name=rs.piece_name(state, p),
                            point=point_text(x, y, f))
                         for p, (x, y, f) in sorted(fraction.positions.items())], "; ")
        ctx.lines.append(LogLine(N_("{what}, sixth {n}: {moved}", what=what, n=fraction.index,
                                    moved=moved or N_("nobody moves")),
                                 rule, detail=fraction_detail(fraction)))
        for pid, other in fraction.contacts:
            ctx.log(N_("{name} comes into contact with {other}"), rule,
                    name=rs.piece_name(state, pid), other=rs.piece_name(state, other))
    moved = state["vars"].setdefault("moved", {})
    for pid in moving:
        plan = figures[pid].plan
        assert plan is not None
        at = state["pieces"][pid]["at"]
        start = figures[pid].base
        spent[pid] = min(plan.effort, math.hypot(to_cm(at[0]) - start.x,
                                                  to_cm(at[1]) - start.y))
        moved[pid] = round(moved.get(pid, 0.0) + spent[pid], 2)
    return spent


def _after_charge(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 7.6: in the movement after his charge, the horse goes on 6 cm straight ahead
    (the rest of his move: the horse's Agility only, the walk being spent)."""
    ahead = [p for p in state["vars"].pop("after_charge", []) if rs.mounted(state, p)
             and rs.active(state, p)]
    if not ahead:
        return
    table = rs.board_map.table  # type: ignore[attr-defined]
    bases = rs.bases(state)
    figures: dict[str, Figure] = {}
    for pid in ahead:
        b = bases[pid]
        dx, dy = direction(b.facing)
        x = min(max(b.x + dx * WALK, 1.0), table.width - 1.0)
        y = min(max(b.y + dy * WALK, 1.0), table.depth - 1.0)
        figures[pid] = Figure(rs.piece_side(state, pid), b,
                              plan_path(table, [(b.x, b.y), (x, y)], {}), WALK, b.facing)
    for pid, base in bases.items():
        figures.setdefault(pid, Figure(rs.piece_side(state, pid), base))
    _run(rs, state, ctx, figures, N_("After the charge, 6 cm straight ahead"), rs.cite("7.6"))


def _charge_half(rs: GuetApensModel, state: State, ctx: Context,
                 charges: dict[str, dict[str, Any]], counter: set[str], half: int) -> None:
    """Half of the charges' move: the chargers gallop half their allowance at their
    target; in the second half the counter-chargers gallop too (half of theirs)."""
    bases = rs.bases(state)
    figures: dict[str, Figure] = {}
    for pid, c in sorted(charges.items()):
        if pid not in bases or c.get("contact") or not rs.active(state, pid) or \
                c["target"] not in bases or (half == 1 and pid in counter):
            continue
        length = rs.run_allowance(state, pid) / 2
        plan = _charge_plan(rs, state, pid, c["target"], length)
        figures[pid] = Figure(rs.piece_side(state, pid), bases[pid], plan, length, None)
    if not figures:
        return
    for pid, base in bases.items():
        figures.setdefault(pid, Figure(rs.piece_side(state, pid), base))
    spent = _run(rs, state, ctx, figures, N_("Charges, half {half}", half=half), rs.cite("7.3"))
    after = rs.index(state)
    for pid, c in charges.items():
        if pid in spent and figures[pid].plan is not None:
            c["covered"] = round(c.get("covered", 0.0) + spent[pid], 2)
            if c["target"] in after.bases and c["target"] in after.contacts(pid, TOUCHING):
                c["contact"] = True
                ok = charge_effective(c["covered"])
                ctx.log(N_("{name} reaches {target} after {cm} cm: the charge is effective")
                        if ok else
                        N_("{name} reaches {target} after {cm} cm: less than 12 cm, not "
                           "effective"), rs.cite("7.4"), name=rs.piece_name(state, pid),
                        target=rs.piece_name(state, c["target"]), cm=f"{c['covered']:g}")
    for pid, c in charges.items():  # the target struck stops his own charge there
        if not c.get("contact") and pid in after.bases and any(
                o.get("contact") and o["target"] == pid and q in after.contacts(pid, TOUCHING)
                for q, o in charges.items()):
            c["contact"] = True


def carry_out_sequence(rs: GuetApensModel, state: State, ctx: Context,
                       orders: dict[str, Order]) -> None:
    """GA 6.1.1: charges first (with their counter-charges), then the other moves."""
    v = state["vars"]
    v["moved"] = {}  # GA 8.6.2, 8.8.2: what each figure moved in this sequence
    reset(state)  # GA 8.6.1: what the shooters see of this movement
    charges: dict[str, dict[str, Any]] = v.setdefault("charges", {})
    bases = rs.bases(state)
    # -- charges, GA 7.2-7.4 (a charge declared earlier goes on: contact may come in the
    # second movement sequence), in two halves: the counter-charges start after half of
    # the charger's move (GA 7.3, 6.1.12)
    _after_charge(rs, state, ctx)
    counter = {p for p, c in charges.items() if c.get("counter")}
    for half in (1, 2):
        _charge_half(rs, state, ctx, charges, counter, half)
    bases = rs.bases(state)
    # -- the other moves, GA 6.1
    figures = {}
    for pid, order in sorted(orders.items()):
        if order.charge or pid not in bases:
            continue
        if order.doing in ("mount", "dismount"):
            _mount(rs, state, ctx, pid, order.doing)
        if order.doing == "about":
            at = state["pieces"][pid]["at"]
            set_position(state, pid, at[0], at[1], (at[2] + 1800) % 3600)
            ctx.log(N_("{name} turns about ({cm} cm)", cm=f"{MOUNT:g}")
                    if rs.mounted(state, pid) else N_("{name} turns about"), rs.cite("6.1.8"),
                    name=rs.piece_name(state, pid))
        if not order.path:
            continue
        points, facing = parse_path(order.path)
        plan = rs.plan(state, pid, points)
        allowance = rs.allowance(state, pid, order.doing)
        if order.doing == "reverse" and facing is None:
            facing = to_tenths(bases[pid].facing) / 10
        figures[pid] = Figure(rs.piece_side(state, pid), rs.bases(state)[pid], plan,
                              allowance, facing)
    if figures:
        now = rs.bases(state)
        led = movers_apart(state) | escorted_apart(state)  # GA 14.8.2, 13.6: with them
        for pid, base in now.items():
            if pid not in led:
                figures.setdefault(pid, Figure(rs.piece_side(state, pid), base))
        _run(rs, state, ctx, figures, N_("Moves"), rs.cite("6.1"),
             reaction_shooters(rs, state))
    follow(rs, state, ctx)  # GA 14.8.2, 14.10.8
    follow_escorts(rs, state, ctx)  # GA 13.5.1, 13.6
    wander_loose(rs, state, ctx, _run)  # GA 6.2
    v.pop("walk_spent", None)


def reaction_shooters(rs: GuetApensModel, state: State) -> dict[str, str]:
    """The shooters who may react during this movement (GA 8.6.1), with their weapon."""
    if not plays_reactions(state):
        return {}
    index = rs.index(state)
    out = {}
    for pid in sorted(state["vars"]["figs"]):
        weapon = missile(rs, state, pid)
        if weapon and pid in index.bases and may_shoot(rs, state, pid, index):
            out[pid] = weapon
    return out


def _mount(rs: GuetApensModel, state: State, ctx: Context, pid: str, doing: str) -> None:
    """GA 1.4, 6.1.9: a rider dismounts (his horse stands beside him) or mounts."""
    f = rs.fig(state, pid)
    piece = state["pieces"][pid]
    if doing == "dismount":
        piece["type"] = "foot"
        f["horse"]["beside"] = True
    else:
        piece["type"] = "rider"
        f["horse"]["beside"] = False
    ctx.log(N_("{name} dismounts ({cm} cm)") if doing == "dismount" else
            N_("{name} mounts ({cm} cm)"), rs.cite("6.1.9"), name=rs.piece_name(state, pid),
            cm=f"{MOUNT:g}")


def toward(rs: GuetApensModel, state: State, pid: str, target: str, share: float = 1.0) -> str:
    """A path text from ``pid`` straight at ``target`` for ``share`` of its allowance
    (it stops at contact when carried out), facing the target."""
    bases = rs.bases(state)
    a, b = bases[pid], bases[target]
    table = rs.board_map.table  # type: ignore[attr-defined]
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy) or 1.0
    length = max(0.0, min(rs.run_allowance(state, pid) * share, d) - 0.02)
    x = min(max(a.x + dx / d * length, 1.5), table.width - 1.5)
    y = min(max(a.y + dy / d * length, 1.5), table.depth - 1.5)
    face = bearing(dx, dy)
    return f"{x:.2f},{y:.2f},{face:.1f}"
