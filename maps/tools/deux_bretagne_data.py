#!/usr/bin/env python3
"""The data of the APPROXIMATE map of "Les Deux Bretagne": the projection, the coastline,
the towns (AREAS, with their real lon/lat and what the rules fix), the regions, the roads,
the boxes and tracks in the margins. ``build_deux_bretagne.py`` turns it into
maps/deux_bretagne.yaml and checks it; to move a town, change its ``lonlat`` here and
re-run that script.
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "deux_bretagne.yaml"

# --------------------------------------------------------------------------------------
# Projection: simple equirectangular, true to scale at latitude 48 N.
#   x = (lon - LON0) * SCALE * cos(radians(48)),  y = (LAT0 - lat) * SCALE
# 1 map unit = 1 pixel at 100 % zoom; 1 degree of latitude = SCALE units (~111 km),
# so 1 km ~ 4.2 units.
# --------------------------------------------------------------------------------------
W, H = 1600, 1150
LON0, LAT0, SCALE = -4.95, 49.05, 470.0
KX = SCALE * math.cos(math.radians(48.0))


def project(lon: float, lat: float) -> tuple[int, int]:
    return round((lon - LON0) * KX), round((LAT0 - lat) * SCALE)


# --------------------------------------------------------------------------------------
# Coastline, digitised by hand from a modern map at roughly 1:1 000 000 (lon, lat,
# landmark).  Counter-clockwise on screen (north coast first, westwards), starting at
# the Couesnon (Breton/Norman border).
# Deliberately simplified: no islands (Ouessant, Groix, Belle-Ile, Noirmoutier are
# left out; Noirmoutier is a holding box), estuaries are only hinted at, and a few
# points are pushed 2-4 km seaward so that coastal towns (Saint-Malo, Brest,
# Concarneau, Saint-Pol) sit at least 15 units inside the outline.  The east side is
# not a real border: it closes the polygon on a straight line (lon -1.00) east of
# the marches (Fougeres, Vitre, La Guerche, Chateaubriant, Ancenis, Clisson).
# --------------------------------------------------------------------------------------
COAST: list[tuple[float, float, str]] = [
    (-1.520, 48.630, "Couesnon mouth, Mont-Saint-Michel (Breton/Norman border)"),
    (-1.620, 48.620, "Bay of Mont-Saint-Michel, Saint-Broladre"),
    (-1.720, 48.615, "Cherrueix (Marais de Dol)"),
    (-1.800, 48.625, "Le Vivier-sur-Mer"),
    (-1.845, 48.665, "Cancale"),
    (-1.840, 48.715, "Pointe du Grouin"),
    (-1.910, 48.695, "Rotheneuf"),
    (-1.960, 48.692, "Sillon of Saint-Malo, Parame"),
    (-2.035, 48.693, "Saint-Malo, intra-muros (pushed out)"),
    (-2.090, 48.662, "Rance mouth, Dinard"),
    (-2.140, 48.640, "Saint-Briac"),
    (-2.220, 48.610, "Saint-Jacut, Arguenon"),
    (-2.265, 48.645, "Saint-Cast"),
    (-2.320, 48.685, "Cap Frehel"),
    (-2.400, 48.652, "Bay of la Fresnaye"),
    (-2.470, 48.645, "Erquy"),
    (-2.550, 48.600, "Le Val-Andre"),
    (-2.620, 48.555, "Bay of Saint-Brieuc, Hillion"),
    (-2.685, 48.528, "Yffiniac, head of the bay"),
    (-2.730, 48.548, "Le Légué (port of Saint-Brieuc)"),
    (-2.800, 48.588, "Binic"),
    (-2.830, 48.650, "Saint-Quay-Portrieux"),
    (-2.930, 48.720, "Brehec (Plouha)"),
    (-3.000, 48.770, "Paimpol bay"),
    (-3.020, 48.830, "Pointe de l'Arcouest"),
    (-3.090, 48.875, "Sillon de Talbert"),
    (-3.170, 48.855, "Trieux and Jaudy mouths"),
    (-3.250, 48.862, "Plougrescant"),
    (-3.350, 48.835, "Port-Blanc"),
    (-3.450, 48.830, "Perros-Guirec, Ploumanac'h"),
    (-3.580, 48.790, "Trebeurden"),
    (-3.560, 48.722, "Locquemeau, Leguer mouth"),
    (-3.570, 48.698, "Saint-Michel-en-Greve (Lieue de Greve)"),
    (-3.650, 48.695, "Locquirec"),
    (-3.820, 48.720, "Primel"),
    (-3.860, 48.670, "Bay of Morlaix, east shore"),
    (-3.880, 48.635, "Morlaix river (estuary hinted)"),
    (-3.905, 48.682, "Carantec"),
    (-3.980, 48.737, "Roscoff"),
    (-4.060, 48.712, "Santec"),
    (-4.180, 48.675, "Plouescat"),
    (-4.300, 48.680, "Brignogan"),
    (-4.400, 48.665, "Kerlouan"),
    (-4.520, 48.630, "Plouguerneau"),
    (-4.600, 48.600, "Aber Wrac'h"),
    (-4.700, 48.570, "Portsall"),
    (-4.770, 48.520, "Lampaul-Ploudalmezeau"),
    (-4.790, 48.450, "Porspoder"),
    (-4.790, 48.410, "Pointe de Corsen"),
    (-4.770, 48.360, "Le Conquet"),
    (-4.770, 48.330, "Pointe Saint-Mathieu"),
    (-4.690, 48.330, "Bertheaume"),
    (-4.600, 48.342, "Goulet de Brest, north shore"),
    (-4.530, 48.352, "Pointe du Portzic"),
    (-4.450, 48.358, "Rade de Brest below Brest (pushed south)"),
    (-4.360, 48.380, "Elorn mouth"),
    (-4.300, 48.398, "Elorn estuary (towards Landerneau)"),
    (-4.330, 48.360, "Plougastel"),
    (-4.400, 48.330, "Pointe de l'Armorique"),
    (-4.330, 48.312, "Bay of Daoulas"),
    (-4.250, 48.298, "Anse de l'Hopital"),
    (-4.180, 48.280, "Aulne estuary, Le Faou"),
    (-4.270, 48.280, "Landevennec"),
    (-4.350, 48.298, "Lanveoc"),
    (-4.470, 48.310, "Rade, Crozon north shore"),
    (-4.540, 48.340, "Pointe des Espagnols"),
    (-4.570, 48.300, "Roscanvel"),
    (-4.600, 48.280, "Camaret"),
    (-4.630, 48.265, "Pointe du Toulinguet"),
    (-4.630, 48.240, "Pointe de Pen-Hir"),
    (-4.560, 48.230, "Anse de Dinan (Crozon)"),
    (-4.560, 48.170, "Cap de la Chevre"),
    (-4.500, 48.212, "Morgat"),
    (-4.420, 48.225, "Bay of Douarnenez, north shore"),
    (-4.330, 48.200, "Pentrez"),
    (-4.290, 48.150, "Sainte-Anne-la-Palud"),
    (-4.320, 48.095, "Douarnenez"),
    (-4.400, 48.100, "Pointe de Leyde"),
    (-4.500, 48.090, "Pointe du Millier"),
    (-4.600, 48.080, "Beuzec, Cap Sizun"),
    (-4.720, 48.070, "Pointe du Van"),
    (-4.740, 48.040, "Pointe du Raz"),
    (-4.650, 48.020, "Plogoff"),
    (-4.560, 48.015, "Audierne"),
    (-4.450, 47.970, "Bay of Audierne, Plozevet"),
    (-4.380, 47.890, "Bay of Audierne, Pors Carn"),
    (-4.370, 47.800, "Pointe de Penmarc'h"),
    (-4.280, 47.790, "Le Guilvinec"),
    (-4.190, 47.800, "Lesconil"),
    (-4.150, 47.830, "Loctudy"),
    (-4.100, 47.860, "Benodet, Odet mouth"),
    (-3.990, 47.850, "Beg-Meil"),
    (-3.930, 47.832, "Bay of La Foret, Concarneau (pushed out)"),
    (-3.860, 47.800, "Pointe de Trevignon"),
    (-3.760, 47.790, "Aven mouth, Nevez"),
    (-3.650, 47.770, "Doelan"),
    (-3.540, 47.765, "Le Pouldu, Laita mouth"),
    (-3.450, 47.730, "Guidel"),
    (-3.380, 47.710, "Lorient roads, Blavet mouth"),
    (-3.350, 47.685, "Gavres"),
    (-3.220, 47.650, "Etel"),
    (-3.140, 47.580, "Plouharnel, Quiberon isthmus"),
    (-3.150, 47.520, "Quiberon, west coast"),
    (-3.120, 47.475, "Pointe du Conguel (Quiberon)"),
    (-3.100, 47.520, "Quiberon bay shore"),
    (-3.090, 47.570, "Carnac"),
    (-3.020, 47.570, "La Trinite-sur-Mer"),
    (-2.950, 47.550, "Locmariaquer"),
    (-2.900, 47.580, "Gulf of Morbihan, west"),
    (-2.820, 47.605, "Gulf of Morbihan, Arradon"),
    (-2.760, 47.616, "Conleau, below Vannes"),
    (-2.700, 47.603, "Sene"),
    (-2.680, 47.580, "Gulf of Morbihan, east end"),
    (-2.800, 47.565, "Rhuys peninsula, gulf shore"),
    (-2.900, 47.548, "Port-Navalo"),
    (-2.850, 47.508, "Saint-Gildas-de-Rhuys"),
    (-2.750, 47.490, "Suscinio"),
    (-2.660, 47.500, "Penvins"),
    (-2.580, 47.512, "Damgan"),
    (-2.500, 47.500, "Vilaine mouth"),
    (-2.480, 47.440, "Penestin"),
    (-2.490, 47.390, "Mesquer"),
    (-2.520, 47.360, "Piriac"),
    (-2.505, 47.320, "La Turballe"),
    (-2.545, 47.290, "Le Croisic"),
    (-2.420, 47.270, "Le Pouliguen, La Baule"),
    (-2.330, 47.255, "Pornichet"),
    (-2.210, 47.270, "Saint-Nazaire"),
    (-2.060, 47.300, "Donges"),
    (-1.900, 47.280, "Loire estuary (head of the tidal estuary hinted)"),
    (-2.020, 47.265, "Paimboeuf"),
    (-2.170, 47.235, "Saint-Brevin"),
    (-2.220, 47.170, "Tharon"),
    (-2.250, 47.130, "Pointe de Saint-Gildas"),
    (-2.150, 47.110, "Sainte-Marie"),
    (-2.100, 47.105, "Pornic"),
    (-2.020, 47.070, "Les Moutiers-en-Retz"),
    (-1.960, 47.040, "Bourgneuf-en-Retz"),
    (-2.000, 46.985, "Bouin"),
    (-2.050, 46.930, "Beauvoir-sur-Mer (Marais breton)"),
    (-2.050, 46.900, "south edge of the map (Poitou march)"),
    (-1.550, 46.900, "south edge of the map"),
    (-1.000, 46.900, "south-east corner (closure, not a real border)"),
    (-1.000, 47.400, "east edge (closure): Anjou"),
    (-1.000, 47.900, "east edge (closure): Anjou / Maine"),
    (-1.000, 48.470, "north-east corner (closure): Maine / Normandy"),
    (-1.300, 48.530, "Breton/Norman border near Saint-James"),
    (-1.500, 48.580, "Pontorson, Couesnon"),
]

# --------------------------------------------------------------------------------------
# Counties.  Order fixed by the map format.  cities/vp: see REGION_SOURCE.
# The victory-point split is constrained by two scenario totals (assuming starting PV
# = sum of the VP of the counties each side controls at start, which is exactly
# satisfied by both scenarios below):
#   14.13 (1341):  Blois   Dreger + St-Brieuc(2, rules 2.62) + Dol              = 5
#                  Montfort Leon + Gernev + Wened + Nantais + Rennais + St-Malo = 22
#   14.33 (1353):  Blois   Dreger + St-Brieuc + Dol + Rennais                   = 9
#                  Montfort Leon + Gernev + Wened                               = 11
# => Dreger + Dol = 3 (Dol the smallest county, 12.11: Dol 1, Dreger 2), Rennais = 4
#    (forced), Leon + Gernev + Wened = 11, Nantais + St-Malo = 7 (Nantais the richest).
# --------------------------------------------------------------------------------------
REGIONS: list[tuple[str, str, str, int, int, str]] = [
    # id, name, colour, cities needed, vp, source
    ("bro-leon", "Bro Leon", "#efe0b0", 3, 3,
     "vp 3: estimate, split constrained by the 14.13/14.33 starting PV "
     "(Leon+Gernev+Wened = 11); cities 3 of 5: estimate (majority)"),
    ("bro-gernev", "Bro Gernev", "#cfe5c3", 4, 4,
     "vp 4: estimate, split constrained by the 14.13/14.33 starting PV "
     "(Leon+Gernev+Wened = 11); cities 4 of 7: estimate (majority)"),
    ("bro-wened", "Bro Wened", "#f2c6cf", 5, 4,
     "vp 4: estimate, split constrained by the 14.13/14.33 starting PV "
     "(Leon+Gernev+Wened = 11); cities 5 of 9: estimate (majority)"),
    ("bro-dreger", "Bro Dreger", "#d8d0ee", 3, 2,
     "vp 2: derived from 14.13 (Blois 5 = Dreger + Saint-Brieuc 2 + Dol) with Dol the "
     "smallest county (12.11); cities 3 of 4: estimate (majority)"),
    ("pays-de-saint-brieuc", "Pays de Saint-Brieuc", "#f7efa6", 3, 2,
     "rules 2.62 example (3 cities, 2 VP); its 4 cities: rules 3.3"),
    ("pays-de-dol", "Pays de Dol", "#f2d3e6", 2, 1,
     "vp 1: derived from 14.13 (Blois 5) and 12.11 (Dol the smallest county, 1 PS); "
     "cities 2 of 3: estimate (majority)"),
    ("pays-rennais", "Pays rennais", "#cfe3ee", 4, 4,
     "vp 4: derived from the starting PV of 14.13 and 14.33 (Blois 9 = Dreger 2 + "
     "Saint-Brieuc 2 + Dol 1 + Rennais); cities 4 of 7: estimate (majority)"),
    ("pays-nantais", "Pays nantais", "#e3ecbf", 5, 5,
     "vp 5: estimate, Nantais + Saint-Malo = 7 from the 14.13/14.33 starting PV, "
     "Nantais the richest county (12.11); cities 5 of 8: estimate (majority; with 5 "
     "the county is neutral in 14.3 as that set-up implies)"),
    ("pays-de-saint-malo", "Pays de Saint-Malo", "#f9d9b0", 3, 2,
     "vp 2: estimate, Nantais + Saint-Malo = 7 from the 14.13/14.33 starting PV; "
     "cities 3 of 4: estimate (majority, as Saint-Brieuc; in 14.1 the county starts "
     "Montfort although Blois holds Saint-Malo and Dinan: under 3.3 control only changes "
     "when a side reaches the number)"),
]

# --------------------------------------------------------------------------------------
# Areas (cities).  nf None = open city (circle); an int = fortified (star) with that NF.
# Coordinates: real position of the medieval town centre (castle where relevant),
# to about 0.01 degree.  Names: as spelt in the rules where the rules name the town;
# for the towns we added, Breton in the west (Breton-speaking in 1341) and French in
# the east, following the rules' practice (2.61 historical note).
# --------------------------------------------------------------------------------------
EST = "estimate"
ADDED = "added town, not named in the rules (estimate)"

AREAS: list[dict] = []


def A(id_, name, lon, lat, region, nf=None, port=False, terrain="clear", source="",
      note=None):
    AREAS.append(dict(id=id_, name=name, lon=lon, lat=lat, region=region, nf=nf,
                      port=port, terrain=terrain, source=source, note=note))


# ---- Bro Leon (diocese of Léon) -------------------------------------------------------
A("brest", "Brest", -4.486, 48.390, "bro-leon", nf=2, port=True,
  source="in Bro Leon with NF 2: rules 2.63; Montfort start 14.11; port, terrain: estimate")
A("lesneven", "Lesneven", -4.320, 48.572, "bro-leon",
  source="rules 14.11 (Blois exception in a Montfort county); county: estimate "
  "(diocese of Léon); open, terrain: estimate")
A("kastell-paol", "Kastell Paol", -3.985, 48.686, "bro-leon", port=True,
  note="Saint-Pol-de-Léon", source=f"{ADDED}; see of the bishop of Léon; open, port: {EST}")
A("landerne", "Landerne", -4.250, 48.451, "bro-leon", port=True, note="Landerneau",
  source=f"{ADDED}; open, port (head of the Elorn estuary): {EST}")
A("montroulez", "Montroulez", -3.827, 48.578, "bro-leon", nf=1, port=True, note="Morlaix",
  source=f"{ADDED}; ducal castle (taken 1342) NF 1, port, county Leon: {EST}")

# ---- Bro Gernev (Cornouaille) ---------------------------------------------------------
A("kemper", "Kemper", -4.102, 47.996, "bro-gernev", nf=1, port=True, note="Quimper",
  source=f"{ADDED}; walled cathedral city (besieged 1344) NF 1, port on the Odet: {EST}")
A("kastellin", "Kastellin", -4.090, 48.197, "bro-gernev", note="Châteaulin",
  source="rules 14.31 (Marauders); county Bro Gernev: estimate (Cornouaille); "
  "open, terrain: estimate")
A("kastell-nevez-ar-faou", "Kastell Nevez ar Faou", -3.818, 48.187, "bro-gernev", nf=1,
  terrain="mountain", note="Châteauneuf-du-Faou",
  source="rules 14.11/14.31 (Blois exception in a Montfort county in both scenarios, "
  "so in Bro Gernev); castle NF 1, mountain (Montagnes Noires): estimate")
A("karaez", "Karaez", -3.573, 48.276, "bro-gernev", note="Carhaix",
  source="rules 14.31 (Montfort start); county Bro Gernev: estimate (Poher, "
  "Cornouaille); open, terrain: estimate")
A("rostrenenn", "Rostrenenn", -3.317, 48.235, "bro-gernev", terrain="mountain",
  note="Rostrenen", source=f"{ADDED}; open, mountain (east end of the Montagnes Noires): {EST}")
A("kemperle", "Kemperle", -3.549, 47.873, "bro-gernev", port=True, note="Quimperlé",
  source=f"{ADDED}; open, port (Laïta estuary): {EST}")
A("konk-kerne", "Konk Kerne", -3.914, 47.875, "bro-gernev", nf=1, port=True,
  note="Concarneau", source=f"{ADDED}; walled island town NF 1, port: {EST}")

# ---- Bro Wened (Vannetais) ------------------------------------------------------------
A("gwened", "Gwened", -2.760, 47.658, "bro-wened", nf=2, port=True, note="Vannes",
  source="rules 14.11, 13.2 (one of the four capitals); county: estimate (see of "
  "Vannes); NF 2, port on the Gulf of Morbihan: estimate")
A("henbont", "Henbont", -3.277, 47.805, "bro-wened", nf=2, port=True, note="Hennebont",
  source=f"{ADDED}; the great Montfort fortress of 1342, NF 2, port on the Blavet: {EST}")
A("an-alre", "An Alre", -2.982, 47.668, "bro-wened", nf=1, port=True, note="Auray",
  source=f"{ADDED}; ducal castle (sieges 1342, 1364) NF 1, port: {EST}")
A("pondi", "Pondi", -2.963, 48.068, "bro-wened", note="Pontivy",
  source=f"{ADDED}; open: {EST}")
A("rohan", "Rohan", -2.752, 48.069, "bro-wened",
  source=f"{ADDED}; seat of the viscounts of Rohan; open: {EST}")
A("josselin", "Josselin", -2.547, 47.955, "bro-wened", nf=2,
  source="rules 14.11/14.31 (Blois in both scenarios), road to Malestroit: rules 9.5 "
  "example; county Bro Wened: estimate consistent with both scenarios; castle NF 2: "
  "estimate")
A("malestroit", "Malestroit", -2.384, 47.809, "bro-wened",
  source="open city and county Bro Wened: rules 9.5 example (control taken by winning a "
  "battle, then Bro Gwened checked); terrain: estimate")
A("rochefort-en-terre", "Rochefort-en-Terre", -2.338, 47.699, "bro-wened",
  source=f"{ADDED}; open: {EST}")
A("redon", "Redon", -2.085, 47.651, "bro-wened",
  source=f"{ADDED}; abbey town on the Vilaine, diocese of Vannes; open: {EST}")

# ---- Bro Dreger (Trégor) --------------------------------------------------------------
A("gwengamp", "Gwengamp", -3.150, 48.562, "bro-dreger", nf=1, note="Guingamp",
  source="rules 14.11 (Blois start); county: estimate (Trégor, Penthièvre lands); "
  "walled town NF 1: estimate")
A("lannuon", "Lannuon", -3.459, 48.732, "bro-dreger", port=True, note="Lannion",
  source="rules 14.31 (Montfort exception, so not in Leon/Gernev/Wened); county Bro "
  "Dreger: estimate (Trégor); open, port: estimate")
A("ar-roch-derrien", "Ar Roc'h Derrien", -3.262, 48.745, "bro-dreger", nf=1,
  note="La Roche-Derrien", source=f"{ADDED}; castle (battle of 1347) NF 1: {EST}")
A("gwerliskin", "Gwerliskin", -3.585, 48.517, "bro-dreger", terrain="mountain",
  note="Guerlesquin", source=f"{ADDED}; open, mountain (Monts d'Arrée): {EST}")

# ---- Pays de Saint-Brieuc: exactly these four (rules 3.3) ----------------------------
A("saint-brieuc", "Saint-Brieuc", -2.765, 48.514, "pays-de-saint-brieuc", port=True,
  source="county: rules 3.3; open, port (Le Légué): estimate")
A("moncontour", "Moncontour", -2.633, 48.359, "pays-de-saint-brieuc", nf=1,
  source="county: rules 3.3; fortress NF 1: estimate")
A("lamballe", "Lamballe", -2.516, 48.469, "pays-de-saint-brieuc", nf=1,
  source="county: rules 3.3; castle of the Penthièvre NF 1: estimate")
A("kintin", "Kintin", -2.911, 48.404, "pays-de-saint-brieuc", note="Quintin",
  source="county: rules 3.3; open: estimate")

# ---- Pays de Dol ----------------------------------------------------------------------
A("dol", "Dol", -1.755, 48.551, "pays-de-dol", nf=1, terrain="marsh",
  source="link to Normandi: rules 2.64; county: estimate (see of Dol); walled town NF 1, "
  "marsh (Marais de Dol): estimate")
A("combourg", "Combourg", -1.751, 48.410, "pays-de-dol", nf=1,
  source="rules 14.31 (Montfort exception, so not in Leon/Gernev/Wened); county: "
  "estimate (diocese of Dol); castle NF 1: estimate")
A("pleine-fougeres", "Pleine-Fougères", -1.565, 48.533, "pays-de-dol",
  source=f"{ADDED} so that Pays de Dol has 3 cities; open: {EST}")

# ---- Pays rennais ---------------------------------------------------------------------
A("rennes", "Rennes", -1.678, 48.111, "pays-rennais", nf=2,
  source="NF 2: rules 10.13 example (2+3); one of the four capitals (13.2); county: "
  "estimate (see of Rennes); terrain: estimate")
A("hede", "Hédé", -1.799, 48.296, "pays-rennais", nf=1,
  source="fortified NF 1: rules 10.25 example (-1 fortress level); county: estimate "
  "(diocese of Rennes; a Montfort exception in 14.31)")
A("saint-aubin-du-cormier", "Saint-Aubin-du-Cormier", -1.400, 48.260, "pays-rennais",
  nf=1, source=f"{ADDED}; ducal castle on the Norman march NF 1: {EST}")
A("fougeres", "Fougères", -1.202, 48.352, "pays-rennais", nf=2, terrain="forest",
  source="link to Normandi: rules 2.64; Blois exception 14.11; county: estimate "
  "(diocese of Rennes); castle NF 2, forest (Forêt de Fougères): estimate")
A("vitre", "Vitré", -1.210, 48.124, "pays-rennais", nf=1,
  source="rules 14.11 (Blois exception); county: estimate (diocese of Rennes); castle "
  "NF 1: estimate")
A("chateaugiron", "Châteaugiron", -1.504, 48.047, "pays-rennais",
  source=f"{ADDED}; open: {EST}")
A("la-guerche", "La Guerche", -1.232, 47.942, "pays-rennais",
  source="rules 14.31 (Montfort exception, so not in Leon/Gernev/Wened); county: "
  "estimate (diocese of Rennes); open: estimate")

# ---- Pays de Saint-Malo (diocese of Saint-Malo / Aleth) -------------------------------
A("saint-malo", "Saint-Malo", -2.025, 48.649, "pays-de-saint-malo", nf=1, port=True,
  source="rules 14.11/14.31 (Blois); county: estimate (see of Saint-Malo); walled "
  "island town NF 1, port: estimate")
A("dinan", "Dinan", -2.047, 48.455, "pays-de-saint-malo", nf=1,
  source="rules 14.11/14.31 (Blois); county: estimate (diocese of Saint-Malo); walled "
  "town NF 1: estimate")
A("montfort", "Montfort", -1.958, 48.138, "pays-de-saint-malo", terrain="forest",
  note="Montfort-sur-Meu",
  source="rules 14.31 (Marauders); county: estimate (diocese of Saint-Malo); open, "
  "forest (Brocéliande / Paimpont): estimate")
A("ploermel", "Ploërmel", -2.398, 47.932, "pays-de-saint-malo", nf=1,
  source="rules 14.11 (Montfort start), 14.31 (Montfort exception); county: estimate "
  "(diocese of Saint-Malo); ducal castle NF 1: estimate")

# ---- Pays nantais ---------------------------------------------------------------------
A("nantes", "Nantes", -1.553, 47.218, "pays-nantais", nf=2, port=True,
  source="rules 14.11, 13.2 (one of the four capitals); county: estimate (see of Nantes, "
  "Blois exception in 14.31); NF 2 (as Rennes), port on the Loire: estimate")
A("gwenrann", "Gwenrann", -2.429, 47.329, "pays-nantais", port=True, note="Guérande",
  source="rules 14.31 (Blois exception); county: estimate (diocese of Nantes); open in "
  "1341 (walls begun 1343), port (Le Croisic): estimate")
A("le-gavre", "Le Gâvre", -1.749, 47.521, "pays-nantais", terrain="forest",
  source="rules 14.11/14.31 (Blois); county: estimate; open, forest (Forêt du Gâvre): "
  "estimate")
A("fougeray", "Fougeray", -1.732, 47.724, "pays-nantais", nf=1, note="Le Grand-Fougeray",
  source="rules 14.31 (Montfort start); county: estimate (diocese of Nantes); keep NF 1: "
  "estimate")
A("chateaubriant", "Châteaubriant", -1.377, 47.717, "pays-nantais", nf=1,
  source="rules 14.31 (Montfort exception); county: estimate (diocese of Nantes); castle "
  "NF 1: estimate")
A("ancenis", "Ancenis", -1.177, 47.366, "pays-nantais", nf=1,
  source="rules 14.31 (Marauders); county: estimate (diocese of Nantes); castle NF 1: "
  "estimate")
A("clisson", "Clisson", -1.282, 47.087, "pays-nantais", nf=2,
  source="rules 14.31 (Blois exception); county: estimate (diocese of Nantes); castle "
  "NF 2: estimate")
A("machecoul", "Machecoul", -1.822, 46.993, "pays-nantais", nf=1, terrain="marsh",
  source="rules 14.11 (Montfort start), link to Noirmoutier: rules 2.64/6.41 (Cahours); "
  "county: estimate (Pays de Retz); castle NF 1, marsh (Marais breton): estimate")

# --------------------------------------------------------------------------------------
# Roads: a plausible medieval road net (estimate) between neighbouring towns.  Only
# Malestroit - Josselin is implied by the rules (9.5 example).  Box links are not
# roads and are listed with the boxes.
# --------------------------------------------------------------------------------------
ROADS: list[tuple[str, str]] = [
    # Leon
    ("brest", "lesneven"), ("brest", "landerne"), ("lesneven", "landerne"),
    ("lesneven", "kastell-paol"), ("kastell-paol", "montroulez"),
    ("landerne", "montroulez"), ("landerne", "kastellin"),
    # Cornouaille
    ("kastellin", "kemper"), ("kastellin", "kastell-nevez-ar-faou"),
    ("kemper", "kastell-nevez-ar-faou"), ("kemper", "konk-kerne"),
    ("konk-kerne", "kemperle"), ("kemperle", "henbont"),
    ("kastell-nevez-ar-faou", "karaez"), ("karaez", "montroulez"),
    ("karaez", "rostrenenn"), ("karaez", "gwerliskin"), ("rostrenenn", "pondi"),
    ("rostrenenn", "gwengamp"), ("kemperle", "kastell-nevez-ar-faou"),
    # Tregor
    ("montroulez", "lannuon"), ("montroulez", "gwerliskin"), ("gwerliskin", "gwengamp"),
    ("lannuon", "ar-roch-derrien"), ("ar-roch-derrien", "gwengamp"),
    ("gwengamp", "saint-brieuc"), ("gwengamp", "kintin"),
    # Saint-Brieuc
    ("saint-brieuc", "lamballe"), ("saint-brieuc", "kintin"), ("kintin", "moncontour"),
    ("moncontour", "lamballe"), ("lamballe", "dinan"), ("kintin", "pondi"),
    ("moncontour", "rohan"), ("moncontour", "ploermel"),
    # Vannetais
    ("henbont", "an-alre"), ("an-alre", "gwened"), ("henbont", "pondi"),
    ("pondi", "rohan"), ("rohan", "josselin"), ("josselin", "ploermel"),
    ("josselin", "malestroit"), ("gwened", "josselin"),
    ("gwened", "rochefort-en-terre"), ("rochefort-en-terre", "malestroit"),
    ("rochefort-en-terre", "redon"), ("malestroit", "ploermel"),
    ("redon", "gwenrann"), ("redon", "le-gavre"),
    ("redon", "fougeray"),
    # Saint-Malo, Dol, Rennes
    ("saint-malo", "dinan"), ("saint-malo", "dol"), ("dol", "combourg"),
    ("dol", "pleine-fougeres"), ("pleine-fougeres", "fougeres"), ("dinan", "hede"),
    ("dinan", "montfort"), ("hede", "combourg"), ("hede", "rennes"), ("hede", "montfort"),
    ("montfort", "rennes"), ("montfort", "ploermel"),
    ("rennes", "saint-aubin-du-cormier"), ("saint-aubin-du-cormier", "fougeres"),
    ("combourg", "saint-aubin-du-cormier"), ("fougeres", "vitre"),
    ("vitre", "chateaugiron"), ("chateaugiron", "rennes"), ("vitre", "la-guerche"),
    ("la-guerche", "chateaugiron"), ("la-guerche", "chateaubriant"),
    ("rennes", "fougeray"),
    # Nantais
    ("fougeray", "chateaubriant"), ("fougeray", "le-gavre"), ("le-gavre", "nantes"),
    ("gwenrann", "le-gavre"), ("nantes", "ancenis"), ("ancenis", "chateaubriant"),
    ("nantes", "clisson"), ("nantes", "machecoul"), ("clisson", "machecoul"),
]
ROAD_RULES = {frozenset(("malestroit", "josselin"))}

# --------------------------------------------------------------------------------------
# Margins: holding boxes, prisons, pools, county control boxes and the two tracks.
# All positions are a layout choice (estimate), placed to echo the real direction of
# each outer province.  Rect = [x, y, w, h].
# --------------------------------------------------------------------------------------
BOX_W, BOX_H = 150, 70          # holding boxes
POOL_W, POOL_H = 170, 70        # prisons and pools
RIGHT_A = 1262                  # first column east of the land (holding boxes)
RIGHT_B = 1422                  # second column (prisons, pools)

BOXES: list[dict] = [
    dict(id="normandi", name="Normandi", kind="holding",
         rect=[1110, 105, BOX_W, BOX_H], links=["dol", "fougeres"],
         access={"sides": ["blois"]},
         source="rules 2.64 (Blois only; linked to Dol and Fougères only); position: "
         "layout estimate (Normandy, north-east)"),
    dict(id="anjev", name="Anjev", kind="holding",
         rect=[RIGHT_A, 560, BOX_W, BOX_H], links=["la-guerche", "chateaubriant", "ancenis"],
         access={"sides": ["blois"]},
         source="rules 2.64 (Blois only), 14.11 (Charles de Blois starts here); links: "
         "estimate (the Breton towns facing Anjou)"),
    dict(id="poatev", name="Poatev", kind="holding",
         rect=[RIGHT_A, 930, BOX_W, BOX_H], links=["clisson", "machecoul"],
         access={"sides": ["blois"]},
         source="rules 2.64 (Blois only; spelt Poatevand/Poatev there); links: estimate "
         "(the towns facing Poitou)"),
    dict(id="bro-saoz", name="Bro Saoz", kind="holding",
         rect=[30, 62, BOX_W, BOX_H], links=[], naval=True,
         access={"sides": ["montfort"]},
         source="rules 2.64: Montfort units only, by naval movement (England); position: "
         "layout estimate"),
    dict(id="noirmoutier", name="Noirmoutier", kind="holding",
         rect=[740, 935, BOX_W, BOX_H], links=["machecoul"],
         access={"pieces": ["raoul-de-cahours"], "max_units": 1},
         source="rules 2.64 (Raoul de Cahours with at most 1 combat unit); link to "
         "Machecoul: estimate (the island off the Bay of Bourgneuf)"),
    dict(id="prison-bro-chall", name="Bro C'Hall (prison)", kind="prison",
         rect=[RIGHT_B, 300, POOL_W, POOL_H], links=[],
         source="rules 9.42: captured Montfort leaders (France)"),
    dict(id="prison-bro-saoz", name="Bro Saoz (prison)", kind="prison",
         rect=[190, 62, POOL_W, POOL_H], links=[],
         source="rules 9.42: captured Blois leaders (England)"),
    dict(id="reserve", name="Counters not in play", kind="pool",
         rect=[RIGHT_B, 660, POOL_W, POOL_H], links=[],
         source="not on the printed map: app pool for leaders and units out of play"),
    dict(id="eliminated", name="Eliminated", kind="pool",
         rect=[RIGHT_B, 760, POOL_W, POOL_H], links=[],
         source="not on the printed map: app pool for eliminated and killed pieces"),
    dict(id="external-war", name="External wars", kind="pool",
         rect=[RIGHT_B, 860, POOL_W, POOL_H], links=[],
         source="rules 6.2: leaders and units set aside on an external war card; not on "
         "the printed map: app pool"),
]

# County control boxes (rules 2.62: lower left of the map), 3 x 3 in the Atlantic.
CB_W, CB_H, CB_GX, CB_GY = 170, 44, 10, 8
CB_X0, CB_Y0 = 40, 830

# Turn track: along the top edge.
TURN_LABELS = ["1341", "1342", "1343", "1344", "1345-48", "1349-52", "1353-56",
               "1357-61", "1362", "1363", "1364"]
TURN_W, TURN_H, TURN_GAP = 100, 40, 4
TURN_X0, TURN_Y0 = 420, 10
TURN_SOURCE = ("11 turns; turn 1 = 1341, turn 2 = 1342 (14.12), turn 6 ends 1352 (14.22), "
               "turn 7 = 1353-1356 (14.32/14.33), turn 11 = 1364 (14.32), long middle "
               "turns 1345-1361 (1.3); the other labels are an estimate")

# Victory point track: 0..39 along the bottom edge, one row.
VP_N, VP_W, VP_H, VP_GAP = 40, 36, 36, 2
VP_X0, VP_Y0 = 41, H - 12 - 36
VP_SOURCE = ("layout estimate; range 0-39 covers the starting PV (14.13: Blois 5, "
             "Montfort 22) and the victory thresholds (> 22, > 25)")
