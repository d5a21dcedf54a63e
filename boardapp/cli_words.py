"""argparse's own words (``usage:``, ``options``, its errors) in the player's language.

argparse looks its words up with :mod:`gettext` in its own domain, which no catalogue of
boardapp's fills; :func:`translate_argparse` has it look them up in boardapp's domain,
where :data:`ARGPARSE_WORDS` marks them for the catalogue (``make messages``).
"""

from __future__ import annotations

import argparse

from .core.base.i18n import BOARDAPP, N_, NP_

ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"), N_("not allowed with argument %s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), NP_("expected %s argument", "expected %s arguments", 1),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The words argparse shows a player, marked for boardapp's catalogue."""


def translate_argparse() -> None:
    """Have argparse draw its words in the language now (boardapp's catalogue)."""
    argparse._ = BOARDAPP.gettext  # type: ignore[attr-defined]
    argparse.ngettext = BOARDAPP.ngettext  # type: ignore[attr-defined]
