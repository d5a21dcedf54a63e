"""Guet-Apens, the game model: sides, figures and their character sheets in the state,
the table, allowances and the orders the players give (no steps here).

Every figure is a piece on the free table (``core/table``): ``rider`` (2 x 4 cm base),
``foot`` (2 x 2 cm) or ``horse`` (a riderless horse, 2 x 4 cm), GA 1.2. Its character
sheet is plain data at ``state["vars"]["figs"][pid]``::

    {"side": "a", "name": "Knight 1", "role": "knight", "as_knight": false,
     "start": {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11, "lp": 7}, "lp": 7,
     "horse": {"ag": 25, "worth": "average", "state": "sound"} | null,
     "mounted": true, "weapon": "sword", "lance": true, "mail": true, "shield": "left",
     "states": ["stunned", ...], "tested": ["half-lp", ...]}

The book has no numbered sections: citations are the digest's ids (``GA 9.1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from boardapp.core.base.errors import DataError, InvalidActionError
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.ruleset import Ruleset, SideInfo
from boardapp.core.engine.state import State
from boardapp.core.table.bases import Base, Bases
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.measure import figure_bases, table_setup
from boardapp.core.table.paths import PathPlan, plan_path
from boardapp.core.table.positions import position
from boardapp.core.table.rules import FigureSpec, TableRules

from .capture import escorted_by
from .characters import CHARACTERISTICS
from .movement import crawl, mount, reverse, run, walk
from .mules import crosses_woods, is_mule, mule_cap
from .readings import reading
from .words import DATA_WORDS, N_, WORDS
from .wounds import loss_column, reduced

SIDES = ("a", "b")
HERE = Path(__file__).resolve().parent.parent
SCENARIO_FILE = HERE / "scenarios" / "scenarios.yaml"
FIGURE_HEIGHT = 2.5
"""Eye height of a figure, cm: not printed (GA 4.1, GA 16); 25 mm figures."""
TABLE_RULES = TableRules(
    figures={"foot": FigureSpec(2.0, 2.0, FIGURE_HEIGHT), "rider": FigureSpec(2.0, 4.0, 3.5),
             "horse": FigureSpec(2.0, 4.0, 2.0), "mule": FigureSpec(2.0, 4.0, 2.0)},
    costs={"light": 4.0, "medium": 8.0, "large": 13.0},
    range_bands=(("12 cm (thrown)", 12.0), ("100 cm (short bow)", 100.0),
                 ("140 cm (long bow, crossbow)", 140.0)),
    see_into=0.0, cover_within=1.0, fractions=6)
"""GA 1.2 bases (a mule's as a horse's, GA 14.8.2), GA 6.3 obstacle costs (light: 4, the
lower of '4 or 6'), GA 8.7 ranges."""
WALK = float(walk())
"""GA 6.1.2."""
MOUNT = float(mount())
"""GA 6.1.9 (mount, dismount; the rider's about-face costs as much, GA 6.1.8)."""
CHARGE_EFFECTIVE = 12.0
"""GA 7.4: a charge is effective after at least 12 cm (the model's ``CHARGE_CM``)."""
TOUCHING = 0.1
"""Bases within 1 mm are touching (GA 9.3.1): the table stops a move at contact to 0.5 mm
and stores positions to 0.1 mm, so a tighter test could miss a contact just made."""
HOLD = "hold"
DOINGS = ("crawl", "reverse", "about", "mount", "dismount", "counter")


def load_scenarios(path: Path = SCENARIO_FILE) -> dict[str, dict[str, Any]]:
    """The scenarios file (validated: a mapping of mappings with a name and a table)."""
    data = load_yaml_file(path)
    if not isinstance(data, dict):
        raise DataError(str(path), "", "expected a mapping of scenarios")
    for key, sc in data.items():
        if not isinstance(sc, dict) or "name" not in sc or "table" not in sc:
            raise DataError(str(path), str(key), "a scenario needs a name and a table")
    return data


@dataclass(frozen=True)
class Order:
    """One figure's order for a movement sequence (GA 6, GA 7)."""

    pid: str
    path: str = ""
    doing: str = ""
    """``""`` (walk or run by the path's length), or one of :data:`DOINGS`."""
    charge: str = ""
    """The target of a charge (GA 7.2)."""

    def text(self) -> str:
        if self.charge:
            return f"{self.pid}!{self.charge}"
        if self.doing:
            return f"{self.pid}@{self.doing}" + (f":{self.path}" if self.path else "")
        return f"{self.pid}:{self.path}"


def parse_orders(text: str) -> list[Order]:
    """``hold``, or items joined by ``/``: ``PID:PATH``, ``PID!TARGET``,
    ``PID@DOING[:PATH]`` (paths as the table demo's: ``X,Y;X,Y[,FACING]``)."""
    if text == HOLD:
        return []
    out = []
    for item in text.split("/"):
        if "!" in item:
            pid, target = item.split("!", 1)
            out.append(Order(pid, charge=target))
        elif "@" in item:
            pid, rest = item.split("@", 1)
            doing, _, path = rest.partition(":")
            if doing not in DOINGS:
                raise InvalidActionError(N_("{item}: one of {doings} after @", item=repr(item),
                                            doings=", ".join(DOINGS)))
            out.append(Order(pid, path, doing))
        else:
            pid, sep, path = item.partition(":")
            if not sep or not path:
                raise InvalidActionError(N_("{item}: an order is PID:X,Y;X,Y", item=repr(item)))
            out.append(Order(pid, path))
    return out


def orders_text(orders: list[Order]) -> str:
    return "/".join(o.text() for o in sorted(orders, key=lambda o: o.pid)) or HOLD


def parse_path(text: str) -> tuple[tuple[tuple[float, float], ...], float | None]:
    """``X,Y;X,Y[,FACING]`` as waypoints (cm) and a final facing."""
    from boardapp.core.table.fixed import parse_point

    words = text.split(";")
    if not text or len(words) > 20:
        raise InvalidActionError(N_("{path}: a path is 1 to 20 points X,Y", path=repr(text)))
    points, facing = [], None
    for n, word in enumerate(words):
        x, y, f = parse_point(word)
        if f is not None and n != len(words) - 1:
            raise InvalidActionError(N_("{path}: only the last point may give a facing",
                                        path=repr(text)))
        points.append((to_cm(x), to_cm(y)))
        facing = None if f is None else f / 10
    return tuple(points), facing


@lru_cache(maxsize=64)
def _indexed(bases: tuple[tuple[str, Base], ...]) -> Bases:
    """The index of these bases, built once while the figures stand still (the same
    position is asked many times: each side's orders, the blows, the morale)."""
    return Bases(dict(bases))


class GuetApensModel(Ruleset):
    """Guet-Apens's data and predicates (see the module docstring)."""

    id = "guet-apens"
    name = N_("Guet-Apens")
    version = "0.4"
    """0.2: the rally (GA 12.5) in sequence 7, the shots into a group (GA 8.10), the
    reaction shots (GA 8.6.1), Scenario VIII-1's entry periods (GA 14.8.1) and Flight I
    lasting through the period of its move (GA 12.4); games of 0.1 replay without them
    (``state["legacy"]``). 0.3: the campaign of Scenario X (GA 14.10). 0.4: the mules
    as figures (GA 6.1.5, 6.2, 14.8.2, 14.10.3)."""
    rules_name = "GA"
    words = WORDS
    sides = (SideInfo("a", N_("Player A"), "#8e2b2b", "#ffffff"),
             SideInfo("b", N_("Player B"), "#2b4f8e", "#ffffff"))
    map_file = "guet-apens-i.yaml"
    table_rules = TABLE_RULES
    _scenarios: dict[str, dict[str, Any]] | None = None

    # -- data ---------------------------------------------------------------------------
    def scenario_data(self, scenario: str) -> dict[str, Any]:
        if GuetApensModel._scenarios is None:
            GuetApensModel._scenarios = load_scenarios()
        return GuetApensModel._scenarios[scenario]

    def all_scenario_data(self) -> dict[str, dict[str, Any]]:
        if GuetApensModel._scenarios is None:
            GuetApensModel._scenarios = load_scenarios()
        return GuetApensModel._scenarios

    def play_on(self, scenario: str) -> None:
        """Play on ``scenario``'s table (the core has one map per ruleset: the table is
        switched when a game of another scenario is set up)."""
        wanted = self.scenario_data(scenario)["table"]
        if self.map_file != wanted:
            self.map_file = wanted
            self.reload_maps()

    @staticmethod
    def figs(state: State) -> dict[str, dict[str, Any]]:
        return state["vars"]["figs"]

    def fig(self, state: State, pid: str) -> dict[str, Any]:
        return state["vars"]["figs"][pid]

    @staticmethod
    def readings(state: State) -> dict[str, str]:
        """This game's readings of the ambiguities (its Game data sheet ``readings``)."""
        rows = (state.get("data") or {}).get("readings") or {}
        return {k: str(r["default"]) for k, r in rows.items() if r.get("default")}

    def switch(self, state: State, key: str) -> str:
        """The reading chosen for ambiguity ``key`` (B1-B37) in this game's data."""
        return reading(self.readings(state), key)

    def wounds_count(self, state: State) -> bool:
        return bool(state["vars"].get("wounds", True))

    # -- characteristics ----------------------------------------------------------------
    def column(self, state: State, pid: str) -> int:
        """The quarter column reached by the wounds (GA 2.5, reading B1)."""
        f = self.fig(state, pid)
        return loss_column(f["start"]["lp"], f["lp"], self.readings(state))[0]

    def value(self, state: State, pid: str, key: str) -> int:
        """Current value of characteristic ``key`` after the wounds (GA 2.5)."""
        f = self.fig(state, pid)
        if key == "lp":
            return int(f["lp"])
        now = reduced(int(f["start"][key]), self.column(state, pid))
        return now + int(f.get("courage", 0)) if key == "co" else now  # GA 14.10

    def values(self, state: State, pid: str) -> dict[str, int]:
        return {k: self.value(state, pid, k) for k in (*CHARACTERISTICS, "lp")}

    def mounted(self, state: State, pid: str) -> bool:
        return state["pieces"][pid]["type"] == "rider"

    def horse_ag(self, state: State, pid: str) -> int:
        horse = self.fig(state, pid).get("horse") or {}
        return int(horse.get("ag", 0))

    def active(self, state: State, pid: str) -> bool:
        """On the table and able to act (not dead, fled, out, unconscious)."""
        f = state["vars"]["figs"].get(pid)
        if f is None or position(state, pid) is None:
            return False
        return not set(f["states"]) & {"dead", "out", "unconscious", "stunned", "trapped",
                                        "captured", "hit"}

    # -- allowances, GA 6.1 -------------------------------------------------------------
    def run_allowance(self, state: State, pid: str) -> float:
        """Run (foot: Agility + 6; mail or 1-2 LP left: Agility only) or gallop (the
        horse's Agility + 6; a wounded horse walks), GA 6.1.3, 6.1.6 (reading B3)."""
        f = self.fig(state, pid)
        if self.mounted(state, pid):
            if (f.get("horse") or {}).get("state") == "wounded":
                return float(walk())
            cm, _ = run(self.horse_ag(state, pid), mail=bool(f.get("mail")),
                        lp=int(f["lp"]), mounted=True, readings=self.readings(state))
            if pid in state["vars"].get("walk_spent", ()):  # GA 7.6: the walk is spent
                cm = min(cm, self.horse_ag(state, pid))
            return float(cm)
        cm, _ = run(self.value(state, pid, "ag"), mail=bool(f.get("mail")),
                             lp=int(f["lp"]), readings=self.readings(state))
        return float(cm)

    def allowance(self, state: State, pid: str, doing: str = "") -> float:
        """The cm a figure may spend in one movement sequence doing ``doing`` (GA 6.1);
        leading mules or escorting a captive, at their pace (GA 6.1.5, 13.6)."""
        cm = self._allowance(state, pid, doing)
        cap = mule_cap(state, pid)
        for captive in escorted_by(state, pid):  # GA 13.6, B24: the slower's pace
            cm = min(cm, self.run_allowance(state, captive))
        return cm if cap is None else min(cap, cm)

    def _allowance(self, state: State, pid: str, doing: str = "") -> float:
        if doing == "crawl":
            return float(crawl(self.value(state, pid, "ag")))
        if doing == "reverse":
            if self.mounted(state, pid):
                worth = (self.fig(state, pid).get("horse") or {}).get("worth", "average")
                return float(reverse(horse_worth=worth))
            return float(reverse(agility=self.value(state, pid, "ag")))
        return self.run_allowance(state, pid)

    def spec(self, state: State, pid: str) -> FigureSpec:
        return TABLE_RULES.figure(state["pieces"][pid]["type"])

    def plan(self, state: State, pid: str, points: tuple[tuple[float, float], ...]) -> PathPlan:
        """``pid``'s path from where it stands (GA 6.3: large obstacles forbidden to
        horses)."""
        table, _ = table_setup(self)
        at = position(state, pid)
        start = (to_cm(at[0]), to_cm(at[1])) if at else points[0]
        costs = dict(TABLE_RULES.costs)
        if state["pieces"][pid]["type"] != "foot":
            costs.pop("large", None)
        return plan_path(table, [start, *points], costs)

    def bases(self, state: State) -> dict[str, Base]:
        return figure_bases(self, state)

    def index(self, state: State) -> Bases:
        return _indexed(tuple(sorted(self.bases(state).items())))

    def enemies_in_contact(self, state: State, pid: str, index: Bases | None = None) -> list[str]:
        index = index or self.index(state)
        if pid not in index.bases:
            return []
        side = self.piece_side(state, pid)
        return [q for q in index.contacts(pid, TOUCHING) if q in state["vars"]["figs"]
                and self.piece_side(state, q) != side and not {"dead", "captured"} & set(
                    self.fig(state, q)["states"]) and state["pieces"][q]["type"] != "horse"]

    # -- orders -------------------------------------------------------------------------
    def why_not_order(self, state: State, side: str, order: Order,
                      index: Bases | None = None) -> tuple[str, str] | None:
        """``None`` if ``side`` may give ``order``, else (reason, rule)."""
        pid = order.pid
        if pid not in state["vars"]["figs"] or state["pieces"][pid]["type"] == "horse":
            return N_("no figure {pid}", pid=repr(pid)), self.cite("1.2")
        name = self.piece_name(state, pid)
        if self.piece_side(state, pid) != side:
            return N_("{name} is not yours", name=name), self.cite("5")
        if not self.active(state, pid) or pid in state["vars"].get("fixed", []):
            return N_("{name} may not move now", name=name), self.cite("6.1")
        if "panic" in self.fig(state, pid)["states"]:
            return N_("{name} panics: he runs for the table edge by himself", name=name), \
                self.cite("12.4")
        if order.charge:
            return self.why_not_charge(state, pid, order.charge, index)
        if order.doing in ("mount", "dismount", "about"):
            need_rider = order.doing != "mount"
            if self.mounted(state, pid) != need_rider:
                return (N_("{name} is not mounted", name=name) if need_rider else
                        N_("{name} is mounted", name=name)), self.cite("6.1.9")
            if order.doing == "mount" and not (self.fig(state, pid).get("horse") or {}).get(
                    "beside"):
                return N_("{name} has no horse beside him", name=name), self.cite("6.1.9")
            if order.doing == "about":
                return None
        if not order.path:
            return None
        try:
            points, _ = parse_path(order.path)
        except InvalidActionError as exc:
            return str(exc), self.cite("6.1")
        plan = self.plan(state, pid, points)
        if plan.refused:
            return N_("{name}: {why}", name=name, why=plan.refused), self.cite("6.3")
        why = self.why_not_mules_path(state, pid, points)
        if why is not None:
            return why
        spend = plan.effort + (MOUNT if order.doing in ("mount", "dismount") else 0.0)
        allowance = self.allowance(state, pid, order.doing)
        if spend > allowance + 1e-9:
            return N_("{name}'s order takes {spend} cm of {allowance} cm", name=name,
                      spend=f"{spend:.1f}", allowance=f"{allowance:g}"), self.cite("6.1")
        return None

    def why_not_mules_path(self, state: State, pid: str, points: tuple[tuple[float, float], ...]
                           ) -> tuple[str, str] | None:
        """GA 14.10.6, 14.10.7: where the scenario says, mules may not enter the woods
        (nor their leader with them)."""
        if not mule_cap(state, pid) or (self.scenario_data(state["scenario"]).get(
                "mules") or {}).get("woods", True):
            return None
        at = position(state, pid)
        start = [(to_cm(at[0]), to_cm(at[1]))] if at else []
        wood = crosses_woods(self.board_map.table.scenery,  # type: ignore[attr-defined]
                             [*start, *points])
        if wood is None:
            return None
        return N_("{name} leads mules: they may not enter {wood}",
                  name=self.piece_name(state, pid), wood=wood), self.cite("14.10.6")

    def why_not_charge(self, state: State, pid: str, target: str,
                       index: Bases | None = None) -> tuple[str, str] | None:
        """GA 7.1, 7.2, 7.7: rider against rider, neither in hand-to-hand, no two charges
        in a row."""
        name = self.piece_name(state, pid)
        if "charge" not in state["vars"].get("rules", ()):
            return N_("no charges in this scenario"), self.cite("14.0.4")
        if not self.mounted(state, pid):
            return N_("{name} is not mounted: only a rider charges", name=name), \
                self.cite("7.1")
        if set(self.fig(state, pid)["states"]) & {"flight1", "flight2", "panic"}:
            return N_("{name} is fleeing", name=name), self.cite("12.4")
        if target not in state["vars"]["figs"] or not self.active(state, target) or \
                self.piece_side(state, target) == self.piece_side(state, pid):
            return N_("{target} is no enemy on the table", target=repr(target)), \
                self.cite("7.1")
        if not self.mounted(state, target):
            return N_("{name} is not mounted", name=self.piece_name(state, target)), \
                self.cite("7.1")
        v = state["vars"]
        if v.get("last_charge", {}).get(pid, -9) >= v.get("movement", 0) - 1:
            return N_("{name} charged in the last movement sequence", name=name), \
                self.cite("7.7")
        index = index or self.index(state)
        if self.enemies_in_contact(state, pid, index) or self.enemies_in_contact(
                state, target, index):
            return N_("a figure in hand-to-hand may not charge or be charged"), \
                self.cite("7.2")
        return None

    def why_not_orders(self, state: State, side: str, text: str) -> tuple[str, str] | None:
        try:
            orders = parse_orders(text)
        except InvalidActionError as exc:
            return str(exc), self.cite("6.1")
        pids = [o.pid for o in orders]
        if len(set(pids)) != len(pids):
            return N_("one order per figure"), self.cite("6.1")
        index = self.index(state)
        for order in orders:
            why = self.why_not_order(state, side, order, index)
            if why is not None:
                return why
        return None

    def piece_side(self, state: State, pid: str) -> str:
        if is_mule(state, pid):
            return str(state["vars"]["mules"][pid]["holder"])
        f = state["vars"]["figs"].get(pid.removesuffix("-h"))
        return f["side"] if f else pid.split("-", 1)[0]

    def piece_name(self, state: State, pid: str) -> str:
        f = state["vars"]["figs"].get(pid)
        if f is None:
            if is_mule(state, pid):
                return N_("Mule {n}", n=pid.removeprefix("mule"))
            owner = state["vars"]["figs"].get(pid.removesuffix("-h"))
            return N_("{owner}'s horse", owner=figure_name(owner["name"])) if owner else pid
        return figure_name(str(f["name"]))


@lru_cache(maxsize=1024)
def figure_name(name: str) -> str:
    """A figure's name as set up ("Knight 3", "Archer B2") with its role in the reader's
    words; a name given otherwise stays as it is (one message per name, kept: it is drawn
    in the reader's language when shown, and named in every line of a move)."""
    role, sep, tag = name.rpartition(" ")
    word = DATA_WORDS.get(role) if sep and role[:1].isupper() else None
    return N_("{role} {tag}", role=word, tag=tag) if word is not None else name

