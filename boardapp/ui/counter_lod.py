"""Level of detail of the counters: how large and how detailed they are drawn at a zoom.

At 100% a counter is 48 map units, 48 pixels. Zoomed out so far that it would be
smaller than :data:`SMALLEST_ON_SCREEN` pixels, it is drawn larger (up to
:data:`MAX_SCALE` times) and with the simpler face (the name as large as it fits and
the values, no small print), so that its text stays at least about 9 pixels high; the
detailed face returns from :data:`DETAIL_ZOOM`. Scales come in steps of a quarter, so
the layout of the board changes only a few times while zooming. A board too crowded for
stacks of that size draws them a step smaller (see ``StackLayout``), never so small that
their text falls under :data:`READABLE_PX` on screen.
"""

from __future__ import annotations

import math

COUNTER_UNITS = 48.0
SMALLEST_ON_SCREEN = 56.0
"""Pixels: the width under which a counter is drawn larger."""
MAX_SCALE = 3.0
READABLE_PX = 9.0
"""Pixels: the smallest text of a counter at the default zoom (issue 15); a crowded
board draws its counters smaller, but never below this."""
SCALE_STEP = 0.25
DETAIL_ZOOM = 1.5
"""From this zoom on, counters show their detailed face (subtitle, bands, small print)."""


def counter_scale(zoom: float) -> float:
    """How much larger than at 100% counters are drawn at ``zoom`` (1.0 or more)."""
    if zoom <= 0:
        return MAX_SCALE
    wanted = SMALLEST_ON_SCREEN / (COUNTER_UNITS * zoom)
    if wanted <= 1.0:
        return 1.0
    return min(MAX_SCALE, math.ceil(wanted / SCALE_STEP - 1e-9) * SCALE_STEP)


def simple_face(zoom: float) -> bool:
    """Whether counters show the simpler face at ``zoom``."""
    return zoom < DETAIL_ZOOM
