"""Each ruleset's game data: the values the players fill in are used by the rules of that
game, replay with it, and never come from the files once the game has begun."""

from __future__ import annotations

from boardapp.core.engine.datasheets import read_sheet
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import load_game, save_game
from rulesets.deux_bretagne.model.cards import value
from tests.dbhelpers import new_game


def test_every_ruleset_sheet_reads_its_shipped_file():
    from boardapp.core.engine.ruleset import available_rulesets

    for ruleset_class in available_rulesets().values():
        rs = ruleset_class()
        for sheet in rs.data_sheets():
            values = read_sheet(sheet)
            assert values, (rs.id, sheet.id)
            assert sheet.file.is_file()


def test_a_card_value_filled_in_is_used_without_asking(tmp_path):
    game = new_game("14.1")
    rs = game.ruleset
    game.push("draw")
    card = next(c for c in game.state["vars"]["hands"]["blois"]
                if value(rs, game.state, c, "activation") is None)
    # Test data, not the publisher's card.
    game.push(f"data cards {card}:activation=3 {card}:event=Two%20knights%20join")
    assert value(rs, game.state, card, "activation") == 3
    entry = game.push(f"play {card} act")
    assert not game.state["flow"] or game.state["flow"][-1]["step"] != "card-value"
    assert any("ACT 3" in line.text for line in entry.lines)
    path = tmp_path / "g.json"
    save_game(game, path)
    again = load_game(path)
    assert again.state == game.state
    assert value(rs, again.state, card, "event") == "Two knights join"
    assert read_sheet(rs.data_sheets()[0])[card]["activation"] is None  # file untouched


def test_a_filled_lion_in_winter_chart_resolves_by_itself():
    from rulesets.lion_in_winter import RULESET

    game = Game(RULESET(), seed=1)
    assert [s.id for s in game.ruleset.data_sheets()] == ["elimination", "leader-death"]
    game.state["phase"] = "battles"
    # Test data, not the publisher's chart.
    game.push("data elimination 5:value=captured")
    game.push("set-dice 5")
    entry = game.push("elimination-roll william-barres")
    assert not game.state["flow"]
    assert any("rolls 5 → captured" in line.text for line in entry.lines)
    assert game.state["pieces"]["william-barres"]["loc"] == "prison-english"


def test_a_card_value_given_when_asked_shows_in_the_game_data():
    game = new_game("14.1")
    rs = game.ruleset
    game.push("draw")
    card = next(c for c in game.state["vars"]["hands"]["blois"]
                if value(rs, game.state, c, "resources") is None)
    game.push(f"play {card} sol")
    assert game.state["flow"][-1]["step"] == "card-value"
    game.push("value 2")
    assert rs.sheet_values(game.state, "cards")[card]["resources"] == 2


def test_a_value_filled_while_its_question_waits_is_the_only_answer():
    from rulesets.lion_in_winter import RULESET

    game = Game(RULESET(), seed=1)
    game.state["phase"] = "battles"
    game.push("set-dice 5")
    game.push("elimination-roll william-barres")
    assert "rolled 5" in game.ruleset.prompt(game.state)
    assert game.ruleset.prompt(game.state).startswith("French: ")  # who answers
    game.push("data elimination 5:value=routed")  # test data, not the publisher's
    assert [a.text() for a in game.legal_actions()] == ["chart-result routed"]
    db = new_game("14.1")
    db.push("draw")
    card = db.state["vars"]["hands"]["blois"][0]
    db.push(f"play {card} sol")
    assert db.state["flow"][-1]["step"] == "card-value"
    db.push(f"data cards {card}:resources=4")
    assert [a.text() for a in db.legal_actions()] == ["value 4"]


def test_cells_a_row_does_not_use_are_refused_and_greyed(qtbot):
    import pytest

    from boardapp.core.base.errors import InvalidActionError
    from boardapp.ui.controller import GameController
    from boardapp.ui.data_editor import DataEditor
    from rulesets.lily_ermine import RULESET

    game = Game(RULESET(), "1487", 1)
    sheet = next(s for s in game.ruleset.data_sheets() if s.id == "reinforcements")
    assert ("swiss", "min_die_4") in sheet.unused  # 3 Swiss counters at most (7.1)
    assert ("empire", "min_die_6") not in sheet.unused  # six for the Empire
    with pytest.raises(InvalidActionError, match="does not use swiss:min_die_4"):
        game.push("data reinforcements swiss:min_die_4=5")
    dialog = DataEditor(GameController(game), None, "reinforcements")
    qtbot.addWidget(dialog)
    page = dialog.tabs.currentWidget()
    r, c = page.rows.index("swiss"), page.columns.index("min_die_4")
    assert page.table.item(r, c).text() == "—"
    assert not page.set_text(r, c, "5") and "not used" in page.problem.text()
