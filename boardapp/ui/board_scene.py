"""The board scene: a projection of ``game.state`` and the mouse gestures on it.

:meth:`BoardScene.set_game` builds the map and one :class:`CounterItem` per piece;
:meth:`BoardScene.sync` re-reads the state and moves, redraws, shows or hides the
existing items (``item_for_piece``), as Orange Canvas's ``CanvasScene`` follows its
scheme. Items never change the game: a drag ends in one call to the
:class:`~boardapp.ui.controller.GameController`, which pushes one core action.

Stacks (``state["stacks"][place]``, index 0 on top) are drawn as a small cascade beside
the city; a click fans a stack out, a press on a fanned counter drags that counter
alone. Pools and prisons show their pieces as a grid of identical-counter groups, or,
when the box is too small for that, as one pile that a click spreads out in a panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QMenu,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.movement import Reach
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import State

from . import board_menus
from .controller import GameController
from .game_notes import data_text, place_text
from .i18n import _
from .map_items import MapLayer, MarkerLayer, city_radius, font, geometry_path, place_rect
from .place_markers import PlaceMarkerLayer
from .stacks import PILE, SIDE, Z_EXPANDED, StackKey, StackLayout, is_pool_group

if TYPE_CHECKING:  # a scan of the map (Pillow) is loaded when the player has one
    from boardapp.core.scan.calibration import Transform
    from boardapp.core.scan.tiles import ScanPyramid

    from .scan_layer import ScanLayer

__all__ = ["PILE", "SIDE", "BoardScene", "StackKey", "is_pool_group"]

Z_HIGHLIGHT = 3.0
Z_DRAG = 2000.0

REACH_FILL = QColor(30, 200, 60, 95)
REACH_EDGE = QColor(20, 120, 40, 200)


class CostLabel(QGraphicsItem):
    """The movement cost of a reachable place, shown while a stack is dragged."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text
        self._font = font(11, bold=True)
        w = QFontMetricsF(self._font).horizontalAdvance(text) + 10
        self._rect = QRectF(-w / 2, -9, w, 18)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffffff"), 1.2))
        painter.setBrush(QColor(20, 110, 40, 235))
        painter.drawRoundedRect(self._rect, 8, 8)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._text)


@dataclass
class _Press:
    """A left press on a counter, which becomes a click or a drag."""

    pid: str
    key: StackKey
    pieces: list[str]
    origin: QPointF
    click: StackKey | None
    starts: dict[str, QPointF] = field(default_factory=dict)
    dragging: bool = False
    fanned: bool = False


class BoardScene(StackLayout):
    """The map, the counters and the gestures; a view of one :class:`Game`."""

    def __init__(self, controller: GameController | None = None, parent=None,
                 board: str | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.controller = controller
        self.board = board
        """The board drawn (``None``: the ruleset's main board)."""
        self.followers: list[BoardScene] = []
        """Scenes of the other boards of the same game: they draw what this one draws
        (a replayed step) too."""
        self.map_layer: MapLayer | None = None
        self.scan_layer: ScanLayer | None = None
        self._scan: tuple[ScanPyramid, Transform, bool] | None = None
        self._overlay = (True, 1.0)
        self.markers: MarkerLayer | None = None
        self.place_markers: PlaceMarkerLayer | None = None
        self._highlights: list[QGraphicsItem] = []
        self._target: QGraphicsPathItem | None = None
        self._reach: dict[str, Reach] = {}
        self._press: _Press | None = None
        self._shown: State | None = None
        self.setBackgroundBrush(QColor("#7d8f9c"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

    # -- building and syncing ----------------------------------------------------------
    @property
    def bmap(self) -> BoardMap:
        assert self.game is not None
        ruleset = self.game.ruleset
        if self.board is None or self.board == ruleset.main_board:
            return ruleset.board_map
        return ruleset.board_maps[self.board]

    def set_game(self, game: Game) -> None:
        """Draw ``game``: the map once, then its counters from the state."""
        self._press = None
        self.clear()
        self._highlights.clear()
        self._target = None
        self._shown = None
        self.game = game
        ruleset = game.ruleset
        bmap = self.bmap
        self.reset_layout()
        self.map_layer = MapLayer(bmap, partial(data_text, ruleset))
        self.addItem(self.map_layer)

        def side_colour(side: str) -> QColor:
            try:
                return QColor(ruleset.side(side).colour)
            except KeyError:
                return QColor("#b0b0b0")

        def side_name(side: str) -> str:
            try:
                return ruleset.side(side).name
            except KeyError:
                return side

        self.markers = MarkerLayer(self, bmap, side_colour, side_name)
        self.place_markers = PlaceMarkerLayer(self, bmap)
        self.scan_layer = None
        if self._scan is not None:
            self._add_scan()
        self._update_scene_rect()
        self.sync()

    # -- the scan under the board ----------------------------------------------------------
    def set_scan(self, pyramid: ScanPyramid, transform: Transform,
                 progressive: bool = True) -> None:
        """Draw the scan ``pyramid`` under the board, placed by ``transform`` (map
        coordinates to scan pixels); the map becomes an overlay on it."""
        self.clear_scan()
        self._scan = (pyramid, transform, progressive)
        if self.game is not None:
            self._add_scan()
            self._update_scene_rect()

    def clear_scan(self) -> None:
        """Back to the drawn map."""
        self._scan = None
        if self.scan_layer is not None:
            self.removeItem(self.scan_layer)
            self.scan_layer = None
        if self.map_layer is not None:
            self.map_layer.set_overlay(False)
            self.map_layer.setVisible(True)
            self.map_layer.setOpacity(1.0)
        if self.markers is not None:
            self.markers.set_symbols_visible(True)
        if self.game is not None:
            self._update_scene_rect()

    def _add_scan(self) -> None:
        assert self._scan is not None and self.map_layer is not None
        pyramid, transform, progressive = self._scan
        from .scan_layer import ScanLayer

        self.scan_layer = ScanLayer(pyramid, transform, progressive)
        self.addItem(self.scan_layer)
        self.map_layer.set_overlay(True)
        self.set_overlay(*self._overlay)

    def set_overlay(self, visible: bool, opacity: float) -> None:
        """Show the map over the scan (or not), at ``opacity`` (0..1)."""
        self._overlay = (visible, opacity)
        if self.map_layer is None or self.scan_layer is None:
            return
        self.map_layer.setVisible(visible)
        self.map_layer.setOpacity(opacity)
        if self.markers is not None:
            self.markers.set_symbols_visible(visible)

    def _update_scene_rect(self) -> None:
        rect = self.board_rect()
        if self.scan_layer is not None:
            rect = rect.united(self.scan_layer.map_bounds())
        self.setSceneRect(rect.adjusted(-60, -60, 60, 60))

    def board_rect(self) -> QRectF:
        """The printed board: the map and everything beside it (what an export shows)."""
        return place_rect(self.bmap)

    # -- another state than the game's (a replayed step) -----------------------------------
    def show_state(self, state: State | None) -> None:
        """Draw ``state`` (e.g. a copy from :meth:`Game.state_at`) instead of the game's;
        ``None`` draws the live game again. While another state is drawn the board is
        read-only: no drag, no counter menu (a click still spreads a stack)."""
        self._press = None
        self.clear_reach()
        self._shown = state
        self.sync()
        for other in self.followers:
            other.show_state(state)

    @property
    def replaying(self) -> bool:
        """Whether the board draws another state than the live game's."""
        return self._shown is not None

    def drawn_state(self) -> State:
        """The state on the board: the one given to :meth:`show_state`, else the game's."""
        assert self.game is not None
        return self._shown if self._shown is not None else self.game.state


    def sync(self) -> None:
        """Re-read the drawn state: faces, positions, badges, markers."""
        if self.game is None:
            return
        super().sync()
        state = self.drawn_state()
        assert self.markers is not None
        self.markers.sync(state)
        assert self.place_markers is not None
        self.place_markers.sync(self.game.ruleset.place_markers(state))

    # -- drag highlights -------------------------------------------------------------------
    def show_reach(self, pieces: list[str]) -> dict[str, Reach]:
        """Highlight where ``pieces`` may move and what it costs; return the reach."""
        self.clear_reach()
        assert self.game is not None
        reach = self.game.ruleset.reachable(self.game.state, pieces)
        self._reach = reach
        bmap = self.bmap
        for place, r in reach.items():
            if place not in bmap.outlines:
                continue
            item = QGraphicsPathItem(geometry_path(bmap.outlines[place]))
            item.setBrush(REACH_FILL)
            item.setPen(QPen(REACH_EDGE, 1.5))
            item.setZValue(Z_HIGHLIGHT)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
            self._highlights.append(item)
            label = CostLabel((r.label or _("{cost} MP").format(cost=r.cost))
                              + (", " + _("stop") if r.stops else ""))
            x, y = bmap.anchor(place)
            if place in bmap.areas:
                label.setPos(x, y - city_radius(bmap.areas[place]) - 11)
            else:
                label.setPos(x, bmap.boxes[place].rect[1] + bmap.boxes[place].rect[3] - 12)
            label.setZValue(Z_EXPANDED - 1)
            tip = " → ".join(place_text(self.game.ruleset, p) for p in r.path)
            if r.stops:
                tip += "\n" + _("Movement stops here (enemy units)")
            label.setToolTip(tip)
            self.addItem(label)
            self._highlights.append(label)
        return reach

    def clear_reach(self) -> None:
        """Remove the drag highlights."""
        for item in self._highlights:
            self.removeItem(item)
        self._highlights.clear()
        self._reach = {}
        if self._target is not None:
            self.removeItem(self._target)
            self._target = None

    def _show_target(self, place: str | None, by_hand: bool, source: str) -> None:
        if self._target is not None:
            self.removeItem(self._target)
            self._target = None
        if place is None or place == source or place not in self.bmap.outlines:
            return
        if by_hand:
            colour = QColor(40, 90, 200)
        elif place in self._reach:
            colour = QColor(10, 140, 40)
        else:
            colour = QColor(200, 40, 30)
        self._target = QGraphicsPathItem(geometry_path(self.bmap.outlines[place]))
        self._target.setPen(QPen(colour, 3.5))
        fill = QColor(colour)
        fill.setAlpha(40)
        self._target.setBrush(fill)
        self._target.setZValue(Z_HIGHLIGHT + 0.5)
        self._target.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(self._target)

    # -- mouse -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton or self.game is None:
            super().mousePressEvent(event)
            return
        item = self.counter_at(event.scenePos())
        if item is None:
            self.toggle_expanded(None)
            event.ignore()  # the view pans the board
            return
        pieces, click, fanned = self.gesture(item.pid)
        self._press = _Press(item.pid, self._key_of[item.pid], pieces, event.scenePos(), click,
                             {p: QPointF(self._home[p]) for p in pieces}, fanned=fanned)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        press = self._press
        if press is None:
            super().mouseMoveEvent(event)
            return
        delta = event.scenePos() - press.origin
        if not press.dragging:
            if self.replaying or delta.manhattanLength() < QApplication.startDragDistance():
                return
            self.begin_drag()
        for pid, start in press.starts.items():
            self.item_for_piece[pid].setPos(start + delta)
        pos = event.scenePos()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._show_target(self.drop_target(pos, press.pieces), shift, press.key[0])
        event.accept()

    def begin_drag(self) -> None:
        """Lift the pressed pieces and highlight where they can go."""
        press = self._press
        assert press is not None
        press.dragging = True
        self.displaced.update(press.pieces)
        for i, pid in enumerate(press.pieces):
            item = self.item_for_piece[pid]
            item.setZValue(Z_DRAG + len(press.pieces) - i)
            item.set_lifted(True)
        badge = self._badges.get(press.key)
        if badge is not None and not press.fanned and not press.key[1]:
            badge.setVisible(False)  # the whole stack is lifted
        self.show_reach(press.pieces)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        press = self._press
        if press is None or event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        self._press = None
        event.accept()
        if not press.dragging:
            self.toggle_expanded(press.click)
            return
        self.clear_reach()
        by_hand = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.drop(press, event.scenePos(), by_hand)

    def drop(self, press: _Press, pos: QPointF, by_hand: bool) -> None:
        """End a drag at scene point ``pos``: reorder, move, place, or snap back."""
        if self.controller is None or self.game is None:
            self.sync()
            return
        source = press.key[0]
        if press.fanned and not is_pool_group(press.key[1]):
            other = self.counter_at(pos, exclude=set(press.pieces))
            if other is not None and self._key_of.get(other.pid) == press.key:
                order = [p for p in self._members[press.key] if p != press.pid]
                order.insert(order.index(other.pid), press.pid)
                # The other sides' pieces keep their places in the area's order.
                mine = iter(order)
                full = [next(mine) if p in order else p
                        for p in self.drawn_state()["stacks"].get(source, [])]
                if self.controller.reorder(source, full) is None:
                    self.sync()
                return
        dest = self.drop_target(pos, press.pieces)
        if dest is None or dest == source:
            self.sync()  # snap back: no action
            return
        if self.controller.drop(press.pieces, dest, by_hand) is None:
            self.sync()  # refused: snap back (the controller reported why)

    def drop_target(self, pos: QPointF, dragged: list[str]) -> str | None:
        """The place a drop at ``pos`` goes to: the place of the counter under it (stacks
        are drawn beside their city), else the area or box under it."""
        other = self.counter_at(pos, exclude=set(dragged))
        if other is not None and other.pid in self._key_of:
            return self._key_of[other.pid][0]
        return self.bmap.place_at(pos.x(), pos.y())

    def drag_pieces(self) -> list[str]:
        """The pieces being dragged now (empty when no drag is under way)."""
        return list(self._press.pieces) if self._press and self._press.dragging else []

    # -- context menu and tooltips --------------------------------------------------------
    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:  # noqa: N802
        item = self.counter_at(event.scenePos())
        if item is None and self.controller is not None and not self.replaying:
            place = self.bmap.place_at(event.scenePos().x(), event.scenePos().y())
            menu = self.place_menu(place) if place else None
            if menu is not None:
                menu.exec(event.screenPos())
                event.accept()
                return
        if item is None or self.controller is None or self.replaying:
            super().contextMenuEvent(event)
            return
        menu = self.counter_menu(self.menu_piece(item.pid))
        menu.exec(event.screenPos())
        event.accept()

    def place_menu(self, place: str) -> QMenu | None:
        """The context menu of ``place``: the rules actions there (``None`` if none)."""
        assert self.controller is not None and self.game is not None
        return board_menus.place_menu(self.game, self.controller, self.bmap, place)

    def menu_piece(self, pid: str) -> str:
        """The counter a right-click on ``pid`` acts on: the top of a collapsed stack,
        the counter itself when its stack is spread out."""
        key = self._key_of[pid]
        if key == self.expanded or self.pool_mode(key[0]) == "panel":
            return pid
        if is_pool_group(key[1]) and self.pool_mode(key[0]) == "pile":
            return self.members((key[0], PILE))[0]
        return self._members[key][0]

    def counter_menu(self, pid: str) -> QMenu:
        """The context menu of counter ``pid``: rules actions, then manual actions."""
        assert self.controller is not None and self.game is not None
        return board_menus.counter_menu(self.game, self.controller, self.bmap, pid)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # noqa: N802
        pos = event.scenePos()
        for item in self.items(pos):
            if item.isVisible() and item.toolTip():
                super().helpEvent(event)
                return
        text = self.describe_place(pos) if self.game is not None else ""
        if text:
            QToolTip.showText(event.screenPos(), text)
        else:
            QToolTip.hideText()
        event.accept()

    def describe_place(self, pos: QPointF) -> str:
        """A tooltip for the area or box under ``pos``."""
        assert self.game is not None
        return board_menus.describe_place(self.game, self.bmap, self.drawn_state(), pos)
