"""Mules as figures (GA 6.1.5, 6.2, 14.8.2, 14.10.3, 14.10.8): the pack animals of
Scenarios VIII-2 and X, each a piece on the table (``mule``, a 2 x 4 cm base) whose
sheet is plain data at ``state["vars"]["mules"][mid]``::

    {"holder": "a", "leader": "a20" | null, "state": "sound" | "dead" | "out",
     "edge": "E" | null, "cargo": null | "a3", "loading": {"by": "a3", "since": 4}}

A mule goes at a run 12 cm (GA 6.1.5), Agility 8 (GA 14.10.2); led base to base, one
leader per mule, or tied together and led by one (GA 14.8.2, 14.10.8): it follows its
leader, who goes at its pace; left alone and untied it wanders 2D8 (GA 6.2). Its load
is cover against shots and blows (light in VIII-2, medium in X, the scenario's
``mules.cover``). Games of versions 0.1-0.3 had no mules on the table
(``state["legacy"]``)."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import LineString

from boardapp.core.engine.state import State
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import direction

from .printed import table

MULES = "mules"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.3 (no mule pieces)."""
MULE = "mule"
"""The piece type of a mule."""
MULE_AGILITY = 8
"""GA 14.10.2: the mules' Agility, fixed."""
EDGE_NEAR = 1.0
"""A base within 1 cm of a table edge is at that edge (may be led off it): the table
keeps a figure's move on the table, so the last centimetre stands for the edge."""
WOODS = ("wood",)
"""The scenery kinds forbidden to mules where the scenario says (GA 14.10.6, 14.10.7)."""
EDGES = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}


def mule_run() -> int:
    """GA 6.1.5: draught and pack animals go 12 cm at a run."""
    return int(table("movement")["draught_run_cm"])


def plays_mules(state: State) -> bool:
    """Whether this game has its mules on the table (not in games of 0.1-0.3)."""
    return bool(state["vars"].get(MULES)) and (state.get("legacy") or {}).get(MULES, True)


def mules(state: State) -> dict[str, dict[str, Any]]:
    return state["vars"].get(MULES) or {}


def is_mule(state: State, pid: str) -> bool:
    return pid in mules(state)


def led_by(state: State, pid: str) -> list[str]:
    """The mules ``pid`` leads (sound, on the table), in order."""
    return [m for m, row in sorted(mules(state).items())
            if row.get("leader") == pid and row.get("state") == "sound"]


def mule_cap(state: State, pid: str) -> float | None:
    """GA 6.1.5, 13.6: a figure leading mules goes at their pace, 12 cm at most."""
    return float(mule_run()) if led_by(state, pid) else None


def crosses_woods(scenery: Any, points: list[tuple[float, float]]) -> str | None:
    """The name of the first wood the path through ``points`` enters, else ``None``."""
    if len(points) < 2:
        return None
    line = LineString(points)
    for sid in sorted(scenery):
        s = scenery[sid]
        if s.kind in WOODS and line.intersects(s.shape):
            return str(s.name)
    return None


def edge_at(base: Base, width: float, depth: float) -> str | None:
    """The table edge ``base`` stands at (within :data:`EDGE_NEAR`), else ``None``."""
    xs = [c[0] for c in base.corners]
    ys = [c[1] for c in base.corners]
    gaps = {"N": min(ys), "S": depth - max(ys), "W": min(xs), "E": width - max(xs)}
    edge = min(gaps, key=lambda k: (gaps[k], k))
    return edge if gaps[edge] <= EDGE_NEAR else None


def wander(x: float, y: float, facing: float, cm: float,
           degrees: float) -> tuple[float, float, float]:
    """GA 6.2: a loose animal goes ``cm`` in the direction ``degrees`` clockwise from its
    facing (no malus for the turn): the end point and the new facing."""
    heading = (facing + degrees) % 360.0
    dx, dy = direction(heading)
    return x + dx * cm, y + dy * cm, heading


def clamp(x: float, y: float, width: float, depth: float, margin: float = 2.0,
          ) -> tuple[float, float]:
    return (min(max(x, margin), width - margin), min(max(y, margin), depth - margin))


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
