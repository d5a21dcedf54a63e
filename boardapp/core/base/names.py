"""Players' names: checked when a game is created or joined, and whenever a file is read.

A name is shown in the window, the log, the email's subject and its From header, so it
must be one line of plain text that cannot pass for an address: no control characters
(a line break in a header breaks the message), no direction overrides (which hide what
follows), none of the characters that delimit addresses and comments in an email
header (``< > @ " \\ , ; ( ) [ ]``), and at most :data:`MAX_NAME` characters.
"""

from __future__ import annotations

import unicodedata

from .errors import BoardappError, quote
from .i18n import N_

MAX_NAME = 64
ADDRESS_CHARACTERS = '<>@"\\,;()[]'
_HIDDEN = {"\u2028", "\u2029", "\u061c", "\u200e", "\u200f",
           *(chr(c) for c in range(0x202A, 0x202F)), *(chr(c) for c in range(0x2066, 0x206A))}


def name_problem(name: object) -> str | None:
    """What is wrong with player name ``name`` (``None``: it is fine; empty is allowed)."""
    if not isinstance(name, str):
        return "a name is text"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name)}"
    if name != name.strip():
        return "a name does not start or end with a space"
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in _HIDDEN:
            return f"a name has no control or invisible characters ({quote(ch)} found)"
        if ch in ADDRESS_CHARACTERS:
            return (f"a name has none of the characters {' '.join(ADDRESS_CHARACTERS)} "
                    f"({quote(ch)} found), which an email would read as part of an address")
    return None


def check_player_name(name: object, who: str = N_("player")) -> str:
    """``name`` if it is a valid player name, else :class:`BoardappError` saying why."""
    problem = name_problem(name)
    if problem:
        raise BoardappError(N_("the name of {who}, {name}, is refused: {problem}", who=who,
                               name=quote(name), problem=problem))
    assert isinstance(name, str)
    return name
