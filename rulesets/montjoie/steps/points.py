"""Séquence 8 : Points de Prétendant et Points d'Influence; the end of the turn: the
elimination of players without a city (7.0) and the end-of-game die (8.0; 9.0)."""

from __future__ import annotations

from typing import Any

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import owe

from ..model.base import TURN_FROM_TREASURY, MontjoieModel
from ..model.turn import (
    end_check,
    influence_gain,
    pretender_points,
    ranking_key,
    tied_on_public,
)
from ..words import N_, and_list
from .corrections import Corrections


class PointsPhase(Corrections):
    """Score the turn, give PI, then end the game or start the next turn."""

    name = "points"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        plague = bool(v.get("plague"))
        for nation in rs.players(state):
            sheet = v["pp"].setdefault(nation, [])
            if plague:
                sheet.append(0)
                continue
            pp, held = pretender_points(rs, state, nation)
            bonus = v["pp_bonus"].get(nation, 0)
            for ally, player in v.get("ally_of", {}).items():
                if player == nation and len(rs.players(state)) == 2 and \
                        v.get("loyal", {}).get(ally):
                    ally_pp = pretender_points(rs, state, ally)[0]
                    bonus += (ally_pp + 1) // 2
                    if ally_pp:
                        ctx.log(N_("{ally}, loyal ally, scores {pp} PP: half rounded up to "
                                   "{nation}"), rs.cite("9.0"), ally=rs.nation_name(ally),
                                pp=ally_pp, nation=rs.nation_name(nation))
            total = pp + bonus
            sheet.append(total)
            state["score"][nation] = sum(sheet)
            gain = rs.add_influence(state, nation, influence_gain(total))
            provinces = ", ".join(rs.board_map.regions[p].name for p in held) or N_("none")
            extra = N_(" + {n} from events", n=bonus) if bonus else ""
            ctx.log(N_("{nation}: {pp} PP from provinces ({provinces}){extra} = {total} this "
                       "turn, {score} in all; +{gain} PI (half rounded up, at most 6) = {pi}"),
                    rs.cite("Séq. 8"), nation=rs.nation_name(nation), pp=pp,
                    provinces=provinces, extra=extra, total=total,
                    score=state['score'][nation], gain=gain, pi=v['influence'][nation])
        if rs.option(state, "national-variants") and rs.in_play(state, "angleterre") \
                and not plague:
            gained = rs.add_influence(state, "angleterre", 1)
            ctx.log(N_("Angleterre gains {n} more PI (at most 6)"),
                    rs.cite("10.0 Angleterre"), n=gained)
        if plague:
            ctx.log(N_("Peste noire: no Pretender Points and no Influence Points this turn"),
                    rs.cite("Séq. 6 Peste noire"))
            v["plague"] = False
        for nation in rs.players(state):
            if not rs.owned(state, nation) and nation not in v["eliminated"]:
                v["eliminated"].append(nation)
                ctx.log(N_("{nation} has no city left: it comes back at the start of the next "
                           "turn"), rs.cite("7.0"), nation=rs.nation_name(nation))
        self.end_of_turn(rs, state, ctx, flow)

    def end_of_turn(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        turn = state["turn"]
        check = end_check(v["length"], len(rs.players(state)), turn,
                          rs.reading(state, "A16") == "b")
        rule = rs.cite("9.0") if len(rs.players(state)) == 2 else \
            f"{rs.cite('8.0')}, {rs.reading_note(state, 'A16')}"
        if check is not None:
            ends_on, _ = check
            if ends_on is None:
                self.conclude(rs, state, ctx, flow, N_("turn {turn} was the last", turn=turn),
                              rule)
                return
            die = ctx.roll(6)
            if die <= ends_on:
                self.conclude(rs, state, ctx, flow, N_(
                    "end of turn {turn}: die {die} (1-{ends_on} ends the game)", turn=turn,
                    die=die, ends_on=ends_on), rule)
                return
            ctx.log(N_("End of turn {turn}: die {die}, the game goes on"), rule, turn=turn,
                    die=die)
        state["turn"] = turn + 1
        ctx.log(N_("Turn {turn} begins"), rs.cite("Séq. 8"), turn=state['turn'])
        if rs.rule_on(state, TURN_FROM_TREASURY):  # Séq. 1 opens each turn
            flow.enter_phase(rs, state, ctx, "tresor", side=v["order"][0])
        else:  # recorded with 0.3 or before: through the placement phase again (5.0)
            flow.next_phase(rs, state, ctx, side=v["order"][0])

    def conclude(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow, why: Msg,
                 rule: str) -> None:
        """End the game; where the écus are secret and players are tied on everything
        else, they first show them (1.0's last tie-break, :mod:`.secret_treasury`)."""
        tied = tied_on_public(rs, state)
        if rs.secret_treasury(state) and len(tied) > 1:
            owe(rs, state, ctx, flow, "montrer-tresor", {n: ["montrer-tresor"] for n in tied},
                result=["end", why, rule])
            return
        self.finish(rs, state, ctx, why, rule)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if isinstance(result, list) and result and result[0] == "end":
            self.finish(rs, state, ctx, result[1], result[2])

    @staticmethod
    def finish(rs: MontjoieModel, state: State, ctx: Context, why: str, rule: str) -> None:
        result, standings = final_result(rs, state)
        state["vars"]["over"] = N_("{result} ({standings})", result=result,
                                   standings=standings).english()
        ctx.log(N_("The game ends, {why}. {result}; tie-breaks fortresses, provinces, castles, "
                   "écus ({standings})"), f"{rule}; {rs.cite('1.0')}", why=why, result=result,
                standings=standings)


def final_result(rs: MontjoieModel, state: State) -> tuple[Msg, str]:
    """The result (a win or a draw, by 1.0's tie-breaks) and the standings in PP."""
    ranked = sorted(rs.players(state), key=lambda n: ranking_key(rs, state, n),
                    reverse=True)
    best = ranked[0]
    tied = [n for n in ranked if ranking_key(rs, state, n) == ranking_key(rs, state, best)]
    standings = "; ".join(f"{rs.nation_name(n)} {state['score'][n]} PP" for n in ranked)
    if len(tied) > 1:
        result = N_("Draw between {nations}", nations=and_list(
            [rs.nation_name(n) for n in tied]))
    else:
        result = N_("{nation} wins with {pp} PP", nation=rs.nation_name(best),
                    pp=state['score'][best])
    return result, standings


def outcome(rs: MontjoieModel, state: State) -> str | None:
    """The result of a game over, in the reader's words where it is still the one the
    state records (a result set by hand is shown as recorded)."""
    over = state["vars"].get("over")
    if not over:
        return over
    result, standings = final_result(rs, state)
    found = N_("{result} ({standings})", result=result, standings=standings)
    return found if found == over else over
