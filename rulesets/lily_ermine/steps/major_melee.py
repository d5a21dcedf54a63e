"""The melee of a major battle (rules 10): the attack or the counter-attack, an
unknown result asked, the losses, the advance after combat; after the battle, the
victor's units of the LR leave the field."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.battle_rules import (
    after_melee,
    apply_melee,
    at,
    battle,
    check_end,
    code,
    defenders_left,
    do_retreats,
    free_counter_attacks,
    head,
    lone_commanders,
    melee,
    melee_options,
    name,
    take_loss,
    unit_list,
)
from ..model.combat import destinations, is_enemy_zone, sp_loss_choices
from ..model.data import CombatResult
from ..model.tactical import is_cannon
from ..words import N_
from .common import CombatAsk, LilyStep, TacticalLosses, TacticalStep, place_label


def _melee_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    return N_("Attack {place} from {place2}", place=rs.place_name(action.arg(1)),
              place2=rs.place_name(action.arg(0)))



class MbMelee(TacticalStep):
    """The melee of the active player, or the counter-attack (10 Melee)."""

    name = "mb-melee"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not list(self.actions(rs, state, frame)):
            ctx.log(N_("{side} has no melee to fight", side=rs.side(frame['side']).name),
                    rs.cite("10 Melee"))
            after_melee(rs, state, ctx, flow)

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        what = N_("counter-attacks: choose") if frame["vars"].get("counter") else N_("chooses")
        return (N_("{head}: {side} {what} the enemy TZ attacked and its own TZ linked to it by a "
                   "dotted line (10 Melee).", head=head(rs, state),
                   side=rs.side(frame['side']).name, what=what))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        counter = frame["vars"].get("counter")
        if frame["vars"].get("free"):
            for src, dest in free_counter_attacks(rs, state):
                yield Action.of("melee", src, dest)
            yield Action("no-melee")
            return
        for src, dest in melee_options(rs, state, frame["side"]):
            if counter and not any(rs.is_commander(state, p)
                                   for p in at(rs, state, src, frame["side"])):
                continue
            yield Action.of("melee", src, dest)
        if counter or t["round"] > 1 or not melee_options(rs, state, frame["side"]):
            yield Action("no-melee")

    @verb("no-melee", label=N_("No attack"))
    def on_no_melee(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{side} does not attack", side=rs.side(frame['side']).name), rs.cite("10 Melee"))
        after_melee(rs, state, ctx, flow)

    @verb("melee", label=_melee_label)
    def on_melee(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        camp = frame["side"]
        src, dest = action.arg(0), action.arg(1)
        if frame["vars"].get("counter"):
            cids = [p for p in at(rs, state, src, camp) if rs.is_commander(state, p)]
            cid = max(cids, key=lambda c: rs.tc_of(state, c))
            tc = rs.tc_of(state, cid)
            die = ctx.roll(6)
            if die > tc:
                ctx.log(N_("Counter-attack test: {piece} rolls {die} > TC {tc}: no counter-attack",
                           piece=rs.piece_name(state, cid), die=die, tc=tc),
                        rs.cite("10 Counter-attack"))
                after_melee(rs, state, ctx, flow)
                return
            ctx.log(N_("Counter-attack test: {piece} rolls {die} <= TC {tc}",
                       piece=rs.piece_name(state, cid), die=die, tc=tc),
                    rs.cite("10 Counter-attack"))
        melee(rs, state, ctx, flow, camp, src, dest)



class MbAsk(CombatAsk, TacticalStep):
    """The Combat Table value of a melee is unknown: the players give it."""

    name = "mb-ask"

    def resolved(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        apply_melee(rs, state, ctx, flow, result)



class MbLosses(TacticalLosses):
    """Each camp allocates its melee losses among the units of its TZ (10)."""

    name = "mb-losses"
    LABEL = N_("Melee")
    RULE = "10 Combat results"

    def _zone(self, state: State, side: str) -> str:
        m = battle(state)["melee"]
        return str(m["src"] if side == m["att"] else m["dest"])

    def _pool(self, rs: LilyErmineModel, state: State, side: str) -> list[str]:
        m = battle(state)["melee"]
        pool = unit_list(rs, state, self._zone(state, side), side)
        first = [p for p in m["first"].get(side, []) if p in pool]
        return first or pool

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (N_("{head}: {side} eliminates {n} more SP in {name} — reduce a unit (1 SP) or "
                   "eliminate one (10).", head=head(rs, state), side=rs.side(side).name, n=n,
                   name=name(rs, self._zone(state, side))))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if queue:
            side, remaining = queue[0]
            yield from sp_loss_choices(rs, state, self._pool(rs, state, side), remaining)

    def _after(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        frame["vars"]["queue"][0][1] -= lost
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue = frame["vars"]["queue"]
        while queue and (queue[0][1] <= 0 or not self._pool(rs, state, queue[0][0])):
            queue.pop(0)
        if queue:
            frame["side"] = queue[0][0]
            return
        do_retreats(rs, state, ctx)
        t = battle(state)
        m = t["melee"]
        lone_commanders(rs, state, ctx, [m["src"], m["dest"]])
        if check_end(rs, state, ctx, flow):
            return
        if not defenders_left(rs, state) and unit_list(rs, state, m["src"], m["att"]):
            flow.goto(rs, state, ctx, "mb-advance", side=m["att"])
        else:
            after_melee(rs, state, ctx, flow)



class MbAdvance(TacticalStep):
    """Advance after combat into the emptied TZ (not the cannon); enemy cannon left there
    are taken by advancing, else eliminated, as the attacker chooses (10)."""

    name = "mb-advance"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        m = battle(state)["melee"]
        return (N_("{head}: {side} may advance units that fought into {name}, then Advance done "
                   "(10).", head=head(rs, state), side=rs.side(frame['side']).name,
                   name=name(rs, m['dest'])))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        m = battle(state)["melee"]
        if not defenders_left(rs, state):
            movers = [p for p in at(rs, state, m["src"], frame["side"])
                      if not is_cannon(rs, state, p)]
            for pid in movers:
                yield Action.of("tac-move", [pid], m["dest"])
            if len(movers) > 1 and movers == pieces_at(state, m["src"]):
                yield Action.of("tac-move", movers, m["dest"])
        yield Action("advance-done")

    def tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        dest = action.arg(1)
        taken = [p for p in at(rs, state, dest, rs.other(frame["side"]))
                 if is_cannon(rs, state, p)]
        for pid in reversed(action.pieces(0)):  # the stack keeps its order
            put_piece(state, pid, dest)
        rule = rs.cite("10 Advance after combat")
        ctx.log(N_("{names} advance into {name}", names=rs.names(state, action.pieces(0)),
                   name=name(rs, dest)), rule)
        for pid in taken:
            state["pieces"][pid]["flipped"] = not state["pieces"][pid]["flipped"]
            ctx.log(N_("{piece} is taken and turned over (7.2)", piece=rs.piece_name(state, pid)),
                    rule)

    @verb("advance-done", label=N_("Advance done"))
    def on_advance_done(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        m = battle(state)["melee"]
        left = [p for p in at(rs, state, m["dest"], rs.other(frame["side"]))
                if is_cannon(rs, state, p)]
        for pid in left:
            take_loss(rs, state, ctx, pid, 1, rs.cite("10 Combat results"))
        if left:
            ctx.log(N_("The enemy cannon left behind are eliminated (not taken)"),
                    rs.cite("10 Combat results"))
        if check_end(rs, state, ctx, flow):
            return
        after_melee(rs, state, ctx, flow)



class MbLrLeave(LilyStep):
    """The victor's units that moved into its LR leave for an adjacent zone (10
    Tactical movements: "placed in an adjacent SZ at the end of the battle, according to
    10.5.1"); the loser then retreats."""

    name = "mb-lr-leave"
    section = "10"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        return (N_("{names} left the battlefield by the LR: {side} places them in an adjacent "
                   "zone free of enemy units (into an enemy zone they lose 1 SP) (10.5.1).",
                   names=rs.names(state, v['gone']), side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        for z in destinations(rs, state, frame["vars"]["zone"], frame["side"]):
            yield Action.of("lr-leave", z)

    @verb("lr-leave", label=place_label(N_("Units of the LR to {0}")))
    def on_lr_leave(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        camp, dest = frame["side"], action.arg(0)
        rule = rs.cite("10.5.1 Retreat of the defeated")
        gone = [p for p in v["gone"] if state["pieces"][p]["loc"] == v["zone"]]
        for pid in reversed(gone):
            put_piece(state, pid, dest, len(pieces_at(state, dest)))
        ctx.log(N_("{names} leave {place} for {place2}", names=rs.names(state, gone),
                   place=rs.board_map.place_name(v['zone']), place2=rs.board_map.place_name(dest)),
                rule)
        lost = []
        for pid in gone:
            militia = code(rs, state, pid) == "Mi" and not rs.in_brittany(dest)
            if militia or is_enemy_zone(rs, state, dest, camp):
                lost.append(rs.piece_name(state, pid))
                if militia or rs.sp(state, pid) == 1:
                    state["prev_loc"][pid] = dest
                    if not is_cannon(rs, state, pid):
                        state["pieces"][pid]["flipped"] = False
                    put_piece(state, pid, rs.reserve_of(camp))
                else:
                    state["pieces"][pid]["flipped"] = True
        if lost:
            ctx.log(N_("Into an enemy zone, or militia leaving Brittany: {names} lose 1 SP "
                       "(reduced, or eliminated)", names=listing(lost)), rule)
        flow.goto(rs, state, ctx, "battle-retreat", side=v["loser"], zone=v["zone"],
                  retreats=[v["loser"]])




STEPS = (MbMelee, MbAsk, MbLosses, MbAdvance, MbLrLeave)
