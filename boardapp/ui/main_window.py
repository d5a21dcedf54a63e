"""The main window: board view, log pane, status bar, menus and toolbar.

Everything the window does to the game goes through its :class:`GameController`; the
window then re-reads the game (log rows, prompt, title, which actions are enabled).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QBrush,
    QCloseEvent,
    QColor,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QToolBar,
)

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import save_game

from .board_scene import BoardScene
from .board_view import BoardView
from .controller import GameController
from .counter_art import CounterArtMenu
from .data_editor import open_data_editor
from .pbem_ui import PbemUi
from .render import render_png
from .scan_board import ScanBoard
from .table_dock import TableDock
from .widgets import ElidedLabel

GAME_FILTER = "boardapp games (*.json *.boardapp);;All files (*)"
ENTRY_ROLE = Qt.ItemDataRole.UserRole
TEXT_ROLE = Qt.ItemDataRole.UserRole + 1
REFUSED = QColor("#b3261e")


class MainWindow(QMainWindow):
    """The board window of one game (``path`` is its file, ``None`` if never saved)."""

    def __init__(self, game: Game, path: str | Path | None = None) -> None:
        super().__init__()
        self.path: Path | None = Path(path) if path else None
        self.startup_problem = ""
        self._announced = ""
        """Why the file asked for at start could not be opened (shown once shown)."""
        self.controller = GameController(game, self)
        self.scene = BoardScene(self.controller, self)
        self.view = BoardView(self.scene, self)
        self.board_tabs = QTabWidget(self)  # one view per board; no tab bar for one board
        self.board_tabs.setTabBarAutoHide(True)
        self.board_tabs.setDocumentMode(True)
        self.board_tabs.setTabPosition(QTabWidget.TabPosition.South)
        self.board_tabs.addTab(self.view, "")
        self.scenes: dict[str, BoardScene] = {}
        """The scene of every board by board id, the main board first."""
        self.views: dict[str, BoardView] = {}
        self._focus: str | None = None
        self.setCentralWidget(self.board_tabs)
        self._saved: list[str] | None = self._action_texts()
        """The actions as last saved (``None``: never saved as they are, e.g. restored)."""
        self._fitted = False
        self._game_actions: list[QAction] = []
        self._build_log()
        self._build_status()
        self._build_actions()
        self._build_menus()
        self.pbem_ui = PbemUi(self)  # by email, replay, hand, autosave, recent files; built
        # before the connections below, so that its handlers run before the window's
        self.controller.changed.connect(self._on_changed)
        self.controller.refused.connect(self._on_refused)
        self.controller.game_replaced.connect(self._on_replaced)
        self._build_boards()
        self.table_dock = TableDock(self)  # the last table roll in full
        self.view_menu.addAction(self.table_dock.toggle)
        self.scan_board = ScanBoard(self)  # the Board menu: scans of your own map
        self.scan_board.restore()
        self.counter_art = CounterArtMenu(self)  # View: the player's own counter images
        self.counter_art.restore()
        self._refresh()

    # -- building --------------------------------------------------------------------------
    def _build_log(self) -> None:
        self.log_list = QListWidget()
        self.log_list.setWordWrap(True)
        self.log_list.setAlternatingRowColors(True)
        self.log_dock = QDockWidget("Log", self)
        self.log_dock.setObjectName("log")
        self.log_dock.setWidget(self.log_list)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.resizeDocks([self.log_dock], [310], Qt.Orientation.Horizontal)

    def _build_status(self) -> None:
        self.prompt_label = ElidedLabel()
        self.refusal_label = ElidedLabel()
        self.refusal_label.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.statusBar().addWidget(self.prompt_label, 2)
        self.statusBar().addWidget(self.refusal_label, 3)

    def _action(self, text: str, slot, shortcuts: list[QKeySequence] | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        action.triggered.connect(slot)
        if shortcuts:
            action.setShortcuts(shortcuts)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence
        self.open_action = self._action("&Open…", self.open_dialog, [key("Ctrl+O")])
        self.save_action = self._action("&Save", self.save, [key("Ctrl+S")])
        self.save_as_action = self._action("Save &As…", self.save_as, [key("Ctrl+Shift+S")])
        self.export_action = self._action("&Export board image…", self.export_dialog)
        self.quit_action = self._action("&Quit", self.close, [key("Ctrl+Q")])
        self.undo_action = self._action("&Undo", self.controller.undo, [key("Ctrl+Z")],
                                        "Take back the last action")
        self.redo_action = self._action("&Redo", self.controller.redo,
                                        [key("Ctrl+Shift+Z"), key("Ctrl+Y")],
                                        "Play again the action taken back")
        self.roll_action = self._action("Roll", self.controller.roll, [key("Ctrl+R")],
                                        "Roll the die (logged)")
        self.zoom_in_action = self._action("Zoom &in", lambda: self.current_view().zoom_in(),
                                           [key("+"), key("="), key("Ctrl++")])
        self.zoom_out_action = self._action("Zoom &out",
                                            lambda: self.current_view().zoom_out(),
                                            [key("-"), key("Ctrl+-")])
        self.fit_action = self._action("&Fit to window", lambda: self.current_view().fit(),
                                       [key("Ctrl+0")])

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self.file_menu = bar.addMenu("&File")
        self.new_menu = file_menu.addMenu("&New game")
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction("Game &data (cards, tables)…",
                       lambda: open_data_editor(self.controller, self))
        self.game_menu = bar.addMenu("&Game")
        self.game_menu.addAction(self.roll_action)
        self.game_menu.addSeparator()
        view = self.view_menu = bar.addMenu("&View")
        view.addAction(self.zoom_in_action)
        view.addAction(self.zoom_out_action)
        view.addAction(self.fit_action)
        view.addSeparator()
        self.show_log_action = self.log_dock.toggleViewAction()
        self.show_log_action.setText("Show &log")
        view.addAction(self.show_log_action)
        self.toolbar = QToolBar("Game", self)
        self.toolbar.setObjectName("game")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)
        self.toolbar.addAction(self.undo_action)
        self.toolbar.addAction(self.redo_action)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.roll_action)
        self._toolbar_marker = self.toolbar.addSeparator()
        self.toolbar.addAction(self.zoom_out_action)
        self.toolbar.addAction(self.zoom_in_action)
        self.toolbar.addAction(self.fit_action)

    def _fill_new_menu(self) -> None:
        self.new_menu.clear()
        ruleset = self.game.ruleset
        for sid, info in ruleset.scenarios().items():
            self.new_menu.addAction(f"{sid} {info.name}".strip(),
                                    lambda s=sid: self.new_game(s))

    # -- the boards --------------------------------------------------------------------------
    def _build_boards(self) -> None:
        """One tab per board of the ruleset (the main board first), each drawing the
        game; the tabs of another ruleset's boards are replaced."""
        ruleset = self.game.ruleset
        wanted = ruleset.board_ids()
        if list(self.scenes) != wanted:
            while self.board_tabs.count() > 1:
                widget = self.board_tabs.widget(1)
                self.board_tabs.removeTab(1)
                widget.deleteLater()
            self.scenes = {wanted[0]: self.scene}
            self.views = {wanted[0]: self.view}
            for board in wanted[1:]:
                scene = BoardScene(self.controller, self, board=board)
                view = BoardView(scene, self)
                self.scenes[board] = scene
                self.views[board] = view
                self.board_tabs.addTab(view, "")
            self.scene.followers = [s for b, s in self.scenes.items() if b != wanted[0]]
            self._focus = None
        for i, board in enumerate(wanted):
            self.board_tabs.setTabText(i, ruleset.board_title(board))
        for scene in self.scenes.values():
            scene.set_game(self.game)

    def current_board(self) -> str:
        """The id of the board shown."""
        index = self.board_tabs.currentIndex()
        boards = list(self.scenes)
        return boards[index] if 0 <= index < len(boards) else boards[0]

    def current_view(self) -> BoardView:
        """The view of the board shown."""
        return self.views.get(self.current_board(), self.view)

    def show_board(self, board: str) -> None:
        """Bring the tab of ``board`` to the front."""
        if board in self.scenes:
            self.board_tabs.setCurrentIndex(list(self.scenes).index(board))

    def _follow_hand(self) -> None:
        """Show the Hand dock once the game has something hidden to choose or show (a
        secret choice that begins during play, e.g. a battle's face-down markers)."""
        hand = self.pbem_ui.hand
        if hand.toggle.isEnabled():
            return
        ruleset, state = self.game.ruleset, self.game.state
        if ruleset.secret_paths(state) or ruleset.hand_actions(state,
                                                               ruleset.acting_side(state)):
            hand.toggle.setEnabled(True)
            hand.setVisible(True)

    def _follow_focus(self) -> None:
        """Switch to the board the rules point at (a battle map while a battle is
        fought), and back to the main board when they no longer point anywhere."""
        focus = self.game.ruleset.focus_board(self.game.state)
        if focus == self._focus:
            return
        self._focus = focus
        self.show_board(focus if focus in self.scenes else next(iter(self.scenes)))

    # -- the game ----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game shown."""
        return self.controller.game

    def _action_texts(self) -> list[str]:
        return [entry.action.text() for entry in self.controller.game.log]

    def is_dirty(self) -> bool:
        """Whether the game has changed since it was opened or saved."""
        return self._action_texts() != self._saved

    def _on_changed(self) -> None:
        for scene in self.scenes.values():
            scene.sync()
        self._follow_focus()
        self._follow_hand()
        self._refresh()
        self._announce_outcome()

    def _announce_outcome(self) -> None:
        """Say once, in a dialog, how the game ended (the status bar keeps saying it)."""
        outcome = self.game.ruleset.outcome(self.game.state)
        if outcome and outcome != self._announced:
            self._announced = outcome
            QMessageBox.information(self, "The game is over", outcome)
        elif not outcome:
            self._announced = ""

    def _on_replaced(self) -> None:
        self.log_list.clear()
        self._build_boards()
        self.scan_board.restore()
        self.counter_art.restore()
        self._follow_focus()
        self._refresh()
        for view in self.views.values():
            view.fit()

    def _on_refused(self, message: str) -> None:
        row = QListWidgetItem(message)
        row.setData(ENTRY_ROLE, 0)
        row.setForeground(QBrush(REFUSED))
        self.log_list.addItem(row)
        self.log_list.scrollToBottom()
        self._refresh_status()

    def _refresh(self) -> None:
        self._refresh_log()
        self._refresh_status()
        self._refresh_actions()
        self._fill_new_menu()
        name = self.path.name if self.path else "untitled"
        star = "*" if self.is_dirty() else ""
        self.setWindowTitle(f"{self.game.ruleset.title(self.game.state)} — {name}{star}"
                            f"{self.pbem_ui.title_suffix()}")

    def _refresh_log(self) -> None:
        log = self.game.log
        shown: set[int] = set()
        for row in reversed(range(self.log_list.count())):
            item = self.log_list.item(row)
            number = int(item.data(ENTRY_ROLE) or 0)
            if not number:
                continue
            if number > len(log) or log[number - 1].render() != item.data(TEXT_ROLE):
                self.log_list.takeItem(row)
            else:
                shown.add(number)
        added = False
        for entry in log:
            if entry.number in shown:
                continue
            text = entry.render()
            row = QListWidgetItem(text)
            row.setData(ENTRY_ROLE, entry.number)
            row.setData(TEXT_ROLE, text)
            self.log_list.addItem(row)
            added = True
        if added:
            self.log_list.scrollToBottom()
            # again once laid out: a window just opened has no height yet
            QTimer.singleShot(0, self.log_list.scrollToBottom)

    def _refresh_status(self) -> None:
        prompt = self.game.ruleset.prompt(self.game.state)
        self.prompt_label.setText(prompt)
        self.prompt_label.setToolTip(prompt)
        self.refusal_label.setText(self.controller.last_refusal)
        self.refusal_label.setToolTip(self.controller.last_refusal)
        # The prompt takes the whole bar unless a refusal has something to say.
        self.refusal_label.setVisible(bool(self.controller.last_refusal))

    def _refresh_actions(self) -> None:
        self.undo_action.setEnabled(self.game.can_undo)
        self.redo_action.setEnabled(self.game.can_redo)
        self.roll_action.setText(f"Roll {self.game.ruleset.dice.name}")
        wanted = self.controller.button_actions()
        if [a.data() for a in self._game_actions] == [w.text() for w in wanted]:
            return
        for old in self._game_actions:
            self.toolbar.removeAction(old)
            self.game_menu.removeAction(old)
            old.deleteLater()
        self._game_actions = []
        for action in wanted:
            qa = QAction(self.controller.action_label(action), self)
            qa.setData(action.text())
            qa.setToolTip(f"{self.controller.action_label(action)} ({action.text()})")
            qa.triggered.connect(lambda _=False, a=action: self.push_button(a))
            self.toolbar.insertAction(self._toolbar_marker, qa)
            self.game_menu.addAction(qa)
            self._game_actions.append(qa)

    def push_button(self, action: Action) -> None:
        """Play a toolbar action (End activation, Next turn...)."""
        self.controller.push(action)

    def game_actions(self) -> list[QAction]:
        """The toolbar's buttons for the legal no-argument actions."""
        return list(self._game_actions)

    # -- files -------------------------------------------------------------------------------
    def _confirm_discard(self) -> bool:
        if not self.is_dirty():
            return True
        name = self.path.name if self.path else "this game"
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_game(self, scenario: str) -> bool:
        """Start ``scenario`` of the current ruleset (after asking about unsaved changes)."""
        if not self._confirm_discard():
            return False
        try:
            game = Game(self.game.ruleset, scenario)
        except BoardappError as exc:
            QMessageBox.critical(self, "Cannot start the game", str(exc))
            return False
        self.path = None
        self.controller.set_game(game)
        self._saved = self._action_texts()
        self._refresh()
        return True

    def open_dialog(self) -> None:
        """Ask for a game file and open it."""
        if not self._confirm_discard():
            return
        start = str(self.path.parent) if self.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open game", start, GAME_FILTER)
        if path:
            self.open_file(path, confirm=False)

    def open_file(self, path: str | Path, confirm: bool = True) -> bool:
        """Open the game file ``path``; on error say why and keep the current game."""
        if confirm and not self._confirm_discard():
            return False
        try:
            game = self.pbem_ui.load(path)  # a game by email asks the player's passphrase
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, "Cannot open the game", str(exc))
            return False
        if game is None:  # no passphrase given
            return False
        self.path = Path(path)
        self.controller.set_game(game)
        self._saved = self._action_texts()
        self._refresh()
        self.pbem_ui.opened(self.path)
        return True

    def save(self) -> bool:
        """Save to the game's file (asking for one the first time)."""
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        start = str(self.path) if self.path else "game.json"
        path, _ = QFileDialog.getSaveFileName(self, "Save game", start, GAME_FILTER)
        return self.save_to(path) if path else False

    def save_to(self, path: str | Path) -> bool:
        """Write the game file ``path``; say why if it cannot be written."""
        try:
            save_game(self.game, path)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, "Cannot save the game", str(exc))
            return False
        self.mark_saved(path)
        return True

    def mark_saved(self, path: str | Path) -> None:
        """The game was just written to ``path`` (Save, Save for opponent, Email)."""
        self.path = Path(path)
        self._saved = self._action_texts()
        self._refresh()
        self.pbem_ui.saved(self.path)

    def mark_unsaved(self) -> None:
        """Treat the game as not saved in its file (a game restored after a crash)."""
        self._saved = None
        self._refresh()

    def export_dialog(self) -> None:
        """Ask for a PNG file name and render the board into it."""
        start = str(self.path.with_suffix(".png")) if self.path else "board.png"
        path, _ = QFileDialog.getSaveFileName(self, "Export board image", start,
                                              "PNG images (*.png)")
        if not path:
            return
        try:
            render_png(self.game, path, scale=2.0, board=self.current_board())
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, "Cannot export the board", str(exc))

    # -- window events ---------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            for view in self.views.values():
                view.fit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if self._confirm_discard():
            self.pbem_ui.closing()
            event.accept()
        else:
            event.ignore()
