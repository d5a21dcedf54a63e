"""Montjoie!: the nations, the cities' state and the ruleset class the steps use.

Citations: "Montjoie Séq. N" / "Montjoie 5.0" (the French rule book, the authority) and
"MJ x.y" (the English digest). Every rule automated cites one of them in code and log.

THE STATE (``state["vars"]``; names stable, later additions only)::

    nations        [nation, ...]        the nations played by players, in the fixed
                                         order of 5.0 (navarre, france, angleterre,
                                         bretagne, bourgogne, flandres) less those removed
    minors         {nation: "allie"|"neutre"}  the powers no player plays (3 and 2
                                         players, 9.0); their cities are theirs
    length         "normale" | "courte"  (8.0)
    cities         {city: {"owner": nation | "etrangers" | None, "level": 0-3}}
                   level 0 free (no owner), 1 garnison, 2 château, 3 forteresse
                   (Séq. 4, MJ 6.9.2); only cities that are not free are listed
    pillage        [city, ...]          pillage markers (Séq. 1, Écorcheur, Compagnies)
    treasury       {nation: écus}       SECRET to the nation from version 0.3
                                         (secret_paths; "?" in another program's view:
                                         read it with ``rs.ecus``); public in older games
    influence      {nation: PI}         0..6 (Séq. 8)
    hands          {nation: [card kind, ...]}   SECRET to the nation (secret_paths)
    hand_sizes     {nation: int}        public count of each hand
    discard        [card kind, ...]     public discard pile of the turn
    face_up        {nation: [kind, ...]}  a winning attacker's yellows (Séq. 7)
    heroes         {nation: "inactive" | "active"}  (Séq. 3, Ambassadeur 9-10)
    pp             {nation: [PP of turn 1, turn 2, ...]}  the score sheet (p. 12);
                   state["score"][nation] is the running total
    pp_bonus       {nation: int}        PP won by events this turn (naval/great battle)
    politics       "paix" | "guerre" | None   this turn's political state (Séq. 2)
    votes          {nation: "paix"|"guerre"}  the last votes revealed
    order          [nation, ...]        this turn's turn order (5.0 for turn 1; Séq. 5)
    first_history  [nation, ...]        the first player of each turn so far
    turn_limits    per-turn counters, reset in Séq. 1 of each turn:
                   castles_built {nation: [city]}  (one new castle a turn, Séq. 4)
                   expansions {nation: [[from, to, "road"|"sea"], ...]}   (Séq. 7 ph. 1)
                   attacks {nation: [[from, to], ...]}                   (Séq. 7 ph. 2)
                   exchanged [city, ...]   (diplomacy: once per city per turn)
    events_pool    [event, ...]         the event markers not drawn this game (12)
    events         [event, ...]         this turn's events, in the order resolved
    truce_next, bad_seasons_next, bad_seasons   booleans (Trêve, Mauvaises Saisons)
    black_death_used  bool              (Peste noire: once per game)
    pope           city | province | None   (Intervention du Pape, this turn)
    chevauchee     nation | None        who may make the Great Raid this turn
    master_of_seas nation | None        (Bataille navale, this turn)
    lost           {nation: [[city, taker], ...]}  cities lost this turn (Traité)
    lost_prev      the same for the previous turn
    start_cities   {nation: [city, ...]}  the three cities of the start (7.0)
    eliminated     [nation, ...]        nations with no city, re-entering next turn
    current        nation | None        whose player turn runs in Séq. 7
    over           None | text          the result once the game is over

The running phase is ``state["phase"]`` (see :data:`PHASES`); ``state["active"]`` is the
nation to act in a phase taken in turn; ``state["turn"]`` the turn (1..10).
"""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.ruleset import Ruleset, SideInfo
from boardapp.core.engine.state import State
from boardapp.core.engine.state import rule_on as core_rule_on

from .words import N_, WORDS

NATIONS = ("navarre", "france", "angleterre", "bretagne", "bourgogne", "flandres")
"""The six powers in the fixed initial order of 5.0."""
FOREIGN = "etrangers"
"""The owner of cities held by foreign troops (Séq. 6, Interventions étrangères)."""
NATION_NAMES = {"navarre": "Navarre", "france": "France", "angleterre": "Angleterre",
                "bretagne": "Bretagne", "bourgogne": "Bourgogne", "flandres": "Flandres",
                FOREIGN: "Étrangers"}
ENGLISH = {"navarre": "Navarre", "france": "France", "angleterre": "England",
           "bretagne": "Brittany", "bourgogne": "Burgundy", "flandres": "Flanders",
           FOREIGN: "Foreign troops"}
COLOURS = {"angleterre": ("#c0392b", "#ffffff"), "france": ("#2e5fa8", "#ffffff"),
           "navarre": ("#2e8b3e", "#ffffff"), "bretagne": ("#f4f4f0", "#000000"),
           "flandres": ("#e8c21a", "#000000"), "bourgogne": ("#1c1c1c", "#ffffff"),
           FOREIGN: ("#8a8a8a", "#ffffff")}
SIDE_NAMES = {"navarre": N_("Navarre"), "france": N_("France"),
              "angleterre": N_("Angleterre (England)"), "bretagne": N_("Bretagne (Brittany)"),
              "bourgogne": N_("Bourgogne (Burgundy)"), "flandres": N_("Flandres (Flanders)"),
              FOREIGN: N_("Étrangers (foreign troops)")}
"""The sides' names: the French name, with the English one where it differs."""
SIDES = tuple(SideInfo(n, SIDE_NAMES[n], *COLOURS[n]) for n in NATIONS) + (
    SideInfo(FOREIGN, SIDE_NAMES[FOREIGN], *COLOURS[FOREIGN], playable=False),)

PLAYED = {6: NATIONS, 5: tuple(n for n in NATIONS if n != "navarre"),
          4: tuple(n for n in NATIONS if n not in ("navarre", "flandres")),
          3: ("france", "angleterre", "bourgogne"), 2: ("france", "angleterre")}
"""The nations players play by player count (5.0; 9.0 for 3 and 2)."""

LEVELS = {0: "ville libre", 1: "garnison", 2: "château", 3: "forteresse"}
LEVEL_EN = {0: "free city", 1: "garrison", 2: "castle", 3: "fortress"}
LEVEL_TITLES = {0: N_("Ville libre"), 1: N_("Garnison"), 2: N_("Château"),
                3: N_("Forteresse")}
"""A counter's name: "Garnison de France" (the book's words)."""
DEFENCE_PC = {0: 0, 1: 2, 2: 4, 3: 6}
"""Fortification PC (Séq. 4, Aide-Mémoire "Valeur des fortifications")."""
INCOME = {0: 0, 1: 1, 2: 2, 3: 3}
"""Écus per city (Séq. 1)."""
COSTS = {"normale": {"card": 2, "castle": 6, "rampart": 8},
         "courte": {"card": 2, "castle": 4, "rampart": 6}}
"""Purchase prices (Séq. 4; short game 8.0)."""
HAND_LIMIT = 12
CASTLE_FIGURES, RAMPART_FIGURES = 20, 10
MAX_PI, PI_PER_COMBAT = 6, 3
PHASES = ("placement", "tresor", "politique", "distribution", "achats", "ordre",
          "evenements", "joueurs", "points")
"""The phase ids: 5.0 set-up, then Séquences 1 to 8."""
PHASE_NAMES = {"placement": N_("Préparation (5.0)"), "tresor": N_("Séquence 1 : Trésor"),
               "politique": N_("Séquence 2 : État politique"),
               "distribution": N_("Séquence 3 : Distribution des cartes"),
               "achats": N_("Séquence 4 : Achats"),
               "ordre": N_("Séquence 5 : Ordre des joueurs"),
               "evenements": N_("Séquence 6 : Événements et Interventions étrangères"),
               "joueurs": N_("Séquence 7 : Tour des joueurs"),
               "points": N_("Séquence 8 : Points de Prétendant et d'Influence")}
POLITICS = {"paix": N_("Paix (peace)"), "guerre": N_("Guerre (war)")}


def ceil_half(n: int) -> int:
    """``n`` divided by 2, rounded up (Séq. 8, Soulèvement, Mauvaises Saisons)."""
    return (n + 1) // 2


_NOBODY: Any = object()
"""No city seen yet (:meth:`MontjoieModel.controller`)."""

SECRET_TREASURY = "secret-treasury"
"""The legacy switch of version 0.3: each nation's écus secret (issue 17, point 1)."""

TURN_FROM_TREASURY = "turn-from-treasury"
"""The legacy switch of version 0.4: a new turn begins at Séq. 1 (the treasury); games
recorded before went through the set-up's placement phase again (5.0), which logged
"the first turn begins" and took every city held then as a starting city (7.0)."""


class MontjoieModel(Ruleset):
    """Montjoie!'s data and predicates (see the module docstring for the state)."""

    id = "montjoie"
    name = "Montjoie!"
    version = "0.4"
    rules_name = "Montjoie"
    sides = SIDES
    map_file = "montjoie.yaml"
    words = WORDS

    # -- words ---------------------------------------------------------------------------
    def nation_name(self, nation: str | None) -> str:
        """The nation's French name (``ville libre`` for no owner)."""
        return NATION_NAMES.get(nation or "", "ville libre")

    def city_name(self, city: str) -> str:
        return self.board_map.place_name(city)

    def digest_cite(self, section: str) -> str:
        """A digest citation "MJ x.y"."""
        return f"MJ {section}"

    # -- nations -------------------------------------------------------------------------
    def players(self, state: State) -> list[str]:
        """The nations played by players, in the fixed order of 5.0."""
        return list(state["vars"]["nations"])

    def powers(self, state: State) -> list[str]:
        """Every nation on the board: players' and minor powers (9.0)."""
        return [n for n in NATIONS if n in state["vars"]["nations"]
                or n in state["vars"]["minors"]]

    def in_play(self, state: State, nation: str) -> bool:
        return nation in state["vars"]["nations"]

    # -- cities --------------------------------------------------------------------------
    def cities(self) -> list[str]:
        """Every city of the map (the map's areas)."""
        return list(self._map_index()[0])

    def _map_index(self) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]],
                                  tuple[str, ...]]:
        """The map's cities in order, each province's cities in order, the provinces in
        order: made once per map (the map in play may be replaced, :meth:`use_map`)."""
        bm = self.board_map
        cached = self.__dict__.get("_mj_map_index")
        if cached is None or cached[0] is not bm:
            cities = tuple(sorted(bm.areas))
            grouped: dict[str, list[str]] = {}
            for city in cities:
                grouped.setdefault(bm.areas[city].region, []).append(city)
            index = (cities, {p: tuple(c) for p, c in grouped.items()},
                     tuple(sorted(bm.regions)))
            cached = self.__dict__["_mj_map_index"] = (bm, index)
        return cached[1]

    def owner(self, state: State, city: str) -> str | None:
        entry = state["vars"]["cities"].get(city)
        return entry["owner"] if entry else None

    def level(self, state: State, city: str) -> int:
        entry = state["vars"]["cities"].get(city)
        return int(entry["level"]) if entry else 0

    def owned(self, state: State, nation: str) -> list[str]:
        return sorted(c for c, e in state["vars"]["cities"].items() if e["owner"] == nation)

    def province(self, city: str) -> str | None:
        return self.board_map.areas[city].region

    def province_cities(self, province: str) -> list[str]:
        return list(self._map_index()[1].get(province, ()))

    def provinces(self) -> list[str]:
        return list(self._map_index()[2])

    def province_value(self, province: str) -> int:
        """PP of a province: 1, Île de France 2 (1.0; the map's ``vp``)."""
        vp = self.board_map.regions[province].vp
        return 1 if vp is None else int(vp)

    def is_port(self, city: str) -> bool:
        return bool(self.board_map.areas[city].port)

    def sea_zone(self, city: str) -> str | None:
        """The sea of a port (``None``: not known on this map; 10.0 Limitation des
        débarquements)."""
        area = self.board_map.areas[city]
        return getattr(area, "sea", None) or None

    def is_mountain(self, city: str) -> bool:
        return self.board_map.areas[city].terrain == "mountain"

    def road_neighbours(self, city: str) -> list[str]:
        graph = self.board_map.graph
        return sorted(n for n in graph.neighbors(city) if n in self.board_map.areas)

    def linked_by_road(self, a: str, b: str) -> bool:
        return self.board_map.graph.has_edge(a, b)

    def controller(self, state: State, province: str) -> str | None:
        """The nation owning every city of ``province`` (Séq. 8), else ``None``."""
        held = state["vars"]["cities"]
        only: Any = _NOBODY
        for city in self._map_index()[1].get(province, ()):
            entry = held.get(city)
            owner = entry["owner"] if entry else None
            if only is _NOBODY:
                only = owner
            elif owner != only:
                return None
        return only if only in NATIONS else None

    def find_city(self, *candidates: str) -> str | None:
        """The first of ``candidates`` that is a city of the map (the rule book's names
        as map ids: "Pas-de-calais" may be ``calais``)."""
        for c in candidates:
            if c in self.board_map.areas:
                return c
        return None

    # -- fortification tests (A1) ----------------------------------------------------------
    def test_value(self, state: State, city: str) -> int:
        """The "niveau de fortification" a die must beat (Écorcheur, Corruption,
        Soulèvement): the PC value 0/2/4/6 or the ordinal 0/1/2/3, by switch A1."""
        lvl = self.level(state, city)
        return DEFENCE_PC[lvl] if self.reading(state, "A1") == "a" else lvl

    # -- game data -----------------------------------------------------------------------
    def reading(self, state: State, ambiguity: str) -> str:
        """The reading chosen for ambiguity ``A1``..``A26`` (Game data, "Ambiguïtés")."""
        row = self.sheet_values(state, "ambiguities").get(ambiguity) or {}
        return str(row.get("reading") or "a")

    def reading_note(self, state: State, ambiguity: str) -> str:
        """"A1 (a)": how the log names the reading used."""
        return f"{ambiguity} ({self.reading(state, ambiguity)})"

    def rule_on(self, state: State, rule: str = "rules-0.2") -> bool:
        """Whether a rule added in a later version applies: off only for a game recorded
        with an older version (``state["legacy"]``, set by ``setup(..., played_with)``):
        ``rules-0.2`` covers 9.0's minor powers in Séq. 7 with 2 players, the national
        variants of France, Brittany and Navarre, Joan of Arc, the island, and the red
        cards of a player attacked by foreign troops."""
        return core_rule_on(state, rule)

    def secret_treasury(self, state: State) -> bool:
        """Whether each nation's écus are its secret (version 0.3; public in games
        recorded before: ``state["legacy"]["secret-treasury"]``)."""
        return core_rule_on(state, SECRET_TREASURY)

    def ecus(self, state: State, nation: str) -> int | None:
        """``nation``'s écus, or ``None`` where this program may not see them (another
        player's treasury by email, masked)."""
        value = state["vars"]["treasury"].get(nation, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def can_pay(self, state: State, nation: str, cost: int) -> bool:
        """Whether ``nation`` has ``cost`` écus; ``True`` where hidden: only the owner's
        program (which sees them) offers or refuses what he cannot pay."""
        ecus = self.ecus(state, nation)
        return ecus is None or ecus >= cost

    def option(self, state: State, option: str) -> bool:
        """Whether optional rule ``option`` (10.0, or the foreign interventions of
        Séq. 6) was chosen (Game data, "Options")."""
        row = self.sheet_values(state, "options").get(option) or {}
        return bool(row.get("chosen"))

    def costs(self, state: State) -> dict[str, int]:
        return COSTS[state["vars"]["length"]]

    # -- hands ---------------------------------------------------------------------------
    def hand(self, state: State, nation: str) -> list[str]:
        return list(state["vars"]["hands"].get(nation, []))

    def hand_size(self, state: State, nation: str) -> int:
        return int(state["vars"]["hand_sizes"].get(nation, 0))

    def add_influence(self, state: State, nation: str, n: int) -> int:
        """Add ``n`` PI, never above 6 (Séq. 8); the PI actually gained."""
        infl = state["vars"]["influence"]
        before = infl.get(nation, 0)
        infl[nation] = max(0, min(MAX_PI, before + n))
        return infl[nation] - before

    def figures_used(self, state: State) -> tuple[int, int]:
        """Castle and rampart figures on the board (20 and 10 in the box, 3.0)."""
        levels = [e["level"] for e in state["vars"]["cities"].values()]
        return sum(1 for lvl in levels if lvl >= 2), sum(1 for lvl in levels if lvl >= 3)

    def extra(self, state: State) -> dict[str, Any]:
        """The ruleset's per-game data not covered above (for additive changes)."""
        return state["vars"].setdefault("extra", {})
