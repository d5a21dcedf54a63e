"""Crib Phase Two: alternating impulses — move leaders with their troops, remove an enemy
control marker, or pass; when no impulse is left the battles begin."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import N_, NP_, OTHER, PHASE_NAMES, LionModel, Refusal
from .common import LionPhase


def _move_label(rs: LionModel, state: State, action: Action) -> str:
    names = ", ".join(rs.piece_name(state, p) for p in action.pieces(0))
    return N_("Move {names} to {place}", names=names, place=rs.board_map.place_name(action.arg(1)))


def _remove_label(rs: LionModel, state: State, action: Action) -> str:
    return N_("Remove the enemy control marker of {place}",
              place=rs.board_map.place_name(action.arg(0)))


class ImpulsesPhase(LionPhase):
    """Phase Two: the active side's impulse; impulses alternate, the initiative player
    first, and a player with none left is skipped."""

    name = "impulses"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        ctx.log(N_("{phase}: {side} first"), self.rule(rs), phase=PHASE_NAMES["impulses"],
                side=rs.side(state["active"]).name)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        v = state["vars"]
        side = state["active"]
        return (N_("{phase}: {name} impulse ({impulses} left; {name2} {impulses2}): "
                   "move leaders, remove a control marker or pass",
                   phase=PHASE_NAMES[self.name], name=rs.side(side).name,
                   impulses=v['impulses'][side], name2=rs.side(OTHER[side]).name,
                   impulses2=v['impulses'][OTHER[side]]))

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        """Every move of one to the border limit of leaders (a drag may also move any
        group the rules allow: :meth:`why_not`), the control markers, pass."""
        return self._listing(rs, state, None)

    def actions_of(self, rs: LionModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        return (a for a in self._listing(rs, state, verb_name) if a.verb == verb_name)

    @staticmethod
    def _listing(rs: LionModel, state: State, verb_name: str | None) -> Iterator[Action]:
        """The actions; with ``verb_name``, the moves and the control markers only for
        their own verbs."""
        side = state["active"]
        bmap = rs.board_map
        for area in sorted(bmap.areas) if verb_name in (None, "move") else ():
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
        for area in sorted(bmap.areas) if verb_name in (None, "remove-control") else ():
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

    @verb("move", drag=True, label=_move_label, logs=True)
    def on_move(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        side = state["active"]
        src = state["pieces"][pieces[0]]["loc"]
        _, how = rs.move_limit(state, src, dest, side)
        enemy_there = bool(rs.leaders_at(state, dest, OTHER[side]))
        for pid in pieces:
            put_piece(state, pid, dest)
        names = listing([rs.piece_name(state, p) for p in pieces])
        bmap = rs.board_map
        ctx.log(NP_("{names} moves with his troops from {src} to {dest} ({how})",
                    "{names} move with their troops from {src} to {dest} ({how})", len(pieces),
                    names=names, src=bmap.place_name(src), dest=bmap.place_name(dest), how=how),
                self.rule(rs))
        if enemy_there and dest not in state["vars"]["aggressor"]:
            state["vars"]["aggressor"][dest] = side
            ctx.log(N_("Aggressor marker ({name}) placed in {place}", name=rs.side(side).name,
                       place=bmap.place_name(dest)),
                    self.rule(rs, "aggressor marker: first leader into an enemy occupied "
                                  "area"))
        self.spend(rs, state, ctx, flow)

    @verb("remove-control", area=0, decisions=True, label=_remove_label)
    def on_remove_control(self, rs: LionModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        area = action.arg(0)
        state["control"][area] = None
        ctx.log(N_("{name} remove the enemy control marker of {place}",
                   name=rs.side(state['active']).name, place=rs.board_map.place_name(area)),
                self.rule(rs, "friendly leaders > enemy leaders + 1"))
        self.spend(rs, state, ctx, flow)

    @verb("pass", label=N_("Pass"), loses=lambda rs, state, action: N_(
        "one impulse is spent with nothing done ({left} left)",
        left=state['vars']['impulses'][state['active']] - 1))
    def on_pass(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{name} pass", name=rs.side(state['active']).name), self.rule(rs))
        self.spend(rs, state, ctx, flow)
