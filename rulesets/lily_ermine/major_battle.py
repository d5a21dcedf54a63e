"""Major battles on the tactical map (rules 10, Major battle procedure).

``major-battle ZONE`` (combat phase, a battle marker, at least 10 SP on each side) moves
the battle's counters onto the tactical map and runs the battle as prompted steps, each
decision a legal action of the player whose choice it is:

* deployment, the defender first: every counter starts in its camp's 1st line and the
  owner drags them over his five TZ; at least one third of the SP must stay in the 1st
  line (10 Deployment);
* the random event, 1D6 by the active player (10 Random events): 1 treason (the allies
  of the active camp in the doubt zone go to its LR with their commanders; the ally with
  the fewest SP if several), 2 weapons on the ground (1D6 / 2 mercenaries per camp to the
  LR, owner's choice; treason instead if Rieux or Albret is with the Bretons, ignored
  if they stand with Duke François), 3 jacquerie (1D6 / 2 rounded up Breton militia per
  camp to the Reserve; nothing if none fights), 4 nothing, 5 unmanned wing (1D6: even
  left, odd right; the defender moves that wing's units to a central line), 6 rain (no
  fire by Ca and Co, Ar range 2);
* the tactical markers, chosen secretly up to the army commander's TC (in the Hand
  panel, behind the hot-seat cover; a secret of the state, chosen by position in a
  privately shuffled pool so that a game by email does not tell them; the counts each
  camp owns are in data/tactical.yaml);
* each combat round: each camp, the defender first, picks 0-2 of its markers face down
  (ditch and fence placed in a TZ, round 1 only, kept for the battle); each reveals its
  fire markers before the fire and its melee markers before the melee; fire, alternating
  from the active player, die <= the shooter's CF takes 1 SP from the target (doubled by
  battery / harassment / rain of arrows, cancelled by a fence unless shot from the
  target's own half; a 1 tests the historic commanders of the target's TZ); one melee
  by the active player from a TZ linked to the attacked one: CF ratio rounded in the
  defender's favour, 1D6 + the tactical advantage (+ cut and thrust against Cm, our
  reading), the Combat Table (unknown values asked), losses by the owners (unseating or
  charging cavalry first), charge / pike clash doubling, ditch + fence, R (a retreat
  behind, or 1 SP more when blocked; cannon stay, taken by an advance or eliminated), *
  (commander test), advance after combat; the counter-attack (1D6 <= the TC of a
  commander in the TZ); tactical movements (any commanders and up to TC units, MP of
  the dotted lines, cannon captured by entering their TZ); then the active player
  continues or withdraws (the free counter-attack with a tactical advantage first);
* the end (all units of a camp gone or in its LR, no commander, or the withdrawal):
  counters back to the strategic zone, 2 VP to the victor (12, :mod:`.victory`), the
  loser retreats (10.5.1, :mod:`.retreat`).

Left to the players (by hand on the tactical map): marker effects from the rear or the
flanks other than the fence and the ditch, keeping a melee marker back for a
counter-attack, the replacement of an eliminated army commander by one from elsewhere on
the map (the next highest on the battlefield takes over).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from functools import cache
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, ask_result, resolve

from . import retreat, victory
from .combat_ask import CombatAsk
from .data import DATA_DIR, CombatResult
from .sheets import combat_results
from .sp_losses import SpLossStep, sp_loss_choices
from .tactical import (
    BOARD,
    CENTRAL,
    advantage,
    camp_zones,
    cf_of,
    fire_distance,
    is_cannon,
    link_mp,
    parse,
    retreat_zone,
    tz,
)

MAJOR_SP = 10
EVENTS = {1: "treason", 2: "weapons on the ground", 3: "jacquerie", 4: "nothing",
          5: "unmanned wing", 6: "rain"}
MERCENARIES = ("england", "empire", "spain", "gascony", "swiss")
INFANTRY = ("Ab", "Ar", "Co", "Hb", "Mi", "Pi")
CAVALRY = ("Gd", "Cm")
ZONE_MARKERS = ("ditch", "fence")
R_EVENTS = "10 Determination of random events for the battle"
R_MARKERS = "10 Choice of tactical markers"


@cache
def marker_data() -> dict[str, Any]:
    return load_yaml_file(DATA_DIR / "tactical.yaml")


def battle(state: State) -> dict[str, Any]:
    return state["vars"]["tactical"]


def sec(state: State, camp: str) -> dict[str, Any]:
    """``camp``'s hidden markers: ``pool`` (its markers in an order only its player
    knows), ``chosen`` (face down; ``None`` once used) and ``picked`` for the round.
    Kept in ``state["vars"]["tac_secret"][camp]``, a secret of that camp
    (``secret_paths``), and only ever read or changed in that camp's own actions, so a
    game by email never needs one player's secret in the other's program."""
    return state["vars"]["tac_secret"][camp]


# -- who is where -----------------------------------------------------------------------
def units(rs: Any, state: State, pids: list[str]) -> list[str]:
    return [p for p in pids if not rs.is_commander(state, p)]


def on_field(rs: Any, state: State, camp: str, lr: bool = False) -> list[str]:
    """``camp``'s pieces of the battle on the tactical map (its LR too if ``lr``)."""
    out = []
    for pid in battle(state)["pieces"]:
        loc = parse(state["pieces"][pid]["loc"])
        if loc and (lr or loc[1] != "lr") and rs.piece_side(state, pid) == camp:
            out.append(pid)
    return out


def at(rs: Any, state: State, zone: str, camp: str) -> list[str]:
    return [p for p in pieces_at(state, zone) if rs.piece_side(state, p) == camp]


def unit_list(rs: Any, state: State, zone: str, camp: str) -> list[str]:
    return units(rs, state, at(rs, state, zone, camp))


def tc_of(rs: Any, state: State, cid: str) -> int:
    return rs.counters.commanders[state["pieces"][cid]["type"]].tc


def army_commander(rs: Any, state: State, camp: str) -> str | None:
    """The army commander: the highest rank on the field (8; the TC of 10)."""
    return rs.commander_of(state, on_field(rs, state, camp, lr=True))


def code(rs: Any, state: State, pid: str) -> str:
    return rs.unit_code(state, pid)


def rf_of(rs: Any, state: State, pid: str) -> int:
    """Range of fire, with the rain (10 Random events 6)."""
    c = code(rs, state, pid)
    rf = rs.counters.units[c].rf
    if battle(state).get("rain"):
        if c in ("Ca", "Co"):
            return 0
        if c == "Ar":
            return min(rf, 2)
    return rf


def name(rs: Any, place: str) -> str:
    return rs.place_name(place)


# -- starting -----------------------------------------------------------------------------
def why_not_major(rs: Any, state: State, zone: str) -> tuple[str, str] | None:
    if state["phase"] != "combat" or rs.flow.top(state) or state["vars"].get("tactical"):
        return "battles are resolved in the combat phase, one at a time", rs.cite("6")
    if state["vars"]["markers"].get(zone) != "battle":
        return f"no battle marker in {rs.board_map.place_name(zone)}", rs.cite("10")
    camp = state["active"]
    sp = [rs.stack_sp(state, units(rs, state, rs.own_at(state, zone, c)))
          for c in (camp, rs.other(camp))]
    if min(sp) < MAJOR_SP:
        return (f"{sp[0]} SP against {sp[1]} SP: a minor battle (fewer than 10 SP on a side)",
                rs.cite("10 Minor battle procedure"))
    return None


def start(rs: Any, state: State, zone: str, ctx: Context) -> None:
    why = why_not_major(rs, state, zone)
    if why:
        raise IllegalActionError(*why)
    camp = state["active"]
    other = rs.other(camp)
    pieces = list(pieces_at(state, zone))
    sp = {c: rs.stack_sp(state, units(rs, state, rs.own_at(state, zone, c)))
          for c in (camp, other)}
    state["vars"]["tactical"] = {
        "kind": "battle", "zone": zone, "attacker": camp, "defender": other,
        "pieces": pieces, "sp": sp, "round": 1, "rain": False, "event": None,
        "taken": {camp: False, other: False}, "emptied": [],
        "round_markers": {camp: [], other: []},
        "zone_markers": {}, "fired": [], "moved": 0, "picks": [], "melee": None,
        "melee_done": False, "counter_done": False}
    for c in (other, camp):
        for pid in reversed(rs.own_at(state, zone, c)):
            put_piece(state, pid, tz(c, "line1"))
    ctx.log(f"Major battle in {rs.board_map.place_name(zone)}: {rs.side(camp).name} "
            f"{sp[camp]} SP against {rs.side(other).name} {sp[other]} SP, fought on the "
            "tactical map (the victor wins 2 VP); every counter starts in its 1st line",
            rs.cite("10 Major battle procedure"))
    rs.flow.call(rs, state, ctx, "mb-deploy", other)


def _head(rs: Any, state: State) -> str:
    t = battle(state)
    return f"Battle of {rs.board_map.place_name(t['zone'])}, round {t['round']}"


# -- deployment ---------------------------------------------------------------------------
def line1_ok(rs: Any, state: State, camp: str) -> tuple[int, int]:
    """(SP in the 1st line, SP of the camp on the field)."""
    total = rs.stack_sp(state, units(rs, state, on_field(rs, state, camp)))
    first = rs.stack_sp(state, unit_list(rs, state, tz(camp, "line1"), camp))
    return first, total


class MbDeploy(Step):
    """Each camp deploys on its five TZ, the defender first (10 Deployment)."""

    name = "mb-deploy"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        first, total = line1_ok(rs, state, frame["side"])
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} deploys — drag counters "
                f"to your five TZ; at least a third of the SP in the 1st line ({first} of "
                f"{total} SP now), then Deployment done (10 Deployment).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
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

    def on_tac_move(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
        for pid in reversed(action.pieces(0)):  # the stack keeps its order
            put_piece(state, pid, action.arg(1))
        ctx.log(f"Deployment: {rs.names(state, action.pieces(0))} in "
                f"{name(rs, action.arg(1))}", rs.cite("10 Deployment"))

    def on_deploy_done(self, rs: Any, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        t = battle(state)
        first, total = line1_ok(rs, state, frame["side"])
        ctx.log(f"{rs.side(frame['side']).name} has deployed ({first} of {total} SP in the "
                "1st line)", rs.cite("10 Deployment"))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-deploy", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-event", side=t["attacker"])


# -- random events ------------------------------------------------------------------------
def ally_of(rs: Any, state: State, pid: str) -> str | None:
    nat = rs.nationality(state, pid)
    for ally, nats in rs.alliance_table.follows.items():
        if nat in nats:
            return str(ally)
    return None


def treason(rs: Any, state: State, ctx: Context, camp: str) -> bool:
    """The allies of ``camp`` in the doubt zone leave for its LR (10 events 1)."""
    from . import diplomacy

    groups: dict[str, list[str]] = {}
    for pid in on_field(rs, state, camp):
        ally = ally_of(rs, state, pid)
        if ally and ally in state["vars"].get("cursors", {}) and diplomacy.in_doubt(
                rs, state, ally):
            groups.setdefault(ally, []).append(pid)
    if not groups:
        ctx.log(f"Treason: no ally of {rs.side(camp).name} in the doubt zone is present: "
                "no effect", rs.cite(R_EVENTS))
        return False
    # (b): the ally with the fewest SP; a tie is broken by the higher D6 roll.
    def sp_of(a: str) -> int:
        return rs.stack_sp(state, units(rs, state, groups[a]))

    least = min(sp_of(a) for a in groups)
    tied = sorted(a for a in groups if sp_of(a) == least)
    while len(tied) > 1:
        rolls = {a: ctx.roll(6) for a in tied}
        ctx.log("Treason, a tie between allies: " + ", ".join(
            f"{a} rolls {d}" for a, d in rolls.items()), rs.cite(R_EVENTS + " (b)"))
        best = max(rolls.values())
        tied = [a for a in tied if rolls[a] == best]
    ally = tied[0]
    for pid in reversed(groups[ally]):
        battle(state)["emptied"].append(state["pieces"][pid]["loc"])
        put_piece(state, pid, tz(camp, "lr"))
    ctx.log(f"Treason: {rs.names(state, groups[ally])} ({ally}, in the doubt zone) do not "
            f"fight and are placed in the {rs.side(camp).name} LR (their SP still count "
            "for the VP)", rs.cite(R_EVENTS))
    return True


def queue_pick(state: State, camp: str, n: int, cands: list[str], dests: list[str],
               why: str) -> None:
    if n > 0 and cands:
        battle(state)["picks"].append({"camp": camp, "n": n, "cands": cands, "dests": dests,
                                       "why": why})


class MbEvent(Step):
    """The active player rolls on the Random Events Table (10)."""

    name = "mb-event"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} rolls 1D6 on the Random "
                "Events Table (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("random-event")

    def on_random_event(self, rs: Any, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        t = battle(state)
        die = ctx.roll(6)
        event = EVENTS[die]
        t["event"] = event
        ctx.log(f"Random Events Table: die {die} = {event} (valid for every combat round of "
                "this battle)", rs.cite(R_EVENTS))
        att, dfn = t["attacker"], t["defender"]
        if event == "weapons on the ground":
            lords = [p for p in on_field(rs, state, "brittany")
                     if rs.is_commander(state, p) and ally_of(rs, state, p) in ("rieux",
                                                                                 "albret")]
            dukes = {state["pieces"][p]["loc"] for p in on_field(rs, state, "brittany")
                     if state["pieces"][p]["type"] in ("francois-ii", "anne")}
            if lords and all(state["pieces"][p]["loc"] in dukes for p in lords):
                ctx.log("Weapons on the ground: Rieux and Albret stand with the Duke: "
                        "ignored", rs.cite(R_EVENTS))
            elif lords:
                ctx.log("Weapons on the ground becomes Treason: Rieux or Albret is with the "
                        "Bretons", rs.cite(R_EVENTS))
                treason(rs, state, ctx, "brittany")
            else:
                for camp in (att, dfn):
                    d = ctx.roll(6)
                    mercs = [p for p in unit_list_all(rs, state, camp)
                             if rs.nationality(state, p) in MERCENARIES]
                    ctx.log(f"Weapons on the ground: {rs.side(camp).name} rolls {d}: "
                            f"{d // 2} mercenary counter(s) to the LR "
                            f"({len(mercs)} present)", rs.cite(R_EVENTS))
                    queue_pick(state, camp, d // 2, mercs, [tz(camp, "lr")],
                               "weapons on the ground: a mercenary to the LR")
        elif event == "treason":
            treason(rs, state, ctx, att)
        elif event == "jacquerie":
            militia = {c: [p for p in unit_list_all(rs, state, c) if code(rs, state, p) == "Mi"]
                       for c in (att, dfn)}
            if not any(militia.values()):
                ctx.log("Jacquerie: no militia fights: nothing", rs.cite(R_EVENTS))
            for camp in (att, dfn):
                if not any(militia.values()):
                    break
                d = ctx.roll(6)
                n = (d + 1) // 2
                ctx.log(f"Jacquerie: {rs.side(camp).name} rolls {d}: {n} Breton militia "
                        "counter(s) to its Reserve (a surplus is ignored)", rs.cite(R_EVENTS))
                queue_pick(state, camp, n, militia[camp], [rs.reserve_of(camp)],
                           "jacquerie: a militia counter to the Reserve")
        elif event == "unmanned wing":
            d = ctx.roll(6)
            wing = "left" if d % 2 == 0 else "right"
            there = unit_list(rs, state, tz(dfn, wing), dfn)
            ctx.log(f"Unmanned wing: die {d}, the defender's {wing} wing"
                    + (f": its units move to a central line ({rs.names(state, there)})"
                       if there else " has no units: ignored"), rs.cite(R_EVENTS))
            queue_pick(state, dfn, len(there), there, [tz(dfn, r) for r in CENTRAL],
                       f"unmanned wing: move the {wing} wing's units to a central line")
        elif event == "rain":
            t["rain"] = True
            ctx.log("Rain: no fire by cannon (Ca) and coulevriniers (Co); archers' range 2",
                    rs.cite(R_EVENTS))
        after_event(rs, state, ctx, flow)


def unit_list_all(rs: Any, state: State, camp: str) -> list[str]:
    return units(rs, state, on_field(rs, state, camp))


def after_event(rs: Any, state: State, ctx: Context, flow: Flow) -> None:
    t = battle(state)
    if t["picks"]:
        flow.goto(rs, state, ctx, "mb-pick", side=t["picks"][0]["camp"])
        return
    lone_commanders(rs, state, ctx, t["emptied"])
    if check_end(rs, state, ctx, flow):
        return
    flow.goto(rs, state, ctx, "mb-markers", side=t["defender"])


class MbPick(Step):
    """The owner chooses the counters an event moves (10 Random events)."""

    name = "mb-pick"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        p = battle(state)["picks"][0]
        return f"{_head(rs, state)}: {rs.side(p['camp']).name}, {p['why']} ({p['n']} left)."

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        p = battle(state)["picks"][0]
        for pid in p["cands"]:
            if state["pieces"][pid]["loc"] not in p["dests"]:
                for dest in p["dests"]:
                    yield Action.of("event-pick", pid, dest)

    def on_event_pick(self, rs: Any, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        t = battle(state)
        p = t["picks"][0]
        pid = action.arg(0)
        t["emptied"].append(state["pieces"][pid]["loc"])
        put_piece(state, pid, action.arg(1))
        ctx.log(f"{rs.piece_name(state, pid)} to {name(rs, action.arg(1))}", rs.cite(R_EVENTS))
        p["n"] -= 1
        p["cands"].remove(pid)
        if p["n"] <= 0 or not p["cands"]:
            t["picks"].pop(0)
        after_event(rs, state, ctx, flow)


# -- tactical markers -------------------------------------------------------------------
def inventory(camp: str) -> dict[str, int]:
    return dict(marker_data()["inventory"][camp]["counts"])


def marker_name(kind: str) -> str:
    return str(marker_data()["markers"][kind]["name"])


class MbMarkers(Step):
    """Each player secretly chooses markers up to his army commander's TC (10)."""

    name = "mb-markers"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        cid = army_commander(rs, state, frame["side"])
        tc = tc_of(rs, state, cid) if cid else 0
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} chooses secretly up to "
                f"{tc} tactical markers (TC of {rs.piece_name(state, cid) if cid else '-'}) "
                "in the Hand panel, then Markers chosen (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        camp = frame["side"]
        if not t["taken"][camp]:
            yield Action("take-markers")
            return
        pool = sec(state, camp)["pool"]
        chosen = sec(state, camp)["chosen"]
        cid = army_commander(rs, state, camp)
        tc = tc_of(rs, state, cid) if cid else 0
        if len(chosen) < tc:
            for i, kind in enumerate(pool):
                if kind is not None:
                    yield Action.of("choose-marker", str(i))
        yield Action("markers-chosen")

    def on_take_markers(self, rs: Any, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        """The camp's markers, in an order only its player knows: a choice names a
        position in it, so the action list of a game by email does not tell the marker
        (the pool is a secret of the state, the shuffle private dice)."""
        camp = frame["side"]
        kinds = [k for k, n in sorted(inventory(camp).items()) for _ in range(n)]
        state["vars"].setdefault("tac_secret", {})[camp] = {
            "pool": ctx.shuffle(kinds, private=True), "chosen": [], "picked": []}
        battle(state)["taken"][camp] = True
        ctx.log(f"{rs.side(camp).name} takes its {len(kinds)} tactical markers in hand",
                rs.cite(R_MARKERS))

    def on_choose_marker(self, rs: Any, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        mine = sec(state, frame["side"])
        i = int(action.arg(0))
        mine["chosen"].append(mine["pool"][i])
        mine["pool"][i] = None
        ctx.log(f"{rs.side(frame['side']).name} chooses a tactical marker (face down)",
                rs.cite(R_MARKERS))

    def on_markers_chosen(self, rs: Any, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        t = battle(state)
        n = len(sec(state, frame["side"])["chosen"])
        ctx.log(f"{rs.side(frame['side']).name} places {n} tactical marker(s) face down near "
                "its army commander", rs.cite(R_MARKERS))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-markers", side=t["attacker"])
        else:
            start_round(rs, state, ctx, flow)


def start_round(rs: Any, state: State, ctx: Context, flow: Flow) -> None:
    t = battle(state)
    t["fired"], t["moved"], t["melee"] = [], 0, None
    t["melee_done"], t["counter_done"] = False, False
    t["round_markers"] = {t["attacker"]: [], t["defender"]: []}
    ctx.log(f"{_head(rs, state)} begins", rs.cite("10 Combat Rounds"))
    flow.goto(rs, state, ctx, "mb-tactics", side=t["defender"])


def has_infantry(rs: Any, state: State, zone: str, camp: str) -> bool:
    return any(code(rs, state, p) in INFANTRY for p in unit_list(rs, state, zone, camp))


class MbTactics(Step):
    """Each camp, the defender first, picks 0 to 2 of its markers for this round, face
    down (10 Tactical choice); then each reveals its own (:class:`MbReveal`)."""

    name = "mb-tactics"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        used = sec(state, frame["side"])["picked"]
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} picks 0 to 2 of its "
                f"markers for this round in the Hand panel ({len(used)} picked), then "
                "Tactics done (10 Tactical choice).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
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

    def on_use_marker(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                      flow: Flow) -> None:
        camp = frame["side"]
        i = int(action.arg(0))
        mine = sec(state, camp)
        kind = mine["chosen"][i]
        mine["chosen"][i] = None
        mine["picked"].append([kind, action.arg(1) if len(action.args) > 1 else None])
        ctx.log(f"{rs.side(camp).name} will use a tactical marker this round",
                rs.cite("10 Tactical choice"))

    def on_tactics_done(self, rs: Any, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        t = battle(state)
        trim_markers(rs, state, ctx, frame["side"])
        ctx.log(f"{rs.side(frame['side']).name} has picked "
                f"{len(sec(state, frame['side'])['picked'])} marker(s) for the round",
                rs.cite("10 Tactical choice"))
        if frame["side"] == t["defender"]:
            flow.goto(rs, state, ctx, "mb-tactics", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-reveal", side=t["attacker"], phase="fire")


FIRE_KINDS = ("battery", "harassment", "rain-of-arrows", "fence")
"""The markers revealed before the fire; the others before the melee (10 Fire procedure:
"the attacker and defender simultaneously reveal their tactical markers chosen for the
fire"; Melee procedure: "the tactical markers chosen for the melee are revealed")."""


class MbReveal(Step):
    """Each camp, the active one first, reveals its markers picked for the fire (before
    the fire) or for the melee (before the melee) (10). Each reveals its own, so a game
    by email never needs the other player's secret."""

    name = "mb-reveal"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} reveals the markers it "
                f"picked for the {frame['vars']['phase']} (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("reveal-markers")

    def on_reveal_markers(self, rs: Any, state: State, frame: Frame, action: Action,
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
            shown.append(marker_name(kind) + (f" in {name(rs, zone)}" if zone else ""))
        mine["picked"] = keep
        if t["round"] == 1 and phase == "melee":  # ditch and fence unused in round 1 are
            mine["chosen"] = [None if k in ZONE_MARKERS else k  # lost (10)
                              for k in mine["chosen"]]
        ctx.log(f"{rs.side(camp).name} reveals for the {phase}: "
                f"{', '.join(shown) or 'no marker'}", rs.cite("10 Tactical choice"))
        if camp == t["attacker"]:
            flow.goto(rs, state, ctx, "mb-reveal", side=t["defender"])
        elif phase == "fire":
            flow.goto(rs, state, ctx, "mb-fire", side=t["attacker"])
        else:
            flow.goto(rs, state, ctx, "mb-melee", side=t["attacker"], counter=False)


def revealed(state: State, camp: str, kind: str) -> bool:
    return kind in battle(state)["round_markers"][camp]


def zone_has(state: State, zone: str, kind: str) -> bool:
    return kind in battle(state)["zone_markers"].get(zone, [])


# -- fire ---------------------------------------------------------------------------------
def shots(rs: Any, state: State, camp: str) -> list[tuple[str, str]]:
    t = battle(state)
    out = []
    enemy = [p for p in unit_list_all(rs, state, rs.other(camp))]
    for pid in unit_list_all(rs, state, camp):
        rf = rf_of(rs, state, pid)
        if rf <= 0 or pid in t["fired"]:
            continue
        for target in enemy:
            d = fire_distance(state["pieces"][pid]["loc"], state["pieces"][target]["loc"])
            if d is not None and d <= rf:
                out.append((pid, target))
    return out


class MbFire(Step):
    """Fire, alternating from the active player (10 Fire)."""

    name = "mb-fire"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        t = battle(state)
        if not shots(rs, state, frame["side"]):
            other = rs.other(frame["side"])
            if shots(rs, state, other):
                frame["side"] = other
            else:
                ctx.log("The fire sequence is complete", rs.cite("10 Fire"))
                flow.goto(rs, state, ctx, "mb-reveal", side=t["attacker"], phase="melee")

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)}: fire — {rs.side(frame['side']).name} right-clicks a "
                "shooter and chooses a target within its range (die <= CF: 1 SP), or Stop "
                "firing (10 Fire).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        for pid, target in shots(rs, state, frame["side"]):
            yield Action.of("fire", pid, target)
        yield Action("fire-done")

    def on_fire_done(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                     flow: Flow) -> None:
        t = battle(state)
        t["fired"] += [p for p, _ in shots(rs, state, frame["side"])]
        ctx.log(f"{rs.side(frame['side']).name} fires no more this round", rs.cite("10 Fire"))
        flow.goto(rs, state, ctx, "mb-fire", side=rs.other(frame["side"]))

    def on_fire(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
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


def fire(rs: Any, state: State, ctx: Context, camp: str, pid: str, target: str) -> None:
    rule = rs.cite("10 Fire procedure")
    cf = cf_of(rs, state, pid)
    src, dest = state["pieces"][pid]["loc"], state["pieces"][target]["loc"]
    rng = fire_distance(src, dest)
    die = ctx.roll(6)
    head = (f"{rs.piece_name(state, pid)} ({name(rs, src)}) fires on "
            f"{rs.piece_name(state, target)} ({name(rs, dest)}), range {rng}: die {die}")
    if die > cf:
        ctx.log(f"{head} > CF {cf}: failure", rule)
    else:
        c = code(rs, state, pid)
        double = {"Ca": "battery", "Ab": "harassment", "Ar": "rain-of-arrows"}.get(c)
        n, why = 1, ""
        # A shot from the rear or a flank (the shooter in the target's half) is not
        # stopped by the fence (10 Fence).
        flank = parse(src)[0] == parse(dest)[0]  # type: ignore[index]
        if double and revealed(state, camp, double):
            if zone_has(state, dest, "fence") and not flank:
                why = f" ({marker_name(double)} cancelled by the fence)"
            else:
                n, why = 2, f" x2 ({marker_name(double)})"
        if zone_has(state, dest, "ditch") and zone_has(state, dest, "fence"):
            n -= 1
            why += ", -1 (ditch and fence)"
        ctx.log(f"{head} <= CF {cf}: success, {n} SP{why}", rule)
        take_loss(rs, state, ctx, target, n, rule)
    if die == 1:
        commander_test(rs, state, ctx, dest, rs.other(camp), "a fire die of 1")


def take_loss(rs: Any, state: State, ctx: Context, pid: str, n: int, rule: str) -> None:
    """``pid`` loses ``n`` SP; a surplus is not carried to another unit (10 (d))."""
    if n <= 0:
        return
    sp = rs.sp(state, pid)
    who = rs.piece_name(state, pid)
    camp = rs.piece_side(state, pid)
    if n >= sp:
        victory.gendarme_loss(rs, state, ctx, pid, sp)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        if not is_cannon(rs, state, pid):
            state["pieces"][pid]["flipped"] = False
        put_piece(state, pid, rs.reserve_of(camp))
        ctx.log(f"{who} eliminated to the Reserve", rule)
    else:
        victory.gendarme_loss(rs, state, ctx, pid, 1)
        state["pieces"][pid]["flipped"] = True
        ctx.log(f"{who} loses 1 SP (reduced)", rule)


def commander_test(rs: Any, state: State, ctx: Context, zone: str, camp: str, why: str) -> None:
    """1D6 per historic commander of ``camp`` in ``zone``: on a 1 he is eliminated."""
    for cid in [p for p in at(rs, state, zone, camp) if rs.is_commander(state, p)
                and not state["pieces"][p]["flipped"]]:
        die = ctx.roll(6)
        if die == 1:
            retreat.eliminate_commander(rs, state, ctx, cid, f"{why}, then a 1")
        else:
            ctx.log(f"{rs.piece_name(state, cid)} tested after {why}: die {die}, safe",
                    rs.cite("10 Elimination of a historic commander"))


# -- melee ----------------------------------------------------------------------------------
def melee_options(rs: Any, state: State, camp: str) -> list[tuple[str, str]]:
    bmap = rs.board_maps[BOARD]
    out = []
    for src in sorted({state["pieces"][p]["loc"] for p in unit_list_all(rs, state, camp)}):
        for dest in sorted(bmap.neighbours(src)):
            if parse(dest)[1] != "lr" and unit_list(rs, state, dest, rs.other(camp)):  # type: ignore[index]
                out.append((src, dest))
    return out


class MbMelee(Step):
    """The melee of the active player, or the counter-attack (10 Melee)."""

    name = "mb-melee"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        if not list(self.actions(rs, state, frame)):
            ctx.log(f"{rs.side(frame['side']).name} has no melee to fight",
                    rs.cite("10 Melee"))
            after_melee(rs, state, ctx, flow)

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        what = "counter-attacks: choose" if frame["vars"].get("counter") else "chooses"
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} {what} the enemy TZ "
                "attacked and its own TZ linked to it by a dotted line (10 Melee).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
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

    def on_no_melee(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
        ctx.log(f"{rs.side(frame['side']).name} does not attack", rs.cite("10 Melee"))
        after_melee(rs, state, ctx, flow)

    def on_melee(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                 flow: Flow) -> None:
        camp = frame["side"]
        src, dest = action.arg(0), action.arg(1)
        if frame["vars"].get("counter"):
            cids = [p for p in at(rs, state, src, camp) if rs.is_commander(state, p)]
            cid = max(cids, key=lambda c: tc_of(rs, state, c))
            tc = tc_of(rs, state, cid)
            die = ctx.roll(6)
            if die > tc:
                ctx.log(f"Counter-attack test: {rs.piece_name(state, cid)} rolls {die} > TC "
                        f"{tc}: no counter-attack", rs.cite("10 Counter-attack"))
                after_melee(rs, state, ctx, flow)
                return
            ctx.log(f"Counter-attack test: {rs.piece_name(state, cid)} rolls {die} <= TC {tc}",
                    rs.cite("10 Counter-attack"))
        melee(rs, state, ctx, flow, camp, src, dest)


def melee_cf(rs: Any, state: State, zone: str, camp: str) -> tuple[int, list[str], str]:
    """CF of ``camp``'s units in ``zone`` (+1 per Gd/Cm with unseating), the unseating
    units (their losses first), and a note."""
    us = unit_list(rs, state, zone, camp)
    total = sum(cf_of(rs, state, p) for p in us)
    first: list[str] = []
    note = f"{total}"
    if revealed(state, camp, "unseating"):
        first = [p for p in us if code(rs, state, p) in CAVALRY]
        if first:
            note = f"{total} + {len(first)} (unseating)"
            total += len(first)
    return total, first, note


def melee(rs: Any, state: State, ctx: Context, flow: Flow, camp: str, src: str,
          dest: str) -> None:
    t = battle(state)
    other = rs.other(camp)
    rule = rs.cite("10 Melee procedure")
    a_cf, a_first, a_note = melee_cf(rs, state, src, camp)
    d_cf, d_first, d_note = melee_cf(rs, state, dest, other)
    table = rs.combat_table
    column = table.column(a_cf, d_cf)
    adv, adv_why = advantage(camp, src, dest)
    mods = [Modifier("tactical advantage", adv, adv_why)] if adv else []
    # Cut and thrust: +1 against the medium cavalry (10), read as a die modifier for the
    # camp whose Hb fight Cm: + for the attacker, - when the defender plays it (ours).
    for side, sign, mine, theirs in ((camp, 1, src, dest), (other, -1, dest, src)):
        if (revealed(state, side, "cut-and-thrust")
                and any(code(rs, state, p) == "Hb" for p in unit_list(rs, state, mine, side))
                and any(code(rs, state, p) == "Cm"
                        for p in unit_list(rs, state, theirs, rs.other(side)))):
            mods.append(Modifier("cut and thrust against Cm", sign,
                                 f"{rs.side(side).name}'s marker (10; die modifier: ours)"))
    ctx.log(f"Melee: {rs.side(camp).name} attacks {name(rs, dest)} from {name(rs, src)}: "
            f"CF {a_note} against {d_note}, column {column} (rounded in the "
            "defender's favour)", rule)
    results = combat_results(rs, state)
    res = resolve(ctx, table=table.name, column=column, sides=6, zero_based=False,
                  modifiers=mods, lookup=lambda d: results.get(column, {}).get(d),
                  describe=lambda r: "unknown value" if r is None else r.text(),
                  clamp=table.die, rule=rule, who=f"{rs.side(camp).name} (melee)")
    t["melee"] = {"att": camp, "src": src, "dest": dest, "adv": adv,
                  "first": {camp: a_first, other: d_first}}
    if res.result is None:
        ask_result(ctx, table=table.name, rule=rule, cell=(column, str(res.modified)),
                   question=f"read column {column} at modified die {res.modified} and give "
                            "the losses (attacker/defender), then the R.")
        flow.goto(rs, state, ctx, "mb-ask", column=column, die=res.modified)
        return
    apply_melee(rs, state, ctx, flow, res.result)


def apply_melee(rs: Any, state: State, ctx: Context, flow: Flow, r: CombatResult) -> None:
    t = battle(state)
    m = t["melee"]
    camp, other = m["att"], rs.other(m["att"])
    src, dest = m["src"], m["dest"]
    rule = rs.cite("10 Combat results")
    losses = {camp: r.attacker, other: r.defender}
    zones = {camp: src, other: dest}
    notes = []
    for side in (camp, other):
        foe = rs.other(side)
        if revealed(state, side, "charge") and any(
                code(rs, state, p) in CAVALRY for p in unit_list(rs, state, zones[side], side)):
            if zone_has(state, zones[foe], "ditch") and (side != camp or m["adv"] < 2):
                notes.append(f"{rs.side(side).name}'s charge cancelled by the ditch")
            else:
                losses[foe] *= 2
                notes.append(f"{rs.side(side).name}'s charge doubles the losses of "
                             f"{rs.side(foe).name}")
                # The units that enabled the charge absorb their camp's losses first.
                m["first"][side] = [p for p in unit_list(rs, state, zones[side], side)
                                    if code(rs, state, p) in CAVALRY]
    pikes = all(any(code(rs, state, p) == "Pi" for p in unit_list(rs, state, zones[s], s))
                for s in (camp, other))
    if pikes and (revealed(state, camp, "pike-clash") or revealed(state, other, "pike-clash")):
        cut = [s for s in (camp, other) if revealed(state, s, "cut-and-thrust") and any(
            code(rs, state, p) == "Hb" for p in unit_list(rs, state, zones[s], s))]
        if cut:
            notes.append("the clash among pikemen is cancelled by cut and thrust")
        else:
            losses = {s: n * 2 for s, n in losses.items()}
            notes.append("clash among pikemen: the losses of both camps doubled, pikemen first")
            for s in (camp, other):
                m["first"][s] = [p for p in unit_list(rs, state, zones[s], s)
                                 if code(rs, state, p) == "Pi"]
    retreats = {camp: r.attacker_r, other: r.defender_r}
    for side in (camp, other):
        if zone_has(state, zones[side], "ditch") and zone_has(state, zones[side], "fence"):
            if losses[side] or retreats[side]:
                notes.append(f"ditch and fence in {name(rs, zones[side])}: R cancelled and "
                             "1 SP less")
            losses[side] = max(0, losses[side] - 1)
            retreats[side] = False
    if notes:
        ctx.log("; ".join(notes), rs.cite("10 Presentation of markers"))
    for side, star in ((camp, r.attacker_star), (other, r.defender_star)):
        if star:
            commander_test(rs, state, ctx, zones[side], side, "a * result")
    m["retreats"] = [s for s in (camp, other) if retreats[s]]
    queue = [[s, losses[s]] for s in (camp, other) if losses[s] > 0]
    ctx.log(f"Losses: {rs.side(camp).name} {losses[camp]} SP, {rs.side(other).name} "
            f"{losses[other]} SP, each allocated by its owner", rule)
    flow.goto(rs, state, ctx, "mb-losses", side=camp, queue=queue)


class MbAsk(CombatAsk):
    """The Combat Table value of a melee is unknown: the players give it."""

    name = "mb-ask"

    def resolved(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        apply_melee(rs, state, ctx, flow, result)


class MbLosses(SpLossStep):
    """Each camp allocates its melee losses among the units of its TZ (10)."""

    name = "mb-losses"
    LABEL = "Melee"
    RULE = "10 Combat results"

    def _lost(self, rs: Any, state: State, ctx: Context, pid: str, sp: int) -> None:
        victory.gendarme_loss(rs, state, ctx, pid, sp)

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _zone(self, state: State, side: str) -> str:
        m = battle(state)["melee"]
        return str(m["src"] if side == m["att"] else m["dest"])

    def _pool(self, rs: Any, state: State, side: str) -> list[str]:
        m = battle(state)["melee"]
        pool = unit_list(rs, state, self._zone(state, side), side)
        first = [p for p in m["first"].get(side, []) if p in pool]
        return first or pool

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (f"{_head(rs, state)}: {rs.side(side).name} eliminates {n} more SP in "
                f"{name(rs, self._zone(state, side))} — reduce a unit (1 SP) or eliminate one "
                "(10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if queue:
            side, remaining = queue[0]
            yield from sp_loss_choices(rs, state, self._pool(rs, state, side), remaining)

    def _after(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        frame["vars"]["queue"][0][1] -= lost
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
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


def retreat_target(camp: str, zone: str) -> str:
    """Behind and adjacent to ``zone`` for ``camp`` (toward its own side) (10)."""
    owner, role = parse(zone)  # type: ignore[misc]
    if owner == camp:
        return retreat_zone(camp, role)
    back = {"line3": "line2", "line2": "line1"}
    if role in back:
        return tz(owner, back[role])
    facing = {"left": "right", "right": "left"}
    return tz(camp, facing.get(role, "line1"))


def do_retreats(rs: Any, state: State, ctx: Context) -> None:
    t = battle(state)
    m = t["melee"]
    rule = rs.cite("10 Combat results")
    for side in m.get("retreats", []):
        zone = m["src"] if side == m["att"] else m["dest"]
        dest = retreat_target(side, zone)
        movers = [p for p in at(rs, state, zone, side) if not is_cannon(rs, state, p)]
        if not movers:
            continue
        if unit_list(rs, state, dest, rs.other(side)):
            ctx.log(f"R: {rs.side(side).name} cannot retreat from {name(rs, zone)} "
                    f"({name(rs, dest)} holds enemy units): it stays and loses 1 SP more", rule)
            pool = unit_list(rs, state, zone, side)
            if pool:
                pick = next((p for p in pool if rs.sp(state, p) == 2), pool[0])
                take_loss(rs, state, ctx, pick, 1, rule)
            continue
        for pid in reversed(movers):
            put_piece(state, pid, dest)
        ctx.log(f"R: {rs.names(state, movers)} retreat from {name(rs, zone)} to "
                f"{name(rs, dest)}", rule)
        cannon = [p for p in at(rs, state, zone, side) if is_cannon(rs, state, p)]
        if cannon and side != m["att"]:
            ctx.log(f"{rs.names(state, cannon)} cannot retreat: the attacker takes them by "
                    "advancing, or they are eliminated", rule)
        elif cannon:  # the attacker's cannon left behind in his own TZ (ours: eliminated)
            for pid in cannon:
                take_loss(rs, state, ctx, pid, 1, rule)
            ctx.log("Cannon cannot retreat: eliminated", rule)


def lone_commanders(rs: Any, state: State, ctx: Context, zones: list[str]) -> None:
    """A commander left alone in one of ``zones`` after its units were eliminated or
    moved by an event goes to the nearest TZ with units of his camp (LR included), else
    he is eliminated (10). A commander deployed or moved alone stays where he is."""
    t = battle(state)
    bmap = rs.board_maps[BOARD]
    for camp in (t["attacker"], t["defender"]):
        for cid in [p for p in on_field(rs, state, camp) if rs.is_commander(state, p)]:
            here = state["pieces"][cid]["loc"]
            if here not in zones or unit_list(rs, state, here, camp):
                continue
            dist = {here: 0}
            heap = [(0, here)]
            found = None
            while heap:
                d, z = heapq.heappop(heap)
                if z != here and unit_list(rs, state, z, camp):
                    found = z
                    break
                for n in bmap.neighbours(z):
                    nd = d + (link_mp(rs, z, n) or 1)
                    if nd < dist.get(n, 99):
                        dist[n] = nd
                        heapq.heappush(heap, (nd, n))
            if found and unit_list_all(rs, state, camp):
                put_piece(state, cid, found)
                ctx.log(f"{rs.piece_name(state, cid)} is alone: placed in {name(rs, found)}",
                        rs.cite("10 Elimination of a historic commander"))
            else:
                retreat.eliminate_commander(rs, state, ctx, cid, "alone with no units of his "
                                            "camp on the battlefield")


def defenders_left(rs: Any, state: State) -> list[str]:
    """The units other than cannon still holding the attacked TZ."""
    m = battle(state)["melee"]
    return [p for p in unit_list(rs, state, m["dest"], rs.other(m["att"]))
            if not is_cannon(rs, state, p)]


class MbAdvance(Step):
    """Advance after combat into the emptied TZ (not the cannon); enemy cannon left there
    are taken by advancing, else eliminated, as the attacker chooses (10)."""

    name = "mb-advance"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        m = battle(state)["melee"]
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} may advance units that "
                f"fought into {name(rs, m['dest'])}, then Advance done (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        m = battle(state)["melee"]
        if not defenders_left(rs, state):
            movers = [p for p in at(rs, state, m["src"], frame["side"])
                      if not is_cannon(rs, state, p)]
            for pid in movers:
                yield Action.of("tac-move", [pid], m["dest"])
            if len(movers) > 1 and movers == pieces_at(state, m["src"]):
                yield Action.of("tac-move", movers, m["dest"])
        yield Action("advance-done")

    def on_tac_move(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
        dest = action.arg(1)
        taken = [p for p in at(rs, state, dest, rs.other(frame["side"]))
                 if is_cannon(rs, state, p)]
        for pid in reversed(action.pieces(0)):  # the stack keeps its order
            put_piece(state, pid, dest)
        rule = rs.cite("10 Advance after combat")
        ctx.log(f"{rs.names(state, action.pieces(0))} advance into {name(rs, dest)}", rule)
        for pid in taken:
            state["pieces"][pid]["flipped"] = not state["pieces"][pid]["flipped"]
            ctx.log(f"{rs.piece_name(state, pid)} is taken and turned over (7.2)", rule)

    def on_advance_done(self, rs: Any, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        m = battle(state)["melee"]
        left = [p for p in at(rs, state, m["dest"], rs.other(frame["side"]))
                if is_cannon(rs, state, p)]
        for pid in left:
            take_loss(rs, state, ctx, pid, 1, rs.cite("10 Combat results"))
        if left:
            ctx.log("The enemy cannon left behind are eliminated (not taken)",
                    rs.cite("10 Combat results"))
        if check_end(rs, state, ctx, flow):
            return
        after_melee(rs, state, ctx, flow)


def after_melee(rs: Any, state: State, ctx: Context, flow: Flow) -> None:
    """After the melee: the counter-attack, then the tactical movements (or, after the
    free counter-attack of a withdrawal, the end of the battle)."""
    t = battle(state)
    if t.get("withdrawing"):
        finish(rs, state, ctx, flow, loser=t["attacker"])
        return
    if not t["melee_done"]:
        t["melee_done"] = True
        commanders = any(rs.is_commander(state, p) and unit_list(
            rs, state, state["pieces"][p]["loc"], t["defender"])
            for p in on_field(rs, state, t["defender"]))
        if commanders and melee_options(rs, state, t["defender"]):
            flow.goto(rs, state, ctx, "mb-melee", side=t["defender"], counter=True)
            return
    t["counter_done"] = True
    flow.goto(rs, state, ctx, "mb-move", side=t["attacker"])


# -- tactical movement --------------------------------------------------------------------
def move_costs(rs: Any, state: State, pid: str) -> dict[str, int]:
    """The TZ ``pid`` can reach with its MP, through zones free of enemy units (an enemy
    zone of cannon only may be entered to take them) (10 Tactical movements)."""
    camp = rs.piece_side(state, pid)
    if rs.is_commander(state, pid):
        mp = rs.counters.commanders[state["pieces"][pid]["type"]].mp
    else:
        mp = rs.counters.units[code(rs, state, pid)].mp
    bmap = rs.board_maps[BOARD]
    start_zone = state["pieces"][pid]["loc"]
    best = {start_zone: 0}
    heap = [(0, start_zone)]
    out: dict[str, int] = {}
    while heap:
        d, z = heapq.heappop(heap)
        if d > best.get(z, 99):
            continue
        for n in bmap.neighbours(z):
            owner, role = parse(n)  # type: ignore[misc]
            if role == "lr" and owner != camp:
                continue
            nd = d + (link_mp(rs, z, n) or 1)
            if nd > mp:
                continue
            enemy = at(rs, state, n, rs.other(camp))
            if enemy and not all(is_cannon(rs, state, p) for p in enemy):
                continue
            if nd < best.get(n, 99):
                best[n] = nd
                out[n] = nd
                if not enemy and role != "lr":
                    heapq.heappush(heap, (nd, n))
    return out


class MbMove(Step):
    """Tactical movements, the active player first: any commanders and up to TC units."""

    name = "mb-move"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        cid = army_commander(rs, state, frame["side"])
        tc = tc_of(rs, state, cid) if cid else 0
        return (f"{_head(rs, state)}: tactical movement — {rs.side(frame['side']).name} moves "
                f"commanders and up to {tc} units ({battle(state)['moved']} moved) along the "
                "dotted lines, then Movement done (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        t = battle(state)
        camp = frame["side"]
        cid = army_commander(rs, state, camp)
        tc = tc_of(rs, state, cid) if cid else 0
        for pid in on_field(rs, state, camp):
            if not rs.is_commander(state, pid) and t["moved"] >= tc:
                continue
            for dest in sorted(move_costs(rs, state, pid)):
                yield Action.of("tac-move", [pid], dest)
        yield Action("move-done")

    def on_tac_move(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
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
        ctx.log(f"{rs.piece_name(state, pid)} moves {name(rs, src)} → {name(rs, dest)} "
                f"({cost} MP)", rule)
        for ca in taken:
            state["pieces"][ca]["flipped"] = not state["pieces"][ca]["flipped"]
            ctx.log(f"{rs.piece_name(state, ca)} is captured and turned over", rule)
        if check_end(rs, state, ctx, flow):
            return

    def on_move_done(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                     flow: Flow) -> None:
        t = battle(state)
        t["moved"] = 0
        if frame["side"] == t["attacker"]:
            flow.goto(rs, state, ctx, "mb-move", side=t["defender"])
        else:
            flow.goto(rs, state, ctx, "mb-round-end", side=t["attacker"])


class MbRoundEnd(Step):
    """The active player continues the combat or withdraws (10 End of the combat round)."""

    name = "mb-round-end"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        t = battle(state)
        for camp in (t["attacker"], t["defender"]):
            t["round_markers"][camp] = []  # used markers are discarded (ditch, fence stay)
        ctx.log(f"End of combat round {t['round']}", rs.cite("10 End of the combat round"))

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)} is over: {rs.side(frame['side']).name} continues the "
                "combat with a new round or withdraws (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("battle-continue")
        yield Action("battle-withdraw")

    def on_battle_continue(self, rs: Any, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        t = battle(state)
        t["round"] += 1
        start_round(rs, state, ctx, flow)

    def on_battle_withdraw(self, rs: Any, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        t = battle(state)
        ctx.log(f"{rs.side(t['attacker']).name} withdraws from the battlefield",
                rs.cite("10 End of the combat round"))
        if free_counter_attacks(rs, state):
            t["withdrawing"] = True
            t["round_markers"] = {t["attacker"]: [], t["defender"]: []}  # no marker
            flow.goto(rs, state, ctx, "mb-melee", side=t["defender"], counter=False,
                      free=True)
            return
        finish(rs, state, ctx, flow, loser=t["attacker"])


def free_counter_attacks(rs: Any, state: State) -> list[tuple[str, str]]:
    """The melees the inactive player may make, without a test nor a marker, when the
    active player withdraws: only with a tactical advantage, i.e. from his units in the
    active player's half (10 End of the combat round)."""
    t = battle(state)
    camp = t["defender"]
    return [(src, dest) for src, dest in melee_options(rs, state, camp)
            if advantage(camp, src, dest)[0] > 0]


# -- the end -------------------------------------------------------------------------------
def trim_markers(rs: Any, state: State, ctx: Context, camp: str) -> None:
    """A new army commander keeps at most his TC in markers; the excess is discarded
    (10 Elimination of a historic commander; ours: the last chosen go first, when the
    camp next picks its markers - its own action, its own secret)."""
    cid = army_commander(rs, state, camp)
    tc = tc_of(rs, state, cid) if cid else 0
    mine = sec(state, camp)
    left = [k for k in mine["chosen"] if k is not None]
    if len(left) > tc:
        mine["chosen"] = left[:tc]
        ctx.log(f"{rs.side(camp).name}'s army commander now has TC {tc}: the markers "
                "beyond it are discarded", rs.cite("10 Elimination of a historic commander"))


def check_end(rs: Any, state: State, ctx: Context, flow: Flow) -> bool:
    """End the battle if a camp has no units left on the five TZ or no commander (10)."""
    t = battle(state)
    for camp in (t["attacker"], t["defender"]):
        if not unit_list_all(rs, state, camp):
            ctx.log(f"{rs.side(camp).name} has no units left on the battlefield",
                    rs.cite("10 End of the battle"))
            finish(rs, state, ctx, flow, loser=camp)
            return True
        if army_commander(rs, state, camp) is None:
            ctx.log(f"{rs.side(camp).name} has no commander left: it loses the battle",
                    rs.cite("10 End of the battle"))
            finish(rs, state, ctx, flow, loser=camp)
            return True
    return False


def finish(rs: Any, state: State, ctx: Context, flow: Flow, loser: str) -> None:
    t = battle(state)
    zone = t["zone"]
    winner = rs.other(loser)
    for pid in reversed(t["pieces"]):
        if rs.board_of(state["pieces"][pid]["loc"]) == BOARD:
            put_piece(state, pid, zone)
    state["vars"]["markers"].pop(zone, None)
    state["vars"]["tactical"] = None
    ctx.log(f"The battle of {rs.board_map.place_name(zone)} is over: {rs.side(winner).name} "
            "wins; the counters of the tactical map, the LR's too, return to their armies",
            rs.cite("10 End of the battle"))
    victory.record_battle_vp(rs, state, ctx, winner, t["sp"])
    gone = [p for p in t.get("withdrawn", []) if rs.piece_side(state, p) == winner
            and state["pieces"][p]["loc"] == zone and not rs.is_commander(state, p)]
    if gone and retreat.destinations(rs, state, zone, winner):
        flow.goto(rs, state, ctx, "mb-lr-leave", side=winner, zone=zone, gone=gone,
                  loser=loser)
        return
    flow.goto(rs, state, ctx, "battle-retreat", side=loser, zone=zone, retreats=[loser])


class MbLrLeave(Step):
    """The victor's units that moved into its LR leave for an adjacent zone (10
    Tactical movements: "placed in an adjacent SZ at the end of the battle, according to
    10.5.1"); the loser then retreats."""

    name = "mb-lr-leave"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        v = frame["vars"]
        return (f"{rs.names(state, v['gone'])} left the battlefield by the LR: "
                f"{rs.side(frame['side']).name} places them in an adjacent zone free of "
                "enemy units (into an enemy zone they lose 1 SP) (10.5.1).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        for z in retreat.destinations(rs, state, frame["vars"]["zone"], frame["side"]):
            yield Action.of("lr-leave", z)

    def on_lr_leave(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
        v = frame["vars"]
        camp, dest = frame["side"], action.arg(0)
        rule = rs.cite("10.5.1 Retreat of the defeated")
        gone = [p for p in v["gone"] if state["pieces"][p]["loc"] == v["zone"]]
        for pid in reversed(gone):
            put_piece(state, pid, dest, len(pieces_at(state, dest)))
        ctx.log(f"{rs.names(state, gone)} leave {rs.board_map.place_name(v['zone'])} for "
                f"{rs.board_map.place_name(dest)}", rule)
        lost = []
        for pid in gone:
            militia = code(rs, state, pid) == "Mi" and not rs.in_brittany(dest)
            if militia or retreat.is_enemy_zone(rs, state, dest, camp):
                lost.append(rs.piece_name(state, pid))
                if militia or rs.sp(state, pid) == 1:
                    state["prev_loc"][pid] = dest
                    if not is_cannon(rs, state, pid):
                        state["pieces"][pid]["flipped"] = False
                    put_piece(state, pid, rs.reserve_of(camp))
                else:
                    state["pieces"][pid]["flipped"] = True
        if lost:
            ctx.log(f"Into an enemy zone, or militia leaving Brittany: {', '.join(lost)} lose "
                    "1 SP (reduced, or eliminated)", rule)
        flow.goto(rs, state, ctx, "battle-retreat", side=v["loser"], zone=v["zone"],
                  retreats=[v["loser"]])


STEPS = (MbDeploy, MbEvent, MbPick, MbMarkers, MbTactics, MbReveal, MbFire, MbMelee, MbAsk,
         MbLosses, MbAdvance, MbMove, MbRoundEnd, MbLrLeave)
MENU_VERBS = ("fire",)
"""Offered on the shooter's menu (right-click), not on the toolbar (too many)."""
HAND_VERBS = ("take-markers", "choose-marker", "use-marker")
"""The choices made behind the hot-seat cover (the Hand panel), not on the toolbar."""
