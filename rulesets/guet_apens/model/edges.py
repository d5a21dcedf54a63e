"""Table edges and half-edges (GA 14.8.1, 14.10.4, 14.10.5, 14.11.2, 14.12): where a
scenario lets a side leave the table. An edge is ``N``, ``E``, ``S`` or ``W``; a
half-edge is one half of the North or South edge, named by its end (``NE``: the East
half of the North edge, as "the East edge or the NE/SE halves" of Scenario X and "the
West edge and its NW/SW halves" of VIII-1 read)."""

from __future__ import annotations

from boardapp.core.table.bases import Base

from .mules import edge_at

HALVES = ("NE", "NW", "SE", "SW")
PARTS = ("N", "E", "S", "W", *HALVES)


def edge_parts(base: Base, width: float, depth: float) -> list[str]:
    """The edge ``base`` stands at and, on the North or South edge, its half (``[]``:
    at no edge)."""
    edge = edge_at(base, width, depth)
    if edge is None:
        return []
    if edge in ("N", "S"):
        return [edge, edge + ("E" if base.x > width / 2 else "W")]
    return [edge]


def may_leave(parts: list[str], allowed: list[str]) -> str | None:
    """The first of ``allowed`` (edges or half-edges) that ``parts`` is at, else
    ``None``."""
    for part in allowed:
        if part in parts:
            return part
    return None
