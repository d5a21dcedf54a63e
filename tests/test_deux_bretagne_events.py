"""Les Deux Bretagne card events the rules describe (6.1, 6.2, 6.41-6.45, 4.0 M-01),
played as procedures whose choices belong to the right player."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from rulesets.deux_bretagne.model.events import WAR_PLACE
from tests.dbhelpers import at, end_turn, new_game


def play(game, side, card, use="evt", answers=("blue", "no")):
    """``side`` holds ``card`` and plays it; the values the rules do not print are
    answered with ``answers`` when asked (coat, asterisk / activation...)."""
    v = game.state["vars"]
    for pile in (v["decks"][side], v["hands"][side]):
        if card in pile:
            pile.remove(card)
    v["hands"][side].append(card)
    v["drawn"][side] = True
    assert game.state["active"] == side
    entry = game.push(f"play {card} {use}")
    answers = list(answers)
    while game.state["flow"] and game.state["flow"][-1]["step"] == "card-value":
        entry = game.push(f"value {answers.pop(0)}")
    return entry


def texts(game):
    return [a.text() for a in game.legal_actions()]


def loc(game, pid):
    return game.state["pieces"][pid]["loc"]


# -- 6.2 external wars ------------------------------------------------------------------------
def test_6_2_external_war_sets_pieces_aside_and_a_roll_of_7_ends_it():
    game = new_game("14.1")
    play(game, "blois", "B-06")
    rs = game.ruleset
    assert rs.acting_side(game.state) == "montfort"  # the opponent chooses what goes
    assert "done" in texts(game) and "war-send olivier-de-clisson" in texts(game)
    sent = game.push("war-send olivier-de-clisson")
    assert sent.lines[0].rule == "Deux Bretagne 6.2" and "leaves Gwened" in sent.lines[0].text
    assert not [t for t in texts(game) if t == "war-send jean-de-montfort"]  # one leader
    game.push("war-send montfort-me-4")
    game.push("war-send montfort-mil-5")
    assert texts(game) == ["done"]  # the leader and 2 units at most (6.2)
    game.push("done")
    assert not game.state["flow"]
    assert [loc(game, p) for p in ("olivier-de-clisson", "montfort-me-4", "montfort-mil-5")] \
        == [WAR_PLACE] * 3
    v = game.state["vars"]
    assert v["wars"]["B-06"] == {"side": "montfort", "pieces": [
        "olivier-de-clisson", "montfort-me-4", "montfort-mil-5"]}
    assert "B-06" not in v["discard"]["blois"] and "B-06" not in v["cards_out"]
    assert any("External war B-06 on Montfort" in x for x in rs.private_lines(game.state,
                                                                               "montfort"))
    assert "External war B-06 on Montfort: Olivier de Clisson" in rs.summary(game.state)
    game.push("end")
    # Montfort plays an activation-3 card: he may roll; 6 fails, the war goes on.
    play(game, "montfort", "M-10", "act", ["3"])
    assert texts(game) == ["war-roll B-06", "done"]
    game.push("set-dice 6")
    entry = game.push("war-roll B-06")
    assert any("goes on" in x.text and x.rule == "Deux Bretagne 6.2" for x in entry.lines)
    assert "B-06" in game.state["vars"]["wars"] and not game.state["flow"]
    game.push("end")
    game.push("end")
    play(game, "montfort", "M-11", "act", ["3"])
    game.push("set-dice 7")
    entry = game.push("war-roll B-06")
    assert any(x.detail and x.detail.get("die") == 7 for x in entry.lines)
    assert "B-06" in game.state["vars"]["cards_out"] and not game.state["vars"]["wars"]
    assert rs.acting_side(game.state) == "montfort"
    assert texts(game) == ["war-keep montfort-me-4", "war-keep montfort-mil-5"]
    game.push("war-keep montfort-me-4")
    cities = {a.args[0] for a in game.legal_actions()}
    assert "brest" in cities and "nantes" in cities and "josselin" not in cities  # Blois's
    assert all(rs.board_map.areas[c].fortified for c in cities)
    game.push("war-to brest")
    assert loc(game, "olivier-de-clisson") == loc(game, "montfort-me-4") == "brest"
    assert loc(game, "montfort-mil-5") == "eliminated"  # "the other unit is eliminated"


def test_6_2_a_war_with_nothing_to_send_is_owed_from_the_hand():
    game = new_game("14.1")
    game.push("end")
    play(game, "montfort", "M-18")
    assert game.ruleset.acting_side(game.state) == "blois"
    entry = game.push("done")
    assert any("recruit them in the next activation" in x.text for x in entry.lines)
    game.push("end")
    owed = [a for a in game.ruleset.hand_actions(game.state, "blois")
            if a.verb == "send-to-war"]
    assert Action("send-to-war", ("M-18", "blois-me-4")) in owed
    assert not [a for a in owed if game.ruleset.is_leader(game.state, a.args[1])]
    game.push("send-to-war M-18 blois-me-4")
    assert loc(game, "blois-me-4") == WAR_PLACE
    assert not [a for a in game.legal_actions() if a.verb == "send-to-war"]
    with pytest.raises(IllegalActionError) as refused:
        game.push("send-to-war M-18 blois-me-3")
    assert refused.value.rule == "Deux Bretagne 6.2"


# -- 6.41 B-03 Cahours -----------------------------------------------------------------------
def test_6_41_cahours_alone_with_his_units_changes_sides_with_his_city():
    game = new_game("14.1")
    rs = game.ruleset
    assert at(game, "machecoul") == ["raoul-de-cahours", "montfort-me-5"]
    game.push("flip montfort-me-5")  # reduced: the Blois unit has the same steps
    entry = play(game, "blois", "B-03")
    assert rs.piece_side(game.state, "raoul-de-cahours") == "blois"
    units = at(game, "machecoul", "unit")
    assert len(units) == 1 and game.state["pieces"][units[0]]["type"] == "blois-me"
    assert rs.is_reduced(game.state, units[0])
    assert loc(game, "montfort-me-5") == "reserve"
    assert game.state["control"]["machecoul"] == "blois"  # a fortified city (6.41)
    assert any(x.rule == "Deux Bretagne 6.41" and "changes sides" in x.text
               for x in entry.lines)
    # An event the rules describe brings no other leader (6.1).
    assert not [a for a in game.legal_actions() if a.verb == "enter-leader"]


def test_6_41_cahours_with_other_leaders_goes_alone_to_the_nearest_blois_units():
    game = new_game("14.1")
    rs = game.ruleset
    game.push("place raoul-de-cahours nantes")  # with Jean de Montfort
    play(game, "blois", "B-03")
    assert rs.piece_side(game.state, "raoul-de-cahours") == "blois"
    assert loc(game, "montfort-me-5") == "machecoul"  # his units stay Montfort
    assert game.state["pieces"]["montfort-me-5"]["type"] == "montfort-me"
    assert not game.state["flow"]  # one nearest area: no choice to make
    assert loc(game, "raoul-de-cahours") == "josselin"  # Blois units, nearest to Nantes


def test_6_41_a_captured_cahours_joins_blois_units_chosen_by_blois():
    game = new_game("14.1")
    game.push("place raoul-de-cahours prison-bro-chall")
    play(game, "blois", "B-03")
    assert game.ruleset.acting_side(game.state) == "blois"
    choices = [a.args[0] for a in game.legal_actions()]
    assert set(choices) == {"gwengamp", "josselin", "saint-malo"}
    game.push("cahours-to josselin")
    assert loc(game, "raoul-de-cahours") == "josselin"


# -- 6.42 B-23, 6.44 M-17, 6.45 ----------------------------------------------------------
def test_6_42_l_enfant_montfort_targets_and_cannot_be_played_when_all_are_dead():
    game = new_game("14.1")
    entry = play(game, "blois", "B-23")
    assert any("applies to Jean de Montfort" in x.text for x in entry.lines)
    game = new_game("14.1")
    game.push("eliminate jean-de-montfort")
    entry = play(game, "blois", "B-23")
    assert any("applies to Guillaume de Cadoudal" in x.text for x in entry.lines)
    game = new_game("14.1")
    game.push("eliminate jean-de-montfort,guillaume-de-cadoudal,olivier-de-clisson")
    game.state["vars"]["hands"]["blois"] = ["B-23"]
    game.state["vars"]["drawn"]["blois"] = True
    assert Action("play", ("B-23", "evt")) not in game.legal_actions()
    assert Action("play", ("B-23", "sol")) in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.push("play B-23 evt")
    assert refused.value.rule == "Deux Bretagne 6.42"


def test_6_44_jean_ii_le_bon_releases_a_captured_jean_de_normandie():
    game = new_game("14.1")
    game.push("place jean-de-normandie prison-bro-saoz")
    game.push("end")
    entry = play(game, "montfort", "M-17")
    assert loc(game, "jean-de-normandie") == "reserve"
    assert "jean-de-normandie" in game.state["vars"]["leaders_out"]
    assert any(x.rule == "Deux Bretagne 6.44" for x in entry.lines)


def test_6_45_the_opposing_player_chooses_full_or_reduced():
    game = new_game("14.1")
    game.push("end")
    play(game, "montfort", "M-05")
    assert game.ruleset.acting_side(game.state) == "blois"
    assert texts(game) == ["units full", "units reduced"]
    entry = game.push("units full")
    assert "Blois chooses full units for M-05" in entry.lines[0].text


# -- 6.43 B-17 --------------------------------------------------------------------------------
def test_6_43_the_b17_militia_leaves_with_the_siege_and_comes_back_full():
    game = new_game("14.1")
    for pid in ("alain-de-rohan", "blois-ch-br-1", "blois-me-3"):
        game.push(f"place {pid} ploermel")
    game.state["vars"]["inside"].append("montfort-me-6")
    play(game, "blois", "B-02", "act", ["3"])  # an active leader besieges (10.12)
    game.push("besiege ploermel")
    assert game.state["vars"]["sieges"]["ploermel"]["side"] == "blois"
    game.push("end")
    game.push("end")
    play(game, "blois", "B-17")
    assert game.ruleset.acting_side(game.state) == "blois"
    assert texts(game) == ["militia-to ploermel", "by-hand"]
    game.push("militia-to ploermel")
    militia = game.state["vars"]["b17"]["unit"]
    assert loc(game, militia) == "ploermel"
    game.push(f"flip {militia}")
    entry = game.push("eliminate blois-ch-br-1,blois-me-3")  # the siege is lifted (10.14)
    assert "ploermel" not in game.state["vars"]["sieges"]
    assert loc(game, militia) == "reserve"
    assert any(x.rule == "Deux Bretagne 6.43" for x in entry.lines)
    for pid in ("blois-ch-br-1", "blois-me-3"):
        game.push(f"place {pid} ploermel")
    game.state["vars"]["inside"].append("montfort-me-6")
    game.state["vars"]["card_play"] = {"side": "blois", "card": "B-02", "use": "act",
                                       "act": 3, "rec": None, "rec_used": 0}  # a new ACT
    game.push("besiege ploermel")  # a new siege in the same area: the unit comes back
    assert loc(game, militia) == "ploermel"
    assert not game.ruleset.is_reduced(game.state, militia)  # full (6.43)
    game.push("eliminate blois-ch-br-1,blois-me-3")  # lifted again
    assert loc(game, militia) == "reserve"
    game.push(f"place {militia} josselin")  # its counter recruited meanwhile
    game.push("place blois-ch-br-1,blois-me-3 ploermel")
    game.state["vars"]["inside"].append("montfort-me-6")
    game.push("besiege ploermel")
    back = [p for p in at(game, "ploermel", "mil")]
    assert len(back) == 1 and back[0] != militia  # another Blois Mil comes, full


# -- 4.0 M-01, 6.1 new leaders ----------------------------------------------------------------
def test_4_0_m01_montfort_plays_first_from_the_next_turn():
    game = new_game("14.1")
    game.push("end")
    play(game, "montfort", "M-01")
    end_turn(game)
    assert game.state["turn"] == 2 and game.state["active"] == "montfort"
    assert new_game("14.3").state["active"] == "montfort"  # M-01 played before 14.3


def test_6_1_a_new_leader_enters_a_friendly_city():
    game = new_game("14.1")
    play(game, "blois", "B-12")
    rs = game.ruleset
    assert rs.acting_side(game.state) == "blois"
    places = [a.args[0] for a in game.legal_actions() if a.verb == "enter-at"]
    assert "josselin" in places and "nantes" not in places
    assert all(game.state["control"][p] == "blois" for p in places)
    game.push("enter-at josselin")
    assert loc(game, "jean-de-normandie") == "josselin"
    assert game.state["vars"]["plague_turn"] == 5  # 6.31: B-12, 4 turns on


def test_6_1_montfort_new_leaders_from_the_third_activation_of_1342_english_by_sea():
    game = new_game("14.1")
    game.push("end")
    game.state["vars"]["hands"]["montfort"] = ["M-09"]
    game.state["vars"]["drawn"]["montfort"] = True
    with pytest.raises(IllegalActionError) as refused:
        game.push("play M-09 evt")
    assert refused.value.rule == "Deux Bretagne 6.1"
    end_turn(game)
    for _ in range(4):  # Blois 1, Montfort 1, Blois 2, Montfort 2
        game.push("end")
    game.push("end")  # Blois 3: now Montfort's 3rd activation of 1342
    play(game, "montfort", "M-09")
    places = [a.args[0] for a in game.legal_actions() if a.verb == "enter-at"]
    bmap = game.ruleset.board_map
    assert places and all(bmap.areas[p].port and game.state["control"][p] == "montfort"
                          for p in places)  # Edward III is English: a friendly port
    game.push(f"enter-at {places[0]}")
    assert loc(game, "edward-iii") == places[0]


def test_event_buttons_read_as_players_words():
    game = new_game("14.1")
    rs, state = game.ruleset, game.state
    label = lambda text: rs.action_label(state, Action.parse(text))  # noqa: E731
    assert label("free-action") == "Free action: move 1 lone unit or 1 lone leader (5.32)"
    assert label("war-send olivier-de-clisson") == \
        "Set aside Olivier de Clisson for the external war"
    assert label("war-roll B-06") == "Roll to end the external war of B-06 (7+)"
    assert label("war-to brest") == "Back from the war to Brest"
    assert label("units reduced") == "Reduced units (6.45)"
    assert label("send-to-war M-18 blois-me-4") == "Send Blois Me #4 to the external war of M-18"


# -- 2.63 fortress levels, 6.1 leaders of unknown cards ------------------------------------
def test_2_63_a_fortress_card_changes_a_level_within_0_and_3():
    game = new_game("14.1")
    rs = game.ruleset
    play(game, "blois", "B-05")
    assert "nf-city brest" in texts(game) and "nf-city malestroit" not in texts(game)  # open
    game.push("nf-city brest")
    assert rs.fortress_level(game.state, "brest") == 2
    entry = game.push("nf-up")
    assert rs.fortress_level(game.state, "brest") == 3
    assert entry.lines[0].rule == "Deux Bretagne 2.63" and "from 2 to 3" in entry.lines[0].text
    assert texts(game) == ["nf-down", "done"]  # never above 3 (2.63)
    game.push("done")
    assert not game.state["flow"]
    game.push("end")
    play(game, "montfort", "M-06")
    game.push("nf-city saint-malo")  # NF 1
    game.push("nf-down")
    assert texts(game) == ["nf-up", "done"]  # never below 0
    assert rs.fortress_level(game.state, "saint-malo") == 0


def test_6_1_an_event_of_unknown_text_may_bring_one_leader_into_a_friendly_city():
    game = new_game("14.1")
    rs = game.ruleset
    play(game, "blois", "B-02")
    offered = [a for a in rs.hand_actions(game.state, "blois") if a.verb == "enter-leader"]
    leaders = {a.args[0] for a in offered}
    assert "jean-de-melun" in leaders and "jean-de-normandie" not in leaders  # B-12's
    game.push("enter-leader jean-de-melun")
    places = [a.args[0] for a in game.legal_actions() if a.verb == "enter-at"]
    assert places and all(game.state["control"][p] == "blois" for p in places)
    game.push("enter-at gwengamp")
    assert loc(game, "jean-de-melun") == "gwengamp"
    assert not [a for a in game.legal_actions() if a.verb == "enter-leader"]  # one per card
    game.push("end")
    play(game, "montfort", "M-07")  # turn 1: not before the 3rd activation of 1342 (6.1)
    assert not [a for a in game.legal_actions() if a.verb == "enter-leader"]
    with pytest.raises(IllegalActionError) as refused:
        game.push("enter-leader william-bohun")
    assert refused.value.rule == "Deux Bretagne 6.1"


# -- 13.2 the Shares of Evran ------------------------------------------------------------------
def test_13_2_the_shares_of_evran_claimed_and_accepted_end_the_game_at_the_end_of_the_turn():
    game = new_game("14.1")
    rs = game.ruleset
    assert not [a for a in rs.hand_actions(game.state, "blois") if a.verb == "claim-evran"]
    play(game, "blois", "B-02")  # an event of unknown text: it may be the Evran card
    assert Action("claim-evran", ("B-02",)) in rs.hand_actions(game.state, "blois")
    game.push("claim-evran B-02")
    assert rs.acting_side(game.state) == "montfort"
    assert texts(game) == ["evran accept", "evran refuse"]
    game.push("evran refuse")
    assert rs.outcome(game.state) is None
    assert not [a for a in game.legal_actions() if a.verb == "claim-evran"]  # once a turn
    end_turn(game)
    game.push("claim-evran B-02")
    entry = game.push("evran accept")
    assert entry.lines[0].rule == "Deux Bretagne 13.2"
    end_turn(game)
    assert game.state["phase"] == "over"
    assert "Blois wins: automatic victory, the Shares of Evran" in rs.outcome(game.state)


def test_6_41_cahours_besieged_by_blois_hands_over_the_city_and_the_siege_ends():
    game = new_game("14.1")
    for pid in ("alain-de-rohan", "blois-ch-br-1", "blois-me-3"):
        game.push(f"place {pid} machecoul")
    game.state["vars"]["inside"] += ["raoul-de-cahours", "montfort-me-5"]
    game.state["vars"]["sieges"]["machecoul"] = {"level": 1, "side": "blois", "ready_at": 0}
    play(game, "blois", "B-03")
    assert game.state["control"]["machecoul"] == "blois"
    assert "machecoul" not in game.state["vars"]["sieges"]
    assert all(game.ruleset.piece_side(game.state, p) == "blois"
               for p in at(game, "machecoul"))


def test_6_1_the_new_leader_is_activated_whatever_the_act_value_of_a_yellow_card(monkeypatch):
    from rulesets.deux_bretagne.model import cards

    monkeypatch.setattr(cards, "REQUIRE_CARD", True)
    game = new_game("14.1")
    rs = game.ruleset
    v = game.state["vars"]  # B-12 with a yellow coat and ACT 1, as a player would say
    v["card_values"]["B-12"] = {"coat": "yellow", "activation": 1, "asterisk": False}
    v["drawn"]["blois"] = True
    game.push("play B-12 act+evt")
    game.push("enter-at josselin")
    assert rs.piece_type(game.state, "jean-de-normandie").activation == 3
    assert rs.reachable(game.state, ["jean-de-normandie"])  # activated by the event (6.1)
    verdict = rs.check_move(game.state, ["charles-de-blois"], "ancenis")  # level 2 > ACT 1
    assert not verdict.legal and verdict.rule == "Deux Bretagne 5.3"


def test_12_32_b19_brings_the_two_blois_supply_bases_into_play():
    game = new_game("14.1")
    play(game, "blois", "B-19")
    assert game.ruleset.acting_side(game.state) == "blois"
    game.push("supply-base saint-malo")
    game.push("supply-base josselin")
    assert not game.state["flow"]
    assert game.state["vars"]["supply_bases"]["blois"] == ["saint-malo", "josselin"]
