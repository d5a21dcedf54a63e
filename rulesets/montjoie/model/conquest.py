"""Montjoie!, Séquence 7 legality: which expansions and which attacks the book allows.

Pure predicates over plain data (who owns each city, the roads, the ports), answering
``None`` when the move is allowed, else ``(reason, rule)``; the steps of Séquence 7
(``steps/expansion.py``, ``steps/combat.py``) and the tests call them.

Séquence 7 phase 1, Expansion: two new free cities a turn, each linked by a road to one
of the player's own cities, not both from the same city; a player with a port may once
a turn expand by sea instead of by land, to another port. A7 (may the second expansion
start from the city the first one took?) is a switch.

Séquence 7 phase 2, Combats: never a free city; only a city of another player or of
foreign troops, linked by road to one of the attacker's cities, or a port attacked by
landing from one of his ports; at least two yellow cards in hand; one attack a turn from
a city and one attack on a city; in Peace a single attack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .words import N_

RULE = "Montjoie Séq. 7"
EXPANSION_RULE = "Montjoie Séq. 7 phase 1"
COMBAT_RULE = "Montjoie Séq. 7 phase 2"
FOREIGN = "foreign"
"""The owner of a city held by foreign troops (Séq. 6, Interventions étrangères)."""
MAX_EXPANSIONS = 2
MIN_YELLOWS_TO_ATTACK = 2

Why = tuple[str, str] | None


@dataclass(frozen=True)
class Geography:
    """What Séquence 7 needs of the map: the road links, the ports, their sea zones
    (only for the optional limited landings, 10.0)."""

    roads: Mapping[str, frozenset[str]]
    ports: frozenset[str] = frozenset()
    sea_zone: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, links: Iterable[tuple[str, str]], ports: Iterable[str] = (),
           sea_zone: Mapping[str, str] | None = None) -> Geography:
        roads: dict[str, set[str]] = {}
        for a, b in links:
            roads.setdefault(a, set()).add(b)
            roads.setdefault(b, set()).add(a)
        return cls({k: frozenset(v) for k, v in roads.items()}, frozenset(ports),
                   dict(sea_zone or {}))

    def by_road(self, a: str, b: str) -> bool:
        return b in self.roads.get(a, frozenset())

    def by_sea(self, a: str, b: str, limited: bool = False) -> bool:
        """Both are ports (and, with limited landings, of the same sea zone)."""
        if a == b or a not in self.ports or b not in self.ports:
            return False
        return not limited or self.sea_zone.get(a) == self.sea_zone.get(b)


def _name(names: Mapping[str, str] | None, city: str) -> str:
    return (names or {}).get(city, city)


def why_not_expand(geo: Geography, owner: Mapping[str, Any], side: str, source: str,
                   target: str, sea: bool, done: Sequence[Mapping[str, Any]], *,
                   from_new_city: bool = False, limited_landings: bool = False,
                   names: Mapping[str, str] | None = None, island: bool = False) -> Why:
    """Séq. 7 phase 1: may ``side`` place a garrison on ``target`` from ``source`` (by
    sea if ``sea``), having already made the expansions ``done`` this turn (each
    ``{"from", "to", "sea"}``)? ``from_new_city`` is the reading of A7; ``island``:
    10.0 "Mon pays est une île", every expansion may be by sea."""
    t, s = _name(names, target), _name(names, source)
    if len(done) >= MAX_EXPANSIONS:
        return N_("two expansions a turn at most"), EXPANSION_RULE
    if owner.get(target) is not None:
        return (N_("{t} is not free: only free cities are taken by expansion", t=t),
                EXPANSION_RULE)
    if owner.get(source) != side:
        return N_("{s} is not one of your cities", s=s), EXPANSION_RULE
    if not from_new_city and any(d["to"] == source for d in done):
        return (N_("{s} was taken by expansion this turn (reading A7: the second expansion "
                   "starts from a city held before)", s=s), EXPANSION_RULE)
    if any(d["from"] == source for d in done):
        return (N_("you have already expanded from {s}: not both expansions from the same "
                   "city", s=s), EXPANSION_RULE)
    if sea:
        if any(d.get("sea") for d in done) and not island:
            return N_("one expansion by sea a turn"), EXPANSION_RULE
        if source not in geo.ports:
            return N_("{s} has no port", s=s), EXPANSION_RULE
        if not geo.by_sea(source, target, limited_landings):
            return N_("{t} is not a port {s} can reach by sea", t=t, s=s), EXPANSION_RULE
        return None
    if not geo.by_road(source, target):
        return N_("no road links {s} to {t}", s=s, t=t), EXPANSION_RULE
    return None


def expansions(geo: Geography, owner: Mapping[str, Any], side: str,
               done: Sequence[Mapping[str, Any]], *, from_new_city: bool = False,
               limited_landings: bool = False, island: bool = False
               ) -> list[tuple[str, str, bool]]:
    """Every legal expansion now, as ``(source, target, by_sea)``."""
    out = []
    own = sorted(c for c, o in owner.items() if o == side)
    for source in own:
        for target in sorted(geo.roads.get(source, ())):
            if why_not_expand(geo, owner, side, source, target, False, done,
                              from_new_city=from_new_city) is None:
                out.append((source, target, False))
        if source in geo.ports:
            for target in sorted(geo.ports):
                if geo.by_road(source, target):
                    continue  # reached by road already: the sea adds nothing
                if why_not_expand(geo, owner, side, source, target, True, done,
                                  from_new_city=from_new_city, island=island,
                                  limited_landings=limited_landings) is None:
                    out.append((source, target, True))
    return out


def why_not_attack(geo: Geography, owner: Mapping[str, Any], side: str, source: str,
                   target: str, attacks: Sequence[Mapping[str, Any]], yellow_cards: int,
                   peace: bool, *, protected: Iterable[str] = (),
                   limited_landings: bool = False, anywhere: bool = False,
                   names: Mapping[str, str] | None = None) -> Why:
    """Séq. 7 phase 2: may ``side`` attack ``target`` from ``source``, having made the
    attacks ``attacks`` this turn (each ``{"from", "to"}``), with ``yellow_cards``
    yellow cards usable in attack, in Peace if ``peace``? ``protected``: the cities no
    one may attack this turn (Intervention du Pape, Séq. 6); ``anywhere``: the
    Chevauchée (Séq. 6), whatever the distance."""
    t, s = _name(names, target), _name(names, source)
    if yellow_cards < MIN_YELLOWS_TO_ATTACK:
        return N_("you need at least 2 yellow cards to attack"), COMBAT_RULE
    if peace and attacks:
        return N_("in Peace a player makes only one attack"), "Montjoie Séq. 2"
    if owner.get(source) != side:
        return N_("{s} is not one of your cities", s=s), COMBAT_RULE
    held = owner.get(target)
    if held is None:
        return N_("{t} is free: a free city is never attacked, only taken by expansion",
                  t=t), COMBAT_RULE
    if held == side:
        return N_("{t} is yours", t=t), COMBAT_RULE
    if any(a["from"] == source for a in attacks):
        return N_("{s} has already attacked this turn: one attack a turn from a city",
                  s=s), COMBAT_RULE
    if any(a["to"] == target for a in attacks):
        return N_("you have already attacked {t} this turn", t=t), COMBAT_RULE
    if target in set(protected):
        return (N_("{t} may not be attacked this turn (Intervention du Pape)", t=t),
                "Montjoie Séq. 6")
    if not anywhere and not (geo.by_road(source, target)
                             or geo.by_sea(source, target, limited_landings)):
        return (N_("{s} is linked to {t} neither by road nor from port to port", s=s, t=t),
                COMBAT_RULE)
    return None


def is_landing(geo: Geography, source: str, target: str) -> bool:
    """Séq. 7: an attack is a landing when it goes by sea (no road links the cities)."""
    return not geo.by_road(source, target)


def attacks(geo: Geography, owner: Mapping[str, Any], side: str,
            made: Sequence[Mapping[str, Any]], yellow_cards: int, peace: bool, *,
            protected: Iterable[str] = (), limited_landings: bool = False,
            anywhere: bool = False) -> list[tuple[str, str]]:
    """Every legal attack now, as ``(source, target)`` (``anywhere``: the Chevauchée's,
    on any enemy city)."""
    shielded = set(protected)
    out = []
    enemies = {c for c, o in owner.items() if o is not None and o != side}
    for source in sorted(c for c, o in owner.items() if o == side):
        near = set(geo.roads.get(source, ()))
        if source in geo.ports:
            near |= geo.ports
        for target in sorted(enemies if anywhere else near):
            if why_not_attack(geo, owner, side, source, target, made, yellow_cards, peace,
                              protected=shielded, limited_landings=limited_landings,
                              anywhere=anywhere) is None:
                out.append((source, target))
    return out
