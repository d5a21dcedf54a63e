"""The Lily and the Ermine's game data sheets: the table values the rules do not print.

The Fatigue and Desertion Table, its season/terrain modifiers and the Combat Table ship
with their structure and ``null`` for every unknown value (``data/tables.yaml``). The
players fill them in Edit > Game data (for this game: a logged ``data`` action; and,
if they wish, as the defaults of new games). The rules read the values of the game being
played through :func:`fatigue_results`, :func:`fatigue_modifier` and
:func:`combat_results`, never the file directly, so a game replays with its own values.
"""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.state import State

from .base import LilyErmineModel
from .data import DATA_DIR, CombatResult, parse_result
from .words import N_

TABLES = DATA_DIR / "tables.yaml"
RESULT_PATTERN = r"\d+R?\*?/\d+R?\*?"


def data_sheets(rs: LilyErmineModel) -> list[Sheet]:
    """The sheets of ``data/tables.yaml`` (die faces read from the tables)."""
    fatigue_lo, fatigue_hi = rs.fatigue_table.die
    combat_lo, combat_hi = rs.combat_table.die
    return [
        Sheet("fatigue", N_("Fatigue and Desertion Table"), TABLES, ("fatigue", "results"),
              "grid", {"sp": CellType("int", low=0, high=99, label=N_("die"))},
              row_labels=tuple(str(d) for d in range(fatigue_lo, fatigue_hi + 1)),
              rule=rs.cite("9"),
              note=N_("SP lost, by column of SP in the stack (columns) and modified die "
                      "(rows). Not printed in the rules: the value of the rules' example is "
                      "filled in.")),
        Sheet("fatigue-modifiers", N_("Fatigue modifiers"), TABLES, ("fatigue", "modifiers"),
              "records", {"value": CellType("int", low=-9, high=9, label=N_("die modifier"))},
              rule=rs.cite("9"),
              note=N_("Die modifiers of the Fatigue and Desertion Table (season, mountain or "
                      "forest). Unknown ones are named in the question the game asks.")),
        Sheet("combat", N_("Combat Table"), TABLES, ("combat", "results"), "grid",
              {"result": CellType("text", pattern=RESULT_PATTERN, label=N_("die"))},
              row_labels=tuple(str(d) for d in range(combat_lo, combat_hi + 1)),
              rule=rs.cite("10"),
              note=N_("Attacker/defender SP lost by ratio column and die, e.g. 0/3R; R = that "
                      "side retreats, * = its historical commanders may be eliminated.")),
    ]


def _by_die(rs: LilyErmineModel, state: State, sheet_id: str, low: int) -> dict[str,
            dict[int, Any]]:
    values = rs.sheet_values(state, sheet_id)
    return {column: {low + i: v for i, v in enumerate(cells)}
            for column, cells in values.items()}


def fatigue_results(rs: LilyErmineModel, state: State) -> dict[str, dict[int, int | None]]:
    """The game's Fatigue and Desertion Table: ``[column][modified die]`` = SP lost."""
    return _by_die(rs, state, "fatigue", rs.fatigue_table.die[0])


def fatigue_modifier(rs: LilyErmineModel, state: State, modifier: str) -> int | None:
    """The game's value of a fatigue modifier (``None``: unknown)."""
    row = rs.sheet_values(state, "fatigue-modifiers").get(modifier)
    return None if row is None else row.get("value")


def combat_results(rs: LilyErmineModel, state: State) -> dict[str, dict[int, CombatResult | None]]:
    """The game's Combat Table: ``[column][die]`` = result."""
    return {column: {die: None if v is None else parse_result(v)
                     for die, v in cells.items()}
            for column, cells in _by_die(rs, state, "combat", rs.combat_table.die[0]).items()}
