"""Table demo, the model: the rule book, its data and its predicates (no steps here).

The whole rule book, cited as "Table demo N":

1. Two sides, Red and Blue, each with two foot figures on 2 x 2 cm bases and one rider on
   a 2 x 4 cm base, on a 60 x 60 cm table with a wood, a wall and a hill. The game lasts
   four turns.
2. Each turn both sides give orders in secret at the same time: a path (waypoints in cm)
   for any of their figures, and a facing at its end if wanted (a figure may also just
   turn where it stands); several figures may be given one path, each keeping its
   place in the group. The orders are revealed together, then carried out together
   (rule 5).
3. A path may take at most the figure's allowance: foot 8 cm, rider 14 cm. Entering the
   scenery costs more: light obstacle (the wood) 2 cm, medium (the wall) 4 cm, large 6 cm;
   on a road nothing. A path stays on the table.
4. A figure sees another if the line between their eyes (3 cm above the ground; on the
   hill, 4 cm higher) passes over all the scenery and every other figure in between (a
   figure is as tall as its eye). Cover: the best cover class
   of the scenery the line meets within 1 cm of the target. Range: close up to 4 cm, short
   up to 12 cm, long up to 24 cm.
5. Orders are carried out in sixths: in each sixth every figure moves a sixth of its
   allowance along its path. A figure that comes into contact with an enemy stops there;
   a figure that would run into a friend stops before it.
6. After the fourth turn each side scores one point per figure of its own standing on the
   hill; the higher score wins (equal: a draw).

:class:`TableModel` is the part of the ruleset the steps may use.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.engine.ruleset import Ruleset, SideInfo
from boardapp.core.engine.state import State
from boardapp.core.table.fixed import parse_point, point_text, to_cm, to_tenths, to_units
from boardapp.core.table.measure import figure_bases, table_setup
from boardapp.core.table.paths import PathPlan, plan_path
from boardapp.core.table.positions import position
from boardapp.core.table.rules import FigureSpec, TableRules

from .words import N_, WORDS

SIDES = ("red", "blue")
LAST_TURN = 4
FOOT = FigureSpec(width=2.0, depth=2.0, height=3.0, allowance=8.0)
RIDER = FigureSpec(width=2.0, depth=4.0, height=3.0, allowance=14.0)
RULES = TableRules(
    figures={"foot": FOOT, "rider": RIDER},
    costs={"light": 2.0, "medium": 4.0, "large": 6.0},
    range_bands=((N_("close"), 4.0), (N_("short"), 12.0), (N_("long"), 24.0)),
    see_into=0.0, cover_within=1.0, fractions=6, figures_block=True)
SET_UP = {  # piece id: (type, x cm, y cm, facing degrees)
    "red-a": ("foot", 12, 52, 0), "red-b": ("foot", 28, 52, 0), "red-r": ("rider", 20, 54, 0),
    "blue-a": ("foot", 36, 8, 180), "blue-b": ("foot", 52, 8, 180),
    "blue-r": ("rider", 44, 6, 180),
}
TURN_IN_PLACE = "turn_in_place"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (see ``version``)."""
HOLD = "hold"
"""The orders of a side that moves nothing."""


@dataclass(frozen=True)
class Order:
    """One figure's order: its waypoints (cm) after its position, and a final facing."""

    pid: str
    points: tuple[tuple[float, float], ...]
    facing: float | None = None

    def text(self) -> str:
        words = [point_text(to_units(x), to_units(y)) for x, y in self.points]
        if self.facing is not None:
            words[-1] = point_text(to_units(self.points[-1][0]), to_units(self.points[-1][1]),
                                   to_tenths(self.facing))
        return f"{self.pid}:" + ";".join(words)


def parse_path(text: str) -> tuple[tuple[tuple[float, float], ...], float | None]:
    """``X,Y;X,Y[,FACING]`` as waypoints (cm) and a final facing (degrees or ``None``)."""
    words = text.split(";")
    if not words or len(words) > 20:
        raise InvalidActionError(N_("{entry}: a path is 1 to 20 points X,Y separated by ';'",
                                    entry=repr(text)))
    points = []
    facing = None
    for n, word in enumerate(words):
        x, y, f = parse_point(word)
        if f is not None and n != len(words) - 1:
            raise InvalidActionError(N_("{entry}: only the last point may give a facing",
                                        entry=repr(text)))
        points.append((to_cm(x), to_cm(y)))
        facing = None if f is None else f / 10
    return tuple(points), facing


def parse_orders(text: str) -> list[Order]:
    """A side's orders: ``hold``, or ``PID:PATH`` joined by ``/`` (see :func:`parse_path`)."""
    if text == HOLD:
        return []
    orders = []
    for item in text.split("/"):
        pid, sep, path = item.partition(":")
        if not sep:
            raise InvalidActionError(N_("{item}: an order is PIECE:X,Y;X,Y", item=repr(item)))
        points, facing = parse_path(path)
        orders.append(Order(pid, points, facing))
    return orders


def orders_text(orders: list[Order]) -> str:
    return "/".join(o.text() for o in sorted(orders, key=lambda o: o.pid)) or HOLD


class TableModel(Ruleset):
    """The table demo's data and predicates (see the module docstring for the rules)."""

    id = "table-demo"
    name = N_("Table demo")
    version = "0.2"
    """0.2: a figure ordered to turn where it stands turns (0.1 ignored it; such games
    replay that way, ``state["legacy"]``)."""
    rules_name = "Table demo"
    words = WORDS
    sides = (SideInfo("red", N_("Red"), "#c0392b", "#ffffff"),
             SideInfo("blue", N_("Blue"), "#2e5fa8", "#ffffff"))
    map_file = "table_demo.yaml"
    table_rules = RULES

    def piece_side(self, state: State, pid: str) -> str:
        return pid.split("-", 1)[0]

    def piece_name(self, state: State, pid: str) -> str:
        key = (pid, state["pieces"][pid]["type"], self.piece_side(state, pid))
        names = self.__dict__.setdefault("_names", {})  # on the ruleset, never in the state
        found = names.get(key)
        if found is None:
            found = names[key] = self._piece_name(*key)
        return found

    def _piece_name(self, pid: str, kind: str, side_id: str) -> str:
        """The name of figure ``pid`` of type ``kind`` (a message: the same one each time,
        :meth:`piece_name` keeps it; the log writes it at every sixth of a move)."""
        side = self.side(side_id).name
        if kind == "rider":
            return N_("{side} rider", side=side)
        return N_("{side} foot {letter}", side=side, letter=pid.rsplit("-", 1)[-1].upper())

    def spec(self, state: State, pid: str) -> FigureSpec:
        return RULES.figure(state["pieces"][pid]["type"])

    def plan(self, state: State, pid: str, points: tuple[tuple[float, float], ...]) -> PathPlan:
        """The plan of ``pid``'s path from where it stands through ``points`` (rule 3)."""
        table, _ = table_setup(self)
        at = position(state, pid)
        start = (to_cm(at[0]), to_cm(at[1])) if at else points[0]
        return plan_path(table, [start, *points], RULES.costs)

    def why_not_order(self, state: State, side: str, order: Order) -> tuple[str, str] | None:
        """``None`` if ``side`` may order ``order``, else (reason, rule)."""
        if order.pid not in state["pieces"]:
            return N_("no piece {pid}", pid=repr(order.pid)), self.cite("1")
        if self.piece_side(state, order.pid) != side:
            return N_("{piece} is not yours", piece=self.piece_name(state, order.pid)), \
                self.cite("2")
        if position(state, order.pid) is None:
            return N_("{piece} is not on the table",
                      piece=self.piece_name(state, order.pid)), self.cite("1")
        plan = self.plan(state, order.pid, order.points)
        if plan.refused:
            return N_("{piece}: {refusal}", piece=self.piece_name(state, order.pid),
                      refusal=plan.refused), self.cite("3")
        allowance = self.spec(state, order.pid).allowance
        if plan.effort > allowance + 1e-9:
            return (N_("{piece}'s path takes {effort} cm of its {allowance} cm",
                       piece=self.piece_name(state, order.pid),
                       effort=format(plan.effort, ".1f"), allowance=format(allowance, "g")),
                    self.cite("3"))
        return None

    def group_orders(self, state: State, pids: list[str], path: str) -> list[Order]:
        """The orders of ``pids`` given one path (rule 2): the first figure follows it,
        each other is shifted by its offset from the first. Raises InvalidActionError
        when the words or a figure do not read."""
        points, facing = parse_path(path)
        starts = []
        for pid in pids:
            if pid not in state["pieces"]:
                raise InvalidActionError(N_("no piece {pid}", pid=repr(pid)))
            at = position(state, pid)
            if at is None:
                raise InvalidActionError(N_("{piece} is not on the table",
                                            piece=self.piece_name(state, pid)))
            starts.append(at)
        orders = []
        for pid, at in zip(pids, starts, strict=True):
            dx, dy = to_cm(at[0] - starts[0][0]), to_cm(at[1] - starts[0][1])
            shifted = tuple((to_cm(to_units(x + dx)), to_cm(to_units(y + dy)))
                            for x, y in points)
            orders.append(Order(pid, shifted, facing))
        return orders

    def why_not_orders(self, state: State, side: str, text: str) -> tuple[str, str | None] | None:
        """``None`` if ``text`` is a valid set of orders of ``side``, else (reason, rule)."""
        try:
            orders = parse_orders(text)
        except InvalidActionError as exc:
            return str(exc), self.cite("2")
        pids = [o.pid for o in orders]
        if len(set(pids)) != len(pids):
            return N_("one order per figure"), self.cite("2")
        for order in orders:
            why = self.why_not_order(state, side, order)
            if why is not None:
                return why
        return None

    def on_hill(self, state: State) -> dict[str, int]:
        """Figures of each side standing on the hill (rule 6)."""
        table, _ = table_setup(self)
        count = {s: 0 for s in SIDES}
        for pid, base in figure_bases(self, state).items():
            if any(s.kind == "hill" for s in table.at(base.x, base.y)):
                count[self.piece_side(state, pid)] += 1
        return count

    def standing(self, state: State) -> dict[str, float]:
        """The score once the fourth turn is over; before, the figures on the hill now
        (rule 6)."""
        if state["turn"] > LAST_TURN:
            return {s: float(state["score"].get(s, 0)) for s in SIDES}
        return {s: float(n) for s, n in self.on_hill(state).items()}

    def evaluate(self, state: State, side: str) -> float:
        """The figures on the hill (rule 6); then how near the others stand to it (cm
        to the hill's centre, less for figures that can get there sooner)."""
        value = super().evaluate(state, side) * 10
        table, _ = table_setup(self)
        hills = [s.shape.centroid for s in table.scenery.values() if s.kind == "hill"]
        if not hills or state["turn"] > LAST_TURN:
            return value
        hill = hills[0]
        drafts = state["vars"].get("drafts", {}).get(side) or {}
        for pid, base in figure_bases(self, state).items():
            x, y = base.x, base.y
            if isinstance(drafts, dict) and isinstance(drafts.get(pid), str):
                points, _ = parse_path(drafts[pid])  # where its planned path ends (rule 2)
                if points:
                    x, y = points[-1]
            away = ((x - hill.x) ** 2 + (y - hill.y) ** 2) ** 0.5
            value -= (0.1 if self.piece_side(state, pid) == side else -0.1) * away
        return value

    def outcome(self, state: State) -> str | None:
        if state["turn"] <= LAST_TURN:
            return None
        red, blue = state["score"]["red"], state["score"]["blue"]
        if red == blue:
            return N_("A draw, {red} to {blue} on the hill.", red=red, blue=blue)
        winner = self.side("red" if red > blue else "blue").name
        return N_("{winner} wins, holding the hill {max} to {min}.", winner=winner,
                  max=max(red, blue), min=min(red, blue))
