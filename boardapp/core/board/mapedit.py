"""Editing a map file's data, one checked edit at a time, with undo and redo.

:class:`MapEditor` holds the plain data of a map file (as read from YAML) and changes it
through named edits: move a city, draw or reshape an area's outline, add or delete an
area, add or remove a road, set a field (terrain, fortress level, port, county...), move
a box, a track or a control box, set a hex's terrain or a hexside's features. Each edit
is checked by :func:`~boardapp.core.board.mapdata.check_map` (shapely: outlines valid and not
overlapping, each city inside its area, every road joining two existing areas) and
refused with the reason when the map would become invalid (:class:`MapEditError`).

An edit is a list of :class:`Change` s, each replacing one value of the data (an area,
the road list...) and knowing the value it replaced, so undo puts it back exactly
(python-chess's push/pop; Orange Canvas's undo commands).

>>> data = {"format": "boardapp-map", "version": 2, "id": "m", "size": [100, 100],
...         "land": [[0, 0], [100, 0], [100, 100], [0, 100]],
...         "areas": {"a": {"name": "A", "pos": [20, 50]}, "b": {"name": "B", "pos": [80, 50]}}}
>>> ed = MapEditor(data)
>>> ed.add_road("a", "b").text
'Road A-B'
>>> ed.add_road("a", "zz")
Traceback (most recent call last):
...
boardapp.core.board.mapedit.MapEditError: Road A-zz refused: roads[1]: no area 'zz' on this map
>>> ed.undo().text, ed.data.get("roads")
('Road A-B', None)
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import BoardappError, DataError
from ..base.i18n import N_
from .hexgrid import hex_id
from .mapdata import BoardMap, check_map, parse_map

MISSING: Any = object()
"""Stands for "no such key" in a :class:`Change`."""

Path = tuple[str | int, ...]


class MapEditError(BoardappError):
    """An edit that would make the map invalid, or that names nothing on the map."""

    def __init__(self, message: str, problems: list[DataError] | None = None) -> None:
        self.problems = list(problems or [])
        super().__init__(message)


@dataclass
class Change:
    """Set the value at ``path`` of the map data from ``old`` to ``new`` (either may be
    :data:`MISSING`); ``index`` is where a removed mapping key stood, to restore it."""

    path: Path
    old: Any
    new: Any
    index: int | None = None


@dataclass
class Edit:
    """One user edit: a description for the undo menu and its changes."""

    text: str
    changes: list[Change] = field(default_factory=list)


def _copy(value: Any) -> Any:
    return value if value is MISSING else copy.deepcopy(value)


def _get(data: Any, path: Path) -> Any:
    node = data
    for key in path:
        if isinstance(node, dict):
            if key not in node:
                return MISSING
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            node = node[key]
        else:
            return MISSING
    return node


def _set(data: dict[str, Any], path: Path, value: Any, index: int | None = None) -> int | None:
    """Set (or remove, for :data:`MISSING`) the value at ``path``; return the index a
    removed key had in its mapping."""
    node: Any = data
    for key in path[:-1]:
        if isinstance(node, dict):
            node = node.setdefault(key, {})
        else:
            node = node[key]
    last = path[-1]
    if isinstance(node, list):
        if value is MISSING:
            node.pop(last)
        else:
            node[last] = value
        return None
    if value is MISSING:
        keys = list(node)
        position = keys.index(last) if last in node else None
        node.pop(last, None)
        return position
    if last not in node and index is not None and index < len(node):
        items = list(node.items())
        items.insert(index, (last, value))
        node.clear()
        node.update(items)
    else:
        node[last] = value
    return None


def slug(text: str) -> str:
    """An area id from a name: ``"Saint-Aubin du Cormier"`` -> ``saint-aubin-du-cormier``."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "area"


def _point(p: Iterable[float]) -> list[float]:
    x, y = p
    return [round(float(x), 2), round(float(y), 2)]


class MapEditor:
    """The data of one map file being edited; every edit checked; undo and redo.

    ``protected`` lists areas that may not be deleted (pieces stand there), with
    ``protected_reason`` saying why.
    """

    def __init__(self, data: dict[str, Any], file: str = "map.yaml",
                 protected: Iterable[str] = (),
                 protected_reason: str = "pieces are there in the game") -> None:
        self.file = file
        self.data = copy.deepcopy(data)
        problems = check_map(self.data, file)
        if problems:
            raise MapEditError(N_("the map has problems to fix first: {problems}",
                                  problems=problems[0]), problems)
        self.protected = set(protected)
        self.protected_reason = protected_reason
        self.undo_stack: list[Edit] = []
        self.redo_stack: list[Edit] = []
        self._saved = self._marker()
        self._bmap: BoardMap | None = parse_map(self.data, file)

    # -- state -----------------------------------------------------------------------------
    @property
    def bmap(self) -> BoardMap:
        """The map as it is now (rebuilt after each change)."""
        if self._bmap is None:
            self._bmap = parse_map(self.data, self.file)
        return self._bmap

    def _marker(self) -> tuple[int, int | None]:
        return len(self.undo_stack), id(self.undo_stack[-1]) if self.undo_stack else None

    @property
    def dirty(self) -> bool:
        """Whether the data differs from when it was loaded or last saved."""
        return self._marker() != self._saved

    def mark_saved(self) -> None:
        self._saved = self._marker()

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, changes: list[Change], forward: bool) -> None:
        if forward:
            for ch in changes:
                index = _set(self.data, ch.path, _copy(ch.new))
                if ch.new is MISSING:
                    ch.index = index
        else:
            for ch in reversed(changes):
                _set(self.data, ch.path, _copy(ch.old), ch.index)
        self._bmap = None

    def push(self, edit: Edit) -> Edit:
        """Check and apply ``edit``; :class:`MapEditError` (nothing changed) if the map
        would have problems."""
        if not edit.changes:
            raise MapEditError(N_("{v_text}: nothing changes", v_text=edit.text))
        trial = copy.deepcopy(self.data)
        for ch in edit.changes:
            _set(trial, ch.path, _copy(ch.new))
        problems = check_map(trial, self.file)
        if problems:
            raise MapEditError(N_("{v_text} refused: {place}: {problem}", v_text=edit.text,
                                  place=problems[0].place, problem=problems[0].problem), problems)
        self._apply(edit.changes, True)
        self.undo_stack.append(edit)
        self.redo_stack.clear()
        return edit

    def undo(self) -> Edit | None:
        """Take back the last edit; return it (``None`` if none)."""
        if not self.undo_stack:
            return None
        edit = self.undo_stack.pop()
        self._apply(edit.changes, False)
        self.redo_stack.append(edit)
        return edit

    def redo(self) -> Edit | None:
        """Make again the last edit taken back."""
        if not self.redo_stack:
            return None
        edit = self.redo_stack.pop()
        self._apply(edit.changes, True)
        self.undo_stack.append(edit)
        return edit

    def _change(self, path: Path, new: Any) -> Change:
        return Change(path, _copy(_get(self.data, path)), new)

    # -- lookups ------------------------------------------------------------------------------
    def _area(self, area_id: str) -> dict[str, Any]:
        area = _get(self.data, ("areas", area_id))
        if area is MISSING:
            hexagon = self.bmap.areas.get(area_id)
            if hexagon is not None and hexagon.hex is not None:
                raise MapEditError(N_("{name} is a hex: edit its terrain instead",
                                      name=hexagon.name))
            raise MapEditError(N_("no area {area_id} on this map", area_id=repr(area_id)))
        return area

    def name(self, area_id: str) -> str:
        return self.bmap.place_name(area_id)

    # -- cities and outlines ----------------------------------------------------------------
    def move_city(self, area_id: str, pos: tuple[float, float]) -> Edit:
        """Put the city of ``area_id`` (or the town of a hex) at map point ``pos``."""
        hexagon = self.bmap.areas.get(area_id)
        if hexagon is not None and hexagon.hex is not None:
            if not hexagon.city:
                raise MapEditError(N_("{name} has no town to move", name=hexagon.name))
            return self.set_hex(hexagon.hex, pos=_point(pos))
        area = copy.deepcopy(self._area(area_id))
        area["pos"] = _point(pos)
        area.pop("lonlat", None)  # no longer the projection of a longitude/latitude
        return self.push(Edit(f"Move {self.name(area_id)}",
                              [self._change(("areas", area_id), area)]))

    def set_outline(self, area_id: str, points: list[tuple[float, float]] | None) -> Edit:
        """Draw the outline of ``area_id`` (``None``: back to its automatic cell)."""
        area = copy.deepcopy(self._area(area_id))
        if points is None:
            if "polygon" not in area:
                raise MapEditError(N_("{name} has no drawn outline", name=self.name(area_id)))
            area.pop("polygon")
            text = f"Automatic outline for {self.name(area_id)}"
        else:
            area["polygon"] = [_point(p) for p in points]
            text = f"Outline of {self.name(area_id)}"
        return self.push(Edit(text, [self._change(("areas", area_id), area)]))

    def outline_points(self, area_id: str) -> list[tuple[float, float]]:
        """The outline of ``area_id`` as a list of points (drawn, or its automatic cell
        simplified), as a start for reshaping it."""
        area = self.bmap.areas[area_id]
        if area.polygon is not None:
            return [tuple(p) for p in area.polygon]
        geom = self.bmap.outlines[area_id]
        if geom.geom_type != "Polygon":
            geom = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
        geom = geom.simplify(0.5)
        return [(x, y) for x, y in list(geom.exterior.coords)[:-1]]

    def move_vertex(self, area_id: str, index: int, pos: tuple[float, float]) -> Edit:
        """Move corner ``index`` of the outline of ``area_id`` (drawing it if automatic)."""
        pts = self.outline_points(area_id)
        if not 0 <= index < len(pts):
            raise MapEditError(N_("{name}'s outline has no corner {index}",
                                  name=self.name(area_id), index=index))
        pts[index] = pos
        return self.set_outline(area_id, pts)

    # -- areas --------------------------------------------------------------------------------
    def new_area_id(self, name: str) -> str:
        base = slug(name)
        known = set(self.bmap.areas) | set(self.bmap.boxes)
        candidate, n = base, 2
        while candidate in known:
            candidate, n = f"{base}-{n}", n + 1
        return candidate

    def add_area(self, name: str, pos: tuple[float, float], area_id: str | None = None,
                 **fields: Any) -> Edit:
        """Add an area with its city at ``pos`` (``fields``: region, terrain, polygon...)."""
        area_id = area_id or self.new_area_id(name)
        if area_id in self.bmap.areas or area_id in self.bmap.boxes:
            raise MapEditError(N_("the id {area_id} is taken", area_id=repr(area_id)))
        value = {"name": name, "pos": _point(pos), **fields}
        return self.push(Edit(f"Add {name}", [Change(("areas", area_id), MISSING, value)]))

    def delete_area(self, area_id: str) -> Edit:
        """Delete ``area_id`` with its roads and box links."""
        self._area(area_id)
        if area_id in self.protected:
            raise MapEditError(N_("{name} cannot be deleted: {protected_reason}",
                                  name=self.name(area_id), protected_reason=self.protected_reason))
        changes = [self._change(("areas", area_id), MISSING)]
        roads = _get(self.data, ("roads",))
        if roads is not MISSING and any(area_id in r for r in roads):
            changes.append(self._change(("roads",), [r for r in roads if area_id not in r]))
        for box_id, box in (self.data.get("boxes") or {}).items():
            if area_id in (box.get("links") or []):
                new = copy.deepcopy(box)
                new["links"] = [x for x in box["links"] if x != area_id]
                changes.append(self._change(("boxes", box_id), new))
        return self.push(Edit(f"Delete {self.name(area_id)}", changes))

    FIELDS = ("name", "terrain", "fortified", "nf", "port", "sea", "region", "note")

    def set_field(self, area_id: str, name: str, value: Any) -> Edit:
        """Set one field of an area (``None`` removes it): name, terrain, fortified, nf
        (fortress level), port, sea (a port's sea zone: setting one makes a port, removing
        it makes none), region (county), note. A hex area's terrain is the hex's. On a map
        with sea zones a new port opens on the first one until told otherwise."""
        if name not in self.FIELDS:
            raise MapEditError(N_("{name} is not an editable field ({fields})", name=repr(name),
                                  fields=', '.join(self.FIELDS)))
        area_obj = self.bmap.areas.get(area_id)
        if area_obj is not None and area_obj.hex is not None:
            return self.set_hex(area_obj.hex, **{name: value})
        area = copy.deepcopy(self._area(area_id))
        if value is None or value == "":
            area.pop(name, None)
        else:
            area[name] = value
        if name == "fortified" and not value:
            area.pop("nf", None)
        if name == "nf" and value is not None:
            area["fortified"] = True
        if name in ("port", "sea") and not value:
            area.pop("port", None)
            area.pop("sea", None)
        elif name == "sea":
            area["port"] = True
        elif name == "port" and self.bmap.seas and "sea" not in area:
            area["sea"] = next(iter(self.bmap.seas))
        label = {"nf": "fortress level", "region": "county"}.get(name, name)
        return self.push(Edit(f"Set {label} of {self.name(area_id)}",
                              [self._change(("areas", area_id), area)]))

    # -- roads ----------------------------------------------------------------------------------
    def add_road(self, a: str, b: str) -> Edit:
        """Join areas ``a`` and ``b`` by a road."""
        roads = _copy(_get(self.data, ("roads",)))
        roads = [] if roads is MISSING or roads is None else roads
        if any(set(r[:2]) == {a, b} for r in roads):  # [a, b] or [a, b, kind]
            raise MapEditError(N_("there is a road {name}-{name2} already", name=self.name(a),
                                  name2=self.name(b)))
        roads.append([a, b])
        return self.push(Edit(f"Road {self.name(a)}-{self.name(b)}",
                              [self._change(("roads",), roads)]))

    def remove_road(self, a: str, b: str) -> Edit:
        """Remove the road between ``a`` and ``b``."""
        roads = _get(self.data, ("roads",))
        if roads is MISSING or not any(set(r[:2]) == {a, b} for r in roads):
            raise MapEditError(N_("there is no road {a}-{b}", a=a, b=b))
        kept = [r for r in roads if set(r[:2]) != {a, b}]
        return self.push(Edit(f"Remove road {self.name(a)}-{self.name(b)}",
                              [self._change(("roads",), kept)]))

    # -- boxes, tracks, control boxes --------------------------------------------------------------
    def set_box_rect(self, box_id: str, rect: tuple[float, float, float, float]) -> Edit:
        box = _get(self.data, ("boxes", box_id))
        if box is MISSING:
            raise MapEditError(N_("no box {box_id} on this map", box_id=repr(box_id)))
        new = copy.deepcopy(box)
        new["rect"] = [round(float(v), 2) for v in rect]
        return self.push(Edit(f"Move {box.get('name', box_id)}",
                              [self._change(("boxes", box_id), new)]))

    def move_track(self, track_id: str, dx: float, dy: float) -> Edit:
        """Shift every cell of a track (to line it up with the scan)."""
        track = _get(self.data, ("tracks", track_id))
        if track is MISSING:
            raise MapEditError(N_("no track {track_id} on this map", track_id=repr(track_id)))
        new = copy.deepcopy(track)
        for cell in new.get("cells", []):
            x, y, w, h = cell["rect"]
            cell["rect"] = [round(x + dx, 2), round(y + dy, 2), w, h]
        return self.push(Edit(f"Move {track.get('name', track_id)}",
                              [self._change(("tracks", track_id), new)]))

    def set_track_cell_rect(self, track_id: str, index: int,
                            rect: tuple[float, float, float, float]) -> Edit:
        track = _get(self.data, ("tracks", track_id))
        if track is MISSING or not 0 <= index < len(track.get("cells", [])):
            raise MapEditError(N_("no cell {index} on track {track_id}", index=index,
                                  track_id=repr(track_id)))
        new = copy.deepcopy(track)
        new["cells"][index]["rect"] = [round(float(v), 2) for v in rect]
        return self.push(Edit(f"Move a cell of {track.get('name', track_id)}",
                              [self._change(("tracks", track_id), new)]))

    def set_control_box_rect(self, region: str, rect: tuple[float, float, float, float]) -> Edit:
        if _get(self.data, ("control_boxes", region)) is MISSING:
            raise MapEditError(N_("no control box for {region}", region=repr(region)))
        return self.push(Edit(f"Move the control box of {region}",
                              [self._change(("control_boxes", region),
                                            [round(float(v), 2) for v in rect])]))

    # -- hexes --------------------------------------------------------------------------------
    def set_hex(self, hexagon: tuple[int, int], **fields: Any) -> Edit:
        """Set fields of a hex (terrain, name, town, region...; ``None`` removes one)."""
        q, r = hexagon
        if hex_id(q, r) not in self.bmap.areas:
            raise MapEditError(N_("no hex {q},{r} on this map", q=q, r=r))
        key = f"{q},{r}"
        current = _get(self.data, ("hexgrid", "hexes", key))
        if current is MISSING or current is None:
            value: dict[str, Any] = {}
        elif isinstance(current, str):
            value = {"terrain": current}
        else:
            value = copy.deepcopy(current)
        for name, v in fields.items():
            if v is None or v == "":
                value.pop(name, None)
            else:
                value[name] = v
        new: Any = value["terrain"] if set(value) == {"terrain"} else value
        area = self.bmap.areas[hex_id(q, r)]
        return self.push(Edit(f"Set {', '.join(fields)} of {area.name}",
                              [self._change(("hexgrid", "hexes", key), new)]))

    def set_hexside(self, a: str, b: str, features: list[str]) -> Edit:
        """Set the features (river, road...) of the side between hex areas ``a`` and ``b``."""
        ha, hb = self.bmap.areas[a].hex, self.bmap.areas[b].hex
        if ha is None or hb is None:
            raise MapEditError(N_("a hexside joins two hexes"))
        sides = _copy(_get(self.data, ("hexgrid", "hexsides")))
        sides = [] if sides is MISSING or sides is None else sides
        keys = {f"{ha[0]},{ha[1]}", f"{hb[0]},{hb[1]}"}
        sides = [s for s in sides if set(s.get("hexes", [])) != keys]
        if features:
            sides.append({"hexes": sorted(keys), "features": list(features)})
        return self.push(Edit(f"Hexside {self.name(a)}-{self.name(b)}",
                              [self._change(("hexgrid", "hexsides"), sides)]))
