"""Keeping the stacks of neighbouring places apart when counters are drawn larger.

Zoomed out, counters are drawn up to three times their size (:mod:`counter_lod`), and
the stacks of two neighbouring cities can cover each other. :func:`separate` moves the
occupied places' stacks apart, as little as it can: overlapping pairs are pushed away
from each other along the axis where they overlap least, stacks are pushed off the
rectangles nothing may cover (boxes, tracks), and kept on the board. The result is the
offset of every moved stack; the board draws a thin line from a moved stack to its
place. Pure geometry on ``(left, top, right, bottom)`` tuples: deterministic (sorted
by key) and with no Qt.
"""

from __future__ import annotations

import math

Rect = tuple[float, float, float, float]
"""left, top, right, bottom"""

ROUNDS = 120
"""At most this many passes; a board too crowded to separate keeps what is left."""
STALL = 10
SURE = 60
"""Rounds always tried before giving up on a crowded board."""


def _shift(rect: Rect, dx: float, dy: float) -> Rect:
    return (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)


def _overlap(a: Rect, b: Rect, gap: float) -> tuple[float, float]:
    """How far ``a`` and ``b`` (grown by ``gap``) overlap along x and y (0 if apart)."""
    ox = min(a[2], b[2]) - max(a[0], b[0]) + gap
    oy = min(a[3], b[3]) - max(a[1], b[1]) + gap
    if ox <= 0 or oy <= 0:
        return 0.0, 0.0
    return ox, oy


def _inside(rect: Rect, bounds: Rect) -> Rect:
    dx = max(0.0, bounds[0] - rect[0]) - max(0.0, rect[2] - bounds[2])
    dy = max(0.0, bounds[1] - rect[1]) - max(0.0, rect[3] - bounds[3])
    return _shift(rect, dx, dy) if dx or dy else rect


def _pair_push(a: Rect, b: Rect, gap: float,
               other_way: bool = False) -> tuple[float, float] | None:
    """How far to move ``b`` (and ``a`` the opposite way, each half) to part them: along
    the axis where they overlap least (the other one if ``other_way``)."""
    ox, oy = _overlap(a, b, gap)
    if not ox:
        return None
    ax, ay = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    bx, by = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    if (ox <= oy) != other_way:
        return (ox / 2 if bx >= ax else -ox / 2), 0.0
    return 0.0, (oy / 2 if by >= ay else -oy / 2)


class _Fixed:
    """The fixed rectangles, found by the cells of a coarse grid they touch."""

    CELL = 256.0

    def __init__(self, rects: list[Rect]) -> None:
        self.rects = rects
        self.cells: dict[tuple[int, int], list[int]] = {}
        for i, r in enumerate(rects):
            for cell in self._cells(r):
                self.cells.setdefault(cell, []).append(i)

    def _cells(self, r: Rect) -> list[tuple[int, int]]:
        c = self.CELL
        return [(x, y) for x in range(int(r[0] // c), int(r[2] // c) + 1)
                for y in range(int(r[1] // c), int(r[3] // c) + 1)]

    def near(self, r: Rect) -> list[Rect]:
        """The fixed rectangles that may touch ``r``, in their given order."""
        found: set[int] = set()
        for cell in self._cells(r):
            found.update(self.cells.get(cell, ()))
        return [self.rects[i] for i in sorted(found)]


def _off_fixed(rect: Rect, fixed: _Fixed, gap: float) -> Rect:
    """``rect`` pushed off each fixed rectangle it covers, the shortest way out."""
    for box in fixed.near(_shift(rect, 0, 0) if not gap else
                          (rect[0] - gap, rect[1] - gap, rect[2] + gap, rect[3] + gap)):
        ox, oy = _overlap(box, rect, gap)
        if not ox:
            continue
        left = rect[2] - box[0] + gap
        right = box[2] - rect[0] + gap
        up = rect[3] - box[1] + gap
        down = box[3] - rect[1] + gap
        way = min((left, -left, 0.0), (right, right, 0.0), (up, 0.0, -up), (down, 0.0, down))
        rect = _shift(rect, way[1], way[2])
    return rect


def separate(rects: dict[str, Rect], bounds: Rect, fixed: list[Rect] | None = None,
             gap: float = 2.0, rounds: int = ROUNDS,
             start: dict[str, tuple[float, float]] | None = None,
             ) -> dict[str, tuple[float, float]]:
    """Offsets that move the rectangles ``rects`` apart (only the moved ones).

    ``fixed`` are rectangles no stack may cover once moved (a stack that starts on one
    stays unless it must move anyway: its own spot was chosen knowing it), ``bounds``
    the board they must stay on, ``gap`` the least room left between two stacks.
    ``start``: offsets to begin from (the last layout's: stacks already apart stay where
    the player saw them). A board too crowded to part stops once the overlap left
    shrinks no more (by 2% in :data:`STALL` rounds, after :data:`SURE` rounds).
    """
    keys = sorted(rects)
    now = {k: _shift(r, *start[k]) if start and k in start else r for k, r in rects.items()}
    best, stalled = math.inf, 0
    index = _Fixed(list(fixed or []))
    moved: set[str] = {k for k in keys if now[k] != rects[k]}
    before: dict[tuple[str, str], float] = {}
    """How much each pair overlapped in the last round: a pair that did not come apart
    (held by the board's edge or a box) is pushed along its other axis."""
    for turn in range(rounds):
        overlaps: dict[tuple[str, str], float] = {}
        order = sorted(keys, key=lambda k: (now[k][0], k))
        push: dict[str, list[float]] = {}
        for i, ka in enumerate(order):
            a = now[ka]
            for kb in order[i + 1:]:
                b = now[kb]
                if b[0] >= a[2] + gap:
                    break  # sorted by left edge: no later one reaches ``a``
                if b[1] >= a[3] + gap or a[1] >= b[3] + gap:
                    continue  # one above the other
                ox, oy = _overlap(a, b, gap)
                if not ox:
                    continue
                pair = (ka, kb) if ka < kb else (kb, ka)
                overlaps[pair] = ox * oy
                stuck = before.get(pair, math.inf) <= ox * oy * 1.001
                step = _pair_push(a, b, gap, other_way=stuck)
                if step is None:
                    continue
                pa = push.setdefault(ka, [0.0, 0.0])
                pb = push.setdefault(kb, [0.0, 0.0])
                pa[0] -= step[0]
                pa[1] -= step[1]
                pb[0] += step[0]
                pb[1] += step[1]
        if not push:
            break
        before = overlaps
        total = sum(overlaps.values())
        if total < best * 0.98:
            best, stalled = total, 0
        else:
            stalled += 1
            if stalled >= STALL and turn >= SURE:
                break
        for key in sorted(push):
            dx, dy = push[key]
            rect = _inside(_off_fixed(_shift(now[key], dx, dy), index, gap), bounds)
            if rect != now[key]:
                now[key] = rect
                moved.add(key)
    return {k: (now[k][0] - rects[k][0], now[k][1] - rects[k][1])
            for k in sorted(moved) if now[k] != rects[k]}


def overlaps_left(rects: dict[str, Rect]) -> int:
    """How many pairs of ``rects`` overlap (a sweep along x)."""
    order = sorted(rects.values())
    count = 0
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b[0] >= a[2]:
                break
            if b[1] < a[3] and a[1] < b[3]:
                count += 1
    return count
