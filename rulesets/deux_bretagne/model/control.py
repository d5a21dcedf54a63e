"""Control of the counties (3.3, 13.12): a county goes to the side that controls enough
of its cities, with its victory points."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State

from .base import PLAYERS, DeuxBretagneModel
from .groups import enemy_units_at
from .words import N_


def update_counties(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """Give a county to the side that controls enough of its cities (3.3, 13.12)."""
    bmap = rs.board_map
    for region in bmap.regions.values():
        if region.cities_needed is None:
            continue
        areas = bmap.region_areas(region.id)
        current = state["region_control"].get(region.id)
        for side in PLAYERS:
            held = sum(1 for a in areas if state["control"].get(a) == side)
            if side == current or held < region.cities_needed:
                continue
            state["region_control"][region.id] = side
            vp = region.vp or 0
            state["score"][side] += vp
            if current in state["score"]:
                state["score"][current] -= vp
            for a in areas:
                enemy_fort = bmap.areas[a].fortified and state["control"].get(a) not in (
                    side, None)
                if not enemy_fort and not enemy_units_at(rs, state, a, side):
                    state["control"][a] = side
            ctx.log(N_("{side} takes control of {region} ({held} cities, {vp} VP)",
                       side=rs.side(side).name, region=region.name, held=held, vp=vp),
                    rs.cite("3.3, 13.12"))
            break
