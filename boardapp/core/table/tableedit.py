"""Editing a table file's data, one checked edit at a time, with undo and redo.

:class:`TableEditor` is the map editor's core (:class:`~..board.mapedit.MapEditor`: plain
data, named edits, each checked by the table's own validation, undo and redo) with the
edits of a table: draw a piece of scenery (a polygon, or a line with a width), set its
kind, name, obstacle class, cover class, height, width, a hill's crest line and a
building's floors, move or delete a corner, delete the scenery, change the table's size
or name. Coordinates are centimetres, kept to 0.01 cm.

>>> data = {"format": "boardapp-table", "version": 1, "id": "t", "size": [60, 40]}
>>> ed = TableEditor(data)
>>> ed.add_scenery("wood", [(5, 5), (20, 5), (20, 20)], name="Oak wood").text
'Draw Oak wood (wood)'
>>> ed.set_scenery_field("oak-wood", "height", 12).text
'Oak wood: height 12'
>>> try:
...     ed.set_size(10, 10)
... except MapEditError as exc:
...     print(exc)
Table 10 x 10 cm refused: scenery.oak-wood: the scenery goes beyond the edge of the table
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from ..base.i18n import N_
from ..board.mapedit import MISSING, Edit, MapEditError, MapEditor, slug
from .tablemap import COVERS, KINDS, LINE_KINDS, OBSTACLES, Scenery, Table

SUGGESTED = {
    "wood": ("light", "light", 10.0), "hill": ("none", "none", 12.0),
    "pond": ("impassable", "none", 0.0), "building": ("impassable", "large", 8.0),
    "hedge": ("light", "light", 3.0), "wall": ("medium", "medium", 2.0),
    "barrier": ("light", "light", 2.0), "river": ("large", "none", 0.0),
    "rocks": ("medium", "medium", 3.0),
}
"""A new piece of scenery's obstacle class, cover class and height (cm) by kind, as a
start the user changes in the editor's panel (a kind not here: none, none, 0)."""
FIELDS = ("kind", "name", "obstacle", "cover", "height", "width", "floors", "crest")
POINTS = ("polygon", "line", "crest")


def _cm(value: float) -> float:
    rounded = round(float(value), 2)
    return int(rounded) if rounded == int(rounded) else rounded


def _pt(point: Sequence[float]) -> list[float]:
    x, y = point
    return [_cm(x), _cm(y)]


class TableEditor(MapEditor):
    """The data of one table file being edited (see the module doc).

    ``figures`` are the points (cm) where figures of the game stand: the table may not
    shrink so that one of them falls off it.
    """

    def __init__(self, data: dict[str, Any], file: str = "table.yaml",
                 figures: Iterable[tuple[float, float]] = ()) -> None:
        super().__init__(data, file)
        if self.table is None:
            raise MapEditError(N_("{file} is not a table (format: boardapp-table)", file=file))
        self.figures = list(figures)

    # -- lookups ---------------------------------------------------------------------------
    @property
    def table(self) -> Table | None:
        return getattr(self.bmap, "table", None)

    def scenery(self, sid: str) -> Scenery:
        assert self.table is not None
        if sid not in self.table.scenery:
            raise MapEditError(N_("no scenery {sid} on this table", sid=repr(sid)))
        return self.table.scenery[sid]

    def _data(self, sid: str) -> dict[str, Any]:
        self.scenery(sid)
        return copy.deepcopy(self.data["scenery"][sid])

    def new_id(self, name: str) -> str:
        """A scenery id from ``name`` not used yet (``wood``, ``wood-2``...)."""
        base = slug(name)
        taken = set(self.data.get("scenery") or {})
        sid, n = base, 1
        while sid in taken:
            n += 1
            sid = f"{base}-{n}"
        return sid

    def _replace(self, sid: str, value: Any, text: str) -> Edit:
        return self.push(Edit(text, [self._change(("scenery", sid), value)]))

    # -- scenery ----------------------------------------------------------------------------
    def add_scenery(self, kind: str, points: Sequence[Sequence[float]], line: bool = False,
                    name: str | None = None, obstacle: str | None = None,
                    cover: str | None = None, height: float | None = None,
                    width: float = 1.0) -> Edit:
        """Draw a piece of scenery of ``kind``: a polygon through ``points`` (cm), or a
        line ``width`` cm wide when ``line``; its classes and height default to
        :data:`SUGGESTED`."""
        if kind not in KINDS:
            raise MapEditError(N_("unknown kind {kind} (known: {kinds})", kind=repr(kind),
                                  kinds=', '.join(KINDS)))
        if line and kind not in LINE_KINDS:
            raise MapEditError(N_("a {kind} is drawn as a polygon (lines: {line_kinds})",
                                  kind=kind, line_kinds=', '.join(LINE_KINDS)))
        suggested = SUGGESTED.get(kind, ("none", "none", 0.0))
        name = name or kind.capitalize()
        sid = self.new_id(name)
        shape: dict[str, Any] = {"kind": kind, "name": name}
        shape["line" if line else "polygon"] = [_pt(p) for p in points]
        if line:
            shape["width"] = _cm(width)
        shape["obstacle"] = obstacle or suggested[0]
        shape["cover"] = cover or suggested[1]
        shape["height"] = _cm(suggested[2] if height is None else height)
        return self.push(Edit(f"Draw {name} ({kind})",
                              [self._change(("scenery", sid), shape)]))

    def set_scenery_field(self, sid: str, field: str, value: Any) -> Edit:
        """Set one field of scenery ``sid`` (see :data:`FIELDS`; ``None`` removes an
        optional one: floors, crest)."""
        if field not in FIELDS:
            raise MapEditError(N_("unknown field {field} (known: {fields})", field=repr(field),
                                  fields=', '.join(FIELDS)))
        shape = self._data(sid)
        name = shape.get("name") or sid
        if field == "kind" and value not in KINDS:
            raise MapEditError(N_("unknown kind {value}", value=repr(value)))
        if field == "obstacle" and value not in OBSTACLES:
            raise MapEditError(N_("unknown obstacle class {value}", value=repr(value)))
        if field == "cover" and value not in COVERS:
            raise MapEditError(N_("unknown cover class {value}", value=repr(value)))
        if field in ("height", "width"):
            value = _cm(value)
        elif field == "floors" and value is not None:
            value = [_cm(v) for v in value]
        elif field == "crest" and value is not None:
            value = [_pt(p) for p in value]
        if value is None or value == [] and field in ("floors", "crest"):
            if field not in shape:
                raise MapEditError(N_("{name} has no {field}", name=name, field=field))
            shape.pop(field)
            text = f"{name}: no {field}"
        else:
            shape[field] = value
            shown = ", ".join(f"{v:g}" for v in value) if field == "floors" else (
                "drawn" if field == "crest" else f"{value:g}" if isinstance(value, float | int)
                else value)
            text = f"{name}: {field} {shown}"
        if shape.get(field, MISSING) == self.data["scenery"][sid].get(field, MISSING):
            raise MapEditError(N_("{v_text}: nothing changes", v_text=text))
        return self._replace(sid, shape, text)

    def points(self, sid: str, which: str | None = None) -> list[tuple[float, float]]:
        """The corners of scenery ``sid`` (its polygon or line; or ``which``)."""
        shape = self.data["scenery"][self.scenery(sid).id]
        which = which or ("line" if "line" in shape else "polygon")
        return [(float(x), float(y)) for x, y in shape.get(which) or []]

    def set_points(self, sid: str, which: str, points: Sequence[Sequence[float]]) -> Edit:
        """Redraw the polygon, line or crest of scenery ``sid``."""
        if which not in POINTS:
            raise MapEditError(N_("unknown outline {which}", which=repr(which)))
        shape = self._data(sid)
        if which != "crest" and which not in shape:
            raise MapEditError(N_("{value} has no {which}", value=shape.get('name') or sid,
                                  which=which))
        shape[which] = [_pt(p) for p in points]
        return self._replace(sid, shape, f"Reshape {shape.get('name') or sid}")

    def move_point(self, sid: str, which: str, index: int, pos: Sequence[float]) -> Edit:
        """Move corner ``index`` of the polygon, line or crest of scenery ``sid``."""
        points = self.points(sid, which)
        if not 0 <= index < len(points):
            raise MapEditError(N_("no corner {index} on {sid}", index=index, sid=sid))
        points[index] = (pos[0], pos[1])
        return self.set_points(sid, which, points)

    def delete_point(self, sid: str, which: str, index: int) -> Edit:
        points = self.points(sid, which)
        if not 0 <= index < len(points):
            raise MapEditError(N_("no corner {index} on {sid}", index=index, sid=sid))
        del points[index]
        return self.set_points(sid, which, points)

    def delete_scenery(self, sid: str) -> Edit:
        name = self.scenery(sid).name
        return self.push(Edit(f"Delete {name}", [self._change(("scenery", sid), MISSING)]))

    # -- the table --------------------------------------------------------------------------
    def set_size(self, width: float, depth: float) -> Edit:
        """Make the table ``width`` x ``depth`` cm (scenery and figures stay on it)."""
        text = f"Table {width:g} x {depth:g} cm"
        off = [p for p in self.figures if not (0 <= p[0] <= width and 0 <= p[1] <= depth)]
        if off:
            raise MapEditError(N_("{v_text} refused: a figure of the game stands at {off}, "
                                  "{off2} cm", v_text=text, off=format(off[0][0], 'g'),
                                  off2=format(off[0][1], 'g')))
        return self.push(Edit(text, [self._change(("size",), [_cm(width), _cm(depth)])]))

    def set_name(self, name: str) -> Edit:
        return self.push(Edit(f"Table name {name}", [self._change(("name",), name)]))
