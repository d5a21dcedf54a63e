"""The verification report: what opening a game file checked, in a player's words.

:func:`load_game` refuses a file at its first bad step; a file that opens has passed
every check this program could make. :func:`verify_report` says which ones, and what
is left for later (actions that used the opponent's hidden information, actions not yet
sent).
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.sends import first_of
from .history import side_name


def verify_report(game: Game) -> list[str]:
    """Lines describing what was checked in the game just opened."""
    n = len(game.log)
    out = [f"{n} actions replayed from the set-up of {game.ruleset.name} {game.scenario}."]
    pbem = game.pbem
    if pbem is None:
        rolls = sum(len(e.dice) for e in game.log)
        out.append(f"Hot-seat game: {rolls} dice match the seeded generator. (A hot-seat file "
                   "has no protection against someone who edits it and replays it: use a "
                   "play-by-email game for that.)")
        return out + game.notes
    players = ", ".join(pbem.name(game, s) + ("" if p.joined else " (not joined yet)")
                        for s, p in pbem.players.items())
    out.append(f"Play-by-email game {pbem.game_id}: {players}.")
    if pbem.me:
        out.append(f"Opened as {pbem.name(game, pbem.me)}: your hidden information is shown "
                   "to you only.")
    else:
        out.append("Opened without a passphrase: everyone's hidden information stays hidden.")
    for i, send in enumerate(game.sends):
        first = first_of(game.sends, i)
        line = (f"Send {i + 1}: actions {first}-{send.upto} by {side_name(game, send.side)}"
                f" ({send.at}): dice seed and signature checked.")
        if i and game.sends[i - 1].side == send.side:
            line += " Sent twice in a row by the same player."
        if send.retries:
            line += (f" WARNING: {side_name(game, send.side)}'s program saw dice rolled and "
                     f"then the turn played again differently {send.retries} time(s).")
        out.append(line)
    dice = sum(1 for p in pbem.proofs if p.status != "pending"
               for d in p.dice if d is not None)
    out.append(f"{dice} public dice derived from every player's committed seeds and checked.")
    sealed = [i + 1 for i, p in enumerate(pbem.proofs) if p.status == "sealed"]
    if sealed:
        who = sorted({pbem.proofs[i - 1].by for i in sealed})
        out.append(f"{len(sealed)} actions used the hidden information of "
                   f"{', '.join(side_name(game, s) for s in who)} (actions "
                   f"{_ranges(sealed)}): their public effects and public dice are checked; "
                   "the rest will be when that player opens their seal (boardapp reveal).")
    pending = [i + 1 for i, p in enumerate(pbem.proofs) if p.status == "pending"]
    if pending:
        unsent = sum(1 for i in pending for d in pbem.proofs[i - 1].dice if d is not None)
        line = (f"Action {pending[0]} is not sent yet" if len(pending) == 1 else
                f"Actions {_ranges(pending)} are not sent yet")
        if unsent:
            line += (f": {unsent} {'die' if unsent == 1 else 'dice'} of actions not yet sent, "
                     "not counted above, checked when they are sent")
        else:
            line += ": their dice are checked when they are"
        out.append(line + ".")
    opened = [s for s, p in pbem.players.items() if p.opened]
    if opened:
        out.append("Seals opened (everything of theirs checked): "
                   + ", ".join(side_name(game, s) for s in opened) + ".")
    out.extend(game.notes)
    return out


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    start = prev = numbers[0]
    for n in numbers[1:] + [0]:
        if n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    return ", ".join(parts)
