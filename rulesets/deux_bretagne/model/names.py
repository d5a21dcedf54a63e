"""The words of the data files a player reads (scenario titles and descriptions, unit
classes, card names printed in English by the rule book), marked for the catalogue: the
YAML keeps the English, :func:`data_word` gives the message to show. Leaders' names,
places and the tactical chits (printed in French) stay as printed."""

from __future__ import annotations

from .words import N_, WORDS

DATA_WORDS = {m.english(): m for m in (
    N_("The Revenge of Charles de Blois"), N_("The two Jeanne"),
    N_("From Nantes to Auray through Morlaix"), N_("The black boarhound"),
    N_("Introductory scenario for 2 turns (rules 14.1)."),
    N_("6 turns, 1341-1352, same set-up as 14.1 (rules 14.2)."),
    N_("The campaign, 11 turns, 1341-1364, same set-up as 14.1 (rules 14.4)."),
    N_("5 turns, 1353-1364 (rules 14.3)."),
    N_("Knights"), N_("Mercenaries"), N_("Militia"), N_("Artillery"),
    N_("Unsuccessful & 1 step loss for the attacker"), N_("Unsuccessful"),
    N_("Unsuccessful & 1 step loss for the defender"),
    N_("Successful & 2 steps loss for the attacker"),
    N_("Successful & 1 step loss for the attacker"), N_("Successful"),
    N_("Paid"), N_("Pillage"), N_("Pillage & half of the units become Marauders"),
    N_("Pillage & all units become Marauders"),
    N_("Knights/Militia/Artillery"), N_("Mercenary/Militia/Artillery"),
    N_("Cahours change sides"), N_("French"), N_("Breton"), N_("English"),
)}


def data_word(text: str) -> str:
    """``text`` of a data file as a message of the game's catalogue (the texts a player
    reads are extracted from the data files too: ``YAML_TEXTS`` in
    ``packaging/catalogues.py``)."""
    if text in DATA_WORDS:
        return DATA_WORDS[text]
    return WORDS.msg(text) if text and "{" not in text and "}" not in text else text


def scenario_name(text: str) -> str:
    """A scenario's title (a message where the catalogue knows it)."""
    return data_word(text)
