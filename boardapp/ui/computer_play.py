"""Playing against the computer at one desk: its turns, one by one, and hints.

:class:`ComputerPlay` watches the game. Whenever a side the computer plays
(:attr:`Game.seats`) is to decide, it asks a worker thread (:mod:`.computer_thinking`)
and pushes the chosen action through the controller after the delay the player set
(Game → Computer → speed), so its actions appear one by one on the board and in the log.
A progress bar and *Cancel* sit in the status bar while it thinks; *Cancel* stops it
until *Resume* (the player may then decide for it by hand). *Undo* takes back the
player's last decision together with the computer's replies. A hint asks the same
worker what the computer would play for the person to decide and lights it on the
board without playing it. By email the computer plays no side (a hint is allowed).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from boardapp.core.ai.players import Player, make_player
from boardapp.core.ai.seats import computer_sides
from boardapp.core.base.atomic import atomic_write_text
from boardapp.core.base.userdirs import config_dir

from .action_words import action_pieces
from .computer_thinking import Decision, Thinking
from .i18n import N_, _
from .seats_dialog import level_word

if TYPE_CHECKING:
    from .main_window import MainWindow

SPEEDS = ((N_("&Fast"), 0), (N_("&Normal"), 700), (N_("&Slow"), 1800))
"""Pause after each of the computer's actions, in milliseconds."""
SPEED_FILE = "computer.json"
"""In the user's config folder: ``{"delay_ms": 700}``."""


def saved_delay() -> int:
    """The pause the player chose last time (Normal if none, or unreadable)."""
    try:
        value = json.loads((config_dir() / SPEED_FILE).read_text("utf-8"))["delay_ms"]
    except (OSError, ValueError, KeyError, TypeError):
        return SPEEDS[1][1]
    return value if value in {ms for _, ms in SPEEDS} else SPEEDS[1][1]


def save_delay(ms: int) -> None:
    """Keep the pause for the next sessions (a failure to write is not worth a word)."""
    try:
        atomic_write_text(config_dir() / SPEED_FILE, json.dumps({"delay_ms": ms}))
    except OSError:
        pass


class ComputerPlay(QObject):
    """The computer's seats of the window's game: thinking, playing, undo and hints."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.paused = False
        self.thinking: Thinking | None = None
        self._purpose = ""
        """"play" or "hint": what the running thread is for."""
        self.last_hint: Decision | None = None
        self.players: dict[str, Player] = {}
        """side -> the computer's player on that seat, kept for the game: it remembers
        the positions of its turn (never going back to one); forgotten on undo."""
        self.times: list[float] = []
        """Seconds of CPU of each decision the computer made (for the player's curiosity
        and the tests)."""
        self.delay_ms = saved_delay()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.step)
        self._build_status()
        self._build_menu()
        controller = window.controller
        controller.changed.connect(self._soon)
        controller.game_replaced.connect(self._replaced)

    # -- the window's parts ----------------------------------------------------------------
    def _build_status(self) -> None:
        box = self.status = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setMaximumWidth(140)
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setToolTip(_("Stop the computer: decide for it by hand, or resume "
                                        "it from the Game menu"))
        self.cancel_button.clicked.connect(self.cancel)
        row.addWidget(self.label)
        row.addWidget(self.bar)
        row.addWidget(self.cancel_button)
        box.hide()
        self.window_.statusBar().addPermanentWidget(box)

    def _build_menu(self) -> None:
        w = self.window_
        menu = self.menu = w.game_menu.addMenu(_("&Computer"))
        self.players_action = menu.addAction(_("&Players…"), self.choose_players)
        self.players_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.hint_action = menu.addAction(_("&Hint: what would the computer do?"), self.hint)
        self.hint_action.setShortcut(QKeySequence("Ctrl+H"))
        self.resume_action = menu.addAction(_("&Resume the computer"), self.resume)
        menu.addSeparator()
        group = QActionGroup(self)
        for text, ms in SPEEDS:
            action = QAction(_("{speed} ({seconds} s between its actions)").format(
                speed=str(text), seconds=f"{ms / 1000:g}"), self, checkable=True)
            action.setChecked(ms == self.delay_ms)
            action.triggered.connect(lambda _=False, ms=ms: self.set_delay(ms))
            group.addAction(action)
            menu.addAction(action)
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """Enable what the game allows (no computer seat by email)."""
        game = self.window_.game
        by_email = game.pbem is not None
        self.players_action.setEnabled(not by_email)
        self.players_action.setToolTip(_("By email every side is a person") if by_email
                                       else "")
        self.resume_action.setEnabled(self.paused and bool(game.seats))

    def set_delay(self, ms: int) -> None:
        """The pause after each of the computer's actions."""
        self.delay_ms = ms
        save_delay(ms)

    # -- seats -----------------------------------------------------------------------------
    def choose_players(self) -> None:
        """Game → Computer → Players…: a person or the computer for each side."""
        from .seats_dialog import ask_seats

        game = self.window_.game
        seats = ask_seats(self.window_, game)
        if seats is None:
            return
        self.set_seats(seats)

    def set_seats(self, seats: dict[str, str]) -> None:
        """The computer plays ``seats`` (side -> level) from now on."""
        game = self.window_.game
        if game.pbem is not None:
            seats = {}
        self.cancel_thinking()
        game.seats = dict(seats)
        self.players.clear()
        self.paused = False
        self.refresh_menu()
        self.window_.refresh_title()
        self.window_.pbem_ui.hand.refresh()  # never the computer's hand on the screen
        self._soon()

    # -- playing ---------------------------------------------------------------------------
    def _replaced(self) -> None:
        self.cancel_thinking()
        self.players.clear()
        self.paused = False
        self.refresh_menu()
        self._soon()

    def step_soon(self) -> None:
        """Let the computer look at once whether it is to play (a window just opened)."""
        self._soon()

    def _soon(self) -> None:
        """After any change: the computer's next decision, after the player's delay."""
        if self.thinking is not None and self._purpose == "hint":
            self.cancel_thinking()
        if self.thinking is None and not self._timer.isActive():
            self._timer.start(self.delay_ms if self.window_.game.log else 0)

    def to_play(self) -> list[str]:
        """The sides the computer is to decide for now (none when paused, by email, in a
        replay or once the game is over)."""
        game = self.window_.game
        controller = self.window_.controller
        if (self.paused or not game.seats or game.pbem is not None or controller.read_only
                or game.ruleset.outcome(game.state) is not None):
            return []
        return computer_sides(game.seats, game.ruleset.deciding_sides(game.state))

    def step(self) -> None:
        """Start thinking for the first computer side to decide, if any."""
        if self.thinking is not None:
            return
        sides = self.to_play()
        if not sides:
            self.status.hide()
            return
        game = self.window_.game
        side = sides[0]
        level = game.seats[side]
        self._start(Thinking(game.ruleset, game.state, side, self.player(side, level),
                             len(game.log), self), "play",
                    _("The computer ({side}, {level}) is thinking…").format(
                        side=game.ruleset.side(side).name, level=level_word(level)))

    def player(self, side: str, level: str) -> Player:
        """The computer's player on ``side``'s seat at ``level`` (made once a game)."""
        player = self.players.get(side)
        if player is None or player.level != level:
            player = self.players[side] = make_player(level, len(self.window_.game.log) + 1)
        return player

    def _start(self, thread: Thinking, purpose: str, text: str) -> None:
        self.thinking, self._purpose = thread, purpose
        thread.progressed.connect(lambda f: self.bar.setValue(round(100 * f)))
        thread.decided.connect(self._decided)
        self.label.setText(text)
        self.bar.setValue(0)
        self.status.show()
        thread.start()

    def _decided(self, decision: Decision) -> None:
        thread, purpose = self.thinking, self._purpose
        self.thinking, self._purpose = None, ""
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        self.status.hide()
        if purpose == "hint":
            self._show_hint(decision)
            return
        game = self.window_.game
        if decision.cancelled or decision.at != len(game.log):
            self._forget(decision.side)  # it remembers a choice not played
            self._soon()  # cancelled, or the game moved on meanwhile: look again
            return
        if decision.error or decision.action is None:
            self.paused = True
            self.refresh_menu()
            self.window_.statusBar().showMessage(
                _("The computer could not decide ({why}): decide for it by hand, then "
                  "Game → Computer → Resume").format(
                    why=decision.error or _("no legal action")), 15000)
            return
        self.times.append(decision.seconds)
        self.window_.controller.push(decision.action, side=decision.side)

    def cancel(self) -> None:
        """*Cancel*: stop thinking and pause the computer until *Resume*."""
        purpose = self._purpose
        self.cancel_thinking()
        if purpose == "play":
            self.paused = True
            self.refresh_menu()
            self.window_.statusBar().showMessage(
                _("The computer is paused: decide for it by hand, or Game → Computer → "
                  "Resume"), 10000)

    def cancel_thinking(self) -> None:
        """Stop the worker (and forget its result) and the pending step."""
        self._timer.stop()
        thread = self.thinking
        if thread is None:
            return
        thread.decided.disconnect(self._decided)
        thread.cancel()
        thread.wait()
        thread.deleteLater()
        if self._purpose == "play":
            self._forget(thread.side)
        self.thinking, self._purpose = None, ""
        self.status.hide()

    def _forget(self, side: str) -> None:
        player = self.players.get(side)
        if player is not None:
            player.forget()

    def stop(self) -> None:
        """The window closes: no more thinking, no more turns."""
        self.cancel_thinking()
        self.paused = True
        self.window_.controller.changed.disconnect(self._soon)

    def resume(self) -> None:
        """Let the computer play again after *Cancel*."""
        self.paused = False
        self.refresh_menu()
        self._soon()

    # -- undo ------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the computer's replies and the person's last decision before them
        (a plain undo when the computer plays no side)."""
        game = self.window_.game
        controller = self.window_.controller
        if not game.seats or game.pbem is not None:
            controller.undo()
            return
        self.cancel_thinking()
        for player in self.players.values():
            player.forget()  # the positions of its turn are taken back with it
        self.paused = True  # no reply while the undo runs
        try:
            while game.log and game.log[-1].side in game.seats:
                if controller.undo() is None:
                    return
            if game.log:
                controller.undo()
        finally:
            self.paused = False
            self.refresh_menu()
        self._timer.stop()  # the person decides again: the computer waits for him

    # -- hints -----------------------------------------------------------------------------
    def hint(self) -> None:
        """What the computer would play now for the person to decide (nothing played)."""
        game = self.window_.game
        rs = game.ruleset
        if rs.outcome(game.state) is not None:
            self.window_.banner.show_refusal(_("The game is over: no hint"))
            return
        if game.pbem is not None and game.pbem.me is not None:
            sides = [game.pbem.me] if game.pbem.me in rs.deciding_sides(game.state) else []
        else:
            sides = [s for s in rs.deciding_sides(game.state) if s not in game.seats]
        if not sides:
            self.window_.banner.show_refusal(_("No decision of yours to hint at now"))
            return
        if self.thinking is not None:
            return
        side = sides[0]
        self._start(Thinking(rs, game.state, side, make_player("normal", len(game.log) + 1),
                             len(game.log), self), "hint",
                    _("Looking for a hint for {side}…").format(side=rs.side(side).name))

    def _show_hint(self, decision: Decision) -> None:
        game = self.window_.game
        if decision.action is None or decision.at != len(game.log):
            return
        rs = game.ruleset
        label = rs.action_label(game.state, decision.action)
        self.last_hint = decision
        self.window_.banner.show_hint(_("Hint for {side}: {action}").format(
            side=rs.side(decision.side).name, action=label))
        self.window_.controller.light(action_pieces(game.state, decision.action))
