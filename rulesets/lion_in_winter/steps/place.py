"""Crib Phase Nine: new leaders arrive; the available leaders are placed (the
non-aligned first, alternately, then each side's own) and a player with no king crowns
a 3-star leader."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import N_, OTHER, PHASE_NAMES, LionModel, Refusal
from .common import LionPhase

_WHAT = {"non-aligned": N_("place a non-aligned leader (he will serve you)"),
         "national": N_("place your leaders"), "crown": N_("crown a 3-star leader king")}


def _place_label(rs: LionModel, state: State, action: Action) -> str:
    return (N_("Place {piece} in {place}", piece=rs.piece_name(state, action.arg(0)),
               place=rs.board_map.place_name(action.arg(1))))


class PlacePhase(LionPhase):
    """Phase Nine: whose turn it is comes from :meth:`LionModel.place_turn`; a leader
    is placed from the routed (available) box by a drag or on the area's menu."""

    name = "place"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        super().begin(rs, state, frame, ctx, flow)
        v = state["vars"]
        rs.arrivals(state, ctx)
        v["na_turn"] = None
        for pid in state["stacks"].get("routed", []):
            v["owner"].pop(pid, None)  # routed non-aligned leaders serve nobody
        rs.place_sync(state)

    def after_hand(self, rs: LionModel, state: State) -> None:
        rs.place_sync(state)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        turn = rs.place_turn(state)
        if turn is None:
            return super().ask(rs, state, frame)
        stage, side = turn
        if stage == "crown":
            return N_("{phase}: {name}, {what}", phase=PHASE_NAMES[self.name],
                      name=rs.side(side).name, what=_WHAT[stage])
        return (N_("{phase}: {name}, {what} (friendly-controlled or neutral area, or "
                   "his home area: drag him from the routed box, or right-click the area)",
                   phase=PHASE_NAMES[self.name], name=rs.side(side).name, what=_WHAT[stage]))

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        if rs.place_turn(state) is None:
            yield Action("next-phase")
            return
        yield from rs.placements(state)

    def why_not(self, rs: LionModel, state: State, frame: Frame, action: Action,
                side: str | None) -> Refusal | None:
        """A placement by the rules' predicate (it agrees with the listing)."""
        if action.verb == "place-leader":
            return self.not_now(rs, state, frame, action, side) or rs.why_not_place_leader(
                state, action)
        return super().why_not(rs, state, frame, action, side)

    @verb("place-leader", area=1, piece=0, drag=True, label=_place_label, logs=True)
    def on_place_leader(self, rs: LionModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        pid, area = action.arg(0), action.arg(1)
        stage, side = rs.place_turn(state) or ("", "")
        v = state["vars"]
        put_piece(state, pid, area)
        if stage == "non-aligned":
            v["owner"][pid] = side
            v["na_turn"] = OTHER[side]
        if stage == "non-aligned":
            ctx.log(N_("{side} place {piece} in {place} (non-aligned: he serves them)"),
                    self.rule(rs), side=rs.side(side).name, piece=rs.piece_name(state, pid),
                    place=rs.board_map.place_name(area))
        else:
            ctx.log(N_("{side} place {piece} in {place}"), self.rule(rs),
                    side=rs.side(side).name, piece=rs.piece_name(state, pid),
                    place=rs.board_map.place_name(area))
        rs.arrive(state, pid, area, ctx)
        rs.place_sync(state)
