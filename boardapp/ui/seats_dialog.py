"""Game → Computer → Players…: a person or the computer, at a level, for each side."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.ai.levels import LEVELS
from boardapp.core.engine.game import Game

PERSON = "person"
LEVEL_TEXT = {
    PERSON: "A person at this desk",
    "random": "The computer — random (any legal action)",
    "normal": "The computer — normal",
    "strong": "The computer — strong (thinks longer)",
}


def playing_sides(game: Game) -> list[str]:
    """The sides that play this game (a scenario may leave some out)."""
    return game.ruleset.playing_sides(game.state)


class SeatsDialog(QDialog):
    """One choice per side; :meth:`seats` is what was chosen."""

    def __init__(self, parent: QWidget | None, game: Game) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players")
        column = QVBoxLayout(self)
        note = QLabel("Who plays each side at this desk. The computer decides only from "
                      "what its side may see, with the game's dice; Undo takes back your "
                      "last decision together with its replies.")
        note.setWordWrap(True)
        column.addWidget(note)
        form = QFormLayout()
        self.boxes: dict[str, QComboBox] = {}
        for side in playing_sides(game):
            box = QComboBox()
            for key in (PERSON, *LEVELS):
                box.addItem(LEVEL_TEXT.get(key, key), key)
            box.setCurrentIndex(box.findData(game.seats.get(side, PERSON)))
            self.boxes[side] = box
            form.addRow(game.ruleset.side(side).name, box)
        column.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)

    def seats(self) -> dict[str, str]:
        """The sides given to the computer, with their levels."""
        return {side: box.currentData() for side, box in self.boxes.items()
                if box.currentData() != PERSON}


def ask_seats(parent: QWidget | None, game: Game) -> dict[str, str] | None:
    """Ask who plays each side; ``None`` if cancelled."""
    dialog = SeatsDialog(parent, game)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.seats()
