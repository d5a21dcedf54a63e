"""Hex demo, the ruleset: wires the model and the steps, and says how pieces look.

It is here to show that a hex map is a map like any other: the core knows nothing of
these rules; the ruleset gives the cost of each step to the core's path search. It is
also the template of a game folder: ``model.py`` (data and predicates),
``steps/`` (one module per phase or procedure), and this file.
"""

from __future__ import annotations

from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, DiceSpec, ScenarioInfo, Status
from boardapp.core.engine.state import LEGACY, State, add_piece, new_state

from .model import LAST_TURN, SET_UP, SIDES, TOWNS_WIN, HexModel
from .steps.move import MovePhase
from .words import N_


class HexDemo(HexModel):
    """The hex demo (see :mod:`.model` for the rules)."""

    aliases = ("hex_demo", "hex")
    dice = DiceSpec(sides=6)
    default_scenario = "demo"
    flow = Flow(phases=(MovePhase,))

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"demo": ScenarioInfo("demo", N_("Meeting at the ford"),
                                     N_("Three pieces a side on either side of the river"))}

    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        state = new_state(self.id, scenario, new_rng(seed), list(SIDES))
        if played_with == "0.1":
            state[LEGACY] = {TOWNS_WIN: False}  # rule 7 came with 0.2
        for pid, (tid, where) in SET_UP.items():
            add_piece(state, pid, tid, where)
        state["vars"] = {"moved": []}
        return state

    def counter_face(self, state: State, pid: str) -> CounterFace:
        u = self.unit(state, pid)
        side = self.side(u.side)
        reduced = bool(state["pieces"][pid]["flipped"])
        combat = max(1, u.combat // 2) if reduced else u.combat
        return CounterFace(colour=side.colour, text_colour=side.text_colour, title=u.kind,
                           subtitle=pid.rsplit("-", 1)[-1], values=(str(combat), str(u.move)),
                           reduced=reduced,
                           tooltip=N_("{piece}: combat {combat}, movement {move}",
                                      piece=self.piece_name(state, pid), combat=combat,
                                      move=u.move))

    def status(self, state: State) -> Status:
        return Status(N_("{game}, turn {turn}", game=self.name,
                         turn=min(state["turn"], LAST_TURN)))
