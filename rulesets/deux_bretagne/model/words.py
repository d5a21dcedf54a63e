"""Les Deux Bretagne's words: its catalogue (``locale/<lang>/LC_MESSAGES/deux-bretagne.po``
in the game's folder). It lives in the model, which imports nothing outside it; ``words.py``
beside ``rules.py`` gives the same names to the steps and the rules.

``_("...")`` translates now; ``N_("...", name=value)`` keeps a message to translate where
it is shown (log lines, refusals, labels, prompts); ``NP_(singular, plural, n)`` chooses
the plural form. See the README, "Translations".
"""

from pathlib import Path

from boardapp.core.base.i18n import Domain

WORDS = Domain.beside("deux-bretagne", Path(__file__).resolve().parent)
_, N_, NP_ = WORDS.gettext, WORDS.msg, WORDS.plural
