"""The Lily and the Ermine ruleset plugin (strategic game)."""

from .rules import LilyErmine

RULESET = LilyErmine
