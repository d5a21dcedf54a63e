"""Reading a game file's bytes: a regular file, not too large (a named pipe would block
forever; a huge file is not a game). Apart from :mod:`.gamefile` so that a command
answering from a verified position (:mod:`.quickopen`) reads a file without importing
the game engine."""

from __future__ import annotations

from pathlib import Path

from ..base.errors import DataError, GameFileError
from ..base.i18n import N_
from ..base.yamlio import read_regular_file

MAX_GAME_FILE_BYTES = 50 * 1024 * 1024


def read_game_bytes(path: str | Path) -> bytes:
    """The bytes of the game file ``path``: refused at once (:class:`GameFileError`) if it
    is not a regular file (a named pipe would block forever) or is too large."""
    try:
        return read_regular_file(path, MAX_GAME_FILE_BYTES, N_("game file"))
    except GameFileError:
        raise
    except DataError as exc:
        raise GameFileError(exc.file, exc.place, exc.problem) from exc
