"""Guet-Apens capture, knock-out and surrender carried out in the combat sequence (GA
13.5, 13.7, 13.8): the capture window of one capturer and of a group (the book's
examples), the knock-out table through a blow and the capture of a knocked-out figure
by an enemy who stayed by him, a knight surrendering only to a knight (B23), the
markers refused where the scenario plays no capture."""

from __future__ import annotations

from gahelpers import RS, table

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from rulesets.guet_apens.steps.capture import why_not_mark
from rulesets.guet_apens.steps.combat import MELEE_STEP, Melee, melee
from rulesets.guet_apens.steps.period import wake


def rolled(ctx: Context) -> list[dict]:
    return [line.detail for line in ctx.lines
            if line.detail and line.detail.get("kind") == "table"]


def duel():
    # a1 (Strength 12 + Skill 12 - Agility 12 = 12 needed) against b1
    return table("IX", {"a1": (40, 30, 90, {}), "b1": (42, 30, 270, {"en": 8})})


def test_one_capturer_captures_on_the_four_faces_below_his_number():
    state = duel()
    state["dice_queue"] = [1, 1, 9]  # the D4s of initiative, then the D20
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "a1:C>b1", "b": "b1:P"})
    capture = rolled(ctx)[0]
    assert capture["column"] == "needs 9-12"
    assert capture["result"] == "captured"
    assert [(m["label"], m["value"]) for m in capture["modifiers"]] == [
        ("needed: required number of Baron A1", 12)]
    b1 = state["vars"]["figs"]["b1"]
    assert "captured" in b1["states"]
    assert state["vars"]["escorts"] == {"b1": "a1"}  # B24 slower: a1 leads him off (13.5.1)
    assert any("GA 13.5" in (line.rule or "") for line in ctx.lines)


def test_a_roll_above_or_below_the_window_does_nothing():
    for die in (8, 13):
        state = duel()
        state["dice_queue"] = [1, 1, die, 20]  # b1 strikes back and misses
        ctx = Context(state, "a")
        melee(RS, state, ctx, {"a": "a1:C>b1", "b": "b1:P"})
        assert rolled(ctx)[0]["result"] == "escapes"
        assert state["vars"]["figs"]["b1"]["states"] == []
        assert state["vars"]["figs"]["b1"]["lp"] == 8  # a capture does no damage (B24)


def test_the_target_strikes_before_his_capturer():
    state = duel()
    state["dice_queue"] = [4, 1, 20, 10]  # a1 has the better initiative, yet b1 first
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "a1:C>b1", "b": "b1:A>a1"})
    whos = [t["who"] for t in rolled(ctx)]
    assert whos == ["Leader B1 strikes Baron A1", "Baron A1 capture Leader B1"]


def test_three_capturers_example_a_average_plus_two_window_of_six():
    # GA 13.5.4: three capturers of average 11 -> 13, the window 8-13 (7 always fails);
    # the target, parrying, still strikes before them (he has the initiative)
    sheet = {"st": 11, "sk": 12}  # 11 + 12 - 12 = 11 each
    state = table("IX", {"b1": (40, 30, 90, {"ag": 12}), "a1": (37.95, 30, 90, sheet),
                         "a2": (42.05, 30, 270, sheet), "a3": (40, 27.95, 180, sheet)})
    state["dice_queue"] = [1, 1, 1, 4, 20, 8]  # b1 has the initiative: he misses
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "capture", "b": "b1:P"})
    blow, capture = rolled(ctx)
    assert blow["who"] == "Leader B1 strikes Baron A1" and blow["result"] == "missed"
    assert capture["column"] == "needs 8-13"
    assert [(m["label"], m["value"]) for m in capture["modifiers"]] == [
        ("needed: average of 3 capturers' required numbers", 11),
        ("needed: 2 extra capturer(s)", 2)]
    assert capture["result"] == "captured"
    assert "captured" in state["vars"]["figs"]["b1"]["states"]


def test_knock_out_table_through_a_blow_then_captured_when_he_comes_round():
    state = duel()
    # initiative D4s, the blow D20 3 (hit), the knock-out D6 5: knocked out, 1 LP more
    state["dice_queue"] = [4, 1, 3, 5]
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "a1:K>b1", "b": "b1:P"})
    b1 = state["vars"]["figs"]["b1"]
    assert b1["lp"] == 7
    assert {"unconscious", "knocked"} <= set(b1["states"])
    assert any("D6 5" in line.text and "GA 13.8" in (line.rule or "") for line in ctx.lines)
    assert state["vars"]["knocked"] == {"b1": ["a1"]}
    state["dice_queue"] = [12]  # still out: a1 stays by him
    wake(RS, state, Context(state, "a"))
    assert "unconscious" in b1["states"]
    state["dice_queue"] = [2]  # comes round with a1 still there: captured
    ctx = Context(state, "a")
    wake(RS, state, ctx)
    assert "captured" in b1["states"]
    assert state["vars"]["escorts"] == {"b1": "a1"}  # B24 slower: a1 leads him off (13.5.1)


def test_knocked_out_figure_left_alone_just_wakes():
    state = duel()
    state["dice_queue"] = [4, 1, 3, 3]
    melee(RS, state, Context(state, "a"), {"a": "a1:K>b1", "b": "b1:P"})
    b1 = state["vars"]["figs"]["b1"]
    assert b1["lp"] == 8 and "unconscious" in b1["states"]  # D6 3: no LP more
    set_position(state, "a1", to_units(20), to_units(30), to_tenths(90))
    state["dice_queue"] = [2]
    wake(RS, state, Context(state, "a"))
    assert b1["states"] == [] and "b1" not in state["vars"]["knocked"]


def test_a_failed_knock_out_does_no_damage():
    state = duel()
    state["dice_queue"] = [4, 1, 3, 2]  # D6 2: the attempt fails
    melee(RS, state, Context(state, "a"), {"a": "a1:K>b1", "b": "b1:P"})
    assert state["vars"]["figs"]["b1"]["lp"] == 8
    assert state["vars"]["figs"]["b1"]["states"] == []


def test_a_knight_surrenders_only_to_a_knight_b23():
    state = table("IX", {"a1": (40, 30, 90, {}), "b1": (42, 30, 270, {}),
                         "a17": (40, 32.05, 90, {})})  # a17: a peasant
    assert why_not_mark(RS, state, "b1", "S", "a17") is not None
    assert why_not_mark(RS, state, "b1", "S", "a1") is None
    state["vars"]["figs"]["b1"]["states"] = ["flight2"]  # B23 default: to anyone then
    assert why_not_mark(RS, state, "b1", "S", "a17") is None
    state["vars"]["figs"]["b1"]["states"] = []
    ctx = Context(state, "a")
    state["dice_queue"] = [1, 1, 20]
    melee(RS, state, ctx, {"a": "attack", "b": "b1:S>a1"})
    assert "captured" in state["vars"]["figs"]["b1"]["states"]
    assert any("surrenders to Baron A1" in line.text and "GA 13.7" in (line.rule or "")
               for line in ctx.lines)
    assert not [t for t in rolled(ctx) if "Leader B1" in t["who"]]


def test_the_markers_are_refused_where_no_capture_is_played():
    state = table("V", {"a1": (40, 30, 90, {}), "b1": (42, 30, 270, {})})
    frame = {"step": MELEE_STEP, "side": "a", "sides": ["a", "b"], "vars": {}}
    state["flow"] = [frame]
    step = Melee()
    assert "capture" not in step.options(RS, state, frame, "a")
    why = step.why_not(RS, state, frame, Action("commit", ("a1:C>b1",)), "a")
    assert why is not None and "no capture" in why[0]
    state9 = duel()
    assert "capture" in step.options(RS, state9, frame, "a")
    assert step.why_not(RS, state9, frame, Action("commit", ("a1:C>b1",)), "a") is None
