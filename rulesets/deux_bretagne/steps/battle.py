"""Regular combat in Les Deux Bretagne (rules 9.x) as steps of the core flow.

battle            (automatic) strengths 9.21, chits 9.22, modifiers 9.23, columns 9.24,
                  both rolls 9.25; then the players' chit choices if any.
join-battle       a support army's player picks the besieged units that join it (10.16).
commander-choice  the defender picks his commander among leaders of equal VC (9.23).
chit-choice       a player picks how a chit helps him (T6, T8, T11, T12, T16).
losses            each side picks its losses among the legal combinations (9.26, 9.3);
                  a forced choice is applied at once.
aftermath         (automatic) winner 9.27, leaders captured or killed 9.28/9.4, 9.43.
flanking          T7: Blois picks the Montfort unit that loses one more step.
retreat           the defender picks where to retreat (9.54); the attacker goes back
                  where it came from (9.53), after one more step if it sailed to an enemy
                  port (8.152); control of the area (9.29, 3.3); T2 after the battle.
retreat-excess    units over the stacking limit after a retreat are eliminated (9.54).
return-leader     next turn, the leader withdrawn by T2 comes back (9.221).

The same steps fight the battle between loyal units and new Marauders (12.433), inside
the fortress when they were besieged (``within``). Marauders are independent (2.1):
their choices are made by boardapp, taking the first legal option, and logged.

The steps; the rules they apply (data, predicates) are in ``model/battle.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece, rule_on
from boardapp.core.engine.verbs import verb

from ..model import groups, labels
from ..model.base import DeuxBretagneModel
from ..model.battle import (
    CHOICE_CHITS,
    MANUAL_CHITS,
    PRO_MONTFORT,
    STACK_LIMIT,
    TABLES,
    chits_to_draw,
    commander_candidates,
    does,
    fighting_leaders,
    fighting_units,
    flanking_step,
    join_candidates,
    loss_action,
    loss_options,
    other_side,
    over_stack,
    remove_steps,
    reprimand,
    retreat_options,
    return_chits,
    roll_battle,
    sailed,
)
from ..model.control import update_counties
from ..model.movement import NOBODY_RETREATS
from ..words import N_
from .common import DeuxBretagneStep


class Battle(DeuxBretagneStep):
    """9.2 steps 1-5: strengths, chits, modifiers, columns, the two rolls."""

    name = "battle"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        area, att, dfn = v["area"], v["attacker"], v["defender"]
        if "joined" not in v:
            v["joined"] = []
            if join_candidates(rs, state, v):
                flow.goto(rs, state, ctx, "join-battle", side=att)
                return
        if "defender_commander" not in v:
            tied = commander_candidates(rs, state, v)
            if len(tied) > 1 and dfn in rs.player_sides:
                flow.goto(rs, state, ctx, "commander-choice", side=dfn)
                return
            v["defender_commander"] = tied[0] if tied else None
        place = rs.board_map.place_name(area)
        ctx.log(N_("Battle in {place}: {does} {side}", place=place,
                   does=does(rs, att, 'attacks', start=False), side=rs.side(dfn).name),
                rs.cite("9.1"))
        state["vars"]["fought"].append(area)  # 10.12
        strengths = {}
        for side in (att, dfn):
            total = 0
            for pid in fighting_units(rs, state, v, side):
                t = rs.piece_type(state, pid)
                value = t.combat[1 if rs.is_reduced(state, pid) else 0]
                if value == "d":  # 9.21: artillery, even 1 / odd 0
                    die = ctx.roll(10, zero_based=True)
                    value = 1 if die % 2 == 0 else 0
                    ctx.log(N_("{piece} rolls {die}: strength {value}",
                               piece=rs.piece_name(state, pid), die=die, value=value),
                            rs.cite("9.21"))
                total += int(value)
            strengths[side] = total
        v["strength"] = strengths
        ctx.log(N_("Combat strengths: {side} {strengths}, {side2} {strengths2}",
                   side=rs.side(att).name, strengths=strengths[att], side2=rs.side(dfn).name,
                   strengths2=strengths[dfn]), rs.cite("9.21"))
        self._draw_chits(rs, state, v, ctx, strengths[att] + strengths[dfn])
        pending = [c for c in CHOICE_CHITS if c in v["chits"] and self._chit_applies(
            rs, state, v, c)]
        v["pending_choices"] = pending
        if pending:
            flow.goto(rs, state, ctx, "chit-choice", side=CHOICE_CHITS[pending[0]])
        else:
            roll_battle(rs, state, v, ctx)
            flow.goto(rs, state, ctx, "losses", side=att)

    def _draw_chits(self, rs: DeuxBretagneModel, state: State, v: dict[str, Any], ctx: Context,
                    total: int) -> None:
        cup = state["vars"]["chit_cup"]
        wanted = min(chits_to_draw(total), len(cup))
        drawn = []
        for _ in range(wanted):
            index = ctx.roll(len(cup)) - 1
            drawn.append(cup.pop(index))
        names = ", ".join(f"{c} {rs.chits[c]}" for c in drawn) or N_("none (the cup is empty)")
        ctx.log(N_("Total strength {total}: {wanted} tactical chit(s) drawn: {names}",
                   total=total, wanted=wanted, names=names),
                rs.cite("9.22"))
        if "T1" in drawn:
            pro = [c for c in drawn if c in PRO_MONTFORT]
            if pro:
                gone = pro[ctx.roll(len(pro)) - 1]
                drawn.remove(gone)
                cup.append(gone)
                ctx.log(N_("T1 Surprise removes {gone} {chits}", gone=gone, chits=rs.chits[gone]),
                        rs.cite("9.221 T1"))
        for chit in drawn:
            if chit in MANUAL_CHITS:
                ctx.log(N_("{chit} {title}: {effect}"), rs.cite("9.221"), chit=chit,
                        title=rs.chits[chit], effect=MANUAL_CHITS[chit])
        v["chits"] = drawn
        v["choices"] = {}

    @staticmethod
    def _chit_applies(rs: DeuxBretagneModel, state: State, v: dict[str, Any], chit: str) -> bool:
        if chit == "T8":
            return "bertrand-du-guesclin" in fighting_leaders(rs, state, v, "blois") \
                or any(rs.piece_type(state, p).id == "blois-ch-br"
                       for p in fighting_units(rs, state, v, "blois"))
        if chit == "T11":
            return any(rs.piece_type(state, p).id == "montfort-me"
                       for p in fighting_units(rs, state, v, "montfort"))
        if chit == "T16":
            return "montfort" in (v["attacker"], v["defender"])
        if chit == "T6":
            return bool(fighting_leaders(rs, state, v, "blois"))
        return chit == "T12" and "montfort" in (v["attacker"], v["defender"])


class JoinBattle(DeuxBretagneStep):
    """A support army attacks the besiegers: its player chooses which besieged units join
    the battle (10.16). Besieged leaders stay inside: only the support army's leader is
    activated."""

    name = "join-battle"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: besieged units may join the support army in the battle (at most "
                   "{stack_limit} units), then Done ({rule})", side=rs.side(frame['side']).name,
                   stack_limit=STACK_LIMIT, rule=rs.cite('10.16')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in join_candidates(rs, state, frame["vars"]):
            yield Action("join", (pid,))
        yield Action("done")

    @verb("join", label=labels.piece(N_("{0} joins the support army"), strict=True))
    def on_join(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        state["vars"]["inside"].remove(pid)
        frame["vars"]["joined"].append(pid)
        ctx.log(N_("{piece} comes out of the fortress of {place} to join the support army",
                   piece=rs.piece_name(state, pid),
                   place=rs.board_map.place_name(frame['vars']['area'])),
                rs.cite("10.16"))
        if not join_candidates(rs, state, frame["vars"]):
            flow.goto(rs, state, ctx, "battle")

    @verb("done", label=N_("Done"))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.goto(rs, state, ctx, "battle")


class CommanderChoice(DeuxBretagneStep):
    """The defender's leaders tie for the highest command value: he chooses the one who
    commands, and gives his combat bonus (9.23)."""

    name = "commander-choice"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: your leaders have the same command value — choose who commands the "
                   "defence ({rule})", side=rs.side(frame['side']).name, rule=rs.cite('9.23')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in commander_candidates(rs, state, frame["vars"]):
            yield Action("command", (pid,))

    @verb("command", label=labels.piece(N_("{0} commands"), strict=True))
    def on_command(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        frame["vars"]["defender_commander"] = action.args[0]
        ctx.log(N_("{piece} commands the defence", piece=rs.piece_name(state, action.args[0])),
                rs.cite("9.23"))
        flow.goto(rs, state, ctx, "battle", side=frame["vars"]["attacker"])


class ChitChoice(DeuxBretagneStep):
    """A player chooses how a drawn chit helps him (T8, T11, T12)."""

    name = "chit-choice"
    OPTIONS = {"T8": ("shift", "plus2"), "T11": ("shift", "plus2"), "T12": ("plus1", "minus1"),
               "T16": ("retreat", "fight"), "T6": ("plus1", "plus2")}

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        chit = frame["vars"]["pending_choices"][0]
        return (N_("{side}: choose how {chit} {chits} applies ({rule})",
                   side=rs.side(frame['side']).name, chit=chit, chits=rs.chits[chit],
                   rule=rs.cite('9.221')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        chit = frame["vars"]["pending_choices"][0]
        for option in self.OPTIONS[chit]:
            yield Action("chit", (chit, option))

    @verb("chit", label=labels.chit)
    def on_chit(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        chit, option = action.args
        v["choices"][chit] = option
        v["pending_choices"].pop(0)
        ctx.log(N_("{side} uses {chit} {chits} as {option}", side=rs.side(frame['side']).name,
                   chit=chit, chits=rs.chits[chit], option=option),
                rs.cite("9.221"))
        if chit == "T16" and option == "retreat":  # Sang-froid: no battle at all
            return_chits(rs, state, v, ctx)
            v["winner"] = other_side(v, "montfort")
            v["loser"] = "montfort"
            ctx.log(N_("Montfort retreats before combat"), rs.cite("9.221 T16"))
            flow.goto(rs, state, ctx, "retreat", side="montfort")
            return
        if v["pending_choices"]:
            flow.goto(rs, state, ctx, "chit-choice",
                      side=CHOICE_CHITS[v["pending_choices"][0]])
        else:
            roll_battle(rs, state, v, ctx)
            flow.goto(rs, state, ctx, "losses", side=v["attacker"])


class Losses(DeuxBretagneStep):
    """Each side takes the losses the other caused, choosing among legal options (9.3)."""

    name = "losses"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        options = self._options(rs, state, frame)
        if len(options) == 1 or frame["side"] not in rs.player_sides:
            self._apply(rs, state, frame, options[0], ctx, flow, forced=len(options) == 1)

    def _target(self, frame: Frame) -> int:
        v = frame["vars"]
        return v["caused"][other_side(v, frame["side"])]

    def _options(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[dict[str, int]]:
        units = fighting_units(rs, state, frame["vars"], frame["side"])
        return loss_options(rs, state, units, self._target(frame))

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: take {target} losses — choose which units lose steps ({rule})",
                   side=rs.side(frame['side']).name, target=self._target(frame),
                   rule=rs.cite('9.3')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for option in self._options(rs, state, frame):
            yield loss_action(option)

    @verb("losses", label=labels.losses, logs=True)
    def on_losses(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        chosen = {} if action.args[0] == "none" else {
            p: int(n) for p, n in (item.split("=") for item in action.args[0].split(","))}
        self._apply(rs, state, frame, chosen, ctx, flow, forced=False)

    def _apply(self, rs: DeuxBretagneModel, state: State, frame: Frame, option: dict[str, int],
               ctx: Context, flow: Flow, forced: bool) -> None:
        v = frame["vars"]
        side = frame["side"]
        target = self._target(frame)
        lost = v.setdefault("steps_lost", {})
        lost[side] = lost.get(side, 0) + sum(
            n for pid, n in option.items()
            if rs.piece_type(state, pid).id.endswith(("-ch", "-ch-fr", "-ch-br", "-ch-an",
                                                      "-me")))
        done = [remove_steps(rs, state, pid, n) for pid, n in sorted(option.items())]
        how = listing(done, "; ") if done else N_("no unit loses a step")
        why = N_(" (the only legal choice)") if forced and target else ""
        ctx.log(N_("{does} {target} losses: {how}{why}", does=does(rs, side, 'takes'),
                   target=target, how=how, why=why), rs.cite("9.3"))
        if side == v["attacker"]:
            flow.goto(rs, state, ctx, "losses", side=v["defender"])
        else:
            flow.goto(rs, state, ctx, "aftermath", side=v["attacker"])


class Aftermath(DeuxBretagneStep):
    """Winner (9.27), leaders captured or killed (9.28, 9.4, 9.43), then retreat (9.5)."""

    name = "aftermath"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if "winner" not in v:
            self._winner(rs, state, v, ctx)
        winner, loser = v["winner"], v["loser"]
        if "T7" in v["chits"] and winner == "blois" and not v.get("t7_done"):
            v["t7_done"] = True
            units = fighting_units(rs, state, v, "montfort")
            if len(units) > 1:  # Blois's choice (9.221 T7)
                flow.goto(rs, state, ctx, "flanking", side="blois")
                return
            if units:
                flanking_step(rs, state, v, units[0], ctx)
        self._leaders(rs, state, v, ctx)
        star = v["choices"].get("T6") if "T6" in v["chits"] else None
        if star and loser == "blois":  # T6: as many Ch/Me units as the bonus chosen
            flow.goto(rs, state, ctx, "star-order", side="blois",
                      star_left=2 if star == "plus2" else 1)
            return
        flow.goto(rs, state, ctx, "retreat", side=loser)

    @staticmethod
    def _winner(rs: DeuxBretagneModel, state: State, v: dict[str, Any], ctx: Context) -> None:
        att, dfn = v["attacker"], v["defender"]
        caused = v["caused"]
        if caused[att] != caused[dfn]:
            winner = att if caused[att] > caused[dfn] else dfn
            why = N_("caused {max} losses against {min}", max=max(caused.values()),
                     min=min(caused.values()))
        else:
            ones = [s for s in (att, dfn) if v["commanders"].get(s) and
                    rs.piece_type(state, v["commanders"][s]).activation == 1]
            if len(ones) == 1:
                winner, why = ones[0], N_("tie: its leader has activation 1")
            else:
                winner, why = dfn, N_("tie: the defender wins")
        v["winner"], v["loser"] = winner, other_side(v, winner)
        ctx.log(N_("{does} the battle ({why})", does=does(rs, winner, 'wins'), why=why),
                rs.cite("9.27"))

    def _leaders(self, rs: DeuxBretagneModel, state: State, v: dict[str, Any],
                 ctx: Context) -> None:
        winner, loser = v["winner"], v["loser"]
        leaders = fighting_leaders(rs, state, v, loser)
        if not leaders or loser not in rs.player_sides:
            return
        executed = ("T4" in v["chits"] and loser == "montfort") or (
            "T14" in v["chits"] and loser == "blois")
        if not fighting_units(rs, state, v, loser):
            has_leader = bool(fighting_leaders(rs, state, v, winner))
            for pid in leaders:
                self._fate(rs, state, pid, "captured" if has_leader else "killed", winner,
                           ctx, rs.cite("9.43"), executed)
            return
        if "T13" in v["chits"] and winner == "montfort" and loser == "blois":
            pid = leaders[ctx.roll(len(leaders)) - 1]
            self._fate(rs, state, pid, "captured", winner, ctx, rs.cite("9.221 T13"), executed)
            leaders.remove(pid)
        if winner not in rs.player_sides:
            ctx.log(N_("Marauders are no player: they roll for no leader"), rs.cite("9.41, 12.51"))
            return
        if v["rolled"][winner] % 2 == 0:
            ctx.log(N_("{side}'s combat die was even: no leader is taken",
                       side=rs.side(winner).name),
                    rs.cite("9.41"))
            return
        cap = TABLES["leader_capture"]
        for pid in leaders:
            die = ctx.roll(10, zero_based=True)
            fate = ("killed" if die >= cap["killed_from"] else
                    "captured" if die >= cap["captured_from"] else "safe")
            ctx.log(N_("Capture roll for {piece}: {die} → {fate}",
                       piece=rs.piece_name(state, pid), die=die, fate=fate),
                    rs.cite("9.41"))
            if fate != "safe":
                self._fate(rs, state, pid, fate, winner, ctx, rs.cite("9.41"), executed)

    @staticmethod
    def _fate(rs: DeuxBretagneModel, state: State, pid: str, fate: str, winner: str, ctx: Context,
              rule: str, executed: bool) -> None:
        name = rs.piece_name(state, pid)
        if fate == "captured" and executed:
            fate = "killed"
            ctx.log(N_("No quarter: {name} is executed", name=name), rs.cite("9.221 T4/T14"))
        if fate == "killed" and pid == "bertrand-du-guesclin":
            fate = "captured"
            ctx.log(N_("Bertrand du Guesclin can only be captured"), rs.cite("9.41"))
        owner = rs.piece_side(state, pid)
        if fate == "captured":
            prison = "prison-bro-saoz" if owner == "blois" else "prison-bro-chall"
            put_piece(state, pid, prison)
            ctx.log(N_("{name} is captured and sent to {place}", name=name,
                       place=rs.board_map.place_name(prison)),
                    f"{rule}, {rs.cite('9.42')}")
        else:
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            vc = rs.piece_type(state, pid).command
            if winner in state["score"]:
                state["score"][winner] += vc
                ctx.log(N_("{name} is killed: {side} gains {vc} PV", name=name,
                           side=rs.side(winner).name, vc=vc),
                        f"{rule}, {rs.cite('13.12')}")
            else:  # 13.12: only a player who kills an enemy leader earns his VC
                ctx.log(N_("{name} is killed by {side}: no player gains PV", name=name,
                           side=rs.side(winner).name),
                        f"{rule}, {rs.cite('13.12')}")


class Flanking(DeuxBretagneStep):
    """T7 Débordement: Blois won, he chooses the Montfort unit that loses one more step."""

    name = "flanking"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("Blois: T7 {t7} — choose the Montfort unit that loses one more step ({rule})",
                   t7=rs.chits['T7'], rule=rs.cite('9.221 T7')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in fighting_units(rs, state, frame["vars"], "montfort"):
            yield Action("flank", (pid,))

    @verb("flank", label=labels.piece(N_("T7: {0} loses one more step"), strict=True))
    def on_flank(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        flanking_step(rs, state, frame["vars"], action.args[0], ctx)
        flow.goto(rs, state, ctx, "aftermath", side=frame["vars"]["attacker"])


class Retreat(DeuxBretagneStep):
    """The loser retreats (9.5); the attacker takes the area (9.29).

    A battle fought inside a fortress (``within``: loyal units against new Marauders,
    12.433) leaves the loser no way out: it is eliminated (12.4 example). A battle with no
    attacker's way in (``in_place``: the Marauders rising where they stand) sends either
    loser away as a defender (9.54). An army that sailed to an enemy port and lost there
    loses one more step before going back to its port of departure (8.152)."""

    name = "retreat"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if rule_on(state, NOBODY_RETREATS) and not self._retreating(rs, state, v):
            name = rs.board_map.place_name(v["area"])
            ctx.log(N_("{side} has nobody left in {name}: no retreat",
                       side=rs.side(v['loser']).name, name=name),
                    rs.cite("9.5"))  # 9.5: only the loser's counters retreat
            self._go(rs, state, frame, None, ctx, flow, rs.cite("9.5"))
            return
        if v.get("within"):
            ctx.log(N_("{side} cannot retreat out of the besieged fortress",
                       side=rs.side(v['loser']).name),
                    rs.cite("12.433, 10.16"))
            self._go(rs, state, frame, None, ctx, flow, rs.cite("12.433"))
            return
        if v["loser"] == v["attacker"] and not v.get("in_place"):
            back = v.get("entered_from")
            area = v["area"]
            if (sailed(rs, back, area) and state["control"].get(area) != v["attacker"]
                    and not v.get("naval_step_taken")):
                v["naval_step_taken"] = True
                units = fighting_units(rs, state, v, v["attacker"])
                if units:
                    from ..model.battle import step_loss

                    flow.call(rs, state, ctx, "step-losses", side=v["attacker"],
                              pending=[step_loss(v["attacker"], 1, units,
                                                 N_("Beaten in the enemy port it sailed to"),
                                                 rs.cite("8.152"))])
                    return
            self._go(rs, state, frame, back, ctx, flow,
                     rs.cite("8.152, 9.53") if sailed(rs, back, area) else rs.cite("9.53"))
            return
        options = retreat_options(rs, state, v)
        if not options:
            self._go(rs, state, frame, None, ctx, flow, rs.cite("9.54"))
        elif len(options) == 1 or frame["side"] not in rs.player_sides:
            self._go(rs, state, frame, options[0], ctx, flow, rs.cite("9.54"))

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self.begin(rs, state, frame, ctx, flow)  # after the step lost at sea (8.152)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: choose where your army retreats ({rule})",
                   side=rs.side(frame['side']).name, rule=rs.cite('9.54')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for place in retreat_options(rs, state, frame["vars"]):
            yield Action("retreat", (place,))

    @verb("retreat", label=labels.retreat)
    def on_retreat(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        self._go(rs, state, frame, action.args[0], ctx, flow, rs.cite("9.54"))

    @staticmethod
    def _losers(rs: DeuxBretagneModel, state: State, v: dict[str, Any]) -> list[str]:
        """The loser's counters in the battle's area (inside the fortress if it was
        fought there, else outside): those a retreat moves."""
        within = groups.inside(state)
        return [p for p in pieces_at(state, v["area"]) if rs.piece_side(state, p) == v["loser"]
                and (p in within) == bool(v.get("within"))]

    def _retreating(self, rs: DeuxBretagneModel, state: State, v: dict[str, Any]) -> list[str]:
        """The loser's counters that would retreat: not the besieged who joined the battle
        and go back inside (10.16)."""
        joined = v.get("joined", [])
        return [p for p in self._losers(rs, state, v) if p not in joined]

    def _go(self, rs: DeuxBretagneModel, state: State, frame: Frame, dest: str | None,
            ctx: Context, flow: Flow, rule: str) -> None:
        v = frame["vars"]
        area, loser, winner = v["area"], v["loser"], v["winner"]
        within = groups.inside(state)
        pieces = self._losers(rs, state, v)
        joined = [p for p in v.get("joined", []) if p in pieces]
        if joined and dest != area:  # 10.16: the besieged go back inside
            state["vars"]["inside"].extend(joined)
            pieces = [p for p in pieces if p not in joined]
            ctx.log(N_("{names} go back inside the fortress of {place}",
                       names=rs.names(state, joined), place=rs.board_map.place_name(area)),
                    rs.cite("10.16"))
        bmap = rs.board_map
        if dest is None:
            self._no_retreat(rs, state, v, pieces, ctx, rule)
        elif dest == area:
            state["vars"]["inside"].extend(p for p in pieces if p not in within)
            ctx.log(N_("{does} inside the fortress of {place}", does=does(rs, loser, 'retreats'),
                       place=bmap.place_name(area)), rs.cite("9.5"))
        else:
            for pid in reversed(pieces):
                put_piece(state, pid, dest)
            ctx.log(N_("{does} from {place} to {place2}", does=does(rs, loser, 'retreats'),
                       place=bmap.place_name(area), place2=bmap.place_name(dest)), rule)
        self._control_after(rs, state, v, ctx)
        if dest is not None and dest != area and over_stack(rs, state, dest, loser):
            v["retreated_to"] = dest
            flow.goto(rs, state, ctx, "retreat-excess", side=loser)
            return
        reprimand(rs, state, v, ctx)
        flow.end(rs, state, ctx, result=winner)

    @staticmethod
    def _no_retreat(rs: DeuxBretagneModel, state: State, v: dict[str, Any], pieces: list[str],
                    ctx: Context, rule: str) -> None:
        """No retreat is possible: the units are eliminated, the leaders captured or
        killed (9.43)."""
        area, loser, winner = v["area"], v["loser"], v["winner"]
        units = [p for p in pieces if not rs.is_leader(state, p)]
        for pid in units:
            state["prev_loc"][pid] = area
            put_piece(state, pid, rs.eliminated_box)
            state["pieces"][pid]["flipped"] = False
            if pid in state["vars"]["inside"]:
                state["vars"]["inside"].remove(pid)
        if units:
            ctx.log(N_("No retreat is possible: {names} eliminated", names=rs.names(state, units)),
                    rule)
        leaders = [p for p in pieces if rs.is_leader(state, p)]
        if leaders and loser in rs.player_sides:  # 9.43: the army is lost
            has_leader = bool(fighting_leaders(rs, state, v, winner))
            executed = ("T4" in v["chits"] and loser == "montfort") or (
                "T14" in v["chits"] and loser == "blois")
            for pid in leaders:
                if pid in state["vars"]["inside"]:
                    state["vars"]["inside"].remove(pid)
                Aftermath._fate(rs, state, pid, "captured" if has_leader else "killed",
                                winner, ctx, rs.cite("9.43"), executed)

    @staticmethod
    def _control_after(rs: DeuxBretagneModel, state: State, v: dict[str, Any],
                       ctx: Context) -> None:
        """Who controls the area after the retreat (9.29, 12.51, 3.3); the winning
        attacker may move on (5.31)."""
        area, winner = v["area"], v["winner"]
        bmap = rs.board_map
        area_data = bmap.areas.get(area)
        if winner not in rs.player_sides:
            others = [p for p in pieces_at(state, area)
                      if rs.piece_side(state, p) in rs.player_sides]
            if not others and area_data is not None and state["control"].get(area):
                state["control"][area] = None  # 12.51, 3.3: held by Marauders only
                ctx.log(N_("{place} is held by Marauders only: no one controls it",
                           place=bmap.place_name(area)), rs.cite("12.51"))
                update_counties(rs, state, ctx)
        elif winner == v["attacker"] and not v.get("within"):
            if area_data is not None and not area_data.fortified:
                state["control"][area] = winner
                ctx.log(N_("{side} takes control of {place}", side=rs.side(winner).name,
                           place=bmap.place_name(area)),
                        rs.cite("9.29"))
                update_counties(rs, state, ctx)
            spent = state["vars"]["mp_spent"]
            for pid, mp in v.get("spent_before", {}).items():
                if pid in spent and state["pieces"][pid]["loc"] == area:
                    spent[pid] = mp  # 5.31: the winning army may move on


class RetreatExcess(DeuxBretagneStep):
    """9.54: a retreat may break the stacking limit, but at its end the player eliminates
    units (his choice) until the area is back within it."""

    name = "retreat-excess"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        units = over_stack(rs, state, v["retreated_to"], frame["side"])
        if units and frame["side"] not in rs.player_sides:
            self._eliminate(rs, state, frame, units[0], ctx, flow)
        elif not units:
            reprimand(rs, state, v, ctx)
            flow.end(rs, state, ctx, result=v["winner"])

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        excess = len(over_stack(rs, state, v["retreated_to"], frame["side"])) - STACK_LIMIT
        return (N_("{side}: more than {stack_limit} units in {place} after the retreat — "
                   "eliminate {excess} ({rule})", side=rs.side(frame['side']).name,
                   stack_limit=STACK_LIMIT, place=rs.board_map.place_name(v['retreated_to']),
                   excess=excess, rule=rs.cite('9.54')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in over_stack(rs, state, frame["vars"]["retreated_to"], frame["side"]):
            yield Action("eliminate-unit", (pid,))

    @verb("eliminate-unit", label=labels.piece(N_("Eliminate {0} (over stacking)"), strict=True))
    def on_eliminate_unit(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        self._eliminate(rs, state, frame, action.args[0], ctx, flow)

    def _eliminate(self, rs: DeuxBretagneModel, state: State, frame: Frame, pid: str,
                   ctx: Context, flow: Flow) -> None:
        name = rs.piece_name(state, pid)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, rs.eliminated_box)
        state["pieces"][pid]["flipped"] = False
        ctx.log(N_("Over the stacking limit after the retreat: {name} eliminated", name=name),
                rs.cite("9.54, 7.21"))
        self.begin(rs, state, frame, ctx, flow)


class StarOrder(DeuxBretagneStep):
    """T6 Ordre de l'étoile: Blois lost, so he eliminates as many Ch/Me units as the bonus
    he chose, or, lacking them, a leader who fought (9.221)."""

    name = "star-order"

    def _units(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
        return [p for p in fighting_units(rs, state, frame["vars"], "blois")
                if not rs.piece_type(state, p).id.endswith(("-mil", "-art"))]

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v["star_left"] <= 0:
            flow.goto(rs, state, ctx, "retreat", side=v["loser"])
            return
        units = self._units(rs, state, frame)
        leaders = fighting_leaders(rs, state, v, "blois")
        if not units and not leaders:
            v["star_left"] = 0
            flow.goto(rs, state, ctx, "retreat", side=v["loser"])

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        what = N_("a Ch or Me unit") if self._units(rs, state, frame) else N_("a leader who fought")
        return (N_("Blois: Ordre de l'étoile — eliminate {what} ({star_left} left) ({rule})",
                   what=what, star_left=frame['vars']['star_left'], rule=rs.cite('9.221 T6')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        units = self._units(rs, state, frame)
        for pid in units or fighting_leaders(rs, state, frame["vars"], "blois"):
            yield Action("star-eliminate", (pid,))

    @verb("star-eliminate", label=labels.piece(N_("Eliminate {0} (T6)")))
    def on_star_eliminate(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        name = rs.piece_name(state, pid)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, rs.eliminated_box)
        state["pieces"][pid]["flipped"] = False
        ctx.log(N_("Ordre de l'étoile: {name} eliminated", name=name), rs.cite("9.221 T6"))
        frame["vars"]["star_left"] -= 1
        if rs.is_leader(state, pid):
            frame["vars"]["star_left"] = 0
        self.begin(rs, state, frame, ctx, flow)


class ReturnLeader(DeuxBretagneStep):
    """T2 Réprimande: the withdrawn English leader comes back in a Montfort controlled
    port city or in Bro Saoz (9.221)."""

    name = "return-leader"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"]["leaders"]:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name = rs.piece_name(state, frame["vars"]["leaders"][0])
        return (N_("Montfort: {name} comes back — in one of your port cities or in Bro Saoz "
                   "({rule})", name=name, rule=rs.cite('9.221 T2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        pid = frame["vars"]["leaders"][0]
        for area in sorted(rs.board_map.areas):
            if rs.board_map.areas[area].port and state["control"].get(area) == "montfort":
                yield Action("leader-to", (pid, area))
        yield Action("leader-to", (pid, "bro-saoz"))

    @verb("leader-to", label=labels.leader_to)
    def on_leader_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        pid, place = action.args
        frame["vars"]["leaders"].remove(pid)
        state["vars"]["withdrawn"].pop(pid, None)
        put_piece(state, pid, place)
        ctx.log(N_("{piece} is back in {place}", piece=rs.piece_name(state, pid),
                   place=rs.board_map.place_name(place)),
                rs.cite("9.221 T2"))
        self.begin(rs, state, frame, ctx, flow)


BATTLE_STEPS = (Battle, JoinBattle, CommanderChoice, ChitChoice, Losses, Aftermath, Flanking,
                Retreat, RetreatExcess, StarOrder, ReturnLeader)
