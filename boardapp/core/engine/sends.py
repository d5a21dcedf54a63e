"""Sends: each time a player saves the game for the opponent ("Save for opponent",
"Email this game"), the file records who sent it and how far the log went.

From the sends, boardapp knows what each player last saw (the log up to their last
send) and so what is new to them: the summary of an email and the step-by-step replay
when the opponent opens the file. In a play-by-email game a send also reveals the
sender's next dice seed and carries the sender's signature over the actions it closes
(:mod:`boardapp.core.pbem.pbem`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def now_iso() -> str:
    """The current time, UTC, to the second, as ISO 8601 text."""
    from datetime import UTC, datetime  # (only here: opening a game needs no clock)

    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass
class Send:
    """One send: ``side`` sent the game with the log up to action ``upto``.

    The other fields exist in play-by-email games only: ``reveal`` is the sender's
    dice-chain value for this send, ``hashes`` the hash of every action the send closes,
    ``prev`` the hash of the previous send, ``retries`` how many times the sender's
    program saw dice rolled and then the turn played again differently, ``sig`` the
    sender's signature over all of it.
    """

    side: str
    upto: int
    at: str = ""
    reveal: str | None = None
    hashes: list[str] = field(default_factory=list)
    prev: str | None = None
    retries: int = 0
    sig: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The send as the game file stores it (PBEM fields only when present)."""
        out: dict[str, Any] = {"side": self.side, "upto": self.upto, "at": self.at}
        if self.reveal is not None:
            out.update(reveal=self.reveal, prev=self.prev, retries=self.retries,
                       hashes=list(self.hashes), sig=self.sig)
        return out

    def signed_part(self) -> dict[str, Any]:
        """What the signature covers: everything but the signature."""
        data = self.to_json()
        data.pop("sig", None)
        return data


def last_seen(sends: list[Send], side: str) -> int:
    """How many actions ``side`` has seen: the log length at its last send (0 if none)."""
    for send in reversed(sends):
        if send.side == side:
            return send.upto
    return 0


def first_of(sends: list[Send], index: int) -> int:
    """The number of the first action closed by ``sends[index]``."""
    return (sends[index - 1].upto if index > 0 else 0) + 1
