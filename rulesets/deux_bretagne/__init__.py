"""Les Deux Bretagne ruleset plugin."""

from .rules import DeuxBretagne

RULESET = DeuxBretagne
