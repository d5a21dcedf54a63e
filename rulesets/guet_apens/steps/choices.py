"""The words of the sealed choices (hand-to-hand markers, orders, shots) on their buttons
and in the log: "parry" reads "parade" in French; an order written in the notation
("k1>k2/a3>a4") stays as written, and the English log is what it was."""

from __future__ import annotations

from boardapp.core.engine.state import State

from ..model import GuetApensModel
from ..model.words import N_

CHOICE_WORDS = {"attack": N_("attack"), "parry": N_("parry"), "surrender": N_("surrender"),
                "capture": N_("capture"), "knockout": N_("knockout"), "none": N_("none")}
"""GA 13.3's markers, 13.5-13.8's capture, knock-out and surrender; "none": no order,
no shot."""


class ChoiceWords:
    """Mixed into a sealed choice of Guet-Apens: its choices in the reader's words."""

    def choice_word(self, rs: GuetApensModel, state: State, choice: str) -> str:
        return CHOICE_WORDS.get(choice, choice)
