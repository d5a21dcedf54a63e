"""Game data the players may fill in or correct: card values, table cells, chart results.

Rule books leave values out (a table the text does not print, a card whose text we do
not have). A ruleset declares those values as *data sheets*: which YAML file, where in
it, and the type of each cell. Then

- every new game copies the sheets' values into its state (``state["data"]``) and its
  game file (``game_data``), so that replaying a game, undo, and play by email use the
  values the game was played with, whatever the files say later;
- the manual verb ``data SHEET KEY:SUB=VALUE ...`` changes values inside one game (logged,
  undoable, sent by email like any action);
- :func:`save_sheet_values` writes values back to the ruleset's YAML file (the defaults of
  new games), changing only the scalars edited, so the file's comments and layout stay.

Three layouts cover the data we ship:

``records``  a mapping of rows, each a mapping of fields (cards: ``B-01: {activation: 2}``)
``grid``     a mapping of columns, each a list of cells (a table: ``"2/1": [null, 3, ...]``)
``column``   a mapping of scalars (a chart: ``{1: killed, 2: null}``)

A cell's address is ``KEY:SUB``: row and field (records), column and row label (grid),
key and ``value`` (column). ``None`` is an unknown value, written ``?`` in an action.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

from ..base.atomic import atomic_write_text
from ..base.errors import BoardappError, DataError, InvalidActionError
from ..base.i18n import N_, Msg, listing
from ..base.yamlio import load_yaml_file, load_yaml_text

if TYPE_CHECKING:  # PyYAML's nodes: imported when a sheet is written back
    import yaml

UNKNOWN = "?"
LAYOUTS = ("records", "grid", "column")
KINDS = ("int", "text", "bool", "choice")
_SAFE = "/-_.,'()!*+<>[]@"


@dataclass(frozen=True)
class CellType:
    """What a cell may hold: ``int`` (within ``low..high``), ``text`` (matching
    ``pattern`` if given), ``bool``, or one of ``choices``. ``None`` (unknown) is always
    allowed: a value the players do not know yet."""

    kind: str = "text"
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    pattern: str = ""
    label: str = ""
    """How the editor names a field (records) when it differs from the key."""

    def check(self, value: Any) -> str | None:
        """Why ``value`` does not fit, or ``None``."""
        if value is None:
            return None
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return N_("expected a whole number, got {value}", value=repr(value))
            if self.low is not None and value < self.low:
                return N_("{value} is below {low}", value=value, low=self.low)
            if self.high is not None and value > self.high:
                return N_("{value} is above {high}", value=value, high=self.high)
        elif self.kind == "bool":
            if not isinstance(value, bool):
                return N_("expected yes or no (true/false), got {value}", value=repr(value))
        elif self.kind == "choice":
            if value not in self.choices:
                return N_("expected one of {choices}, got {value}",
                          choices=listing(list(self.choices)), value=repr(value))
        elif not isinstance(value, str):
            return N_("expected text, got {value}", value=repr(value))
        elif self.pattern and not re.fullmatch(self.pattern, value):
            return N_("{value} is not of the form the table uses ({pattern})",
                      value=repr(value), pattern=self.pattern)
        return None

    def parse(self, text: str) -> Any:
        """A value from its written form (``?`` = unknown); raises ``ValueError``."""
        if text == UNKNOWN:
            return None
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                span = (f" from {self.low} to {self.high}" if self.low is not None
                        and self.high is not None else "")
                raise ValueError(N_("expected a whole number{span}, got {entry}", span=span,
                                    entry=repr(text))) from None
        if self.kind == "bool":
            low = text.lower()
            if low in ("true", "yes", "1"):
                return True
            if low in ("false", "no", "0"):
                return False
            raise ValueError(N_("expected yes or no, got {entry}", entry=repr(text)))
        return text

    def show(self, value: Any) -> str:
        """The written form of ``value``."""
        if value is None:
            return UNKNOWN
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def word(self, value: Any) -> str:
        """``value`` as a player reads it: yes and no, and a choice the ruleset gave as
        a message, drawn in the reader's language; else its written form
        (:meth:`show`, which stays English: the ``data`` action's notation)."""
        if isinstance(value, bool):
            return N_("yes") if value else N_("no")
        if self.kind == "choice":
            for choice in self.choices:
                if isinstance(choice, Msg) and choice == value:
                    return choice
        return self.show(value)

    def read(self, text: str) -> Any:
        """A value from what a player wrote or chose: :meth:`word` in the language now
        (``oui``, a translated choice), else the written form (:meth:`parse`)."""
        if self.kind == "bool":
            for value in (True, False):
                if text == str(self.word(value)):
                    return value
        if self.kind == "choice":
            for choice in self.choices:
                if text == str(choice):
                    return str.__str__(choice)
        return self.parse(text)


@dataclass(frozen=True)
class Sheet:
    """One editable sheet of a ruleset's data (see the module docstring)."""

    id: str
    title: str
    file: Path
    path: tuple[str, ...] = ()
    """Keys from the top of the YAML document to the sheet's mapping."""
    layout: str = "records"
    fields: Mapping[str, CellType] = field(default_factory=dict)
    """``records``: the editable fields; ``grid``/``column``: one entry, the cell type."""
    row_labels: tuple[str, ...] = ()
    """``grid``: the label of each list position (e.g. the die faces)."""
    keys: str = ""
    """``records``: a regular expression the row keys must match (others are skipped)."""
    rule: str = ""
    note: str = ""
    row_label: str = ""
    """``records``: a field of the file shown next to each row's key (e.g. a card's name)."""
    row_help: str = ""
    """``records``: a field of the file shown as each row's tooltip (e.g. what the rules say)."""
    unused: frozenset[tuple[str, str]] = frozenset()
    """Cells ``(key, sub)`` that mean nothing for their row (e.g. beyond a limit): shown
    greyed, never edited."""

    @property
    def cell(self) -> CellType:
        """The cell type of a ``grid`` or ``column`` sheet."""
        return next(iter(self.fields.values()), CellType())

    def cell_type(self, sub: str) -> CellType:
        """The type of the cells at sub-address ``sub``."""
        if self.layout == "records":
            return self.fields[sub]
        return self.cell


# -- reading ------------------------------------------------------------------------------
_CACHE: dict[tuple[str, int], Any] = {}


def _load(path: Path) -> Any:
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise DataError(str(path), "", N_("cannot read the file: {strerror}",
                                          strerror=exc.strerror)) from exc
    key = (str(path), stamp)
    if key not in _CACHE:
        _CACHE[key] = load_yaml_file(path)
    return _CACHE[key]


def _node(doc: Any, sheet: Sheet) -> Mapping[Any, Any]:
    node = doc
    for i, key in enumerate(sheet.path):
        if not isinstance(node, Mapping) or key not in node:
            where = ".".join(sheet.path[: i + 1])
            raise DataError(str(sheet.file), where, N_("missing (the '{title}' sheet)",
                                                       title=sheet.title))
        node = node[key]
    if not isinstance(node, Mapping):
        where = ".".join(sheet.path) or "the document"
        raise DataError(str(sheet.file), where,
                        N_("expected a mapping (the '{title}' sheet)", title=sheet.title))
    return node


_READ: dict[tuple[str, str], tuple[Sheet, int, str]] = {}
"""The values of each sheet read (as JSON text), by file and sheet id, with the sheet
and the file's modification time."""


def read_sheet(sheet: Sheet) -> dict[str, Any]:
    """The sheet's values as the file holds them now (keys as text): a fresh copy, read
    and checked again only when the file changed."""
    try:
        stamp = sheet.file.stat().st_mtime_ns
    except OSError:
        stamp = -1
    key = (str(sheet.file), sheet.id)
    kept = _READ.get(key)
    if kept is not None and kept[1] == stamp != -1 and kept[0] == sheet:
        return json.loads(kept[2])
    values = _read_sheet(sheet)
    try:
        text = json.dumps(values)
    except (TypeError, ValueError):  # not plain JSON data (a YAML date): not kept
        return values
    if json.loads(text) == values:  # the copy is exact (no number keys turned to text)
        _READ[key] = (sheet, stamp, text)
    return values


def _read_sheet(sheet: Sheet) -> dict[str, Any]:
    node = _node(_load(sheet.file), sheet)
    where = ".".join(sheet.path)
    prefix = f"{where}." if where else ""
    file = str(sheet.file)
    values: dict[str, Any] = {}
    for key, item in node.items():
        key = str(key)
        if sheet.layout == "records":
            if sheet.keys and not re.fullmatch(sheet.keys, key):
                continue
            if not isinstance(item, Mapping):
                raise DataError(file, prefix + key, N_("expected a mapping of fields"))
            values[key] = {name: item.get(name) for name in sheet.fields}
        elif sheet.layout == "grid":
            if not isinstance(item, list) or len(item) != len(sheet.row_labels):
                raise DataError(file, prefix + key,
                                N_("expected a list of {n_row_labels} values",
                                   n_row_labels=len(sheet.row_labels)))
            values[key] = list(item)
        else:
            values[key] = item
    problems = check_values(sheet, values)
    if problems:
        place, _, problem = problems[0].partition(": ")
        raise DataError(file, prefix + place, problem)
    return values


def row_texts(sheet: Sheet, field_name: str) -> dict[str, str]:
    """``records``: the text of field ``field_name`` of each row in the file (rows without
    it are left out); ``{}`` when the file cannot be read."""
    if not field_name:
        return {}
    try:
        node = _node(_load(sheet.file), sheet)
    except BoardappError:
        return {}
    return {str(k): str(v[field_name]) for k, v in node.items()
            if isinstance(v, Mapping) and v.get(field_name) is not None}


def check_values(sheet: Sheet, values: Any) -> list[str]:
    """What is wrong with ``values`` for ``sheet`` (``[]`` if nothing), each problem
    ``"PLACE: WHAT"``."""
    if not isinstance(values, Mapping):
        return [f"{sheet.id}: " + str(N_("expected a mapping"))]
    problems = []
    for key, item in values.items():
        if sheet.layout == "records":
            if not isinstance(item, Mapping):
                problems.append(f"{key}: " + str(N_("expected a mapping of fields")))
                continue
            cells = [(name, value) for name, value in item.items()]
        elif sheet.layout == "grid":
            if not isinstance(item, list) or len(item) != len(sheet.row_labels):
                problems.append(f"{key}: " + str(N_("expected a list of {n} values",
                                                       n=len(sheet.row_labels))))
                continue
            cells = list(zip(sheet.row_labels, item, strict=True))
        else:
            cells = [("value", item)]
        for sub, value in cells:
            if sheet.layout == "records" and sub not in sheet.fields:
                problems.append(f"{key}:{sub}: " + str(N_(
                    "not a field of the {title} ({fields})", title=sheet.title,
                    fields=", ".join(sheet.fields))))
                continue
            why = sheet.cell_type(sub).check(value)
            if why:
                problems.append(f"{key}:{sub}: {why}")
    return problems


def snapshot(sheets: Sequence[Sheet]) -> dict[str, dict[str, Any]]:
    """The values of every sheet now: what a new game starts with."""
    return {sheet.id: read_sheet(sheet) for sheet in sheets}


def get_cell(sheet: Sheet, values: Mapping[str, Any], key: str, sub: str) -> Any:
    """The value at ``key:sub`` (raises ``KeyError`` if there is no such cell)."""
    item = values[key]
    if sheet.layout == "records":
        if sub not in sheet.fields:
            raise KeyError(sub)
        return item.get(sub)
    if sheet.layout == "grid":
        return item[sheet.row_labels.index(sub)] if sub in sheet.row_labels else \
            _missing(sub)
    if sub != "value":
        raise KeyError(sub)
    return item


def _missing(sub: str) -> Any:
    raise KeyError(sub)


def set_cell(sheet: Sheet, values: dict[str, Any], key: str, sub: str, value: Any) -> None:
    """Set the value at ``key:sub`` in ``values`` (checked beforehand)."""
    get_cell(sheet, values, key, sub)
    if sheet.layout == "records":
        values[key][sub] = value
    elif sheet.layout == "grid":
        values[key][sheet.row_labels.index(sub)] = value
    else:
        values[key] = value


# -- the action's text form ----------------------------------------------------------------
def encode_edit(sheet: Sheet, key: str, sub: str, value: Any) -> str:
    """One ``KEY:SUB=VALUE`` word of a ``data`` action."""
    shown = sheet.cell_type(sub).show(value)
    text = UNKNOWN if value is None else quote(shown, safe=_SAFE)
    return f"{quote(key, safe=_SAFE)}:{quote(sub, safe=_SAFE)}={text}"


def decode_edit(sheet: Sheet, values: Mapping[str, Any], word: str) -> tuple[str, str, Any]:
    """``(key, sub, value)`` from a ``KEY:SUB=VALUE`` word, checked against the sheet."""
    address, sep, written = word.partition("=")
    key, sep2, sub = address.partition(":")
    if not sep or not sep2:
        raise InvalidActionError(N_("{word}: expected KEY:SUB=VALUE (e.g. B-01:activation=2)",
                                    word=repr(word)))
    key, sub = unquote(key), unquote(sub)
    try:
        get_cell(sheet, values, key, sub)
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidActionError(N_("{word}: the {title} has no cell {key}:{sub}", word=repr(word),
                                    title=sheet.title, key=key, sub=sub)) \
            from exc
    if (key, sub) in sheet.unused:
        raise InvalidActionError(N_("{word}: the {title} does not use {key}:{sub}",
                                    word=repr(word), title=sheet.title, key=key, sub=sub))
    kind = sheet.cell_type(sub)
    try:
        value = kind.parse(written if written == UNKNOWN else unquote(written))
    except ValueError as exc:
        raise InvalidActionError(N_("{word}: {exc}", word=repr(word), exc=exc)) from exc
    why = kind.check(value)
    if why:
        raise InvalidActionError(N_("{word}: {why}", word=repr(word), why=why))
    return key, sub, value


# -- writing the file back ------------------------------------------------------------------
def _scalar(value: Any) -> str:
    import yaml  # (writing a sheet back only: a command that reads one needs no PyYAML)

    text = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10**6)
    return text.strip()[1:-1]


def _child(node: yaml.Node, key: str) -> yaml.Node | None:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return v
    return None


def _edit_spans(text: str, sheet: Sheet, edits: Iterable[tuple[str, str, Any]]
                ) -> list[tuple[int, int, str]]:
    import yaml

    from ..base.yamlio import YAML_LOADER

    root = yaml.compose(text, Loader=YAML_LOADER)
    if root is None:
        raise DataError(str(sheet.file), "", N_("empty file"))
    node: yaml.Node | None = root
    for key in sheet.path:
        node = _child(node, key) if node is not None else None
    if node is None:
        raise DataError(str(sheet.file), ".".join(sheet.path), N_("missing"))
    spans = []
    for key, sub, value in edits:
        row = _child(node, key)
        if row is None:
            raise DataError(str(sheet.file), key, N_("no such row in '{title}'",
                                                     title=sheet.title))
        if sheet.layout == "column":
            target: yaml.Node | None = row
        elif sheet.layout == "grid":
            if not isinstance(row, yaml.SequenceNode):
                raise DataError(str(sheet.file), key, N_("expected a list"))
            target = row.value[sheet.row_labels.index(sub)]
        else:
            target = _child(row, sub)
            if target is None:
                spans.append(_insert_field(text, row, sub, value))
                continue
        if not isinstance(target, yaml.ScalarNode):
            raise DataError(str(sheet.file), f"{key}:{sub}", N_("expected a single value"))
        spans.append((target.start_mark.index, target.end_mark.index, _scalar(value)))
    return spans


def _insert_field(text: str, row: yaml.Node, name: str, value: Any) -> tuple[int, int, str]:
    """A span that adds ``name: value`` to mapping ``row`` (flow or block style)."""
    import yaml

    if not isinstance(row, yaml.MappingNode):
        raise DataError("", N_("line {line}", line=row.start_mark.line + 1),
                        N_("expected a mapping of fields"))
    if row.flow_style:
        end = row.end_mark.index - 1  # just before the closing brace
        sep = ", " if row.value else ""
        return end, end, f"{sep}{name}: {_scalar(value)}"
    last = row.value[-1][1]
    indent = " " * row.value[0][0].start_mark.column
    at = text.find("\n", last.end_mark.index - 1)
    at = len(text) if at < 0 else at
    return at, at, f"\n{indent}{name}: {_scalar(value)}"


def save_sheet_values(sheet: Sheet, edits: Iterable[tuple[str, str, Any]]) -> None:
    """Write ``(key, sub, value)`` edits into the sheet's YAML file, changing only those
    scalars (comments and layout stay), atomically; the result is read back and checked."""
    import yaml

    edits = list(edits)
    for key, sub, value in edits:
        why = sheet.cell_type(sub).check(value)
        if why:
            raise BoardappError(N_("{title}, {key}:{sub}: {why}", title=sheet.title, key=key,
                                   sub=sub, why=why))
    try:
        text = sheet.file.read_text(encoding="utf-8")
        spans = _edit_spans(text, sheet, edits)
    except OSError as exc:
        raise BoardappError(N_("{file}: cannot read it ({strerror})", file=sheet.file,
                               strerror=exc.strerror)) from exc
    except yaml.YAMLError as exc:
        raise BoardappError(N_("{file}: not valid YAML: {exc}", file=sheet.file, exc=exc)) from exc
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    values = load_yaml_text(text, str(sheet.file))
    check = _node(values, sheet)
    for key, sub, value in edits:
        got = get_cell(sheet, read_from(sheet, check), key, sub)
        if got != value:
            raise BoardappError(N_("{file}: writing {key}:{sub} failed (read back {got})",
                                   file=sheet.file, key=key, sub=sub, got=repr(got)))
    atomic_write_text(sheet.file, text)


def read_from(sheet: Sheet, node: Mapping[Any, Any]) -> dict[str, Any]:
    """The sheet's values from an already loaded mapping (keys as text)."""
    if sheet.layout == "records":
        return {str(k): {n: v.get(n) for n in sheet.fields} for k, v in node.items()
                if isinstance(v, Mapping)}
    return {str(k): (list(v) if isinstance(v, list) else v) for k, v in node.items()}
