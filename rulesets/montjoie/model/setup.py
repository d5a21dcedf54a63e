"""Set-up (5.0; 9.0 for 3 and 2 players): the starting garrisons table, the allies'
cities, and the placements still to make."""

from __future__ import annotations

from boardapp.core.engine.state import State

from .base import MontjoieModel

START = {"navarre": (("pampelune",), ("rouen", "caen")),
         "france": (("bourges",), ("clermont", "montpellier")),
         "angleterre": (("calais", "pas-de-calais"), ("bordeaux", "bayonne")),
         "bretagne": (("brest",), ("rennes", "nantes")),
         "bourgogne": (("besancon",), ("dijon", "macon")),
         "flandres": ((), ("bruges", "gand", "bruxelles"))}
"""5.0: each nation's first garrison (one city; the map may name Pas-de-calais
``calais``) and the cities its second is chosen among (Flanders: two of three)."""
ALLY_START = {"bretagne": ("brest", "nantes", "rennes", "caen", "cherbourg"),
              "flandres": ("bruges", "gand", "bruxelles", "liege", "luxembourg"),
              "navarre": ("pampelune", "pau", "foix", "evreux", "rouen")}
"""9.0, 3 players: the allies' garrisons."""
FREE_START = {"navarre": "rouen", "france": "montpellier", "angleterre": "bordeaux",
              "bretagne": "nantes", "bourgogne": "besancon", "flandres": "bruges"}
"""10.0 Position de départ libre."""


def fixed_city(rs: MontjoieModel, nation: str) -> str | None:
    """The nation's first garrison city of 5.0 on this map (``None``: Flanders)."""
    return rs.find_city(*START[nation][0]) if START[nation][0] else None


def choices(rs: MontjoieModel, nation: str) -> list[str]:
    """The cities the second garrison is chosen among (5.0), those on the map."""
    return [c for c in START[nation][1] if c in rs.board_map.areas]


def placement_queue(nations: list[str]) -> list[list[str]]:
    """The placements to make, in the initial order (5.0): each nation's second garrison
    (Flanders two), then one third garrison each."""
    queue = []
    for n in nations:
        queue.append([n, "start"])
        if n == "flandres":
            queue.append([n, "start"])
    queue += [[n, "third"] for n in nations]
    return queue


def third_choices(rs: MontjoieModel, state: State, nation: str) -> list[str]:
    """Free cities linked to one of ``nation``'s starting garrisons (5.0): by road, or by
    road or sea under reading b of A22."""
    own = rs.owned(state, nation)
    found = {n for c in own for n in rs.road_neighbours(c)}
    if rs.reading(state, "A22") == "b" and any(rs.is_port(c) for c in own):
        found |= {c for c in rs.cities() if rs.is_port(c)}
    return sorted(c for c in found if rs.owner(state, c) is None)
