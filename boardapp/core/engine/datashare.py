"""Game data shared between games: one file holding the values the players filled in.

One player of a group types the card values and table cells once (*Edit → Game data*),
exports them (:func:`export_doc`, :func:`write_data_file`); the others import the file
into a game (:func:`import_edits`, then one ``data`` action per sheet, logged and
undoable) or as the defaults of new games. The file is JSON::

    {"boardapp": "game-data", "version": 1, "ruleset": "some-game",
     "sheets": {"fatigue": {...values as the game holds them...}}}

Reading checks everything (:func:`read_data_file`): a bad file is refused with its name
and the place of the problem; nothing is applied then.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..base.atomic import atomic_write_text
from ..base.errors import BoardappError, DataError
from ..base.i18n import N_
from ..base.yamlio import load_json_text, read_regular_file
from .datasheets import Sheet, check_values, get_cell
from .ruleset import Ruleset
from .state import State

KIND = "game-data"
VERSION = 1
SUFFIX = ".boardapp-data"
MAX_BYTES = 5_000_000


def export_doc(ruleset: Ruleset, state: State) -> dict[str, Any]:
    """The game data of the game in ``state``, as the file holds it."""
    return {"boardapp": KIND, "version": VERSION, "ruleset": ruleset.id,
            "sheets": {s.id: ruleset.sheet_values(state, s.id) for s in ruleset.data_sheets()}}


def write_data_file(ruleset: Ruleset, state: State, path: str | Path) -> None:
    """Write the game data of ``state`` to ``path`` (atomically)."""
    text = json.dumps(export_doc(ruleset, state), indent=1, ensure_ascii=False)
    atomic_write_text(path, text + "\n")


def read_data_file(ruleset: Ruleset, path: str | Path) -> dict[str, dict[str, Any]]:
    """The sheets' values a data file holds for ``ruleset``, checked: each sheet of the
    file must be a sheet of the ruleset, its values valid for it. Raises
    :class:`DataError` naming the file and the place."""
    file = str(path)
    raw = read_regular_file(path, MAX_BYTES, N_("game data file"))
    try:
        doc = load_json_text(raw.decode("utf-8"), file)
    except UnicodeDecodeError as exc:
        raise DataError(file, f"byte {exc.start + 1}", N_("not UTF-8 text")) from exc
    if not isinstance(doc, dict) or doc.get("boardapp") != KIND:
        raise DataError(file, "boardapp", N_("not a boardapp game data file"))
    if doc.get("version") != VERSION:
        raise DataError(file, "version", N_("version {get} is not known (this boardapp reads "
                                            "version {version})", get=repr(doc.get('version')),
                                            version=VERSION))
    if doc.get("ruleset") != ruleset.id:
        raise DataError(file, "ruleset", N_("the data of {get}, not of {name} ({id})",
                                            get=repr(doc.get('ruleset')), name=ruleset.name,
                                            id=ruleset.id))
    sheets = doc.get("sheets")
    if not isinstance(sheets, dict):
        raise DataError(file, "sheets", N_("expected a mapping of sheets"))
    known = {s.id: s for s in ruleset.data_sheets()}
    out: dict[str, dict[str, Any]] = {}
    for sheet_id, values in sheets.items():
        if sheet_id not in known:
            raise DataError(file, f"sheets.{sheet_id}", N_("{name} has no such sheet ({value})",
                                                           name=ruleset.name,
                                                           value=', '.join(known) or 'none'))
        problems = check_values(known[sheet_id], values)
        if problems:
            place, _, problem = problems[0].partition(": ")
            raise DataError(file, f"sheets.{sheet_id}.{place}", problem)
        out[sheet_id] = values
    return out


def cells(sheet: Sheet, values: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """Every ``(key, sub, value)`` of ``values``."""
    for key, item in values.items():
        if sheet.layout == "records":
            for sub in sheet.fields:
                yield key, sub, item.get(sub) if isinstance(item, dict) else None
        elif sheet.layout == "grid":
            for sub, value in zip(sheet.row_labels, item, strict=False):
                yield key, sub, value
        else:
            yield key, "value", item


def import_edits(ruleset: Ruleset, state: State, sheets: dict[str, dict[str, Any]],
                 keep_known: bool = False) -> list[tuple[Sheet, list[tuple[str, str, Any]]]]:
    """The edits that give the game in ``state`` the imported values: per sheet, every
    cell the game has whose value differs (an unknown imported value is left out;
    ``keep_known``: the game's known values are kept too)."""
    out = []
    for sheet in ruleset.data_sheets():
        if sheet.id not in sheets:
            continue
        current = ruleset.sheet_values(state, sheet.id)
        edits = []
        for key, sub, value in cells(sheet, sheets[sheet.id]):
            if value is None or (key, sub) in sheet.unused:
                continue
            try:
                now = get_cell(sheet, current, key, sub)
            except (KeyError, ValueError, IndexError, TypeError):
                continue  # a row this game does not have
            if now != value and not (keep_known and now is not None):
                edits.append((key, sub, value))
        if edits:
            out.append((sheet, edits))
    return out


def unknown_count(ruleset: Ruleset, state: State) -> int:
    """How many values of the game's data are unknown (``None``)."""
    n = 0
    for sheet in ruleset.data_sheets():
        try:
            values = ruleset.sheet_values(state, sheet.id)
        except (BoardappError, KeyError):
            continue
        n += sum(1 for key, sub, value in cells(sheet, values)
                 if value is None and (key, sub) not in sheet.unused)
    return n
