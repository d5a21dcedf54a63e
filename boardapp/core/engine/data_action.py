"""The manual verb ``data SHEET KEY:SUB=VALUE ...``: set game data inside one game.

A value the rules do not print (a card's activation, a table cell) is filled in or
corrected by the players; the change is an action like any other: logged as by hand,
undone by undo, replayed from the file and sent by email, so both players play with the
same values. See :mod:`boardapp.core.engine.datasheets`.
"""

from __future__ import annotations

import copy
from typing import Any

from ..base.errors import InvalidActionError
from ..base.i18n import N_, listing
from .actions import Action
from .context import Context
from .datasheets import Sheet, decode_edit, encode_edit, set_cell
from .ruleset import Ruleset
from .state import State


def find_sheet(ruleset: Ruleset, sheet_id: str) -> Sheet:
    """The ruleset's data sheet ``sheet_id`` (raises :class:`InvalidActionError`)."""
    sheets = {s.id: s for s in ruleset.data_sheets()}
    if sheet_id not in sheets:
        known = ", ".join(sheets) or "none"
        raise InvalidActionError(N_("{name} has no data sheet {sheet_id} (sheets: {known})",
                                    name=ruleset.name, sheet_id=repr(sheet_id), known=known))
    return sheets[sheet_id]


def data_action(sheet: Sheet, edits: list[tuple[str, str, Any]]) -> Action:
    """The ``data`` action that makes ``(key, sub, value)`` edits to ``sheet``."""
    return Action("data", (sheet.id, *(encode_edit(sheet, k, s, v) for k, s, v in edits)))


def do_data(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    """Apply a ``data`` action: check every edit, then set the values in the game."""
    sheet = find_sheet(ruleset, action.arg(0))
    if len(action.args) < 2:
        raise InvalidActionError(N_("'{action}': give at least one KEY:SUB=VALUE",
                                    action=action.text()))
    values = copy.deepcopy(ruleset.sheet_values(state, sheet.id))
    changes = []
    for word in action.args[1:]:
        key, sub, value = decode_edit(sheet, values, word)
        set_cell(sheet, values, key, sub, value)
        shown = sheet.cell_type(sub).word(value)
        changes.append(N_("{key} {sub} = {value}", key=key, sub=sub, value=shown)
                       if sheet.layout != "column" else N_("{key} = {value}", key=key, value=shown))
    if "data" not in state:
        # A game begun before game data existed: it now keeps its own copy.
        state["data"] = {}
    state["data"][sheet.id] = values
    ctx.log(N_("{title}: {names} (game data set by the players)", title=sheet.title,
               names=listing(changes, "; ")),
            sheet.rule or None)
