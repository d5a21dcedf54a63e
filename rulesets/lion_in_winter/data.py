"""Load and validate the Lion in Winter data files (areas, leaders, troops, charts, set-up).

Every file is read with ``yaml.safe_load`` and checked; a problem is reported as
``file: place: problem``. All values that are not in the crib sheet are boardapp
estimates and their files say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardapp.core.base.yamlio import Checker, load_yaml_file

from .words import WORDS

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("english", "french", "non-aligned")
TROOPS = ("knights", "infantry", "longbowmen", "gunners", "mercenaries")
TRACKED = ("knights", "mercenaries")
"""Troop kinds whose counters carry an origin: a knight its flag's country (crib Phase
Five), a mercenary its home area. Their strength is kept under ``KIND:ORIGIN`` keys
(``knights:burgundy``, ``mercenaries:brabant``)."""


def data_word(text: str) -> str:
    """A text of the data files a player reads (a chart's, a band's, a troop kind's or a
    set-up's name) as a message of the game's catalogue: English in the state and the
    files, drawn in the reader's language (``make messages`` extracts it)."""
    return WORDS.msg(text) if text and "{" not in text and "}" not in text else text


def base_kind(key: str) -> str:
    """The troop kind of a strength key: ``knights:burgundy`` -> ``knights``.

    >>> base_kind("knights:burgundy"), base_kind("infantry")
    ('knights', 'infantry')
    """
    return key.split(":", 1)[0]


def key_origin(key: str) -> str:
    """The flag (knights) or home area (mercenaries) of a strength key, "" if none."""
    return key.split(":", 1)[1] if ":" in key else ""


def valid_key(key: str) -> bool:
    """A troop strength key: a kind, or a tracked kind with its origin."""
    return base_kind(key) in TROOPS and (":" not in key or (base_kind(key) in TRACKED
                                                            and key_origin(key) != ""))


@dataclass(frozen=True)
class AreaInfo:
    """Game values of a map area: value 1-3, flag country, neutral (estimates)."""

    id: str
    value: int
    flag: str
    neutral: bool
    source: str = ""


@dataclass(frozen=True)
class Leader:
    """The printed (fixed) values of a leader counter (our estimates)."""

    id: str
    name: str
    side: str
    rank: int
    battle: int
    bravery: int
    home: str
    year: int
    longbow: bool = False
    burgundian: bool = False
    special: str = ""


@dataclass(frozen=True)
class Band:
    """A band of mercenaries: where it lives and its strength (our estimates)."""

    home: str
    name: str
    strength: int
    source: str = ""


@dataclass(frozen=True)
class Chart:
    """A printed chart whose values may be unknown (``None``)."""

    id: str
    name: str
    rule: str
    die: int
    choices: tuple[str, ...]
    results: dict[int, str | None]


@dataclass(frozen=True)
class Scenario:
    """A set-up (ours: the crib sheet gives none)."""

    id: str
    name: str
    description: str
    year: int
    kings: dict[str, str | None]
    leaders: dict[str, str]
    troops: dict[str, dict[str, int]]
    control: dict[str, list[str]]
    rounds: int | None = None
    """Game length in rounds; ``None``: unknown, the players end the game by hand."""


def _load(name: str) -> tuple[Checker, dict[str, Any]]:
    path = DATA_DIR / name
    c = Checker(str(path))
    return c, c.mapping(load_yaml_file(path), "")


def load_areas(map_areas: set[str]) -> dict[str, AreaInfo]:
    """areas.yaml, checked against the map's area ids."""
    c, top = _load("areas.yaml")
    out = {}
    for key, v in c.mapping(top.get("areas"), "areas").items():
        place = f"areas.{key}"
        if key not in map_areas:
            raise c.fail(place, "no such area on maps/lion_in_winter.yaml")
        v = c.mapping(v, place)
        c.known_keys(v, place, ("value", "flag", "neutral", "source", "note"))
        out[key] = AreaInfo(key, c.integer(v.get("value"), f"{place}.value", 1, 3),
                            c.text(v.get("flag"), f"{place}.flag"),
                            c.boolean(v.get("neutral", False), f"{place}.neutral"),
                            str(v.get("source", "")))
    missing = sorted(map_areas - set(out))
    if missing:
        raise c.fail("areas", f"no values for map area(s) {', '.join(missing)}")
    return out


def load_leaders(areas: set[str]) -> dict[str, Leader]:
    """leaders.yaml: the roster."""
    c, top = _load("leaders.yaml")
    out = {}
    for key, v in c.mapping(top.get("leaders"), "leaders").items():
        place = f"leaders.{key}"
        v = c.mapping(v, place)
        c.known_keys(v, place, ("name", "side", "rank", "battle", "bravery", "home", "year",
                                "longbow", "burgundian", "special", "source", "note"))
        home = c.text(v.get("home"), f"{place}.home")
        if home not in areas:
            raise c.fail(f"{place}.home", f"no area {home!r} on the map")
        out[key] = Leader(
            key, c.text(v.get("name"), f"{place}.name"),
            c.choice(v.get("side"), f"{place}.side", SIDES),
            c.integer(v.get("rank"), f"{place}.rank", 1, 3),
            c.integer(v.get("battle"), f"{place}.battle", 0, 9),
            c.integer(v.get("bravery"), f"{place}.bravery", 0, 9), home,
            c.integer(v.get("year"), f"{place}.year", 1000, 1600),
            c.boolean(v.get("longbow", False), f"{place}.longbow"),
            c.boolean(v.get("burgundian", False), f"{place}.burgundian"),
            c.choice(v.get("special", ""), f"{place}.special", ("", "robin-hood", "jeanne")))
    return out


def load_troops() -> dict[str, dict[str, str]]:
    """troops.yaml: the troop kinds (name, short label, rule)."""
    c, top = _load("troops.yaml")
    kinds = c.mapping(top.get("troops"), "troops")
    for key in kinds:
        if key not in TROOPS:
            raise c.fail(f"troops.{key}", f"unknown troop kind (expected {', '.join(TROOPS)})")
    return {k: {f: data_word(str(x)) if f == "name" else str(x)
                for f, x in c.mapping(v, f"troops.{k}").items()} for k, v in kinds.items()}


def load_charts() -> dict[str, Chart]:
    """charts.yaml: the Elimination and Leader Death charts (values may be null)."""
    c, top = _load("charts.yaml")
    out = {}
    for key, v in c.mapping(top.get("charts"), "charts").items():
        place = f"charts.{key}"
        v = c.mapping(v, place)
        choices = tuple(str(x) for x in c.seq(v.get("choices"), f"{place}.choices"))
        results: dict[int, str | None] = {}
        raw = v.get("results", {}) or {}
        if not isinstance(raw, dict):
            raise c.fail(f"{place}.results", "expected a mapping die: result")
        for die, result in raw.items():
            if result is not None and result not in choices:
                raise c.fail(f"{place}.results.{die}", f"{result!r} is not one of {choices}")
            results[c.integer(die, f"{place}.results.{die}", 1, 20)] = result
        out[key] = Chart(key, data_word(c.text(v.get("name"), f"{place}.name")),
                         str(v.get("rule", "")),
                         c.integer(v.get("die", 6), f"{place}.die", 2, 20), choices, results)
    for needed in ("elimination", "leader-death"):
        if needed not in out:
            raise c.fail("charts", f"the {needed} chart is missing")
    return out


def load_scenarios(areas: set[str], leaders: dict[str, Leader]) -> dict[str, Scenario]:
    """setup.yaml: the set-ups."""
    c, top = _load("setup.yaml")
    out = {}
    for key, v in c.mapping(top.get("scenarios"), "scenarios").items():
        place = f"scenarios.{key}"
        v = c.mapping(v, place)
        placed = {k: c.text(a, f"{place}.leaders.{k}")
                  for k, a in c.mapping(v.get("leaders", {}), f"{place}.leaders").items()}
        for k, a in placed.items():
            if k not in leaders:
                raise c.fail(f"{place}.leaders.{k}", "no such leader in leaders.yaml")
            if a not in areas:
                raise c.fail(f"{place}.leaders.{k}", f"no area {a!r} on the map")
        troops = {}
        for k, t in c.mapping(v.get("troops", {}) or {}, f"{place}.troops").items():
            if k not in placed:
                raise c.fail(f"{place}.troops.{k}", "troops for a leader not placed")
            t = c.mapping(t, f"{place}.troops.{k}")
            c.known_keys(t, f"{place}.troops.{k}", TROOPS)
            troops[k] = {kind: c.integer(n, f"{place}.troops.{k}.{kind}", 0, 30)
                         for kind, n in t.items()}
        control = {}
        for side, lst in c.mapping(v.get("control", {}) or {}, f"{place}.control").items():
            c.choice(side, f"{place}.control.{side}", SIDES[:2])
            for i, a in enumerate(c.seq(lst, f"{place}.control.{side}")):
                if a not in areas:
                    raise c.fail(f"{place}.control.{side}[{i}]", f"no area {a!r} on the map")
            control[side] = list(lst)
        kings = c.mapping(v.get("kings", {}) or {}, f"{place}.kings")
        for side, k in kings.items():
            if k is not None and (k not in placed or leaders[k].side != side
                                  or leaders[k].rank != 3):
                raise c.fail(f"{place}.kings.{side}", "a king is a placed 3-star leader of "
                                                      "his side (crib Phase Nine)")
        rounds = v.get("rounds")
        out[str(key)] = Scenario(str(key), data_word(c.text(v.get("name"), f"{place}.name")),
                                 data_word(str(v.get("description", ""))),
                                 c.integer(v.get("year"), f"{place}.year", 1000, 1600),
                                 dict(kings), placed, troops, control,
                                 None if rounds is None else
                                 c.integer(rounds, f"{place}.rounds", 1, 999))
    return out


def load_mercenaries(areas: set[str]) -> dict[str, Band]:
    """mercenaries.yaml: the mercenary bands by home area (estimates)."""
    c, top = _load("mercenaries.yaml")
    out = {}
    for key, v in c.mapping(top.get("bands"), "bands").items():
        place = f"bands.{key}"
        if key not in areas:
            raise c.fail(place, "no such area on maps/lion_in_winter.yaml")
        v = c.mapping(v, place)
        c.known_keys(v, place, ("name", "strength", "source", "note"))
        out[key] = Band(key, data_word(c.text(v.get("name"), f"{place}.name")),
                        c.integer(v.get("strength"), f"{place}.strength", 0, 30),
                        str(v.get("source", "")))
    return out
