"""Changing a city: owner and fortification level, kept in step with its counter and the
map's control (the one way the rules change a city; the board draws the counter).

A city not free has one counter ``g-<city>`` of its owner's type; a free city has none.
``state["control"]`` names each city's owner so that the board colours it.
"""

from __future__ import annotations

from boardapp.core.engine.state import State, add_piece

from .base import MontjoieModel


def piece_id(city: str) -> str:
    """The id of the counter standing for the city's garrison and fortification."""
    return f"g-{city}"


def set_city(rs: MontjoieModel, state: State, city: str, owner: str | None,
             level: int) -> None:
    """Make ``city`` belong to ``owner`` at ``level`` (``None``/0: a free city)."""
    cities = state["vars"]["cities"]
    pid = piece_id(city)
    if owner is None or level <= 0:
        cities.pop(city, None)
        state["control"].pop(city, None)
        if pid in state["pieces"]:
            del state["pieces"][pid]
            stack = state["stacks"].get(city, [])
            if pid in stack:
                stack.remove(pid)
            if not stack:
                state["stacks"].pop(city, None)
        return
    cities[city] = {"owner": owner, "level": int(level)}
    state["control"][city] = owner
    if pid in state["pieces"]:
        state["pieces"][pid]["type"] = owner
    else:
        add_piece(state, pid, owner, city)


def lose_level(rs: MontjoieModel, state: State, city: str) -> int:
    """The city loses one fortification level (Soulèvement): a castle becomes a
    garrison, a garrison disappears (the city is free). The new level."""
    level = rs.level(state, city) - 1
    set_city(rs, state, city, rs.owner(state, city) if level > 0 else None, level)
    return max(level, 0)


def take_city(rs: MontjoieModel, state: State, city: str, taker: str,
              how: str = "combat") -> None:
    """``taker`` takes ``city`` with its fortification (Séq. 7 Résultat du combat,
    Corruption, Traité); ``how`` ("combat", "corruption", ...) is remembered with the
    loss for the Traité event (A10)."""
    loser = rs.owner(state, city)
    set_city(rs, state, city, taker, max(1, rs.level(state, city)))
    if loser in state["vars"]["nations"]:
        state["vars"]["lost"].setdefault(loser, []).append([city, taker, how])
