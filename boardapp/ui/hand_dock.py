"""The "Hand" dock: what only the viewing player may see (``Ruleset.secret_lines``: the
ruleset's private lines and the player's sealed choice), and the actions played from it.

By email the viewer is the local player, and the state already shows the other players'
secrets as "?". In hot-seat play the viewer is the side the game waits for
(``Ruleset.acting_side``), and both players sit at the same screen: whenever that side
changes, the dock is covered by a button "Pass the screen to <side> — click to show",
so the hand is shown only once its owner asks. When several players decide at once (a
sealed choice), the side to act is the first of them who has not decided: the cover
passes the screen from one to the next. A ruleset with no secrets has no dock.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game

from .click_guard import guard_buttons
from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow

CARD_HEIGHT = 84
"""Pixels of a card's image in the hand."""
COVER_STYLE = ("QPushButton { background: #37474f; color: white; font-size: 13px; "
               "font-weight: bold; padding: 14px; border-radius: 6px; }")


def group_by_first_argument(game: Game, actions: list[Action]
                            ) -> list[tuple[str, list[tuple[str, Action]]]]:
    """Rows of hand actions: those on the same thing (same verb and first argument, e.g.
    one card) share a row headed by their labels' common words, one short button each
    ("Play B-12 Jean de Normandie as" + ACT, REC, SOL, EVT)."""
    rows: dict[tuple[str, str], list[Action]] = {}
    for action in actions:
        rows.setdefault((action.verb, action.args[0] if action.args else ""), []).append(action)
    out = []
    for row in rows.values():
        labels = [game.ruleset.action_label(game.state, a) for a in row]
        if len(row) == 1:
            out.append(("", [(labels[0], row[0])]))
            continue
        common = os.path.commonprefix(labels)
        common = common[:common.rfind(" ") + 1] if " " in common else ""
        out.append((common.strip(), [(label[len(common):] or label, a)
                                     for label, a in zip(labels, row, strict=True)]))
    return out


def has_secrets(game: Game) -> bool:
    """Whether the ruleset keeps anything from some player (a hand...)."""
    state = game.state
    ruleset = game.ruleset
    return bool(ruleset.hidden_paths(state)) or any(
        ruleset.secret_lines(state, s.id) for s in ruleset.sides)


def side_name(game: Game, side: str) -> str:
    try:
        return game.ruleset.side(side).name
    except KeyError:
        return side


class HandDock(QDockWidget):
    """The viewing player's private lines, behind a cover in hot-seat play."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Hand"), window)
        self.window_ = window
        self.setObjectName("hand")
        self.viewer: str | None = None
        """The side whose hand the dock is for (``None``: nobody's, read-only)."""
        self.covered = True
        self.card_art: Callable[[str], str | None] | None = None
        """The player's image file of a card, by card id (``None``: none); see
        :mod:`boardapp.ui.counter_art`."""
        self.cover = QPushButton()
        self.cover.setStyleSheet(COVER_STYLE)
        self.cover.setCursor(Qt.CursorShape.PointingHandCursor)
        self.cover.clicked.connect(self.reveal)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: bold;")
        self.lines = QListWidget()
        self.lines.setWordWrap(True)
        self.plays = QVBoxLayout()
        self.plays.setSpacing(2)
        self.hide_button = QPushButton(_("Hide"))
        self.hide_button.setToolTip(_("Cover the hand again"))
        self.hide_button.clicked.connect(self.cover_hand)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.heading)
        layout.addWidget(self.lines, 1)
        layout.addLayout(self.plays)
        layout.addWidget(self.hide_button, 0, Qt.AlignmentFlag.AlignRight)
        cover_page = QWidget()
        cover_layout = QVBoxLayout(cover_page)
        cover_layout.setContentsMargins(6, 6, 6, 6)
        cover_layout.addWidget(self.cover)
        cover_layout.addStretch(1)
        self.pages = QStackedWidget()
        self.pages.addWidget(cover_page)
        self.pages.addWidget(page)
        self.setWidget(self.pages)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        window.resizeDocks([window.log_dock, self], [620, 200], Qt.Orientation.Vertical)
        self.toggle = self.toggleViewAction()
        self.toggle.setText(_("Show &hand"))
        window.controller.changed.connect(self.refresh)
        window.controller.game_replaced.connect(self.reset)
        self.reset()

    @property
    def game(self) -> Game:
        return self.window_.game

    def viewing_side(self) -> str | None:
        """Whose hand to show: the local player by email, else the side to act — but
        never a side the computer plays: then the (first) person's."""
        game = self.game
        if game.pbem is not None:
            return game.pbem.me
        acting = game.ruleset.acting_side(game.state)
        if acting in game.seats:
            people = self._people()
            return people[0] if people else acting  # computers only: a spectator's view
        return acting

    def _people(self) -> list[str]:
        game = self.game
        return [s for s in game.ruleset.playing_sides(game.state) if s not in game.seats]

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen (one person against the computer does not
        pass it to anyone)."""
        game = self.game
        return game.pbem is None and (not game.seats or len(self._people()) > 1)

    def reset(self) -> None:
        """Another game: covered again, shown only if the ruleset has secrets."""
        self.viewer = None
        self.covered = True
        wanted = has_secrets(self.game)
        self.toggle.setEnabled(wanted)
        self.setVisible(wanted)
        self.refresh()

    def refresh(self) -> None:
        """Follow the game: cover the dock when the viewing side changes (hot-seat)."""
        side = self.viewing_side()
        if side != self.viewer:
            self.viewer = side
            self.covered = self.hot_seat
        elif not self.hot_seat:
            self.covered = False  # one person against the computer: no screen to pass
        self._draw()

    def reveal(self) -> None:
        """The player at the screen asks to see their hand."""
        self.covered = False
        self._draw()

    def cover_hand(self) -> None:
        """Cover the hand again (hot-seat), e.g. before leaving the screen."""
        if self.hot_seat:
            self.covered = True
            self._draw()

    def shown_lines(self) -> list[str]:
        """The lines the dock shows now (empty while covered)."""
        return [self.lines.item(i).text() for i in range(self.lines.count())]

    def play_buttons(self) -> list[QPushButton]:
        """The buttons of the actions played from the hand (shown only uncovered)."""
        rows = [self.plays.itemAt(i).widget() for i in range(self.plays.count())]
        return [b for row in rows for b in row.findChildren(QPushButton)]

    def _card_image(self, action: Action) -> QLabel | None:
        """The player's image of the card ``action`` plays, if he assigned one."""
        if self.card_art is None or not action.args:
            return None
        path = self.card_art(str(action.args[0]))
        pixmap = QPixmap(path) if path else QPixmap()
        if pixmap.isNull():
            return None
        label = QLabel()
        label.setObjectName("card-image")
        label.setPixmap(pixmap.scaledToHeight(CARD_HEIGHT,
                                              Qt.TransformationMode.SmoothTransformation))
        label.setToolTip(str(action.args[0]))
        return label

    def _clear_plays(self) -> None:
        while self.plays.count():
            widget = self.plays.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()

    def _draw(self) -> None:
        game = self.game
        self.lines.clear()
        self._clear_plays()
        side = self.viewer
        self.hide_button.setVisible(self.hot_seat)
        if side is None:
            self.heading.setText(_("Opened read-only: no hand is shown. Open the game with "
                                   "your passphrase to see yours."))
            self.pages.setCurrentIndex(1)
            return
        name = side_name(game, side)
        if self.covered:
            self.cover.setText(_("Pass the screen to {player}\n— click to show —").format(
                player=name))
            self.cover.setToolTip(_("Only {player} may look at this hand").format(player=name))
            self.pages.setCurrentIndex(0)
            return
        self.heading.setText((_("{player}'s hand") if self.hot_seat else
                              _("{player}'s hand (only you see it)")).format(player=name))
        self.lines.addItems([str(x) for x in game.ruleset.secret_lines(game.state, side)])
        for heading, row in group_by_first_argument(game, game.ruleset.hand_actions(
                game.state, side)):
            line = QWidget()
            beside = QHBoxLayout(line)  # the card's image (if any), then its words
            beside.setContentsMargins(0, 2, 0, 2)
            image = self._card_image(row[0][1])
            if image is not None:
                beside.addWidget(image, 0, Qt.AlignmentFlag.AlignTop)
            outer = QVBoxLayout()
            outer.setSpacing(1)
            beside.addLayout(outer, 1)
            if heading:
                title = QLabel(heading)
                title.setWordWrap(True)
                outer.addWidget(title)
            line_layout = QHBoxLayout()
            outer.addLayout(line_layout)
            for text, action in row:
                button = QPushButton(text)
                button.setToolTip(action.text())
                button.clicked.connect(
                    lambda _=False, a=action: self.window_.controller.push(a))
                guard_buttons([button])  # a double click plays one card
                line_layout.addWidget(button)
            self.plays.addWidget(line)
        self.pages.setCurrentIndex(1)
