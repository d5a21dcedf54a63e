"""Fixed-point positions: a replay gives the same numbers, and digest, on every machine.

A position is stored as integers: ``x`` and ``y`` in units of 0.1 mm (:data:`UNITS_PER_CM`
per centimetre) and the facing in tenths of a degree, ``0 <= f < 3600`` (0 faces the top
edge of the table, angles grow clockwise as seen from above). Geometry is computed in
floating point from these integers and every result that goes back into the state is
rounded here, so that the state never holds a float.
"""

from __future__ import annotations

import math

from ..base.errors import InvalidActionError
from ..base.i18n import N_

UNITS_PER_CM = 100
"""Stored units per centimetre (0.1 mm)."""
TENTHS_PER_DEGREE = 10
FULL_TURN = 360 * TENTHS_PER_DEGREE
MAX_CM = 100_000.0
"""The largest coordinate accepted in an action's text (10 m: no table is larger)."""


def to_units(cm: float) -> int:
    """Centimetres to stored units (rounded half away from zero, the same everywhere)."""
    scaled = cm * UNITS_PER_CM
    return int(math.floor(scaled + 0.5)) if scaled >= 0 else -int(math.floor(-scaled + 0.5))


def to_cm(units: int) -> float:
    """Stored units to centimetres."""
    return units / UNITS_PER_CM


def to_tenths(degrees: float) -> int:
    """Degrees to stored tenths of a degree, in ``0..3599``."""
    return to_units_angle(degrees) % FULL_TURN


def to_units_angle(degrees: float) -> int:
    scaled = degrees * TENTHS_PER_DEGREE
    return int(math.floor(scaled + 0.5))


def to_degrees(tenths: int) -> float:
    """Stored tenths to degrees."""
    return tenths / TENTHS_PER_DEGREE


def cm_text(units: int) -> str:
    """A stored coordinate as the shortest exact text in centimetres (``1250`` -> ``12.5``)."""
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), UNITS_PER_CM)
    return f"{sign}{whole}" if frac == 0 else f"{sign}{whole}.{frac:02d}".rstrip("0")


def degrees_text(tenths: int) -> str:
    """A stored facing as text in degrees (``905`` -> ``90.5``)."""
    whole, frac = divmod(tenths, TENTHS_PER_DEGREE)
    return f"{whole}" if frac == 0 else f"{whole}.{frac}"


def _number(word: str, text: str) -> float:
    try:
        value = float(word)
    except ValueError as exc:
        raise InvalidActionError(N_("{entry}: {word} is not a number", entry=repr(text),
                                    word=repr(word))) from exc
    if not math.isfinite(value) or abs(value) > MAX_CM:
        raise InvalidActionError(N_("{entry}: {word} is out of range", entry=repr(text),
                                    word=repr(word)))
    return value


def is_point_text(text: str) -> bool:
    """True if ``text`` reads as ``X,Y`` or ``X,Y,FACING`` (numbers)."""
    words = text.split(",")
    if len(words) not in (2, 3):
        return False
    try:
        return all(math.isfinite(float(w)) for w in words)
    except ValueError:
        return False


def parse_point(text: str) -> tuple[int, int, int | None]:
    """``X,Y[,FACING]`` (centimetres, degrees) as stored units (facing ``None`` if absent);
    :class:`InvalidActionError` if it is not one."""
    words = text.split(",")
    if len(words) not in (2, 3):
        raise InvalidActionError(N_("{entry}: a position is written X,Y or X,Y,FACING "
                                    "(centimetres, degrees)", entry=repr(text)))
    x, y = (to_units(_number(w, text)) for w in words[:2])
    facing = to_tenths(_number(words[2], text)) if len(words) == 3 else None
    return x, y, facing


def point_text(x: int, y: int, facing: int | None = None) -> str:
    """The text of a stored position (inverse of :func:`parse_point`)."""
    xy = f"{cm_text(x)},{cm_text(y)}"
    return xy if facing is None else f"{xy},{degrees_text(facing)}"


def bearing(dx: float, dy: float) -> float:
    """The facing, in degrees ``0 <= b < 360``, of the direction ``(dx, dy)`` (table
    coordinates: y grows towards the bottom edge; 0 is the top edge, clockwise)."""
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def direction(degrees: float) -> tuple[float, float]:
    """The unit vector of a facing in degrees."""
    rad = math.radians(degrees)
    return math.sin(rad), -math.cos(rad)
