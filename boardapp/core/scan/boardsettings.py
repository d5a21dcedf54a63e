"""The user's own board: the scan drawn under a map, its calibration, and user maps.

* Board settings (one small JSON file per map id in the user's configuration folder):
  the scan file, the reference points and the fitted transform, the opacity and
  visibility of the map drawn over the scan. They are reused the next time the map is
  shown.
* User maps: a map edited on the scan is saved in the user's data folder under the
  shipped file's name, and is then loaded instead of the shipped map, which is never
  changed in place: the app, the command line and file loading hand :class:`UserMaps`
  to the rulesets they make (the engine itself never reads the user's folders).

Folders come from :mod:`platformdirs`; ``$BOARDAPP_DATA_DIR`` and
``$BOARDAPP_CONFIG_DIR`` override them (tests, portable installs).
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..base.atomic import atomic_write_text
from ..base.errors import DataError
from ..base.i18n import N_
from ..base.userdirs import config_dir
from ..base.userdirs import data_dir as data_dir
from ..base.yamlio import load_yaml_text
from ..board.mapdata import MapErrors, check_map, parse_map
from .usermaps import UserMaps as UserMaps
from .usermaps import load_board_map as load_board_map
from .usermaps import user_map_path
from .usermaps import user_maps_dir as user_maps_dir

if TYPE_CHECKING:  # (numpy: imported when a calibration is read, not to open a game)
    from .calibration import Calibration, RefPoint, Transform

log = logging.getLogger(__name__)

SETTINGS_FORMAT = "boardapp-board-settings"
SETTINGS_VERSION = 1
_SAFE_NAME = re.compile(r"[^a-zA-Z0-9._-]+")


# -- board settings ---------------------------------------------------------------------
@dataclass
class BoardSettings:
    """How the user shows map ``map_id``: scan, calibration and overlay."""

    map_id: str
    scan: str | None = None
    points: list[RefPoint] = field(default_factory=list)
    transform: Transform | None = None
    """Map coordinates to scan pixels (``None``: not calibrated)."""
    overlay_opacity: float = 0.55
    overlay_visible: bool = True
    problem: str = ""
    """Why the saved settings could not be read (they were then ignored)."""

    @property
    def calibrated(self) -> bool:
        return self.scan is not None and self.transform is not None

    def set_calibration(self, cal: Calibration) -> None:
        """Keep the points and the transform of ``cal``."""
        self.points = list(cal.points)
        self.transform = cal.transform

    def to_data(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "map": self.map_id,
            "scan": self.scan,
            "points": [{"name": p.name, "map": list(p.map), "scan": list(p.scan)}
                       for p in self.points],
            "transform": self.transform.to_data() if self.transform else None,
            "overlay": {"opacity": self.overlay_opacity, "visible": self.overlay_visible},
        }

    @classmethod
    def from_data(cls, data: Any, map_id: str, file: str) -> BoardSettings:
        """Read :meth:`to_data` output; :class:`DataError` on anything unexpected."""
        from .calibration import RefPoint, Transform

        if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
            raise DataError(file, "format", N_("expected {settings_format}",
                                               settings_format=repr(SETTINGS_FORMAT)))
        if not isinstance(data.get("version"), int) or data["version"] > SETTINGS_VERSION:
            raise DataError(file, "version", N_("made by a newer boardapp"))
        scan = data.get("scan")
        if scan is not None and not isinstance(scan, str):
            raise DataError(file, "scan", N_("expected a file name"))
        points = []
        for i, p in enumerate(data.get("points") or []):
            try:
                points.append(RefPoint(str(p["name"]), (float(p["map"][0]), float(p["map"][1])),
                                       (float(p["scan"][0]), float(p["scan"][1]))))
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise DataError(file, f"points[{i}]", N_("expected name, map [x, y] and scan [x, "
                                                         "y]")) from exc
        transform = None
        if data.get("transform") is not None:
            transform = Transform.from_data(data["transform"], file, "transform")
        overlay = data.get("overlay") or {}
        try:
            opacity = min(1.0, max(0.0, float(overlay.get("opacity", 0.55))))
        except (TypeError, ValueError, AttributeError) as exc:
            raise DataError(file, "overlay.opacity", N_("expected a number 0..1")) from exc
        return cls(map_id, scan, points, transform, opacity, bool(overlay.get("visible", True)))


def settings_path(map_id: str) -> Path:
    """The board settings file of map ``map_id``."""
    return config_dir(create=False) / "boards" / f"{_SAFE_NAME.sub('_', map_id)}.json"


def load_board_settings(map_id: str) -> BoardSettings:
    """The saved settings of map ``map_id`` (defaults if none; a damaged file is ignored
    and its problem kept in ``problem``)."""
    path = settings_path(map_id)
    if not path.exists():
        return BoardSettings(map_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return BoardSettings.from_data(data, map_id, str(path))
    except (OSError, ValueError) as exc:  # DataError and JSONDecodeError are ValueErrors
        log.warning("board settings ignored: %s", exc)
        return BoardSettings(map_id, problem=f"{path}: {exc}")


def save_board_settings(settings: BoardSettings) -> Path:
    """Save ``settings``; return the file written."""
    path = settings_path(settings.map_id)
    atomic_write_text(path, json.dumps(settings.to_data(), indent=1) + "\n")
    return path


# -- user maps: in .usermaps (a command opening a game imports no PyYAML) --------------


class _MapDumper(yaml.SafeDumper):
    """Writes short lists of numbers or names on one line (``pos: [120, 340]``)."""


def _represent_list(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
    flow = all(isinstance(v, int | float | str) for v in value) and len(value) <= 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_MapDumper.add_representer(list, _represent_list)
_MapDumper.add_representer(tuple, _represent_list)


def dump_map(data: dict[str, Any], origin: str = "") -> str:
    """Map ``data`` as YAML text, with a header saying where it comes from."""
    head = f"# boardapp map, edited on the scan on {date.today().isoformat()}"
    if origin:
        head += f" from {origin}"
    body = yaml.dump(data, Dumper=_MapDumper, sort_keys=False, allow_unicode=True, width=100)
    return head + "\n" + body


def write_map(data: dict[str, Any], path: str | Path, origin: str = "") -> Path:
    """Validate map ``data`` and write it to ``path``; :class:`MapErrors`/`DataError`
    (nothing written) when it has problems."""
    path = Path(path)
    problems = check_map(data, str(path))
    if problems:
        raise problems[0] if len(problems) == 1 else MapErrors(problems)
    text = dump_map(data, origin)
    parse_map(load_yaml_text(text, str(path)), str(path))  # what is written reads back
    atomic_write_text(path, text)
    return path


def save_user_map(data: dict[str, Any], map_file: str, origin: str = "") -> Path:
    """Save the user's version of shipped map ``map_file``; return its path."""
    return write_map(data, user_map_path(map_file), origin)


def remove_user_map(map_file: str) -> bool:
    """Go back to the shipped map; whether a user map was removed."""
    path = user_map_path(map_file)
    if path.is_file():
        path.unlink()
        return True
    return False
