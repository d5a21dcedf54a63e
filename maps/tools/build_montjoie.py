#!/usr/bin/env python3
"""Build maps/montjoie.yaml, the APPROXIMATE map of "Montjoie!" (France around 1350).

The rule book (/shared/rules/montjoie-fr.txt, the authority) does not print the board. It
names 25 cities and 10 provinces (digest MJ 4.6) and says what the board holds (4.0,
l.56): provinces outlined in red holding one, two or three cities linked by roads; plain
and mountain cities; ports (a ship) from which one lands in any other coastal city; Île de
France worth 2 pretender points; the turn track, the turn-order table and the political
state table. The optional rule "Limitation des débarquements" (10.0, l.408) splits the
ports into 12 on the Channel and Atlantic and 3 on the Mediterranean.

Everything else here is OUR ESTIMATE from real geography and the history of 1350, and
says so in its ``source`` field:

* cities sit at the real longitude/latitude of the town (``lonlat``), projected to map
  units (``pos``) by the equirectangular projection of ``project`` (true to scale at
  46.5 N, the middle of the kingdom), like maps/deux_bretagne.yaml;
* each city's outline is its Voronoi cell clipped to a hand-digitised, much simplified
  coastline (``LAND``); a province is the union of its cities' cells, drawn in red;
* roads are the Gabriel graph of the cities (two cities are linked when no third lies in
  the circle whose diameter joins them) kept where the road runs over land, then
  ``ROADS_REMOVED`` and ``ROADS_ADDED`` (estimates, each with its reason);
* provinces, their cities, ports, seas and mountains: tables below, each named place of
  the rule book with its line in montjoie-fr.txt.

Usage (from the repository root)::

    .venv/bin/python maps/tools/build_montjoie.py          # writes maps/montjoie.yaml
    .venv/bin/python maps/tools/build_montjoie.py --check  # only builds and checks
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT_MAP = ROOT / "maps" / "montjoie.yaml"
sys.path.insert(0, str(ROOT))

LON0, LAT0, SCALE, LAT_TRUE = -5.0, 51.75, 125.0, 46.5
KX = SCALE * math.cos(math.radians(LAT_TRUE))
OFFSET = (20, 20)
W, H = 1780, 1250
RULES = "montjoie-fr.txt"
EST = "estimate (boardapp), not printed in the rule book"
POS = "real position of the town (lonlat), projected"


def project(lon: float, lat: float) -> list[int]:
    """Map units of a longitude/latitude (equirectangular, see the module docstring)."""
    return [round((lon - LON0) * KX) + OFFSET[0], round((LAT0 - lat) * SCALE) + OFFSET[1]]


# -- the land -----------------------------------------------------------------------------
# Coastline (lon, lat), much simplified, clockwise from the Scheldt; the north (51.45 N),
# east (from the Meuse below Maastricht to the Alps above Nice, just beyond the eastern
# cities) and south (42.25 N, in Spain) sides are straight cuts, not borders.
LAND = [
    (3.55, 51.45), (5.60, 51.45), (6.50, 50.80), (6.60, 49.50), (6.80, 48.40),
    (7.00, 47.40), (7.10, 46.30), (7.20, 45.20), (7.30, 44.30), (7.53, 43.78), (7.27, 43.68),
    (6.95, 43.52), (6.64, 43.26), (6.35, 43.09), (5.93, 43.08), (5.62, 43.16),
    (5.36, 43.27), (5.05, 43.32), (4.85, 43.38), (4.43, 43.44), (4.19, 43.52),
    (3.95, 43.52), (3.70, 43.39), (3.43, 43.27), (3.20, 43.20), (3.08, 43.05),
    (3.04, 42.85), (3.05, 42.62), (3.15, 42.45), (3.30, 42.30), (3.25, 42.25),
    (-2.20, 42.25), (-2.20, 43.30), (-1.98, 43.33), (-1.78, 43.39), (-1.56, 43.50),
    (-1.44, 43.70), (-1.30, 44.20), (-1.26, 44.62), (-1.17, 45.00), (-1.08, 45.57),
    (-1.22, 45.80), (-1.12, 46.00), (-1.23, 46.16), (-1.45, 46.34), (-1.80, 46.49),
    (-2.15, 46.84), (-2.08, 47.10), (-2.27, 47.26), (-2.55, 47.30), (-2.52, 47.46),
    (-2.90, 47.55), (-3.12, 47.50), (-3.40, 47.71), (-3.92, 47.83), (-4.37, 47.80),
    (-4.73, 48.04), (-4.35, 48.12), (-4.62, 48.27), (-4.52, 48.33), (-4.77, 48.33),
    (-4.79, 48.45), (-4.70, 48.57), (-4.30, 48.68), (-3.98, 48.73), (-3.58, 48.80),
    (-3.05, 48.86), (-2.75, 48.55), (-2.32, 48.69), (-2.03, 48.66), (-1.60, 48.63),
    (-1.58, 48.76), (-1.60, 49.05), (-1.80, 49.38), (-1.90, 49.71), (-1.62, 49.67),
    (-1.26, 49.70), (-1.10, 49.37), (-0.60, 49.35), (-0.25, 49.29), (0.10, 49.42),
    (0.10, 49.50), (0.20, 49.70), (0.37, 49.78), (1.08, 49.93), (1.50, 50.10),
    (1.58, 50.22), (1.56, 50.50), (1.57, 50.73), (1.58, 50.87), (1.84, 50.975),
    (2.37, 51.06), (2.92, 51.24), (3.37, 51.38),
]

# -- provinces ----------------------------------------------------------------------------
# id: (name, pretender points, colour, source). The rule book names ten provinces:
# Artois, Provence, Île de France (1.0, l.38), Bretagne, Basse-Normandie (9.0, l.252),
# Flandres, Ardennais (l.253), Navarre, Béarn, Haute-Normandie (l.254).
NAMED = "named in the rule book"
PROVINCES = {
    "flandres": ("Flandres", 1, "#f3ec9a", f"{NAMED} (9.0, l.253): Bruges, Gand, Bruxelles"),
    "ardennais": ("Ardennais", 1, "#d9d2a8", f"{NAMED} (9.0, l.253): Liège, Luxembourg"),
    "hainaut": ("Hainaut", 1, "#e9e1b0", EST),
    "artois": ("Artois", 1, "#efe0a8", f"{NAMED} (1.0, l.38); its cities: {EST}"),
    "picardie": ("Picardie", 1, "#e6d9b8", EST),
    "vermandois": ("Vermandois", 1, "#dfe6c0", EST),
    "beauvaisis": ("Beauvaisis", 1, "#e8dcc0", EST),
    "ile-de-france": ("Île de France", 2, "#c9d6f0",
                      f"{NAMED} (1.0 l.38, 4.0 l.56): worth 2 PP; Séq. 8 (l.222) says "
                      "'Paris qui en rapporte 2', so Paris is its city; Paris alone: " + EST),
    "brie": ("Brie", 1, "#dde3cc", EST),
    "champagne": ("Champagne", 1, "#e3e8c4", EST),
    "lorraine": ("Lorraine", 1, "#d6dcc0", EST),
    "haute-normandie": ("Haute-Normandie", 1, "#d4e4c8",
                        f"{NAMED} (9.0, l.254): Évreux, Rouen"),
    "basse-normandie": ("Basse-Normandie", 1, "#c8dcc0",
                        f"{NAMED} (9.0, l.252): Caen, Cherbourg"),
    "bretagne": ("Bretagne", 1, "#ece8e0", f"{NAMED} (9.0, l.252): Brest, Nantes, Rennes"),
    "maine": ("Maine", 1, "#e2d8c6", EST),
    "anjou": ("Anjou", 1, "#ead6c4", EST),
    "touraine": ("Touraine", 1, "#e4dcc8", EST),
    "orleanais": ("Orléanais", 1, "#d8e0d0", EST),
    "berry": ("Berry", 1, "#d4dcec", EST),
    "nivernais": ("Nivernais", 1, "#e0d4e0", EST),
    "bourgogne": ("Bourgogne", 1, "#dcc8dc", EST),
    "maconnais": ("Mâconnais", 1, "#e6d2e2", EST),
    "franche-comte": ("Franche-Comté", 1, "#d6c6d8", EST),
    "bourbonnais": ("Bourbonnais", 1, "#dde0ea", EST),
    "lyonnais": ("Lyonnais", 1, "#e6dccc", EST),
    "savoie": ("Savoie", 1, "#d0d8d0", EST),
    "dauphine": ("Dauphiné", 1, "#dad0c0", EST),
    "provence": ("Provence", 1, "#f0dcc0", f"{NAMED} (1.0, l.38); its cities: {EST}"),
    "languedoc": ("Languedoc", 1, "#eedcc8", EST),
    "narbonnais": ("Narbonnais", 1, "#e8d4bc", EST),
    "toulousain": ("Toulousain", 1, "#f0d8cc", EST),
    "rouergue": ("Rouergue", 1, "#d8ccb8", EST),
    "gevaudan": ("Velay et Gévaudan", 1, "#d2c8b4", EST),
    "auvergne": ("Auvergne", 1, "#d0c4b0", EST),
    "limousin": ("Limousin", 1, "#dcd4c0", EST),
    "perigord": ("Périgord", 1, "#e4dcc0", EST),
    "quercy": ("Quercy", 1, "#e8d8c0", EST),
    "armagnac": ("Armagnac", 1, "#ecdcc4", EST),
    "bearn": ("Béarn", 1, "#dcecd4", f"{NAMED} (9.0, l.254): Pau, Foix"),
    "gascogne": ("Gascogne", 1, "#f2e2c8", EST),
    "guyenne": ("Guyenne", 1, "#f4d8d0", EST),
    "saintonge": ("Saintonge", 1, "#ecdcd0", EST),
    "angoumois": ("Angoumois", 1, "#e8d8cc", EST),
    "poitou": ("Poitou", 1, "#e4e0cc", EST),
    "navarre": ("Navarre", 1, "#d4e8d0", f"{NAMED} (9.0, l.254): Pampelune"),
}

# -- cities -------------------------------------------------------------------------------
MANCHE, MED = "manche-atlantique", "mediterranee"
SEAS = {
    MANCHE: ("Manche et Atlantique", f"{NAMED} (10.0 Limitation des débarquements, l.408): "
                                     "12 ports; which ones: " + EST),
    MED: ("Mer Méditerranée", f"{NAMED} (10.0 Limitation des débarquements, l.408): 3 ports; "
                              "which ones: " + EST),
}

# id: (name, lon, lat, province, sea or None, mountain, where the rule book names it).
# Longitudes and latitudes: the town centre, rounded (public gazetteers).
CITIES = {
    "bruges": ("Bruges", 3.225, 51.209, "flandres", MANCHE, False,
               "5.0 l.69 (Flanders' start), 9.0 l.253, 10.0 l.353"),
    "gand": ("Gand", 3.717, 51.054, "flandres", None, False, "5.0 l.69, 9.0 l.253"),
    "bruxelles": ("Bruxelles", 4.352, 50.850, "flandres", None, False, "5.0 l.69, 9.0 l.253"),
    "liege": ("Liège", 5.580, 50.633, "ardennais", None, False, "9.0 l.253"),
    "luxembourg": ("Luxembourg", 6.130, 49.612, "ardennais", None, True, "9.0 l.253"),
    "mons": ("Mons", 3.952, 50.454, "hainaut", None, False, ""),
    "valenciennes": ("Valenciennes", 3.524, 50.357, "hainaut", None, False, ""),
    "cambrai": ("Cambrai", 3.235, 50.176, "hainaut", None, False, ""),
    "calais": ("Calais", 1.859, 50.951, "artois", MANCHE, False,
               "5.0 l.69 as 'Pas-de-calais' (England's start), read as Calais"),
    "saint-omer": ("Saint-Omer", 2.252, 50.750, "artois", None, False, ""),
    "arras": ("Arras", 2.778, 50.291, "artois", None, False, ""),
    "boulogne": ("Boulogne", 1.614, 50.726, "picardie", MANCHE, False, ""),
    "abbeville": ("Abbeville", 1.835, 50.105, "picardie", MANCHE, False, ""),
    "amiens": ("Amiens", 2.296, 49.894, "picardie", None, False, ""),
    "saint-quentin": ("Saint-Quentin", 3.287, 49.847, "vermandois", None, False, ""),
    "laon": ("Laon", 3.624, 49.564, "vermandois", None, False, ""),
    "beauvais": ("Beauvais", 2.081, 49.430, "beauvaisis", None, False, ""),
    "senlis": ("Senlis", 2.586, 49.207, "beauvaisis", None, False, ""),
    "compiegne": ("Compiègne", 2.826, 49.418, "beauvaisis", None, False, ""),
    "paris": ("Paris", 2.352, 48.857, "ile-de-france", None, False,
              "Séq. 8 l.222, 10.0 l.378 and l.416"),
    "meaux": ("Meaux", 2.878, 48.960, "brie", None, False, ""),
    "melun": ("Melun", 2.660, 48.540, "brie", None, False, ""),
    "provins": ("Provins", 3.299, 48.560, "brie", None, False, ""),
    "reims": ("Reims", 4.032, 49.258, "champagne", None, False, ""),
    "chalons": ("Châlons", 4.365, 48.957, "champagne", None, False, ""),
    "troyes": ("Troyes", 4.074, 48.297, "champagne", None, False, ""),
    "verdun": ("Verdun", 5.384, 49.160, "lorraine", None, False, ""),
    "metz": ("Metz", 6.176, 49.119, "lorraine", None, False, ""),
    "nancy": ("Nancy", 6.184, 48.692, "lorraine", None, False, ""),
    "rouen": ("Rouen", 1.099, 49.443, "haute-normandie", MANCHE, False,
              "5.0 l.69 (Navarre's second), 9.0 l.254, 10.0 l.353"),
    "evreux": ("Évreux", 1.151, 49.024, "haute-normandie", None, False, "9.0 l.254"),
    "caen": ("Caen", -0.371, 49.183, "basse-normandie", MANCHE, False,
             "5.0 l.69 (Navarre's second), 9.0 l.252"),
    "cherbourg": ("Cherbourg", -1.622, 49.634, "basse-normandie", MANCHE, False, "9.0 l.252"),
    "brest": ("Brest", -4.486, 48.390, "bretagne", MANCHE, False,
              "5.0 l.69 (Brittany's start), 9.0 l.252"),
    "rennes": ("Rennes", -1.678, 48.117, "bretagne", None, False, "5.0 l.69, 9.0 l.252"),
    "nantes": ("Nantes", -1.554, 47.218, "bretagne", MANCHE, False,
               "5.0 l.69, 9.0 l.252, 10.0 l.353"),
    "le-mans": ("Le Mans", 0.200, 48.006, "maine", None, False, ""),
    "laval": ("Laval", -0.770, 48.073, "maine", None, False, ""),
    "alencon": ("Alençon", 0.093, 48.433, "maine", None, False, ""),
    "angers": ("Angers", -0.563, 47.478, "anjou", None, False, ""),
    "saumur": ("Saumur", -0.077, 47.260, "anjou", None, False, ""),
    "tours": ("Tours", 0.685, 47.394, "touraine", None, False, ""),
    "loches": ("Loches", 0.995, 47.128, "touraine", None, False, ""),
    "orleans": ("Orléans", 1.909, 47.903, "orleanais", None, False, ""),
    "blois": ("Blois", 1.336, 47.586, "orleanais", None, False, ""),
    "chartres": ("Chartres", 1.489, 48.444, "orleanais", None, False, ""),
    "bourges": ("Bourges", 2.399, 47.081, "berry", None, False,
                "5.0 l.69 (France's start)"),
    "issoudun": ("Issoudun", 1.993, 46.948, "berry", None, False, ""),
    "nevers": ("Nevers", 3.159, 46.990, "nivernais", None, False, ""),
    "auxerre": ("Auxerre", 3.570, 47.799, "nivernais", None, False, ""),
    "dijon": ("Dijon", 5.041, 47.322, "bourgogne", None, False,
              "5.0 l.69 (Burgundy's second)"),
    "beaune": ("Beaune", 4.840, 47.026, "bourgogne", None, False, ""),
    "autun": ("Autun", 4.299, 46.951, "bourgogne", None, False, ""),
    "macon": ("Mâcon", 4.832, 46.307, "maconnais", None, False,
              "5.0 l.69 (Burgundy's second)"),
    "chalon-sur-saone": ("Chalon-sur-Saône", 4.853, 46.780, "maconnais", None, False, ""),
    "besancon": ("Besançon", 6.024, 47.238, "franche-comte", None, False,
                 "5.0 l.69 (Burgundy's start), 10.0 l.353"),
    "dole": ("Dole", 5.490, 47.092, "franche-comte", None, False, ""),
    "pontarlier": ("Pontarlier", 6.354, 46.904, "franche-comte", None, True, ""),
    "moulins": ("Moulins", 3.333, 46.566, "bourbonnais", None, False, ""),
    "montlucon": ("Montluçon", 2.603, 46.340, "bourbonnais", None, False, ""),
    "lyon": ("Lyon", 4.836, 45.764, "lyonnais", None, False, ""),
    "montbrison": ("Montbrison", 4.065, 45.608, "lyonnais", None, False, ""),
    "geneve": ("Genève", 6.143, 46.204, "savoie", None, False, ""),
    "chambery": ("Chambéry", 5.918, 45.565, "savoie", None, True, ""),
    "vienne": ("Vienne", 4.874, 45.525, "dauphine", None, False, ""),
    "grenoble": ("Grenoble", 5.725, 45.189, "dauphine", None, True, ""),
    "briancon": ("Briançon", 6.643, 44.899, "dauphine", None, True, ""),
    "avignon": ("Avignon", 4.806, 43.949, "provence", None, False, ""),
    "aix": ("Aix", 5.447, 43.530, "provence", None, False, ""),
    "marseille": ("Marseille", 5.370, 43.297, "provence", MED, False, ""),
    "nimes": ("Nîmes", 4.360, 43.837, "languedoc", None, False, ""),
    "montpellier": ("Montpellier", 3.877, 43.611, "languedoc", MED, False,
                    "5.0 l.69 (France's second), 10.0 l.353"),
    "narbonne": ("Narbonne", 3.004, 43.184, "narbonnais", MED, False, ""),
    "carcassonne": ("Carcassonne", 2.349, 43.213, "narbonnais", None, False, ""),
    "toulouse": ("Toulouse", 1.444, 43.605, "toulousain", None, False, ""),
    "albi": ("Albi", 2.148, 43.929, "toulousain", None, False, ""),
    "rodez": ("Rodez", 2.575, 44.350, "rouergue", None, True, ""),
    "millau": ("Millau", 3.078, 44.098, "rouergue", None, True, ""),
    "le-puy": ("Le Puy", 3.885, 45.043, "gevaudan", None, True, ""),
    "mende": ("Mende", 3.499, 44.518, "gevaudan", None, True, ""),
    "clermont": ("Clermont", 3.087, 45.777, "auvergne", None, True,
                 "5.0 l.69 (France's second)"),
    "saint-flour": ("Saint-Flour", 3.093, 45.034, "auvergne", None, True, ""),
    "aurillac": ("Aurillac", 2.444, 44.926, "auvergne", None, True, ""),
    "limoges": ("Limoges", 1.261, 45.834, "limousin", None, False, ""),
    "tulle": ("Tulle", 1.770, 45.267, "limousin", None, True, ""),
    "perigueux": ("Périgueux", 0.721, 45.184, "perigord", None, False, ""),
    "bergerac": ("Bergerac", 0.483, 44.851, "perigord", None, False, ""),
    "cahors": ("Cahors", 1.441, 44.448, "quercy", None, False, ""),
    "montauban": ("Montauban", 1.355, 44.017, "quercy", None, False, ""),
    "auch": ("Auch", 0.585, 43.646, "armagnac", None, False, ""),
    "agen": ("Agen", 0.616, 44.203, "armagnac", None, False, ""),
    "pau": ("Pau", -0.371, 43.295, "bearn", None, False, "9.0 l.254"),
    "foix": ("Foix", 1.605, 42.965, "bearn", None, True, "9.0 l.254"),
    "bayonne": ("Bayonne", -1.475, 43.493, "gascogne", MANCHE, False,
                "5.0 l.69 (England's second)"),
    "dax": ("Dax", -1.053, 43.710, "gascogne", None, False, ""),
    "bordeaux": ("Bordeaux", -0.579, 44.838, "guyenne", MANCHE, False,
                 "5.0 l.69 (England's second), 10.0 l.353"),
    "bazas": ("Bazas", -0.213, 44.432, "guyenne", None, False, ""),
    "la-rochelle": ("La Rochelle", -1.151, 46.160, "saintonge", MANCHE, False, ""),
    "saintes": ("Saintes", -0.632, 45.746, "saintonge", None, False, ""),
    "angouleme": ("Angoulême", 0.156, 45.648, "angoumois", None, False, ""),
    "poitiers": ("Poitiers", 0.340, 46.580, "poitou", None, False, ""),
    "niort": ("Niort", -0.465, 46.323, "poitou", None, False, ""),
    "pampelune": ("Pampelune", -1.644, 42.813, "navarre", None, True,
                  "5.0 l.69 (Navarre's start), 9.0 l.254"),
}

NOTES = {  # decisions worth reading beside a city
    "calais": "The rule book writes 'Pas-de-calais' as a city (5.0, l.69: 'Angleterre 1 "
              "garnison au Pas-de-calais'); read as Calais, English from 1347 (the book's "
              "Historique, l.420).",
    "paris": "Île de France holds Paris alone: Séq. 8 (l.222) gives Paris the 2 PP the "
             "other sections give Île de France (1.0, 4.0). Estimate.",
    "bruxelles": "Bruxelles lay in Brabant in 1350; the rule book puts it in Flandres "
                 "(9.0, l.253).",
    "foix": "Foix was not Béarn in 1350 but Gaston Fébus held both; the rule book puts Foix "
            "in Béarn (9.0, l.254), so the province is in two pieces.",
}

# Roads: the Gabriel graph over land, then these changes (estimates, with the reason).
ROADS_REMOVED: dict[tuple[str, str], str] = {}
ROADS_ADDED: dict[tuple[str, str], str] = {
    ("brest", "rennes"): "the road across northern Brittany (Morlaix, Saint-Brieuc)",
    ("brest", "nantes"): "the road across southern Brittany (Quimper, Vannes)",
    ("cherbourg", "caen"): "the Cotentin road by Valognes and Bayeux (the straight line "
                           "crosses the Baie des Veys)",
    ("pau", "foix"): "the road along the Pyrenees by Tarbes and Saint-Gaudens, so that the "
                     "two cities of Béarn are linked (4.0: a province's cities are linked "
                     "by roads)",
    ("marseille", "avignon"): "the road by Salon and the Durance (Marseille had only Aix)",
}
MAX_ROAD = 220.0
"""Longest road kept from the Gabriel graph, in map units (about 195 km)."""

# -- boxes and tracks beside the map (layout: estimate; what they hold: rule book) --------
NATIONS = ("navarre", "france", "angleterre", "bretagne", "bourgogne", "flandres")
"""The six powers in the fixed order of 5.0 (l.58-66); ids as the ruleset's sides."""
NATION_NAMES = {"navarre": "Navarre", "france": "France", "angleterre": "Angleterre",
                "bretagne": "Bretagne", "bourgogne": "Bourgogne", "flandres": "Flandres"}
SHORT = {"navarre": "Nav", "france": "Fra", "angleterre": "Ang", "bretagne": "Bre",
         "bourgogne": "Bou", "flandres": "Fla"}
TURNS = 10
"""8.0 (l.232): at most 10 turns."""
PANEL_X = 1140
LAYOUT = "layout: estimate (boardapp), the rule book does not print the board"


def boxes() -> dict[str, dict]:
    """Every box: id -> name, kind, rect, source."""
    out: dict[str, dict] = {}

    def add(box_id: str, name: str, rect: list[float], source: str) -> None:
        out[box_id] = {"name": name, "kind": "pool", "rect": rect,
                       "source": f"{source}; {LAYOUT}"}

    add("etat-paix", "État politique : Paix", [PANEL_X, 112, 300, 60],
        "4.0 l.56 and Séq. 2 l.92: the Political State table, Peace space")
    add("etat-guerre", "État politique : Guerre", [PANEL_X + 310, 112, 300, 60],
        "4.0 l.56 and Séq. 2 l.92: the Political State table, War space")
    for i in range(6):
        add(f"ordre-{i + 1}", f"Ordre {i + 1}", [PANEL_X + i * 103, 196, 98, 60],
            "4.0 l.56, 5.0 l.58 and Séq. 5 l.140: the turn-order table, place "
            f"{i + 1}")
    for i, nation in enumerate(NATIONS):
        col, row = i % 3, i // 3
        add(f"nation-{nation}", NATION_NAMES[nation],
            [PANEL_X + col * 205, 282 + row * 118, 200, 110],
            f"per-player panel of {NATION_NAMES[nation]}: treasury (écus, Séq. 1), "
            "influence points (Séq. 8, at most 6), pretender points (Séq. 8), hero (Séq. 3), "
            "pieces in stock (3.0)")
    pools = [("pioche", "Pioche", "5.0 l.58: the battle cards face down on their space"),
             ("defausse", "Défausse", "Séq. 7 l.214: the discard, reshuffled each turn"),
             ("evenements", "Événements", "Séq. 6 l.146: the event markers drawn at random"),
             ("hors-jeu", "Hors jeu", "markers out of play (Peste noire after its draw, "
                                      "l.156)")]
    for i, (box_id, name, source) in enumerate(pools):
        add(box_id, name, [PANEL_X + i * 153, 528, 148, 84], source)
    add("chateaux", "Châteaux (20)", [PANEL_X, 622, 300, 70],
        "3.0 l.46 and Séq. 4 l.134: the 20 castle figures in stock")
    add("remparts", "Remparts (10)", [PANEL_X + 310, 622, 300, 70],
        "3.0 l.46 and Séq. 4 l.134: the 10 rampart figures in stock")
    add("interventions", "Interventions étrangères", [745, 1118, 360, 110],
        "Séq. 6 l.174: the Foreign Interventions table printed on the board (its "
        "content is not in the rule book: a data sheet)")
    for turn in range(1, TURNS + 1):
        for j, nation in enumerate(NATIONS):
            add(f"feuille-{nation}-{turn}", f"{turn}",
                [30 + j * 38, 722 + (turn - 1) * 34, 37, 33],
                f"score sheet (l.554ff, Séq. 8 l.222): {NATION_NAMES[nation]}'s pretender "
                f"points of turn {turn}")
    return out


def tracks() -> dict[str, dict]:
    turn = {"name": "Compte-Tours",
            "cells": [{"id": str(t), "label": f"Tour {t}",
                       "rect": [PANEL_X + (t - 1) * 62, 40, 58, 44]} for t in range(1, 11)],
            "source": f"4.0 l.56, 5.0 l.58 and 8.0 l.232 (10 turns at most); {LAYOUT}"}
    vp = {"name": "Points de Prétendant",
          "cells": [{"id": str(n), "label": str(n),
                     "rect": [26 + (n % 14) * 36, 40 + (n // 14) * 36, 34, 34]}
                    for n in range(70)],
          "source": f"1.0 l.38 and Séq. 8 l.222: each player's total of pretender points; "
                    f"{LAYOUT}"}
    sheet = {"name": "Feuille de marque (PP du tour)",
             "cells": [{"id": nation, "label": SHORT[nation],
                        "rect": [30 + j * 38, 696, 37, 24]} for j, nation in enumerate(NATIONS)],
             "source": f"the score sheet of the rule book (l.554ff): the heading of its "
                       f"columns; {LAYOUT}"}
    return {"turn": turn, "vp": vp, "feuille": sheet}


def control_boxes() -> dict[str, list[float]]:
    """One box per province showing who controls it (Séq. 8), in three columns."""
    out = {}
    for i, province in enumerate(PROVINCES):
        col, row = i // 16, i % 16
        out[province] = [PANEL_X + col * 205, 712 + row * 32, 200, 30]
    return out


# -- roads --------------------------------------------------------------------------------
def gabriel_roads(land) -> list[tuple[str, str]]:
    """The Gabriel graph of the cities, its long or seaward links left out."""
    from shapely.geometry import LineString

    pts = {c: project(v[1], v[2]) for c, v in CITIES.items()}
    ids = list(pts)
    coast = land.buffer(2)
    roads = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            (ax, ay), (bx, by) = pts[a], pts[b]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            r2 = ((ax - bx) ** 2 + (ay - by) ** 2) / 4
            if math.sqrt(4 * r2) > MAX_ROAD:
                continue
            if any((x - mx) ** 2 + (y - my) ** 2 < r2 for c, (x, y) in pts.items()
                   if c not in (a, b)):
                continue
            line = LineString([pts[a], pts[b]])
            if line.difference(coast).length > 0.05 * line.length:
                continue  # the straight line crosses the sea: no road
            roads.append((a, b))
    return roads


def compute_roads(land) -> list[list[str]]:
    roads = {frozenset(r): r for r in gabriel_roads(land)}
    for pair in ROADS_REMOVED:
        if frozenset(pair) not in roads:
            print("warning: removed road not in the graph:", pair)
        roads.pop(frozenset(pair), None)
    for pair in ROADS_ADDED:
        roads.setdefault(frozenset(pair), pair)
    return [list(r) for r in roads.values()]


# -- the document -------------------------------------------------------------------------
def city_entry(city: str) -> dict:
    name, lon, lat, province, sea, mountain, named = CITIES[city]
    entry: dict = {"name": name, "lonlat": [lon, lat], "pos": project(lon, lat),
                   "region": province}
    if sea:
        entry["port"] = True
        entry["sea"] = sea
    if mountain:
        entry["terrain"] = "mountain"
    where = f"named in the rule book ({named})" if named else f"city: {EST}"
    parts = [where, f"position: {POS}",
             f"province: {'rule book 9.0' if named and '9.0' in named else EST}"]
    if sea:
        parts.append(f"port on {SEAS[sea][0]}: {EST}")
    if mountain:
        parts.append(f"mountain: {EST} (relief of the town)")
    entry["source"] = "approximate: " + "; ".join(parts)
    if city in NOTES:
        entry["note"] = NOTES[city]
    return entry


NOTES_TEXT = (
    "Approximate reconstruction of the Montjoie! board, not the publisher's map: the rule "
    "book prints no map. From the rule book (montjoie-fr.txt): provinces outlined in red "
    "with one to three cities linked by roads, ports with a ship, mountain cities, Île de "
    "France worth 2 (4.0, l.56); the 25 cities and 10 provinces it names (digest MJ 4.6), "
    "with the provinces of the allies' starting cities (9.0, l.252-254); 12 Channel and "
    "Atlantic ports and 3 Mediterranean ports (10.0, l.408). Our estimates: the other "
    "provinces and cities (France around 1350 and its neighbours), which cities are ports "
    "and mountains, every road (Gabriel graph of the cities over land), Île de France = "
    "Paris alone, 'Pas-de-calais' read as Calais, and the whole layout of the tables. "
    "Cities at the real longitude/latitude of the town (see projection); outlines are the "
    "Voronoi cells clipped to a simplified coastline. Correct it in Board > Edit the map "
    "(or on your own scan), or edit maps/tools/build_montjoie.py and regenerate.")

HEADER = """\
# =====================================================================================
#  Montjoie! (France around 1350) - APPROXIMATE map for boardapp
#  Generated by maps/tools/build_montjoie.py: edit the script and re-run it, or edit
#  here (hand edits are lost when the script is re-run). The rule book prints no map:
#  every city, province, road, port, sea and mountain not cited in a `source` field is
#  an estimate from real geography. Ids are stable: the ruleset names them.
#  Cities: areas (region = province; port + sea; terrain: mountain).
#  Provinces: regions (control.vp = pretender points; control.cities = all its cities).
#  Boxes: etat-paix/etat-guerre, ordre-1..6, nation-<nation>, pioche, defausse,
#  evenements, hors-jeu, chateaux, remparts, interventions, feuille-<nation>-<turn>.
#  Tracks: turn (Compte-Tours), vp (Points de Prétendant), feuille (sheet heading).
# =====================================================================================
"""


def build_map(roads: list[list[str]]) -> dict:
    counts: dict[str, int] = {}
    for v in CITIES.values():
        counts[v[3]] = counts.get(v[3], 0) + 1
    return {
        "format": "boardapp-map", "version": 2, "id": "montjoie",
        "name": "Royaume de France vers 1350 (Montjoie!, approximate)", "approximate": True,
        "notes": NOTES_TEXT,
        "size": [W, H],
        "projection": {"type": "equirectangular", "lon0": LON0, "lat0": LAT0,
                       "scale": SCALE, "true_latitude": LAT_TRUE, "offset": list(OFFSET),
                       "formula": "x = (lon - lon0) * scale * cos(true_latitude) + offset.x; "
                                  "y = (lat0 - lat) * scale + offset.y"},
        "style": {"region_border": "#c62828", "port_symbol": "ship", "region_labels": True},
        "terrains": {"clear": None, "mountain": None},
        "seas": {k: {"name": n, "source": s} for k, (n, s) in SEAS.items()},
        "land": [project(lon, lat) for lon, lat in LAND],
        "regions": {k: {"name": n, "colour": colour,
                        "control": {"cities": counts.get(k, 0), "vp": vp},
                        "source": f"province: {source}; pretender points: "
                                  + ("1.0 l.38 (Île de France 2)" if vp == 2 else
                                     "1.0 l.38 (1 per province)")}
                    for k, (n, vp, colour, source) in PROVINCES.items()},
        "areas": {c: city_entry(c) for c in CITIES},
        "roads": roads,
        "boxes": boxes(),
        "control_boxes": control_boxes(),
        "tracks": tracks(),
    }


def check(doc: dict) -> list[str]:
    """The map's own consistency (the tests check the same from the file)."""
    import networkx as nx

    from boardapp.core.board.mapdata import parse_map

    problems = []
    bmap = parse_map(doc, str(OUT_MAP))
    for province in PROVINCES:
        n = len(bmap.region_areas(province))
        if not 1 <= n <= 3:
            problems.append(f"province {province} has {n} cities (4.0: one to three)")
    graph = nx.Graph()
    graph.add_nodes_from(bmap.areas)
    graph.add_edges_from(bmap.roads)
    if not nx.is_connected(graph):
        problems.append(f"roads not connected: {list(nx.connected_components(graph))}")
    for province in PROVINCES:
        if not nx.is_connected(graph.subgraph(bmap.region_areas(province))):
            problems.append(f"the cities of {province} are not linked by roads (4.0)")
    ports = {s: sorted(a.id for a in bmap.areas.values() if a.sea == s) for s in SEAS}
    if len(ports[MANCHE]) != 12 or len(ports[MED]) != 3:
        problems.append(f"ports per sea {ports} (10.0 l.408: 12 and 3)")
    return problems


def main() -> int:
    from shapely.geometry import Polygon

    land = Polygon([project(lon, lat) for lon, lat in LAND])
    roads = compute_roads(land)
    doc = build_map(roads)
    problems = check(doc)
    for p in problems:
        print("problem:", p)
    if "--check" not in sys.argv:
        OUT_MAP.write_text(HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True,
                                                   width=100), encoding="utf-8")
        print(f"wrote {OUT_MAP}: {len(PROVINCES)} provinces, {len(CITIES)} cities, "
              f"{len(roads)} roads")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
