"""The banner over the board: where the game stands and what to do next, always shown.

First line: the turn and the phase, and who is to decide (in the side's colour); then the
running step's prompt in full (wrapped). A refusal appears on its own line below for a
few seconds and never replaces the prompt; a notice (e.g. game data to fill in) has a
line of its own too.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from boardapp.core.engine.game import Game

from .game_notes import phase_name
from .i18n import _, ngettext
from .seats_dialog import level_word

REFUSAL_MS = 6000
"""How long a refusal stays on the banner (it stays in the log)."""


def turn_line(game: Game) -> str:
    """The turn and the phase, in the game's words."""
    ruleset, state = game.ruleset, game.state
    parts = [ruleset.title(state)]
    phase = phase_name(ruleset, state.get("phase"))
    if phase and phase.lower() not in parts[0].lower():
        parts.append(phase)
    return " — ".join(parts)


def deciders_text(game: Game) -> str:
    """Who the game waits for ("Red to decide"), or how it ended."""
    ruleset, state = game.ruleset, game.state
    outcome = ruleset.outcome(state)
    if outcome:
        return _("Game over")
    names = []
    for side in ruleset.deciding_sides(state):
        try:
            name = str(ruleset.side(side).name)  # a message: drawn now (join keeps English)
        except KeyError:
            name = side
        level = game.seats.get(side) if game.pbem is None else None
        names.append(_("{side} (computer, {level})").format(side=name, level=level_word(level))
                     if level else name)
    if not names:
        return ""
    return ngettext("{sides} to decide", "{sides} to decide", len(names)).format(
        sides=_(" and ").join(names))


class Banner(QFrame):
    """The banner (see the module doc)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setStyleSheet("QFrame#banner { background: #efe8d6; border-bottom: 1px solid "
                           "#b9ad8f; }")
        box = QVBoxLayout(self)
        box.setContentsMargins(10, 5, 10, 5)
        box.setSpacing(2)
        top = QHBoxLayout()
        self.turn_label = QLabel()
        self.turn_label.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.turn_label.setWordWrap(True)
        self.who_label = QLabel()
        self.who_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(self.turn_label, 1)
        top.addWidget(self.who_label, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(top)
        self.prompt_label = QLabel()
        self.prompt_label.setWordWrap(True)
        self.prompt_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.prompt_label)
        self.refusal_label = QLabel()
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setStyleSheet("color: white; background: #b3261e; padding: 2px 6px;"
                                         " border-radius: 3px; font-weight: bold;")
        self.refusal_label.hide()
        box.addWidget(self.refusal_label)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setStyleSheet("color: white; background: #2b5d8a; padding: 2px 6px;"
                                      " border-radius: 3px; font-weight: bold;")
        self.hint_label.hide()
        box.addWidget(self.hint_label)
        self.notice = QHBoxLayout()
        box.addLayout(self.notice)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.refusal_label.hide)

    def show_game(self, game: Game) -> None:
        """Say where ``game`` stands and what to do."""
        ruleset, state = game.ruleset, game.state
        self.turn_label.setText(turn_line(game))
        who = deciders_text(game)
        colour, ink = "#555555", "#ffffff"
        sides = ruleset.deciding_sides(state)
        if sides:
            try:
                info = ruleset.side(sides[0])
                colour, ink = info.colour, info.text_colour
            except KeyError:
                pass
        self.who_label.setText(who)
        self.who_label.setVisible(bool(who))
        self.who_label.setStyleSheet(f"background: {colour}; color: {ink}; padding: 2px 8px;"
                                     " border-radius: 3px; font-weight: bold;")
        outcome = ruleset.outcome(state)
        self.prompt_label.setText(outcome or ruleset.prompt(state))
        self.hint_label.hide()  # a hint holds for the position it was asked in

    def show_hint(self, text: str) -> None:
        """Show a hint (what the computer would play) until the game moves on."""
        self.hint_label.setText(text)
        self.hint_label.setVisible(bool(text))

    def show_refusal(self, text: str) -> None:
        """Show ``text`` for a few seconds under the prompt ("" hides it)."""
        self.refusal_label.setText(text)
        self.refusal_label.setVisible(bool(text))
        if text:
            self._timer.start(REFUSAL_MS)
