"""The approximate Montjoie! map (maps/montjoie.yaml): every city and province the rule
book names is on it, in the province the book gives; provinces of one to three cities;
connected roads; ports with their sea (12 + 3, 10.0); the boxes and tracks the ruleset
uses; positions the projection of real longitudes and latitudes.

The rule book (``montjoie-fr.txt``, the French original) is quoted below with its line
numbers; the names are parsed from those quotes."""

from __future__ import annotations

import math
import re
import unicodedata

import networkx as nx
import pytest

from boardapp.core.board.mapdata import check_map_file
from boardapp.core.board.maps import ShippedMaps

BOOK = {  # line of montjoie-fr.txt -> the sentence naming places, verbatim
    38: "doivent réussir à contrôler des PROVINCES (ex : Artois, Provence) à la fin de "
        "chaque tour. [...] Chacune des provinces rapporte 1 Point de Prétendant au trône "
        "(1PP), sauf l'Île de France qui en rapporte 2 (2PP).",
    69: "Navarre 1 garnison à Pampelune 1 garnison à Rouen ou Caen. France 1 garnison à "
        "Bourges 1 garnison à Clermont ou Montpellier. Angleterre 1 garnison au Pas-de-calais "
        "1 garnison à Bordeaux ou Bayonne. Bretagne 1 garnison à Brest 1 garnison à Rennes ou "
        "Nantes. Bourgogne 1 garnison à Besançon 1 garnison à Dijon ou Mâcon. Flandres 2 "
        "garnisons au choix à Bruges, Gand ou Bruxelles.",
    222: "Paris qui en rapporte 2.",
    252: "- la Bretagne pose des garnisons sur Brest, Nantes et Rennes (Bretagne), Caen et "
         "Cherbourg (Basse-Normandie).",
    253: "- les Flandres posent des garnisons sur Bruges, Gand et Bruxelles (Flandres), Liège "
         "et le Luxembourg (Ardennais).",
    254: "- la Navarre pose des garnisons sur Pampelune (Navarre), Pau et Foix (Béarn), Evreux "
         "et Rouen (Haute-Normandie).",
    353: "Positions de départ des joueurs: Navarre = Rouen ; France = Montpellier ; Angleterre "
         "= Bordeaux ; Bretagne = Nantes ; Bourgogne = Besançon ; Flandres = Bruges.",
    408: "la MANCHE et l'ATLANTIQUE, d'une part, avec 12 ports, et la mer MÉDITERRANÉE, "
         "d'autre part, avec 3 ports.",
}
READINGS = {"pas-de-calais": "calais"}
"""Names of the book read as another city: 'Pas-de-calais' (5.0, l.69) is Calais."""


def slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def split_names(text: str) -> list[str]:
    names = re.split(r", | ou | et ", text)
    return [re.sub(r"^(le|la|les) ", "", n.strip()) for n in names if n.strip()]


def start_cities() -> dict[str, list[str]]:
    """5.0 (l.69): each nation's starting cities."""
    found: dict[str, list[str]] = {}
    for nation, rest in re.findall(r"(Navarre|France|Angleterre|Bretagne|Bourgogne|Flandres)"
                                   r" (\d garnisons? .*?\.)", BOOK[69]):
        for group in re.findall(r"garnisons? (?:au choix )?(?:à|au) (.+?)(?= \d garnison|\.)",
                                rest):
            found.setdefault(nation, []).extend(split_names(group))
    return found


def ally_cities() -> dict[str, list[str]]:
    """9.0 (l.252-254): the allies' cities by the province the book gives."""
    found: dict[str, list[str]] = {}
    for line in (252, 253, 254):
        listed = BOOK[line].split(" sur ", 1)[1]
        for cities, province in re.findall(r"([^()]+?) \(([^)]+)\)", listed):
            found.setdefault(province, []).extend(split_names(cities.lstrip(", ")))
    return found


def named_cities() -> set[str]:
    names = {n for group in start_cities().values() for n in group}
    names |= {n for group in ally_cities().values() for n in group}
    names |= set(re.findall(r"= ([^ ;.]+)", BOOK[353]))
    names.add(BOOK[222].split()[0])
    return names


def named_provinces() -> set[str]:
    names = set(split_names(re.search(r"\(ex : ([^)]+)\)", BOOK[38]).group(1)))
    names.add("Île de France")
    return names | set(ally_cities())


def city_id(name: str) -> str:
    return READINGS.get(slug(name), slug(name))


@pytest.fixture(scope="module")
def bmap():
    return ShippedMaps().load("montjoie.yaml").map


def province_id(bmap, name: str) -> str:
    ids = [r.id for r in bmap.regions.values() if slug(r.name) == slug(name)]
    assert len(ids) == 1, f"province {name!r}: {ids}"
    return ids[0]


def test_the_quotes_give_the_25_cities_and_10_provinces_of_the_digest():
    assert len(named_cities()) == 25  # digest MJ 4.6
    assert len(named_provinces()) == 10
    assert start_cities()["Flandres"] == ["Bruges", "Gand", "Bruxelles"]
    assert start_cities()["Angleterre"] == ["Pas-de-calais", "Bordeaux", "Bayonne"]
    assert ally_cities()["Ardennais"] == ["Liège", "Luxembourg"]


def test_the_map_loads_through_the_normal_loader_and_validator():
    loaded = ShippedMaps().load("montjoie.yaml")
    assert loaded.map.id == "montjoie" and loaded.map.approximate and loaded.map.geographic
    assert check_map_file(ShippedMaps().path("montjoie.yaml")) == []


def test_every_city_the_book_names_is_on_the_map(bmap):
    missing = sorted(n for n in named_cities() if city_id(n) not in bmap.areas)
    assert missing == []
    assert bmap.areas["calais"].name == "Calais"
    assert "Pas-de-calais" in bmap.areas["calais"].note  # the reading is recorded
    for name in named_cities():
        assert slug(bmap.areas[city_id(name)].name) == slug(name) or name == "Pas-de-calais"


def test_every_province_the_book_names_is_on_the_map_with_its_cities(bmap):
    for name in named_provinces():
        province_id(bmap, name)
    for province, cities in ally_cities().items():
        pid = province_id(bmap, province)
        assert {bmap.areas[city_id(c)].region for c in cities} == {pid}, province


def test_the_starting_cities_of_5_0_and_the_ally_cities_of_9_0(bmap):
    starts = start_cities()
    assert sorted(starts) == ["Angleterre", "Bourgogne", "Bretagne", "Flandres", "France",
                              "Navarre"]
    for nation, cities in starts.items():
        assert len(cities) == 3  # a start and two choices; Flanders: two of three
        assert all(city_id(c) in bmap.areas for c in cities), nation
    allies = [c for cities in ally_cities().values() for c in cities]
    assert len(allies) == 15 and all(city_id(c) in bmap.areas for c in allies)


def test_provinces_hold_one_to_three_cities_and_score_their_points(bmap):
    for region in bmap.regions.values():
        cities = bmap.region_areas(region.id)
        assert 1 <= len(cities) <= 3, region.id  # 4.0 (l.56)
        assert region.cities_needed == len(cities)  # all its cities (1.0, Séq. 8)
        assert region.vp == (2 if region.id == "ile-de-france" else 1)
        assert region.source
    assert bmap.areas["paris"].region == "ile-de-france"
    assert all(a.region in bmap.regions for a in bmap.areas.values())
    assert len(bmap.regions) >= 40 and len(bmap.areas) >= 90  # the whole kingdom


def test_the_roads_join_every_city(bmap):
    graph = nx.Graph()
    graph.add_nodes_from(bmap.areas)
    graph.add_edges_from(bmap.roads)
    assert nx.is_connected(graph)
    assert all(graph.degree(c) >= 1 for c in bmap.areas)
    assert graph.has_edge("cherbourg", "caen")
    for region in bmap.regions:  # 4.0: a province's cities are linked by roads
        assert nx.is_connected(graph.subgraph(bmap.region_areas(region))), region


def test_no_two_roads_cross(bmap):
    from shapely.geometry import LineString

    lines = [((a, b), LineString([bmap.areas[a].pos, bmap.areas[b].pos]))
             for a, b in bmap.roads]
    crossings = [(r1, r2) for i, (r1, l1) in enumerate(lines) for r2, l2 in lines[i + 1:]
                 if not set(r1) & set(r2) and l1.crosses(l2)]
    assert crossings == []


def test_ports_open_on_their_sea(bmap):
    ports = [a for a in bmap.areas.values() if a.port]
    assert all(a.sea in bmap.seas for a in ports)
    assert all(a.port for a in bmap.areas.values() if a.sea)
    counts = {s: sum(1 for a in ports if a.sea == s) for s in bmap.seas}
    assert re.search(r"avec 12 ports.*avec 3 ports", BOOK[408])
    assert counts == {"manche-atlantique": 12, "mediterranee": 3}
    for start in ("calais", "bordeaux", "bayonne", "brest", "montpellier", "bruges"):
        assert bmap.areas[start].port


def test_mountain_cities(bmap):
    mountains = {a.id for a in bmap.areas.values() if a.terrain == "mountain"}
    assert {"clermont", "grenoble", "pampelune", "foix"} <= mountains
    assert "paris" not in mountains
    assert set(bmap.terrains) == {"clear", "mountain"}


def test_ids_names_and_sources(bmap):
    for area in bmap.areas.values():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", area.id)
        assert slug(area.name) == area.id, area.id
        assert area.source.startswith("approximate:"), area.id
    assert bmap.areas["besancon"].name == "Besançon"
    assert bmap.areas["macon"].name == "Mâcon"
    assert bmap.areas["gand"].name == "Gand"


def test_positions_are_the_documented_projection_of_real_places(bmap):
    import yaml

    data = yaml.safe_load(ShippedMaps().path("montjoie.yaml").read_text(encoding="utf-8"))
    proj = data["projection"]
    kx = proj["scale"] * math.cos(math.radians(proj["true_latitude"]))
    for city, area in data["areas"].items():
        lon, lat = area["lonlat"]
        x = (lon - proj["lon0"]) * kx + proj["offset"][0]
        y = (proj["lat0"] - lat) * proj["scale"] + proj["offset"][1]
        assert area["pos"] == [round(x), round(y)], city
    # France, roughly: Brest west of Paris, Marseille south of Lyon, Calais north.
    pos = {c: bmap.areas[c].pos for c in ("brest", "paris", "lyon", "marseille", "calais")}
    assert pos["brest"][0] < pos["paris"][0] < pos["lyon"][0]
    assert pos["calais"][1] < pos["paris"][1] < pos["lyon"][1] < pos["marseille"][1]


def test_the_boxes_and_tracks_of_the_board(bmap):
    nations = ("navarre", "france", "angleterre", "bretagne", "bourgogne", "flandres")
    wanted = {"etat-paix", "etat-guerre", "pioche", "defausse", "evenements", "hors-jeu",
              "chateaux", "remparts", "interventions"}
    wanted |= {f"ordre-{i}" for i in range(1, 7)} | {f"nation-{n}" for n in nations}
    wanted |= {f"feuille-{n}-{t}" for n in nations for t in range(1, 11)}
    assert wanted <= set(bmap.boxes)
    assert [c.id for c in bmap.tracks["turn"].cells] == [str(t) for t in range(1, 11)]
    assert bmap.tracks["vp"].cells[0].id == "0"
    assert set(bmap.control_boxes) == set(bmap.regions)
    assert bmap.style.region_border == "#c62828" and bmap.style.port_symbol == "ship"
    assert bmap.style.region_labels
    for box in bmap.boxes.values():
        assert bmap.place_at(*box.centre) == box.id
