"""Montjoie! (Tilsit): the ruleset package."""
