"""The tactical map of The Lily and the Ermine (rules 10): the second board.

The tactical map (``maps/lily_ermine_tactical.yaml``) has five tactical zones (TZ) per
camp and each camp's line of retreat (LR): ids ``tz-<camp>-<role>`` with role
``line1``, ``line2``, ``line3``, ``left``, ``right`` or ``lr``. A piece fighting there
has the TZ id as its ``loc``, so the core (undo, log, game file) needs nothing more.

This module holds the geometry the rules read (fire ranges, links and their MP, the
tactical advantage of 10.3.4.3) and :class:`TacticalBoard`, the mixin that gives the
ruleset its second board; :mod:`.siege` and :mod:`.major_battle` fight on it.
"""

from __future__ import annotations

from typing import Any

from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.state import State

BOARD = "tactical"
MAP_FILE = "lily_ermine_tactical.yaml"
ROLES = ("line1", "line2", "line3", "left", "right", "lr")
CENTRAL = ("line1", "line2", "line3")
WINGS = ("left", "right")
DEPTH = {"line1": 0, "left": 0, "right": 0, "line2": 1, "line3": 2}
"""How far behind its camp's front a TZ lies (fire ranges, rules 10 Fire: a RF 1 shooter
in its 1st line or a wing reaches both enemy wings and the enemy 1st line)."""
ROLE_NAMES = {"line1": "1st line", "line2": "2nd line", "line3": "3rd line",
              "left": "left wing", "right": "right wing", "lr": "LR"}


LABELS = {"siege-fire": "Artillery fire", "siege-assault": "Roll the assault",
          "no-sortie": "No sortie",
          "sortie-attack": "Sortie: attack", "siege-continue": "Continue the siege",
          "siege-lift": "Lift the siege", "deploy-done": "Deployment done",
          "random-event": "Roll the random event", "markers-chosen": "Markers chosen",
          "tactics-done": "Tactics done", "reveal-markers": "Reveal your markers",
          "take-markers": "Take your tactical markers", "fire-done": "Stop firing",
          "no-melee": "No attack", "advance-done": "Advance done",
          "move-done": "Movement done", "battle-continue": "Continue the battle",
          "battle-withdraw": "Withdraw from the battle"}


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
        return 1, "the enemy line is broken (attack from the 1st or 2nd line toward the " \
                  "2nd or 3rd)"
    if (s in WINGS and d in CENTRAL) or (s in CENTRAL and d in WINGS):
        return 2, "flank attack (from a wing toward a central line, or from a central " \
                  "line toward a wing)"
    if (s, d) in (("line2", "line1"), ("line3", "line2")):
        return 3, "rear attack (from the 2nd or 3rd line toward the 1st or 2nd)"
    return 0, ""


def link_mp(rs: Any, a: str, b: str) -> int | None:
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


def cf_of(rs: Any, state: State, pid: str) -> int:
    """The combat factor of unit ``pid`` on the side it shows (3)."""
    ut = rs.counters.units[rs.unit_code(state, pid)]
    return ut.cf[1 if state["pieces"][pid]["flipped"] else 0]


def is_cannon(rs: Any, state: State, pid: str) -> bool:
    return not rs.is_commander(state, pid) and rs.unit_code(state, pid) == "Ca"


def pieces_on(state: State, zones: list[str]) -> list[str]:
    """The pieces in ``zones``, in zone order then stack order."""
    out: list[str] = []
    for z in zones:
        out += state["stacks"].get(z, [])
    return out


STATUS_BOX = "tz-status"
"""The tactical map's box where the fight's round, event, siege rounds and FV show."""


def tactical_markers(rs: Any, state: State) -> dict[str, list[str]]:
    """What the tactical map shows besides the counters: the round, the random event, the
    siege's rounds and FV in the map's status box, the ditch and fence markers in their TZ."""
    t = state["vars"].get("tactical")
    if not t:
        return {}
    out: dict[str, list[str]] = {}
    status = STATUS_BOX if rs.is_place(STATUS_BOX) else tz(t["defender"], "line2")
    if t["kind"] == "siege":
        out[status] = [f"Siege round {t['round']} ({t['left']} left)",
                       f"FV {t['fv']} (printed {t['fv0']})"]
        return out
    for zone, kinds in t.get("zone_markers", {}).items():
        out[zone] = [k.capitalize() for k in kinds]
    out.setdefault(status, []).append(f"Round {t['round']}")
    if t.get("event"):
        out[status].append(f"Event: {t['event']}")
    return out


def marker_kinds() -> tuple[str, ...]:
    """The ids of the tactical markers (data/tactical.yaml)."""
    from .major_battle import marker_data

    return tuple(marker_data()["markers"])


def tactical_piece_actions(rs: Any, state: State, pid: str) -> list[Action]:
    """On a counter's menu during a fight: its shots (``fire PID TARGET``) and the event
    choices that concern it."""
    if not state["vars"].get("tactical") or not rs.flow.top(state):
        return []
    return [a for a in rs.flow.legal_actions(rs, state)
            if a.verb in ("fire", "event-pick") and a.args[:1] == (pid,)]


class TacticalBoard:
    """Mixin giving the ruleset the tactical map as a second board (rules 10)."""

    boards = {BOARD: MAP_FILE}

    def board_title(self, board: str) -> str:
        if board == BOARD:
            return "Tactical map"
        return "Strategic map"

    def focus_board(self, state: State) -> str | None:
        """The tactical map while a major battle or a siege is fought on it."""
        return BOARD if state["vars"].get("tactical") else None

    def action_label(self, state: State, action: Action) -> str:
        rs: Any = self
        if action.verb in LABELS:
            return LABELS[action.verb]
        if action.verb in ("siege", "major-battle"):
            what = "Siege" if action.verb == "siege" else "Major battle"
            return f"{what}: {rs.board_map.place_name(action.arg(0))}"
        if action.verb in ("tac-move", "event-pick"):
            pids = action.pieces(0)
            names = ", ".join(rs.piece_name(state, p) for p in pids)
            return f"{names} → {rs.place_name(action.arg(1))}"
        if action.verb == "sortie" and action.args:
            cid = action.arg(0)
            return (f"Sortie led by {rs.piece_name(state, cid)} (TC "
                    f"{rs.counters.commanders[state['pieces'][cid]['type']].tc})")
        if action.verb == "lr-leave":
            return f"Units of the LR to {rs.board_map.place_name(action.arg(0))}"
        if action.verb == "fire":
            return (f"Fire: {rs.piece_name(state, action.arg(0))} on "
                    f"{rs.piece_name(state, action.arg(1))}")
        if action.verb == "melee":
            return f"Attack {rs.place_name(action.arg(1))} from {rs.place_name(action.arg(0))}"
        if action.verb in ("choose-marker", "use-marker"):
            # A position in the camp's secret pool (choose) or chosen markers (use).
            from .major_battle import marker_name

            mine = state["vars"].get("tac_secret", {}).get(rs.acting_side(state)) or {}
            key = "pool" if action.verb == "choose-marker" else "chosen"
            items = mine.get(key) or [] if isinstance(mine, dict) else []
            i = int(action.arg(0)) if action.arg(0).isdigit() else -1
            kind = items[i] if 0 <= i < len(items) else None
            verb = "Choose" if action.verb == "choose-marker" else "Use"
            where = f" in {rs.place_name(action.arg(1))}" if len(action.args) > 1 else ""
            if isinstance(kind, str) and kind in marker_kinds():
                return f"{verb} {marker_name(kind)}{where}"
            return f"{verb} marker #{action.arg(0)}{where}"
        return super().action_label(state, action)  # type: ignore[misc]

    def hand_actions(self, state: State, side: str) -> list[Action]:
        """The secret choice of tactical markers, behind the hot-seat cover (10)."""
        rs: Any = self
        if rs.acting_side(state) != side:
            return []
        return [a for a in rs.legal_actions(state)
                if a.verb in ("take-markers", "choose-marker", "use-marker")]

    def private_lines(self, state: State, side: str) -> list[str]:
        t = state["vars"].get("tactical")
        mine = state["vars"].get("tac_secret", {}).get(side)
        if not t or t.get("kind") != "battle" or not isinstance(mine, dict) or not mine:
            return []
        from .major_battle import marker_name

        chosen = ", ".join(marker_name(k) for k in mine.get("chosen", [])
                           if k in marker_kinds()) or "none"
        lines = [f"Your tactical markers, face down: {chosen}"]
        picked = mine.get("picked")
        if picked:
            lines.append("Picked for this round: " + ", ".join(
                marker_name(k) + (f" in {self.place_name(z)}" if z else "")  # type: ignore[attr-defined]
                for k, z in picked))
        return lines

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {camp: [("vars", "tac_secret", camp)]
                for camp in state["vars"].get("tac_secret", {})}

    def tactical_reach(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        """Where a dragged counter may go on the tactical map now (the running step's
        ``tac-move`` actions), for the drag highlights."""
        rs: Any = self
        out: dict[str, Reach] = {}
        costs: dict[str, int] = {}
        top = rs.flow.top(state)
        if top and top["step"] == "mb-move" and len(pieces) == 1:
            from .major_battle import move_costs  # the MP of the path, not only one link

            costs = move_costs(rs, state, pieces[0])
        for a in rs.flow.legal_actions(rs, state):
            if a.verb == "tac-move" and list(a.pieces(0)) == list(pieces):
                start = state["pieces"][pieces[0]]["loc"]
                cost = costs.get(a.arg(1)) or link_mp(rs, start, a.arg(1)) or 0
                out[a.arg(1)] = Reach(a.arg(1), cost, (start, a.arg(1)))
        return out

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """A drag onto a TZ during a fight on the tactical map: ``tac-move``; else the
        strategic move (or the manual place)."""
        if parse(dest) is not None and state["vars"].get("tactical"):
            return Action.of("tac-move", pieces, dest)
        return super().move_action(state, pieces, dest)  # type: ignore[misc]
