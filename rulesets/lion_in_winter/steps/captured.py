"""Crib Phase Seven: captured leaders are exchanged (the initiative player's choice),
ransomed (each owner for his own) or left to rot."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import N_, PHASE_NAMES, LionModel
from .common import LionPhase


def _exchange_label(rs: LionModel, state: State, action: Action) -> str:
    return N_("Exchange {give} for {take}",
              give=" + ".join(rs.piece_name(state, p) for p in action.pieces(0)),
              take=" + ".join(rs.piece_name(state, p) for p in action.pieces(1)))


def _ransom_label(rs: LionModel, state: State, action: Action) -> str:
    return (N_("Ransom {piece} with {place}", piece=rs.piece_name(state, action.arg(0)),
               place=rs.board_map.place_name(action.arg(1))))


def _done_label(rs: LionModel, state: State, action: Action) -> str:
    stage = (rs.captured_turn(state) or ("", ""))[0]
    return (N_("No (more) exchanges") if stage == "exchange" else
            N_("No more ransoms: leave the others to rot"))


class CapturedPhase(LionPhase):
    """Phase Seven: the decisions of :meth:`LionModel.captured_turns` in order, those
    without a choice skipped (``vars.captured_step``)."""

    name = "captured"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        super().begin(rs, state, frame, ctx, flow)
        state["vars"]["captured_step"] = 0
        rs.captured_sync(state)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        turn = rs.captured_turn(state)
        if turn is None:
            return super().ask(rs, state, frame)
        stage, side = turn
        if stage == "exchange":
            return N_("{phase}: {side}, exchange prisoners of equal stars, or Done",
                      phase=PHASE_NAMES[self.name], side=rs.side(side).name)
        return N_("{phase}: {side}, ransom your leaders, or Done (the others are left to rot)",
                  phase=PHASE_NAMES[self.name], side=rs.side(side).name)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        turn = rs.captured_turn(state)
        if turn is None:
            yield Action("next-phase")
            return
        yield from rs.prisoner_actions(state, *turn)
        yield Action("done")

    @verb("exchange", label=_exchange_label)
    def on_exchange(self, rs: LionModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        names = []
        for pid in action.pieces(0) + action.pieces(1):
            put_piece(state, pid, "routed")
            names.append(rs.piece_name(state, pid))
        ctx.log(N_("Prisoners exchanged: {names} go to the routed box", names=listing(names)),
                self.rule(rs, "exchange of equal stars, decided by the IP"))
        rs.captured_sync(state)

    @verb("ransom", label=_ransom_label)
    def on_ransom(self, rs: LionModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        pid, area = action.arg(0), action.arg(1)
        state["control"][area] = None
        put_piece(state, pid, "routed")
        ctx.log(N_("{piece} ransomed for the control token of {place}; to the routed box",
                   piece=rs.piece_name(state, pid), place=rs.board_map.place_name(area)),
                self.rule(rs, "ransom"))
        rs.captured_sync(state)

    @verb("done", label=_done_label)
    def on_done(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        stage, side = rs.captured_turn(state) or ("", "")
        state["vars"]["captured_step"] = (rs.captured_index(state) or 0) + 1
        if stage == "exchange":
            ctx.log(N_("{side}: no more exchanges"), self.rule(rs), side=rs.side(side).name)
        else:
            ctx.log(N_("{side}: no more ransoms (the others are left to rot)"), self.rule(rs),
                    side=rs.side(side).name)
        rs.captured_sync(state)
