"""The 12.4 example of resources played through the headless ``boardapp play`` notation."""

from __future__ import annotations

import pytest

from boardapp.cli import main

ACTIONS = [
    "place olivier-de-clisson,montfort-ch-an-1,montfort-ch-an-2,montfort-ch-an-3 lamballe",
    "place alain-de-rohan,blois-me-3,blois-me-4 dinan",
    "end",
    "draw", "play M-10 act", "value 3",  # 4.0 B, 5.2, 5.3: Montfort activates Clisson
    "move olivier-de-clisson,montfort-ch-an-1,montfort-ch-an-2,montfort-ch-an-3 dinan",
    "withdraw",  # 8.24
    "besiege dinan",  # 10.12
    "end", "end", "end",
    "discard M-06",  # 4.0 C: Montfort keeps one card
    "set-dice 5,4,5,3,0,0,0,0,0",  # Militia 5, 4; pillage: Blois 5, Montfort 3, then 0s
    "next-turn",
    "done", "done",  # 4.0 D2b: nobody pays
    "receive-br nantes", "receive-br nantes",  # 12.42
    "set-dice 4,5,1,3",  # chit T4, Marauders 5, Blois 1, then the continued siege 3
    "turn-marauder blois-me-3",  # 12.433
]


def test_12_4_example_through_boardapp_play(tmp_path, capsys):
    path = str(tmp_path / "g.json")
    assert main(["new", "deux-bretagne", "14.1", "-o", path, "--seed", "1"]) == 0
    for text in ACTIONS:
        code = main(["play", path, *text.split()])
        if code != 0:
            pytest.fail(f"{text}: {capsys.readouterr().err}")
    capsys.readouterr()
    assert main(["show", path]) == 0
    out = capsys.readouterr().out
    assert "Victory points: Blois 5, Montfort 22" in out  # Rohan killed by Marauders: no PV
    assert ("Dinan [fortified NF 1] control: Blois — Olivier de Clisson; Montfort Ch AN #1 "
            "(2 steps); Montfort Ch AN #2 (2 steps); Montfort Ch AN #3 (2 steps); Marauders "
            "Me #1 (2 steps, inside the fortress)") in out
    assert "Siege 1 marker on Dinan (Montfort besieges)" in out
    assert "Pillage markers: Dinan" in out
    assert main(["log", path]) == 0
    log = capsys.readouterr().out
    for expected in (
            "Blois rolls on the Pillage Table: die 5, +2 inside a besieged fortified city, +1 "
            "a majority of Me units = 8 → Pillage & half of the units become Marauders in "
            "Dinan",
            "Montfort rolls on the Pillage Table: die 3, +1 three or more units pillage = 4 → "
            "Pillage in Dinan",
            "Marauders rolls on the Combat Table, column 3-4: die 5 = 5 → 3 losses",
            "Blois cannot retreat out of the besieged fortress",
            "Alain de Rohan is killed by Marauders: no player gains PV"):
        assert expected in log
