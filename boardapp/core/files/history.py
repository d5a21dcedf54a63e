"""What happened, in words a player reads: the log as the opponent may see it.

In a play-by-email game the local player's log also shows their private lines (the
card they drew); anything that leaves the computer — an email body, a summary for the
opponent — uses :func:`public_render`, which shows only what the file shows everyone.
"""

from __future__ import annotations

from ..base.i18n import N_
from ..engine.game import Game


def public_render(game: Game, index: int) -> str:
    """Log entry ``index`` (0-based) as everyone may read it."""
    entry = game.log[index]
    if game.pbem is None:
        return entry.render()
    lines = game.pbem.proofs[index].text or [entry.action.text()]
    tag = N_(" (by hand)") if entry.manual else ""
    return f"{entry.number}. " + "\n    ".join(lines) + tag


def side_name(game: Game, side: str) -> str:
    """The side's name, with the player's name in a play-by-email game."""
    if game.pbem is not None:
        return game.pbem.name(game, side)
    try:
        return game.ruleset.side(side).name
    except KeyError:
        return side


def turn_text(game: Game) -> str:
    """The turn as the ruleset labels it ("turn 2 (1342)"), else "turn N"."""
    label = getattr(game.ruleset, "turn_label", None)
    turn = game.state.get("turn")
    if callable(label) and isinstance(turn, int):
        try:
            return str(label(turn))
        except Exception:  # a label is decoration: never fail for it
            pass
    return N_("turn {turn}", turn=turn) if turn is not None else ""


def to_play(game: Game) -> str:
    """The side (and player) whose decision the game waits for."""
    return side_name(game, game.ruleset.acting_side(game.state))


def players_other_than(game: Game, side: str) -> list[str]:
    """The sides of the other players (the ruleset's playable sides in hot-seat)."""
    sides = (list(game.pbem.players) if game.pbem is not None
             else [s.id for s in game.ruleset.sides if s.playable])
    return [s for s in sides if s != side]


def since_last_seen(game: Game, viewer: str) -> int:
    """The step ``viewer`` last saw (their last send); what comes after is new to them."""
    return game.last_seen(viewer)


def summary_since(game: Game, step: int) -> list[str]:
    """The public log entries after action ``step``."""
    return [public_render(game, i) for i in range(max(0, step), len(game.log))]
