"""The D20 roll-under test (GA 0.2) as data the Table dock shows and the log cites: the
number needed built from terms (label, value, source), the die, the result and the
readings of the ambiguity switches it used. Also the book's roundings (GA 0.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .words import N_, listing


def half_up(value: int) -> int:
    """Half of ``value`` rounded up (GA 0.3 "arrondi à l'entier supérieur")."""
    return -(-value // 2)


def nearest(numerator: int, denominator: int = 1) -> int:
    """``numerator / denominator`` rounded to the nearest whole number, halves up
    (GA 0.3 "arrondi à l'entier approchant"; the reduction table follows it)."""
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True)
class Term:
    """One part of a number needed: the base value or a modifier, with its source (a
    characteristic of a named figure, or the rule that gives the modifier)."""

    label: str
    value: int
    source: str


@dataclass(frozen=True)
class Test:
    """A D20 test: succeeds when the roll is at most :attr:`target` (GA 0.2), a natural
    1 always, a natural 20 never. With ``window`` (capture, GA 13.5) the roll must also
    be at least ``low`` and above ``floor``.

    ``modifiers`` (value, source) are the terms after the first, the base.
    """

    __test__ = False  # not a pytest test class

    name: str
    rule: str
    terms: tuple[Term, ...]
    roll: int | None = None
    readings: tuple[tuple[str, str], ...] = ()
    low: int | None = None
    floor: int | None = None

    @property
    def target(self) -> int:
        """The number needed: the sum of the terms."""
        return sum(t.value for t in self.terms)

    @property
    def modifiers(self) -> list[tuple[int, str]]:
        """The modifiers as (value, source) pairs, the base excluded."""
        return [(t.value, N_("{label} ({source})", label=t.label, source=t.source))
                for t in self.terms[1:]]

    def rolled(self, die: int) -> Test:
        """This test with its D20 roll."""
        if not 1 <= die <= 20:
            raise ValueError(f"a D20 shows 1-20, not {die}")
        return replace(self, roll=die)

    @property
    def natural(self) -> str:
        """"natural 1" / "natural 20" when GA 0.2's exception decided, else ""."""
        if self.low is None and self.roll == 1:
            return N_("natural 1")
        if self.roll == 20:
            return N_("natural 20")
        return ""

    @property
    def success(self) -> bool | None:
        """Whether the test succeeded (None before the roll)."""
        if self.roll is None:
            return None
        if self.roll == 20:
            return False
        if self.low is not None:
            return (self.roll > (self.floor or 0) and self.low <= self.roll <= self.target)
        return self.roll == 1 or self.roll <= self.target

    @property
    def result(self) -> str:
        """"success", "failure" or "to roll"."""
        success = self.success
        return N_("to roll") if success is None else N_("success") if success else N_(
            "failure")

    @property
    def needed(self) -> str:
        """What the die must show, e.g. "6 or less" or "8-13"."""
        if self.low is not None:
            low = max(self.low, (self.floor or 0) + 1)
            return f"{low}-{self.target}" if low <= min(self.target, 19) else N_("impossible")
        return N_("{target} or less", target=self.target)

    def text(self) -> str:
        """One log line: name, the terms, the number needed, the roll and the result,
        the readings used and the rule."""
        line = N_("{name}: {terms} = {target}, needs {needed}", name=self.name,
                  terms=terms_text(self.terms), target=self.target, needed=self.needed)
        if self.roll is not None:
            line = line + (N_("; D20 {roll} ({natural}) → {result}", roll=self.roll,
                              natural=self.natural, result=self.result) if self.natural
                           else N_("; D20 {roll} → {result}", roll=self.roll,
                                   result=self.result))
        return line + readings_text(self.readings) + f" ({self.rule})"

    def detail(self) -> dict[str, Any]:
        """The test as plain data for the log line's detail and the Table dock."""
        return {"kind": "test", "name": self.name, "rule": self.rule,
                "terms": [{"label": t.label, "value": t.value, "source": t.source}
                          for t in self.terms],
                "target": self.target, "needed": self.needed, "roll": self.roll,
                "result": self.result, "natural": self.natural,
                "readings": dict(self.readings)}


def terms_text(terms: tuple[Term, ...]) -> str:
    """The terms as the log writes them: the base, then each modifier signed."""
    parts = [N_("{value} {label}", value=terms[0].value, label=terms[0].label)] if terms \
        else []
    parts += [N_("{value} {label}", value=f"{t.value:+d}", label=t.label) for t in terms[1:]]
    return listing(parts, " ")


def readings_text(readings: tuple[tuple[str, str], ...]) -> str:
    """`` [B7=upper, ...]``: the readings used (the book's ambiguities), or nothing."""
    return " [" + ", ".join(f"{k}={v}" for k, v in readings) + "]" if readings else ""


def check(name: str, rule: str, terms: Iterable[Term],
         readings: Iterable[tuple[str, str]] = (), **window: int | None) -> Test:
    """A :class:`Test` from any iterable of terms; zero modifiers are kept out except
    the base (the first term)."""
    items = list(terms)
    kept = tuple(items[:1] + [t for t in items[1:] if t.value])
    return Test(name, rule, kept, readings=tuple(readings), **window)


@dataclass(frozen=True)
class Tally:
    """A total that is not a D20 roll-under test (initiative GA 9.4, morale GA 12.2,
    rally GA 12.5): its terms (die included) and the rule, for the log and the dock."""

    name: str
    rule: str
    terms: tuple[Term, ...]
    readings: tuple[tuple[str, str], ...] = ()

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    def text(self) -> str:
        """One log line: the terms, the total, the readings used and the rule."""
        line = N_("{name}: {terms} = {total}", name=self.name, terms=terms_text(self.terms),
                  total=self.total)
        return line + readings_text(self.readings) + f" ({self.rule})"

    def detail(self) -> dict[str, Any]:
        """The total as plain data for the log line's detail and the Table dock."""
        return {"kind": "tally", "name": self.name, "rule": self.rule,
                "terms": [{"label": t.label, "value": t.value, "source": t.source}
                          for t in self.terms],
                "total": self.total, "readings": dict(self.readings)}


def tally(name: str, rule: str, terms: Iterable[Term],
          readings: Iterable[tuple[str, str]] = ()) -> Tally:
    """A :class:`Tally`, zero modifiers after the first two terms left out."""
    items = list(terms)
    kept = tuple(items[:2] + [t for t in items[2:] if t.value])
    return Tally(name, rule, kept, tuple(readings))
