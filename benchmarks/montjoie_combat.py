"""Montjoie! combat figures (printed, not asserted).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/montjoie_combat.py

- the time to resolve one combat at one desk: from the announcement to the attacker's
  turn going on (every action checked and applied by the engine, reveals included);
- the time of one whole turn with 6 players at one desk, on the real map: random legal
  actions, passing less often than acting (each listing every legal action, as the
  board does) from the Treasury of turn 2 to the Treasury of turn 3;
- the sends one combat takes by email: the file travels each time the next decision
  belongs to another player's program (each program carries out its own obligations,
  the reveals and the Félon's random loss, when it opens the file), counted up to the
  file's return to the attacker, for the usual cases.
"""

from __future__ import annotations

import copy
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from boardapp.core.engine.actions import Action  # noqa: E402
from boardapp.core.engine.together import pending_obligations  # noqa: E402
from tests.montjoiecombat import combat_position  # noqa: E402

SPARE = "ecorcheur"
PASSES = {"end-expansion", "end-turn", "pas-de-signe", "pas-de-retraite", "sans-soutien",
          "end-purchases", "ally-rest"}
"""Actions that pass: the random players prefer the others (more combats in a turn)."""


def position(bystanders_pi: int, felon: bool = False):
    """France attacks Clermont (Bourgogne's castle, a mountain) from Bourges; the other
    four players hold ``bystanders_pi`` influence points each."""
    hands = {"france": ["canon", "echelles", SPARE], "bourgogne": ["belier", SPARE]}
    if felon:
        hands["bourgogne"].append("felon")
    influence = {n: bystanders_pi for n in ("navarre", "angleterre", "bretagne",
                                            "flandres")}
    game = combat_position("france", cities={"bourges": ("france", 1),
                                             "clermont": ("bourgogne", 2)},
                           hands=hands, influence=influence)
    # The dice: the Félon's private draw if any, then the combat's two (France wins).
    game.state["dice_queue"] = [0, 6, 1] if felon else [6, 1]
    return game


def script(felon: bool) -> list[tuple[str, str]]:
    steps = [("france", "attack clermont bourges"), ("france", "lay canon"),
             ("france", "lay echelles"), ("france", "seal 0")]
    if felon:
        steps.append(("bourgogne", "felon-defence"))
    steps += [("bourgogne", "lay belier"), ("bourgogne", "seal 0"),
              ("france", "pas-de-signe"), ("bourgogne", "pas-de-signe")]
    return steps


def by_email(game, steps: list[tuple[str, str]]) -> int:
    """Play ``steps`` as programs at separate desks would; count the sends."""
    me, sends = "france", 0

    def own_obligations() -> None:
        while True:
            owed = [(s, a) for s, a in pending_obligations(game.ruleset, game.state)
                    if s == me]
            if not owed:
                return
            game.push(owed[0][1], side=me)

    def hand_to(side: str) -> None:
        nonlocal me, sends
        if side != me:
            sends += 1
            me = side
        own_obligations()

    queue = list(steps)
    while True:
        own_obligations()
        waiting = game.ruleset.deciding_sides(game.state)
        if queue and queue[0][0] in waiting and queue[0][0] == me:
            game.push(queue.pop(0)[1], side=me)
        elif queue and queue[0][0] in waiting:
            hand_to(queue[0][0])
        elif waiting and game.state.get("flow"):
            side = waiting[0]  # a bystander asked for influence, a loser asked to retreat
            hand_to(side)
            legal = list(game.ruleset.legal_actions(game.state, side))
            if not legal:  # what it owed was all it had to do
                continue
            passes = [a for a in legal if a.verb in ("sans-soutien", "pas-de-retraite",
                                                      "pas-de-signe")]
            game.push(passes[0] if passes else legal[0], side=side)
        elif owed := pending_obligations(game.ruleset, game.state):
            hand_to(owed[0][0])
        else:
            break
    hand_to("france")
    return sends


def combat_time(runs: int = 30) -> float:
    """Median seconds to play one combat at one desk (hot-seat: the engine fulfils the
    reveals at once)."""
    times = []
    for _ in range(runs):
        game = position(0)  # a fresh game each time (the timeline is the game's own)
        start = time.perf_counter()
        for side, text in script(False):
            game.play(Action.parse(text), side=side)
        game.play(Action.parse("pas-de-retraite"), side="bourgogne")
        times.append(time.perf_counter() - start)
        assert not game.state.get("flow")
    return statistics.median(times)


def whole_turn(seed: int = 1) -> tuple[float, int, int]:
    """Seconds and actions of turn 2 of a random 6-player game on the real map."""
    import random

    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from tests.montjoiehelpers import KNOWN_DECK

    game = Game(find_ruleset("montjoie"), "normale-6", seed)
    data = game.initial.setdefault("data", {})
    data["deck"] = dict(KNOWN_DECK)
    data.setdefault("start", {})["ecus"] = "5"
    game.state = copy.deepcopy(game.initial)
    game._setup = copy.deepcopy(game.initial)  # noqa: SLF001
    chooser = random.Random(seed)
    start, count, combats = None, 0, 0
    while game.state["turn"] < 3 and not game.ruleset.outcome(game.state):
        if start is None and game.state["turn"] == 2:
            start, count, combats = time.perf_counter(), 0, 0
        choices = [(s, a) for s in game.ruleset.deciding_sides(game.state)
                   for a in game.ruleset.legal_actions(game.state, s)]
        busy = [(s, a) for s, a in choices if a.verb not in PASSES]
        side, action = chooser.choice(busy if busy and chooser.random() < 0.8 else choices)
        game.play(action, side=side)
        count += 1
        combats += action.verb in ("attack", "chevauchee", "ally-attack")
    return time.perf_counter() - (start or time.perf_counter()), count, combats


def main() -> None:
    print(f"Montjoie! one combat at one desk: {combat_time() * 1000:.1f} ms "
          "(9-10 actions with the reveals, median of 30)")
    seconds, actions, combats = whole_turn()
    print(f"Montjoie! one whole turn, 6 players, real map, at one desk: {seconds:.1f} s "
          f"({actions} actions with the players' random choices, "
          f"{combats} combats)")
    cases = [("2 combatants, no other player with influence", 0, False),
             ("the same, defender's Félon", 0, True),
             ("6 players, the 4 others holding influence (asked)", 2, False)]
    for words, pi, felon in cases:
        game = position(pi, felon)
        print(f"Montjoie! sends per combat by email, {words}: "
              f"{by_email(game, script(felon))}")


if __name__ == "__main__":
    main()
