"""Montjoie! combats by email: the cards and influence laid face down stay hidden from
every other player until the reveal, and the sends a combat takes are counted.

Four players (France, Angleterre, Bretagne, Bourgogne; 5.0: no Navarre, no Flandres)
on the tiny test map. Each player's program opens the
file it receives with its passphrase (every check runs: dice, seals, signatures),
carries out what it owes, plays random legal actions while the game waits for it
(preferring to attack), and saves the file for the others.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardapp.core.board.maps import ShippedMaps
from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.pbem.hidden import HIDDEN
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from rulesets.montjoie.rules import Montjoie
from tests.montjoiehelpers import MINI_MAPS
from tests.test_pbem_helpers import pbem_setup

PLAYERS = ("france", "angleterre", "bretagne", "bourgogne")
COMBAT_STEPS = ("combat-soutien", "combat-engagement", "combat-felon",
                "combat-revelation", "combat-signe", "combat-retraite")
PASS = {"end-expansion", "end-turn", "pas-de-signe", "pas-de-retraite", "sans-soutien"}


def words(side: str) -> str:
    return f"{side}'s long passphrase"


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


def in_combat(state) -> bool:
    return any(f["step"] in COMBAT_STEPS for f in state.get("flow") or [])


def others_hidden(state, me: str) -> bool:
    """Whether ``me``'s view holds nothing of another player's face-down commitment."""
    v = state["vars"]
    for key in ("facedown", "stake"):
        for nation, value in (v.get(key) or {}).items():
            if nation == me:
                continue
            if isinstance(value, list):
                if any(x != HIDDEN for x in value):
                    return False
            elif value != HIDDEN:
                return False
    return True


def choose(game, side: str, chooser: random.Random):
    legal = list(game.ruleset.legal_actions(game.state, side))
    attacks = [a for a in legal if a.verb == "attack"]
    if attacks:
        return chooser.choice(attacks)
    data = [a for a in legal if a.verb == "data"]
    if data:
        return data[0]
    busy = [a for a in legal if a.verb not in PASS]
    if busy and chooser.random() < 0.75:
        return chooser.choice(busy)
    return chooser.choice(legal)


def new_game(folder: Path) -> Path:
    rs = Montjoie(maps=ShippedMaps(MINI_MAPS))
    path = folder / "montjoie.json"
    game = new_pbem_game(rs, "normale-4", {s: s.capitalize() for s in PLAYERS}, "france",
                         words("france"))
    save_for_opponent(game, path)
    for side in PLAYERS[1:]:
        joined = load_game(path, maps=ShippedMaps(MINI_MAPS))
        join_pbem(joined, side, words(side))
        save_for_opponent(joined, path)
    return path


def test_combats_by_email_keep_the_commitments_hidden_until_the_reveal(pbem_env):
    maps = ShippedMaps(MINI_MAPS)
    path = new_game(pbem_env)
    chooser = random.Random(4)
    sends_per_combat: list[int] = []
    sends = 0
    combats_done = 0
    views_checked = 0
    for _ in range(400):
        probe = load_game(path, maps=maps)
        if combats_done >= 2 or probe.ruleset.outcome(probe.state) is not None:
            break
        me = probe.ruleset.acting_side(probe.state)
        assert me in PLAYERS, (probe.state["phase"], probe.ruleset.prompt(probe.state),
                               probe.ruleset.deciding_sides(probe.state), probe.log[-1].render())
        game = load_game(path, passphrase=words(me), side=me, maps=maps)
        assert others_hidden(game.state, me)
        views_checked += 1
        fighting = in_combat(game.state)
        game.fulfil()
        for _ in range(40):
            if game.ruleset.acting_side(game.state) != me or \
                    game.ruleset.outcome(game.state) is not None:
                break
            before = in_combat(game.state)
            game.play(choose(game, me, chooser), side=me)
            assert others_hidden(game.state, me)
            if not before and in_combat(game.state):
                fighting, sends = True, 0
            if before and not in_combat(game.state):
                sends_per_combat.append(sends + 1)
                combats_done += 1
                fighting = False
        save_for_opponent(game, path)
        if fighting:
            sends += 1
    assert combats_done >= 1, "no combat was fought"
    public = load_game(path, maps=maps)
    laid = [e for e in public.log if e.action.verb in ("lay", "seal")]
    assert laid and all(e.action.args == ("?",) for e in laid)
    assert any("reveals" in line.text for e in public.log for line in e.lines)
    assert views_checked > 10
    print(f"sends per combat by email: {sends_per_combat}")
