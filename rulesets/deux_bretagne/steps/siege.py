"""Sieges in Les Deux Bretagne (rules 8.24, 10.x) and the step losses they cause.

reaction     the defender in his fortified city chooses to withdraw inside (8.24) or to
             fight outside, before the battle.
siege-roll   (automatic) one roll on the Siege Table (10.22-10.25).
step-loss    a player chooses which unit loses a step (one at a time, only legal units).
continued    (automatic) phase E: every siege marker rolls (10.21, 10.25).

The steps; the rules they apply (the Siege Table's modifiers, B-01, who is inside a
fortress, the markers) are in ``model/siege.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve
from boardapp.core.engine.verbs import verb

from ..model import groups, labels
from ..model.base import DeuxBretagneModel
from ..model.battle import TABLES, remove_steps, step_loss, why_words
from ..model.control import update_counties
from ..model.names import data_word
from ..model.siege import b01_in_force, fortress_owner, sieges, units_of
from ..words import N_
from .common import DeuxBretagneStep


class SiegeRoll(DeuxBretagneStep):
    """One roll on the Siege Table and its effects (10.22-10.25)."""

    name = "siege-roll"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        a = rs.board_map.areas[area]
        marker = sieges(state)[area]
        table = TABLES["siege_table"]
        mods = [Modifier(N_("fortress level"), -rs.fortress_level(state, area), rs.cite("10.13")),
                Modifier(N_("siege {level} marker", level=marker['level']), marker["level"],
                         rs.cite("10.25"))]
        arts = [p for p in units_of(rs, state, area, side, within=False)
                if rs.piece_type(state, p).id.endswith("-art")]
        if arts:
            die = ctx.roll(10, zero_based=True)
            bonus = max(b for low, b in table["artillery_bonus"] if die >= low)
            mods.append(Modifier(N_("artillery"), bonus, N_("artillery die {die}, {rule}", die=die,
                                                        rule=rs.cite('10.23'))))
        if side == "blois" and a.port:
            castile = b01_in_force(state)
            mods.append(Modifier(N_("Blois besieging a port"), 0 if castile else -2,
                                 N_("event B-01 played in the last 2 activations: no penalty")
                                 if castile else N_("event B-01 not played in the last 2 "
                                                    "activations, {rule}",
                                                    rule=rs.cite('Siege Table'))))
        rows = table["rows"]
        result = resolve(ctx, table=N_("Siege Table"), column="", sides=10, zero_based=True,
                         modifiers=mods, lookup=lambda n: next(r for r in rows
                                                               if n <= r["upto"]),
                         describe=lambda r: data_word(r["text"]), rule=rs.cite("10.24"),
                         who=rs.side(side).name)
        row = result.result
        defender = fortress_owner(state, area)
        defender = defender if defender in rs.player_sides else None
        v["pending"] = []
        if row["defender"]:
            inner = units_of(rs, state, area, defender, within=True) if defender else []
            owner = defender or "marauders"
            if not inner:  # only Marauders left inside (12.4 example): they take it
                inner = units_of(rs, state, area, "marauders", within=True)
                owner = "marauders"
            if inner:
                v["pending"].append(step_loss(owner, row["defender"], inner, N_("Siege loss"),
                                              rs.cite("10.24")))
            else:
                ctx.log(N_("No unit inside to take the defender's loss: no penalty"),
                        rs.cite("Siege Table"))
        if row["success"]:
            self._capture(rs, state, area, side, defender, ctx)
        else:
            marker["level"] = min(table["max_marker"], marker["level"] + 1)
            ctx.log(N_("The siege goes on: siege {level} marker on {a}", level=marker['level'],
                       a=a.name),
                    rs.cite("10.25"))
        if row["attacker"]:
            outside = units_of(rs, state, area, side, within=False)
            if outside:
                v["pending"].append(step_loss(side, row["attacker"], outside, N_("Siege loss"),
                                              rs.cite("10.24")))
        flow.goto(rs, state, ctx, "step-losses")

    @staticmethod
    def _capture(rs: DeuxBretagneModel, state: State, area: str, side: str,
                 defender: str | None, ctx: Context) -> None:
        name = rs.board_map.place_name(area)
        inner = groups.inside(state)
        for pid in [p for p in pieces_at(state, area) if p in inner]:
            if rs.is_leader(state, pid):
                owner = rs.piece_side(state, pid)
                prison = "prison-bro-saoz" if owner == "blois" else "prison-bro-chall"
                put_piece(state, pid, prison)
                ctx.log(N_("{piece} is captured and sent to {place}",
                           piece=rs.piece_name(state, pid), place=rs.board_map.place_name(prison)),
                        rs.cite("10.24, 9.42"))
            else:
                ctx.log(N_("{piece} inside the fortress is eliminated",
                           piece=rs.piece_name(state, pid)),
                        rs.cite("10.24"))
                state["prev_loc"][pid] = area
                put_piece(state, pid, rs.eliminated_box)
                state["pieces"][pid]["flipped"] = False
        state["vars"]["inside"] = [p for p in state["vars"]["inside"]
                                   if state["pieces"][p]["loc"] != area]
        del sieges(state)[area]
        state["control"][area] = side
        ctx.log(N_("{name} falls: {side} takes control", name=name, side=rs.side(side).name),
                rs.cite("10.24"))
        update_counties(rs, state, ctx)


class StepLosses(DeuxBretagneStep):
    """Step losses (siege table, crossing an enemy fortress...), chosen one at a time by
    their owner among the units that may take them."""

    name = "step-losses"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        pending = frame["vars"]["pending"]
        while pending:
            entry = pending[0]
            alive = [p for p in entry["units"]
                     if state["pieces"][p]["loc"] != rs.eliminated_box]
            entry["units"] = alive
            if entry["count"] <= 0 or not alive:
                pending.pop(0)
                continue
            frame["side"] = entry["side"]
            if len(alive) == 1 or entry["side"] not in rs.player_sides:
                self._lose(rs, state, frame, alive[0], ctx)
                continue
            return  # the player chooses
        then = frame["vars"].get("then")
        if then:  # what the losses interrupted: a battle at the end of the move
            flow.goto(rs, state, ctx, then["step"], side=then["side"], then=None,
                      **then["vars"])
        else:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        entry = frame["vars"]["pending"][0]
        return (N_("{side}: {why} — choose the unit that loses a step ({count} to lose) ({rule})",
                   side=rs.side(entry['side']).name, why=why_words(entry["why"]),
                   count=entry['count'], rule=entry['rule']))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in frame["vars"]["pending"][0]["units"]:
            yield Action("lose-step", (pid,))

    @verb("lose-step", label=labels.piece(N_("Step loss: {0}")), logs=True)
    def on_lose_step(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        self._lose(rs, state, frame, action.args[0], ctx)
        self.begin(rs, state, frame, ctx, flow)

    @staticmethod
    def _lose(rs: DeuxBretagneModel, state: State, frame: Frame, pid: str, ctx: Context) -> None:
        entry = frame["vars"]["pending"][0]
        ctx.log(N_("{why}: {result}"), entry["rule"], why=why_words(entry["why"]),
                result=remove_steps(rs, state, pid, 1))
        entry["count"] -= 1
        entry["units"] = [p for p in entry["units"]
                          if state["pieces"][p]["loc"] != rs.eliminated_box]


class Reaction(DeuxBretagneStep):
    """The defender may withdraw inside his fortified city when enemies enter (8.24)."""

    name = "reaction"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        area = rs.board_map.place_name(frame["vars"]["area"])
        return (N_("{side}: withdraw inside the fortress of {area}, or stay outside and fight? "
                   "({rule})", side=rs.side(frame['side']).name, area=area, rule=rs.cite('8.24')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("withdraw")
        yield Action("fight")

    @verb("withdraw", label=N_("Withdraw inside the fortress"))
    def on_withdraw(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        mine = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side]
        state["vars"]["inside"].extend(p for p in mine
                                                      if p not in groups.inside(state))
        ctx.log(N_("{names} withdraw inside the fortress of {place}", names=rs.names(state, mine),
                   place=rs.board_map.place_name(area)), rs.cite("8.24"))
        attacker = v["attacker"]
        spent = state["vars"]["mp_spent"]
        for pid, mp in v.get("spent_before", {}).items():
            if pid in spent:
                spent[pid] = mp  # the army may move on, leaving enough units (8.24)
        flow.end(rs, state, ctx, result=attacker)

    @verb("fight", label=N_("Stay outside and fight"))
    def on_fight(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        ctx.log(N_("{side} stays outside to fight", side=rs.side(frame['side']).name),
                rs.cite("8.24"))
        flow.goto(rs, state, ctx, "battle", side=v["attacker"])


class ContinuedSieges(DeuxBretagneStep):
    """Phase E: a roll for every area with a siege marker (10.21, 10.25)."""

    name = "continued-sieges"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        todo = frame["vars"]["todo"]
        while todo:
            area = todo.pop(0)
            marker = sieges(state).get(area)
            if marker is None:
                continue
            ctx.log(N_("Continued siege of {place}", place=rs.board_map.place_name(area)),
                    rs.cite("4.0 E"))
            flow.call(rs, state, ctx, "siege-roll", side=marker["side"], area=area)
            return
        flow.end(rs, state, ctx, result="sieges-done")


SIEGE_STEPS = (SiegeRoll, StepLosses, Reaction, ContinuedSieges)
