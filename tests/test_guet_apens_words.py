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


def test_sealed_choices_read_in_the_readers_words_and_stay_english_in_the_file():
    """A hand-to-hand choice on its button and in the reveal line: "parade" in French,
    "parry" as before in English; an order in the notation stays as written."""
    from boardapp.core.engine.actions import Action
    from boardapp.core.engine.context import Context
    from boardapp.core.engine.together import RevealSealed
    from rulesets.guet_apens.steps.combat import MELEE_STEP

    rs = find_ruleset("guet-apens")
    state = Game(rs, "III", 3).state
    state["flow"] = [{"step": MELEE_STEP, "side": "a", "sides": ["a", "b"], "vars": {}}]
    parry, order = Action("commit", ("parry",)), Action("commit", ("k1>k2",))
    assert rs.action_label(state, parry) == "Choose parry"
    state["sealed"] = {"a": "parry"}
    ctx = Context(state, side="a")
    RevealSealed().on_reveal(rs, state, {"vars": {}}, Action("reveal"), ctx, rs.flow)
    line = ctx.lines[-1]
    assert line.text.endswith("reveals the sealed choice: parry")
    set_language("fr")
    assert rs.action_label(state, parry) == "Choisir parade"
    assert rs.action_label(state, order) == "Choisir k1>k2"
    assert line.render().endswith("parade")
