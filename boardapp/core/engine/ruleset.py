"""The ruleset plugin interface and the registry that finds installed rulesets.

A ruleset is a subclass of :class:`Ruleset` (python-chess's ``Board`` subclasses per
variant) exposed as ``RULESET`` by a package in the top-level ``rulesets`` package, or
by any installed distribution under the entry-point group ``boardapp.rulesets``. The
core and the UI talk to a game only through this interface: they never name a game.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import os
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..base.errors import BoardappError, DataError, IllegalActionError, InvalidActionError
from ..base.i18n import N_, Domain, listing, render
from ..board.mapdata import BoardMap
from ..board.maps import LoadedMap, MapProvider, MapRecord, ShippedMaps
from ..board.movement import Reach
from .actions import Action
from .context import Context
from .datasheets import Sheet, read_sheet
from .flow import Flow
from .piece_sheet import PieceSheet
from .state import State
from .together import sealed_lines, sealed_paths
from .verbs import VerbSpec


def _log_failure(message: str, name: str) -> None:
    """Log the exception being handled (logging imported only then: a command that
    opens a game does not pay for it)."""
    import logging

    logging.getLogger(__name__).exception(message, name)
MIN_SIDES, MAX_SIDES = 2, 6
"""How many sides a game may be set up for (a scenario may fix its own)."""
_NO_SPEC = VerbSpec("", decisions=False)


@dataclass(frozen=True)
class SideInfo:
    """A side (camp) of the game: id, display name and counter colour."""

    id: str
    name: str
    colour: str
    text_colour: str = "#000000"
    playable: bool = True


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario a ruleset can set up.

    ``sides``: the sides that play it (default: every playable side of the ruleset).
    ``min_sides``: when set, a game may be set up for any ``min_sides`` or more of them
    (a set-up option, :class:`~.game.Game`'s ``sides``), and the ruleset's ``setup``
    then receives them as ``sides=``; ``None``: all of them always play.
    """

    id: str
    name: str
    description: str = ""
    sides: tuple[str, ...] = ()
    min_sides: int | None = None


@dataclass(frozen=True)
class DiceSpec:
    """The game's die: number of sides and whether faces read from 0."""

    sides: int = 6
    zero_based: bool = False

    @property
    def name(self) -> str:
        return f"d{self.sides}"


@dataclass(frozen=True)
class CounterFace:
    """What a counter shows, as data the UI draws without knowing the game.

    ``title`` is the big text (a unit type or a leader's name), ``subtitle`` a small
    line above it, ``values`` the numbers along the bottom (left to right), ``reduced``
    draws the white strip of a reduced unit, ``is_leader`` changes the shape, and
    ``tooltip`` lists every value with where it came from.
    """

    colour: str
    text_colour: str
    title: str
    subtitle: str = ""
    values: tuple[str, ...] = ()
    reduced: bool = False
    is_leader: bool = False
    tooltip: str = ""
    tag: str = ""
    """A short state note drawn on the counter (e.g. "in fortress")."""
    sheet: Callable[[], PieceSheet | None] | None = field(default=None, compare=False)
    """How to build the piece's whole sheet for the "Sheet" dock (a character's values,
    equipment, states; rows private to a side), if the game keeps one
    (:mod:`.piece_sheet`): called only when shown, so that drawing stays cheap."""


@dataclass(frozen=True)
class Status:
    """Where the game stands, in the game's own words: the window's title and the
    lines of the summary a game adds (turn track, scores, initiative...)."""

    title: str
    lines: tuple[str, ...] = ()
    pieces: bool = True
    """Whether the summary lists the pieces place by place after the lines (``False``
    when the lines already show every place in the game's own way)."""


@dataclass(frozen=True)
class MoveVerdict:
    """Whether a proposed move is legal; if not, the reason and the rule section."""

    legal: bool
    reason: str = ""
    rule: str | None = None
    reach: Reach | None = None


@dataclass
class PieceMenu:
    """Extra entries a ruleset adds to a counter's context menu (label -> action)."""

    entries: dict[str, Action] = field(default_factory=dict)


HOOKS: dict[str, tuple[str, ...]] = {
    "data and set-up": ("scenarios", "setup", "data_sheets"),
    "rules": ("reachable", "move_action", "after_manual", "outcome", "invariants"),
    "presentation": ("piece_side", "piece_name", "counter_face", "place_markers", "status"),
    "hidden information": ("secret_paths", "private_lines"),
    "computer opponent": ("standing", "evaluate", "determinize"),
}
"""The methods a ruleset may override, by group: the whole plugin interface besides
the class attributes (ids, sides, dice, maps, ``flow``). Everything else the core and
the board need (legal actions, labels, where each action is offered, prompts, who
decides, titles, summaries) is derived from ``flow``'s steps and these hooks."""


class Ruleset:
    """Base class of game plugins. Subclasses set the class attributes, give ``flow``
    its phases and procedures, and override the :data:`HOOKS` they need.

    ``apply`` handles the ruleset's own verbs; the core handles the manual verbs
    (place, flip, eliminate, return, order, roll, set-dice, control, score) and calls
    :meth:`after_manual` after each so that derived facts (region control) follow.
    """

    id: str = ""
    name: str = ""
    version: str = "0"
    aliases: tuple[str, ...] = ()
    sides: tuple[SideInfo, ...] = ()
    dice: DiceSpec = DiceSpec()
    default_scenario: str = ""
    map_file: str = ""
    boards: dict[str, str] = {}
    """Extra boards besides the main map (a battle map...): board id -> map file in
    ``maps/``. Place ids are unique across all the boards of a ruleset; a piece on an
    extra board has the id of a place of that board as its ``loc``."""
    main_board: str = "main"
    """The id of the board of :attr:`map_file`."""
    board_titles: dict[str, str] = {}
    """The names of the boards on their tabs, by board id (default: each map's name)."""
    eliminated_box: str = "eliminated"
    rules_name: str = ""
    flow: Flow = Flow()
    """The game's phases and procedures (see :mod:`.flow`)."""
    words: Domain | None = None
    """The game's own catalogue (``Domain.beside("<id>", __file__)``, see
    :mod:`boardapp.core.base.i18n`): its names, log lines, prompts in each language.
    ``None``: a game not translated yet (its words stay English)."""
    """Short game name used in rule citations, e.g. "Some Game 8.21"."""

    def __init__(self, maps_dir: Path | None = None, *, maps: MapProvider | None = None) -> None:
        """``maps``: where the maps are read from (the app hands in the user's maps edited
        on a scan); default: the shipped files, in ``maps_dir`` if given."""
        self.maps: MapProvider = maps if maps is not None else ShippedMaps(maps_dir)
        self._loaded: dict[str, LoadedMap] = {}

    # -- data --------------------------------------------------------------------------
    def _load(self, board: str, map_file: str) -> BoardMap:
        if board not in self._loaded:
            self._loaded[board] = self.maps.load(map_file)
        return self._loaded[board].map

    @cached_property
    def board_map(self) -> BoardMap:
        """The validated map of the main board (loaded once, through :attr:`maps`)."""
        return self._load(self.main_board, self.map_file)

    def use_map(self, loaded: LoadedMap, board: str | None = None) -> None:
        """Play on ``loaded`` as the map of ``board`` (the main board by default) from now
        on: a map the user has just edited and saved."""
        board = board or self.main_board
        self._loaded[board] = loaded
        if board == self.main_board:
            self.__dict__["board_map"] = loaded.map
        else:
            self.__dict__.pop("_extra_maps", None)

    def reload_maps(self) -> None:
        """Forget the maps read so far: the next use reads them again through
        :attr:`maps` (after the user removed his edited copy of a map)."""
        self._loaded.clear()
        self.__dict__.pop("board_map", None)
        self.__dict__.pop("_extra_maps", None)

    def map_records(self) -> dict[str, MapRecord]:
        """Which map each board is played on (file name, shipped or the user's copy, digest
        of its bytes), by board id: a game file records it. A board whose map cannot be
        read is left out (its loading reports the problem where it matters)."""
        records = {}
        files = {self.main_board: self.map_file, **self.boards} if self.map_file else {}
        for board, map_file in files.items():
            try:
                self._load(board, map_file)
            except (BoardappError, OSError):
                continue
            loaded = self._loaded[board]
            records[board] = MapRecord(map_file, loaded.origin, loaded.digest)
        return records

    # -- boards ------------------------------------------------------------------------
    def board_ids(self) -> list[str]:
        """The boards of the game, the main board first."""
        return [self.main_board, *self.boards]

    @cached_property
    def _extra_maps(self) -> dict[str, BoardMap]:
        maps = {board: self._load(board, map_file) for board, map_file in self.boards.items()}
        seen: dict[str, str] = {p: self.main_board
                                for p in (*self.board_map.areas, *self.board_map.boxes)}
        for board, bmap in maps.items():
            for place in (*bmap.areas, *bmap.boxes):
                if place in seen:
                    raise DataError(bmap.file, place, N_("this place id is on board {seen} too "
                                                         "(ids are unique across boards)",
                                                         seen=repr(seen[place])))
                seen[place] = board
        return maps

    @property
    def board_maps(self) -> dict[str, BoardMap]:
        """Every board's validated map by board id, the main board first (the extra
        maps are loaded once; a place id on two boards raises :class:`DataError`)."""
        if not self.boards:
            return {self.main_board: self.board_map}
        return {self.main_board: self.board_map, **self._extra_maps}

    def board_title(self, board: str) -> str:
        """The name of ``board`` on its tab (:attr:`board_titles`, else its map's name)."""
        return render(self.board_titles.get(board) or self.board_maps[board].name)

    def board_of(self, place: str) -> str | None:
        """The board ``place`` is on (``None``: on no board)."""
        if not self.boards:
            return self.main_board if self.board_map.is_place(place) else None
        for board, bmap in self.board_maps.items():
            if bmap.is_place(place):
                return board
        return None

    def map_of(self, place: str) -> BoardMap:
        """The map of the board ``place`` is on (the main map for an unknown place)."""
        board = self.board_of(place)
        return self.board_maps[board] if board and self.boards else self.board_map

    def is_place(self, place: str) -> bool:
        """True for an area or a box of any board."""
        return self.board_of(place) is not None

    def place_name(self, place: str) -> str:
        """The display name of a place of any board. An area's is a proper name, as
        printed; a box's ("Eliminated", "English prison") is a word of the map file: a
        message of the ruleset's catalogue (English in the state and the files, drawn in
        the reader's language; ``MAP_TEXTS`` in ``packaging/catalogues.py``)."""
        bmap = self.map_of(place)
        name = bmap.place_name(place)
        if place in bmap.boxes and self.words is not None and name and "{" not in name:
            return self.words.msg(name)
        return name

    def focus_board(self, state: State) -> str | None:
        """The board the players should look at now: the ``board`` of the running
        procedure's step (a battle fought on a battle map), or ``None`` to leave the
        choice to them. The window switches to it when the answer changes."""
        for frame in reversed(state.get("flow") or []):
            board = getattr(self.flow.steps.get(frame["step"]), "board", None)
            if board is not None:
                return board
        return None

    def data_files(self) -> list[Path]:
        """The files the rules read: the maps in use (every board) and the plugin's
        ``data/*.yaml``."""
        files = []
        if self.map_file:
            try:
                files.append(Path(self.board_map.file))
            except (BoardappError, OSError):
                pass  # no map to read: its loading reports the problem where it matters
        if self.boards:
            try:
                files += [Path(m.file) for m in self._extra_maps.values()]
            except (BoardappError, OSError):
                pass
        folder = Path(inspect.getfile(type(self))).parent / "data"
        if folder.is_dir():
            files += sorted(folder.glob("*.yaml"))
        return files

    def data_digest(self) -> str:
        """A short digest of :meth:`data_files`: a game file records it, so that a game saved
        before the map or the data were edited says so when it no longer replays."""
        h = hashlib.sha256()
        for path in self.data_files():
            h.update(path.name.encode("utf-8"))
            try:
                h.update(path.read_bytes())
            except OSError:
                h.update(b"(missing)")
        return h.hexdigest()[:16]

    def data_sheets(self) -> list[Sheet]:
        """The values of the ruleset's data that players may fill in or correct (card
        values, table cells the rules do not print): see :mod:`boardapp.core.engine.datasheets`.
        A new game copies them into ``state["data"]``; read them with :meth:`sheet_values`."""
        return []

    def sheet_values(self, state: State, sheet_id: str) -> dict[str, Any]:
        """Sheet ``sheet_id``'s values for the game in ``state`` (the copy it started with,
        as edited by ``data`` actions), else the file's values (a game saved before game
        data existed)."""
        saved = state.get("data", {}).get(sheet_id)
        if saved is not None:
            return saved
        sheet = next((s for s in self.data_sheets() if s.id == sheet_id), None)
        if sheet is None:
            raise KeyError(f"{self.id} has no data sheet {sheet_id!r}")
        return read_sheet(sheet)

    def scenarios(self) -> dict[str, ScenarioInfo]:
        """Scenarios by id."""
        return {}

    def side(self, side_id: str) -> SideInfo:
        """The :class:`SideInfo` with id ``side_id``."""
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def scenario_sides(self, scenario: str) -> list[str]:
        """The sides that play ``scenario`` unless the set-up chooses fewer."""
        info = self.scenarios().get(scenario)
        if info is not None and info.sides:
            return list(info.sides)
        return [s.id for s in self.sides if s.playable]

    def choose_sides(self, scenario: str, wanted: list[str] | None) -> list[str] | None:
        """The sides chosen to play ``scenario`` (in the ruleset's order), checked; ``None``
        when they are the scenario's own (the set-up needs no option)."""
        default = self.scenario_sides(scenario)
        if wanted is None or sorted(wanted) == sorted(default):
            return None
        info = self.scenarios().get(scenario)
        low = info.min_sides if info is not None else None
        unknown = [s for s in wanted if s not in default]
        if unknown or len(set(wanted)) != len(wanted):
            raise BoardappError(N_("{scenario} is played by {sides}: {others} cannot play",
                                   scenario=scenario, sides=", ".join(default),
                                   others=", ".join(unknown) or N_("a side named twice")))
        if low is None:
            raise BoardappError(N_("{scenario} is played by all of {names}", scenario=scenario,
                                   names=', '.join(default)))
        if not max(low, MIN_SIDES) <= len(wanted) <= MAX_SIDES:
            raise BoardappError(N_("{scenario} is played by {low} to {high} sides, not {n}",
                                   scenario=scenario, low=max(low, MIN_SIDES),
                                   high=min(len(default), MAX_SIDES), n=len(wanted)))
        return [s for s in default if s in wanted]

    def playing_sides(self, state: State) -> list[str]:
        """The sides playing the game in ``state``: those chosen at the set-up
        (``state["sides"]``), else the scenario's."""
        chosen = state.get("sides")
        return list(chosen) if chosen else self.scenario_sides(state.get("scenario", ""))

    def cite(self, section: str) -> str:
        """A rule citation such as "Some Game 8.21"."""
        return f"{self.rules_name} {section}".strip()

    # -- game flow ---------------------------------------------------------------------
    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        """The state at the start of ``scenario``, with the RNG seeded by ``seed``.

        ``played_with``: the ruleset version an older game file was recorded with; the
        set-up then lets it replay under the rules of that version (e.g. switch off a
        rule added since, with a flag in the state)."""
        raise NotImplementedError  # abstract: every ruleset defines it

    def legal_actions(self, state: State, side: str | None = None) -> Iterator[Action]:
        """The legal actions now (of ``side`` only, if given), from the running step;
        none once the game is over. Manual verbs are not listed: they are always
        possible."""
        if self.outcome(state) is not None:
            return
        yield from self.flow.legal_actions(self, state, side)

    def deciding_sides(self, state: State) -> list[str]:
        """The sides the game waits for now (several in a sealed choice; none once the
        game is over)."""
        if self.outcome(state) is not None:
            return []
        sides = self.flow.deciding_sides(self, state)
        return sides if sides or self.flow.phases else [state["active"]]

    def acting_side(self, state: State) -> str:
        """The side whose decision the game waits for: the first deciding side (the
        active side when none decides)."""
        sides = self.deciding_sides(state)
        return sides[0] if sides else state["active"]

    def _offered(self, state: State, where: str,
                 by_hand: bool = False) -> Iterator[tuple[Action, VerbSpec]]:
        """The legal actions offered at ``where``, then (``by_hand``) the running step's
        corrections by hand offered there."""
        seen = set()
        for action in self.legal_actions(state):
            spec = self.flow.verb_spec(state, action.verb)
            if spec is not None and where in spec.offers:
                seen.add(action)
                yield action, spec
        if not by_hand:
            return
        for action in self.flow.manual_actions(self, state):
            spec = self.flow.verb_spec(state, action.verb)
            if spec is not None and where in spec.offers and action not in seen:
                yield action, spec

    def flow_actions(self, state: State) -> list[Action]:
        """The legal actions shown as buttons among the decisions (toolbar)."""
        return [a for a, _ in self._offered(state, "decisions")]

    def action_label(self, state: State, action: Action) -> str:
        """A button label for ``action`` in ``state``, as its verb declares it, in the
        language now (the verb's own words, a message maybe: ``self.flow.label``)."""
        return render(self.flow.label(self, state, action))

    def action_loss(self, state: State, action: Action) -> str:
        """What taking ``action`` now gives up, as its verb declares it ("" if nothing)."""
        spec = self.flow.verb_spec(state, action.verb)
        return render(spec.loss(self, state, action)) if spec is not None else ""

    def action_cost(self, state: State, action: Action) -> str:
        """What ``action`` costs now, as its verb declares it ("" if nothing)."""
        spec = self.flow.verb_spec(state, action.verb)
        return render(spec.price(self, state, action)) if spec is not None else ""

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        """Apply one of the ruleset's actions if the running step makes it legal for
        the acting side (``ctx.side``); raise IllegalActionError with the reason. Once
        the game is over, only manual verbs remain (the core's, and the corrections by
        hand a step declares)."""
        result = self.outcome(state)
        spec = self.flow.verb_spec(state, action.verb)
        if result is not None and not (spec is not None and spec.manual):
            raise IllegalActionError(N_("the game is over: {result}", result=result))
        self.flow.apply(self, state, action, ctx, side=ctx.side or None)

    def after_manual(self, state: State, ctx: Context) -> None:
        """Bring derived facts up to date after a manual change (default: nothing)."""

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        """The parts of ``state`` only their owner may see, by side (default: none).

        Each path is a tuple of dict keys from the root of the state, e.g.
        ``{"a": [("vars", "hands", "a")], "b": [("vars", "hands", "b")]}``. In a
        play-by-email game these parts are sealed to their owner in the file and shown to
        others as placeholders (a list as that many ``"?"``). The answer must depend only
        on public parts of ``state``. Rules may read and change only the acting player's
        secrets; dice for a secret draw are rolled with ``ctx.roll(..., private=True)``.
        """
        return {}

    def hidden_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        """Every secret part of ``state`` by side: the ruleset's :meth:`secret_paths`
        and the core's sealed choices (:func:`~.together.sealed_paths`)."""
        paths = {side: list(p) for side, p in (self.secret_paths(state) or {}).items()}
        for side, extra in sealed_paths(self, state).items():
            paths.setdefault(side, []).extend(extra)
        return paths

    # -- the computer opponent -------------------------------------------------------------
    def standing(self, state: State) -> dict[str, float]:
        """Each playable side's standing by the rules' own measure (victory points...),
        higher is better; once the game is over, the side with the highest standing has
        won (several equal: a draw). Default: ``state["score"]``."""
        score = state.get("score") or {}
        return {s.id: float(score.get(s.id, 0)) for s in self.sides if s.playable}

    def evaluate(self, state: State, side: str) -> float:
        """How good ``state`` looks for ``side``, higher is better: what the computer
        opponent maximises (:mod:`boardapp.core.ai`). Default: the side's standing less
        the best other side's, and 1,000 more (or less) once the game is won (or lost)."""
        standing = self.standing(state)
        mine = standing.get(side, 0.0)
        best_other = max((v for s, v in standing.items() if s != side), default=0.0)
        value = mine - best_other
        if self.outcome(state) is not None:
            value += 1000.0 if value > 0 else -1000.0 if value < 0 else 0.0
        return value

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """``view`` (``side``'s view: the others' secrets masked as by email) with those
        secrets filled in by a guess consistent with what ``side`` may see, drawn with
        ``random.Random(seed)``; the computer plays on from it. ``None``: this ruleset
        cannot guess them (default), and the computer then does not look ahead."""
        return None

    def public_action(self, state: State, action: Action) -> Action:
        """``action`` as players other than its own may read it: a sealed verb's
        arguments are hidden (``commit ?``)."""
        spec = self.flow.verb_spec(state, action.verb)
        if spec is None or not spec.sealed:
            return action
        return Action(action.verb, ("?",) * len(action.args))

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """The action for dragging ``pieces`` to ``dest``.

        A rules move (``move``) between places of the map graph; a manual ``place`` when
        the pieces come from, or go to, a box off the graph (a pool, a prison): taking a
        counter from the reserve is a hand on the table, not a move.
        """
        graph = self.board_map.graph
        starts = {state["pieces"][p]["loc"] for p in pieces if p in state["pieces"]}
        if dest not in graph or any(s not in graph for s in starts):
            return Action.of("place", pieces, dest)
        return Action.of("move", pieces, dest)

    def check_move(self, state: State, pieces: list[str], dest: str) -> MoveVerdict:
        """Whether ``pieces`` may move to ``dest`` now, and why not: the running step's
        verdict on the action of the drag (:meth:`move_action`); a placement by hand is
        always possible."""
        action = self.move_action(state, pieces, dest)
        if not self.flow.knows(action.verb):
            return MoveVerdict(True)
        why = self.flow.why_not(self, state, action)
        if why is not None:
            return MoveVerdict(False, why[0], why[1])
        return MoveVerdict(True, reach=self.reachable(state, pieces).get(dest))

    def legal_move(self, state: State, action: Action) -> tuple[list[str], str, Reach]:
        """The pieces, destination and route of a ``move PIECES DEST`` action, after
        :meth:`check_move`; raises :class:`IllegalActionError` with its rule if refused."""
        pieces = action.pieces(0)
        dest = action.arg(1)
        for pid in pieces:
            if pid not in state["pieces"]:
                raise InvalidActionError(N_("'{action}': no piece {pid}", action=action.text(),
                                            pid=repr(pid)))
        verdict = self.check_move(state, pieces, dest)
        if not verdict.legal or verdict.reach is None:
            raise IllegalActionError(verdict.reason or N_("Illegal move"), verdict.rule)
        return pieces, dest, verdict.reach

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """Where ``pieces`` (one stack or part of one) can legally move now."""
        return {}

    # -- presentation ------------------------------------------------------------------
    def piece_side(self, state: State, pid: str) -> str:
        """The side owning piece ``pid``."""
        raise NotImplementedError  # abstract: every ruleset defines it

    def piece_name(self, state: State, pid: str) -> str:
        """A short name of piece ``pid`` for the log."""
        return pid

    def counter_face(self, state: State, pid: str) -> CounterFace:
        """What counter ``pid`` shows."""
        return CounterFace(colour="#cccccc", text_colour="#000000", title=pid)

    def piece_actions(self, state: State, pid: str) -> list[Action]:
        """Rules actions offered on counter ``pid``'s context menu (e.g. recruit with a
        leader), then the running step's corrections by hand there; labelled by
        :meth:`action_label`."""
        return [a for a, spec in self._offered(state, "piece", by_hand=True)
                if spec.piece_of(self, state, a) == pid]

    def place_actions(self, state: State, place: str) -> list[Action]:
        """Rules actions offered when the player right-clicks ``place`` (besiege a city,
        raise troops in an area...), then the running step's corrections by hand there;
        labelled by :meth:`action_label`."""
        return [a for a, spec in self._offered(state, "area", by_hand=True)
                if place in spec.areas_of(self, state, a)]

    def hand_actions(self, state: State, side: str) -> list[Action]:
        """Legal actions played from ``side``'s hidden hand (playing a card...): the board
        offers them beside the hand, behind its cover, not on the shared toolbar."""
        return [a for a in self.legal_actions(state, side)
                if "hand" in (self.flow.verb_spec(state, a.verb) or _NO_SPEC).offers]

    def private_lines(self, state: State, side: str) -> list[str]:
        """What only ``side`` may see (its hand of cards...), one line each; the board
        shows it to that player alone, behind a "pass the screen" cover in hot-seat play."""
        return []

    def secret_lines(self, state: State, side: str) -> list[str]:
        """Everything only ``side`` may see: :meth:`private_lines` and its sealed choice."""
        return [*self.private_lines(state, side), *sealed_lines(self, state, side)]

    def outcome(self, state: State) -> str | None:
        """The result once the game is over ("Red wins: ..."), else ``None``."""
        return None

    def place_markers(self, state: State) -> dict[str, list[str]]:
        """Markers to draw on places, by place id (e.g. {"hede": ["Siege 1"]})."""
        return {}

    def prompt(self, state: State) -> str:
        """The sentence the status bar shows: whose move, what to do (the running
        step's prompt), in the language now."""
        return render(self.flow.prompt(self, state))

    def status(self, state: State) -> Status:
        """Where the game stands in the game's words (title, summary lines)."""
        return Status(N_("{game}, turn {turn}", game=self.name, turn=state["turn"]))

    def invariants(self, state: State) -> list[str]:
        """What is wrong with ``state`` by the rules (stacking, counter mix, scores), one
        line each; the contract test checks every position of random games with it."""
        return []

    def title(self, state: State) -> str:
        """A one-line description for the window title, in the language now."""
        return render(self.status(state).title)

    def summary(self, state: State) -> str:
        """A text summary of the position (``boardapp show``): the status, the result or
        the prompt, then the pieces place by place."""
        status = self.status(state)
        result = self.outcome(state)
        lines = [status.title, *status.lines,
                 N_("Game over: {result}", result=result) if result else self.prompt(state)]
        for place, pids in sorted(state["stacks"].items()) if status.pieces else ():
            if pids:
                names = listing([self.piece_name(state, p) for p in pids])
                lines.append(f"  {self.place_name(place)} ({place}): {names}")
        return "\n".join(render(line) for line in lines)


def _builtin_packages() -> list[str]:
    """The names of the ``rulesets`` package's sub-packages (none imported)."""
    try:
        package = importlib.import_module("rulesets")
    except ImportError:
        return []
    return [info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg]


def _builtin_ruleset(name: str) -> type[Ruleset] | None:
    """The ruleset class of package ``rulesets.<name>`` (``None``: none, or it fails)."""
    try:
        module = importlib.import_module(f"rulesets.{name}")
    except Exception:  # a broken plugin must not stop the others
        _log_failure("cannot load ruleset package %s", name)
        return None
    cls = getattr(module, "RULESET", None)
    return cls if isinstance(cls, type) and issubclass(cls, Ruleset) else None


def _builtin_rulesets() -> Iterator[type[Ruleset]]:
    for name in _builtin_packages():
        cls = _builtin_ruleset(name)
        if cls is not None:
            yield cls


def _entry_point_rulesets() -> Iterator[type[Ruleset]]:
    import importlib.metadata  # (only here: it costs a command as much as a ruleset)

    for ep in importlib.metadata.entry_points(group="boardapp.rulesets"):
        try:
            cls = ep.load()
        except Exception:
            _log_failure("cannot load ruleset entry point %s", ep.name)
            continue
        if isinstance(cls, type) and issubclass(cls, Ruleset):
            yield cls


def available_rulesets() -> dict[str, type[Ruleset]]:
    """Installed ruleset classes by id (the ``rulesets`` package, then entry points)."""
    found: dict[str, type[Ruleset]] = {}
    for cls in (*_builtin_rulesets(), *_entry_point_rulesets()):
        found.setdefault(cls.id, cls)
    return found


def preload_ruleset(name: str | None = None) -> None:
    """Import the package of ruleset ``name`` (default: ``$BOARDAPP_RULESET``, else the
    first game installed, the one a start without a file shows) if it is one of the
    ``rulesets`` package's; nothing if not. A program that will import a library that
    slows every later import (Qt) calls it first."""
    wanted = (name or os.environ.get("BOARDAPP_RULESET") or "").lower().replace("-", "_")
    packages = _builtin_packages()
    if wanted not in packages:
        wanted = min(packages, default="")
    if wanted:
        _builtin_ruleset(wanted)


def find_ruleset(name: str, maps: MapProvider | None = None) -> Ruleset:
    """An instance of the ruleset whose id or alias is ``name`` (like ``find_variant``),
    reading its maps through ``maps`` (default: the shipped files)."""
    wanted = name.lower()
    guess = wanted.replace("-", "_")  # a game's own package first, alone (e.g. a file's id)
    if guess in _builtin_packages():
        cls = _builtin_ruleset(guess)
        if cls is not None and wanted == cls.id:
            return cls(maps=maps)
    for cls in available_rulesets().values():
        if wanted == cls.id or wanted in cls.aliases:
            return cls(maps=maps)
    known = ", ".join(sorted(available_rulesets())) or "none"
    raise BoardappError(N_("no ruleset {name} is installed (installed: {known})", name=repr(name),
                           known=known))
