"""Scenario I, the joust (GA 14.1): the teams picked (each player draws one of the two
first knights by lot, then both pick alternately three of the six others), then the
knights joust one against one until one side has none left."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, add_piece, put_piece
from boardapp.core.engine.verbs import verb
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from boardapp.core.table.tableboard import TABLE_PLACE

from ..model import SIDES, GuetApensModel
from ..model.words import N_, said
from .assaults import place_assault

PICK_STEP = "pick"
WINNER_RESTS = "winner-rests"
"""Legacy switch (from 0.3): after a pass where both knights fall, neither side rests its
next companion (B25); before, the side was the one of whichever fallen knight a Python set
gave first, which changed from one process to the next."""
TEAM = 4
START = {"a": (10.0, 30.0, 90.0), "b": (70.0, 30.0, 270.0)}
"""Where each side's jouster starts: either short end of the lists, facing the other."""


def place_jousters(rs: GuetApensModel, state: State, ctx: Context | None = None) -> None:
    """The two jousters at their ends, the others waiting along their long edge."""
    j = state["vars"]["joust"]
    fixed = []
    for side in SIDES:
        for n, pid in enumerate(j["lines"][side]):
            if pid not in state["pieces"]:
                add_piece(state, pid, "rider", TABLE_PLACE)
            if n == 0:
                x, y, f = START[side]
            else:
                x, y, f = (6.0 + 6 * n, 3.0, 180.0) if side == "a" else (74.0 - 6 * n, 57.0, 0.0)
                fixed.append(pid)
            set_position(state, pid, to_units(x), to_units(y), to_tenths(f))
    state["vars"]["fixed"] = sorted(fixed)
    if ctx is not None:
        a, b = (j["lines"][s][0] for s in SIDES)
        ctx.log(N_("Next joust: {a} against {b}, from either end of the lists"),
                rs.cite("14.1"), a=rs.piece_name(state, a), b=rs.piece_name(state, b))


def after_pass(rs: GuetApensModel, state: State, ctx: Context,
               results: list[dict[str, Any]]) -> None:
    """GA 14.1: unhorsed, or three lances broken against the same opponent: eliminated.
    The winner lets his next companion joust (reading B25)."""
    j = state["vars"]["joust"]
    out = set()
    for r in results:
        if r["broke"]:
            key = f"{r['charger']}>{r['target']}"
            j["broken"][key] = j["broken"].get(key, 0) + 1
            ctx.log(N_("{name} has broken {n} lance(s) against {target}"), rs.cite("14.1"),
                    name=rs.piece_name(state, r["charger"]), n=j["broken"][key],
                    target=rs.piece_name(state, r["target"]))
            if j["broken"][key] >= 3:
                out.add(r["charger"])
        if r["unhorsed"]:
            out.add(r["target"])
    for pid in sorted(out):
        side = rs.piece_side(state, pid)
        j["lines"][side].remove(pid)
        rs.fig(state, pid)["states"] = ["out"]
        put_piece(state, pid, rs.eliminated_box)
        ctx.log(N_("{name} is eliminated"), rs.cite("14.1"), name=rs.piece_name(state, pid))
    if out and rs.switch(state, "B25") == "rests":
        losers = {rs.piece_side(state, pid) for pid in out}
        if not (state.get("legacy") or {}).get(WINNER_RESTS, True):
            losers = {rs.piece_side(state, min(out))}  # 0.1-0.2 read a set's first item
        for side in SIDES:
            line = j["lines"][side]
            if len(line) > 1 and side not in losers:
                line.append(line.pop(0))
                ctx.log(N_("{name} wins and lets {other} joust (B25=rests)"), rs.cite("14.1"),
                        name=rs.piece_name(state, line[-1]),
                        other=rs.piece_name(state, line[0]))
    for side in SIDES:
        for pid in j["lines"][side]:
            state["pieces"][pid]["type"] = "rider"
    left = {s: len(j["lines"][s]) for s in SIDES}
    if not all(left.values()):
        state["score"].update({s: 3 * left[s] for s in SIDES})
        if not any(left.values()):
            state["vars"]["result"] = said(N_("The last two knights fall together: a draw"))
            ctx.log(state["vars"]["result"], rs.cite("14.1"))
            return
        winner = next(s for s in SIDES if left[s])
        state["vars"]["result"] = said(N_(
            "{side} wins the joust: {n} knight(s) left, {points} points for Scenario II",
            side=rs.side(winner).name, n=left[winner], points=3 * left[winner]))
        ctx.log(state["vars"]["result"], rs.cite("14.1"))
        return
    place_jousters(rs, state, ctx)


class PickTeams(Step[GuetApensModel]):
    """GA 14.1: players pick in turn, one at a time, three of the six other knights."""

    name = PICK_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        return N_("{side}: pick a knight for your team (GA 14.1)",
                  side=rs.side(frame["side"]).name)

    def actions(self, rs: GuetApensModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in sorted(state["vars"]["figs"]):
            if rs.fig(state, pid)["side"] is None:
                yield Action("pick", (pid,))

    @verb("pick", label=N_("Pick {0}"), logs=True)
    def on_pick(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        side = frame["side"]
        rs.fig(state, pid)["side"] = side
        state["vars"]["joust"]["lines"][side].append(pid)
        f = rs.fig(state, pid)
        ctx.log(N_("{side} picks {name} (Skill {sk}, Strength {st}, horse {horse})"),
                rs.cite("14.1"), side=rs.side(side).name, name=rs.piece_name(state, pid),
                sk=f["start"]["sk"], st=f["start"]["st"], horse=f["horse"]["ag"])
        lines = state["vars"]["joust"]["lines"]
        if all(len(lines[s]) == TEAM for s in SIDES):
            if state["vars"]["joust"].get("mode") == "assaults":
                place_assault(rs, state, ctx)
            else:
                place_jousters(rs, state, ctx)
            flow.end(rs, state, ctx, None)
            return
        frame["side"] = "b" if side == "a" else "a"
