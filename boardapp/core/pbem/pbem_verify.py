"""Checking a play-by-email file, action by action, as it is opened.

The loader (:mod:`boardapp.core.files.gamefile`) calls these in order: at the first action of
each send, :func:`check_send_opening` (the revealed dice key against the commitment, the
link to the previous send); for each action, :func:`replay_record`, which replays it on
this program's view and checks its dice, its public state and its seal, in one of three
ways:

- the acting player is this program's (or has opened their seal): full replay, private
  dice and sealed secrets included;
- the action did not depend on hidden information: replay on this view;
- it did: its public patch is applied and checked against the recorded public digest,
  and its public dice against the players' seeds (status ``sealed``);

and at the last action of a send, :func:`check_send_signature`. Each problem is a
:class:`StepError` that the loader turns into a ``GameFileError`` naming the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base.errors import BoardappError
from ..base.i18n import N_
from ..engine.actions import Action, LogEntry, LogLine, lines_from
from ..engine.context import Context, DiceSource
from ..engine.sends import Send
from ..engine.state import State, copy_state, digest
from .dice_commit import check_reveal, die_from
from .hidden import SecretPaths, apply_patch, mask, read_secrets
from .keys import verify_signature
from .pbem import Pbem, Proof, Record, StepError, dice_source, is_manual, run_action

if TYPE_CHECKING:
    from ..engine.game import Game


def check_send_opening(pbem: Pbem, game: Game, index: int) -> None:
    """Checks made when the replay reaches the first action of ``game.sends[index]``."""
    send = game.sends[index]
    player = pbem.players[send.side]
    previous = player.anchor or ""
    for earlier in game.sends[:index]:
        if earlier.side == send.side and earlier.reveal:
            previous = earlier.reveal
    if not send.reveal or not check_reveal(send.reveal, previous):
        raise StepError(N_("{side}'s dice seed revealed with this send is not the one committed "
                           "when the game started: the seed was swapped or the file edited",
                           side=pbem.name(game, send.side)))
    if index == 0 and send.prev != pbem.genesis(game):
        raise StepError(N_("the game header (players, keys, dice seed commitments, set-up) is "
                           "not the one the players signed: the header was edited"))
    expected_prev = (pbem.send_hash(game, game.sends[index - 1]) if index
                     else pbem.genesis(game))
    if send.prev != expected_prev:
        raise StepError(N_("this send does not follow the previous one: a send was removed, "
                           "reordered or edited"))
    if send.side in pbem.keys:
        own = pbem.chain(send.side).value(pbem.own_index(game, send.side, send.upto))
        if own.hex() != send.reveal:
            raise StepError(N_("the revealed dice seed is not this player's"))


def check_send_signature(pbem: Pbem, game: Game, send: Send) -> None:
    """The sender's signature over a send (checked at its last action)."""
    key = pbem.players[send.side].public_key or ""
    if not send.sig or not verify_signature(key, pbem.signed_message(game, send),
                                            send.sig):
        raise StepError(N_("{side}'s signature does not match these actions: they were changed "
                           "after they were sent", side=pbem.name(game, send.side)))


def replay_record(pbem: Pbem, game: Game, record: Record,
                  own: str | None) -> tuple[LogEntry, State, Proof]:
    """Check one recorded action against the view before it; return what it gives.

    ``own`` is the acting player's chain value for the action (``None`` when the
    action is not sent yet and the player is not this program's).
    """
    number = len(game.log) + 1
    try:
        action = Action.parse(record.action)
    except BoardappError as exc:
        raise StepError(N_("not an action: {exc}", exc=exc)) from exc
    if record.manual != is_manual(action):
        raise StepError(N_("the 'manual' mark does not match the action"))
    if record.side != record.by:
        raise StepError(N_("this action is recorded for {side} but played by {by}, who does not "
                           "hold that side: each player's program plays only its player's side "
                           "(the file was edited or written by another program)",
                           side=pbem.name(game, record.side), by=pbem.name(game, record.by)))
    view = game.state
    paths = pbem.paths(game, view)
    pub_before = mask(view, paths)
    pd = digest(pub_before)
    base = pbem.base(game, number, record.by, own, pd, action) if own else None
    by = record.by
    shown = None
    if by in pbem.keys:
        after, lines, dice, status, played = _replay_own(pbem, game, record, action, view,
                                                         paths, pub_before, base, number)
        if played != action:
            shown, action = record.action, played
    elif record.patch is None:
        after, lines, dice, status = _replay_public(pbem, game, record, action, view, base)
    else:
        after, lines, dice, status = _replay_hidden(pbem, game, record, action, view,
                                                    paths, base)
    public = pbem.public_digest(game, after)
    if public != record.public:
        raise StepError(N_("the public state after this action is not the one recorded: an "
                           "earlier action, a die or the hidden information was edited"))
    if own is None:  # not sent: its dice could not be derived from the seeds
        status = "pending"
    proof = Proof(by=by, public=record.public, text=list(record.text),
                  dice=list(record.dice), faces=list(record.faces), sealed=record.sealed,
                  patch=record.patch, status=status, shown=shown, log=record.log)
    entry = LogEntry(number, action, record.side, record.manual, lines, dice)
    return entry, after, proof


def _run_replay(pbem: Pbem, game: Game, view: State, action: Action, side: str,
                dice: DiceSource) -> tuple[State, Context]:
    try:
        return run_action(game, view, action, side, dice)
    except StepError:
        raise
    except BoardappError as exc:
        raise StepError(N_("'{v_text}' cannot be replayed: {exc}",
                           v_text=action.text(), exc=exc)) from exc
    except Exception as exc:
        raise StepError(N_("'{v_text}' cannot be replayed: the rules failed ({name}: {exc})",
                           v_text=action.text(), name=type(exc).__name__, exc=exc)) from exc


def _check_dice(ctx: Context, record: Record) -> None:
    if ctx.public_dice != record.dice or ctx.faces != record.faces:
        raise StepError(N_("the dice recorded ({dice}) are not the dice the players' committed "
                           "seeds give ({public_dice}): a die was edited", dice=record.dice,
                           public_dice=ctx.public_dice))


def _replay_own(pbem: Pbem, game: Game, record: Record, action: Action, view: State,
                paths: SecretPaths, pub_before: State, base: bytes | None,
                number: int) -> tuple[State, list[LogLine], list[int], str, Action]:
    by = record.by
    payload = pbem.open_seal(game, number, by, record.sealed) if record.sealed else None
    action = _sealed_words(pbem, game, view, action, payload)
    after, ctx = _run_replay(pbem, game, view, action, record.side,
                             dice_source(base, pbem.keys[by].private_dice_key,
                                         None if base else record.dice, None))
    _check_dice(ctx, record)
    private = [v for v, p in zip(ctx.dice, ctx.private_dice, strict=True) if p]
    mine_after = read_secrets(after, pbem.paths(game, after).get(by, []))
    if payload is None:
        if private or ctx.private_lines or mine_after != read_secrets(view,
                                                                      paths.get(by, [])):
            raise StepError(N_("this action changed hidden information but nothing was sealed: "
                               "the seal was removed"))
    else:
        if payload.get("dice") != private:
            raise StepError(N_("the private dice sealed are not the dice the seeds give"))
        if payload.get("secrets") != mine_after:
            raise StepError(N_("the sealed hidden information is not what the rules give"))
    if record.patch is not None:
        check = copy_state(pub_before)
        try:
            apply_patch(check, record.patch)
        except BoardappError as exc:
            raise StepError(N_("the public patch does not apply: {exc}", exc=exc)) from exc
        if pbem.public_digest(game, check) != record.public:
            raise StepError(N_("the public patch does not give the public state recorded"))
    return after, [*ctx.lines, *ctx.private_lines], list(ctx.dice), "replayed", action


def _sealed_words(pbem: Pbem, game: Game, view: State, shown: Action,
                  payload: dict[str, Any] | None) -> Action:
    """The action its own player played: the sealed words of a sealed choice (checked
    against what the file shows), else the action as shown."""
    words = payload.get("action") if payload is not None else None
    probe = Action(shown.verb, ("x",) * len(shown.args))
    if game.ruleset.public_action(view, probe) == probe:  # not a sealed verb
        if words is not None:
            raise StepError(N_("this action has sealed words but its verb is not sealed"))
        return shown
    if words is None:
        raise StepError(N_("this sealed action has no sealed words: the seal was removed"))
    try:
        action = Action.parse(words) if isinstance(words, str) else None
    except BoardappError:
        action = None
    if action is None or game.ruleset.public_action(view, action) != shown:
        raise StepError(N_("the sealed words of this action are not the action the file shows"))
    return action


def _replay_public(pbem: Pbem, game: Game, record: Record, action: Action, view: State,
                   base: bytes | None) -> tuple[State, list[LogLine], list[int], str]:
    dice = dice_source(base, None, None if base else record.dice, None)
    after, ctx = _run_replay(pbem, game, view, action, record.side, dice)
    _check_dice(ctx, record)
    return after, list(ctx.lines), list(ctx.dice), "replayed"


def _refuse_others_changed(pbem: Pbem, game: Game, by: str, view: State, after: State,
                           paths: SecretPaths) -> None:
    """A patch may change only its player's hidden information (it may create or drop a
    mapping that holds other players' secrets, leaving those as they were)."""
    paths_after = pbem.paths(game, after)
    for side in {*paths, *paths_after} - {by}:
        side_paths = [*paths.get(side, []), *paths_after.get(side, [])]
        if read_secrets(view, side_paths) != read_secrets(after, side_paths):
            raise StepError(N_("this action changes {side}'s hidden information, which only they "
                               "can do", side=pbem.name(game, side)))


def _replay_hidden(pbem: Pbem, game: Game, record: Record, action: Action, view: State,
                   paths: SecretPaths, base: bytes | None
                   ) -> tuple[State, list[LogLine], list[int], str]:
    by = record.by
    if not paths.get(by):
        raise StepError(N_("this action claims to use hidden information, but {by} has none here",
                           by=pbem.name(game, by)))
    assert record.patch is not None
    if base is not None:
        for j, (value, face) in enumerate(zip(record.dice, record.faces, strict=True)):
            if value is None:
                continue
            lo, _, hi = face.partition("-")
            sides = int(hi) - int(lo) + 1
            if sides < 2:
                raise StepError(N_("die {value} has faces {face}: not a die", value=j + 1,
                                   face=face))
            expected = die_from(base, j, sides, zero_based=lo == "0")
            if value != expected:
                raise StepError(N_("die {value} is recorded as {value2}, but the players' "
                                   "committed seeds give {expected}: a die was edited",
                                   value=j + 1, value2=value, expected=expected))
    after = copy_state(view)
    try:
        apply_patch(after, record.patch)
    except BoardappError as exc:
        raise StepError(N_("the public patch does not apply: {exc}", exc=exc)) from exc
    _refuse_others_changed(pbem, game, by, view, after, paths)
    lines = lines_from(record.text, record.log)
    return after, lines, [v for v in record.dice if v is not None], "sealed"
