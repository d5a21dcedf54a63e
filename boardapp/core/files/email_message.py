"""The email that sends a game: an ``.eml`` message with the game file attached.

"Email this game" records a send and saves the file (:func:`save_for_opponent`), then
writes a message the user's mail program opens (or that any program can send): the
subject says the game, the turn and who is to play; the body lists what happened since
the other players last saw the game (only what the file shows everyone); it goes to
every other player (several addresses); the attachment is the game file, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from email import policy
from email.headerregistry import Address, HeaderRegistry
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

from ... import __version__
from ..base.atomic import atomic_write_bytes
from ..base.errors import BoardappError, quote
from ..base.i18n import N_
from ..engine.game import Game
from .gamefile import save_for_opponent
from .history import (
    players_other_than,
    side_name,
    since_last_seen,
    summary_since,
    to_play,
    turn_text,
)

_HEADERS = HeaderRegistry()


def email_subject(game: Game) -> str:
    """E.g. "boardapp: Some Game, turn 2 (1342), Blue (Bob) to play"."""
    parts = [game.ruleset.name, turn_text(game)]
    if game.state.get("phase") == "over":
        parts.append(N_("game over"))
    else:
        parts.append(N_("{side} to play", side=to_play(game)))
    return "boardapp: " + ", ".join(str(p) for p in parts if p)


def sender_of(game: Game, side: str | None = None) -> str:
    """Who sends: ``side``, the local player by email, else the side of the last action."""
    if side:
        return side
    if game.pbem is not None and game.pbem.me:
        return game.pbem.me
    if game.log:
        return game.log[-1].side
    return str(game.state.get("active", ""))


def email_body(game: Game, sender: str, file_name: str) -> str:
    """The message text: what happened since the other players last saw the game."""
    others = players_other_than(game, sender)
    since = min((since_last_seen(game, o) for o in others), default=0)
    to = ("you" if len(others) < 2 else
          ", ".join(side_name(game, o) for o in others[:-1])
          + f" and {side_name(game, others[-1])}")
    out = [f"{side_name(game, sender)} sends {to} the game: "
           f"{game.ruleset.title(game.state)}.", ""]
    news = summary_since(game, since)
    if news:
        seen = f"action {since}" if since else "the start"
        out.append(f"Since you last saw the game ({seen}):")
        out.append("")
        out.extend(news)
    else:
        out.append("Nothing was played since you last saw the game.")
    prompt = game.ruleset.prompt(game.state)
    out += ["", f"Now: {to_play(game)} to play." + (f" {prompt}" if prompt else "")]
    out += ["", f"Open the attached file {file_name} with boardapp to see these actions "
                "step by step."]
    if game.pbem is not None:
        out.append("boardapp checks every action, die roll, seed and signature when it "
                   "opens the file.")
    out += ["", f"-- boardapp {__version__}"]
    return "\n".join(out) + "\n"


LOCAL_ADDRESS = "boardapp@localhost"
"""The From address when the player gives none (their mail program puts theirs)."""


def one_line(text: str) -> str:
    """``text`` without control characters or line breaks (for a header)."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


def parse_addresses(text: str | Sequence[str] | None, what: str) -> tuple[Address, ...]:
    """The addresses written in ``text`` (``Name <a@b.example>, c@d.example``; or a list
    of such texts) as :class:`~email.headerregistry.Address` objects; raise
    :class:`BoardappError` naming ``what`` if one is not a plain address."""
    if text is None:
        return ()
    texts = [t for t in ([text] if isinstance(text, str) else list(text)) if t.strip()]
    found: list[Address] = []
    for item in texts:
        if any(not ch.isprintable() for ch in item):
            raise BoardappError(N_("{what} {item}: an address is one line, without control "
                                   "characters", what=what, item=quote(item)))
        parsed = _HEADERS("to", item)
        if parsed.defects or not parsed.addresses:
            raise BoardappError(N_("{what} {item} is not an email address (write "
                                   "name@example.org or Name <name@example.org>)", what=what,
                                   item=quote(item)))
        for address in parsed.addresses:
            if not (address.username and address.domain) or \
                    any(ch in address.addr_spec for ch in ' <>(),;:"\\[]'):
                raise BoardappError(N_("{what} {item} is not an email address (write "
                                       "name@example.org or Name <name@example.org>)", what=what,
                                       item=quote(item)))
            try:
                found.append(Address(display_name=one_line(address.display_name),
                                     username=address.username, domain=address.domain))
            except (ValueError, IndexError) as exc:
                raise BoardappError(N_("{what} {item} is not an email address: {exc}", what=what,
                                       item=quote(item), exc=exc)) from exc
    return tuple(found)


def email_headers(game: Game, *, sender: str | None = None,
                  to: str | Sequence[str] | None = None,
                  from_addr: str | None = None) -> dict[str, Any]:
    """The message's Subject, From and To, built from address objects (a name or an
    address can never add a recipient or a header); :class:`BoardappError` if an
    address given is not one."""
    side = sender_of(game, sender)
    if from_addr:
        sender_addresses = parse_addresses(from_addr, N_("the sender's address"))
        if len(sender_addresses) != 1:
            raise BoardappError(N_("the sender's address {from_addr} must be one address",
                                   from_addr=quote(from_addr)))
    else:
        sender_addresses = (Address(display_name=one_line(side_name(game, side)),
                                    addr_spec=LOCAL_ADDRESS),)
    headers: dict[str, Any] = {"Subject": one_line(email_subject(game)),
                               "From": sender_addresses}
    to_addresses = parse_addresses(to, N_("the recipient's address")) if to else ()
    if to_addresses:
        headers["To"] = to_addresses
    return headers


def recipients(to: str | Sequence[str] | None) -> list[str]:
    """The addresses of ``to``: one text with addresses separated by commas, or several."""
    items = [to] if isinstance(to, str) else list(to or [])
    return [a.strip() for item in items for a in item.split(",") if a.strip()]


def build_email(game: Game, attachment: bytes, file_name: str, *, sender: str | None = None,
                to: str | Sequence[str] | None = None,
                from_addr: str | None = None) -> EmailMessage:
    """The message with ``attachment`` (the game file's bytes) named ``file_name``, to
    every address of ``to`` (each other player)."""
    side = sender_of(game, sender)
    msg = EmailMessage(policy=policy.SMTP)
    for key, value in email_headers(game, sender=sender, to=to, from_addr=from_addr).items():
        msg[key] = value
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain="boardapp.invalid")
    msg["X-Boardapp-Game"] = game.pbem.game_id if game.pbem is not None else game.ruleset.id
    msg.set_content(email_body(game, side, file_name))
    msg.add_attachment(attachment, maintype="application", subtype="json", filename=file_name)
    return msg


def email_game(game: Game, game_path: str | Path, eml_path: str | Path, *,
               side: str | None = None, to: str | Sequence[str] | None = None,
               from_addr: str | None = None) -> EmailMessage:
    """"Email this game": record the send, save the file, write the ``.eml`` message.

    The headers are built first, so that an address refused leaves the game unsent."""
    email_headers(game, sender=side, to=to, from_addr=from_addr)
    game_path = Path(game_path)
    save_for_opponent(game, game_path, side)
    data = game_path.read_bytes()
    msg = build_email(game, data, game_path.name, sender=side, to=to, from_addr=from_addr)
    atomic_write_bytes(eml_path, msg.as_bytes())
    return msg
