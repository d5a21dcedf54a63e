"""Escorting a captive off the table (GA 13.5.1, 13.5.6, 13.6; reading B24): a
character is a prisoner for good when taken off the table. With B24 ``slower`` (the
default) the escort is played: the captive stays on the table beside the enemy who
took him (``vars.escorts``: captive -> escort), who goes at the pace of the slower of
the two (as for a horse led away, GA 13.6) and has him follow base to base; an escort
at a table edge leads him off (``escort-off CAPTIVE``, not by an edge the scenario
forbids: VIII-2's West, GA 14.8.2); the captive is then out of the game. If his escort
falls or leaves him, an enemy of the captive base to base with him takes him over
(``escort CAPTIVE PID``). With B24 ``done`` (or ``players``) the escort is taken as
done, as in games of versions 0.1-0.3 (``state["legacy"]``)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb
from boardapp.core.table.fixed import to_tenths, to_units
from boardapp.core.table.positions import set_position

from ..model import TOUCHING, GuetApensModel
from ..model.capture import escorts
from ..model.edges import edge_parts
from ..model.mules import clamp, distance
from ..model.readings import reading
from ..model.words import N_

ESCORT = "escort"
"""``state["legacy"]`` key: ``False`` for games of versions 0.1-0.3 (taken as done)."""
ESCORT_RULE = "13.5.1"


def plays_escort(rs: GuetApensModel, state: State) -> bool:
    return (state.get("legacy") or {}).get(ESCORT, True) and reading(
        rs.readings(state), "B24") == "slower"


def start_escort(rs: GuetApensModel, state: State, ctx: Context, pid: str, text: Msg,
                 rule: str) -> bool:
    """``pid`` is taken: kept on the table beside the enemy who escorts him (the first
    active enemy base to base, by id); False if the escort is not played here."""
    if not plays_escort(rs, state) or pid not in rs.bases(state):
        return False
    captors = sorted(q for q in rs.enemies_in_contact(state, pid) if rs.active(state, q))
    if not captors:
        return False
    state["vars"].setdefault("escorts", {})[pid] = captors[0]
    ctx.log(N_("{what}: {escort} escorts him to the table edge, at the pace of the slower "
               "[B24=slower]"), rule, what=text, escort=rs.piece_name(state, captors[0]))
    return True


def _touching(rs: GuetApensModel, state: State, a: str, b: str) -> bool:
    index = rs.index(state)
    return a in index.bases and b in index.bases and b in index.contacts(a, TOUCHING)


def why_not_escort(rs: GuetApensModel, state: State, pid: str,
                   by: str) -> tuple[Msg, str] | None:
    """``None`` if ``by`` may take over the escort of captive ``pid``."""
    held = escorts(state)
    if pid not in held:
        return N_("{pid}: no captive on the table", pid=repr(pid)), rs.cite(ESCORT_RULE)
    now = held[pid]
    if by not in state["vars"]["figs"] or not rs.active(state, by) or rs.piece_side(
            state, by) == rs.piece_side(state, pid) or by == now:
        return N_("{pid}: no enemy of the captive able to escort him", pid=repr(by)), \
            rs.cite(ESCORT_RULE)
    if now and rs.active(state, now) and _touching(rs, state, now, pid):
        return N_("{name} escorts him already", name=rs.piece_name(state, now)), \
            rs.cite(ESCORT_RULE)
    if not _touching(rs, state, by, pid):
        return N_("{name} is not base to base with {captive}",
                  name=rs.piece_name(state, by), captive=rs.piece_name(state, pid)), \
            rs.cite(ESCORT_RULE)
    return None


def why_not_escort_off(rs: GuetApensModel, state: State, pid: str) -> tuple[Msg, str] | None:
    """``None`` if captive ``pid``'s escort stands with him at an edge he may use."""
    by = escorts(state).get(pid)
    if not by or not rs.active(state, by) or not _touching(rs, state, by, pid):
        return N_("nobody escorts {name}", name=rs.piece_name(state, pid)), \
            rs.cite(ESCORT_RULE)
    table = rs.board_map.table  # type: ignore[attr-defined]
    parts = edge_parts(rs.bases(state)[by], table.width, table.depth)
    barred = rs.scenario_data(state["scenario"]).get("no_capture_edge")
    if not parts or parts[0] == barred:
        return N_("{name} is not at a table edge he may lead a prisoner off",
                  name=rs.piece_name(state, by)), rs.cite(ESCORT_RULE)
    return None


class EscortOrders:
    """A mixin of the orders step: taking over or leading off a captive."""

    def escort_actions(self, rs: GuetApensModel, state: State, side: str
                       ) -> Iterator[Action]:
        for pid, by in sorted(escorts(state).items()):
            if by and rs.piece_side(state, by) == side and \
                    why_not_escort_off(rs, state, pid) is None:
                yield Action("escort-off", (pid,))
            for q in sorted(state["vars"]["figs"]):
                if rs.piece_side(state, q) == side and q != by and \
                        why_not_escort(rs, state, pid, q) is None:
                    yield Action("escort", (pid, q))

    @verb("escort", piece=0, hand=True, label=lambda rs, state, a: N_(
        "{escort} takes over the escort of {name}", escort=rs.piece_name(state, a.arg(1)),
        name=rs.piece_name(state, a.arg(0))))
    def on_escort(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        pid, by = action.arg(0), action.arg(1)
        why = why_not_escort(rs, state, pid, by)
        if why is not None:
            raise IllegalActionError(why[0])
        escorts(state)[pid] = by
        ctx.log(N_("{escort} takes over the escort of {name}"), rs.cite(ESCORT_RULE),
                escort=rs.piece_name(state, by), name=rs.piece_name(state, pid))

    @verb("escort-off", piece=0, hand=True, label=lambda rs, state, a: N_(
        "Lead {name} off the table, a prisoner", name=rs.piece_name(state, a.arg(0))))
    def on_escort_off(self, rs: GuetApensModel, state: State, frame: Frame,
                      action: Action, ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        why = why_not_escort_off(rs, state, pid)
        if why is not None:
            raise IllegalActionError(why[0])
        by = escorts(state).pop(pid)
        put_piece(state, pid, rs.eliminated_box)
        ctx.log(N_("{escort} leads {name} off the table: a prisoner for good"),
                rs.cite(ESCORT_RULE), escort=rs.piece_name(state, by),
                name=rs.piece_name(state, pid))


def escorted_apart(state: State) -> set[str]:
    """The captives who move with their escort (not obstacles to him)."""
    return {p for p, by in escorts(state).items() if by}


def follow_escorts(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """After the moves: each captive whose escort moved follows him base to base, on
    the line from the escort to where he stood (GA 13.6); an escort who fell or left
    leaves his captive where he is."""
    held = escorts(state)
    if not held:
        return
    table = rs.board_map.table  # type: ignore[attr-defined]
    moved = state["vars"].get("moved") or {}
    bases = rs.bases(state)
    for pid, by in sorted(held.items()):
        if not by:
            continue
        if not rs.active(state, by) or by not in bases:
            held[pid] = None
            ctx.log(N_("{name} has nobody to escort him: he stays where he is"),
                    rs.cite(ESCORT_RULE), name=rs.piece_name(state, pid))
            continue
        if not moved.get(by) or pid not in bases:
            continue
        a, b = bases[by], bases[pid]
        gap = max(a.depth, a.width) / 2 + max(b.depth, b.width) / 2 + 0.05
        d = distance((a.x, a.y), (b.x, b.y)) or 1.0
        x, y = clamp(a.x + (b.x - a.x) / d * gap, a.y + (b.y - a.y) / d * gap,
                     table.width, table.depth)
        set_position(state, pid, to_units(x), to_units(y), to_tenths(a.facing))
