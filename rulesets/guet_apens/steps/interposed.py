"""The character in front of a group (GA 8.10.3): a shot into a group that hits home
hits instead a character on its trajectory standing less than 5 cm in front of the
figure hit, when shooter and target stand on the same level. The first such character
along the trajectory (nearest the shooter) takes the shot. Games of versions 0.1-0.2
left it to the players (``state["legacy"]``)."""

from __future__ import annotations

from shapely.geometry import LineString

from boardapp.core.engine.state import State
from boardapp.core.table.bases import Bases
from boardapp.core.table.measure import figure_level

from ..model import GuetApensModel

INTERPOSED = "interposed"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.2."""
IN_FRONT = 5.0
"""GA 8.10.3: "à moins de 5 cm devant" the target group."""


def interposed(rs: GuetApensModel, state: State, shooter: str, hit: str,
               index: Bases) -> str | None:
    """The character hit instead of ``hit`` (GA 8.10.3), or ``None``."""
    if not (state.get("legacy") or {}).get(INTERPOSED, True):
        return None
    if shooter not in index.bases or hit not in index.bases or \
            figure_level(rs, state, shooter) != figure_level(rs, state, hit):
        return None
    s, t = index.bases[shooter], index.bases[hit]
    line = LineString([(s.x, s.y), (t.x, t.y)])
    figs = state["vars"]["figs"]
    found = []
    for q in index.near(hit, IN_FRONT):
        if q in (shooter, hit) or q not in figs or set(figs[q]["states"]) & {
                "dead", "out", "captured"}:
            continue
        b = index.bases[q]
        if t.distance(b) < IN_FRONT and b.polygon.intersects(line) and \
                s.distance(b) < s.distance(t):
            found.append((s.distance(b), q))
    return min(found)[1] if found else None
