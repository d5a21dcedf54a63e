"""A major battle on the tactical map, before the combat rounds (rules 10): the
deployment, the random event and its choices, the secret choice of tactical markers."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.battle_rules import (
    EVENTS,
    MERCENARIES,
    R_EVENTS,
    R_MARKERS,
    after_event,
    ally_of,
    army_commander,
    battle,
    code,
    head,
    line1_ok,
    name,
    on_field,
    queue_pick,
    sec,
    start_round,
    treason,
    unit_list,
    unit_list_all,
)
from ..model.tactical import CENTRAL, EVENT_NAMES, camp_zones, inventory, tz
from ..words import N_
from .common import TacticalStep, marker_label, move_label


class MbDeploy(TacticalStep):
    """Each camp deploys on its five TZ, the defender first (10 Deployment)."""

    name = "mb-deploy"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        first, total = line1_ok(rs, state, frame["side"])
        return (N_("{head}: {side} deploys — drag counters to your five TZ; at least a third of "
                   "the SP in the 1st line ({first} of {total} SP now), then Deployment done (10 "
                   "Deployment).", head=head(rs, state), side=rs.side(frame['side']).name,
                   first=first, total=total))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        camp = frame["side"]
        for pid in on_field(rs, state, camp):
            for z in camp_zones(camp):
                if z != state["pieces"][pid]["loc"]:
                    yield Action.of("tac-move", [pid], z)
        for src in camp_zones(camp):  # a whole stack dragged at once
            stack = pieces_at(state, src)
            if len(stack) > 1 and all(rs.piece_side(state, p) == camp for p in stack):
                for z in camp_zones(camp):
                    if z != src:
                        yield Action.of("tac-move", stack, z)
        first, total = line1_ok(rs, state, camp)
        if 3 * first >= total:
            yield Action("deploy-done")

    def tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        for pid in reversed(action.pieces(0)):  # the stack keeps its order
            put_piece(state, pid, action.arg(1))
        ctx.log(N_("Deployment: {names} in {name}", names=rs.names(state, action.pieces(0)),
                   name=name(rs, action.arg(1))), rs.cite("10 Deployment"))

    @verb("deploy-done", label=N_("Deployment done"))
    def on_deploy_done(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        t = battle(state)
        first, total = line1_ok(rs, state, frame["side"])
        ctx.log(N_("{side} has deployed ({first} of {total} SP in the 1st line)",
                   side=rs.side(frame['side']).name, first=first, total=total),
                rs.cite("10 Deployment"))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-deploy", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-event", side=t["attacker"])


# -- random events ------------------------------------------------------------------------

def _weapons_on_the_ground(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 2: mercenaries to the LR; treason if Rieux or Albret is with the Bretons,
    ignored if they stand with the Duke (10 Random events)."""
    t = battle(state)
    lords = [p for p in on_field(rs, state, "brittany")
             if rs.is_commander(state, p) and ally_of(rs, state, p) in ("rieux", "albret")]
    dukes = {state["pieces"][p]["loc"] for p in on_field(rs, state, "brittany")
             if state["pieces"][p]["type"] in ("francois-ii", "anne")}
    if lords and all(state["pieces"][p]["loc"] in dukes for p in lords):
        ctx.log(N_("Weapons on the ground: Rieux and Albret stand with the Duke: ignored"),
                rs.cite(R_EVENTS))
        return
    if lords:
        ctx.log(N_("Weapons on the ground becomes Treason: Rieux or Albret is with the Bretons"),
                rs.cite(R_EVENTS))
        treason(rs, state, ctx, "brittany")
        return
    for camp in (t["attacker"], t["defender"]):
        d = ctx.roll(6)
        mercs = [p for p in unit_list_all(rs, state, camp)
                 if rs.nationality(state, p) in MERCENARIES]
        ctx.log(N_("Weapons on the ground: {side} rolls {d}: {value} mercenary counter(s) to the "
                   "LR ({n} present)", side=rs.side(camp).name, d=d, value=d // 2, n=len(mercs)),
                rs.cite(R_EVENTS))
        queue_pick(state, camp, d // 2, mercs, [tz(camp, "lr")],
                   N_("weapons on the ground: a mercenary to the LR"))


def _treason(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 1: the active camp's allies in the doubt zone leave for its LR (10)."""
    treason(rs, state, ctx, battle(state)["attacker"])


def _jacquerie(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 3: Breton militia to each camp's Reserve, if any fights (10)."""
    t = battle(state)
    camps = (t["attacker"], t["defender"])
    militia = {c: [p for p in unit_list_all(rs, state, c) if code(rs, state, p) == "Mi"]
               for c in camps}
    if not any(militia.values()):
        ctx.log(N_("Jacquerie: no militia fights: nothing"), rs.cite(R_EVENTS))
        return
    for camp in camps:
        d = ctx.roll(6)
        n = (d + 1) // 2
        ctx.log(N_("Jacquerie: {side} rolls {d}: {n} Breton militia counter(s) to its Reserve (a "
                   "surplus is ignored)", side=rs.side(camp).name, d=d, n=n), rs.cite(R_EVENTS))
        queue_pick(state, camp, n, militia[camp], [rs.reserve_of(camp)],
                   N_("jacquerie: a militia counter to the Reserve"))


def _unmanned_wing(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 5: the defender moves a wing's units to a central line (10)."""
    dfn = battle(state)["defender"]
    d = ctx.roll(6)
    wing = "left" if d % 2 == 0 else "right"
    there = unit_list(rs, state, tz(dfn, wing), dfn)
    ctx.log(N_("Unmanned wing: die {d}, the defender's {wing} wing", d=d, wing=wing)
            + (N_(": its units move to a central line ({names})", names=rs.names(state, there))
               if there else N_(" has no units: ignored")), rs.cite(R_EVENTS))
    queue_pick(state, dfn, len(there), there, [tz(dfn, r) for r in CENTRAL],
               N_("unmanned wing: move the {wing} wing's units to a central line", wing=wing))


def _rain(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 6: no fire by Ca and Co, archers' range 2 (10)."""
    battle(state)["rain"] = True
    ctx.log(N_("Rain: no fire by cannon (Ca) and coulevriniers (Co); archers' range 2"),
            rs.cite(R_EVENTS))


def _nothing(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Event 4: nothing happens."""


EFFECTS = {"treason": _treason, "weapons on the ground": _weapons_on_the_ground,
           "jacquerie": _jacquerie, "nothing": _nothing, "unmanned wing": _unmanned_wing,
           "rain": _rain}
"""The effect of each random event (10 Determination of random events for the battle)."""


class MbEvent(TacticalStep):
    """The active player rolls on the Random Events Table (10)."""

    name = "mb-event"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head}: {side} rolls 1D6 on the Random Events Table (10).",
                   head=head(rs, state), side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("random-event")

    @verb("random-event", label=N_("Roll the random event"))
    def on_random_event(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        t = battle(state)
        die = ctx.roll(6)
        event = EVENTS[die]
        t["event"] = event
        ctx.log(N_("Random Events Table: die {die} = {event} (valid for every combat round of "
                   "this battle)", die=die, event=EVENT_NAMES[event]), rs.cite(R_EVENTS))
        EFFECTS[event](rs, state, ctx)
        after_event(rs, state, ctx, flow)



class MbPick(TacticalStep):
    """The owner chooses the counters an event moves (10 Random events)."""

    name = "mb-pick"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        p = battle(state)["picks"][0]
        return N_("{head}: {side}, {why} ({n} left).", head=head(rs, state),
                  side=rs.side(p['camp']).name, why=p['why'], n=p['n'])

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        p = battle(state)["picks"][0]
        for pid in p["cands"]:
            if state["pieces"][pid]["loc"] not in p["dests"]:
                for dest in p["dests"]:
                    yield Action.of("event-pick", pid, dest)

    @verb("event-pick", piece=0, decisions=True, label=move_label)
    def on_event_pick(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        t = battle(state)
        p = t["picks"][0]
        pid = action.arg(0)
        t["emptied"].append(state["pieces"][pid]["loc"])
        put_piece(state, pid, action.arg(1))
        ctx.log(N_("{piece} to {name}", piece=rs.piece_name(state, pid),
                   name=name(rs, action.arg(1))), rs.cite(R_EVENTS))
        p["n"] -= 1
        p["cands"].remove(pid)
        if p["n"] <= 0 or not p["cands"]:
            t["picks"].pop(0)
        after_event(rs, state, ctx, flow)


# -- tactical markers -------------------------------------------------------------------

class MbMarkers(TacticalStep):
    """Each player secretly chooses markers up to his army commander's TC (10)."""

    name = "mb-markers"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        cid = army_commander(rs, state, frame["side"])
        tc = rs.tc_of(state, cid) if cid else 0
        return (N_("{head}: {side} chooses secretly up to {tc} tactical markers (TC of {value}) "
                   "in the Hand panel, then Markers chosen (10).", head=head(rs, state),
                   side=rs.side(frame['side']).name, tc=tc,
                   value=rs.piece_name(state, cid) if cid else '-'))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        camp = frame["side"]
        if not t["taken"][camp]:
            yield Action("take-markers")
            return
        pool = sec(state, camp)["pool"]
        chosen = sec(state, camp)["chosen"]
        cid = army_commander(rs, state, camp)
        tc = rs.tc_of(state, cid) if cid else 0
        if len(chosen) < tc:
            for i, kind in enumerate(pool):
                if kind is not None:
                    yield Action.of("choose-marker", str(i))
        yield Action("markers-chosen")

    @verb("take-markers", hand=True, label=N_("Take your tactical markers"))
    def on_take_markers(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        """The camp's markers, in an order only its player knows: a choice names a
        position in it, so the action list of a game by email does not tell the marker
        (the pool is a secret of the state, the shuffle private dice)."""
        camp = frame["side"]
        kinds = [k for k, n in sorted(inventory(camp).items()) for _ in range(n)]
        state["vars"].setdefault("tac_secret", {})[camp] = {
            "pool": ctx.shuffle(kinds, private=True), "chosen": [], "picked": []}
        battle(state)["taken"][camp] = True
        ctx.log(N_("{side} takes its {n} tactical markers in hand", side=rs.side(camp).name,
                   n=len(kinds)),
                rs.cite(R_MARKERS))

    @verb("choose-marker", hand=True, label=marker_label)
    def on_choose_marker(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        mine = sec(state, frame["side"])
        i = int(action.arg(0))
        mine["chosen"].append(mine["pool"][i])
        mine["pool"][i] = None
        ctx.log(N_("{side} chooses a tactical marker (face down)",
                   side=rs.side(frame['side']).name),
                rs.cite(R_MARKERS))

    @verb("markers-chosen", label=N_("Markers chosen"))
    def on_markers_chosen(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        t = battle(state)
        n = len(sec(state, frame["side"])["chosen"])
        ctx.log(N_("{side} places {n} tactical marker(s) face down near its army commander",
                   side=rs.side(frame['side']).name, n=n), rs.cite(R_MARKERS))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-markers", side=t["attacker"])
        else:
            start_round(rs, state, ctx, flow)




STEPS = (MbDeploy, MbEvent, MbPick, MbMarkers)
