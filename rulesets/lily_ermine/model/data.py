"""Load and validate The Lily and the Ermine data files (counters, set-up, tables).

Every file is read with ``yaml.safe_load`` (through :func:`load_yaml_file`) and checked;
a problem is reported as file + place + problem (:class:`DataError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardapp.core.base.errors import DataError
from boardapp.core.base.yamlio import Checker, load_yaml_file

DATA_DIR = Path(__file__).parent.parent / "data"
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
    rp_reduced: int = 0
    """RP of the reduced side (7.2); for a unit with one side (Ca, Mi) the full cost."""


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
            rp_reduced=c.integer(spec.get("rp_reduced", spec.get("rp")),
                                 f"{place}.rp_reduced", 0, 20),
            one_sp=bool(spec.get("one_sp", False)), source=str(spec.get("source", "")))
        if units[code].rp_reduced > units[code].rp:
            raise c.fail(f"{place}.rp_reduced", "the reduced side costs more than the full")
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
    arrival: dict[str, dict[str, Any]]
    """nationality -> where its purchases are placed (7.1, 7.2, 13)"""


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
    arrival: dict[str, dict[str, Any]] = {}
    for nat, spec in c.mapping(data.get("arrival", {}) or {}, "arrival").items():
        p = f"arrival.{nat}"
        if nat not in counters.nationalities:
            raise c.fail(p, f"no nationality {nat!r}")
        spec = c.mapping(spec, p)
        rule: dict[str, Any] = {"source": str(spec.get("source", ""))}
        if "region" in spec:
            rule["region"] = c.text(spec["region"], f"{p}.region")
        elif "zones" in spec:
            rule["zones"] = [c.text(z, f"{p}.zones[{i}]")
                             for i, z in enumerate(c.seq(spec["zones"], f"{p}.zones"))]
        elif spec.get("with_army"):
            rule["with_army"] = True
        else:
            raise c.fail(p, "expected region, zones or with_army")
        arrival[nat] = rule
    return SetUp(id=str(data.get("id", "1487")), name=c.text(data.get("name"), "name"),
                 rounds=c.integer(data.get("rounds"), "rounds", 1, 40), control=control,
                 commanders=commanders, units=units, arrival=arrival)


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


@dataclass(frozen=True)
class Contingent:
    """A mercenary contingent of the Reinforcements Table (rules 13)."""

    id: str
    name: str
    camp: str
    nationalities: tuple[str, ...]
    min_die: tuple[int | None, ...]
    """min_die[k-1]: the least die that allows k counters (``min_die_K`` in the file);
    None = unknown"""

    @property
    def limit(self) -> int:
        """The most counters of the contingent on the map (7.1)."""
        return len(self.min_die)

    def counters_for(self, die: int, min_die: tuple[int | None, ...] | None = None
                     ) -> int | None:
        """How many counters ``die`` allows (with the game's ``min_die`` values if given),
        or ``None`` if the table does not say."""
        mins = self.min_die if min_die is None else min_die
        if any(v is None for v in mins):
            return None
        return sum(1 for v in mins if v is not None and die >= v)


@dataclass(frozen=True)
class ReinforcementTable:
    name: str
    rule: str
    die: tuple[int, int]
    contingents: dict[str, Contingent]

    def contingent_of(self, nationality: str) -> Contingent | None:
        for c in self.contingents.values():
            if nationality in c.nationalities:
                return c
        return None


def load_reinforcements(counters: Counters,
                        path: Path = DATA_DIR / "tables.yaml") -> ReinforcementTable:
    """The Reinforcements Table (rules 13): contingents, limits, known values."""
    c = Checker(str(path))
    t = c.mapping(c.mapping(load_yaml_file(path), "").get("reinforcements"), "reinforcements")
    die = c.mapping(t.get("die"), "reinforcements.die")
    lo = c.integer(die.get("min"), "reinforcements.die.min")
    hi = c.integer(die.get("max"), "reinforcements.die.max", lo)
    out: dict[str, Contingent] = {}
    for cid, spec in c.mapping(t.get("contingents"), "reinforcements.contingents").items():
        p = f"reinforcements.contingents.{cid}"
        spec = c.mapping(spec, p)
        nats = tuple(c.text(n, f"{p}.nationalities[{i}]")
                     for i, n in enumerate(c.seq(spec.get("nationalities"),
                                                 f"{p}.nationalities")))
        for i, n in enumerate(nats):
            if n not in counters.nationalities:
                raise c.fail(f"{p}.nationalities[{i}]", f"no nationality {n!r}")
        limit = c.integer(spec.get("limit"), f"{p}.limit", 1, 12)
        mins = tuple(None if spec.get(f"min_die_{k}") is None else c.integer(
            spec.get(f"min_die_{k}"), f"{p}.min_die_{k}", lo, hi + 1)
            for k in range(1, limit + 1))
        out[cid] = Contingent(cid, c.text(spec.get("name"), f"{p}.name"),
                              c.choice(spec.get("camp"), f"{p}.camp", CAMPS), nats, mins)
    return ReinforcementTable(c.text(t.get("name"), "reinforcements.name"),
                              str(t.get("rule", "13")), (lo, hi), out)


@dataclass(frozen=True)
class AllianceTable:
    """The Alliances Table (rules 11): spaces (camp = sign), doubt zone, start spaces."""

    name: str
    spaces: tuple[int, ...]
    centre: int
    doubt: tuple[int, ...]
    start: dict[str, int]
    follows: dict[str, tuple[str, ...]]

    @staticmethod
    def camp_of(space: int) -> str | None:
        return "france" if space > 0 else "brittany" if space < 0 else None

    def step(self, space: int, toward: str) -> int:
        """The space one step toward ``toward`` (the centre is stepped over, 11)."""
        order = [s for s in self.spaces if s != self.centre]
        if space == self.centre:
            nxt = [s for s in order if (s > space if toward == "france" else s < space)]
            return min(nxt, key=lambda s: abs(s - space)) if nxt else space
        i = order.index(space)
        i = min(len(order) - 1, i + 1) if toward == "france" else max(0, i - 1)
        return order[i]


def load_alliances(counters: Counters, path: Path = DATA_DIR / "tables.yaml") -> AllianceTable:
    """The Alliances Table (rules 11)."""
    c = Checker(str(path))
    t = c.mapping(c.mapping(load_yaml_file(path), "").get("alliances"), "alliances")
    spaces = tuple(c.integer(v, f"alliances.spaces[{i}]")
                   for i, v in enumerate(c.seq(t.get("spaces"), "alliances.spaces")))
    if list(spaces) != sorted(set(spaces)) or len(spaces) < 3:
        raise c.fail("alliances.spaces", "expected at least three increasing space numbers")
    centre = c.integer(t.get("centre"), "alliances.centre")
    if centre not in spaces:
        raise c.fail("alliances.centre", f"{centre} is not a space")
    doubt = tuple(c.integer(v, f"alliances.doubt[{i}]")
                  for i, v in enumerate(c.seq(t.get("doubt", []), "alliances.doubt")))
    start = {}
    for ally, v in c.mapping(t.get("start"), "alliances.start").items():
        start[ally] = c.integer(v, f"alliances.start.{ally}")
        if start[ally] not in spaces:
            raise c.fail(f"alliances.start.{ally}", f"{v} is not a space")
    follows = {}
    for ally, nats in c.mapping(t.get("follows"), "alliances.follows").items():
        if ally not in start:
            raise c.fail(f"alliances.follows.{ally}", f"no cursor {ally!r} in start")
        follows[ally] = tuple(c.text(n, f"alliances.follows.{ally}[{i}]")
                              for i, n in enumerate(c.seq(nats, f"alliances.follows.{ally}")))
        for i, n in enumerate(follows[ally]):
            if n not in counters.nationalities:
                raise c.fail(f"alliances.follows.{ally}[{i}]", f"no nationality {n!r}")
    return AllianceTable(c.text(t.get("name"), "alliances.name"), spaces, centre, doubt,
                         start, follows)
