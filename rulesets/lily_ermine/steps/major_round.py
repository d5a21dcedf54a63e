"""A combat round of a major battle (rules 10): the markers picked and revealed, the
fire, the tactical movements and the end of the round."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.battle_rules import (
    FIRE_KINDS,
    ZONE_MARKERS,
    army_commander,
    at,
    battle,
    check_end,
    finish,
    fire,
    free_counter_attacks,
    has_infantry,
    head,
    lone_commanders,
    move_costs,
    name,
    on_field,
    sec,
    shots,
    start_round,
    trim_markers,
)
from ..model.tactical import PHASE_WORDS, camp_zones, is_cannon, marker_name, parse
from ..words import N_
from .common import TacticalStep, marker_label

NO_MARKER = N_("no marker")
"""What a camp reveals when it picked no marker."""


def _fire_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    return (N_("Fire: {piece} on {piece2}", piece=rs.piece_name(state, action.arg(0)),
               piece2=rs.piece_name(state, action.arg(1))))



class MbTactics(TacticalStep):
    """Each camp, the defender first, picks 0 to 2 of its markers for this round, face
    down (10 Tactical choice); then each reveals its own (:class:`MbReveal`)."""

    name = "mb-tactics"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        used = sec(state, frame["side"])["picked"]
        return (N_("{head}: {side} picks 0 to 2 of its markers for this round in the Hand panel "
                   "({n} picked), then Tactics done (10 Tactical choice).", head=head(rs, state),
                   side=rs.side(frame['side']).name, n=len(used)))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        camp = frame["side"]
        mine = sec(state, camp)
        if len(mine["picked"]) < 2:
            for i, kind in enumerate(mine["chosen"]):
                if kind is None:
                    continue
                if kind in ZONE_MARKERS:
                    if t["round"] != 1:
                        continue
                    for z in camp_zones(camp):
                        if has_infantry(rs, state, z, camp) and kind not in t[
                                "zone_markers"].get(z, []):
                            yield Action.of("use-marker", str(i), z)
                else:
                    yield Action.of("use-marker", str(i))
        yield Action("tactics-done")

    @verb("use-marker", hand=True, label=marker_label)
    def on_use_marker(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        camp = frame["side"]
        i = int(action.arg(0))
        mine = sec(state, camp)
        kind = mine["chosen"][i]
        mine["chosen"][i] = None
        mine["picked"].append([kind, action.arg(1) if len(action.args) > 1 else None])
        ctx.log(N_("{side} will use a tactical marker this round", side=rs.side(camp).name),
                rs.cite("10 Tactical choice"))

    @verb("tactics-done", label=N_("Tactics done"))
    def on_tactics_done(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        t = battle(state)
        trim_markers(rs, state, ctx, frame["side"])
        ctx.log(N_("{side} has picked {n} marker(s) for the round",
                   side=rs.side(frame['side']).name, n=len(sec(state, frame['side'])['picked'])),
                rs.cite("10 Tactical choice"))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-tactics", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-reveal", side=t["attacker"], phase="fire")



class MbReveal(TacticalStep):
    """Each camp, the active one first, reveals its markers picked for the fire (before
    the fire) or for the melee (before the melee) (10). Each reveals its own, so a game
    by email never needs the other player's secret."""

    name = "mb-reveal"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head}: {side} reveals the markers it picked for the {phase} (10).",
                   head=head(rs, state), side=rs.side(frame['side']).name,
                   phase=PHASE_WORDS.get(frame['vars']['phase'], frame['vars']['phase'])))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("reveal-markers")

    @verb("reveal-markers", label=N_("Reveal your markers"))
    def on_reveal_markers(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        t = battle(state)
        camp = frame["side"]
        phase = frame["vars"]["phase"]
        shown = []
        mine = sec(state, camp)
        keep = []
        for kind, zone in mine["picked"]:
            if (kind in FIRE_KINDS) != (phase == "fire"):
                keep.append([kind, zone])
                continue
            t["round_markers"][camp].append(kind)
            if zone:
                t["zone_markers"].setdefault(zone, []).append(kind)
            shown.append(marker_name(kind) + (N_(" in {name}",
                                                 name=name(rs, zone)) if zone else ""))
        mine["picked"] = keep
        if t["round"] == 1 and phase == "melee":  # ditch and fence unused in round 1 are
            mine["chosen"] = [None if k in ZONE_MARKERS else k  # lost (10)
                              for k in mine["chosen"]]
        ctx.log(N_("{side} reveals for the {phase}: {value}", side=rs.side(camp).name,
                   phase=PHASE_WORDS.get(phase, phase), value=listing(shown) or NO_MARKER),
                rs.cite("10 Tactical choice"))
        if camp == t["attacker"]:
            flow.goto(rs, state, ctx, "mb-reveal", side=t["defender"])
        elif phase == "fire":
            flow.goto(rs, state, ctx, "mb-fire", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-melee", side=t["attacker"], counter=False)



class MbFire(TacticalStep):
    """Fire, alternating from the active player (10 Fire)."""

    name = "mb-fire"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        t = battle(state)
        if not shots(rs, state, frame["side"]):
            other = rs.other(frame["side"])
            if shots(rs, state, other):
                frame["side"] = other
            else:
                ctx.log(N_("The fire sequence is complete"), rs.cite("10 Fire"))
                flow.goto(rs, state, ctx, "mb-reveal", side=t["attacker"], phase="melee")

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head}: fire — {side} right-clicks a shooter and chooses a target within its "
                   "range (die <= CF: 1 SP), or Stop firing (10 Fire).", head=head(rs, state),
                   side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid, target in shots(rs, state, frame["side"]):
            yield Action.of("fire", pid, target)
        yield Action("fire-done")

    @verb("fire-done", label=N_("Stop firing"))
    def on_fire_done(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        t = battle(state)
        t["fired"] += [p for p, _ in shots(rs, state, frame["side"])]
        ctx.log(N_("{side} fires no more this round", side=rs.side(frame['side']).name),
                rs.cite("10 Fire"))
        flow.goto(rs, state, ctx, "mb-fire", side=rs.other(frame["side"]))

    @verb("fire", piece=0, label=_fire_label)
    def on_fire(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action, ctx: Context,
                flow: Flow) -> None:
        t = battle(state)
        camp = frame["side"]
        pid, target = action.arg(0), action.arg(1)
        t["fired"].append(pid)
        dest = state["pieces"][target]["loc"]
        fire(rs, state, ctx, camp, pid, target)
        lone_commanders(rs, state, ctx, [dest])
        if check_end(rs, state, ctx, flow):
            return
        nxt = rs.other(camp) if shots(rs, state, rs.other(camp)) else camp
        flow.goto(rs, state, ctx, "mb-fire", side=nxt)



class MbMove(TacticalStep):
    """Tactical movements, the active player first: any commanders and up to TC units."""

    name = "mb-move"

    def move_costs(self, rs: LilyErmineModel, state: State, pid: str) -> dict[str, int]:
        """The MP of the path, not only of one link (10 Tactical movements)."""
        return move_costs(rs, state, pid)

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        cid = army_commander(rs, state, frame["side"])
        tc = rs.tc_of(state, cid) if cid else 0
        return (N_("{head}: tactical movement — {side} moves commanders and up to {tc} units "
                   "({moved} moved) along the dotted lines, then Movement done (10).",
                   head=head(rs, state), side=rs.side(frame['side']).name, tc=tc,
                   moved=battle(state)['moved']))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        camp = frame["side"]
        cid = army_commander(rs, state, camp)
        tc = rs.tc_of(state, cid) if cid else 0
        for pid in on_field(rs, state, camp):
            if not rs.is_commander(state, pid) and t["moved"] >= tc:
                continue
            for dest in sorted(move_costs(rs, state, pid)):
                yield Action.of("tac-move", [pid], dest)
        yield Action("move-done")

    def tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        t = battle(state)
        pid, dest = action.pieces(0)[0], action.arg(1)
        cost = move_costs(rs, state, pid)[dest]
        src = state["pieces"][pid]["loc"]
        taken = [p for p in at(rs, state, dest, rs.other(frame["side"]))
                 if is_cannon(rs, state, p)]
        put_piece(state, pid, dest)
        if not rs.is_commander(state, pid):
            t["moved"] += 1
        if parse(dest)[1] == "lr":  # type: ignore[index]
            t.setdefault("withdrawn", []).append(pid)  # leaves the field (10.5.1)
        rule = rs.cite("10 Tactical movements")
        ctx.log(N_("{piece} moves {name} → {name2} ({cost} MP)", piece=rs.piece_name(state, pid),
                   name=name(rs, src), name2=name(rs, dest), cost=cost), rule)
        for ca in taken:
            state["pieces"][ca]["flipped"] = not state["pieces"][ca]["flipped"]
            ctx.log(N_("{piece} is captured and turned over", piece=rs.piece_name(state, ca)), rule)
        if check_end(rs, state, ctx, flow):
            return

    @verb("move-done", label=N_("Movement done"))
    def on_move_done(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        t = battle(state)
        t["moved"] = 0
        if frame["side"] == t["attacker"]:
            flow.goto(rs, state, ctx, "mb-move", side=t["defender"])
        else:
            flow.goto(rs, state, ctx, "mb-round-end", side=t["attacker"])



class MbRoundEnd(TacticalStep):
    """The active player continues the combat or withdraws (10 End of the combat round)."""

    name = "mb-round-end"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        t = battle(state)
        for camp in (t["attacker"], t["defender"]):
            t["round_markers"][camp] = []  # used markers are discarded (ditch, fence stay)
        ctx.log(N_("End of combat round {round}", round=t['round']),
                rs.cite("10 End of the combat round"))

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head} is over: {side} continues the combat with a new round or withdraws "
                   "(10).", head=head(rs, state), side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("battle-continue")
        yield Action("battle-withdraw")

    @verb("battle-continue", label=N_("Continue the battle"))
    def on_battle_continue(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        t = battle(state)
        t["round"] += 1
        start_round(rs, state, ctx, flow)

    @verb("battle-withdraw", label=N_("Withdraw from the battle"))
    def on_battle_withdraw(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        t = battle(state)
        ctx.log(N_("{side} withdraws from the battlefield", side=rs.side(t['attacker']).name),
                rs.cite("10 End of the combat round"))
        if free_counter_attacks(rs, state):
            t["withdrawing"] = True
            t["round_markers"] = {t["attacker"]: [], t["defender"]: []}  # no marker
            flow.goto(rs, state, ctx, "mb-melee", side=t["defender"], counter=False,
                      free=True)
            return
        finish(rs, state, ctx, flow, loser=t["attacker"])




STEPS = (MbTactics, MbReveal, MbFire, MbMove, MbRoundEnd)
