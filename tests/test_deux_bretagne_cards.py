"""Les Deux Bretagne strategy cards: decks, phase B draws, plays (rules 2.5, 4.0 B-C, 5.x,
14.13, 14.33), and the values the rules do not print, asked of the players."""

from __future__ import annotations

import json

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import copy_state
from rulesets.deux_bretagne.model.cards import value
from rulesets.deux_bretagne.model.data import load_cards
from tests.dbhelpers import new_game, settle


def hands(game):
    return game.state["vars"]["hands"]


def give(game, side, cards):
    """Put ``cards`` in ``side``'s hand (taken out of its deck) as if drawn in phase B."""
    v = game.state["vars"]
    for card in cards:
        if card in v["decks"][side]:
            v["decks"][side].remove(card)
    v["hands"][side] = list(cards)
    v["drawn"][side] = True


def test_the_card_file_lists_56_cards_with_unknowns_null():
    cards = load_cards()
    assert len(cards) == 56 and cards["B-12"]["name"] == "Jean de Normandie"
    assert cards["B-01"]["anchor"] is True and cards["M-03"]["coat"] == "yellow"
    assert cards["M-17"]["activation"] == 1 and cards["M-17"]["resources"] == 3  # 2.5
    assert cards["B-02"]["activation"] is None and cards["B-02"]["event"] is None
    for camp in "BM":  # the documented assumption: 01-12 Intervention
        assert sum(1 for c, i in cards.items()
                   if c[0] == camp and i["group"] == "intervention") == 12


def test_setup_decks_and_the_scenario_hands():
    game = new_game("14.1")
    v = game.state["vars"]
    assert hands(game) == {"blois": ["B-12"], "montfort": []}  # 14.13
    assert len(v["decks"]["blois"]) == 11 and "B-12" not in v["decks"]["blois"]
    assert len(v["decks"]["montfort"]) == 12 and v["discard"]["blois"] == []
    late = new_game("14.3").state["vars"]
    assert late["hands"]["blois"] == ["B-28"]  # 14.33
    assert len(late["decks"]["blois"]) == 28 - 7 - 1  # Enlisement in; 7 cards out
    assert len(late["decks"]["montfort"]) == 28 - 7
    assert "B-12" not in late["decks"]["blois"] and "M-09" not in late["decks"]["montfort"]


def test_phase_b_draws_up_to_the_hand_size_with_private_dice():
    game = new_game("14.1")
    rs, state = game.ruleset, copy_state(game.state)
    ctx = Context(state, "blois")
    rs.apply(state, Action("draw"), ctx)
    hand = state["vars"]["hands"]["blois"]
    assert len(hand) == 3 and hand[0] == "B-12"  # 14.13: B-12 + 2 drawn (Turn Table: 3)
    assert ctx.dice and all(ctx.private_dice) and ctx.public_dice == [None, None]
    assert [x.text for x in ctx.private_lines] == [f"You draw {c}" for c in hand[1:]]
    assert not any(c in x.text for x in ctx.lines for c in hand[1:])  # public log: a count
    assert len(state["vars"]["decks"]["blois"]) == 9
    assert ("vars", "decks", "blois") in rs.secret_paths(state)["blois"]
    game.push("draw")
    with pytest.raises(IllegalActionError, match="drawn your cards"):
        game.push("draw")
    game.push("end")
    assert game.state["active"] == "montfort"
    game.push("draw")
    assert len(hands(game)["montfort"]) == 3


def test_an_empty_deck_reshuffles_the_discard():
    game = new_game("14.1")
    v = game.state["vars"]
    v["hands"]["blois"] = []
    v["decks"]["blois"] = ["B-01"]
    v["discard"]["blois"] = ["B-02", "B-03", "B-04"]
    entry = game.push("draw")
    v = game.state["vars"]
    assert v["hands"]["blois"][0] == "B-01"  # all the deck first (5.1)
    assert len(v["hands"]["blois"]) == 3 and len(v["decks"]["blois"]) == 1
    assert v["discard"]["blois"] == []
    assert any("reshuffled" in x.text and x.rule.endswith("5.1") for x in entry.lines)


def test_cards_are_played_after_the_draw():
    game = new_game("14.1")
    with pytest.raises(IllegalActionError, match="Draw your cards first"):
        game.push("play B-12 sol")


def test_act_asks_an_unknown_value_remembers_it_and_limits_the_leaders():
    game = new_game("14.1")
    rs = game.ruleset
    give(game, "blois", ["B-02", "B-05"])
    game.push("play B-02 act")
    assert game.state["flow"][-1]["step"] == "card-value"
    assert "activation value" in rs.prompt(game.state)
    assert {a.text() for a in game.legal_actions()} == {"value 1", "value 2", "value 3"}
    entry = game.push("value 1")
    assert any("as given by the player" in x.text for x in entry.lines)
    assert value(rs, game.state, "B-02", "activation") == 1
    assert any("Alain de Rohan" in x.text and x.rule.endswith("5.3") for x in entry.lines)
    assert game.state["vars"]["discard"]["blois"] == ["B-02"]
    with pytest.raises(IllegalActionError) as refused:  # Charles de Blois: level 2
        game.push("move charles-de-blois ancenis")
    assert refused.value.rule == "Deux Bretagne 5.3"
    game.push(next(a for a in game.legal_actions() if a.verb == "move"
                   and a.args[0] == "alain-de-rohan"))
    with pytest.raises(IllegalActionError, match="One card per activation"):  # 5.2
        game.push("play B-05 sol")
    # The value stays known for the rest of the game: no question the next time.
    game.state["vars"]["hands"]["blois"].append("B-02")
    game.state["vars"]["card_play"] = None
    game.push("play B-02 rec")
    assert not game.state["flow"] and game.state["vars"]["card_play"]["rec"] == 1


def test_sol_adds_the_resource_points():
    game = new_game("14.1")
    game.push("end")
    give(game, "montfort", ["M-17", "M-02"])
    entry = game.push("play M-17 sol")  # 2.5: M-17 gives 3 PS, printed in the rules
    assert not game.state["flow"]
    assert game.state["vars"]["resources"]["montfort"] == 3
    assert entry.lines[-1].rule.endswith("5.5")
    game.push("end")
    give(game, "blois", ["B-05"])
    game.push("play B-05 sol")
    assert {a.text() for a in game.legal_actions()} == {f"value {i}" for i in range(10)}
    game.push("value 4")
    assert game.state["vars"]["resources"]["blois"] == 4


def test_rec_allows_as_many_recruitments_as_its_value():
    game = new_game("14.1")
    give(game, "blois", ["B-02"])
    game.push("play B-02 rec")
    game.push("value 1")
    game.push("recruit alain-de-rohan me")
    settle(game)
    with pytest.raises(IllegalActionError) as refused:
        game.push("recruit herve-de-penhoet me")
    assert refused.value.rule == "Deux Bretagne 5.4"


def test_events_asterisk_removal_green_coat_and_yellow_act_plus_event():
    game = new_game("14.3")  # 5 activations each
    assert game.state["active"] == "montfort"  # 4.0: M-01 was played before 14.3 (14.33)
    game.push("end")
    give(game, "blois", ["B-05", "B-07", "B-14"])
    game.push("play B-05 evt")
    game.push("value blue")
    entry = game.push("value yes")  # asterisk: removed from the game (5.6)
    v = game.state["vars"]
    assert any("by hand" in x.text for x in entry.lines)
    assert "B-05" in v["cards_out"] and "B-05" not in v["discard"]["blois"]
    assert "B-05" in v["events"]
    game.push("by-hand")  # 2.63: no fortress level changed (events tests)
    game.push("end")
    game.push("end")
    give(game, "blois", ["B-07", "B-14"])
    game.push("play B-07 evt")
    game.push("value green")
    game.push("value no")
    assert game.ruleset.acting_side(game.state) == "montfort"  # 6.45: the opponent chooses
    game.push("units reduced")
    v = game.state["vars"]
    assert v["discard"]["blois"] == ["B-07"] and "B-07" in v["events"]
    game.push("end")
    game.push("end")
    v = game.state["vars"]
    v["hands"]["blois"].append("B-07")
    assert Action("play", ("B-14", "act+evt")) in game.legal_actions()  # yellow (5.61)
    assert Action("play", ("B-07", "act+evt")) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.push("play B-07 evt")
    assert refused.value.rule == "Deux Bretagne 5.62"
    game.push("play B-14 act+evt")
    game.push("value 3")
    game.push("value no")
    v = game.state["vars"]
    assert v["card_play"]["act"] == 3 and "B-14" in v["events"]


def test_the_end_of_the_action_phase_keeps_one_card():
    game = new_game("14.1")
    give(game, "blois", ["B-01", "B-02", "B-03"])
    give(game, "montfort", ["M-01", "M-02"])
    for _ in range(4):
        game.push("end")
    frame = game.state["flow"][-1]
    assert frame["step"] == "discard-down" and frame["side"] == "blois"
    assert game.ruleset.acting_side(game.state) == "blois"
    game.push("discard B-01")
    game.push("discard B-03")
    assert hands(game)["blois"] == ["B-02"]
    assert game.ruleset.acting_side(game.state) == "montfort"
    game.push("discard M-02")
    assert hands(game)["montfort"] == ["M-01"] and not game.state["flow"]
    assert game.state["vars"]["discard"]["blois"] == ["B-01", "B-03"]
    game.push("next-turn")
    settle(game)
    assert game.state["turn"] == 2 and game.state["vars"]["drawn"]["blois"] is False
    game.push("draw")
    assert len(hands(game)["blois"]) == 6  # Turn Table: 6 from turn 2


def test_enlisement_cards_join_the_deck_only_after_the_plague():
    game = new_game("14.1")
    assert Action("enlist") not in game.ruleset.flow_actions(game.state)
    with pytest.raises(IllegalActionError) as refused:
        game.push("enlist")
    assert refused.value.rule == "Deux Bretagne 5.11"
    game.state["vars"]["plague_done"] = True  # the plague struck; the cards are still out
    assert Action("enlist") in game.ruleset.flow_actions(game.state)
    entry = game.push("enlist")
    assert len(game.state["vars"]["decks"]["blois"]) == 11 + 16
    assert entry.lines[0].rule.endswith("5.1, 5.11, 6.3")
    assert Action("enlist") not in game.legal_actions()


def test_hand_lines_and_buttons():
    game = new_game("14.1")
    rs = game.ruleset
    game.push("draw")
    lines = rs.private_lines(game.state, "blois")
    assert lines[0].startswith("B-12 Jean de Normandie — ACT ?, PS ?")
    assert lines[0].endswith("event: Jean de Normandie enters (6.1, assumed); plague in 4 "
                             "turns (6.31)")
    # Cards are played from the hand (its dock, behind the cover), not the shared toolbar.
    assert not [a for a in rs.flow_actions(game.state) if a.verb == "play"]
    labels = [rs.action_label(game.state, a)
              for a in rs.hand_actions(game.state, game.state["active"])]
    assert "Play B-12 Jean de Normandie as EVT" in labels
    assert rs.action_label(game.state, rs.flow_actions(game.state)[-1]) == "End activation"


def test_a_draw_by_email_stays_secret(tmp_path, monkeypatch):
    """By email, Blois draws in his own action: Montfort's program sees the number of
    cards, never which (the deck and the hand are Blois's secrets)."""
    from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
    from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
    from tests.test_pbem_helpers import pbem_setup

    pbem_setup(tmp_path, monkeypatch)
    path = tmp_path / "ldb.json"
    words = {"blois": "pass-b", "montfort": "pass-m"}
    game = new_pbem_game(new_game().ruleset, "14.1", {"blois": "A", "montfort": "B"},
                         "blois", words["blois"])
    save_game(game, path)
    joined = load_game(path)
    join_pbem(joined, "montfort", words["montfort"])
    save_game(joined, path)
    game = load_game(path, passphrase=words["blois"])
    game.push("draw")
    mine = list(hands(game)["blois"])
    game.push("end")
    save_for_opponent(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data.pop("game_data")["cards"]) >= set(mine)  # every card's public values
    text = json.dumps(data)
    assert len(mine) == 3 and not any(f'"{c}"' in text for c in mine[1:])
    other = load_game(path, passphrase=words["montfort"])
    assert hands(other)["blois"] == ["?", "?", "?"]
    assert set(other.state["vars"]["decks"]["blois"]) == {"?"}
    other.push("draw")
    assert len(hands(other)["montfort"]) == 3 and "?" not in hands(other)["montfort"]
    card = hands(other)["montfort"][0]
    other.push(f"play {card} sol")
    if other.state["flow"]:
        other.push("value 2")
    assert card in other.state["vars"]["discard"]["montfort"]
    other.push("end")
    save_for_opponent(other, path)
    back = load_game(path, passphrase=words["blois"])
    assert card in back.state["vars"]["discard"]["montfort"]
    assert len(hands(back)["montfort"]) == 2


# -- free actions (5.32-5.322) and what a card allows ---------------------------------------
@pytest.fixture
def cards_required(monkeypatch):
    """The 5.2/5.32 activation rule on (cards.REQUIRE_CARD, see its docstring)."""
    from rulesets.deux_bretagne.model import cards

    monkeypatch.setattr(cards, "REQUIRE_CARD", True)


def test_5_32_a_move_needs_a_card_or_a_free_action(cards_required):
    game = new_game("14.1")
    assert not [a for a in game.legal_actions() if a.verb == "move"]
    with pytest.raises(IllegalActionError) as refused:
        game.push("move blois-me-4 dinan")
    assert refused.value.rule == "Deux Bretagne 5.2, 5.3, 5.32"
    game.push("place blois-me-4 dinan")  # the Shift-drop override is always there
    assert game.state["pieces"]["blois-me-4"]["loc"] == "dinan"
    give(game, "blois", ["B-12"])
    entry = game.push("free-action")
    assert entry.lines[0].rule == "Deux Bretagne 5.32, 5.321, 5.322"
    moves = {a for a in game.legal_actions() if a.verb == "move"}
    assert moves and all(len(a.pieces(0)) == 1 for a in moves)  # one lone piece
    with pytest.raises(IllegalActionError) as refused:  # an army: no
        game.push("move alain-de-rohan,blois-ch-br-1 malestroit")
    assert refused.value.rule == "Deux Bretagne 5.32"
    game.push("move blois-me-4 dol")
    with pytest.raises(IllegalActionError, match="moves Blois Me #4 only") as refused:
        game.push("move alain-de-rohan malestroit")  # one piece per free action
    assert refused.value.rule == "Deux Bretagne 5.32"
    assert all(a.pieces(0) == ["blois-me-4"] for a in game.legal_actions() if a.verb == "move")
    with pytest.raises(IllegalActionError, match="free action was taken"):  # 5.2: no card
        game.push("play B-12 sol")
    with pytest.raises(IllegalActionError, match="free action cannot recruit"):  # 5.321
        game.push("recruit alain-de-rohan me")
    assert Action("free-action") not in game.legal_actions()
    game.push("end")  # 5.322: it was one of Blois's 2 activations
    assert game.state["vars"]["activations"]["blois"] == 1
    assert game.state["active"] == "montfort"


def test_5_32_a_lone_leader_by_free_action_and_no_fight(cards_required):
    game = new_game("14.1")
    with pytest.raises(IllegalActionError, match="Draw your cards first"):  # 4.0 B-C
        game.push("free-action")
    game.push("draw")
    game.push("free-action")
    verdict = game.ruleset.check_move(game.state, ["blois-me-3"], "ploermel")
    assert not verdict.legal and verdict.rule == "Deux Bretagne 5.321"  # Montfort Me there
    assert "ploermel" not in game.ruleset.reachable(game.state, ["blois-me-3"])
    assert not [a for a in game.legal_actions() if a.verb in ("besiege", "assault")]
    game.push("move alain-de-rohan malestroit")
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "malestroit"


def test_5_321_a_free_action_may_join_a_siege_in_progress(cards_required):
    game = new_game("14.3")  # Montfort plays first (M-01, 14.33)
    unit = next(p for p in game.state["pieces"] if p.startswith("montfort-me")
                and game.state["pieces"][p]["loc"] == "reserve")
    game.push(f"place {unit} chateaugiron")
    game.push("draw")
    game.push("free-action")
    with pytest.raises(IllegalActionError) as refused:  # 5.321: no siege roll either
        game.push("assault rennes")
    assert refused.value.rule == "Deux Bretagne 5.321"
    game.push(f"move {unit} rennes")
    assert game.state["pieces"][unit]["loc"] == "rennes"
    assert game.state["vars"]["sieges"]["rennes"]["side"] == "montfort"


def test_5_2_rec_and_sol_cards_move_nobody_and_act_moves_no_lone_unit(cards_required):
    game = new_game("14.1")
    give(game, "blois", ["B-02", "B-05"])
    game.push("play B-05 sol")
    game.push("value 2")
    with pytest.raises(IllegalActionError, match="played as SOL") as refused:
        game.push("move alain-de-rohan,blois-ch-br-1 malestroit")
    assert refused.value.rule == "Deux Bretagne 5.2, 5.3, 5.32"
    with pytest.raises(IllegalActionError, match="not as REC"):
        game.push("recruit alain-de-rohan me")
    game.push("end")
    game.push("end")
    game.state["vars"]["hands"]["blois"].append("B-05")
    game.push("play B-02 act")
    game.push("value 2")
    with pytest.raises(IllegalActionError, match="without a leader") as refused:
        game.push("move blois-me-4 dinan")
    assert refused.value.rule == "Deux Bretagne 5.31, 5.32, 8.0"
    game.push("move alain-de-rohan,blois-ch-br-1 malestroit")


@pytest.mark.parametrize("scenario, seed", [("14.1", 7), ("14.3", 8)])
def test_random_play_with_the_activation_rule_on(cards_required, scenario, seed):
    """Legal actions and apply agree on the card and free-action limits."""
    import random

    game = new_game(scenario, seed=seed)
    chooser = random.Random(seed)
    moved = 0
    for _ in range(400):
        if game.ruleset.outcome(game.state) is not None:
            break
        legal = game.legal_actions()
        action = chooser.choice(legal)
        if action.verb == "move":
            moved += 1
            play = game.state["vars"]["card_play"]
            assert play is not None and play["side"] == game.state["active"]
        game.push(action)
    assert moved


def test_the_card_file_is_flat_records_each_with_its_sources():
    """cards.yaml: one flat record of scalars per card (the data editor edits it), every
    card with a source naming the unknown values, the rules' sections where they speak."""
    import yaml

    from rulesets.deux_bretagne.model.data import DATA_DIR

    raw = yaml.safe_load((DATA_DIR / "cards.yaml").read_text(encoding="utf-8"))
    assert len(raw) == 56
    for cid, record in raw.items():
        assert all(v is None or isinstance(v, (str, int, bool)) for v in record.values()), cid
        assert "not in the rules" in record["source"], cid
    cards = load_cards()
    for cid, section in (("B-06", "6.2"), ("M-25", "6.2"), ("B-03", "6.41"), ("B-23", "6.42"),
                         ("B-17", "6.43"), ("M-17", "6.44"), ("M-22", "6.45"), ("M-01", "4.0"),
                         ("B-13", "5.411"), ("B-19", "12.32"), ("M-09", "6.31")):
        assert section in cards[cid]["rules"], cid
    assert cards["M-17"]["event"] is None and "activation 1, PS 3" in cards["M-17"]["source"]


def test_when_an_event_was_played_is_kept_for_the_last_activations_rules():
    from rulesets.deux_bretagne.model.cards import activations_since

    game = new_game("14.1")
    assert activations_since(game.state, "B-01") is None
    give(game, "blois", ["B-01"])
    game.push("play B-01 evt")
    game.push("value blue")
    game.push("value no")
    assert activations_since(game.state, "B-01") == 0
    game.push("end")
    game.push("end")
    assert activations_since(game.state, "B-01") == 2


def test_a_game_may_carry_its_own_activation_rule(monkeypatch):
    """vars.require_card (set e.g. by Ruleset.setup with played_with for a game recorded before the
    rule) overrides cards.REQUIRE_CARD, both ways."""
    from rulesets.deux_bretagne.model import cards

    for default, own, refused in ((False, True, True), (True, False, False)):
        monkeypatch.setattr(cards, "REQUIRE_CARD", default)
        game = new_game("14.1")
        game.state["vars"]["require_card"] = own
        verdict = game.ruleset.check_move(game.state, ["blois-me-4"], "dinan")
        assert verdict.legal is not refused


def test_the_prompt_says_what_the_card_or_free_action_of_the_activation_allows():
    from tests.dbhelpers import play_act

    game = new_game("14.1")
    rs = game.ruleset
    game.push("draw")
    assert "play a card as ACT, REC, SOL or EVT, or take a free action" in rs.prompt(game.state)
    game.push("free-action")
    prompt = rs.prompt(game.state)
    assert "[free action, 5.32]" in prompt and "None" not in prompt
    assert "play a card" not in prompt
    game.undo()
    card = play_act(game)
    assert f"[{card} played as ACT 3] — move, fight or besiege" in rs.prompt(game.state)


def test_5_3_an_act_card_activates_one_army_a_chevauchee_card_up_to_three():
    from tests.dbhelpers import play_act

    game = new_game("14.1")
    card = play_act(game)
    game.push("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")
    with pytest.raises(IllegalActionError) as refused:  # another army: not with this card
        game.push("move herve-de-penhoet ar-roch-derrien")
    assert refused.value.rule == "Deux Bretagne 5.3, 8.153"
    assert "Alain de Rohan's army was activated" in refused.value.reason
    # The players mark the card as a Chevauchée card (test data, not the publisher's).
    for _ in range(3):  # take back the move and the card
        game.undo()
    game.push(f"data cards {card}:chevauchee=yes")
    play_act(game)
    game.push("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")
    game.push("move herve-de-penhoet ar-roch-derrien")
    assert game.state["pieces"]["herve-de-penhoet"]["loc"] == "ar-roch-derrien"


def test_5_6_a_card_played_as_an_event_moves_nobody_by_the_rules():
    game = new_game("14.1")
    game.push("draw")
    card = game.state["vars"]["hands"]["blois"][0]
    game.push(f"data cards {card}:coat=blue {card}:asterisk=no")  # test data
    game.push(f"play {card} evt")
    while game.state["flow"]:  # an event's own questions, if any
        game.push(game.legal_actions()[-1])
    with pytest.raises(IllegalActionError) as refused:
        game.push("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")
    assert refused.value.rule == "Deux Bretagne 5.6" and "by hand" in refused.value.reason
    game.push("place alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")  # as the card says
    assert game.log[-1].manual
