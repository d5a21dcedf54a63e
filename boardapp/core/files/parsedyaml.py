"""The values of YAML files read before, kept as JSON in the user's cache folder
(:func:`~boardapp.core.base.userdirs.cache_dir`), handed to the YAML reader by
:func:`install` (the base package reads no user folder).

A ruleset's data files and its map are read at each start of a command; JSON reads many
times quicker than YAML. Each file is kept under the SHA-256 of its very bytes
(:func:`~boardapp.core.base.yamlio.parsed_key`): an edited file has another key and is
read again; only values JSON gives back exactly are kept
(:func:`~boardapp.core.base.yamlio.use_parsed_cache`).

The cache is only a shortcut: losing it, or failing to read or write it, costs a reading
of the YAML, never a value. A damaged entry is not JSON and is read again from the YAML.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..base.atomic import atomic_write_text
from ..base.userdirs import cache_dir
from ..base.yamlio import use_parsed_cache

FOLDER = "yaml-as-json"
MAX_FILES = 200
"""Past so many kept files, the folder is emptied (then filled again as files are read)."""
_KEY = re.compile(r"^[0-9a-f]{64}$")


def _folder() -> Path:
    return cache_dir() / FOLDER


class _Folder:
    """One JSON file a YAML file, named by its key."""

    def get(self, key: str) -> str | None:
        if not _KEY.match(key):
            return None
        try:
            return (_folder() / f"{key}.json").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def put(self, key: str, text: str) -> None:
        if not _KEY.match(key):
            return
        try:
            folder = _folder()
            folder.mkdir(parents=True, exist_ok=True)
            kept = list(folder.glob("*.json"))
            if len(kept) >= MAX_FILES:
                for old in kept:
                    old.unlink(missing_ok=True)
            atomic_write_text(folder / f"{key}.json", text)
        except OSError:
            pass  # a cache that cannot be written costs a reading next time, nothing else


def install() -> None:
    """Let the YAML files read in this process come from the cache when read before."""
    use_parsed_cache(_Folder())
