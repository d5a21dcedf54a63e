"""Les Deux Bretagne's game data sheet: the card values the rules do not print.

``data/cards.yaml`` holds, for each of the 56 strategy cards, what the rules say and
``null`` for every printed value we do not have (activation, PS, coat of arms, asterisk,
anchor, event text). The players fill them in Edit > Game data — for the game being
played (a logged ``data`` action) and, if they wish, as the defaults of new games. The
rules read a card's values through :func:`.cards.card_field`, never the file directly, so that a
game replays with the values it was played with. (A card's ``name`` and ``group`` stay in
the YAML only: the group is read when the decks are set up.)
"""

from __future__ import annotations

from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.ruleset import Ruleset

from .data import DATA_DIR
from .words import N_

CARDS = DATA_DIR / "cards.yaml"
CARD_SHEET_FIELDS = {
    "activation": CellType("int", low=1, high=3, label=N_("activation (5.3)")),
    "resources": CellType("int", low=0, high=9, label=N_("PS (5.5)")),
    "coat": CellType("choice", choices=(N_("yellow"), N_("green"), N_("blue")),
                     label=N_("coat of arms (5.61-5.63)")),
    "asterisk": CellType("bool", label=N_("asterisk (5.6)")),
    "anchor": CellType("bool", label=N_("anchor (8.151)")),
    "chevauchee": CellType("bool", label=N_("Chevauchée card (8.153)")),
    "event": CellType("text", label=N_("event text")),
}


def data_sheets(rs: Ruleset) -> list[Sheet]:
    """The card sheet of ``data/cards.yaml``."""
    return [Sheet("cards", N_("Strategy cards"), CARDS, (), "records", CARD_SHEET_FIELDS,
                  keys=r"[BM]-\d\d", rule=rs.cite("5.0"), row_label="name", row_help="rules",
                  note=N_("The printed values of each card: not in the rules. Unknown ones "
                          "(?) are asked when a card is played and kept for the game; "
                          "filled in here, they are used directly."))]
