"""Whole games between computer players, and their tally (``boardapp arena``).

Level A takes one playable side and level B every other one; the sides turn from game to
game, so each level plays each side. A side no seat holds (a side the rules drive, such
as neutrals with decisions) is played at random. A game that reaches ``cap`` actions
stops unfinished. The winner is the side with the highest standing at the end
(:meth:`~..engine.ruleset.Ruleset.standing`).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..base.i18n import N_
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..engine.state import State
from .players import Player, RandomPlayer, make_player

DEFAULT_CAP = 5000


@dataclass
class GameRecord:
    """One arena game: who held which side, how it ended, how long it took."""

    seed: int
    seats: dict[str, str]
    """side -> "A" or "B" (the level that held it)"""
    winners: list[str]
    """the winning sides (several: a draw; none: unfinished)"""
    length: int
    finished: bool
    standing: dict[str, float]


@dataclass
class Tally:
    """What an arena run found."""

    level_a: str
    level_b: str
    records: list[GameRecord] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)
    level_times: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})
    """"A" or "B" -> the thinking times of that level's seats"""

    def wins(self, label: str) -> int:
        """Games won alone by a side that level A (``"A"``) or B (``"B"``) held."""
        return sum(1 for r in self.records if r.finished and len(r.winners) == 1
                   and r.seats.get(r.winners[0]) == label)

    @property
    def draws(self) -> int:
        return sum(1 for r in self.records if r.finished and len(r.winners) != 1)

    @property
    def unfinished(self) -> int:
        return sum(1 for r in self.records if not r.finished)

    def lines(self) -> list[str]:
        """The tally as text."""
        n = len(self.records)
        times = self.decision_times or [0.0]
        by_side: Counter[str] = Counter()
        for r in self.records:
            if r.finished and len(r.winners) == 1:
                held = r.seats.get(r.winners[0])
                level = {"A": self.level_a, "B": self.level_b}.get(held or "", "random")
                by_side[f"{r.winners[0]} ({level})"] += 1
        wins = ", ".join(f"{k} {v}" for k, v in sorted(by_side.items()))
        length = statistics.mean(r.length for r in self.records) if n else None
        out = [str(N_("{n} game(s): A={a} won {wins_a}, B={b} won {wins_b}, draws {draws}, "
                      "unfinished {unfinished}", n=n, a=self.level_a, wins_a=self.wins("A"),
                      b=self.level_b, wins_b=self.wins("B"), draws=self.draws,
                      unfinished=self.unfinished)),
               str(N_("wins by side: {wins}", wins=wins) if wins else N_("wins by side: none")),
               str(N_("average length {length} actions", length=format(length, ".0f"))
                   if length is not None else N_("average length -")),
               str(N_("decision time (CPU): mean {mean} ms, p95 {p95} ms, max {most} ms "
                      "({count} decisions by A and B)",
                      mean=format(statistics.mean(times) * 1000, ".1f"),
                      p95=format(percentile(times, 95) * 1000, ".1f"),
                      most=format(max(times) * 1000, ".1f"), count=len(self.decision_times)))]
        return out


def percentile(values: list[float], pct: float) -> float:
    """The ``pct``-th percentile of ``values`` (nearest rank; 0 if empty)."""
    if not values:
        return 0.0
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(pct / 100 * len(ranked)) - 1))]


def winners(ruleset: Ruleset, state: State) -> list[str]:
    """The sides with the highest standing."""
    standing = ruleset.standing(state)
    if not standing:
        return []
    top = max(standing.values())
    return sorted(s for s, v in standing.items() if v == top)


def play_game(ruleset: Ruleset, scenario: str | None, seed: int, seats: dict[str, Player],
              cap: int = DEFAULT_CAP, times: list[float] | None = None,
              side_times: dict[str, list[float]] | None = None) -> Game:
    """Play one game to its end (or ``cap`` actions) with ``seats`` (side -> player);
    append each seated player's thinking time to ``times`` (and to ``side_times[side]``
    when that list is given)."""
    game = Game(ruleset, scenario, seed)
    spare = RandomPlayer(seed ^ 0x5EED)
    while ruleset.outcome(game.state) is None and len(game.log) < cap:
        side = ruleset.acting_side(game.state)
        legal = list(ruleset.legal_actions(game.state, side))
        if not legal:
            break
        player = seats.get(side)
        start = time.process_time()
        action = (player or spare).choose(ruleset, game.state, side, legal)
        spent = time.process_time() - start
        if player is not None and times is not None:
            times.append(spent)
        if player is not None and side_times is not None and side in side_times:
            side_times[side].append(spent)
        game.play(action, side=side)
    return game


def arena(ruleset: Ruleset, scenario: str | None, level_a: str, level_b: str, games: int,
          seed: int = 1, cap: int = DEFAULT_CAP,
          report: Callable[[GameRecord], None] | None = None) -> Tally:
    """Play ``games`` games, level A on one side and level B on the others, turning the
    sides from game to game."""
    scenario = scenario or ruleset.default_scenario
    sides = [s.id for s in ruleset.sides if s.playable]
    sides = [s for s in ruleset.scenario_sides(scenario) if s in sides] or sides
    tally = Tally(level_a, level_b)
    for n in range(games):
        game_seed = seed * 100_003 + n
        first = sides[n % len(sides)]
        seats: dict[str, Player] = {first: make_player(level_a, game_seed * 7 + 1)}
        for i, side in enumerate(s for s in sides if s != first):
            seats[side] = make_player(level_b, game_seed * 7 + 2 + i)
        held = {s: tally.level_times["A" if s == first else "B"] for s in seats}
        game = play_game(ruleset, scenario, game_seed, seats, cap, tally.decision_times, held)
        finished = ruleset.outcome(game.state) is not None
        record = GameRecord(game_seed, {s: "A" if s == first else "B" for s in seats},
                            winners(ruleset, game.state) if finished else [], len(game.log),
                            finished, ruleset.standing(game.state))
        tally.records.append(record)
        if report is not None:
            report(record)
    return tally
