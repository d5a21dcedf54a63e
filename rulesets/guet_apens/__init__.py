"""Guet-Apens (Jean-Jacques Petit): thirteenth-century man-to-man skirmish on a free
table, 1 cm for 1 m, each figure a character with its own sheet."""

from .rules import GuetApens

RULESET = GuetApens
