"""Hex demo: a tiny hex-and-counter ruleset on the sample hex map."""

from .rules import HexDemo

RULESET = HexDemo
