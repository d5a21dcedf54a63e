"""Lion in Winter's game data sheets: the two charts whose printed values the crib sheet
does not give (the Elimination Chart and the Leader Death Chart).

They ship with every result ``null`` (``data/charts.yaml``): the die is rolled and the
players give the printed result. Filled in Edit > Game data (for this game, a logged
``data`` action; and, if they wish, as the defaults of new games), they resolve by
themselves. The rules read them through :func:`chart_result`.
"""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.state import State

from .data import DATA_DIR
from .words import N_

CHARTS = DATA_DIR / "charts.yaml"
RESULT_WORDS = {"killed": N_("killed"), "captured": N_("captured"), "routed": N_("routed"),
                "dies": N_("dies"), "lives": N_("lives")}
"""The charts' results as words (English: the result as it is), in sentences and in the
Game data editor."""


def data_sheets(rs: Any) -> list[Sheet]:
    """One sheet per chart of ``data/charts.yaml`` (rows: the die faces)."""
    return [Sheet(chart.id, chart.name, CHARTS, ("charts", chart.id, "results"), "column",
                  {"result": CellType("choice", choices=tuple(
                      RESULT_WORDS.get(c, c) for c in chart.choices), label=N_("result"))},
                  rule=chart.rule,
                  note=N_("The printed result for each die face (1d{die}): not in the crib "
                          "sheet.", die=chart.die))
            for chart in rs.charts.values()]


def chart_result(rs: Any, state: State, chart: str, die: int) -> str | None:
    """The game's result of ``chart`` for ``die`` (``None``: unknown, ask the players)."""
    return rs.sheet_values(state, chart).get(str(die))
