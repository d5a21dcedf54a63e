"""Load and validate The Lily and the Ermine data files (counters, set-up, tables).

Every file is read with ``yaml.safe_load`` (through :func:`load_yaml_file`) and checked;
a problem is reported as file + place + problem (:class:`DataError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardapp.core.errors import DataError
from boardapp.core.yamlio import Checker, load_yaml_file

DATA_DIR = Path(__file__).parent / "data"
CAMPS = ("france", "brittany")
UNIT_TYPES = ("Ab", "Ar", "Ca", "Co", "Cm", "Gd", "Hb", "Mi", "Pi")
_UNIT = re.compile(r"^(\d+) x (\w+) ([a-z-]+)$")


@dataclass(frozen=True)
class UnitType:
    """The printed values of a combattant type (rules 3)."""

    code: str
    name: str
    cf: tuple[int, int]
    rf: int
    mp: int
    rp: int
    one_sp: bool
    source: str


@dataclass(frozen=True)
class Commander:
    """A commander counter: front (historical) and back (anonymous) (rules 3)."""

    id: str
    name: str
    nationality: str
    stars: int
    mp: int
    tc: int
    back: str
    source: str


@dataclass(frozen=True)
class Counters:
    """All counter data: unit types, nationalities (coats of arms), commanders."""

    units: dict[str, UnitType]
    nationalities: dict[str, dict[str, str]]
    commanders: dict[str, Commander]


def load_counters(path: Path = DATA_DIR / "counters.yaml") -> Counters:
    """Unit types, nationalities and commanders from ``path``."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    units: dict[str, UnitType] = {}
    for code, spec in c.mapping(data.get("unit_types"), "unit_types").items():
        place = f"unit_types.{code}"
        if code not in UNIT_TYPES:
            raise c.fail(place, f"unknown type {code!r} (rules 3: {', '.join(UNIT_TYPES)})")
        spec = c.mapping(spec, place)
        cf = c.seq(spec.get("cf"), f"{place}.cf")
        if len(cf) != 2:
            raise c.fail(f"{place}.cf", "expected [full side, reduced side]")
        units[code] = UnitType(
            code=code, name=c.text(spec.get("name"), f"{place}.name"),
            cf=(c.integer(cf[0], f"{place}.cf[0]", 0, 20), c.integer(cf[1], f"{place}.cf[1]",
                                                                    0, 20)),
            rf=c.integer(spec.get("rf", 0), f"{place}.rf", 0, 6),
            mp=c.integer(spec.get("mp"), f"{place}.mp", 0, 20),
            rp=c.integer(spec.get("rp"), f"{place}.rp", 0, 20),
            one_sp=bool(spec.get("one_sp", False)), source=str(spec.get("source", "")))
    nations: dict[str, dict[str, str]] = {}
    for nid, spec in c.mapping(data.get("nationalities"), "nationalities").items():
        place = f"nationalities.{nid}"
        spec = c.mapping(spec, place)
        nations[nid] = {"name": c.text(spec.get("name"), f"{place}.name"),
                        "camp": c.choice(spec.get("camp"), f"{place}.camp", CAMPS),
                        "source": str(spec.get("source", ""))}
    commanders: dict[str, Commander] = {}
    for cid, spec in c.mapping(data.get("commanders"), "commanders").items():
        place = f"commanders.{cid}"
        spec = c.mapping(spec, place)
        nat = c.text(spec.get("nationality"), f"{place}.nationality")
        if nat not in nations:
            raise c.fail(f"{place}.nationality", f"no nationality {nat!r}")
        commanders[cid] = Commander(
            id=cid, name=c.text(spec.get("name"), f"{place}.name"), nationality=nat,
            stars=c.integer(spec.get("stars"), f"{place}.stars", 1, 3),
            mp=c.integer(spec.get("mp"), f"{place}.mp", 0, 20),
            tc=c.integer(spec.get("tc"), f"{place}.tc", 0, 9),
            back=str(spec.get("back", "anonymous commander")),
            source=str(spec.get("source", "")))
    return Counters(units, nations, commanders)


@dataclass(frozen=True)
class SetUp:
    """The set-up of rules 13: control markers and what stands where."""

    id: str
    name: str
    rounds: int
    control: dict[str, list[str]]
    commanders: dict[str, list[str]]
    """place -> commander ids"""
    units: dict[str, list[tuple[str, str]]]
    """place -> [(type code, nationality), ...] one entry per counter"""


def load_setup(counters: Counters, path: Path = DATA_DIR / "scenario.yaml") -> SetUp:
    """The set-up, checked against the counter data."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    control = {camp: [c.text(z, f"control.{camp}[{i}]")
                      for i, z in enumerate(c.seq(zones, f"control.{camp}"))]
               for camp, zones in c.mapping(data.get("control"), "control").items()}
    commanders: dict[str, list[str]] = {}
    units: dict[str, list[tuple[str, str]]] = {}
    where = dict(c.mapping(data.get("placement"), "placement"))
    for box in ("reserve-france", "reserve-brittany", "out-of-play"):
        if box in data:
            where[box] = data[box]
    for place, spec in where.items():
        p = f"placement.{place}"
        spec = c.mapping(spec, p)
        for i, cid in enumerate(c.seq(spec.get("commanders", []), f"{p}.commanders")):
            if cid not in counters.commanders:
                raise c.fail(f"{p}.commanders[{i}]", f"no commander {cid!r}")
            commanders.setdefault(place, []).append(cid)
        for i, text in enumerate(c.seq(spec.get("units", []), f"{p}.units")):
            m = _UNIT.match(str(text))
            if not m:
                raise c.fail(f"{p}.units[{i}]", f"{text!r} is not like '2 x Gd france'")
            n, code, nat = int(m.group(1)), m.group(2), m.group(3)
            if code not in counters.units:
                raise c.fail(f"{p}.units[{i}]", f"no unit type {code!r}")
            if nat not in counters.nationalities:
                raise c.fail(f"{p}.units[{i}]", f"no nationality {nat!r}")
            units.setdefault(place, []).extend([(code, nat)] * n)
    return SetUp(id=str(data.get("id", "1487")), name=c.text(data.get("name"), "name"),
                 rounds=c.integer(data.get("rounds"), "rounds", 1, 40), control=control,
                 commanders=commanders, units=units)


@dataclass(frozen=True)
class FatigueTable:
    """The Fatigue and Desertion Table (rules 9): structure, known values, modifiers."""

    name: str
    rule: str
    columns: tuple[tuple[str, int, int], ...]
    die: tuple[int, int]
    results: dict[str, dict[int, int | None]]
    modifiers: dict[str, dict[str, Any]]

    def column(self, sp: int) -> str:
        """The column for a stack of ``sp`` strength points."""
        for cid, lo, hi in self.columns:
            if lo <= sp <= hi:
                return cid
        return self.columns[0][0] if sp < self.columns[0][1] else self.columns[-1][0]


def load_tables(path: Path = DATA_DIR / "tables.yaml") -> FatigueTable:
    """The tables (for now the Fatigue and Desertion Table)."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    t = c.mapping(data.get("fatigue"), "fatigue")
    columns = []
    for i, col in enumerate(c.seq(t.get("columns"), "fatigue.columns")):
        col = c.mapping(col, f"fatigue.columns[{i}]")
        columns.append((c.text(col.get("id"), f"fatigue.columns[{i}].id"),
                        c.integer(col.get("min"), f"fatigue.columns[{i}].min", 0),
                        c.integer(col.get("max"), f"fatigue.columns[{i}].max", 0)))
    die = c.mapping(t.get("die"), "fatigue.die")
    lo = c.integer(die.get("min"), "fatigue.die.min")
    hi = c.integer(die.get("max"), "fatigue.die.max", lo)
    results: dict[str, dict[int, int | None]] = {}
    raw = c.mapping(t.get("results"), "fatigue.results")
    for cid, _, _ in columns:
        row = c.seq(raw.get(cid), f"fatigue.results.{cid}")
        if len(row) != hi - lo + 1:
            raise c.fail(f"fatigue.results.{cid}", f"expected {hi - lo + 1} values (die "
                                                   f"{lo}-{hi}), found {len(row)}")
        results[cid] = {}
        for i, v in enumerate(row):
            results[cid][lo + i] = None if v is None else c.integer(
                v, f"fatigue.results.{cid}[{i}]", 0, 99)
    mods = {}
    for mid, spec in c.mapping(t.get("modifiers", {}) or {}, "fatigue.modifiers").items():
        spec = c.mapping(spec, f"fatigue.modifiers.{mid}")
        v = spec.get("value")
        mods[mid] = {"label": c.text(spec.get("label"), f"fatigue.modifiers.{mid}.label"),
                     "value": None if v is None else c.integer(
                         v, f"fatigue.modifiers.{mid}.value", -9, 9),
                     "source": str(spec.get("source", ""))}
    if not columns:
        raise DataError(str(path), "fatigue.columns", "the table needs at least one column")
    return FatigueTable(name=c.text(t.get("name"), "fatigue.name"), rule=str(t.get("rule", "9")),
                        columns=tuple(columns), die=(lo, hi), results=results, modifiers=mods)


_RESULT = re.compile(r"^(\d+)(R?)(\*?)/(\d+)(R?)(\*?)$")


@dataclass(frozen=True)
class CombatResult:
    """A Combat Table result: SP lost, retreat and commander check, for each side."""

    attacker: int
    defender: int
    attacker_r: bool = False
    defender_r: bool = False
    attacker_star: bool = False
    defender_star: bool = False

    def text(self) -> str:
        a = f"{self.attacker}{'R' if self.attacker_r else ''}{'*' if self.attacker_star else ''}"
        d = f"{self.defender}{'R' if self.defender_r else ''}{'*' if self.defender_star else ''}"
        return f"{a}/{d}"


def parse_result(text: str) -> CombatResult | None:
    """``"0/3R"`` -> CombatResult(0, 3, defender_r=True); ``None`` if not a result."""
    m = _RESULT.match(str(text).strip())
    if not m:
        return None
    return CombatResult(int(m.group(1)), int(m.group(4)), bool(m.group(2)), bool(m.group(5)),
                        bool(m.group(3)), bool(m.group(6)))


@dataclass(frozen=True)
class CombatTable:
    """The Combat Table (rules 10): ratio columns, die rows, known results."""

    name: str
    columns: tuple[tuple[str, int, int], ...]
    die: tuple[int, int]
    results: dict[str, dict[int, CombatResult | None]]

    def column(self, attack: int, defence: int) -> str:
        """The column of ``attack``/``defence``, rounded in the defender's favour (10)."""
        chosen = self.columns[0][0]
        for cid, num, den in self.columns:
            if attack * den >= num * max(defence, 0):
                chosen = cid
        return chosen

    def shift(self, column: str, by: int) -> str:
        """The column ``by`` columns to the right (negative: to the left), kept inside."""
        ids = [c[0] for c in self.columns]
        return ids[max(0, min(len(ids) - 1, ids.index(column) + by))]


def load_combat_table(path: Path = DATA_DIR / "tables.yaml") -> CombatTable:
    """The Combat Table structure and the results the examples reveal."""
    c = Checker(str(path))
    t = c.mapping(c.mapping(load_yaml_file(path), "").get("combat"), "combat")
    columns = []
    for i, col in enumerate(c.seq(t.get("columns"), "combat.columns")):
        place = f"combat.columns[{i}]"
        col = c.mapping(col, place)
        ratio = c.seq(col.get("ratio"), f"{place}.ratio")
        if len(ratio) != 2:
            raise c.fail(f"{place}.ratio", "expected [attacker, defender]")
        columns.append((c.text(col.get("id"), f"{place}.id"),
                        c.integer(ratio[0], f"{place}.ratio[0]", 1),
                        c.integer(ratio[1], f"{place}.ratio[1]", 1)))
    if not columns:
        raise c.fail("combat.columns", "the table needs at least one column")
    die = c.mapping(t.get("die"), "combat.die")
    lo = c.integer(die.get("min"), "combat.die.min")
    hi = c.integer(die.get("max"), "combat.die.max", lo)
    raw = c.mapping(t.get("results"), "combat.results")
    results: dict[str, dict[int, CombatResult | None]] = {}
    for cid, _, _ in columns:
        row = c.seq(raw.get(cid), f"combat.results.{cid}")
        if len(row) != hi - lo + 1:
            raise c.fail(f"combat.results.{cid}", f"expected {hi - lo + 1} values")
        results[cid] = {}
        for i, v in enumerate(row):
            if v is None:
                results[cid][lo + i] = None
                continue
            parsed = parse_result(v)
            if parsed is None:
                raise c.fail(f"combat.results.{cid}[{i}]", f"{v!r} is not a result like 0/3R")
            results[cid][lo + i] = parsed
    return CombatTable(name=c.text(t.get("name"), "combat.name"), columns=tuple(columns),
                       die=(lo, hi), results=results)
