"""Guet-Apens campaign (GA 13.9, 14.10): the book's recovery weeks (Récupération des
points de vie, l.2373-2395), alone and in the flow of Scenario X's adventures: what one
adventure carries to the next, the week of rest and the witch before Adventure 4."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.model import campaign
from rulesets.guet_apens.model.wounds import reduced
from rulesets.guet_apens.steps.victory import declare

START = {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11, "lp": 8}


def test_recovery_weeks_example():
    """GA 13.9.5: at 2 LP: week 1 Co 2 + St 5 + En 3 = 10 -> +1 (3 LP, no notch);
    week 2 -> 4 LP, the 1/2 column; week 3 5 + 9 + 6 = 20 -> +2 -> 6 LP; week 4
    7 + 14 + 8 = 29 -> 3 but capped: +2 -> 8 LP, whole again."""
    weeks = campaign.recover_weeks(START, 2, 3, 4)
    assert [w.score for w in weeks] == [10, 10, 20, 29]
    assert [w.gained for w in weeks] == [1, 1, 2, 2]
    assert [w.lp for w in weeks] == [3, 4, 6, 8]
    assert weeks[0].column == 3 and weeks[1].column == 2
    assert weeks[1].values == {"ag": 6, "sk": 8, "co": 5, "st": 9, "en": 6}
    assert weeks[2].values == {"ag": 9, "sk": 11, "co": 7, "st": 14, "en": 8}
    assert weeks[3].values == {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11}
    assert campaign.is_whole(START, weeks[3].lp)


def test_witch_heals_two_weeks_in_one():
    """GA 14.10.6: the witch's troop heals as if two weeks had passed."""
    assert [w.lp for w in campaign.recover_weeks(START, 2, 3, 1, witch=True)] == [3, 4]


def test_day_of_battle():
    """GA 14.12.2 (b): a D4 of LP lost with the reductions of a wound (8 LP - 2 = 6:
    the 1/4 column)."""
    marks = campaign.day_of_battle(START, 2)
    assert marks.lp == 6 and marks.column == 1 and marks.values["st"] == 14


# -- the campaign in the flow (GA 14.10) -------------------------------------------------------

RS = RULESET()


def _adventure(scenario: str, rows: dict, cargo: dict | None = None, dice=(),
               played_with=None, start=None) -> Game:
    """Adventure ``scenario`` started with the campaign sheet's ``rows`` (and the book's
    example character as Leader A1 when ``start`` is given), its set-up done."""
    data = Game(RS, scenario, 4).start_data
    data["campaign"].update(rows)
    if cargo:
        data["cargo"]["mules"] = cargo
    game = Game(RS, scenario, 4, data, played_with)
    if start:
        game.state["vars"]["figs"]["a1"]["start"] = dict(start)
    game.play("ready", side="a")
    game.state["dice_queue"] = list(dice)
    game.play("ready", side="b")
    return game


def _lines(game: Game) -> list[str]:
    return [f"{line.text} ({line.rule})" for entry in game.log for line in entry.lines]


def test_the_next_adventure_takes_wounds_losses_courage_and_cargo():
    """GA 14.10: Adventure 2 starts with what Adventure 1 carried: the dead and captured
    stay away, the wounded keep their LP (and their quarter column), the Courage won is
    added, the cargo stays with its holder."""
    game = _adventure("X-2", {"a1": {"lp": 4, "gone": None, "courage": 2},
                              "b3": {"lp": None, "gone": True, "courage": None},
                              "b4": {"lp": None, "gone": None, "courage": -2}},
                      cargo={"holder": "b", "count": 2})
    state = game.state
    a1 = state["vars"]["figs"]["a1"]
    assert a1["lp"] == 4 and RS.column(state, "a1") > 0
    assert RS.value(state, "a1", "co") == RS.values(state, "a1")["co"]
    start_co = a1["start"]["co"]
    assert RS.value(state, "a1", "co") == reduced(start_co, RS.column(state, "a1")) + 2
    assert "out" in state["vars"]["figs"]["b3"]["states"]
    assert state["pieces"]["b3"]["loc"] == RS.eliminated_box
    assert RS.value(state, "b4", "co") == state["vars"]["figs"]["b4"]["start"]["co"] - 2
    assert state["vars"]["cargo"] == {"holder": "b", "count": 2}
    lines = _lines(game)
    assert any("keeps his wounds: 4 LP" in t and "(GA 14.10)" in t for t in lines)
    assert any("The cargo is with Player B" in t for t in lines)


def test_a_week_of_rest_before_adventure_4_as_the_book_counts_it():
    """GA 13.9.5 in the flow: the book's character (LP 8) at 2 LP rests the week before
    Adventure 4 (GA 14.10.6): 10 / 10 -> +1, 3 LP; a troop that found the witch heals
    as in two weeks: 4 LP and the 1/2 column. Under half his LP after the rest, he stays
    behind (GA 14.10.7)."""
    row = {"a1": {"lp": 2, "gone": None, "courage": None}}
    alone = _adventure("X-4", row, dice=(6, 2), start=START)  # A finds the witch
    assert alone.state["vars"]["figs"]["a1"]["lp"] == 4
    assert RS.column(alone.state, "a1") == 2
    assert RS.values(alone.state, "a1")["sk"] == 8
    assert "out" not in alone.state["vars"]["figs"]["a1"]["states"]  # 4 of 8: half
    lines = _lines(alone)
    assert any("Player A's troop finds her" in t for t in lines)
    assert any("2 → 4 LP" in t and "10/10 → +1, 10/10 → +1" in t and "(GA 13.9)" in t
               for t in lines)
    normal = _adventure("X-4", row, dice=(2, 6), start=START)  # B finds her
    a1 = normal.state["vars"]["figs"]["a1"]
    assert a1["lp"] == 3 and "out" in a1["states"]
    assert any("less than half his LP (3 of 8): he stays behind" in t
               for t in _lines(normal))
    tie = _adventure("X-4", row, dice=(3, 3), start=START)
    assert tie.state["vars"]["figs"]["a1"]["lp"] == 3
    assert any("nobody finds her" in t for t in _lines(tie))


def test_adventure_4_gives_six_arrows_to_each_archer():
    """GA 14.10.7: each archer and crossbowman recovers 6 arrows or bolts."""
    before = Game(RS, "X-4", 4).state["vars"]["ammo"]
    game = _adventure("X-4", {}, dice=(1, 1))
    after = game.state["vars"]["ammo"]
    assert after and all(after[s][p] == before[s][p] + 6 for s in after for p in after[s])


def test_the_end_of_an_adventure_writes_what_it_carries():
    """GA 14.10: when Adventure 1 ends, its game data holds each figure's LP, who is
    dead or captured, and the cargo, ready to be saved for Adventure 2."""
    game = Game(RS, "X-1", 4)
    state = game.state
    state["vars"]["figs"]["a3"]["lp"] = 2
    state["vars"]["figs"]["b5"]["states"] = ["dead"]
    ctx = Context(state, "a")
    declare(RS, state, ctx, "over", "GA 14.10")
    rows = state["data"]["campaign"]
    assert rows["a3"]["lp"] == 2 and rows["b5"]["gone"] is True
    assert rows["a1"]["gone"] is False
    assert state["data"]["cargo"]["mules"] == {"holder": "a", "count": 2}
    assert any("Adventure 1 is over" in str(line.text) for line in ctx.lines)


def test_a_game_of_version_0_2_has_no_campaign():
    """Games recorded before the campaign replay as they were: Adventure 1's end writes
    nothing (state["legacy"])."""
    game = Game(RS, "X-1", 4, None, "0.2")
    ctx = Context(game.state, "a")
    declare(RS, game.state, ctx, "over", "GA 14.10")
    assert all(row["lp"] is None for row in game.state["data"]["campaign"].values())


def test_a_killed_leader_costs_his_troop_1_courage():
    """GA 14.10.3: in the adventures of Scenario X, a side whose leader is killed loses
    1 Courage, knights excepted (carried to the next adventure by the sheet)."""
    from rulesets.guet_apens.steps.combat import wound

    game = Game(RS, "X-1", 4)
    state = game.state
    before = {p: RS.value(state, p, "co") for p in state["vars"]["figs"]}
    ctx = Context(state, "b")
    wound(RS, state, ctx, "a1", 20, RS.cite("9.10"))
    figs = state["vars"]["figs"]
    assert "dead" in figs["a1"]["states"]
    for pid, f in figs.items():
        if pid != "a1":
            lost = 1 if f["side"] == "a" and f["role"] not in ("knight", "leader") else 0
            assert RS.value(state, pid, "co") == before[pid] - lost
    assert any("leader is killed" in str(line.text) for line in ctx.lines)
    declare(RS, state, ctx, "over", "GA 14.10")
    assert state["data"]["campaign"]["a4"]["courage"] == -1  # a sergeant
