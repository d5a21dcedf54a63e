#!/usr/bin/env python3
"""Build maps/deux_bretagne.yaml, the APPROXIMATE map of "Les Deux Bretagne".

The publisher's map is not available.  This script rebuilds a plausible board from
real geography: real lon/lat of the medieval towns, projected to map units, a
hand-digitised coastline, and a layout of boxes and tracks in the margins.  What
the rules fix (cities named in the rules, NF levels, county values implied by the
scenario totals, box connections) is encoded here and checked; everything else is
an estimate and is labelled as such in every ``source`` field of the output.

Usage (from the repository root)::

    python3 maps/tools/build_deux_bretagne.py            # write maps/deux_bretagne.yaml
    python3 maps/tools/build_deux_bretagne.py --check    # only run the checks
    python3 maps/tools/build_deux_bretagne.py --preview /tmp/db.png   # + PNG (needs Pillow)

Only the standard library and PyYAML are needed (Pillow for ``--preview``).

The YAML is the file users edit.  Small corrections (a colour, an NF level, a road)
can be made directly in the YAML.  To move a town, change its ``lonlat`` here in
AREAS of ``deux_bretagne_data.py`` and re-run: ``pos`` is derived from ``lonlat`` by its projection.  If
you hand-edit the YAML instead, keep the two consistent, or re-run ``--check``
after porting your edits back into this script.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

import yaml

from deux_bretagne_data import *  # noqa: F403 (the map's data, one module)


# --------------------------------------------------------------------------------------
# Derived data
# --------------------------------------------------------------------------------------
def land_polygon() -> list[list[int]]:
    return [list(project(lon, lat)) for lon, lat, _ in COAST]


def orientation(poly) -> str:
    """'clockwise' or 'counter-clockwise' as seen on screen (y pointing down)."""
    n = len(poly)
    a2 = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
             for i in range(n))
    return "clockwise" if a2 > 0 else "counter-clockwise"


def area_pos() -> dict[str, tuple[int, int]]:
    return {a["id"]: project(a["lon"], a["lat"]) for a in AREAS}


def control_rects() -> dict[str, list[int]]:
    out = {}
    for i, (rid, *_rest) in enumerate(REGIONS):
        col, row = i % 3, i // 3
        out[rid] = [CB_X0 + col * (CB_W + CB_GX), CB_Y0 + row * (CB_H + CB_GY), CB_W, CB_H]
    return out


def turn_cells() -> list[dict]:
    return [dict(id=str(i + 1), label=lab,
                 rect=[TURN_X0 + i * (TURN_W + TURN_GAP), TURN_Y0, TURN_W, TURN_H])
            for i, lab in enumerate(TURN_LABELS)]


def vp_cells() -> list[dict]:
    return [dict(id=str(i), label=str(i),
                 rect=[VP_X0 + i * (VP_W + VP_GAP), VP_Y0, VP_W, VP_H])
            for i in range(VP_N)]


# --------------------------------------------------------------------------------------
# Geometry helpers (no shapely needed)
# --------------------------------------------------------------------------------------
def point_in_polygon(p, poly) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xin = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xin:
                inside = not inside
    return inside


def dist_point_segment(p, a, b) -> float:
    px, py = p
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def dist_to_polygon_edge(p, poly) -> float:
    n = len(poly)
    return min(dist_point_segment(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a, b, c, d) -> bool:
    """Proper crossing of segments ab and cd (shared endpoints do not count)."""
    if len({tuple(a), tuple(b), tuple(c), tuple(d)}) < 4:
        return False
    o1, o2 = _orient(a, b, c), _orient(a, b, d)
    o3, o4 = _orient(c, d, a), _orient(c, d, b)
    return (o1 * o2 < 0) and (o3 * o4 < 0)


def dist_point_rect(p, r) -> float:
    x, y, w, h = r
    dx = max(x - p[0], 0, p[0] - (x + w))
    dy = max(y - p[1], 0, p[1] - (y + h))
    return math.hypot(dx, dy)


def rects_overlap(r1, r2) -> bool:
    return not (r1[0] + r1[2] <= r2[0] or r2[0] + r2[2] <= r1[0]
                or r1[1] + r1[3] <= r2[1] or r2[1] + r2[3] <= r1[1])


def rect_hits_polygon(r, poly) -> bool:
    """True if the rectangle intersects the polygon (corner inside, or edges cross)."""
    x, y, w, h = r
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if any(point_in_polygon(c, poly) for c in corners):
        return True
    if any(x <= px <= x + w and y <= py <= y + h for px, py in poly):
        return True
    n = len(poly)
    for i in range(4):
        for j in range(n):
            if segments_cross(corners[i], corners[(i + 1) % 4], poly[j], poly[(j + 1) % n]):
                return True
    return False


# --------------------------------------------------------------------------------------
# YAML output (hand-formatted so that it keeps comments and a readable order)
# --------------------------------------------------------------------------------------
def q(s: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(s, ensure_ascii=False)


def flow(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return v if _plain_ok(v) else q(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def _plain_ok(s: str) -> bool:
    return bool(s) and all(c.isascii() and (c.isalnum() or c in "-_") for c in s) \
        and not s[0].isdigit() and s not in ("true", "false", "null", "yes", "no",
                                              "on", "off", "y", "n")


HEADER = """\
# =====================================================================================
#  Les Deux Bretagne (War of Succession of Brittany, 1341-1364) - map data for boardapp
# =====================================================================================
#
#  APPROXIMATE MAP.  The publisher's printed map was not available.  This board was
#  rebuilt from REAL GEOGRAPHY: every city sits at the real longitude/latitude of the
#  medieval town (field `lonlat`), projected to map units (field `pos`) with the
#  equirectangular projection given under `projection:`; the coastline (`land:`) was
#  digitised by hand from a modern map and simplified.  It is NOT a copy of the
#  printed map: the exact set of cities, roads, fortress levels, ports and terrain of
#  the real game are unknown and were estimated.
#
#  What comes from the rules (section numbers of the English rules translation) and
#  what is an estimate is written in the `source` field of every county, city and
#  box.  In short, from the rules: the 9 counties; the cities named in the rules and
#  their counties as implied by scenarios 14.1 and 14.3; Saint-Brieuc's 4 cities and
#  its control box (3 cities, 2 VP); NF 2 for Brest and Rennes, NF 1 for Hédé;
#  Malestroit open and next to Josselin; the box connections of 2.64.  The county VP
#  values are derived from the starting PV totals of 14.13 and 14.33.  Everything
#  else (added towns, roads, other NF levels, ports, terrain, layout) is an estimate.
#
#  HOW TO CORRECT IT (e.g. against a photograph of the real map):
#   * edit values directly here (nf, port, terrain, region, control, roads, links...);
#     change the `source` note to say where the new value comes from;
#   * to move a city, change `lonlat` AND `pos` (pos = projection of lonlat, see
#     below), or better edit maps/tools/build_deux_bretagne.py and regenerate:
#         python3 maps/tools/build_deux_bretagne.py          (writes this file)
#         python3 maps/tools/build_deux_bretagne.py --check  (only runs the checks)
#     The script re-runs the consistency checks (roads, counties vs scenarios, VP
#     totals, boxes clear of cities, ...).  Regenerating overwrites hand edits, so
#     port them into the script first.
#   * all coordinates are map units (1 unit = 1 pixel at 100 % zoom), origin top-left,
#     rect = [x, y, width, height].
# =====================================================================================
"""

NOTES = (
    "Approximate reconstruction, not the publisher's map. Cities are placed at the real "
    "lon/lat of the medieval towns and projected (see projection); the coastline is a "
    "hand-digitised simplification and the east side is closed on a straight line east "
    "of the marches (Fougères, Vitré, La Guerche, Châteaubriant, Ancenis, Clisson), the "
    "holding boxes standing for Normandy, Anjou and Poitou beyond it. "
    "From the rules: 9 counties (2.61); Saint-Brieuc has exactly Saint-Brieuc, "
    "Moncontour, Lamballe and Kintin and needs 3 cities for 2 VP (2.62, 3.3); Brest NF 2 "
    "(2.63), Rennes NF 2 (10.13), Hédé NF 1 (10.25); Malestroit is an open city in Bro "
    "Wened with a road to Josselin (9.5); county memberships of the cities named in "
    "scenarios 14.1 and 14.3 follow from their control lists; Normandi connects only to "
    "Dol and Fougères, Bro Saoz is reached by sea by Montfort only, Noirmoutier only by "
    "Raoul de Cahours with 1 unit (2.64); captured leaders go to Bro C'Hall / Bro Saoz "
    "(9.42). County VP: assuming starting PV = sum of the VP of the counties held, the "
    "totals of 14.13 (Blois 5, Montfort 22) and 14.33 (Blois 9, Montfort 11) give Dreger "
    "+ Dol = 3, Rennais = 4, Leon + Gernev + Wened = 11 and Nantais + Saint-Malo = 7; "
    "the split inside those sums is an estimate. The cities of Pays de Saint-Malo and "
    "Pays nantais are exactly the ones the 14.3 set-up assigns (those two counties are "
    "neutral there, so the set-up must list all their cities); the towns added to "
    "complete the map were put only in counties that 14.3 assigns wholesale. "
    "Everything not cited in a source field is an estimate: added towns, roads, NF "
    "levels other than Brest/Rennes/Hédé, fortified/open status, ports, terrain, the "
    "cities-needed values (a majority of the county) and the whole layout of boxes and "
    "tracks. To correct: edit this file (and its source notes), or edit "
    "maps/tools/build_deux_bretagne.py and regenerate."
)


def build_yaml() -> str:
    pos = area_pos()
    land = land_polygon()
    L: list[str] = [HEADER]
    w = L.append
    w("format: boardapp-map")
    w("version: 1")
    w("id: deux-bretagne")
    w(f"name: {q('Brittany, 1341 (Les Deux Bretagne)')}")
    w("approximate: true")
    w("notes: >-")
    words, line = NOTES.split(" "), "  "
    for word in words:
        if len(line) + len(word) + 1 > 90 and line.strip():
            w(line.rstrip())
            line = "  "
        line += word + " "
    w(line.rstrip())
    w("")
    w(f"size: [{W}, {H}]")
    w("")
    w("# x = (lon - lon0) * scale * cos(radians(48)),  y = (lat0 - lat) * scale;")
    w(f"# 1 degree of latitude = {SCALE:g} units, so about 4.2 units per km.")
    w("projection:")
    w("  type: equirectangular")
    w(f"  lon0: {LON0}")
    w(f"  lat0: {LAT0}")
    w(f"  scale: {SCALE:g}")
    w("")
    w(f"# Land outline ({orientation(land)} on screen, not closed): hand-digitised,")
    w("# simplified coastline; a few points pushed slightly seaward so that coastal")
    w("# towns stay inside.  The east side (lon -1.00) is an artificial closure, not")
    w("# a border.  Each point: x, y, then its lon/lat and landmark as a comment.")
    w("land:")
    for (lon, lat, label), (x, y) in zip(COAST, land, strict=True):
        w(f"  - [{x}, {y}]".ljust(18) + f"# {lon:.3f}, {lat:.3f}  {label}")
    w("")
    w("# The nine counties (2.61), in map order.  control: cities = number of cities")
    w("# needed to control the county, vp = victory points of the county (2.62).")
    w("regions:")
    for rid, name, colour, cities, vp, src in REGIONS:
        n = sum(1 for a in AREAS if a["region"] == rid)
        w(f"  {rid}:".ljust(30) + f"# {n} cities")
        w(f"    name: {q(name)}")
        w(f"    colour: {q(colour)}")
        w(f"    control: {{cities: {cities}, vp: {vp}}}")
        w(f"    source: {q(src)}")
    w("")
    w("# Cities (an area = a city, rules 1.4).  pos = projection of lonlat (rounded).")
    w("# fortified: true = star (fortified city, nf = fortress level 0-3), false = circle")
    w("# (open city).  terrain: clear | mountain | marsh | forest (mountain and marsh cost")
    w("# 2 MP to enter, 8.11).  port: usable for naval movement (8.15).")
    w("areas:")
    for rid, name, *_ in REGIONS:
        w("")
        w(f"  # ---- {name} " + "-" * max(3, 70 - len(name)))
        for a in (a for a in AREAS if a["region"] == rid):
            w(f"  {a['id']}:")
            w(f"    name: {q(a['name'])}")
            if a["note"]:
                w(f"    note: {q(a['note'])}")
            w(f"    lonlat: [{a['lon']:.3f}, {a['lat']:.3f}]")
            x, y = pos[a["id"]]
            w(f"    pos: [{x}, {y}]")
            w(f"    region: {rid}")
            w(f"    fortified: {flow(a['nf'] is not None)}")
            if a["nf"] is not None:
                w(f"    nf: {a['nf']}")
            if a["port"]:
                w("    port: true")
            w(f"    terrain: {a['terrain']}")
            w(f"    source: {q(a['source'])}")
    w("")
    w("# Roads (brown lines, 2.65): undirected pairs of area ids.  All ESTIMATED (a")
    w("# plausible medieval road net between neighbouring towns), except Malestroit -")
    w("# Josselin (rules 9.5 example).  Links to the holding boxes are under `boxes`.")
    w("roads:")
    for a, b in ROADS:
        mark = "   # rules 9.5" if frozenset((a, b)) in ROAD_RULES else ""
        w(f"  - [{a}, {b}]{mark}")
    w("")
    w("# Off-map boxes.  rect = [x, y, w, h].  links = areas connected to the box.")
    w("boxes:")
    for b in BOXES:
        w(f"  {b['id']}:")
        w(f"    name: {q(b['name'])}")
        w(f"    kind: {b['kind']}")
        w(f"    rect: {flow(b['rect'])}")
        w(f"    links: {flow(b['links'])}")
        if b.get("naval"):
            w("    naval: true")
        if "access" in b:
            w(f"    access: {flow(b['access'])}")
        w(f"    source: {q(b['source'])}")
    w("")
    w("# County control boxes, printed on the lower left of the map (2.62); the")
    w("# position is a layout estimate (in the Atlantic, south of Cornouaille).")
    w("control_boxes:")
    for rid, r in control_rects().items():
        w(f"  {rid}: {flow(r)}")
    w("")
    w("tracks:")
    w("  turn:")
    w("    name: Turn")
    w("    cells:")
    for c in turn_cells():
        w(f"      - {{id: {q(c['id'])}, label: {q(c['label'])}, rect: {flow(c['rect'])}}}")
    w(f"    source: {q(TURN_SOURCE)}")
    w("  vp:")
    w("    name: Victory points")
    w("    cells:")
    for c in vp_cells():
        w(f"      - {{id: {q(c['id'])}, label: {q(c['label'])}, rect: {flow(c['rect'])}}}")
    w(f"    source: {q(VP_SOURCE)}")
    return "\n".join(L) + "\n"


# --------------------------------------------------------------------------------------
# Checks, run on the YAML as loaded (so they also validate hand edits of the file)
# --------------------------------------------------------------------------------------
REQUIRED_CITIES = [
    "Rennes", "Nantes", "Brest", "Gwened", "Malestroit", "Josselin", "Hédé",
    "Saint-Brieuc", "Moncontour", "Lamballe", "Kintin", "Kastell Nevez ar Faou",
    "Lesneven", "Le Gâvre", "Dinan", "Saint-Malo", "Fougères", "Vitré", "Machecoul",
    "Ploërmel", "Gwengamp", "Karaez", "Fougeray", "Lannuon", "Combourg", "La Guerche",
    "Châteaubriant", "Gwenrann", "Clisson", "Kastellin", "Montfort", "Ancenis", "Dol",
]
REGION_ORDER = [r[0] for r in REGIONS]
TOP_KEYS = ["format", "version", "id", "name", "approximate", "notes", "size",
            "projection", "land", "regions", "areas", "roads", "boxes", "control_boxes",
            "tracks"]
AREA_KEYS = {"name", "note", "lonlat", "pos", "region", "fortified", "nf", "port",
             "terrain", "source"}
TERRAINS = {"clear", "mountain", "marsh", "forest"}

# Scenario 14.1 (1341)
S1_MONTFORT = ["bro-leon", "bro-gernev", "bro-wened", "pays-nantais", "pays-rennais",
               "pays-de-saint-malo"]
S1_BLOIS = ["bro-dreger", "pays-de-saint-brieuc", "pays-de-dol"]
S1_BLOIS_EXCEPT = ["kastell-nevez-ar-faou", "lesneven", "josselin", "le-gavre", "dinan",
                   "saint-malo", "fougeres", "vitre"]
# Scenario 14.3 (1353)
S3_MONTFORT = ["bro-leon", "bro-gernev", "bro-wened"]
S3_BLOIS = ["bro-dreger", "pays-de-saint-brieuc", "pays-de-dol", "pays-rennais"]
S3_MONTFORT_EXTRA = ["lannuon", "ploermel", "hede", "combourg", "la-guerche", "fougeray",
                     "chateaubriant", "machecoul"]
S3_BLOIS_EXTRA = ["kastell-nevez-ar-faou", "josselin", "dinan", "saint-malo", "le-gavre",
                  "gwenrann", "clisson", "nantes"]
S3_MARAUDERS = ["kastellin", "montfort", "ancenis"]
# County memberships we rely on (derived above from 14.1/14.3, or chosen by history).
MEMBERSHIP = {
    "kastell-nevez-ar-faou": "bro-gernev", "josselin": "bro-wened",
    "malestroit": "bro-wened", "dinan": "pays-de-saint-malo",
    "saint-malo": "pays-de-saint-malo", "le-gavre": "pays-nantais",
    "gwenrann": "pays-nantais", "clisson": "pays-nantais", "nantes": "pays-nantais",
    "fougeray": "pays-nantais", "chateaubriant": "pays-nantais",
    "machecoul": "pays-nantais", "ancenis": "pays-nantais",
    "ploermel": "pays-de-saint-malo", "hede": "pays-rennais", "combourg": "pays-de-dol",
    "la-guerche": "pays-rennais", "fougeres": "pays-rennais", "vitre": "pays-rennais",
    "montfort": "pays-de-saint-malo", "kastellin": "bro-gernev", "karaez": "bro-gernev",
    "lesneven": "bro-leon", "gwengamp": "bro-dreger", "lannuon": "bro-dreger",
    "dol": "pays-de-dol", "brest": "bro-leon", "rennes": "pays-rennais",
    "gwened": "bro-wened",
}

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
HEX = re.compile(r"^#[0-9a-f]{6}$")


def check(doc: dict) -> tuple[list[str], list[str]]:
    err: list[str] = []
    warn: list[str] = []
    E, Wn = err.append, warn.append

    if list(doc) != TOP_KEYS:
        E(f"top-level keys {list(doc)} != {TOP_KEYS}")
    if doc.get("format") != "boardapp-map" or doc.get("version") != 1:
        E("format/version")
    if doc.get("size") != [W, H]:
        E("size")
    Wc, Hc = doc["size"]

    # land
    land = doc["land"]
    if len(land) < 40:
        E("land has fewer than 40 points")
    if land[0] == land[-1]:
        E("land is closed (first point repeated)")
    n = len(land)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if segments_cross(land[i], land[(i + 1) % n], land[j], land[(j + 1) % n]):
                E(f"land self-intersects: edges {i} and {j}")

    # regions
    regions = doc["regions"]
    if list(regions) != REGION_ORDER:
        E(f"regions order {list(regions)}")
    for rid, r in regions.items():
        if set(r) != {"name", "colour", "control", "source"}:
            E(f"region {rid} keys {set(r)}")
        if not HEX.match(r["colour"]):
            E(f"region {rid} colour")
        if set(r["control"]) != {"cities", "vp"}:
            E(f"region {rid} control")

    # areas
    areas = doc["areas"]
    ids_by_name = {}
    for aid, a in areas.items():
        if not SLUG.match(aid):
            E(f"bad id {aid}")
        if not set(a) <= AREA_KEYS or not {"name", "lonlat", "pos", "region",
                                           "fortified", "terrain", "source"} <= set(a):
            E(f"area {aid} keys {set(a)}")
        if a["name"] in ids_by_name:
            E(f"duplicate name {a['name']}")
        ids_by_name[a["name"]] = aid
        if a["region"] not in regions:
            E(f"area {aid} region {a['region']}")
        if a["fortified"]:
            if not isinstance(a.get("nf"), int) or not 0 <= a["nf"] <= 3:
                E(f"area {aid}: fortified without nf 0-3")
        elif "nf" in a:
            E(f"area {aid}: nf on an open city")
        if a["terrain"] not in TERRAINS:
            E(f"area {aid} terrain")
        if list(project(*a["lonlat"])) != a["pos"]:
            Wn(f"area {aid}: pos {a['pos']} is not the projection of lonlat "
               f"{list(project(*a['lonlat']))}")
        p = a["pos"]
        if not point_in_polygon(p, land):
            E(f"area {aid} pos {p} outside land")
        elif (d := dist_to_polygon_edge(p, land)) < 15:
            E(f"area {aid} only {d:.1f} units from the coast/edge")
    if len(ids_by_name) != len(areas):
        E("duplicate area names")
    if not 45 <= len(areas) <= 55:
        Wn(f"{len(areas)} areas (aim 45-55)")
    for name in REQUIRED_CITIES:
        if name not in ids_by_name:
            E(f"required city missing: {name}")
    names = list(areas)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            d = math.dist(areas[a]["pos"], areas[b]["pos"])
            if d < 40:
                Wn(f"cities {a} and {b} only {d:.0f} units apart")

    def members(rid):
        return [aid for aid, a in areas.items() if a["region"] == rid]

    # rules 3.3 / 2.62
    sb = sorted(areas[x]["name"] for x in members("pays-de-saint-brieuc"))
    if sb != sorted(["Saint-Brieuc", "Moncontour", "Lamballe", "Kintin"]):
        E(f"Pays de Saint-Brieuc cities {sb}")
    if regions["pays-de-saint-brieuc"]["control"] != {"cities": 3, "vp": 2}:
        E("Pays de Saint-Brieuc control must be 3 cities / 2 VP (2.62)")
    # fixed fortresses
    for aid, nf in (("brest", 2), ("rennes", 2), ("hede", 1)):
        if not areas[aid]["fortified"] or areas[aid].get("nf") != nf:
            E(f"{aid} must be fortified NF {nf}")
    if areas["malestroit"]["fortified"]:
        E("Malestroit must be an open city (9.5)")
    for aid, rid in MEMBERSHIP.items():
        if areas[aid]["region"] != rid:
            E(f"{aid} should be in {rid}")
    # scenario 14.1
    for aid in S1_BLOIS_EXCEPT:
        if areas[aid]["region"] not in S1_MONTFORT:
            E(f"14.1: {aid} must be in a Montfort county")
    # scenario 14.3
    for aid in S3_MONTFORT_EXTRA:
        if areas[aid]["region"] in S3_MONTFORT:
            E(f"14.3: Montfort extra {aid} must not be in a Montfort county")
    for aid in S3_BLOIS_EXTRA:
        if areas[aid]["region"] in S3_BLOIS:
            E(f"14.3: Blois extra {aid} must not be in a Blois county")
    # VP totals
    vp = {rid: r["control"]["vp"] for rid, r in regions.items()}
    for label, counties, total in (("14.13 Blois", S1_BLOIS, 5),
                                   ("14.13 Montfort", S1_MONTFORT, 22),
                                   ("14.33 Blois", S3_BLOIS, 9),
                                   ("14.33 Montfort", S3_MONTFORT, 11)):
        if sum(vp[c] for c in counties) != total:
            E(f"{label}: county VP sum {sum(vp[c] for c in counties)} != {total}")
    # control values versus the scenario set-ups (information)
    for rid, r in regions.items():
        m = members(rid)
        need = r["control"]["cities"]
        if not 1 <= need <= len(m):
            E(f"{rid}: needs {need} of {len(m)} cities")
    s3_owner = {}
    for aid in areas:
        rid = areas[aid]["region"]
        s3_owner[aid] = ("montfort" if rid in S3_MONTFORT else
                         "blois" if rid in S3_BLOIS else None)
    for aid in S3_MONTFORT_EXTRA:
        s3_owner[aid] = "montfort"
    for aid in S3_BLOIS_EXTRA:
        s3_owner[aid] = "blois"
    for aid in S3_MARAUDERS:
        s3_owner[aid] = "marauders"
    unassigned = [aid for aid, o in s3_owner.items() if o is None]
    if unassigned:
        Wn(f"14.3 set-up gives no owner to {unassigned}")
    for rid in ("pays-nantais", "pays-de-saint-malo"):   # neutral in 14.3
        need = regions[rid]["control"]["cities"]
        for side in ("blois", "montfort"):
            held = sum(1 for aid in members(rid) if s3_owner[aid] == side)
            if held >= need:
                Wn(f"14.3: {side} holds {held} cities of neutral {rid} (needs {need})")

    # roads
    roads = doc["roads"]
    seen = set()
    adj = {aid: set() for aid in areas}
    for r in roads:
        if len(r) != 2 or r[0] == r[1] or any(x not in areas for x in r):
            E(f"bad road {r}")
            continue
        key = frozenset(r)
        if key in seen:
            E(f"duplicate road {r}")
        seen.add(key)
        adj[r[0]].add(r[1])
        adj[r[1]].add(r[0])
        length = math.dist(areas[r[0]]["pos"], areas[r[1]]["pos"])
        if length > 250:
            Wn(f"road {r} is {length:.0f} units long")
    if frozenset(("malestroit", "josselin")) not in seen:
        E("road Malestroit - Josselin missing (9.5)")
    stack, comp = [next(iter(areas))], set()
    while stack:
        v = stack.pop()
        if v not in comp:
            comp.add(v)
            stack.extend(adj[v] - comp)
    if comp != set(areas):
        E(f"road graph not connected: {sorted(set(areas) - comp)}")
    for aid, nb in adj.items():
        if not 2 <= len(nb) <= 5:
            Wn(f"{aid} has {len(nb)} roads")
    rl = [tuple(r) for r in roads]
    for i in range(len(rl)):
        for j in range(i + 1, len(rl)):
            a, b = (areas[x]["pos"] for x in rl[i])
            c, d = (areas[x]["pos"] for x in rl[j])
            if segments_cross(a, b, c, d):
                E(f"roads cross: {rl[i]} x {rl[j]}")
    for r in rl:
        a, b = (areas[x]["pos"] for x in r)
        for aid, ar in areas.items():
            if aid not in r and dist_point_segment(ar["pos"], a, b) < 14:
                E(f"road {r} passes over city {aid}")
        # a road should stay on land: sample it
        for k in range(1, 20):
            t = k / 20
            pt = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            if not point_in_polygon(pt, land):
                E(f"road {r} leaves the land")
                break

    # boxes
    boxes = doc["boxes"]
    expect = ["normandi", "anjev", "poatev", "bro-saoz", "noirmoutier",
              "prison-bro-chall", "prison-bro-saoz", "reserve", "eliminated", "external-war"]
    if list(boxes) != expect:
        E(f"boxes {list(boxes)}")
    for bid, b in boxes.items():
        for x in b["links"]:
            if x not in areas:
                E(f"box {bid} links unknown {x}")
    if sorted(boxes["normandi"]["links"]) != ["dol", "fougeres"]:
        E("Normandi must link to Dol and Fougeres only (2.64)")
    if not boxes["bro-saoz"].get("naval") or boxes["bro-saoz"]["links"]:
        E("Bro Saoz: naval only")
    if list(doc["control_boxes"]) != REGION_ORDER:
        E("control_boxes must list the 9 regions in order")

    # rects
    rects = [(f"box {k}", b["rect"]) for k, b in boxes.items()]
    rects += [(f"control {k}", r) for k, r in doc["control_boxes"].items()]
    for tid, t in doc["tracks"].items():
        rects += [(f"{tid} {c['id']}", c["rect"]) for c in t["cells"]]
    if [c["id"] for c in doc["tracks"]["turn"]["cells"]] != [str(i) for i in range(1, 12)]:
        E("turn track must have cells 1..11")
    if [c["id"] for c in doc["tracks"]["vp"]["cells"]] != [str(i) for i in range(40)]:
        E("vp track must have cells 0..39")
    for name, r in rects:
        x, y, w_, h_ = r
        if x < 0 or y < 0 or x + w_ > Wc or y + h_ > Hc or w_ <= 0 or h_ <= 0:
            E(f"{name} rect {r} outside the canvas")
        for aid, a in areas.items():
            if (d := dist_point_rect(a["pos"], r)) < 30:
                E(f"{name} rect is {d:.0f} units from city {aid}")
        if rect_hits_polygon(r, land):
            Wn(f"{name} rect lies partly on land")
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            if rects_overlap(rects[i][1], rects[j][1]):
                E(f"rects overlap: {rects[i][0]} / {rects[j][0]}")
    return err, warn


def summary(doc: dict) -> str:
    areas, regions = doc["areas"], doc["regions"]
    out = []
    for rid, r in regions.items():
        m = [a["name"] for a in areas.values() if a["region"] == rid]
        out.append(f"{r['name']:<22} {len(m):>2} cities  control {r['control']['cities']}"
                   f"  vp {r['control']['vp']}: {', '.join(m)}")
    forts = [f"{a['name']} {a['nf']}" for a in areas.values() if a["fortified"]]
    out.append(f"total {len(areas)} cities, {len(doc['roads'])} roads, "
               f"{len(forts)} fortified: {', '.join(forts)}")
    return "\n".join(out)


# --------------------------------------------------------------------------------------
# Optional PNG preview (needs Pillow); for eyeballing the layout only.
# --------------------------------------------------------------------------------------
def preview(doc: dict, path: str) -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", tuple(doc["size"]), "#b9d3e6")
    dr = ImageDraw.Draw(img)
    dr.polygon([tuple(p) for p in doc["land"]], fill="#f4efe1", outline="#5a6b7a")
    areas = doc["areas"]
    for a, b in doc["roads"]:
        dr.line([tuple(areas[a]["pos"]), tuple(areas[b]["pos"])], fill="#8b5a2b", width=3)
    for b in doc["boxes"].values():
        x, y, w_, h_ = b["rect"]
        for link in b["links"]:
            dr.line([(x + w_ / 2, y + h_ / 2), tuple(areas[link]["pos"])], fill="#3050a0",
                    width=2)
    for b in doc["boxes"].values():
        x, y, w_, h_ = b["rect"]
        dr.rectangle([x, y, x + w_, y + h_], fill="#dfe6f7", outline="#203060", width=2)
        dr.text((x + 6, y + 6), b["name"], fill="black")
    for rid, r in doc["control_boxes"].items():
        x, y, w_, h_ = r
        reg = doc["regions"][rid]
        dr.rectangle([x, y, x + w_, y + h_], fill=reg["colour"], outline="black")
        dr.text((x + 5, y + 5), f"{reg['name']}  {reg['control']['cities']} / "
                f"{reg['control']['vp']}", fill="black")
    for t in doc["tracks"].values():
        for c in t["cells"]:
            x, y, w_, h_ = c["rect"]
            dr.rectangle([x, y, x + w_, y + h_], fill="#fffbe8", outline="black")
            dr.text((x + 4, y + 4), c["label"], fill="black")
    for a in areas.values():
        x, y = a["pos"]
        col = doc["regions"][a["region"]]["colour"]
        r = 11
        if a["fortified"]:
            pts = []
            for k in range(10):
                ang = math.pi / 2 + k * math.pi / 5
                rr = r + 3 if k % 2 == 0 else (r + 3) * 0.45
                pts.append((x + rr * math.cos(ang), y - rr * math.sin(ang)))
            dr.polygon(pts, fill=col, outline="black")
        else:
            dr.ellipse([x - r, y - r, x + r, y + r], fill=col, outline="black")
        label = a["name"] + (f" {a['nf']}" if a["fortified"] else "") + \
            (" P" if a.get("port") else "") + \
            ({"clear": "", "mountain": " ^", "marsh": " ~", "forest": " T"}[a["terrain"]])
        dr.text((x + 13, y - 6), label, fill="black")
    img.save(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="only check the existing YAML file, do not rewrite it")
    ap.add_argument("--out", default=str(OUT), help="YAML file (default: %(default)s)")
    ap.add_argument("--preview", metavar="PNG", help="also render a PNG preview")
    args = ap.parse_args(argv)

    out = Path(args.out)
    if not args.check:
        out.write_text(build_yaml(), encoding="utf-8")
        print(f"wrote {out}")
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    errors, warnings = check(doc)
    print(summary(doc))
    for m in warnings:
        print("warning:", m)
    for m in errors:
        print("ERROR:", m)
    if args.preview:
        preview(doc, args.preview)
        print(f"preview written to {args.preview}")
    print("checks:", "FAILED" if errors else "ok", f"({len(warnings)} warnings)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
