"""The start page: every installed game and scenario, recent games, Open, a new game by
email. Shown when boardapp starts without a file, and as File → New game.

Each scenario is a card: a picture of its board (rendered from the map, cached), the
game's title and the scenario's, the number of players, its length and the rules it
follows. One click on a card starts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.engine.ruleset import Ruleset, available_rulesets
from boardapp.core.files.recent import recent_files
from boardapp.core.scan.boardsettings import UserMaps

from .game_notes import notes_for
from .thumbnails import THUMB_WIDTH, thumbnail

GAME_FILTER = "boardapp games (*.boardapp *.json);;All files (*)"
CARD_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class StartChoice:
    """What the player chose: ``new`` (ruleset, scenario), ``open`` (path) or ``pbem``
    (ruleset)."""

    kind: str
    ruleset: str = ""
    scenario: str = ""
    path: str = ""


def installed_scenarios() -> list[tuple[Ruleset, str]]:
    """Every (ruleset, scenario id) installed, games in title order."""
    found = []
    for cls in available_rulesets().values():
        try:
            ruleset = cls(maps=UserMaps())
            scenarios = list(ruleset.scenarios())
        except Exception:  # noqa: BLE001 - a broken plugin must not hide the others
            continue
        found += [(ruleset, sid) for sid in scenarios]
    return sorted(found, key=lambda rs: (rs[0].name.lower(), 0))


def card_text(ruleset: Ruleset, scenario: str) -> str:
    """The words of a scenario's card."""
    info = ruleset.scenarios()[scenario]
    notes = notes_for(ruleset)
    sides = ruleset.scenario_sides(scenario)
    players = notes.players or str(len(sides))
    if info.min_sides:
        players = f"{info.min_sides}-{len(sides)}"
    names = ", ".join(ruleset.side(s).name for s in sides)
    length = notes.lengths.get(scenario) or "not given"
    lines = [ruleset.name, f"{scenario} {info.name}".strip(),
             f"Players: {players} ({names})", f"Length: {length}",
             f"Rules: {ruleset.rules_name or ruleset.name} (ruleset {ruleset.version})"]
    if info.description:
        lines.append(info.description)
    return "\n".join(lines)


class StartPage(QDialog):
    """The start page (see the module doc); :attr:`choice` says what was chosen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("boardapp — start a game")
        self.choice: StartChoice | None = None
        self.resize(1180, 760)
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        heading = QLabel("<b>Start a game</b> — one click on a scenario sets it up")
        left.addWidget(heading)
        self.cards = QListWidget()
        self.cards.setIconSize(QSize(THUMB_WIDTH, THUMB_WIDTH * 3 // 4))
        self.cards.setSpacing(4)
        self.cards.setWordWrap(True)
        self.cards.setUniformItemSizes(False)
        self.cards.itemClicked.connect(self._card_chosen)
        self.cards.itemActivated.connect(self._card_chosen)
        left.addWidget(self.cards, 1)
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
        self._pending: list[tuple[QListWidgetItem, Ruleset, str]] = []
        self._fill()

    def _fill(self) -> None:
        placeholder = QPixmap(THUMB_WIDTH, THUMB_WIDTH * 3 // 4)
        placeholder.fill(Qt.GlobalColor.lightGray)
        games: dict[str, Ruleset] = {}
        for ruleset, scenario in installed_scenarios():
            item = QListWidgetItem(QIcon(placeholder), card_text(ruleset, scenario))
            item.setData(CARD_ROLE, (ruleset.id, scenario))
            item.setToolTip(f"Start {ruleset.name}, {scenario}")
            self.cards.addItem(item)
            self._pending.append((item, ruleset, scenario))
            games.setdefault(ruleset.id, ruleset)
        for rid, ruleset in games.items():
            self.pbem_menu.addAction(ruleset.name,
                                     lambda r=rid: self._finish(StartChoice("pbem", r)))
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

    def _next_picture(self) -> None:
        """Draw the pictures one by one, the page staying responsive."""
        if not self._pending:
            return
        item, ruleset, scenario = self._pending.pop(0)
        self.set_picture(item, thumbnail(ruleset, scenario))
        QTimer.singleShot(0, self._next_picture)

    def set_picture(self, item: QListWidgetItem, image: QImage) -> None:
        """Show ``image`` on the card ``item``."""
        if not image.isNull():
            item.setIcon(QIcon(QPixmap.fromImage(image)))

    def draw_all_pictures(self) -> None:
        """Draw every picture not drawn yet, now."""
        while self._pending:
            item, ruleset, scenario = self._pending.pop(0)
            self.set_picture(item, thumbnail(ruleset, scenario))

    def scenario_items(self) -> list[QListWidgetItem]:
        """The cards, in order."""
        return [self.cards.item(i) for i in range(self.cards.count())]

    # -- choosing -------------------------------------------------------------------------
    def _finish(self, choice: StartChoice) -> None:
        self.choice = choice
        self.accept()

    def _card_chosen(self, item: QListWidgetItem) -> None:
        rid, scenario = item.data(CARD_ROLE)
        self._finish(StartChoice("new", rid, scenario))

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
