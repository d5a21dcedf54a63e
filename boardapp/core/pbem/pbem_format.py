"""Reading the play-by-email parts of a game file: players, sends, action records.

Everything is checked for shape before it is used, and every problem is a
:class:`GameFileError` naming the file, the place (``pbem.players[1].anchor``,
``sends[2]``, ``actions[4] (action 5)``) and what is wrong. Nothing here trusts the
file: the checks of meaning (dice, seeds, signatures, replay) come after, in
:mod:`boardapp.core.pbem.pbem` and :mod:`boardapp.core.files.gamefile`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..base.errors import GameFileError
from ..base.i18n import N_
from ..base.names import name_problem
from ..engine.actions import lines_from
from ..engine.sends import Send
from .dice_commit import MAX_CHAIN_LENGTH
from .hidden import check_patch

if TYPE_CHECKING:  # imported when a game by email is read: a hot-seat game needs neither
    from .pbem import Player, Record

_HEX = re.compile(r"^[0-9a-f]+$")
_FACE = re.compile(r"^(0|1)-[0-9]{1,6}$")


class Reader:
    """Shape checks that raise ``GameFileError(file, place, problem)``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, place: str, problem: str) -> GameFileError:
        """The error to raise."""
        return GameFileError(self.file, place, problem)

    def mapping(self, value: Any, place: str) -> dict[str, Any]:
        """A JSON object."""
        if not isinstance(value, dict):
            raise self.fail(place, N_("expected {{...}}"))
        return value

    def listing(self, value: Any, place: str) -> list[Any]:
        """A JSON list."""
        if not isinstance(value, list):
            raise self.fail(place, N_("expected a list"))
        return value

    def text(self, value: Any, place: str, *, empty: bool = False) -> str:
        """A string (non-empty unless ``empty``)."""
        if not isinstance(value, str) or (not empty and not value):
            raise self.fail(place, N_("expected text"))
        return value

    def hexa(self, value: Any, place: str, length: int) -> str:
        """Lower-case hex of exactly ``length`` digits."""
        if not isinstance(value, str) or len(value) != length or not _HEX.match(value):
            raise self.fail(place, N_("expected {length} hex digits", length=length))
        return value

    def integer(self, value: Any, place: str, lo: int, hi: int) -> int:
        """A whole number in ``lo..hi``."""
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(place, N_("expected a whole number from {lo} to {hi}", lo=lo, hi=hi))
        return value

    def flag(self, value: Any, place: str) -> bool:
        """true or false."""
        if not isinstance(value, bool):
            raise self.fail(place, N_("expected true or false"))
        return value

    def texts(self, value: Any, place: str) -> list[str]:
        """A list of strings."""
        items = self.listing(value, place)
        for i, item in enumerate(items):
            self.text(item, f"{place}[{i}]", empty=True)
        return items


def read_players(r: Reader, value: Any, playable: Iterable[str]) -> list[Player]:
    """The ``pbem.players`` list."""
    from .keys import check_keybox
    from .pbem import Player

    sides = list(playable)
    items = r.listing(value, "pbem.players")
    if len(items) < 2:
        raise r.fail("pbem.players", N_("a play-by-email game needs at least two players"))
    players: list[Player] = []
    for i, item in enumerate(items):
        place = f"pbem.players[{i}]"
        item = r.mapping(item, place)
        side = r.text(item.get("side"), f"{place}.side")
        if side not in sides:
            raise r.fail(f"{place}.side", N_("{side} is not a playable side ({sides})",
                                             side=repr(side), sides=', '.join(sides)))
        if any(p.side == side for p in players):
            raise r.fail(f"{place}.side", N_("{side} is listed twice", side=side))
        name = r.text(item.get("name"), f"{place}.name", empty=True)
        problem = name_problem(name)
        if problem:
            raise r.fail(f"{place}.name", problem)
        player = Player(side, name,
                        chain_length=r.integer(item.get("chain_length"),
                                               f"{place}.chain_length", 1, MAX_CHAIN_LENGTH))
        keys = [item.get(k) for k in ("anchor", "public_key", "keybox")]
        if any(k is not None for k in keys):
            player.anchor = r.hexa(keys[0], f"{place}.anchor", 64)
            player.public_key = r.hexa(keys[1], f"{place}.public_key", 64)
            problem = check_keybox(keys[2])
            if problem:
                raise r.fail(f"{place}.keybox", problem)
            player.keybox = keys[2]
        if item.get("opened") is not None:
            if not player.joined:
                raise r.fail(f"{place}.opened", N_("a player who has not joined has no seal"))
            player.opened = r.hexa(item["opened"], f"{place}.opened", 64)
        players.append(player)
    return players


def read_sends(r: Reader, value: Any, sides: Iterable[str], pbem: bool,
               count: int | None) -> list[Send]:
    """The ``sends`` list; ``count`` is the number of actions in the file (``None``: the
    caller checks it after the replay, so that a bad action is named first)."""
    known = list(sides)
    sends: list[Send] = []
    for i, item in enumerate(r.listing(value if value is not None else [], "sends")):
        place = f"sends[{i}]"
        item = r.mapping(item, place)
        side = r.text(item.get("side"), f"{place}.side")
        if side not in known:
            raise r.fail(f"{place}.side", N_("{side} is not a side of this game", side=repr(side)))
        previous = sends[-1].upto if sends else 0
        upto = r.integer(item.get("upto"), f"{place}.upto", previous + (1 if pbem else 0),
                         1 << 31)
        if count is not None:
            check_upto(r, send_place=place, upto=upto, count=count)
        send = Send(side, upto, r.text(item.get("at", ""), f"{place}.at", empty=True))
        if pbem:
            send.reveal = r.hexa(item.get("reveal"), f"{place}.reveal", 64)
            send.prev = r.hexa(item.get("prev"), f"{place}.prev", 64)
            send.retries = r.integer(item.get("retries"), f"{place}.retries", 0, 1 << 31)
            hashes = r.listing(item.get("hashes"), f"{place}.hashes")
            if len(hashes) != upto - previous:
                raise r.fail(f"{place}.hashes", N_("expected {value} hashes (actions "
                                                   "{value2}-{upto}), found {n_hashes}",
                                                   value=upto - previous, value2=previous + 1,
                                                   upto=upto, n_hashes=len(hashes)))
            send.hashes = [r.hexa(h, f"{place}.hashes[{j}]", 32) for j, h in enumerate(hashes)]
            send.sig = r.hexa(item.get("sig"), f"{place}.sig", 128)
        sends.append(send)
    return sends


def check_upto(r: Reader, send_place: str, upto: int, count: int) -> None:
    """A send cannot close more actions than the file has."""
    if upto > count:
        raise r.fail(f"{send_place}.upto", N_("this send closes the actions up to {upto}, but "
                                              "the file has only {count}: actions from {value} "
                                              "on were removed (the file was cut or edited)",
                                              upto=upto, count=count, value=count + 1))


def read_record(r: Reader, item: Any, index: int, sides: Iterable[str],
                players: Iterable[str]) -> Record:
    """One action of a play-by-email file."""
    from .pbem import Record

    place = f"actions[{index}] (action {index + 1})"
    item = r.mapping(item, place)
    if item.get("n") != index + 1:
        raise r.fail(place, N_("numbered {get} instead of {value}: an action was removed or moved",
                               get=repr(item.get('n')), value=index + 1))
    side = r.text(item.get("side"), f"{place}.side")
    if side not in list(sides):
        raise r.fail(f"{place}.side", N_("{side} is not a side of this game", side=repr(side)))
    by = r.text(item.get("by"), f"{place}.by")
    if by not in list(players):
        raise r.fail(f"{place}.by", N_("{by} is not a player of this game", by=repr(by)))
    dice = r.listing(item.get("dice"), f"{place}.dice")
    for j, die in enumerate(dice):
        if die is not None:
            r.integer(die, f"{place}.dice[{j}]", 0, 1 << 20)
    faces = r.texts(item.get("faces"), f"{place}.faces")
    if len(faces) != len(dice) or not all(_FACE.match(f) and int(f[2:]) > int(f[0])
                                          for f in faces):
        raise r.fail(f"{place}.faces", N_('expected one face range ("0-9", "1-6") per die'))
    sealed = item.get("sealed")
    if sealed is not None:
        sealed = r.mapping(sealed, f"{place}.sealed")
        sealed = {"commit": r.hexa(sealed.get("commit"), f"{place}.sealed.commit", 64),
                  "box": r.text(sealed.get("box"), f"{place}.sealed.box")}
    patch = item.get("patch")
    if patch is not None:
        problem = check_patch(patch)
        if problem:
            raise r.fail(f"{place}.patch", problem)
    log = item.get("log")
    if log is not None:
        try:
            lines_from(None, log)
        except ValueError as exc:
            raise r.fail(f"{place}.log", str(exc)) from exc
    return Record(action=r.text(item.get("action"), f"{place}.action"), side=side,
                  manual=r.flag(item.get("manual"), f"{place}.manual"),
                  text=r.texts(item.get("text"), f"{place}.text"), dice=dice, faces=faces,
                  by=by, public=r.hexa(item.get("public"), f"{place}.public", 64),
                  sealed=sealed, patch=patch, raw=item, log=log)


def record_json(record: Record, number: int) -> dict[str, Any]:
    """The record as :meth:`Pbem.entry_json` writes it (what the send hashes)."""
    out: dict[str, Any] = {"n": number, "action": record.action, "side": record.side,
                           "manual": record.manual, "text": list(record.text),
                           "dice": list(record.dice), "faces": list(record.faces),
                           "by": record.by, "public": record.public}
    if record.sealed is not None:
        out["sealed"] = dict(record.sealed)
    if record.patch is not None:
        out["patch"] = record.patch
    if record.log is not None:
        out["log"] = list(record.log)
    return out
