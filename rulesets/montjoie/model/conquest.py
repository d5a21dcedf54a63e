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
from functools import cached_property
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

    @cached_property
    def sorted_roads(self) -> dict[str, tuple[str, ...]]:
        """Each city's road neighbours in order (made once)."""
        return {city: tuple(sorted(near)) for city, near in self.roads.items()}

    @cached_property
    def sorted_ports(self) -> tuple[str, ...]:
        """The ports in order (made once)."""
        return tuple(sorted(self.ports))

    def reach(self, city: str) -> tuple[str, ...]:
        """The cities ``city`` may attack in Séq. 7, in order: its road neighbours and,
        from a port, every port (the sea zones aside); made once per city."""
        found = self._reach.get(city)
        if found is None:
            near = set(self.roads.get(city, ()))
            if city in self.ports:
                near |= self.ports
            found = self._reach[city] = tuple(sorted(near))
        return found

    @cached_property
    def _reach(self) -> dict[str, tuple[str, ...]]:
        return {}

    def by_road(self, a: str, b: str) -> bool:
        return b in self.roads.get(a, frozenset())

    def by_sea(self, a: str, b: str, limited: bool = False) -> bool:
        """Both are ports (and, with limited landings, of the same sea zone)."""
        if a == b or a not in self.ports or b not in self.ports:
            return False
        return not limited or self.sea_zone.get(a) == self.sea_zone.get(b)


def _name(names: Mapping[str, str] | None, city: str) -> str:
    return (names or {}).get(city, city)


def _expand_fault(geo: Geography, owner: Mapping[str, Any], side: str, source: str,
                  target: str, sea: bool, done: Sequence[Mapping[str, Any]],
                  from_new_city: bool, limited_landings: bool, island: bool) -> str | None:
    """Why :func:`why_not_expand` refuses, as a short key (``None``: allowed); the words
    are built only for a refusal that is shown."""
    if len(done) >= MAX_EXPANSIONS:
        return "two"
    if owner.get(target) is not None:
        return "not-free"
    if owner.get(source) != side:
        return "not-yours"
    if not from_new_city and any(d["to"] == source for d in done):
        return "new-city"
    if any(d["from"] == source for d in done):
        return "same-city"
    if sea:
        if any(d.get("sea") for d in done) and not island:
            return "one-by-sea"
        if source not in geo.ports:
            return "no-port"
        if not geo.by_sea(source, target, limited_landings):
            return "no-sea"
        return None
    if not geo.by_road(source, target):
        return "no-road"
    return None


def why_not_expand(geo: Geography, owner: Mapping[str, Any], side: str, source: str,
                   target: str, sea: bool, done: Sequence[Mapping[str, Any]], *,
                   from_new_city: bool = False, limited_landings: bool = False,
                   names: Mapping[str, str] | None = None, island: bool = False) -> Why:
    """Séq. 7 phase 1: may ``side`` place a garrison on ``target`` from ``source`` (by
    sea if ``sea``), having already made the expansions ``done`` this turn (each
    ``{"from", "to", "sea"}``)? ``from_new_city`` is the reading of A7; ``island``:
    10.0 "Mon pays est une île", every expansion may be by sea."""
    fault = _expand_fault(geo, owner, side, source, target, sea, done, from_new_city,
                          limited_landings, island)
    if fault is None:
        return None
    t, s = _name(names, target), _name(names, source)
    if fault == "two":
        return N_("two expansions a turn at most"), EXPANSION_RULE
    if fault == "not-free":
        return (N_("{t} is not free: only free cities are taken by expansion", t=t),
                EXPANSION_RULE)
    if fault == "not-yours":
        return N_("{s} is not one of your cities", s=s), EXPANSION_RULE
    if fault == "new-city":
        return (N_("{s} was taken by expansion this turn (reading A7: the second expansion "
                   "starts from a city held before)", s=s), EXPANSION_RULE)
    if fault == "same-city":
        return (N_("you have already expanded from {s}: not both expansions from the same "
                   "city", s=s), EXPANSION_RULE)
    if fault == "one-by-sea":
        return N_("one expansion by sea a turn"), EXPANSION_RULE
    if fault == "no-port":
        return N_("{s} has no port", s=s), EXPANSION_RULE
    if fault == "no-sea":
        return N_("{t} is not a port {s} can reach by sea", t=t, s=s), EXPANSION_RULE
    return N_("no road links {s} to {t}", s=s, t=t), EXPANSION_RULE


def expansions(geo: Geography, owner: Mapping[str, Any], side: str,
               done: Sequence[Mapping[str, Any]], *, from_new_city: bool = False,
               limited_landings: bool = False, island: bool = False
               ) -> list[tuple[str, str, bool]]:
    """Every legal expansion now, as ``(source, target, by_sea)``: each source of
    ``side`` in order, its road targets then (from a port) the ports it reaches by sea
    only, each that :func:`why_not_expand` allows (its tests, made once per source)."""
    out: list[tuple[str, str, bool]] = []
    if len(done) >= MAX_EXPANSIONS:
        return out
    taken = {d["to"] for d in done}
    used = {d["from"] for d in done}
    by_sea = island or not any(d.get("sea") for d in done)
    roads, ports = geo.sorted_roads, geo.sorted_ports
    for source in sorted(c for c, o in owner.items() if o == side):
        if source in used or (not from_new_city and source in taken):
            continue
        near = roads.get(source, ())
        out.extend((source, target, False) for target in near
                   if owner.get(target) is None)
        if by_sea and source in geo.ports:
            zone = geo.sea_zone.get(source)
            out.extend((source, target, True) for target in ports
                       if owner.get(target) is None and target != source
                       and not geo.by_road(source, target)
                       and (not limited_landings or geo.sea_zone.get(target) == zone))
    return out


def _attack_fault(geo: Geography, owner: Mapping[str, Any], side: str, source: str,
                  target: str, attacks: Sequence[Mapping[str, Any]], yellow_cards: int,
                  peace: bool, protected: Iterable[str], limited_landings: bool,
                  anywhere: bool) -> str | None:
    """Why :func:`why_not_attack` refuses, as a short key (``None``: allowed)."""
    if yellow_cards < MIN_YELLOWS_TO_ATTACK:
        return "yellows"
    if peace and attacks:
        return "peace"
    if owner.get(source) != side:
        return "not-yours"
    held = owner.get(target)
    if held is None:
        return "free"
    if held == side:
        return "yours"
    if any(a["from"] == source for a in attacks):
        return "from"
    if any(a["to"] == target for a in attacks):
        return "to"
    if target in set(protected):
        return "pope"
    if not anywhere and not (geo.by_road(source, target)
                             or geo.by_sea(source, target, limited_landings)):
        return "far"
    return None


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
    fault = _attack_fault(geo, owner, side, source, target, attacks, yellow_cards, peace,
                          protected, limited_landings, anywhere)
    if fault is None:
        return None
    t, s = _name(names, target), _name(names, source)
    if fault == "yellows":
        return N_("you need at least 2 yellow cards to attack"), COMBAT_RULE
    if fault == "peace":
        return N_("in Peace a player makes only one attack"), "Montjoie Séq. 2"
    if fault == "not-yours":
        return N_("{s} is not one of your cities", s=s), COMBAT_RULE
    if fault == "free":
        return N_("{t} is free: a free city is never attacked, only taken by expansion",
                  t=t), COMBAT_RULE
    if fault == "yours":
        return N_("{t} is yours", t=t), COMBAT_RULE
    if fault == "from":
        return N_("{s} has already attacked this turn: one attack a turn from a city",
                  s=s), COMBAT_RULE
    if fault == "to":
        return N_("you have already attacked {t} this turn", t=t), COMBAT_RULE
    if fault == "pope":
        return (N_("{t} may not be attacked this turn (Intervention du Pape)", t=t),
                "Montjoie Séq. 6")
    return (N_("{s} is linked to {t} neither by road nor from port to port", s=s, t=t),
            COMBAT_RULE)


def is_landing(geo: Geography, source: str, target: str) -> bool:
    """Séq. 7: an attack is a landing when it goes by sea (no road links the cities)."""
    return not geo.by_road(source, target)


def attacks(geo: Geography, owner: Mapping[str, Any], side: str,
            made: Sequence[Mapping[str, Any]], yellow_cards: int, peace: bool, *,
            protected: Iterable[str] = (), limited_landings: bool = False,
            anywhere: bool = False) -> list[tuple[str, str]]:
    """Every legal attack now, as ``(source, target)`` (``anywhere``: the Chevauchée's,
    on any enemy city): each source of ``side`` in order, each enemy city it reaches
    (by road, from port to port) in order, that :func:`why_not_attack` allows (its
    tests, made once per source)."""
    out: list[tuple[str, str]] = []
    if yellow_cards < MIN_YELLOWS_TO_ATTACK or (peace and made):
        return out
    shielded = set(protected)
    hit = {a["to"] for a in made}
    used = {a["from"] for a in made}
    targets = {c for c, o in owner.items() if o is not None and o != side
               and c not in hit and c not in shielded}
    everywhere = sorted(targets) if anywhere else []
    for source in sorted(c for c, o in owner.items() if o == side):
        if source in used:
            continue
        if anywhere:
            out.extend((source, target) for target in everywhere)
            continue
        roads = geo.roads.get(source, frozenset())
        zone = geo.sea_zone.get(source)
        out.extend((source, target) for target in geo.reach(source) if target in targets
                   and (target in roads or not limited_landings
                        or geo.sea_zone.get(target) == zone))
    return out
