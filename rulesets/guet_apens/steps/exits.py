"""Leaving the table by an edge or a half-edge (GA 14.8.2, 14.10.4-14.10.7, 14.11.2,
14.12): where a scenario's objective is to get figures off by an edge (its ``exits``:
side -> edges and half-edges, :mod:`..model.edges`), a figure of that side standing at
one of them may leave (``exit PID``, with his movement orders); he is out of the fight,
his edge noted (``figs[pid]["exited"]``), and the mules he leads go with him. A
manuscript carrier of XI-2 leaving by the North is made known by his player
(:mod:`.manuscripts`). Games of versions 0.1-0.3 had no exits (the players took the
figures off by hand)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import GuetApensModel
from ..model.edges import edge_parts, may_leave
from ..model.mules import led_by
from ..model.words import N_
from .manuscripts import note_exit
from .mules import lead_off

EXITS = "exits"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.3 (no exits)."""
EXIT_RULE = "14"
PART_WORDS = {"N": N_("North edge"), "E": N_("East edge"), "S": N_("South edge"),
              "W": N_("West edge"), "NE": N_("East half of the North edge"),
              "NW": N_("West half of the North edge"), "SE": N_("East half of the South edge"),
              "SW": N_("West half of the South edge")}


def exits_of(rs: GuetApensModel, state: State, side: str) -> list[str]:
    """The edges and half-edges ``side`` may leave by in this scenario (none in games
    of 0.1-0.3)."""
    if not (state.get("legacy") or {}).get(EXITS, True):
        return []
    spec = rs.scenario_data(state["scenario"]).get("exits") or {}
    return [str(p) for p in spec.get(side) or ()]


def exit_rule(rs: GuetApensModel, state: State) -> str:
    return str(rs.scenario_data(state["scenario"]).get("exit_rule") or EXIT_RULE)


def why_not_exit(rs: GuetApensModel, state: State, pid: str) -> tuple[Msg, str] | None:
    """``None`` if ``pid`` stands where his side may leave the table."""
    if pid not in state["vars"]["figs"] or not rs.active(state, pid):
        return N_("{pid}: no figure able to leave", pid=repr(pid)), rs.cite(EXIT_RULE)
    allowed = exits_of(rs, state, rs.piece_side(state, pid))
    if not allowed:
        return N_("{name}'s side leaves by no edge in this scenario",
                  name=rs.piece_name(state, pid)), rs.cite(exit_rule(rs, state))
    table = rs.board_map.table  # type: ignore[attr-defined]
    parts = edge_parts(rs.bases(state)[pid], table.width, table.depth)
    if may_leave(parts, allowed) is None:
        return N_("{name} is not at an edge his side may leave by ({edges})",
                  name=rs.piece_name(state, pid),
                  edges=", ".join(str(PART_WORDS[p]) for p in allowed)), \
            rs.cite(exit_rule(rs, state))
    return None


class LeaveTable:
    """A mixin of the orders step: ``exit PID`` for a figure at an edge of his side."""

    def exit_actions(self, rs: GuetApensModel, state: State, side: str) -> Iterator[Action]:
        if not exits_of(rs, state, side):
            return
        for pid in sorted(state["vars"]["figs"]):
            if rs.piece_side(state, pid) == side and why_not_exit(rs, state, pid) is None:
                yield Action("exit", (pid,))

    @verb("exit", piece=0, hand=True, label=lambda rs, state, a: N_(
        "{name} leaves the table", name=rs.piece_name(state, a.arg(0))))
    def on_exit(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        why = why_not_exit(rs, state, pid)
        if why is not None:
            raise IllegalActionError(why[0])
        leave(rs, state, ctx, pid)


def leave(rs: GuetApensModel, state: State, ctx: Context, pid: str) -> None:
    """``pid`` leaves by the edge he stands at (his mules with him)."""
    table = rs.board_map.table  # type: ignore[attr-defined]
    parts = edge_parts(rs.bases(state)[pid], table.width, table.depth)
    part = may_leave(parts, exits_of(rs, state, rs.piece_side(state, pid))) or parts[0]
    if led_by(state, pid):
        lead_off(rs, state, ctx, led_by(state, pid)[0])  # GA 14.8.2: he goes with them
    else:
        f = rs.fig(state, pid)
        f["states"] = sorted(set(f["states"]) | {"out"})
        f["exited"] = parts[0]
        put_piece(state, pid, rs.eliminated_box)
    ctx.log(N_("{name} leaves the table by the {part}"), rs.cite(exit_rule(rs, state)),
            name=rs.piece_name(state, pid), part=PART_WORDS[part])
    note_exit(rs, state, pid, parts[0])  # GA 14.11.2: a carrier leaving North
