"""Where boardapp finds its data (maps, assets) and keeps the user's files."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def maps_dir() -> Path:
    """The folder of shipped map files (``$BOARDAPP_MAPS`` overrides it)."""
    override = os.environ.get("BOARDAPP_MAPS")
    return Path(override) if override else PROJECT_ROOT / "maps"


def assets_dir() -> Path:
    """The folder of shipped images and icons."""
    return PROJECT_ROOT / "assets"
