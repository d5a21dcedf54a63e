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
from ..base.i18n import N_, listing
from ..table.fixed import is_point_text
from ..table.positions import clear_position
from .actions import Action
from .context import Context
from .data_action import do_data
from .ruleset import Ruleset
from .state import State, pieces_at, put_piece, reorder

MEASURE = "measure"
"""The verb of :mod:`..table.measuring` (imported at the first measure: it needs shapely,
which a game of areas never does)."""
MANUAL_VERBS = ("place", "flip", "eliminate", "return", "order", "roll", "set-dice",
                "control", "score", "data", MEASURE)


def _pieces(ruleset: Ruleset, state: State, action: Action, index: int) -> list[str]:
    pids = action.pieces(index)
    for pid in pids:
        if pid not in state["pieces"]:
            raise InvalidActionError(N_("'{action}': no piece {piece}", action=action.text(),
                                        piece=repr(pid)))
    return pids


def _place(ruleset: Ruleset, state: State, action: Action, index: int) -> str:
    place = action.arg(index)
    if not ruleset.is_place(place):
        raise InvalidActionError(N_("'{action}': no area or box {place} on the map",
                                    action=action.text(), place=repr(place)))
    return place


def _names(ruleset: Ruleset, state: State, pids: list[str]) -> str:
    return listing([ruleset.piece_name(state, p) for p in pids])


def do_place(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    pids = _pieces(ruleset, state, action, 0)
    if is_point_text(action.arg(1)) and getattr(ruleset.board_map, "table", None) is not None:
        from ..table.place import place_on_table  # a table's geometry: shapely

        place_on_table(ruleset, state, pids, action.arg(1), ctx)
        return
    dest = _place(ruleset, state, action, 1)
    for pid in pids:
        clear_position(state, pid)
    for pid in reversed(pids):
        put_piece(state, pid, dest)
    ctx.log(N_("{pieces} placed in {place}"), pieces=_names(ruleset, state, pids),
            place=ruleset.place_name(dest))


def do_flip(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    for pid in _pieces(ruleset, state, action, 0):
        name = ruleset.piece_name(state, pid)
        piece = state["pieces"][pid]
        piece["flipped"] = not piece["flipped"]
        face = ruleset.counter_face(state, pid)
        if face.reduced:
            ctx.log(N_("{piece} flipped to its reduced side"), piece=name)
        else:
            ctx.log(N_("{piece} flipped to its full side"), piece=name)


def do_eliminate(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    pids = _pieces(ruleset, state, action, 0)
    for pid in pids:
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, ruleset.eliminated_box)
    ctx.log(N_("{pieces} eliminated"), pieces=_names(ruleset, state, pids))


def do_return(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    for pid in _pieces(ruleset, state, action, 0):
        back = state["prev_loc"].pop(pid, None)
        if back is None:
            raise InvalidActionError(N_("{piece} has no earlier place to return to: place "
                                        "it instead", piece=ruleset.piece_name(state, pid)))
        put_piece(state, pid, back)
        ctx.log(N_("{piece} returned to {place}"), piece=ruleset.piece_name(state, pid),
                place=ruleset.place_name(back))


def do_order(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    place = _place(ruleset, state, action, 0)
    pids = _pieces(ruleset, state, action, 1)
    if sorted(pids) != sorted(pieces_at(state, place)):
        raise InvalidActionError(N_("'{action}': the new order must list exactly the "
                                    "pieces in {place}", action=action.text(),
                                    place=ruleset.place_name(place)))
    reorder(state, place, pids)
    ctx.log(N_("Stack in {place} reordered: {pieces} (top first)"),
            place=ruleset.place_name(place), pieces=_names(ruleset, state, pids))


def do_roll(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    spec = action.args[0] if action.args else ruleset.dice.name
    if not spec.startswith("d") or not spec[1:].isdigit() or int(spec[1:]) < 2:
        raise InvalidActionError(N_("'{action}': a die is written d6, d10...",
                                    action=action.text()))
    sides = int(spec[1:])
    zero = ruleset.dice.zero_based and sides == ruleset.dice.sides
    value = ctx.roll(sides, zero_based=zero)
    ctx.log(N_("{side} rolls {die}: {value}"), side=ruleset.side(ctx.side).name, die=spec,
            value=value)


def do_set_dice(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    try:
        values = [int(v) for v in action.pieces(0)]
    except ValueError as exc:
        raise InvalidActionError(N_("'{action}': dice are whole numbers",
                                    action=action.text())) from exc
    state["dice_queue"].extend(values)
    ctx.log(N_("Next die results set by hand: {dice}"), dice=", ".join(map(str, values)))


def do_control(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    place = action.arg(0)
    bmap = ruleset.board_map
    if place not in bmap.areas and place not in bmap.regions:
        raise InvalidActionError(N_("'{action}': no area or region {place}",
                                    action=action.text(), place=repr(place)))
    who = action.arg(1)
    sides = [s.id for s in ruleset.sides]
    if who not in (*sides, "none"):
        raise InvalidActionError(N_("'{action}': side must be one of {sides}, none",
                                    action=action.text(), sides=", ".join(sides)))
    table = "control" if place in bmap.areas else "region_control"
    state[table][place] = None if who == "none" else who
    label = N_("no one") if who == "none" else ruleset.side(who).name
    name = bmap.areas[place].name if place in bmap.areas else bmap.regions[place].name
    ctx.log(N_("{place} now controlled by {side}"), place=name, side=label)


def do_score(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    who = action.arg(0)
    if who not in state["score"]:
        raise InvalidActionError(N_("'{action}': no side {side}", action=action.text(),
                                    side=repr(who)))
    try:
        value = int(action.arg(1))
    except ValueError as exc:
        raise InvalidActionError(N_("'{action}': the score is a whole number",
                                    action=action.text())) from exc
    state["score"][who] = value
    ctx.log(N_("{side} score set to {value}"), side=ruleset.side(who).name, value=value)


def do_measure(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    """``measure FROM TO`` on a table (:func:`..table.measuring.do_measure`)."""
    from ..table.measuring import do_measure as measure

    measure(ruleset, state, action, ctx)


HANDLERS: dict[str, Callable[[Ruleset, State, Action, Context], None]] = {
    "place": do_place, "flip": do_flip, "eliminate": do_eliminate, "return": do_return,
    "order": do_order, "roll": do_roll, "set-dice": do_set_dice, "control": do_control,
    "score": do_score, "data": do_data, MEASURE: do_measure,
}

# Verbs that record play rather than correct it: they are not tagged "(by hand)".
NOT_MANUAL = ("roll", "order", MEASURE)
