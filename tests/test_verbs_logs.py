"""A verb declared ``@verb(..., logs=True)`` says its handler always writes a log line (the
core then does not word the action beforehand): random games of the rulesets that declare
such verbs, every such action applied on its own must write one."""

from __future__ import annotations

import random

import pytest

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import copy_state
from tests.contracthelpers import choose, legal_by_side, takes_side

GAMES = [("guet-apens", "I", 2, 40), ("guet-apens", "V", 1, 60), ("table-demo", None, 2, 40),
         ("hex-demo", None, 1, 40)]


def _silent_declared(rid: str, scenario: str | None, seed: int, cap: int) -> tuple[int, list]:
    """(how many actions declared to log were tried, those that wrote nothing)."""
    rs = find_ruleset(rid)
    game = Game(rs, scenario, seed)
    rnd = random.Random(seed)
    sided = takes_side(rs)
    tried, silent = 0, []
    while len(game.log) < cap:
        if sided:
            by_side = {s: a for s, a in legal_by_side(rs, game.state).items() if a}
            if not by_side:
                break
            side = rnd.choice(sorted(by_side))
            action = choose(rnd, by_side[side])
        else:
            legal = list(rs.legal_actions(game.state))
            if not legal:
                break
            side, action = rs.acting_side(game.state), choose(rnd, legal)
        spec = rs.flow.verb_spec(game.state, action.verb)
        if spec is not None and spec.logs:
            tried += 1
            state = copy_state(game.state)
            ctx = Context(state, side)
            rs.apply(state, action, ctx)
            if not ctx.lines and not ctx.private_lines:
                silent.append(action.text())
        game.push(action, side=side)
    return tried, silent


@pytest.mark.parametrize(("rid", "scenario", "seeds", "cap"), GAMES)
def test_every_verb_declared_to_log_writes_a_line(rid, scenario, seeds, cap):
    tried = 0
    for seed in range(1, seeds + 1):
        n, silent = _silent_declared(rid, scenario, seed, cap)
        assert not silent, f"{rid} seed {seed}: declared logs=True, wrote nothing: {silent}"
        tried += n
    assert tried > 0  # the games played do take such verbs


def test_a_verb_declared_to_log_that_writes_nothing_is_caught(monkeypatch):
    from rulesets.guet_apens.steps.joust import PickTeams

    monkeypatch.setattr(PickTeams, "on_pick", _quiet_pick)
    tried, silent = _silent_declared("guet-apens", "I", 1, 8)
    assert tried and silent and all(text.startswith("pick ") for text in silent)


def _quiet_pick(self, rs, state, frame, action, ctx, flow):
    pid = action.arg(0)
    rs.fig(state, pid)["side"] = frame["side"]
    state["vars"]["joust"]["lines"][frame["side"]].append(pid)
    frame["side"] = "b" if frame["side"] == "a" else "a"
