"""The games' evaluations for the computer opponent, fourth pass (issue 20): each
prefers the position nearer the rules' victory, and the normal player sees what its
side may see."""

from __future__ import annotations

import random

from boardapp.core.ai.arena import winners
from boardapp.core.ai.view import fair_view
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import put_piece


def _fall(state: dict, side: str, keep: int = 0) -> None:
    """Every figure of ``side`` but the first ``keep`` dead."""
    mine = sorted(p for p, f in state["vars"]["figs"].items() if f["side"] == side)
    for pid in mine[keep:]:
        state["vars"]["figs"][pid]["states"] = ["dead"]


def test_guet_apens_closed_field_the_last_side_standing_wins() -> None:
    rs = find_ruleset("guet-apens")
    state = Game(rs, "V", 1).state  # GA 14.5: kill all the adversaries
    assert rs.standing(state) == {"a": 6.0, "b": 6.0}
    _fall(state, "b")
    assert rs.standing(state) == {"a": 6.0, "b": 0.0}
    assert winners(rs, state) == ["a"]


def test_guet_apens_pillage_standing_keeps_the_five_per_cent_margin() -> None:
    rs = find_ruleset("guet-apens")
    state = Game(rs, "IX", 1).state  # GA 14.9, B29: under 5 % is a draw
    state["score"] = {"a": 100, "b": 103}
    assert winners(rs, state) == ["a", "b"]
    state["score"] = {"a": 100, "b": 110}
    assert winners(rs, state) == ["b"]


def test_guet_apens_evaluation_prefers_the_enemy_down() -> None:
    rs = find_ruleset("guet-apens")
    state = Game(rs, "V", 1).state
    before = rs.evaluate(state, "a")
    _fall(state, "b", keep=5)
    assert rs.evaluate(state, "a") > before
    assert rs.evaluate(state, "b") < -before + 1e-9 or rs.evaluate(state, "b") < 0


def test_guet_apens_the_computer_guesses_the_other_sides_arrows_only() -> None:
    rs = find_ruleset("guet-apens")
    game = Game(rs, "IX", 1)  # GA 8.5: the arrows and bolts are each side's secret
    real = game.state["vars"]["ammo"]
    assert real["a"] and real["b"]
    view = fair_view(rs, game.state, "a", random.Random(1))
    assert view is not None  # before: no guess, and the normal player chose at random
    assert view["vars"]["ammo"]["a"] == real["a"]  # its own, as they are
    assert sorted(view["vars"]["ammo"]["b"]) == sorted(real["b"])
    assert set(view["vars"]["ammo"]["b"].values()) == {12}  # 5D4 on average, not read


def test_lily_ermine_evaluation_pursues_the_next_level_of_victory() -> None:
    from rulesets.lily_ermine.model.judge import tally_now
    rs = find_ruleset("lily-ermine")
    tie = Game(rs, None, 1).state
    ahead = Game(rs, None, 1).state
    tally = tally_now(rs, tie)  # the cursors' and objectives' VP if the game ended now
    # the same lead of 3 VP: both marginal is a tie (12), decisive against marginal wins
    tie["score"] = {"france": 14 - tally["france"], "brittany": 11 - tally["brittany"]}
    ahead["score"] = {"france": 15 - tally["france"], "brittany": 12 - tally["brittany"]}
    assert rs.evaluate(ahead, "france") > rs.evaluate(tie, "france") + 4.0
    assert rs.evaluate(ahead, "brittany") < rs.evaluate(tie, "brittany") - 4.0


def test_lily_ermine_evaluation_marches_on_the_objectives_the_camp_lacks() -> None:
    from rulesets.lily_ermine.model.judge import march
    rs = find_ruleset("lily-ermine")
    state = Game(rs, None, 1).state
    near = Game(rs, None, 1).state
    french = sorted(p for p, piece in state["pieces"].items() if piece["loc"] == "sz45")
    step = next(z for z in sorted(rs.board_map.neighbours("sz36")) if rs.on_map(z)
                and not state["stacks"].get(z))
    for pid in french:  # the French army at sz45, moved next to Brittany's sz36
        put_piece(near, pid, step)
    assert march(rs, near, "france") > march(rs, state, "france")
    assert rs.evaluate(near, "france") > rs.evaluate(state, "france")


def test_lily_ermine_a_camp_that_would_win_now_keeps_what_it_holds(monkeypatch) -> None:
    from rulesets.lily_ermine.model import judge
    rs = find_ruleset("lily-ermine")
    state = Game(rs, None, 1).state  # Brittany holds 7 objective zones of 9 (13, 12)
    before = {c: rs.evaluate(state, c) for c in ("france", "brittany")}
    monkeypatch.setattr(judge, "march", lambda rs, state, camp: 10.0)
    assert rs.evaluate(state, "france") > before["france"]  # behind: it marches
    assert rs.evaluate(state, "brittany") == before["brittany"]  # ahead: it holds


def test_montjoie_two_players_a_loyal_allys_provinces_count_half() -> None:
    from rulesets.montjoie.model.judge import assets
    rs = find_ruleset("montjoie")
    state = Game(rs, "normale-2", 1).state  # 9.0: France against England
    nation = rs.players(state)[0]
    province = next(p for p in rs.provinces()
                    if rs.province_value(p) == 1 and len(rs.province_cities(p)) == 1)
    ally = "navarre"
    for city in rs.province_cities(province):
        state["vars"]["cities"][city] = {"owner": ally, "level": 1}
    state["vars"]["ally_of"] = {ally: nation}
    state["vars"]["loyal"] = {ally: False}
    alone = assets(rs, state, nation)
    state["vars"]["loyal"] = {ally: True}
    assert assets(rs, state, nation) > alone


def test_guet_apens_evaluation_counts_morale_and_shots_left() -> None:
    rs = find_ruleset("guet-apens")
    state = Game(rs, "IX", 1).state  # GA 12.4: a figure in flight; GA 8.5: arrows
    before = rs.evaluate(state, "a")
    enemy = sorted(p for p, f in state["vars"]["figs"].items() if f["side"] == "b")[0]
    state["vars"]["figs"][enemy]["states"].append("flight2")
    assert rs.evaluate(state, "a") > before
    shooter = sorted(state["vars"]["ammo"]["a"])[0]
    fewer = rs.evaluate(state, "a")
    state["vars"]["ammo"]["a"][shooter] = 0
    assert rs.evaluate(state, "a") < fewer
