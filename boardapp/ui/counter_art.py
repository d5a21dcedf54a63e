"""The player's own counter images on the board: the View menu's "Your own counters…"
(the counter sheet dialog) and "Show your counter images" (back to the drawn faces at
any time), and the hooks that hand the images to the board's counters
(``StackLayout.counter_art``), the place markers (``PlaceMarkerLayer.art``) and the
hand's cards (``HandDock.card_art``).

The images and their assignment live in the user's data folder, per game
(:class:`boardapp.core.art.store.ArtStore`); nothing goes into the game file. Pieces,
markers and cards without an image keep their drawn faces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from boardapp.core.art.catalogue import piece_catalogue
from boardapp.core.art.store import ArtStore
from boardapp.core.engine.ruleset import CounterFace

from .counter_art_paint import CounterArt
from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow


class CounterArtMenu(QObject):
    """The counter images of the game shown in ``window``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.store: ArtStore | None = None
        menu = window.view_menu
        menu.addSeparator()
        self.dialog_action = menu.addAction(_("Your own &counters (scanned sheets)…"),
                                            self.open_dialog)
        self.show_action = QAction(_("Show your counter &images"), self)
        self.show_action.setCheckable(True)
        self.show_action.setChecked(True)
        self.show_action.setToolTip(_("Off: every counter shows boardapp's drawn face"))
        self.show_action.toggled.connect(lambda _on: self.apply())
        menu.addAction(self.show_action)

    @property
    def game_id(self) -> str:
        return self.window.game.ruleset.id

    def restore(self) -> None:
        """Read the game's counter art (after a game is opened) and show it."""
        if self.store is None or self.store.game != self.game_id:
            self.store = ArtStore(self.game_id)
        self.apply()

    @property
    def showing(self) -> bool:
        return (self.show_action.isChecked() and self.store is not None
                and bool(self.store.assignment.sheets))

    # -- what each thing shows ---------------------------------------------------------------
    def art_for(self, pid: str, face: CounterFace) -> CounterArt | None:
        """The image of piece ``pid`` on the side ``face`` shows (``None``: drawn)."""
        store = self.store
        assert store is not None
        faces = store.assignment.pieces.get(pid)
        if not faces:
            return None
        cell = faces.get("reduced" if face.reduced else "full")
        mark = False
        if cell is None and face.reduced:
            cell, mark = faces.get("full"), True  # full side shown, marked reduced
        path = store.cell_path(cell) if cell is not None else None
        return CounterArt(str(path), mark) if path is not None else None

    def _file_of(self, table: str, key: str) -> str | None:
        store = self.store
        assert store is not None
        cell = getattr(store.assignment, table).get(key)
        path = store.cell_path(cell) if cell is not None else None
        return str(path) if path is not None else None

    def marker_art(self, text: str) -> str | None:
        return self._file_of("markers", text)

    def card_art(self, card: str) -> str | None:
        return self._file_of("cards", card)

    # -- applying -----------------------------------------------------------------------------
    def apply(self) -> None:
        """Hand the images (or none) to every board, the markers and the hand, and redraw."""
        on = self.showing
        w = self.window
        for scene in w.scenes.values() if w.scenes else [w.scene]:
            scene.counter_art = self.art_for if on else None
            scene.refresh_art()
            if scene.place_markers is not None:
                scene.place_markers.art = self.marker_art if on else None
                scene.place_markers.sync(w.game.ruleset.place_markers(scene.drawn_state()))
        hand = getattr(w.pbem_ui, "hand", None)
        if hand is not None:
            hand.card_art = self.card_art if on else None
            hand.refresh()

    def open_dialog(self) -> None:
        """The counter sheet dialog for this game; the board follows what was assigned."""
        from .counter_sheet_dialog import CounterSheetDialog

        self.restore()
        assert self.store is not None
        game = self.window.game
        state, ruleset = game.state, game.ruleset
        markers = sorted({m for ms in ruleset.place_markers(state).values() for m in ms})
        cards: set[str] = set()
        for side in ruleset.sides:
            for action in ruleset.hand_actions(state, side.id):
                if action.args:
                    cards.add(str(action.args[0]))
        dialog = CounterSheetDialog(self.store, piece_catalogue(ruleset, state), markers,
                                    sorted(cards), self.window)
        dialog.exec()
        self.apply()
