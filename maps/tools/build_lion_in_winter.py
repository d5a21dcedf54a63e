#!/usr/bin/env python3
"""Build maps/lion_in_winter.yaml and rulesets/lion_in_winter/data/areas.yaml.

The APPROXIMATE map of "Hundred Years War: Lion in Winter". The publisher's map is not
available and the crib sheet gives no map at all: every area, its position, its value
(1-3), its flag country, whether it is neutral, every border and its kind (clear, river,
obstructed) and every sea connection is OUR ESTIMATE from real geography and history,
and says so in its ``source`` field.

Areas sit at the real lon/lat of their chief town, projected like maps/deux_bretagne.yaml
(equirectangular, true to scale at 48 N); their outlines are the Voronoi cells clipped to a
hand-digitised, much simplified coastline. The map format holds one land outline, so
Britain and the continent are joined by a thin neck across the Strait of Dover; no land
border is made across it (areas carry the landmass they belong to).

Land borders are computed from the outlines (two areas of one landmass whose cells share
a boundary); their kind is ``clear`` unless listed in RIVERS or OBSTRUCTED. Sea
connections are listed in SEA.

Usage (from the repository root)::

    .venv/bin/python maps/tools/build_lion_in_winter.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT_MAP = ROOT / "maps" / "lion_in_winter.yaml"
OUT_AREAS = ROOT / "rulesets" / "lion_in_winter" / "data" / "areas.yaml"
sys.path.insert(0, str(ROOT))

W, H = 1320, 1540
LON0, LAT0, SCALE = -6.4, 56.5, 100.0
KX = SCALE * math.cos(math.radians(48.0))
EST = "estimate (boardapp): not from the crib sheet"


def project(lon: float, lat: float) -> list[int]:
    return [round((lon - LON0) * KX) + 20, round((LAT0 - lat) * SCALE) + 20]


# Coastline (lon, lat), much simplified. Britain from Dover westwards, then the neck to
# Calais and the continent clockwise; the east and south sides are straight cuts.
BRITAIN = [
    (1.31, 51.115), (0.97, 50.91), (0.25, 50.74), (-0.79, 50.72), (-1.30, 50.78),
    (-2.45, 50.55), (-2.95, 50.72), (-3.64, 50.22), (-4.15, 50.33), (-5.20, 49.96),
    (-5.72, 50.06), (-5.08, 50.42), (-4.53, 51.02), (-3.50, 51.20), (-3.05, 51.22),
    (-2.70, 51.50), (-2.55, 51.65), (-3.00, 51.55), (-3.17, 51.43), (-3.95, 51.58),
    (-4.30, 51.55), (-4.70, 51.65), (-5.30, 51.88), (-4.98, 52.00), (-4.65, 52.10),
    (-4.08, 52.41), (-4.05, 52.72), (-4.75, 52.80), (-4.40, 53.10), (-4.55, 53.40),
    (-3.85, 53.33), (-3.10, 53.35), (-3.05, 53.45), (-3.00, 53.65), (-3.05, 53.82),
    (-2.85, 54.05), (-3.20, 54.10), (-3.64, 54.50), (-3.40, 54.90), (-3.05, 54.97),
    (-3.60, 54.95), (-4.05, 54.80), (-4.86, 54.64), (-5.05, 54.90), (-4.65, 55.45),
    (-4.85, 55.90), (-4.30, 56.05), (-3.94, 56.12), (-3.40, 56.00), (-3.10, 55.97),
    (-2.50, 56.00), (-2.13, 55.90), (-2.00, 55.77), (-1.70, 55.60), (-1.42, 55.00),
    (-1.20, 54.70), (-0.60, 54.49), (-0.08, 54.12), (0.12, 53.60), (0.35, 53.15),
    (0.20, 52.85), (0.50, 52.95), (1.30, 52.93), (1.75, 52.48), (1.28, 51.95),
    (0.70, 51.53), (0.85, 51.40), (1.45, 51.38), (1.42, 51.22), (1.33, 51.13),
]
CONTINENT = [
    (1.86, 50.965), (2.37, 51.05), (2.92, 51.23), (3.60, 51.45), (4.00, 51.95),
    (4.60, 52.50), (4.75, 52.95), (6.00, 53.45), (7.30, 53.40), (7.60, 52.00),
    (7.60, 47.50), (7.00, 46.40), (7.20, 45.20), (7.30, 44.20), (7.27, 43.70),
    (5.93, 43.10), (5.35, 43.30), (4.60, 43.40), (3.85, 43.50), (3.10, 43.15),
    (3.05, 42.55), (3.30, 42.30), (2.15, 41.35), (-2.00, 41.30), (-3.80, 41.40),
    (-3.80, 43.45), (-2.00, 43.32), (-1.78, 43.37), (-1.50, 43.50), (-1.25, 44.60),
    (-1.10, 45.55), (-1.20, 46.15), (-1.80, 46.50), (-2.20, 47.25), (-3.10, 47.50),
    (-4.37, 47.80), (-4.73, 48.04), (-4.78, 48.35), (-3.98, 48.72), (-2.75, 48.55),
    (-2.00, 48.65), (-1.50, 48.63), (-1.60, 48.85), (-1.85, 49.65), (-1.60, 49.65),
    (-1.26, 49.67), (-1.10, 49.35), (-0.30, 49.30), (0.20, 49.42), (0.10, 49.50),
    (0.38, 49.77), (1.08, 49.93), (1.60, 50.20), (1.60, 50.73), (1.58, 50.87),
    (1.845, 50.95),
]

# Flag countries: id -> (name, colour, source)
COUNTRIES = {
    "england": ("England", "#f1d9d2", EST),
    "wales": ("Wales", "#dbe8c8", EST),
    "scotland": ("Scotland", "#d4dcef", EST),
    "france": ("France", "#dfe3f5", EST),
    "gascony": ("Gascony (English Aquitaine)", "#f5e3c8", EST),
    "brittany": ("Brittany", "#ece6d6", EST),
    "flanders": ("Flanders", "#f4efb8", EST),
    "burgundy": ("Burgundy", "#e8d0e8", EST),
    "neutral": ("Neutral lands", "#d9d9d9", EST),
}

# id: (name, lon, lat, flag country, value, neutral, landmass). Values 1-3: estimates
# (3 rich, populous seats of power; 2 ordinary; 1 poor or marginal).
AREAS = {
    "lothian": ("Lothian", -3.19, 55.95, "scotland", 2, False, "gb"),
    "galloway": ("Galloway", -3.80, 55.10, "scotland", 1, False, "gb"),
    "northumberland": ("Northumberland", -1.61, 54.97, "england", 1, False, "gb"),
    "cumberland": ("Cumberland", -2.93, 54.70, "england", 1, False, "gb"),
    "yorkshire": ("Yorkshire", -1.08, 53.96, "england", 3, False, "gb"),
    "lancashire": ("Lancashire", -2.70, 53.90, "england", 1, False, "gb"),
    "cheshire": ("Cheshire", -2.89, 53.19, "england", 1, False, "gb"),
    "lincolnshire": ("Lincolnshire", -0.30, 53.23, "england", 2, False, "gb"),
    "nottingham": ("Nottingham", -1.15, 52.95, "england", 2, False, "gb"),
    "east-anglia": ("East Anglia", 1.0, 52.45, "england", 2, False, "gb"),
    "warwick": ("Warwick", -1.58, 52.28, "england", 1, False, "gb"),
    "shropshire": ("Shropshire", -2.75, 52.71, "england", 1, False, "gb"),
    "oxford": ("Oxford", -1.26, 51.75, "england", 2, False, "gb"),
    "london": ("London", -0.10, 51.51, "england", 3, False, "gb"),
    "kent": ("Kent", 0.90, 51.22, "england", 2, False, "gb"),
    "hampshire": ("Hampshire", -1.31, 51.06, "england", 2, False, "gb"),
    "gloucester": ("Gloucester & Bristol", -2.40, 51.70, "england", 2, False, "gb"),
    "devon": ("Devon & Cornwall", -3.90, 50.65, "england", 1, False, "gb"),
    "gwynedd": ("Gwynedd", -3.95, 53.00, "wales", 1, False, "gb"),
    "powys": ("Powys", -3.40, 52.30, "wales", 1, False, "gb"),
    "deheubarth": ("Deheubarth", -4.40, 51.90, "wales", 1, False, "gb"),
    "glamorgan": ("Glamorgan", -3.40, 51.60, "wales", 1, False, "gb"),
    "calais": ("Calais", 1.95, 50.85, "france", 1, False, "fr"),
    "flanders": ("Flanders", 3.30, 51.00, "flanders", 3, False, "fr"),
    "holland": ("Holland & Zeeland", 5.00, 52.10, "neutral", 1, True, "fr"),
    "brabant": ("Brabant & Hainaut", 4.60, 50.70, "neutral", 2, True, "fr"),
    "artois": ("Artois", 2.78, 50.29, "flanders", 2, False, "fr"),
    "picardy": ("Picardy", 2.30, 49.80, "france", 2, False, "fr"),
    "normandy": ("Normandy", 1.10, 49.44, "france", 3, False, "fr"),
    "cotentin": ("Cotentin & Caen", -0.90, 49.20, "france", 2, False, "fr"),
    "ile-de-france": ("Ile-de-France", 2.35, 48.86, "france", 3, False, "fr"),
    "champagne": ("Champagne", 4.03, 49.00, "france", 2, False, "fr"),
    "lorraine": ("Lorraine", 6.30, 48.80, "neutral", 1, True, "fr"),
    "burgundy": ("Burgundy", 4.70, 47.40, "burgundy", 3, False, "fr"),
    "franche-comte": ("Franche-Comté", 6.20, 47.10, "burgundy", 1, False, "fr"),
    "orleanais": ("Orléanais", 1.91, 47.90, "france", 2, False, "fr"),
    "maine": ("Maine", 0.20, 48.10, "france", 1, False, "fr"),
    "brittany": ("Brittany", -1.68, 48.00, "brittany", 2, False, "fr"),
    "cornouaille": ("Léon & Cornouaille", -3.90, 48.25, "brittany", 1, False, "fr"),
    "anjou": ("Anjou", -0.55, 47.40, "france", 2, False, "fr"),
    "touraine": ("Touraine", 0.80, 47.30, "france", 2, False, "fr"),
    "berry": ("Berry", 2.40, 46.90, "france", 2, False, "fr"),
    "poitou": ("Poitou", 0.10, 46.60, "france", 2, False, "fr"),
    "saintonge": ("Saintonge & Aunis", -0.90, 45.90, "gascony", 1, False, "fr"),
    "limousin": ("Limousin", 1.40, 45.80, "france", 1, False, "fr"),
    "auvergne": ("Auvergne", 3.08, 45.60, "france", 1, False, "fr"),
    "lyonnais": ("Lyonnais", 4.60, 46.00, "france", 2, False, "fr"),
    "savoy": ("Savoy", 6.40, 45.80, "neutral", 1, True, "fr"),
    "dauphine": ("Dauphiné", 5.60, 44.90, "france", 1, False, "fr"),
    "guyenne": ("Guyenne (Bordeaux)", -0.58, 44.84, "gascony", 3, False, "fr"),
    "perigord": ("Périgord", 0.90, 45.10, "france", 1, False, "fr"),
    "quercy": ("Quercy & Rouergue", 2.00, 44.40, "france", 1, False, "fr"),
    "gascony": ("Gascony (Bayonne)", -0.90, 43.70, "gascony", 1, False, "fr"),
    "armagnac": ("Armagnac", 0.59, 43.75, "france", 1, False, "fr"),
    "toulouse": ("Toulousain", 1.60, 43.50, "france", 2, False, "fr"),
    "foix": ("Foix & Béarn", 0.40, 43.00, "neutral", 1, True, "fr"),
    "languedoc": ("Languedoc", 3.40, 43.45, "france", 2, False, "fr"),
    "avignon": ("Avignon (papal)", 4.81, 44.00, "neutral", 1, True, "fr"),
    "provence": ("Provence", 6.10, 43.60, "neutral", 2, True, "fr"),
    "navarre": ("Navarre", -1.64, 42.81, "neutral", 1, True, "fr"),
    "castile": ("Castile", -3.20, 42.30, "neutral", 2, True, "fr"),
    "aragon": ("Aragon & Catalonia", 0.50, 41.90, "neutral", 2, True, "fr"),
}

RIVERS = {  # estimates from the great rivers
    ("lothian", "northumberland"): "Tweed", ("yorkshire", "lincolnshire"): "Humber",
    ("nottingham", "lincolnshire"): "Trent", ("london", "kent"): "Thames",
    ("london", "hampshire"): "Thames", ("oxford", "hampshire"): "Thames",
    ("gloucester", "glamorgan"): "Severn and Wye", ("gloucester", "powys"): "Wye",
    ("picardy", "normandy"): "Somme and Bresle", ("picardy", "artois"): "Somme",
    ("normandy", "ile-de-france"): "Seine", ("orleanais", "berry"): "Loire",
    ("touraine", "poitou"): "Loire and Vienne", ("anjou", "poitou"): "Loire",
    ("brittany", "poitou"): "Loire", ("touraine", "berry"): "Cher",
    ("guyenne", "saintonge"): "Gironde", ("guyenne", "gascony"): "Garonne",
    ("guyenne", "armagnac"): "Garonne", ("perigord", "guyenne"): "Dordogne",
    ("lyonnais", "dauphine"): "Rhône", ("lyonnais", "savoy"): "Rhône",
    ("languedoc", "avignon"): "Rhône", ("languedoc", "provence"): "Rhône",
    ("burgundy", "franche-comte"): "Saône", ("champagne", "lorraine"): "Meuse",
    ("flanders", "brabant"): "Scheldt", ("brabant", "holland"): "Rhine and Meuse",
    ("berry", "burgundy"): "Loire",
}
OBSTRUCTED = {  # estimates from mountains and great forests
    ("navarre", "gascony"): "Pyrenees", ("navarre", "foix"): "Pyrenees",
    ("foix", "aragon"): "Pyrenees", ("aragon", "languedoc"): "Pyrenees",
    ("aragon", "toulouse"): "Pyrenees", ("foix", "toulouse"): "Pyrenees foothills",
    ("savoy", "dauphine"): "Alps", ("provence", "dauphine"): "Alps",
    ("provence", "savoy"): "Alps", ("auvergne", "languedoc"): "Massif Central",
    ("auvergne", "quercy"): "Massif Central", ("auvergne", "dauphine"): "Massif Central",
    ("gwynedd", "powys"): "Snowdonia", ("powys", "shropshire"): "Welsh hills",
    ("powys", "deheubarth"): "Cambrian mountains", ("gwynedd", "cheshire"): "Clwydian hills",
    ("yorkshire", "lancashire"): "Pennines", ("yorkshire", "cumberland"): "Pennines",
    ("northumberland", "cumberland"): "Pennines", ("galloway", "northumberland"): "Cheviots",
    ("champagne", "brabant"): "Ardennes", ("lorraine", "brabant"): "Ardennes",
    ("lorraine", "franche-comte"): "Vosges", ("franche-comte", "savoy"): "Jura",
    ("brittany", "cornouaille"): "Monts d'Arrée and forests",
}
SEA = [  # sea connections (estimates from the usual crossings)
    ("kent", "calais"), ("kent", "picardy"), ("london", "flanders"),
    ("east-anglia", "holland"), ("hampshire", "normandy"), ("hampshire", "cotentin"),
    ("devon", "cotentin"), ("devon", "cornouaille"), ("devon", "guyenne"),
    ("gloucester", "guyenne"), ("devon", "glamorgan"),
]

BOXES = {  # id: (name, kind, rect)
    "leader-pool": ("Future leaders", "pool", [950, 40, 340, 200]),
    "routed": ("Available leaders (routed and new)", "pool", [950, 260, 340, 130]),
    "prison-english": ("English prison", "prison", [950, 410, 165, 130]),
    "prison-french": ("French prison", "prison", [1125, 410, 165, 130]),
    "elimination": ("Elimination chart (killed in battle)", "pool", [950, 560, 340, 110]),
    "dead": ("Dead leaders", "pool", [950, 690, 340, 110]),
}


def build_map(roads: list[list[str]]) -> dict:
    return {
        "format": "boardapp-map", "version": 2, "id": "lion-in-winter",
        "name": "England and France (Lion in Winter, approximate)", "approximate": True,
        "notes": ("Approximate reconstruction, not the publisher's map: the crib sheet gives "
                  "no map. Areas at the real lon/lat of their chief town, outlines the Voronoi "
                  "cells clipped to a simplified coastline; Britain and the continent are "
                  "joined by a thin neck across the Strait of Dover only because the format "
                  "holds one land outline (no land border crosses it). Area values, flags, "
                  "neutral areas (rulesets/lion_in_winter/data/areas.yaml), border kinds and "
                  "sea connections are estimates. Generated by "
                  "maps/tools/build_lion_in_winter.py."),
        "size": [W, H],
        "projection": {"type": "equirectangular", "lon0": LON0, "lat0": LAT0,
                       "scale": SCALE, "offset": [20, 20]},
        "link_kinds": ["clear", "river", "obstructed", "sea"],
        "land": [project(lon, lat) for lon, lat in BRITAIN + CONTINENT],
        "regions": {k: {"name": n, "colour": c, "source": s}
                    for k, (n, c, s) in COUNTRIES.items()},
        "areas": {k: {"name": n, "lonlat": [lon, lat], "pos": project(lon, lat),
                      "region": flag,
                      "source": f"position: real lon/lat of the chief town; {EST}"}
                  for k, (n, lon, lat, flag, _v, _neutral, _land) in AREAS.items()},
        "roads": roads,
        "boxes": {k: {"name": n, "kind": kind, "rect": rect, "source": "layout: " + EST}
                  for k, (n, kind, rect) in BOXES.items()},
    }


def compute_roads() -> list[list[str]]:
    from boardapp.core.board.mapdata import parse_map

    bmap = parse_map(build_map([]), "lion_in_winter.yaml (no roads yet)")
    ids = list(AREAS)
    kinds = {frozenset(k): "river" for k in RIVERS}
    kinds.update({frozenset(k): "obstructed" for k in OBSTRUCTED})
    roads = []
    found = set()
    sea = [set(pair) for pair in SEA]
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if AREAS[a][6] != AREAS[b][6] or {a, b} in sea:
                continue  # other landmass, or the cells touch only across a sea
            shared = bmap.outlines[a].buffer(0.5).intersection(bmap.outlines[b].buffer(0.5))
            if shared.is_empty or shared.area < 12:
                continue
            pair = frozenset((a, b))
            found.add(pair)
            roads.append([a, b, kinds.get(pair, "clear")])
    for pair in kinds:
        if pair not in found:
            print("warning: listed border between non-neighbours:", sorted(pair))
    roads += [[a, b, "sea"] for a, b in SEA]
    return roads


def areas_data() -> dict:
    return {
        "format": "lion-in-winter-areas", "version": 1,
        "note": ("Every value here is a boardapp estimate, not the publisher's: the crib "
                 "sheet gives no map. Edit freely; keep value 1-3. flag: the country of "
                 "the area (crib Phase Five: a knight is raised only in its flag's "
                 "country and carries it, Burgundian chevaliers have flag burgundy; "
                 "longbowmen only where the flag is england or wales)."),
        "areas": {k: {"value": v, "flag": flag, "neutral": neutral,
                      "source": f"value, flag and neutrality: {EST}"}
                  for k, (_n, _lo, _la, flag, v, neutral, _land) in AREAS.items()},
    }


HEADER = """\
# ===================================================================================
#  Hundred Years War: Lion in Winter - APPROXIMATE map for boardapp
#  Generated by maps/tools/build_lion_in_winter.py (edit the script and re-run, or
#  edit here). The crib sheet gives no map: every area, border kind and sea
#  connection is an estimate from real geography (see `notes` and each `source`).
#  roads: [a, b, kind] with kind one of link_kinds (clear, river, obstructed, sea).
# ===================================================================================
"""


def main() -> int:
    roads = compute_roads()
    doc = build_map(roads)
    OUT_MAP.write_text(HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True,
                                               width=100), encoding="utf-8")
    OUT_AREAS.write_text("# Generated by maps/tools/build_lion_in_winter.py\n"
                         + yaml.safe_dump(areas_data(), sort_keys=False, allow_unicode=True,
                                          width=100), encoding="utf-8")
    print(f"wrote {OUT_MAP} ({len(AREAS)} areas, {len(roads)} links) and {OUT_AREAS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
