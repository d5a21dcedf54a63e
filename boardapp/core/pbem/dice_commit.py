"""Committed dice for play by email: hash chains, and rolls derived from both players.

Each player has a *hash chain*: from a secret seed, ``v[L] = H(seed)`` and
``v[i] = H(v[i+1])`` down to ``v[0]``, the *anchor*, published in the file header when
the player joins. Each time the player sends the game, the next value ``v[1]``,
``v[2]``... is revealed; anyone checks ``H(v[k]) == v[k-1]``, but nobody can compute
``v[k]`` before it is revealed, and the player cannot choose it: the anchor fixed it.

A die rolled by a player's action is derived (SHA-256) from:

- the player's own value for this turn, not yet revealed (so the opponent cannot
  predict the roll);
- every other player's latest revealed value (so the player could not know the roll
  before the opponent's last file arrived);
- the game, the action's number and text, the die's number within the action, and the
  digest of the public state before the action (so the same action in the same position
  always gives the same dice: reloading an older file and playing again re-rolls
  nothing).

Private dice (secret draws) additionally pass through an HMAC with the player's private
dice key: the opponent can check them only once the player opens their seal.

>>> seed = bytes(32)
>>> chain = HashChain(seed, 8)
>>> check_reveal(chain.value(2).hex(), chain.value(1).hex())
True
>>> base = roll_base("g", 1, "red", chain.value(1).hex(), {"blue": "00"}, "d", "roll")
>>> die_from(base, 0, 10, zero_based=True) == die_from(base, 0, 10, zero_based=True)
True
"""

from __future__ import annotations

import hashlib
import hmac
import json

from ..base.errors import BoardappError
from ..base.i18n import N_

CHAIN_LENGTH = 4096
"""Values per player: one is used each time the player sends the game."""
MAX_CHAIN_LENGTH = 1 << 16
ROLL_LABEL = "boardapp-dice/1"


def _h(data: bytes) -> bytes:
    return hashlib.sha256(b"boardapp-chain/1" + data).digest()


class HashChain:
    """A player's hash chain, computed once from the seed (owner only)."""

    def __init__(self, seed: bytes, length: int = CHAIN_LENGTH) -> None:
        values = [_h(seed)]
        for _ in range(length):
            values.append(_h(values[-1]))
        values.reverse()  # values[0] is the anchor, values[length] = H(seed)
        self.length = length
        self._values = values

    @property
    def anchor(self) -> bytes:
        """The value published when the player joins."""
        return self._values[0]

    def value(self, index: int) -> bytes:
        """The value revealed by the player's ``index``-th send (0 is the anchor)."""
        if not 0 <= index <= self.length:
            raise BoardappError(N_("this game has used all {length} dice seeds of a player (one "
                                   "per send): start a new game file to go on",
                                   length=self.length))
        return self._values[index]


def check_reveal(value_hex: str, previous_hex: str) -> bool:
    """Whether ``value`` is the chain value that comes after ``previous``."""
    try:
        return _h(bytes.fromhex(value_hex)) == bytes.fromhex(previous_hex)
    except ValueError:
        return False


def roll_base(genesis: str, number: int, player: str, own: str, others: dict[str, str],
              public_digest: str, action_text: str) -> bytes:
    """The material every die of action ``number`` is derived from.

    ``own`` is the acting player's chain value for this turn, ``others`` each other
    player's latest revealed value, ``public_digest`` the digest of the public state
    before the action.
    """
    material = [ROLL_LABEL, genesis, number, player, own, sorted(others.items()),
                public_digest, action_text]
    text = json.dumps(material, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).digest()


def private_base(base: bytes, private_key: bytes) -> bytes:
    """The material of a private die: only the owner of ``private_key`` can compute it."""
    return hmac.new(private_key, base, hashlib.sha256).digest()


def die_from(base: bytes, index: int, sides: int, *, zero_based: bool = False) -> int:
    """Die number ``index`` of an action, from its material; every face equally likely."""
    if sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides}")
    limit = (1 << 64) - ((1 << 64) % sides)
    counter = 0
    while True:
        block = hashlib.sha256(base + index.to_bytes(4, "big") + counter.to_bytes(4, "big"))
        value = int.from_bytes(block.digest()[:8], "big")
        if value < limit:
            face = value % sides
            return face if zero_based else face + 1
        counter += 1
