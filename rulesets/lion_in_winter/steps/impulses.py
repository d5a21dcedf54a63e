"""Crib Phase Two: alternating impulses — move leaders with their troops, remove an enemy
control marker, or pass; when no impulse is left the battles begin."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import OTHER, PHASE_NAMES, LionModel, Refusal
from .common import LionPhase


def _move_label(rs: LionModel, state: State, action: Action) -> str:
    names = ", ".join(rs.piece_name(state, p) for p in action.pieces(0))
    return f"Move {names} to {rs.board_map.place_name(action.arg(1))}"


def _remove_label(rs: LionModel, state: State, action: Action) -> str:
    return f"Remove the enemy control marker of {rs.board_map.place_name(action.arg(0))}"


class ImpulsesPhase(LionPhase):
    """Phase Two: the active side's impulse; impulses alternate, the initiative player
    first, and a player with none left is skipped."""

    name = "impulses"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        ctx.log(PHASE_NAMES["impulses"] + f": {rs.side(state['active']).name} first",
                self.rule(rs))

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        v = state["vars"]
        side = state["active"]
        return (f"{PHASE_NAMES[self.name]}: {rs.side(side).name} impulse "
                f"({v['impulses'][side]} left; {rs.side(OTHER[side]).name} "
                f"{v['impulses'][OTHER[side]]}): move leaders, remove a control marker "
                f"or pass")

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        """Every move of one to the border limit of leaders (a drag may also move any
        group the rules allow: :meth:`why_not`), the control markers, pass."""
        side = state["active"]
        bmap = rs.board_map
        for area in sorted(bmap.areas):
            own = sorted(rs.leaders_at(state, area, side))
            if not own or not rs.can_leave(state, area, side):
                continue
            for dest in sorted(bmap.graph.neighbors(area)):
                if dest not in bmap.areas:
                    continue
                limit, _ = rs.move_limit(state, area, dest, side)
                for n in range(1, min(limit, len(own)) + 1):
                    for group in combinations(own, n):
                        yield Action.of("move", list(group), dest)
        for area in sorted(bmap.areas):
            if rs.can_remove_control(state, area, side):
                yield Action("remove-control", (area,))
        yield Action("pass")

    def why_not(self, rs: LionModel, state: State, frame: Frame, action: Action,
                side: str | None) -> Refusal | None:
        """A move by the rules' predicate (the listing agrees with it); the rest by
        the default lookup."""
        if action.verb == "move" and len(action.args) == 2:
            return self.not_now(rs, state, frame, action, side) or rs.why_not_move(
                state, action.pieces(0), action.arg(1))
        return super().why_not(rs, state, frame, action, side)

    def spend(self, rs: LionModel, state: State, ctx: Context, flow: Flow) -> None:
        """One impulse used; the other player's turn if he has one left, else this one's
        again; with none left, Phase Three."""
        v = state["vars"]
        side = state["active"]
        v["impulses"][side] = max(0, v["impulses"][side] - 1)
        other = OTHER[side]
        if v["impulses"][other] > 0:
            state["active"] = other
        elif v["impulses"][side] > 0:
            state["active"] = side
        else:
            flow.enter_phase(rs, state, ctx, "battles", side=v["initiative"] or "english")

    @verb("move", drag=True, label=_move_label)
    def on_move(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        side = state["active"]
        src = state["pieces"][pieces[0]]["loc"]
        _, how = rs.move_limit(state, src, dest, side)
        enemy_there = bool(rs.leaders_at(state, dest, OTHER[side]))
        for pid in pieces:
            put_piece(state, pid, dest)
        names = ", ".join(rs.piece_name(state, p) for p in pieces)
        bmap = rs.board_map
        one = len(pieces) == 1
        ctx.log(f"{names} move{'s' if one else ''} with {'his' if one else 'their'} troops from "
                f"{bmap.place_name(src)} to {bmap.place_name(dest)} ({how})", self.rule(rs))
        if enemy_there and dest not in state["vars"]["aggressor"]:
            state["vars"]["aggressor"][dest] = side
            ctx.log(f"Aggressor marker ({rs.side(side).name}) placed in "
                    f"{bmap.place_name(dest)}",
                    self.rule(rs, "aggressor marker: first leader into an enemy occupied "
                                  "area"))
        self.spend(rs, state, ctx, flow)

    @verb("remove-control", area=0, decisions=True, label=_remove_label)
    def on_remove_control(self, rs: LionModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        area = action.arg(0)
        state["control"][area] = None
        ctx.log(f"{rs.side(state['active']).name} remove the enemy control marker of "
                f"{rs.board_map.place_name(area)}",
                self.rule(rs, "friendly leaders > enemy leaders + 1"))
        self.spend(rs, state, ctx, flow)

    @verb("pass", loses=lambda rs, state, action: (
        f"one impulse is spent with nothing done "
        f"({state['vars']['impulses'][state['active']] - 1} left)"))
    def on_pass(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        ctx.log(f"{rs.side(state['active']).name} pass", self.rule(rs))
        self.spend(rs, state, ctx, flow)
