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
