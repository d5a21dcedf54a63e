"""Filling a message's fields through a ``%`` template made once per form
(``core/base/i18n.py``: ``_template``) gives exactly what the plain join of its pieces
gave: braces, lone braces, ``%`` signs, missing fields and empty results alike."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.base.i18n import Msg, _parts, fill

NAMES = ["a", "b", "unit", "0", "x_1"]
forms = st.lists(st.sampled_from(["{", "}", "{{", "}}", "%", "%s", "%%", " ", "x", "é"]
                                 + [f"{{{n}}}" for n in NAMES]), max_size=8).map("".join)
texts = st.text(alphabet="ab%{} é", max_size=4)
args = st.dictionaries(st.sampled_from(NAMES), texts | st.integers(-3, 3), max_size=4)


def plain_fill(form: str, values: dict[str, str]) -> str | None:
    """The former fill: the pieces joined one by one."""
    try:
        return "".join(text + values[name] if name is not None else text
                       for text, name in _parts(form))
    except KeyError:
        return None


def plain_english(source: str, given: dict[str, Any]) -> str:
    """The former English text of ``Msg(domain, source, given)``."""
    if given:
        values = {k: v.english() if isinstance(v, Msg) else str(v) for k, v in given.items()}
        return plain_fill(source, values) or source
    return source if "{" not in source else (plain_fill(source, {}) or source)


@settings(max_examples=500, deadline=None)
@given(forms, st.dictionaries(st.sampled_from(NAMES), texts, max_size=4))
def test_the_template_fills_as_the_pieces_did(form, values):
    assert fill(form, values) == plain_fill(form, values)


@settings(max_examples=500, deadline=None)
@given(forms, args, st.booleans())
def test_a_message_reads_as_before(form, given_args, nested):
    if nested and given_args:  # a message as an argument: its English text
        first = next(iter(given_args))
        given_args[first] = Msg("boardapp", "{a}%{b}", {"a": "x", "b": 1})
    message = Msg("boardapp", form, given_args)
    assert str.__str__(message) == plain_english(form, given_args)
    assert type(str.__str__(message)) is str
