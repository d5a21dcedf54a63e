"""Safe loading of YAML/JSON data files with errors that say file, place and problem."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError

MAX_DATA_FILE_BYTES = 20 * 1024 * 1024


def load_yaml_file(path: str | Path) -> Any:
    """Read ``path`` with ``yaml.safe_load``; raise :class:`DataError` on any problem."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(str(path), "", f"cannot read the file: {exc.strerror}") from exc
    if size > MAX_DATA_FILE_BYTES:
        raise DataError(str(path), "", f"file too large ({size} bytes)")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(str(path), "", f"cannot read the file as UTF-8 text: {exc}") from exc
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        place = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise DataError(str(path), place, f"not valid YAML: {exc.problem}") from exc
    except yaml.YAMLError as exc:
        raise DataError(str(path), "", f"not valid YAML: {exc}") from exc


def load_json_text(text: str, file: str) -> Any:
    """Parse JSON text; raise :class:`DataError` naming line and column on failure."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(file, f"line {exc.lineno}, column {exc.colno}", exc.msg) from exc


class Checker:
    """Small helpers to validate nested data and report ``file: place: problem``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, place: str, problem: str) -> DataError:
        """Return (for ``raise``) a :class:`DataError` at ``place``."""
        return DataError(self.file, place, problem)

    def mapping(self, value: Any, place: str) -> dict[str, Any]:
        """``value`` must be a mapping with string keys."""
        if not isinstance(value, dict):
            raise self.fail(place, f"expected a mapping, found {type_name(value)}")
        for key in value:
            if not isinstance(key, str):
                raise self.fail(place, f"key {key!r} must be text")
        return value

    def seq(self, value: Any, place: str) -> list[Any]:
        """``value`` must be a list."""
        if not isinstance(value, list):
            raise self.fail(place, f"expected a list, found {type_name(value)}")
        return value

    def text(self, value: Any, place: str) -> str:
        """``value`` must be non-empty text."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(place, f"expected text, found {type_name(value)}")
        return value

    def integer(self, value: Any, place: str, lo: int | None = None, hi: int | None = None) -> int:
        """``value`` must be an int within ``lo..hi`` (inclusive)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(place, f"expected a whole number, found {type_name(value)}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(place, f"{value} is out of range {lo}..{hi}")
        return value

    def number(self, value: Any, place: str) -> float:
        """``value`` must be an int or float."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(place, f"expected a number, found {type_name(value)}")
        return float(value)

    def boolean(self, value: Any, place: str) -> bool:
        """``value`` must be true or false."""
        if not isinstance(value, bool):
            raise self.fail(place, f"expected true or false, found {type_name(value)}")
        return value

    def point(self, value: Any, place: str) -> tuple[float, float]:
        """``value`` must be ``[x, y]``."""
        seq = self.seq(value, place)
        if len(seq) != 2:
            raise self.fail(place, f"expected [x, y], found {len(seq)} values")
        return (self.number(seq[0], f"{place}[0]"), self.number(seq[1], f"{place}[1]"))

    def rect(self, value: Any, place: str) -> tuple[float, float, float, float]:
        """``value`` must be ``[x, y, w, h]`` with positive size."""
        seq = self.seq(value, place)
        if len(seq) != 4:
            raise self.fail(place, f"expected [x, y, w, h], found {len(seq)} values")
        x, y, w, h = (self.number(v, f"{place}[{i}]") for i, v in enumerate(seq))
        if w <= 0 or h <= 0:
            raise self.fail(place, "width and height must be positive")
        return (x, y, w, h)

    def choice(self, value: Any, place: str, allowed: Iterable[str]) -> str:
        """``value`` must be one of ``allowed``."""
        allowed = list(allowed)
        if value not in allowed:
            raise self.fail(place, f"{value!r} is not one of {', '.join(allowed)}")
        return str(value)

    def known_keys(self, value: dict[str, Any], place: str, allowed: Iterable[str]) -> None:
        """Refuse keys not in ``allowed`` (catches typos such as ``fortifed``)."""
        allowed = set(allowed)
        for key in value:
            if key not in allowed:
                raise self.fail(f"{place}.{key}" if place else key,
                                f"unknown field (expected one of {', '.join(sorted(allowed))})")

    def each(self, value: Any, place: str, fn: Callable[[str, Any, str], Any]) -> dict[str, Any]:
        """Apply ``fn(key, item, place)`` to every entry of a mapping; return the results."""
        return {key: fn(key, item, f"{place}.{key}")
                for key, item in self.mapping(value, place).items()}


def type_name(value: Any) -> str:
    """A user-facing name for the type of ``value``."""
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)
