"""The view of a board that may be a table: zoom and pan as every board, plus the table's
modal tools (:mod:`.table_tools`), chosen with M, R, L, G or the buttons over the board;
during a drag the wheel turns the figure."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QToolBar, QWidget

from .board_view import BoardView
from .table_scene import TableScene
from .table_tools import SHIFT, TOOLS, MoveTool, TableTool


class TableView(BoardView):
    """A board view handing the mouse to the chosen tool while a table is shown."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table_scene = scene
        self.tools: dict[str, TableTool] = {cls.name: cls(scene) for cls in TOOLS}
        self.tool: TableTool = self.tools["move"]
        self._taken = False
        self.tool_bar = QToolBar(self)
        self.tool_bar.setStyleSheet("QToolBar { background: rgba(255,255,240,220); "
                                    "border: 1px solid #777; }")
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            action = QAction(f"{tool.label} ({tool.shortcut})", self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.triggered.connect(lambda _=False, n=name: self.choose(n))
            group.addAction(action)
            self.tool_bar.addAction(action)
            self.addAction(action)
            self.tool_actions[name] = action
        self.tool_actions["move"].setChecked(True)
        self.tool_bar.move(8, 8)
        self.tool_bar.resize(self.tool_bar.sizeHint())
        self.tool_bar.addSeparator()
        self.step_back = self.tool_bar.addAction("◀", lambda: self.step(-1))
        self.step_label = self.tool_bar.addAction("")
        self.step_next = self.tool_bar.addAction("▶", lambda: self.step(1))
        self.step_index = 0
        """The fraction of the last move shown (0: the position now)."""
        self.tool_bar.setVisible(False)
        scene.sceneRectChanged.connect(lambda _rect: self.sync_tools())
        if scene.controller is not None:
            scene.controller.changed.connect(self.sync_fractions)
            scene.controller.game_replaced.connect(self.sync_fractions)
        self.sync_fractions()

    def sync_tools(self) -> None:
        """Show the tools only over a table."""
        on_table = self.table_scene.game is not None and self.table_scene.table is not None
        self.tool_bar.setVisible(on_table)
        if not on_table:
            for tool in self.tools.values():
                tool.clear()
        self.sync_fractions()

    def sync_fractions(self) -> None:
        """After moves carried out together, offer to step through their fractions."""
        self.step_index = 0
        self.table_scene.show_fraction(None)
        move = self.tools["move"]
        if isinstance(move, MoveTool) and move.pid is None:
            move.select([p for p in move.selected if p in self.table_scene.figures])
        count = len(self.table_scene.fractions())
        for action in (self.step_back, self.step_label, self.step_next):
            action.setVisible(count > 0)
        self.step_label.setText(f"Moves: now (of {count} steps)")
        self.tool_bar.resize(self.tool_bar.sizeHint())

    def step(self, delta: int) -> None:
        """Show the position after the previous or next fraction of the last move."""
        fractions = self.table_scene.fractions()
        if not fractions:
            return
        self.step_index = (self.step_index + delta) % (len(fractions) + 1)
        if self.step_index == 0:
            self.table_scene.show_fraction(None)
            self.step_label.setText(f"Moves: now (of {len(fractions)} steps)")
        else:
            detail = fractions[self.step_index - 1]
            self.table_scene.show_fraction(detail["positions"])
            self.step_label.setText(f"Moves: step {self.step_index} of {len(fractions)}")
        self.tool_bar.resize(self.tool_bar.sizeHint())

    def choose(self, name: str) -> None:
        """Make ``name`` the tool in use (clearing the last one's drawings)."""
        self.tool.clear()
        self.tool = self.tools[name]
        self.tool_actions[name].setChecked(True)

    def _active(self) -> bool:
        return self.table_scene.game is not None and self.table_scene.table is not None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._taken = False
        if self._active() and event.button() == Qt.MouseButton.LeftButton:
            pos = self.mapToScene(event.position().toPoint())
            if isinstance(self.tool, MoveTool):
                self.tool.ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
            if self.tool.press(pos, bool(event.modifiers() & SHIFT)):
                self._taken = True
                event.accept()
                return
        super().mousePressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """During a drag the wheel turns the figure (15 degrees a notch)."""
        if self._taken and isinstance(self.tool, MoveTool):
            notches = event.angleDelta().y() / 120.0
            if notches:
                self.tool.turn(15.0 * notches, bool(event.modifiers() & SHIFT))
            event.accept()
            return
        super().wheelEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._taken:
            self.tool.move(self.mapToScene(event.position().toPoint()),
                           bool(event.modifiers() & SHIFT))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._taken:
            self._taken = False
            self.tool.release(self.mapToScene(event.position().toPoint()),
                              bool(event.modifiers() & SHIFT))
            event.accept()
            return
        super().mouseReleaseEvent(event)
