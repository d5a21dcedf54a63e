"""Major battles on the tactical map (rules 10, Major battle procedure): the rules'
effects the battle's steps (``steps/major_setup.py``, ``major_round.py``,
``major_melee.py``) share.

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
  loser retreats (10.5.1, ``steps/retreat.py``).

Left to the players (by hand on the tactical map): marker effects from the rear or the
flanks other than the fence and the ditch, keeping a melee marker back for a
counter-attack, the replacement of an eliminated army commander by one from elsewhere on
the map (the next highest on the battlefield takes over).
"""

from __future__ import annotations

import heapq
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, ask_result, resolve

from . import combat, diplomacy, victory
from .base import LilyErmineModel
from .data import CombatResult
from .names import data_word
from .sheets import combat_results
from .tactical import (
    BOARD,
    advantage,
    cf_of,
    fire_distance,
    is_cannon,
    link_mp,
    marker_name,
    parse,
    retreat_zone,
    tz,
)
from .words import N_

MAJOR_SP = 10
EVENTS = {1: "treason", 2: "weapons on the ground", 3: "jacquerie", 4: "nothing",
          5: "unmanned wing", 6: "rain"}
MERCENARIES = ("england", "empire", "spain", "gascony", "swiss")
INFANTRY = ("Ab", "Ar", "Co", "Hb", "Mi", "Pi")
CAVALRY = ("Gd", "Cm")
ZONE_MARKERS = ("ditch", "fence")
R_EVENTS = "10 Determination of random events for the battle"
R_MARKERS = "10 Choice of tactical markers"


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
def units(rs: LilyErmineModel, state: State, pids: list[str]) -> list[str]:
    return [p for p in pids if not rs.is_commander(state, p)]


def on_field(rs: LilyErmineModel, state: State, camp: str, lr: bool = False) -> list[str]:
    """``camp``'s pieces of the battle on the tactical map (its LR too if ``lr``)."""
    out = []
    for pid in battle(state)["pieces"]:
        loc = parse(state["pieces"][pid]["loc"])
        if loc and (lr or loc[1] != "lr") and rs.piece_side(state, pid) == camp:
            out.append(pid)
    return out


def at(rs: LilyErmineModel, state: State, zone: str, camp: str) -> list[str]:
    return [p for p in pieces_at(state, zone) if rs.piece_side(state, p) == camp]


def unit_list(rs: LilyErmineModel, state: State, zone: str, camp: str) -> list[str]:
    return units(rs, state, at(rs, state, zone, camp))


def army_commander(rs: LilyErmineModel, state: State, camp: str) -> str | None:
    """The army commander: the highest rank on the field (8; the TC of 10)."""
    return rs.commander_of(state, on_field(rs, state, camp, lr=True))


def code(rs: LilyErmineModel, state: State, pid: str) -> str:
    return rs.unit_code(state, pid)


def rf_of(rs: LilyErmineModel, state: State, pid: str) -> int:
    """Range of fire, with the rain (10 Random events 6)."""
    c = code(rs, state, pid)
    rf = rs.counters.units[c].rf
    if battle(state).get("rain"):
        if c in ("Ca", "Co"):
            return 0
        if c == "Ar":
            return min(rf, 2)
    return rf


def name(rs: LilyErmineModel, place: str) -> str:
    return data_word(rs.place_name(place))


# -- starting -----------------------------------------------------------------------------
def why_not_major(rs: LilyErmineModel, state: State, zone: str) -> tuple[str, str] | None:
    if state["vars"].get("tactical"):
        return N_("battles are resolved in the combat phase, one at a time"), rs.cite("6")
    if state["vars"]["markers"].get(zone) != "battle":
        return N_("no battle marker in {place}", place=rs.board_map.place_name(zone)), rs.cite("10")
    camp = state["active"]
    sp = [rs.stack_sp(state, units(rs, state, rs.own_at(state, zone, c)))
          for c in (camp, rs.other(camp))]
    if min(sp) < MAJOR_SP:
        return (N_("{sp} SP against {sp2} SP: a minor battle (fewer than 10 SP on a side)",
                   sp=sp[0], sp2=sp[1]),
                rs.cite("10 Minor battle procedure"))
    return None


def start(rs: LilyErmineModel, state: State, zone: str, ctx: Context, flow: Flow) -> None:
    """Begin the major battle in ``zone``: its counters to their 1st lines (10)."""
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
    ctx.log(N_("Major battle in {place}: {side} {sp} SP against {side2} {sp2} SP, fought on the "
               "tactical map (the victor wins 2 VP); every counter starts in its 1st line",
               place=rs.board_map.place_name(zone), side=rs.side(camp).name, sp=sp[camp],
               side2=rs.side(other).name, sp2=sp[other]),
            rs.cite("10 Major battle procedure"))
    flow.call(rs, state, ctx, "mb-deploy", other)


def head(rs: LilyErmineModel, state: State) -> str:
    t = battle(state)
    return N_("Battle of {place}, round {round}", place=rs.board_map.place_name(t['zone']),
              round=t['round'])


# -- deployment ---------------------------------------------------------------------------
def line1_ok(rs: LilyErmineModel, state: State, camp: str) -> tuple[int, int]:
    """(SP in the 1st line, SP of the camp on the field)."""
    total = rs.stack_sp(state, units(rs, state, on_field(rs, state, camp)))
    first = rs.stack_sp(state, unit_list(rs, state, tz(camp, "line1"), camp))
    return first, total


def ally_of(rs: LilyErmineModel, state: State, pid: str) -> str | None:
    nat = rs.nationality(state, pid)
    for ally, nats in rs.alliance_table.follows.items():
        if nat in nats:
            return str(ally)
    return None


def treason(rs: LilyErmineModel, state: State, ctx: Context, camp: str) -> bool:
    """The allies of ``camp`` in the doubt zone leave for its LR (10 events 1)."""
    groups: dict[str, list[str]] = {}
    for pid in on_field(rs, state, camp):
        ally = ally_of(rs, state, pid)
        if ally and ally in state["vars"].get("cursors", {}) and diplomacy.in_doubt(
                rs, state, ally):
            groups.setdefault(ally, []).append(pid)
    if not groups:
        ctx.log(N_("Treason: no ally of {side} in the doubt zone is present: no effect",
                   side=rs.side(camp).name), rs.cite(R_EVENTS))
        return False
    # (b): the ally with the fewest SP; a tie is broken by the higher D6 roll.
    def sp_of(a: str) -> int:
        return rs.stack_sp(state, units(rs, state, groups[a]))

    least = min(sp_of(a) for a in groups)
    tied = sorted(a for a in groups if sp_of(a) == least)
    while len(tied) > 1:
        rolls = {a: ctx.roll(6) for a in tied}
        said = [N_("{ally} rolls {die}", ally=a, die=d) for a, d in rolls.items()]
        ctx.log(N_("Treason, a tie between allies: {rolls}", rolls=listing(said)),
                rs.cite(R_EVENTS + " (b)"))
        best = max(rolls.values())
        tied = [a for a in tied if rolls[a] == best]
    ally = tied[0]
    for pid in reversed(groups[ally]):
        battle(state)["emptied"].append(state["pieces"][pid]["loc"])
        put_piece(state, pid, tz(camp, "lr"))
    ctx.log(N_("Treason: {names} ({ally}, in the doubt zone) do not fight and are placed in the "
               "{side} LR (their SP still count for the VP)", names=rs.names(state, groups[ally]),
               ally=ally, side=rs.side(camp).name), rs.cite(R_EVENTS))
    return True


def queue_pick(state: State, camp: str, n: int, cands: list[str], dests: list[str],
               why: str) -> None:
    if n > 0 and cands:
        battle(state)["picks"].append({"camp": camp, "n": n, "cands": cands, "dests": dests,
                                       "why": why})


def unit_list_all(rs: LilyErmineModel, state: State, camp: str) -> list[str]:
    return units(rs, state, on_field(rs, state, camp))


def after_event(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
    t = battle(state)
    if t["picks"]:
        flow.goto(rs, state, ctx, "mb-pick", side=t["picks"][0]["camp"])
        return
    lone_commanders(rs, state, ctx, t["emptied"])
    if check_end(rs, state, ctx, flow):
        return
    flow.goto(rs, state, ctx, "mb-markers", side=t["defender"])


def start_round(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
    t = battle(state)
    t["fired"], t["moved"], t["melee"] = [], 0, None
    t["melee_done"], t["counter_done"] = False, False
    t["round_markers"] = {t["attacker"]: [], t["defender"]: []}
    ctx.log(N_("{head} begins", head=head(rs, state)), rs.cite("10 Combat Rounds"))
    flow.goto(rs, state, ctx, "mb-tactics", side=t["defender"])


def has_infantry(rs: LilyErmineModel, state: State, zone: str, camp: str) -> bool:
    return any(code(rs, state, p) in INFANTRY for p in unit_list(rs, state, zone, camp))


FIRE_KINDS = ("battery", "harassment", "rain-of-arrows", "fence")
"""The markers revealed before the fire; the others before the melee (10 Fire procedure:
"the attacker and defender simultaneously reveal their tactical markers chosen for the
fire"; Melee procedure: "the tactical markers chosen for the melee are revealed")."""


def revealed(state: State, camp: str, kind: str) -> bool:
    return kind in battle(state)["round_markers"][camp]


def zone_has(state: State, zone: str, kind: str) -> bool:
    return kind in battle(state)["zone_markers"].get(zone, [])


# -- fire ---------------------------------------------------------------------------------
def shots(rs: LilyErmineModel, state: State, camp: str) -> list[tuple[str, str]]:
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


def fire(rs: LilyErmineModel, state: State, ctx: Context, camp: str, pid: str, target: str) -> None:
    rule = rs.cite("10 Fire procedure")
    cf = cf_of(rs, state, pid)
    src, dest = state["pieces"][pid]["loc"], state["pieces"][target]["loc"]
    rng = fire_distance(src, dest)
    die = ctx.roll(6)
    head = (N_("{piece} ({name}) fires on {piece2} ({name2}), range {rng}: die {die}",
               piece=rs.piece_name(state, pid), name=name(rs, src),
               piece2=rs.piece_name(state, target), name2=name(rs, dest), rng=rng, die=die))
    if die > cf:
        ctx.log(N_("{head} > CF {cf}: failure", head=head, cf=cf), rule)
    else:
        c = code(rs, state, pid)
        double = {"Ca": "battery", "Ab": "harassment", "Ar": "rain-of-arrows"}.get(c)
        n, why = 1, ""
        # A shot from the rear or a flank (the shooter in the target's half) is not
        # stopped by the fence (10 Fence).
        flank = parse(src)[0] == parse(dest)[0]  # type: ignore[index]
        if double and revealed(state, camp, double):
            if zone_has(state, dest, "fence") and not flank:
                why = N_(" ({marker_name} cancelled by the fence)",
                         marker_name=marker_name(double))
            else:
                n, why = 2, N_(" x2 ({marker_name})", marker_name=marker_name(double))
        if zone_has(state, dest, "ditch") and zone_has(state, dest, "fence"):
            n -= 1
            why += N_(", -1 (ditch and fence)")
        ctx.log(N_("{head} <= CF {cf}: success, {n} SP{why}", head=head, cf=cf, n=n, why=why), rule)
        take_loss(rs, state, ctx, target, n, rule)
    if die == 1:
        commander_test(rs, state, ctx, dest, rs.other(camp), N_("a fire die of 1"))


def take_loss(rs: LilyErmineModel, state: State, ctx: Context, pid: str, n: int, rule: str) -> None:
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
        ctx.log(N_("{who} eliminated to the Reserve", who=who), rule)
    else:
        victory.gendarme_loss(rs, state, ctx, pid, 1)
        state["pieces"][pid]["flipped"] = True
        ctx.log(N_("{who} loses 1 SP (reduced)", who=who), rule)


def commander_test(rs: LilyErmineModel, state: State, ctx: Context, zone: str, camp: str,
                   why: str) -> None:
    """1D6 per historic commander of ``camp`` in ``zone``: on a 1 he is eliminated."""
    for cid in [p for p in at(rs, state, zone, camp) if rs.is_commander(state, p)
                and not state["pieces"][p]["flipped"]]:
        die = ctx.roll(6)
        if die == 1:
            combat.eliminate_commander(rs, state, ctx, cid, N_("{why}, then a 1", why=why))
        else:
            ctx.log(N_("{piece} tested after {why}: die {die}, safe",
                       piece=rs.piece_name(state, cid), why=why, die=die),
                    rs.cite("10 Elimination of a historic commander"))


# -- melee ----------------------------------------------------------------------------------
def melee_options(rs: LilyErmineModel, state: State, camp: str) -> list[tuple[str, str]]:
    bmap = rs.board_maps[BOARD]
    out = []
    for src in sorted({state["pieces"][p]["loc"] for p in unit_list_all(rs, state, camp)}):
        for dest in sorted(bmap.neighbours(src)):
            if parse(dest)[1] != "lr" and unit_list(rs, state, dest,
                                                    rs.other(camp)):  # type: ignore[index]
                out.append((src, dest))
    return out


def melee_cf(rs: LilyErmineModel, state: State, zone: str, camp: str) -> tuple[int, list[str], str]:
    """CF of ``camp``'s units in ``zone`` (+1 per Gd/Cm with unseating), the unseating
    units (their losses first), and a note."""
    us = unit_list(rs, state, zone, camp)
    total = sum(cf_of(rs, state, p) for p in us)
    first: list[str] = []
    note = f"{total}"
    if revealed(state, camp, "unseating"):
        first = [p for p in us if code(rs, state, p) in CAVALRY]
        if first:
            note = N_("{total} + {n} (unseating)", total=total, n=len(first))
            total += len(first)
    return total, first, note


def melee(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow, camp: str, src: str,
          dest: str) -> None:
    t = battle(state)
    other = rs.other(camp)
    rule = rs.cite("10 Melee procedure")
    a_cf, a_first, a_note = melee_cf(rs, state, src, camp)
    d_cf, d_first, d_note = melee_cf(rs, state, dest, other)
    table = rs.combat_table
    column = table.column(a_cf, d_cf)
    adv, adv_why = advantage(camp, src, dest)
    mods = [Modifier(N_("tactical advantage"), adv, adv_why)] if adv else []
    # Cut and thrust: +1 against the medium cavalry (10), read as a die modifier for the
    # camp whose Hb fight Cm: + for the attacker, - when the defender plays it (ours).
    for side, sign, mine, theirs in ((camp, 1, src, dest), (other, -1, dest, src)):
        if (revealed(state, side, "cut-and-thrust")
                and any(code(rs, state, p) == "Hb" for p in unit_list(rs, state, mine, side))
                and any(code(rs, state, p) == "Cm"
                        for p in unit_list(rs, state, theirs, rs.other(side)))):
            mods.append(Modifier(N_("cut and thrust against Cm"), sign,
                                 N_("{side}'s marker (10; die modifier: ours)",
                                    side=rs.side(side).name)))
    ctx.log(N_("Melee: {side} attacks {name} from {name2}: CF {a_note} against {d_note}, column "
               "{column} (rounded in the defender's favour)", side=rs.side(camp).name,
               name=name(rs, dest), name2=name(rs, src), a_note=a_note, d_note=d_note,
               column=column), rule)
    results = combat_results(rs, state)
    res = resolve(ctx, table=data_word(table.name), column=column, sides=6, zero_based=False,
                  modifiers=mods, lookup=lambda d: results.get(column, {}).get(d),
                  describe=lambda r: N_("unknown value") if r is None else r.text(),
                  clamp=table.die, rule=rule, who=N_("{side} (melee)", side=rs.side(camp).name))
    t["melee"] = {"att": camp, "src": src, "dest": dest, "adv": adv,
                  "first": {camp: a_first, other: d_first}}
    if res.result is None:
        ask_result(ctx, table=data_word(table.name), rule=rule, cell=(column, str(res.modified)),
                   question=N_("read column {column} at modified die {modified} and give the "
                               "losses (attacker/defender), then the R.", column=column,
                               modified=res.modified))
        flow.goto(rs, state, ctx, "mb-ask", column=column, die=res.modified)
        return
    apply_melee(rs, state, ctx, flow, res.result)


def _has(rs: LilyErmineModel, state: State, zone: str, camp: str,
         codes: tuple[str, ...]) -> list[str]:
    """``camp``'s units of the kinds ``codes`` in ``zone``."""
    return [p for p in unit_list(rs, state, zone, camp) if code(rs, state, p) in codes]


def _charges(rs: LilyErmineModel, state: State, losses: dict[str, int],
             zones: dict[str, str], notes: list[str]) -> None:
    """The charge marker: the cavalry double the enemy's losses and take their camp's
    first, unless a ditch stops them (10 Presentation of markers)."""
    m = battle(state)["melee"]
    for side in (m["att"], rs.other(m["att"])):
        foe = rs.other(side)
        if not revealed(state, side, "charge") or not _has(rs, state, zones[side], side,
                                                              CAVALRY):
            continue
        if zone_has(state, zones[foe], "ditch") and (side != m["att"] or m["adv"] < 2):
            notes.append(N_("{side}'s charge cancelled by the ditch", side=rs.side(side).name))
            continue
        losses[foe] *= 2
        notes.append(N_("{side}'s charge doubles the losses of {side2}", side=rs.side(side).name,
                        side2=rs.side(foe).name))
        # The units that enabled the charge absorb their camp's losses first.
        m["first"][side] = _has(rs, state, zones[side], side, CAVALRY)


def _pike_clash(rs: LilyErmineModel, state: State, losses: dict[str, int],
                zones: dict[str, str], notes: list[str]) -> None:
    """The clash among pikemen doubles both camps' losses, pikemen first, unless cut and
    thrust cancels it (10 Presentation of markers)."""
    m = battle(state)["melee"]
    camps = (m["att"], rs.other(m["att"]))
    if not all(_has(rs, state, zones[s], s, ("Pi",)) for s in camps) or not any(
            revealed(state, s, "pike-clash") for s in camps):
        return
    if any(revealed(state, s, "cut-and-thrust") and _has(rs, state, zones[s], s, ("Hb",))
           for s in camps):
        notes.append(N_("the clash among pikemen is cancelled by cut and thrust"))
        return
    for s in camps:
        losses[s] *= 2
        m["first"][s] = _has(rs, state, zones[s], s, ("Pi",))
    notes.append(N_("clash among pikemen: the losses of both camps doubled, pikemen first"))


def _ditch_and_fence(rs: LilyErmineModel, state: State, losses: dict[str, int],
                     retreats: dict[str, bool], zones: dict[str, str],
                     notes: list[str]) -> None:
    """A ditch with a fence cancels the R and one SP of its camp's losses (10)."""
    for side, zone in zones.items():
        if zone_has(state, zone, "ditch") and zone_has(state, zone, "fence"):
            if losses[side] or retreats[side]:
                notes.append(N_("ditch and fence in {name}: R cancelled and 1 SP less",
                                name=name(rs, zone)))
            losses[side] = max(0, losses[side] - 1)
            retreats[side] = False


def apply_melee(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow,
                r: CombatResult) -> None:
    """The result of a melee with the markers' effects; the losses are then allocated
    by their owners (10 Combat results)."""
    m = battle(state)["melee"]
    camp, other = m["att"], rs.other(m["att"])
    losses = {camp: r.attacker, other: r.defender}
    zones = {camp: m["src"], other: m["dest"]}
    notes: list[str] = []
    _charges(rs, state, losses, zones, notes)
    _pike_clash(rs, state, losses, zones, notes)
    retreats = {camp: r.attacker_r, other: r.defender_r}
    _ditch_and_fence(rs, state, losses, retreats, zones, notes)
    if notes:
        ctx.log(listing(notes, "; "), rs.cite("10 Presentation of markers"))
    for side, star in ((camp, r.attacker_star), (other, r.defender_star)):
        if star:
            commander_test(rs, state, ctx, zones[side], side, N_("a * result"))
    m["retreats"] = [s for s in (camp, other) if retreats[s]]
    queue = [[s, losses[s]] for s in (camp, other) if losses[s] > 0]
    ctx.log(N_("Losses: {side} {losses} SP, {side2} {losses2} SP, each allocated by its owner",
               side=rs.side(camp).name, losses=losses[camp], side2=rs.side(other).name,
               losses2=losses[other]), rs.cite("10 Combat results"))
    flow.goto(rs, state, ctx, "mb-losses", side=camp, queue=queue)


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


def do_retreats(rs: LilyErmineModel, state: State, ctx: Context) -> None:
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
            ctx.log(N_("R: {side} cannot retreat from {name} ({name2} holds enemy units): it "
                       "stays and loses 1 SP more", side=rs.side(side).name, name=name(rs, zone),
                       name2=name(rs, dest)), rule)
            pool = unit_list(rs, state, zone, side)
            if pool:
                pick = next((p for p in pool if rs.sp(state, p) == 2), pool[0])
                take_loss(rs, state, ctx, pick, 1, rule)
            continue
        for pid in reversed(movers):
            put_piece(state, pid, dest)
        ctx.log(N_("R: {names} retreat from {name} to {name2}", names=rs.names(state, movers),
                   name=name(rs, zone), name2=name(rs, dest)), rule)
        cannon = [p for p in at(rs, state, zone, side) if is_cannon(rs, state, p)]
        if cannon and side != m["att"]:
            ctx.log(N_("{names} cannot retreat: the attacker takes them by advancing, or they "
                       "are eliminated", names=rs.names(state, cannon)), rule)
        elif cannon:  # the attacker's cannon left behind in his own TZ (ours: eliminated)
            for pid in cannon:
                take_loss(rs, state, ctx, pid, 1, rule)
            ctx.log(N_("Cannon cannot retreat: eliminated"), rule)


def lone_commanders(rs: LilyErmineModel, state: State, ctx: Context, zones: list[str]) -> None:
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
                ctx.log(N_("{piece} is alone: placed in {name}", piece=rs.piece_name(state, cid),
                           name=name(rs, found)),
                        rs.cite("10 Elimination of a historic commander"))
            else:
                combat.eliminate_commander(rs, state, ctx, cid,
                                           N_("alone with no units of his camp on the "
                                                                   "battlefield"))


def defenders_left(rs: LilyErmineModel, state: State) -> list[str]:
    """The units other than cannon still holding the attacked TZ."""
    m = battle(state)["melee"]
    return [p for p in unit_list(rs, state, m["dest"], rs.other(m["att"]))
            if not is_cannon(rs, state, p)]


def after_melee(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
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
def move_costs(rs: LilyErmineModel, state: State, pid: str) -> dict[str, int]:
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


def free_counter_attacks(rs: LilyErmineModel, state: State) -> list[tuple[str, str]]:
    """The melees the inactive player may make, without a test nor a marker, when the
    active player withdraws: only with a tactical advantage, i.e. from his units in the
    active player's half (10 End of the combat round)."""
    t = battle(state)
    camp = t["defender"]
    return [(src, dest) for src, dest in melee_options(rs, state, camp)
            if advantage(camp, src, dest)[0] > 0]


# -- the end -------------------------------------------------------------------------------
def trim_markers(rs: LilyErmineModel, state: State, ctx: Context, camp: str) -> None:
    """A new army commander keeps at most his TC in markers; the excess is discarded
    (10 Elimination of a historic commander; ours: the last chosen go first, when the
    camp next picks its markers - its own action, its own secret)."""
    cid = army_commander(rs, state, camp)
    tc = rs.tc_of(state, cid) if cid else 0
    mine = sec(state, camp)
    left = [k for k in mine["chosen"] if k is not None]
    if len(left) > tc:
        mine["chosen"] = left[:tc]
        ctx.log(N_("{side}'s army commander now has TC {tc}: the markers beyond it are discarded",
                   side=rs.side(camp).name, tc=tc),
                rs.cite("10 Elimination of a historic commander"))


def check_end(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> bool:
    """End the battle if a camp has no units left on the five TZ or no commander (10)."""
    t = battle(state)
    for camp in (t["attacker"], t["defender"]):
        if not unit_list_all(rs, state, camp):
            ctx.log(N_("{side} has no units left on the battlefield", side=rs.side(camp).name),
                    rs.cite("10 End of the battle"))
            finish(rs, state, ctx, flow, loser=camp)
            return True
        if army_commander(rs, state, camp) is None:
            ctx.log(N_("{side} has no commander left: it loses the battle",
                       side=rs.side(camp).name),
                    rs.cite("10 End of the battle"))
            finish(rs, state, ctx, flow, loser=camp)
            return True
    return False


def finish(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow, loser: str) -> None:
    t = battle(state)
    zone = t["zone"]
    winner = rs.other(loser)
    for pid in reversed(t["pieces"]):
        if rs.board_of(state["pieces"][pid]["loc"]) == BOARD:
            put_piece(state, pid, zone)
    state["vars"]["markers"].pop(zone, None)
    state["vars"]["tactical"] = None
    ctx.log(N_("The battle of {place} is over: {side} wins; the counters of the tactical map, "
               "the LR's too, return to their armies", place=rs.board_map.place_name(zone),
               side=rs.side(winner).name),
            rs.cite("10 End of the battle"))
    victory.record_battle_vp(rs, state, ctx, winner, t["sp"])
    gone = [p for p in t.get("withdrawn", []) if rs.piece_side(state, p) == winner
            and state["pieces"][p]["loc"] == zone and not rs.is_commander(state, p)]
    if gone and combat.destinations(rs, state, zone, winner):
        flow.goto(rs, state, ctx, "mb-lr-leave", side=winner, zone=zone, gone=gone,
                  loser=loser)
        return
    flow.goto(rs, state, ctx, "battle-retreat", side=loser, zone=zone, retreats=[loser])

