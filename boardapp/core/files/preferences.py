"""The player's preferences kept in the configuration folder (``preferences.json``): the
language, and the choice of it at start-up (see :mod:`boardapp.core.base.i18n`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..base.atomic import atomic_write_text
from ..base.i18n import DEFAULT, normalise, set_language, system_language
from ..base.userdirs import config_dir


def _preferences_path() -> Path:
    return config_dir(create=False) / "preferences.json"


def preferred_language() -> str | None:
    """The language the player chose in the preferences (``None``: follow the system)."""
    try:
        data = json.loads(_preferences_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return normalise(data.get("language")) if isinstance(data, dict) else None


def set_preferred_language(lang: str | None) -> None:
    """Keep the player's choice (``None`` or ``""``: follow the system again) in the
    configuration folder's ``preferences.json``; takes effect at the next start (call
    :func:`set_language` too to switch what is drawn from now on)."""
    path = _preferences_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    code = normalise(lang)
    if code:
        data["language"] = code
    else:
        data.pop("language", None)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n", sync=False)


def choose_language(cli: str | None = None) -> str:
    """The language to speak: ``cli`` (``--lang``), ``$BOARDAPP_LANG``, the preference, the
    system's, English, the first one boardapp speaks. Sets it (:func:`set_language`)."""
    for candidate in (cli, os.environ.get("BOARDAPP_LANG"), preferred_language(),
                      system_language()):
        found = normalise(candidate)
        if found:
            return set_language(found)
    return set_language(DEFAULT)
