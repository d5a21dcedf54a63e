"""Where the scene draws each counter: stacks, pool grids, piles, the fanned stack.

:class:`StackLayout` is the half of :class:`~boardapp.ui.board_scene.BoardScene` that
projects the drawn state onto counter items. :meth:`StackLayout.sync` asks the rules
only for the faces an action may have changed (:class:`~boardapp.ui.face_watch.FaceWatch`)
and lays out only the places whose pieces changed, so one action among 1,000 counters
moves a few items instead of rebuilding the board. Counters are found under the mouse
through a grid of buckets (:meth:`counter_at`), not by walking every item.

Level of detail: :meth:`set_view_zoom` (called by the view) draws counters zoomed out
larger and simpler (:mod:`boardapp.ui.counter_lod`); every place is laid out for that
size, so stacks and box grids never overlap more than at 100%.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene, QGraphicsSimpleTextItem

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import CounterFace
from boardapp.core.engine.state import State

from .counter_art_paint import CounterArt
from .counter_items import COUNTER_SIZE, BadgeItem, CounterItem
from .counter_lod import READABLE_PX, SCALE_STEP, counter_scale, simple_face
from .face_watch import FaceWatch
from .game_notes import data_text
from .i18n import ngettext
from .layout import (
    CASCADE_DEPTH,
    CASCADE_STEP,
    StackSpot,
    fan_positions,
    grid_positions,
    stack_spots,
)
from .map_items import font
from .stack_nudge import StackNudges

StackKey = tuple[str, str]
"""A stack on the board: (place id, group). The group is "" for the stack of an area
or a holding box — or, where several sides have pieces there, for the side of its top
piece, the other sides' stacks being ``SIDE + side id`` and drawn beside it; in pools and
prisons identical counters form groups, and the group ``PILE`` stands for the whole pool
when it is too small to show its groups."""

PILE = "*"
SIDE = "+"
SIDE_GAP = 12.0
"""Between the stacks of two sides in one area (map units at 100%)."""
POOL_STEP = 2.0
POOL_DEPTH = 2
POOL_GAP = 8.0
"""Between the cells of a pool's grid; a grid that does not fit with at least
:data:`MIN_POOL_GAP` becomes a pile (cells never overlap)."""
MIN_POOL_GAP = 2.0
FAN_GAP = 6.0
FAN_COLUMNS = 6
POOL_PANEL_COLUMNS = 8
BOX_HEADER = 19.0
PANEL_MARGINS = (8.0, 30.0, 14.0, 8.0)
"""Room of the panel around a fanned stack: left, top (its caption), right, bottom."""
BUCKET = 64.0
"""The side of a cell of the grid that finds counters under a point."""

Z_COUNTERS = 10.0
Z_PANEL = 900.0
Z_EXPANDED = 1000.0


def is_pool_group(group: str) -> bool:
    """Whether a stack group is a pool's group (not an area's stack of one side)."""
    return bool(group) and not group.startswith(SIDE)


def face_key(face: CounterFace) -> str:
    """Identical-looking counters share a key (they are grouped in pools)."""
    return "|".join((face.colour, face.title, face.subtitle, ",".join(face.values),
                     str(face.reduced), str(face.is_leader)))


class StackLayout(QGraphicsScene):
    """Counter items laid out from the drawn state (the base of the board scene)."""

    game: Game | None
    expanded: StackKey | None

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.item_for_piece: dict[str, CounterItem] = {}
        self.expanded = None
        self.counter_scale = 1.0
        """How much larger than at 100% counters are drawn (zoomed out, see
        :mod:`boardapp.ui.counter_lod`)."""
        self.simple_faces = False
        self.counter_art: Callable[[str, CounterFace], CounterArt | None] | None = None
        """The player's image for a piece showing a face (``None``: drawn faces only);
        set by :class:`boardapp.ui.counter_art.CounterArtMenu`."""
        self._watch: FaceWatch | None = None
        self._spots: dict[str, StackSpot] = {}
        self._spots_by_scale: dict[float, dict[str, StackSpot]] = {}
        self._members: dict[StackKey, list[str]] = {}
        self._keys_at: dict[str, list[StackKey]] = {}
        self._key_of: dict[str, StackKey] = {}
        self._stacks: dict[str, tuple[str, ...]] = {}
        self._pool_mode: dict[str, str] = {}
        self._home: dict[str, QPointF] = {}
        self._place_of: dict[str, str] = {}
        self._drawn_at: dict[str, list[str]] = {}
        self._buckets: dict[tuple[int, int], set[str]] = {}
        self._bucket_of: dict[str, list[tuple[int, int]]] = {}
        self._badges: dict[StackKey, BadgeItem] = {}
        self._pile_labels: dict[str, QGraphicsSimpleTextItem] = {}
        self._panel: QGraphicsRectItem | None = None
        self._panel_caption: QGraphicsSimpleTextItem | None = None
        self._expanded_at: tuple[int, int] | None = None
        self.displaced: set[str] = set()
        """Pieces a drag has lifted and moved: the next sync puts them back home."""
        self.nudges = StackNudges(self, Z_COUNTERS - 1)
        self._clusters: dict[str, QRectF] = {}
        self._zoom: float | None = None
        """The view's zoom (``None`` before a view said it)."""
        """Stacks of neighbouring places moved apart (zoomed out, counters are larger)."""

    @property
    def bmap(self) -> BoardMap:  # pragma: no cover - the board scene defines it
        raise NotImplementedError  # abstract: the map the scene draws

    def drawn_state(self) -> State:  # pragma: no cover - the board scene defines it
        raise NotImplementedError  # abstract: the state the scene shows

    # -- starting over ---------------------------------------------------------------------
    def reset_layout(self) -> None:
        """Forget every counter (after ``clear()``, for a new game or board)."""
        self.item_for_piece.clear()
        self._badges.clear()
        self._pile_labels.clear()
        self._pool_mode.clear()
        self._members.clear()
        self._keys_at.clear()
        self._key_of.clear()
        self._stacks.clear()
        self._home.clear()
        self._place_of.clear()
        self._drawn_at.clear()
        self.displaced.clear()
        self._buckets.clear()
        self._bucket_of.clear()
        self._panel = None
        self.expanded = None
        self.nudges.reset()
        self._clusters.clear()
        self._spots_by_scale.clear()
        self._watch = None
        if self.game is not None:
            ruleset = self.game.ruleset

            def side(state: State, pid: str) -> str:
                try:
                    return ruleset.piece_side(state, pid) or ""
                except (KeyError, ValueError):
                    return ""

            self._watch = FaceWatch(ruleset.counter_face, side)
            self._spots = self._spots_for(self.counter_scale)

    def _spots_for(self, scale: float) -> dict[str, StackSpot]:
        spots = self._spots_by_scale.get(scale)
        if spots is None:
            spots = self._spots_by_scale[scale] = stack_spots(self.bmap, scale)
        return spots

    # -- level of detail -------------------------------------------------------------------
    def set_view_zoom(self, zoom: float) -> None:
        """The view shows the board at ``zoom``: draw the counters for it."""
        self._zoom = zoom
        self._set_scale(counter_scale(zoom), simple_face(zoom))

    def _set_scale(self, scale: float, simple: bool) -> None:
        if scale == self.counter_scale and simple == self.simple_faces:
            return
        self.counter_scale, self.simple_faces = scale, simple
        for item in self.item_for_piece.values():
            item.setScale(scale)
            item.set_simple(simple)
        for badge in self._badges.values():
            badge.setScale(scale)
        if self.game is not None:
            self._spots = self._spots_for(scale)
            self._relayout(set(self._keys_at) | set(self._drawn_at))

    def _shrink_for_room(self) -> bool:
        """Stacks that cannot be moved apart: draw the counters a step smaller, as long
        as their text stays readable (:data:`READABLE_PX`); whether it did (and laid
        out the whole board again). The next zoom starts from the full size again."""
        if self._zoom is None:
            return False
        smaller = self.counter_scale - SCALE_STEP
        if smaller < 1.0:  # drawn at full size already: nothing to read (1,000 counters)
            return False
        shown = False
        for item in self.item_for_piece.values():  # stops at the first text too small
            if item.isVisible():
                if item.text_size() * smaller * self._zoom < READABLE_PX:
                    return False
                shown = True
        if not shown:
            return False
        self._set_scale(smaller, self.simple_faces)
        return True

    @property
    def unit(self) -> float:
        """The side of a counter in map units at the present level of detail."""
        return COUNTER_SIZE * self.counter_scale

    # -- syncing -----------------------------------------------------------------------------
    def sync(self) -> None:
        """Re-read the drawn state: faces, positions, badges, markers."""
        if self.game is None or self._watch is None:
            return
        state = self.drawn_state()
        mark = self._action_mark()
        if self.expanded is not None and mark != self._expanded_at:
            self.expanded = None  # an action (or an undo) folds the fanned stack
        pieces = state["pieces"]
        gone = self.item_for_piece.keys() - pieces.keys()  # in one pass (1,000 counters)
        for pid in [p for p in self.item_for_piece if p in gone] if gone else ():
            self._unindex(pid)
            self._home.pop(pid, None)
            self._place_of.pop(pid, None)
            self.removeItem(self.item_for_piece.pop(pid))
        changed = self._watch.refresh(state)
        faces = self._watch.faces
        for pid in changed:
            item = self.item_for_piece.get(pid)
            if item is None:
                item = self.item_for_piece[pid] = CounterItem(pid, faces[pid],
                                                              self.simple_faces)
                item.setScale(self.counter_scale)
                item.setVisible(False)  # until a place draws it
                self.addItem(item)
            else:
                item.set_face(faces[pid])
            if self.counter_art is not None or item.art is not None:
                item.set_art(self.counter_art(pid, faces[pid]) if self.counter_art else None)
        places = {self._place_of[p] for p in changed if p in self._place_of}
        stacks = state["stacks"]
        old = self._stacks
        for place, pids in stacks.items():
            if old.get(place) != tuple(pids):
                places.add(place)
        places.update(p for p in old if p not in stacks)
        for pid in changed:
            loc = pieces[pid].get("loc") if isinstance(pieces[pid], dict) else None
            if isinstance(loc, str):
                places.add(loc)
        self._stacks = {place: tuple(pids) for place, pids in stacks.items()}
        if self.expanded is not None:
            places.add(self.expanded[0])
        for pid in self.displaced:
            item = self.item_for_piece.get(pid)
            if item is not None:
                item.set_lifted(False)
                item.setZValue(0)  # set again by the layout of its place
                if pid in self._place_of:
                    places.add(self._place_of[pid])
        self.displaced.clear()
        self._relayout(places)

    def refresh_art(self) -> None:
        """Ask :attr:`counter_art` again for every counter (images switched on or off,
        or assigned anew)."""
        art = self.counter_art
        for pid, item in self.item_for_piece.items():
            item.set_art(art(pid, item.face) if art is not None else None)

    def _action_mark(self) -> tuple[int, int]:
        game = self.game
        if game is None or not game.log:
            return (0, 0)
        return (len(game.log), id(game.log[-1]))

    def _relayout(self, places: set[str]) -> None:
        """Group and lay out the pieces of ``places`` again (the others stay)."""
        state = self.drawn_state()
        stacks = state["stacks"]
        faces = self._watch.faces if self._watch is not None else {}
        sides = self._watch.sides if self._watch is not None else {}
        bmap = self.bmap
        left: set[str] = set()
        for place in places:
            for key in self._keys_at.pop(place, []):
                for pid in self._members.pop(key, []):
                    self._key_of.pop(pid, None)
            for pid in self._drawn_at.pop(place, []):
                if self._place_of.get(pid) == place:
                    del self._place_of[pid]
                left.add(pid)
        for place in places:  # after every place was emptied: pieces move between them
            keys: list[StackKey] = []
            pids = [p for p in stacks.get(place, []) if p in self.item_for_piece]
            box = bmap.boxes.get(place)
            if pids and (place in bmap.areas or (box is not None and box.kind == "holding")):
                groups: dict[str, list[str]] = {}
                for pid in pids:
                    groups.setdefault(sides.get(pid, ""), []).append(pid)
                for i, (side, members) in enumerate(groups.items()):
                    key = (place, "" if i == 0 else SIDE + side)
                    self._members[key] = members
                    keys.append(key)
            elif pids and box is not None:
                for pid in pids:
                    key = (place, face_key(faces[pid]))
                    if key not in self._members:
                        self._members[key] = []
                        keys.append(key)
                    self._members[key].append(pid)
            if keys:
                self._keys_at[place] = keys
                for key in keys:
                    for pid in self._members[key]:
                        self._key_of[pid] = key
        if self.expanded is not None and self.count(self.expanded) < 2:
            self.expanded = None
        places = places | self._declutter(places)
        if self.nudges.left and self._shrink_for_room():
            return  # laid out again, every place, with smaller counters
        badges: dict[StackKey, tuple[int, QPointF, float]] = {}
        for place in places:
            self._layout_place(place, badges)
        for pid in left:
            if pid in self.item_for_piece and pid not in self._place_of:
                self.item_for_piece[pid].setVisible(False)
                self._home.pop(pid, None)
                self._unindex(pid)
        self._layout_badges(places, badges)
        self._layout_pile_labels(places)
        self._layout_panel()

    def _declutter(self, places: set[str]) -> set[str]:
        """Move apart the stacks of neighbouring areas that would cover each other; the
        places moved anew (hexes keep their stacks inside them). Only ``places`` changed
        since the last call."""
        clusters = self._clusters
        s = self.counter_scale
        areas = self.bmap.areas
        for place in places:
            clusters.pop(place, None)
            spot = self._spots.get(place)
            area = areas.get(place)
            if spot is None or area is None or area.hex is not None:
                continue
            back = -self.nudges.offset(place)
            rect: QRectF | None = None
            for key in self._keys_at.get(place, ()):
                members = self._members.get(key, ())
                if not members or is_pool_group(key[1]):
                    continue
                drawn = self.item_for_piece[members[0]].boundingRect()  # with its tag
                top = QRectF(self.stack_origin(key) + back + drawn.topLeft() * s,
                             drawn.size() * s)
                top = top.united(top.translated(spot.step * min(len(members) - 1,
                                                                CASCADE_DEPTH)))
                rect = top if rect is None else rect.united(top)
            if rect is not None:
                clusters[place] = rect
        return self.nudges.update(self.bmap, clusters, self.unit)

    # -- one place ---------------------------------------------------------------------------
    def _place_text(self, place: str) -> str:
        """The name of ``place`` as the player reads it (a box's in their language)."""
        name = self.bmap.place_name(place)
        if self.game is None or place not in self.bmap.boxes:
            return name
        return data_text(self.game.ruleset, name)

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
        u = self.unit
        if key[1].startswith(SIDE):
            groups = [k for k in self._keys_at.get(place, []) if not is_pool_group(k[1])]
            index = groups.index(key) if key in groups else 1
            offset = QPointF(u + SIDE_GAP * self.counter_scale, 0) * index
            if place not in self._spots:
                offset = -offset  # holding boxes: the first stack is on the right
            return self.stack_origin((place, "")) + offset
        if place in self._spots:
            return self._spots[place].origin + self.nudges.offset(place)
        x, y, w, h = self.bmap.boxes[place].rect
        if self.bmap.boxes[place].kind == "holding":
            step = CASCADE_STEP * self.counter_scale
            return QPointF(x + w - u - 8 - step * CASCADE_DEPTH,
                           y + max(BOX_HEADER, h - u - 5))
        return self._pool_rect(place).topLeft()

    def _cascade_step(self, key: StackKey) -> QPointF:
        if key[0] in self._spots:
            return self._spots[key[0]].step
        step = CASCADE_STEP * self.counter_scale
        return QPointF(step, -step)

    def _pool_rect(self, place: str) -> QRectF:
        x, y, w, h = self.bmap.boxes[place].rect
        room = POOL_STEP * POOL_DEPTH * self.counter_scale
        return QRectF(x + 6, y + BOX_HEADER, w - 12 - room,
                      max(self.unit, h - BOX_HEADER - 3))

    def visible_rect(self) -> QRectF:
        """The part of the scene the view shows (the scene's rectangle without a view)."""
        for view in self.views():
            if view.isVisible():
                shown = view.mapToScene(view.viewport().rect()).boundingRect()
                inside = shown.intersected(self.sceneRect())
                if not inside.isEmpty():
                    return inside
        return self.sceneRect()

    def _fan(self, origin: QPointF, count: int, columns: int) -> list[QPointF]:
        """Cells of a fanned stack or an open pool, inside the part of the board shown
        (more columns than ``columns`` when the rows would leave it)."""
        s = self.counter_scale
        unit = self.unit
        pitch = unit + FAN_GAP * s
        left, top, right, bottom = (m * s for m in PANEL_MARGINS)
        bounds = self.visible_rect().adjusted(left, top, -right, -bottom)
        fit_cols = max(1, int((bounds.width() - unit) // pitch) + 1)
        fit_rows = max(1, int((bounds.height() - unit) // pitch) + 1)
        cols = min(fit_cols, max(columns, math.ceil(count / fit_rows)))
        return fan_positions(origin, count, bounds, pitch, cols)

    def _pool_layout(self, place: str, groups: list[StackKey]) -> dict[StackKey, QPointF]:
        """Cells of the groups of pool ``place``; sets its mode (grid, pile or panel)."""
        s = self.counter_scale
        cells, pitch = grid_positions(len(groups), self._pool_rect(place), self.unit,
                                      self.unit + POOL_GAP * s, self.unit + MIN_POOL_GAP * s)
        if pitch >= self.unit + MIN_POOL_GAP * s and len(cells) <= self._grid_room(place, pitch):
            self._pool_mode[place] = "grid"
            return dict(zip(groups, cells, strict=True))
        if self.expanded == (place, PILE):
            self._pool_mode[place] = "panel"
            cells = self._fan(self._pool_rect(place).topLeft(), len(groups),
                              POOL_PANEL_COLUMNS)
            return dict(zip(groups, cells, strict=True))
        self._pool_mode[place] = "pile"
        return {}

    def _grid_room(self, place: str, pitch: float) -> int:
        rect = self._pool_rect(place)
        cols = max(1, int((rect.width() - self.unit) // pitch) + 1)
        rows = max(1, int((rect.height() - self.unit) // pitch) + 1)
        return cols * rows

    def _layout_place(self, place: str,
                      badges: dict[StackKey, tuple[int, QPointF, float]]) -> None:
        keys = self._keys_at.get(place, [])
        drawn: list[str] = []
        self._drawn_at[place] = drawn
        self._pool_mode.pop(place, None)
        pool_keys = [k for k in keys if is_pool_group(k[1])]
        cells = self._pool_layout(place, pool_keys) if pool_keys else {}
        s = self.counter_scale
        for key in keys:
            group = key[1]
            pids = self._members[key]
            n = len(pids)
            if key == self.expanded:
                fan = self._fan(cells.get(key, self.stack_origin(key)), n, FAN_COLUMNS)
                for i, (pid, pos) in enumerate(zip(pids, fan, strict=True)):
                    self._place_item(pid, place, pos, Z_EXPANDED + n - i, True)
                    drawn.append(pid)
                continue
            pool = is_pool_group(group)
            if pool and self.pool_mode(place) == "pile":
                continue
            if pool:
                origin, step, depth = cells[key], QPointF(POOL_STEP, -POOL_STEP) * s, POOL_DEPTH
            else:
                origin, step, depth = (self.stack_origin(key), self._cascade_step(key),
                                       CASCADE_DEPTH)
            base = Z_EXPANDED if pool and self.pool_mode(place) == "panel" else Z_COUNTERS
            for i, pid in enumerate(pids):
                k = min(i, depth)
                self._place_item(pid, place, origin + step * k, base + (n - i) * 0.01,
                                 i <= depth)
                drawn.append(pid)
            if n > 1:
                badges[key] = (n, origin, base + 1)
        if pool_keys and self.pool_mode(place) == "pile":
            pids = [p for p in self.drawn_state()["stacks"].get(place, [])
                    if p in self.item_for_piece]
            origin = self.stack_origin((place, PILE))
            step = QPointF(POOL_STEP, -POOL_STEP) * s
            for i, pid in enumerate(pids):
                k = min(i, POOL_DEPTH)
                self._place_item(pid, place, origin + step * k,
                                 Z_COUNTERS + (len(pids) - i) * 0.001, i <= POOL_DEPTH)
                drawn.append(pid)
            if len(pids) > 1:
                badges[(place, PILE)] = (len(pids), origin, Z_COUNTERS + 1)

    def _place_item(self, pid: str, place: str, pos: QPointF, z: float,
                    visible: bool) -> None:
        item = self.item_for_piece[pid]
        self._home[pid] = pos
        self._place_of[pid] = place
        if item.pos() != pos:
            item.setPos(pos)
        if item.zValue() != z:
            item.setZValue(z)
        if item.isVisible() != visible:
            item.setVisible(visible)
        self._index(pid, pos if visible else None)

    # -- finding counters ----------------------------------------------------------------------
    def _index(self, pid: str, pos: QPointF | None) -> None:
        self._unindex(pid)
        if pos is None:
            return
        size = self.unit
        x0, y0 = int(pos.x() // BUCKET), int(pos.y() // BUCKET)
        x1, y1 = int((pos.x() + size) // BUCKET), int((pos.y() + size) // BUCKET)
        cells = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
        for cell in cells:
            self._buckets.setdefault(cell, set()).add(pid)
        self._bucket_of[pid] = cells

    def _unindex(self, pid: str) -> None:
        for cell in self._bucket_of.pop(pid, ()):
            bucket = self._buckets.get(cell)
            if bucket is not None:
                bucket.discard(pid)

    def counter_at(self, pos: QPointF, exclude: set[str] | None = None) -> CounterItem | None:
        """The topmost visible counter under scene point ``pos``."""
        bucket = self._buckets.get((int(pos.x() // BUCKET), int(pos.y() // BUCKET)), ())
        best: CounterItem | None = None
        size = self.unit
        for pid in bucket:
            if exclude is not None and pid in exclude:
                continue
            item = self.item_for_piece.get(pid)
            if item is None or not item.isVisible():
                continue
            at = item.pos()
            if at.x() <= pos.x() < at.x() + size and at.y() <= pos.y() < at.y() + size and (
                    best is None or item.zValue() > best.zValue()):
                best = item
        return best

    # -- badges, piles, the panel ------------------------------------------------------------
    def _layout_badges(self, places: set[str],
                       wanted: dict[StackKey, tuple[int, QPointF, float]]) -> None:
        for key in [k for k in self._badges if k[0] in places and k not in wanted]:
            self.removeItem(self._badges.pop(key))
        for key, (count, origin, z) in wanted.items():
            badge = self._badges.get(key)
            if badge is None:
                badge = self._badges[key] = BadgeItem(count)
                badge.setScale(self.counter_scale)
                self.addItem(badge)
            badge.set_count(count)
            badge.setPos(origin + QPointF(self.unit - self.counter_scale, self.counter_scale))
            badge.setZValue(z)
            badge.setVisible(True)

    def _layout_pile_labels(self, places: set[str]) -> None:
        for place in places:
            pile = self.pool_mode(place) == "pile" and self.count((place, PILE)) > 0
            label = self._pile_labels.get(place)
            if not pile:
                if label is not None:
                    self.removeItem(self._pile_labels.pop(place))
                continue
            if label is None:
                label = self._pile_labels[place] = QGraphicsSimpleTextItem()
                label.setBrush(QColor("#2b2216"))
                label.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                label.setZValue(Z_COUNTERS - 1)
                self.addItem(label)
            size = round(10 * self.counter_scale)
            if label.font().pixelSize() != size:
                label.setFont(font(size))
            count = self.count((place, PILE))
            text = ngettext("{count} counter\nclick to spread",
                            "{count} counters\nclick to spread", count).format(count=count)
            if label.text() != text:
                label.setText(text)
            origin = self.stack_origin((place, PILE))
            scale = self.counter_scale
            beside = origin + QPointF(self.unit + 16 * scale, 6 * scale)
            box = self.bmap.boxes[place].rect
            text_box = label.boundingRect()
            fits = True
            if beside.x() + text_box.width() > box[0] + box[2]:
                beside = QPointF(origin.x(), origin.y() + self.unit + 4 * scale)  # below
                fits = (beside.x() + text_box.width() <= box[0] + box[2] + 2 * scale
                        and beside.y() + text_box.height() <= box[1] + box[3] + 2 * scale)
            label.setPos(beside)
            # A label that would run over the next box stays unsaid: the pile's badge
            # shows the count, and a click spreads it all the same.
            label.setVisible(fits)

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
            self._panel_caption.setBrush(QColor("#2b2216"))
            self.addItem(self._panel)
        assert self._panel_caption is not None
        s = self.counter_scale
        self._panel_caption.setFont(font(11 * s, bold=True))
        place, group = self.expanded
        if group == PILE:
            pids = [p for p in self._drawn_at.get(place, []) if p in self._home]
        else:
            pids = self._members[self.expanded]
        rect = QRectF()
        for pid in pids:
            rect = rect.united(QRectF(self._home[pid], QSizeF(self.unit, self.unit)))
        count = self.count(self.expanded)
        caption = ngettext("{place}: {count} counter", "{place}: {count} counters",
                           count).format(place=self._place_text(place), count=count)
        self._panel_caption.setText(caption)
        left, top, right, bottom = (m * s for m in PANEL_MARGINS)
        rect = rect.adjusted(-left, -top, right, bottom)
        rect.setWidth(max(rect.width(), self._panel_caption.boundingRect().width() + 16 * s))
        self._panel.setRect(rect)
        self._panel_caption.setPos(rect.left() + 8 * s, rect.top() + 4 * s)
        self._panel.setVisible(True)

    # -- expanding ---------------------------------------------------------------------------
    def toggle_expanded(self, key: StackKey | None) -> None:
        """Fan out the stack ``key`` (or fold the fanned one when it is ``key``/None)."""
        if key is not None and (key == self.expanded or self.count(key) < 2):
            key = None
        if key != self.expanded:
            places = {k[0] for k in (key, self.expanded) if k is not None}
            self.expanded = key
            self._expanded_at = self._action_mark()
            self._relayout(places)

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
