"""The charts' procedure (crib Phases Three and Eight): roll for each leader of a queue;
ask the players the printed result while the game data does not give it."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import ask_result
from boardapp.core.engine.verbs import verb

from ..model import N_, PLAYERS, RESULT_WORDS, LionModel

RESULT_LABELS = {"killed": N_("Killed"), "captured": N_("Captured"), "routed": N_("Routed"),
                 "dies": N_("Dies"), "lives": N_("Lives")}
"""The charts' results on their buttons (English as before: the result, capitalised)."""


def _result_label(rs: LionModel, state: State, action: Action) -> str:
    return RESULT_LABELS.get(action.arg(0), action.arg(0).capitalize())


class ChartStep(Step[LionModel]):
    """Roll on a chart for each leader of a queue; ask the printed result if unknown.

    Frame vars: ``chart`` (id), ``queue`` (leaders still to roll), ``leader`` and
    ``die`` (the roll waiting for its result).
    """

    name = "chart"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        chart = rs.charts[v["chart"]]
        while v["queue"]:
            pid = v["queue"].pop(0)
            die = ctx.roll(chart.die)
            v["leader"], v["die"] = pid, die
            known = rs.chart_result(state, chart.id, die)
            name = rs.piece_name(state, pid)
            if known is not None:
                ctx.log(N_("{name}: {name2} rolls {die} → {known}", name=chart.name, name2=name,
                           die=die, known=RESULT_WORDS.get(known, known)), chart.rule)
                rs.chart_effect(state, chart.id, pid, known, ctx)
                continue
            owner = rs.leader_side(state, pid)
            if owner in PLAYERS:
                frame["side"] = owner
            ask_result(ctx, table=chart.name, rule=chart.rule, cell=(str(die), "value"),
                       question=N_("{name} rolled {die}: give the printed result ({choices})",
                                   name=name, die=die, choices=listing(
                                       [RESULT_WORDS.get(c, c) for c in chart.choices])))
            return
        flow.end(rs, state, ctx, None)

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        chart = rs.charts[v["chart"]]
        who = rs.side(frame["side"]).name if frame["side"] in PLAYERS else N_("Players")
        leader = rs.leaders.get(v["leader"])
        entry = N_(" (entered {year})", year=leader.year) \
            if leader and v["chart"] == "leader-death" else ""
        return (N_("{who}: {piece}{entry} rolled {die} on the {name} ({rule}). Its printed "
                   "values are unknown to boardapp: what does your chart say?", who=who,
                   piece=rs.piece_name(state, v['leader']), entry=entry, die=v['die'],
                   name=chart.name, rule=chart.rule))

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        known = rs.chart_result(state, v["chart"], v["die"])
        if known is not None:  # filled in Game data since the question was asked
            yield Action("chart-result", (known,))
            return
        for choice in rs.charts[v["chart"]].choices:
            yield Action("chart-result", (choice,))

    @verb("chart-result", label=_result_label, logs=True)
    def on_chart_result(self, rs: LionModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        chart = rs.charts[v["chart"]]
        ctx.log(N_("{name}: {piece} rolled {die} → {reading} (the players' reading of the "
                   "printed chart)", name=chart.name, piece=rs.piece_name(state, v['leader']),
                   die=v['die'], reading=RESULT_WORDS.get(action.args[0], action.args[0])),
                chart.rule)
        rs.chart_effect(state, chart.id, v["leader"], action.args[0], ctx)
        self.begin(rs, state, frame, ctx, flow)
