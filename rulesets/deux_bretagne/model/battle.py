"""Regular combat in Les Deux Bretagne (rules 9.x).

The model's part: data, predicates and the work its steps call. The steps, and what
each one asks, are in ``steps/battle.py``."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any

from boardapp.core.base.i18n import Msg
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve

from . import groups
from .data import DATA_DIR
from .words import N_, WORDS

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

TABLES = load_yaml_file(DATA_DIR / "tables.yaml")
STACK_LIMIT = 8  # 7.21
PRO_MONTFORT = {"T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18"}
REMOVED_AFTER_USE = {"T6", "T10"}
CHOICE_CHITS = {"T16": "montfort", "T6": "blois", "T8": "blois", "T11": "montfort",
                "T12": "montfort"}  # asked in this order
MANUAL_CHITS: dict[str, str] = {}  # chits whose effect is applied by hand (none left)


def other(side: str) -> str:
    """The opposing player side."""
    return "montfort" if side == "blois" else "blois"


def does(rs: DeuxBretagneModel, side: str, verb: str, start: bool = True) -> str:
    """"Blois attacks", but "The Marauders attack" (a band, not a player); ``start``:
    at the start of a sentence."""
    name = rs.side(side).name
    if side in rs.player_sides:
        return Msg(WORDS.name, "{side} " + verb, {"side": name})
    the = "The" if start else "the"
    return Msg(WORDS.name, the + " {side} " + (verb[:-1] if verb.endswith("s") else verb),
               {"side": name})


DOES = (N_("{side} attacks"), N_("the {side} attack"), N_("{side} takes"), N_("The {side} take"),
        N_("{side} wins"), N_("The {side} win"), N_("{side} retreats"), N_("The {side} retreat"))
"""The sentences :func:`does` makes, marked for the catalogue."""


def column_index(strength: int) -> int:
    """The combat table column for ``strength`` (9.24); 0 uses the first column."""
    index = 0
    for i, low in enumerate(TABLES["combat_table"]["column_minimum"]):
        if strength >= low:
            index = i
    return index


def chits_to_draw(total: int) -> int:
    """How many tactical chits the total of all combat factors draws (9.22)."""
    count = 1
    for low, n in TABLES["tactical_chits_drawn"]["thresholds"]:
        if total >= low:
            count = n
    return count


def loss_options(rs: DeuxBretagneModel, state: State, units: list[str],
                 target: int) -> list[dict[str, int]]:
    """The legal loss allocations for ``target`` losses (9.3): exactly the loss number
    when some combination makes it, else as close as possible below it. Each option maps
    unit -> steps lost."""
    if target <= 0 or not units:
        return [{}]
    choices = []
    for pid in units:
        t = rs.piece_type(state, pid)
        if rs.is_reduced(state, pid):
            choices.append([(0, 0), (1, t.loss[1])])
        else:
            choices.append([(0, 0), (1, t.loss[0]), (2, t.loss[0] + t.loss[1])])
    best: list[dict[str, int]] = []
    best_total = -1
    for combo in itertools.product(*choices):
        total = sum(v for _, v in combo)
        if total > target or total < best_total:
            continue
        option = {pid: steps for pid, (steps, _) in zip(units, combo, strict=True) if steps}
        if total > best_total:
            best, best_total = [option], total
        else:
            best.append(option)
    return best


def loss_action(option: dict[str, int]) -> Action:
    """The action text of a loss allocation: ``losses a=1,b=2`` or ``losses none``."""
    if not option:
        return Action("losses", ("none",))
    return Action("losses", (",".join(f"{p}={n}" for p, n in sorted(option.items())),))


def remove_steps(rs: DeuxBretagneModel, state: State, pid: str, steps: int) -> str:
    """Take ``steps`` steps from unit ``pid``; return what happened in words."""
    name = rs.piece_name(state, pid)
    for _ in range(steps):
        if rs.is_reduced(state, pid):
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            state["pieces"][pid]["flipped"] = False
            return N_("{name} eliminated", name=name)
        state["pieces"][pid]["flipped"] = True
    return N_("{name} reduced", name=name)


def _units(rs: DeuxBretagneModel, state: State, area: str, side: str,
           within: bool = False) -> list[str]:
    """The side's combat units in the battle: those not inside the fortress (9.21), or,
    for a battle fought inside it (``within``, 12.433), those inside."""
    inner = groups.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)
            and (p in inner) == within]


def _leaders(rs: DeuxBretagneModel, state: State, area: str, side: str,
             within: bool = False) -> list[str]:
    """The side's leaders in the battle: those not inside the fortress (or inside)."""
    inner = groups.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)
            and (p in inner) == within]


def fighting_units(rs: DeuxBretagneModel, state: State, v: dict[str, Any], side: str) -> list[str]:
    """``side``'s combat units in the battle described by ``v``."""
    return _units(rs, state, v["area"], side, v.get("within", False))


def fighting_leaders(rs: DeuxBretagneModel, state: State, v: dict[str, Any],
                     side: str) -> list[str]:
    """``side``'s leaders in the battle described by ``v``."""
    return _leaders(rs, state, v["area"], side, v.get("within", False))


def _commander(rs: DeuxBretagneModel, state: State, leaders: list[str]) -> str | None:
    """The leader with the highest command value (9.23; ties: the first in the stack)."""
    return max(leaders, key=lambda p: rs.piece_type(state, p).command, default=None)


def join_candidates(rs: DeuxBretagneModel, state: State, v: dict[str, Any]) -> list[str]:
    """The attacker's besieged units that may join a support army's battle against the
    besiegers (10.16), while the stacking limit leaves room (7.21)."""
    area, att = v["area"], v["attacker"]
    marker = state["vars"]["sieges"].get(area)
    if (v.get("within") or att not in rs.player_sides or marker is None
            or marker["side"] != v["defender"]):
        return []
    if len(_units(rs, state, area, att)) >= STACK_LIMIT:
        return []
    return _units(rs, state, area, att, within=True)


def commander_candidates(rs: DeuxBretagneModel, state: State, v: dict[str, Any]) -> list[str]:
    """The defender's leaders with the highest command value: his commander is one of
    them, his choice when several tie (9.23)."""
    leaders = fighting_leaders(rs, state, v, v["defender"])
    top = max((rs.piece_type(state, p).command for p in leaders), default=None)
    return [p for p in leaders if rs.piece_type(state, p).command == top]


def _modifiers(rs: DeuxBretagneModel, state: State, v: dict[str, Any],
               side: str) -> tuple[list[Modifier], int]:
    """Die modifiers and column shift of ``side`` from its commander and the chits."""
    area = v["area"]
    chits, choices = v["chits"], v["choices"]
    mods: list[Modifier] = []
    shift = 0
    commander = v["commanders"].get(side)
    blois_leaders = fighting_leaders(rs, state, v, "blois")
    bonus_cancelled = side == "blois" and "T17" in chits and len(blois_leaders) > 1
    if commander and not bonus_cancelled:
        t = rs.piece_type(state, commander)
        mods.append(Modifier(N_("leader bonus"), t.bonus, f"{t.name}, {rs.cite('9.23')}"))
    elif commander:
        mods.append(Modifier(N_("leader bonus cancelled"), 0, N_("T17 Rivalité, {rule}",
                                                             rule=rs.cite('9.221'))))
    terrain = rs.board_map.areas[area].terrain if area in rs.board_map.areas else "clear"
    fortified = area in rs.board_map.areas and rs.board_map.areas[area].fortified
    if side == "blois":
        if "T3" in chits and terrain not in ("forest", "marsh"):
            mods.append(Modifier("Charge", 1, "T3"))
        if "T5" in chits and any(rs.piece_type(state, p).origin == "French"
                                 for p in blois_leaders):
            mods.append(Modifier(N_("Maréchal de France"), 1, "T5"))
        if "T8" in chits and "T8" in choices:
            if choices["T8"] == "plus2":
                mods.append(Modifier(N_("Notre Dame! Guesclin!"), 2, "T8"))
            else:
                shift += 1
        if "T9" in chits:
            shift += 1
        if "T6" in chits and "T6" in choices:
            mods.append(Modifier(N_("Ordre de l'étoile"), 2 if choices["T6"] == "plus2" else 1,
                                 "T6"))
    else:
        if "T10" in chits:
            mods.append(Modifier(N_("Jeanne la Flamme"), 2, "T10"))
        if "T11" in chits and "T11" in choices:
            if choices["T11"] == "plus2":
                mods.append(Modifier("Longbow", 2, "T11"))
            else:
                shift += 1
        if "T12" in chits and "T12" in choices:
            mods.append(Modifier(N_("Supériorité tactique"), 1 if choices["T12"] == "plus1" else -1,
                                 "T12"))
        if "T15" in chits and not fortified:
            shift += 1
        if "T18" in chits and any(rs.piece_type(state, p).origin == "English"
                                  for p in fighting_leaders(rs, state, v, "montfort")):
            shift += 1
    return mods, shift


def roll_battle(rs: DeuxBretagneModel, state: State, v: dict[str, Any], ctx: Context) -> None:
    """Both players roll on the Combat Table (9.23-9.25); record the loss numbers."""
    table = TABLES["combat_table"]
    columns = table["columns"]
    v["commanders"] = {
        v["attacker"]: v.get("attacker_commander"),
        v["defender"]: v.get("defender_commander") or _commander(
            rs, state, fighting_leaders(rs, state, v, v["defender"])),
    }
    v["rolled"] = {}
    v["caused"] = {}
    for side in (v["attacker"], v["defender"]):
        mods, shift = _modifiers(rs, state, v, side) if side in ("blois", "montfort") else (
            [], 0)
        col = min(len(columns) - 1, column_index(v["strength"][side]) + shift)
        label = columns[col] + (N_(" (shifted {shift})", shift=f"{shift:+d}") if shift else "")
        result = resolve(ctx, table=N_("Combat Table"), column=label, sides=10, zero_based=True,
                         modifiers=mods, clamp=(0, 11),
                         lookup=lambda roll, c=col: table["rows"][roll][c],
                         describe=lambda n: N_("{n} losses", n=n), rule=rs.cite("9.25"),
                         who=rs.side(side).name)
        v["rolled"][side] = result.die
        v["caused"][side] = int(result.result)
    return_chits(rs, state, v, ctx)


def return_chits(rs: DeuxBretagneModel, state: State, v: dict[str, Any], ctx: Context) -> None:
    """The drawn chits go back to the cup, except those removed after use (9.22)."""
    for chit in v["chits"]:
        if chit not in REMOVED_AFTER_USE:
            state["vars"]["chit_cup"].append(chit)
        else:
            state["vars"]["chits_out"].append(chit)
            ctx.log(N_("{chit} {chits} is removed from the game", chit=chit, chits=rs.chits[chit]),
                    rs.cite("9.221"))


def other_side(v: dict[str, Any], side: str) -> str:
    """The other party of the battle."""
    return v["defender"] if side == v["attacker"] else v["attacker"]


def flanking_step(rs: DeuxBretagneModel, state: State, v: dict[str, Any], pid: str,
                  ctx: Context) -> None:
    """T7 Débordement: Montfort's unit ``pid`` loses one more step (9.221)."""
    if not rs.piece_type(state, pid).id.endswith(("-mil", "-art")):
        lost = v.setdefault("steps_lost", {})
        lost["montfort"] = lost.get("montfort", 0) + 1
    ctx.log(N_("T7 Débordement: {remove_steps} (one more step, Blois's choice)",
               remove_steps=remove_steps(rs, state, pid, 1)), rs.cite("9.221 T7"))


def retreat_options(rs: DeuxBretagneModel, state: State, v: dict[str, Any]) -> list[str]:
    """Where the beaten defender may retreat (9.54): friendly areas first."""
    area, side = v["area"], v["loser"]
    bmap = rs.board_map
    options = []
    for place in bmap.neighbours(area):
        if place == v.get("entered_from") or place not in bmap.areas:
            continue
        ours = state["vars"]["sieges"].get(place, {}).get("side") == side
        if groups.enemy_units_at(rs, state, place, side, outside_only=ours):
            continue
        owner = state["control"].get(place)
        if bmap.areas[place].fortified and owner not in (side, None) and not ours:
            continue  # 9.54: not a *non besieged* enemy fortress
        options.append(place)
    friendly = [p for p in options if state["control"].get(p) == side]
    here = bmap.areas.get(area)
    inside = [area] if here is not None and here.fortified and state["control"].get(
        area) == side else []  # 9.5: inside a friendly fortress in the same space
    return inside + sorted(friendly or options)


def reprimand(rs: DeuxBretagneModel, state: State, v: dict[str, Any], ctx: Context) -> None:
    """T2 Réprimande (9.221): after the battle, if Montfort lost 2 or more Me and Ch
    steps, his activated English leader (the commander of a Montfort attack) leaves the
    map for one turn; he comes back next turn in a Montfort port or Bro Saoz."""
    if "T2" not in v.get("chits", []):
        return
    lost = v.get("steps_lost", {}).get("montfort", 0)
    leader = v.get("attacker_commander") if v["attacker"] == "montfort" else None
    english = leader is not None and rs.piece_type(state, leader).origin == "English"
    if lost < 2 or not english or state["pieces"][leader]["loc"] not in rs.board_map.areas:
        why = (N_("Montfort lost fewer than 2 Me and Ch steps") if lost < 2 else
               N_("no activated English leader is on the map"))
        ctx.log(N_("T2 {t2}: no effect ({why})", t2=rs.chits['T2'], why=why), rs.cite("9.221 T2"))
        return
    state["prev_loc"][leader] = state["pieces"][leader]["loc"]
    if leader in state["vars"]["inside"]:
        state["vars"]["inside"].remove(leader)
    put_piece(state, leader, "reserve")
    state["vars"].setdefault("withdrawn", {})[leader] = state["turn"] + 1
    ctx.log(N_("T2 {t2}: Montfort lost {lost} Me and Ch steps; {piece} leaves the map until next "
               "turn", t2=rs.chits['T2'], lost=lost, piece=rs.piece_name(state, leader)),
            rs.cite("9.221 T2"))


def sailed(rs: DeuxBretagneModel, src: str | None, dst: str) -> bool:
    """Whether an army came from ``src`` to ``dst`` by sea (8.15): no road joins them."""
    return src is not None and src != dst and not rs.board_map.graph.has_edge(src, dst)


def over_stack(rs: DeuxBretagneModel, state: State, place: str, side: str) -> list[str]:
    """``side``'s units in ``place`` when they are more than the stacking limit (7.21)."""
    units = [p for p in pieces_at(state, place) if rs.piece_side(state, p) == side
             and not rs.is_leader(state, p) and p not in groups.inside(state)]
    return units if len(units) > STACK_LIMIT else []


def return_withdrawn(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow) -> bool:
    """Next turn, the English leader withdrawn by T2 comes back (9.221 T2): True if the
    Montfort player was asked where."""
    due = sorted(p for p, turn in state["vars"].get("withdrawn", {}).items()
                 if turn <= state["turn"])
    if not due:
        return False
    flow.call(rs, state, ctx, "return-leader", side="montfort", leaders=due)
    return True


_WHY_WITH_NAMES = ((re.compile(r"Army crossing the enemy fortress of (.+)"),
                    N_("Army crossing the enemy fortress of {names}"), "names"),
                   (re.compile(r"(.+) pillaged again"), N_("{place} pillaged again"), "place"))


def why_words(why: str) -> str:
    """The reason of a pending step loss, kept as English text in the state, as the
    message it was made from (so that it is drawn in the reader's language)."""
    if isinstance(why, Msg):  # not through a file yet: the message itself
        return why
    for pattern, msg, field in _WHY_WITH_NAMES:
        found = pattern.fullmatch(why)
        if found:
            return Msg(msg.domain, msg.text, {field: found.group(1)})
    return WORDS.msg(why)


def step_loss(side: str, count: int, units: list[str], why: str,
              rule: str) -> dict[str, Any]:
    """A pending step loss: ``side`` loses ``count`` steps among ``units``."""
    return {"side": side, "count": count, "units": list(units), "why": why, "rule": rule}
