"""Sieges on the tactical map (rules 10, Siege procedure).

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

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import ask_result, resolve

from . import victory
from .combat_ask import CombatAsk
from .data import CombatResult
from .sheets import combat_results
from .sp_losses import SpLossStep, sp_loss_choices
from .tactical import cf_of, is_cannon, tz

RULE = "10 Siege procedure"
"""SP offered per side when the players give an unknown result (0..4)."""


def siege(state: State) -> dict[str, Any]:
    return state["vars"]["tactical"]


def why_not_siege(rs: Any, state: State, zone: str) -> tuple[str, str] | None:
    """Why the siege in ``zone`` cannot be fought now (reason, rule)."""
    if state["phase"] != "combat" or rs.flow.top(state) or state["vars"].get("tactical"):
        return "sieges are resolved in the combat phase, one at a time", rs.cite("6")
    if state["vars"]["markers"].get(zone) != "siege":
        return f"no siege marker in {rs.board_map.place_name(zone)}", rs.cite("10")
    if not units(rs, state, rs.own_at(state, zone, state["active"])):
        return "the besieger has no units left: remove the marker by hand", rs.cite("10")
    return None


def units(rs: Any, state: State, pids: list[str]) -> list[str]:
    return [p for p in pids if not rs.is_commander(state, p)]


def side_pieces(rs: Any, state: State, camp: str) -> list[str]:
    """``camp``'s pieces still in the siege (on the tactical map or in the zone)."""
    t = siege(state)
    where = {t["zone"], *(tz(camp, r) for r in ("line1", "line2", "line3")),
             *(tz(rs.other(camp), r) for r in ("line1", "line2", "line3"))}
    return [p for p in t["pieces"] if state["pieces"][p]["loc"] in where
            and rs.piece_side(state, p) == camp]


def side_units(rs: Any, state: State, camp: str) -> list[str]:
    return units(rs, state, side_pieces(rs, state, camp))


def start(rs: Any, state: State, zone: str, ctx: Context) -> None:
    """Begin the siege of ``zone``: siege rounds, deployment, first round."""
    why = why_not_siege(rs, state, zone)
    if why:
        raise IllegalActionError(*why)
    camp = state["active"]
    other = rs.other(camp)
    stack = pieces_at(state, zone)
    besieger = rs.own_at(state, zone, camp)
    garrison = rs.own_at(state, zone, other)
    fv = rs.board_map.areas[zone].nf
    name = rs.board_map.place_name(zone)
    rounds = ctx.roll(6)
    ctx.log(f"Siege of {name}: 1D6 = {rounds}, the number of siege rounds (Siege marker "
            f"on space {rounds} of the Siege Table); FV cursor on {fv}",
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
        ctx.log(f"Deployment: the besieged ({rs.names(state, garrison)}) in the "
                f"{rs.side(other).name} 2nd line, the besieger's army in the "
                f"{rs.side(camp).name} 1st line; the besieged 1st line is left free for a "
                "sortie", rs.cite("10 Deployment (siege)"))
    else:
        ctx.log("No units in garrison: no deployment on the tactical map",
                rs.cite("10 Deployment (siege)"))
    rs.flow.call(rs, state, ctx, "siege-fire", camp)


def _head(rs: Any, state: State) -> str:
    t = siege(state)
    return (f"Siege of {rs.board_map.place_name(t['zone'])}, round {t['round']} "
            f"({t['left']} left), FV {t['fv']}")


class SiegeFire(Step):
    """The besieger's artillery fire (10 Artillery fire)."""

    name = "siege-fire"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        n = len([p for p in side_units(rs, state, frame["side"]) if is_cannon(rs, state, p)])
        if not n:
            return (f"{_head(rs, state)}: the besieger has no cannon, no artillery fire: go "
                    "on to the assault (10).")
        return (f"{_head(rs, state)}: artillery fire, 1D6 for each of the {n} cannon; a die "
                "<= the cannon's CF lowers the FV by 1 (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-fire")

    def on_siege_fire(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                      flow: Flow) -> None:
        t = siege(state)
        cannon = [p for p in side_units(rs, state, t["attacker"]) if is_cannon(rs, state, p)]
        rule = rs.cite("10 Artillery fire")
        if not cannon:
            ctx.log("The besieger has no cannon: no artillery fire", rule)
        for pid in cannon:
            cf = cf_of(rs, state, pid)
            die = ctx.roll(6)
            hit = die <= cf
            before = t["fv"]
            if hit:
                t["fv"] = max(0, t["fv"] - 1)
            ctx.log(f"{rs.piece_name(state, pid)} fires: die {die} "
                    f"{'<=' if hit else '>'} CF {cf}: "
                    + (f"success, FV {before} → {t['fv']}" if hit else "failure"), rule)
        flow.goto(rs, state, ctx, "siege-assault", side=t["defender"])


class SiegeAssault(Step):
    """The assault (10 Assault): the besieged rolls."""

    name = "siege-assault"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        t = siege(state)
        af, df, base, col = assault_column(rs, state)
        return (f"{_head(rs, state)}: assault, AF {af} vs DF {df} (CF of the besieged + "
                f"FV {t['fv']}) = column {base}, shifted {t['fv']} left: {col}. "
                f"{rs.side(t['defender']).name} rolls 1D6 (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-assault")

    def on_siege_assault(self, rs: Any, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        t = siege(state)
        af, df, base, col = assault_column(rs, state)
        rule = rs.cite("10 Assault")
        ctx.log(f"Assault: AF {af} (CF of all the besieger's units) vs DF {df} (CF of the "
                f"besieged units + modified FV {t['fv']}): ratio column {base}, "
                f"{t['fv']} column(s) to the left for the FV = {col}", rule)
        res = roll_combat(rs, state, ctx, col, rule,
                          f"{rs.side(t['defender']).name} (assault on "
                          f"{rs.board_map.place_name(t['zone'])}, AF {af} vs DF {df})")
        if res is None:
            flow.goto(rs, state, ctx, "siege-ask", mode="assault", column=col,
                      die=t["last_die"])
            return
        apply_assault(rs, state, ctx, flow, res)


def assault_column(rs: Any, state: State) -> tuple[int, int, str, str]:
    """(AF, DF, ratio column, column after the FV shift) of the assault (10 Assault)."""
    t = siege(state)
    af = sum(cf_of(rs, state, p) for p in side_units(rs, state, t["attacker"]))
    df = sum(cf_of(rs, state, p) for p in side_units(rs, state, t["defender"])) + t["fv"]
    table = rs.combat_table
    base = table.column(af, df)
    return af, df, base, table.shift(base, -t["fv"])


def roll_combat(rs: Any, state: State, ctx: Context, column: str, rule: str,
                who: str) -> CombatResult | None:
    """1D6 on the Combat Table's ``column`` (no modifier); ``None`` when the value is
    unknown (the question is logged; the die is kept in ``last_die``)."""
    table = rs.combat_table
    results = combat_results(rs, state)
    res = resolve(ctx, table=table.name, column=column, sides=6, zero_based=False,
                  modifiers=[], lookup=lambda d: results.get(column, {}).get(d),
                  describe=lambda r: "unknown value" if r is None else r.text(),
                  clamp=table.die, rule=rule, who=who)
    siege(state)["last_die"] = res.modified
    if res.result is None:
        ask_result(ctx, table=table.name, rule=rule, cell=(column, str(res.modified)),
                   question=f"read column {column} at die {res.modified} and give the "
                            "losses (attacker/defender) and the R.")
    return res.result


def apply_assault(rs: Any, state: State, ctx: Context, flow: Flow, r: CombatResult) -> None:
    t = siege(state)
    rule = rs.cite("10 Assault")
    if r.attacker_r or r.defender_r:
        ctx.log("R is ignored by the besieger and the besieged in an assault", rule)
    for camp, star in ((t["attacker"], r.attacker_star), (t["defender"], r.defender_star)):
        if star:
            commander_check(rs, state, ctx, camp)
    flow.goto(rs, state, ctx, "siege-losses", mode="assault",
              queue=[[c, n] for c, n in ((t["attacker"], r.attacker),
                                         (t["defender"], r.defender)) if n > 0])


def commander_check(rs: Any, state: State, ctx: Context, camp: str) -> None:
    """``*``: 1D6 per historic commander of ``camp`` in the siege; on a 1 he is
    eliminated (10 Combat results)."""
    from . import retreat

    for cid in [p for p in side_pieces(rs, state, camp) if rs.is_commander(state, p)
                and not state["pieces"][p]["flipped"]]:
        die = ctx.roll(6)
        if die == 1:
            retreat.eliminate_commander(rs, state, ctx, cid, "commander check *: die 1")
        else:
            ctx.log(f"Commander check (*): {rs.piece_name(state, cid)} rolls {die}, safe",
                    rs.cite("10 Combat results"))


class SiegeAsk(CombatAsk):
    """The Combat Table value of an assault or a sortie is unknown: the players give it
    (no R question in an assault: R is ignored there)."""

    name = "siege-ask"

    def asks_retreat(self, frame: Frame) -> bool:
        return frame["vars"]["mode"] != "assault"

    def resolved(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        if frame["vars"]["mode"] == "assault":
            apply_assault(rs, state, ctx, flow, result)
        else:
            apply_sortie(rs, state, ctx, flow, result)


class SiegeLosses(SpLossStep):
    """Each camp eliminates its SP as its owner chooses; the besieged's losses beyond
    its garrison go to the FV (10 Assault)."""

    name = "siege-losses"
    LABEL = "Siege"
    RULE = "10 Assault"

    def _lost(self, rs: Any, state: State, ctx: Context, pid: str, sp: int) -> None:
        victory.gendarme_loss(rs, state, ctx, pid, sp)

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (f"{_head(rs, state)}: {rs.side(side).name} eliminates {n} more SP — reduce a "
                "unit (1 SP) or eliminate one (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if queue:
            side, remaining = queue[0]
            yield from sp_loss_choices(rs, state, self._pool(rs, state, frame, side),
                                       remaining)

    def _pool(self, rs: Any, state: State, frame: Frame, side: str) -> list[str]:
        pool = side_units(rs, state, side)
        if frame["vars"]["mode"] == "sortie" and side == siege(state)["defender"]:
            pool = [p for p in pool if state["pieces"][p]["loc"] == tz(side, "line1")]
        return pool

    def _after(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        frame["vars"]["queue"][0][1] -= lost
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        t = siege(state)
        v = frame["vars"]
        queue = v["queue"]
        while queue:
            side, n = queue[0]
            if n <= 0:
                queue.pop(0)
            elif not self._pool(rs, state, frame, side):
                if side == t["defender"] and v["mode"] == "assault" and t["fv"] > 0:
                    lost = min(n, t["fv"])
                    t["fv"] -= lost
                    ctx.log(f"The besieged has no units left to lose: {lost} SP go to the FV "
                            f"({t['fv'] + lost} → {t['fv']})", rs.cite("10 Assault"))
                    queue[0][1] -= lost
                    if queue[0][1] > 0:
                        ctx.log(f"{queue[0][1]} SP more are lost with nothing left to take "
                                "them", rs.cite("10 Assault"))
                queue.pop(0)
            else:
                frame["side"] = side
                return
        if v["mode"] == "sortie":
            end_sortie(rs, state, ctx)
        flow.goto(rs, state, ctx, "siege-check", side=t["attacker"],
                  sortie_done=v["mode"] == "sortie")


class SiegeCheck(Step):
    """Is the fortress taken, the besieger gone? Else the sortie, then the round's end."""

    name = "siege-check"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        t = siege(state)
        if not side_units(rs, state, t["defender"]) and t["fv"] == 0:
            finish(rs, state, ctx, flow, "taken")
        elif not side_units(rs, state, t["attacker"]):
            finish(rs, state, ctx, flow, "relieved")
        elif not frame["vars"].get("sortie_done") and can_sortie(rs, state):
            flow.goto(rs, state, ctx, "siege-sortie", side=t["defender"])
        else:
            flow.goto(rs, state, ctx, "siege-round-end")


def can_sortie(rs: Any, state: State) -> bool:
    t = siege(state)
    pieces = side_pieces(rs, state, t["defender"])
    return t["deployed"] and any(rs.is_commander(state, p) for p in pieces) and any(
        not rs.is_commander(state, p) and not is_cannon(rs, state, p) for p in pieces)


def sortie_leaders(rs: Any, state: State) -> list[str]:
    """The besieged commanders who may lead a sortie (the besieged names one, 10)."""
    t = siege(state)
    return [p for p in side_pieces(rs, state, t["defender"]) if rs.is_commander(state, p)]


def tc_of(rs: Any, state: State, cid: str) -> int:
    return rs.counters.commanders[state["pieces"][cid]["type"]].tc


class SiegeSortie(Step):
    """The besieged may try one sortie per round (10 Sortie)."""

    name = "siege-sortie"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} may try a sortie led by "
                "a commander of the garrison (1D6 <= his TC) (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        for cid in sortie_leaders(rs, state):
            yield Action.of("sortie", cid)
        yield Action("no-sortie")

    def on_no_sortie(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                     flow: Flow) -> None:
        ctx.log(f"{rs.side(frame['side']).name} makes no sortie", rs.cite("10 Sortie"))
        flow.goto(rs, state, ctx, "siege-round-end", side=siege(state)["attacker"])

    def on_sortie(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                  flow: Flow) -> None:
        cid = action.arg(0)
        tc = tc_of(rs, state, cid)
        die = ctx.roll(6)
        rule = rs.cite("10 Sortie")
        if die > tc:
            ctx.log(f"Sortie led by {rs.piece_name(state, cid)}: die {die} > TC {tc}, the "
                    "sortie does not take place", rule)
            flow.goto(rs, state, ctx, "siege-round-end", side=siege(state)["attacker"])
            return
        put_piece(state, cid, tz(frame["side"], "line1"))
        ctx.log(f"Sortie led by {rs.piece_name(state, cid)}: die {die} <= TC {tc}; choose "
                "the units (no artillery) that come out to the 1st line", rule)
        flow.goto(rs, state, ctx, "siege-sortie-pick", leader=cid)


class SiegeSortiePick(Step):
    """The besieged chooses the units of the sortie (drag them to the 1st line)."""

    name = "siege-sortie-pick"

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        out = [p for p in side_units(rs, state, frame["side"])
               if state["pieces"][p]["loc"] == tz(frame["side"], "line1")]
        return (f"{_head(rs, state)}: sortie — drag the units that come out to your 1st line "
                f"({len(out)} out), then Attack (no tactical marker) (10 Sortie).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        line1 = tz(frame["side"], "line1")
        out = False
        for p in side_units(rs, state, frame["side"]):
            if state["pieces"][p]["loc"] == line1:
                out = True
            elif not is_cannon(rs, state, p):
                yield Action.of("tac-move", [p], line1)
        if out:
            yield Action("sortie-attack")

    def on_tac_move(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                    flow: Flow) -> None:
        pid = action.pieces(0)[0]
        put_piece(state, pid, action.arg(1))
        ctx.log(f"{rs.piece_name(state, pid)} comes out for the sortie", rs.cite("10 Sortie"))

    def on_sortie_attack(self, rs: Any, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        t = siege(state)
        line1 = tz(t["defender"], "line1")
        att = [p for p in side_units(rs, state, t["defender"])
               if state["pieces"][p]["loc"] == line1]
        dfn = side_units(rs, state, t["attacker"])
        a_cf = sum(cf_of(rs, state, p) for p in att)
        d_cf = sum(cf_of(rs, state, p) for p in dfn)
        col = rs.combat_table.column(a_cf, d_cf)
        rule = rs.cite("10 Sortie")
        ctx.log(f"Sortie melee: the besieged attack with CF {a_cf} against the besieger's "
                f"CF {d_cf}: column {col}", rule)
        res = roll_combat(rs, state, ctx, col, rule, f"{rs.side(t['defender']).name} (sortie)")
        if res is None:
            flow.goto(rs, state, ctx, "siege-ask", mode="sortie", column=col,
                      die=t["last_die"])
            return
        apply_sortie(rs, state, ctx, flow, res)


def apply_sortie(rs: Any, state: State, ctx: Context, flow: Flow, r: CombatResult) -> None:
    """The result of a sortie: the besieged is the attacker (10 Sortie)."""
    t = siege(state)
    rule = rs.cite("10 Sortie")
    if r.defender_r:  # the besieger retreats: one of his cannon is eliminated
        cannon = [p for p in side_units(rs, state, t["attacker"]) if is_cannon(rs, state, p)]
        if cannon:
            pid = cannon[0]
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.reserve_of(t["attacker"]))
            ctx.log(f"R for the besieger: {rs.piece_name(state, pid)} is eliminated", rule)
        else:
            ctx.log("R for the besieger: he has no cannon to lose", rule)
    if r.attacker_r:
        ctx.log("R for the besieged: the sortie ends", rule)
    for camp, star in ((t["defender"], r.attacker_star), (t["attacker"], r.defender_star)):
        if star:
            commander_check(rs, state, ctx, camp)
    flow.goto(rs, state, ctx, "siege-losses", mode="sortie",
              queue=[[c, n] for c, n in ((t["defender"], r.attacker),
                                         (t["attacker"], r.defender)) if n > 0])


def end_sortie(rs: Any, state: State, ctx: Context) -> None:
    """The sortie's units and leader go back inside the fortress (no advance)."""
    t = siege(state)
    line1 = tz(t["defender"], "line1")
    back = [p for p in side_pieces(rs, state, t["defender"])
            if state["pieces"][p]["loc"] == line1]
    for pid in reversed(back):
        put_piece(state, pid, tz(t["defender"], "line2"))
    if back:
        ctx.log(f"{rs.names(state, back)} go back inside the fortress (no advance after a "
                "sortie)", rs.cite("10 Sortie"))


class SiegeRoundEnd(Step):
    """The round cursor moves down; the besieger continues or lifts the siege."""

    name = "siege-round-end"

    def begin(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow) -> None:
        t = siege(state)
        t["left"] -= 1
        ctx.log(f"End of siege round {t['round']}: the siege round cursor moves down "
                f"({t['left']} left); the modified FV {t['fv']} is kept",
                rs.cite("10 Sortie"))
        if t["left"] <= 0:
            finish(rs, state, ctx, flow, "rounds-over")
            return
        frame["side"] = t["attacker"]

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        return (f"{_head(rs, state)}: {rs.side(frame['side']).name} continues the siege "
                "with a complete round or lifts it and retreats (10).")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-continue")
        yield Action("siege-lift")

    def on_siege_continue(self, rs: Any, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        t = siege(state)
        t["round"] += 1
        ctx.log(f"{rs.side(t['attacker']).name} continues the siege: round {t['round']}",
                rs.cite("10 Continue or lift the siege"))
        flow.goto(rs, state, ctx, "siege-fire", side=t["attacker"])

    def on_siege_lift(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                      flow: Flow) -> None:
        finish(rs, state, ctx, flow, "lifted")


def finish(rs: Any, state: State, ctx: Context, flow: Flow, how: str) -> None:
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
    ctx.log(f"The siege of {name} is over: the Siege and Garrison markers are removed, the "
            f"FV returns to {t['fv0']}", rs.cite("10 Sortie (3)"))
    attacker, defender = t["attacker"], t["defender"]
    if how == "taken":
        ctx.log(f"The fortress of {name} is taken by {rs.side(attacker).name}",
                rs.cite("10 Assault"))
        state["control"][zone] = attacker
        for cid in [p for p in rs.own_at(state, zone, defender)]:
            _commander_out(rs, state, ctx, cid, zone)
        victory.record_siege_vp(rs, state, ctx, attacker, zone)
        flow.end(rs, state, ctx)
        return
    if how == "relieved":
        ctx.log(f"The besieger of {name} has no units left: the siege is won by "
                f"{rs.side(defender).name}", rs.cite("12"))
        victory.record_siege_vp(rs, state, ctx, defender, zone)
    else:
        # 12: the besieged wins the siege when the besieger retreats; no cursor moves
        # (10: stopping or retreating "has no bearing on diplomacy").
        vp = victory.SIEGE_VP.get(t["fv0"], 0)
        victory.add_vp(rs, state, ctx, defender, vp, f"siege of {name} won by the besieged, "
                       f"FV {t['fv0']}", "12")
    why = {"lifted": "lifts the siege", "rounds-over": "has fought the last siege round",
           "relieved": "has only commanders left"}[how]
    ctx.log(f"{rs.side(attacker).name} {why} and retreats to an adjacent zone",
            rs.cite("10.5.1 Retreat of the defeated"))
    if rs.own_at(state, zone, attacker):
        flow.goto(rs, state, ctx, "battle-retreat", side=attacker, zone=zone,
                  retreats=[attacker])
    else:
        flow.end(rs, state, ctx)


def _commander_out(rs: Any, state: State, ctx: Context, cid: str, zone: str) -> None:
    """A besieged commander left alone: to an adjacent zone his camp controls, else
    eliminated (10 Elimination of a historic commander)."""
    from . import retreat

    camp = rs.piece_side(state, cid)
    safe = [z for z in retreat.destinations(rs, state, zone, camp)
            if state["control"].get(z) == camp or rs.own_at(state, z, camp)
            or (not state["control"].get(z) and rs.board_map.areas[z].region == camp)]
    rule = rs.cite("10 Elimination of a historic commander")
    if safe:
        put_piece(state, cid, safe[0])
        ctx.log(f"{rs.piece_name(state, cid)} is alone after the siege: placed in "
                f"{rs.board_map.place_name(safe[0])}, an adjacent zone his camp controls "
                "(the first by number; move him by hand to another)", rule)
    else:
        retreat.eliminate_commander(rs, state, ctx, cid, "alone after the siege, no "
                                    "adjacent zone of his camp")


STEPS = (SiegeFire, SiegeAssault, SiegeAsk, SiegeLosses, SiegeCheck, SiegeSortie,
         SiegeSortiePick, SiegeRoundEnd)
VERBS = ("siege",)
