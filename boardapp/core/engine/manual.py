"""Manual verbs every game has: the hand on the table, always allowed and logged as such.

These never check game rules (the brief: automation never prevents a deliberate
manual correction); they only check that the pieces and places exist.

==========================  =============================================
``place P[,P..] PLACE``     put pieces anywhere (a drag with Shift);
                            on a table ``place P X,Y[,FACING]`` (cm, degrees)
``flip P``                  turn a counter over (full/reduced)
``eliminate P[,P..]``       to the eliminated box
``return P``                an eliminated piece back where it was
``order PLACE P,P,..``      restack: the new order, top first
``roll dN``                 roll a die and log it
``set-dice N[,N..]``        the next die results, set by hand
``control PLACE SIDE|none`` set the control of an area or region
``score SIDE N``            set a side's score (victory points)
``data SHEET K:S=V ..``     set game data: a card value, a table cell (datasheets)
``measure FROM TO``         on a table, a measure written in the log (when the rules
                            forbid measuring before declaring: :mod:`..table.measuring`)
==========================  =============================================
"""

from __future__ import annotations

from collections.abc import Callable

from ..base.errors import InvalidActionError
from ..table.fixed import is_point_text
from ..table.measuring import MEASURE, do_measure
from ..table.place import place_on_table
from ..table.positions import clear_position
from ..table.tableboard import table_of
from .actions import Action
from .context import Context
from .data_action import do_data
from .ruleset import Ruleset
from .state import State, pieces_at, put_piece, reorder

MANUAL_VERBS = ("place", "flip", "eliminate", "return", "order", "roll", "set-dice",
                "control", "score", "data", MEASURE)


def _pieces(ruleset: Ruleset, state: State, action: Action, index: int) -> list[str]:
    pids = action.pieces(index)
    for pid in pids:
        if pid not in state["pieces"]:
            raise InvalidActionError(f"'{action.text()}': no piece {pid!r}")
    return pids


def _place(ruleset: Ruleset, state: State, action: Action, index: int) -> str:
    place = action.arg(index)
    if not ruleset.is_place(place):
        raise InvalidActionError(f"'{action.text()}': no area or box {place!r} on the map")
    return place


def _names(ruleset: Ruleset, state: State, pids: list[str]) -> str:
    return ", ".join(ruleset.piece_name(state, p) for p in pids)


def do_place(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    pids = _pieces(ruleset, state, action, 0)
    if is_point_text(action.arg(1)) and table_of(ruleset.board_map) is not None:
        place_on_table(ruleset, state, pids, action.arg(1), ctx)
        return
    dest = _place(ruleset, state, action, 1)
    for pid in pids:
        clear_position(state, pid)
    for pid in reversed(pids):
        put_piece(state, pid, dest)
    ctx.log(f"{_names(ruleset, state, pids)} placed in {ruleset.place_name(dest)}")


def do_flip(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    for pid in _pieces(ruleset, state, action, 0):
        name = ruleset.piece_name(state, pid)
        piece = state["pieces"][pid]
        piece["flipped"] = not piece["flipped"]
        face = ruleset.counter_face(state, pid)
        side = "reduced side" if face.reduced else "full side"
        ctx.log(f"{name} flipped to its {side}")


def do_eliminate(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    pids = _pieces(ruleset, state, action, 0)
    for pid in pids:
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, ruleset.eliminated_box)
    ctx.log(f"{_names(ruleset, state, pids)} eliminated")


def do_return(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    for pid in _pieces(ruleset, state, action, 0):
        back = state["prev_loc"].pop(pid, None)
        if back is None:
            raise InvalidActionError(f"{ruleset.piece_name(state, pid)} has no earlier place "
                                     "to return to: place it instead")
        put_piece(state, pid, back)
        ctx.log(f"{ruleset.piece_name(state, pid)} returned to "
                f"{ruleset.place_name(back)}")


def do_order(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    place = _place(ruleset, state, action, 0)
    pids = _pieces(ruleset, state, action, 1)
    if sorted(pids) != sorted(pieces_at(state, place)):
        raise InvalidActionError(f"'{action.text()}': the new order must list exactly the "
                                 f"pieces in {ruleset.place_name(place)}")
    reorder(state, place, pids)
    ctx.log(f"Stack in {ruleset.place_name(place)} reordered: "
            f"{_names(ruleset, state, pids)} (top first)")


def do_roll(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    spec = action.args[0] if action.args else ruleset.dice.name
    if not spec.startswith("d") or not spec[1:].isdigit() or int(spec[1:]) < 2:
        raise InvalidActionError(f"'{action.text()}': a die is written d6, d10...")
    sides = int(spec[1:])
    zero = ruleset.dice.zero_based and sides == ruleset.dice.sides
    value = ctx.roll(sides, zero_based=zero)
    ctx.log(f"{ruleset.side(ctx.side).name} rolls {spec}: {value}")


def do_set_dice(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    try:
        values = [int(v) for v in action.pieces(0)]
    except ValueError as exc:
        raise InvalidActionError(f"'{action.text()}': dice are whole numbers") from exc
    state["dice_queue"].extend(values)
    ctx.log(f"Next die results set by hand: {', '.join(map(str, values))}")


def do_control(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    place = action.arg(0)
    bmap = ruleset.board_map
    if place not in bmap.areas and place not in bmap.regions:
        raise InvalidActionError(f"'{action.text()}': no area or region {place!r}")
    who = action.arg(1)
    sides = [s.id for s in ruleset.sides]
    if who not in (*sides, "none"):
        raise InvalidActionError(f"'{action.text()}': side must be one of {', '.join(sides)}, "
                                 "none")
    table = "control" if place in bmap.areas else "region_control"
    state[table][place] = None if who == "none" else who
    label = "no one" if who == "none" else ruleset.side(who).name
    name = bmap.areas[place].name if place in bmap.areas else bmap.regions[place].name
    ctx.log(f"{name} now controlled by {label}")


def do_score(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    who = action.arg(0)
    if who not in state["score"]:
        raise InvalidActionError(f"'{action.text()}': no side {who!r}")
    try:
        value = int(action.arg(1))
    except ValueError as exc:
        raise InvalidActionError(f"'{action.text()}': the score is a whole number") from exc
    state["score"][who] = value
    ctx.log(f"{ruleset.side(who).name} score set to {value}")


HANDLERS: dict[str, Callable[[Ruleset, State, Action, Context], None]] = {
    "place": do_place, "flip": do_flip, "eliminate": do_eliminate, "return": do_return,
    "order": do_order, "roll": do_roll, "set-dice": do_set_dice, "control": do_control,
    "score": do_score, "data": do_data, MEASURE: do_measure,
}

# Verbs that record play rather than correct it: they are not tagged "(by hand)".
NOT_MANUAL = ("roll", "order", MEASURE)
