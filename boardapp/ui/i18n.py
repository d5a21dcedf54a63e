"""The UI's words in the player's language (the ``ui`` catalogue): ``_``, ``ngettext``."""

from __future__ import annotations


def _(text: str) -> str:
    """``text`` in the player's language."""
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for count ``n``, in the player's language."""
    return singular if n == 1 else plural


def N_(text: str) -> str:  # noqa: N802 (the gettext name)
    """Mark ``text`` for the catalogue; translated later, where it is shown."""
    return text


def and_list(names: list[str]) -> str:
    """"Blue, Green and Red" in the player's language ("" for none)."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
