"""Guet-Apens hand-to-hand carried out on the table: the book's example (Arnault strikes
Barthélemy, GA 9.10.4) through the combat sequence, the number needed and its terms as
the Table dock shows them, the wound reducing the characteristics by the printed table
(Skill 16 -> 12: the book's example prints 11, an error, B36)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.steps.combat import melee

RS = RULESET()


def _duel():
    state = RS.setup("V", 1)
    figs = state["vars"]["figs"]
    arnault, barthelemy = figs["a1"], figs["b1"]
    arnault.update(name="Arnault", start={"ag": 11, "sk": 12, "co": 9, "st": 15, "en": 9,
                                          "lp": 6}, lp=6, weapon="sword", lance=False,
                   shield=None, mail=False)
    barthelemy.update(name="Barthélemy", start={"ag": 13, "sk": 16, "co": 7, "st": 12,
                                                "en": 13, "lp": 8}, lp=8, weapon="sword",
                      lance=False, shield="left", mail=True)
    for pid in ("a1", "b1"):
        state["pieces"][pid]["type"] = "foot"
    set_position(state, "a1", to_units(40), to_units(30), to_tenths(90))
    set_position(state, "b1", to_units(42), to_units(30), to_tenths(270))
    for pid in list(figs):
        if pid not in ("a1", "b1"):
            figs[pid]["states"] = ["out"]
            state["pieces"][pid]["loc"] = RS.eliminated_box
    return state


def test_arnault_strikes_barthelemy_as_in_the_book():
    state = _duel()
    # initiative: Arnault 11 + 9 + D4 4 = 24 against Barthélemy 13 + 7 + D4 1 = 21;
    # Arnault's blow D20 5, damage D6 4; Barthélemy strikes back D20 20 (a miss)
    state["dice_queue"] = [4, 1, 5, 4, 20]
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "attack", "b": "attack"})
    tests = [line.detail for line in ctx.lines if line.detail and line.detail.get(
        "kind") == "table"]
    first = tests[0]
    assert first["who"] == "Arnault strikes Barthélemy"
    assert first["column"] == "needs 7 or less"  # 15 + 12 - 13 - 7 (shield on foot)
    assert [(m["label"], m["value"]) for m in first["modifiers"]] == [
        ("needed: Strength", 15), ("needed: Skill", 12), ("needed: defender's Agility", -13),
        ("needed: enemy on foot with shield", -7)]
    assert first["result"] == "hit"
    b = state["vars"]["figs"]["b1"]
    assert b["lp"] == 6  # D6 4 - 2 (mail)
    values = RS.values(state, "b1")
    assert values == {"ag": 10, "sk": 12, "co": 5, "st": 9, "en": 10, "lp": 6}
    assert any("GA 9.8" in (line.rule or "") for line in ctx.lines)
    assert tests[1]["who"] == "Barthélemy strikes Arnault" and tests[1]["result"] == "missed"


def test_a_parry_marker_gives_the_attacker_the_first_blow_at_minus_5():
    state = _duel()
    state["dice_queue"] = [1, 4, 5, 20]  # Barthélemy would have had the initiative
    ctx = Context(state, "a")
    melee(RS, state, ctx, {"a": "a1:A>b1", "b": "b1:P"})
    tests = [line.detail for line in ctx.lines if line.detail and line.detail.get(
        "kind") == "table"]
    assert tests[0]["who"] == "Arnault strikes Barthélemy"  # GA 9.7.2: A against P first
    assert tests[0]["column"] == "needs 2 or less"  # 7 - 5 (one attacker on a parrier)
    assert tests[0]["result"] == "missed"
    assert tests[1]["who"] == "Barthélemy strikes Arnault"
