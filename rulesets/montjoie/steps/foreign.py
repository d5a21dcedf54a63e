"""Séq. 6 phase 2, Interventions étrangères: 1D6 on the board's table (not printed in
the rule book: Game data "Interventions étrangères" shows its line, or the players read
their board); the first player then carries it out."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import ask_result
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel


class ForeignStep(Step[MontjoieModel]):
    """Roll for the intervention; the first player ends it once carried out."""

    name = "foreign"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        die = ctx.roll(6)
        frame["vars"]["die"] = die
        text = rs.sheet_values(state, "foreign").get(str(die))
        if text:
            ctx.log(f"Intervention étrangère: die {die} → {text} (Game data)",
                    rs.cite("Séq. 6"))
        else:
            ask_result(ctx, table="Interventions étrangères", rule=rs.cite("Séq. 6"),
                       cell=(str(die), "text"),
                       question=f"die {die}: read the board's table and carry it out")

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return (f"{rs.nation_name(frame['side'])}: foreign intervention, die "
                f"{frame['vars']['die']}: carry out the board's table, then go on "
                "(Montjoie Séq. 6)")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("foreign-done")

    @verb("foreign-done", label="The foreign intervention is carried out")
    def on_foreign_done(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log("The foreign intervention is over", rs.cite("Séq. 6"))
        flow.end(rs, state, ctx)
