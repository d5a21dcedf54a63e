"""A player's keys in a play-by-email game, all derived from one secret of 32 bytes.

When a player creates or joins a game, boardapp draws a random *player secret*. The
game file keeps it in a *keybox*: encrypted (AES-256-GCM) with a key derived from the
player's passphrase by scrypt, so the opponent, who has the file, cannot read it. From
the secret come, by HMAC-SHA256 with a different label each:

- the seed of the player's dice hash chain (:mod:`boardapp.core.pbem.dice_commit`);
- the key that seals the player's hidden information (AES-256-GCM);
- the key of the player's private dice (draws nobody else may see);
- an Ed25519 signing key, whose public half is in the file header.

>>> keys = PlayerKeys(bytes(32))
>>> box = keys.seal(b"B-12", b"aad")
>>> keys.unseal(box, b"aad")
b'B-12'
>>> verify_signature(keys.public_key, b"turn 3", keys.sign(b"turn 3"))
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ..base.errors import BoardappError
from ..base.i18n import N_

SECRET_BYTES = 32
NONCE_BYTES = 12
KDF_N = 2 ** 15
"""scrypt cost of a new keybox (about 0.1 s and 32 MB); tests lower it."""
KDF_LIMITS = {"n": 2 ** 18, "r": 16, "p": 4}
"""The most a keybox read from a file may ask for (a hostile file must not hang us)."""
KDF_MAX_MEMORY = 1 << 28
"""scrypt uses 128 * r * n bytes: at most 256 MB."""


class PassphraseError(BoardappError):
    """A keybox that cannot be opened: wrong passphrase or damaged box."""


class SealError(BoardappError):
    """A sealed box that does not open with the owner's key (edited or damaged)."""


def random_secret() -> bytes:
    """A new player secret from the operating system's random source."""
    return os.urandom(SECRET_BYTES)


def _hmac(key: bytes, label: str) -> bytes:
    return hmac.new(key, label.encode("ascii"), hashlib.sha256).digest()


def b64(data: bytes) -> str:
    """Bytes as base64 text for the game file."""
    return base64.b64encode(data).decode("ascii")


def unb64(text: str) -> bytes:
    """Base64 text back to bytes; :class:`ValueError` if it is not base64."""
    return base64.b64decode(text.encode("ascii"), validate=True)


@dataclass(frozen=True)
class PlayerKeys:
    """Everything a player's program derives from the player secret."""

    secret: bytes

    @cached_property
    def chain_seed(self) -> bytes:
        """Seed of the player's dice hash chain."""
        return _hmac(self.secret, "boardapp/chain")

    @cached_property
    def seal_key(self) -> bytes:
        """AES-256-GCM key of the player's sealed hidden information."""
        return _hmac(self.secret, "boardapp/seal")

    @cached_property
    def private_dice_key(self) -> bytes:
        """Key of the player's private dice (secret draws)."""
        return _hmac(self.secret, "boardapp/private-dice")

    @cached_property
    def _signing(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(_hmac(self.secret, "boardapp/sign"))

    @cached_property
    def public_key(self) -> str:
        """The Ed25519 public key, hex, as the file header shows it."""
        raw = self._signing.public_key().public_bytes_raw()
        return raw.hex()

    def sign(self, message: bytes) -> str:
        """An Ed25519 signature of ``message``, hex."""
        return self._signing.sign(message).hex()

    def seal(self, plaintext: bytes, aad: bytes) -> str:
        """Encrypt ``plaintext`` to this player; ``aad`` binds it to its place in the game."""
        nonce = os.urandom(NONCE_BYTES)
        return b64(nonce + AESGCM(self.seal_key).encrypt(nonce, plaintext, aad))

    def unseal(self, box: str, aad: bytes) -> bytes:
        """Decrypt a box made by :meth:`seal`; :class:`SealError` if it was tampered with."""
        try:
            raw = unb64(box)
            return AESGCM(self.seal_key).decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], aad)
        except (ValueError, InvalidTag) as exc:
            raise SealError(N_("the sealed box does not open with its owner's key")) from exc


def verify_signature(public_key: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` (hex) is the signature of ``message`` by ``public_key`` (hex)."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key))
        key.verify(bytes.fromhex(signature), message)
    except (ValueError, InvalidSignature):
        return False
    return True


def _kdf(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=128 * r * n * 2 + (1 << 20), dklen=32)


def make_keybox(secret: bytes, passphrase: str, *, n: int | None = None) -> dict[str, Any]:
    """The player secret encrypted with ``passphrase`` (scrypt + AES-256-GCM)."""
    if not passphrase:
        raise PassphraseError(N_("the passphrase is empty"))
    n = n or KDF_N
    salt = os.urandom(16)
    key = _kdf(passphrase, salt, n, 8, 1)
    nonce = os.urandom(NONCE_BYTES)
    box = AESGCM(key).encrypt(nonce, secret, b"boardapp/keybox")
    return {"kdf": "scrypt", "n": n, "r": 8, "p": 1, "salt": b64(salt), "box": b64(nonce + box)}


def check_keybox(box: Any) -> str | None:
    """What is wrong with a keybox read from a file, or ``None``."""
    if not isinstance(box, dict) or box.get("kdf") != "scrypt":
        return "expected a keybox {\"kdf\": \"scrypt\", ...}"
    for name, limit in KDF_LIMITS.items():
        value = box.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
            return f"{name} must be a whole number from 1 to {limit}"
    if box["n"] & (box["n"] - 1) or box["n"] < 2:
        return "n must be a power of 2"
    if 128 * box["r"] * box["n"] > KDF_MAX_MEMORY:
        return "the key derivation asks for too much memory"
    for name in ("salt", "box"):
        value = box.get(name)
        try:
            if not isinstance(value, str) or len(unb64(value)) < 16:
                return f"{name} is not base64 text of at least 16 bytes"
        except ValueError:
            return f"{name} is not base64 text"
    return None


def open_keybox(box: dict[str, Any], passphrase: str) -> bytes:
    """The player secret in ``box``; :class:`PassphraseError` if the passphrase is wrong."""
    problem = check_keybox(box)
    if problem:
        raise PassphraseError(N_("damaged keybox: {problem}", problem=problem))
    key = _kdf(passphrase, unb64(box["salt"]), box["n"], box["r"], box["p"])
    raw = unb64(box["box"])
    try:
        secret = AESGCM(key).decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], b"boardapp/keybox")
    except InvalidTag as exc:
        raise PassphraseError(N_("wrong passphrase")) from exc
    if len(secret) != SECRET_BYTES:
        raise PassphraseError(N_("damaged keybox: the secret has the wrong size"))
    return secret
