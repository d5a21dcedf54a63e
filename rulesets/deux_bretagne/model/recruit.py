"""Recruitment (rules 5.4): a leader rolls on the Recruitment Table and the player spends
every step it gives, one at a time, on new units (placed reduced with the leader) or on
bringing reduced units there back to full strength (5.411, 5.412, 5.42).

``recruit LEADER ch|me`` makes the roll; the card played as REC says how many recruitments
the activation allows (its activation value, 5.4: cards.rec_refusal).

The model's part (data, predicates and the work its steps call); the steps are in
``steps/recruit.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import Modifier, resolve

from . import groups
from .battle import TABLES
from .names import data_word
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

MAX_RECRUITS_PER_LEADER = 2  # 5.4
STACK_LIMIT = 8  # 5.42, 7.21
KNIGHTS = {"blois": ("ch-fr", "ch-br"), "montfort": ("ch-an", "ch-br")}
ARTILLERY_EVENT = {"blois": "B-13", "montfort": "M-02"}  # Recruitment Table: his own event


def free_counters(rs: DeuxBretagneModel, state: State, type_id: str) -> list[str]:
    """Counters of ``type_id`` off the map that may enter play: those never used first,
    then eliminated ones (5.412: only the counter mix limits recruiting; 12.41: an
    eliminated unit "can still be recruited later")."""
    return [p for box in ("reserve", rs.eliminated_box) for p in pieces_at(state, box)
            if state["pieces"][p]["type"] == type_id]


def has_free_counter(rs: DeuxBretagneModel, state: State, type_id: str) -> bool:
    """Whether :func:`free_counters` finds one (the search stops at the first)."""
    pieces = state["pieces"]
    stacks = state["stacks"]
    return any(pieces[p]["type"] == type_id
               for box in ("reserve", rs.eliminated_box) for p in stacks.get(box, ()))


def why_not_recruit(rs: DeuxBretagneModel, state: State, leader: str) -> str | None:
    """Why ``leader`` cannot recruit now (``None`` if he can)."""
    if leader not in state["pieces"] or not rs.is_leader(state, leader):
        return N_("only a leader recruits (5.4)")
    side = rs.piece_side(state, leader)
    if side != state["active"]:
        return N_("it is {side}'s activation (4.0 C)", side=rs.side(state['active']).name)
    area = state["pieces"][leader]["loc"]
    if area not in rs.board_map.areas:
        return N_("a leader recruits in a city of the map (5.4)")
    if area in state["vars"]["pillage"]:
        return N_("no recruitment in an area with a pillage marker (5.4)")
    if leader in groups.inside(state) and area in state["vars"]["sieges"]:
        return N_("a besieged leader cannot recruit (5.4)")
    if state["vars"]["recruited"].get(leader, 0) >= MAX_RECRUITS_PER_LEADER:
        return N_("a leader recruits at most twice (5.4)")
    from .cards import rec_refusal

    refusal = rec_refusal(state, side)
    return refusal + " (5.4)" if refusal else None


def do_recruit(rs: DeuxBretagneModel, state: State, leader: str, column: str, ctx: Context,
               flow: Flow) -> None:
    """Roll on the Recruitment Table for ``leader`` (5.41) and start spending the steps."""
    why = why_not_recruit(rs, state, leader)
    if why is not None:
        raise IllegalActionError(N_("{piece} cannot recruit: {why}",
                                    piece=rs.piece_name(state, leader), why=why),
                                 rs.cite("5.4"))
    table = TABLES["recruitment_table"]
    if column not in table["columns"]:
        raise IllegalActionError(N_("Recruit on the ch (Knights) or me (Mercenary) column"),
                                 rs.cite("5.41"))
    side = rs.piece_side(state, leader)
    t = rs.piece_type(state, leader)
    state["vars"]["recruited"][leader] = state["vars"]["recruited"].get(leader, 0) + 1
    mods = [Modifier(N_("leader with activation 1"), 1 if t.activation == 1 else 0, t.name)]
    result = resolve(ctx, table=N_("Recruitment Table"), column=data_word(table["columns"][column]),
                     sides=10, zero_based=True, modifiers=mods, clamp=(0, 10),
                     lookup=lambda n: table["rows"][column][n],
                     describe=lambda r: N_("{r} {capitalize} / {r2} Mil / {r3} Art steps", r=r[0],
                                           capitalize=column.capitalize(), r2=r[1], r3=r[2]),
                     rule=rs.cite("5.41"), who=N_("{side} ({leader})", side=rs.side(side).name,
                                                                leader=t.name))
    main, mil, art = result.result
    if side == "montfort" and mil and "M-01" not in state["vars"]["events"]:
        mil -= 1
        ctx.log(N_("Montfort receives 1 Mil step less (event M-01 not played)"), rs.cite("5.411"))
    artillery = ARTILLERY_EVENT[side] in state["vars"]["events"]
    if art and not artillery:
        ctx.log(N_("{art} Art step(s) lost: {side} recruits artillery only after his event "
                   "{artillery_event}", art=art, side=rs.side(side).name,
                   artillery_event=ARTILLERY_EVENT[side]), rs.cite("5.411, Recruitment Table"))
    elif art:
        ctx.log(N_("{art} Art step(s) to place", art=art), rs.cite("5.411"))
    steps = {column: main, "mil": mil, "art": art if artillery else 0}
    flow.call(rs, state, ctx, "recruit-steps", side=side, leader=leader,
              area=state["pieces"][leader]["loc"], steps=steps)


def _kinds(rs: DeuxBretagneModel, state: State, side: str, kind: str) -> tuple[str, ...]:
    """Unit type suffixes a step of ``kind`` may become (BR knights need Rennes and
    Nantes, 5.411)."""
    if kind != "ch":
        return (kind,)
    allowed = [k for k in KNIGHTS[side] if k != "ch-br"]
    if all(state["control"].get(c) == side for c in ("rennes", "nantes")):
        allowed.append("ch-br")
    return tuple(allowed)


def step_options(rs: DeuxBretagneModel, state: State, frame: Frame) -> list[Action]:
    """Ways to spend the next recruitment step: a new (reduced) unit, or a reduced unit
    of that kind in the area brought back to full."""
    v = frame["vars"]
    side, area = frame["side"], v["area"]
    kind = next((k for k, n in v["steps"].items() if n > 0), None)
    if kind is None:
        return []
    options = []
    own_units = [p for p in pieces_at(state, area)
                 if rs.piece_side(state, p) == side and not rs.is_leader(state, p)]
    for suffix in _kinds(rs, state, side, kind):
        type_id = f"{side}-{suffix}"
        if len(own_units) < STACK_LIMIT and has_free_counter(rs, state, type_id):
            # 5.412 counter mix, 5.42 stacking
            options.append(Action("raise", (suffix, "new")))
        for pid in own_units:
            if state["pieces"][pid]["type"] == type_id and rs.is_reduced(state, pid):
                options.append(Action("raise", (suffix, pid)))
    return options


