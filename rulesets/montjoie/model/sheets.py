"""Montjoie!'s Game data sheets (``data/gamedata.yaml``): what the book does not print
(the 74-card deck, the starting écus, the twelfth event marker, the Foreign
Interventions table, the 2-player minor powers' start) and the reading of each
ambiguity A1-A26 (MJ 13), with the optional rules chosen at set-up. The rules read them
with ``rs.sheet_values(state, id)``, never the file, so a game replays with its values.
"""

from __future__ import annotations

from pathlib import Path

from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.ruleset import Ruleset

from .events import EVENTS
from .words import N_

DATA = Path(__file__).resolve().parent.parent / "data" / "gamedata.yaml"
READINGS = ("a", "b", "c")


def data_sheets(rs: Ruleset) -> list[Sheet]:
    """The sheets of ``data/gamedata.yaml``."""
    return [
        Sheet("deck", N_("Paquet de cartes (74 battle cards)"), DATA, ("deck",), "column",
              {"count": CellType("int", low=0, high=74, label=N_("cards"))},
              rule=rs.cite("3.0"),
              note=N_("How many cards of each kind: not printed in the rule book. Asked at "
                      "the first deal; they must add up to 74.")),
        Sheet("start", N_("Valeurs de départ"), DATA, ("start",), "column",
              {"value": CellType("text", label=N_("value"))}, rule=rs.cite("5.0"),
              note=N_("ecus: the starting écus of each player (a whole number); "
                      "twelfth_event: the twelfth event marker (one of {events}, or aucun). "
                      "Unknown ones are asked.", events=", ".join(EVENTS))),
        Sheet("foreign", N_("Interventions étrangères (table of the board)"), DATA,
              ("foreign",), "column", {"text": CellType("text", label=N_("result"))},
              rule=rs.cite("Séq. 6"),
              note=N_("What the board's table says for each die: not in the rule book. "
                      "Shown when the die is rolled; the first player carries it out.")),
        Sheet("minor-start-2p", N_("Départ des puissances mineures (2 joueurs)"), DATA,
              ("minor_start_2p",), "column", {"cities": CellType("text", label=N_("cities"))},
              rule=rs.cite("9.0"),
              note=N_("City ids separated by commas: not printed in the rule book.")),
        Sheet("ambiguities", N_("Ambiguïtés (readings)"), DATA, ("ambiguities",), "records",
              {"reading": CellType("choice", choices=READINGS, label=N_("reading"))},
              keys=r"A\d+", rule="MJ 13", row_label="title", row_help="readings",
              note=N_("The reading used for each ambiguity of the rule book; the log names "
                      "it where it applies.")),
        Sheet("options", N_("Options (5.0, 9.0, 10.0)"), DATA, ("options",), "records",
              {"chosen": CellType("bool", label=N_("chosen"))}, rule=rs.cite("10.0"),
              row_label="title", note=N_("Optional rules, chosen before the game starts.")),
    ]
