"""Pictures of each scenario's board for the start page, rendered from the map and its
set-up, and kept in the user's cache folder (named by the ruleset, the scenario and a
digest of the rules' data, so that an edited map gets a new picture)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from boardapp.core.base.errors import BoardappError
from boardapp.core.base.userdirs import cache_dir
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import Ruleset

from .render import render_image

THUMB_WIDTH = 240


def thumbnail_path(ruleset: Ruleset, scenario: str) -> Path:
    """Where the picture of ``scenario`` is cached."""
    key = hashlib.sha256(f"{ruleset.id}|{scenario}|{ruleset.version}|"
                         f"{ruleset.data_digest()}|{THUMB_WIDTH}".encode()).hexdigest()[:16]
    safe = "".join(c if c.isalnum() else "-" for c in f"{ruleset.id}-{scenario}")
    return cache_dir() / "thumbnails" / f"{safe}-{key}.png"


def thumbnail(ruleset: Ruleset, scenario: str) -> QImage:
    """The picture of ``scenario``'s board at its set-up (from the cache when there);
    a null image if it cannot be drawn."""
    try:
        path = thumbnail_path(ruleset, scenario)
    except (BoardappError, OSError):
        return QImage()
    if path.is_file():
        image = QImage(str(path))
        if not image.isNull():
            return image
    try:
        game = Game(ruleset, scenario, 1)
        width = ruleset.board_map.size[0]
        image = render_image(game, THUMB_WIDTH / max(1.0, width))
    except (BoardappError, OSError, ValueError):
        return QImage()
    image = image.scaledToWidth(THUMB_WIDTH, Qt.TransformationMode.SmoothTransformation)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(path), "PNG")
    except OSError:
        pass  # a picture not cached is drawn again next time
    return image
