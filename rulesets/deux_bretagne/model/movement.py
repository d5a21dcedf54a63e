"""Movement in Les Deux Bretagne (rules 8.x, 7.x, 5.3x): the predicates the core's
reachability search needs, and the check that explains a refused move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.base.i18n import listing
from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.movement import Reach, reachable
from boardapp.core.engine.ruleset import MoveVerdict
from boardapp.core.engine.state import State, pieces_at, rule_on

from . import naval
from .base import sieges
from .groups import Group, enemy_units_at, inside
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

STACK_LIMIT = 8  # 7.21
MAX_COMMAND = 8  # 7.12
SLOW_TERRAIN = ("mountain", "marsh")  # 8.1


def make_group(rs: DeuxBretagneModel, state: State, pids: list[str]) -> Group | MoveVerdict:
    """Gather the facts about ``pids``; a refusal verdict if they cannot move together."""
    if not pids:
        return MoveVerdict(False, N_("Nothing to move"))
    for pid in pids:
        if pid not in state["pieces"]:
            return MoveVerdict(False, N_("No piece {pid}", pid=repr(pid)))
    if len(set(pids)) != len(pids):
        return MoveVerdict(False, N_("A piece is listed twice"))
    starts = {state["pieces"][p]["loc"] for p in pids}
    if len(starts) != 1:
        return MoveVerdict(False, N_("Pieces that move together start in the same area"),
                           rs.cite("8.1"))
    start = starts.pop()
    bmap = rs.board_map
    if start not in bmap.graph:
        return MoveVerdict(False, N_("Pieces in {place} do not move on the map (place them by "
                                     "hand)", place=bmap.place_name(start)))
    sides = {rs.piece_side(state, p) for p in pids}
    if len(sides) != 1:
        return MoveVerdict(False, N_("Pieces of different camps cannot move together"),
                           rs.cite("2.1"))
    side = sides.pop()
    if side not in rs.player_sides:
        return MoveVerdict(False, N_("Marauders are independent: no player moves them"),
                           rs.cite("2.1"))
    if side != state["active"]:
        return MoveVerdict(False, N_("It is {side}'s activation, not {side2}'s",
                                     side=rs.side(state['active']).name, side2=rs.side(side).name),
                                  rs.cite("4.0 C"))
    leaders = tuple(p for p in pids if rs.is_leader(state, p))
    units = tuple(p for p in pids if not rs.is_leader(state, p))
    from .cards import act_refusal

    refusal = act_refusal(rs, state, list(pids))  # 5.2, 5.3, 5.32: what the card allows
    if refusal:
        return MoveVerdict(False, refusal[0], rs.cite(refusal[1]))
    if units and not leaders and len(units) > 1:
        return MoveVerdict(False, N_("Combat units move only with a leader; a lone unit moves by "
                                     "free action"), rs.cite("8.0, 5.32"))
    if leaders:
        command = min(MAX_COMMAND, sum(rs.piece_type(state, p).command for p in leaders))
        if len(units) > command:
            return MoveVerdict(False, N_("{n} combat units exceed the leaders' command of "
                                         "{command}", n=len(units), command=command),
                                      rs.cite("7.12"))
    within = inside(state)
    if any(p in within for p in pids):
        return MoveVerdict(False, N_("Pieces inside the fortress leave it only by a sortie "
                                     "against the enemy in the city (resolve it by hand)"),
                           rs.cite("10.16"))
    refusal = _leave_behind(rs, state, start, side, units)
    if refusal is not None:
        return refusal
    spent = state["vars"]["mp_spent"]
    budget = min(rs.movement_factor(state, p) - spent.get(p, 0) for p in pids)
    return Group(tuple(pids), side, start, leaders, units, max(0, budget))


def _leave_behind(rs: DeuxBretagneModel, state: State, start: str, side: str,
                  units: tuple[str, ...]) -> MoveVerdict | None:
    """An army that leaves enemy units inside an unbesieged fortress must leave units
    equal to the fortress level behind (8.21, 8.24)."""
    area = rs.board_map.areas.get(start)
    if area is None or not area.fortified or not units:
        return None
    within = [p for p in enemy_units_at(rs, state, start, side) if p in inside(state)]
    if not within or start in state["vars"]["sieges"]:
        return None
    staying = [p for p in pieces_at(state, start) if rs.piece_side(state, p) == side
               and not rs.is_leader(state, p) and p not in units]
    level = rs.fortress_level(state, start)
    if len(staying) < level:
        return MoveVerdict(False, N_("Enemy units are inside {area}: leave at least {level} "
                                     "unit(s) behind to mask it (fortress level)", area=area.name,
                                     level=level),
                           rs.cite("8.21, 8.24"))
    return None


def takes_control(rs: DeuxBretagneModel, state: State, group: Group, place: str,
                  enemies: list[str] | None = None) -> bool:
    """Whether entering ``place`` costs the extra point that takes control of it (8.26).
    ``enemies``: the enemy units there (:func:`enemy_units_at`), if known already."""
    area = rs.board_map.areas.get(place)
    if area is None or area.fortified or not group.units:
        return False
    if state["control"].get(place) == group.side:
        return False
    if enemies is None:
        enemies = enemy_units_at(rs, state, place, group.side)
    return not enemies


def _box_refusal(rs: DeuxBretagneModel, group: Group, place: str) -> MoveVerdict | None:
    b = rs.board_map.boxes.get(place)
    if b is None:
        return None
    if b.kind != "holding":
        return MoveVerdict(False, N_("{b} is not entered by movement", b=b.name), rs.cite("2.64"))
    if b.access_sides is not None and group.side not in b.access_sides:
        return MoveVerdict(False, N_("Only {names} units may enter {b}",
                                     names=listing(rs.side(s).name for s in b.access_sides),
                                     b=b.name), rs.cite("2.64"))
    if b.access_pieces is not None:
        if not group.leaders or any(p not in b.access_pieces for p in group.leaders):
            return MoveVerdict(False, N_("{b} may be entered only by {names}", b=b.name,
                                         names=listing(b.access_pieces)), rs.cite("2.64"))
        if b.max_units is not None and len(group.units) > b.max_units:
            return MoveVerdict(False, N_("{b} takes at most {max_units} combat unit(s)", b=b.name,
                                         max_units=b.max_units),
                               rs.cite("2.64"))
    return None


def group_reach(rs: DeuxBretagneModel, state: State, group: Group,
                budget: int | None = None, target: str | None = None,
                enemies: dict[tuple[str, str], list[str]] | None = None) -> dict[str, Reach]:
    """Everywhere ``group`` can get to with ``budget`` MP (default: what it has left);
    with ``target``, the search may stop there (see :func:`reachable`).

    The facts of each place (its enemy units, whether entering takes control) are found
    once per search: they do not change while it runs. ``enemies``: the enemy units of
    each (side, place) found so far in this position, shared by several searches (used
    and filled in)."""
    bmap: BoardMap = rs.board_map
    within = inside(state)
    if enemies is None:
        enemies = {}
    controls: dict[str, bool] = {}
    costs: dict[str, int | None] = {}
    side = group.side

    def enemy_units(place: str) -> list[str]:
        found = enemies.get((side, place))
        if found is None:
            found = enemies[side, place] = enemy_units_at(rs, state, place, side)
        return found

    def extra(place: str) -> int:  # 8.26: the point that takes control
        if place not in controls:
            controls[place] = takes_control(rs, state, group, place, enemy_units(place))
        return 1 if controls[place] else 0

    def enter_cost(src: str, dst: str) -> int | None:
        if dst not in costs:
            costs[dst] = _enter_cost(dst)
        return costs[dst]

    def _enter_cost(dst: str) -> int | None:
        if _box_refusal(rs, group, dst) is not None:
            return None
        if not group.units and enemy_units(dst):
            return None  # 8.21: a leader alone never enters a city with enemy combat units
        area = bmap.areas.get(dst)
        cost = 2 if area is not None and area.terrain in SLOW_TERRAIN else 1  # 8.1
        return cost + extra(dst)  # 8.26

    def must_stop(place: str) -> bool:
        # 5.31, 8.21: enemy units not inside a fortified city stop the move.
        return any(p not in within for p in enemy_units(place))

    return reachable(bmap.graph, group.start, group.budget if budget is None else budget,
                     enter_cost, must_stop, extra, slack=1 if group.units else 0,
                     target=target)


def check_move(rs: DeuxBretagneModel, state: State, pids: list[str], dest: str) -> MoveVerdict:
    """Whether ``pids`` may move to ``dest`` now; the reason and rule if not."""
    bmap = rs.board_map
    if not bmap.is_place(dest):
        return MoveVerdict(False, N_("No area or box {dest} on the map", dest=repr(dest)))
    group = make_group(rs, state, pids)
    if isinstance(group, MoveVerdict):
        return group
    if dest == group.start:
        return MoveVerdict(False, N_("The pieces are already in {place}",
                                     place=bmap.place_name(dest)))
    refusal = _box_refusal(rs, group, dest)
    if refusal is not None:
        return refusal
    if dest not in bmap.graph and not naval.is_sea_place(rs, dest, group.side):
        return MoveVerdict(False, N_("{place} is not reached by road",
                                     place=bmap.place_name(dest)),
                           rs.cite("8.11"))
    reach = group_reach(rs, state, group, target=dest).get(dest)
    if reach is None:
        reach = naval.naval_reach(rs, state, group).get(dest)  # 8.15
    if reach is None:
        return _explain_unreachable(rs, state, group, dest)
    return _stacking_verdict(rs, state, group, reach)


def legal_destinations(rs: DeuxBretagneModel, state: State, pids: list[str],
                       group: Group | MoveVerdict | None = None,
                       enemies: dict[tuple[str, str], list[str]] | None = None,
                       ) -> dict[str, Reach]:
    """Every place ``pids`` may legally end a move in now (one search for all).
    ``group``: :func:`make_group` of ``pids``, if made already; ``enemies``: see
    :func:`group_reach`."""
    if group is None:
        group = make_group(rs, state, pids)
    if isinstance(group, MoveVerdict):
        return {}
    reach = {**naval.naval_reach(rs, state, group),
             **group_reach(rs, state, group, enemies=enemies)}
    return {place: r for place, r in reach.items()
            if _stacking_refusal(rs, state, group, r) is None}


def _stacking_verdict(rs: DeuxBretagneModel, state: State, group: Group,
                      reach: Reach) -> MoveVerdict:
    """Stacking limit at the end of the move (7.21, 7.22)."""
    refusal = _stacking_refusal(rs, state, group, reach)
    return refusal if refusal is not None else MoveVerdict(True, reach=reach)


def _stacking_refusal(rs: DeuxBretagneModel, state: State, group: Group,
                      reach: Reach) -> MoveVerdict | None:
    """:func:`_stacking_verdict` when it refuses the move, else ``None``."""
    dest = reach.place
    from .cards import destination_refusal

    refusal = destination_refusal(rs, state, list(group.pieces), reach.stops)  # 5.321
    if refusal:
        return MoveVerdict(False, refusal[0], rs.cite(refusal[1]))
    if dest in rs.board_map.areas:
        staying = [p for p in pieces_at(state, dest)
                   if rs.piece_side(state, p) == group.side and not rs.is_leader(state, p)]
        total = len(staying) + len(group.units)
        if total > STACK_LIMIT:
            return MoveVerdict(False, N_("{place} would hold {total} units: the limit is "
                                         "{stack_limit}", place=rs.board_map.place_name(dest),
                                         total=total, stack_limit=STACK_LIMIT),
                                      rs.cite("7.21, 7.22"))
    return None


def _explain_unreachable(rs: DeuxBretagneModel, state: State, group: Group,
                         dest: str) -> MoveVerdict:
    bmap = rs.board_map
    name = bmap.place_name(dest)
    if not group.units and enemy_units_at(rs, state, dest, group.side):
        return MoveVerdict(False, N_("A leader alone may not enter {name}: enemy combat units "
                                     "are there", name=name), rs.cite("8.21"))
    unlimited = group_reach(rs, state, group, budget=10_000, target=dest).get(dest)
    sea = naval.is_sea_place(rs, dest, group.side) and naval.is_sea_place(
        rs, group.start, group.side)
    if sea and (unlimited is None or unlimited.cost > group.budget):
        why = naval.naval_refusal(rs, state, group)
        if why:
            return MoveVerdict(False, N_("{name} is out of reach by road, and by sea: {why}",
                                         name=name, why=why),
                               rs.cite("8.15"))
    if unlimited is None:
        import networkx as nx

        if nx.has_path(bmap.graph, group.start, dest):
            return MoveVerdict(False, N_("Every road to {name} is blocked by enemy units "
                                         "(movement stops on entering them)", name=name),
                                      rs.cite("5.31, 8.21"))
        return MoveVerdict(False, N_("No road leads to {name}", name=name), rs.cite("8.11"))
    if group.budget == 0:
        return MoveVerdict(False, N_("These pieces have no movement points left in this "
                                     "activation"), rs.cite("8.1"))
    return MoveVerdict(False, N_("{name} costs {cost} MP; these pieces have {budget} MP left "
                                 "(slowest unit; mountain/marsh 2 MP, +1 MP to take an open city)",
                                 name=name, cost=unlimited.cost, budget=group.budget),
                              rs.cite("8.1, 8.26"))


SPLIT_CROSSING = "8.22 split moves"
"""8.22 counted however the route is split, and only units staying behind mask (0.7)."""
NOBODY_RETREATS = "9.5 nobody left"
"""9.5: no retreat asked nor logged when the beaten side has nobody left (0.7)."""


def costs_a_step(rs: DeuxBretagneModel, state: State, group: Group, place: str) -> bool:
    """An army crossing an enemy fortress neither masked nor besieged loses a step
    (8.22, 10.15)."""
    area = rs.board_map.areas.get(place)
    if area is None or not area.fortified or not (group.leaders and group.units):
        return False
    if state["control"].get(place) in (group.side, None):
        return False
    staying = rule_on(state, SPLIT_CROSSING)  # before 0.7 the army masked for itself
    masked = any(rs.piece_side(state, p) == group.side and not rs.is_leader(state, p)
                 and not (staying and p in group.pieces) for p in pieces_at(state, place))
    besieged = sieges(state).get(place, {}).get("side") == group.side
    return not masked and not besieged


def crosses_its_start(rs: DeuxBretagneModel, state: State, group: Group) -> bool:
    """8.22 however the route is split into moves: an army that entered its start area by
    a move of this activation and now leaves it travels across it, as if the two moves
    were one; it loses the step here if that area is an enemy fortress that no friendly
    unit staying behind masks (10.15) and its side does not besiege. Entering the
    fortress cost nothing (the end of a move is not a crossing), so the step is lost
    once. An army that began its activation there does not cross it."""
    spent = state["vars"]["mp_spent"]
    if not rule_on(state, SPLIT_CROSSING) or not any(spent.get(p, 0) for p in group.pieces):
        return False
    return costs_a_step(rs, state, group, group.start)
