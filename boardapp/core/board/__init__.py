"""Boards as data: maps of areas and hexes, their graph, movement over it, and the map
editor's model."""
