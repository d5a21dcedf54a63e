"""Secret carriers (GA 14.11.2): in Scenario XI-2 the Anglo-Normans' player notes, at the
set-up, which two of his characters carry the manuscripts (``carry PID``, a sealed
choice kept in his secret ``vars.carriers[side]``: the other side's program never holds
it). A carrier is made known when he leaves by the North edge, passes his manuscript
or is searched (:mod:`.manuscripts`, from version 0.4), or when his player says so by
hand (``own PID``), and the log names him."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import GuetApensModel
from ..model.words import N_

CARRY_RULE = "14.11.2"


def carrying(rs: GuetApensModel, state: State) -> dict[str, Any]:
    """The scenario's secret carriers: ``{"side": ..., "count": n}``, or ``{}``."""
    return dict(rs.scenario_data(state["scenario"]).get("carriers") or {})


def secret_carriers(state: State, side: str) -> list[str]:
    return state["vars"].setdefault("carriers", {}).setdefault(side, [])


def why_not_carry(rs: GuetApensModel, state: State, side: str | None,
                  pid: str) -> tuple[Msg, str] | None:
    how = carrying(rs, state)
    if not how:
        return N_("nobody carries a secret in this scenario"), rs.cite(CARRY_RULE)
    f = state["vars"]["figs"].get(pid)
    if f is None or f["side"] != how["side"] or (side is not None and side != how["side"]):
        return N_("{pid}: not a figure who may carry the manuscripts", pid=repr(pid)), \
            rs.cite(CARRY_RULE)
    chosen = secret_carriers(state, how["side"])
    if pid in chosen:
        return N_("{name} carries a manuscript already", name=rs.piece_name(state, pid)), \
            rs.cite(CARRY_RULE)
    if len(chosen) >= int(how.get("count", 2)):
        return N_("only {n} figures carry the manuscripts", n=how.get("count", 2)), \
            rs.cite(CARRY_RULE)
    return None


class NameCarriers:
    """At the set-up: the carriers named in secret; later, one made known."""

    def carry_actions(self, rs: GuetApensModel, state: State, side: str) -> Iterator[Action]:
        how = carrying(rs, state)
        if how.get("side") != side:
            return
        chosen = state["vars"].get("carriers", {}).get(side)
        if chosen is None or len(chosen) < int(how.get("count", 2)):
            for pid in sorted(state["vars"]["figs"]):
                if state["vars"]["figs"][pid]["side"] == side and pid not in (chosen or ()):
                    yield Action("carry", (pid,))

    def own_actions(self, rs: GuetApensModel, state: State, side: str) -> Iterator[Action]:
        for pid in (state["vars"].get("carriers") or {}).get(side) or ():
            yield Action("own", (pid,))

    @verb("carry", hand=True, sealed=True, label=N_("{0} carries a manuscript (secret)"))
    def on_carry(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        side = rs.piece_side(state, pid)
        why = why_not_carry(rs, state, side, pid)
        if why is not None:
            raise IllegalActionError(why[0])
        secret_carriers(state, side).append(pid)
        ctx.log(N_("{side} notes a manuscript carrier (secret)"), rs.cite(CARRY_RULE),
                side=rs.side(side).name)
        ctx.log(N_("{name} carries a manuscript"), private=True,
                name=rs.piece_name(state, pid))

    @verb("own", hand=True, label=N_("Make known that {0} carries a manuscript"))
    def on_own(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        side = rs.piece_side(state, pid)
        chosen = secret_carriers(state, side)
        if pid not in chosen:
            raise IllegalActionError(N_("{name} carries no manuscript, or it is not known "
                                        "here", name=rs.piece_name(state, pid)))
        chosen.remove(pid)
        state["vars"].setdefault("carriers_known", []).append(pid)
        ctx.log(N_("{name} carries a manuscript"), rs.cite(CARRY_RULE),
                name=rs.piece_name(state, pid))
