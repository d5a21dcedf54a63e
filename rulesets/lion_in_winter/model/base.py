"""Lion in Winter, the model's first floor: constants, the data files, the facts every
phase reads (whose leader, who is where, the movement limits of crib Phase Two) and the
pure formulas of Phases One and Eleven."""

from __future__ import annotations

from functools import cached_property

from boardapp.core.base.i18n import english
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.datasheets import Sheet
from boardapp.core.engine.ruleset import DiceSpec, Ruleset, ScenarioInfo, SideInfo
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import Modifier

from .. import sheets
from ..data import (
    AreaInfo,
    Band,
    Chart,
    Leader,
    Scenario,
    load_areas,
    load_charts,
    load_leaders,
    load_mercenaries,
    load_scenarios,
    load_troops,
)
from ..words import N_, WORDS

PLAYERS = ("english", "french")
SIDE_ORDER = ("english", "french", "non-aligned")
OTHER = {"english": "french", "french": "english"}
BORDER_LIMIT = {"clear": 2, "river": 3, "obstructed": 1}
"""Leaders moved in one impulse across a border (crib Phase Two)."""
PRISON_OF = {"english": "prison-english", "french": "prison-french"}
"""The prison a side keeps its captives in."""
CAPITAL = {"english": "ile-de-france", "french": "london"}
"""Crib Phase Eleven: English control of Ile-de-France +1 VP; French control of England
+1 VP. The map has several English areas: we read "England" as London (an estimate)."""
PHASES = ("initiative", "impulses", "battles", "control", "raise", "deploy", "captured",
          "death", "place", "assign", "score")
PHASE_NAMES = {
    "initiative": N_("Phase One: determine initiative"),
    "impulses": N_("Phase Two: action impulses"),
    "battles": N_("Phase Three: resolve battles (siege, battle rounds, retreat; the "
                  "Elimination Chart also on a leader's menu)"),
    "control": N_("Phase Four: determine control of areas (control rolls)"),
    "raise": N_("Phase Five: raise troops — right-click a controlled area (unassigned "
                "mercenaries return home)"),
    "deploy": N_("Phase Six: deploy unassigned troops and recruit mercenaries — right-click "
                 "the area or the leader"),
    "captured": N_("Phase Seven: dispose of captured leaders (exchange, ransom or let rot)"),
    "death": N_("Phase Eight: determine leader death"),
    "place": N_("Phase Nine: place leaders and crown a king"),
    "assign": N_("Phase Ten: assign troops — right-click the leader; troops left unassigned "
                 "are removed at Done"),
    "score": N_("Phase Eleven: adjust the score"),
}
PHASE_CITE = dict(zip(PHASES, ("Phase One", "Phase Two", "Phase Three", "Phase Four",
                               "Phase Five", "Phase Six", "Phase Seven", "Phase Eight",
                               "Phase Nine", "Phase Ten", "Phase Eleven"), strict=True))
SIDE_WORDS = {"english": N_("english"), "french": N_("french"),
              "non-aligned": N_("non-aligned")}
"""A side's id as a word in a sentence ("the english have ..."): English as before."""
KIND_WORDS = {"knights": N_("knights"), "infantry": N_("infantry"),
              "longbowmen": N_("longbowmen"), "gunners": N_("gunners"),
              "mercenaries": N_("mercenaries")}
"""A troop kind's id as a word in a sentence: English as before, drawn in the reader's
language."""
FLAG_WORDS = {"england": N_("england"), "wales": N_("wales"), "scotland": N_("scotland"),
              "france": N_("france"), "burgundy": N_("burgundy"), "brittany": N_("brittany"),
              "flanders": N_("flanders"), "gascony": N_("gascony"), "neutral": N_("neutral")}
"""A flag's country as a word (``knights (flag burgundy)``): English as before."""
LINK_WORDS = {"clear": N_("clear"), "river": N_("river"), "obstructed": N_("obstructed"),
              "sea": N_("sea")}
"""A border's kind as a word (``across a river border``)."""


def side_word(side: str) -> str:
    """``"english"`` as a word of a sentence (a message; unknown ids as they are)."""
    return SIDE_WORDS.get(side, side)


def kind_word(kind: str) -> str:
    """A troop kind or strength key as a word of a sentence, a message whose English is
    the key as it is (``knights:france``), drawn in French as words."""
    if kind.startswith("knights:"):
        return N_("knights:{flag}", flag=flag_word(kind.split(":", 1)[1]))
    if kind.startswith("mercenaries:"):
        return N_("mercenaries:{home}", home=kind.split(":", 1)[1])
    return KIND_WORDS.get(kind, kind)


def flag_word(flag: str) -> str:
    """A flag's country as a word of a sentence (a message where known)."""
    return FLAG_WORDS.get(flag, flag)


MAP_BOXES = ("leader-pool", "routed", "prison-english", "prison-french", "elimination", "dead")


def decide_initiative(english: int, french: int, holder: str | None) -> str:
    """Who has the initiative after rolls ``english`` and ``french`` (modified).

    Crib Phase One: the highest roll; a tie leaves the initiative where it was, and the
    English win the tie of the first round (no holder yet).

    >>> decide_initiative(4, 3, "french"), decide_initiative(3, 3, "french")
    ('english', 'french')
    >>> decide_initiative(2, 2, None)
    'english'
    """
    if english != french:
        return "english" if english > french else "french"
    return holder or "english"


def impulses_for(english: int, french: int, initiative: str) -> dict[str, int]:
    """Crib Phase One: the initiative player has 2 + the lowest initiative roll; the other
    one fewer. (Modified rolls; a total below 0 counts 0: our reading.)

    >>> impulses_for(5, 2, "english")
    {'english': 4, 'french': 3}
    """
    ip = 2 + max(0, min(english, french))
    return {initiative: ip, OTHER[initiative]: ip - 1}


def score_for_value(value: int) -> int:
    """Crib Phase Eleven: a 3-value area scores 2 VP, a 2- or 1-value area 1 VP."""
    return 2 if value >= 3 else 1


def score_for_rank(rank: int) -> int:
    """Crib Phase Eleven: an enemy 3-star leader killed scores 2 VP, 2- or 1-star 1 VP."""
    return 2 if rank >= 3 else 1


class LionBase(Ruleset):
    """The game's identity, its data and the facts of the map (see :mod:`..model`)."""

    id = "lion-in-winter"
    name = N_("Hundred Years War: Lion in Winter")
    words = WORDS
    version = "0.4"
    """Bumped whenever the state or the rules change. 0.3: a king killed in battle scores
    his +1 as enemy king in Phase Eleven even once a successor is crowned in Phase Nine
    (the kill records it); a game recorded before replays and scores as it was played
    (``state["legacy"]``, see ``setup``). 0.4: the game length being unknown, the
    players end the game together: one side offers in Phase Eleven, the other agrees or
    plays on (one side alone ended it before; older games keep that)."""
    aliases = ("lion_in_winter", "liw", "lion")
    rules_name = "Lion in Winter crib"
    sides = (
        SideInfo("english", N_("English"), "#c0392b", "#ffffff"),
        SideInfo("french", N_("French"), "#2e5fa8", "#ffffff"),
        SideInfo("non-aligned", N_("Non-aligned"), "#9b9b9b", "#111111", playable=False),
    )
    dice = DiceSpec(sides=6)
    default_scenario = "1183"
    map_file = "lion_in_winter.yaml"
    eliminated_box = "dead"

    # -- data --------------------------------------------------------------------------
    @cached_property
    def area_info(self) -> dict[str, AreaInfo]:
        """Value, flag and neutrality of each map area (our estimates)."""
        return load_areas(set(self.board_map.areas))

    @cached_property
    def leaders(self) -> dict[str, Leader]:
        """The leader roster (our estimates from history)."""
        return load_leaders(set(self.board_map.areas))

    @cached_property
    def troop_kinds(self) -> dict[str, dict[str, str]]:
        return load_troops()

    @cached_property
    def bands(self) -> dict[str, Band]:
        """The mercenary bands by home area (our estimates)."""
        return load_mercenaries(set(self.board_map.areas))

    @cached_property
    def charts(self) -> dict[str, Chart]:
        return load_charts()

    def data_sheets(self) -> list[Sheet]:
        """The charts' printed results, filled in by the players (sheets.py)."""
        return sheets.data_sheets(self)

    def chart_result(self, state: State, chart: str, die: int) -> str | None:
        """The game's result of ``chart`` for ``die`` (``None``: unknown, ask the
        players), from the game data (sheets.py)."""
        return sheets.chart_result(self, state, chart, die)

    @cached_property
    def scenario_data(self) -> dict[str, Scenario]:
        return load_scenarios(set(self.board_map.areas), self.leaders)

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {s.id: ScenarioInfo(s.id, s.name, s.description)
                for s in self.scenario_data.values()}

    # -- facts -------------------------------------------------------------------------
    def piece_side(self, state: State, pid: str) -> str:
        return self.leader_side(state, pid)

    def piece_name(self, state: State, pid: str) -> str:
        lead = self.leaders.get(state["pieces"].get(pid, {}).get("type", pid))
        return lead.name if lead else pid

    def leader_side(self, state: State, pid: str) -> str:
        """The side a leader fights for: his nation's, or for a non-aligned leader the
        player who placed him (crib Phase Nine); "non-aligned" while unplaced."""
        lead = self.leaders[state["pieces"][pid]["type"]]
        if lead.side != "non-aligned":
            return lead.side
        return state["vars"]["owner"].get(pid, "non-aligned")

    def leaders_at(self, state: State, area: str, side: str) -> list[str]:
        """The leaders of ``side`` in ``area``."""
        return [p for p in state["stacks"].get(area, []) if self.leader_side(state, p) == side]

    def leaders_at_large(self, state: State, side: str) -> list[str]:
        """The leaders of ``side`` on the map."""
        return [p for a in self.board_map.areas for p in self.leaders_at(state, a, side)]

    def nip(self, state: State) -> str:
        """The non-initiative player."""
        return OTHER[state["vars"]["initiative"] or "english"]

    def enemy_marker(self, state: State, area: str, side: str) -> int:
        """1 when ``area`` holds the enemy's control marker."""
        return 1 if state["control"].get(area) == OTHER[side] else 0

    def can_leave(self, state: State, area: str, side: str) -> bool:
        """Crib Phase Two: leaders can only move if (# friendly leaders) > (# enemy
        leaders + enemy control marker) in the area they leave (our reading: counted
        there, before the move)."""
        return len(self.leaders_at(state, area, side)) > (
            len(self.leaders_at(state, area, OTHER[side])) + self.enemy_marker(state, area, side))

    def can_remove_control(self, state: State, area: str, side: str) -> bool:
        """Crib Phase Two: remove an enemy control marker if (# friendly leaders) >
        (# enemy leaders + 1)."""
        return (self.enemy_marker(state, area, side) == 1
                and len(self.leaders_at(state, area, side))
                > len(self.leaders_at(state, area, OTHER[side])) + 1)

    def move_limit(self, state: State, src: str, dest: str, side: str) -> tuple[int, str]:
        """How many leaders may cross from ``src`` to ``dest`` in one impulse, and the
        rule: crib Phase Two, 2 across a clear border, 3 across a river, 1 across an
        obstructed border; naval movement 2 to a friendly-controlled area, 1 to any other,
        and the English 2 from a friendly-controlled area."""
        kind = self.board_map.link_kind(src, dest)
        if kind == "sea":
            if state["control"].get(dest) == side:
                return 2, N_("naval movement, up to 2 to a friendly controlled area")
            if side == "english" and state["control"].get(src) == side:
                return 2, N_("naval movement, English up to 2 from a friendly controlled area")
            return 1, N_("naval movement, 1 to any other area")
        limit = BORDER_LIMIT.get(kind, 2)
        return limit, N_("up to {limit} across a {kind} border", limit=limit,
                         kind=LINK_WORDS.get(kind, str(kind)))

    def king_modifiers(self, state: State, side: str) -> list[Modifier]:
        """Crib Phase One: +1 English king in England, +1 French king in Ile-de-France,
        -1 if the player has no king (a dead king is none; an imprisoned king remains
        king, Phase Nine)."""
        rule = self.cite("Phase One")
        king = state["vars"]["king"].get(side)
        if king is None or state["pieces"][king]["loc"] in ("dead", "elimination"):
            return [Modifier(N_("no king"), -1, rule)]
        loc = state["pieces"][king]["loc"]
        if side == "english" and loc in self.area_info and self.area_info[loc].flag == "england":
            return [Modifier(N_("English king in England"), 1, rule)]
        if side == "french" and loc == "ile-de-france":
            return [Modifier(N_("French king in Ile-de-France"), 1, rule)]
        return []

    # -- movement (Phase Two) -----------------------------------------------------------
    def why_not_move(self, state: State, pieces: list[str], dest: str) -> tuple[str, str] | None:
        """``None`` if ``pieces`` may move to ``dest`` in the active side's impulse, else
        (reason, rule). (Only the impulses offer moves: the step says when.)"""
        rule2 = self.cite("Phase Two")
        side = state["active"]
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return N_("no such leader"), rule2
        if len(set(pieces)) != len(pieces):
            return N_("a leader is listed twice"), rule2
        if any(self.leader_side(state, p) != side for p in pieces):
            return N_("only {name} leaders move in this impulse", name=self.side(side).name), rule2
        starts = {state["pieces"][p]["loc"] for p in pieces}
        if len(starts) != 1:
            return N_("the leaders must move from one area"), rule2
        src = starts.pop()
        bmap = self.board_map
        if src not in bmap.areas or dest not in bmap.areas:
            return N_("leaders move from one area to an adjacent area"), rule2
        if not bmap.graph.has_edge(src, dest):
            return N_("{place} is not adjacent to {place2}", place=bmap.place_name(dest),
                      place2=bmap.place_name(src)), rule2
        if not self.can_leave(state, src, side):
            return (N_("leaders can only move if friendly leaders > enemy leaders + enemy "
                       "control marker"), self.cite("Phase Two (movement condition)"))
        limit, why = self.move_limit(state, src, dest, side)
        if len(pieces) > limit:
            return N_("{why}: {n} is too many", why=why,
                      n=len(pieces)), self.cite(f"Phase Two ({english(why)})")
        return None

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """The adjacent areas ``pieces`` may move to now: where the running step accepts
        their move (only the impulses do)."""
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        src = state["pieces"][pieces[0]]["loc"]
        if src not in self.board_map.graph:
            return {}
        return {d: Reach(d, 1, (src, d)) for d in self.board_map.neighbours(src)
                if self.flow.why_not(self, state, Action.of("move", pieces, d)) is None}
