"""How a position stands by the rules, for the computer opponent (Séq. 8).

The standing is the running total of Pretender Points (``state["score"]``, Séq. 8): the
nation with the most at the end wins. :func:`evaluate` adds what brings PP and holds
them: the PP the provinces it holds would give at this turn's end (Séq. 8; with two
players, half a loyal ally's, 9.0), its cities
and their levels (Séq. 4), écus, influence and cards (Séq. 3, 6, 8); each measured
against the best other nation's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.state import State

from .turn import pretender_points

if TYPE_CHECKING:
    from .base import MontjoieModel


_PROVINCES: dict[int, dict[str, str]] = {}


def province_of(rs: MontjoieModel) -> dict[str, str]:
    """City -> its province, for the ruleset's map (built once)."""
    found = _PROVINCES.get(id(rs.board_map))
    if found is None:
        found = {c: p for p in rs.provinces() for c in rs.province_cities(p)}
        _PROVINCES[id(rs.board_map)] = found
    return found


def assets(rs: MontjoieModel, state: State, nation: str) -> float:
    """What ``nation`` holds now, in PP-like units: the running PP, this turn's PP from
    its provinces, its cities (a castle or fortress more) and how much of each province
    it is still short of (a province gives PP only whole), écus, PI and cards."""
    v = state["vars"]
    value = float(state["score"].get(nation, 0))
    value += 1.5 * pretender_points(rs, state, nation)[0]
    owned: dict[str, int] = {}
    for city, entry in v["cities"].items():
        if entry.get("owner") == nation:
            value += 0.6 + 0.2 * int(entry.get("level") or 0)
            province = province_of(rs).get(city)
            if province is not None:
                owned[province] = owned.get(province, 0) + 1
    for province, count in owned.items():  # Séq. 8: only a whole province gives PP
        total = len(rs.province_cities(province))
        if count < total:
            value += 0.8 * rs.province_value(province) * (count / total) ** 2
    if len(rs.players(state)) == 2:  # 9.0: a loyal ally's PP, half rounded up, are his
        for ally, player in sorted((v.get("ally_of") or {}).items()):
            if player == nation and (v.get("loyal") or {}).get(ally):
                value += 1.5 * ((pretender_points(rs, state, ally)[0] + 1) // 2)
    value += 0.05 * float(rs.ecus(state, nation) or 0)  # a secret one not guessed: 0
    value += 0.2 * float(v["influence"].get(nation, 0) or 0)
    value += 0.1 * float(v["hand_sizes"].get(nation, 0) or 0)
    return value


def evaluate(rs: MontjoieModel, state: State, side: str) -> float:
    """``side``'s assets less the best other nation's; once the game is over, 1,000
    more (or less) for the most PP."""
    players = [n for n in rs.players(state) if n in state["score"]]
    if side not in players:
        return 0.0
    if rs.outcome(state) is not None:
        mine = state["score"].get(side, 0)
        best = max((state["score"].get(n, 0) for n in players if n != side), default=0)
        return float(mine - best) + (1000.0 if mine > best else -1000.0)
    held = {n: assets(rs, state, n) for n in players}
    return held[side] - max((held[n] for n in players if n != side), default=0.0)
