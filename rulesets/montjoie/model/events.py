"""The eleven events of Séq. 6 (names, the twelve markers) and their arithmetic."""

from __future__ import annotations

from .base import ceil_half
from .words import N_

EVENTS = ("soulevement", "compagnies", "peste", "chevauchee", "traite", "treve",
          "confiscation", "pape", "mauvaises-saisons", "bataille-navale", "grande-bataille")
EVENT_NAMES = {"soulevement": "Soulèvement", "compagnies": "Ravages des Grandes Compagnies",
               "peste": "Peste noire", "chevauchee": "Chevauchée", "traite": "Traité",
               "treve": "Trêve", "confiscation": "Confiscation",
               "pape": "Intervention du Pape", "mauvaises-saisons": "Mauvaises Saisons",
               "bataille-navale": "Bataille navale", "grande-bataille": "Grande Bataille",
               "aucun": N_("marqueur sans effet")}
EVENT_ENGLISH = {"soulevement": "Uprising", "compagnies": "Great Companies",
                 "peste": "Black Death", "chevauchee": "Great Raid", "traite": "Treaty",
                 "treve": "Truce", "confiscation": "Confiscation",
                 "pape": "Pope's Intervention", "mauvaises-saisons": "Bad Seasons",
                 "bataille-navale": "Naval Battle", "grande-bataille": "Great Battle",
                 "aucun": "no effect"}


def event_label(event: str) -> str:
    """"Trêve (Truce)" (in French "Trêve")."""
    return N_("{event} ({english})", event=EVENT_NAMES.get(event, event),
              english=EVENT_ENGLISH.get(event, event))


def uprising_count(die: int, full_die: bool = False) -> int:
    """Cities that try to rise (Soulèvement, Compagnies): the die halved rounded up,
    at most 3; the whole die under "Le hasard de la guerre" (10.0)."""
    return die if full_die else min(3, ceil_half(die))


def confiscated(hand_size: int, below_six_loses: bool = False) -> int:
    """Cards lost to Confiscation: 1 with 6 cards, 2 with more (A11: under 6, none or
    one)."""
    if hand_size > 6:
        return 2
    if hand_size == 6:
        return 1
    return 1 if below_six_loses and hand_size > 0 else 0
