"""The main window: board view, log pane, status bar, menus and toolbar.

Everything the window does to the game goes through its :class:`GameController`; the
window then re-reads the game (log rows, prompt, title, which actions are enabled).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.ai.seats import everyone_but
from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.actions import Action, LogEntry
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.files.gamefile import save_game
from boardapp.core.scan.boardsettings import UserMaps

from .app_icon import app_icon
from .banner import Banner, deciders_text
from .board_scene import BoardScene
from .board_view import BoardView
from .click_guard import guard_buttons
from .computer_play import ComputerPlay
from .controller import GameController
from .counter_art import CounterArtMenu
from .data_share_ui import DataShare
from .decisions_panel import DecisionsPanel
from .help_menu import HelpMenu
from .i18n import _
from .language import choose_language
from .log_pane import LogPane
from .pbem_ui import PbemUi
from .piece_lights import PieceLights
from .scan_board import ScanBoard
from .sheet_dock import SheetDock
from .table_dock import TableDock
from .table_scene import TableScene
from .table_view import TableView

if TYPE_CHECKING:
    from .start_page import StartChoice


def ask_start(parent: QWidget) -> StartChoice | None:
    """The start page (:func:`.start_page.ask_start`, imported when first shown)."""
    from .start_page import ask_start as ask

    return ask(parent)


def game_filter() -> str:
    """The file dialogs' filter of game files (:func:`.start_page.game_filter`)."""
    from .start_page import game_filter as games

    return games()


class MainWindow(QMainWindow):
    """The board window of one game (``path`` is its file, ``None`` if never saved)."""

    def __init__(self, game: Game, path: str | Path | None = None) -> None:
        super().__init__()
        self.path: Path | None = Path(path) if path else None
        self.startup_problem = ""
        """Why the file asked for at start could not be opened (shown once shown)."""
        self._announced = game.ruleset.outcome(game.state) or ""
        """The outcome already known (a finished game opened is not announced again when
        an undo leaves it finished)."""
        self._retired = False
        """Replaced by a window in another language: closes without asking anything."""
        self.controller = GameController(game, self)
        self.scene = TableScene(self.controller, self)  # any board; a table's tools too
        self.view = TableView(self.scene, self)
        self.board_tabs = QTabWidget(self)  # one view per board; no tab bar for one board
        self.board_tabs.setTabBarAutoHide(True)
        self.board_tabs.setDocumentMode(True)
        self.board_tabs.setTabPosition(QTabWidget.TabPosition.South)
        self.board_tabs.addTab(self.view, "")
        self._fitted_views: set[int] = set()
        """The views fitted to the window once shown (a tab first shown is fitted)."""
        self.board_tabs.currentChanged.connect(self._fit_first_time)
        self.scenes: dict[str, BoardScene] = {}
        """The scene of every board by board id, the main board first."""
        self.views: dict[str, BoardView] = {}
        self._focus: str | None = None
        self.banner = Banner(self)
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(self.board_tabs, 1)
        self.setCentralWidget(central)
        self.setWindowIcon(app_icon())
        self.lights: dict[str, PieceLights] = {}
        self._saved: list[LogEntry] | None = self._action_texts()
        """The actions as last saved (``None``: never saved as they are, e.g. restored)."""
        self._fitted = False
        self._game_actions: list[QAction] = []
        self._build_log()
        self._build_status()
        self.decisions = DecisionsPanel(self)  # the choices the rules ask for
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.decisions)
        self.splitDockWidget(self.decisions, self.log_dock, Qt.Orientation.Vertical)
        self.decisions.setMinimumHeight(150)
        self.resizeDocks([self.decisions, self.log_dock], [300, 300], Qt.Orientation.Vertical)
        self._build_actions()
        self._build_menus()
        self.pbem_ui = PbemUi(self)  # by email, replay, hand, autosave, recent files; built
        # before the connections below, so that its handlers run before the window's
        self.controller.changed.connect(self._on_changed)
        self.controller.refused.connect(self._on_refused)
        self.controller.game_replaced.connect(self._on_replaced)
        self.controller.lit.connect(self._light)
        self._build_boards()
        self.table_dock = TableDock(self)  # the last table roll in full
        self.view_menu.addAction(self.table_dock.toggle)
        self.sheet_dock = SheetDock(self)  # the sheet of the figure selected
        self.view_menu.addAction(self.sheet_dock.toggle)
        self.scan_board = ScanBoard(self)  # the Board menu: scans of your own map
        self.scan_board.restore()
        self.view_menu.addAction(self.decisions.toggle)
        self.data_share = DataShare(self, self.edit_menu)  # export / import game data
        self.preferences_action = QAction(_("&Preferences…"), self)  # the language
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.preferences_action.triggered.connect(lambda: choose_language(self))
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.preferences_action)
        self.help_menu = HelpMenu(self)
        self.counter_art = CounterArtMenu(self)  # View: the player's own counter images
        self.counter_art.restore()
        self.computer = ComputerPlay(self)  # Game → Computer: its seats, turns and hints
        self._refresh()
        self.data_share.game_started()
        self.computer.step_soon()

    # -- building --------------------------------------------------------------------------
    def _build_log(self) -> None:
        self.log_list = LogPane()  # a long log's rows are written when drawn
        self.log_dock = QDockWidget(_("Log"), self)
        self.log_dock.setObjectName("log")
        self.log_dock.setWidget(self.log_list)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.resizeDocks([self.log_dock], [310], Qt.Orientation.Horizontal)

    def _build_status(self) -> None:
        """The prompt and the refusals live on the banner; the status bar keeps tips."""
        self.prompt_label = self.banner.prompt_label
        self.refusal_label = self.banner.refusal_label

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
        self.start_action = self._action(_("&New game…"), self.show_start_page,
                                         [key("Ctrl+N")],
                                         _("Choose a game and a scenario on the start page"))
        self.open_action = self._action(_("&Open…"), self.open_dialog, [key("Ctrl+O")])
        self.save_action = self._action(_("&Save"), self.save, [key("Ctrl+S")])
        self.save_as_action = self._action(_("Save &As…"), self.save_as,
                                           [key("Ctrl+Shift+S")])
        self.export_action = self._action(_("&Export board image…"), self.export_dialog)
        self.quit_action = self._action(_("&Quit"), self.close, [key("Ctrl+Q")])
        self.undo_action = self._action(_("&Undo"), self.undo, [key("Ctrl+Z")],
                                        _("Take back the last action (against the computer: "
                                          "your last decision and its replies)"))
        self.redo_action = self._action(_("&Redo"), self.controller.redo,
                                        [key("Ctrl+Shift+Z"), key("Ctrl+Y")],
                                        _("Play again the action taken back"))
        self.roll_action = self._action(_("Roll"), self.controller.roll, [key("Ctrl+R")],
                                        _("Roll the die (logged)"))
        self.zoom_in_action = self._action(_("Zoom &in"),
                                           lambda: self.current_view().zoom_in(),
                                           [key("+"), key("="), key("Ctrl++")])
        self.zoom_out_action = self._action(_("Zoom &out"),
                                            lambda: self.current_view().zoom_out(),
                                            [key("-"), key("Ctrl+-")])
        self.fit_action = self._action(_("&Fit to window"), lambda: self.current_view().fit(),
                                       [key("Ctrl+0")])

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self.file_menu = bar.addMenu(_("&File"))
        file_menu.addAction(self.start_action)
        self.new_menu = file_menu.addMenu(_("New &scenario of this game"))
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit = self.edit_menu = bar.addMenu(_("&Edit"))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(_("Game &data (cards, tables)…"),
                       self._open_data_editor)

        self.game_menu = bar.addMenu(_("&Game"))
        self.game_menu.addAction(self.roll_action)
        self.game_menu.addSeparator()
        view = self.view_menu = bar.addMenu(_("&View"))
        view.addAction(self.zoom_in_action)
        view.addAction(self.zoom_out_action)
        view.addAction(self.fit_action)
        view.addSeparator()
        self.show_log_action = self.log_dock.toggleViewAction()
        self.show_log_action.setText(_("Show &log"))
        view.addAction(self.show_log_action)
        self.toolbar = QToolBar(_("Game"), self)
        self.toolbar.setObjectName("game")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)
        self.toolbar.addAction(self.undo_action)
        self.toolbar.addAction(self.redo_action)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.roll_action)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.zoom_out_action)
        self.toolbar.addAction(self.zoom_in_action)
        self.toolbar.addAction(self.fit_action)
        guard_buttons([self.toolbar.widgetForAction(a) for a in
                       (self.undo_action, self.redo_action, self.roll_action)])

    def _open_data_editor(self) -> None:
        from .data_editor import open_data_editor  # imported when first opened

        open_data_editor(self.controller, self)

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
            for light in self.lights.values():
                light.clear()
            for board in wanted[1:]:
                scene = BoardScene(self.controller, self, board=board)
                view = BoardView(scene, self)
                self.scenes[board] = scene
                self.views[board] = view
                self.board_tabs.addTab(view, "")
            self.scene.followers = [s for b, s in self.scenes.items() if b != wanted[0]]
            self._focus = None
        for i, board in enumerate(wanted):
            self.board_tabs.setTabText(i, str(ruleset.board_title(board)))
        for light in self.lights.values():
            light.clear()
        self.lights = {board: PieceLights(scene) for board, scene in self.scenes.items()}
        for scene in self.scenes.values():
            scene.set_game(self.game)

    def _light(self, pids: list[str]) -> None:
        """Light counters ``pids`` on every board (a choice hovered)."""
        for light in self.lights.values():
            light.show(pids)

    def _fit_first_time(self, index: int) -> None:
        """A board's tab shown for the first time shows its whole board (it was laid
        out while hidden, at the size of a thumbnail)."""
        view = self.board_tabs.widget(index)
        if isinstance(view, BoardView) and id(view) not in self._fitted_views and \
                self._fitted:
            self._fitted_views.add(id(view))
            QTimer.singleShot(0, view.fit)

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

    def _action_texts(self) -> list[LogEntry]:
        """The log as it is now (its entries, compared by :meth:`is_dirty`)."""
        return list(self.controller.game.log)

    def is_dirty(self) -> bool:
        """Whether the game's actions differ from those opened or saved (an entry is
        compared by identity first: a long game's entries are not read from its file)."""
        saved, log = self._saved, self.controller.game.log
        if saved is None or len(saved) != len(log):
            return True
        return not all(old is new or old.action.text() == new.action.text()
                       for old, new in zip(saved, log, strict=True))

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
            QMessageBox.information(self, _("The game is over"), outcome)
        elif not outcome:
            self._announced = ""

    def _on_replaced(self) -> None:
        self._announced = self.game.ruleset.outcome(self.game.state) or ""
        self.log_list.clear_rows()
        self._build_boards()
        self.scan_board.restore()
        self.counter_art.restore()
        self._follow_focus()
        self._refresh()
        for view in self.views.values():
            view.fit()
        self._fitted_views = {id(self.current_view())}
        self.data_share.game_started()

    def _on_refused(self, message: str) -> None:
        self.log_list.add_refusal(message)
        self._refresh_status()
        self.banner.show_refusal(message)
        self.decisions.refresh()

    def undo(self) -> None:
        """Undo: the last action, or against the computer the player's last decision
        with the computer's replies."""
        self.computer.undo()

    def refresh_title(self) -> None:
        """Say again who plays and what to do (the seats changed)."""
        self._refresh()

    def _refresh(self) -> None:
        self._refresh_log()
        self._refresh_status()
        self._refresh_actions()
        self._fill_new_menu()
        self.decisions.refresh()
        name = self.path.name if self.path else _("untitled")
        star = "*" if self.is_dirty() else ""
        who = deciders_text(self.game)
        who = f" — {who}" if who else ""
        self.setWindowTitle(f"{self.game.ruleset.title(self.game.state)}{who} — {name}{star}"
                            f"{self.pbem_ui.title_suffix()}")

    def _refresh_log(self) -> None:
        self.log_list.sync(self.game.log)

    def _refresh_status(self) -> None:
        self.banner.show_game(self.game)
        if not self.controller.last_refusal:
            self.banner.show_refusal("")

    def _refresh_actions(self) -> None:
        self.undo_action.setEnabled(self.game.can_undo)
        self.redo_action.setEnabled(self.game.can_redo)
        self.roll_action.setText(_("Roll {die}").format(die=self.game.ruleset.dice.name))
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
            self.game_menu.addAction(qa)
            self._game_actions.append(qa)

    def push_button(self, action: Action) -> None:
        """Play a decision from the Game menu (End activation, Next turn...), after
        confirming what it gives up, if anything."""
        if self.decisions.confirm(action):
            self.controller.push(action)

    def game_actions(self) -> list[QAction]:
        """The Game menu's entries for the decisions offered (as the Decisions panel)."""
        return list(self._game_actions)

    # -- files -------------------------------------------------------------------------------
    def _confirm_discard(self) -> bool:
        if not self.is_dirty():
            return True
        question = (_("Save the changes to {file}?").format(file=self.path.name)
                    if self.path else _("Save the changes to this game?"))
        answer = QMessageBox.question(
            self, _("Unsaved changes"), question,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def show_start_page(self) -> None:
        """The start page; start, open or create by email what the player chooses."""
        choice = ask_start(self)
        if choice is not None:
            self.start_choice(choice)

    def start_choice(self, choice: StartChoice) -> bool:
        """Do what was chosen on the start page."""
        if choice.kind == "open":
            return self.open_file(choice.path)
        if choice.kind == "new":
            if not self.new_game(choice.scenario, choice.ruleset):
                return False
            if choice.opponent:  # the player takes the first side, the computer the others
                sides = self.game.ruleset.playing_sides(self.game.state)
                self.computer.set_seats(everyone_but(sides, sides[0], choice.opponent))
            return True
        if choice.kind == "pbem":
            if choice.ruleset != self.game.ruleset.id and \
                    not self.new_game(None, choice.ruleset):
                return False
            return self.pbem_ui.new_pbem_game()
        return False

    def new_game(self, scenario: str | None, ruleset_id: str | None = None) -> bool:
        """Start ``scenario`` of the current ruleset, or of ``ruleset_id`` (after asking
        about unsaved changes)."""
        if not self._confirm_discard():
            return False
        try:
            ruleset = self.game.ruleset
            if ruleset_id and ruleset_id != ruleset.id:
                ruleset = find_ruleset(ruleset_id, UserMaps())
            game = Game(ruleset, scenario)
        except BoardappError as exc:
            QMessageBox.critical(self, _("Cannot start the game"), str(exc))
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
        path = QFileDialog.getOpenFileName(self, _("Open game"), start, game_filter())[0]
        if path:
            self.open_file(path, confirm=False)

    def open_file(self, path: str | Path, confirm: bool = True) -> bool:
        """Open the game file ``path``; on error say why and keep the current game."""
        if confirm and not self._confirm_discard():
            return False
        try:
            game = self.pbem_ui.load(path)  # a game by email asks the player's passphrase
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, _("Cannot open the game"), str(exc))
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
        start = str(self.path) if self.path else "game.boardapp"
        path = QFileDialog.getSaveFileName(self, _("Save game"), start, game_filter())[0]
        return self.save_to(path) if path else False

    def save_to(self, path: str | Path) -> bool:
        """Write the game file ``path``; say why if it cannot be written."""
        try:
            save_game(self.game, path)
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, _("Cannot save the game"), str(exc))
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
        path = QFileDialog.getSaveFileName(self, _("Export board image"), start,
                                           _("PNG images (*.png)"))[0]
        if not path:
            return
        from .render import render_png  # imported at the first export

        try:
            render_png(self.game, path, scale=2.0, board=self.current_board())
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, _("Cannot export the board"), str(exc))

    # -- window events ---------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self._size_docks()
            for view in self.views.values():
                view.fit()
            self._fitted_views.add(id(self.current_view()))

    def _size_docks(self) -> None:
        """Give the right-hand docks a width that leaves the board most of a narrow
        window, and the Decisions panel room for a few choices."""
        width = max(220, min(380, int(self.width() * 0.27)))
        self.resizeDocks([self.decisions, self.log_dock], [width, width],
                         Qt.Orientation.Horizontal)
        height = max(170, int(self.height() * 0.32))
        self.resizeDocks([self.decisions], [height], Qt.Orientation.Vertical)

    def take_over(self, old: MainWindow) -> None:
        """Stand in for ``old`` (the same game, rebuilt in another language): its saved
        position, autosave, geometry, docks and recipients."""
        self._saved = old._saved
        self._announced = old._announced
        self.pbem_ui.email_to = old.pbem_ui.email_to
        self.pbem_ui.autosave.saver = old.pbem_ui.autosave.saver
        self.restoreGeometry(old.saveGeometry())
        self.restoreState(old.saveState())
        self._fitted = old._fitted
        self.show_board(old.current_board())
        self._refresh()

    def retire(self) -> None:
        """Close without asking or ending the autosave: another window took over."""
        self._retired = True
        self.close()
        self.deleteLater()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if self._retired:
            event.accept()
        elif self._confirm_discard():
            self.computer.stop()
            self.pbem_ui.closing()
            event.accept()
        else:
            event.ignore()
