"""The contract every installed ruleset keeps (issue 12, point 9), checked position by
position while random legal games are played: the helpers of ``tests/test_contract.py``
and of the benchmark that prints games per minute (``make bench``).

What is checked at every position of a game (:func:`check_position`):

- the state is sound for the core: every piece is in the stack of its place, once;
- the ruleset's own :meth:`~boardapp.core.engine.ruleset.Ruleset.invariants` find nothing;
- no dead end: while the game is not over some side has a legal action;
- only the deciding sides have legal actions, and the legal actions list no manual verb;
- every legal action has a label (its words, not its raw text where its verb declares a
  label) and a place on the board: the toolbar, a place's menu, a counter's menu, a hand,
  or a drag of counters;
- looking (prompt, labels, menus) never changes the state.

After the game (:func:`check_game`): the log replays to the same state, the file written
by ``dumps_game`` opens to the same state, and undoing every action restores the set-up.
Games that never end are caught by a cap on actions per game.

Rulesets on Engine 2 declare their verbs on the running step (``flow.verb_spec``); the
games not yet migrated answer through their own ``flow_actions``/``place_actions``/...
methods: the checks take the declaration when there is one, else look the action up in
those methods, so the same contract holds before and after a migration.
"""

from __future__ import annotations

import functools
import inspect
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from boardapp.core.engine.actions import Action, LogEntry
from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game, apply_to
from boardapp.core.engine.manual import HANDLERS
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.engine.state import State, copy_state, digest
from boardapp.core.engine.verbs import VerbSpec
from boardapp.core.files.gamefile import dumps_game, loads_game

SHOWN_ACTIONS = 12
"""How many of the last actions a failure message lists (the seeds replay the game)."""


@dataclass(frozen=True)
class Plan:
    """How a ruleset's random games are played: cap on actions per game (a game still
    going after it never ends), seeds per scenario, every scenario or the default one,
    and the cheaper check of the board's offers for the slow games."""

    cap: int = 3000
    seeds: int = 2
    all_scenarios: bool = True
    cheap_offers: bool = False
    known: tuple[str, ...] = ()
    prelude: tuple[str, ...] = ()
    """Actions played first (by hand), for longer games."""
    later: tuple[str, ...] = ()
    """Verbs not chosen before turn :attr:`later_turn` while others are legal (ending
    the game by choice), for longer games."""
    later_turn: int = 0


# Caps measured (random play as planned here): hex demo games take 25-45 actions (six
# turns); Lion in Winter 200-370; Les Deux Bretagne 60-300; Lily and the Ermine 380-650
# (thirteen rounds).
PLANS = {
    "hex-demo": Plan(cap=200, seeds=3),
    # A player may end the game at the end of a round (end-game): not in the first three.
    "lion-in-winter": Plan(cap=2000, seeds=2, cheap_offers=True, later=("end-game",),
                           later_turn=4),
    # Montfort holds the four capitals at the start and wins at the end of turn 2 unless
    # Blois takes one (13.2): giving Brest to Blois by hand plays longer games.
    "deux-bretagne": Plan(cap=2000, seeds=1, cheap_offers=True,
                          prelude=("control brest blois",)),
    "lily-ermine": Plan(cap=2500, seeds=1, cheap_offers=True),
    # Montjoie!: ten scenarios (2 to 6 players, normal and short games), 100-300 actions.
    "montjoie": Plan(cap=3000, seeds=1, cheap_offers=True),
    # Guet-Apens: the joust (Scenario I, 25-40 actions) here; every other scenario is
    # played to its end in tests/test_guet_apens_scenarios.py (the large ones, 30-40
    # figures, take 10-30 s a game with every position checked).
    "guet-apens": Plan(cap=3000, seeds=3, all_scenarios=False, cheap_offers=True),
}
DEFAULT_PLAN = Plan()


@dataclass(frozen=True)
class LongRun:
    """Many random games of one scenario to their end, each replayed to the same state
    (:func:`check_replay`); one game in :attr:`checked_every` (the first, the 26th...)
    also checked position by position and saved, loaded, undone and redone
    (:func:`check_game`): the whole contract, at a cost the suite can bear."""

    scenario: str
    seeds: int
    checked_every: int = 25
    cap: int = 3000

    def checked(self, seed: int) -> bool:
        return (seed - 1) % self.checked_every == 0


# Guet-Apens, issue 19: random legal orders for Scenario V (the closed field, 6 against 6
# figures on foot and horse) to the end, 50 seeds, with replay identity. Measured
# 2026-11-25 (CPU): 138-1054 actions a game (306 on average, 12-88 periods: half the
# random orders are "hold", half the actions reveal sealed choices), 0.8 s to play and
# 0.45 s to replay a game, the whole contract about 2.5 s: the 50 games take about 65 s.
LONG_RUNS = {"guet-apens": (LongRun("V", seeds=50),)}


class ContractError(AssertionError):
    """A ruleset broke its contract: the message says what, where, and how to replay it."""


@dataclass
class Played:
    """A game played for the contract: the game, how it was chosen, what happened."""

    game: Game
    seed: int
    ended: bool = False
    positions: int = 0
    verbs: dict[str, int] = field(default_factory=dict)
    known: dict[str, int] = field(default_factory=dict)
    """How often each known problem (a pattern given to :func:`play`) was met."""

    @property
    def actions(self) -> list[tuple[str, str]]:
        """The log as ``(action text, side)`` pairs (what :meth:`Game.replay` takes)."""
        return [(e.action.text(), e.side) for e in self.game.log]


def where(game: Game, seed: int | None = None) -> str:
    """Where a game stands, for a failure message: ruleset, scenario, seed, the last
    actions (and how many there were), turn, phase and prompt."""
    rs, state = game.ruleset, game.state
    log = [f"{e.action.text()} ({e.side})" for e in game.log]
    shown = log[-SHOWN_ACTIONS:]
    head = f"... {len(log) - len(shown)} earlier, then " if len(log) > len(shown) else ""
    try:
        prompt = rs.prompt(state)
    except Exception as exc:  # the message must not hide the failure behind another
        prompt = f"(prompt fails: {type(exc).__name__}: {exc})"
    return (f"{rs.id} scenario {game.scenario} game seed {game.seed}"
            f"{'' if seed is None else f' chooser seed {seed}'}, after {len(log)} actions "
            f"({head}{'; '.join(shown) or 'none'}); turn {state.get('turn')}, phase "
            f"{state.get('phase')!r}, flow {[f['step'] for f in state.get('flow') or []]}; "
            f"prompt: {prompt!r}")


# -- who may act ------------------------------------------------------------------------------
def takes_side(ruleset: Ruleset) -> bool:
    """True if ``legal_actions`` takes a ``side`` (Engine 2); the rulesets not yet
    migrated list the acting side's actions only."""
    return _takes_side(type(ruleset))


@functools.cache
def _takes_side(cls: type[Ruleset]) -> bool:
    return "side" in inspect.signature(cls.legal_actions).parameters


def legal_by_side(ruleset: Ruleset, state: State) -> dict[str, list[Action]]:
    """The legal actions of each side that may act now (sides with none left out)."""
    if takes_side(ruleset):
        found = {side: list(ruleset.legal_actions(state, side))
                 for side in ruleset.deciding_sides(state)}
    else:
        found = {ruleset.acting_side(state): list(ruleset.legal_actions(state))}
    return {side: actions for side, actions in found.items() if actions}


def taker(ruleset: Ruleset, state: State, action: Action) -> str | None:
    """The first deciding side the action is offered to (several sides may decide at
    once, e.g. orders given together); ``None`` for a ruleset that lists the acting
    side's actions only."""
    if not takes_side(ruleset):
        return None
    return next((side for side in ruleset.deciding_sides(state)
                 if action in ruleset.legal_actions(state, side)), None)


def check_deciders(ruleset: Ruleset, state: State, legal: list[Action],
                   by_side: dict[str, list[Action]] | None = None) -> list[str]:
    """Problems with who may act: a side outside the game, a non-deciding side with
    legal actions, a legal action nobody may take, a manual verb listed. ``by_side``:
    :func:`legal_by_side` if known already."""
    problems = []
    ids = [s.id for s in ruleset.sides]
    deciding = ruleset.deciding_sides(state)
    problems += [f"deciding side {s!r} is not a side of the game" for s in deciding
                 if s not in ids]
    problems += [f"legal_actions lists the manual verb of '{a.text()}'" for a in legal
                 if a.verb in HANDLERS]
    if not takes_side(ruleset):
        acting = ruleset.acting_side(state)
        if acting not in ids:
            problems.append(f"acting side {acting!r} is not a side of the game")
        if legal and acting not in deciding:
            problems.append(f"{acting} has the legal actions (acting side) but does not "
                            f"decide now (deciding: {deciding})")
        return problems
    for side in ids:
        if side not in deciding:
            extra = list(ruleset.legal_actions(state, side))
            if extra:
                problems.append(f"{side} does not decide now (deciding: {deciding}) but has "
                                f"legal actions: {[a.text() for a in extra[:5]]}")
    if by_side is None:
        by_side = legal_by_side(ruleset, state)
    taken = {a for actions in by_side.values() for a in actions}
    orphans = [a.text() for a in legal if a not in taken]
    if orphans:
        problems.append(f"legal actions no deciding side may take: {orphans[:5]}")
    if ruleset.outcome(state) is not None and deciding:
        problems.append(f"the game is over but {deciding} still decide")
    return problems


# -- labels and places on the board --------------------------------------------------------------
def declared(ruleset: Ruleset, state: State, verb_name: str) -> VerbSpec | None:
    """The running step's declaration of ``verb_name`` with ``@verb`` (``None`` for a
    verb it does not declare, or only has a bare ``on_<verb>`` handler for: a game not
    yet migrated, whose own methods say where its actions are offered)."""
    spec = ruleset.flow.verb_spec(state, verb_name)
    frame = ruleset.flow.current(state)
    if spec is None or frame is None:
        return None
    handler = getattr(type(ruleset.flow.step(frame)), spec.handler, None)
    return spec if getattr(handler, "__verb__", None) is not None else None


class Offers:
    """Where the board offers each legal action in one position, asked lazily through
    the public methods the UI calls (each asked once per position)."""

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        self.rs, self.state = ruleset, state
        self._flow: list[Action] | None = None
        self._places: dict[str, list[Action]] = {}
        self._pieces: dict[str, list[Action]] = {}
        self._hands: dict[str, list[Action]] = {}
        self._scanned = False

    def toolbar(self) -> list[Action]:
        if self._flow is None:
            self._flow = list(self.rs.flow_actions(self.state))
        return self._flow

    def place(self, place: str) -> list[Action]:
        if place not in self._places:
            self._places[place] = list(self.rs.place_actions(self.state, place))
        return self._places[place]

    def piece(self, pid: str) -> list[Action]:
        if pid not in self._pieces:
            self._pieces[pid] = list(self.rs.piece_actions(self.state, pid))
        return self._pieces[pid]

    def hand(self, side: str) -> list[Action]:
        if not takes_side(self.rs) and type(self.rs).hand_actions is Ruleset.hand_actions:
            return []  # the base method needs Engine 2's legal_actions(state, side)
        if side not in self._hands:
            self._hands[side] = list(self.rs.hand_actions(self.state, side))
        return self._hands[side]

    def is_drag(self, action: Action) -> bool:
        """True if dragging the counters of the first argument onto the place of the
        second gives exactly ``action``."""
        if len(action.args) < 2:
            return False
        pieces = action.pieces(0)
        if not pieces or any(p not in self.state["pieces"] for p in pieces):
            return False
        try:
            return self.rs.move_action(self.state, pieces, action.args[1]) == action
        except Exception:  # not a drag: the drag hook refuses these words
            return False

    def _named(self, action: Action) -> tuple[list[str], list[str]]:
        words = [w for arg in action.args for w in arg.split(",") if w]
        return ([w for w in words if self.rs.is_place(w)],
                [w for w in words if w in self.state["pieces"]])

    def _scan(self) -> None:
        if not self._scanned:
            for bmap in self.rs.board_maps.values():
                for place in (*bmap.areas, *bmap.boxes):
                    self.place(place)
            for pid in self.state["pieces"]:
                self.piece(pid)
            self._scanned = True

    def where(self, action: Action) -> str | None:
        """Where ``action`` is offered ("toolbar", "place X", "piece P", "hand S",
        "drag"), or ``None``."""
        spec = declared(self.rs, self.state, action.verb)
        if spec is not None:  # declared on the running step: ask where it says
            if "decisions" in spec.offers and action in self.toolbar():
                return "toolbar"
            if "area" in spec.offers:
                for place in spec.areas_of(self.rs, self.state, action):
                    if action in self.place(place):
                        return f"place {place}"
            if "piece" in spec.offers:
                pid = spec.piece_of(self.rs, self.state, action)
                if pid is not None and action in self.piece(pid):
                    return f"piece {pid}"
            if "hand" in spec.offers:
                for side in self.rs.deciding_sides(self.state):
                    if action in self.hand(side):
                        return f"hand {side}"
            if "drag" in spec.offers and self.is_drag(action):
                return "drag"
            return None
        if action in self.toolbar():  # a game not yet migrated: its own methods
            return "toolbar"
        for side in (s.id for s in self.rs.sides):
            if action in self.hand(side):
                return f"hand {side}"
        if self.is_drag(action):
            return "drag"
        places, pieces = self._named(action)
        for place in places:
            if action in self.place(place):
                return f"place {place}"
        for pid in pieces:
            if action in self.piece(pid):
                return f"piece {pid}"
        self._scan()
        for place, offered in self._places.items():
            if action in offered:
                return f"place {place}"
        for pid, offered in self._pieces.items():
            if action in offered:
                return f"piece {pid}"
        return None


def check_labels_and_places(ruleset: Ruleset, state: State, legal: Iterable[Action],
                            rnd: random.Random | None = None,
                            per_verb: int | None = None) -> list[str]:
    """Problems with the words and the board place of each legal action. With
    ``per_verb``, the place is checked for that many actions of each verb only, drawn
    with ``rnd`` (every label is still checked)."""
    problems = []
    offers = Offers(ruleset, state)
    legal = list(legal)
    for action in legal:
        label = ruleset.action_label(state, action)
        spec = declared(ruleset, state, action.verb)
        if not isinstance(label, str) or not label.strip():
            problems.append(f"'{action.text()}' has no label ({label!r})")
        elif spec is not None and spec.label is not None and label == action.text():
            problems.append(f"'{action.text()}' is labelled with its raw text, though its "
                            "verb declares a label")
    for action in sample_by_verb(legal, rnd, per_verb):
        if offers.where(action) is None:
            problems.append(f"'{action.text()}' is offered nowhere on the board (not on "
                            "the toolbar, a place's or a counter's menu, a hand, nor a drag)")
    return problems


def sample_by_verb(actions: list[Action], rnd: random.Random | None,
                   per_verb: int | None) -> list[Action]:
    """``per_verb`` of the actions of each verb (all of them if ``per_verb`` is None)."""
    if per_verb is None:
        return actions
    rnd = rnd or random.Random(0)
    by_verb: dict[str, list[Action]] = {}
    for action in actions:
        by_verb.setdefault(action.verb, []).append(action)
    return [a for verb in sorted(by_verb) for a in
            (by_verb[verb] if len(by_verb[verb]) <= per_verb
             else rnd.sample(by_verb[verb], per_verb))]


def check_core_state(state: State) -> list[str]:
    """Problems the core sees in any state: pieces and stacks disagreeing."""
    problems = []
    seen: dict[str, str] = {}
    for place, stack in state["stacks"].items():
        for pid in stack:
            if pid in seen:
                problems.append(f"{pid} is in the stacks of {seen[pid]} and {place}")
            seen[pid] = place
            if pid not in state["pieces"]:
                problems.append(f"stack {place} holds {pid}, which is no piece")
            elif state["pieces"][pid]["loc"] != place:
                problems.append(f"{pid} is stacked at {place} but located at "
                                f"{state['pieces'][pid]['loc']}")
    problems += [f"{pid} (at {p['loc']}) is in no stack" for pid, p in state["pieces"].items()
                 if pid not in seen]
    return problems


def kind(state: State, legal: list[Action]) -> tuple[object, ...]:
    """What kind of position this is, for the board's offers: the phase, the running
    procedures, the verbs legal now."""
    return (state.get("phase"), tuple(f["step"] for f in state.get("flow") or []),
            tuple(sorted({a.verb for a in legal})))


def check_position(ruleset: Ruleset, state: State, rnd: random.Random | None = None,
                   per_verb: int | None = None,
                   kinds: set[tuple[object, ...]] | None = None,
                   ) -> tuple[list[str], list[Action], dict[str, list[Action]]]:
    """Every problem of one position, its legal actions (of every side that may act)
    and those of each side (:func:`legal_by_side`); ``rnd`` and ``per_verb``: see
    :func:`check_labels_and_places`. With
    ``kinds`` (the kinds of positions seen so far, see :func:`kind`), the places of the
    actions are checked only in a position of a new kind and in one position in ten
    drawn with ``rnd`` (the other checks in all)."""
    before = digest(state)
    problems = check_core_state(state)
    problems += [f"invariant: {line}" for line in ruleset.invariants(state)]
    legal = list(ruleset.legal_actions(state))
    if not legal and ruleset.outcome(state) is None:
        problems.append("dead end: no legal action while the game is not over")
    by_side = legal_by_side(ruleset, state)
    problems += check_deciders(ruleset, state, legal, by_side)
    if kinds is None or kind(state, legal) not in kinds or (rnd and rnd.random() < 0.1):
        problems += check_labels_and_places(ruleset, state, legal, rnd, per_verb)
        if kinds is not None:
            kinds.add(kind(state, legal))
    ruleset.prompt(state)
    if digest(state) != before:
        problems.append("looking at the position (legal actions, labels, menus, prompt) "
                        "changed the state")
    return problems, legal, by_side


# -- whole games -------------------------------------------------------------------------------
Chooser = Callable[[random.Random, list[Action]], Action]


def choose(rnd: random.Random, legal: list[Action]) -> Action:
    """Half the time any legal action, else a verb first and then one of its actions: a
    verb with many actions (moves to every reachable place) does not drown the others
    (ending a phase), so that random games move on and end."""
    if rnd.random() < 0.5:
        return rnd.choice(legal)
    verbs = sorted({a.verb for a in legal})
    verb = rnd.choice(verbs)
    return rnd.choice([a for a in legal if a.verb == verb])


def random_step(ruleset: Ruleset, state: State,
                rnd: random.Random) -> tuple[str | None, Action] | None:
    """A random legal (side, action) picked as an unchecked contract game picks it (a side
    at random among those deciding, then :func:`choose`); ``None`` when nothing is legal."""
    if takes_side(ruleset):
        by_side = {s: a for s, a in legal_by_side(ruleset, state).items() if a}
        if not by_side:
            return None
        side = rnd.choice(sorted(by_side))
        return side, choose(rnd, by_side[side])
    legal = list(ruleset.legal_actions(state))
    if not legal:
        return None
    return ruleset.acting_side(state), choose(rnd, legal)


def fail(game: Game, seed: int, problems: list[str], played: Played | None = None,
         known: Sequence[str] = ()) -> None:
    """Raise :class:`ContractError` for ``problems``, except those matching a ``known``
    pattern (a bug reported and kept as its own xfail test), counted in ``played``."""
    for pattern in known:
        matched = [p for p in problems if re.search(pattern, p)]
        if matched and played is not None:
            played.known[pattern] = played.known.get(pattern, 0) + len(matched)
        problems = [p for p in problems if p not in matched]
    if problems:
        raise ContractError(f"{where(game, seed)}:\n  " + "\n  ".join(problems))


def play(ruleset: Ruleset, scenario: str, seed: int, cap: int, *, checks: bool = True,
         chooser: Chooser = choose, prelude: Iterable[str] = (),
         known: Sequence[str] = (), per_verb: int | None = None,
         new_kinds: bool = False, later: Sequence[str] = (), later_turn: int = 0) -> Played:
    """A random legal game of ``scenario`` (set up and chosen with ``seed``) to its end,
    every position checked (unless ``checks`` is false); raises :class:`ContractError`
    when a check fails, an offered action is refused, or the game runs past ``cap``
    actions. ``known``: patterns of problems already reported (see :func:`fail`);
    ``per_verb`` and ``new_kinds`` make the check of the board's offers cheaper (see
    :func:`check_position`); ``later``: verbs not chosen before turn ``later_turn`` while
    other actions are legal."""
    game = Game(ruleset, scenario, seed)
    played = Played(game, seed)
    rnd = random.Random(seed)
    sampler = random.Random(f"sample {seed}")  # the game played is the same with or without
    kinds: set[tuple[object, ...]] | None = set() if new_kinds else None
    for text in prelude:
        game.push(text)
    sided = takes_side(ruleset)
    while True:
        if checks:
            problems, legal, by_side = check_position(ruleset, game.state, sampler, per_verb,
                                                      kinds)
            fail(game, seed, problems, played, known)
        elif sided:  # each side's actions listed once: together they are the legal ones
            by_side = legal_by_side(ruleset, game.state)
            legal = [a for actions in by_side.values() for a in actions]
        else:
            legal, by_side = list(ruleset.legal_actions(game.state)), {}
        played.positions += 1
        if not legal:
            if ruleset.outcome(game.state) is None:
                fail(game, seed, ["dead end: no legal action while the game is not over"])
            played.ended = True
            return played
        if len(game.log) >= cap:
            fail(game, seed, [f"the game never ends: still going after {cap} actions "
                              "(the cap on actions per game for this ruleset)"])
        if sided:
            side = rnd.choice(sorted(by_side))
            action = chooser(rnd, postpone(by_side[side], game.state, later, later_turn))
        else:
            side = ruleset.acting_side(game.state)
            action = chooser(rnd, postpone(legal, game.state, later, later_turn))
        if checks and sided:
            fail(game, seed, refused_to_others(game, action, side))
        spec = declared(ruleset, game.state, action.verb) if checks else None
        try:
            entry = game.push(action, side=side)
        except Exception as exc:
            fail(game, seed, [f"the legal action '{action.text()}' of {side} is refused: "
                              f"{type(exc).__name__}: {exc}"])
        if spec is not None and spec.logs and silent(entry):
            fail(game, seed, [f"'{action.text()}' is declared logs=True but its handler "
                              "wrote no line (the log shows its bare text)"])
        played.verbs[action.verb] = played.verbs.get(action.verb, 0) + 1


def silent(entry: LogEntry) -> bool:
    """Whether the rules wrote no line for ``entry``'s action: its one line is the one the
    core writes then ("{side}: {action}", :func:`~boardapp.core.engine.game.apply_to`)."""
    msg = entry.lines[0].msg if len(entry.lines) == 1 else None
    return getattr(msg, "text", None) == "{side}: {action}"


def postpone(legal: list[Action], state: State, later: Sequence[str],
             later_turn: int) -> list[Action]:
    """``legal`` without the ``later`` verbs before turn ``later_turn`` (unless nothing
    else is legal)."""
    if not later or state.get("turn", 0) >= later_turn:
        return legal
    return [a for a in legal if a.verb not in later] or legal


def refused_to_others(game: Game, action: Action, side: str) -> list[str]:
    """Problems if a side that does not decide could take ``action`` (Engine 2's one
    rule of legality: the running step offers it to the acting side only; a verb
    declared ``manual`` is a correction anyone may make)."""
    rs = game.ruleset
    spec = declared(rs, game.state, action.verb)
    if spec is not None and spec.manual:
        return []  # a correction by hand: anyone may make it while its step runs
    deciding = rs.deciding_sides(game.state)
    problems = []
    for other in (s.id for s in rs.sides):
        if other in deciding or other == side:
            continue
        work = copy_state(game.state)
        try:
            apply_to(rs, work, action, Context(work, other))
        except Exception:  # refused, as it must be
            continue
        problems.append(f"'{action.text()}' was accepted from {other}, who does not decide "
                        f"now (deciding: {deciding})")
    return problems


def check_replay(played: Played) -> str:
    """After a game: its log replays to the same state (returns the state's digest)."""
    game = played.game
    final = digest(game.state)
    again = Game.replay(game.ruleset, game.scenario, game.seed, played.actions,
                        game.start_data)
    if digest(again.state) != final:
        fail(game, played.seed, ["replaying the log gives another state"])
    return final


def check_game(played: Played) -> None:
    """After a game: replay identity, save and load, undo to the set-up."""
    game, seed = played.game, played.seed
    final = check_replay(played)
    loaded = loads_game(dumps_game(game))
    if digest(loaded.state) != final or len(loaded.log) != len(game.log):
        fail(game, seed, ["the saved file opens to another state"])
    setup = digest(game.initial)
    while game.can_undo:
        game.undo()
    if digest(game.state) != setup:
        fail(game, seed, ["undoing every action does not restore the set-up"])
    while game.can_redo:
        game.redo()
    if digest(game.state) != final:
        fail(game, seed, ["redoing every action undone does not give the same state"])


def play_plan(ruleset: Ruleset, scenario: str, seed: int, plan: Plan,
              checks: bool = True) -> Played:
    """A game played as ``plan`` says (see :func:`play`)."""
    return play(ruleset, scenario, seed, plan.cap, checks=checks, known=plan.known,
                per_verb=3 if plan.cheap_offers else None, new_kinds=plan.cheap_offers,
                prelude=plan.prelude, later=plan.later, later_turn=plan.later_turn)


def games_per_minute(ruleset: Ruleset, scenario: str, plan: Plan, seconds: float = 5.0,
                     checks: bool = True, first_seed: int = 1,
                     clock: Callable[[], float] = time.perf_counter) -> tuple[float, int, int]:
    """Games per minute of random play (with the contract's checks, as the test plays
    them, or without), the games played and their mean length, measured for about
    ``seconds`` of ``clock`` (at least one game)."""
    start = clock()
    games = actions = 0
    seed = first_seed
    while clock() - start < seconds or games == 0:
        played = play_plan(ruleset, scenario, seed, plan, checks)
        if checks:
            check_game(played)
        games += 1
        actions += len(played.game.log)
        seed += 1
    elapsed = clock() - start
    return games * 60 / elapsed, games, actions // games
