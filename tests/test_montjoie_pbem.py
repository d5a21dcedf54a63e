"""Montjoie! by email with six players: each player's program opens the file it receives
(every check runs), carries out what its player owes (his secret draws and discards,
the reveal of his sealed vote), plays, and saves it for the five others. No view ever
shows another player's hand or sealed choice."""

from __future__ import annotations

import random

from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
from boardapp.core.files.report import verify_report
from boardapp.core.pbem.ledger import Ledger
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from rulesets.montjoie.model.base import PLAYED
from rulesets.montjoie.rules import Montjoie
from tests.montjoiehelpers import passphrase


def test_six_players_by_email_keep_their_hands_and_votes_secret(pbem_env):
    sides = list(PLAYED[6])
    path = pbem_env / "montjoie.json"
    game = new_pbem_game(Montjoie(), "normale-6", {s: s.capitalize() for s in sides},
                         "france", passphrase("france"))
    save_game(game, path)
    for side in sides:
        if side != "france":
            received = load_game(path)
            join_pbem(received, side, passphrase(side))
            save_game(received, path)
    ledgers = {s: Ledger(pbem_env / f"ledger-{s}.json") for s in sides}
    chooser = random.Random(6)
    sends = 0
    while True:
        probe = load_game(path)
        if probe.state["turn"] >= 2 and probe.state["phase"] == "achats":
            break
        side = chooser.choice(probe.ruleset.deciding_sides(probe.state))
        mine = load_game(path, passphrase=passphrase(side), side=side, ledger=ledgers[side])
        view = mine.state["vars"]
        for other in sides:
            if other != side:
                assert set(view["hands"][other]) <= {"?"}
                assert (mine.state.get("sealed") or {}).get(other, "?") == "?"
        mine.fulfil()
        for _ in range(8):
            legal = list(mine.ruleset.legal_actions(mine.state, side))
            if not legal:
                break
            mine.play(chooser.choice(legal))
        save_for_opponent(mine, path)
        sends += 1
        assert sends < 400
    final = load_game(path)
    draws = [e for e in final.log if e.action.verb == "draw-cards"]
    assert len(draws) >= 6 and all(final.pbem.proofs[e.number - 1].by == e.side
                                   for e in draws)
    assert {e.action.text() for e in final.log if e.action.verb == "commit"} == {"commit ?"}
    for side in sides:
        opened = load_game(path, passphrase=passphrase(side), side=side)
        assert any("Opened as" in line for line in verify_report(opened))
        assert opened.state["vars"]["hands"][side].count("?") == 0
