"""The contract of every installed ruleset (issue 12, point 9): random legal games to the
end, every position checked, then replay, save/load and undo (``tests/contracthelpers.py``
says what is checked); a guided search with Hypothesis; and the bugs found, kept as tests.

A deeper run: ``BOARDAPP_CONTRACT_SEEDS=20`` plays that many games per scenario, and
``BOARDAPP_CONTRACT_EXAMPLES=200`` gives Hypothesis that many examples per ruleset.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import Ruleset, available_rulesets
from boardapp.core.engine.state import State, digest
from boardapp.core.engine.verbs import verb
from boardapp.core.files.gamefile import dumps_game, loads_game
from rulesets.hex_demo.rules import HexDemo
from rulesets.hex_demo.steps.move import MovePhase
from tests.contracthelpers import (
    DEFAULT_PLAN,
    LONG_RUNS,
    PLANS,
    ContractError,
    Offers,
    check_deciders,
    check_game,
    check_position,
    check_replay,
    choose,
    legal_by_side,
    play,
    play_plan,
    takes_side,
)

DATA = Path(__file__).parent / "data" / "contract"
SEEDS = int(os.environ.get("BOARDAPP_CONTRACT_SEEDS", "0"))
EXAMPLES = int(os.environ.get("BOARDAPP_CONTRACT_EXAMPLES", "0"))

_RULESETS: dict[str, Ruleset] = {}


def ruleset(rid: str) -> Ruleset:
    """One instance per ruleset for the whole run (maps and data are loaded once)."""
    if rid not in _RULESETS:
        _RULESETS[rid] = available_rulesets()[rid]()
    return _RULESETS[rid]


def cases() -> list[tuple[str, str, int]]:
    out = []
    for rid, cls in sorted(available_rulesets().items()):
        plan = PLANS.get(rid, DEFAULT_PLAN)
        scenarios = list(ruleset(rid).scenarios()) if plan.all_scenarios \
            else [cls.default_scenario]
        out += [(rid, sc, seed) for sc in scenarios for seed in range(1, (SEEDS or plan.seeds)
                                                                      + 1)]
    return out


@pytest.mark.parametrize("rid, scenario, seed", cases())
def test_random_games_keep_the_contract(rid, scenario, seed):
    plan = PLANS.get(rid, DEFAULT_PLAN)
    played = play_plan(ruleset(rid), scenario, seed, plan)
    assert played.ended and ruleset(rid).outcome(played.game.state) is not None
    check_game(played)


def long_cases() -> list[tuple[str, str, int]]:
    return [(rid, run.scenario, seed) for rid, runs in sorted(LONG_RUNS.items())
            for run in runs for seed in range(1, run.seeds + 1)]


@pytest.mark.parametrize("rid, scenario, seed", long_cases())
def test_long_runs_play_to_the_end_and_replay(rid, scenario, seed):
    """The scenarios played for many seeds (``LONG_RUNS``, e.g. Guet-Apens Scenario V,
    issue 19): each game to its end, replayed to the same state; one in 25 checked
    position by position with the whole contract."""
    run = next(r for r in LONG_RUNS[rid] if r.scenario == scenario)
    plan = PLANS.get(rid, DEFAULT_PLAN)
    checked = run.checked(seed)
    played = play(ruleset(rid), scenario, seed, run.cap, checks=checked, known=plan.known,
                  per_verb=3 if plan.cheap_offers else None, new_kinds=plan.cheap_offers)
    assert played.ended and ruleset(rid).outcome(played.game.state) is not None
    if checked:
        check_game(played)
    else:
        check_replay(played)


def test_every_installed_ruleset_is_played():
    assert {rid for rid, _, _ in cases()} == set(available_rulesets())


@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_hand_actions_answer_for_every_side(rid):
    """The board asks every game for the acting side's hand actions after each action."""
    rs = ruleset(rid)
    game = Game(rs, None, 1)
    rnd = random.Random(1)
    for _ in range(30):
        for side in (s.id for s in rs.sides):
            hand = rs.hand_actions(game.state, side)
            assert all(isinstance(a, Action) for a in hand)
        by_side = legal_by_side(rs, game.state)
        if not by_side:
            break
        side = sorted(by_side)[0]  # several sides may decide at once (orders given together)
        game.push(choose(rnd, by_side[side]), side=side)


# -- the bugs found, as regression tests ---------------------------------------------------
def replayed(name: str) -> Game:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    return Game.replay(ruleset(data["ruleset"]), data["scenario"], data["seed"],
                       [tuple(pair) for pair in data["actions"]])


def test_lily_sea_moves_are_offered_on_the_board():
    """Found by the contract: a sea move (13) to a zone the army could also reach by land
    was legal but offered nowhere (a drag there is the land move); it is now on the
    destination's menu (chooser seed 1, 49 actions)."""
    game = replayed("lily-sail.json")
    rs, state = game.ruleset, game.state
    sails = [a for a in rs.legal_actions(state) if a.verb == "sail"]
    assert sails
    offers = Offers(rs, state)
    assert [a.text() for a in sails if offers.where(a) is None] == []


def test_lily_the_besieged_deciding_is_a_deciding_side():
    """Found by the contract before Lily and the Ermine was on Engine 2: while a besieged
    commander chose siege or battle (10), acting_side named the defender but
    deciding_sides the active side (chooser seed 3, after 213 actions)."""
    game = replayed("lily-defence.json")
    rs, state = game.ruleset, game.state
    assert [a.verb for a in rs.legal_actions(state)] == ["defend", "defend"]
    assert check_deciders(rs, state, list(rs.legal_actions(state))) == []


# -- the contract has teeth: a broken ruleset fails it ----------------------------------------
class EndlessHex(HexDemo):
    """The hex demo with no end: the turns go on."""

    def outcome(self, state: State) -> str | None:
        return None


class StuckHex(HexDemo):
    """The hex demo stuck in turn 2: nothing legal, and the game not over."""

    def legal_actions(self, state: State, side: str | None = None):
        if state["turn"] >= 2:
            return iter(())
        return super().legal_actions(state, side)


class HiddenVerbPhase(MovePhase):
    """A move phase with a verb offered nowhere and one labelled by its raw text."""

    def actions(self, rs, state: State, frame: Frame):
        yield from super().actions(rs, state, frame)
        yield Action("hide")
        yield Action("raw", ("x",))

    @verb("hide", decisions=False)
    def on_hide(self, rs, state: State, frame: Frame, action: Action, ctx: Context,
                flow: Flow) -> None:
        ctx.log("hidden")

    @verb("raw", label=lambda rs, state, action: action.text())
    def on_raw(self, rs, state: State, frame: Frame, action: Action, ctx: Context,
               flow: Flow) -> None:
        ctx.log("raw")


class HiddenVerbHex(HexDemo):
    flow = Flow(phases=(HiddenVerbPhase,))


class WrongCountHex(HexDemo):
    """The hex demo whose invariants find a problem once a piece has moved."""

    def invariants(self, state: State) -> list[str]:
        return ["a piece moved"] if state["vars"]["moved"] else []


def test_a_game_that_never_ends_is_caught():
    with pytest.raises(ContractError, match="never ends: still going after 60 actions"):
        play(EndlessHex(), "demo", 1, 60, chooser=lambda rnd, legal: Action("end"))


def test_a_dead_end_is_caught():
    with pytest.raises(ContractError, match="dead end: no legal action while the game is "
                                            "not over") as info:
        play(StuckHex(), "demo", 1, 200)
    assert "hex-demo scenario demo game seed 1" in str(info.value)


def test_an_action_offered_nowhere_and_a_raw_label_are_caught():
    rs = HiddenVerbHex()
    problems, legal, _ = check_position(rs, Game(rs, None, 1).state)
    assert "'hide' is offered nowhere on the board (not on the toolbar, a place's or a " \
           "counter's menu, a hand, nor a drag)" in problems
    assert "'raw x' is labelled with its raw text, though its verb declares a label" \
        in problems
    assert len(problems) == 2 and Action("end") in legal


def test_the_rulesets_invariants_are_checked_at_every_position():
    with pytest.raises(ContractError, match="invariant: a piece moved"):
        play(WrongCountHex(), "demo", 1, 200, chooser=lambda rnd, legal: legal[0])


def test_an_action_a_side_may_not_take_is_caught():
    rs = ruleset("hex-demo")
    state = Game(rs, None, 1).state
    assert takes_side(rs) and rs.deciding_sides(state) == ["red"]
    assert check_deciders(rs, state, list(rs.legal_actions(state))) == []

    class BothDecide(HexDemo):
        def legal_actions(self, state: State, side: str | None = None):
            return iter([Action("end")])

    bad = BothDecide()
    assert check_deciders(bad, state, [Action("end")]) == [
        "blue does not decide now (deciding: ['red']) but has legal actions: ['end']"]


# -- guided search: Hypothesis chooses the actions, undoes, saves and loads -------------------
class ContractMachine(RuleBasedStateMachine):
    """A game driven by Hypothesis: legal actions, undo, redo, save and load; after each
    step the position keeps the contract and every earlier state is remembered, so
    that undo and redo must give them back exactly."""

    rid = ""

    def __init__(self) -> None:
        super().__init__()
        self.rs = ruleset(self.rid)
        self.game: Game | None = None
        self.digests: list[str] = []
        self.plan = PLANS.get(self.rid, DEFAULT_PLAN)

    @initialize(seed=st.integers(1, 50), prefix=st.integers(0, 60))
    def start(self, seed: int, prefix: int) -> None:
        """A random game of the default scenario, ``prefix`` actions in."""
        self.game = Game(self.rs, None, seed)
        rnd = random.Random(seed)
        for _ in range(prefix):
            by_side = legal_by_side(self.rs, self.game.state)
            if not by_side:
                break
            sides = sorted(by_side)  # several sides may decide at once (orders together)
            side = sides[0] if len(sides) == 1 else rnd.choice(sides)
            self.game.push(choose(rnd, by_side[side]), side=side)
        self.digests = [digest(self.game.state_at(i)) for i in range(len(self.game.log) + 1)]

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        assert self.game is not None
        legal = [(side, a) for side, actions in legal_by_side(self.rs, self.game.state).items()
                 for a in actions]
        if not legal:
            return
        side, action = data.draw(st.sampled_from(legal), label="action")
        self.game.push(action, side=side)
        del self.digests[len(self.game.log):]
        self.digests.append(digest(self.game.state))

    @precondition(lambda self: self.game is not None and self.game.can_undo)
    @rule()
    def undo(self) -> None:
        assert self.game is not None
        self.game.undo()
        assert digest(self.game.state) == self.digests[len(self.game.log)]

    @precondition(lambda self: self.game is not None and self.game.can_redo)
    @rule()
    def redo(self) -> None:
        assert self.game is not None
        self.game.redo()
        assert digest(self.game.state) == self.digests[len(self.game.log)]

    @rule()
    def save_and_load(self) -> None:
        assert self.game is not None
        loaded = loads_game(dumps_game(self.game))
        assert digest(loaded.state) == digest(self.game.state)
        assert [e.action for e in loaded.log] == [e.action for e in self.game.log]
        self.game = loaded  # its redo stack is empty, as after opening a file
        del self.digests[len(self.game.log) + 1:]

    @rule()
    def replay(self) -> None:
        assert self.game is not None
        again = Game.replay(self.rs, self.game.scenario, self.game.seed,
                            [(e.action.text(), e.side) for e in self.game.log],
                            self.game.start_data)
        assert digest(again.state) == digest(self.game.state)

    @invariant()
    def keeps_the_contract(self) -> None:
        if self.game is None:
            return
        problems, _, _ = check_position(self.rs, self.game.state, random.Random(0), per_verb=1)
        problems = [p for p in problems if not any(re.search(k, p) for k in self.plan.known)]
        assert problems == [], problems


def machine_for(rid: str) -> type[ContractMachine]:
    return type(f"Contract_{rid.replace('-', '_')}", (ContractMachine,), {"rid": rid})


@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_guided_search(rid):
    machine = machine_for(rid)
    slow = PLANS.get(rid, DEFAULT_PLAN).cheap_offers
    machine.TestCase.settings = settings(
        max_examples=EXAMPLES or (3 if slow else 5), stateful_step_count=10 if slow else 15,
        deadline=None, derandomize=True, database=None,
        suppress_health_check=list(HealthCheck))
    machine.TestCase().runTest()
