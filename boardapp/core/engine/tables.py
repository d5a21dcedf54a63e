"""Table resolution shown in full: the table, the column, each modifier with its source,
the die, the modified roll and the result, with the rule section.

A ruleset resolves a printed table with :func:`resolve`, which rolls through the action's
context (so dice set by hand are used and every roll is logged) and writes one log line
whose ``detail`` carries everything the UI shows in its table panel. A table whose values
are unknown is not invented: :func:`ask_result` records that the players give the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.i18n import N_
from .actions import LogLine
from .context import Context


@dataclass(frozen=True)
class Modifier:
    """A die roll modifier and where it comes from (a leader, a chit, a rule)."""

    label: str
    value: int
    source: str = ""


@dataclass(frozen=True)
class Resolution:
    """The outcome of one table roll."""

    table: str
    column: str
    die: int
    modified: int
    result: Any
    text: str


def resolve(ctx: Context, *, table: str, column: str, sides: int, zero_based: bool,
            modifiers: Sequence[Modifier], lookup: Callable[[int], Any],
            describe: Callable[[Any], str] = str, clamp: tuple[int, int] | None = None,
            rule: str | None = None, who: str = "") -> Resolution:
    """Roll on ``table`` (``column``): die + modifiers (clamped), then ``lookup``.

    Writes one log line such as ``"Red rolls on the Combat Table, column 8-10: die 3,
    +2 leader bonus (the Duke) = 5 → 6 losses"`` with the rule cited.
    """
    die = ctx.roll(sides, zero_based=zero_based)
    total = die + sum(m.value for m in modifiers)
    if clamp is not None:
        total = max(clamp[0], min(clamp[1], total))
    result = lookup(total)
    text = (N_("{who} rolls on the {table}", who=who, table=table) if who
            else N_("Roll on the {table}", table=table))
    if column:
        text = text + N_(", column {column}", column=column)
    text = text + N_(": die {die}", die=die)
    for m in modifiers:
        if m.value and m.source:
            text = text + N_(", {value} {label} ({source})", value=f"{m.value:+d}",
                             label=m.label, source=m.source)
        elif m.value:
            text = text + N_(", {value} {label}", value=f"{m.value:+d}", label=m.label)
    text = text + N_(" = {total} → {result}", total=total, result=describe(result))
    ctx.lines.append(LogLine(text, rule, detail={
        "kind": "table", "table": table, "column": column, "die": die,
        "modifiers": [{"label": m.label, "value": m.value, "source": m.source}
                      for m in modifiers],
        "modified": total, "result": describe(result), "rule": rule, "who": who}))
    return Resolution(table, column, die, total, result, text)


def ask_result(ctx: Context, *, table: str, question: str, rule: str | None = None,
               cell: tuple[str, str] | None = None) -> None:
    """Log that ``table``'s printed values are unknown and the players give the result;
    ``cell`` (``(key, sub)`` of its data sheet) is the value asked, for the editor."""
    detail: dict = {"kind": "ask", "table": table, "question": question, "rule": rule}
    if cell is not None:
        detail["cell"] = list(cell)
    ctx.lines.append(LogLine(N_("{table}: its values are not known to boardapp — {question}",
                                table=table, question=question),
                             rule, detail=detail))
