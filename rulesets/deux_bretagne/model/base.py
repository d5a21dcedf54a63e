"""Les Deux Bretagne, the model: the counters, scenarios and cards as data, and what
every part of the rules asks of them (sides, names, fortress levels, movement factors).

:class:`DeuxBretagneModel` is the ruleset the steps (``steps/``) are typed against; the
rules of each part live beside it in this package (``movement``, ``cards``, ``battle``,
``siege``, ``events``, ``pay``...: data, predicates ``why_not_*`` and the work a step
does), and ``rules.py`` wires the phases and procedures into the flow.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.datasheets import Sheet
from boardapp.core.engine.ruleset import DiceSpec, Ruleset, ScenarioInfo, SideInfo
from boardapp.core.engine.state import State

from . import sheets
from .data import PieceType, Scenario, load_cards, load_chits, load_piece_types, load_scenarios
from .names import data_word
from .words import N_, WORDS

PLAYERS = ("blois", "montfort")
PRISON = {"blois": "prison-bro-saoz", "montfort": "prison-bro-chall"}  # 9.42
UNIT_CODE_TYPES = {"ch-fr": "ch-fr", "ch-br": "ch-br", "ch-an": "ch-an", "me": "me",
                   "mil": "mil", "art": "art", "ch": "ch"}


def activations_allowed(turn: int) -> int:
    """Activations per player in the action phase (Turn Table: 2 in turn 1, then 5)."""
    return 2 if turn == 1 else 5


def current_play(state: State, side: str) -> dict[str, Any] | None:
    """The card (or free action) ``side`` played in the current activation, or None."""
    play = state["vars"].get("card_play")
    return play if play is not None and play["side"] == side else None


def sieges(state: State) -> dict[str, dict[str, Any]]:
    """Siege markers by area: ``{"level": 0-3, "side": besieger, "ready_at": n}``."""
    return state["vars"]["sieges"]


class DeuxBretagneModel(Ruleset):
    """Les Deux Bretagne, by Florent Coupeau (Grognard): its data and predicates."""

    id = "deux-bretagne"
    name = N_("Les Deux Bretagne")
    version = "0.7"
    """Bumped whenever the state or the rules change: a saved game of an older version
    replays its actions and dice but its final-state digest is not required to match.
    0.7: 8.22 counts a fortress crossing split into two moves; 9.5: no retreat when the
    loser has nobody left (no change to the state's shape: the frozen 0.6 games replay
    to the same position)."""
    aliases = ("deux_bretagne", "ldb", "les-deux-bretagne")
    rules_name = "Deux Bretagne"
    words = WORDS
    sides = (
        SideInfo("blois", N_("Blois"), "#4f7fc4", "#ffffff"),
        SideInfo("montfort", N_("Montfort"), "#e6d3a3", "#2b2216"),
        SideInfo("marauders", N_("Marauders"), "#9b9b9b", "#111111", playable=False),
    )
    player_sides = PLAYERS
    dice = DiceSpec(sides=10, zero_based=True)  # 2.7: a zero is a zero
    default_scenario = "14.1"
    map_file = "deux_bretagne.yaml"

    # -- data --------------------------------------------------------------------------
    @cached_property
    def _types(self) -> tuple[dict[str, PieceType], dict[str, int]]:
        return load_piece_types()

    @cached_property
    def piece_types(self) -> dict[str, PieceType]:
        """Counter types (printed values) by id."""
        return self._types[0]

    @cached_property
    def _type_leader(self) -> dict[str, bool]:
        """Whether each counter type is a leader's, by type id (printed values: fixed for
        the ruleset, never part of a game's state)."""
        return {tid: t.leader for tid, t in self.piece_types.items()}

    @cached_property
    def _type_sides(self) -> dict[str, str]:
        """The printed camp of each counter type, by type id."""
        return {tid: t.side for tid, t in self.piece_types.items()}

    @cached_property
    def scenario_data(self) -> dict[str, Scenario]:
        """Scenario set-ups by id."""
        return load_scenarios()

    @cached_property
    def chits(self) -> dict[str, str]:
        """Tactical chit names by id."""
        return load_chits()

    def data_sheets(self) -> list[Sheet]:
        """The card values the rules do not print, filled in by the players (sheets.py)."""
        return sheets.data_sheets(self)

    @cached_property
    def cards(self) -> dict[str, dict]:
        """What is known of the strategy cards."""
        return load_cards()

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {s.id: ScenarioInfo(s.id, data_word(s.name), data_word(s.description))
                for s in self.scenario_data.values()}

    def piece_type(self, state: State, pid: str) -> PieceType:
        """The printed values of piece ``pid``."""
        return self.piece_types[state["pieces"][pid]["type"]]

    def piece_side(self, state: State, pid: str) -> str:
        """The camp of ``pid``: its counter's, unless an event turned it (6.41 B-03)."""
        return (state["vars"]["side_of"].get(pid)
                or self._type_sides[state["pieces"][pid]["type"]])

    def fortress_level(self, state: State, area: str) -> int:
        """The fortress level (NF) of ``area`` now: the map's, changed by events and
        scenarios (2.63: never below 0 nor above 3 by events)."""
        base = self.board_map.areas[area].nf
        return max(0, min(3, base + state["vars"]["nf_change"].get(area, 0)))

    def is_leader(self, state: State, pid: str) -> bool:
        """Leaders are not combat units (2.3)."""
        return self._type_leader[state["pieces"][pid]["type"]]

    def is_reduced(self, state: State, pid: str) -> bool:
        """A reduced unit shows its white-strip side (2.2); leaders have no reduced side."""
        return bool(state["pieces"][pid]["flipped"]) and not self.is_leader(state, pid)

    def movement_factor(self, state: State, pid: str) -> int:
        """Movement factor; leaders move 8 (2.3)."""
        t = self.piece_type(state, pid)
        return int(t.move[1] if self.is_reduced(state, pid) else t.move[0])

    def turn_label(self, turn: int) -> str:
        """The year(s) of ``turn`` as the turn track prints them."""
        track = self.board_map.tracks.get("turn")
        cell = track.cell(str(turn)) if track else None
        return N_("turn {turn} ({label})", turn=turn,
                  label=cell.label) if cell else N_("turn {turn}", turn=turn)

    def turn_title(self, turn: int) -> str:
        """:meth:`turn_label` at the start of a line (``Turn 1 (1341)``)."""
        track = self.board_map.tracks.get("turn")
        cell = track.cell(str(turn)) if track else None
        return N_("Turn {turn} ({label})", turn=turn,
                  label=cell.label) if cell else N_("Turn {turn}", turn=turn)

    @cached_property
    def _names(self) -> dict[tuple[str, str, str, bool], str]:
        """:meth:`piece_name` of each unit met so far, by id, type, camp and side shown
        (the name says nothing else)."""
        return {}

    def piece_name(self, state: State, pid: str) -> str:
        t = self.piece_type(state, pid)
        if t.leader:
            return t.name
        key = (pid, t.id, self.piece_side(state, pid), self.is_reduced(state, pid))
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = self._unit_name(t, *key)
        return name

    def _unit_name(self, t: PieceType, pid: str, tid: str, camp: str, reduced: bool) -> str:
        number = pid.rsplit("-", 1)[-1]
        side = self.side(camp).name
        if reduced:
            return N_("{side} {unit} #{number}, reduced", side=side, unit=t.label,
                      number=number)
        return N_("{side} {unit} #{number}", side=side, unit=t.label, number=number)

    def names(self, state: State, pids: list[str]) -> str:
        """Pieces named for a log line."""
        return listing([self.piece_name(state, p) for p in pids])

