"""Placing figures on a table by hand: ``place PIECE X,Y[,FACING]`` (cm, degrees)."""

from __future__ import annotations

from typing import Any

from ..base.errors import InvalidActionError
from ..base.i18n import N_
from ..engine.context import Context
from ..engine.state import State, put_piece
from .fixed import parse_point, point_text, to_cm
from .positions import position, set_position
from .tableboard import TABLE_PLACE, table_of


def place_on_table(ruleset: Any, state: State, pids: list[str], where: str,
                   ctx: Context) -> None:
    """Put ``pids`` at ``where`` (``X,Y[,FACING]``) on the table of ``ruleset``; a figure
    keeps its facing unless one is given. Several figures go to the same point."""
    table = table_of(ruleset.board_map)
    assert table is not None
    x, y, facing = parse_point(where)
    if not table.on_table(to_cm(x), to_cm(y)):
        raise InvalidActionError(N_("{where} is off the table ({width} x {depth} cm)", where=where,
                                    width=format(table.width, 'g'), depth=format(table.depth, 'g')))
    for pid in pids:
        old = position(state, pid)
        turn = facing if facing is not None else (old[2] if old else 0)
        if state["pieces"][pid]["loc"] != TABLE_PLACE:
            put_piece(state, pid, TABLE_PLACE)
        set_position(state, pid, x, y, turn)
        ctx.log(N_("{piece} placed at {point}", piece=ruleset.piece_name(state, pid),
                   point=point_text(x, y, turn)))
