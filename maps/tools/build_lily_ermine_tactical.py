"""Build maps/lily_ermine_tactical.yaml: the tactical map of The Lily and the Ermine.

APPROXIMATE MAP. The printed tactical map was not available; what the rules (10) say of
it is kept, the rest is our drawing, editable:

* two equivalent halves, one per camp, each with five tactical zones (TZ): left wing,
  right wing, 1st line, 2nd line, 3rd line, and a line of retreat (LR) behind them
  (10, Major battle procedure);
* melee only between TZ joined by a dotted line; the links are the map's roads, their
  kind ``mp1``/``mp2``/``mp3`` is the MP a unit pays to cross them (10, Tactical
  movements: "the necessary MP, indicated on the dotted lines");
* from the rules: a 2nd line -> wing link costs 2 MP (battle example: the Ar "in the
  2nd line (which has 2 MP)" occupies "the left wing (at a cost of 2 MP)"); the 3rd line
  and the wings retreat toward the LR (10.3.4.4 retreat); the wings are adjacent to the
  central lines of their side (tactical advantage: flank attack from a wing toward any
  central line, and from a central line toward a wing); each 1st line faces the enemy
  1st line, each wing the enemy wing on its side (fire: a RF 1 shooter in its 1st line
  or a wing reaches both enemy wings and the enemy 1st line);
* estimates (not printed in the rule text): every other MP value, the diagonal links
  wing -> enemy 1st line, the wing -> 3rd line links, the layout.

The Bretons hold the upper half, the French the lower one; each camp's left wing is on
its own left as it faces the enemy (so the Breton left wing faces the French right wing).

    python3 maps/tools/build_lily_ermine_tactical.py           (writes the YAML)
    python3 maps/tools/build_lily_ermine_tactical.py --check   (only checks it)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "maps" / "lily_ermine_tactical.yaml"

W, H = 1000, 900
CAMPS = {"brittany": "Breton", "france": "French"}
ROLE_NAMES = {"line1": "1st line", "line2": "2nd line", "line3": "3rd line",
              "left": "left wing", "right": "right wing", "lr": "line of retreat (LR)"}
EXAMPLE = "rules 10 battle example (2nd line -> left wing at a cost of 2 MP)"
RULES = "rules 10 (Major battle procedure, retreat, tactical advantage, fire)"
ESTIMATE = "estimate: the printed MP of this dotted line is not in the rule text"


def rows(camp: str) -> dict[str, tuple[float, float]]:
    """The vertical extent of each row of ``camp``'s half (Bretons on top)."""
    if camp == "brittany":
        return {"lr": (20, 100), "line3": (110, 200), "line2": (210, 300), "line1": (310, 400)}
    return {"line1": (500, 590), "line2": (600, 690), "line3": (700, 790), "lr": (800, 880)}


def zone_rects(camp: str) -> dict[str, tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of each zone of ``camp``'s half."""
    r = rows(camp)
    central = (300, 700)
    out = {role: (central[0], y0, central[1], y1) for role, (y0, y1) in r.items()
           if role != "lr"}
    out["lr"] = (200, r["lr"][0], 800, r["lr"][1])
    # Wings span the 1st and 2nd rows beside the central lines.
    y0 = min(r["line1"][0], r["line2"][0])
    y1 = max(r["line1"][1], r["line2"][1])
    screen_left, screen_right = (20, y0, 280, y1), (720, y0, 980, y1)
    # The French face up: their left is the screen's left; the Bretons face down.
    if camp == "france":
        out["left"], out["right"] = screen_left, screen_right
    else:
        out["left"], out["right"] = screen_right, screen_left
    return out


def zid(camp: str, role: str) -> str:
    return f"tz-{camp}-{role}"


STATUS_BOX = "tz-status"
"""The app's box for the fight's round, event, siege rounds and FV (not a TZ)."""


def build() -> dict:
    areas = {}
    for camp, adj in CAMPS.items():
        for role, (x0, y0, x1, y1) in zone_rects(camp).items():
            pos = [round((x0 + x1) / 2), round((y0 + y1) / 2)]
            areas[zid(camp, role)] = {
                "name": f"{adj} {ROLE_NAMES[role]}",
                "pos": pos,
                "region": f"side-{camp}",
                "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                "note": f"tactical zone of the {adj} camp" if role != "lr" else
                        f"the {adj} line of retreat: units here have left the battlefield",
                "source": "rules 10 (five TZ per camp and a LR); position: our layout",
            }
    roads: list[list[str]] = []
    sources: list[str] = []

    def link(a: str, b: str, mp: int, source: str) -> None:
        roads.append([a, b, f"mp{mp}"])
        sources.append(f"{a} - {b}: {mp} MP, {source}")

    for camp in CAMPS:
        z = lambda role, c=camp: zid(c, role)  # noqa: E731
        link(z("line1"), z("line2"), 1, ESTIMATE)
        link(z("line2"), z("line3"), 1, ESTIMATE)
        link(z("line3"), z("lr"), 1, f"{RULES}: the 3rd line retreats toward the LR; "
                                     "MP estimate")
        for wing in ("left", "right"):
            link(z(wing), z("line1"), 1, f"{RULES}: wings adjacent to the central lines; "
                                         "MP estimate")
            link(z(wing), z("line2"), 2, EXAMPLE)
            link(z(wing), z("line3"), 3, f"{RULES}: 'any central line'; link and MP estimate")
            link(z(wing), z("lr"), 2, f"{RULES}: a wing retreats toward the LR; MP estimate")
    link(zid("brittany", "line1"), zid("france", "line1"), 1,
         f"{RULES}: the 1st lines face each other; MP estimate")
    link(zid("brittany", "left"), zid("france", "right"), 1,
         f"{RULES}: the wings face each other; MP estimate")
    link(zid("brittany", "right"), zid("france", "left"), 1,
         f"{RULES}: the wings face each other; MP estimate")
    for camp, other in (("brittany", "france"), ("france", "brittany")):
        for wing in ("left", "right"):
            link(zid(camp, wing), zid(other, "line1"), 1,
                 "estimate: diagonal dotted line, wing -> enemy 1st line")
    return {
        "format": "boardapp-map",
        "version": 2,
        "id": "lily-ermine-tactical",
        "name": "Tactical map (major battles and sieges)",
        "approximate": True,
        "notes": ("Approximate tactical map, not the publisher's drawing (rules 10): five "
                  "tactical zones and a line of retreat per camp, Bretons above, French "
                  "below. A link's kind is its MP (mp1, mp2, mp3). From the rules: 2nd line -> "
                  "wing 2 MP (battle example); which zones are joined follows the retreat, "
                  "fire and tactical-advantage rules. Every other MP is an estimate. Link "
                  "sources: " + "; ".join(sources)),
        "size": [W, H],
        "land": [[0, 0], [W, 0], [W, H], [0, H]],
        "terrains": {"clear": None},
        "link_kinds": ["mp1", "mp2", "mp3"],
        "regions": {
            "side-brittany": {"name": "Breton half", "colour": "#e9e3cf",
                              "source": "rules 10: one half per camp"},
            "side-france": {"name": "French half", "colour": "#cfd9ea",
                            "source": "rules 10: one half per camp"},
        },
        "areas": areas,
        "roads": roads,
        "boxes": {
            STATUS_BOX: {"name": "The fight", "kind": "pool", "rect": [12, 12, 175, 110],
                         "links": [],
                         "source": "not on the printed map: where the app shows the round, "
                                   "the random event, the siege rounds and the FV"},
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the written file")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from boardapp.core.board.mapdata import check_map

    data = build()
    problems = check_map(data, str(OUT))
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    text = ("# The Lily and the Ermine - tactical map for boardapp (APPROXIMATE, generated by\n"
            "# maps/tools/build_lily_ermine_tactical.py: read its docstring). Zone ids are\n"
            "# tz-<camp>-<line1|line2|line3|left|right|lr>; a link's kind is its MP.\n"
            + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100))
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} differs from what the script builds", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
