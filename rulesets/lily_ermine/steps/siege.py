"""The siege procedure on the tactical map (rules 10, Siege procedure): artillery fire,
the assault, the losses, the sortie and the end of each round (the rules' effects in
:mod:`..model.siege_rules`)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.combat import sp_loss_choices
from ..model.data import CombatResult
from ..model.siege_rules import (
    apply_assault,
    apply_sortie,
    assault_column,
    can_sortie,
    end_sortie,
    finish,
    head,
    roll_combat,
    side_units,
    siege,
    sortie_leaders,
)
from ..model.tactical import cf_of, is_cannon, tz
from ..words import N_
from .common import CombatAsk, TacticalLosses, TacticalStep


def _sortie_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    cid = action.arg(0)
    return N_("Sortie led by {piece} (TC {tc_of})", piece=rs.piece_name(state, cid),
              tc_of=rs.tc_of(state, cid))


class SiegeFire(TacticalStep):
    """The besieger's artillery fire (10 Artillery fire)."""

    name = "siege-fire"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        n = len([p for p in side_units(rs, state, frame["side"]) if is_cannon(rs, state, p)])
        if not n:
            return (N_("{head}: the besieger has no cannon, no artillery fire: go on to the "
                       "assault (10).", head=head(rs, state)))
        return (N_("{head}: artillery fire, 1D6 for each of the {n} cannon; a die <= the "
                   "cannon's CF lowers the FV by 1 (10).", head=head(rs, state), n=n))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-fire")

    @verb("siege-fire", label=N_("Artillery fire"))
    def on_siege_fire(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        t = siege(state)
        cannon = [p for p in side_units(rs, state, t["attacker"]) if is_cannon(rs, state, p)]
        rule = rs.cite("10 Artillery fire")
        if not cannon:
            ctx.log(N_("The besieger has no cannon: no artillery fire"), rule)
        for pid in cannon:
            cf = cf_of(rs, state, pid)
            die = ctx.roll(6)
            hit = die <= cf
            before = t["fv"]
            if hit:
                t["fv"] = max(0, t["fv"] - 1)
            ctx.log(N_("{piece} fires: die {die} {value} CF {cf}: ",
                       piece=rs.piece_name(state, pid), die=die, value='<=' if hit else '>',
                       cf=cf)
                    + (N_("success, FV {before} → {fv}", before=before,
                          fv=t['fv']) if hit else "failure"), rule)
        flow.goto(rs, state, ctx, "siege-assault", side=t["defender"])


class SiegeAssault(TacticalStep):
    """The assault (10 Assault): the besieged rolls."""

    name = "siege-assault"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        t = siege(state)
        af, df, base, col = assault_column(rs, state)
        return (N_("{head}: assault, AF {af} vs DF {df} (CF of the besieged + FV {fv}) = column "
                   "{base}, shifted {fv} left: {col}. {side} rolls 1D6 (10).",
                   head=head(rs, state), af=af, df=df, fv=t['fv'], base=base, col=col,
                   side=rs.side(t['defender']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-assault")

    @verb("siege-assault", label=N_("Roll the assault"))
    def on_siege_assault(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        t = siege(state)
        af, df, base, col = assault_column(rs, state)
        rule = rs.cite("10 Assault")
        ctx.log(N_("Assault: AF {af} (CF of all the besieger's units) vs DF {df} (CF of the "
                   "besieged units + modified FV {fv}): ratio column {base}, {fv} column(s) to "
                   "the left for the FV = {col}", af=af, df=df, fv=t['fv'], base=base, col=col),
                rule)
        res = roll_combat(rs, state, ctx, col, rule,
                          N_("{side} (assault on {place}, AF {af} vs DF {df})",
                             side=rs.side(t['defender']).name,
                             place=rs.board_map.place_name(t['zone']), af=af, df=df))
        if res is None:
            flow.goto(rs, state, ctx, "siege-ask", mode="assault", column=col,
                      die=t["last_die"])
            return
        apply_assault(rs, state, ctx, flow, res)


class SiegeAsk(CombatAsk, TacticalStep):
    """The Combat Table value of an assault or a sortie is unknown: the players give it
    (no R question in an assault: R is ignored there)."""

    name = "siege-ask"

    def asks_retreat(self, frame: Frame) -> bool:
        return frame["vars"]["mode"] != "assault"

    def resolved(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        if frame["vars"]["mode"] == "assault":
            apply_assault(rs, state, ctx, flow, result)
        else:
            apply_sortie(rs, state, ctx, flow, result)


class SiegeLosses(TacticalLosses):
    """Each camp eliminates its SP as its owner chooses; the besieged's losses beyond
    its garrison go to the FV (10 Assault)."""

    name = "siege-losses"
    LABEL = N_("Siege")
    RULE = "10 Assault"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (N_("{head}: {side} eliminates {n} more SP — reduce a unit (1 SP) or eliminate "
                   "one (10).", head=head(rs, state), side=rs.side(side).name, n=n))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if queue:
            side, remaining = queue[0]
            yield from sp_loss_choices(rs, state, self._pool(rs, state, frame, side),
                                       remaining)

    def _pool(self, rs: LilyErmineModel, state: State, frame: Frame, side: str) -> list[str]:
        pool = side_units(rs, state, side)
        if frame["vars"]["mode"] == "sortie" and side == siege(state)["defender"]:
            pool = [p for p in pool if state["pieces"][p]["loc"] == tz(side, "line1")]
        return pool

    def _after(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        frame["vars"]["queue"][0][1] -= lost
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
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
                    ctx.log(N_("The besieged has no units left to lose: {lost} SP go to the FV "
                               "({value} → {fv})", lost=lost, value=t['fv'] + lost, fv=t['fv']),
                            rs.cite("10 Assault"))
                    queue[0][1] -= lost
                    if queue[0][1] > 0:
                        ctx.log(N_("{queue} SP more are lost with nothing left to take them",
                                   queue=queue[0][1]), rs.cite("10 Assault"))
                queue.pop(0)
            else:
                frame["side"] = side
                return
        if v["mode"] == "sortie":
            end_sortie(rs, state, ctx)
        flow.goto(rs, state, ctx, "siege-check", side=t["attacker"],
                  sortie_done=v["mode"] == "sortie")


class SiegeCheck(TacticalStep):
    """Is the fortress taken, the besieger gone? Else the sortie, then the round's end."""

    name = "siege-check"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        t = siege(state)
        if not side_units(rs, state, t["defender"]) and t["fv"] == 0:
            finish(rs, state, ctx, flow, "taken")
        elif not side_units(rs, state, t["attacker"]):
            finish(rs, state, ctx, flow, "relieved")
        elif not frame["vars"].get("sortie_done") and can_sortie(rs, state):
            flow.goto(rs, state, ctx, "siege-sortie", side=t["defender"])
        else:
            flow.goto(rs, state, ctx, "siege-round-end")


class SiegeSortie(TacticalStep):
    """The besieged may try one sortie per round (10 Sortie)."""

    name = "siege-sortie"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head}: {side} may try a sortie led by a commander of the garrison (1D6 <= "
                   "his TC) (10).", head=head(rs, state), side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        for cid in sortie_leaders(rs, state):
            yield Action.of("sortie", cid)
        yield Action("no-sortie")

    @verb("no-sortie", label=N_("No sortie"))
    def on_no_sortie(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{side} makes no sortie", side=rs.side(frame['side']).name),
                rs.cite("10 Sortie"))
        flow.goto(rs, state, ctx, "siege-round-end", side=siege(state)["attacker"])

    @verb("sortie", label=_sortie_label)
    def on_sortie(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        cid = action.arg(0)
        tc = rs.tc_of(state, cid)
        die = ctx.roll(6)
        rule = rs.cite("10 Sortie")
        if die > tc:
            ctx.log(N_("Sortie led by {piece}: die {die} > TC {tc}, the sortie does not take "
                       "place", piece=rs.piece_name(state, cid), die=die, tc=tc), rule)
            flow.goto(rs, state, ctx, "siege-round-end", side=siege(state)["attacker"])
            return
        put_piece(state, cid, tz(frame["side"], "line1"))
        ctx.log(N_("Sortie led by {piece}: die {die} <= TC {tc}; choose the units (no artillery) "
                   "that come out to the 1st line", piece=rs.piece_name(state, cid), die=die,
                   tc=tc), rule)
        flow.goto(rs, state, ctx, "siege-sortie-pick", leader=cid)


class SiegeSortiePick(TacticalStep):
    """The besieged chooses the units of the sortie (drag them to the 1st line)."""

    name = "siege-sortie-pick"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        out = [p for p in side_units(rs, state, frame["side"])
               if state["pieces"][p]["loc"] == tz(frame["side"], "line1")]
        return (N_("{head}: sortie — drag the units that come out to your 1st line ({n} out), "
                   "then Attack (no tactical marker) (10 Sortie).", head=head(rs, state),
                   n=len(out)))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        line1 = tz(frame["side"], "line1")
        out = False
        for p in side_units(rs, state, frame["side"]):
            if state["pieces"][p]["loc"] == line1:
                out = True
            elif not is_cannon(rs, state, p):
                yield Action.of("tac-move", [p], line1)
        if out:
            yield Action("sortie-attack")

    def tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        pid = action.pieces(0)[0]
        put_piece(state, pid, action.arg(1))
        ctx.log(N_("{piece} comes out for the sortie", piece=rs.piece_name(state, pid)),
                rs.cite("10 Sortie"))

    @verb("sortie-attack", label=N_("Sortie: attack"))
    def on_sortie_attack(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
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
        ctx.log(N_("Sortie melee: the besieged attack with CF {a_cf} against the besieger's CF "
                   "{d_cf}: column {col}", a_cf=a_cf, d_cf=d_cf, col=col), rule)
        res = roll_combat(rs, state, ctx, col, rule, N_("{side} (sortie)",
                                                        side=rs.side(t['defender']).name))
        if res is None:
            flow.goto(rs, state, ctx, "siege-ask", mode="sortie", column=col,
                      die=t["last_die"])
            return
        apply_sortie(rs, state, ctx, flow, res)


class SiegeRoundEnd(TacticalStep):
    """The round cursor moves down; the besieger continues or lifts the siege."""

    name = "siege-round-end"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        t = siege(state)
        t["left"] -= 1
        ctx.log(N_("End of siege round {round}: the siege round cursor moves down ({left} left); "
                   "the modified FV {fv} is kept", round=t['round'], left=t['left'], fv=t['fv']),
                rs.cite("10 Sortie"))
        if t["left"] <= 0:
            finish(rs, state, ctx, flow, "rounds-over")
            return
        frame["side"] = t["attacker"]

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return (N_("{head}: {side} continues the siege with a complete round or lifts it and "
                   "retreats (10).", head=head(rs, state), side=rs.side(frame['side']).name))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("siege-continue")
        yield Action("siege-lift")

    @verb("siege-continue", label=N_("Continue the siege"))
    def on_siege_continue(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        t = siege(state)
        t["round"] += 1
        ctx.log(N_("{side} continues the siege: round {round}", side=rs.side(t['attacker']).name,
                   round=t['round']),
                rs.cite("10 Continue or lift the siege"))
        flow.goto(rs, state, ctx, "siege-fire", side=t["attacker"])

    @verb("siege-lift", label=N_("Lift the siege"))
    def on_siege_lift(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        finish(rs, state, ctx, flow, "lifted")



STEPS = (SiegeFire, SiegeAssault, SiegeAsk, SiegeLosses, SiegeCheck, SiegeSortie,
         SiegeSortiePick, SiegeRoundEnd)
