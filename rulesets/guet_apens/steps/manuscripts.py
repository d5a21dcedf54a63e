"""The manuscripts of Scenario XI-2 (GA 14.11.2): two Anglo-Normans carry them, a secret
of their player (:mod:`.carriers`). What the French see happen asks him to answer (an
obligation his own program performs, :class:`Manuscripts`, since only it holds the
secret):

- a figure of his leaves by the North edge (:mod:`.exits`): a carrier is made known and
  his manuscript is out;
- a friend has stayed base to base with a gravely wounded (reading B34) or a dead
  Anglo-Norman, neither fighting, for 1 period (wounded) or 2 (dead): a carrier passes
  his manuscript to him, and the French learn the new carrier;
- a French figure has stayed base to base with a dead Anglo-Norman (where he fell)
  for 2 periods without fighting: he searches him and takes a manuscript he carried.

At the end (12 periods, or nobody of his left in the fight): both manuscripts out, a
victory; one, a draw; none, a defeat. Games of versions 0.1-0.3 left all this to the
players (``state["legacy"]``)."""

from __future__ import annotations

from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import to_cm

from ..model import TOUCHING, GuetApensModel
from ..model.words import N_
from .carriers import CARRY_RULE, carrying, secret_carriers

MANUSCRIPTS = "manuscripts"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.3."""
MANUSCRIPT_STEP = "manuscripts"
PASS_PERIODS = {"wounded": 1, "dead": 2}
SEARCH_PERIODS = 2


def plays_manuscripts(rs: GuetApensModel, state: State) -> bool:
    return bool(carrying(rs, state)) and (state.get("legacy") or {}).get(MANUSCRIPTS, True)


def mark_body(rs: GuetApensModel, state: State, pid: str) -> None:
    """A figure of the carriers' side is killed: where he fell is kept (his figure
    leaves the table, GA 2.4), for a transfer or a search."""
    if plays_manuscripts(rs, state) and rs.piece_side(state, pid) == carrying(rs, state)[
            "side"] and state["pieces"][pid].get("at"):
        state["vars"].setdefault("bodies", {})[pid] = list(state["pieces"][pid]["at"])


def gravely_wounded(rs: GuetApensModel, state: State, pid: str) -> bool:
    """GA 14.11.2 "gravely wounded" (B34): fewer than half his LP left (``half_left``),
    or less than half his LP lost as printed (``half_lost``)."""
    f = rs.fig(state, pid)
    start, lp = int(f["start"]["lp"]), int(f["lp"])
    if rs.switch(state, "B34") == "half_lost":
        return 0 < start - lp and 2 * (start - lp) < start
    return 2 * lp < start


def _by_body(rs: GuetApensModel, state: State, pid: str, at: list[int]) -> bool:
    base = rs.bases(state).get(pid)
    body = Base(to_cm(at[0]), to_cm(at[1]), 2.0, 2.0, at[2] / 10)
    return base is not None and base.polygon.distance(body.polygon) <= TOUCHING


def _free(rs: GuetApensModel, state: State, pid: str) -> bool:
    """Able to act and not fighting (no enemy base to base)."""
    return rs.active(state, pid) and not rs.enemies_in_contact(state, pid)


def _beside(rs: GuetApensModel, state: State, x: str, side: str) -> list[str]:
    """``side``'s free figures base to base with ``x`` (on the table or where he fell)."""
    body = (state["vars"].get("bodies") or {}).get(x)
    figs = state["vars"]["figs"]
    out = []
    index = rs.index(state)
    for q in sorted(figs):
        if figs[q]["side"] != side or q == x or not _free(rs, state, q):
            continue
        if body is not None and "dead" in figs[x]["states"]:
            if _by_body(rs, state, q, body):
                out.append(q)
        elif x in index.bases and q in index.contacts(x, TOUCHING):
            out.append(q)
    return out


def watch(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """At the start of each period: who stays by whom (public), and what falls due."""
    if not plays_manuscripts(rs, state):
        return
    v = state["vars"]
    side = carrying(rs, state)["side"]
    other = "b" if side == "a" else "a"
    turn = int(state["turn"])
    done = set(v.get("manuscripts_done") or ())
    due: list[list[str]] = v.setdefault("manuscripts_due", [])
    for kind, book in (("pass", "tending"), ("search", "searching")):
        watching: dict[str, Any] = v.setdefault(book, {})
        for x in sorted(v["figs"]):
            f = v["figs"][x]
            if f["side"] != side or f"{kind}:{x}" in done:
                watching.pop(x, None)
                continue
            dead = "dead" in f["states"]
            if kind == "search" and not dead:
                continue
            if kind == "pass" and not (dead or (rs.active(state, x) or "unconscious" in f[
                    "states"]) and gravely_wounded(rs, state, x) and not
                    rs.enemies_in_contact(state, x)):
                watching.pop(x, None)
                continue
            near = _beside(rs, state, x, side if kind == "pass" else other)
            held = watching.get(x)
            if held and held["by"] in near:
                need = SEARCH_PERIODS if kind == "search" else PASS_PERIODS[
                    "dead" if dead else "wounded"]
                if turn - int(held["since"]) >= need:
                    due.append([kind, x, held["by"]])
                    watching.pop(x)
                    v.setdefault("manuscripts_done", []).append(f"{kind}:{x}")
            elif near:
                watching[x] = {"by": near[0], "since": turn}
                ctx.log(N_("{name} stays by {other}: a transfer in {n} period(s) if he "
                           "carries a manuscript") if kind == "pass" else
                        N_("{name} stays by the body of {other}: a search in {n} periods"),
                        rs.cite(CARRY_RULE), name=rs.piece_name(state, near[0]),
                        other=rs.piece_name(state, x),
                        n=SEARCH_PERIODS if kind == "search" else PASS_PERIODS[
                            "dead" if dead else "wounded"])
            else:
                watching.pop(x, None)


def note_exit(rs: GuetApensModel, state: State, pid: str, edge: str) -> None:
    """A figure of the carriers' side left by the North edge: his player answers."""
    if plays_manuscripts(rs, state) and edge == "N" and rs.piece_side(
            state, pid) == carrying(rs, state)["side"]:
        state["vars"].setdefault("manuscripts_due", []).append(["exit", pid, ""])


def call_manuscripts(rs: GuetApensModel, state: State, ctx: Context, flow: Flow) -> bool:
    """Owe the carriers' player his answer to what fell due; True if owed."""
    due = state["vars"].get("manuscripts_due")
    if not due or not plays_manuscripts(rs, state):
        return False
    state["vars"]["manuscripts_due"] = []
    owe(rs, state, ctx, flow, MANUSCRIPT_STEP, {carrying(rs, state)["side"]: ["answer"]},
        due=due)
    return True


class Manuscripts(Obligation[GuetApensModel]):
    """The carriers' player answers from his secret (GA 14.11.2)."""

    name = MANUSCRIPT_STEP

    @verb("answer", hand=True, label=N_("Answer for the manuscripts (GA 14.11.2)"))
    def on_answer(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        for kind, x, y in frame["vars"].get("due") or ():
            answer(rs, state, ctx, kind, x, y)


def _carries(state: State, side: str, pid: str) -> bool:
    return pid in secret_carriers(state, side) or pid in (
        state["vars"].get("carriers_known") or [])


def _drop(state: State, side: str, pid: str) -> None:
    chosen = secret_carriers(state, side)
    if pid in chosen:
        chosen.remove(pid)
    known = state["vars"].setdefault("carriers_known", [])
    if pid in known:
        known.remove(pid)


def answer(rs: GuetApensModel, state: State, ctx: Context, kind: str, x: str,
           y: str) -> None:
    """One answer: ``exit`` (``x`` left North), ``pass`` (``x`` to his friend ``y``),
    ``search`` (the French ``y`` searches ``x``)."""
    side = ctx.side
    if side != carrying(rs, state).get("side"):
        raise IllegalActionError(N_("only the carriers' player answers"))
    v = state["vars"]
    carries = _carries(state, side, x)
    name, other = rs.piece_name(state, x), rs.piece_name(state, y) if y else ""
    if kind == "exit":
        if carries:
            _drop(state, side, x)
            v.setdefault("manuscripts_out", []).append(x)
        ctx.log(N_("{name} leaves by the North edge with a manuscript") if carries else
                N_("{name} leaves by the North edge without a manuscript"),
                rs.cite(CARRY_RULE), name=name)
    elif kind == "pass":
        if carries:
            _drop(state, side, x)
            v.setdefault("carriers_known", []).append(y)
            ctx.log(N_("{name} passes his manuscript to {other}: the French learn the new "
                       "carrier"), rs.cite(CARRY_RULE), name=name, other=other)
        else:
            ctx.log(N_("{name} carries no manuscript: nothing passes to {other}"),
                    private=True, name=name, other=other)
    elif kind == "search":
        if carries:
            _drop(state, side, x)
            v.setdefault("manuscripts_taken", []).append(x)
        ctx.log(N_("{other} searches the body of {name} and takes a manuscript") if carries
                else N_("{other} searches the body of {name}: no manuscript"),
                rs.cite(CARRY_RULE), name=name, other=other)


def manuscript_verdict(rs: GuetApensModel, state: State) -> str | None:
    """The end of XI-2 by the manuscripts out by the North edge (GA 14.11.2): the
    result's words, or ``None`` where the scenario has none."""
    if not plays_manuscripts(rs, state):
        return None
    side = carrying(rs, state)["side"]
    out = len(state["vars"].get("manuscripts_out") or ())
    need = int(carrying(rs, state).get("count", 2))
    who = rs.side(side).name
    if out >= need:
        return N_("Manuscripts out by the North edge: {n}: {side} wins", n=out, side=who)
    if out:
        return N_("Manuscripts out by the North edge: {n}: a draw", n=out)
    return N_("Manuscripts out by the North edge: none: {side} loses", side=who)
