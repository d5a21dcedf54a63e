"""The turn's arithmetic: income, the vote, PP and PI, the end-of-game dice, tie-breaks."""

from __future__ import annotations

from boardapp.core.engine.state import State

from .base import INCOME, MAX_PI, MontjoieModel, ceil_half


def income(rs: MontjoieModel, state: State, nation: str) -> tuple[int, list[str]]:
    """Écus of ``nation`` this Treasury (Séq. 1): 1/2/3 per garrison/castle/fortress,
    nothing from a pillaged city; halved rounded up after Mauvaises Saisons (A24: per
    player or per city). The sum and the pillaged cities that paid nothing."""
    v = state["vars"]
    pillaged = [c for c in rs.owned(state, nation) if c in v["pillage"]]
    doubled = v.get("extra", {}).get("doubled")
    per_city = [INCOME[rs.level(state, c)] * (2 if c == doubled else 1)
                for c in rs.owned(state, nation) if c not in v["pillage"]]
    if v.get("bad_seasons"):
        if rs.reading(state, "A24") == "b":
            return sum(ceil_half(x) for x in per_city), pillaged
        return ceil_half(sum(per_city)), pillaged
    return sum(per_city), pillaged


def war_declared(votes: dict[str, str]) -> bool:
    """France is at war if at least half of the players voted war (Séq. 2)."""
    wars = sum(1 for v in votes.values() if v == "guerre")
    return 2 * wars >= len(votes)


def pretender_points(rs: MontjoieModel, state: State, nation: str) -> tuple[int, list[str]]:
    """PP of ``nation`` this turn from provinces (Séq. 8): each province whose every
    city it owns, 1 PP, Île de France 2. The sum and the provinces."""
    held = [p for p in rs.provinces() if rs.controller(state, p) == nation]
    return sum(rs.province_value(p) for p in held), held


def influence_gain(pp_this_turn: int) -> int:
    """PI gained: the turn's PP divided by 2, rounded up (Séq. 8; 7 PP give 4)."""
    return ceil_half(max(0, pp_this_turn))


def capped_influence(current: int, gain: int) -> int:
    """PI after a gain: never more than 6 (Séq. 8)."""
    return min(MAX_PI, current + gain)


def end_check(length: str, players: int, turn: int, aide_memoire: bool = False
              ) -> tuple[int | None, int] | None:
    """The end-of-game die at the end of ``turn`` (8.0; 9.0 for 2 players): ``None`` if
    no die is rolled and the game goes on, ``(None, 0)`` if the game ends without a die
    (the last turn), else ``(highest face that ends it, 0)``."""
    if players == 2:
        table = {5: 4}
        last = 6
    elif length == "courte":
        table, last = {6: 3}, 7
    else:
        table, last = {8: 2, 9: 4}, 10
    if aide_memoire and players != 2:
        table = {t - 1: f for t, f in table.items()}
        last -= 1
    if turn >= last:
        return (None, 0)
    if turn in table:
        return (table[turn], 0)
    return None


def ranking_key(rs: MontjoieModel, state: State, nation: str) -> tuple[int, ...]:
    """How players rank (1.0): PP, then fortresses, provinces, castles, écus (the écus
    a player showed at the end where they are secret, 0 if he had no need to)."""
    if rs.secret_treasury(state):
        ecus = rs.extra(state).get("shown_ecus", {}).get(nation, 0)
    else:
        ecus = state["vars"]["treasury"].get(nation, 0)
    return (*public_ranking_key(rs, state, nation), ecus)


def public_ranking_key(rs: MontjoieModel, state: State, nation: str) -> tuple[int, ...]:
    """The public part of the ranking (1.0): PP, fortresses, provinces, castles."""
    cities = rs.owned(state, nation)
    fortresses = sum(1 for c in cities if rs.level(state, c) == 3)
    castles = sum(1 for c in cities if rs.level(state, c) == 2)
    provinces = sum(1 for p in rs.provinces() if rs.controller(state, p) == nation)
    return (state["score"].get(nation, 0), fortresses, provinces, castles)


def tied_on_public(rs: MontjoieModel, state: State) -> list[str]:
    """The players tied for first place on everything but the écus (1.0)."""
    keys = {n: public_ranking_key(rs, state, n) for n in rs.players(state)}
    best = max(keys.values())
    return [n for n in rs.players(state) if keys[n] == best]
