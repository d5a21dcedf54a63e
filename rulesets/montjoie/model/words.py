"""Montjoie!'s words: its catalogue (``locale/<lang>/LC_MESSAGES/montjoie.po`` in the
game's folder), kept in the model so that the model imports nothing outside it;
``words.py`` beside ``rules.py`` gives the same names to the steps and the rules.

The rule book is French: the English texts (the msgids) keep its terms (PP, PI, écus,
the cards' and events' French names); the French catalogue speaks the book's words.
``_("...")`` translates now; ``N_("...", name=value)`` keeps a message to translate where
it is shown (log lines, refusals, labels, prompts); ``NP_(singular, plural, n)`` chooses
the plural form. See the README, "Translations".
"""

from pathlib import Path

from boardapp.core.base.i18n import Domain

WORDS = Domain.beside("montjoie", Path(__file__).resolve().parent)
_, N_, NP_ = WORDS.gettext, WORDS.msg, WORDS.plural


def and_list(items: list) -> str:
    """Names joined by " and " in the reader's words: "France and Angleterre and
    Bretagne" as the English always said it, "France, Angleterre et Bretagne" in
    French (the inner joins are their own message)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:-1]:
        out = N_("{head} and {tail}", head=out, tail=item)
    return N_("{a} and {b}", a=out, b=items[-1]) if len(items) > 1 else out
