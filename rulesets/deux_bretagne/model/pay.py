"""Paying the units and what unpaid units do (rules 4.0 D2b step 2, D3; 12.3-12.4).

The model's part: data, predicates and the work its steps call. The steps, and what
each one asks, are in ``steps/pay.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.board.places import Region
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, pieces_at, put_piece

from . import groups
from .battle import STACK_LIMIT, TABLES
from .recruit import free_counters
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

SUPPLY_BASES = 2  # 12.32: each camp has 2


_KINDS: dict[str, str] = {}
""":func:`kind_of` of each counter type met, by type id (what the id says: fixed)."""


def kind_of(rs: DeuxBretagneModel, state: State, pid: str) -> str:
    """ch, me, mil or art."""
    tid = rs.piece_type(state, pid).id
    kind = _KINDS.get(tid)
    if kind is None:
        kind = _KINDS[tid] = next((k for k in ("mil", "art", "me") if tid.endswith(f"-{k}")),
                                  "ch")
    return kind


def payable(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s units that want pay this turn and are not paid yet (12.31)."""
    out = []
    within = groups.inside(state)
    stacks = state["stacks"]
    paid = set(state["vars"]["paid"])
    sieges = state["vars"]["sieges"]
    for area in rs.board_map.areas:
        here = stacks.get(area)
        if not here:
            continue  # nobody there
        fed = None  # whether a supply base pays here (12.32), asked once per area
        for pid in here:
            if (pid in paid or rs.piece_side(state, pid) != side or rs.is_leader(state, pid)
                    or kind_of(rs, state, pid) == "mil"):
                continue
            if pid in within and area in sieges:
                continue  # 12.31: never paid inside a besieged fortress
            if fed is None:
                fed = supplied(rs, state, side, area)
            if fed:
                continue  # 12.32: paid by the supply base
            out.append(pid)
    return out


def base_paid(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s Ch, Me and Art units paid by a supply base this turn (12.32)."""
    return [p for a in supply_bases(state, side) if supplied(rs, state, side, a)
            for p in pieces_at(state, a) if rs.piece_side(state, p) == side
            and not rs.is_leader(state, p) and kind_of(rs, state, p) != "mil"]


def pay_cost(rs: DeuxBretagneModel, state: State, pid: str) -> int:
    """The pay of ``pid`` (12.31), full or reduced alike."""
    return TABLES["pay_rates"][kind_of(rs, state, pid)]


def pay_actions(rs: DeuxBretagneModel, state: State, side: str) -> Iterator[Action]:
    """``pay UNIT`` for each unit the player can afford, and ``pay-all`` if he can."""
    money = state["vars"]["resources"].get(side, 0)
    units = payable(rs, state, side)
    if units and sum(pay_cost(rs, state, p) for p in units) <= money:
        yield Action("pay-all")
    for pid in units:
        if pay_cost(rs, state, pid) <= money:
            yield Action("pay", (pid,))


def pay(rs: DeuxBretagneModel, state: State, side: str, pids: list[str], ctx: Context) -> None:
    """Pay ``pids`` (12.31)."""
    cost = sum(pay_cost(rs, state, p) for p in pids)
    state["vars"]["resources"][side] -= cost
    state["vars"]["paid"].extend(pids)
    ctx.log(N_("{side} pays {cost} PS: {names}", side=rs.side(side).name, cost=cost,
               names=rs.names(state, pids)), rs.cite("12.31"))


def mark_unpaid(rs: DeuxBretagneModel, state: State, side: str, ctx: Context) -> None:
    """What is not paid gets a "Pas de solde" marker (4.0 D2b, 12.31)."""
    unpaid = payable(rs, state, side)
    within = groups.inside(state)
    unpaid += [p for a in state["vars"]["sieges"] for p in pieces_at(state, a)
               if p in within and rs.piece_side(state, p) == side
               and not rs.is_leader(state, p) and kind_of(rs, state, p) != "mil"]
    state["vars"]["unpaid"].extend(unpaid)
    fed = base_paid(rs, state, side)
    if fed:
        ctx.log(N_("{side}: paid by the supply base(s): {names}", side=rs.side(side).name,
                   names=rs.names(state, fed)),
                rs.cite("12.32"))
    if unpaid:
        ctx.log(N_("{side}: {n} unit(s) unpaid (Pas de solde): {names}", side=rs.side(side).name,
                   n=len(unpaid), names=rs.names(state, unpaid)), rs.cite("12.31"))


PLAYERS = ("blois", "montfort")


def unpaid_units(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s units with a "Pas de solde" marker still on the map."""
    return [p for p in state["vars"]["unpaid"] if rs.piece_side(state, p) == side
            and state["pieces"][p]["loc"] in rs.board_map.areas]


def eliminate(rs: DeuxBretagneModel, state: State, pid: str) -> None:
    """Remove unit ``pid`` from the map (its counter may be used again)."""
    state["prev_loc"][pid] = state["pieces"][pid]["loc"]
    put_piece(state, pid, rs.eliminated_box)
    state["pieces"][pid]["flipped"] = False
    for key in ("inside", "unpaid"):
        if pid in state["vars"][key]:
            state["vars"][key].remove(pid)


def stack_units(rs: DeuxBretagneModel, state: State, area: str, side: str,
                within: bool) -> list[str]:
    """``side``'s combat units in ``area``, inside the fortress or outside it."""
    inner = groups.inside(state)
    return [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side
            and not rs.is_leader(state, p) and (p in inner) == within]


def supply_bases(state: State, side: str) -> list[str]:
    """The areas where ``side``'s supply bases are (12.32; placed by B-19 / M-21)."""
    return list(state["vars"].get("supply_bases", {}).get(side, []))


def supplied(rs: DeuxBretagneModel, state: State, side: str, area: str) -> bool:
    """Whether ``side``'s units in ``area`` are paid by a supply base there (12.32): the
    base is ``side``'s, the area is not enemy controlled and not besieged."""
    return (area in supply_bases(state, side) and state["control"].get(area) in (side, None)
            and area not in state["vars"]["sieges"])


def place_supply_base(rs: DeuxBretagneModel, state: State, side: str, area: str,
                      ctx: Context) -> None:
    """Put one of ``side``'s two supply bases on ``area`` for good (12.32)."""
    bases = state["vars"].setdefault("supply_bases", {}).setdefault(side, [])
    if len(bases) >= SUPPLY_BASES:
        raise IllegalActionError(N_("{side} has {supply_bases} supply bases already",
                                    side=rs.side(side).name, supply_bases=SUPPLY_BASES),
                                 rs.cite("12.32"))
    if area not in rs.board_map.areas or area in bases:
        raise IllegalActionError(N_("No supply base can go to {area}", area=repr(area)),
                                 rs.cite("12.32"))
    bases.append(area)
    ctx.log(N_("{side} supply base in {place}: units there are paid automatically while it is "
               "neither enemy controlled nor besieged", side=rs.side(side).name,
               place=rs.board_map.place_name(area)), rs.cite("12.32"))


def receive_br_places(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """Where ``side`` may place a BR Ch received from the other camp (12.42), placed as a
    recruit is (5.4, 5.42): with one of his leaders on the map, not besieged, in an area
    with no pillage marker, within the stacking limit, a BR Ch counter left (5.412)."""
    if not free_counters(rs, state, f"{side}-ch-br"):
        return []
    inner = groups.inside(state)
    out = []
    areas = rs.board_map.areas
    # an area where nobody stands has no leader: only the others are looked at
    for area in sorted(a for a, here in state["stacks"].items() if here and a in areas):
        here = pieces_at(state, area)
        leaders = [p for p in here if rs.piece_side(state, p) == side
                   and rs.is_leader(state, p)
                   and not (p in inner and area in state["vars"]["sieges"])]
        units = [p for p in here if rs.piece_side(state, p) == side
                 and not rs.is_leader(state, p)]
        if leaders and area not in state["vars"]["pillage"] and len(units) < STACK_LIMIT:
            out.append(area)
    return out


def marauder_held(rs: DeuxBretagneModel, state: State, area: str) -> bool:
    """An area no one controls where only Marauder units stand (12.51)."""
    units = [p for p in pieces_at(state, area) if not rs.is_leader(state, p)]
    return (state["control"].get(area) is None and bool(units)
            and all(rs.piece_side(state, p) == "marauders" for p in units))


def marauder_cities(rs: DeuxBretagneModel, state: State) -> dict[str | None, int]:
    """How many areas the Marauders hold (:func:`marauder_held`), by county.

    An area they hold has pieces and no controller: only those are looked at, not
    every area of the map (where no piece stands, no one holds it)."""
    areas = rs.board_map.areas
    control = state["control"]
    held: dict[str | None, int] = {}
    for area, here in state["stacks"].items():
        if here and control.get(area) is None and area in areas \
                and _only_marauder_units(rs, state, here):
            region = areas[area].region
            held[region] = held.get(region, 0) + 1
    return held


def _only_marauder_units(rs: DeuxBretagneModel, state: State, here: list[str]) -> bool:
    """Whether the pieces ``here`` have units, all of them Marauders (the pieces part of
    :func:`marauder_held`, in one pass that stops at the first unit of another side)."""
    units = False
    for pid in here:
        if rs.is_leader(state, pid):
            continue
        if rs.piece_side(state, pid) != "marauders":
            return False
        units = True
    return units


_RATED: dict[int, tuple[object, list[Region]]] = {}
""":func:`_rated_counties` of each map met (by identity; the map is kept with it)."""


def _rated_counties(rs: DeuxBretagneModel) -> list[Region]:
    """The counties with a control rating (cities the Marauders must hold, 3.3), in the
    map's order, once per map."""
    bmap = rs.board_map
    kept = _RATED.get(id(bmap))
    if kept is None or kept[0] is not bmap:
        kept = _RATED[id(bmap)] = (bmap, [r for r in bmap.regions.values()
                                          if r.cities_needed is not None])
    return kept[1]


def check_marauder_counties(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """3.3, 12.433: when the Marauders hold as many cities of a county as its control
    rating, the county becomes independent: its control marker is discarded and its VP
    leave their holder (13.12)."""
    held_by_region: dict[str | None, int] | None = None
    for region in _rated_counties(rs):
        owner = state["region_control"].get(region.id)
        if owner is None:
            continue
        if held_by_region is None:  # found once, the first time a county may lose
            held_by_region = marauder_cities(rs, state)
        held = held_by_region.get(region.id, 0)
        if held < region.cities_needed:
            continue
        state["region_control"][region.id] = None
        if owner in state["score"]:
            state["score"][owner] -= region.vp or 0
        ctx.log(N_("The Marauders hold {held} cities of {region}: the county is independent, "
                   "{side} loses its {value} VP", held=held, region=region.name,
                   side=rs.side(owner).name, value=region.vp or 0),
                rs.cite("3.3, 12.433, 13.12"))


_BY_REGION: dict[int, tuple[object, dict[str | None, list[str]]]] = {}
""":func:`areas_by_region` of each map met (by identity; the map is kept with it)."""


def areas_by_region(rs: DeuxBretagneModel) -> dict[str | None, list[str]]:
    """The areas of each county (as ``BoardMap.region_areas`` lists them), in one pass
    over the map, once per map (do not change the lists)."""
    bmap = rs.board_map
    kept = _BY_REGION.get(id(bmap))
    if kept is not None and kept[0] is bmap:
        return kept[1]
    out: dict[str | None, list[str]] = {}
    for area in bmap.areas.values():
        out.setdefault(area.region, []).append(area.id)
    _BY_REGION[id(bmap)] = (bmap, out)
    return out


def check_pillaged_counties(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """12.45: a county whose areas all have a pillage marker is worth 1 VP less to its
    controller, back to normal when it no longer is. ``vars.county_vp_cut`` remembers who
    bears the cut, so that a change of control (which moves the printed VP, 13.12) keeps
    the scores right."""
    cuts = state["vars"].setdefault("county_vp_cut", {})
    pillaged = set(state["vars"]["pillage"])
    if not pillaged and not cuts:
        return  # no county is pillaged, none was
    by_region = areas_by_region(rs)
    # Only a county with a pillaged area, or one that bears a cut, may change.
    mapped = rs.board_map.areas
    looked = {mapped[a].region for a in pillaged if a in mapped}
    looked.update(rid for rid, bearer in cuts.items() if bearer is not None)
    for region in rs.board_map.regions.values():
        if not region.vp or region.id not in looked:
            continue
        areas = by_region.get(region.id, [])
        owner = state["region_control"].get(region.id)
        owner = owner if owner in state["score"] else None
        wanted = owner if areas and pillaged.issuperset(areas) else None
        bearer = cuts.get(region.id)
        if bearer == wanted:
            continue
        if bearer is not None:
            state["score"][bearer] += 1
            del cuts[region.id]
            ctx.log(N_("{region} is no longer wholly pillaged: its VP are back to {vp}",
                       region=region.name, vp=region.vp), rs.cite("12.45"))
        if wanted is not None:
            state["score"][wanted] -= 1
            cuts[region.id] = wanted
            ctx.log(N_("Every area of {region} is pillaged: it is worth {value} VP to {side} (1 "
                       "less)", region=region.name, value=region.vp - 1,
                       side=rs.side(wanted).name), rs.cite("12.45"))


def to_marauder(rs: DeuxBretagneModel, state: State, pid: str, ctx: Context) -> str | None:
    """Replace unit ``pid`` by a Marauder unit of its type and steps (12.433)."""
    area = state["pieces"][pid]["loc"]
    reduced = rs.is_reduced(state, pid)
    kind = "ch" if kind_of(rs, state, pid) == "ch" else "me"
    name = rs.piece_name(state, pid)
    state["prev_loc"][pid] = area
    put_piece(state, pid, "reserve")
    state["pieces"][pid]["flipped"] = False
    within = pid in state["vars"]["inside"]
    if within:
        state["vars"]["inside"].remove(pid)
    free = free_counters(rs, state, f"marauder-{kind}")
    if not free:
        ctx.log(N_("{name} turns Marauder, but no Marauder counter is left: removed", name=name),
                rs.cite("12.433"))
        return None
    new = free[0]
    put_piece(state, new, area, index=len(pieces_at(state, area)))
    state["pieces"][new]["flipped"] = reduced
    if within:  # the Marauders stay where the unit was: inside the fortress (12.4 example)
        state["vars"]["inside"].append(new)
    ctx.log(N_("{name} turns Marauder: {piece}", name=name, piece=rs.piece_name(state, new)),
            rs.cite("12.433"))
    return new


def other(side: str) -> str:
    """The opposing player side."""
    return "montfort" if side == "blois" else "blois"
