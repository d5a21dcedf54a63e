"""Moves carried out together: every figure follows its planned path at once, in fixed
fractions of a move, and stops where it comes into contact with an enemy.

Each fraction (a sixth, by default) every moving figure spends that fraction of its
allowance along its path (:meth:`~.paths.PathPlan.at_effort`), in small steps of at most
:data:`STEP_CM` taken by all figures at the same time. A figure that would come into
contact with an enemy it was not touching stops there, in contact (found by bisection);
two enemies meeting head on both stop, the first by id moving on until it touches the
other. A figure that would overlap a friend stops before it. Positions are rounded to the
stored units (:mod:`.fixed`) at the end of every fraction, so what a fraction reports is
exactly what the state keeps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from .bases import APART_MARGIN, CONTACT, NEAR_MARGIN, Base, shared_base
from .fixed import to_cm, to_degrees, to_tenths, to_units
from .paths import PathPlan

STEP_CM = 1.0
"""The longest small step (cm): bases are at least 2 cm deep, so two figures meeting head
on cannot pass through each other between two steps."""
BISECTIONS = 12


@dataclass(frozen=True)
class Figure:
    """A figure taking part: its side, its base now, its path and allowance (cm)."""

    side: str
    base: Base
    plan: PathPlan | None = None
    allowance: float = 0.0
    facing: float | None = None
    """The facing (degrees) to take at the end of the path, if the order gives one."""


@dataclass
class Fraction:
    """What one fraction of the move did: where each moving figure is (stored units:
    x, y, tenths of a degree) and who stopped in contact with whom."""

    index: int
    positions: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    contacts: list[tuple[str, str]] = field(default_factory=list)
    blocked: list[tuple[str, str]] = field(default_factory=list)
    """Figures stopped before a friend: (figure, friend)."""
    halted: list[tuple[str, str]] = field(default_factory=list)
    """Figures the ruleset stopped (:data:`Halt`): (figure, the reason it gave)."""

    def stopped(self) -> set[str]:
        """The figures that stopped during this fraction, for whatever reason."""
        return {p for p, _ in self.contacts + self.blocked + self.halted}


Halt = Callable[[str, Mapping[str, Base], float], "str | None"]
"""A ruleset's own reasons to stop a figure (being seen, a charge reaching its distance):
called after every small step with the figure's id, every figure's base now and the
effort (cm) the figure has spent; a text (the reason) stops it where it is, ``None``
lets it go on. It is asked at most every :data:`STEP_CM` of a move."""


FRACTION = "table-fraction"
"""The ``kind`` of a log line's detail giving the positions after one fraction."""


def fraction_detail(fraction: Fraction) -> dict[str, object]:
    """The structured detail of the log line of one fraction (the board shows the move
    fraction by fraction from it): its index and the positions after it."""
    return {"kind": FRACTION, "index": fraction.index,
            "positions": {p: list(at) for p, at in sorted(fraction.positions.items())}}


def _stored(x: float, y: float, facing: float) -> tuple[int, int, int]:
    return to_units(x), to_units(y), to_tenths(facing)


def _base(b: Base, at: tuple[int, int, int]) -> Base:
    """The base ``b`` moved to ``at`` (shared: a figure standing still is not rebuilt at
    every small step)."""
    return shared_base(to_cm(at[0]), to_cm(at[1]), b.width, b.depth, to_degrees(at[2]))


def carry_out(figures: Mapping[str, Figure], fractions: int = 6,
              turn_in_place: bool = True, halt: Halt | None = None) -> list[Fraction]:
    """Carry out every figure's path together in ``fractions`` (see the module doc).
    With ``turn_in_place`` a figure whose path goes nowhere but which is given a facing
    turns to it in the first fraction (before version 0.2 of the table demo such an order
    was ignored: ``False`` replays those games). ``halt`` stops figures for the
    ruleset's own reasons (:data:`Halt`)."""
    ids = sorted(figures)
    at = {p: _stored(figures[p].base.x, figures[p].base.y, figures[p].base.facing)
          for p in ids}
    for p in ids:
        f = figures[p]
        if turn_in_place and f.plan is not None and f.plan.effort <= 0 and \
                f.facing is not None:
            at[p] = (at[p][0], at[p][1], to_tenths(f.facing))
    effort = {p: 0.0 for p in ids}
    moving = {p for p in ids if figures[p].plan is not None and figures[p].plan.effort > 0}
    out = []
    for k in range(1, fractions + 1):
        frac = Fraction(k)
        goal = {p: min(figures[p].plan.effort, figures[p].allowance * k / fractions)
                for p in moving}
        steps = max((math.ceil((goal[p] - effort[p]) / STEP_CM) for p in moving), default=0)
        first = dict(effort)
        free, among = _alone(figures, ids, at, moving, goal, effort) \
            if halt is None and steps else (set(), ids)
        stepping = moving - free
        for s in range(1, steps + 1 if stepping else 1):
            aims = {p: first[p] + (goal[p] - first[p]) * s / steps for p in stepping}
            _substep(figures, among, stepping, at, effort, aims, frac)
            if halt is not None:
                _halt(figures, ids, moving, at, effort, frac, halt)
        for p in sorted(free):  # where its last small step puts it (the same sum)
            effort[p] = first[p] + (goal[p] - first[p]) * steps / steps
            at[p] = _place(figures[p], effort[p])
        for p in sorted(moving):
            if effort[p] >= figures[p].plan.effort and figures[p].facing is not None:
                at[p] = (at[p][0], at[p][1], to_tenths(figures[p].facing))
        frac.positions = {p: at[p] for p in ids if figures[p].plan is not None}
        moving -= frac.stopped()
        moving = {p for p in moving if effort[p] < figures[p].plan.effort}
        out.append(frac)
    return out


ALONE_MARGIN = 0.1
"""Centimetres added to the test of :func:`_alone`: far more than the rounding of a
stored position (0.005 cm a coordinate)."""


def _alone(figures: Mapping[str, Figure], ids: list[str], at: dict[str, tuple[int, int, int]],
           moving: set[str], goal: dict[str, float],
           effort: dict[str, float]) -> tuple[set[str], list[str]]:
    """The moving figures that no other figure can come near during this fraction, and
    the figures (by id) that a moving figure may come near: a figure's centre goes at
    most as far as the effort it spends (crossings only make it wait), so when the
    bounding circles of two figures stay more than :data:`CONTACT` apart however far
    both may go, no small step can bring them into contact or make them overlap. A
    figure alone changes nothing for any figure, itself included, but its position: it
    is put at once where its last small step would put it; the small steps of the others
    need only the figures they may come near (:func:`carry_out`)."""
    xs = [to_cm(at[p][0]) for p in ids]
    ys = [to_cm(at[p][1]) for p in ids]
    rs = [figures[p].base.reach + max(0.0, goal[p] - effort[p] if p in moving else 0.0)
          + ALONE_MARGIN for p in ids]
    near: set[int] = set()
    movers = [i for i, p in enumerate(ids) if p in moving]
    if len(movers) * len(ids) > 400:  # many figures: every pair at once
        x, y, r = np.array(xs), np.array(ys), np.array(rs)
        m = np.array(movers)
        far = r[m][:, None] + r[None, :] + CONTACT
        close = (x[None, :] - x[m][:, None]) ** 2 + (y[None, :] - y[m][:, None]) ** 2 \
            <= far * far
        close[np.arange(len(movers)), m] = False
        rows, cols = np.nonzero(close)
        near.update(m[rows].tolist())
        near.update(cols.tolist())
    else:
        for i in movers:
            x, y, r = xs[i], ys[i], rs[i]
            for j in range(len(ids)):
                far = r + rs[j] + CONTACT
                if j != i and (xs[j] - x) ** 2 + (ys[j] - y) ** 2 <= far * far:
                    near.add(i)
                    near.add(j)
    return ({p for i, p in enumerate(ids) if p in moving and i not in near},
            [ids[i] for i in sorted(near)])


def _substep(figures: Mapping[str, Figure], ids: list[str], moving: set[str],
             at: dict[str, tuple[int, int, int]], effort: dict[str, float],
             aims: dict[str, float], frac: Fraction) -> None:
    """All moving figures take one small step together, each to its aim (effort)."""
    start = dict(effort)
    stopped = frac.stopped()
    active = [p for p in ids if p in moving and p not in stopped]
    target = {p: aims[p] for p in active}
    bases = {p: _base(figures[p].base, at[p]) for p in ids}
    proposed = {p: _place(figures[p], target[p]) for p in active}
    new = dict(bases)
    new.update({p: _base(figures[p].base, proposed[p]) for p in active})
    # Only the bases near one another are compared: found with trees of the bases before
    # and after the step (a figure only ever goes back along its step, never further).
    before = _near(ids, bases, active, CONTACT)
    close = _near(ids, new, active, CONTACT + 2 * STEP_CM, bases)
    before = {p: {q for q in before[p] if figures[q].side != figures[p].side
                  and bases[p].touches(bases[q])} for p in active}
    for p in active:
        if p in {a for a, _ in frac.contacts}:
            continue  # stopped already in this small step, by an enemy meeting it
        for q in close[p]:
            if q == p:
                continue
            friend = figures[q].side == figures[p].side
            if friend and new[p].distance(new[q]) <= 0 and bases[p].distance(new[q]) > 0:
                frac.blocked.append((p, q))
                new[p] = bases[p]
                proposed[p] = at[p]
                target[p] = start[p]
                break
            if not friend and q not in before[p] and new[p].touches(new[q]):
                both = q in target and q not in {a for a, _ in frac.contacts}
                lam = _bisect(figures, p, q if both else None, start, target, bases[q])
                for r in (p, q) if both else (p,):
                    target[r] = start[r] + lam * (target[r] - start[r])
                    proposed[r] = _place(figures[r], target[r])
                    new[r] = _base(figures[r].base, proposed[r])
                frac.contacts.append((p, q))
                if both:
                    frac.contacts.append((q, p))
                break
    for p in active:
        at[p] = proposed[p]
        effort[p] = target[p]


def _halt(figures: Mapping[str, Figure], ids: list[str], moving: set[str],
          at: dict[str, tuple[int, int, int]], effort: dict[str, float], frac: Fraction,
          halt: Halt) -> None:
    """Ask the ruleset whether each figure still moving stops where it is now."""
    stopped = frac.stopped()
    active = [p for p in ids if p in moving and p not in stopped]
    if not active:
        return
    bases = {p: _base(figures[p].base, at[p]) for p in ids}
    for p in active:
        reason = halt(p, bases, effort[p])
        if reason:
            frac.halted.append((p, reason))


def _near(ids: list[str], bases: Mapping[str, Base], active: list[str], gap: float,
          also: Mapping[str, Base] | None = None) -> dict[str, list[str]]:
    """For each active figure, the figures whose bases (in ``bases``, or ``also``) are
    within ``gap`` cm of its base in ``bases``, in id order: what an STRtree of those
    bases finds. Most pairs are told apart by their bounding circles here (all at once,
    with a margin far above any rounding); the others are asked of
    :meth:`~.bases.Base.within_of`, which puts the tree's own question."""
    circles = [(q, b) for q, b in bases.items()]
    if also is not None:  # a base in both (a figure standing still) is asked once
        circles += [(q, b) for q, b in also.items() if b is not bases[q]]
    out: dict[str, list[str]] = {p: [] for p in active}
    if not active:
        return out
    found: dict[str, set[str]] = {p: set() for p in active}
    if len(active) * len(circles) <= 200:  # a few figures: one pair at a time
        for p in active:
            me = bases[p]
            x, y, reach = me.x, me.y, gap + me.reach + 2 * APART_MARGIN
            for q, b in circles:
                far = reach + b.reach
                dx, dy = b.x - x, b.y - y
                if dx * dx + dy * dy <= far * far and q not in found[p] and \
                        me.within_of(b, gap):
                    found[p].add(q)
            if found[p]:
                out[p] = [q for q in ids if q in found[p]]
        return out
    xs = np.array([b.x for _, b in circles])
    ys = np.array([b.y for _, b in circles])
    rs = np.array([b.reach for _, b in circles])
    mine = [bases[p] for p in active]
    mx = np.array([b.x for b in mine])[:, None]
    my = np.array([b.y for b in mine])[:, None]
    far = (gap + 2 * APART_MARGIN + NEAR_MARGIN) + np.array([b.reach for b in mine])[:, None] + rs
    rows, cols = np.nonzero((xs - mx) ** 2 + (ys - my) ** 2 <= far * far)
    for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
        p = active[i]
        q, b = circles[j]
        if q not in found[p] and mine[i].within_of(b, gap):
            found[p].add(q)
    for p in active:
        if found[p]:
            out[p] = [q for q in ids if q in found[p]]
    return out


def _place(figure: Figure, effort: float) -> tuple[int, int, int]:
    assert figure.plan is not None
    x, y, facing = figure.plan.at_effort(effort, figure.base.facing)
    return _stored(x, y, facing)


def _bisect(figures: Mapping[str, Figure], p: str, q: str | None, start: dict[str, float],
            target: dict[str, float], still: Base) -> float:
    """The least share of this small step at which ``p`` touches ``q`` (both moving on
    together) or ``still`` (the base of a figure not moving)."""
    def touching(lam: float) -> bool:
        a = _base(figures[p].base, _place(figures[p], start[p] + lam * (target[p] - start[p])))
        if q is None:
            return a.distance(still) <= CONTACT
        b = _base(figures[q].base, _place(figures[q], start[q] + lam * (target[q] - start[q])))
        return a.distance(b) <= CONTACT

    lo, hi = 0.0, 1.0
    for _ in range(BISECTIONS):
        mid = (lo + hi) / 2
        if touching(mid):
            hi = mid
        else:
            lo = mid
    return hi
