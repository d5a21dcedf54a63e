"""The Decisions panel: the choices the running step offers, in one place.

Each choice is a row: the counters it names drawn as the map draws them (printed name
and values), its words, its cost, and what it gives up (ending a phase with points
unspent, passing) before the click, which then asks to confirm. The rows stay in place
while the choices stay the same. Hovering a row lights its counters on the board.

One click takes one decision: a row acts on a press followed by a release on it (the
second click of a double click arrives as a double-click event, never a press), and
after a decision every row waits for the double-click interval before it acts again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QEnterEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.engine.actions import Action

from .action_words import action_pieces, action_words
from .counter_icons import counter_pixmap
from .game_notes import place_text
from .i18n import _, ngettext

if TYPE_CHECKING:
    from .main_window import MainWindow

MAX_ICONS = 3
ROW_STYLE = """
DecisionRow { background: #f6f3ea; border: 1px solid #b9b1a0; border-radius: 5px; }
DecisionRow:hover { background: #fff6c8; border-color: #8c7a2a; }
DecisionRow:focus { border: 2px solid #3a6ea5; }
DecisionRow[armed="false"] { background: #e4e1da; }
"""


class DecisionRow(QFrame):
    """One choice: counters, words, cost, loss; a click takes it."""

    def __init__(self, panel: DecisionsPanel, action: Action) -> None:
        super().__init__()
        self.panel = panel
        self.action = action
        self._pressed = False
        self.setObjectName("decision")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        game = panel.window_.game
        ruleset, state = game.ruleset, game.state
        self.pieces = action_pieces(state, action)
        self.words = action_words(ruleset, state, action)
        self.cost = ruleset.action_cost(state, action)
        self.loss = ruleset.action_loss(state, action)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.setSpacing(6)
        for pid in self.pieces[:MAX_ICONS]:
            icon = QLabel()
            icon.setPixmap(counter_pixmap(ruleset.counter_face(state, pid), 40))
            icon.setToolTip(ruleset.piece_name(state, pid))
            row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.setSpacing(1)
        self.label = QLabel(self.words)
        self.label.setWordWrap(True)
        self.label.setStyleSheet("font-weight: bold;")
        text.addWidget(self.label)
        where = [self._where(p) for p in self.pieces[:MAX_ICONS]]
        if any(where):
            place = QLabel(", ".join(str(w) for w in where if w))
            place.setWordWrap(True)
            place.setStyleSheet("color: #444;")
            text.addWidget(place)
        if self.cost:
            cost = QLabel(_("Cost: {cost}").format(cost=self.cost))
            cost.setStyleSheet("color: #4a3b00;")
            text.addWidget(cost)
        if self.loss:
            self.loss_label = QLabel(f"⚠ {self.loss}")
            self.loss_label.setWordWrap(True)
            self.loss_label.setStyleSheet("color: #b3261e;")
            text.addWidget(self.loss_label)
        row.addLayout(text, 1)
        self.setToolTip(f"{self.words}\n({action.text()})")

    def _where(self, pid: str) -> str:
        """The counter's name and where it is ("Red Infantry #6 at the ford")."""
        game = self.panel.window_.game
        ruleset, state = game.ruleset, game.state
        name = ruleset.piece_name(state, pid)
        loc = state["pieces"][pid].get("loc")
        if not loc:
            return name
        try:
            return _("{piece} at {place}").format(piece=name, place=place_text(ruleset, loc))
        except (KeyError, ValueError):
            return name

    # -- taking it -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        self._pressed = event.button() == Qt.MouseButton.LeftButton
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._pressed = False  # the second click of a double click takes nothing
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        pressed, self._pressed = self._pressed, False
        if pressed and event.button() == Qt.MouseButton.LeftButton and \
                self.rect().contains(event.position().toPoint()):
            self.panel.take(self.action)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and \
                not event.isAutoRepeat():
            self.panel.take(self.action)
            return
        super().keyPressEvent(event)

    # -- hover -----------------------------------------------------------------------------
    def enterEvent(self, event: QEnterEvent) -> None:  # noqa: N802 (Qt override)
        self.panel.window_.controller.light(self.pieces)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.panel.window_.controller.light([])
        super().leaveEvent(event)


class DecisionsPanel(QDockWidget):
    """The dock of the running step's choices (see the module doc)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Decisions"), window)
        self.window_ = window
        self.setObjectName("decisions")
        self.rows: list[DecisionRow] = []
        self._shown: list[str] | None = None
        self.armed = True
        """False just after a decision, for the double-click interval: no row acts."""
        self.confirm_loss = True
        """Ask before a choice that gives something up (tests may switch it off)."""
        self.last_warning = ""
        """The last warning of what a choice gives up."""
        body = QWidget()
        self.box = QVBoxLayout(body)
        self.box.setContentsMargins(6, 6, 6, 6)
        self.box.setSpacing(5)
        self.who = QLabel()
        self.who.setWordWrap(True)
        self.who.setStyleSheet("font-weight: bold; color: #333;")
        self.box.addWidget(self.who)
        self.empty = QLabel(_("No choice to make here: play on the board (drag counters, "
                              "right-click a place or a counter)."))
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: #666;")
        self.box.addWidget(self.empty)
        self.box.addStretch(1)
        body.setStyleSheet(ROW_STYLE.replace("DecisionRow", "QFrame#decision"))
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(scroll)
        self._arm_timer = QTimer(self)
        self._arm_timer.setSingleShot(True)
        self._arm_timer.timeout.connect(self._arm)
        self.toggle = self.toggleViewAction()
        self.toggle.setText(_("Show &decisions"))

    def refresh(self) -> None:
        """Show the choices offered now; the rows stay when the choices are the same."""
        game = self.window_.game
        wanted = self.window_.controller.button_actions()
        texts = [a.text() for a in wanted]
        sides = game.ruleset.deciding_sides(game.state)
        known = [str(game.ruleset.side(s).name) for s in sides if _known(game, s)]
        self.who.setText(ngettext("{sides} to decide", "{sides} to decide", len(known)).format(
            sides=", ".join(known)) if known and wanted else "")
        if texts == self._shown:
            return
        self._shown = texts
        self.window_.controller.light([])
        for row in self.rows:
            self.box.removeWidget(row)
            row.hide()  # at once: deleted later, it would be drawn under the new rows
            row.deleteLater()
        self.rows = []
        for i, action in enumerate(wanted):
            row = DecisionRow(self, action)
            self.box.insertWidget(1 + i, row)
            self.rows.append(row)
        self.empty.setVisible(not self.rows)
        self._show_armed()

    def take(self, action: Action) -> bool:
        """Take ``action`` if the panel is armed (and, when it gives something up, the
        player confirms); one decision, then the rows wait."""
        if not self.armed:
            return False
        if action.text() not in (self._shown or []):
            return False  # a row of choices already gone
        self.disarm()
        if not self.confirm(action):
            self._arm()
            return False
        return self.window_.controller.push(action) is not None

    def confirm(self, action: Action) -> bool:
        """Whether to go on with ``action``: at once when it gives nothing up, else as the
        player answers the warning that says what is lost."""
        game = self.window_.game
        loss = game.ruleset.action_loss(game.state, action)
        if not loss or not self.confirm_loss:
            return True
        words = action_words(game.ruleset, game.state, action)
        self.last_warning = f"{words}: {loss}."
        answer = QMessageBox.question(
            self.window_, _("Give something up?"),
            _("{warning}\n\nGo on?").format(warning=self.last_warning),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def disarm(self) -> None:
        """No row acts until the double-click interval has passed."""
        self.armed = False
        self._show_armed()
        self._arm_timer.start(max(150, QApplication.doubleClickInterval()))

    def _arm(self) -> None:
        self.armed = True
        self._show_armed()

    def _show_armed(self) -> None:
        for row in self.rows:
            row.setProperty("armed", "true" if self.armed else "false")
            row.style().unpolish(row)
            row.style().polish(row)


def _known(game, side: str) -> bool:
    try:
        game.ruleset.side(side)
    except KeyError:
        return False
    return True
