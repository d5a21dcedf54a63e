"""Guet-Apens test helpers: a scenario's game with only some figures on the table."""

from __future__ import annotations

from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from rulesets.guet_apens import RULESET

RS = RULESET()


def table(state_or_scenario, figures: dict[str, tuple[float, float, float, dict]]):
    """A game of the scenario with only ``figures`` on the table, on foot, at the given
    place and facing, with the given sheet values (same start and current LP)."""
    state = RS.setup(state_or_scenario, 1)
    figs = state["vars"]["figs"]
    for pid in list(figs):
        if pid not in figures:
            figs[pid]["states"] = ["out"]
            state["pieces"][pid]["loc"] = RS.eliminated_box
    for pid, (x, y, facing, sheet) in figures.items():
        f = figs[pid]
        start = {"ag": 12, "sk": 12, "co": 10, "st": 12, "en": 12, "lp": 8}
        start.update({k: v for k, v in sheet.items() if k in start})
        f.update(start=start, lp=start["lp"], weapon="sword", lance=False, shield=None,
                 mail=False, states=[], missile=None)
        f.update({k: v for k, v in sheet.items() if k not in start})
        state["pieces"][pid]["type"] = "foot"
        set_position(state, pid, to_units(x), to_units(y), to_tenths(facing))
    return state
