"""The window's words in the player's language: the ``ui`` catalogue of
:mod:`boardapp.core.base.i18n` (``boardapp/locale/<lang>/LC_MESSAGES/ui.po``).

``_(text)`` translates now; ``N_(text)`` marks a constant, a :class:`Msg` drawn when shown
(``str(msg)``); ``ngettext(singular, plural, n)`` chooses the plural form. Placeholders
are ``{name}`` fields filled with ``str.format`` after translation.
"""

from __future__ import annotations

from boardapp.core.base.i18n import UI, Msg, language, set_language, system_language
from boardapp.core.files.preferences import preferred_language, set_preferred_language

__all__ = ["N_", "Msg", "_", "and_list", "language", "ngettext", "preferred_language",
           "set_language", "set_preferred_language", "system_language"]

_ = UI.gettext
N_ = UI.msg


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for count ``n``, by the plural rules of the language."""
    return UI.ngettext(singular, plural, n)


def and_list(names: list[str]) -> str:
    """"Blue, Green and Red" in the player's language ("" for none)."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
