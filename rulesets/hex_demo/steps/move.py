"""The move phase (rules 1-6): the side to act moves its stacks, then ends its move."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LAST_TURN, SIDES, HexModel
from ..words import N_


def _move_label(rs: HexModel, state: State, action: Action) -> str:
    names = listing([rs.piece_name(state, p) for p in action.pieces(0)])
    return N_("Move {pieces} to {place}", pieces=names,
              place=rs.board_map.place_name(action.arg(1)))


class MovePhase(Step[HexModel]):
    """One side's move; ``end`` hands over to the other side or starts the next turn."""

    name = "move"

    def prompt(self, rs: HexModel, state: State, frame: Frame) -> str:
        return N_("Turn {turn}: {side} moves. Drag a stack (each piece moves once), then "
                  "End move.", turn=state["turn"], side=rs.side(state["active"]).name)

    def actions(self, rs: HexModel, state: State, frame: Frame) -> Iterator[Action]:
        """Moves of one piece (taking the pieces in turn), then of whole stacks, then
        ``end``."""
        side = state["active"]
        stacks: dict[str, list[str]] = {}
        for place, pids in sorted(state["stacks"].items()):
            own = [p for p in pids if rs.piece_side(state, p) == side
                   and p not in state["vars"]["moved"]]
            if own and place in rs.board_map.areas:
                stacks[place] = own
        single = {p: sorted(rs.reachable(state, [p])) for own in stacks.values() for p in own}
        for i in range(max((len(d) for d in single.values()), default=0)):
            for pid, dests in single.items():
                if i < len(dests):
                    yield Action.of("move", [pid], dests[i])
        for own in stacks.values():
            if len(own) > 1:
                for dest in sorted(rs.reachable(state, own)):
                    yield Action.of("move", own, dest)
        yield Action("end")

    def actions_of(self, rs: HexModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """``end`` without the moves: the legality check of ``end`` searches no reach."""
        if verb_name == "end":
            return iter((Action("end"),))
        return super().actions_of(rs, state, frame, verb_name)

    def why_not(self, rs: HexModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """A move is checked by the rules' predicate (any sub-stack may move, not only
        the listed ones); ``end`` by the default lookup."""
        if action.verb == "move" and len(action.args) == 2:
            if side is not None and side != state["active"]:
                return N_("it is {side}'s move", side=rs.side(state["active"]).name), \
                    rs.cite("1")
            return rs.why_not_move(state, action.pieces(0), action.arg(1))
        return super().why_not(rs, state, frame, action, side)

    @verb("move", drag=True, label=_move_label, logs=True)
    def on_move(self, rs: HexModel, state: State, frame: Frame, action: Action, ctx: Context,
                flow: Flow) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        reach = rs.reach(state, pieces, dest)
        assert reach is not None  # checked legal
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        state["vars"]["moved"].extend(pieces)
        route = listing([rs.board_map.place_name(p) for p in reach.path], " → ")
        names = listing([rs.piece_name(state, p) for p in pieces])
        if reach.stops:
            ctx.log(N_("{pieces} move {route} ({mp} MP, stops next to the enemy)"),
                    rs.cite("2-5"), pieces=names, route=route, mp=reach.cost)
        else:
            ctx.log(N_("{pieces} move {route} ({mp} MP)"), rs.cite("2-5"), pieces=names,
                    route=route, mp=reach.cost)

    @verb("end", label=N_("End move"), logs=True)
    def on_end(self, rs: HexModel, state: State, frame: Frame, action: Action, ctx: Context,
               flow: Flow) -> None:
        side = state["active"]
        state["vars"]["moved"] = []
        if side == SIDES[0]:
            state["active"] = SIDES[1]
            ctx.log(N_("{side} ends its move"), rs.cite("1"), side=rs.side(side).name)
            return
        state["active"] = SIDES[0]
        state["turn"] += 1
        if state["turn"] > LAST_TURN:
            ctx.log(N_("The sixth turn is over: the game ends"), rs.cite("6"))
        else:
            ctx.log(N_("Turn {turn} begins"), rs.cite("1"), turn=state["turn"])
