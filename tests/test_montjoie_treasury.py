"""Montjoie! 0.3: each nation's écus are its secret (issue 17, point 1).

By email a program sees only its own player's écus and the public file none; at one
desk the board's panels and the status show none, each player reads his own in his Hand
lines. Income, a city's price and the tie-break are each carried out by the owner's own
program (obligations); games recorded with 0.2 keep their public écus."""

from __future__ import annotations

import json
import random

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
from boardapp.core.files.public_view import public_view
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from rulesets.montjoie.model.cities import set_city
from rulesets.montjoie.model.turn import tied_on_public
from rulesets.montjoie.rules import Montjoie
from rulesets.montjoie.steps.points import PointsPhase
from tests.montjoiehelpers import mini, new_game, passphrase, play_until


def test_by_email_each_treasury_stays_with_its_owner_over_two_turns(pbem_env):
    # the installed ruleset (its real map): the files are opened with it
    sides = ["france", "angleterre"]
    path = pbem_env / "montjoie.json"
    game = new_pbem_game(Montjoie(), "courte-2", {s: s.capitalize() for s in sides},
                         "france", passphrase("france"))
    save_game(game, path)
    received = load_game(path)
    join_pbem(received, "angleterre", passphrase("angleterre"))
    save_game(received, path)
    chooser = random.Random(17)
    seen_own: set[str] = set()
    for _ in range(600):
        public = load_game(path)
        assert set(public.state["vars"]["treasury"].values()) <= {"?"}
        if public.state["turn"] >= 2 and public.state["phase"] == "achats":
            break
        side = chooser.choice(public.ruleset.deciding_sides(public.state))
        mine = load_game(path, passphrase=passphrase(side), side=side)
        treasury = mine.state["vars"]["treasury"]
        other = next(s for s in sides if s != side)
        assert treasury[other] == "?" and isinstance(treasury[side], int)
        if mine.state["vars"]["started"]:
            seen_own.add(side)
            assert any(line.startswith("Trésor (treasury): ")
                       for line in mine.ruleset.secret_lines(mine.state, side))
        mine.fulfil()
        for _ in range(6):
            legal = list(mine.ruleset.legal_actions(mine.state, side))
            if not legal or mine.ruleset.outcome(mine.state) is not None:
                break
            mine.play(chooser.choice(legal))
        save_for_opponent(mine, path)
    final = load_game(path)
    assert final.state["turn"] == 2
    assert any(e.action.verb == "commit" and e.action.args == ("?",)
               for e in final.log)  # 9.0's loyalty écus, paid as each commits
    assert seen_own == set(sides)
    incomes = [e for e in final.log if e.action.verb == "revenu"]
    assert incomes and all(final.pbem.proofs[e.number - 1].by == e.side for e in incomes)
    assert {e.side for e in incomes} == set(sides)


def test_at_one_desk_the_panels_show_no_ecus_each_reads_his_own():
    game = new_game("normale-4")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    v = state["vars"]
    assert all(isinstance(v["treasury"][n], int) for n in rs.players(state))
    boxes = rs.place_markers(state)
    words = [w for marks in boxes.values() for w in marks] + list(rs.status(state).lines)
    assert not any("écu" in w for w in words)
    for n in rs.players(state):
        assert f"Trésor (treasury): {v['treasury'][n]} écus" in rs.secret_lines(state, n)
    shown = public_view(game)  # what `boardapp show` prints: each treasury only listed
    assert {(h["path"], h["count"]) for h in shown["hidden"]
            if h["path"].startswith("vars.treasury.")} == \
        {(f"vars.treasury.{n}", None) for n in rs.players(state)}
    assert "Trésor" not in json.dumps(shown, ensure_ascii=False)
    # the income is a public action of each player, the total a private line
    incomes = [e for e in game.log if e.action.verb == "revenu"]
    assert sorted(e.side for e in incomes) == sorted(rs.players(state))
    for entry in incomes:
        public = [x.render() for x in entry.lines if "Trésor de" not in x.text]
        assert any("receives" in line for line in public)
        assert not any("treasury" in line for line in public)


def test_the_ecus_break_a_tie_only_when_needed_shown_by_the_tied_players():
    game = new_game("normale-4")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    v = state["vars"]
    for n in rs.players(state):  # France and England alike: one province
        for city in rs.owned(state, n):
            set_city(rs, state, city, None, 0)
    set_city(rs, state, "bourges", "france", 1)
    set_city(rs, state, "clermont", "angleterre", 1)
    set_city(rs, state, "caen", "bourgogne", 1)  # one province each, Burgundy none
    state["score"] = {n: 0 for n in rs.players(state)}
    state["score"].update(france=3, angleterre=3)
    v["treasury"].update(france=4, angleterre=9)
    assert sorted(tied_on_public(rs, state)) == ["angleterre", "france"]
    state["phase"], state["flow"] = "points", []
    ctx = Context(state, "france")
    PointsPhase().conclude(rs, state, ctx, rs.flow, "test", "Montjoie 8.0")
    assert rs.outcome(state) is None
    assert state["flow"][-1]["step"] == "montrer-tresor"
    assert sorted(state["flow"][-1]["sides"]) == ["angleterre", "france"]
    game.fulfil()
    assert rs.extra(state)["shown_ecus"] == {"france": 4, "angleterre": 9}
    assert rs.outcome(state).startswith("Angleterre wins")


def test_a_game_of_0_2_keeps_its_public_ecus():
    game = Game(mini(), "normale-4", 1, played_with="0.2")
    assert game.state["legacy"] == {"secret-treasury": False, "turn-from-treasury": False}
    rs = game.ruleset
    assert not any(("vars", "treasury", n) in paths
                   for n, paths in rs.secret_paths(game.state).items())
    assert game.ruleset.version == "0.4"
