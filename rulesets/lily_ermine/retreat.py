"""After a combat: the commander check (*) and the retreat (R) out of the zone (rules 10).

* ``*``: roll 1D6 for each historic commander (front side) of the side in the zone; on
  a 1 he is eliminated to his camp's Reserve and may return the following round on his
  back (:func:`eliminate_commander`). If he is the highest-ranking historic commander of
  an ally, the ally is neutralised (10, :func:`diplomacy.neutralise`).
* ``R``: the army retreats to an adjacent zone free of enemy units, as its owner
  chooses (``retreat-to ZONE``). Into an enemy zone (the enemy's national territory or a
  zone with the enemy's control marker) every surviving unit loses 1 SP (a reduced or
  one-SP unit is eliminated). Militia that would leave Brittany are eliminated (13). An
  army that cannot retreat is eliminated. Gendarmes lost so count for the enemy's VP
  (12). Into a zone of its own camp it joins the stack there (10.5.1). The retreat may
  take control of an objective zone.

Our reading for minor battles: the army's cannon retreat with it (the "cannon cannot
retreat" note concerns the tactical zones of a major battle).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece

from . import diplomacy, victory

RULE = "10 Retreat of the defeated"


def eliminate_commander(rs: Any, state: State, ctx: Context, cid: str, why: str) -> None:
    """``cid`` is eliminated: to his camp's Reserve; he returns the following round on
    his back (10). An ally whose highest historic commander falls is neutralised."""
    camp = rs.piece_side(state, cid)
    historic = not state["pieces"][cid]["flipped"]
    name = rs.piece_name(state, cid)
    state["prev_loc"][cid] = state["pieces"][cid]["loc"]
    state["pieces"][cid]["flipped"] = False
    put_piece(state, cid, rs.reserve_of(camp))
    state["vars"].setdefault("commander_out", {})[cid] = state["turn"]
    ctx.log(f"{name} is eliminated ({why}) and placed in the Reserve: he may return the "
            "following round as shown on his back",
            rs.cite("10 Elimination of a historic commander"))
    ally = diplomacy.ally_of_commander(rs, state, cid)
    if historic and ally:
        diplomacy.neutralise(rs, state, ctx, ally)


def commander_check(rs: Any, state: State, ctx: Context, zone: str, camp: str) -> None:
    """The * result: 1D6 per historic commander of ``camp`` in ``zone`` (10)."""
    for cid in [p for p in pieces_at(state, zone) if rs.is_commander(state, p)
                and rs.piece_side(state, p) == camp and not state["pieces"][p]["flipped"]]:
        if cid not in pieces_at(state, zone):
            continue  # gone with a neutralised ally
        die = ctx.roll(6)
        if die == 1:
            eliminate_commander(rs, state, ctx, cid, "commander check *: die 1")
        else:
            ctx.log(f"Commander check (*): {rs.piece_name(state, cid)} rolls {die}, safe",
                    rs.cite("10 Combat results"))


def is_enemy_zone(rs: Any, state: State, zone: str, camp: str) -> bool:
    """The enemy's national territory or a zone with its control marker (10.5.1)."""
    enemy = rs.other(camp)
    marker = state["control"].get(zone)
    if marker:
        return bool(marker == enemy)
    return bool(rs.board_map.areas[zone].region == enemy)


def destinations(rs: Any, state: State, zone: str, camp: str) -> list[str]:
    return sorted(z for z in rs.board_map.graph.neighbors(zone)
                  if z in rs.board_map.areas and not rs.enemy_occupied(state, z, camp))


def _eliminate_unit(rs: Any, state: State, pid: str, camp: str) -> None:
    state["prev_loc"][pid] = state["pieces"][pid]["loc"]
    if rs.unit_code(state, pid) != "Ca":
        state["pieces"][pid]["flipped"] = False
    put_piece(state, pid, rs.reserve_of(camp))


class BattleRetreat(Step):
    """Each retreating camp chooses where its army goes (10)."""

    name = "battle-retreat"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        while v["retreats"]:
            camp = v["retreats"][0]
            own = rs.own_at(state, v["zone"], camp)
            if not own:
                v["retreats"].pop(0)
                continue
            if not destinations(rs, state, v["zone"], camp):
                v["retreats"].pop(0)
                _no_retreat(rs, state, ctx, v["zone"], camp)
                continue
            frame["side"] = camp
            return
        _after_battle(rs, state, ctx, v["zone"])
        flow.end(rs, state, ctx)

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        v = frame["vars"]
        return (f"R: {rs.side(v['retreats'][0]).name} retreats out of "
                f"{rs.board_map.place_name(v['zone'])} to an adjacent zone free of enemy "
                "units (into an enemy zone every unit loses 1 SP) (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        if v["retreats"]:
            zones = destinations(rs, state, v["zone"], v["retreats"][0])
            for z in zones:
                yield Action.of("retreat-to", z)
            if not zones:  # the way out was closed by hand meanwhile
                yield Action.of("retreat-to", "none")

    def on_retreat_to(self, rs: Any, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        camp = v["retreats"].pop(0)
        dest = action.arg(0)
        if dest == "none":
            _no_retreat(rs, state, ctx, v["zone"], camp)
        else:
            retreat_army(rs, state, ctx, v["zone"], camp, dest)
        flow.goto(rs, state, ctx, "battle-retreat")


def _no_retreat(rs: Any, state: State, ctx: Context, zone: str, camp: str) -> None:
    """An army that cannot retreat is eliminated (10.5.1)."""
    for pid in rs.own_at(state, zone, camp):
        if pid not in state["pieces"] or state["pieces"][pid]["loc"] != zone:
            continue
        if rs.is_commander(state, pid):
            eliminate_commander(rs, state, ctx, pid, "no retreat possible")
        else:
            victory.gendarme_loss(rs, state, ctx, pid, rs.sp(state, pid))
            _eliminate_unit(rs, state, pid, camp)
    ctx.log(f"{rs.side(camp).name}'s army cannot retreat from "
            f"{rs.board_map.place_name(zone)}: it is eliminated", rs.cite(RULE))


def retreat_army(rs: Any, state: State, ctx: Context, zone: str, camp: str, dest: str) -> None:
    """Move ``camp``'s pieces from ``zone`` to ``dest`` with the costs of 10.5.1 and 13."""
    bmap = rs.board_map
    own = rs.own_at(state, zone, camp)
    existing = bool(rs.own_at(state, dest, camp))
    # Joining a stack of its camp keeps that stack's form (army or garrison): the
    # retreating pieces go under it; otherwise the army keeps its own order.
    for pid in (own if existing else reversed(own)):
        put_piece(state, pid, dest, len(pieces_at(state, dest)) if existing else None)
    ctx.log(f"{rs.names(state, own)} retreat from {bmap.place_name(zone)} to "
            f"{bmap.place_name(dest)}", rs.cite(RULE))
    if not rs.in_brittany(dest):
        militia = [p for p in own if not rs.is_commander(state, p)
                   and rs.unit_code(state, p) == "Mi"]
        for pid in militia:
            _eliminate_unit(rs, state, pid, camp)
        if militia:
            ctx.log(f"{rs.names(state, militia)}: militia may not leave Brittany and are "
                    "eliminated", rs.cite("13 Strategic movement"))
    if is_enemy_zone(rs, state, dest, camp):
        lost = []
        for pid in own:
            if state["pieces"][pid]["loc"] != dest or rs.is_commander(state, pid):
                continue
            victory.gendarme_loss(rs, state, ctx, pid, 1)  # a combat's consequence (12)
            if rs.sp(state, pid) == 2:
                state["pieces"][pid]["flipped"] = True
                lost.append(f"{rs.piece_name(state, pid)} reduced")
            else:
                name = rs.piece_name(state, pid)
                _eliminate_unit(rs, state, pid, camp)
                lost.append(f"{name} eliminated")
        if lost:
            ctx.log(f"Retreat into an enemy zone: every unit loses 1 SP ({'; '.join(lost)})",
                    rs.cite(RULE))
    if (rs.is_objective(dest) and not rs.enemy_occupied(state, dest, camp)
            and rs.own_at(state, dest, camp) and state["control"].get(dest) != camp):
        state["control"][dest] = camp
        ctx.log(f"{rs.side(camp).name} control marker placed in {bmap.place_name(dest)}",
                rs.cite("5, " + RULE))


def _after_battle(rs: Any, state: State, ctx: Context, zone: str) -> None:
    """The victor alone in the zone takes control of it (10 Control of the SZ, 5)."""
    camps = {rs.piece_side(state, p) for p in pieces_at(state, zone)}
    if len(camps) == 1:
        camp = camps.pop()
        if rs.is_objective(zone) and state["control"].get(zone) != camp:
            state["control"][zone] = camp
            ctx.log(f"{rs.side(camp).name} control marker placed in "
                    f"{rs.board_map.place_name(zone)}", rs.cite("10 Control of the SZ"))


STEPS = (BattleRetreat,)
