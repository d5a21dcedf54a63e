"""The start page: every installed game and scenario, recent games, Open, a new game by
email. Shown when boardapp starts without a file, and as File → New game.

Each game is a card: a picture of its board (rendered from the map, cached), its title,
the number of players, the rules it follows, and one button per scenario with its length.
One click on a scenario starts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.ai.levels import LEVELS
from boardapp.core.engine.ruleset import Ruleset, available_rulesets
from boardapp.core.files.recent import recent_files
from boardapp.core.scan.boardsettings import UserMaps

from .app_icon import app_icon
from .game_notes import notes_for
from .thumbnails import thumbnail

GAME_FILTER = "boardapp games (*.boardapp *.json);;All files (*)"
CARD_ROLE = Qt.ItemDataRole.UserRole
PICTURE_BOX = QSize(210, 150)
"""The largest picture of a board on a card."""


@dataclass(frozen=True)
class StartChoice:
    """What the player chose: ``new`` (ruleset, scenario), ``open`` (path) or ``pbem``
    (ruleset)."""

    kind: str
    ruleset: str = ""
    scenario: str = ""
    path: str = ""
    opponent: str = ""
    """A new game against the computer at this level ("": people at this desk)."""


def installed_games() -> list[Ruleset]:
    """Every installed game with at least one scenario, in title order."""
    found = []
    for cls in available_rulesets().values():
        try:
            ruleset = cls(maps=UserMaps())
            if ruleset.scenarios():
                found.append(ruleset)
        except Exception:  # a broken plugin must not hide the others
            continue
    return sorted(found, key=lambda rs: rs.name.lower())


def scenario_text(ruleset: Ruleset, scenario: str) -> str:
    """The words of a scenario's button: id, name, length, players when they differ."""
    info = ruleset.scenarios()[scenario]
    length = notes_for(ruleset).lengths.get(scenario)
    text = f"{scenario} {info.name}".strip() if scenario != info.name else info.name
    return f"{text} — {length}" if length else text


def game_text(ruleset: Ruleset) -> str:
    """The words of a game's card (rich text): title, players, rules."""
    notes = notes_for(ruleset)
    first = next(iter(ruleset.scenarios()), "")
    sides = ruleset.scenario_sides(first) if first else []
    info = ruleset.scenarios().get(first)
    players = notes.players or str(len(sides))
    if info is not None and info.min_sides:
        players = f"{info.min_sides}-{len(sides)}"
    names = ", ".join(ruleset.side(s).name for s in sides)
    return (f"<b style='font-size:12pt'>{escape(ruleset.name)}</b><br>"
            f"Players: {escape(players)} ({escape(names)})<br>"
            f"Rules: {escape(ruleset.rules_name or ruleset.name)} "
            f"(ruleset {escape(ruleset.version)})")


class GameCard(QFrame):
    """One game: the picture of its board, its words, one button per scenario."""

    def __init__(self, page: StartPage, ruleset: Ruleset) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.setObjectName("card")
        self.setStyleSheet("QFrame#card { background: #f7f3e8; border: 1px solid #c8bd9f;"
                           " border-radius: 6px; }")
        row = QHBoxLayout(self)
        self.picture = QLabel()
        placeholder = QPixmap(PICTURE_BOX)
        placeholder.fill(Qt.GlobalColor.lightGray)
        self.picture.setPixmap(placeholder)
        self.picture.setFixedWidth(PICTURE_BOX.width())
        self.picture.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        row.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout()
        words = QLabel(game_text(ruleset))
        words.setWordWrap(True)
        column.addWidget(words)
        self.buttons: list[QPushButton] = []
        for sid, info in ruleset.scenarios().items():
            button = QPushButton(scenario_text(ruleset, sid))
            button.setStyleSheet("text-align: left; padding: 4px 8px;")
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(120)
            tip = info.description or info.name
            button.setToolTip(f"Start {ruleset.name}: {scenario_text(ruleset, sid)}\n{tip}")
            button.setProperty("scenario", sid)
            button.clicked.connect(lambda _=False, s=sid: page._finish(
                StartChoice("new", ruleset.id, s, opponent=page.opponent())))
            column.addWidget(button)
            self.buttons.append(button)
        column.addStretch(1)
        row.addLayout(column, 1)

    def set_picture(self, image: QImage) -> None:
        """Show the picture of the board (scaled to the card)."""
        if not image.isNull():
            self.picture.setPixmap(QPixmap.fromImage(image).scaled(
                PICTURE_BOX, Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation))


class StartPage(QDialog):
    """The start page (see the module doc); :attr:`choice` says what was chosen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("boardapp — start a game")
        self.setWindowIcon(app_icon())
        self.choice: StartChoice | None = None
        screen = self.screen().availableGeometry() if self.screen() else None
        self.resize(min(1180, screen.width() - 40) if screen else 1180,
                    min(760, screen.height() - 60) if screen else 760)
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        head = QHBoxLayout()
        head.addWidget(QLabel("<b>Start a game</b> — one click on a scenario sets it up"), 1)
        head.addWidget(QLabel("Play against:"))
        self.opponent_box = QComboBox()
        self.opponent_box.addItem("people at this desk", "")
        for level in LEVELS:
            self.opponent_box.addItem(f"the computer ({level})", level)
        self.opponent_box.setToolTip("Against the computer you play the first side and the "
                                     "computer every other one; Game → Computer → Players… "
                                     "changes who plays what")
        head.addWidget(self.opponent_box)
        left.addLayout(head)
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setSpacing(8)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        left.addWidget(scroll, 1)
        outer.addLayout(left, 3)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Recent games</b>"))
        self.recent = QListWidget()
        self.recent.setWordWrap(True)
        self.recent.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.recent.itemActivated.connect(self._recent_chosen)
        self.recent.itemClicked.connect(self._recent_chosen)
        right.addWidget(self.recent, 1)
        self.open_button = QPushButton("Open a game file…")
        self.open_button.clicked.connect(self._open)
        right.addWidget(self.open_button)
        self.pbem_button = QPushButton("New game by email…")
        self.pbem_menu = QMenu(self)
        self.pbem_button.setMenu(self.pbem_menu)
        right.addWidget(self.pbem_button)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        right.addWidget(close)
        outer.addLayout(right, 1)
        self.cards: list[GameCard] = []
        self._pending: list[GameCard] = []
        self._fill()

    def _fill(self) -> None:
        for i, ruleset in enumerate(installed_games()):
            card = GameCard(self, ruleset)
            self.grid.addWidget(card, i, 0)
            self.cards.append(card)
            self.pbem_menu.addAction(ruleset.name,
                                     lambda r=ruleset.id: self._finish(StartChoice("pbem", r)))
        self._pending = list(self.cards)
        for entry in recent_files():
            name = Path(entry.path).name
            label = f"{entry.title} — {name}" if entry.title else name
            item = QListWidgetItem(label + ("" if entry.exists else " (missing)"))
            item.setData(CARD_ROLE, entry.path)
            item.setToolTip(entry.path)
            if not entry.exists:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.recent.addItem(item)
        if not self.recent.count():
            self.recent.addItem("(none yet)")
        QTimer.singleShot(0, self._next_picture)

    def _picture(self, card: GameCard) -> None:
        first = next(iter(card.ruleset.scenarios()), None)
        if first is not None:
            card.set_picture(thumbnail(card.ruleset, first))

    def _next_picture(self) -> None:
        """Draw the pictures one by one, the page staying responsive."""
        if self._pending:
            self._picture(self._pending.pop(0))
            QTimer.singleShot(0, self._next_picture)

    def draw_all_pictures(self) -> None:
        """Draw every picture not drawn yet, now."""
        while self._pending:
            self._picture(self._pending.pop(0))

    def scenario_buttons(self) -> list[QPushButton]:
        """Every scenario's button, game by game."""
        return [b for card in self.cards for b in card.buttons]

    # -- choosing -------------------------------------------------------------------------
    def opponent(self) -> str:
        """The computer's level chosen for a new game ("": people at this desk)."""
        return self.opponent_box.currentData() or ""

    def _finish(self, choice: StartChoice) -> None:
        self.choice = choice
        self.accept()

    def _recent_chosen(self, item: QListWidgetItem) -> None:
        path = item.data(CARD_ROLE)
        if path and Path(path).exists():
            self._finish(StartChoice("open", path=path))

    def _open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", "", GAME_FILTER)
        if path:
            self._finish(StartChoice("open", path=path))


def ask_start(parent: QWidget | None = None) -> StartChoice | None:
    """Show the start page; what was chosen (``None``: closed)."""
    page = StartPage(parent)
    return page.choice if page.exec() == QDialog.DialogCode.Accepted else None
