"""What a ruleset tells the free table: its figures' bases, heights and allowances, the
cost of each obstacle class, how far sight goes into a wood, cover distance, range bands
and the fractions of a move. A ruleset on a table sets ``table_rules`` (an attribute,
not a hook: the core's measuring tools read it) to a :class:`TableRules`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FigureSpec:
    """A kind of figure: base width and depth, eye height, move allowance (cm)."""

    width: float = 2.0
    depth: float = 2.0
    height: float = 3.0
    allowance: float = 0.0


@dataclass(frozen=True)
class TableRules:
    """The numbers a ruleset gives the table (see the module doc)."""

    figures: Mapping[str, FigureSpec] = field(default_factory=dict)
    """By piece type."""
    costs: Mapping[str, float] = field(default_factory=dict)
    """Centimetres to enter scenery of each obstacle class (a class missing: impassable)."""
    range_bands: tuple[tuple[str, float], ...] = ()
    """(name, greatest distance in cm), nearest first; beyond the last: ``out of range``."""
    see_into: float = 0.0
    cover_within: float = 1.0
    fractions: int = 6
    figures_block: bool = False
    """Whether a figure standing between two others blocks their line of sight (where
    the line passes lower than its top)."""
    measure_freely: bool = True
    """Whether the players may measure at any time; ``False``: measuring before declaring
    is forbidden, and a measure is an action in the log, seen by all
    (:mod:`.measuring`)."""
    measure_rule: str | None = None
    """The rule that forbids measuring before declaring, cited in the log of a measure."""

    def figure(self, type_id: str) -> FigureSpec:
        return self.figures.get(type_id, FigureSpec())

    def band(self, distance: float) -> str:
        """The range band of ``distance`` cm."""
        for name, limit in self.range_bands:
            if distance <= limit:
                return name
        return "out of range"
