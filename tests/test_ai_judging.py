"""The games' own measures for the computer opponent: standings that name the rules'
winner, evaluations that prefer what the rules reward, and a level that wins."""

from __future__ import annotations

import random

from boardapp.core.ai.arena import arena, winners
from boardapp.core.ai.measures import approach, steps_to
from boardapp.core.ai.view import fair_view
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import put_piece


def test_hex_demo_the_side_holding_more_towns_wins() -> None:
    rs = find_ruleset("hex-demo")
    game = Game(rs, None, 1)
    state = game.state
    assert rs.standing(state) == {"red": 1.0, "blue": 1.0}  # Aldford and Bexley
    put_piece(state, "red-cav-1", "h3-0")  # Crag (rule 7)
    assert rs.standing(state) == {"red": 2.0, "blue": 1.0}
    state["turn"] = 7
    assert rs.outcome(state) == ("The six turns are over: Red wins, holding 2 towns to 1 "
                                 "(Hex demo 7).")
    assert winners(rs, state) == ["red"]
    old = rs.setup("demo", 1, played_with="0.1")  # a game recorded before rule 7
    old["turn"] = 7
    assert rs.outcome(old) == "The six turns are over."


def test_hex_demo_evaluation_prefers_towns_then_closing_on_them() -> None:
    rs = find_ruleset("hex-demo")
    state = Game(rs, None, 1).state
    before = rs.evaluate(state, "red")
    closer = Game(rs, None, 1).state
    put_piece(closer, "red-cav-1", "h3-1")  # a step towards Crag, Aldford still held
    took = Game(rs, None, 1).state
    put_piece(took, "red-cav-1", "h3-0")
    left = Game(rs, None, 1).state
    for pid in ("red-inf-1", "red-cav-1"):
        put_piece(left, pid, "h3-1")  # Aldford left empty
    assert rs.evaluate(took, "red") > rs.evaluate(closer, "red") > before
    assert rs.evaluate(left, "red") < before
    assert rs.evaluate(took, "blue") < rs.evaluate(state, "blue")


def test_normal_beats_random_at_the_hex_demo_on_both_sides() -> None:
    tally = arena(find_ruleset("hex-demo"), None, "normal", "random", 6, seed=3)
    assert tally.wins("A") >= 5, tally.lines()
    won_as = {r.winners[0] for r in tally.records if r.finished and len(r.winners) == 1
              and r.seats[r.winners[0]] == "A"}
    assert won_as == {"red", "blue"}


def test_deux_bretagne_standing_is_the_scenario_winner() -> None:
    rs = find_ruleset("deux-bretagne")
    state = Game(rs, "14.1", 1).state
    assert rs.standing(state) == {"blois": 0.0, "montfort": 1.0}  # 14.14: Blois holds neither
    taken = Game(rs, "14.1", 1).state
    taken["control"]["nantes"] = "blois"
    assert rs.standing(taken) == {"blois": 1.0, "montfort": 0.0}
    assert rs.evaluate(taken, "blois") > rs.evaluate(state, "blois")
    assert rs.evaluate(taken, "montfort") < rs.evaluate(state, "montfort")


def test_lily_ermine_standing_is_the_level_of_victory() -> None:
    rs = find_ruleset("lily-ermine")
    state = Game(rs, None, 1).state
    state["score"] = {"france": 12, "brittany": 14}  # both a marginal victory: a tie (12)
    assert winners(rs, state) == ["brittany", "france"]
    state["score"] = {"france": 15, "brittany": 14}
    assert winners(rs, state) == ["france"]
    better = Game(rs, None, 1).state
    better["score"] = {"france": 3, "brittany": 0}
    assert rs.evaluate(better, "france") > rs.evaluate(Game(rs, None, 1).state, "france")


def test_lion_evaluation_counts_the_areas_held() -> None:
    rs = find_ruleset("lion-in-winter")
    state = Game(rs, None, 1).state
    richer = Game(rs, None, 1).state
    richer["control"]["berry"] = "english"
    assert rs.evaluate(richer, "english") > rs.evaluate(state, "english")
    assert rs.evaluate(richer, "french") < rs.evaluate(state, "french")


def test_table_demo_evaluation_prefers_a_path_towards_the_hill() -> None:
    rs = find_ruleset("table-demo")
    game = Game(rs, None, 1)
    legal = [a for a in rs.legal_actions(game.state, "blue") if a.verb == "plan"]
    values = {}
    for action in legal:
        trial = Game(rs, None, 1)
        trial.play(action, side="blue")
        values[action.text()] = rs.evaluate(trial.state, "blue")
    best = max(values, key=values.__getitem__)
    worst = min(values, key=values.__getitem__)
    assert values[best] > values[worst]
    # the hill lies south of Blue's figures (larger y): the best plan heads there
    assert float(best.split()[-1].split(",")[1]) > float(worst.split()[-1].split(",")[1])


def test_montjoie_guesses_the_others_hands_without_reading_them() -> None:
    rs = find_ruleset("montjoie")
    game = Game(rs, None, 3)
    chooser = random.Random(1)
    while not any(game.state["vars"]["hands"].values()):
        side = rs.acting_side(game.state)
        game.play(chooser.choice(list(rs.legal_actions(game.state, side))), side=side)
    real = game.state["vars"]["hands"]
    me = next(n for n in real if real[n])
    view = fair_view(rs, game.state, me, random.Random(2))
    assert view is not None
    hands = view["vars"]["hands"]
    assert hands[me] == real[me]
    for nation, cards in real.items():
        assert len(hands[nation]) == len(cards)
        assert "?" not in "".join(hands[nation])


def test_map_distances() -> None:
    rs = find_ruleset("hex-demo")
    bmap = rs.board_map
    dist = steps_to(bmap, ["h3-0"])
    assert dist["h3-0"] == 0 and dist["h3-1"] == 1
    state = Game(rs, None, 1).state
    assert approach(bmap, state, ["red-inf-2"], ["h3-0"]) > approach(
        bmap, state, ["red-cav-1"], ["h3-0"])


def test_deux_bretagne_evaluation_follows_the_campaign_of_blois() -> None:
    """14.1: Blois must take Rennes or Nantes (14.14). A card played as ACT that activates
    Charles de Blois, his army marching on Rennes, then a siege marker there (10.12) each
    look better to Blois than what came before; claiming the Shares of Evran, whose
    conditions are on the card (13.2), never does."""
    from boardapp.core.ai.view import play_on
    from boardapp.core.engine.actions import Action

    rs = find_ruleset("deux-bretagne")
    game = Game(rs, "14.1", 3)
    game.play("draw", side="blois")
    card = game.state["vars"]["hands"]["blois"][0]
    start = rs.evaluate(game.state, "blois")
    game.play(f"play {card} act", side="blois")
    game.play("value 3", side="blois")
    acting = rs.evaluate(game.state, "blois")
    assert acting > start
    army = "charles-de-blois,blois-ch-fr-1,blois-ch-fr-2,blois-me-1,blois-me-2"
    nearer = play_on(rs, game.state, Action.parse(f"move {army} chateaugiron"), "blois")
    assert nearer is not None and rs.evaluate(nearer, "blois") > acting
    besieging = dict(nearer, vars=dict(nearer["vars"], sieges={
        "rennes": {"level": 0, "side": "blois", "ready_at": 9}}))
    assert rs.evaluate(besieging, "blois") > rs.evaluate(nearer, "blois")
    game.state["vars"]["events_at"] = {"B-02": 0}  # an event played, its text not automated
    claim = play_on(rs, game.state, Action("claim-evran", ("B-02",)), "blois")
    assert claim is not None and rs.evaluate(claim, "blois") < rs.evaluate(game.state, "blois")


def test_guet_apens_joust_the_computer_picks_the_knight_the_charge_favours() -> None:
    rs = find_ruleset("guet-apens")
    game = Game(rs, "I", 1)  # GA 14.1: the teams picked first
    figs = game.state["vars"]["figs"]
    side = rs.acting_side(game.state)
    free = [p for p, f in figs.items() if f["side"] is None]
    best = max(free, key=lambda p: figs[p]["horse"]["ag"] + figs[p]["start"]["sk"]
               + (figs[p]["horse"]["ag"] + 1) // 2 + figs[p]["start"]["st"])
    values = {}
    for pid in free:
        picked = Game(rs, "I", 1)
        picked.play(Action("pick", (pid,)), side=side)
        values[pid] = rs.evaluate(picked.state, side)
    assert max(values, key=lambda p: values[p]) == best
    before = rs.evaluate(game.state, side)
    figs[best]["side"], figs[best]["states"] = side, ["out"]  # out of the fight: worth 0
    assert rs.evaluate(game.state, side) == before


def test_montjoie_a_second_city_of_a_province_is_worth_more_than_one_elsewhere() -> None:
    from rulesets.montjoie.model.judge import assets
    rs = find_ruleset("montjoie")
    state = Game(rs, None, 1).state
    nation = rs.players(state)[0]
    big = [p for p in rs.provinces() if len(rs.province_cities(p)) >= 3][:2]
    assert len(big) == 2
    for entry in state["vars"]["cities"].values():
        entry["owner"], entry["level"] = None, 1
    cities = state["vars"]["cities"]
    first, second = rs.province_cities(big[0])[:2]
    elsewhere = rs.province_cities(big[1])[0]
    cities[first] = {"owner": nation, "level": 1}
    cities[second] = {"owner": nation, "level": 1}
    together = assets(rs, state, nation)
    cities[second]["owner"] = None
    cities[elsewhere] = {"owner": nation, "level": 1}
    assert together > assets(rs, state, nation)  # Séq. 8: a whole province gives PP
