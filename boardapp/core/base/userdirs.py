"""Where boardapp keeps the user's own files: autosaves, the recent-files list, ledgers.

The folders come from :mod:`platformdirs` (``~/.local/share/boardapp`` and
``~/.config/boardapp`` on Linux). ``$BOARDAPP_DATA_DIR`` and ``$BOARDAPP_CONFIG_DIR``
override them (tests and portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "boardapp"


def data_dir(create: bool = True) -> Path:
    """The user's data folder (autosaves, ledger, user maps, scan tiles); created if
    missing unless ``create`` is false."""
    override = os.environ.get("BOARDAPP_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir(create: bool = True) -> Path:
    """The user's configuration folder (recent files, board settings); created if
    missing unless ``create`` is false."""
    override = os.environ.get("BOARDAPP_CONFIG_DIR")
    path = Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir(create: bool = True) -> Path:
    """The user's cache folder (anything here can be made again: board thumbnails, the
    positions already verified on this computer); ``$BOARDAPP_CACHE_DIR`` overrides it,
    else it is ``cache`` in :func:`data_dir` when ``$BOARDAPP_DATA_DIR`` is set (tests,
    portable installs), else the platform's."""
    override = os.environ.get("BOARDAPP_CACHE_DIR")
    if override:
        path = Path(override)
    elif os.environ.get("BOARDAPP_DATA_DIR"):
        path = data_dir(create) / "cache"
    else:
        path = Path(platformdirs.user_cache_dir(APP_NAME, False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
