"""The player's counter images on the board: drawn for assigned pieces (full and
reduced sides), markers and cards; the View menu switch goes back to drawn faces."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QImage, QPainter

from boardapp.core.art.assignment import CellRef
from boardapp.core.art.sheet import CounterSheet, SheetGrid
from boardapp.core.art.store import ArtStore
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui import counter_items
from boardapp.ui.counter_art_paint import CounterArt
from boardapp.ui.main_window import MainWindow
from tests.synthetic_sheet import cell_colour, write_sheet

GRID = SheetGrid(rows=2, cols=3, left=4, top=4, right=4, bottom=4, gutter_x=2, gutter_y=2)
SIZE = (4 + 4 + 2 * 2 + 3 * 80, 4 + 4 + 2 + 2 * 80)


@pytest.fixture
def art_window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    game = Game(find_ruleset("hex_demo"), None, 7)
    pids = sorted(game.state["pieces"])
    store = ArtStore(game.ruleset.id)
    store.put_sheet(CounterSheet(
        "s1", "Sheet", str(write_sheet(tmp_path / "f.png", GRID, SIZE, "front")),
        str(write_sheet(tmp_path / "b.png", GRID, SIZE, "back")), GRID))
    store.assignment.fill_row("s1", 0, 0, pids[:2])  # full and reduced sides
    store.assignment.assign_piece(pids[2], "full", CellRef("s1", "front", 1, 0))
    store.save()
    window = MainWindow(game)
    qtbot.addWidget(window)
    return window, pids


def _centre_of(item) -> tuple[int, int, int]:
    image = QImage(60, 60, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    item.paint(painter, None, None)
    painter.end()
    c = image.pixelColor(24, 28)
    return c.red(), c.green(), c.blue()


def test_assigned_pieces_show_their_images(art_window):
    window, pids = art_window
    items = window.scene.item_for_piece
    assert items[pids[0]].art is not None and items[pids[0]].art.path.endswith(
        "front-r00-c00.png")
    assert _centre_of(items[pids[0]]) == cell_colour("front", 0, 0)
    assert _centre_of(items[pids[1]]) == cell_colour("front", 0, 1)
    unassigned = [p for p in pids[3:] if p in items]
    assert unassigned and all(items[p].art is None for p in unassigned)


def test_reduced_side_shows_the_back_or_a_marked_front(art_window):
    window, pids = art_window
    art = window.counter_art
    face = window.scene.item_for_piece[pids[0]].face
    from dataclasses import replace
    reduced = replace(face, reduced=True)  # the piece flipped
    back = art.art_for(pids[0], reduced)
    assert back is not None and back.path.endswith("back-r00-c02.png") and not back.mark_reduced
    marked = art.art_for(pids[2], replace(face, reduced=True))
    assert marked == CounterArt(marked.path, True) and marked.path.endswith("front-r01-c00.png")


def test_view_switch_goes_back_to_drawn_faces(art_window):
    window, pids = art_window
    item = window.scene.item_for_piece[pids[0]]
    drawn_before = counter_items.face_look(item.face, item.simple)
    window.counter_art.show_action.setChecked(False)
    assert item.art is None and item._look is drawn_before
    assert _centre_of(item) != cell_colour("front", 0, 0)
    window.counter_art.show_action.setChecked(True)
    assert item.art is not None


def test_every_zoom_uses_the_shared_face_cache(art_window):
    window, pids = art_window
    item = window.scene.item_for_piece[pids[0]]
    look = item._look
    counter_items.FACES.clear()
    for scale in (0.5, 1.0, 4.0):
        pixmap = counter_items.face_pixmap(look, False, scale, 1.0)
        assert pixmap.width() == pytest.approx(look.bounds.width() * scale, abs=1)
        assert counter_items.face_pixmap(look, False, scale, 1.0) is pixmap
    for simple in (False, True):  # the level of detail keeps the image
        item.set_simple(simple)
        assert _centre_of(item) == cell_colour("front", 0, 0)


def _store_with_sheet(tmp_path, game_id: str) -> ArtStore:
    store = ArtStore(game_id)
    store.put_sheet(CounterSheet(
        "s1", "Sheet", str(write_sheet(tmp_path / "f.png", GRID, SIZE, "front")), None, GRID))
    return store


def test_hand_shows_card_images(qtbot, tmp_path, monkeypatch):
    from tests.council import Council3

    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    game = Game(Council3(), None, 5)
    side = game.ruleset.acting_side(game.state)
    card = game.ruleset.hand_actions(game.state, side)[0].args[0]
    store = _store_with_sheet(tmp_path, game.ruleset.id)
    store.assignment.assign("cards", card, CellRef("s1", "front", 1, 2))
    store.save()
    window = MainWindow(game)
    qtbot.addWidget(window)
    dock = window.pbem_ui.hand
    dock.cover.click()
    images = dock.findChildren(type(dock.heading), "card-image")
    assert len(images) == 1 and images[0].toolTip() == card
    assert images[0].pixmap().toImage().pixelColor(40, 60).blue() == cell_colour(
        "front", 1, 2)[2]
    window.counter_art.show_action.setChecked(False)  # back to words only
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not dock.findChildren(type(dock.heading), "card-image")
    assert dock.play_buttons()


def test_markers_show_their_images(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    game = Game(find_ruleset("hex_demo"), None, 7)
    store = _store_with_sheet(tmp_path, game.ruleset.id)
    store.assignment.assign("markers", "Siege 1", CellRef("s1", "front", 0, 1))
    store.save()
    window = MainWindow(game)
    qtbot.addWidget(window)
    layer = window.scene.place_markers
    place = next(iter(window.game.ruleset.board_map.areas))
    layer.sync({place: ["Siege 1", "Pillage"]})
    chips = {chip.text: chip for chip in layer._chips.values()}
    assert chips["Siege 1"].art is not None and chips["Pillage"].art is None
    assert chips["Siege 1"].boundingRect().width() > 30  # an image, not a text chip
    window.counter_art.show_action.setChecked(False)
    layer.sync({place: ["Siege 1", "Pillage"]})
    assert all(chip.art is None for chip in layer._chips.values())
