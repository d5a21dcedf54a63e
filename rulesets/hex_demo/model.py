"""Hex demo, the model: the rule book, its data and its predicates (no steps here).

The whole rule book, cited as "Hex demo N":

1. Two sides, Red and Blue. Red plays first; a turn is Red's move then Blue's.
2. A stack of pieces in one hex moves together as far as its slowest piece allows.
   Each piece moves at most once per turn.
3. Entering a hex costs its terrain: clear 1, woods 2, hills 3; the lake cannot be
   entered. Crossing a river hexside costs 1 more, except where a road crosses it.
4. Moving from hex to hex along a road costs 1 whatever the terrain.
5. A stack may not enter a hex with enemy pieces, and stops on entering a hex next to
   one (zone of control).
6. The game lasts six turns.
7. A town is held by the side with pieces in it. At the end of the sixth turn the side
   holding more towns wins; as many: a draw. (Added in version 0.2: a game recorded
   with 0.1 ends without a winner, as it did.)

:class:`HexModel` is the part of the ruleset the steps may use: data, set-up and the
``why_not_*`` predicates. The steps (``steps/``) import only this module; the ruleset
(``rules.py``) wires them. A new game starts as a copy of this folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.movement import Reach, reachable
from boardapp.core.engine.ruleset import Ruleset, SideInfo
from boardapp.core.engine.state import State, rule_on

from .words import N_, NP_, WORDS

SIDES = ("red", "blue")
TERRAIN_COST = {"clear": 1, "woods": 2, "hills": 3}
TERRAINS = {"clear": N_("clear"), "woods": N_("woods"), "hills": N_("hills"),
            "lake": N_("lake")}
"""The terrains' names, translated where they are shown."""
LAST_TURN = 6
TOWNS_WIN = "towns-win"
"""The legacy switch of rule 7 (off for a game recorded with version 0.1)."""


SEARCHES_KEPT = 256
"""How many searches of the reach :class:`HexModel` keeps (see ``_searches``)."""


@dataclass(frozen=True)
class Unit:
    """A counter type: side, kind, combat and movement factors."""

    side: str
    kind: str
    combat: int
    move: int


UNITS = {
    "inf": Unit("red", N_("Inf"), 4, 4), "cav": Unit("red", N_("Cav"), 2, 6),
    "binf": Unit("blue", N_("Inf"), 4, 4), "art": Unit("blue", N_("Art"), 5, 3),
}
_NAMES: dict[tuple[str, str], str] = {}
"""The pieces' names (messages), by piece id and type (see :meth:`HexModel.piece_name`)."""
SET_UP = {  # piece id: (type, hex id)
    "red-inf-1": ("inf", "h2-3"), "red-cav-1": ("cav", "h2-3"), "red-inf-2": ("inf", "h1-6"),
    "blue-inf-1": ("binf", "h9-0"), "blue-art-1": ("art", "h9-0"),
    "blue-inf-2": ("binf", "h10-1"),
}


class _StepCosts(dict[tuple[str, str], "int | None"]):
    """Step costs by (hex, adjacent hex), each found once for its map (a search asks
    for thousands: a dict lookup, not a call)."""

    def __init__(self, bmap: BoardMap,
                 find: Callable[[BoardMap, str, str], int | None]) -> None:
        super().__init__()
        self.bmap, self.find = bmap, find

    def __missing__(self, key: tuple[str, str]) -> int | None:
        cost = self[key] = self.find(self.bmap, *key)
        return cost


class HexModel(Ruleset):
    """The hex demo's data and predicates (see the module docstring for the rules)."""

    id = "hex-demo"
    name = N_("Hex demo")
    version = "0.2"
    rules_name = "Hex demo"
    words = WORDS
    sides = (SideInfo("red", N_("Red"), "#c0392b", "#ffffff"),
             SideInfo("blue", N_("Blue"), "#2e5fa8", "#ffffff"))
    map_file = "sample_hex.yaml"
    _step_costs: tuple[BoardMap, _StepCosts] | None = None
    """The step costs found so far, with the map they belong to (see :meth:`step_cost`)."""
    _searches: tuple[BoardMap, dict[tuple[str, int, frozenset[str]], dict[str, Reach]]] \
        | None = None
    """The last searches of :meth:`reachable`, by start, MP and enemy hexes, with their
    map (forgotten past :data:`SEARCHES_KEPT`)."""
    _towards: tuple[object, str | None, dict[str, Reach]] = ((), None, {})
    """The last search stopped at a target (:meth:`reach`): its key, target and result
    (forgotten with the searches kept)."""

    def unit(self, state: State, pid: str) -> Unit:
        return UNITS[state["pieces"][pid]["type"]]

    def piece_side(self, state: State, pid: str) -> str:
        return self.unit(state, pid).side

    def piece_name(self, state: State, pid: str) -> str:
        kind = state["pieces"][pid]["type"]
        name = _NAMES.get((pid, kind))
        if name is None:  # a message is a value: made once per piece (log lines, labels)
            u = UNITS[kind]
            name = _NAMES[pid, kind] = N_("{side} {kind} {number}", side=self.side(u.side).name,
                                          kind=u.kind, number=pid.rsplit("-", 1)[-1])
        return name

    def enemy_hexes(self, state: State, side: str) -> set[str]:
        """The hexes holding pieces of the side's enemy."""
        areas = self.board_map.areas  # (piece_side, inlined: called on every move checked)
        return {p["loc"] for p in state["pieces"].values()
                if UNITS[p["type"]].side != side and p["loc"] in areas}

    def step_cost(self, src: str, dst: str) -> int | None:
        """MP to move from hex ``src`` into the adjacent hex ``dst`` (rules 3, 4): the
        map's, found once per pair of hexes of the map in play."""
        return self._costs()[src, dst]

    def _costs(self) -> _StepCosts:
        """The step costs of the map in play, each found when first asked."""
        bmap = self.board_map
        if self._step_costs is None or self._step_costs[0] is not bmap:
            self._step_costs = (bmap, _StepCosts(bmap, self._map_step_cost))
        return self._step_costs[1]

    @staticmethod
    def _map_step_cost(bmap: BoardMap, src: str, dst: str) -> int | None:
        if dst not in bmap.areas:
            return None
        side = bmap.hexside(src, dst)
        if "road" in side:
            return 1
        cost = TERRAIN_COST.get(bmap.areas[dst].terrain)
        if cost is None:
            return None
        return cost + (1 if "river" in side else 0)

    def budget(self, state: State, pieces: list[str]) -> int:
        """The movement of a stack: its slowest piece's (rule 2)."""
        return min(self.unit(state, p).move for p in pieces)

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        return dict(self._search(state, pieces))

    def reach(self, state: State, pieces: list[str], dest: str) -> Reach | None:
        """How ``pieces`` reach ``dest`` (``None``: they cannot): :meth:`reachable`'s
        answer, found by a search that stops at ``dest`` unless the whole one is kept."""
        return self._search(state, pieces, dest).get(dest)

    def _search(self, state: State, pieces: list[str],
                target: str | None = None) -> dict[str, Reach]:
        """The reach of ``pieces`` (kept, see ``_searches``); with ``target``, a search
        that may stop there (kept apart: the last one only)."""
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        side = self.piece_side(state, pieces[0])
        start = state["pieces"][pieces[0]]["loc"]
        bmap = self.board_map
        if start not in bmap.areas or any(p in state["vars"]["moved"] for p in pieces):
            return {}
        enemies = self.enemy_hexes(state, side)
        budget = self.budget(state, pieces)
        # The search depends on nothing else than these (and the map): a stack that
        # moves was searched for already when its move was checked.
        key = (start, budget, frozenset(enemies))
        if self._searches is None or self._searches[0] is not bmap \
                or len(self._searches[1]) > SEARCHES_KEPT:
            self._searches = (bmap, {})
            self._towards = ((), None, {})
        if key in self._searches[1]:
            return self._searches[1][key]
        if target is not None and self._towards[:2] == (key, target):
            return self._towards[2]
        zoc = {n for e in enemies for n in bmap.neighbours(e)}
        costs = self._costs()

        def enter(src: str, dst: str) -> int | None:
            return None if dst in enemies else costs[src, dst]

        found = reachable(bmap.graph, start, budget, enter, must_stop=lambda h: h in zoc,
                          target=target)
        if target is None:
            self._searches[1][key] = found
        else:
            self._towards = (key, target, found)
        return found

    def why_not_move(self, state: State, pieces: list[str],
                     dest: str) -> tuple[str, str | None] | None:
        """``None`` if ``pieces`` may move to ``dest`` now, else (reason, rule)."""
        if state["turn"] > LAST_TURN:
            return N_("the game is over"), self.cite("6")
        if not pieces:
            return N_("no piece to move"), None
        for pid in pieces:
            if pid not in state["pieces"]:
                return N_("no piece {piece}", piece=repr(pid)), None
        if {self.piece_side(state, p) for p in pieces} != {state["active"]}:
            return N_("it is {side}'s move", side=self.side(state["active"]).name), \
                self.cite("1")
        if len({state["pieces"][p]["loc"] for p in pieces}) != 1:
            return N_("the pieces must start in one hex"), self.cite("2")
        moved = [p for p in pieces if p in state["vars"]["moved"]]
        if moved:
            return N_("{piece} has moved this turn", piece=self.piece_name(state, moved[0])), \
                self.cite("2")
        bmap = self.board_map
        if dest not in bmap.areas:
            return N_("{place} is not a hex of the map", place=bmap.place_name(dest)), None
        if dest in self.enemy_hexes(state, state["active"]):
            return N_("enemy pieces are in {place}", place=bmap.place_name(dest)), \
                self.cite("5")
        if bmap.areas[dest].terrain not in TERRAIN_COST:
            return (N_("{place} is {terrain}: it cannot be entered",
                       place=bmap.place_name(dest), terrain=TERRAINS.get(
                           bmap.areas[dest].terrain, bmap.areas[dest].terrain)),
                    self.cite("3"))
        if self.reach(state, pieces, dest) is None:
            return (N_("{place} is out of reach with {mp} MP", place=bmap.place_name(dest),
                       mp=self.budget(state, pieces)), self.cite("3, 4, 5"))
        return None

    def towns(self) -> list[str]:
        """The towns of the map (rule 7), in a fixed order."""
        return sorted(a.id for a in self.board_map.areas.values() if a.city)

    def holder(self, state: State, town: str) -> str | None:
        """The side with pieces in ``town`` (rule 7), if any."""
        sides = {self.piece_side(state, p) for p in state["stacks"].get(town, [])}
        return next(iter(sides)) if len(sides) == 1 else None

    def standing(self, state: State) -> dict[str, float]:
        """The towns each side holds (rule 7)."""
        held = [self.holder(state, t) for t in self.towns()]
        return {side: float(held.count(side)) for side in SIDES}

    def evaluate(self, state: State, side: str) -> float:
        """Towns held (rule 7) first; then, for each town ``side`` does not hold and no
        enemy blocks, how near its nearest piece stands (hexes, as the crow flies)."""
        value = super().evaluate(state, side) * 10
        mine = [p for p in state["pieces"] if self.piece_side(state, p) == side
                and state["pieces"][p]["loc"] in self.board_map.areas]
        areas = self.board_map.areas
        for town in self.towns():
            if self.holder(state, town) is None and mine:
                value -= 0.2 * min(hex_distance(areas[town].hex,
                                                areas[state["pieces"][p]["loc"]].hex)
                                   for p in mine)
        return value

    def outcome(self, state: State) -> str | None:
        if state["turn"] <= LAST_TURN:
            return None
        if not rule_on(state, TOWNS_WIN):
            return N_("The six turns are over.")
        held = self.standing(state)
        red, blue = int(held["red"]), int(held["blue"])
        if red == blue:
            return NP_("The six turns are over: a draw, {n} town each (Hex demo 7).",
                       "The six turns are over: a draw, {n} towns each (Hex demo 7).", red)
        winner = N_("Red") if red > blue else N_("Blue")
        return N_("The six turns are over: {winner} wins, holding {most} towns to {least} "
                  "(Hex demo 7).", winner=winner, most=max(red, blue), least=min(red, blue))


def hex_distance(a: tuple[int, int] | None, b: tuple[int, int] | None) -> int:
    """Hexes between two hexes of axial coordinates ``a`` and ``b``."""
    if a is None or b is None:
        return 0
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
