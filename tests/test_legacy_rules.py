"""A game recorded with an older version of a ruleset replays under the rules it was
played with (Ruleset.setup's played_with), keeps them when saved again, and a new game gets
today's rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine import ruleset as ruleset_module
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import State
from boardapp.core.files.gamefile import load_game, save_game
from tests.test_pbem_helpers import Duel


class StrictDuel(Duel):
    """Version 2 forbids ending a turn before drawing; version 1 allowed it."""

    id = "strict-duel"
    version = "2"

    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        state = super().setup(scenario, seed)
        if played_with == "1":
            state["vars"]["lenient"] = True
        return state

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if action.verb == "end" and not state["vars"].get("lenient") and \
                len(state["vars"]["hands"][ctx.side]) < 2:
            raise IllegalActionError("draw before ending the turn", "Duel 2.1")
        super().apply(state, action, ctx)


@pytest.fixture(autouse=True)
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    known = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**known(), StrictDuel.id: StrictDuel})


def _old_file(tmp_path: Path) -> Path:
    """A version-1 game whose first action version 2 refuses."""
    game = Game(StrictDuel(), seed=3, played_with="1")
    game.push("end")
    path = tmp_path / "old.json"
    save_game(game, path)
    return path


def test_an_old_game_replays_under_its_own_rules_and_keeps_them(tmp_path: Path) -> None:
    path = _old_file(tmp_path)
    assert json.loads(path.read_text())["ruleset"]["version"] == "1"
    game = load_game(path)
    assert game.played_with == "1" and game.state["vars"]["lenient"]
    game.push("end")  # still the version-1 rules
    save_game(game, path)
    assert json.loads(path.read_text())["ruleset"]["version"] == "1"
    assert len(load_game(path).log) == 2


def test_a_new_game_gets_todays_rules(tmp_path: Path) -> None:
    game = Game(StrictDuel(), seed=3)
    assert game.played_with is None and "lenient" not in game.state["vars"]
    with pytest.raises(IllegalActionError, match="Duel 2.1"):
        game.push("end")
    game.push("draw")
    path = tmp_path / "new.json"
    save_game(game, path)
    assert json.loads(path.read_text())["ruleset"]["version"] == "2"
    assert load_game(path).played_with is None


def test_deux_bretagne_games_from_before_the_card_rule_replay_without_it() -> None:
    from tests.dbhelpers import new_game

    frozen = load_game(Path(__file__).parent / "data" / "game-v1.json")
    assert frozen.played_with == "0.1"
    assert frozen.state["vars"]["require_card"] is False  # it moved without cards
    game = new_game()
    with pytest.raises(IllegalActionError, match=r"Deux Bretagne 5\.2"):
        game.push("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")
