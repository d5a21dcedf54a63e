"""Measuring between two figures on a table, as the ruler and line-of-sight tools and
``boardapp measure`` show it: edge-to-edge distance, line of sight (or what blocks it),
cover, range band and arcs. Measuring changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base.errors import BoardappError
from ..base.i18n import N_, listing
from ..engine.state import State
from .bases import Base, shared_base
from .fixed import to_cm, to_degrees
from .positions import AT, TABLE_PLACE, base_of
from .rules import TableRules
from .sight import cover_near, eye_of, figures_in_the_way, line_of_sight
from .tableboard import table_of
from .tablemap import Table


def table_setup(ruleset: Any) -> tuple[Table, TableRules]:
    """The table and table rules of ``ruleset``; :class:`BoardappError` if it plays on
    no table."""
    table = table_of(ruleset.board_map)
    if table is None:
        raise BoardappError(N_("{name} is not played on a table", name=ruleset.name))
    return table, getattr(ruleset, "table_rules", None) or TableRules()


def figure_base(ruleset: Any, state: State, pid: str) -> Base | None:
    """The base of figure ``pid`` (``None`` when it is not on the table)."""
    _, rules = table_setup(ruleset)
    spec = rules.figure(state["pieces"][pid]["type"])
    return base_of(state, pid, spec.width, spec.depth)


def figure_bases(ruleset: Any, state: State) -> dict[str, Base]:
    """The base of every figure on the table, by id."""
    _, rules = table_setup(ruleset)
    sizes: dict[str, tuple[float, float]] = {}
    found = []
    for pid, piece in state["pieces"].items():  # what on_table and base_of give
        at = piece.get(AT)
        if not at or piece.get("loc") != TABLE_PLACE:
            continue
        size = sizes.get(piece["type"])
        if size is None:
            spec = rules.figure(piece["type"])
            size = sizes[piece["type"]] = (spec.width, spec.depth)
        found.append((pid, shared_base(to_cm(int(at[0])), to_cm(int(at[1])), size[0],
                                       size[1], to_degrees(int(at[2])))))
    found.sort(key=lambda pair: pair[0])
    return dict(found)


def figure_level(ruleset: Any, state: State, pid: str) -> float:
    """How high above the ground figure ``pid`` stands (cm): the floor of a building it
    is on, as the ruleset's ``figure_level(state, pid)`` says (0 without one)."""
    level = getattr(ruleset, "figure_level", None)
    return float(level(state, pid)) if level is not None else 0.0


WORDS = {"none": N_("none"), "light": N_("light"), "medium": N_("medium"),
         "large": N_("large"), "impassable": N_("impassable"),
         "out of range": N_("out of range"), "front": N_("front"), "rear": N_("rear"),
         "left": N_("left"), "right": N_("right")}
"""The core's words of a measure (cover and obstacle classes, the last range band, the
arcs) drawn in the reader's language; a ruleset's own band names are its messages."""


def word(value: str) -> str:
    """A cover class, an arc or ``out of range`` as a word (a message where known)."""
    return WORDS.get(value, value) if isinstance(value, str) else value


@dataclass(frozen=True)
class Measure:
    """What the tools say between two figures."""

    distance: float
    sees: bool
    blocked_by: tuple[str, ...]
    cover: str
    cover_by: tuple[str, ...]
    band: str
    arc: str
    """In which arc of the first figure the second stands."""
    blocked_by_figures: tuple[str, ...] = ()
    """The figures in the way (ids), when the ruleset says figures block sight."""
    figure_names: tuple[str, ...] = ()
    """Their names, as the players read them."""

    def lines(self, table: Table) -> list[str]:
        names = listing([table.scenery[s].name for s in self.blocked_by]
                        + list(self.figure_names))
        covers = listing([table.scenery[s].name for s in self.cover_by])
        sight = N_("line of sight: yes") if self.sees else \
            N_("line of sight: no, blocked by {names}", names=names)
        cover = N_("cover: {cover} ({covers})", cover=word(self.cover), covers=covers) \
            if covers else N_("cover: {cover}", cover=word(self.cover))
        return [N_("distance: {distance} cm (edge to edge)",
                   distance=format(self.distance, ".2f")), sight, cover,
                N_("range: {band}", band=word(self.band)), N_("arc: {arc}", arc=word(self.arc))]

    def to_json(self) -> dict[str, Any]:
        return {"distance_cm": round(self.distance, 2), "line_of_sight": self.sees,
                "blocked_by": list(self.blocked_by),
                "blocked_by_figures": list(self.blocked_by_figures), "cover": self.cover,
                "cover_by": list(self.cover_by), "range": self.band, "arc": self.arc}


def measure(ruleset: Any, state: State, a: str, b: str) -> Measure:
    """Measure from figure ``a`` to figure ``b``."""
    table, rules = table_setup(ruleset)
    for pid in (a, b):
        if pid not in state["pieces"]:
            raise BoardappError(N_("no piece {pid}", pid=repr(pid)))
    base_a, base_b = figure_base(ruleset, state, a), figure_base(ruleset, state, b)
    if base_a is None or base_b is None:
        missing = a if base_a is None else b
        raise BoardappError(N_("{piece} is not on the table",
                               piece=ruleset.piece_name(state, missing)))
    eye_a = eye_of(table, base_a, rules.figure(state["pieces"][a]["type"]).height
                   + figure_level(ruleset, state, a))
    eye_b = eye_of(table, base_b, rules.figure(state["pieces"][b]["type"]).height
                   + figure_level(ruleset, state, b))
    sight = line_of_sight(table, eye_a, eye_b, rules.see_into)
    in_way: tuple[str, ...] = ()
    if rules.figures_block:
        others = {pid: (base, rules.figure(state["pieces"][pid]["type"]).height)
                  for pid, base in figure_bases(ruleset, state).items() if pid not in (a, b)}
        in_way = figures_in_the_way(table, eye_a, eye_b, others)
    cover, cover_by = cover_near(table, eye_a, base_b, rules.cover_within)
    distance = base_a.distance(base_b)
    return Measure(distance, sight.clear and not in_way, sight.blocked_by, cover, cover_by,
                   rules.band(distance), base_a.arc_of(base_b), in_way,
                   tuple(ruleset.piece_name(state, p) for p in in_way))
