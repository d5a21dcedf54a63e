"""The computer's levels: random, normal and strong players.

A player decides for one side at a time: ``choose(ruleset, state, side, legal)`` returns
one of ``legal`` (the side's legal actions now). It reads ``state`` only through
:func:`~.view.fair_view` (its side's view, the others' secrets guessed, dice of its own),
and draws its own randomness from a generator seeded when it is made, so an arena game
replays the same with the same seeds.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..base.errors import BoardappError
from ..base.i18n import N_
from ..engine.actions import Action
from ..engine.ruleset import Ruleset
from ..engine.state import State
from .levels import LEVELS
from .memory import TurnMemory
from .view import fair_view, play_on

REFUSED = float("-inf")
STALL = 1e9
"""What an action that leaves the state as it was costs in a player's eyes."""
Progress = Callable[[float], bool]
"""``progress(fraction_done) -> keep_going``: a thinking player reports how far it is
and stops (with its best choice so far) when told not to go on."""


class Player:
    """Base of the levels: holds the level name and the player's own generator."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.memory = TurnMemory()
        """The positions its own choices produced this turn (see :mod:`.memory`)."""

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        """One of ``legal`` for ``side``; ``progress`` is told how far the thinking is."""
        raise NotImplementedError  # abstract: each level chooses in its own way

    def forget(self) -> None:
        """Forget the turn (the game was taken back): see :class:`.memory.TurnMemory`."""
        self.memory.forget()

    def fresh(self, ruleset: Ruleset, state: State, side: str, ranked: Iterable[Action],
              wanted: int = 1) -> list[tuple[Action, State | None]]:
        """The first ``wanted`` of ``ranked`` (best first) that do not lead back to a
        position this player produced in ``side``'s turn (an action ending the turn always
        may), each with the position it leads to in a guessed view (``None``: not
        foreseen); the first of ``ranked`` if every one would. A dithering player (see
        :mod:`.memory`) puts first the best action that ends its turn. :meth:`played` must
        then say which one is played."""
        memory = self.memory
        memory.begin(ruleset, state, side)
        view = fair_view(ruleset, state, side, self.rng)
        if view is None:
            first = next(iter(ranked), None)
            return [] if first is None else [(first, None)]
        out: list[tuple[Action, State | None]] = []
        first: Action | None = None
        ending: tuple[Action, State] | None = None
        skipped = False
        dithering = memory.dithering(side)
        for action in ranked:
            first = action if first is None else first
            after = play_on(ruleset, view, action, side)
            if after is None:
                continue
            if dithering and memory.ends(ruleset, after, side):
                ending = action, after
                break
            if memory.repeats(ruleset, after, side):
                skipped = skipped or not out
                continue
            if len(out) < wanted:
                out.append((action, after))
            if len(out) >= wanted and not dithering:
                break
        if ending is not None:
            out = [ending] + [pair for pair in out if pair[0] != ending[0]][: wanted - 1]
        elif skipped:
            memory.dithered(side)
        if not out and first is not None:
            out.append((first, None))
        return out

    def played(self, ruleset: Ruleset, side: str, chosen: tuple[Action, State | None]
               ) -> Action:
        """Remember the position ``chosen`` (from :meth:`fresh`) leads to; its action."""
        self.memory.record(ruleset, chosen[1], side)
        return chosen[0]


class RandomPlayer(Player):
    """Any legal action, each as likely."""

    level = "random"

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.played(ruleset, side,
                           self.fresh(ruleset, state, side, drawn(self.rng, legal))[0])


def drawn(rng: random.Random, items: Sequence[Action]) -> Iterator[Action]:
    """``items`` in a random order, drawn one at a time (most callers take the first)."""
    pool = list(items)
    while pool:
        i = rng.randrange(len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        yield pool.pop()


@dataclass
class Judged:
    """An action and what the player thinks of it (the mean of its looks)."""

    action: Action
    value: float


class NormalPlayer(Player):
    """The action that looks best one step ahead, by the ruleset's ``evaluate``, each
    looked at ``samples`` times with dice of its own (at most ``width`` actions, drawn
    at random when there are more)."""

    level = "normal"
    width = 150
    samples = 2

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        judged = self.judge(ruleset, state, side, legal, progress)
        if not judged:
            return self.rng.choice(list(legal))
        return self.played(ruleset, side,
                           self.fresh(ruleset, state, side, (j.action for j in judged))[0])

    def judge(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
              progress: Progress | None = None) -> list[Judged]:
        """The candidates, best first (ties in a random order); empty when the side's
        view cannot be guessed."""
        candidates = list(legal)
        if len(candidates) > self.width:
            candidates = self.rng.sample(candidates, self.width)
        views = [fair_view(ruleset, state, side, self.rng) for _ in range(self.samples)]
        if any(v is None for v in views):
            return []
        judged = []
        for n, action in enumerate(candidates):
            value = sum(self.look(ruleset, view, side, action) for view in views)  # type: ignore[arg-type]
            judged.append(Judged(action, value / len(views) + self.rng.random() * 1e-9))
            if progress is not None and not progress((n + 1) / len(candidates)):
                break
        judged.sort(key=lambda j: j.value, reverse=True)
        return judged

    @staticmethod
    def look(ruleset: Ruleset, view: State, side: str, action: Action) -> float:
        """``evaluate`` after ``action`` in ``view``; an action that changes nothing
        (planning again the plan already made) is put behind every action that moves
        the game on, or a side that the end of the game does not favour would stall
        forever rather than end it."""
        after = play_on(ruleset, view, action, side)
        if after is None:
            return REFUSED
        value = ruleset.evaluate(after, side)
        return value - STALL if after == view else value


class StrongPlayer(NormalPlayer):
    """The normal player's choice, unless playing on says clearly that another of its
    best ``keep`` is better.

    Each candidate is played on in guessed views (the others' secrets guessed anew in
    each, dice of its own) through turns of the side (until it decides again after the
    others have): one in the first round of rollouts, then as many as that round's cost
    lets eight rounds fit in the budget (at most ``horizon``: a quick game is played to
    its end), at most ``depth`` actions each: every side plays
    as the normal player plays (the action whose position its ``evaluate`` likes best,
    among all its actions, or ``rollout_width`` drawn when it has more), so that the
    other side's replies are the ones a normal player would make; the position reached
    is judged by ``evaluate`` (a finished game by its winner). All candidates of a
    rollout share its view and dice, so that they differ only by the action. The
    rollouts go to the candidates in rounds (successive halving): after each round past
    the first, the worse half of the challengers is dropped, the normal player's choice
    always kept, so the time goes where the choice is close. Another candidate replaces
    the first only when its mean gain over it, rollout by rollout, exceeds
    ``confidence`` standard errors (a gain the same in every rollout, as in a game
    without dice nor secrets, is clear, and the rollouts stop there). At most
    ``rollouts`` rounds, within ``budget`` seconds of the process's CPU time (a shared
    machine's load does not shorten the thinking)."""

    level = "strong"
    keep = 6
    rollouts = 32
    horizon = 8
    depth = 60
    rollout_width = 40
    budget = 1.5
    confidence = 1.5

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        judged = self.judge(ruleset, state, side, legal)
        if not judged:
            return self.rng.choice(list(legal))
        kept = self.fresh(ruleset, state, side, (j.action for j in judged), self.keep)
        values = {j.action: j.value for j in judged}
        best = [values[action] for action, _after in kept]
        if len(best) == 1 or best[0] - best[-1] > self.decisive:
            return self.played(ruleset, side, kept[0])
        alive = list(range(len(kept)))
        looks: list[list[float]] = []
        horizon = 1
        for r in range(self.rollouts):
            view = fair_view(ruleset, state, side, self.rng)
            assert view is not None  # judge() guessed it already
            seed = self.rng.randrange(1 << 62)
            row = [math.nan] * len(kept)
            began = time.process_time()
            for i in alive:
                row[i] = self.rollout(ruleset, view, side, kept[i][0], seed, horizon)
                if time.process_time() - start > self.budget:
                    break
            if all(not math.isnan(row[i]) for i in alive):
                looks.append(row)
            if r == 0:  # the first round, one turn deep, tells what deeper ones cost
                spent = max(time.process_time() - began, 1e-6)
                horizon = max(1, min(self.horizon, int(self.budget / (spent * 8))))
            if progress is not None and not progress((r + 1) / self.rollouts):
                break
            if time.process_time() - start > self.budget or settled(looks, alive):
                break
            if r + 1 in (2, 4, 8, 16) and len(alive) > 2:
                alive = halved(looks, alive)
        return self.played(ruleset, side, kept[clear_winner(looks, self.confidence)])

    decisive = 500.0
    """A first look this much better than the last kept settles the choice (a win)."""

    def rollout(self, ruleset: Ruleset, view: State, side: str, action: Action,
                seed: int, horizon: int = 1) -> float:
        """``evaluate`` for ``side`` after ``action`` and the sides' greedy play through
        ``horizon`` of ``side``'s turns (choices among actions drawn with ``seed``)."""
        state = play_on(ruleset, view, action, side)
        if state is None:
            return REFUSED
        rng = random.Random(seed)
        others_moved, turns = False, 0
        for _ in range(self.depth):
            if ruleset.outcome(state) is not None:
                break
            mover = ruleset.acting_side(state)
            if mover == side and others_moved:
                turns, others_moved = turns + 1, False
                if turns >= horizon:
                    break
            others_moved = others_moved or mover != side
            after = self.greedy(ruleset, state, mover, rng)
            if after is None:
                break
            state = after
        return ruleset.evaluate(state, side)

    def greedy(self, ruleset: Ruleset, state: State, mover: str,
               rng: random.Random) -> State | None:
        """The position after ``mover``'s action that its ``evaluate`` likes best (an
        action changing nothing last), or ``None`` if it has none."""
        try:
            options = list(ruleset.legal_actions(state, mover))
        except BoardappError:
            return None
        if len(options) > self.rollout_width:
            options = rng.sample(options, self.rollout_width)
        best_value, best_after = REFUSED, None
        for option in options:
            after = play_on(ruleset, state, option, mover)
            if after is None:
                continue
            value = ruleset.evaluate(after, mover) + rng.random() * 1e-9
            if after == state:
                value -= STALL
            if value > best_value:
                best_value, best_after = value, after
        return best_after


def settled(looks: list[list[float]], alive: list[int]) -> bool:
    """Whether more rollouts would say nothing new: two or more, and each candidate in
    ``alive`` found the same value in every one (a game without dice nor secrets)."""
    return len(looks) >= 2 and all(len({row[k] for row in looks}) == 1 for k in alive)


def halved(looks: list[list[float]], alive: list[int]) -> list[int]:
    """The normal player's choice (0) and the better half of the other candidates in
    ``alive``, by their mean gain over it in the rollouts ``looks``."""
    def gain(k: int) -> float:
        diffs = [row[k] - row[0] for row in looks if not math.isnan(row[k])]
        finite = [d for d in diffs if math.isfinite(d)]
        return statistics.fmean(finite) if finite else REFUSED

    challengers = sorted((k for k in alive if k != 0), key=gain, reverse=True)
    return [0] + sorted(challengers[: max(1, len(challengers) // 2)])


def clear_winner(looks: list[list[float]], confidence: float) -> int:
    """The candidate (index) to play from rollouts ``looks`` (one row per rollout, one
    value per candidate, NaN where a candidate was no longer looked at, the first being
    the normal player's choice): the one whose mean gain over the first is largest, if
    that gain exceeds ``confidence`` standard errors of the paired differences (at least
    two); else the first (0)."""
    if len(looks) < 2:
        return 0
    chosen, gain = 0, 0.0
    for k in range(1, len(looks[0])):
        rows = [row for row in looks if not math.isnan(row[k])]
        if len(rows) < 2:
            continue
        diffs = [row[k] - row[0] for row in rows]
        if not all(math.isfinite(d) for d in diffs):
            if all(row[0] == REFUSED and math.isfinite(row[k]) for row in rows):
                return k  # the first is refused in every view, this one is not
            continue
        mean = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if mean > confidence * error and mean > gain:
            chosen, gain = k, mean
    return chosen


def make_player(level: str, seed: int = 0) -> Player:
    """A player of ``level`` (one of :data:`LEVELS`)."""
    kinds = {"random": RandomPlayer, "normal": NormalPlayer, "strong": StrongPlayer}
    if level not in kinds:
        raise BoardappError(N_("unknown level {level} (levels: {levels})", level=repr(level),
                               levels=', '.join(LEVELS)))
    return kinds[level](seed)
