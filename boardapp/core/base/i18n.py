"""Words in the player's language: gettext catalogues, one per *domain*, and messages kept
as ids with their arguments until they are shown.

Domains: ``boardapp`` (the core and the command line), ``ui`` (the Qt window) and one per
ruleset, named by its id (``hex-demo``), whose catalogue lives in the ruleset's own
folder (``rulesets/hex_demo/locale/fr/LC_MESSAGES/hex-demo.po``): a game carries its own
words. The ``.po`` files are in the repository; ``make catalogues`` compiles them into
``.mo`` files beside them (not committed), which :mod:`gettext` reads. Where a ``.mo`` is
missing (a plain ``pip install`` of a checkout) the ``.po`` is compiled in memory (a few
milliseconds); where both are missing, the words stay English.

Two ways to mark a string (Babel extracts both, ``make messages``)::

    WORDS = Domain.beside("hex-demo", __file__)   # locale/ beside this module
    _, N_, NP_ = WORDS.gettext, WORDS.msg, WORDS.plural

    _("Open a game")                      # translated now: for text shown at once
    N_("{unit} retreats to {area}", unit=name, area=place)   # a Msg: translated when shown
    NP_("{n} step lost", "{n} steps lost", n)                # a Msg with plural forms

A :class:`Msg` is a value: its domain, its English text (the msgid) and its arguments,
each plain text, a number or another :class:`Msg` (a name that has its own translation).
``str(msg)`` draws it in the language chosen now (:func:`set_language`); ``msg.english()``
draws it in English (what a game file records as text); ``msg.to_json()`` /
:meth:`Msg.from_json` keep it in a game file as id and arguments, so that each reader
draws it in their own language. Placeholders are plain ``{name}`` fields: nothing else is
read from a format string (a file's message cannot reach into its arguments).

The language: ``--lang`` on the command line, else ``$BOARDAPP_LANG``, else the player's
preference, else the system's locale, else English
(:func:`boardapp.core.files.preferences.choose_language`, which reads the preference:
this module reads no user folder).

>>> WORDS = Domain("doctest", None)
>>> m = WORDS.msg("{unit} retreats to {area}", unit="Knights", area="Rennes")
>>> m.english()
'Knights retreats to Rennes'
>>> Msg.from_json(m.to_json()) == m == "Knights retreats to Rennes"
True
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gettext

LANGUAGES = {"en": "English", "fr": "Français"}
"""The languages boardapp speaks: code -> name in that language."""
DEFAULT = "en"
_current = DEFAULT
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+)\}")


# -- the language ---------------------------------------------------------------------------
def language() -> str:
    """The language words are drawn in now (``"en"``, ``"fr"``)."""
    return _current


def set_language(lang: str | None) -> str:
    """Draw words in ``lang`` from now on (an unknown or empty one: English); returns the
    language set."""
    global _current
    _current = normalise(lang) or DEFAULT
    return _current


def normalise(lang: str | None) -> str | None:
    """``"fr_FR.UTF-8"`` -> ``"fr"``; ``None`` for a language boardapp does not speak."""
    if not lang:
        return None
    code = re.split(r"[_.@-]", lang.strip().lower(), maxsplit=1)[0]
    return code if code in LANGUAGES else None


def system_language() -> str | None:
    """The system's language if boardapp speaks it (``$LANGUAGE``, ``$LC_ALL``,
    ``$LC_MESSAGES``, ``$LANG``, then the locale module's answer)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            for part in value.split(":"):  # LANGUAGE lists several, first preferred
                found = normalise(part)
                if found:
                    return found
            if name != "LANGUAGE":
                return None  # the first variable set decides (C, POSIX: not ours)
    import locale

    try:
        return normalise(locale.getlocale(locale.LC_MESSAGES)[0])  # type: ignore[attr-defined]
    except (AttributeError, ValueError):  # Windows has no LC_MESSAGES
        return normalise(locale.getlocale()[0])


# -- catalogues -------------------------------------------------------------------------------
DOMAINS: dict[str, Domain] = {}
"""Every domain made so far, by name (a message read from a file names its domain)."""


class Domain:
    """One catalogue: its name and the ``locale/`` folder holding
    ``<lang>/LC_MESSAGES/<name>.po`` (and the compiled ``.mo``); ``fallback`` is where a
    msgid this catalogue lacks is looked up next (a ruleset's: boardapp's)."""

    def __init__(self, name: str, localedir: Path | None,
                 fallback: Domain | None = None) -> None:
        self.name, self.localedir, self.fallback = name, localedir, fallback
        self._loaded: dict[str, gettext.NullTranslations] = {}
        DOMAINS[self.name] = self

    def __repr__(self) -> str:
        return f"Domain({self.name!r}, {self.localedir!r})"

    @classmethod
    def beside(cls, name: str, module_file: str | Path) -> Domain:
        """The domain ``name`` whose ``locale/`` folder is beside ``module_file``; its
        words not found are looked up in boardapp's."""
        return cls(name, Path(module_file).resolve().parent / "locale", BOARDAPP)

    def translations(self, lang: str | None = None) -> gettext.NullTranslations:
        """The catalogue for ``lang`` (default: the language now); English: none."""
        lang = lang or _current
        found = self._loaded.get(lang)
        if found is None:
            found = self._loaded[lang] = _load(self, lang)
        return found

    def gettext(self, text: str, lang: str | None = None) -> str:
        """``text`` in ``lang`` (default: the language now)."""
        out = self.translations(lang).gettext(text)
        if out is text and self.fallback is not None:
            return self.fallback.gettext(text, lang)
        return out

    def ngettext(self, singular: str, plural: str, n: int, lang: str | None = None) -> str:
        """``singular`` or ``plural`` for count ``n`` in ``lang``, by its plural rules."""
        out = self.translations(lang).ngettext(singular, plural, n)
        if out in (singular, plural) and self.fallback is not None:
            return self.fallback.ngettext(singular, plural, n, lang)
        return out

    def msg(self, text: str, **args: Any) -> Msg:
        """A message of this domain, translated when it is shown."""
        return _made(Msg, self.name, text, args, None, None)  # ``args``: a new dict

    def plural(self, singular: str, plural: str, n: int, **args: Any) -> Msg:
        """A message with plural forms chosen by ``n`` (``{n}`` is an argument)."""
        return _made(Msg, self.name, singular, {"n": n, **args}, plural, n)

    def share(self, lang: str) -> tuple[int, int]:
        """(translated, total) messages of this domain's ``.po`` for ``lang``."""
        po = self.po_path(lang)
        if po is None or not po.exists():
            return 0, 0
        entries = read_po(po.read_text(encoding="utf-8"))
        real = [e for e in entries if e.msgid]
        return sum(1 for e in real if e.done), len(real)

    def po_path(self, lang: str) -> Path | None:
        if self.localedir is None:
            return None
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"


def _load(domain: Domain, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue, else the ``.po`` compiled in memory, else nothing."""
    import gettext
    import io
    import struct

    if lang == DEFAULT or domain.localedir is None:
        return gettext.NullTranslations()
    po = domain.po_path(lang)
    assert po is not None
    mo = po.with_suffix(".mo")
    try:
        if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as fp:
                return gettext.GNUTranslations(fp)
        if po.exists():
            return gettext.GNUTranslations(io.BytesIO(compile_po(po.read_text("utf-8"))))
    except (OSError, ValueError, UnicodeError, struct.error):
        pass  # a damaged catalogue: the words stay English, nothing breaks
    return gettext.NullTranslations()


# -- messages ---------------------------------------------------------------------------------
class Msg(str):
    """A message kept as id and arguments, drawn in a language only when shown.

    A :class:`Msg` *is* its English text (a ``str``): compared, hashed, joined, written to
    JSON, kept in a state, it is English, as the program said before it spoke French.
    ``str(msg)`` and ``format(msg)`` (f-strings) draw it in the language now (so an
    f-string around a message fixes it in that language: write ``N_("{x} ...", x=msg)``);
    ``msg + text`` stays a message; :meth:`render` draws it in any language.
    """

    domain: str
    text: str
    args: Mapping[str, Any]
    plural: str | None
    n: int | None

    def __new__(cls, domain: str, text: str, args: Mapping[str, Any] | None = None,
                plural: str | None = None, n: int | None = None) -> Msg:
        return _made(cls, domain, text, dict(args) if args else {}, plural, n)

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy, deepcopy, pickle
        return self.domain, self.text, self.args, self.plural, self.n

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the language now)."""
        if (lang or _current) == DEFAULT:
            return self.english()
        dom = DOMAINS.get(self.domain) or BOARDAPP
        if self.plural is not None:
            count = self.n if isinstance(self.n, int) else 0
            form = dom.ngettext(self.text, self.plural, count, lang)
        else:
            form = dom.gettext(self.text, lang)
        out = fill(form, {k: render(v, lang) for k, v in self.args.items()})
        return out if out is not None else self.english()

    def english(self) -> str:
        """The message in English (its msgid filled in)."""
        return str.__str__(self)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def __add__(self, other: Any) -> Msg:  # "refusal" + " (rule)": still a message
        return Msg(BOARDAPP.name, "{a}{b}", {"a": self, "b": other})

    def __radd__(self, other: Any) -> Msg:
        return Msg(BOARDAPP.name, "{a}{b}", {"a": other, "b": self})

    def to_json(self) -> dict[str, Any]:
        """``{"d": domain, "m": msgid, "a": {args}}`` (+ ``"p"``, ``"n"`` for plurals)."""
        out: dict[str, Any] = {"d": self.domain, "m": self.text}
        if self.args:
            out["a"] = {k: to_json(v) for k, v in self.args.items()}
        if self.plural is not None:
            out["p"], out["n"] = self.plural, self.n
        return out

    @classmethod
    def from_json(cls, data: Any) -> Msg:
        """A message read back; ``ValueError`` naming what is wrong with ``data``."""
        if not isinstance(data, dict) or not isinstance(data.get("m"), str) \
                or not isinstance(data.get("d"), str):
            raise ValueError(N_('expected a message {{"d": domain, "m": text, "a": {{...}}}}'))
        args = data.get("a", {})
        if not isinstance(args, dict):
            raise ValueError(N_("the message's arguments are not a mapping"))
        plural, n = data.get("p"), data.get("n")
        if plural is not None and (not isinstance(plural, str) or type(n) is not int):
            raise ValueError(N_("the message's plural form needs a text and a count"))
        return cls(data["d"], data["m"], {str(k): from_json(v) for k, v in args.items()},
                   plural, n)


def _made(cls: type[Msg], domain: str, text: str, args: dict[str, Any],
          plural: str | None, n: int | None) -> Msg:
    """A message whose ``args`` dict is its own already (:meth:`Msg.__new__` copies the
    mapping it is given; :meth:`Domain.msg` gives a new one). Messages are made by the
    thousand in a replay (log lines, refusals of actions listed): the attributes are set
    as one dict, the English filled in one pass."""
    source = text if plural is None or n == 1 else plural
    if args:
        values = {k: v if type(v) is str else v.english() if isinstance(v, Msg) else str(v)
                  for k, v in args.items()}
        english = fill(source, values) or source
    else:
        english = source if "{" not in source else (fill(source, {}) or source)
    self = str.__new__(cls, english)
    self.__dict__ = {"domain": domain, "text": text, "args": args, "plural": plural, "n": n}
    return self


def render(value: Any, lang: str | None = None) -> str:
    """A message, or anything else as text, in ``lang`` (default: the language now)."""
    if isinstance(value, Msg):
        return value.render(lang)
    return str(value)


def listing(items: list[Any], sep: str = ", ") -> Msg | str:
    """Items (names, messages) joined by ``sep``, each drawn in the reader's language
    (``", ".join`` would fix them in English)."""
    items = list(items)
    if not any(isinstance(x, Msg) for x in items):
        return sep.join(str.__str__(x) if isinstance(x, str) else str(x) for x in items)
    escaped = sep.replace("{", "{{").replace("}", "}}")
    return Msg("boardapp", escaped.join(f"{{i{k}}}" for k in range(len(items))),
               {f"i{k}": x for k, x in enumerate(items)})


def english(value: Any) -> str:
    """A message, or anything else as text, in English."""
    return value.english() if isinstance(value, Msg) else str(value)


@functools.lru_cache(maxsize=4096)
def _parts(form: str) -> tuple[tuple[str, str | None], ...]:
    """``form`` cut into (text, field name or ``None``) pieces, found once per form."""
    out: list[tuple[str, str | None]] = []
    last = 0
    for m in _FIELD.finditer(form):
        text = form[last:m.start()]
        if m.group(1) is None:
            out.append((text + m.group(0)[0], None))
        else:
            out.append((text, m.group(1)))
        last = m.end()
    out.append((form[last:], None))
    return tuple(out)


def fill(form: str, values: Mapping[str, str]) -> str | None:
    """``form`` with its ``{name}`` fields filled (``{{``, ``}}`` are braces); ``None`` if
    it names a field ``values`` lacks."""
    try:
        return "".join([text + values[name] if name is not None else text
                        for text, name in _parts(form)])
    except KeyError:
        return None


def to_json(value: Any) -> Any:
    """An argument as a game file keeps it."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return str(value)
    return str.__str__(value) if isinstance(value, str) else value


def from_json(value: Any) -> Any:
    """An argument read back from a game file (checked)."""
    if isinstance(value, dict):
        return Msg.from_json(value)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(N_("a message's argument is text, a number or a message"))
    return value


# -- .po files (read without Babel: a .mo missing at run time, the tests) ----------------------
class PoEntry:
    """One entry of a ``.po`` file."""

    def __init__(self, msgid: str, fuzzy: bool = False, obsolete: bool = False) -> None:
        self.msgid, self.fuzzy, self.obsolete = msgid, fuzzy, obsolete
        self.msgid_plural: str | None = None
        self.msgstr: list[str] = []

    @property
    def done(self) -> bool:
        """Translated, not fuzzy nor obsolete."""
        return bool(self.msgstr) and all(self.msgstr) and not self.fuzzy and not self.obsolete


def read_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file (the header is the one with an empty msgid)."""
    import ast

    entries: list[PoEntry] = []
    cur: PoEntry | None = None
    key = ""
    flags_fuzzy = False
    for raw in text.splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#,"):
            flags_fuzzy = "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.startswith('"'):
            value, word = ast.literal_eval(line), ""
        else:
            value = ast.literal_eval(rest.strip()) if rest.strip() else ""
        if word == "msgid":
            cur = PoEntry(value, fuzzy=flags_fuzzy, obsolete=obsolete)
            entries.append(cur)
            flags_fuzzy, key = False, "msgid"
        elif cur is None:
            continue
        elif word == "msgid_plural":
            cur.msgid_plural, key = value, "msgid_plural"
        elif word.startswith("msgstr"):
            cur.msgstr.append(value)
            key = "msgstr"
        elif key == "msgid":
            cur.msgid += value
        elif key == "msgid_plural":
            cur.msgid_plural = (cur.msgid_plural or "") + value
        elif key == "msgstr":
            cur.msgstr[-1] += value
    return entries


def compile_po(text: str) -> bytes:
    """A ``.mo`` file's bytes from a ``.po`` file's text (fuzzy and obsolete entries
    left out, as ``msgfmt`` does)."""
    import struct

    pairs: dict[str, str] = {}
    for e in read_po(text):
        if e.obsolete or (e.fuzzy and e.msgid) or not e.msgstr or not any(e.msgstr):
            continue
        key = e.msgid if e.msgid_plural is None else f"{e.msgid}\0{e.msgid_plural}"
        pairs[key] = "\0".join(e.msgstr)
    keys = sorted(pairs)
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    start = 7 * 4 + 16 * len(keys)
    id_offsets, str_offsets, blob = [], [], b""
    for data in ids:
        id_offsets.append((len(data), start + len(blob)))
        blob += data + b"\0"
    for data in strs:
        str_offsets.append((len(data), start + len(blob)))
        blob += data + b"\0"
    out = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    for length, offset in id_offsets + str_offsets:
        out += struct.pack("ii", length, offset)
    return out + blob


BOARDAPP = Domain("boardapp", Path(__file__).resolve().parents[2] / "locale")
"""The core's and the command line's words (``boardapp/locale``)."""
UI = Domain("ui", BOARDAPP.localedir, BOARDAPP)
"""The Qt window's words (``boardapp/locale``, catalogue ``ui``)."""

_ = BOARDAPP.gettext
N_ = BOARDAPP.msg
NP_ = BOARDAPP.plural
