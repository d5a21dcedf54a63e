"""Montjoie! issue point 1: nations "chosen or drawn": the players' names drawn at
random among the sides of the scenario, by the new-game dialog and by the CLI
(``new --pbem --draw-sides``); the one who creates the game keeps his name."""

from __future__ import annotations

import random

from boardapp.cli import draw_sides
from boardapp.ui.pbem_dialogs import NewPbemDialog
from tests.montjoiehelpers import mini


def test_the_cli_draws_the_names_among_the_sides_and_follows_mine():
    players = {"france": "Ann", "angleterre": "Bob", "bourgogne": "Cid"}
    drawn, me = draw_sides(players, "france", random.Random(4))
    assert sorted(drawn) == sorted(players)
    assert sorted(drawn.values()) == ["Ann", "Bob", "Cid"]
    assert drawn[me] == "Ann"
    seen = {tuple(draw_sides(players, "france", random.Random(s))[0].values())
            for s in range(20)}
    assert len(seen) > 1  # really drawn


def test_the_dialog_draws_the_nations_of_the_scenario(qtbot):
    dialog = NewPbemDialog(mini())
    qtbot.addWidget(dialog)
    dialog.scenario.setCurrentIndex(dialog.scenario.findData("normale-3"))
    for side, name in (("france", "Ann"), ("angleterre", "Bob"), ("bourgogne", "Cid")):
        dialog.names[side].setText(name)
    dialog.me.setCurrentIndex(dialog.me.findData("france"))
    dialog.draw_sides(random.Random(1))
    names = {s: dialog.names[s].text() for s in ("france", "angleterre", "bourgogne")}
    assert sorted(names.values()) == ["Ann", "Bob", "Cid"]
    assert names[dialog.me.currentData()] == "Ann"
    assert dialog.names["navarre"].text() == ""  # not a side of the 3-player game
