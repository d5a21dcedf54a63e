"""Council: a small game for 3 to 6 players, built on Engine 2 steps (no tests here).

Each round the council *bids* (a sealed choice: every player commits a bid of gold the
others cannot see; all bids are revealed together); the highest bidder scores it and
*raids* the others, who each owe the discard of a card at random from their hidden
hand (an obligation their own program carries out with its private die). Then each
player in turn *draws* a card in secret from their hidden deck, may *play* one card
(revealed, scoring its value and a die) and ends. After the last round the highest score wins.

``Council3`` is played by three sides; ``Council6`` declares six sides and lets the
set-up choose any two to six of them (its scenario's ``min_sides``). ``CouncilPlayer``
is one player at their own computer by email: they receive the file, open it with
their passphrase (every check runs), carry out what they owe, play, and save it for
everyone else.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.game import Game
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import Ruleset, ScenarioInfo, SideInfo, Status
from boardapp.core.engine.state import State, new_state
from boardapp.core.engine.together import Obligation, RevealSealed, SealedChoice, owe
from boardapp.core.engine.verbs import verb
from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.pbem.ledger import Ledger

COLOURS = ("#c00000", "#0000c0", "#008000", "#c0a000", "#800080", "#008080")
NAMES = ("red", "blue", "green", "gold", "purple", "teal")
BIDS = ("gold0", "gold1", "gold2", "gold3")
LAST_ROUND = 2


def passphrase(side: str) -> str:
    return f"{side}'s long passphrase"


class CouncilModel(Ruleset):
    """Data and predicates the steps use."""

    rounds = LAST_ROUND

    def players(self, state: State) -> list[str]:
        return self.playing_sides(state)

    def after(self, state: State, side: str) -> str | None:
        """The next player in turn after ``side`` this round (``None``: none)."""
        order = self.players(state)
        index = order.index(side) + 1
        return order[index] if index < len(order) else None

    def name_of(self, side: str) -> str:
        return self.side(side).name


class BidPhase(Step[CouncilModel]):
    """The council bids in secret (rule 1), the winner raids the others (rule 2)."""

    name = "bid"

    def begin(self, rs: CouncilModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        state["turn"] += 1
        if state["turn"] > rs.rounds:
            state["vars"]["over"] = True
            ctx.log("The last round is over (rule 4)")
            return
        flow.call_many(rs, state, ctx, "bids", sides=rs.players(state))

    def deciders(self, rs: CouncilModel, state: State, frame: Frame) -> list[str]:
        return []

    def resume(self, rs: CouncilModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "raided":
            flow.next_phase(rs, state, ctx, side=rs.players(state)[0])
            return
        best = max(rs.players(state), key=lambda s: (int(result[s][4:]), -rs.players(
            state).index(s)))
        gold = int(result[best][4:])
        state["score"][best] += gold
        ctx.log(f"{rs.name_of(best)} wins the bid and scores {gold} (rule 2)")
        hands = state["vars"]["sizes"]
        owed = {s: ["discard-random"] for s in rs.players(state) if s != best and hands[s]}
        if owed:
            owe(rs, state, ctx, flow, "raid", owed, result="raided")
        else:
            flow.next_phase(rs, state, ctx, side=rs.players(state)[0])


class Bids(SealedChoice[CouncilModel]):
    """Rule 1: every player bids 0 to 3 gold in secret."""

    name = "bids"

    def options(self, rs: CouncilModel, state: State, frame: Frame, side: str) -> list[str]:
        return list(BIDS)


class Raid(Obligation[CouncilModel]):
    """Rule 2: each raided player discards a card at random from his hidden hand."""

    name = "raid"

    @verb("discard-random", hand=True, label="Discard a card at random (raided)")
    def on_discard_random(self, rs: CouncilModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        hand = state["vars"]["hands"][ctx.side]
        card = hand.pop(ctx.roll(len(hand), zero_based=True, private=True))
        state["vars"]["sizes"][ctx.side] = len(hand)
        state["vars"]["discards"].append(card)
        ctx.log(f"{rs.name_of(ctx.side)} discards {card} at random (rule 2)")


class DrawPhase(Step[CouncilModel]):
    """Rule 3: in turn, each player draws in secret, may play one card, and ends."""

    name = "draw"

    def begin(self, rs: CouncilModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        state["vars"]["drawn"] = False
        state["vars"]["played"] = False

    def prompt(self, rs: CouncilModel, state: State, frame: Frame) -> str:
        return f"{rs.name_of(frame['side'])}: draw, play a card or end"

    def actions(self, rs: CouncilModel, state: State, frame: Frame) -> Iterator[Action]:
        v = state["vars"]
        side = frame["side"]
        if not v["drawn"] and v["decks"][side]:
            yield Action("draw")
        if not v["played"]:
            for card in v["hands"][side]:
                if card != "?":
                    yield Action("play", (card,))
        yield Action("end")

    @verb("draw", label="Draw a card (rule 3)")
    def on_draw(self, rs: CouncilModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        deck = v["decks"][ctx.side]
        card = deck.pop(ctx.roll(len(deck), zero_based=True, private=True))
        v["hands"][ctx.side].append(card)
        v["sizes"][ctx.side] += 1
        v["drawn"] = True
        ctx.log(f"{rs.name_of(ctx.side)} draws a card (rule 3)")
        ctx.log(f"{rs.name_of(ctx.side)} drew {card}", private=True)

    @verb("play", hand=True, label="Play {0}")
    def on_play(self, rs: CouncilModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        card = action.arg(0)
        v["hands"][ctx.side].remove(card)
        v["sizes"][ctx.side] -= 1
        v["played"] = True
        value = int(card.split("-")[1]) + ctx.roll(6)
        state["score"][ctx.side] += value
        ctx.log(f"{rs.name_of(ctx.side)} plays {card} and scores {value} with the die "
                "(rule 3)")

    @verb("end", label="End your turn")
    def on_end(self, rs: CouncilModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        ctx.log(f"{rs.name_of(ctx.side)} ends the turn")
        following = rs.after(state, ctx.side)
        if following is None:
            flow.next_phase(rs, state, ctx, side=rs.players(state)[0])
        else:
            state["active"] = following
            self.begin(rs, state, frame, ctx, flow)


class Council(CouncilModel):
    """The wiring: sides, set-up, flow, hidden information, the end."""

    id = "council"
    name = "Council"
    version = "1"
    sides: tuple[SideInfo, ...] = ()
    default_scenario = "council"
    map_file = "sample_hex.yaml"
    flow = Flow(Bids, RevealSealed, Raid, phases=(BidPhase, DrawPhase))

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"council": ScenarioInfo("council", "The council", f"{LAST_ROUND} rounds")}

    def setup(self, scenario: str, seed: int, played_with: str | None = None,
              sides: list[str] | None = None) -> State:
        players = sides or self.scenario_sides(scenario)
        state = new_state(self.id, scenario, new_rng(seed), players)
        state["phase"] = "bid"
        state["vars"] = {
            "hands": {s: [f"{s}-1", f"{s}-2"] for s in players},
            "sizes": {s: 2 for s in players},
            "decks": {s: [f"{s}-{n}" for n in range(3, 8)] for s in players},
            "discards": [], "drawn": False, "played": False, "over": False}
        # The first round's bids: the set-up enters the sealed choice directly.
        state["turn"] = 1
        state["flow"] = [{"step": "bids", "side": players[0], "sides": list(players),
                          "vars": {}}]
        return state

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {s: [("vars", "hands", s), ("vars", "decks", s)] for s in self.players(state)}

    def private_lines(self, state: State, side: str) -> list[str]:
        hand = state["vars"]["hands"].get(side, [])
        return [f"Hand: {' '.join(hand) or '(empty)'}"]

    def outcome(self, state: State) -> str | None:
        if not state["vars"]["over"]:
            return None
        best = max(self.players(state), key=lambda s: state["score"][s])
        return f"{self.name_of(best)} wins with {state['score'][best]} points"

    def status(self, state: State) -> Status:
        scores = ", ".join(f"{self.name_of(s)} {state['score'][s]}"
                           for s in self.players(state))
        return Status(f"Council, round {state['turn']}", (f"Scores: {scores}",))


class Council3(Council):
    """Three players."""

    id = "council3"
    name = "Council of three"
    sides = tuple(SideInfo(n, n.capitalize(), c) for n, c in zip(NAMES[:3], COLOURS[:3],
                                                                   strict=True))


class Council6(Council):
    """Six sides; the set-up may choose any two to six of them; one round."""

    id = "council6"
    rounds = 1
    name = "Council of six"
    sides = tuple(SideInfo(n, n.capitalize(), c) for n, c in zip(NAMES, COLOURS,
                                                                   strict=True))

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"council": ScenarioInfo("council", "The council", "one round",
                                        sides=NAMES, min_sides=2)}


RULESETS = {Council3.id: Council3, Council6.id: Council6}


class CouncilPlayer:
    """One player at their own computer, with their own ledger."""

    def __init__(self, side: str, folder: Path, seed: int) -> None:
        self.side = side
        self.ledger = Ledger(folder / f"ledger-{side}.json")
        self.chooser = random.Random(seed)
        self.seen_sealed: list[dict[str, Any]] = []
        """What this player's view showed of the sealed choices each time it opened."""

    def open(self, path: Path) -> Game:
        """Open the received file: every check runs; refuse if anything is wrong."""
        game = load_game(path, passphrase=passphrase(self.side), side=self.side,
                         ledger=self.ledger)
        self.seen_sealed.append(dict(game.state.get("sealed") or {}))
        return game

    def take_turn(self, game: Game) -> None:
        """Carry out what this player owes, then play random legal actions while the
        game waits for this player."""
        game.fulfil()
        for _ in range(12):
            legal = list(game.ruleset.legal_actions(game.state, self.side))
            if not legal:
                return
            others = [a for a in legal if a.verb != "end"]
            if others and self.chooser.random() < 0.7:
                game.play(self.chooser.choice(others))
            else:
                game.play(legal[-1])


def play_by_email(path: Path, players: dict[str, CouncilPlayer], limit: int = 400,
                  order: random.Random | None = None) -> list[str]:
    """Pass the file around until the game ends: each time one of the players the game
    waits for (chosen by ``order``) opens it, plays, and saves it for all the others.
    Return the sides in the order they sent."""
    order = order or random.Random(1)
    senders = []
    for _ in range(limit):
        probe = load_game(path)
        if probe.ruleset.outcome(probe.state) is not None:
            return senders
        waiting = probe.ruleset.deciding_sides(probe.state)
        player = players[order.choice(waiting)]
        game = player.open(path)
        player.take_turn(game)
        save_for_opponent(game, path)
        senders.append(player.side)
    raise AssertionError("the game by email did not end")
