"""Playing against the computer in the window (issue 20, points 1-3 and 5).

The computer thinks in a worker thread and its actions come one by one through the
controller; Cancel pauses it; Undo takes back the person's last decision with the
computer's replies; a hint lights what it would play without playing it; by email it
plays no side. Its seats are saved in the game file and refused in a file by email.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.ai.seats import check_seats, computer_sides, everyone_but
from boardapp.core.base.errors import BoardappError, GameFileError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.files.gamefile import dumps_game, game_to_json, loads_game
from boardapp.core.pbem.pbem import new_pbem_game
from boardapp.ui import computer_play
from boardapp.ui.main_window import MainWindow
from boardapp.ui.start_page import StartChoice


@pytest.fixture(autouse=True)
def _quiet(monkeypatch):
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def window(qtbot, seats: dict[str, str], rid: str = "hex-demo", seed: int = 1) -> MainWindow:
    game = Game(find_ruleset(rid), None, seed)
    game.seats = dict(seats)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.computer.set_delay(0)
    return win


def play_person(win: MainWindow) -> None:
    """The person (never a computer seat) ends his turn, or else takes his first legal
    action."""
    game = win.game
    side = next(s for s in game.ruleset.deciding_sides(game.state) if s not in game.seats)
    legal = list(game.ruleset.legal_actions(game.state, side))
    flow = [a for a in game.ruleset.flow_actions(game.state) if a in legal]
    action = (flow or legal)[0]
    assert win.controller.push(action, side=side) is not None


# -- the seats -------------------------------------------------------------------------------
def test_seats_are_checked():
    sides = ["red", "blue"]
    assert check_seats(sides, {"blue": "normal"}) == {"blue": "normal"}
    assert check_seats(sides, None) == {}
    for bad in ({"green": "normal"}, {"blue": "genius"}, ["blue"]):
        with pytest.raises(BoardappError):
            check_seats(sides, bad)
    with pytest.raises(BoardappError, match="by email"):
        check_seats(sides, {"blue": "random"}, by_email=True)
    assert everyone_but(["a", "b", "c"], "b", "strong") == {"a": "strong", "c": "strong"}
    assert computer_sides({"b": "random"}, ["a", "b"]) == ["b"]


def test_a_game_against_the_computer_reopens_against_it():
    game = Game(find_ruleset("hex-demo"), None, 3)
    game.seats = {"blue": "strong"}
    text = dumps_game(game)
    assert json.loads(text)["seats"] == {"blue": "strong"}
    assert loads_game(text).seats == {"blue": "strong"}
    game.seats = {}
    assert "seats" not in game_to_json(game)  # people only: the file stays as it was


def test_a_file_with_a_bad_seat_names_the_place():
    game = Game(find_ruleset("hex-demo"), None, 3)
    data = game_to_json(game)
    data["seats"] = {"blue": "genius"}
    with pytest.raises(GameFileError, match="seats"):
        loads_game(json.dumps(data))


# -- its turns ---------------------------------------------------------------------------------
def test_the_computer_answers_the_person_through_the_log(qtbot):
    win = window(qtbot, {"blue": "random"})
    game = win.game
    for _ in range(40):  # the person plays until blue is to decide, then blue answers
        if "blue" in game.ruleset.deciding_sides(game.state):
            break
        play_person(win)
    qtbot.waitUntil(lambda: any(e.side == "blue" for e in game.log), timeout=20000)
    assert all(e.side in ("red", "blue") for e in game.log)
    assert win.computer.times and all(t >= 0 for t in win.computer.times)
    assert "computer" in win.banner.who_label.text() or \
        "blue" not in game.ruleset.deciding_sides(game.state)


def test_the_computer_plays_the_first_side_at_once_when_it_opens(qtbot):
    win = window(qtbot, {"red": "random"})
    qtbot.waitUntil(lambda: bool(win.game.log), timeout=20000)
    assert win.game.log[0].side == "red"


def test_cancel_pauses_the_computer_until_resume(qtbot, monkeypatch):
    started = []
    original = computer_play.Thinking.start

    def held(self):  # the thread starts only once the test looked at it
        started.append(self)
        self.cancel()
        original(self)

    monkeypatch.setattr(computer_play.Thinking, "start", held)
    win = window(qtbot, {"red": "normal"})
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    win.computer.cancel()
    assert win.computer.paused and win.computer.thinking is None
    assert win.computer.resume_action.isEnabled()
    qtbot.wait(200)
    assert not win.game.log  # nothing played while paused
    monkeypatch.setattr(computer_play.Thinking, "start", original)
    win.computer.resume()
    qtbot.waitUntil(lambda: bool(win.game.log), timeout=20000)
    assert win.game.log[0].side == "red" and not win.computer.paused


def play_until_blue_replied(qtbot, win) -> None:
    """The person (red) plays until the computer's blue has replied at least once."""
    game = win.game
    while not any(e.side == "blue" for e in game.log):
        if any(s not in game.seats for s in game.ruleset.deciding_sides(game.state)):
            play_person(win)
        qtbot.waitUntil(lambda: win.computer.thinking is None
                        and not win.computer._timer.isActive(), timeout=20000)


def test_undo_takes_back_the_persons_decision_and_the_replies(qtbot):
    win = window(qtbot, {"blue": "random"})
    game = win.game
    play_until_blue_replied(qtbot, win)
    last_red = max(i for i, e in enumerate(game.log) if e.side == "red")
    win.undo()
    assert len(game.log) == last_red
    assert "red" in game.ruleset.deciding_sides(game.state)  # the person decides again
    qtbot.wait(100)
    assert len(game.log) == last_red  # the computer waits for the person again


def test_each_seat_keeps_its_player_for_the_game_and_undo_forgets_its_turn(qtbot):
    win = window(qtbot, {"blue": "random"})
    game = win.game
    play_until_blue_replied(qtbot, win)
    player = win.computer.players["blue"]
    assert win.computer.player("blue", "random") is player  # one player a seat
    player.memory.begin(game.ruleset, game.state, "blue")
    win.undo()
    assert not player.memory._turns  # the turn it remembered was taken back
    assert win.computer.player("blue", "normal") is not player  # another level


# -- hints -----------------------------------------------------------------------------------
def test_a_hint_lights_its_counters_and_plays_nothing(qtbot):
    win = window(qtbot, {})
    lit = []
    win.controller.lit.connect(lit.append)
    win.computer.hint()
    qtbot.waitUntil(lambda: win.computer.last_hint is not None, timeout=20000)
    hint = win.computer.last_hint
    assert not win.game.log
    assert hint.action in win.game.ruleset.legal_actions(win.game.state, hint.side)
    assert win.banner.hint_label.isVisibleTo(win) and "Hint for" in win.banner.hint_label.text()
    assert lit and set(lit[-1]) <= set(win.game.state["pieces"])
    play_person(win)
    assert not win.banner.hint_label.isVisibleTo(win)  # the position changed


# -- starting ---------------------------------------------------------------------------------
def test_the_start_page_starts_a_game_against_the_computer(qtbot):
    win = window(qtbot, {})
    assert win.start_choice(StartChoice("new", "lion-in-winter", "", opponent="random"))
    game = win.game
    sides = game.ruleset.playing_sides(game.state)
    assert game.ruleset.id == "lion-in-winter"
    assert game.seats == {s: "random" for s in sides[1:]} and sides[0] not in game.seats


def test_by_email_the_computer_plays_no_side(qtbot):
    game = new_pbem_game(find_ruleset("hex-demo"), None, {"red": "Ann", "blue": "Bob"},
                         "red", "ann's passphrase", kdf_n=2 ** 4)
    game.seats = {"blue": "random"}  # as a damaged or hand-edited game might carry
    win = MainWindow(game)
    qtbot.addWidget(win)
    assert not win.computer.players_action.isEnabled()
    assert win.computer.to_play() == []
    win.computer.set_seats({"blue": "random"})
    assert win.game.seats == {}
    assert "seats" not in game_to_json(win.game)
    win.computer.hint()  # a hint for one's own side is allowed
    qtbot.waitUntil(lambda: win.computer.last_hint is not None, timeout=20000)
    assert win.computer.last_hint.side == "red" and not win.game.log


def test_the_hand_on_screen_is_the_persons_never_the_computers(qtbot):
    game = Game(find_ruleset("deux-bretagne"), None, 4)
    first = game.ruleset.acting_side(game.state)
    other = next(s for s in game.ruleset.playing_sides(game.state) if s != first)
    win = MainWindow(game)
    qtbot.addWidget(win)
    hand = win.pbem_ui.hand
    assert hand.viewing_side() == first and hand.covered  # two people pass the screen
    win.computer.paused = True  # the computer may not move while we look
    win.computer.set_seats({first: "random"})
    win.computer.paused = True
    assert hand.viewing_side() == other and not hand.hot_seat
    hand.refresh()
    assert not hand.covered  # one person at the desk: no screen to pass
    assert hand.shown_lines() == list(game.ruleset.secret_lines(game.state, other))
    win.computer.set_seats({other: "random"})  # now the person is the first side...
    win.computer.paused = True
    hand.refresh()
    assert hand.viewing_side() == first and not hand.covered  # ...still nothing to pass
    assert hand.shown_lines() == list(game.ruleset.secret_lines(game.state, first))
