"""Hundred Years War: Lion in Winter ruleset plugin (from its crib sheet)."""

from .rules import LionInWinter

RULESET = LionInWinter
