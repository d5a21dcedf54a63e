"""Regular combat (rules 9.x), checked against the worked examples of the rules."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from rulesets.deux_bretagne.model.battle import loss_action, loss_options
from tests.dbhelpers import activate, at, new_game, reserve


def blois_at_malestroit(game):
    """The Blois side of the 9.5 example, set by hand: Alain de Rohan, 1 full Me and 2
    reduced Mil holding Malestroit. Returns (the Me, the Mil)."""
    blois_me = at(game, "josselin", "me")[0]
    mils = reserve(game, "blois-mil", 2)
    game.push("control malestroit blois")
    game.push(f"place alain-de-rohan,{blois_me},{','.join(mils)} malestroit")
    for pid in mils:
        game.push(f"flip {pid}")
    return blois_me, mils


def montfort_at_rochefort(game, leader="olivier-de-clisson", reduced=True):
    """The Montfort side of the 9.5 example: ``leader``, 1 full Ch and 2 Me (reduced as in
    the example) at Rochefort-en-Terre. Returns (the Ch, the Me)."""
    ch = reserve(game, "montfort-ch-an", 1)[0]
    mes = at(game, "gwened", "me") + at(game, "ploermel", "me")
    game.push(f"place {leader},{ch},{','.join(mes)} rochefort-en-terre")
    if reduced:
        for pid in mes:
            game.push(f"flip {pid}")
    return ch, mes


def test_9_3_the_three_legal_loss_choices_and_the_refused_one():
    # "A Montfort Army with a full Ch unit (LN3), a reduced Me unit (LN 3) and 2 Mil units
    # (LN 2) takes 6 losses" (9.3; the Mil must be full for its third choice to make 6).
    game = new_game()
    ch, me = reserve(game, "montfort-ch-an", 1)[0], reserve(game, "montfort-me", 1)[0]
    mil_a, mil_b = reserve(game, "montfort-mil", 2)
    game.push(f"flip {me}")
    options = loss_options(game.ruleset, game.state, [ch, me, mil_a, mil_b], 6)
    assert sorted(map(sorted, (o.items() for o in options))) == sorted([
        [(ch, 2)],                     # eliminate the Ch
        sorted([(ch, 1), (me, 1)]),    # reduce the Ch and eliminate the Me
        sorted([(mil_a, 2), (mil_b, 1)]),  # eliminate one Mil and reduce the other
        sorted([(mil_a, 1), (mil_b, 2)]),
    ])
    assert {ch: 1, mil_a: 2} not in options  # 3 + 4 = 7: more than the loss number
    # With no exact combination, as close as possible below the loss number.
    assert loss_options(game.ruleset, game.state, [me], 6) == [{me: 1}]


def test_9_5_full_example_of_combat():
    game = new_game()
    rs = game.ruleset
    # Set the scene of 9.5 by hand: Blois holds Malestroit with Alain de Rohan, 1 full Me
    # and 2 reduced Mil; Montfort's Olivier de Clisson, 1 full Ch and 2 reduced Me come in
    # from Rochefort-en-Terre.
    blois_me, mils = blois_at_malestroit(game)
    ch, mes = montfort_at_rochefort(game)
    game.push("end")  # Montfort's activation
    # Dice: chits drawn 5th then 3rd of the cup (T7 Débordement, T3 Charge), Montfort
    # rolls 3, Blois rolls 1, Rohan's capture roll 2.
    game.push("set-dice 5,3,3,1,2")
    army = ["olivier-de-clisson", ch, *mes]
    activate(game)
    entry = game.push(f"move {','.join(army)} malestroit")
    text = [line.render() for line in entry.lines]
    assert "Combat strengths: Montfort 8, Blois 7 [Deux Bretagne 9.21]" in text
    assert any("2 tactical chit(s) drawn: T7 Débordement, T3 Charge" in t for t in text)
    montfort_roll, blois_roll = (line.detail for line in entry.lines
                                 if line.detail and line.detail["table"] == "Combat Table")
    assert (montfort_roll["column"], montfort_roll["die"], montfort_roll["modified"],
            montfort_roll["result"]) == ("8-10", 3, 5, "6 losses")
    assert [m["label"] for m in montfort_roll["modifiers"]] == ["leader bonus"]
    assert (blois_roll["column"], blois_roll["die"], blois_roll["modified"],
            blois_roll["result"]) == ("5-7", 1, 3, "3 losses")
    assert sorted((m["label"], m["value"]) for m in blois_roll["modifiers"]) == [
        ("Charge", 1), ("leader bonus", 1)]
    # Montfort may reduce his Ch or eliminate one Me: only those are offered.
    assert game.ruleset.acting_side(game.state) == "montfort"
    offered = set(game.legal_actions())
    assert offered == {loss_action({ch: 1}), loss_action({mes[0]: 1}),
                       loss_action({mes[1]: 1})}
    assert rs.action_label(game.state, loss_action({ch: 1})) == \
        f"Losses: reduce {rs.piece_name(game.state, ch)}"
    entry = game.push(loss_action({ch: 1}))
    text = " ".join(line.render() for line in entry.lines)
    # Blois has no choice: he must eliminate his Me (6 losses exactly).
    assert f"{rs.piece_name(game.state, blois_me)} eliminated (the only legal choice)" in text
    assert game.state["pieces"][blois_me]["loc"] == "eliminated"
    assert "Montfort wins the battle (caused 6 losses against 3)" in text
    # Having lost, Blois retreats to Josselin; Montfort takes Malestroit.
    assert all(game.state["pieces"][p]["loc"] == "josselin" for p in ["alain-de-rohan", *mils])
    assert game.state["control"]["malestroit"] == "montfort"
    assert game.state["region_control"]["bro-wened"] == "montfort"
    assert "Capture roll for Alain de Rohan: 2 → safe" in text
    assert game.state["flow"] == []
    # The winning army may move on with the MP it had left (5.31).
    assert game.ruleset.reachable(game.state, army)
    assert game.state["pieces"][ch]["flipped"]


def test_a_battle_is_undone_in_one_step_and_replays_identically():
    game = new_game()
    stack = at(game, "josselin")
    game.push("draw")  # a card played as ACT for the move, all in the log (5.2, 5.3)
    game.push(f"play {game.state['vars']['hands']['blois'][0]} act")
    while game.state["flow"]:
        game.push("value 3")
    game.push(f"move {','.join(stack)} ploermel")
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    final = game.state
    from boardapp.core.engine.game import Game

    again = Game.replay(game.ruleset, "14.1", 1, [(e.action.text(), e.side) for e in game.log])
    assert again.state == final
    while game.can_undo:
        game.undo()
    assert game.state == game.initial
    assert Action("end") in game.legal_actions()


def test_9_5_a_beaten_army_may_retreat_inside_its_own_fortress():
    game = new_game()
    chs = reserve(game, "montfort-ch-an", 3)
    game.push(f"place olivier-de-clisson,{','.join(chs)} malestroit")
    game.push("end")  # Montfort's activation
    # Chits T7 and T9, Montfort rolls 9 (+2), Blois 0 (+1), Rohan's capture roll 0.
    game.push("set-dice 5,5,9,0,0")
    activate(game)
    game.push(f"move olivier-de-clisson,{','.join(chs)} josselin")
    game.push("fight")  # Blois stays outside his fortress to fight (8.24)
    while game.state["flow"][-1]["step"] == "losses":
        game.push(game.legal_actions()[0])
    assert game.state["flow"][-1]["step"] == "retreat"
    options = game.legal_actions()
    assert options[0] == Action("retreat", ("josselin",))  # inside, 9.5
    assert game.ruleset.action_label(game.state, options[0]) == \
        "Retreat inside the fortress of Josselin"
    entry = game.push("retreat josselin")
    blois = [p for p in at(game, "josselin") if game.ruleset.piece_side(game.state, p)
             == "blois"]
    assert blois and set(blois) <= set(game.state["vars"]["inside"])
    assert any("inside the fortress" in line.text and "9.5" in (line.rule or "")
               for line in entry.lines)
    assert game.state["control"]["josselin"] == "blois"  # a fortress is taken by siege


def test_9_221_t16_sang_froid_montfort_retreats_before_combat():
    game = new_game()
    stack = at(game, "josselin")  # Rohan, Ch BR, Me against Ploërmel's Me
    game.push("set-dice 11")  # the one chit drawn is the 11th of the cup: T16
    activate(game)
    game.push(f"move {','.join(stack)} ploermel")
    game.push("fight")  # the garrison stays outside (8.24)
    assert game.ruleset.acting_side(game.state) == "montfort"
    assert set(game.legal_actions()) == {Action("chit", ("T16", "retreat")),
                                         Action("chit", ("T16", "fight"))}
    entry = game.push("chit T16 retreat")
    assert not any(line.detail for line in entry.lines)  # no roll on the Combat Table
    assert game.state["flow"][-1]["step"] == "retreat"
    assert Action("retreat", ("malestroit",)) in game.legal_actions()
    game.push("retreat malestroit")
    assert not [p for p in at(game, "ploermel") if game.ruleset.piece_side(game.state, p)
                == "montfort"]
    assert "T16" in game.state["vars"]["chit_cup"]  # back in the cup


def test_9_221_t2_reprimande_the_english_leader_leaves_for_a_turn():
    """"After the battle, if the Montfort player has lost 2 or more Me and Ch steps in
    battle, he withdraws the activated English leader from the map for one turn. The
    English leader returns next turn either in a Montfort controlled Port City or Bro
    Saoz." (9.221 T2)"""
    game = new_game()
    blois_me, mils = blois_at_malestroit(game)
    ch, mes = montfort_at_rochefort(game, "thomas-dagworth", reduced=False)
    game.push("end")  # Montfort's activation
    # Chits: 2nd of the cup (T2), then 3rd (T4); Montfort 0 + 2 (Dagworth) = 2 on 8-10:
    # 5 losses; Blois 8 + 1 (Rohan) = 9 on 5-7: 6 losses.
    game.push("set-dice 2,3,0,8")
    activate(game)
    entry = game.push(f"move thomas-dagworth,{ch},{','.join(mes)} malestroit")
    assert any("T2 Réprimande, T4" in line.text for line in entry.lines)
    game.push(f"losses {ch}=2")  # Montfort loses 2 Ch steps
    entry = game.push(f"losses {blois_me}=1,{mils[0]}=1")
    texts = [line.render() for line in entry.lines]
    assert any("Blois wins the battle" in t for t in texts)
    assert any("Thomas Dagworth leaves the map until next turn" in t and "9.221 T2" in t
               for t in texts)
    assert game.state["pieces"]["thomas-dagworth"]["loc"] == "reserve"
    assert all(game.state["pieces"][p]["loc"] == "rochefort-en-terre" for p in mes)
    while game.state["phase"] == "action":
        game.push("end")
    game.push("next-turn")
    while game.state["flow"][-1]["step"] != "return-leader":
        done = [a for a in game.legal_actions() if a.verb == "done"]
        game.push(done[0] if done else game.legal_actions()[0])
    assert game.state["turn"] == 2 and game.ruleset.acting_side(game.state) == "montfort"
    places = {a.args[1] for a in game.legal_actions()}
    assert {"bro-saoz", "nantes", "brest"} <= places and "saint-malo" not in places
    game.push("leader-to thomas-dagworth bro-saoz")
    assert game.state["pieces"]["thomas-dagworth"]["loc"] == "bro-saoz"
    assert game.state["vars"]["withdrawn"] == {}


def test_9_54_a_retreat_over_the_stacking_limit_costs_the_extra_units():
    """"May retreat into a city space in violation of the stacking limits but at the end
    of the retreat enough units must be eliminated to bring the space back under stacking
    limits." (9.54) The 9.5 example, with 7 more Blois units waiting in Josselin."""
    game = new_game()
    blois_me, mils = blois_at_malestroit(game)
    waiting = reserve(game, "blois-me", 4) + reserve(game, "blois-mil", 3)
    game.push(f"place {','.join(waiting)} josselin")
    ch, mes = montfort_at_rochefort(game)
    game.push("end")
    game.push("set-dice 5,3,3,1,2")  # as in 9.5: Blois loses and retreats to Josselin
    activate(game)
    game.push(f"move olivier-de-clisson,{ch},{','.join(mes)} malestroit")
    game.push(loss_action({ch: 1}))
    assert all(game.state["pieces"][p]["loc"] == "josselin" for p in mils)
    there = at(game, "josselin", "unit")
    assert set(waiting) | set(mils) <= set(there) and len(there) > 8
    assert game.ruleset.acting_side(game.state) == "blois"
    assert f"eliminate {len(there) - 8}" in game.ruleset.prompt(game.state)
    assert set(game.legal_actions()) == {Action("eliminate-unit", (p,)) for p in there}
    for pid in there[:len(there) - 8]:
        assert game.state["flow"]
        entry = game.push(f"eliminate-unit {pid}")
        assert game.state["pieces"][pid]["loc"] == "eliminated"
        assert "9.54" in entry.lines[0].rule
    assert len(at(game, "josselin", "unit")) == 8 and game.state["flow"] == []


def test_9_221_t7_debordement_blois_chooses_the_extra_step():
    """"In the case of a Blois victory in battle, eliminate one additional step loss for
    the Montfort player (Blois player's choice)." (9.221 T7) The scene of 9.5, other dice."""
    game = new_game()
    blois_me, mils = blois_at_malestroit(game)
    ch, mes = montfort_at_rochefort(game)
    game.push("end")
    # T7 and T3 drawn; Montfort 0 + 2 = 2 on 8-10: 5 losses; Blois 9 + 1 + 1 = 11 on 5-7:
    # 6 losses; Clisson's capture roll 0 (Blois's die 9 is odd).
    game.push("set-dice 5,3,0,9,0")
    activate(game)
    game.push(f"move olivier-de-clisson,{ch},{','.join(mes)} malestroit")
    game.push(loss_action({ch: 1, mes[0]: 1}))
    game.push(loss_action({blois_me: 1, mils[0]: 1}))
    assert game.ruleset.acting_side(game.state) == "blois"
    assert set(game.legal_actions()) == {Action("flank", (ch,)), Action("flank", (mes[1],))}
    entry = game.push(f"flank {mes[1]}")
    texts = [line.render() for line in entry.lines]
    assert any("T7 Débordement" in t and "eliminated" in t and "9.221 T7" in t
               for t in texts)
    assert game.state["pieces"][mes[1]]["loc"] == "eliminated"
    assert game.state["pieces"][ch]["loc"] == "rochefort-en-terre"  # 9.53
    assert sum("Blois wins the battle" in t for e in game.log[-3:]
               for t in (line.text for line in e.lines)) == 1
    assert game.state["flow"] == []


def test_9_23_the_defender_chooses_his_commander_among_equal_command_values():
    """"Concerning the defending units, the commanding leader is the leader with the
    highest Command Value (if several leaders have the same CV, player's choice)." (9.23)"""
    game = new_game()
    blois_me = at(game, "josselin", "me")[0]
    game.push("control malestroit blois")
    game.push(f"place jean-de-normandie,louis-d-espagne,{blois_me} malestroit")  # both VC 3
    ch = reserve(game, "montfort-ch-an", 1)[0]
    game.push(f"place olivier-de-clisson,{ch} rochefort-en-terre")
    game.push("end")
    game.push("set-dice 4,5,5")  # chit T4 (no effect); both roll 5
    activate(game)
    game.push(f"move olivier-de-clisson,{ch} malestroit")
    assert game.ruleset.acting_side(game.state) == "blois"
    assert set(game.legal_actions()) == {Action("command", ("jean-de-normandie",)),
                                         Action("command", ("louis-d-espagne",))}
    entry = game.push("command louis-d-espagne")
    blois_roll = next(line.detail for line in entry.lines
                      if line.detail and line.detail.get("who") == "Blois")
    assert [(m["label"], m["value"], m["source"].split(",")[0])
            for m in blois_roll["modifiers"]] == [("leader bonus", 1, "Louis d'Espagne")]


def test_9_54_a_defender_may_retreat_into_an_enemy_fortress_his_side_besieges():
    """"May not retreat to a city space containing an enemy unit or a non besieged enemy
    controlled fortress city." (9.54) The 9.5 example, with Josselin held by a Montfort unit
    and Ploërmel (a Montfort fortress) under a Blois siege."""
    game = new_game()
    blois_me, mils = blois_at_malestroit(game)
    ch, mes = montfort_at_rochefort(game)
    game.push(f"place {reserve(game, 'montfort-mil', 1)[0]} josselin")
    besiegers = reserve(game, "blois-me", 2)
    game.push(f"place herve-de-penhoet,{','.join(besiegers)} ploermel")
    activate(game)
    game.push("besiege ploermel")
    game.push("end")
    activate(game)
    game.push("set-dice 5,3,3,1,2")  # as in 9.5: Blois loses
    game.push(f"move olivier-de-clisson,{ch},{','.join(mes)} malestroit")
    game.push(loss_action({ch: 1}))
    assert all(game.state["pieces"][p]["loc"] == "ploermel" for p in ["alain-de-rohan", *mils])
    assert game.state["flow"] == []


def test_9_221_t2_a_withdrawn_leader_is_not_a_lost_leader_for_13_2():
    """13.2 "Death of the opponent": Jean de Montfort dead and his son withdrawn for a turn
    by T2 (9.221) is no automatic victory for Blois."""
    game = new_game("14.4")
    game.state["vars"]["enlisement"] = {"blois": True, "montfort": True}
    game.push("eliminate jean-de-montfort")
    game.state["vars"]["withdrawn"] = {"jean-de-montfort-son": 2}  # as T2 leaves it
    assert game.state["pieces"]["jean-de-montfort-son"]["loc"] == "reserve"
    assert game.ruleset.automatic_winner(game.state) is None
    game.state["vars"]["withdrawn"] = {}  # not withdrawn: never came into play
    assert game.ruleset.automatic_winner(game.state) == (
        "blois", "Jean de Montfort or Jean de Montfort (son) killed or captured")


def _rohan_wiped_out_at_malestroit():
    """Alain de Rohan and one reduced Mil hold Malestroit, Josselin and Ploërmel both
    Blois's to retreat to; Montfort's army of 9.5 (full) attacks and eliminates the Mil,
    and Rohan, left alone, is captured (9.43). Returns the game and the last entry."""
    game = new_game()
    mil = reserve(game, "blois-mil", 1)[0]
    game.push("control malestroit blois")
    game.push("control ploermel blois")
    game.push(f"place alain-de-rohan,{mil} malestroit")
    game.push(f"flip {mil}")
    ch, mes = montfort_at_rochefort(game, reduced=False)
    game.push("end")  # Montfort's activation
    game.push("set-dice 5,3,9")  # chit T7; Montfort rolls 3 (6 losses), Blois 9 (3 losses)
    activate(game)
    game.push(f"move olivier-de-clisson,{ch},{','.join(mes)} malestroit")
    entry = game.push(game.legal_actions()[0])  # Montfort's 3 losses
    assert game.state["pieces"][mil]["loc"] == "eliminated"
    assert game.state["pieces"]["alain-de-rohan"]["loc"] == "prison-bro-saoz"
    return game, entry


def test_9_5_a_beaten_side_with_nobody_left_is_not_asked_to_retreat():
    """Issue 13.2: Blois has nobody left in Malestroit: no retreat question, no retreat."""
    game, entry = _rohan_wiped_out_at_malestroit()
    assert game.state["flow"] == []  # no "choose where your army retreats"
    text = [line.render() for line in entry.lines]
    assert not any("retreats" in t for t in text)
    assert "Blois has nobody left in Malestroit: no retreat [Deux Bretagne 9.5]" in text
    assert "Montfort takes control of Malestroit [Deux Bretagne 9.29]" in text


def test_9_53_a_beaten_attacker_with_nobody_left_logs_no_retreat():
    game = new_game()
    me = reserve(game, "montfort-me", 1)[0]
    game.push(f"place olivier-de-clisson,{me} rochefort-en-terre")
    game.push(f"flip {me}")
    blois_at_malestroit(game)
    game.push("end")  # Montfort's activation
    game.push("set-dice 1,0,9,0,0,0,0,0")  # Montfort rolls 0, Blois 9
    activate(game)
    game.push(f"move olivier-de-clisson,{me} malestroit")
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    assert game.state["pieces"][me]["loc"] == "eliminated"
    assert game.state["pieces"]["olivier-de-clisson"]["loc"] != "rochefort-en-terre"
    text = [line.render() for e in game.log for line in e.lines]
    assert not any("Montfort retreats" in t for t in text)
    assert "Montfort has nobody left in Malestroit: no retreat [Deux Bretagne 9.5]" in text
