"""The printed tables of Guet-Apens (``data/tables.yaml``), the not-printed defaults
(``data/not_printed.yaml``) and the ambiguity switches (``data/readings.yaml``), read
once with the project's safe YAML loader and checked, so a damaged file ends in a
:class:`DataError` naming the file and the place.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from boardapp.core.base.errors import DataError
from boardapp.core.base.yamlio import load_yaml_file

DATA = Path(__file__).resolve().parent.parent / "data"
TABLES = (
    "life_points", "reduction", "horse_worth", "ranges", "range_quarters",
    "shooting_factors", "shooting_damage", "initiative_modifiers", "parry_malus",
    "melee_factors", "weapons", "damage_modifiers", "broken_lance", "unhorsed",
    "horse_hit", "knockout", "morale_environment", "morale_results", "rally", "capture",
    "lance_bearers", "reserve_horses", "unconsciousness", "recovery", "movement",
    "obstacles", "reinforcements_verendois", "reinforcements_tower", "drowning",
    "pillage_score",
)
"""Every table ``tables.yaml`` must hold, each a mapping with its ``rule``."""


def _mapping(path: Path) -> dict[str, Any]:
    data = load_yaml_file(path)
    if not isinstance(data, dict):
        raise DataError(str(path), "", "expected a mapping of tables")
    return data


@cache
def tables() -> dict[str, Any]:
    """The printed tables by name, each with the ``rule`` it is copied from."""
    path = DATA / "tables.yaml"
    data = _mapping(path)
    for name in TABLES:
        table = data.get(name)
        if not isinstance(table, dict) or not isinstance(table.get("rule"), str):
            raise DataError(str(path), name, "missing, or without the rule it cites")
    return data


def table(name: str) -> dict[str, Any]:
    """One printed table (see :data:`TABLES`)."""
    return tables()[name]


def rule(name: str) -> str:
    """The rule a printed table cites, e.g. ``"GA 2.5 (Tableau ..., l.611-616)"``."""
    return str(table(name)["rule"])


@cache
def not_printed() -> dict[str, Any]:
    """The values the book refers to but does not print (GA 16), each with its rule,
    question and default, marked "not printed, asked of the players"."""
    path = DATA / "not_printed.yaml"
    data = _mapping(path)
    for name, entry in data.items():
        if not isinstance(entry, dict) or not {"rule", "question", "default"} <= set(entry):
            raise DataError(str(path), str(name), "needs rule, question and default")
    return data


@cache
def switches() -> dict[str, dict[str, Any]]:
    """The ambiguity switches B1-B37 (GA 17): id -> question, where, readings, default,
    owner. The default is one of the readings."""
    path = DATA / "readings.yaml"
    data = _mapping(path)
    for sid, entry in data.items():
        place = str(sid)
        if not isinstance(entry, dict):
            raise DataError(str(path), place, "expected a mapping")
        readings = entry.get("readings")
        if not isinstance(readings, dict) or not readings:
            raise DataError(str(path), f"{place}.readings", "expected the readings")
        if entry.get("default") not in readings:
            raise DataError(str(path), f"{place}.default", "not one of the readings")
        if entry.get("owner") not in ("model", "flow"):
            raise DataError(str(path), f"{place}.owner", "expected model or flow")
    return data
