"""Finding one's way (issue 15): the start page, the Decisions panel, the banner, the
Help menu, game data shared between games, the application icon."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QMessageBox

from boardapp.core.engine.actions import Action
from boardapp.core.engine.data_action import data_action
from boardapp.core.engine.datashare import read_data_file, unknown_count
from boardapp.core.engine.datasheets import get_cell, read_sheet
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
from boardapp.ui.game_notes import cited_sections, section_note
from boardapp.ui.main_window import MainWindow
from boardapp.ui.start_page import StartPage
from boardapp.ui.thumbnails import thumbnail, thumbnail_path


@pytest.fixture(autouse=True)
def answers(monkeypatch) -> dict:
    """Questions answer what the test says (No unless told); errors are recorded."""
    said: dict = {"answer": QMessageBox.StandardButton.No, "asked": [], "errors": []}

    def question(parent, title, text, *a, **k):
        said["asked"].append(text)
        return said["answer"]
    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: said["errors"].append(text))
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    return said


def open_window(qtbot, ruleset_id: str, seed: int = 7) -> MainWindow:
    win = MainWindow(Game(find_ruleset(ruleset_id), None, seed))
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


def click(qtbot, widget, double: bool = False) -> None:
    centre = widget.rect().center()
    if double:
        qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=centre)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)


def row_for(win: MainWindow, verb: str):
    return next(r for r in win.decisions.rows if r.action.verb == verb)


# -- 1. the start page ---------------------------------------------------------------------
def test_start_page_lists_every_scenario_and_one_click_starts_each(qtbot):
    page = StartPage()
    qtbot.addWidget(page)
    page._pending.clear()  # no pictures here (tested below)
    page.show()
    wanted = [(cls.id, sid) for cls in available_rulesets().values()
              for sid in cls().scenarios()]
    buttons = page.scenario_buttons()
    shown = [(card.ruleset.id, b.property("scenario")) for card in page.cards
             for b in card.buttons]
    assert sorted(shown) == sorted(wanted) and len(buttons) == len(wanted)
    for card in page.cards:
        words = card.findChildren(QLabel)[1].text()
        # Two players for most games; Montjoie! is played by 2 to 6.
        assert card.ruleset.name in words and "Players: " in words
        assert "Players: 2" in words or card.ruleset.id == "montjoie"
        assert f"Rules: {card.ruleset.rules_name}" in words
    lengths = [b.text() for b in buttons]
    assert any("2 turns (1341-1342)" in t for t in lengths)
    assert any("13 rounds" in t for t in lengths)
    win = open_window(qtbot, "hex-demo")
    for (rid, sid), button in zip(shown, buttons, strict=True):
        page.choice = None
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert page.choice is not None and page.choice.kind == "new"
        assert win.start_choice(page.choice)
        assert (win.game.ruleset.id, win.game.state["scenario"]) == (rid, sid)
        assert win.scene.item_for_piece  # the board shows its counters
        assert win.banner.prompt_label.text() == win.game.ruleset.prompt(win.game.state)


def test_board_pictures_are_drawn_once_then_read_from_the_cache():
    ruleset = find_ruleset("hex-demo")
    path = thumbnail_path(ruleset, "demo")
    assert not path.exists()
    image = thumbnail(ruleset, "demo")
    assert not image.isNull() and image.width() == 240 and path.is_file()
    stamp = path.stat().st_mtime_ns
    assert thumbnail(ruleset, "demo").size() == image.size()
    assert path.stat().st_mtime_ns == stamp


def test_file_new_game_opens_the_start_page(qtbot, monkeypatch):
    win = open_window(qtbot, "hex-demo")
    from boardapp.ui import main_window
    from boardapp.ui.start_page import StartChoice
    monkeypatch.setattr(main_window, "ask_start",
                        lambda parent: StartChoice("new", "lion-in-winter", "1183"))
    win.start_action.trigger()
    assert win.game.ruleset.id == "lion-in-winter"
    assert win.start_action.shortcut().toString() == "Ctrl+N"


# -- 2. the Decisions panel ----------------------------------------------------------------
@pytest.mark.parametrize("ruleset_id, verb", [("hex-demo", "end"),
                                              ("lion-in-winter", "roll-initiative")])
def test_a_double_click_takes_one_decision(qtbot, ruleset_id, verb):
    win = open_window(qtbot, ruleset_id)
    before = len(win.game.log)
    row = row_for(win, verb)
    click(qtbot, row)
    click(qtbot, row, double=True)  # the rest of a quick double click, then a third click
    for later in win.decisions.rows:  # whatever row is now under the mouse
        click(qtbot, later)
    assert [e.action.verb for e in win.game.log[before:]] == [verb]  # no stray roll


def test_rows_stay_in_place_while_the_choices_stay_the_same(qtbot):
    win = open_window(qtbot, "deux-bretagne")
    rows = list(win.decisions.rows)
    win.controller.roll()  # a die roll changes no choice
    assert win.decisions.rows == rows
    assert all(r.isVisible() for r in rows)


def _play_until(win: MainWindow, wanted, seed: int = 5, limit: int = 400) -> None:
    rng = random.Random(seed)
    game = win.game
    for _ in range(limit):
        if wanted(win):
            return
        acts = list(game.legal_actions())
        assert acts, "the game ended first"
        game.push(rng.choice(acts))
        win.controller.changed.emit()
    raise AssertionError("never reached")


def test_a_choice_shows_its_counter_and_cost_and_hover_lights_it(qtbot):
    win = open_window(qtbot, "deux-bretagne")
    _play_until(win, lambda w: any(r.action.verb == "pay" for r in w.decisions.rows))
    row = row_for(win, "pay")
    pid = row.action.arg(0)
    state = win.game.state
    name = win.game.ruleset.piece_name(state, pid)
    assert row.pieces == [pid] and name in row.words
    assert row.cost.endswith(" PS") and f"Cost: {row.cost}" in [
        w.text() for w in row.findChildren(type(row.label))]
    icons = [w for w in row.findChildren(type(row.label)) if w.pixmap() and
             not w.pixmap().isNull()]
    assert icons and icons[0].toolTip() == name
    QTest.mouseMove(row, row.rect().center())
    row.enterEvent(None) if not win.lights["main"].rings else None
    assert pid in win.lights["main"].rings
    ring = win.lights["main"].rings[pid]
    assert ring.scene() is win.scene and ring.isVisible()
    row.leaveEvent(None)
    assert not win.lights["main"].rings


def test_next_phase_with_points_unspent_says_what_is_lost(qtbot, answers):
    seed = next(s for s in range(1, 40) if _rp_after_roll(s) > 0)
    win = open_window(qtbot, "lily-ermine", seed)
    click(qtbot, row_for(win, "roll-rp"))
    rp = win.game.state["vars"]["rp"]["france"]
    win.decisions._arm()  # the double-click interval has passed
    row = row_for(win, "next-phase")
    assert f"{rp} RP unspent are lost (7.2)" in row.loss_label.text()
    before = len(win.game.log)
    click(qtbot, row)
    assert answers["asked"] and f"{rp} RP unspent are lost" in answers["asked"][-1]
    assert len(win.game.log) == before  # answered No: nothing happened
    win.decisions._arm()
    answers["answer"] = QMessageBox.StandardButton.Yes
    click(qtbot, row_for(win, "next-phase"))
    assert win.game.log[-1].action.verb == "next-phase" or \
        win.game.log[before].action.verb == "next-phase"


def _rp_after_roll(seed: int) -> int:
    game = Game(find_ruleset("lily-ermine"), None, seed)
    game.push("roll-rp")
    return game.state["vars"]["rp"]["france"]


def test_the_game_menu_warns_too(qtbot, answers):
    win = open_window(qtbot, "lion-in-winter")
    _play_until(win, lambda w: any(r.action.verb == "pass" for r in w.decisions.rows))
    assert "impulse is spent" in row_for(win, "pass").loss
    before = len(win.game.log)
    next(a for a in win.game_actions() if a.data() == "pass").trigger()
    assert "impulse is spent" in answers["asked"][-1] and len(win.game.log) == before


# -- 4. the banner -------------------------------------------------------------------------
def test_the_banner_says_turn_phase_who_and_what_to_do(qtbot):
    win = open_window(qtbot, "lily-ermine")
    banner = win.banner
    assert "round 1" in banner.turn_label.text()
    assert "Reinforcements & Replacements" in banner.turn_label.text()
    assert banner.who_label.text() == "France to decide"
    assert banner.prompt_label.text() == win.game.ruleset.prompt(win.game.state)
    assert "France to decide" in win.windowTitle()


def test_a_refusal_names_things_and_leaves_the_prompt(qtbot):
    win = open_window(qtbot, "lion-in-winter")
    prompt = win.banner.prompt_label.text()
    state = win.game.state
    pid = next(p for p in state["pieces"] if p == "william-marshal")
    assert win.controller.push(Action.of("move", pid, "anjou")) is None
    text = win.banner.refusal_label.text()
    assert text and "'move william-marshal" not in text
    assert win.game.ruleset.piece_name(state, pid) in text
    assert not win.banner.refusal_label.isHidden()
    assert win.banner.prompt_label.text() == prompt and not win.banner.prompt_label.isHidden()
    win.banner._timer.timeout.emit()  # a few seconds later
    assert win.banner.refusal_label.isHidden()


# -- 5. Help -------------------------------------------------------------------------------
def test_help_menu_guide_shortcuts_legend_about_and_rule_notes(qtbot):
    win = open_window(qtbot, "deux-bretagne")
    help_ = win.help_menu
    assert "Les Deux Bretagne" in help_.guide_html() and "Action phase" in help_.guide_html()
    assert "Ctrl+Z" in help_.shortcuts_html() and "Ctrl+N" in help_.shortcuts_html()
    legend = help_.legend_html()
    assert "Blois" in legend and "Montfort" in legend and "data:image/png" in legend
    assert "boardapp 0.1" in help_.about_html() and "LGPL" in help_.about_html()
    rs = win.game.ruleset
    assert cited_sections(rs, "Blois moves (Deux Bretagne 8.21, 8.23)") == ["8.21", "8.23"]
    assert cited_sections(rs, "Blois moves [Deux Bretagne 8.21]") == ["8.21"]  # as logged
    assert section_note(rs, "8.21")[0] == "8.2"
    assert "No note yet" in section_note(rs, "77.7")[1]
    html = help_.section_html("Blois moves (Deux Bretagne 8.21)")
    assert "Entering enemy territory" in html and "not the rule text" in html
    assert win.menuBar().actions()[-1].text() == "&Help"
    assert not win.windowIcon().isNull()


# -- 6. game data shared between games -----------------------------------------------------
def test_export_then_import_game_data(qtbot, tmp_path, monkeypatch):
    first = open_window(qtbot, "lily-ermine")
    rs = first.game.ruleset
    sheet = rs.data_sheets()[0]
    values = rs.sheet_values(first.game.state, sheet.id)
    key, sub = _unknown_cell(sheet, values)
    value = sheet.cell_type(sub).low or 1 if sheet.cell_type(sub).kind == "int" else \
        (sheet.cell_type(sub).choices or ("x",))[0]
    assert first.controller.push(data_action(sheet, [(key, sub, value)])) is not None
    path = tmp_path / "ours.boardapp-data"
    assert first.data_share.export_to(str(path))
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["ruleset"] == "lily-ermine" and sheet.id in doc["sheets"]

    second = open_window(qtbot, "lily-ermine", seed=9)
    assert second.data_share.notice_shown()  # a new game with unknown values says so
    unknown = unknown_count(second.game.ruleset, second.game.state)
    assert second.data_share.import_from(str(path)) == 1
    assert get_cell(sheet, second.game.ruleset.sheet_values(second.game.state, sheet.id),
                    key, sub) == value
    assert unknown_count(second.game.ruleset, second.game.state) == unknown - 1
    assert second.game.log[-1].action.verb == "data" and not second.data_share.notice_shown()
    second.controller.undo()  # one action, one undo step
    assert get_cell(sheet, second.game.ruleset.sheet_values(second.game.state, sheet.id),
                    key, sub) is None

    # ... and as the defaults of new games (a copy of the ruleset's file here)
    copy = tmp_path / sheet.file.name
    copy.write_bytes(sheet.file.read_bytes())
    moved = [replace(s, file=copy) if s.file == sheet.file else s for s in rs.data_sheets()]
    monkeypatch.setattr(type(second.game.ruleset), "data_sheets", lambda self: moved)
    assert second.data_share.import_defaults_from(str(path)) == 1
    assert get_cell(sheet, read_sheet(replace(sheet, file=copy)), key, sub) == value


def test_a_bad_game_data_file_is_refused_with_its_place(qtbot, tmp_path, answers):
    win = open_window(qtbot, "lily-ermine")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"boardapp": "game-data", "version": 1,
                                "ruleset": "lily-ermine", "sheets": {"nope": {}}}))
    assert win.data_share.import_from(str(path)) == -1
    assert "sheets.nope" in answers["errors"][-1] and str(path) in answers["errors"][-1]
    path.write_text("{not json")
    with pytest.raises(Exception, match="line 1"):
        read_data_file(win.game.ruleset, path)
    assert not win.game.log


def test_a_game_without_unknown_values_shows_no_notice(qtbot):
    assert not open_window(qtbot, "hex-demo").data_share.notice_shown()


def _unknown_cell(sheet, values):
    for key, item in values.items():
        if sheet.layout == "records":
            for sub in sheet.fields:
                if item.get(sub) is None:
                    return key, sub
        elif sheet.layout == "grid":
            for sub, v in zip(sheet.row_labels, item, strict=False):
                if v is None and (key, sub) not in sheet.unused:
                    return key, sub
        elif item is None:
            return key, "value"
    raise AssertionError("no unknown cell")


def test_clicking_between_rows_takes_nothing(qtbot):
    win = open_window(qtbot, "hex-demo")
    before = len(win.game.log)
    QTest.mouseClick(win.decisions.who, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert len(win.game.log) == before


# -- 7. the icon and the desktop entry -----------------------------------------------------
def test_icon_desktop_entry_and_mime_type_of_game_files():
    import configparser
    import xml.etree.ElementTree as ET

    from boardapp.paths import PROJECT_ROOT
    from boardapp.ui.app_icon import ICON_SIZES, app_icon

    icons = PROJECT_ROOT / "assets" / "icons"
    assert (icons / "boardapp.svg").is_file()
    assert all((icons / f"boardapp-{n}.png").is_file() for n in ICON_SIZES)
    assert sorted(s.width() for s in app_icon().availableSizes()) == sorted(ICON_SIZES)
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(PROJECT_ROOT / "packaging" / "boardapp.desktop")
    desktop = entry["Desktop Entry"]
    assert desktop["Icon"] == "boardapp"
    assert desktop["MimeType"].strip(";").split(";") == ["application/x-boardapp-game"]
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(PROJECT_ROOT / "packaging" / "boardapp-mime.xml").getroot()
    kind = mime.find("m:mime-type", ns)
    assert kind.get("type") == "application/x-boardapp-game"
    assert kind.find("m:glob", ns).get("pattern") == "*.boardapp"
    assert '"format": "boardapp-game"' in kind.find("m:magic/m:match", ns).get("value")


def test_a_saved_game_begins_as_the_mime_type_says(tmp_path):
    from boardapp.core.files.gamefile import save_game

    path = tmp_path / "g.boardapp"
    save_game(Game(find_ruleset("hex-demo"), None, 1), path)
    assert '"format": "boardapp-game"' in path.read_text(encoding="utf-8")[:64]


def test_a_double_click_on_roll_rolls_once(qtbot):
    win = open_window(qtbot, "deux-bretagne")
    button = win.toolbar.widgetForAction(win.roll_action)
    click(qtbot, button)
    click(qtbot, button, double=True)
    assert [e.action.verb for e in win.game.log] == ["roll"]
    click(qtbot, button)  # a later single click rolls again
    assert len(win.game.log) == 2


def test_the_start_page_opens_over_a_window_started_without_a_file(qtbot, monkeypatch):
    from boardapp.ui.app import wants_start_page

    monkeypatch.delenv("BOARDAPP_RULESET", raising=False)
    win = open_window(qtbot, "hex-demo")
    assert wants_start_page(win, None, None)
    assert not wants_start_page(win, None, "hex-demo")  # a game asked for by name
    win.controller.roll()
    assert not wants_start_page(win, None, None)  # a game restored after a crash is dirty
    monkeypatch.setenv("BOARDAPP_RULESET", "hex-demo")
    assert not wants_start_page(open_window(qtbot, "hex-demo"), None, None)
