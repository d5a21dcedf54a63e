"""The Lily and the Ermine: sieges on the tactical map (rules 10, Siege procedure), with the
rules' example of the siege of Rennes."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import pieces_at
from rulesets.lily_ermine import RULESET

_RULESET = RULESET()
ARMY = ["tremoille", "beaudricourt", "france-gd-1", "france-gd-2", "france-cm-1",
        "france-cm-2", "france-ca-1", "france-ca-2", "france-ar-2", "france-ar-3",
        "france-ar-4", "france-co-1"]
"""The French army of the example after the fatigue (an Ar lost): 18 SP, AF 28."""


def rennes(garrison: list[str] | None = None) -> tuple[Game, list[str]]:
    """The siege example: the army in 38 Rennes (FV 2) against the Breton Mi, combat phase."""
    game = Game(_RULESET, "1487", 1)
    if garrison:
        game.push("place " + ",".join(garrison) + " sz38")
    game.push("place " + ",".join(ARMY) + " sz38")
    s = game.state
    s["phase"], s["active"], s["turn"] = "combat", "france", 2
    s["vars"]["markers"] = {"sz38": "siege"}
    breton = [p for p in pieces_at(s, "sz38") if _RULESET.piece_side(s, p) == "brittany"]
    return game, breton


def table_rolls(game: Game) -> list[dict]:
    return [line.detail for e in game.log for line in e.lines
            if line.detail and line.detail.get("kind") == "table"]


def text(game: Game) -> str:
    return "\n".join(line.text for e in game.log for line in e.lines)


def test_siege_of_rennes_example():
    game, breton = rennes()
    assert [_RULESET.unit_code(game.state, p) for p in breton] == ["Mi"]
    mi = breton[0]
    assert "siege sz38" in [a.text() for a in game.legal_actions()]
    game.push("set-dice 2")  # the number of siege rounds
    game.push("siege sz38")
    t = game.state["vars"]["tactical"]
    assert (t["rounds"], t["fv"]) == (2, 2)
    # Deployment: the Mi in the Breton 2nd line, the whole French army in its 1st line.
    assert pieces_at(game.state, "tz-brittany-line2") == [mi]
    assert set(pieces_at(game.state, "tz-france-line1")) == set(ARMY)
    assert not pieces_at(game.state, "sz38")
    assert _RULESET.focus_board(game.state) == "tactical"
    assert game.state["flow"][-1]["step"] == "siege-fire"
    game.push("set-dice 2,5")  # the two Ca: 2 <= CF 3 success, 5 failure
    game.push("siege-fire")
    assert game.state["vars"]["tactical"]["fv"] == 1
    assert game.state["flow"][-1]["step"] == "siege-assault"
    assert _RULESET.acting_side(game.state) == "brittany"  # the inactive player rolls
    game.push("set-dice 3")
    game.push("siege-assault")
    log = text(game)
    assert "AF 28" in log and "DF 4" in log
    assert "ratio column >=3/1, 1 column(s) to the left for the FV = 2/1" in log
    last = table_rolls(game)[-1]
    assert (last["column"], last["die"], last["result"]) == ("2/1", 3, "0/3R")
    assert "R is ignored" in log
    # The besieged loses 3 SP: the Mi first (as its owner chooses), then the FV.
    assert game.state["flow"][-1]["step"] == "siege-losses"
    assert _RULESET.acting_side(game.state) == "brittany"
    assert [a.text() for a in game.legal_actions()] == [f"eliminate-unit {mi}"]
    game.push(f"eliminate-unit {mi}")
    assert "FV (1 → 0)" in text(game)
    # The fortress is taken: pieces back in 38, control, markers gone, FV back to 2.
    assert not game.state.get("flow")
    assert game.state["vars"]["tactical"] is None
    assert game.state["vars"]["markers"] == {}
    assert game.state["control"]["sz38"] == "france"
    assert set(pieces_at(game.state, "sz38")) == set(ARMY)
    assert game.state["pieces"][mi]["loc"] == "reserve-brittany"
    assert "The fortress of 38 Rennes is taken by France" in text(game)
    assert "FV returns to 2" in text(game)
    assert game.state["score"]["france"] == 2  # siege won at FV 2 (12)
    assert _RULESET.focus_board(game.state) is None


def test_siege_refusals_and_unknown_result_asked():
    game, breton = rennes()
    with pytest.raises(IllegalActionError) as err:
        game.push("siege sz37")
    assert err.value.rule == "Lily and the Ermine 10"
    game.push("set-dice 3")
    game.push("siege sz38")
    game.push("set-dice 6,6")  # both cannon miss: FV stays 2
    game.push("siege-fire")
    game.push("set-dice 1")  # 28 vs 5: >=3/1, 2 columns left = 3/2, die 1: unknown
    game.push("siege-assault")
    assert game.state["flow"][-1]["step"] == "siege-ask"
    assert table_rolls(game)[-1]["column"] == "3/2"
    assert "combat-losses 1/0" in [a.text() for a in game.legal_actions()]
    game.push("combat-losses 1/0")  # no R question in an assault
    assert [a.text() for a in game.legal_actions()][0] == "commander-check none"
    game.push("commander-check none")  # the printed result's * (10)
    assert game.state["flow"][-1]["step"] == "siege-losses"
    assert _RULESET.acting_side(game.state) == "france"
    game.push("reduce france-gd-1")
    # No commander in the garrison: no sortie; the round ends, France chooses.
    assert game.state["flow"][-1]["step"] == "siege-round-end"
    assert game.state["vars"]["tactical"]["left"] == 2
    vp = game.state["score"]["brittany"]
    game.push("siege-lift")
    assert game.state["score"]["brittany"] == vp + 2  # the besieger retreats (12)
    assert game.state["flow"][-1]["step"] == "battle-retreat"
    assert _RULESET.acting_side(game.state) == "france"
    assert all(game.state["pieces"][p]["loc"] == "sz38" for p in ARMY)
    game.push("retreat-to sz43")
    assert not game.state.get("flow")
    assert {"tremoille", "beaudricourt"} <= set(pieces_at(game.state, "sz43"))
    assert not any(game.state["pieces"][p]["loc"] == "sz38" for p in ARMY)
    assert game.state["vars"]["markers"] == {}
    assert game.state["control"].get("sz38") == "brittany"


def test_sortie_from_the_fortress():
    game, breton = rennes(["roumille", "brittany-ar-1"])
    game.push("set-dice 1")
    game.push("siege sz38")
    game.push("set-dice 6,6")
    game.push("siege-fire")
    game.push("set-dice 1")
    game.push("siege-assault")
    game.push("combat-losses 0/0")
    game.push("commander-check none")
    assert game.state["flow"][-1]["step"] == "siege-sortie"
    assert _RULESET.acting_side(game.state) == "brittany"
    tc = _RULESET.counters.commanders["roumille"].tc
    assert [a.text() for a in game.legal_actions()] == ["sortie roumille", "no-sortie"]
    assert _RULESET.action_label(game.state, game.legal_actions()[0]) == \
        f"Sortie led by Roumillé (TC {tc})"
    game.push(f"set-dice {tc}")  # die <= TC: the sortie takes place
    game.push("sortie roumille")
    assert game.state["pieces"]["roumille"]["loc"] == "tz-brittany-line1"
    acts = [a.text() for a in game.legal_actions()]
    assert "tac-move brittany-ar-1 tz-brittany-line1" in acts
    assert "sortie-attack" not in acts
    game.push("tac-move brittany-ar-1 tz-brittany-line1")
    game.push("set-dice 2")
    game.push("sortie-attack")  # Ar CF 3 vs 28: column 1/3, unknown value
    assert table_rolls(game)[-1]["column"] == "1/3"
    game.push("combat-losses 1/0")
    game.push("retreat attacker")  # R for the besieged ends the sortie
    game.push("commander-check none")
    game.push("reduce brittany-ar-1")
    # Back inside; the last round is over: the besieger retreats.
    assert game.state["pieces"]["brittany-ar-1"]["loc"] == "sz38"
    assert game.state["pieces"]["roumille"]["loc"] == "sz38"
    assert game.state["flow"][-1]["step"] == "battle-retreat"
    assert "the siege round cursor moves down (0 left)" in text(game)


@pytest.mark.parametrize("seed", range(12))
def test_random_sieges_always_end(seed):
    import random

    rng = random.Random(seed)
    game, _ = rennes(["roumille", "brittany-ar-1", "brittany-gd-1"] if seed % 2 else None)
    game.push("siege sz38")
    for _ in range(300):
        if not game.state.get("flow"):
            break
        actions = game.legal_actions()
        assert actions, game.state["flow"][-1]
        game.push(rng.choice(actions))
    assert not game.state.get("flow")
    assert game.state["vars"]["tactical"] is None
    assert not any(_RULESET.board_of(p["loc"]) == "tactical"
                   for p in game.state["pieces"].values())
