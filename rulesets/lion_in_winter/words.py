"""Lion in Winter's words: its catalogue (``locale/<lang>/LC_MESSAGES/lion-in-winter.po``).

``_("...")`` translates now; ``N_("...", name=value)`` keeps a message to translate where
it is shown (log lines, refusals, labels, prompts); ``NP_(singular, plural, n)`` chooses
the plural form. See the README, "Translations".
"""

from boardapp.core.base.i18n import Domain

WORDS = Domain.beside("lion-in-winter", __file__)
_, N_, NP_ = WORDS.gettext, WORDS.msg, WORDS.plural
