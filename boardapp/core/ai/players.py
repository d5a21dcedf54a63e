"""The computer's levels: random, normal and strong players.

A player decides for one side at a time: ``choose(ruleset, state, side, legal)`` returns
one of ``legal`` (the side's legal actions now). It reads ``state`` only through
:func:`~.view.fair_view` (its side's view, the others' secrets guessed, dice of its own),
and draws its own randomness from a generator seeded when it is made, so an arena game
replays the same with the same seeds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..base.errors import BoardappError
from ..engine.actions import Action
from ..engine.ruleset import Ruleset
from ..engine.state import State
from .levels import LEVELS
from .view import fair_view, play_on

REFUSED = float("-inf")
Progress = Callable[[float], bool]
"""``progress(fraction_done) -> keep_going``: a thinking player reports how far it is
and stops (with its best choice so far) when told not to go on."""


class Player:
    """Base of the levels: holds the level name and the player's own generator."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        """One of ``legal`` for ``side``; ``progress`` is told how far the thinking is."""
        raise NotImplementedError  # abstract: each level chooses in its own way


class RandomPlayer(Player):
    """Any legal action, each as likely."""

    level = "random"

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        return self.rng.choice(list(legal))


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
    width = 40
    samples = 2

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        judged = self.judge(ruleset, state, side, legal, progress)
        return judged[0].action if judged else self.rng.choice(list(legal))

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
        after = play_on(ruleset, view, action, side)
        return REFUSED if after is None else ruleset.evaluate(after, side)


class StrongPlayer(NormalPlayer):
    """The best ``keep`` actions of the normal player, each played on ``rollouts`` times
    for ``depth`` actions of every side (each choosing greedily among a few of its legal
    actions), then judged by ``evaluate``; within ``budget`` seconds."""

    level = "strong"
    keep = 4
    rollouts = 3
    depth = 12
    rollout_width = 6
    budget = 1.5

    def choose(self, ruleset: Ruleset, state: State, side: str, legal: Sequence[Action],
               progress: Progress | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        judged = self.judge(ruleset, state, side, legal)
        if not judged:
            return self.rng.choice(list(legal))
        best = judged[: self.keep]
        values = {id(j): 0.0 for j in best}
        done = 0
        for r in range(self.rollouts):
            for j in best:
                view = fair_view(ruleset, state, side, self.rng)
                assert view is not None  # judge() guessed it already
                values[id(j)] += self.rollout(ruleset, view, side, j.action)
            done = r + 1
            if progress is not None and not progress(done / self.rollouts):
                break
            if time.process_time() - start > self.budget:
                break
        return max(best, key=lambda j: values[id(j)] / done + j.value * 1e-6).action

    def rollout(self, ruleset: Ruleset, view: State, side: str, action: Action) -> float:
        state = play_on(ruleset, view, action, side)
        if state is None:
            return REFUSED
        for _ in range(self.depth):
            if ruleset.outcome(state) is not None:
                break
            mover = ruleset.acting_side(state)
            try:
                options = list(ruleset.legal_actions(state, mover))
            except BoardappError:
                break
            if not options:
                break
            if len(options) > self.rollout_width:
                options = self.rng.sample(options, self.rollout_width)
            best_value, best_after = REFUSED, None
            for option in options:
                after = play_on(ruleset, state, option, mover)
                value = REFUSED if after is None else ruleset.evaluate(after, mover)
                if value > best_value:
                    best_value, best_after = value, after
            if best_after is None:
                break
            state = best_after
        return ruleset.evaluate(state, side)


def make_player(level: str, seed: int = 0) -> Player:
    """A player of ``level`` (one of :data:`LEVELS`)."""
    kinds = {"random": RandomPlayer, "normal": NormalPlayer, "strong": StrongPlayer}
    if level not in kinds:
        raise BoardappError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    return kinds[level](seed)
