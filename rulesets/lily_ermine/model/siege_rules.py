"""Sieges on the tactical map (rules 10, Siege procedure): the rules' effects the
siege's steps (``steps/siege.py``) share.

``siege ZONE`` (combat phase, a siege marker in the zone) starts the procedure:

* 1D6 = the number of siege rounds (10.3.6, the Siege Table's round cursor);
* deployment when a garrison is present: the besieged in their 2nd line, the besieger
  in his 1st line (10 Deployment); no random event;
* each round: artillery fire, 1D6 per cannon of the besieger, a success (die <= CF)
  lowers the fortress value (FV) by 1, never below 0 (10 Artillery fire); the assault:
  attack factor = the CF of all the besieger's units, defence factor = the CF of the
  besieged units + the modified FV, ratio rounded in the defender's favour, then one
  column to the left per point of modified FV, 1D6 rolled by the besieged, no tactical
  marker, R ignored (10 Assault); the losses of the besieged go first to the garrison
  (as its owner chooses) then to the FV; the fortress is taken when both are 0;
* a sortie (10 Sortie) if a commander is among the besieged: 1D6 <= his TC, then units
  chosen by the besieged (no artillery) come out to their 1st line and fight a melee as
  the attacker, no marker, no advance; R for the besieger eliminates one of his
  cannon, R for the besieged ends the sortie; the sortie's units go back inside;
* the round cursor moves down; the besieger continues or lifts the siege (10 Continue or
  lift the siege); after the last round, or when lifting, he retreats (10.5.1).

At the end the fortress's FV returns to its printed value, the pieces return to the
strategic zone, the siege marker is removed; a fortress taken gives the besieger the
control of the zone, and a won siege its VP (12, :mod:`.victory`).

When the Combat Table's value is unknown, the players give the printed result.
"""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import ask_result, resolve

from . import combat, victory
from .base import LilyErmineModel
from .data import CombatResult
from .names import data_word
from .sheets import combat_results
from .tactical import cf_of, is_cannon, tz
from .words import N_

RULE = "10 Siege procedure"
"""SP offered per side when the players give an unknown result (0..4)."""


def siege(state: State) -> dict[str, Any]:
    return state["vars"]["tactical"]


def why_not_siege(rs: LilyErmineModel, state: State, zone: str) -> tuple[str, str] | None:
    """Why the siege in ``zone`` cannot be fought now (reason, rule)."""
    if state["vars"].get("tactical"):
        return N_("sieges are resolved in the combat phase, one at a time"), rs.cite("6")
    if state["vars"]["markers"].get(zone) != "siege":
        return N_("no siege marker in {place}", place=rs.board_map.place_name(zone)), rs.cite("10")
    if not units(rs, state, rs.own_at(state, zone, state["active"])):
        return N_("the besieger has no units left: remove the marker by hand"), rs.cite("10")
    return None


def units(rs: LilyErmineModel, state: State, pids: list[str]) -> list[str]:
    return [p for p in pids if not rs.is_commander(state, p)]


def side_pieces(rs: LilyErmineModel, state: State, camp: str) -> list[str]:
    """``camp``'s pieces still in the siege (on the tactical map or in the zone)."""
    t = siege(state)
    where = {t["zone"], *(tz(camp, r) for r in ("line1", "line2", "line3")),
             *(tz(rs.other(camp), r) for r in ("line1", "line2", "line3"))}
    return [p for p in t["pieces"] if state["pieces"][p]["loc"] in where
            and rs.piece_side(state, p) == camp]


def side_units(rs: LilyErmineModel, state: State, camp: str) -> list[str]:
    return units(rs, state, side_pieces(rs, state, camp))


def start(rs: LilyErmineModel, state: State, zone: str, ctx: Context, flow: Flow) -> None:
    """Begin the siege of ``zone``: siege rounds, deployment, first round."""
    camp = state["active"]
    other = rs.other(camp)
    stack = pieces_at(state, zone)
    besieger = rs.own_at(state, zone, camp)
    garrison = rs.own_at(state, zone, other)
    fv = rs.board_map.areas[zone].nf
    name = rs.board_map.place_name(zone)
    rounds = ctx.roll(6)
    ctx.log(N_("Siege of {name}: 1D6 = {rounds}, the number of siege rounds (Siege marker on "
               "space {rounds} of the Siege Table); FV cursor on {fv}", name=name, rounds=rounds,
               fv=fv),
            rs.cite("10 Determination of the number of siege rounds"))
    state["vars"]["tactical"] = {
        "kind": "siege", "zone": zone, "attacker": camp, "defender": other,
        "pieces": list(stack), "rounds": rounds, "left": rounds, "round": 1,
        "fv0": fv, "fv": fv, "deployed": bool(units(rs, state, garrison))}
    if units(rs, state, garrison):
        for pid in reversed(garrison):
            put_piece(state, pid, tz(other, "line2"))
        for pid in reversed(besieger):
            put_piece(state, pid, tz(camp, "line1"))
        ctx.log(N_("Deployment: the besieged ({names}) in the {side} 2nd line, the besieger's "
                   "army in the {side2} 1st line; the besieged 1st line is left free for a sortie",
                   names=rs.names(state, garrison), side=rs.side(other).name,
                   side2=rs.side(camp).name), rs.cite("10 Deployment (siege)"))
    else:
        ctx.log(N_("No units in garrison: no deployment on the tactical map"),
                rs.cite("10 Deployment (siege)"))
    flow.call(rs, state, ctx, "siege-fire", camp)


def head(rs: LilyErmineModel, state: State) -> str:
    t = siege(state)
    return (N_("Siege of {place}, round {round} ({left} left), FV {fv}",
               place=rs.board_map.place_name(t['zone']), round=t['round'], left=t['left'],
               fv=t['fv']))


def assault_column(rs: LilyErmineModel, state: State) -> tuple[int, int, str, str]:
    """(AF, DF, ratio column, column after the FV shift) of the assault (10 Assault)."""
    t = siege(state)
    af = sum(cf_of(rs, state, p) for p in side_units(rs, state, t["attacker"]))
    df = sum(cf_of(rs, state, p) for p in side_units(rs, state, t["defender"])) + t["fv"]
    table = rs.combat_table
    base = table.column(af, df)
    return af, df, base, table.shift(base, -t["fv"])


def roll_combat(rs: LilyErmineModel, state: State, ctx: Context, column: str, rule: str,
                who: str) -> CombatResult | None:
    """1D6 on the Combat Table's ``column`` (no modifier); ``None`` when the value is
    unknown (the question is logged; the die is kept in ``last_die``)."""
    table = rs.combat_table
    results = combat_results(rs, state)
    res = resolve(ctx, table=data_word(table.name), column=column, sides=6, zero_based=False,
                  modifiers=[], lookup=lambda d: results.get(column, {}).get(d),
                  describe=lambda r: N_("unknown value") if r is None else r.text(),
                  clamp=table.die, rule=rule, who=who)
    siege(state)["last_die"] = res.modified
    if res.result is None:
        ask_result(ctx, table=data_word(table.name), rule=rule, cell=(column, str(res.modified)),
                   question=N_("read column {column} at die {modified} and give the losses "
                               "(attacker/defender) and the R.", column=column,
                               modified=res.modified))
    return res.result


def apply_assault(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow,
                  r: CombatResult) -> None:
    t = siege(state)
    rule = rs.cite("10 Assault")
    if r.attacker_r or r.defender_r:
        ctx.log(N_("R is ignored by the besieger and the besieged in an assault"), rule)
    for camp, star in ((t["attacker"], r.attacker_star), (t["defender"], r.defender_star)):
        if star:
            commander_check(rs, state, ctx, camp)
    flow.goto(rs, state, ctx, "siege-losses", mode="assault",
              queue=[[c, n] for c, n in ((t["attacker"], r.attacker),
                                         (t["defender"], r.defender)) if n > 0])


def commander_check(rs: LilyErmineModel, state: State, ctx: Context, camp: str) -> None:
    """``*``: 1D6 per historic commander of ``camp`` in the siege; on a 1 he is
    eliminated (10 Combat results)."""
    for cid in [p for p in side_pieces(rs, state, camp) if rs.is_commander(state, p)
                and not state["pieces"][p]["flipped"]]:
        die = ctx.roll(6)
        if die == 1:
            combat.eliminate_commander(rs, state, ctx, cid, N_("commander check *: die 1"))
        else:
            ctx.log(N_("Commander check (*): {piece} rolls {die}, safe",
                       piece=rs.piece_name(state, cid), die=die),
                    rs.cite("10 Combat results"))


def can_sortie(rs: LilyErmineModel, state: State) -> bool:
    t = siege(state)
    pieces = side_pieces(rs, state, t["defender"])
    return t["deployed"] and any(rs.is_commander(state, p) for p in pieces) and any(
        not rs.is_commander(state, p) and not is_cannon(rs, state, p) for p in pieces)


def sortie_leaders(rs: LilyErmineModel, state: State) -> list[str]:
    """The besieged commanders who may lead a sortie (the besieged names one, 10)."""
    t = siege(state)
    return [p for p in side_pieces(rs, state, t["defender"]) if rs.is_commander(state, p)]


def apply_sortie(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow,
                 r: CombatResult) -> None:
    """The result of a sortie: the besieged is the attacker (10 Sortie)."""
    t = siege(state)
    rule = rs.cite("10 Sortie")
    if r.defender_r:  # the besieger retreats: one of his cannon is eliminated
        cannon = [p for p in side_units(rs, state, t["attacker"]) if is_cannon(rs, state, p)]
        if cannon:
            pid = cannon[0]
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.reserve_of(t["attacker"]))
            ctx.log(N_("R for the besieger: {piece} is eliminated",
                       piece=rs.piece_name(state, pid)), rule)
        else:
            ctx.log(N_("R for the besieger: he has no cannon to lose"), rule)
    if r.attacker_r:
        ctx.log(N_("R for the besieged: the sortie ends"), rule)
    for camp, star in ((t["defender"], r.attacker_star), (t["attacker"], r.defender_star)):
        if star:
            commander_check(rs, state, ctx, camp)
    flow.goto(rs, state, ctx, "siege-losses", mode="sortie",
              queue=[[c, n] for c, n in ((t["defender"], r.attacker),
                                         (t["attacker"], r.defender)) if n > 0])


def end_sortie(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """The sortie's units and leader go back inside the fortress (no advance)."""
    t = siege(state)
    line1 = tz(t["defender"], "line1")
    back = [p for p in side_pieces(rs, state, t["defender"])
            if state["pieces"][p]["loc"] == line1]
    for pid in reversed(back):
        put_piece(state, pid, tz(t["defender"], "line2"))
    if back:
        ctx.log(N_("{names} go back inside the fortress (no advance after a sortie)",
                   names=rs.names(state, back)), rs.cite("10 Sortie"))


def finish(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow, how: str) -> None:
    """End the siege: pieces back to the zone, FV restored, marker removed, control,
    VP, and the besieger's retreat when he did not take the fortress."""
    t = siege(state)
    zone = t["zone"]
    name = rs.board_map.place_name(zone)
    for pid in reversed(t["pieces"]):
        if rs.board_of(state["pieces"][pid]["loc"]) == "tactical":
            put_piece(state, pid, zone)
    state["vars"]["markers"].pop(zone, None)
    state["vars"]["tactical"] = None
    ctx.log(N_("The siege of {name} is over: the Siege and Garrison markers are removed, the FV "
               "returns to {fv0}", name=name, fv0=t['fv0']), rs.cite("10 Sortie (3)"))
    attacker, defender = t["attacker"], t["defender"]
    if how == "taken":
        ctx.log(N_("The fortress of {name} is taken by {side}", name=name,
                   side=rs.side(attacker).name),
                rs.cite("10 Assault"))
        state["control"][zone] = attacker
        for cid in [p for p in rs.own_at(state, zone, defender)]:
            _commander_out(rs, state, ctx, cid, zone)
        victory.record_siege_vp(rs, state, ctx, attacker, zone)
        flow.end(rs, state, ctx)
        return
    if how == "relieved":
        ctx.log(N_("The besieger of {name} has no units left: the siege is won by {side}",
                   name=name, side=rs.side(defender).name), rs.cite("12"))
        victory.record_siege_vp(rs, state, ctx, defender, zone)
    else:
        # 12: the besieged wins the siege when the besieger retreats; no cursor moves
        # (10: stopping or retreating "has no bearing on diplomacy").
        vp = victory.SIEGE_VP.get(t["fv0"], 0)
        victory.add_vp(rs, state, ctx, defender, vp, N_("siege of {name} won by the besieged, FV "
                                                        "{fv0}", name=name, fv0=t['fv0']), "12")
    why = {"lifted": N_("lifts the siege"), "rounds-over": N_("has fought the last siege round"),
           "relieved": N_("has only commanders left")}[how]
    ctx.log(N_("{side} {why} and retreats to an adjacent zone", side=rs.side(attacker).name,
               why=why),
            rs.cite("10.5.1 Retreat of the defeated"))
    if rs.own_at(state, zone, attacker):
        flow.goto(rs, state, ctx, "battle-retreat", side=attacker, zone=zone,
                  retreats=[attacker])
    else:
        flow.end(rs, state, ctx)


def _commander_out(rs: LilyErmineModel, state: State, ctx: Context, cid: str, zone: str) -> None:
    """A besieged commander left alone: to an adjacent zone his camp controls, else
    eliminated (10 Elimination of a historic commander)."""
    camp = rs.piece_side(state, cid)
    safe = [z for z in combat.destinations(rs, state, zone, camp)
            if state["control"].get(z) == camp or rs.own_at(state, z, camp)
            or (not state["control"].get(z) and rs.board_map.areas[z].region == camp)]
    rule = rs.cite("10 Elimination of a historic commander")
    if safe:
        put_piece(state, cid, safe[0])
        ctx.log(N_("{piece} is alone after the siege: placed in {place}, an adjacent zone his "
                   "camp controls (the first by number; move him by hand to another)",
                   piece=rs.piece_name(state, cid), place=rs.board_map.place_name(safe[0])), rule)
    else:
        combat.eliminate_commander(rs, state, ctx, cid,
                                   N_("alone after the siege, no adjacent zone "
                                                           "of his camp"))

