"""The tactical map of The Lily and the Ermine (rules 10): the second board.

The tactical map (``maps/lily_ermine_tactical.yaml``) has five tactical zones (TZ) per
camp and each camp's line of retreat (LR): ids ``tz-<camp>-<role>`` with role
``line1``, ``line2``, ``line3``, ``left``, ``right`` or ``lr``. A piece fighting there
has the TZ id as its ``loc``, so the core (undo, log, game file) needs nothing more.

This module holds the geometry the rules read (fire ranges, links and their MP, the
tactical advantage of 10.3.4.3), the tactical markers' data and what the map shows
besides the counters; the sieges and major battles (``steps/siege.py``,
``steps/major_*.py``) fight on it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.state import State

from .base import TACTICAL, LilyErmineModel
from .data import DATA_DIR
from .names import data_word
from .words import N_

PHASE_WORDS = {"fire": N_("fire"), "melee": N_("melee")}
"""The phases of a combat round a marker is revealed for (the state keeps the key)."""
KIND_NAMES = {"battle": N_("battle"), "siege": N_("siege")}
"""The combat markers' names (the state keeps the key)."""
EVENT_NAMES = {"treason": N_("treason"), "weapons on the ground": N_("weapons on the ground"),
               "jacquerie": N_("jacquerie"), "nothing": N_("nothing"),
               "unmanned wing": N_("unmanned wing"), "rain": N_("rain")}
"""The random events' names, shown in the reader's language (the state keeps the key)."""

BOARD = TACTICAL
ROLES = ("line1", "line2", "line3", "left", "right", "lr")
CENTRAL = ("line1", "line2", "line3")
WINGS = ("left", "right")
DEPTH = {"line1": 0, "left": 0, "right": 0, "line2": 1, "line3": 2}
"""How far behind its camp's front a TZ lies (fire ranges, rules 10 Fire: a RF 1 shooter
in its 1st line or a wing reaches both enemy wings and the enemy 1st line)."""
ROLE_NAMES = {"line1": "1st line", "line2": "2nd line", "line3": "3rd line",
              "left": N_("left wing"), "right": N_("right wing"), "lr": "LR"}


def tz(camp: str, role: str) -> str:
    """The id of ``camp``'s tactical zone ``role``."""
    return f"tz-{camp}-{role}"


def parse(place: str) -> tuple[str, str] | None:
    """``(camp, role)`` of a tactical zone id, or ``None`` for any other place."""
    parts = place.split("-")
    if len(parts) != 3 or parts[0] != "tz" or parts[2] not in ROLES:
        return None
    return parts[1], parts[2]


def camp_zones(camp: str, lr: bool = False) -> list[str]:
    """``camp``'s five TZ (and its LR if ``lr``)."""
    return [tz(camp, r) for r in ROLES if lr or r != "lr"]


def fire_distance(shooter: str, target: str) -> int | None:
    """The range in TZ from ``shooter``'s zone to ``target``'s (the shooter's TZ is not
    counted, rules 3); ``None`` from or to a LR (units there have left the field)."""
    a, b = parse(shooter), parse(target)
    if a is None or b is None or a[1] == "lr" or b[1] == "lr" or shooter == target:
        return None
    if a[0] == b[0]:  # both zones in one camp's half (a conquered TZ)
        return max(1, abs(DEPTH[a[1]] - DEPTH[b[1]]))
    return DEPTH[a[1]] + DEPTH[b[1]] + 1


def advantage(attacker_camp: str, src: str, dest: str) -> tuple[int, str]:
    """The tactical advantage modifier of a melee from ``src`` on ``dest`` (rules 10
    melee): it only benefits an attacker who attacks from a conquered enemy TZ."""
    a, b = parse(src), parse(dest)
    if a is None or b is None or a[0] == attacker_camp or b[0] != a[0]:
        return 0, ""
    s, d = a[1], b[1]
    if (s, d) in (("line1", "line2"), ("line2", "line3")):
        return 1, N_("the enemy line is broken (attack from the 1st or 2nd line toward the 2nd "
                     "or 3rd)")
    if (s in WINGS and d in CENTRAL) or (s in CENTRAL and d in WINGS):
        return 2, N_("flank attack (from a wing toward a central line, or from a central line "
                     "toward a wing)")
    if (s, d) in (("line2", "line1"), ("line3", "line2")):
        return 3, N_("rear attack (from the 2nd or 3rd line toward the 1st or 2nd)")
    return 0, ""


def link_mp(rs: LilyErmineModel, a: str, b: str) -> int | None:
    """The MP of the dotted line between TZ ``a`` and ``b`` (its kind ``mpN``), or
    ``None`` when they are not linked."""
    bmap = rs.board_maps[BOARD]
    if not bmap.graph.has_edge(a, b):
        return None
    kind = bmap.link_kind(a, b)
    return int(kind[2:]) if kind.startswith("mp") and kind[2:].isdigit() else 1


def retreat_zone(camp: str, role: str) -> str:
    """Where units of ``camp`` in its TZ ``role`` retreat: the line behind and adjacent,
    the LR from the 3rd line or a wing (10.3.4.4)."""
    return tz(camp, {"line1": "line2", "line2": "line3"}.get(role, "lr"))


def cf_of(rs: LilyErmineModel, state: State, pid: str) -> int:
    """The combat factor of unit ``pid`` on the side it shows (3)."""
    ut = rs.counters.units[rs.unit_code(state, pid)]
    return ut.cf[1 if state["pieces"][pid]["flipped"] else 0]


def is_cannon(rs: LilyErmineModel, state: State, pid: str) -> bool:
    return not rs.is_commander(state, pid) and rs.unit_code(state, pid) == "Ca"


def pieces_on(state: State, zones: list[str]) -> list[str]:
    """The pieces in ``zones``, in zone order then stack order."""
    out: list[str] = []
    for z in zones:
        out += state["stacks"].get(z, [])
    return out


STATUS_BOX = "tz-status"
"""The tactical map's box where the fight's round, event, siege rounds and FV show."""


def tactical_markers(rs: LilyErmineModel, state: State) -> dict[str, list[str]]:
    """What the tactical map shows besides the counters: the round, the random event, the
    siege's rounds and FV in the map's status box, the ditch and fence markers in their TZ."""
    t = state["vars"].get("tactical")
    if not t:
        return {}
    out: dict[str, list[str]] = {}
    status = STATUS_BOX if rs.is_place(STATUS_BOX) else tz(t["defender"], "line2")
    if t["kind"] == "siege":
        out[status] = [N_("Siege round {round} ({left} left)", round=t['round'], left=t['left']),
                       N_("FV {fv} (printed {fv0})", fv=t['fv'], fv0=t['fv0'])]
        return out
    for zone, kinds in t.get("zone_markers", {}).items():
        out[zone] = [marker_name(k) if k in marker_kinds() else k.capitalize() for k in kinds]
    out.setdefault(status, []).append(N_("Round {round}", round=t['round']))
    if t.get("event"):
        out[status].append(N_("Event: {event}", event=EVENT_NAMES.get(t["event"], t["event"])))
    return out


@cache
def marker_data() -> dict[str, Any]:
    """The tactical markers and each camp's inventory (data/tactical.yaml)."""
    return load_yaml_file(DATA_DIR / "tactical.yaml")


def marker_kinds() -> tuple[str, ...]:
    """The ids of the tactical markers (data/tactical.yaml)."""
    return tuple(marker_data()["markers"])


def marker_name(kind: str) -> str:
    return data_word(str(marker_data()["markers"][kind]["name"]))


def inventory(camp: str) -> dict[str, int]:
    return dict(marker_data()["inventory"][camp]["counts"])
