"""The verification report: what opening a game file checked, in a player's words.

:func:`load_game` refuses a file at its first bad step; a file that opens has passed
every check this program could make. :func:`verify_report` says which ones, and what
is left for later (actions that used the opponent's hidden information, actions not yet
sent).
"""

from __future__ import annotations

from ..base.i18n import N_, NP_, listing
from ..engine.game import Game
from ..engine.sends import first_of
from .history import side_name


def verify_report(game: Game) -> list[str]:
    """Lines describing what was checked in the game just opened."""
    n = len(game.log)
    out = [N_("{n} actions replayed from the set-up of {game} {scenario}.", n=n,
              game=game.ruleset.name, scenario=game.scenario)]
    pbem = game.pbem
    if pbem is None:
        rolls = sum(len(e.dice) for e in game.log)
        out.append(N_("Hot-seat game: {rolls} dice match the seeded generator. (A hot-seat "
                      "file has no protection against someone who edits it and replays it: "
                      "use a play-by-email game for that.)", rolls=rolls))
        return out + game.notes
    players = ", ".join(pbem.name(game, s) if p.joined else
                        str(N_("{name} (not joined yet)", name=pbem.name(game, s)))
                        for s, p in pbem.players.items())
    out.append(N_("Play-by-email game {game_id}: {players}.", game_id=pbem.game_id,
                  players=players))
    if pbem.me:
        out.append(N_("Opened as {name}: your hidden information is shown to you only.",
                      name=pbem.name(game, pbem.me)))
    else:
        out.append(N_("Opened without a passphrase: everyone's hidden information stays "
                      "hidden."))
    for i, send in enumerate(game.sends):
        first = first_of(game.sends, i)
        line = N_("Send {send}: actions {first}-{upto} by {side} ({at}): dice seed and "
                  "signature checked.", send=i + 1, first=first, upto=send.upto,
                  side=side_name(game, send.side), at=send.at)
        if i and game.sends[i - 1].side == send.side:
            line += N_(" Sent twice in a row by the same player.")
        if send.retries:
            line += N_(" WARNING: {side}'s program saw dice rolled and then the turn played "
                       "again differently {retries} time(s).", side=side_name(game, send.side),
                       retries=send.retries)
        out.append(line)
    dice = sum(1 for p in pbem.proofs if p.status != "pending"
               for d in p.dice if d is not None)
    out.append(N_("{dice} public dice derived from every player's committed seeds and "
                  "checked.", dice=dice))
    sealed = [i + 1 for i, p in enumerate(pbem.proofs) if p.status == "sealed"]
    if sealed:
        who = sorted({pbem.proofs[i - 1].by for i in sealed})
        out.append(N_("{n} actions used the hidden information of {names} (actions "
                      "{ranges}): their public effects and public dice are checked; the rest "
                      "will be when that player opens their seal (boardapp reveal).",
                      n=len(sealed), names=listing([side_name(game, s) for s in who]),
                      ranges=_ranges(sealed)))
    pending = [i + 1 for i, p in enumerate(pbem.proofs) if p.status == "pending"]
    if pending:
        unsent = sum(1 for i in pending for d in pbem.proofs[i - 1].dice if d is not None)
        line = (N_("Action {n} is not sent yet", n=pending[0]) if len(pending) == 1 else
                N_("Actions {ranges} are not sent yet", ranges=_ranges(pending)))
        if unsent:
            line += NP_(": {n} die of actions not yet sent, not counted above, checked when "
                        "they are sent", ": {n} dice of actions not yet sent, not counted "
                        "above, checked when they are sent", unsent)
        else:
            line += N_(": their dice are checked when they are")
        out.append(line + ".")
    opened = [s for s, p in pbem.players.items() if p.opened]
    if opened:
        out.append(N_("Seals opened (everything of theirs checked): {names}.",
                      names=listing([side_name(game, s) for s in opened])))
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
