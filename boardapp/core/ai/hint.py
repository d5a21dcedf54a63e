"""A hint: what the computer would do now for the side to decide (nothing is played)."""

from __future__ import annotations

from dataclasses import dataclass

from ..base.errors import BoardappError
from ..base.i18n import N_
from ..engine.actions import Action
from ..engine.game import Game
from .players import make_player


@dataclass(frozen=True)
class Hint:
    """The suggested action for ``side``, with its label."""

    side: str
    action: Action
    label: str


def suggest(game: Game, level: str = "normal", seed: int = 0) -> Hint:
    """What a ``level`` player would play now for the side this program may play (its
    own player's by email; the first deciding side at one desk). Raises
    :class:`BoardappError` when there is nothing to decide here."""
    rs = game.ruleset
    if rs.outcome(game.state) is not None:
        raise BoardappError(N_("the game is over: {outcome}", outcome=rs.outcome(game.state)))
    pbem = game.pbem
    if pbem is not None and pbem.me is not None:
        side = pbem.me
        if side not in rs.deciding_sides(game.state):
            raise BoardappError(N_("the game does not wait for your decision now"))
    else:
        side = rs.acting_side(game.state)
    legal = list(rs.legal_actions(game.state, side))
    if not legal:
        raise BoardappError(N_("no legal action to suggest now"))
    action = make_player(level, seed or len(game.log) + 1).choose(rs, game.state, side, legal)
    return Hint(side, action, rs.action_label(game.state, action))
