"""Hex demo: two small armies move by hex costs on ``maps/sample_hex.yaml``.

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

It is here to show that a hex map is a map like any other: the core knows nothing of
these rules; the ruleset gives the cost of each step to the core's path search.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.board.movement import Reach, reachable
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import (
    CounterFace,
    DiceSpec,
    MoveVerdict,
    Ruleset,
    ScenarioInfo,
    SideInfo,
)
from boardapp.core.engine.state import State, add_piece, new_state, put_piece

SIDES = ("red", "blue")
TERRAIN_COST = {"clear": 1, "woods": 2, "hills": 3}
LAST_TURN = 6


@dataclass(frozen=True)
class Unit:
    """A counter type: side, kind, combat and movement factors."""

    side: str
    kind: str
    combat: int
    move: int


UNITS = {
    "inf": Unit("red", "Inf", 4, 4), "cav": Unit("red", "Cav", 2, 6),
    "binf": Unit("blue", "Inf", 4, 4), "art": Unit("blue", "Art", 5, 3),
}
SET_UP = {  # piece id: (type, hex id)
    "red-inf-1": ("inf", "h2-3"), "red-cav-1": ("cav", "h2-3"), "red-inf-2": ("inf", "h1-6"),
    "blue-inf-1": ("binf", "h9-0"), "blue-art-1": ("art", "h9-0"),
    "blue-inf-2": ("binf", "h10-1"),
}


class HexDemo(Ruleset):
    """The hex demo (see the module docstring for the rules)."""

    id = "hex-demo"
    name = "Hex demo"
    version = "0.1"
    aliases = ("hex_demo", "hex")
    rules_name = "Hex demo"
    sides = (SideInfo("red", "Red", "#c0392b", "#ffffff"),
             SideInfo("blue", "Blue", "#2e5fa8", "#ffffff"))
    dice = DiceSpec(sides=6)
    default_scenario = "demo"
    map_file = "sample_hex.yaml"

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"demo": ScenarioInfo("demo", "Meeting at the ford",
                                     "Three pieces a side on either side of the river")}

    def setup(self, scenario: str, seed: int) -> State:
        state = new_state(self.id, scenario, new_rng(seed), list(SIDES))
        for pid, (tid, where) in SET_UP.items():
            add_piece(state, pid, tid, where)
        state["vars"] = {"moved": []}
        return state

    # -- the rules -----------------------------------------------------------------------
    def unit(self, state: State, pid: str) -> Unit:
        return UNITS[state["pieces"][pid]["type"]]

    def piece_side(self, state: State, pid: str) -> str:
        return self.unit(state, pid).side

    def _enemy_hexes(self, state: State, side: str) -> set[str]:
        return {p["loc"] for pid, p in state["pieces"].items()
                if self.piece_side(state, pid) != side and p["loc"] in self.board_map.areas}

    def step_cost(self, src: str, dst: str) -> int | None:
        """MP to move from hex ``src`` into the adjacent hex ``dst`` (rules 3, 4)."""
        bmap = self.board_map
        if dst not in bmap.areas:
            return None
        side = bmap.hexside(src, dst)
        if "road" in side:
            return 1
        cost = TERRAIN_COST.get(bmap.areas[dst].terrain)
        if cost is None:
            return None
        return cost + (1 if "river" in side else 0)

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        side = self.piece_side(state, pieces[0])
        start = state["pieces"][pieces[0]]["loc"]
        bmap = self.board_map
        if start not in bmap.areas or any(p in state["vars"]["moved"] for p in pieces):
            return {}
        enemies = self._enemy_hexes(state, side)
        zoc = {n for e in enemies for n in bmap.neighbours(e)}
        budget = min(self.unit(state, p).move for p in pieces)

        def enter(src: str, dst: str) -> int | None:
            return None if dst in enemies else self.step_cost(src, dst)

        return reachable(bmap.graph, start, budget, enter, must_stop=lambda h: h in zoc)

    def check_move(self, state: State, pieces: list[str], dest: str) -> MoveVerdict:
        if not pieces:
            return MoveVerdict(False, "no piece to move")
        for pid in pieces:
            if pid not in state["pieces"]:
                return MoveVerdict(False, f"no piece {pid!r}")
        sides = {self.piece_side(state, p) for p in pieces}
        if sides != {state["active"]}:
            return MoveVerdict(False, f"it is {self.side(state['active']).name}'s move",
                               self.cite("1"))
        if len({state["pieces"][p]["loc"] for p in pieces}) != 1:
            return MoveVerdict(False, "the pieces must start in one hex", self.cite("2"))
        moved = [p for p in pieces if p in state["vars"]["moved"]]
        if moved:
            return MoveVerdict(False, f"{self.piece_name(state, moved[0])} has moved this turn",
                               self.cite("2"))
        bmap = self.board_map
        if dest not in bmap.areas:
            return MoveVerdict(False, f"{bmap.place_name(dest)} is not a hex of the map")
        if dest in self._enemy_hexes(state, state["active"]):
            return MoveVerdict(False, f"enemy pieces are in {bmap.place_name(dest)}",
                               self.cite("5"))
        if bmap.areas[dest].terrain not in TERRAIN_COST:
            return MoveVerdict(False, f"{bmap.place_name(dest)} is {bmap.areas[dest].terrain}: "
                                      "it cannot be entered", self.cite("3"))
        reach = self.reachable(state, pieces).get(dest)
        if reach is None:
            budget = min(self.unit(state, p).move for p in pieces)
            return MoveVerdict(False, f"{bmap.place_name(dest)} is out of reach with {budget} MP",
                               self.cite("3, 4, 5"))
        return MoveVerdict(True, reach=reach)

    def legal_actions(self, state: State) -> Iterator[Action]:
        """Moves of one piece (taking the pieces in turn), then of whole stacks, then
        ``end``."""
        if state["turn"] > LAST_TURN:
            return
        side = state["active"]
        stacks: dict[str, list[str]] = {}
        for place, pids in sorted(state["stacks"].items()):
            own = [p for p in pids if self.piece_side(state, p) == side
                   and p not in state["vars"]["moved"]]
            if own and place in self.board_map.areas:
                stacks[place] = own
        single = {p: sorted(self.reachable(state, [p])) for own in stacks.values() for p in own}
        for i in range(max((len(d) for d in single.values()), default=0)):
            for pid, dests in single.items():
                if i < len(dests):
                    yield Action.of("move", [pid], dests[i])
        for own in stacks.values():
            if len(own) > 1:
                for dest in sorted(self.reachable(state, own)):
                    yield Action.of("move", own, dest)
        yield Action("end")

    def flow_actions(self, state: State) -> list[Action]:
        return [Action("end")] if state["turn"] <= LAST_TURN else []

    def action_label(self, state: State, action: Action) -> str:
        return "End move" if action.verb == "end" else super().action_label(state, action)

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if action.verb == "move":
            self._move(state, action, ctx)
        elif action.verb == "end":
            self._end(state, ctx)
        else:
            raise InvalidActionError(f"unknown action {action.verb!r} (move, end)")

    def _move(self, state: State, action: Action, ctx: Context) -> None:
        pieces, dest, reach = self.legal_move(state, action)
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        state["vars"]["moved"].extend(pieces)
        bmap = self.board_map
        route = " → ".join(bmap.place_name(p) for p in reach.path)
        stop = ", stops next to the enemy" if reach.stops else ""
        ctx.log(f"{', '.join(self.piece_name(state, p) for p in pieces)} move {route} "
                f"({reach.cost} MP{stop})", self.cite("2-5"))

    def _end(self, state: State, ctx: Context) -> None:
        if state["turn"] > LAST_TURN:
            raise IllegalActionError("the game is over", self.cite("6"))
        side = state["active"]
        state["vars"]["moved"] = []
        if side == SIDES[0]:
            state["active"] = SIDES[1]
            ctx.log(f"{self.side(side).name} ends its move", self.cite("1"))
            return
        state["active"] = SIDES[0]
        state["turn"] += 1
        if state["turn"] > LAST_TURN:
            ctx.log("The sixth turn is over: the game ends", self.cite("6"))
        else:
            ctx.log(f"Turn {state['turn']} begins", self.cite("1"))

    # -- presentation ----------------------------------------------------------------------
    def piece_name(self, state: State, pid: str) -> str:
        u = self.unit(state, pid)
        return f"{self.side(u.side).name} {u.kind} {pid.rsplit('-', 1)[-1]}"

    def counter_face(self, state: State, pid: str) -> CounterFace:
        u = self.unit(state, pid)
        side = self.side(u.side)
        reduced = bool(state["pieces"][pid]["flipped"])
        combat = max(1, u.combat // 2) if reduced else u.combat
        return CounterFace(colour=side.colour, text_colour=side.text_colour, title=u.kind,
                           subtitle=pid.rsplit("-", 1)[-1], values=(str(combat), str(u.move)),
                           reduced=reduced,
                           tooltip=f"{self.piece_name(state, pid)}: combat {combat}, "
                                   f"movement {u.move}")

    def prompt(self, state: State) -> str:
        if state["turn"] > LAST_TURN:
            return "The game is over."
        return (f"Turn {state['turn']}: {self.side(state['active']).name} moves. Drag a stack "
                "(each piece moves once), then End move.")

    def title(self, state: State) -> str:
        return f"{self.name}, turn {min(state['turn'], LAST_TURN)}"

    def summary(self, state: State) -> str:
        lines = [self.prompt(state)]
        bmap = self.board_map
        for place, pids in sorted(state["stacks"].items()):
            names = ", ".join(self.piece_name(state, p) for p in pids)
            lines.append(f"  {bmap.place_name(place)} ({place}): {names}")
        return "\n".join(lines)
