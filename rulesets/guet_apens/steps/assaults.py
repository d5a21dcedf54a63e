"""Scenario II, the joust's second day (GA 14.2). Event 1: the two teams face each
other and every knight charges the one facing him; four assaults, changing opponent
each time: 1 point per opponent unhorsed, 1/2 each time the opponent's lance breaks.
Event 2: each side names a champion; they joust until one is unhorsed (the three
broken lances do not count): the winner 5 points, 1/2 per lance his opponent breaks.
Points are kept in halves (``points``: half-points by knight)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, add_piece
from boardapp.core.engine.verbs import verb
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position
from boardapp.core.table.tableboard import TABLE_PLACE

from ..model import SIDES, GuetApensModel
from ..model.words import N_, both, said

CHAMPION_STEP = "champion"
LIST_START = {"a": (10.0, 30.0, 90.0), "b": (70.0, 30.0, 270.0)}
ASSAULTS = 4


def place_assault(rs: GuetApensModel, state: State, ctx: Context | None = None) -> None:
    """Assault ``n``: the knights of A in a line on the West, those of B facing them on
    the East, B's line turned by one more place at each assault (a new opponent)."""
    j = state["vars"]["joust"]
    k = j["assault"] - 1
    a, b = j["lines"]["a"], j["lines"]["b"]
    for pid in a + b:
        if pid not in state["pieces"]:
            add_piece(state, pid, "rider", TABLE_PLACE)
    for i in range(len(a)):
        y = 12.0 + 12.0 * i
        opp = b[(i + k) % len(b)]
        set_position(state, a[i], to_units(10.0), to_units(y), to_tenths(90.0))
        set_position(state, opp, to_units(70.0), to_units(y), to_tenths(270.0))
        if ctx is not None:
            ctx.log(N_("Assault {n}: {a} against {b}"), rs.cite("14.2"), n=j["assault"],
                    a=rs.piece_name(state, a[i]), b=rs.piece_name(state, opp))
    state["vars"]["fixed"] = []


def place_jousters(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """The champions at either end of the lists, the others aside (fixed)."""
    j = state["vars"]["joust"]
    fixed = []
    for side in SIDES:
        for n, pid in enumerate(j["lines"][side]):
            x, y, f = LIST_START[side] if n == 0 else (
                (6.0 + 6 * n, 3.0, 180.0) if side == "a" else (74.0 - 6 * n, 57.0, 0.0))
            if n:
                fixed.append(pid)
            set_position(state, pid, to_units(x), to_units(y), to_tenths(f))
    state["vars"]["fixed"] = sorted(fixed)
    ctx.log(N_("The champions joust: {a} against {b}"), rs.cite("14.2"),
            **{s: rs.piece_name(state, j["lines"][s][0]) for s in SIDES})


def _remount(rs: GuetApensModel, state: State) -> None:
    for pid, f in state["vars"]["figs"].items():
        if pid in state["pieces"]:
            state["pieces"][pid]["type"] = "rider"
            f["states"] = []
            f["lance"] = True


def _half(n: int) -> str:
    return f"{n // 2}" + ("½" if n % 2 else "")


def after_assault(rs: GuetApensModel, state: State, ctx: Context, flow: Flow,
                  results: list[dict[str, Any]]) -> bool:
    """Score the assault (or the champions' joust); True if it called a step."""
    j = state["vars"]["joust"]
    pts = j["points"]
    for r in results:
        if r["unhorsed"] and j["mode"] == "assaults":
            pts[r["charger"]] = pts.get(r["charger"], 0) + 2
        if r["broke"]:  # GA 14.2: 1/2 point each time the opponent's lance breaks
            pts[r["target"]] = pts.get(r["target"], 0) + 1
    if j["mode"] == "champions":
        down = {r["target"] for r in results if r["unhorsed"]}
        champs = [j["lines"][s][0] for s in SIDES]
        if len(down) == 1:
            winner = next(p for p in champs if p not in down)
            pts[winner] = pts.get(winner, 0) + 10
            ctx.log(N_("{name} unhorses the other champion: 5 points"), rs.cite("14.2"),
                    name=rs.piece_name(state, winner))
            finish_assaults(rs, state, ctx)
            return False
        _remount(rs, state)
        return False
    _remount(rs, state)
    j["assault"] += 1
    if j["assault"] <= ASSAULTS:
        place_assault(rs, state, ctx)
        return False
    ctx.log(N_("The four assaults are over: each side names its champion"), rs.cite("14.2"))
    flow.call_many(rs, state, ctx, CHAMPION_STEP, sides=list(SIDES))
    return True


def finish_assaults(rs: GuetApensModel, state: State, ctx: Context) -> None:
    j = state["vars"]["joust"]
    pts = j["points"]
    team = {s: sum(pts.get(p, 0) for p in j["lines"][s] + j.get("benched", {}).get(s, []))
            for s in SIDES}
    state["score"].update(team)
    best = max(sorted(pts), key=lambda p: pts[p]) if pts else None
    lead = N_("a draw") if team["a"] == team["b"] else \
        N_("{side} wins", side=rs.side(max(SIDES, key=lambda s: team[s])).name)
    text = N_("Team points: Player A {a}, Player B {b}: {lead}", a=_half(team["a"]),
              b=_half(team["b"]), lead=lead)
    if best:
        text = text + N_("; best knight {name} ({points})", name=rs.piece_name(state, best),
                         points=_half(pts[best]))
    state["vars"]["result"] = said(text)
    ctx.log(text, rs.cite("14.2"))


class NameChampion(Step[GuetApensModel]):
    """GA 14.2, event 2: each side names its champion among its knights."""

    name = CHAMPION_STEP

    def deciders(self, rs: GuetApensModel, state: State, frame: Frame) -> list[str]:
        named = frame["vars"].get("named", {})
        return [s for s in frame["sides"] if s not in named]

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        return N_("{names}: name your champion (GA 14.2)", names=names)

    def actions(self, rs: GuetApensModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            for pid in state["vars"]["joust"]["lines"][side]:
                yield Action("champion", (pid,))

    def decider(self, rs: GuetApensModel, state: State, frame: Frame,
                action: Action) -> str | None:
        return rs.piece_side(state, action.arg(0)) if action.args else None

    @verb("champion", label=N_("Name {0} champion"))
    def on_champion(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        side = rs.piece_side(state, pid)
        frame["vars"].setdefault("named", {})[side] = pid
        ctx.log(N_("{side} names {name} champion"), rs.cite("14.2"), side=rs.side(side).name,
                name=rs.piece_name(state, pid))
        if self.deciders(rs, state, frame):
            return
        j = state["vars"]["joust"]
        j["benched"] = {s: [p for p in j["lines"][s] if p != frame["vars"]["named"][s]]
                        for s in SIDES}
        j["lines"] = {s: [frame["vars"]["named"][s]] + j["benched"][s] for s in SIDES}
        j["mode"] = "champions"
        place_jousters(rs, state, ctx)
        flow.end(rs, state, ctx, None)
