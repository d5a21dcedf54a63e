"""The words a map or table file puts on the board (box and track names, cell labels,
scenery names) are extracted into the catalogue of the ruleset that plays on it and drawn
in French under ``fr``; places keep their printed names and the files stay as they are
(issue 16)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QPainter

from boardapp.core.base.i18n import set_language
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui import map_items
from boardapp.ui.board_scene import BoardScene
from boardapp.ui.table_items import SceneryItem
from boardapp.ui.table_scene import TableScene

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = runpy.run_path(str(ROOT / "packaging" / "catalogues.py"))


def _source(domain: str):
    return next(s for s in CATALOGUES["sources"]() if s.domain == domain)


def test_each_map_file_belongs_to_the_ruleset_that_names_it():
    games = ROOT / "rulesets"
    names = {folder: [p.name for p in CATALOGUES["map_files"](games / folder)]
             for folder in ("lion_in_winter", "lily_ermine", "guet_apens", "hex_demo")}
    assert names["lion_in_winter"] == ["lion_in_winter.yaml"]
    assert names["lily_ermine"] == ["lily_ermine.yaml", "lily_ermine_tactical.yaml"]
    assert "guet-apens-iii.yaml" in names["guet_apens"]  # a scenario's table
    assert all(n.startswith("guet-apens-") for n in names["guet_apens"])
    assert names["hex_demo"] == ["sample_hex.yaml"]


def test_the_map_words_are_in_the_games_catalogue_without_places_or_numbers():
    lion = {m.id: m for m in CATALOGUES["extract"](_source("lion-in-winter"))}
    assert any(loc[0] == "maps/lion_in_winter.yaml" for loc in lion["English prison"].locations)
    assert "London" not in lion  # an area: a proper name, as printed
    breton = {m.id for m in CATALOGUES["extract"](_source("deux-bretagne"))}
    assert {"Turn", "Victory points", "External wars"} <= breton
    assert "1341" not in breton and "12" not in breton  # years and numbers stay
    assert "Bro Leon" not in breton  # a county (region): as printed
    guet = {m.id for m in CATALOGUES["extract"](_source("guet-apens"))}
    assert {"Small cottage", "Wood"} <= guet


def _drawn_texts(game: Game, monkeypatch) -> list[str]:
    """The texts the map layer of ``game``'s board draws (built, then painted into an
    image)."""
    drawn: list[str] = []
    real_path = map_items.text_path

    def recording_path(text, *args, **kwargs):
        drawn.append(text)
        return real_path(text, *args, **kwargs)

    real_draw = QPainter.drawText

    def recording_draw(painter, *args):
        drawn.extend(a for a in args if isinstance(a, str))
        return real_draw(painter, *args)

    monkeypatch.setattr(map_items, "text_path", recording_path)
    monkeypatch.setattr(QPainter, "drawText", recording_draw)
    scene = BoardScene()
    scene.set_game(game)
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    scene.map_layer.paint(painter, None)
    painter.end()
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize(("ruleset", "english", "french", "place"), [
    ("lion-in-winter", "English prison", "Prison anglaise", "London"),
    ("deux-bretagne", "External wars", "Guerres extérieures", "Normandi"),
    ("deux-bretagne", "Victory points", "Points de victoire", "1341"),
])
def test_a_box_or_track_of_the_map_draws_in_french(qtbot, monkeypatch, ruleset, english,
                                                   french, place):
    game = Game(find_ruleset(ruleset), seed=3)
    set_language("fr")
    drawn = _drawn_texts(game, monkeypatch)
    assert french in drawn and english not in drawn
    assert place in drawn  # places and years as printed
    bmap = game.ruleset.board_map
    assert english in [b.name for b in bmap.boxes.values()] + [
        t.name for t in bmap.tracks.values()]  # the map data itself stays English
    set_language("en")
    assert english in _drawn_texts(game, monkeypatch)


def test_the_scenery_of_a_table_reads_in_french(qtbot):
    game = Game(find_ruleset("guet-apens"), "III", seed=3)
    set_language("fr")
    scene = TableScene()
    scene.set_game(game)
    items = {i.scenery_id: i for i in scene.items() if isinstance(i, SceneryItem)}
    cottage = items["cottage"]
    assert cottage.toolTip().replace("\xa0", " ") == (
        "Petite chaumière : bâtiment, obstacle infranchissable, couvert important, "
        "hauteur 8 cm")
    labels = [c.text() for c in cottage.childItems() if hasattr(c, "text")]
    assert labels == ["Petite chaumière"]
    assert game.ruleset.board_map.name.startswith("Guet-Apens III")  # the file is English


def test_a_label_of_the_map_read_in_the_status_follows_the_language():
    """Lily's rounds are named by the time track's cells ("Spr 1487"): English in the
    state and the files, French in a French window."""
    lily = find_ruleset("lily-ermine")
    label = lily.turn_label(1)
    set_language("fr")
    assert label == "round 1 (Spr 1487)" and str(label) == "tour 1 (Print. 1487)"


def test_the_tabs_of_the_boards_are_titled_in_french(qtbot):
    from boardapp.ui.main_window import MainWindow

    set_language("fr")
    window = MainWindow(Game(find_ruleset("lily-ermine"), seed=3))
    qtbot.addWidget(window)
    titles = [window.board_tabs.tabText(i) for i in range(window.board_tabs.count())]
    assert titles[0] == "Carte stratégique"


def test_a_box_is_named_in_french_in_tooltips_and_menus(qtbot):
    from PySide6.QtCore import QPointF

    from boardapp.ui.board_menus import describe_place
    from boardapp.ui.game_notes import place_text

    game = Game(find_ruleset("lion-in-winter"), seed=3)
    bmap = game.ruleset.board_map
    prison = next(b for b in bmap.boxes.values() if b.name == "English prison")
    london = next(a for a in bmap.areas.values() if a.name == "London")
    set_language("fr")
    assert place_text(game.ruleset, prison.id) == "Prison anglaise"
    assert place_text(game.ruleset, london.id) == "London"  # a place: as printed
    x, y, w, h = prison.rect
    tip = describe_place(game, bmap, game.state, QPointF(x + w / 2, y + h / 2))
    assert tip.splitlines()[0] == "Prison anglaise"


def test_a_box_in_a_log_line_reads_in_the_readers_language(tmp_path):
    """A box's name is a message of the game's catalogue: the file keeps it English
    (and as a message), each reader draws it in their own language."""
    import json

    from boardapp.core.engine.actions import Action
    from boardapp.core.files.gamefile import load_game, save_game

    rs = find_ruleset("lion-in-winter")
    game = Game(rs, None, seed=3)
    box = next(b.id for b in rs.board_map.boxes.values() if b.name == "English prison")
    set_language("fr")
    game.play(Action.parse(f"place henry-ii {box}"))
    assert "Henry II placé(s) en Prison anglaise" in game.log[-1].render()
    path = tmp_path / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"][-1]["text"] == ["Henry II placed in English prison"]
    set_language("en")
    assert "Henry II placed in English prison" in load_game(path).log[-1].render()
    set_language("fr")
    assert "Prison anglaise" in load_game(path).log[-1].render()
