"""Guet-Apens in French (issue 16): the D20 tests, the log, the sheet and the result are
drawn in the French rule book's own words, while the English (what a file records) is
the text the game wrote before it spoke French."""

from __future__ import annotations

from boardapp.core.base.i18n import set_language
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from rulesets.guet_apens.model.melee import charge
from rulesets.guet_apens.model.words import outcome_words, said
from rulesets.guet_apens.steps.tests_d20 import table_detail


def test_a_d20_test_reads_as_before_in_english_and_in_the_books_french():
    done = charge(21, 14, 26, 16, charger="Knight 1", target="Knight 2").rolled(13)
    assert done.text() == (
        "charge: 21 horse Agility +14 Skill -13 half the target's horse Agility -16 "
        "target's Strength = 6, needs 6 or less; D20 13 → failure (GA 9.1.2 (COMBAT, "
        "Charge, l.1516))")
    french = done.text().render("fr")
    assert french.startswith("charge : 21 Agilité du cheval +14 Adresse")
    assert "Force du cavalier chargé = 6, il faut 6 ou moins ; D20 13 → échec" in french
    detail = table_detail(done, "Knight 1", done.result)
    assert detail["test"]["terms"][1]["label"].render("fr") == "Adresse"
    assert detail["column"].render("fr") == "il faut 6 ou moins"


def test_a_game_log_sheet_and_status_speak_french_and_its_file_stays_english():
    rs = find_ruleset("guet-apens")
    game = Game(rs, "III", 3)
    game.play("ready", side="a")
    game.play("ready", side="b")
    pid = sorted(game.state["vars"]["figs"])[0]
    set_language("fr")
    assert game.log[-1].render() == "2. Joueur B a mis en place ses figurines [GA 1.8]\n" \
        "    La période 1 commence [GA 5]"
    sheet = rs.counter_face(game.state, pid).sheet().text()
    assert "Résistance:" in sheet and "Points de vie:" in sheet and "Approvisionnement" in sheet
    assert str(rs.status(game.state).lines[0]).startswith("Joueur A : ")
    assert game.log[-1].lines[-1].text == "Period 1 begins"  # what a file records


def test_a_result_declared_here_is_drawn_in_the_readers_words():
    result = said(find_ruleset("guet-apens").words.msg("a draw"))
    kept = str.__str__(result)  # the state keeps the English
    assert outcome_words(kept).render("fr") == "match nul"
    assert outcome_words("Something older") == "Something older"
