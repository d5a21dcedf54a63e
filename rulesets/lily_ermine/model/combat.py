"""Combat on the strategic map (rules 10): minor battles, the commander check (*), the
retreat (R) out of the zone, and losing SP one unit at a time (9, 10).

* Minor battles (< 10 SP for a camp): the ratio of the attacker's CF to the defender's
  gives the column (rounded in the defender's favour), 1D6 with no modifier the row of
  the Combat Table. The table is not printed in the rule text: the results the examples
  reveal are in data/tables.yaml, any other is asked of the players (losses, then
  retreat). Each camp then chooses the units that lose the SP; the commander check (*)
  is rolled and a retreat (R) leads out of the zone; gendarmes lost give their enemy VP
  (12). Major battles and sieges are fought on the tactical map.
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

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at, put_piece, rule_on
from boardapp.core.engine.tables import ask_result, resolve

from . import diplomacy, victory
from .base import LilyErmineModel
from .data import CombatResult
from .names import data_word
from .sheets import combat_results
from .words import N_

RULE = "10 Retreat of the defeated"
ALL_RESOLVED = "10 Following combat"
"""The combat phase ends once every battle and siege is resolved (checked from 0.3)."""
MINOR_LIMIT = 10


def eliminate_commander(rs: LilyErmineModel, state: State, ctx: Context, cid: str,
                        why: str) -> None:
    """``cid`` is eliminated: to his camp's Reserve; he returns the following round on
    his back (10). An ally whose highest historic commander falls is neutralised."""
    camp = rs.piece_side(state, cid)
    historic = not state["pieces"][cid]["flipped"]
    name = rs.piece_name(state, cid)
    state["prev_loc"][cid] = state["pieces"][cid]["loc"]
    state["pieces"][cid]["flipped"] = False
    put_piece(state, cid, rs.reserve_of(camp))
    state["vars"].setdefault("commander_out", {})[cid] = state["turn"]
    ctx.log(N_("{name} is eliminated ({why}) and placed in the Reserve: he may return the "
               "following round as shown on his back", name=name, why=why),
            rs.cite("10 Elimination of a historic commander"))
    ally = diplomacy.ally_of_commander(rs, state, cid)
    if historic and ally:
        diplomacy.neutralise(rs, state, ctx, ally)


def commander_check(rs: LilyErmineModel, state: State, ctx: Context, zone: str, camp: str) -> None:
    """The * result: 1D6 per historic commander of ``camp`` in ``zone`` (10)."""
    for cid in [p for p in pieces_at(state, zone) if rs.is_commander(state, p)
                and rs.piece_side(state, p) == camp and not state["pieces"][p]["flipped"]]:
        if cid not in pieces_at(state, zone):
            continue  # gone with a neutralised ally
        die = ctx.roll(6)
        if die == 1:
            eliminate_commander(rs, state, ctx, cid, N_("commander check *: die 1"))
        else:
            ctx.log(N_("Commander check (*): {piece} rolls {die}, safe",
                       piece=rs.piece_name(state, cid), die=die),
                    rs.cite("10 Combat results"))


def is_enemy_zone(rs: LilyErmineModel, state: State, zone: str, camp: str) -> bool:
    """The enemy's national territory or a zone with its control marker (10.5.1)."""
    enemy = rs.other(camp)
    marker = state["control"].get(zone)
    if marker:
        return bool(marker == enemy)
    return bool(rs.board_map.areas[zone].region == enemy)


def destinations(rs: LilyErmineModel, state: State, zone: str, camp: str) -> list[str]:
    return sorted(z for z in rs.board_map.graph.neighbors(zone)
                  if z in rs.board_map.areas and not rs.enemy_occupied(state, z, camp))


def eliminate_unit(rs: LilyErmineModel, state: State, pid: str, camp: str) -> None:
    state["prev_loc"][pid] = state["pieces"][pid]["loc"]
    if rs.unit_code(state, pid) != "Ca":
        state["pieces"][pid]["flipped"] = False
    put_piece(state, pid, rs.reserve_of(camp))


def no_retreat(rs: LilyErmineModel, state: State, ctx: Context, zone: str, camp: str) -> None:
    """An army that cannot retreat is eliminated (10.5.1)."""
    for pid in rs.own_at(state, zone, camp):
        if pid not in state["pieces"] or state["pieces"][pid]["loc"] != zone:
            continue
        if rs.is_commander(state, pid):
            eliminate_commander(rs, state, ctx, pid, N_("no retreat possible"))
        else:
            victory.gendarme_loss(rs, state, ctx, pid, rs.sp(state, pid))
            eliminate_unit(rs, state, pid, camp)
    ctx.log(N_("{side}'s army cannot retreat from {place}: it is eliminated",
               side=rs.side(camp).name, place=rs.board_map.place_name(zone)), rs.cite(RULE))


def retreat_army(rs: LilyErmineModel, state: State, ctx: Context, zone: str, camp: str,
                 dest: str) -> None:
    """Move ``camp``'s pieces from ``zone`` to ``dest`` with the costs of 10.5.1 and 13."""
    bmap = rs.board_map
    own = rs.own_at(state, zone, camp)
    existing = bool(rs.own_at(state, dest, camp))
    # Joining a stack of its camp keeps that stack's form (army or garrison): the
    # retreating pieces go under it; otherwise the army keeps its own order.
    for pid in (own if existing else reversed(own)):
        put_piece(state, pid, dest, len(pieces_at(state, dest)) if existing else None)
    ctx.log(N_("{names} retreat from {place} to {place2}", names=rs.names(state, own),
               place=bmap.place_name(zone), place2=bmap.place_name(dest)), rs.cite(RULE))
    if not rs.in_brittany(dest):
        militia = [p for p in own if not rs.is_commander(state, p)
                   and rs.unit_code(state, p) == "Mi"]
        for pid in militia:
            eliminate_unit(rs, state, pid, camp)
        if militia:
            ctx.log(N_("{names}: militia may not leave Brittany and are eliminated",
                       names=rs.names(state, militia)), rs.cite("13 Strategic movement"))
    if is_enemy_zone(rs, state, dest, camp):
        lost = []
        for pid in own:
            if state["pieces"][pid]["loc"] != dest or rs.is_commander(state, pid):
                continue
            victory.gendarme_loss(rs, state, ctx, pid, 1)  # a combat's consequence (12)
            if rs.sp(state, pid) == 2:
                state["pieces"][pid]["flipped"] = True
                lost.append(N_("{piece} reduced", piece=rs.piece_name(state, pid)))
            else:
                name = rs.piece_name(state, pid)
                eliminate_unit(rs, state, pid, camp)
                lost.append(N_("{name} eliminated", name=name))
        if lost:
            ctx.log(N_("Retreat into an enemy zone: every unit loses 1 SP ({names})",
                       names=listing(lost, "; ")),
                    rs.cite(RULE))
    if (rs.is_objective(dest) and not rs.enemy_occupied(state, dest, camp)
            and rs.own_at(state, dest, camp) and state["control"].get(dest) != camp):
        state["control"][dest] = camp
        ctx.log(N_("{side} control marker placed in {place}", side=rs.side(camp).name,
                   place=bmap.place_name(dest)),
                rs.cite("5, " + RULE))


def after_battle(rs: LilyErmineModel, state: State, ctx: Context, zone: str) -> None:
    """The victor alone in the zone takes control of it (10 Control of the SZ, 5)."""
    camps = {rs.piece_side(state, p) for p in pieces_at(state, zone)}
    if len(camps) == 1:
        camp = camps.pop()
        if rs.is_objective(zone) and state["control"].get(zone) != camp:
            state["control"][zone] = camp
            ctx.log(N_("{side} control marker placed in {place}", side=rs.side(camp).name,
                       place=rs.board_map.place_name(zone)), rs.cite("10 Control of the SZ"))


def sp_loss_choices(rs: LilyErmineModel, state: State, pids: list[str],
                    remaining: int) -> Iterator[Action]:
    """``reduce`` a 2-SP unit, or ``eliminate-unit`` one whose SP fit in ``remaining``."""
    for pid in pids:
        sp = rs.sp(state, pid)
        if sp == 2:
            yield Action.of("reduce", pid)
        if sp <= remaining:
            yield Action.of("eliminate-unit", pid)


def units(rs: LilyErmineModel, state: State, zone: str, camp: str) -> list[str]:
    return [p for p in pieces_at(state, zone)
            if rs.piece_side(state, p) == camp and not rs.is_commander(state, p)]


def combat_factor(rs: LilyErmineModel, state: State, pids: list[str]) -> int:
    total = 0
    for p in pids:
        ut = rs.counters.units[rs.unit_code(state, p)]
        total += ut.cf[1 if state["pieces"][p]["flipped"] else 0]
    return total


def why_not_fight(rs: LilyErmineModel, state: State, zone: str) -> tuple[str, str] | None:
    """Why the minor battle in ``zone`` cannot be resolved automatically now."""
    if state["vars"]["markers"].get(zone) != "battle":
        return N_("no battle marker in {place}", place=rs.board_map.place_name(zone)), rs.cite("10")
    camp = state["active"]
    att = rs.stack_sp(state, units(rs, state, zone, camp))
    dfn = rs.stack_sp(state, units(rs, state, zone, rs.other(camp)))
    if att == 0 or dfn == 0:
        return N_("a battle needs units of both camps: remove the marker by hand"), rs.cite("10")
    if min(att, dfn) >= MINOR_LIMIT:
        return (N_("{att} SP against {dfn} SP: a major battle, fought on the tactical map "
                   "(resolve it by hand for now)", att=att, dfn=dfn),
                rs.cite("10 Minor battle procedure"))
    return None


def why_not_end_combat(rs: LilyErmineModel, state: State) -> tuple[str, str] | None:
    """Why the camp's combat phase may not end yet (10 Following combat: "the combat
    sequence ends after all the combats and sieges have been resolved"): a battle or
    siege marker still stands. A fight settled by hand is marked ``resolved``. A game
    recorded before the rule was checked (ruleset 0.2, see ``setup``) ends it freely."""
    markers = state["vars"]["markers"]
    if not markers or not rule_on(state, ALL_RESOLVED):
        return None
    kinds = {"battle": N_("battle"), "siege": N_("siege")}
    left = listing([N_("{kind} in {place}", kind=kinds.get(kind, kind),
                       place=rs.board_map.place_name(zone))
                    for zone, kind in sorted(markers.items())])
    return (N_("the combat phase ends once every battle and siege is resolved: {left} still to "
               "fight (or mark resolved by hand)", left=left), rs.cite("10 Following combat"))


def fight(rs: LilyErmineModel, state: State, zone: str, ctx: Context, flow: Flow) -> None:
    """Resolve the minor battle in ``zone`` (10 Battle resolution procedure)."""
    camp = state["active"]
    other = rs.other(camp)
    att_cf = combat_factor(rs, state, units(rs, state, zone, camp))
    def_cf = combat_factor(rs, state, units(rs, state, zone, other))
    table = rs.combat_table
    column = table.column(att_cf, def_cf)
    del state["vars"]["markers"][zone]
    rule = rs.cite("10 Minor battle procedure")
    res = resolve(ctx, table=data_word(table.name), column=column, sides=6, zero_based=False,
                  modifiers=[], lookup=lambda d: combat_results(rs, state)[column].get(d),
                  describe=lambda r: N_("unknown value") if r is None else r.text(),
                  clamp=table.die, rule=rule,
                  who=N_("{side} attacks in {place} (CF {att_cf} vs {def_cf})",
                         side=rs.side(camp).name, place=rs.board_map.place_name(zone),
                         att_cf=att_cf, def_cf=def_cf))
    if res.result is None:
        ask_result(ctx, table=data_word(table.name), rule=rule, cell=(column, str(res.modified)),
                   question=N_("read column {column} at die {modified} and give the losses "
                               "(attacker/defender), then who retreats.", column=column,
                               modified=res.modified))
        flow.call(rs, state, ctx, "battle-ask", camp, zone=zone, column=column,
                     die=res.modified)
        return
    flow.call(rs, state, ctx, "battle-losses", camp, zone=zone, queue=[])
    apply_result(rs, state, ctx, flow, zone, res.result)


def apply_result(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow, zone: str,
                 r: CombatResult) -> None:
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
            ctx.log(N_("R: {side} retreats out of {name} after its losses",
                       side=rs.side(side).name, name=name), rule)
        if star:
            commander_check(rs, state, ctx, zone, side)
    frame = state["flow"][-1]
    frame["vars"]["queue"] = [[s, n] for s, n in ((camp, r.attacker), (other, r.defender))
                              if n > 0]
    frame["vars"]["retreats"] = retreats
    next_loser(rs, state, ctx, flow)


def next_loser(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
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


