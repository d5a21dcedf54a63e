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

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QMenu,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.movement import Reach
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import CounterFace
from boardapp.core.engine.state import State
from boardapp.core.scan.calibration import Transform
from boardapp.core.scan.tiles import ScanPyramid

from . import board_menus
from .controller import GameController
from .counter_items import COUNTER_SIZE, BadgeItem, CounterItem
from .layout import (
    CASCADE_DEPTH,
    CASCADE_STEP,
    StackSpot,
    fan_positions,
    grid_positions,
    stack_spots,
)
from .map_items import MapLayer, MarkerLayer, city_radius, font, geometry_path, place_rect
from .place_markers import PlaceMarkerLayer
from .scan_layer import ScanLayer

StackKey = tuple[str, str]
"""A stack on the board: (place id, group). The group is "" for the stack of an area
or a holding box — or, where several sides have pieces there, for the side of its top
piece, the other sides' stacks being ``SIDE + side id`` and drawn beside it; in pools and
prisons identical counters form groups, and the group ``PILE`` stands for the whole pool
when it is too small to show its groups."""

PILE = "*"
SIDE = "+"
SIDE_OFFSET = QPointF(COUNTER_SIZE + 12, 0)
"""Where the stack of a second side in an area is drawn, from the first side's."""


def is_pool_group(group: str) -> bool:
    """Whether a stack group is a pool's group (not an area's stack of one side)."""
    return bool(group) and not group.startswith(SIDE)
POOL_STEP = 2.0
POOL_DEPTH = 2
MIN_POOL_PITCH = 30.0
FAN_PITCH = COUNTER_SIZE + 6
FAN_COLUMNS = 6
POOL_PANEL_COLUMNS = 8
BOX_HEADER = 19.0

Z_HIGHLIGHT = 3.0
Z_COUNTERS = 10.0
Z_PANEL = 900.0
Z_EXPANDED = 1000.0
Z_DRAG = 2000.0

REACH_FILL = QColor(30, 200, 60, 95)
REACH_EDGE = QColor(20, 120, 40, 200)


def _face_key(face: CounterFace) -> str:
    """Identical-looking counters share a key (they are grouped in pools)."""
    return "|".join((face.colour, face.title, face.subtitle, ",".join(face.values),
                     str(face.reduced), str(face.is_leader)))


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


class BoardScene(QGraphicsScene):
    """The map, the counters and the gestures; a view of one :class:`Game`."""

    def __init__(self, controller: GameController | None = None, parent=None,
                 board: str | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.board = board
        """The board drawn (``None``: the ruleset's main board)."""
        self.followers: list[BoardScene] = []
        """Scenes of the other boards of the same game: they draw what this one draws
        (a replayed step) too."""
        self.game: Game | None = None
        self.item_for_piece: dict[str, CounterItem] = {}
        self.expanded: StackKey | None = None
        self.map_layer: MapLayer | None = None
        self.scan_layer: ScanLayer | None = None
        self._scan: tuple[ScanPyramid, Transform, bool] | None = None
        self._overlay = (True, 1.0)
        self.markers: MarkerLayer | None = None
        self.place_markers: PlaceMarkerLayer | None = None
        self._spots: dict[str, StackSpot] = {}
        self._members: dict[StackKey, list[str]] = {}
        self._key_of: dict[str, StackKey] = {}
        self._pool_mode: dict[str, str] = {}
        self._home: dict[str, QPointF] = {}
        self._badges: dict[StackKey, BadgeItem] = {}
        self._pile_labels: dict[str, QGraphicsSimpleTextItem] = {}
        self._panel: QGraphicsRectItem | None = None
        self._panel_caption: QGraphicsSimpleTextItem | None = None
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
        self.item_for_piece.clear()
        self._badges.clear()
        self._pile_labels.clear()
        self._pool_mode.clear()
        self._highlights.clear()
        self._target = None
        self._panel = None
        self.expanded = None
        self._shown = None
        self.game = game
        ruleset = game.ruleset
        bmap = self.bmap
        self.map_layer = MapLayer(bmap)
        self.addItem(self.map_layer)
        self._spots = stack_spots(bmap)

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
        state = self.drawn_state()
        ruleset = self.game.ruleset
        for pid in [p for p in self.item_for_piece if p not in state["pieces"]]:
            self.removeItem(self.item_for_piece.pop(pid))
        for pid in state["pieces"]:
            face = ruleset.counter_face(state, pid)
            item = self.item_for_piece.get(pid)
            if item is None:
                item = self.item_for_piece[pid] = CounterItem(pid, face)
                self.addItem(item)
            else:
                item.set_face(face)
            item.set_lifted(False)
        self._group(state)
        if self.expanded is not None and self.count(self.expanded) < 2:
            self.expanded = None
        self._layout()
        assert self.markers is not None
        self.markers.sync(state)
        assert self.place_markers is not None
        self.place_markers.sync(ruleset.place_markers(state))

    def _group(self, state: State) -> None:
        bmap = self.bmap
        self._members = {}
        self._key_of = {}
        for place, pids in state["stacks"].items():
            box = bmap.boxes.get(place)
            if place in bmap.areas or (box is not None and box.kind == "holding"):
                for i, (side, members) in enumerate(self._by_side(state, pids)):
                    self._members[(place, "" if i == 0 else SIDE + side)] = members
            elif box is not None:
                for pid in pids:
                    key = (place, _face_key(self.item_for_piece[pid].face))
                    self._members.setdefault(key, []).append(pid)
        for key, pids in self._members.items():
            for pid in pids:
                self._key_of[pid] = key

    def _by_side(self, state: State, pids: list[str]) -> list[tuple[str, list[str]]]:
        """The pieces of an area grouped by side, in stack order, the top piece's side
        first: ``(side, pieces)`` pairs."""
        assert self.game is not None
        groups: dict[str, list[str]] = {}
        for pid in pids:
            try:
                side = self.game.ruleset.piece_side(state, pid) or ""
            except (KeyError, ValueError):
                side = ""
            groups.setdefault(side, []).append(pid)
        return list(groups.items())

    def count(self, key: StackKey) -> int:
        """How many pieces the stack, group or pile ``key`` holds."""
        if key[1] == PILE:
            return len(self.drawn_state()["stacks"].get(key[0], [])) if self.game else 0
        return len(self._members.get(key, []))

    def pool_mode(self, place: str) -> str:
        """How pool ``place`` shows: "grid" of groups, closed "pile", or open "panel"."""
        return self._pool_mode.get(place, "grid")

    def stack_origin(self, key: StackKey) -> QPointF:
        """Top-left corner of the top counter of the stack ``key`` when collapsed."""
        place = key[0]
        if key[1].startswith(SIDE):
            groups = [k for k in self._members if k[0] == place and not is_pool_group(k[1])]
            index = groups.index(key) if key in groups else 1
            offset = SIDE_OFFSET * index
            if place not in self._spots:
                offset = -offset  # holding boxes: the first stack is on the right
            return self.stack_origin((place, "")) + offset
        if place in self._spots:
            return self._spots[place].origin
        x, y, w, h = self.bmap.boxes[place].rect
        if self.bmap.boxes[place].kind == "holding":
            return QPointF(x + w - COUNTER_SIZE - 8 - CASCADE_STEP * CASCADE_DEPTH,
                           y + max(BOX_HEADER, h - COUNTER_SIZE - 5))
        return self._pool_rect(place).topLeft()

    def _cascade_step(self, key: StackKey) -> QPointF:
        if key[0] in self._spots:
            return self._spots[key[0]].step
        return QPointF(CASCADE_STEP, -CASCADE_STEP)

    def _pool_rect(self, place: str) -> QRectF:
        x, y, w, h = self.bmap.boxes[place].rect
        room = POOL_STEP * POOL_DEPTH
        return QRectF(x + 6, y + BOX_HEADER, w - 12 - room, max(COUNTER_SIZE, h - BOX_HEADER - 3))

    def _pool_layout(self, place: str, groups: list[StackKey]) -> dict[StackKey, QPointF]:
        """Cells of the groups of pool ``place``; sets its mode (grid, pile or panel)."""
        cells, pitch = grid_positions(len(groups), self._pool_rect(place))
        if pitch >= MIN_POOL_PITCH:
            self._pool_mode[place] = "grid"
            return dict(zip(groups, cells, strict=True))
        if self.expanded == (place, PILE):
            self._pool_mode[place] = "panel"
            cells = fan_positions(self._pool_rect(place).topLeft(), len(groups),
                                  self.sceneRect().adjusted(8, 8, -8, -8), FAN_PITCH,
                                  POOL_PANEL_COLUMNS)
            return dict(zip(groups, cells, strict=True))
        self._pool_mode[place] = "pile"
        return {}

    def _layout(self) -> None:
        self._home = {}
        seen: set[str] = set()
        badges: dict[StackKey, tuple[int, QPointF, float]] = {}
        pools: dict[str, list[StackKey]] = {}
        for key in self._members:
            if is_pool_group(key[1]):
                pools.setdefault(key[0], []).append(key)
        cells: dict[StackKey, QPointF] = {}
        for place, groups in pools.items():
            cells.update(self._pool_layout(place, groups))
        for key, pids in self._members.items():
            place, group = key
            n = len(pids)
            if key == self.expanded:
                fan = fan_positions(cells.get(key, self.stack_origin(key)), n,
                                    self.sceneRect().adjusted(8, 8, -8, -8), FAN_PITCH,
                                    FAN_COLUMNS)
                for i, (pid, pos) in enumerate(zip(pids, fan, strict=True)):
                    self._place_item(pid, pos, Z_EXPANDED + n - i, True)
                    seen.add(pid)
                continue
            pool = is_pool_group(group)
            if pool and self.pool_mode(place) == "pile":
                continue
            if pool:
                origin, step, depth = cells[key], QPointF(POOL_STEP, -POOL_STEP), POOL_DEPTH
            else:
                origin, step, depth = (self.stack_origin(key), self._cascade_step(key),
                                       CASCADE_DEPTH)
            base = Z_EXPANDED if pool and self.pool_mode(place) == "panel" else Z_COUNTERS
            for i, pid in enumerate(pids):
                k = min(i, depth)
                self._place_item(pid, origin + step * k, base + (n - i) * 0.01, i <= depth)
                seen.add(pid)
            if n > 1:
                badges[key] = (n, origin, base + 1)
        for place in pools:
            if self.pool_mode(place) != "pile":
                continue
            pids = list(self.drawn_state()["stacks"].get(place, [])) if self.game else []
            origin = self.stack_origin((place, PILE))
            for i, pid in enumerate(pids):
                k = min(i, POOL_DEPTH)
                self._place_item(pid, origin + QPointF(POOL_STEP, -POOL_STEP) * k,
                                 Z_COUNTERS + (len(pids) - i) * 0.001, i <= POOL_DEPTH)
                seen.add(pid)
            if len(pids) > 1:
                badges[(place, PILE)] = (len(pids), origin, Z_COUNTERS + 1)
        for pid, item in self.item_for_piece.items():
            if pid not in seen:
                item.setVisible(False)
        self._layout_badges(badges)
        self._layout_pile_labels()
        self._layout_panel()

    def _place_item(self, pid: str, pos: QPointF, z: float, visible: bool) -> None:
        item = self.item_for_piece[pid]
        self._home[pid] = pos
        item.setPos(pos)
        item.setZValue(z)
        item.setVisible(visible)

    def _layout_badges(self, wanted: dict[StackKey, tuple[int, QPointF, float]]) -> None:
        for key in [k for k in self._badges if k not in wanted]:
            self.removeItem(self._badges.pop(key))
        for key, (count, origin, z) in wanted.items():
            badge = self._badges.get(key)
            if badge is None:
                badge = self._badges[key] = BadgeItem(count)
                self.addItem(badge)
            badge.set_count(count)
            badge.setPos(origin + QPointF(COUNTER_SIZE - 1, 1))
            badge.setZValue(z)
            badge.setVisible(True)

    def _layout_pile_labels(self) -> None:
        piles = [p for p, mode in self._pool_mode.items()
                 if mode == "pile" and self.count((p, PILE))]
        for place in [p for p in self._pile_labels if p not in piles]:
            self.removeItem(self._pile_labels.pop(place))
        for place in piles:
            label = self._pile_labels.get(place)
            if label is None:
                label = self._pile_labels[place] = QGraphicsSimpleTextItem()
                label.setFont(font(10))
                label.setBrush(QColor("#2b2216"))
                label.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                label.setZValue(Z_COUNTERS - 1)
                self.addItem(label)
            label.setText(f"{self.count((place, PILE))} counters\nclick to spread")
            origin = self.stack_origin((place, PILE))
            label.setPos(origin + QPointF(COUNTER_SIZE + 16, 6))

    def _layout_panel(self) -> None:
        if self.expanded is None:
            if self._panel is not None:
                self._panel.setVisible(False)
            return
        if self._panel is None:
            self._panel = QGraphicsRectItem()
            self._panel.setBrush(QColor(255, 255, 255, 220))
            self._panel.setPen(QPen(QColor("#3a3a3a"), 1.2))
            self._panel.setZValue(Z_PANEL)
            self._panel.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self._panel_caption = QGraphicsSimpleTextItem(self._panel)
            self._panel_caption.setFont(font(11, bold=True))
            self._panel_caption.setBrush(QColor("#2b2216"))
            self.addItem(self._panel)
        place, group = self.expanded
        if group == PILE:
            pids = [p for p in self._home if self._key_of.get(p, ("", ""))[0] == place]
        else:
            pids = self._members[self.expanded]
        rect = QRectF()
        for pid in pids:
            rect = rect.united(QRectF(self._home[pid], QSizeF(COUNTER_SIZE, COUNTER_SIZE)))
        caption = f"{self.bmap.place_name(place)}: {self.count(self.expanded)} counters"
        self._panel_caption.setText(caption)
        rect = rect.adjusted(-8, -30, 14, 8)
        rect.setWidth(max(rect.width(), self._panel_caption.boundingRect().width() + 16))
        self._panel.setRect(rect)
        self._panel_caption.setPos(rect.left() + 8, rect.top() + 4)
        self._panel.setVisible(True)

    # -- expanding -------------------------------------------------------------------------
    def toggle_expanded(self, key: StackKey | None) -> None:
        """Fan out the stack ``key`` (or fold the fanned one when it is ``key``/None)."""
        if key is not None and (key == self.expanded or self.count(key) < 2):
            key = None
        if key != self.expanded:
            self.expanded = key
            self._layout()

    def key_of(self, pid: str) -> StackKey:
        """The stack (or pool group) that piece ``pid`` is drawn in."""
        return self._key_of[pid]

    def members(self, key: StackKey) -> list[str]:
        """The pieces of stack ``key``, top first."""
        if key[1] == PILE:
            return list(self.drawn_state()["stacks"].get(key[0], [])) if self.game else []
        return list(self._members.get(key, []))

    def gesture(self, pid: str) -> tuple[list[str], StackKey | None, bool]:
        """What a press on counter ``pid`` takes: (pieces dragged, stack a click
        toggles, whether the counter is fanned out)."""
        key = self._key_of[pid]
        place, group = key
        members = self._members[key]
        if not is_pool_group(group):
            if key == self.expanded:
                return [pid], key, True
            return list(members), key, False
        mode = self.pool_mode(place)
        if mode == "pile":
            return [self.members((place, PILE))[0]], (place, PILE), False
        if mode == "panel":
            return [members[0]], None, False
        if key == self.expanded:
            return [pid], key, True
        return [members[0]], key, False

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
            label = CostLabel((r.label or f"{r.cost} MP") + (", stop" if r.stops else ""))
            x, y = bmap.anchor(place)
            if place in bmap.areas:
                label.setPos(x, y - city_radius(bmap.areas[place]) - 11)
            else:
                label.setPos(x, bmap.boxes[place].rect[1] + bmap.boxes[place].rect[3] - 12)
            label.setZValue(Z_EXPANDED - 1)
            tip = " → ".join(bmap.place_name(p) for p in r.path)
            if r.stops:
                tip += "\nMovement stops here (enemy units)"
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
    def counter_at(self, pos: QPointF, exclude: set[str] | None = None) -> CounterItem | None:
        """The topmost visible counter under scene point ``pos``."""
        for item in self.items(pos):
            if isinstance(item, CounterItem) and item.isVisible() and (
                    exclude is None or item.pid not in exclude):
                return item
        return None

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
