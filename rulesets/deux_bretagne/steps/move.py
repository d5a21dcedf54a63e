"""A move in an activation (8.1-8.26, 5.31, 9.1): what happens on the way and at the end."""

from __future__ import annotations

from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.ruleset import MoveVerdict
from boardapp.core.engine.state import State, put_piece

from ..model import cards as card_rules
from ..model import groups, movement, naval
from ..model.base import PLAYERS, PRISON, DeuxBretagneModel
from ..model.battle import step_loss
from ..model.control import update_counties
from ..model.forage import must_forage
from ..model.movement import costs_a_step
from ..words import N_, NP_


def do_move(rs: DeuxBretagneModel, state: State, action: Action, ctx: Context,
            flow: Flow, verdict: MoveVerdict | None = None) -> None:
    """``move PIECES DEST`` (8.1-8.26), already checked legal: the route, captures on the
    way (8.23, 8.24), control (8.26), then a battle (9.1), foraging (8.16) and the steps
    lost crossing enemy fortresses (8.22). ``verdict``: the legality check's
    (:func:`movement.check_move` in this position), if known."""
    pids, dest = action.pieces(0), action.arg(1)
    if verdict is None:
        verdict = movement.check_move(rs, state, pids, dest)
    reach = verdict.reach
    assert verdict.legal and reach is not None  # the action phase's why_not checked it
    group = movement.make_group(rs, state, pids)
    assert isinstance(group, groups.Group)
    card_rules.note_army(state, group.side, list(group.leaders))  # 5.3, 8.153
    bmap = rs.board_map
    names = rs.names(state, pids)
    route = " → ".join(bmap.place_name(p) for p in reach.path)
    if naval.is_naval(rs, reach):
        state["vars"]["card_play"]["naval_used"] = True
        ctx.log(NP_("{names} sails {route} (all their movement)",
                    "{names} sail {route} (all their movement)", len(pids), names=names,
                    route=route), rs.cite("8.151, 8.153"))
    else:
        ctx.log(NP_("{names} moves {route} ({cost} MP)", "{names} move {route} ({cost} MP)",
                    len(pids), names=names, route=route, cost=reach.cost), rs.cite("8.1"))
    crossed = [group.start] if movement.crosses_its_start(rs, state, group) else []  # 8.22
    for i, place in enumerate(reach.path[1:], start=1):
        final = i == len(reach.path) - 1
        if not final and costs_a_step(rs, state, group, place):
            crossed.append(place)
        if group.units and not groups.enemy_units_at(rs, state, place, group.side):
            capture_lone_leaders(rs, state, group, place, ctx)
        take_control(rs, state, group, place, final and not reach.extra_paid, ctx)
    for pid in reversed(pids):
        put_piece(state, pid, dest)
    spent = state["vars"]["mp_spent"]
    for pid in pids:
        spent[pid] = spent.get(pid, 0) + reach.cost
    update_counties(rs, state, ctx)
    then = stop_for_battle(rs, state, group, reach, ctx) if reach.stops else None
    if group.leaders and must_forage(len(group.units)):  # 8.16, after any battle
        flow.call(rs, state, ctx, "forage", side=group.side,
                  cities=list(reach.path[1:]), units=list(group.units),
                  leaders=list(group.leaders), start=reach.path[0],
                  after_battle=bool(then or crossed))
    if crossed:  # the steps are lost on the way, before any battle at the end
        names = ", ".join(bmap.place_name(p) for p in crossed)
        flow.call(rs, state, ctx, "step-losses", side=group.side, then=then,
                  pending=[step_loss(group.side, len(crossed), list(group.units),
                                     N_("Army crossing the enemy fortress of {names}",
                                        names=names),
                                     rs.cite("8.22"))])
    elif then is not None:
        flow.call(rs, state, ctx, then["step"], side=then["side"], **then["vars"])


def capture_lone_leaders(rs: DeuxBretagneModel, state: State, group: groups.Group,
                         place: str, ctx: Context) -> None:
    """Enemy leaders without units on the way of an army are captured (8.23, 9.42), or
    withdraw inside their own fortress (8.24)."""
    bmap = rs.board_map
    for leader in groups.enemy_leaders_at(rs, state, place, group.side):
        if leader in groups.inside(state):
            continue
        owner = rs.piece_side(state, leader)
        area = bmap.areas.get(place)
        if area is not None and area.fortified and state["control"].get(
                place) == owner:  # 8.24: rather than be captured (8.23)
            state["vars"]["inside"].append(leader)
            ctx.log(N_("{piece}, alone, withdraws inside the fortress of {place}",
                       piece=rs.piece_name(state, leader), place=bmap.place_name(place)),
                    rs.cite("8.24"))
            continue
        put_piece(state, leader, PRISON[owner])
        ctx.log(N_("{piece} is captured in {place} and sent to {place2}",
                   piece=rs.piece_name(state, leader), place=bmap.place_name(place),
                   place2=bmap.place_name(PRISON[owner])), rs.cite("8.23, 9.42"))


def take_control(rs: DeuxBretagneModel, state: State, group: groups.Group, place: str,
                 short: bool, ctx: Context) -> None:
    """Entering ``place`` takes control of it for one more MP (8.26); ``short``: the move
    ends there without that point left (3.1)."""
    if not movement.takes_control(rs, state, group, place):
        return
    name = rs.board_map.place_name(place)
    if short:
        ctx.log(N_("Not enough MP left to take control of {name}", name=name), rs.cite("3.1, 8.26"))
        return
    state["control"][place] = group.side
    ctx.log(N_("{side} takes control of {name} (+1 MP)", side=rs.side(group.side).name, name=name),
            rs.cite("8.26"))


def stop_for_battle(rs: DeuxBretagneModel, state: State, group: groups.Group,
                    reach: Reach, ctx: Context) -> dict | None:
    """Movement stops on entering enemy units (5.31, 8.21); an army attacks (9.1).

    Returns the procedure to enter (reaction or battle), or ``None``.
    """
    dest = reach.place
    spent = state["vars"]["mp_spent"]
    before = {pid: spent[pid] for pid in group.pieces}
    for pid in group.pieces:
        spent[pid] = rs.movement_factor(state, pid)
    name = rs.board_map.place_name(dest)
    ctx.log(N_("Movement stops in {name}: enemy units are there", name=name), rs.cite("5.31, 8.21"))
    enemies = groups.enemy_units_at(rs, state, dest, group.side, outside_only=True)
    if not group.leaders:
        ctx.log(N_("No battle: combat units attack only with a leader"), rs.cite("2.2, 9.1"))
        return None
    commander = max(group.leaders, key=lambda p: rs.piece_type(state, p).command)
    defender = rs.piece_side(state, enemies[0])
    battle = dict(area=dest, attacker=group.side, defender=defender,
                  attacker_commander=commander, entered_from=reach.path[-2],
                  spent_before=before)
    area = rs.board_map.areas.get(dest)
    if (area is not None and area.fortified and defender in PLAYERS
            and state["control"].get(dest) == defender):
        return {"step": "reaction", "side": defender, "vars": battle}  # 8.24
    return {"step": "battle", "side": group.side, "vars": battle}
