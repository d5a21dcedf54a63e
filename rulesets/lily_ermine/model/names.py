"""The words of the data files a player reads (nations, contingents, unit classes,
commanders' titles, table names: the YAML keeps the English), marked for the catalogue:
:func:`data_word` gives the message to show. Commanders' and places' names stay as
printed."""

from __future__ import annotations

from .words import N_, WORDS

DATA_WORDS = {m.english(): m for m in (
    N_("France"), N_("Brittany"), N_("England"), N_("Holy Roman Empire"), N_("Spain"),
    N_("Gascony"), N_("Swiss Confederation"), N_("Empire"),
    N_("Swiss"), N_("English"), N_("German (Empire)"), N_("Spanish and Gascon"),
    N_("Arbalétrier (crossbowmen)"), N_("Archers"), N_("Cannon"),
    N_("Coulevrinier (fire arm)"), N_("Medium cavalier (coutilier, brigandinier)"),
    N_("Gendarme (man-at-arms)"), N_("Hallebardier, vouglier, billmen"), N_("Militia"),
    N_("Pikemen (Swiss, lansquenets)"),
    N_("François II of Brittany"), N_("French commander 1"), N_("French commander 2"),
    N_("French commander 3"), N_("French commander 4"), N_("Laval commander"),
    N_("Rohan commander"), N_("Duchess Anne"), N_("Rieux commander"),
    N_("Breton commander 1"), N_("Breton commander 2"), N_("commander 4"),
    N_("English commander"),
    N_("Fatigue and Desertion Table"), N_("Combat Table"), N_("Reinforcements Table"),
    N_("Alliances Table"), N_("summer round"), N_("spring round"), N_("autumn round"),
    N_("mountain or forest zone crossed"),
    N_("Breton 3rd line"), N_("Breton 2nd line"), N_("Breton 1st line"),
    N_("Breton line of retreat (LR)"), N_("Breton left wing"), N_("Breton right wing"),
    N_("French 1st line"), N_("French 2nd line"), N_("French 3rd line"),
    N_("French line of retreat (LR)"), N_("French left wing"), N_("French right wing"),
    N_("Battery"), N_("Harassment"), N_("Rain of arrows"), N_("Fence"),
    N_("Cavalry charge"), N_("Clash among pikemen"), N_("Unseating"), N_("Ditch"),
    N_("Cut and thrust"),
)}


def data_word(text: str) -> str:
    """``text`` of a data file as a message of the game's catalogue (the texts a player
    reads are extracted from the data files too: ``YAML_TEXTS`` in
    ``packaging/catalogues.py``)."""
    if text in DATA_WORDS:
        return DATA_WORDS[text]
    return WORDS.msg(text) if text and "{" not in text and "}" not in text else text
