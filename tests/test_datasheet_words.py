"""Game data cells in the player's language: yes/no and the choices a ruleset names as
messages are shown and read in French, while the values and the ``data`` action's
notation stay English (a file is the same in both languages)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardapp.core.base.i18n import set_language
from boardapp.core.engine.datasheets import CellType
from rulesets.deux_bretagne.model.sheets import CARD_SHEET_FIELDS
from rulesets.lion_in_winter.rules import LionInWinter


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def test_yes_and_no_are_shown_and_read_in_french(french: None) -> None:
    cell = CellType("bool")
    assert (str(cell.word(True)), str(cell.word(False))) == ("oui", "non")
    assert (cell.read("oui"), cell.read("non"), cell.read("yes"), cell.read("?")) == \
        (True, False, True, None)
    assert cell.show(True) == "yes"  # the notation of a data action stays English


def test_a_named_choice_is_shown_in_french_and_stored_in_english(french: None) -> None:
    coat = CARD_SHEET_FIELDS["coat"]
    assert [str(coat.word(c)) for c in coat.choices] == ["jaune", "vert", "bleu"]
    value = coat.read("jaune")
    assert value == "yellow" and type(value) is str and coat.check(value) is None
    assert coat.show(value) == "yellow"


def test_the_lion_charts_results_are_french_words_in_the_editor(french: None) -> None:
    sheet = next(s for s in LionInWinter().data_sheets() if s.id == "elimination")
    cell = sheet.cell_type("result")
    assert [str(cell.word(c)) for c in cell.choices] == ["tué", "capturé", "en déroute"]
    assert cell.read("capturé") == "captured"


def test_in_english_nothing_changes() -> None:
    coat = CARD_SHEET_FIELDS["coat"]
    assert [str(coat.word(c)) for c in coat.choices] == ["yellow", "green", "blue"]
    assert str(CellType("bool").word(True)) == "yes"


def test_a_place_marker_chip_draws_its_message_in_french(qtbot, french: None) -> None:
    from boardapp.ui.place_markers import MarkerChip
    from rulesets.lion_in_winter.words import N_

    chip = MarkerChip(N_("Unassigned {troops}", troops="I3 K1"))
    assert chip.text == "Non affectées I3 K1" and chip.toolTip() == chip.text
