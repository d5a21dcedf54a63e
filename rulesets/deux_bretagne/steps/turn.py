"""The end of a turn and the start of the next (rules 4.0 D-F, A): Militia go home (11),
county income (12.11), continued sieges (10.25), the turn marker and victory (4.0 F, 13.2),
then the pillage markers each player removes (12.46).

Ransoms, payment and Marauders bought (4.0 D2b, 12.2-12.53) are each player's step in
resources.py; the unpaid segment (4.0 D3, 12.4) is pay.py's; the plague (6.3) is here; the
leader withdrawn by chit T2 comes back last (battle.py). The card distribution of phase B
(5.1) is each player's ``draw`` action (cards.py), so that by email a player's draw
happens in his own action and stays secret.

The steps; the rules they apply (data, predicates) are in ``model/turn.py``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import Modifier, resolve
from boardapp.core.engine.verbs import verb

from ..model import battle as battle_rules
from ..model import cards as card_rules
from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.battle import TABLES, step_loss
from ..model.cards import hand_size
from ..model.siege import sieges
from ..model.turn import (
    PLAYERS,
    STAGES,
    counties_of,
    militia_modifiers,
    militia_on_map,
    pillage_removable,
)
from ..model.victory import advance_turn
from ..words import N_
from .common import DeuxBretagneStep


class EndOfTurn(DeuxBretagneStep):
    """Phases D to F, then A of the next turn, one stage after the other."""

    name = "end-of-turn"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        frame["vars"].setdefault("stage", 0)
        self._run(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._run(rs, state, frame, ctx, flow)

    def _run(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
             flow: Flow) -> None:
        v = frame["vars"]
        while v["stage"] < len(STAGES):
            stage = STAGES[v["stage"]]
            v["stage"] += 1
            if self._stage(rs, state, frame, stage, ctx, flow):
                # A sub-procedure was entered: when it ends (at once, or after a player's
                # choice) ``resume`` runs the next stages. Never run them twice.
                return
        flow.end(rs, state, ctx)

    def _stage(self, rs: DeuxBretagneModel, state: State, frame: Frame, stage: str, ctx: Context,
               flow: Flow) -> bool:
        """Run one stage; True if it entered a sub-procedure."""
        kind, _, side = stage.partition(":")
        if kind == "militia":
            return self._militia(rs, state, side, ctx, flow)
        elif kind == "income":
            self._income(rs, state, ctx)
        elif kind == "unpaid":  # 4.0 D3, both players segment by segment (pay.py)
            flow.call(rs, state, ctx, "unpaid", side="blois")
            return True
        elif kind == "returns":  # 9.221 T2: the withdrawn English leader comes back
            return battle_rules.return_withdrawn(rs, state, ctx, flow)
        elif kind == "spend":  # 4.0 D2b: Blois first
            flow.call(rs, state, ctx, "resources", side=side)
            return True
        elif kind == "sieges":
            todo = sorted(sieges(state))
            if todo:
                flow.call(rs, state, ctx, "continued-sieges", side=frame["side"], todo=todo)
                return True
        elif kind == "advance":
            state["vars"].update(paid=[], unpaid=[], pillage_before={})
            advance_turn(rs, state, ctx, flow)
            if rs.outcome(state) is not None:
                frame["vars"]["stage"] = len(STAGES)
            else:
                ctx.log(N_("Phase B: each player draws up to {hand_size} cards with Draw, in his "
                           "first action of the turn (first Add the Enlisement cards if the "
                           "plague has struck, 5.11)", hand_size=hand_size(state['turn'])),
                        rs.cite("4.0 B, 5.1, Turn Table"))
        elif kind == "plague":
            return self._plague(rs, state, ctx, flow)
        elif kind == "pillage":
            if pillage_removable(rs, state, side):
                limit = TABLES["pillage_removed"]
                allowed = limit["first_turn"] if state["turn"] == 1 else limit["later"]
                flow.call(rs, state, ctx, "pillage-removal", side=side, left=allowed)
                return True
        return False

    @staticmethod
    def _militia(rs: DeuxBretagneModel, state: State, side: str, ctx: Context, flow: Flow) -> bool:
        units = militia_on_map(rs, state, side)
        rows = TABLES["militia_departure"]["rows"]
        result = resolve(ctx, table=N_("Militia Go Home table"), column="", sides=10,
                         zero_based=True, modifiers=militia_modifiers(rs, state, side),
                         lookup=lambda n: next(r["percent"] for r in rows if n <= r["upto"]),
                         describe=lambda pct: N_("{pct}% of the Militia depart", pct=pct),
                         rule=rs.cite("11.0"), who=rs.side(side).name)
        steps = math.ceil(result.result * len(units) / 100)
        if steps and units:
            ctx.log(N_("{side}: {steps} Militia step(s) go home ({result}% of {n} units, rounded "
                       "up)", side=rs.side(side).name, steps=steps, result=result.result,
                       n=len(units)), rs.cite("11.0"))
            flow.call(rs, state, ctx, "step-losses", side=side, pending=[
                step_loss(side, steps, units, N_("Militia go home"), rs.cite("11.0"))])
            return True
        return False

    @staticmethod
    def _plague(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow) -> bool:
        """6.3: once a game, when the turn marker reaches the plague marker, a roll for
        every area with combat units (Blois first): 6 or more costs a step there; then the
        Enlisement cards join the decks (5.11)."""
        v = state["vars"]
        if v.get("plague_turn") != state["turn"] or v.get("plague_done"):
            return False
        v["plague_done"] = True
        ctx.log(N_("The plague strikes Brittany"), rs.cite("6.31"))
        pending = []
        for side in PLAYERS:
            for area in sorted(rs.board_map.areas):
                units = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side
                         and not rs.is_leader(state, p)]
                if not units:
                    continue
                mods = [Modifier(N_("pillage marker"), 1 if area in v["pillage"] else 0),
                        Modifier(N_("more than 2 combat units"), 1 if len(units) > 2 else 0)]
                result = resolve(ctx, table=N_("Plague"), column="", sides=10, zero_based=True,
                                 modifiers=mods, lookup=lambda n: n >= 6,
                                 describe=lambda hit, a=area: (
                                     N_("{value} in {place}",
                                        value=N_("one step lost") if hit else N_("spared"),
                                        place=rs.board_map.place_name(a))),
                                 rule=rs.cite("6.32"), who=rs.side(side).name)
                if result.result:
                    pending.append(step_loss(side, 1, units, N_("Plague"), rs.cite("6.32")))
        for side in PLAYERS:
            if not v["enlisement"][side]:
                card_rules.add_enlisement(rs, state, side, ctx)
        if pending:
            flow.call(rs, state, ctx, "step-losses", side=pending[0]["side"], pending=pending)
            return True
        return False

    @staticmethod
    def _income(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
        income = TABLES["county_income"]
        for side in PLAYERS:
            total = sum(income["regions"].get(r, income["default"])
                        for r in counties_of(rs, state, side))
            state["vars"]["resources"][side] = state["vars"]["resources"].get(side, 0) + total
            ctx.log(N_("{side} receives {total} PS from its counties (Pays de Dol 1, Pays "
                       "nantais 3, others 2): {resources} PS", side=rs.side(side).name,
                       total=total, resources=state['vars']['resources'][side]),
                    rs.cite("4.0 D2a, 12.11"))


class PillageRecovery(DeuxBretagneStep):
    """Phase A: a player removes 1-2 pillage markers from his cities (12.46)."""

    name = "pillage-removal"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if frame["vars"]["left"] <= 0 or not pillage_removable(rs, state, frame["side"]):
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: remove up to {left} pillage marker(s) from your cities, or be done "
                   "({rule})", side=rs.side(frame['side']).name, left=frame['vars']['left'],
                   rule=rs.cite('12.46')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for area in pillage_removable(rs, state, frame["side"]):
            yield Action("remove-pillage", (area,))
        yield Action("done")

    @verb("remove-pillage", label=labels.place(N_("Remove the pillage marker of {0}")))
    def on_remove_pillage(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        area = action.args[0]
        state["vars"]["pillage"].remove(area)
        frame["vars"]["left"] -= 1
        ctx.log(N_("Pillage marker removed from {place}", place=rs.board_map.place_name(area)),
                rs.cite("12.46"))
        self.begin(rs, state, frame, ctx, flow)

    @verb("done", label=N_("Done"))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)


TURN_STEPS = (EndOfTurn, PillageRecovery)
