"""The user's own maps (edited on a scan, in the user's data folder) over the shipped
ones: the maps the app plays on (:class:`UserMaps`). Kept apart from
:mod:`.boardsettings` (which writes maps with PyYAML) so that opening a game imports
neither PyYAML nor a calibration's numpy."""

from __future__ import annotations

from pathlib import Path

from ..base.errors import DataError
from ..base.userdirs import data_dir
from ..board.mapdata import BoardMap
from ..board.maps import USER, LoadedMap, ShippedMaps, load_map_file


def user_maps_dir() -> Path:
    """Where the user's own map files are kept."""
    return data_dir(create=False) / "maps"


def user_map_path(map_file: str) -> Path:
    """The user map that overrides shipped map file ``map_file`` (it may not exist)."""
    return user_maps_dir() / Path(map_file).name


class UserMaps(ShippedMaps):
    """The user's own map for a map file when there is a valid one (edited on a scan),
    else the shipped map: the maps the app plays on.

    An invalid user map is skipped with a warning (bad input never stops the game).
    """

    def load(self, map_file: str) -> LoadedMap:
        user = user_map_path(map_file)
        if user.is_file():
            try:
                return load_map_file(user, USER)
            except DataError as exc:
                import logging  # (only here: opening a game needs no logging)

                logging.getLogger(__name__).warning("user map skipped, the shipped map is "
                                                    "used: %s", exc)
        return super().load(map_file)


def load_board_map(maps_dir: Path, map_file: str) -> BoardMap:
    """The user's map for ``map_file`` when there is a valid one, else the shipped map in
    ``maps_dir`` (see :class:`UserMaps`)."""
    return UserMaps(maps_dir).load(map_file).map
