"""Table demo, the ruleset: wires the model and the steps, sets up the table and says how
figures look. It is the template of a skirmish game on a free table: ``model.py`` (data
and predicates), ``steps/`` (the turn and the orders given together), and this file."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, DiceSpec, ScenarioInfo, Status
from boardapp.core.engine.state import State, add_piece, new_state
from boardapp.core.table.fixed import is_point_text, to_tenths, to_units
from boardapp.core.table.positions import set_position
from boardapp.core.table.tableboard import TABLE_PLACE

from .model import LAST_TURN, SET_UP, SIDES, TURN_IN_PLACE, TableModel
from .steps.orders import ORDERS_STEP, Orders, RevealOrders, TurnPhase
from .words import N_


class TableDemo(TableModel):
    """The table demo (see :mod:`.model` for the rules)."""

    aliases = ("table_demo", "table")
    dice = DiceSpec(sides=6)
    default_scenario = "demo"
    flow = Flow(Orders, RevealOrders, phases=(TurnPhase,))

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"demo": ScenarioInfo("demo", N_("King of the hill"),
                                     N_("Three figures a side race for the windmill hill"))}

    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        state = new_state(self.id, scenario, new_rng(seed), list(SIDES))
        for pid, (tid, x, y, facing) in SET_UP.items():
            add_piece(state, pid, tid, TABLE_PLACE)
            set_position(state, pid, to_units(x), to_units(y), to_tenths(facing))
        if played_with == "0.1":
            state["legacy"] = {TURN_IN_PLACE: False}  # turning where it stands: from 0.2
        state["phase"] = TurnPhase.name
        state["vars"] = {"drafts": {}}
        state["flow"] = [{"step": ORDERS_STEP, "side": SIDES[0], "sides": list(SIDES),
                          "vars": {}}]
        return state

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """A drag of a figure to a point of the table plans its path while orders are
        given (rule 2); anywhere else it is a placement by hand."""
        if is_point_text(dest.split(";")[-1]) and self.flow.verb_spec(state, "plan"):
            return Action.of("plan", pieces, dest)
        return Action.of("place", pieces, dest)

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {s: [("vars", "drafts", s)] for s in SIDES}

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """The other side's paths planned in secret are not guessed: the computer
        assumes it plans none yet (its committed orders are guessed as a sealed choice,
        among what it could have committed)."""
        return view

    def private_lines(self, state: State, side: str) -> list[str]:
        drafts = (state["vars"].get("drafts") or {}).get(side) or {}
        return [N_("Planned: {piece} to {path}", piece=self.piece_name(state, p), path=path)
                for p, path in sorted(drafts.items())]

    def counter_face(self, state: State, pid: str) -> CounterFace:
        side = self.side(self.piece_side(state, pid))
        spec = self.spec(state, pid)
        kind = state["pieces"][pid]["type"]
        return CounterFace(colour=side.colour, text_colour=side.text_colour,
                           title=pid.rsplit("-", 1)[-1].upper(), subtitle=kind,
                           tooltip=N_("{piece}: base {width} x {depth} cm, allowance "
                                      "{allowance} cm", piece=self.piece_name(state, pid),
                                      width=f"{spec.width:g}", depth=f"{spec.depth:g}",
                                      allowance=f"{spec.allowance:g}"))

    def status(self, state: State) -> Status:
        return Status(N_("{game}, turn {turn}", game=self.name,
                         turn=min(state["turn"], LAST_TURN)))
