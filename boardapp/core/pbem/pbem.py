"""Play by email: players' keys, committed dice, sealed hidden information, signed sends.

A play-by-email game is chosen when the game is created. Its file header names the
players; each player's slot holds, once the player has joined, the anchor of their dice
hash chain, their public signing key and their keybox (their secret, locked by their
passphrase). Nobody's program ever holds the whole state:

- each program holds a *view*: the public state plus the secrets of the players whose
  keys it has (normally one: its own player), the others' secrets as placeholders
  (:mod:`boardapp.core.pbem.hidden`);
- every action records the digest of the *public* state after it, which all programs
  compute alike, and the dice it rolled (:mod:`boardapp.core.pbem.dice_commit`);
- when an action changes the acting player's secrets (a card drawn or played) or rolls
  private dice, the new secrets are *sealed*: encrypted to that player, with a
  commitment (SHA-256 of the salted content) that anyone can see;
- when the opponent's program cannot replay an action because it depends on hidden
  information, the action also records its *public patch* (what changed in the public
  state), which the opponent applies and checks against the public digest. Such steps
  are fully checked once their owner opens their seal at the end of the game;
- a *send* closes the actions since the previous one: it reveals the sender's next
  chain value and carries the sender's Ed25519 signature over the hash of each action.

Rules for actions in a play-by-email game: only a player whose passphrase opened the
file adds actions; ``set-dice`` is refused; undo cannot go back past a send, a die roll
or a change of hidden information.

This module plays new actions and makes sends; :mod:`boardapp.core.pbem.pbem_verify` checks
the recorded ones when a file is opened, :mod:`boardapp.core.pbem.pbem_format` reads them.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import secrets as _random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..base.errors import BoardappError, IllegalActionError
from ..base.i18n import N_
from ..base.names import check_player_name
from ..engine.actions import Action, LogEntry, log_json
from ..engine.context import Context, DiceSource
from ..engine.game import Game, apply_to
from ..engine.manual import HANDLERS, NOT_MANUAL
from ..engine.sends import Send, now_iso
from ..engine.state import State, canonical, copy_state, digest
from .dice_commit import (
    CHAIN_LENGTH,
    HashChain,
    die_from,
    private_base,
    roll_base,
)
from .hidden import (
    HIDDEN,
    HiddenInfoError,
    SecretPaths,
    diff,
    mask,
    normalise_paths,
    read_secrets,
)
from .keys import PlayerKeys, SealError, make_keybox, open_keybox, random_secret

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from .ledger import Ledger

ALT_TOKEN = "\u00bf"
"""A second placeholder, to test whether an action reads other players' secrets."""


class StepError(BoardappError):
    """A recorded action that does not check out; the loader adds the file and place."""


class KeyMismatchError(BoardappError):
    """A player's key that does not match the file header (the header was edited)."""

    def __init__(self, side: str) -> None:
        self.side = side
        super().__init__(f"the key of {side} does not match the keys in the file header: "
                         "the header was edited")


@dataclass
class Player:
    """A player of a play-by-email game, as the file header describes them."""

    side: str
    name: str
    anchor: str | None = None
    public_key: str | None = None
    keybox: dict[str, Any] | None = None
    chain_length: int = CHAIN_LENGTH
    opened: str | None = None
    """The player's secret, published by the player at the end of the game."""

    @property
    def joined(self) -> bool:
        """Whether the player has joined (their keys are in the header)."""
        return self.anchor is not None

    def header_part(self) -> dict[str, Any]:
        """What the game's genesis hash covers (everything but ``opened``)."""
        return {"side": self.side, "name": self.name, "anchor": self.anchor,
                "public_key": self.public_key, "keybox": self.keybox,
                "chain_length": self.chain_length}

    def to_json(self) -> dict[str, Any]:
        """The player as the file header stores it."""
        out = self.header_part()
        if self.opened is not None:
            out["opened"] = self.opened
        return out


@dataclass
class Proof:
    """What a play-by-email action records besides its text (see the module doc).

    ``status`` says how this program checked it: ``replayed`` (rules and dice),
    ``sealed`` (public patch and public dice only: the rest is checked when its owner
    opens their seal), ``pending`` (not yet sent: its dice are checked when it is).
    """

    by: str
    public: str
    text: list[str]
    dice: list[int | None]
    faces: list[str]
    sealed: dict[str, str] | None = None
    patch: list[dict[str, Any]] | None = None
    status: str = "replayed"
    shown: str | None = None
    """The action as the file shows it when its words are sealed (``commit ?``)."""
    log: list[Any] | None = None
    """The lines as messages (``"log"`` in the file; ``None``: text only, as before)."""


@dataclass
class Record:
    """An action as read from a play-by-email file (already checked for shape)."""

    action: str
    side: str
    manual: bool
    text: list[str]
    dice: list[int | None]
    faces: list[str]
    by: str
    public: str
    sealed: dict[str, str] | None = None
    patch: list[dict[str, Any]] | None = None
    raw: dict[str, Any] = field(default_factory=dict)
    log: list[Any] | None = None
    """The lines as messages, when the file has them (drawn in the reader's language)."""


def new_game_id() -> str:
    """A random id for a new play-by-email game."""
    return _random.token_hex(8)


def seed_for(game_id: str) -> int:
    """The set-up seed of a play-by-email game (public: the set-up is public)."""
    return int.from_bytes(hashlib.sha256(f"boardapp-setup/{game_id}".encode()).digest()[:8],
                          "big") >> 2


def run_action(game: Game, state: State, action: Action, side: str,
               dice: DiceSource | None) -> tuple[State, Context]:
    """Apply ``action`` to a copy of ``state``; return the new state and the context."""
    work = copy_state(state)
    ctx = Context(work, side, manual=is_manual(action), dice=dice)
    apply_to(game.ruleset, work, action, ctx)
    return work, ctx


def is_manual(action: Action) -> bool:
    """Whether ``action`` is a manual correction (logged "by hand")."""
    return action.verb in HANDLERS and action.verb not in NOT_MANUAL


def dice_source(base: bytes | None, private_key: bytes | None,
                 recorded: list[int | None] | None, faces: list[str] | None) -> DiceSource:
    """Where the dice of one action come from.

    Derived from ``base`` (and the private key for private dice); or, for actions not yet
    sent by another player, the values the file records (``recorded``), checked only
    against the die's faces.
    """
    counter = itertools.count()

    def source(sides: int, zero_based: bool, private: bool) -> int:
        j = next(counter)
        if recorded is not None:
            if j >= len(recorded) or recorded[j] is None:
                raise HiddenInfoError(N_("die {value} is private to the player who rolled it",
                                         value=j + 1))
            value = recorded[j]
            assert value is not None
            lo, hi = (0, sides - 1) if zero_based else (1, sides)
            if not lo <= value <= hi:
                raise StepError(N_("die {value} is recorded as {value2}, not a face of a d{sides}",
                                   value=j + 1, value2=value, sides=sides))
            return value
        if base is None:
            raise HiddenInfoError(N_("the dice of this action cannot be derived here"))
        if private:
            if private_key is None:
                raise HiddenInfoError(N_("die {value} is private to the player who rolled it",
                                         value=j + 1))
            return die_from(private_base(base, private_key), j, sides, zero_based=zero_based)
        return die_from(base, j, sides, zero_based=zero_based)

    return source


class Pbem:
    """The play-by-email side of a :class:`Game`: header, keys, proofs, sends (the
    game's :class:`~boardapp.core.engine.runner.ActionRunner`)."""

    def __init__(self, game_id: str, players: Iterable[Player]) -> None:
        self.game_id = game_id
        self.players: dict[str, Player] = {p.side: p for p in players}
        self.keys: dict[str, PlayerKeys] = {}
        self.me: str | None = None
        self.proofs: list[Proof] = []
        self.ledger: Ledger | None = None
        self._chains: dict[str, HashChain] = {}

    # -- identity ------------------------------------------------------------------------
    @property
    def all_joined(self) -> bool:
        """Whether every player has joined."""
        return all(p.joined for p in self.players.values())

    @property
    def visible(self) -> set[str]:
        """The sides whose secrets this program can see."""
        return set(self.keys)

    def genesis(self, game: Game) -> str:
        """The hash of the game's header: what every action and send is bound to."""
        data = {"format": "boardapp-pbem/1", "game_id": self.game_id,
                "ruleset": game.ruleset.id, "scenario": game.scenario, "seed": game.seed,
                "players": [p.header_part() for p in self.players.values()]}
        return hashlib.sha256(canonical(data).encode("ascii")).hexdigest()

    def name(self, game: Game, side: str) -> str:
        """``"Blue (Bob)"``: the side's name and the player's."""
        try:
            side_name = game.ruleset.side(side).name
        except KeyError:
            side_name = side
        player = self.players.get(side)
        return f"{side_name} ({player.name})" if player and player.name else side_name

    def chain(self, side: str) -> HashChain:
        """The hash chain of an unlocked player (computed once)."""
        if side not in self._chains:
            self._chains[side] = HashChain(self.keys[side].chain_seed,
                                           self.players[side].chain_length)
        return self._chains[side]

    def add_keys(self, side: str, keys: PlayerKeys, *, me: bool = False) -> None:
        """Use ``keys`` for ``side``; refuse keys that do not match the header."""
        player = self.players[side]
        chain = HashChain(keys.chain_seed, player.chain_length)
        if player.anchor != chain.anchor.hex() or player.public_key != keys.public_key:
            raise KeyMismatchError(side)
        self.keys[side] = keys
        self._chains[side] = chain
        if me:
            self.me = side

    def unlock(self, passphrase: str, side: str | None = None) -> str:
        """Open a player's keybox with ``passphrase`` (trying each player if ``side`` is
        ``None``); that player becomes the local player. Return the side."""
        from .keys import PassphraseError

        candidates = [side] if side else [s for s, p in self.players.items() if p.keybox]
        for candidate in candidates:
            player = self.players.get(candidate)
            if player is None or player.keybox is None:
                raise PassphraseError(N_("no player {candidate} has joined this game",
                                         candidate=repr(candidate)))
            try:
                secret = open_keybox(player.keybox, passphrase)
            except PassphraseError:
                continue
            self.add_keys(candidate, PlayerKeys(secret), me=True)
            return candidate
        who = f"the {side} player" if side else "any player of this game"
        raise PassphraseError(N_("wrong passphrase for {who}", who=who))

    # -- views -----------------------------------------------------------------------------
    def paths(self, game: Game, state: State) -> SecretPaths:
        """The ruleset's secret paths in ``state``, checked."""
        return normalise_paths(game.ruleset.hidden_paths(state),
                               [s.id for s in game.ruleset.sides])

    def public(self, game: Game, state: State) -> State:
        """``state`` with every side's secrets hidden."""
        return mask(state, self.paths(game, state))

    def public_digest(self, game: Game, state: State) -> str:
        """The digest every program agrees on."""
        return digest(self.public(game, state))

    def view(self, game: Game, state: State) -> State:
        """``state`` as this program may see it."""
        return mask(state, self.paths(game, state), self.visible)

    # -- dice ------------------------------------------------------------------------------
    def _sends_before(self, game: Game, number: int) -> list[Send]:
        return [s for s in game.sends if s.upto < number]

    def own_index(self, game: Game, side: str, number: int) -> int:
        """Which of ``side``'s chain values action ``number`` (by ``side``) uses."""
        return 1 + sum(1 for s in self._sends_before(game, number) if s.side == side)

    def others_values(self, game: Game, side: str, number: int) -> dict[str, str]:
        """Every other player's latest revealed chain value before action ``number``."""
        out: dict[str, str] = {}
        for other, player in self.players.items():
            if other == side:
                continue
            value = player.anchor or ""
            for send in self._sends_before(game, number):
                if send.side == other and send.reveal:
                    value = send.reveal
            out[other] = value
        return out

    def base(self, game: Game, number: int, side: str, own: str, public_digest: str,
             action: Action) -> bytes:
        """The material of the dice of action ``number`` by player ``side``."""
        return roll_base(self.genesis(game), number, side, own,
                         self.others_values(game, side, number), public_digest,
                         action.text())

    # -- playing ---------------------------------------------------------------------------
    def unsent_by_others(self, game: Game) -> tuple[str, int, int] | None:
        """``(side, first, last)``: the actions another player played and saved without
        sending them (the file was mailed without a send), if any. Nobody else may play
        on until that player sends them: the file could not be opened again."""
        start = game.sends[-1].upto if game.sends else 0
        others = [i for i in range(start, len(game.log)) if self.proofs[i].by != self.me]
        if not others:
            return None
        return self.proofs[others[0]].by, others[0] + 1, others[-1] + 1

    def why_not_playing(self, game: Game) -> str:
        """Why the local player cannot play now ("" if they can)."""
        if not self.all_joined:
            waiting = ", ".join(self.name(game, s) for s, p in self.players.items()
                                if not p.joined)
            return N_("waiting for {waiting} to join: send them the game file",
                      waiting=waiting)
        if self.me is None:
            return N_("this play-by-email game is open without a passphrase: open it with "
                      "yours to play")
        unsent = self.unsent_by_others(game)
        if unsent is not None:
            side, first, last = unsent
            who = self.name(game, side)
            if first == last:
                return N_("{who} played action {first} and saved the file without sending "
                          "it: nobody can play on until they do. Ask {who} to open their "
                          "file, send it (Save for the others, or 'boardapp send FILE') and "
                          "mail it to you again", who=who, first=first)
            return N_("{who} played actions {first}-{last} and saved the file without "
                      "sending them: nobody can play on until they do. Ask {who} to open "
                      "their file, send it (Save for the others, or 'boardapp send FILE') "
                      "and mail it to you again", who=who, first=first, last=last)
        return ""

    def check_can_play(self, game: Game, action: Action) -> str:
        """The local player, if they may add ``action`` now; otherwise say why not."""
        reason = self.why_not_playing(game)
        if reason:
            raise BoardappError(reason)
        assert self.me is not None
        if action.verb == "set-dice":
            raise IllegalActionError(N_("dice cannot be set by hand in a play-by-email game: "
                                        "they come from every player's committed seeds"))
        return self.me

    def play(self, game: Game, action: Action, side: str) -> tuple[LogEntry, State]:
        """Apply a new action of the local player; return its entry and the new view.

        The action of a sealed verb (a sealed choice) is recorded as the others may read
        it (``commit ?``); its words are sealed with the player's hidden information."""
        me = self.check_can_play(game, action)
        if side != me:
            raise IllegalActionError(N_("you play {me}: the decisions of {side} are made by "
                                        "their program", me=self.name(game, me),
                                        side=self.name(game, side)))
        number = len(game.log) + 1
        view = game.state
        shown = game.ruleset.public_action(view, action)
        paths = self.paths(game, view)
        pub_before = mask(view, paths)
        pd = digest(pub_before)
        own = self.chain(me).value(self.own_index(game, me, number)).hex()
        base = self.base(game, number, me, own, pd, shown)
        owner_dice = self.keys[me].private_dice_key
        after, ctx = self._run_checked(game, view, action, side, base, owner_dice)
        paths_after = self.paths(game, after)
        self._refuse_others_secrets(game, me, view, after, paths)
        self._refuse_if_reads_others(game, me, view, action, side, base, owner_dice, paths,
                                     after, ctx)
        pub_after = mask(after, paths_after)
        hidden = shown != action or self._is_hidden(game, pub_before, pub_after, action,
                                                    side, base, ctx)
        sealed = self._seal(game, me, number, view, after, paths, paths_after, ctx,
                            action if shown != action else None)
        proof = Proof(by=me, public=digest(pub_after), text=[x.source() for x in ctx.lines],
                      log=log_json(ctx.lines),
                      dice=ctx.public_dice, faces=list(ctx.faces), sealed=sealed,
                      patch=diff(pub_before, pub_after) if hidden else None, status="pending",
                      shown=shown.text() if shown != action else None)
        if self.ledger is not None:
            self.ledger.note_action(self, game, number, pd, shown.text(), bool(ctx.dice))
        self.proofs.append(proof)
        entry = LogEntry(number, action, side, is_manual(action),
                         [*ctx.lines, *ctx.private_lines], list(ctx.dice))
        return entry, after

    def _run_checked(self, game: Game, view: State, action: Action, side: str, base: bytes,
                     private_key: bytes) -> tuple[State, Context]:
        try:
            return run_action(game, view, action, side, dice_source(base, private_key,
                                                                     None, None))
        except BoardappError:
            raise
        except Exception as exc:  # rules tripping over a placeholder
            raise HiddenInfoError(N_("'{v_text}' failed in the rules ({name}: {exc}); by email "
                                     "this happens when an action needs hidden information this "
                                     "program does not have", v_text=action.text(),
                                     name=type(exc).__name__, exc=exc)) from exc

    def _refuse_others_secrets(self, game: Game, me: str, view: State, after: State,
                               paths: SecretPaths) -> None:
        for other, other_paths in paths.items():
            if other != me and read_secrets(view, other_paths) != read_secrets(after,
                                                                               other_paths):
                raise HiddenInfoError(N_("this action changes the hidden information of {other}: "
                                         "they must play it", other=self.name(game, other)))

    def _refuse_if_reads_others(self, game: Game, me: str, view: State, action: Action,
                                side: str, base: bytes, private_key: bytes,
                                paths: SecretPaths, after: State, ctx: Context) -> None:
        others = {s: p for s, p in paths.items() if s != me}
        if not any(HIDDEN in json.dumps(read_secrets(view, p)) for p in others.values()):
            return  # nothing hidden to depend on
        alt = mask(view, paths, visible={me}, token=ALT_TOKEN)
        try:
            alt_after, alt_ctx = run_action(game, alt, action, side,
                                            dice_source(base, private_key, None, None))
            same = (self.public_digest(game, alt_after) == self.public_digest(game, after)
                    and alt_ctx.dice == ctx.dice
                    and [x.source() for x in alt_ctx.lines] == [x.source() for x in ctx.lines])
        except Exception:
            same = False
        if not same:
            names = ", ".join(self.name(game, s) for s in others)
            raise HiddenInfoError(N_("'{v_text}' depends on the hidden information of {names}, "
                                     "which only their program can see: they must play it",
                                     v_text=action.text(), names=names))

    def _is_hidden(self, game: Game, pub_before: State, pub_after: State, action: Action,
                   side: str, base: bytes, ctx: Context) -> bool:
        """Whether the opponent's program could not replay this action by itself."""
        try:
            sim, sim_ctx = run_action(game, pub_before, action, side,
                                      dice_source(base, None, None, None))
        except Exception:
            return True
        return (self.public_digest(game, sim) != digest(pub_after)
                or sim_ctx.public_dice != ctx.public_dice
                or [x.source() for x in sim_ctx.lines] != [x.source() for x in ctx.lines])

    def _seal(self, game: Game, me: str, number: int, view: State, after: State,
              paths: SecretPaths, paths_after: SecretPaths, ctx: Context,
              sealed_action: Action | None = None) -> dict[str, str] | None:
        mine_before = read_secrets(view, paths.get(me, []))
        mine_after = read_secrets(after, paths_after.get(me, []))
        private = [v for v, p in zip(ctx.dice, ctx.private_dice, strict=True) if p]
        if (mine_after == mine_before and not private and not ctx.private_lines
                and sealed_action is None):
            return None
        payload = {"salt": os.urandom(16).hex(), "secrets": mine_after, "dice": private,
                   "lines": [x.source() for x in ctx.private_lines]}
        if sealed_action is not None:
            payload["action"] = sealed_action.text()
        plaintext = canonical(payload).encode("ascii")
        commit = hashlib.sha256(plaintext).hexdigest()
        box = self.keys[me].seal(plaintext, self._aad(game, number, commit))
        return {"commit": commit, "box": box}

    def _aad(self, game: Game, number: int, commit: str) -> bytes:
        return f"{self.genesis(game)}|{number}|{commit}".encode("ascii")

    def open_seal(self, game: Game, number: int, side: str,
                  sealed: dict[str, str]) -> dict[str, Any]:
        """The content of a sealed box of ``side`` (whose key this program has)."""
        try:
            plaintext = self.keys[side].unseal(sealed["box"],
                                               self._aad(game, number, sealed["commit"]))
        except SealError as exc:
            raise StepError(N_("{side}'s sealed hidden information does not open: it was edited "
                               "or belongs to another action", side=self.name(game, side))) from exc
        if hashlib.sha256(plaintext).hexdigest() != sealed["commit"]:
            raise StepError(N_("the sealed hidden information does not match its commitment"))
        payload = json.loads(plaintext)
        if not isinstance(payload, dict):
            raise StepError(N_("the sealed hidden information is damaged"))
        return payload

    def took_back(self, game: Game) -> None:
        """The last action was taken back: forget its proof."""
        self.proofs.pop()

    def undo_floor(self, game: Game) -> int:
        """How far back undo may go: not past a send, a die roll, a change of secrets or
        another player's action (not sent: only their program may take it back)."""
        floor = game.sends[-1].upto if game.sends else 0
        for i in range(len(game.log) - 1, floor - 1, -1):
            if game.log[i].dice or self.proofs[i].sealed or self.proofs[i].by != self.me:
                return i + 1
        return floor

    # -- sends -----------------------------------------------------------------------------
    def entry_json(self, game: Game, index: int) -> dict[str, Any]:
        """Action ``index`` (0-based) as the file stores it."""
        entry, proof = game.log[index], self.proofs[index]
        out: dict[str, Any] = {"n": entry.number,
                               "action": proof.shown or entry.action.text(),
                               "side": entry.side, "manual": entry.manual,
                               "text": list(proof.text), "dice": list(proof.dice),
                               "faces": list(proof.faces), "by": proof.by,
                               "public": proof.public}
        if proof.sealed is not None:
            out["sealed"] = dict(proof.sealed)
        if proof.patch is not None:
            out["patch"] = proof.patch
        if proof.log is not None:
            out["log"] = list(proof.log)
        return out

    def entry_hash(self, game: Game, data: Mapping[str, Any]) -> str:
        """The hash a send signs for one action (128 bits of SHA-256)."""
        text = self.genesis(game) + canonical(dict(data))
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]

    def send_hash(self, game: Game, send: Send) -> str:
        """The hash the next send points back to."""
        text = self.genesis(game) + canonical(send.to_json())
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def signed_message(self, game: Game, send: Send) -> bytes:
        """The bytes a send's signature covers."""
        return (self.genesis(game) + canonical(send.signed_part())).encode("ascii")

    def make_send(self, game: Game) -> Send | None:
        """Close the local player's actions since the last send (``None`` if none)."""
        me = self.me
        if me is None:
            raise BoardappError(N_("only a player (with their passphrase) can send the game"))
        start = game.sends[-1].upto if game.sends else 0
        if len(game.log) == start:
            return None
        index = self.own_index(game, me, len(game.log))
        retries = self.ledger.retries(self, index) if self.ledger is not None else 0
        send = Send(side=me, upto=len(game.log), at=now_iso(),
                    reveal=self.chain(me).value(index).hex(),
                    hashes=[self.entry_hash(game, self.entry_json(game, i))
                            for i in range(start, len(game.log))],
                    prev=self.send_hash(game, game.sends[-1]) if game.sends
                    else self.genesis(game),
                    retries=retries)
        send.sig = self.keys[me].sign(self.signed_message(game, send))
        for proof in self.proofs[start:]:
            proof.status = "replayed"
        if self.ledger is not None:
            self.ledger.record_sends(self, game, [*game.sends, send])
        return send

# -- creating and joining -------------------------------------------------------------------
def player_sides(game: Game) -> list[str]:
    """The sides a player can take: the sides playing the game (chosen at its set-up,
    else the scenario's, else the ruleset's playable sides)."""
    return game.ruleset.playing_sides(game.state)


def _new_keys(player: Player, passphrase: str, kdf_n: int | None) -> PlayerKeys:
    keys = PlayerKeys(random_secret())
    player.keybox = make_keybox(keys.secret, passphrase, n=kdf_n)
    player.anchor = HashChain(keys.chain_seed, player.chain_length).anchor.hex()
    player.public_key = keys.public_key
    return keys


def new_pbem_game(ruleset: Ruleset, scenario: str | None, players: Mapping[str, str],
                  me: str, passphrase: str, *, kdf_n: int | None = None,
                  chain_length: int = CHAIN_LENGTH) -> Game:
    """A new play-by-email game; the local player ``me`` joins with ``passphrase``.

    ``players`` maps each playing side to the player's name (where the scenario lets
    the set-up choose its sides, the game is set up for theirs). The others join with
    :func:`join_pbem` when they receive the file. The set-up seed is public (derived
    from the game id): anything random at the start must be done by a first action,
    whose dice are committed like every other.
    """
    game_id = new_game_id()
    scenario = scenario or ruleset.default_scenario
    info = ruleset.scenarios().get(scenario)
    chosen = None
    if info is not None and info.min_sides is not None:  # the players are the sides
        chosen = [s for s in ruleset.scenario_sides(scenario) if s in players]
    game = Game(ruleset, scenario, seed_for(game_id), sides=chosen)
    sides = player_sides(game)
    unknown = [s for s in players if s not in sides]
    if unknown or len(players) < 2:
        if unknown:
            raise BoardappError(N_("name at least two players among the sides {sides} "
                                   "(unknown: {unknown})", sides=", ".join(sides),
                                   unknown=", ".join(unknown)))
        raise BoardappError(N_("name at least two players among the sides {sides}",
                               sides=", ".join(sides)))
    if me not in players:
        raise BoardappError(N_("you ({me}) must be one of the players", me=me))
    for side, name in players.items():
        check_player_name(name, N_("the player of {side}", side=side))
    pbem = Pbem(game_id, [Player(side, str(players[side]), chain_length=chain_length)
                 for side in sides if side in players])
    keys = _new_keys(pbem.players[me], passphrase, kdf_n)
    pbem.add_keys(me, keys, me=True)
    game.pbem = pbem
    game.refresh_views()
    return game


def join_pbem(game: Game, side: str, passphrase: str, *, kdf_n: int | None = None) -> None:
    """The player of ``side`` joins the game received by email."""
    pbem = game.pbem
    if pbem is None:
        raise BoardappError(N_("this is not a play-by-email game"))
    player = pbem.players.get(side)
    if player is None:
        raise BoardappError(N_("{side} is not a player of this game (players: {players})",
                               side=side, players=', '.join(pbem.players)))
    if player.joined:
        raise BoardappError(N_("{side} has already joined", side=pbem.name(game, side)))
    for other in pbem.players.values():
        check_player_name(other.name, N_("the player of {side}", side=other.side))
    keys = _new_keys(player, passphrase, kdf_n)
    pbem.keys.clear()
    pbem._chains.clear()
    pbem.add_keys(side, keys, me=True)
    game.refresh_views()


def open_seals(game: Game) -> None:
    """Publish the local player's secret (game over): everyone can check everything."""
    pbem = game.pbem
    if pbem is None or pbem.me is None:
        raise BoardappError(N_("only a player of a play-by-email game can open their seal"))
    pbem.players[pbem.me].opened = pbem.keys[pbem.me].secret.hex()
