"""Optional parts of a map file read by :mod:`.mapdata`: the sea zones its ports open on
(``seas:``, and a port's ``sea:``) and how its own marks are drawn (``style:``).

Both are additive: a map without them reads as before (ports without a sea, brown
region borders, an anchor for a port). Problems are recorded on the caller's collector
(``p.add(place, problem)``), each naming its place (``seas.manche``, ``style.port_symbol``,
``areas.calais.sea``).
"""

from __future__ import annotations

import re
from typing import Any

from ..base.errors import quote
from ..base.i18n import N_
from .places import MapStyle, Sea

PORT_SYMBOLS = ("anchor", "ship")
STYLE_KEYS = ("region_border", "port_symbol", "region_labels")
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def parse_seas(p: Any, value: Any) -> dict[str, Sea]:
    """The ``seas:`` section: sea id -> ``{name, source, note}``."""
    if value is None:
        return {}
    seas: dict[str, Sea] = {}
    for key, item in p.get(p.c.mapping, value, "seas", default={}).items():
        place = f"seas.{key}"
        if not (isinstance(key, str) and _SLUG.match(key)):
            p.add(place, N_("id {key} must be lowercase letters, digits and '-'", key=quote(key)))
            continue
        item = p.get(p.c.mapping, item if item is not None else {}, place)
        if item is None:
            continue
        p.keys(item, place, ("name", "source", "note"))
        name = p.get(p.c.text, item.get("name", key), f"{place}.name", default=key)
        seas[key] = Sea(id=key, name=name, source=str(item.get("source", "")))
    return seas


def parse_style(p: Any, value: Any) -> MapStyle:
    """The ``style:`` section (every key optional)."""
    if value is None:
        return MapStyle()
    v = p.get(p.c.mapping, value, "style", default={})
    p.keys(v, "style", STYLE_KEYS)
    border = v.get("region_border")
    if border is not None and not (isinstance(border, str) and _COLOUR.match(border)):
        p.add("style.region_border", N_("{border} is not a colour like #c62828",
                                        border=quote(border)))
        border = None
    symbol = p.get(p.c.choice, v.get("port_symbol", "anchor"), "style.port_symbol",
                   PORT_SYMBOLS, default="anchor")
    labels = p.get(p.c.boolean, v.get("region_labels", False), "style.region_labels",
                   default=False)
    return MapStyle(region_border=border, port_symbol=symbol, region_labels=labels)


def area_sea(p: Any, v: dict[str, Any], place: str, seas: dict[str, Sea],
             port: bool) -> str | None:
    """The checked ``sea`` of an area: a known sea, on a port only; on a map with seas
    every port names its sea."""
    sea = v.get("sea")
    if sea is None:
        if port and seas:
            p.add(f"{place}.sea", N_("a port of this map names its sea (one of {seas})",
                                     seas=', '.join(seas)))
        return None
    if sea not in seas:
        known = ", ".join(seas) if seas else "none: add a seas: section"
        p.add(f"{place}.sea", N_("no sea {sea} (known: {known})", sea=quote(sea), known=known))
        return None
    if not port:
        p.add(f"{place}.sea", N_("only a port opens on a sea: set port: true or remove sea"))
        return None
    return str(sea)
