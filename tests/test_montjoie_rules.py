"""Montjoie!: the rules of Séquences 1-6 and 8, set-up, end of game and hidden hands, on
a tiny test map (``tests/data/montjoie``). Citations: the French rule book (Séq. N, x.0)
and the digest (MJ x.y)."""

from __future__ import annotations

import random

import pytest

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from rulesets.montjoie.model.base import NATIONS
from rulesets.montjoie.model.cards import drawable
from rulesets.montjoie.model.cities import set_city
from rulesets.montjoie.model.events import confiscated, uprising_count
from rulesets.montjoie.model.turn import (
    capped_influence,
    end_check,
    income,
    influence_gain,
    war_declared,
)
from tests.contracthelpers import check_position
from tests.montjoiehelpers import legal, mini, new_game, play_until


# -- Séq. 8: the book's example and the cap -----------------------------------------------------
def test_seven_pretender_points_give_four_influence_points():
    """Séq. 8: 'la France qui a marqué 7 PP ce tour-ci ... gagnera 4 PI'."""
    assert influence_gain(7) == 4
    assert capped_influence(0, influence_gain(7)) == 4
    assert capped_influence(3, influence_gain(7)) == 6  # never more than 6 PI


def test_scoring_phase_gives_pp_then_capped_pi():
    """Séq. 8 on the board: France holds 6 one-city-or-more provinces (none Île de France)
    and won one Great Battle duel: 7 PP this turn, +4 PI from 0, to 6 from 3."""
    game = new_game("normale-6")
    play_until(game, "politique")
    rs, state = game.ruleset, game.state
    v = state["vars"]
    six = ["navarre", "bearn", "guyenne", "languedoc", "auvergne", "berry"]
    for province in six:
        for city in rs.province_cities(province):
            set_city(rs, state, city, "france", 1)
    for city in rs.owned(state, "france"):
        if rs.province(city) not in six:
            set_city(rs, state, city, None, 0)
    v["pp_bonus"] = {"france": 1}
    v["influence"]["france"] = 0
    v["influence"]["angleterre"] = 3
    for city in rs.province_cities("guyenne"):  # England keeps nothing of it
        assert rs.owner(state, city) == "france"
    from rulesets.montjoie.steps.points import PointsPhase
    ctx = Context(state, "france")
    before = dict(state["score"])
    PointsPhase().begin(rs, state, {"vars": v}, ctx, rs.flow)
    assert v["pp"]["france"][-1] == 7
    assert state["score"]["france"] == before["france"] + 7
    assert v["influence"]["france"] == 4
    assert any("Montjoie Séq. 8" == line.rule for line in ctx.lines)


# -- Séq. 1: income -----------------------------------------------------------------------------
def fresh(scenario: str = "normale-6", options: tuple[str, ...] = (),
          **readings: str) -> Game:
    game = new_game(scenario, options=options, **readings)
    play_until(game, "politique")
    return game


def test_income_garrisons_castle_fortress_pillage_and_bad_seasons():
    """Séq. 1: 1/2/3 écus; a pillaged city pays nothing; Mauvaises Saisons halves the
    total rounded up (A24 a) or each city (A24 b). 3 garrisons + castle + fortress = 8;
    one garrison pillaged 7; halved 4."""
    game = fresh()
    rs, state = game.ruleset, game.state
    for city in rs.owned(state, "bourgogne"):
        set_city(rs, state, city, None, 0)
    for city, level in (("dijon", 1), ("macon", 1), ("besancon", 1), ("liege", 2),
                        ("luxembourg", 3)):
        set_city(rs, state, city, "bourgogne", level)
    assert income(rs, state, "bourgogne") == (8, [])
    state["vars"]["pillage"] = ["dijon"]
    assert income(rs, state, "bourgogne") == (7, ["dijon"])
    state["vars"]["bad_seasons"] = True
    assert income(rs, state, "bourgogne")[0] == 4
    state["data"]["ambiguities"]["A24"]["reading"] = "b"
    assert income(rs, state, "bourgogne")[0] == 1 + 1 + 1 + 2  # ceil(1/2)*2 + 1 + 2


def test_treasury_phase_pays_and_removes_pillage():
    game = new_game("normale-4")
    play_until(game, "placement")
    rs = game.ruleset
    while game.state["phase"] == "placement":
        game.play(legal(game)[0])
    # Turn 1's treasury ran: each player got 5 écus (test data) + his 3 garrisons.
    v = game.state["vars"]
    assert all(v["treasury"][n] >= 5 + 3 for n in rs.players(game.state))
    lines = [ln for e in game.log for ln in e.lines]
    assert any("Trésor" in ln.text and ln.rule == "Montjoie Séq. 1" for ln in lines)


# -- Séq. 2: the vote ---------------------------------------------------------------------------
@pytest.mark.parametrize("players, wars, war", [(6, 3, True), (6, 2, False), (5, 2, False),
                                                (5, 3, True), (4, 2, True), (4, 1, False)])
def test_war_if_at_least_half_voted_war(players, wars, war):
    votes = {NATIONS[i]: "guerre" if i < wars else "paix" for i in range(players)}
    assert war_declared(votes) is war


def test_the_vote_is_sealed_and_revealed_together():
    """Séq. 2 by sealed choice: a vote is hidden until everyone has voted; 3 war votes
    of 6 give war, 6 cards each."""
    game = new_game("normale-6")
    play_until(game, "politique")
    rs = game.ruleset
    assert [f["step"] for f in game.state["flow"]] == ["vote"]
    for i, n in enumerate(rs.players(game.state)):
        game.push(f"commit {'guerre' if i < 3 else 'paix'}", side=n)
        if i < 5:
            assert game.state["vars"]["politics"] is None
            public = rs.public_action(game.state, game.log[-1].action)
            assert public.text() == "commit ?"
    game.fulfil()
    assert game.state["vars"]["politics"] == "guerre"
    assert game.state["phase"] == "achats"  # the deal's obligations were carried out
    assert all(game.state["vars"]["hand_sizes"][n] == 6 for n in rs.players(game.state))


# -- Séq. 4: purchases --------------------------------------------------------------------------
def at_purchases(scenario: str = "normale-6", ecus: int = 30) -> Game:
    game = new_game(scenario, ecus=ecus)
    play_until(game, "achats")
    return game


def test_one_new_castle_a_turn_and_a_fortress_only_on_an_older_castle():
    game = at_purchases()
    rs, state = game.ruleset, game.state
    n = state["active"]
    city = rs.owned(state, n)[0]
    other = rs.owned(state, n)[1]
    assert f"build-castle {city}" in legal(game)
    game.play(f"build-castle {city}")
    state = game.state
    assert rs.level(state, city) == 2
    assert f"build-castle {other}" not in legal(game)  # one new castle a turn
    assert f"build-rampart {city}" not in legal(game)  # built this turn
    cost = rs.costs(state)["castle"]
    assert state["vars"]["treasury"][n] == 30 + 3 - cost


def test_short_game_prices_and_hand_limit():
    game = at_purchases("courte-6", ecus=60)
    rs, state = game.ruleset, game.state
    assert rs.costs(state) == {"card": 2, "castle": 4, "rampart": 6}
    n = state["active"]
    while "buy-card" in legal(game):
        game.play("buy-card")
    assert rs.hand_size(game.state, n) == 12  # never more than 12 after the purchases


def test_castle_figures_run_out_at_twenty():
    game = at_purchases()
    rs, state = game.ruleset, game.state
    n = state["active"]
    others = [c for c in rs.cities() if rs.owner(state, c) != n]
    for city in others[:19]:
        set_city(rs, state, city, rs.owner(state, city) or "flandres", 2)
    assert any(a.startswith("build-castle") for a in legal(game))  # the 20th figure
    set_city(rs, state, others[19], rs.owner(state, others[19]) or "flandres", 2)
    assert not any(a.startswith("build-castle") for a in legal(game)), n


# -- Séq. 5: order -------------------------------------------------------------------------------
def test_nobody_is_first_twice_running_and_the_first_gains_a_pi():
    """Séq. 5 over a whole game (A2 b: no PI at the start, so the first's PI shows)."""
    game = new_game("normale-6", seed=4, A2="b")
    rs = game.ruleset
    rnd = random.Random(4)
    while rs.outcome(game.state) is None:
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)
    firsts = game.state["vars"]["first_history"]
    assert len(firsts) == game.state["turn"]
    assert all(a != b for a, b in zip(firsts, firsts[1:], strict=False))
    gains = [ln.text for e in game.log for ln in e.lines if "is first and gains" in ln.text]
    assert len(gains) == len(firsts) and "gains 1 PI" in gains[0]


# -- Séq. 6: events -----------------------------------------------------------------------------
@pytest.mark.parametrize("die, cities", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_uprising_counts(die, cities):
    """Séq. 6 Soulèvement: the die halved rounded up, at most 3."""
    assert uprising_count(die) == cities
    assert uprising_count(die, full_die=True) == die  # Le hasard de la guerre (10.0)


def test_confiscation_counts():
    assert confiscated(6) == 1 and confiscated(7) == 2 and confiscated(5) == 0
    assert confiscated(5, below_six_loses=True) == 1  # A11 reading b


def test_uprising_die_above_fortification_value():
    """A1 a: a castle (4 PC) rises on 5 or 6 and becomes a garrison; a garrison (2) rises
    on 3+ and the city is free."""
    game = fresh()
    rs, state = game.ruleset, game.state
    set_city(rs, state, "dijon", "bourgogne", 2)
    frame = {"step": "uprising", "side": "france",
             "vars": {"event": "soulevement", "left": 2, "chosen": []}}
    state["flow"] = [frame]
    state["phase"] = "evenements"
    state["vars"].update(events_todo=[], foreign_done=True)
    state["dice_queue"] = [5, 3]
    game.push("uprise dijon", side="france")
    assert rs.level(game.state, "dijon") == 1
    game.push("uprise besancon", side="france")
    assert rs.owner(game.state, "besancon") is None
    texts = [ln.text for ln in game.log[-1].lines]
    assert any("rises" in t for t in texts)
    assert any("A1 (a)" in (ln.rule or "") for ln in game.log[-1].lines)


# -- end of the game ----------------------------------------------------------------------------
def test_end_of_game_dice():
    """8.0: normal game, end of turn 8 die 1-2 ends, end of turn 9 die 1-4 ends, turn 10 is
    the last; short game: end of turn 6 die 1-3 ends, turn 7 last; 2 players (9.0): end of
    turn 5 die 5-6 plays a sixth; A16 b shifts them one turn earlier."""
    assert end_check("normale", 6, 7) is None
    assert end_check("normale", 6, 8) == (2, 0)
    assert end_check("normale", 6, 9) == (4, 0)
    assert end_check("normale", 6, 10) == (None, 0)
    assert end_check("courte", 4, 6) == (3, 0)
    assert end_check("courte", 4, 7) == (None, 0)
    assert end_check("normale", 2, 5) == (4, 0)
    assert end_check("normale", 2, 6) == (None, 0)
    assert end_check("normale", 6, 7, aide_memoire=True) == (2, 0)


def test_tie_break_fortresses_then_provinces_castles_ecus():
    from rulesets.montjoie.model.turn import ranking_key
    game = fresh()
    rs, state = game.ruleset, game.state
    state["score"]["france"] = state["score"]["angleterre"] = 10
    a, b = ranking_key(rs, state, "france"), ranking_key(rs, state, "angleterre")
    set_city(rs, state, rs.owned(state, "angleterre")[0], "angleterre", 3)
    assert ranking_key(rs, state, "angleterre") > ranking_key(rs, state, "france")
    assert a[0] == b[0] == 10


# -- hidden information -------------------------------------------------------------------------
def masked(rs, state, side):
    """``state`` as ``side``'s program holds it by email: other hands are '?'."""
    import copy
    view = copy.deepcopy(state)
    for n, hand in view["vars"]["hands"].items():
        if n != side:
            view["vars"]["hands"][n] = ["?"] * len(hand)
    view.pop("sealed", None)
    return view


def test_with_six_players_no_action_reads_another_hand():
    """A random 6-player game: at every position each deciding side's legal actions are
    the same whether or not the others' hands are known, and every action applied to the
    acting side's view gives the same public state (hands of others untouched)."""
    from boardapp.core.engine.game import apply_to
    from boardapp.core.engine.state import copy_state
    game = new_game("normale-6", seed=7)
    rs = game.ruleset
    rnd = random.Random(7)
    checked = 0
    while rs.outcome(game.state) is None and checked < 700:
        sides = rs.deciding_sides(game.state)
        side = rnd.choice(sides)
        actions = list(rs.legal_actions(game.state, side))
        view = masked(rs, game.state, side)
        assert actions == list(rs.legal_actions(view, side))
        action = rnd.choice(actions)
        full = copy_state(game.state)
        apply_to(rs, full, action, Context(full, side))
        seen = copy_state(view)
        seen["rng"] = copy_state(game.state)["rng"]
        apply_to(rs, seen, action, Context(seen, side))
        assert masked(rs, full, side)["vars"] == seen["vars"] or \
            {k: v for k, v in full["vars"].items() if k != "hands"} == \
            {k: v for k, v in seen["vars"].items() if k != "hands"}
        for n in rs.players(game.state):
            if n != side:
                assert full["vars"]["hands"][n] == game.state["vars"]["hands"][n]
        game.play(action, side=side)
        checked += 1
    assert checked > 100


def test_private_lines_show_only_ones_own_hand():
    game = new_game("normale-6")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    for n in rs.players(state):
        line = rs.private_lines(state, n)[0]
        assert line.startswith("Main")
    paths = rs.secret_paths(state)
    # The hand, what Séq. 7 lays face down in a combat (cards, influence), the écus.
    assert paths["france"] == [("vars", "hands", "france"), ("vars", "facedown", "france"),
                               ("vars", "stake", "france"), ("vars", "treasury", "france")]
    assert all(len(p) == 4 for p in paths.values())
    state["legacy"] = {"secret-treasury": False}  # a game of 0.2: the écus public
    assert ("vars", "treasury", "france") not in rs.secret_paths(state)["france"]


# -- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["normale-6", "normale-5", "normale-4", "normale-3",
                                      "normale-2", "courte-6"])
def test_random_whole_games_keep_the_contract(scenario):
    """Random legal games to the end on the test map, every position checked as the
    contract does; the log replays to the same state."""
    from boardapp.core.engine.state import digest
    rs = mini()
    game = Game(rs, scenario, 3)
    rnd = random.Random(3)
    sampler = random.Random(0)
    while True:
        problems, actions, by_side = check_position(rs, game.state, sampler, 2, set())
        assert problems == []
        if not actions:
            break
        side = rnd.choice(sorted(by_side))
        game.push(rnd.choice(by_side[side]), side=side)
    assert rs.outcome(game.state)
    again = Game.replay(rs, game.scenario, game.seed,
                        [(e.action.text(), e.side) for e in game.log], game.start_data)
    assert digest(again.state) == digest(game.state)


def test_a_draw_is_among_the_cards_the_drawer_can_know_in_the_deck():
    """Séq. 3: the deck less the public discard, the cards face up and one's own hand
    (other hands are secret: see the cards module)."""
    game = fresh()
    rs, state = game.ruleset, game.state
    v = state["vars"]
    v["hands"]["france"] = ["canon"] * 8
    v["discard"] = ["felon"] * 4
    v["hands"]["angleterre"] = ["ambassadeur"] * 4
    pool = drawable(rs, state, "france")
    assert "canon" not in pool and "felon" not in pool
    assert pool["ambassadeur"] == 4  # another's hand is not read
    assert sum(pool.values()) == 74 - 8 - 4


def foreign_step(game: Game) -> None:
    state = game.state
    state["phase"] = "evenements"
    state["vars"].update(events_todo=[], foreign_done=True)
    state["flow"] = [{"step": "foreign", "side": "france", "vars": {"die": 3}}]


def test_foreign_troops_against_a_free_city_and_a_player():
    """Séq. 6: foreign attack 5 + 1D6 against the militia 2 + 1D6 (5+3 = 8 against 2+6 =
    8: a tie keeps the city, A15); against a player's castle he defends with a card."""
    game = fresh()
    rs = game.ruleset
    foreign_step(game)
    free = next(c for c in rs.cities() if rs.owner(game.state, c) is None)
    game.state["dice_queue"] = [3, 6]
    game.push(f"foreign-attack {free}", side="france")
    assert rs.owner(game.state, free) is None
    assert "8 against the militia 8: it holds" in game.log[-1].lines[0].text
    foreign_step(game)
    game.state["dice_queue"] = [6, 1]
    game.push(f"foreign-attack {free}", side="france")
    assert rs.owner(game.state, free) == "etrangers"
    foreign_step(game)
    city = rs.owned(game.state, "bourgogne")[0]
    set_city(rs, game.state, city, "bourgogne", 2)
    game.state["vars"]["hands"]["bourgogne"] = ["canon", "felon"]
    game.state["vars"]["hand_sizes"]["bourgogne"] = 2
    game.push(f"foreign-attack {city}", side="france")
    assert legal(game, "bourgogne")[0].startswith("foreign-defend canon")
    assert not any("aucune" in a for a in legal(game, "bourgogne"))  # must defend
    game.state["dice_queue"] = [6, 1]  # 11 against 6 + 4 + 1 = 11: holds
    game.push("foreign-defend canon 0", side="bourgogne")
    assert rs.owner(game.state, city) == "bourgogne"
    assert game.state["vars"]["hands"]["bourgogne"] == ["canon", "felon"]


# -- 3 and 2 players (9.0) ------------------------------------------------------------------------
def test_three_players_allies_start_on_their_cities_and_are_assigned():
    game = new_game("normale-3")
    rs, state = game.ruleset, game.state
    assert rs.players(state) == ["france", "angleterre", "bourgogne"]
    assert rs.owned(state, "bretagne") == sorted(["brest", "caen", "cherbourg", "nantes",
                                                  "rennes"])
    play_until(game, "politique")
    play_until(game, "achats")
    play_until(game, "joueurs")
    ally_of = game.state["vars"]["ally_of"]
    assert sorted(ally_of) == ["bretagne", "flandres", "navarre"]
    assert sorted(ally_of.values()) == sorted(rs.players(state))
    assert ally_of[next(a for a, p in ally_of.items()
                        if p == game.state["vars"]["order"][0])] == \
        game.state["vars"]["order"][0]


def test_two_players_choose_allies_in_secret_and_test_loyalty():
    from rulesets.montjoie.steps.allies import loyalty
    game = new_game("normale-2")
    rs = game.ruleset
    assert [f["step"] for f in game.state["flow"]] == ["secret-ally"]
    assert legal(game, "france") == ["commit flandres", "commit navarre"]
    game.push("commit navarre", side="france")
    game.push("commit bretagne", side="angleterre")
    game.fulfil()
    v = game.state["vars"]
    assert v["ally_of"] == {"navarre": "france", "bretagne": "angleterre"}
    assert v["minors"] == {"navarre": "allie", "bretagne": "allie", "bourgogne": "neutre",
                           "flandres": "neutre"}
    # A18 a: modified 3-6 succeeds, natural 1 fails, natural 6 succeeds.
    assert loyalty(2, 1, "a") and not loyalty(2, 0, "a") and not loyalty(1, 5, "a")
    assert loyalty(6, -5, "a")
    # A18 b: the table 1-4 played, the owner's écus lower the roll.
    assert loyalty(4, 0, "b") and not loyalty(5, 0, "b") and loyalty(5, 1, "b")
    assert rs.players(game.state) == ["france", "angleterre"]


# -- options (10.0) and next turn's events --------------------------------------------------------
def test_bad_seasons_halve_the_next_turns_income():
    game = fresh()
    rs = game.ruleset
    game.state["vars"]["bad_seasons_next"] = True
    before = dict(game.state["vars"]["treasury"])
    game.state["phase"], game.state["flow"] = "points", []
    from rulesets.montjoie.steps.points import PointsPhase
    ctx = Context(game.state, "france")
    PointsPhase().end_of_turn(rs, game.state, ctx, rs.flow)
    assert game.state["flow"][-1]["step"] == "revenu"  # each takes his own (0.3)
    game.fulfil()
    gained = {n: game.state["vars"]["treasury"][n] - before[n] for n in before}
    assert gained["france"] == 2  # 3 garrisons: 3 halved rounded up
    assert not game.state["vars"]["bad_seasons"]


def test_national_variants_flanders_doubles_a_city_england_gains_a_pi():
    game = new_game("normale-6", options=("national-variants",), A2="b")
    rs = game.ruleset
    while game.state["phase"] == "placement":
        game.play(legal(game)[0])
    assert [f["step"] for f in game.state["flow"]] == ["flanders-double"]
    city = rs.owned(game.state, "flandres")[0]
    game.play(f"double-income {city}", side="flandres")
    assert game.state["vars"]["treasury"]["flandres"] == 5 + 4  # 3 garrisons, one doubled
    from rulesets.montjoie.steps.points import PointsPhase
    PointsPhase().begin(rs, game.state, {"vars": game.state["vars"]},
                        Context(game.state, "france"), rs.flow)
    assert game.state["vars"]["influence"]["angleterre"] >= 1


def test_turn_balance_gives_each_player_first_place_once():
    game = new_game("normale-6", seed=5, options=("turn-balance",))
    rs = game.ruleset
    rnd = random.Random(5)
    while game.state["turn"] <= 6 and rs.outcome(game.state) is None:
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)
    assert sorted(game.state["vars"]["first_history"][:6]) == sorted(rs.players(game.state))


def test_paris_parliament_rises_on_five_or_six():
    from rulesets.montjoie.steps.events import parliament
    game = fresh(options=("paris-parliament",))
    rs, state = game.ruleset, game.state
    set_city(rs, state, "paris", "france", 2)
    state["dice_queue"] = [5, 6]
    ctx = Context(state, "france")
    parliament(rs, state, ctx)
    assert rs.level(state, "paris") == 1
    set_city(rs, state, "paris", "france", 3)
    parliament(rs, state, ctx)  # a fortress: the Parliament has no influence
    assert rs.level(state, "paris") == 3


def test_shipped_game_data_asks_what_the_book_does_not_print():
    """The defaults: the foreign interventions chosen, the 10.0 options not; the deck,
    starting écus, twelfth marker and foreign table unknown (asked); every ambiguity
    A1-A26 has a reading."""
    game = Game(mini(), "normale-6", 1)
    rs, state = game.ruleset, game.state
    assert rs.option(state, "interventions") and not rs.option(state, "free-start")
    assert set(rs.sheet_values(state, "deck").values()) == {None}
    assert rs.sheet_values(state, "start") == {"ecus": None, "twelfth_event": None}
    assert set(rs.sheet_values(state, "foreign").values()) == {None}
    readings = rs.sheet_values(state, "ambiguities")
    assert sorted(readings, key=lambda k: int(k[1:])) == [f"A{i}" for i in range(1, 27)]
    assert all(r["reading"] == "a" for r in readings.values())


def test_corrections_by_hand():
    """The owner's rule: a city's owner (control), its level, a nation's écus and PI can
    be set by hand at any step, logged as such."""
    game = fresh()
    rs = game.ruleset
    game.push("control dijon france")
    assert rs.owner(game.state, "dijon") == "france"
    assert game.state["pieces"]["g-dijon"]["type"] == "france"
    game.push("level dijon up")
    assert rs.level(game.state, "dijon") == 2
    assert "by hand" in game.log[-1].lines[0].text
    game.push("control dijon none")
    assert rs.owner(game.state, "dijon") is None and "g-dijon" not in game.state["pieces"]
    before = game.state["vars"]["treasury"]["france"]
    game.push("adjust france ecus up")
    assert game.state["vars"]["treasury"]["france"] == before + 1
    assert rs.invariants(game.state) == []


def test_free_starting_position():
    """10.0 Position de départ libre: Navarre starts in Rouen (not Pampelune), then each
    player places two garrisons one at a time, by road or sea."""
    game = new_game("normale-6", options=("free-start",))
    rs = game.ruleset
    assert rs.owner(game.state, "pampelune") == "navarre"  # 5.0's until applied
    offered = legal(game)
    assert offered and all(a.startswith("place-garrison") for a in offered)
    game.play(offered[0])
    state = game.state
    assert rs.owner(state, "pampelune") is None and rs.owner(state, "rouen") == "navarre"
    assert state["vars"]["setup_queue"][0] == ["france", "free"]
    while game.state["phase"] == "placement":
        game.play(legal(game)[0])
    assert all(len(rs.owned(game.state, n)) == 3 for n in rs.players(game.state))


def test_black_death_skips_to_the_next_turn_without_pp_nor_pi():
    """Séq. 6 Peste noire: the cards are discarded, no PP and no PI, the turn marker
    moves on; the marker leaves the game (once per game)."""
    game = new_game("normale-6", seed=2)
    play_until(game, "achats")
    v = game.state["vars"]
    game.state["dice_queue"] = [0, 0, 0, 0, 0, 2]  # the order's shuffle, then Peste noire
    score = dict(game.state["score"])
    pi = dict(v["influence"])
    while game.state["phase"] == "achats":
        game.play("end-purchases")
    state = game.state
    assert state["turn"] == 2 and state["vars"]["black_death_used"]
    assert state["score"] == score and state["vars"]["pp"]["france"] == [0]
    assert "peste" not in state["vars"]["events_pool"]
    assert all(state["vars"]["influence"][n] == pi[n] for n in pi)  # 6 each: A2 a
    lines = [ln.text for e in game.log for ln in e.lines]
    assert any(t.startswith("Peste noire") for t in lines)
    assert any("no Pretender Points and no Influence Points" in t for t in lines)


def test_a_three_player_ally_expands_on_four_to_six_and_attacks_at_five_plus_a_die():
    """9.0: expansion on 4-6; in war the activity die (1-2: one attack, all owed); the
    ally attacks at 5 + 1D6 (+ its controller's PI) against another ally's 7 + 1D6."""
    game = fresh("normale-3")
    rs, state = game.ruleset, game.state
    state["vars"]["politics"] = "guerre"
    state["phase"] = "evenements"
    state["vars"].update(events_todo=[], foreign_done=True)
    state["dice_queue"] = [4]
    state["flow"] = []
    rs.flow.call(rs, state, Context(state, "france"), "ally-turn", "france", ally="navarre")
    assert legal(game)[0].startswith("ally-expand")
    target = next(a.split()[1] for a in legal(game))
    game.push(f"ally-expand {target}", side="france")
    assert rs.owner(game.state, target) == "navarre"
    assert legal(game) == ["ally-activity", "ally-done"]
    game.state["dice_queue"] = [2]
    game.push("ally-activity", side="france")
    assert "ally-done" not in legal(game)  # the attack is owed
    attack = next(a for a in legal(game) if a.startswith("ally-attack")
                  and rs.owner(game.state, a.split()[2]) in ("bretagne", "flandres")
                  and a.endswith(" 0"))
    city = attack.split()[2]
    game.state["dice_queue"] = [6, 1]  # 5 + 6 = 11 against 7 + 1 = 8
    game.push(attack, side="france")
    assert rs.owner(game.state, city) == "navarre"
    assert legal(game) == ["ally-done"]


def test_two_player_minors_start_from_game_data_and_neutrals_build():
    """9.0: the minor powers' start is not printed (Game data); each turn a neutral
    rolls for a construction (turn 1: on a 6)."""
    game = new_game("normale-2")
    data = game.state["data"]
    data["minor-start-2p"] = {"bourgogne": "dijon,macon", "flandres": "bruges,gand",
                              "bretagne": "brest,rennes", "navarre": "pampelune"}
    game.push("commit navarre", side="france")
    game.push("commit bretagne", side="angleterre")
    game.fulfil()
    rs = game.ruleset
    game.state["dice_queue"] = []
    while game.state["phase"] == "placement":
        game.play(legal(game)[0])
    assert rs.owned(game.state, "bourgogne") == ["dijon", "macon"]
    play_until(game, "achats")
    while game.state["phase"] == "achats":
        game.play("end-purchases")
    game.state["dice_queue"] = [6]
    lines = [ln.text for e in game.log for ln in e.lines]
    assert any("neutral): construction die" in t for t in lines)


def test_the_starting_ecus_are_asked_of_a_player_never_of_an_ally_nobody_plays():
    """Three players (9.0): Navarre, first in the fixed order, is an ally the dice drive;
    the book's missing starting écus (5.0) are asked of the first nation a player holds."""
    rs = find_ruleset("montjoie")
    game = Game(rs, "normale-3", 1)
    chooser = random.Random(1)
    for _ in range(300):
        frame = rs.flow.current(game.state)
        if frame is not None and frame["step"] == "start-ecus":
            break
        action = chooser.choice(game.legal_actions())
        side = next(s for s in rs.deciding_sides(game.state)
                    if action in rs.legal_actions(game.state, s))
        game.play(action, side=side)
    else:
        raise AssertionError("the starting écus were never asked")
    assert game.state["vars"]["order"][0] == "navarre"  # an ally here
    assert rs.deciding_sides(game.state) == ["france"]
    assert set(rs.deciding_sides(game.state)) <= set(rs.players(game.state))
