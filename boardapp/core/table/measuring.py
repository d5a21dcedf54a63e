"""Measuring as an action: when a ruleset forbids measuring before declaring
(:attr:`~.rules.TableRules.measure_freely` false), each use of the ruler, the line of
sight or a ring is the action ``measure FROM TO`` written in the log, where both sides
read it; otherwise measuring changes nothing and is no action at all.

``FROM`` and ``TO`` are each a figure's id or a point ``X,Y`` (cm); ``TO`` may also be a
ring ``r=RADIUS`` (cm) around ``FROM``:

- two figures: the edge-to-edge distance, the line of sight (or what blocks it), cover,
  range band and arc (:func:`~.measure.measure`);
- a figure and a point, or two points: the distance (from the edge of the base);
- a ring: the figures within that distance.

The measure changes nothing in the position: only the log keeps it.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point

from ..base.errors import BoardappError, InvalidActionError
from ..base.i18n import N_, listing
from ..engine.actions import Action
from ..engine.context import Context
from ..engine.state import State
from .fixed import is_point_text, parse_point, to_cm
from .measure import figure_base, figure_bases, measure, table_setup

MEASURE = "measure"
RING = "r="


def measure_is_logged(ruleset: Any, state: State) -> bool:
    """Whether a measure must be an action in the log now: the table rules forbid
    measuring freely, unless the ruleset's ``measure_is_free(state)`` says that it is
    free at this moment (after the declarations, say)."""
    rules = getattr(ruleset, "table_rules", None)
    if rules is None or rules.measure_freely:
        return False
    free = getattr(ruleset, "measure_is_free", None)
    return not (free is not None and free(state))


def measure_action(origin: str, target: str) -> Action:
    """The action measuring from ``origin`` to ``target`` (ids, ``X,Y`` or ``r=R``)."""
    return Action(MEASURE, (origin, target))


def _point(text: str) -> tuple[float, float]:
    x, y, _ = parse_point(text)
    return to_cm(x), to_cm(y)


def _name(ruleset: Any, state: State, word: str) -> str:
    return ruleset.piece_name(state, word) if word in state["pieces"] else f"{word} cm"


def measure_text(ruleset: Any, state: State, origin: str, target: str) -> str:
    """What measuring from ``origin`` to ``target`` finds, in words (see the module)."""
    table, _ = table_setup(ruleset)
    start = None if is_point_text(origin) else figure_base(ruleset, state, origin)
    if start is None and not is_point_text(origin):
        raise BoardappError(N_("{piece_name} is not on the table",
                               piece_name=ruleset.piece_name(state, origin)))
    shape = start.polygon if start is not None else Point(*_point(origin))
    if target.startswith(RING):
        try:
            radius = float(target[len(RING):])
        except ValueError as exc:
            raise InvalidActionError(N_("{target}: a ring is r=RADIUS in cm",
                                        target=repr(target))) from exc
        if not math.isfinite(radius) or not 0 < radius <= 10_000:
            raise InvalidActionError(N_("{target}: a ring's radius is more than 0 cm",
                                        target=repr(target)))
        inside = [ruleset.piece_name(state, p) for p, b in figure_bases(ruleset, state).items()
                  if p != origin and b.polygon.distance(shape) <= radius]
        return N_("a ring of {radius} cm around {origin}: {inside}", radius=format(radius, "g"),
                  origin=_name(ruleset, state, origin),
                  inside=listing(inside) if inside else N_("nobody"))
    if target in state["pieces"] and origin in state["pieces"]:
        found = measure(ruleset, state, origin, target)
        return N_("{origin} to {target}: {found}", origin=_name(ruleset, state, origin),
                  target=_name(ruleset, state, target), found=listing(found.lines(table), "; "))
    if target in state["pieces"]:
        end = figure_base(ruleset, state, target)
        if end is None:
            raise BoardappError(N_("{piece_name} is not on the table",
                                   piece_name=ruleset.piece_name(state, target)))
        distance = end.polygon.distance(shape)
    else:
        distance = shape.distance(Point(*_point(target)))
    return N_("{origin} to {target}: {distance} cm", origin=_name(ruleset, state, origin),
              target=_name(ruleset, state, target), distance=format(distance, ".1f"))


def do_measure(ruleset: Any, state: State, action: Action, ctx: Context) -> None:
    """The manual verb ``measure FROM TO``: write the measure in the log (changes
    nothing else)."""
    if len(action.args) != 2:
        raise InvalidActionError(N_("'{v_text}': write measure FROM TO (a figure, a point X,Y in "
                                    "cm, or a ring r=RADIUS)", v_text=action.text()))
    origin, target = action.args
    for word in (origin, target):
        if word in state["pieces"] or is_point_text(word) or (
                word is target and word.startswith(RING)):
            continue
        raise InvalidActionError(N_("'{v_text}': {word} is neither a figure nor a point X,Y",
                                    v_text=action.text(), word=repr(word)))
    try:
        text = measure_text(ruleset, state, origin, target)
    except BoardappError as exc:
        raise InvalidActionError(N_("'{v_text}': {exc}", v_text=action.text(), exc=exc)) from exc
    rules = getattr(ruleset, "table_rules", None)
    side = ruleset.side(ctx.side).name if ctx.side in {s.id for s in ruleset.sides} else ""
    ctx.log(N_("{side} measures {found}") if side else N_("Measured {found}"),
            getattr(rules, "measure_rule", None) or None, side=side, found=text)
