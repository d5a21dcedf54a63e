"""A verb declared ``@verb(..., logs=True)`` says its handler always writes a log line (the
core then does not word the action beforehand). The contract test's random games check it
for every ruleset (:func:`tests.contracthelpers.play`); here, that the check does catch a
handler that writes nothing."""

from __future__ import annotations

import pytest

from boardapp.core.engine.ruleset import find_ruleset
from tests.contracthelpers import ContractError, play


def test_a_verb_declared_to_log_that_writes_nothing_is_caught(monkeypatch):
    from rulesets.guet_apens.steps.joust import PickTeams

    monkeypatch.setattr(_quiet_pick, "__verb__", PickTeams.on_pick.__verb__, raising=False)
    monkeypatch.setattr(PickTeams, "on_pick", _quiet_pick)  # declared as before, now silent
    with pytest.raises(ContractError, match=r"'pick .*' is declared logs=True"):
        play(find_ruleset("guet-apens"), "I", 1, 400)


def _quiet_pick(self, rs, state, frame, action, ctx, flow):
    pid = action.arg(0)
    rs.fig(state, pid)["side"] = frame["side"]
    state["vars"]["joust"]["lines"][frame["side"]].append(pid)
    frame["side"] = "b" if frame["side"] == "a" else "a"
