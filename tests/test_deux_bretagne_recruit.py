"""Recruitment (rules 5.4)."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from tests.dbhelpers import activate, at, new_game


def test_5_411_a_modified_7_on_the_knights_column_gives_1_ch_and_3_mil():
    game = new_game()
    before = set(at(game, "josselin"))
    activate(game, "rec")
    game.push("set-dice 6")  # Alain de Rohan has activation 1: +1 (Recruitment Table)
    entry = game.push("recruit alain-de-rohan ch")
    roll = next(line.detail for line in entry.lines if line.detail)
    assert (roll["die"], roll["modified"], roll["result"]) == (
        6, 7, "1 Ch / 3 Mil / 0 Art steps")
    new = [p for p in at(game, "josselin") if p not in before]
    kinds = sorted(game.state["pieces"][p]["type"] for p in new)
    # The Ch step made a reduced Ch FR (no BR knights without Rennes and Nantes), the
    # first Mil step a reduced Mil; the second Mil step is the player's choice.
    assert kinds == ["blois-ch-fr", "blois-mil"]
    mil = next(p for p in new if p.startswith("blois-mil"))
    assert set(game.legal_actions()) == {Action("raise", ("mil", "new")),
                                         Action("raise", ("mil", mil))}
    game.push(f"raise mil {mil}")  # back to full; the last step must be a new Mil
    assert not game.state["pieces"][mil]["flipped"]
    assert game.state["flow"] == []
    mils = [p for p in at(game, "josselin") if p.startswith("blois-mil")]
    assert len(mils) == 2 and sum(game.state["pieces"][p]["flipped"] for p in mils) == 1


def test_5_4_a_leader_recruits_at_most_twice_an_activation():
    game = new_game()
    activate(game, "rec")
    game.push("set-dice 0,0")
    game.push("recruit herve-de-penhoet me")
    game.push("recruit herve-de-penhoet me")
    while game.state["flow"]:  # spend the steps
        game.push(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="at most twice"):
        game.push("recruit herve-de-penhoet ch")
    game.push("end")
    game.push("end")  # a new Blois activation: he may recruit again
    activate(game, "rec")
    assert Action("recruit", ("herve-de-penhoet", "ch")) in game.legal_actions()


def test_5_411_montfort_receives_one_mil_less_without_m01():
    game = new_game()
    game.push("end")
    activate(game, "rec")
    game.push("set-dice 1")  # Cadoudal: activation 1, +1 = 2 on the Mercenary column
    entry = game.push("recruit guillaume-de-cadoudal me")
    assert any("1 Mil step less" in line.text for line in entry.lines)
    assert any("Mercenary" in (line.detail or {}).get("column", "") for line in entry.lines)


def test_leaders_offer_recruitment_on_their_context_menu():
    game = new_game()
    rs = game.ruleset
    activate(game, "rec")
    actions = rs.piece_actions(game.state, "alain-de-rohan")
    assert [rs.action_label(game.state, a) for a in actions] == [
        "Recruit: Alain de Rohan (Knights column)", "Recruit: Alain de Rohan (Mercenary column)"]
    assert rs.piece_actions(game.state, "guillaume-de-cadoudal") == []  # not his activation


def test_5_4_no_recruitment_in_an_area_with_a_pillage_marker():
    game = new_game()
    extra = [p for p in game.state["stacks"]["reserve"] if p.startswith("blois-me")][0]
    game.push(f"place {extra} anjev")
    activate(game)
    game.push(f"move {','.join(at(game, 'anjev'))} ancenis")  # forages Ancenis (8.16)
    assert game.state["vars"]["pillage"] == ["ancenis"]
    with pytest.raises(IllegalActionError, match="pillage marker"):
        game.push("recruit charles-de-blois me")
    assert game.ruleset.piece_actions(game.state, "charles-de-blois") == []


def test_5_412_eliminated_units_may_be_recruited_again():
    """5.412: only the counter mix limits recruiting ("If all the pieces are on the map, it
    is impossible to recruit more"); 12.41: an eliminated unit "can still be recruited"."""
    game = new_game()
    spare = [p for p in game.state["stacks"]["reserve"] if p.startswith("blois-mil")]
    game.push(f"eliminate {','.join(spare)}")  # no Mil counter left in the reserve
    activate(game, "rec")
    game.push("set-dice 6")  # 6 + 1 = 7: 1 Ch and 3 Mil steps
    game.push("recruit alain-de-rohan ch")
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    mils = at(game, "josselin", "mil")
    assert mils and set(mils) <= set(spare)  # back from the Eliminated box


def test_artillery_only_after_the_players_own_event_m02_or_b13():
    """"A player can only recruit Art units if he has played the event M02 (for the
    Montfort player) or B13 (for the Blois player)" (Recruitment Table). In 14.3 M-02 has
    been played, B-13 not."""
    game = new_game("14.3")  # Montfort plays first (M-01)
    activate(game, "rec")
    game.push("set-dice 9")  # Clisson: activation 1, 9 + 1 = 10: 2 Ch / 5 Mil / 1 Art
    entry = game.push("recruit olivier-de-clisson ch")
    assert any(line.text == "1 Art step(s) to place" for line in entry.lines)
    while game.state["flow"]:
        game.push(game.legal_actions()[0])
    game.push("end")
    activate(game, "rec")
    game.push("set-dice 9")  # Beaumanoir: activation 1, 10 again
    entry = game.push("recruit jean-de-beaumanoir ch")
    assert any("1 Art step(s) lost: Blois recruits artillery only after his event B-13"
               in line.text for line in entry.lines)
