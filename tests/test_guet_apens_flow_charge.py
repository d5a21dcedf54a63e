"""Guet-Apens charges carried out on the table (GA 7): the counter-charge starting after
half of the charger's move (GA 7.3) and the 12 cm rule (GA 7.4, Example II c)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model import parse_orders
from rulesets.guet_apens.steps.carry import carry_out_sequence
from rulesets.guet_apens.steps.combat import resolve_charges

RS = RULESET()


def _riders(gap: float):
    state = RS.setup("V", 1)
    figs = state["vars"]["figs"]
    figs["a1"]["horse"].update(ag=26, worth="average")  # A: gallop 32 cm
    figs["b1"]["horse"].update(ag=12, worth="poor")  # Z: gallop 18 cm
    set_position(state, "a1", to_units(20), to_units(30), to_tenths(90))
    set_position(state, "b1", to_units(24 + gap), to_units(30), to_tenths(270))
    for pid in list(figs):
        if pid not in ("a1", "b1"):
            figs[pid]["states"] = ["out"]
            state["pieces"][pid]["loc"] = RS.eliminated_box
    state["vars"]["movement"] = 1
    return state


def test_a_counter_charge_starts_after_half_of_the_chargers_move():
    state = _riders(gap=20.0)
    state["vars"]["charges"] = {"a1": {"target": "b1", "covered": 0.0}}
    assert parse_orders("b1@counter")[0].doing == "counter"
    assert RS.flow.steps["move"]._why_not(RS, state, "b", "b1@counter") is None
    state["vars"]["charges"]["b1"] = {"target": "a1", "covered": 0.0, "counter": True}
    ctx = Context(state, "a")
    carry_out_sequence(RS, state, ctx, {})
    a, z = state["vars"]["charges"]["a1"], state["vars"]["charges"]["b1"]
    assert a["contact"] and a["covered"] >= 16.0  # half of 32 cm before Z reacts
    assert z["covered"] < 12.0
    state["dice_queue"] = [1]
    ctx = Context(state, "a")
    results = resolve_charges(RS, state, ctx)
    assert [(r["charger"], r["unhorsed"]) for r in results] == [("a1", True)]
    texts = [line.text for line in ctx.lines]
    assert any("not effective" in t for t in texts)
    assert any("resolves no engagement" in t for t in texts)
    assert state["pieces"]["b1"]["type"] == "foot"  # unhorsed, GA 10.2.3


def test_two_charges_meeting_beyond_12_cm_both_resolve():
    state = _riders(gap=40.0)
    state["vars"]["charges"] = {"a1": {"target": "b1", "covered": 0.0},
                                "b1": {"target": "a1", "covered": 0.0}}
    carry_out_sequence(RS, state, Context(state, "a"), {})
    charges = state["vars"]["charges"]
    assert charges["a1"]["contact"] and charges["b1"]["contact"]
    assert charges["a1"]["covered"] >= 12 and charges["b1"]["covered"] >= 12
    state["dice_queue"] = [20, 20]
    results = resolve_charges(RS, state, Context(state, "a"))
    assert sorted(r["charger"] for r in results) == ["a1", "b1"]
