"""Build maps/lily_ermine.yaml: the 45 strategic zones of The Lily and the Ermine.

APPROXIMATE MAP. The publisher's printed strategic map was not available. Each zone
(SZ) is centred on a real town at its real longitude/latitude, projected like
maps/deux_bretagne.yaml; the zone outlines are the Voronoi cells of those towns clipped
to the land, and two zones are joined when their outlines share a border (computed
here with the same geometry the board uses). The coastline of Brittany is the one
digitised for Les Deux Bretagne (maps/tools/build_deux_bretagne.py), extended east and
south over the French marches (Normandy, Maine, Anjou, Poitou).

What the rules give (sections of the English rules text) is kept and cited in the
`source` of each zone: zone numbers 1 Brest, 9 Quimper, 23 Guerande, 24 Nantes,
26 Saint-Malo (ports, 13), 38 Rennes (FV 2, siege example), 45 the French start (13),
the movement example 45 -> 44 -> 43 -> 38 with no mountain crossed (8 example), the
objective zones holding a control marker at the start (13: 1, 10, 12, 17, 21, 24, 36,
37, 38), the militia stacks of Laval (37), Rohan (21) and Rieux (32) in their lords'
lands, the Loire always crossable (13). Everything else (which town each other number
is, fortress values other than Rennes, terrain, ports, borders) is an estimate.

    python3 maps/tools/build_lily_ermine.py           (writes the YAML)
    python3 maps/tools/build_lily_ermine.py --check   (only checks it)
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "maps" / "lily_ermine.yaml"

W, H = 1600, 1000
LON0, LAT0, SCALE = -4.95, 49.05, 400.0
KX = SCALE * math.cos(math.radians(48.0))


def project(lon: float, lat: float) -> tuple[int, int]:
    return round((lon - LON0) * KX), round((LAT0 - lat) * SCALE)


def _breton_coast() -> list[tuple[float, float, str]]:
    """The Deux Bretagne coastline without its artificial eastern closure."""
    spec = importlib.util.spec_from_file_location(
        "build_deux_bretagne", Path(__file__).with_name("build_deux_bretagne.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    coast = list(module.COAST)
    cut = next(i for i, p in enumerate(coast) if "south edge of the map" in p[2])
    return coast[:cut]


# The closure east and south of the Breton coast: the frame of the marches (not a
# border), then the Norman coast from Granville back to the Couesnon.
MARCHES = [
    (-2.050, 46.850, "south-west corner of the frame (Poitou coast, closure)"),
    (-0.350, 46.850, "south-east corner of the frame (closure, not a border)"),
    (-0.350, 48.950, "north-east corner of the frame (closure, not a border)"),
    (-1.570, 48.950, "Normandy coast north of Granville (Brehal)"),
    (-1.600, 48.838, "Granville"),
    (-1.560, 48.730, "Carolles"),
    (-1.420, 48.665, "Mouth of the See, below Avranches"),
]

EST = "estimate"
# number, name, lon, lat, territory, fv (None: no fortress), terrain, port, objective, source
ZONES: list[tuple] = [
    (1, "Brest", -4.486, 48.390, "brittany", 3, "clear", True, True,
     "SZ 1 Brest, port: rules 13; objective (Breton control marker at the start): rules 13; "
     "FV 3: estimate"),
    (2, "Saint-Pol-de-Léon", -3.985, 48.685, "brittany", None, "clear", True, False, EST),
    (3, "Landerneau", -4.250, 48.450, "brittany", None, "clear", False, False, EST),
    (4, "Crozon", -4.490, 48.250, "brittany", None, "clear", True, False, EST),
    (5, "Châteaulin", -4.090, 48.197, "brittany", None, "clear", False, False, EST),
    (6, "Douarnenez", -4.330, 48.093, "brittany", None, "clear", True, False, EST),
    (7, "Pont-l'Abbé", -4.222, 47.866, "brittany", None, "clear", True, False, EST),
    (8, "Carhaix", -3.573, 48.276, "brittany", None, "clear", False, False, EST),
    (9, "Quimper", -4.102, 47.996, "brittany", 1, "clear", True, False,
     "SZ 9 Quimper, port: rules 13; FV 1: estimate"),
    (10, "Morlaix", -3.827, 48.577, "brittany", 1, "clear", True, True,
     "SZ 10 objective (Breton control marker at the start): rules 13; the town and FV 1: "
     "estimate"),
    (11, "Monts d'Arrée (Huelgoat)", -3.745, 48.364, "brittany", None, "mountain", False,
     False, "mountain (2 MP, rules 5, 8): estimate (Monts d'Arree)"),
    (12, "Concarneau", -3.918, 47.873, "brittany", 2, "clear", True, True,
     "SZ 12 objective (Breton control marker at the start): rules 13; the town and FV 2: "
     "estimate"),
    (13, "Quimperlé", -3.549, 47.872, "brittany", None, "clear", True, False, EST),
    (14, "Lannion", -3.459, 48.732, "brittany", None, "clear", True, False, EST),
    (15, "Guingamp", -3.150, 48.562, "brittany", 1, "clear", False, False, EST),
    (16, "Hennebont", -3.277, 47.805, "brittany", 1, "clear", True, False, EST),
    (17, "Vannes", -2.760, 47.658, "brittany", 2, "clear", True, True,
     "SZ 17 objective (Breton control marker at the start): rules 13; the town and FV 2: "
     "estimate"),
    (18, "Pontivy", -2.962, 48.068, "brittany", None, "clear", False, False, EST),
    (19, "Saint-Brieuc", -2.760, 48.514, "brittany", None, "clear", True, False, EST),
    (20, "Loudéac (forest)", -2.754, 48.178, "brittany", None, "forest", False, False,
     "forest (2 MP, rules 8): estimate (forest of Loudeac)"),
    (21, "Josselin", -2.547, 47.955, "brittany", 2, "clear", False, True,
     "SZ 21 objective (French control marker, Rohan militia for France at the start): "
     "rules 13; Josselin, the Rohan seat, and FV 2: estimate"),
    (22, "Ploërmel", -2.393, 47.932, "brittany", 1, "clear", False, False,
     "SZ 22 (Breton army of Francois II at the start): rules 13; the town and FV: estimate"),
    (23, "Guérande", -2.429, 47.328, "brittany", 1, "clear", True, False,
     "SZ 23 Guerande, port: rules 13; FV 1: estimate"),
    (24, "Nantes", -1.553, 47.218, "brittany", 3, "clear", True, True,
     "SZ 24 Nantes, port: rules 13; objective (Breton control marker at the start): "
     "rules 13; FV 3: estimate"),
    (25, "Dinan", -2.047, 48.455, "brittany", 2, "clear", False, False, EST),
    (26, "Saint-Malo", -2.025, 48.649, "brittany", 2, "clear", True, False,
     "SZ 26 Saint-Malo, port: rules 13; FV 2: estimate"),
    (27, "Lamballe", -2.517, 48.469, "brittany", None, "clear", False, False, EST),
    (28, "Paimpont (Brocéliande forest)", -2.172, 48.020, "brittany", None, "forest", False,
     False, "forest (2 MP, rules 8): estimate (forest of Paimpont)"),
    (29, "Redon", -2.084, 47.651, "brittany", None, "clear", False, False, EST),
    (30, "Rochefort-en-Terre", -2.338, 47.699, "brittany", None, "clear", False, False, EST),
    (31, "Blain", -1.763, 47.476, "brittany", None, "clear", False, False, EST),
    (32, "Ancenis", -1.177, 47.365, "brittany", 1, "clear", False, False,
     "SZ 32 (Rieux militia for Brittany at the start): rules 13; Ancenis, a Rieux town, "
     "and FV 1: estimate"),
    (33, "Châteaubriant", -1.376, 47.717, "brittany", 2, "clear", False, False, EST),
    (34, "Montfort", -1.958, 48.138, "brittany", None, "clear", False, False, EST),
    (35, "Dol", -1.755, 48.550, "brittany", None, "clear", True, False, EST),
    (36, "Fougères", -1.202, 48.352, "brittany", 3, "clear", False, True,
     "SZ 36 objective (Breton control marker, Roumille and 1 Ar at the start): rules 13; "
     "the town and FV 3: estimate"),
    (37, "Vitré", -1.210, 48.124, "brittany", 2, "clear", False, True,
     "SZ 37 objective (French control marker, Laval militia for France at the start): "
     "rules 13; Vitre, a Laval town, and FV 2: estimate"),
    (38, "Rennes", -1.678, 48.111, "brittany", 2, "clear", False, True,
     "SZ 38 Rennes: rules 13 and the movement example; FV 2: siege example (FV returns "
     "to its original value of 2); objective (Breton control marker at the start): rules 13"),
    (39, "Clisson", -1.282, 47.087, "brittany", 2, "clear", False, False, EST),
    (40, "Montaigu (Poitou)", -1.310, 46.974, "france", 1, "clear", False, False, EST),
    (41, "Mortain (Normandy)", -0.940, 48.648, "france", 1, "clear", False, False, EST),
    (42, "Laval (Maine)", -0.770, 48.073, "france", 2, "clear", False, False, EST),
    (43, "La Guerche", -1.230, 47.940, "brittany", None, "clear", False, False,
     "SZ 43 between 44 and Rennes (38), clear terrain: rules 8 movement example; the "
     "town and its territory: estimate"),
    (44, "Craon (Anjou)", -0.950, 47.850, "france", None, "clear", False, False,
     "SZ 44 next to 45 and 43, clear terrain: rules 8 movement example; the town: "
     "estimate"),
    (45, "Angers (Anjou)", -0.554, 47.471, "france", 3, "clear", False, False,
     "SZ 45 French start: rules 13; Angers and FV 3: estimate"),
]

# Joins forced by the rules even if the outlines were to miss them.
RULE_LINKS = [(45, 44), (44, 43), (43, 38)]
# Borders across the sea that the Voronoi cells would wrongly join (none expected).
NO_LINKS: list[tuple[int, int]] = []
MIN_SHARED = 8.0
"""Map units two outlines must share to count as adjacent (not just a corner)."""


def zone_id(n: int) -> str:
    return f"sz{n}"


def land() -> list[list[int]]:
    return [list(project(lon, lat)) for lon, lat, _ in _breton_coast() + MARCHES]


def base_document() -> dict:
    regions = {
        "brittany": {"name": "Duchy of Brittany", "colour": "#efe6c8",
                     "source": "the Brittany border (rules 13, militia) and national "
                               "territory (rules 5); which zones are inside: estimate "
                               "from the historical border of the duchy"},
        "france": {"name": "Kingdom of France", "colour": "#cfdcef",
                   "source": "national territory of France (rules 5); zones: estimate "
                             "(Normandy, Maine, Anjou, Poitou marches)"},
    }
    areas = {}
    for n, name, lon, lat, terr, fv, terrain, port, objective, source in ZONES:
        a = {"name": f"{n} {name}", "lonlat": [lon, lat], "pos": list(project(lon, lat)),
             "region": terr, "terrain": terrain, "port": port}
        if fv is not None:
            a["fortified"] = True
            a["nf"] = fv
        a["note"] = ("objective SZ (star)" if objective else "")
        a["source"] = source
        areas[zone_id(n)] = a
    x0 = 1260
    boxes = {
        "reserve-france": {"name": "French Reserve", "kind": "pool",
                           "rect": [x0, 380, 320, 90],
                           "source": "the Reserve on the game help (rules 7.2): layout estimate"},
        "reserve-brittany": {"name": "Breton Reserve", "kind": "pool",
                             "rect": [x0, 480, 320, 90],
                             "source": "the Reserve on the game help (rules 7.2): layout "
                                       "estimate"},
        "out-of-play": {"name": "Counters not yet in play", "kind": "pool",
                        "rect": [x0, 580, 320, 90],
                        "source": "not on the printed map: app pool for reinforcements "
                                  "and counters not yet recruited"},
        "eliminated": {"name": "Eliminated / removed", "kind": "pool",
                       "rect": [x0, 680, 320, 90],
                       "source": "not on the printed map: app pool"},
        "alliances": {"name": "Alliances Table (11)", "kind": "pool",
                      "rect": [x0, 884, 320, 100],
                      "source": "the Alliances Table of the game help (rules 11): the "
                                "cursors are shown as markers under it (space, camp); "
                                "layout estimate"},
    }
    seasons = ["Spring", "Summer", "Autumn"]
    cells = []
    for i in range(13):
        year = 1487 + i // 3
        cells.append({"id": str(i + 1), "label": f"{seasons[i % 3][:3]} {year}",
                      "rect": [x0 + (i % 4) * 80, 20 + (i // 4) * 44, 76, 40]})
    vp_cells = [{"id": str(v), "label": str(v), "rect": [x0 + (v % 5) * 64, 800 + (v // 5) * 40,
                                                           60, 36]}
                for v in range(10)]
    tracks = {
        "turn": {"name": "Time track", "cells": cells,
                 "source": "13 rounds, spring 1487 - spring 1491, no winter round: rules 1, "
                           "13; layout estimate"},
        "vp": {"name": "VP tally (x1; +10 on the back)", "cells": vp_cells,
               "source": "0-9 scale with a +10 counter: rules 12; layout estimate"},
    }
    return {
        "format": "boardapp-map", "version": 1, "id": "lily-ermine",
        "name": "Brittany and its French marches, 1487 (The Lily and the Ermine)",
        "approximate": True,
        "notes": (
            "Approximate reconstruction, not the publisher's map. 45 strategic zones (SZ), "
            "each centred on a real town projected from its lon/lat; outlines are Voronoi "
            "cells clipped to the land and zones are joined where their outlines share a "
            "border (roads: list). From the rules: zone numbers 1 Brest, 9 Quimper, 23 "
            "Guerande, 24 Nantes, 26 Saint-Malo (ports, 13); 38 Rennes with FV 2 (siege "
            "example); 45 the French start; 45-44-43-38 a chain of clear zones (8 example); "
            "objective zones = those with a control marker at the start (13: 1, 10, 12, 17, "
            "21, 24, 36, 37, 38), marked in each zone's note; the Loire is always "
            "crossable (13), so zones on either bank are joined with no extra cost. "
            "Everything else (the town of every other number, FV other than Rennes, "
            "terrain, coastline zones = port, the border of Brittany) is an estimate: edit "
            "this file or maps/tools/build_lily_ermine.py and regenerate."),
        "size": [W, H],
        "projection": {"type": "equirectangular", "lon0": LON0, "lat0": LAT0,
                       "scale": SCALE},
        "land": land(),
        "regions": regions,
        "areas": areas,
        "roads": [],
        "boxes": boxes,
        "tracks": tracks,
    }


def adjacency(doc: dict) -> list[list[str]]:
    """Zones whose outlines share a border, plus the rules' forced links."""
    sys.path.insert(0, str(ROOT))
    from boardapp.core.board.mapdata import parse_map

    bmap = parse_map(doc, "lily_ermine.yaml (draft)")
    ids = sorted(bmap.areas, key=lambda a: int(a[2:]))
    pairs: set[tuple[str, str]] = set()
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            shared = bmap.outlines[a].intersection(bmap.outlines[b]).length
            if shared >= MIN_SHARED:
                pairs.add((a, b))
    for a, b in RULE_LINKS:
        pairs.add(tuple(sorted((zone_id(a), zone_id(b)), key=lambda z: int(z[2:]))))
    for a, b in NO_LINKS:
        pairs.discard(tuple(sorted((zone_id(a), zone_id(b)), key=lambda z: int(z[2:]))))
    return [list(p) for p in sorted(pairs, key=lambda p: (int(p[0][2:]), int(p[1][2:])))]


HEADER = """\
# =====================================================================================
#  The Lily and the Ermine (French-Breton War 1487-1491) - strategic map for boardapp
# =====================================================================================
#  APPROXIMATE MAP, generated by maps/tools/build_lily_ermine.py (read its docstring).
#  Zone ids are sz<N> (N = the printed SZ number); the name starts with N.
#  region = national territory (brittany / france); nf = fortress value FV 1-3;
#  terrain mountain/forest = 2 MP; port = zone with a coastline (maritime movement);
#  the objective zones say "objective SZ (star)" in their note. Every value has a
#  `source`: "estimate" unless a rule section is cited.
# =====================================================================================
"""


class _Dumper(yaml.SafeDumper):
    """Short lists of scalars (points, pairs) on one line."""


def _list(dumper: yaml.SafeDumper, data: list) -> yaml.Node:
    flow = all(not isinstance(x, list | dict) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _list)


def build_yaml() -> str:
    doc = base_document()
    doc["roads"] = adjacency(doc)
    return HEADER + yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                              width=92)


def check(doc: dict) -> list[str]:
    errors = []
    areas = doc["areas"]
    if len(areas) != 45:
        errors.append(f"{len(areas)} zones, expected 45")
    roads = {frozenset(r) for r in doc["roads"]}
    for a, b in RULE_LINKS:
        if frozenset((zone_id(a), zone_id(b))) not in roads:
            errors.append(f"SZ {a} and {b} must be joined (rules 8 example)")
    if areas["sz38"].get("nf") != 2:
        errors.append("Rennes must have FV 2 (siege example)")
    for n in (43, 44, 38):
        if areas[zone_id(n)]["terrain"] != "clear":
            errors.append(f"SZ {n} must be clear (rules 8 example: no mountain crossed)")
    for n in (1, 9, 23, 24, 26):
        if not areas[zone_id(n)]["port"]:
            errors.append(f"SZ {n} is a port (rules 13)")
    linked = {z for r in doc["roads"] for z in r}
    for z in areas:
        if z not in linked:
            errors.append(f"{z} has no neighbour")
    return errors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check the existing file")
    args = ap.parse_args(argv)
    if not args.check:
        OUT.write_text(build_yaml(), encoding="utf-8")
        print(f"wrote {OUT}")
    doc = yaml.safe_load(OUT.read_text(encoding="utf-8"))
    errors = check(doc)
    for m in errors:
        print("ERROR:", m)
    print("checks:", "FAILED" if errors else "ok", f"({len(doc['roads'])} links)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
