"""The window in French: menus, docks, Qt's own buttons, plural forms, the language chosen
in the preferences (applied at once by rebuilding the window), and a complete ``ui``
catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from boardapp.core.base.i18n import UI, read_po, set_language
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui import language as language_ui
from boardapp.ui.banner import deciders_text
from boardapp.ui.i18n import _, ngettext
from boardapp.ui.main_window import MainWindow

UI_PO = Path(__file__).resolve().parents[1] / "boardapp/locale/fr/LC_MESSAGES/ui.po"
FIELD = re.compile(r"\{([A-Za-z_]\w*)[^}]*\}")


@pytest.fixture
def french(qapp):
    """boardapp and Qt speak French during the test, English after it."""
    language_ui.apply_language("fr")
    yield
    language_ui.apply_language("en")


@pytest.fixture
def english(qapp):
    language_ui.apply_language("en")
    yield
    set_language("en")


def window_on(qtbot, ruleset: str = "hex-demo") -> MainWindow:
    window = MainWindow(Game(find_ruleset(ruleset), None))
    qtbot.addWidget(window)
    return window


def menu_titles(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_the_window_in_french_shows_french_menus_and_docks(qtbot, french):
    window = window_on(qtbot)
    assert menu_titles(window)[:4] == ["&Fichier", "É&dition", "&Partie", "&Affichage"]
    assert "Aid&e" in menu_titles(window) and "&Plateau" in menu_titles(window)
    texts = [a.text() for a in window.file_menu.actions()]
    assert "&Nouvelle partie…" in texts and "&Enregistrer" in texts and "&Quitter" in texts
    assert window.decisions.windowTitle() == "Décisions"
    assert window.log_dock.windowTitle() == "Journal"
    assert window.undo_action.text() == "&Annuler"
    assert window.roll_action.text().startswith("Lancer ")
    assert window.preferences_action.text() == "&Préférences…"


def test_qt_own_buttons_speak_french(qtbot, french):
    box = QMessageBox(QMessageBox.Icon.Question, "t", "q",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel
                      | QMessageBox.StandardButton.Discard)
    qtbot.addWidget(box)
    assert box.button(QMessageBox.StandardButton.Cancel).text().replace("&", "") == "Annuler"
    assert box.button(QMessageBox.StandardButton.Save).text().replace("&", "") == "Enregistrer"


def test_the_banner_and_help_speak_french(qtbot, french):
    window = window_on(qtbot)
    assert deciders_text(window.game).startswith("Décision\u00a0: ")
    assert "<h3>Clavier</h3>" in window.help_menu.shortcuts_html()
    assert "Construit avec" in window.help_menu.about_html()


def test_french_plural_forms_count_zero_and_one_as_singular(french):
    forms = [ngettext("{count} value imported into this game.",
                      "{count} values imported into this game.", n).format(count=n)
             for n in (0, 1, 2)]
    assert forms == ["0 valeur importée dans cette partie.",
                     "1 valeur importée dans cette partie.",
                     "2 valeurs importées dans cette partie."]


def test_english_stays_english(qtbot, english):
    window = window_on(qtbot)
    assert menu_titles(window)[:2] == ["&File", "&Edit"]
    assert _("Decisions") == "Decisions"


def test_choosing_french_in_the_preferences_rebuilds_the_window_in_french(qtbot, english,
                                                                          monkeypatch):
    monkeypatch.setattr(QMessageBox, "question",  # closing the unsaved windows at the end
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    window = window_on(qtbot)
    window.show()
    game = window.game
    window.controller.roll()
    dirty = window.is_dirty()
    french = language_ui.choose_language(window, "fr")
    qtbot.addWidget(french)
    try:
        assert french is not window and french.game is game  # same game, nothing replayed
        assert menu_titles(french)[0] == "&Fichier"
        assert french.is_dirty() == dirty  # still unsaved: the question on closing stays
        assert not window.isVisible()
        assert language_ui.preferred_language() == "fr"  # kept for the next start
        same = language_ui.choose_language(french, "fr")
        assert same is french  # the language did not change: nothing rebuilt
        back = language_ui.choose_language(french, "en")
        qtbot.addWidget(back)
        assert menu_titles(back)[0] == "&File" and back.game is game
        assert language_ui.preferred_language() == "en"
    finally:
        language_ui.apply_language("en")


def test_system_follows_the_locale(qtbot, english, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr_FR:en")
    window = window_on(qtbot)
    rebuilt = language_ui.choose_language(window, "")
    qtbot.addWidget(rebuilt)
    try:
        assert menu_titles(rebuilt)[0] == "&Fichier"
        assert language_ui.preferred_language() is None  # System: nothing kept
    finally:
        language_ui.apply_language("en")


def test_the_preferences_dialog_offers_the_three_choices(qtbot, english):
    dialog = language_ui.PreferencesDialog()
    qtbot.addWidget(dialog)
    assert [dialog.language.itemData(i) for i in range(dialog.language.count())] == \
        ["", "en", "fr"]
    dialog.language.setCurrentIndex(2)
    assert dialog.chosen() == "fr"


def test_every_ui_message_is_translated_with_the_same_placeholders():
    entries = [e for e in read_po(UI_PO.read_text(encoding="utf-8")) if e.msgid]
    assert len(entries) > 400
    assert UI.share("fr") == (len(entries), len(entries))
    for entry in entries:
        assert entry.done, entry.msgid
        wanted = set(FIELD.findall(entry.msgid)) | set(FIELD.findall(entry.msgid_plural or ""))
        for form in entry.msgstr:
            assert set(FIELD.findall(form)) == wanted, (entry.msgid, form)
        assert entry.msgid.count("&") <= 1 or "&nbsp;" in entry.msgid


def test_qt_translations_follow_the_language_chosen(qapp):
    language_ui.apply_language("fr")
    try:
        assert QApplication.translate("QPlatformTheme", "Cancel") == "Annuler"
    finally:
        language_ui.apply_language("en")
    assert QApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_counters_draw_their_words_in_the_language_spoken(french):
    """A counter's words (messages of a ruleset's catalogue) are drawn and shown in the
    tooltip in French: Qt alone would take a message's English value."""
    from boardapp.core.engine.ruleset import CounterFace
    from boardapp.ui.counter_items import CounterItem, face_look
    from rulesets.guet_apens.model.words import N_

    face = CounterFace(colour="#ffffff", text_colour="#000000", title=N_("horse"),
                       tooltip=N_("horse"), tag=N_("horse"))
    look = face_look(face, simple=False)
    assert (look.face.title, look.face.tag) == ("cheval", "cheval")
    assert CounterItem("p1", face, simple=False).toolTip() == "cheval"
    set_language("en")
    assert face_look(face, simple=False).face.title == "horse"
