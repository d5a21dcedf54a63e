"""The reading chosen for each ambiguity of the book (GA 17, B1-B37).

A game's choices are a plain mapping ``{"B7": "lower", ...}`` (the Game data sheet);
a switch not in it takes its default reading from ``data/readings.yaml``. Every
function of the model that depends on a switch takes ``readings`` and returns the
reading it used, so the log line can say ``B7=upper``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardapp.core.base.errors import DataError

from .printed import switches

Readings = Mapping[str, str] | None


def reading(readings: Readings, switch: str) -> str:
    """The reading of ``switch`` in ``readings``, else its default. An unknown switch
    or reading is a :class:`DataError` (a damaged data sheet, never a crash)."""
    table = switches()
    if switch not in table:
        raise DataError("Game data", switch, "no such ambiguity switch")
    chosen = (readings or {}).get(switch, table[switch]["default"])
    if chosen not in table[switch]["readings"]:
        raise DataError("Game data", switch, f"unknown reading {chosen!r}")
    return str(chosen)


def defaults() -> dict[str, str]:
    """Every switch with its default reading."""
    return {sid: str(entry["default"]) for sid, entry in switches().items()}


def sheet_rows() -> list[dict[str, Any]]:
    """The switches as rows for the Game data sheet: id, question, where, readings,
    default and owner ("model": a model function takes it; "flow": the steps do)."""
    return [{"id": sid, "question": e["question"], "where": e["where"],
             "readings": dict(e["readings"]), "default": e["default"], "owner": e["owner"]}
            for sid, e in switches().items()]
