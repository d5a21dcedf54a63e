"""Helpers for the Deux Bretagne tests."""

from __future__ import annotations

from boardapp.core.engine.game import Game
from boardapp.core.engine.state import pieces_at
from rulesets.deux_bretagne import RULESET

_RULESET = RULESET()


def new_game(scenario: str = "14.1", seed: int = 1) -> Game:
    """A fresh game (the ruleset and its map are loaded once for the whole run)."""
    return Game(_RULESET, scenario, seed)


def at(game: Game, place: str, kind: str | None = None) -> list[str]:
    """Pieces at ``place``; ``kind`` filters: 'leader', 'unit' or a type-id suffix."""
    out = []
    for pid in pieces_at(game.state, place):
        t = game.ruleset.piece_type(game.state, pid)
        if kind == "leader" and not t.leader or kind == "unit" and t.leader:
            continue
        if kind not in (None, "leader", "unit") and not t.id.endswith(kind):
            continue
        out.append(pid)
    return out


def reserve(game: Game, type_id: str, n: int) -> list[str]:
    """``n`` counters of ``type_id`` still in the reserve."""
    pids = [p for p in pieces_at(game.state, "reserve")
            if game.state["pieces"][p]["type"] == type_id]
    assert len(pids) >= n
    return pids[:n]


def settle(game: Game) -> None:
    """Take the first legal choice until no decision is pending."""
    while game.state.get("flow"):
        game.push(game.legal_actions()[0])


def end_turn(game: Game) -> None:
    """End every activation of the turn, then the turn (settling its decisions)."""
    while game.state["phase"] == "action" and not game.state.get("flow"):
        game.push("end")
    game.push("next-turn")
    settle(game)


def activate(game: Game, use: str = "act", level: int = 3) -> str:
    """The active player plays a card as ``use`` (5.2): one of his pile whose activation
    value is unknown or ``level``, put in his hand (phase B counted as done), the unknown
    value answered ``level``. Moves, sieges and recruits are made in such an activation
    (5.3, 5.4); returns the card."""
    from rulesets.deux_bretagne.model.cards import value

    side, v = game.state["active"], game.state["vars"]
    v["drawn"][side] = True
    card = next(c for c in (*v["hands"][side], *v["decks"][side])
                if value(game.ruleset, game.state, c, "activation") in (None, level))
    for pile in (v["decks"][side], v["hands"][side]):
        if card in pile:
            pile.remove(card)
    v["hands"][side].append(card)
    game.push(f"play {card} {use}")
    while game.state["flow"] and game.state["flow"][-1]["step"] == "card-value":
        game.push(f"value {level}")
    return card


def free_action(game: Game) -> None:
    """The active player takes a free action (5.32) instead of a card (phase B counted as
    done): one lone unit or one lone leader may move in this activation."""
    game.state["vars"]["drawn"][game.state["active"]] = True
    game.push("free-action")


def play_act(game: Game, level: int = 3, push=None) -> str:
    """The active player plays a card as ACT ``level`` the way a player does (replayable,
    unlike :func:`activate`): draws in phase B if he has not yet, plays a card of his
    hand whose activation value is unknown or ``level``, and answers ``level`` if asked.
    ``push`` (default ``game.push``) lets a window's controller push the actions."""
    from rulesets.deux_bretagne.model.cards import value

    push = push or game.push
    side = game.state["active"]
    if not game.state["vars"]["drawn"][side]:
        push("draw")
    card = next(c for c in game.state["vars"]["hands"][side]
                if value(game.ruleset, game.state, c, "activation") in (None, level))
    push(f"play {card} act")
    while game.state["flow"] and game.state["flow"][-1]["step"] == "card-value":
        push(f"value {level}")
    return card
