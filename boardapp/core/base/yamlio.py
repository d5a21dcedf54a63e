"""Safe loading of YAML/JSON data files with errors that say file, place and problem.

YAML is read with libyaml's C parser where PyYAML has it (``yaml.CSafeLoader``; the
pure-Python parser otherwise) and built into Python values here, event by event, with
no recursion, so that a hostile or damaged file (a user's map, above all) can only end
in a :class:`DataError` naming the file and the place, never in a crash or a hang:

* at most :data:`MAX_YAML_DEPTH` nested lists and mappings, :data:`MAX_YAML_NODES`
  values (an alias counts the values it repeats) and :data:`MAX_YAML_STRING`
  characters in one value, and :data:`MAX_YAML_NUMBER` digits in a number;
* a key written twice in one mapping is refused (the second would silently win);
* only YAML's plain types are built (text, numbers, true/false, null, dates, lists,
  mappings): a ``!!python/...`` tag is refused, never executed.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from .errors import DataError, quote, shorten
from .i18n import N_

MAX_DATA_FILE_BYTES = 20 * 1024 * 1024
MAX_YAML_DEPTH = 64
"""Lists and mappings nested in one another (a map needs about six)."""
MAX_YAML_NODES = 2_000_000
"""Values in one file, an alias counting the values it repeats."""
MAX_YAML_STRING = 1_000_000
"""Characters in one text value (a map's notes are a few hundred)."""
MAX_YAML_NUMBER = 100
"""Characters in one number."""



def _loader() -> Any:
    """The safe loader every YAML read goes through: libyaml's C one where PyYAML has it
    (PyYAML is imported at the first YAML read: a command reading files read before
    reads JSON, :func:`use_parsed_cache`)."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def __getattr__(name: str) -> Any:
    """``YAML_LOADER`` (:func:`_loader`) and ``YAML_C_LOADER`` (whether libyaml's C
    parser is used: PyYAML built with it), found when first asked for."""
    if name == "YAML_LOADER":
        return _loader()
    if name == "YAML_C_LOADER":
        import yaml

        return _loader() is not yaml.SafeLoader
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_PLAIN_TAGS = ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
               "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp",
               "tag:yaml.org,2002:binary", _STR)
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def read_regular_file(path: str | Path, limit: int, what: str = N_("file")) -> bytes:
    """The bytes of ``path``, refused at once unless it is a regular file (a named pipe,
    a device or a folder would block or never end) of at most ``limit`` bytes.

    Raises :class:`DataError` naming the file; the file is opened without blocking and
    checked on the open handle, so it cannot be swapped for a pipe in between.
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise DataError(name, "", N_("cannot read the {what}: {value}", what=what,
                                     value=exc.strerror or exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(name, "", N_("not a regular file ({file_kind}): give the {what} "
                                         "itself", file_kind=_file_kind(info.st_mode), what=what))
        if info.st_size > limit:
            raise DataError(name, "", N_("{what} too large ({st_size} bytes; at most {limit})",
                                         what=what, st_size=info.st_size, limit=limit))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise DataError(name, "", N_("cannot read the {what}: {value}", what=what,
                                     value=exc.strerror or exc)) from exc
    finally:
        os.close(fd)
    if size > limit:
        raise DataError(name, "", N_("{what} too large (more than {limit} bytes)", what=what,
                                     limit=limit))
    return b"".join(chunks)


def _file_kind(mode: int) -> str:
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not a plain file"


def load_yaml_file(path: str | Path) -> Any:
    """Read the YAML file ``path`` (see the module's limits); raise :class:`DataError`
    on any problem."""
    return read_yaml_file(path)[0]


def read_yaml_file(path: str | Path) -> tuple[Any, bytes]:
    """:func:`load_yaml_file`'s values, and the bytes they were read from."""
    data = read_regular_file(path, MAX_DATA_FILE_BYTES, N_("data file"))
    return load_yaml_bytes(data, str(path)), data


class ParsedCache(Protocol):
    """Where the values of YAML files already read are kept as JSON text, by key
    (:func:`parsed_key`): a file read before is read again as JSON, many times quicker."""

    def get(self, key: str) -> str | None: ...

    def put(self, key: str, text: str) -> None: ...


_parsed_cache: list[ParsedCache] = []
"""The cache :func:`load_yaml_bytes` consults, if one was given (:func:`use_parsed_cache`)."""
PARSED_FORMAT = "boardapp-yaml-as-json/1"
"""Part of every key: a reader whose values may differ reads every file again."""


def use_parsed_cache(cache: ParsedCache | None) -> None:
    """From now on, YAML files (:func:`load_yaml_file`) whose very bytes were read before
    are read from ``cache`` (``None``: none, the default). Only values that JSON gives
    back exactly are kept (text, whole and finite numbers, true/false, null, lists,
    mappings with text keys; no alias), so a file reads the same either way; the checks
    of the module's limits passed when the file was first read."""
    _parsed_cache[:] = [] if cache is None else [cache]


def parsed_key(data: bytes) -> str:
    """The key of a YAML file's bytes in a :class:`ParsedCache`."""
    return hashlib.sha256(PARSED_FORMAT.encode("ascii") + b"\n" + data).hexdigest()


def load_yaml_bytes(data: bytes, file: str) -> Any:
    """Parse the bytes of a YAML file (UTF-8 text; see :func:`load_yaml_text`)."""
    path = file
    cache = _parsed_cache[0] if _parsed_cache else None
    key = parsed_key(data) if cache is not None else ""
    if cache is not None:
        kept = cache.get(key)
        if kept is not None:
            try:
                return json.loads(kept)
            except (ValueError, RecursionError):
                pass  # a damaged cache: the file is read
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(str(path), N_("byte {n}", n=exc.start + 1),
                        N_("cannot read the file as UTF-8 text")) from exc
    value, aliases = _load_yaml(text, str(path))
    if cache is not None and not aliases and _json_exact(value):
        cache.put(key, json.dumps(value, ensure_ascii=False))
    return value


def _json_exact(value: Any) -> bool:
    """Whether JSON gives ``value`` back exactly (same types, same values)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            for key, inner in item.items():
                if type(key) is not str:
                    return False
                stack.append(inner)
        elif kind is list:
            stack.extend(item)
        elif kind is float:
            if not math.isfinite(item):
                return False
        elif kind not in (str, int, bool, type(None)):
            return False
    return True


def load_yaml_text(text: str, file: str = "<yaml>") -> Any:
    """Parse YAML ``text`` into plain values (see the module's limits); raise
    :class:`DataError` naming ``file`` and the place on any problem."""
    return _load_yaml(text, file)[0]


def _load_yaml(text: str, file: str) -> tuple[Any, bool]:
    """:func:`load_yaml_text`'s values, and whether the text has anchors."""
    import yaml

    builder = _Builder(file)
    loader = _loader()(text)
    try:
        return builder.run(loader), bool(builder.anchors)
    except DataError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise DataError(file, _mark(mark), N_("not valid YAML: {value}",
                                              value=exc.problem or exc.context)) \
            from exc
    except yaml.YAMLError as exc:
        raise DataError(file, builder.place(), N_("not valid YAML: {exc}",
                                                  exc=shorten(str(exc), 300))) \
            from exc
    except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as exc:
        raise DataError(file, builder.place(), N_("cannot be read: {name}: {exc}",
                                                  name=type(exc).__name__,
                                                  exc=shorten(str(exc), 300))) from exc
    finally:
        loader.dispose()


def _mark(mark: Any) -> str:
    if mark is None:
        return ""
    return N_("line {line}, column {column}", line=mark.line + 1, column=mark.column + 1)


class _Builder:
    """Builds Python values from the parser's events with an explicit stack."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0
        self.mark: Any = None
        self.event: Any = None
        # each frame: [container, anchor, nodes at start, pending key, key mark, has key]
        self.stack: list[list[Any]] = []
        self.anchors: dict[str, tuple[Any, int]] = {}

    def place(self) -> str:
        mark = self.mark if self.mark is not None else \
            (self.event.start_mark if self.event is not None else None)
        where = _mark(mark)
        path = self.path()
        return f"{where} ({path})" if where and path else where or path

    def path(self) -> str:
        parts = []
        for frame in self.stack:
            container = frame[0]
            if isinstance(container, list):
                parts.append(f"[{len(container)}]")
            elif frame[5]:
                parts.append(("." if parts else "") + shorten(str(frame[3]), 40))
        return "".join(parts)

    def fail(self, problem: str) -> DataError:
        return DataError(self.file, self.place(), problem)

    def count(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > MAX_YAML_NODES:
            raise self.fail(N_("too many values (more than {max_yaml_nodes}): not a data file "
                               "boardapp reads", max_yaml_nodes=format(MAX_YAML_NODES, ',')))

    def run(self, loader: Any) -> Any:
        import yaml

        get = loader.get_event
        event = get()  # StreamStart
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            return None
        try:
            return self._document(loader, get)
        except BaseException:
            if self.mark is None and self.event is not None:
                self.mark = self.event.start_mark
            raise

    def _document(self, loader: Any, get: Callable[[], Any]) -> Any:
        """The values of one document; then refuse a second one."""
        import yaml

        scalar_event, end_events = yaml.ScalarEvent, (yaml.MappingEndEvent,
                                                      yaml.SequenceEndEvent)
        starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
        resolvers = loader.yaml_implicit_resolvers
        stack = self.stack
        limit_text = MAX_YAML_STRING
        result: Any = None
        while True:
            event = self.event = get()
            kind = type(event)
            if kind is scalar_event:
                value = event.value
                if event.tag is None and event.anchor is None and len(value) <= limit_text \
                        and (not event.implicit[0] or (value and value[0] not in resolvers)):
                    pass  # plain text: the common case, built here for speed
                else:
                    value = self.scalar(loader, event)
                self.nodes += 1
                if self.nodes > MAX_YAML_NODES:
                    self.count(0)
                if stack:
                    frame = stack[-1]
                    container = frame[0]
                    if container.__class__ is list:
                        container.append(value)
                        continue
                    if frame[5]:
                        container[frame[3]] = value
                        frame[3], frame[5] = None, False
                        continue
                if self.add(value, event):
                    result = self.value
            elif kind in starts:
                self.count()
                if len(stack) >= MAX_YAML_DEPTH:
                    raise self.fail(N_("nested more than {max_yaml_depth} levels deep: not a "
                                       "data file boardapp reads", max_yaml_depth=MAX_YAML_DEPTH))
                mapping = kind is yaml.MappingStartEvent
                tag = event.tag
                if tag not in (None, "!", _MAP if mapping else _SEQ):
                    raise self.fail(N_("unsupported tag {tag}", tag=repr(shorten(tag, 60))))
                stack.append([{} if mapping else [], event.anchor, self.nodes, None, None,
                              False])
            elif kind in end_events:
                container, anchor, start = stack.pop()[:3]
                if anchor is not None:
                    self.anchors[anchor] = (container, self.nodes - start + 1)
                if self.add(container, event):
                    result = self.value
            elif kind is yaml.AliasEvent:
                if event.anchor not in self.anchors:
                    raise self.fail(N_("unknown alias *{anchor}",
                                       anchor=shorten(event.anchor, 60)))
                value, size = self.anchors[event.anchor]
                self.count(size)
                if self.add(value, event):
                    result = self.value
            elif kind is yaml.DocumentEndEvent:
                break
            else:
                raise self.fail(N_("unexpected {name}", name=kind.__name__))
        end = self.event = get()
        if not isinstance(end, yaml.StreamEndEvent):
            raise self.fail(N_("expected a single document in the file, found another"))
        return result

    def scalar(self, loader: Any, event: Any) -> Any:
        import yaml
        from yaml.nodes import ScalarNode

        value = event.value
        if len(value) > MAX_YAML_STRING:
            raise self.fail(N_("a value of {n_value} characters (at most {max_yaml_string})",
                               n_value=format(len(value), ','),
                               max_yaml_string=format(MAX_YAML_STRING, ',')))
        tag = event.tag
        if tag is None or tag == "!":
            tag = loader.resolve(ScalarNode, value, event.implicit)
        if tag == _STR:
            if event.anchor is not None:
                self.anchors[event.anchor] = (value, 1)
            return value
        if tag not in _PLAIN_TAGS:
            if tag == "tag:yaml.org,2002:merge":
                raise self.fail(N_("merge keys (<<) are not supported: write the keys out"))
            raise self.fail(N_("unsupported tag {tag}", tag=repr(shorten(tag, 60))))
        if tag in _NUMBER_TAGS and len(value) > MAX_YAML_NUMBER:
            raise self.fail(N_("a number of {n_value} characters (at most {max_yaml_number})",
                               n_value=format(len(value), ','), max_yaml_number=MAX_YAML_NUMBER))
        node = ScalarNode(tag, value, event.start_mark, event.end_mark)
        try:
            built = loader.yaml_constructors[tag](loader, node)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, OverflowError) as exc:
            raise self.fail(N_("{value} is not a valid {rsplit}", value=repr(shorten(value, 60)),
                               rsplit=tag.rsplit(':', 1)[-1])) from exc
        if event.anchor is not None:
            self.anchors[event.anchor] = (built, 1)
        return built

    def add(self, value: Any, event: Any) -> bool:
        """Put ``value`` in the open container; true when it is the document itself."""
        if not self.stack:
            self.value = value
            return True
        frame = self.stack[-1]
        container = frame[0]
        if isinstance(container, list):
            container.append(value)
        elif not frame[5]:
            try:
                hash(value)
            except TypeError:
                raise self.fail(N_("a key must be a single value, not a list or a mapping")) \
                    from None
            if value in container:
                raise self.fail(N_("the key {value} appears twice in this mapping",
                                   value=repr(shorten(str(value), 60))))
            frame[3], frame[4], frame[5] = value, event.start_mark, True
        else:
            container[frame[3]] = value
            frame[3], frame[4], frame[5] = None, None, False
        return False


def load_json_text(text: str, file: str) -> Any:
    """Parse JSON text; raise :class:`DataError` naming line and column on failure."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(file, N_("line {line}, column {column}", line=exc.lineno, column=exc.colno),
                        exc.msg) from exc


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
            raise self.fail(place, N_("expected a mapping, found {value}", value=type_name(value)))
        for key in value:
            if not isinstance(key, str):
                raise self.fail(place, N_("key {key} must be text", key=quote(key)))
        return value

    def seq(self, value: Any, place: str) -> list[Any]:
        """``value`` must be a list."""
        if not isinstance(value, list):
            raise self.fail(place, N_("expected a list, found {value}", value=type_name(value)))
        return value

    def text(self, value: Any, place: str) -> str:
        """``value`` must be non-empty text."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(place, N_("expected text, found {value}", value=type_name(value)))
        return value

    def integer(self, value: Any, place: str, lo: int | None = None, hi: int | None = None) -> int:
        """``value`` must be an int within ``lo..hi`` (inclusive)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(place, N_("expected a whole number, found {value}",
                                      value=type_name(value)))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(place, N_("{value} is out of range {lo}..{hi}", value=value, lo=lo,
                                      hi=hi))
        return value

    def number(self, value: Any, place: str) -> float:
        """``value`` must be an int or float."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(place, N_("expected a number, found {value}", value=type_name(value)))
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        if not math.isfinite(number):
            raise self.fail(place, N_("{value} is not a finite number", value=quote(value, 40)))
        return number

    def boolean(self, value: Any, place: str) -> bool:
        """``value`` must be true or false."""
        if not isinstance(value, bool):
            raise self.fail(place, N_("expected true or false, found {value}",
                                      value=type_name(value)))
        return value

    def point(self, value: Any, place: str) -> tuple[float, float]:
        """``value`` must be ``[x, y]``."""
        seq = self.seq(value, place)
        if len(seq) != 2:
            raise self.fail(place, N_("expected [x, y], found {n_seq} values", n_seq=len(seq)))
        return (self.number(seq[0], f"{place}[0]"), self.number(seq[1], f"{place}[1]"))

    def rect(self, value: Any, place: str) -> tuple[float, float, float, float]:
        """``value`` must be ``[x, y, w, h]`` with positive size."""
        seq = self.seq(value, place)
        if len(seq) != 4:
            raise self.fail(place, N_("expected [x, y, w, h], found {n_seq} values",
                                      n_seq=len(seq)))
        x, y, w, h = (self.number(v, f"{place}[{i}]") for i, v in enumerate(seq))
        if w <= 0 or h <= 0:
            raise self.fail(place, N_("width and height must be positive"))
        return (x, y, w, h)

    def choice(self, value: Any, place: str, allowed: Iterable[str]) -> str:
        """``value`` must be one of ``allowed``."""
        allowed = list(allowed)
        if value not in allowed:
            raise self.fail(place, N_("{value} is not one of {allowed}", value=quote(value),
                                      allowed=', '.join(allowed)))
        return str(value)

    def known_keys(self, value: dict[str, Any], place: str, allowed: Iterable[str]) -> None:
        """Refuse keys not in ``allowed`` (catches typos such as ``fortifed``)."""
        allowed = set(allowed)
        for key in value:
            if key not in allowed:
                raise self.fail(f"{place}.{key}" if place else key,
                                N_("unknown field (expected one of {sorted})",
                                   sorted=', '.join(sorted(allowed))))

    def each(self, value: Any, place: str, fn: Callable[[str, Any, str], Any]) -> dict[str, Any]:
        """Apply ``fn(key, item, place)`` to every entry of a mapping; return the results."""
        return {key: fn(key, item, f"{place}.{key}")
                for key, item in self.mapping(value, place).items()}


def type_name(value: Any) -> str:
    """A user-facing name for the type of ``value``."""
    if value is None:
        return N_("nothing")
    return {dict: N_("a mapping"), list: N_("a list"), str: N_("text"), bool: N_("true/false"),
            int: N_("a number"), float: N_("a number")}.get(type(value), type(value).__name__)
