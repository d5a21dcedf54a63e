"""Montjoie!: two to six players fight for the crown of France (Tilsit)."""

from .rules import Montjoie

RULESET = Montjoie
