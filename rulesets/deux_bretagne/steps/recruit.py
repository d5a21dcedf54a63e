"""Recruitment (rules 5.4): a leader rolls on the Recruitment Table and the player spends
every step it gives, one at a time, on new units (placed reduced with the leader) or on
bringing reduced units there back to full strength (5.411, 5.412, 5.42).

``recruit LEADER ch|me`` makes the roll; the card played as REC says how many recruitments
the activation allows (its activation value, 5.4: cards.rec_refusal).

The steps; the rules they apply (data, predicates) are in ``model/recruit.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.verbs import verb

from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.recruit import free_counters, step_options
from ..words import N_
from .common import DeuxBretagneStep


class RecruitSteps(DeuxBretagneStep):
    """Spend every recruitment step (5.411), one at a time."""

    name = "recruit-steps"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        steps = frame["vars"]["steps"]
        while any(n > 0 for n in steps.values()):
            options = step_options(rs, state, frame)
            if not options:
                kind = next(k for k, n in steps.items() if n > 0)
                ctx.log(N_("{steps} {capitalize} step(s) cannot be used (no counter left, or the "
                           "stack is full) and are lost", steps=steps[kind],
                           capitalize=kind.capitalize()),
                        rs.cite("5.412, 5.42"))
                steps[kind] = 0
                continue
            if len(options) > 1:
                return  # the player chooses
            self._spend(rs, state, frame, options[0], ctx)
        flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        left = listing([N_("{n} {kind}", n=n, kind=k.capitalize())
                        for k, n in frame["vars"]["steps"].items() if n])
        return (N_("{side}: spend the recruitment steps ({left} left) — a new unit or a reduced "
                   "one back to full ({rule})", side=rs.side(frame['side']).name, left=left,
                   rule=rs.cite('5.411')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield from step_options(rs, state, frame)

    @verb("raise", label=labels.raise_step, logs=True)
    def on_raise(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        self._spend(rs, state, frame, action, ctx)
        self.begin(rs, state, frame, ctx, flow)

    @staticmethod
    def _spend(rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
               ctx: Context) -> None:
        v = frame["vars"]
        side, area = frame["side"], v["area"]
        suffix, target = action.args
        kind = "ch" if suffix.startswith("ch") else suffix
        v["steps"][kind] -= 1
        where = rs.board_map.place_name(area)
        if target == "new":
            type_id = f"{side}-{suffix}"
            pid = free_counters(rs, state, type_id)[0]
            put_piece(state, pid, area, index=len(pieces_at(state, area)))
            state["pieces"][pid]["flipped"] = True
            ctx.log(N_("New unit recruited in {where}: {piece}", where=where,
                       piece=rs.piece_name(state, pid)),
                    rs.cite("5.411, 5.42"))
        else:
            state["pieces"][target]["flipped"] = False
            ctx.log(N_("{piece} back to full strength", piece=rs.piece_name(state, target)),
                    rs.cite("5.411"))


RECRUIT_STEPS = (RecruitSteps,)
