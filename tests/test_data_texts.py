"""The data files' texts a player reads (guides, notes on rule sections, card notes, table
names and results) are extracted into each ruleset's catalogue and shown in French under
``fr``, while the files stay English and the games unchanged (issue 16)."""

from __future__ import annotations

import io
import runpy
from pathlib import Path

import pytest

from boardapp.core.base.i18n import Msg, set_language
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.game_notes import data_text, notes_for, phase_name, section_note

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = runpy.run_path(str(ROOT / "packaging" / "catalogues.py"))


def _texts(yaml_text: str, *keys: str) -> list[tuple[int, str, str]]:
    found = CATALOGUES["extract_yaml"](io.BytesIO(yaml_text.encode()), (), (),
                                       {"keys": keys})
    return [(line, text, comments[0]) for line, _f, text, comments in found]


def test_the_yaml_extraction_takes_the_texts_at_the_listed_keys_only():
    doc = ("format: x\nguide: |\n  One.\n  Two.\nphases:\n  a: Alpha\n  b: 3\n"
           "rows:\n  - {text: First, code: f}\n  - {text: null}\n")
    assert _texts(doc, "guide", "phases.*", "rows.*.text") == [
        (2, "One.\nTwo.\n", "guide"), (6, "Alpha", "phases.a"), (9, "First", "rows.0.text")]
    assert [t[1] for t in _texts(doc, "*")] == ["x", "One.\nTwo.\n"]  # not the mappings
    assert _texts(doc, "phases.b", "rows.1.text") == []  # nor numbers, nor nulls
    assert _texts("", "*") == []


def test_every_listed_key_finds_texts_in_the_shipped_files():
    """A key renamed in a data file must be renamed in YAML_TEXTS (else its texts would
    silently stay English)."""
    games = ROOT / "rulesets"
    for pattern, keys in CATALOGUES["YAML_TEXTS"].items():
        files = sorted(games.glob(pattern))
        assert files, f"no data file matches {pattern}"
        for key in keys:
            assert any(_texts(f.read_text(encoding="utf-8"), key) for f in files), (
                f"{pattern}: no text at {key}")


@pytest.mark.parametrize("domain", ["deux-bretagne", "lily-ermine", "lion-in-winter",
                                    "hex-demo"])
def test_the_data_texts_are_in_the_games_catalogue(domain):
    source = next(s for s in CATALOGUES["sources"]() if s.domain == domain)
    where = {loc[0] for m in CATALOGUES["extract"](source) for loc in m.locations}
    assert any(w.endswith("guide.yaml") for w in where)


def test_the_guide_phases_and_section_notes_read_in_french():
    rs = find_ruleset("deux-bretagne")
    english = notes_for(rs)
    assert english.guide.startswith("Two players, Blois and Montfort")
    set_language("fr")
    notes = notes_for(rs)
    assert notes.guide.startswith("Deux joueurs, Blois et Montfort")
    assert notes.lengths["14.1"] == "2 tours (1341-1342)"
    assert phase_name(rs, "action") == "Phase d'actions"
    assert section_note(rs, "9.25") == ("9.2", "La résolution du combat : forces, jetons "
                                               "tactiques, la Table de combat.")
    lion = find_ruleset("lion-in-winter")
    assert section_note(lion, "Phase Three (Siege)")[1].startswith("Batailles et sièges")
    set_language("en")
    assert notes_for(rs) == english  # the files themselves are unchanged


def test_a_card_note_and_a_chart_name_read_in_french_and_stay_english_in_the_state():
    rs = find_ruleset("deux-bretagne")
    rules = rs.cards["M-21"]["rules"]
    set_language("fr")
    assert data_text(rs, rules).startswith("son événement met en jeu les 2 bases")
    assert data_text(rs, "a text no catalogue has") == "a text no catalogue has"
    lion = find_ruleset("lion-in-winter")
    chart = lion.charts["elimination"].name
    assert isinstance(chart, Msg) and chart == "Elimination Chart"
    assert str(chart) == "Table d'élimination"
    assert str(lion.troop_kinds["longbowmen"]["name"]) == "Archers longs"
    from rulesets.deux_bretagne.model.names import data_word

    result = data_word("Successful & 1 step loss for the attacker")
    assert result == "Successful & 1 step loss for the attacker"  # English in the state
    assert str(result).startswith("Succès")


def test_the_french_games_data_read_in_their_books_words():
    ga = find_ruleset("guet-apens")
    name = ga.scenarios()["VIII-2"].name
    mj = find_ruleset("montjoie")
    set_language("fr")
    assert str(name) == "VIII-2. Convoi pour Norrey" and name == "VIII-2. Convoy for Norrey"
    assert data_text(ga, "Which point of a base measures movement?").startswith("Quel point")
    assert notes_for(mj).lengths["courte-2"] == "5 ou 6 tours, 2 joueurs, alliés et neutres"
    assert data_text(mj, "Black Death") == "Peste noire"
