"""The tools of a table's view: move a figure, measure with the ruler, check a line of
sight. One tool is chosen at a time (M, R, L, or the buttons over the board); the view
hands it the mouse, so the scene has no mouse code for the table. Measuring changes
nothing; a move is one action through the controller (one undo step)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsPathItem
from shapely.geometry import Point as ShapelyPoint

from boardapp.core.engine.actions import Action
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import bearing, point_text, to_tenths, to_units
from boardapp.core.table.measure import figure_base, figure_bases, measure, table_setup
from boardapp.core.table.measuring import measure_action, measure_is_logged
from boardapp.core.table.paths import plan_path

from .i18n import N_, _
from .table_items import Z_TOOL, GhostItem, ToolLabel, TurnHandle, mm, to_table
from .table_scene import TableScene


class TableTool:
    """A modal tool: the view gives it the presses, moves and releases on the board."""

    name = ""
    label = ""
    shortcut = ""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.line = QGraphicsLineItem()
        self.line.setZValue(Z_TOOL)
        self.text = ToolLabel()
        self._shown = False

    def _show(self) -> None:
        if not self._shown:
            for item in (self.line, self.text, self.text.box):
                self.scene.addItem(item)
            self._shown = True

    def clear(self) -> None:
        """Take the tool's drawings off the board."""
        if self._shown:
            for item in (self.line, self.text, self.text.box):
                if item.scene() is self.scene:
                    self.scene.removeItem(item)
            self._shown = False

    def draw(self, a: QPointF, b: QPointF, text: str, colour: str) -> None:
        self._show()
        self.line.setLine(a.x(), a.y(), b.x(), b.y())
        self.line.setPen(QPen(QColor(colour), 3.0))
        self.text.show_text(text, b)

    def press(self, pos: QPointF, shift: bool) -> bool:
        """A press at scene point ``pos``: ``True`` if the tool takes it (else the view
        pans)."""
        return False

    def move(self, pos: QPointF, shift: bool) -> None:
        """The pointer moved with the button down."""

    def release(self, pos: QPointF, shift: bool) -> None:
        """The button was released."""

    # -- measuring written in the log (the rules forbid measuring before declaring) --------
    def logged(self) -> bool:
        """Whether a measure is an action written in the log now."""
        game = self.scene.game
        return game is not None and measure_is_logged(game.ruleset, game.state)

    def log_measure(self, origin: str, target: str) -> str:
        """Measure as the action ``measure ORIGIN TARGET``; the words logged (or why it
        was refused). The side measuring is the owner of the figure measured from."""
        game, controller = self.scene.game, self.scene.controller
        if game is None or controller is None:
            return ""
        side = None
        if game.pbem is None and origin in game.state["pieces"]:
            side = game.ruleset.piece_side(game.state, origin)
        entry = controller.push(measure_action(origin, target), side=side)
        if entry is None:
            return controller.last_refusal or "refused"
        return "\n".join(line.text for line in entry.lines).replace("; ", "\n")

    def where(self, pos: QPointF, pid: str | None) -> str:
        """A figure's id, or the point ``pos`` as ``X,Y`` (cm), as a measure names it."""
        if pid is not None:
            return pid
        x, y = to_table(pos)
        return point_text(to_units(x), to_units(y))


LOGGED_HINT = "release to measure\n(written in the log: both sides see it)"


class MoveTool(TableTool):
    """Drag a figure anywhere (nothing snaps): the path, its obstacles and the allowance
    left show while dragging; the drop is the ruleset's move action (Shift: a placement
    by hand). A click selects a figure and shows its turning handle in front of it: drag
    the handle around the figure to turn it where it stands (one action). Ctrl+click
    selects several figures: dragging one of them moves the group, each keeping its place
    (one action)."""

    name, label, shortcut = "move", N_("Move"), "M"

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.pid: str | None = None
        self.start: Base | None = None
        self.ghost = GhostItem()
        self.turned: float | None = None
        """The facing chosen with the wheel during the drag (``None``: along the path)."""
        self._last = QPointF()
        self.ctrl = False
        """Whether Ctrl is held at the press (the view sets it): select, do not drag."""
        self.selected: list[str] = []
        self.group: dict[str, Base] = {}
        """The other figures dragged with the pressed one, at their start."""
        self.ghosts: dict[str, GhostItem] = {}
        self.handle = TurnHandle()
        self.turning = False
        """Whether the press took the turning handle (the figure turns where it stands)."""

    def show_handle(self) -> None:
        """The turning handle in front of the one selected figure (hidden otherwise)."""
        base = None
        if len(self.selected) == 1 and self.scene.game is not None:
            base = figure_base(self.scene.game.ruleset, self.scene.drawn_state(),
                               self.selected[0])
        for item in (self.handle, self.handle.stalk):
            if base is None and item.scene() is self.scene:
                self.scene.removeItem(item)
            elif base is not None and item.scene() is not self.scene:
                self.scene.addItem(item)
        if base is not None:
            self.handle.place(base)

    def on_handle(self, pos: QPointF) -> bool:
        if self.handle.scene() is not self.scene:
            return False
        views = self.scene.views()
        scale = views[0].transform().m11() if views else 1.0
        reach = (TurnHandle.RADIUS + 3) / max(scale, 1e-6)
        return math.hypot(pos.x() - self.handle.pos().x(), pos.y() - self.handle.pos().y()) \
            <= reach

    def clear(self) -> None:
        super().clear()
        if self.pid is None:
            self.select([])

    def press(self, pos: QPointF, shift: bool) -> bool:
        if self.scene.replaying or self.scene.game is None:
            return False
        self.turning = False
        if self.on_handle(pos):
            pid = self.selected[0]
            self.pid, self.turned, self.group, self.turning = pid, None, {}, True
            self.start = figure_base(self.scene.game.ruleset, self.scene.drawn_state(), pid)
            return self.start is not None
        pid = self.scene.figure_at(pos)
        if pid is None:
            self.select([])
            return False
        if self.ctrl:
            self.select([p for p in self.selected if p != pid] if pid in self.selected
                        else [*self.selected, pid])
            return True
        if pid not in self.selected:
            self.select([])
        self.pid = pid
        self.turned = None
        rs, state = self.scene.game.ruleset, self.scene.drawn_state()
        self.start = figure_base(rs, state, pid)
        self.group = {p: b for p in self.selected if p != pid
                      and (b := figure_base(rs, state, p)) is not None}
        return self.start is not None

    def select(self, pids: list[str]) -> None:
        """Make ``pids`` the selection (drawn outlined)."""
        self.selected = list(pids)
        self.scene.outline(self.selected)
        self.show_handle()

    def turn(self, degrees: float, shift: bool) -> None:
        """Turn the dragged figure (the wheel during a drag): its facing at the drop."""
        if self.start is None:
            return
        x, y = to_table(self._last)
        now = self.turned if self.turned is not None else self.facing_at(x, y, shift)
        self.turned = (now + degrees) % 360.0
        self.move(self._last, shift)

    def facing_at(self, x: float, y: float, shift: bool) -> float:
        assert self.start is not None
        if self.turned is not None:
            return self.turned
        if shift or (x, y) == self.start.centre:
            return self.start.facing
        return bearing(x - self.start.x, y - self.start.y)

    def describe(self, x: float, y: float) -> tuple[str, bool]:
        """What the drag to (x, y) cm shows, and whether it is within the allowance."""
        assert self.scene.game is not None and self.start is not None and self.pid
        ruleset, state = self.scene.game.ruleset, self.scene.game.state
        table, rules = table_setup(ruleset)
        plan = plan_path(table, [(self.start.x, self.start.y), (x, y)], rules.costs)
        allowance = rules.figure(state["pieces"][self.pid]["type"]).allowance
        parts = [_("path {length:.1f} cm").format(length=plan.length)]
        parts += [f"+{c.cost:g} {table.scenery[c.scenery].name}" for c in plan.crossings
                  if c.cost]
        if plan.refused:
            return f"{' '.join(parts)}\n{plan.refused}", False
        left = allowance - plan.effort
        tail = (_("{left:.1f} of {allowance:g} cm left").format(left=left, allowance=allowance)
                if left >= 0 else
                _("{over:.1f} cm over the {allowance:g} cm allowance").format(
                    over=-left, allowance=allowance))
        total = f" = {plan.effort:.1f} cm" if len(parts) > 1 else ""
        return f"{' '.join(parts)}{total}\n{tail}", left >= 0 or not allowance

    def move(self, pos: QPointF, shift: bool) -> None:
        if self.start is None:
            return
        self._last = pos
        x, y = to_table(pos)
        if self.turning:
            self.turned = float(round(bearing(x - self.start.x, y - self.start.y)))
            x, y = self.start.centre
        if self.ghost.scene() is not self.scene:
            self.scene.addItem(self.ghost)
        facing = self.facing_at(x, y, shift)
        self.ghost.set_base(Base(x, y, self.start.width, self.start.depth, facing))
        for other, base in self.group.items():
            ghost = self.ghosts.setdefault(other, GhostItem())
            if ghost.scene() is not self.scene:
                self.scene.addItem(ghost)
            ghost.set_base(Base(base.x + x - self.start.x, base.y + y - self.start.y,
                                base.width, base.depth, facing))
        text, ok = (_("placed by hand"), True) if shift else self.describe(x, y)
        if self.turning:
            text = _("facing {angle}°").format(angle=f"{facing:g}") + (
                _(" (by hand)") if shift else "")
        if self.group and not shift:
            text += "\n" + _("(a group of {count})").format(count=len(self.group) + 1)
        self.draw(mm(self.start.x, self.start.y), pos, text, "#2e7d32" if ok else "#c62828")

    def release(self, pos: QPointF, shift: bool) -> None:
        pid, start, turned, group = self.pid, self.start, self.turned, list(self.group)
        turning, self.turning = self.turning, False
        self.pid = self.start = self.turned = None
        self.group = {}
        for ghost in (self.ghost, *self.ghosts.values()):
            if ghost.scene() is self.scene:
                self.scene.removeItem(ghost)
        self.clear()
        controller, game = self.scene.controller, self.scene.game
        if pid is None or start is None or controller is None or game is None:
            return
        x, y = to_table(pos)
        if turning:
            if turned is None or to_tenths(turned) == to_tenths(start.facing):
                self.select([pid])
                return  # not turned
            x, y = start.centre
        elif math.hypot(x - start.x, y - start.y) < 0.05:
            self.select([pid])  # a click, not a move: the figure is selected
            return
        where = point_text(to_units(x), to_units(y),
                           None if turned is None else to_tenths(turned))
        if shift:  # by hand, the pressed figure alone
            controller.push(Action("place", (pid, where)))
        else:
            controller.drop([pid, *group], where)
        self.scene.sync()
        self.select([pid] if turning else [])  # a figure turned keeps its handle


class FromPointTool(TableTool):
    """A tool dragged out from a point of the table (and the figure there, if any)."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.origin: QPointF | None = None
        self.pid: str | None = None

    def press(self, pos: QPointF, shift: bool) -> bool:
        if self.scene.game is None:
            return False
        self.clear()
        self.origin = pos
        self.pid = self.scene.figure_at(pos)
        return True


class RulerTool(FromPointTool):
    """Measure centimetres between two points, or edge to edge between two figures."""

    name, label, shortcut = "ruler", N_("Ruler"), "R"

    def move(self, pos: QPointF, shift: bool) -> None:
        if self.origin is None or self.scene.game is None:
            return
        if self.logged():
            self.draw(self.origin, pos, LOGGED_HINT, "#1f4e9c")
            return
        ax, ay = to_table(self.origin)
        bx, by = to_table(pos)
        text = f"{math.hypot(bx - ax, by - ay):.1f} cm"
        other = self.scene.figure_at(pos)
        if self.pid and other and other != self.pid:
            state = self.scene.drawn_state()
            a = figure_base(self.scene.game.ruleset, state, self.pid)
            b = figure_base(self.scene.game.ruleset, state, other)
            if a is not None and b is not None:
                text = _("{distance:.1f} cm edge to edge").format(distance=a.distance(b))
        self.draw(self.origin, pos, text, "#1f4e9c")

    def release(self, pos: QPointF, shift: bool) -> None:
        if self.origin is not None and self.logged():
            origin = self.where(self.origin, self.pid)
            target = self.where(pos, self.scene.figure_at(pos))
            if target != origin:
                self.draw(self.origin, pos, self.log_measure(origin, target), "#1f4e9c")
        self.origin = None  # the last measure stays until the next press


class SightTool(TableTool):
    """From one figure to another: line of sight (or what blocks it), cover, distance,
    range band."""

    name, label, shortcut = "sight", N_("Line of sight"), "L"

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.pid: str | None = None

    def press(self, pos: QPointF, shift: bool) -> bool:
        self.clear()
        self.pid = self.scene.figure_at(pos) if self.scene.game is not None else None
        return self.pid is not None

    def move(self, pos: QPointF, shift: bool) -> None:
        if self.pid is None or self.scene.game is None:
            return
        rs, state = self.scene.game.ruleset, self.scene.drawn_state()
        a = figure_base(rs, state, self.pid)
        if a is None:
            return
        other = self.scene.figure_at(pos)
        if other is None or other == self.pid:
            self.draw(mm(a.x, a.y), pos, _("drag to a figure"), "#555555")
            return
        if self.logged():
            self.draw(mm(a.x, a.y), pos, LOGGED_HINT, "#555555")
            return
        table, _rules = table_setup(rs)
        result = measure(rs, state, self.pid, other)
        b = figure_base(rs, state, other)
        assert b is not None
        self.draw(mm(a.x, a.y), mm(b.x, b.y), "\n".join(str(line) for line in result.lines(table)),
                  "#2e7d32" if result.sees else "#c62828")

    def release(self, pos: QPointF, shift: bool) -> None:
        other = self.scene.figure_at(pos)
        if self.pid is not None and other not in (None, self.pid) and self.logged():
            rs, state = self.scene.game.ruleset, self.scene.drawn_state()
            a, b = figure_base(rs, state, self.pid), figure_base(rs, state, other)
            text = self.log_measure(self.pid, other)
            sees = text.find("line of sight: yes") >= 0
            if a is not None and b is not None:
                self.draw(mm(a.x, a.y), mm(b.x, b.y), text, "#2e7d32" if sees else "#c62828")
        self.pid = None


class RingTool(FromPointTool):
    """A ring of any radius around a figure (or a point): drag out the radius; the
    figures within it are named."""

    name, label, shortcut = "ring", N_("Ring"), "G"

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.ring = QGraphicsPathItem()
        self.ring.setZValue(Z_TOOL)
        self.ring.setPen(QPen(QColor("#6a1b9a"), 2.0, Qt.PenStyle.DashLine))
        self.radius = 0.0

    def clear(self) -> None:
        super().clear()
        if self.ring.scene() is self.scene:
            self.scene.removeItem(self.ring)

    def move(self, pos: QPointF, shift: bool) -> None:
        if self.origin is None or self.scene.game is None:
            return
        rs, state = self.scene.game.ruleset, self.scene.drawn_state()
        ax, ay = to_table(self.origin)
        bx, by = to_table(pos)
        centre = figure_base(rs, state, self.pid) if self.pid else None
        shape = centre.polygon if centre is not None else ShapelyPoint(ax, ay)
        radius = shape.distance(ShapelyPoint(bx, by))
        ring = shape.buffer(radius, quad_segs=24) if radius > 0 else shape
        path = QPainterPath()
        path.addPolygon(QPolygonF([mm(x, y) for x, y in ring.exterior.coords])
                        if hasattr(ring, "exterior") else QPolygonF())
        self.ring.setPath(path)
        if self.ring.scene() is not self.scene:
            self.scene.addItem(self.ring)
        inside = [rs.piece_name(state, p) for p, b in sorted(figure_bases(rs, state).items())
                  if p != self.pid and b.polygon.distance(shape) <= radius]
        names = ", ".join(inside) if inside else _("nobody")
        self.radius = radius
        self.draw(self.origin, pos, LOGGED_HINT if self.logged() else
                  f"{radius:.1f} cm: {names}", "#6a1b9a")

    def release(self, pos: QPointF, shift: bool) -> None:
        if self.origin is not None and self.logged() and self.radius > 0:
            origin = self.where(self.origin, self.pid)
            text = self.log_measure(origin, f"r={self.radius:.1f}")
            self.draw(self.origin, pos, text, "#6a1b9a")
        self.origin = None


TOOLS = (MoveTool, RulerTool, SightTool, RingTool)
SHIFT = Qt.KeyboardModifier.ShiftModifier
