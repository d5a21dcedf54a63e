"""Hidden set-ups (GA 14.8.2, 14.9, 14.10): the side a scenario lets hide (its
``hide: {side, reveal}``) drags its figures to their hiding places at the set-up; the
places are its secret (``vars.hidden[side]``, a secret path: the other side's program
never holds them) and the figures wait off the table (``loc`` :data:`HIDDEN_BOX`). A
hidden figure is placed on the table when the scenario says: when its player moves it
or has it shoot (``show PID``, offered to him at the set-up and with his movement
orders), and, where the scenario says "when seen", as soon as an enemy on the table
sees its place after a movement (an obligation of its owner's program, ``spot``, which
alone can read the places)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import parse_point, point_text, to_cm
from boardapp.core.table.positions import clear_position, position, set_position
from boardapp.core.table.sight import eye_of, sight_pairs
from boardapp.core.table.tableboard import TABLE_PLACE

from ..model import SIDES, GuetApensModel
from ..model.game import TABLE_RULES
from ..model.words import N_

HIDDEN_BOX = "hidden"
"""Where a hidden figure waits: off the table, its place its owner's secret."""
SPOT_STEP = "spot"
HIDE_RULE = "14.8.2"


def hiding(rs: GuetApensModel, state: State) -> dict[str, Any]:
    """The scenario's hidden set-up: ``{"side": ..., "reveal": ["seen", "move",
    "shoot"]}``, or ``{}``."""
    return dict(rs.scenario_data(state["scenario"]).get("hide") or {})


def secrets(state: State, side: str) -> dict[str, str]:
    """``side``'s hiding places (its secret): figure -> ``X,Y,FACING``."""
    return state["vars"].setdefault("hidden", {}).setdefault(side, {})


def hidden_figures(rs: GuetApensModel, state: State, side: str | None = None) -> list[str]:
    """The figures waiting hidden (public: which; secret: where)."""
    return [p for p in sorted(state["vars"]["figs"]) if state["pieces"].get(p, {}).get(
        "loc") == HIDDEN_BOX and (side is None or rs.piece_side(state, p) == side)]


def may_hide(rs: GuetApensModel, state: State, pid: str) -> bool:
    """Whether the scenario lets ``pid`` hide (its side, its role among ``roles``)."""
    how = hiding(rs, state)
    f = state["vars"]["figs"].get(pid)
    return bool(how) and f is not None and f["side"] == how.get("side") and (
        not how.get("roles") or f["role"] in how["roles"])


def why_not_hide(rs: GuetApensModel, state: State, side: str | None, pid: str,
                 point: str) -> tuple[Msg, str] | None:
    """``None`` if ``side`` may hide ``pid`` at ``point`` now (the set-up)."""
    how = hiding(rs, state)
    if not how:
        return N_("nobody hides in this scenario"), rs.cite(HIDE_RULE)
    if not may_hide(rs, state, pid) or (side is not None and side != how["side"]):
        return N_("{pid}: not a figure who may hide here", pid=repr(pid)), \
            rs.cite(HIDE_RULE)
    most = how.get("count")
    if most and pid not in secrets(state, how["side"]) and len(
            secrets(state, how["side"])) >= int(most):
        return N_("only {n} figures hide in this scenario", n=most), rs.cite(HIDE_RULE)
    try:
        x, y, _facing = parse_point(point)
    except InvalidActionError as exc:
        return exc.args[0], rs.cite(HIDE_RULE)
    table = rs.board_map.table  # type: ignore[attr-defined]
    if not (0 <= to_cm(x) <= table.width and 0 <= to_cm(y) <= table.depth):
        return N_("{point} is off the table", point=point), rs.cite(HIDE_RULE)
    return None


def hide(rs: GuetApensModel, state: State, ctx: Context, pid: str, point: str) -> None:
    """``pid`` hides at ``point``: off the table, the place its owner's secret."""
    side = rs.piece_side(state, pid)
    x, y, facing = parse_point(point)
    at = position(state, pid)
    if facing is None:
        facing = at[2] if at else 0
    secrets(state, side)[pid] = point_text(x, y, facing)
    put_piece(state, pid, HIDDEN_BOX)
    clear_position(state, pid)
    ctx.log(N_("{side} hides a figure: {name} (where is secret)"), rs.cite(HIDE_RULE),
            side=rs.side(side).name, name=rs.piece_name(state, pid))
    ctx.log(N_("{name} hidden at {point}"), private=True, name=rs.piece_name(state, pid),
            point=point_text(x, y, facing))


def show(rs: GuetApensModel, state: State, ctx: Context, pid: str, why: Msg) -> None:
    """Place hidden ``pid`` where he hid (read from his owner's secret)."""
    side = rs.piece_side(state, pid)
    point = secrets(state, side).pop(pid, None)
    if point is None:
        raise IllegalActionError(N_("{name} is not hidden, or his place is not known "
                                    "here", name=rs.piece_name(state, pid)))
    x, y, facing = parse_point(point)
    put_piece(state, pid, TABLE_PLACE)
    set_position(state, pid, x, y, facing or 0)
    ctx.log(N_("{name} is revealed at {point}: {why}"), rs.cite(HIDE_RULE),
            name=rs.piece_name(state, pid), point=point, why=why)


def seen_places(rs: GuetApensModel, state: State, side: str) -> list[str]:
    """``side``'s hidden figures whose place an active enemy on the table sees (the
    owner's program only: it reads the secret)."""
    table = rs.board_map.table  # type: ignore[attr-defined]
    index = rs.index(state)
    places = secrets(state, side)
    eyes, pairs = {}, []
    enemies = [q for q in index.bases if q in state["vars"]["figs"] and
               rs.piece_side(state, q) != side and rs.active(state, q)]
    for q in enemies:
        eyes[q] = eye_of(table, index.bases[q],
                         TABLE_RULES.figure(state["pieces"][q]["type"]).height)
    for pid in hidden_figures(rs, state, side):
        if pid not in places:
            continue
        x, y, facing = parse_point(places[pid])
        spec = TABLE_RULES.figure(state["pieces"][pid]["type"])
        base = Base(to_cm(x), to_cm(y), spec.width, spec.depth, (facing or 0) / 10)
        eyes[pid] = eye_of(table, base, spec.height)
        pairs += [(q, pid) for q in enemies]
    seen = sight_pairs(table, eyes, pairs, TABLE_RULES.see_into)
    return sorted({pid for (_q, pid), ok in seen.items() if ok})


def spot_due(rs: GuetApensModel, state: State) -> list[str]:
    """The sides owing a look at their hidden figures after this movement (the
    scenario reveals them "when seen"), once per movement sequence."""
    v = state["vars"]
    if "seen" not in hiding(rs, state).get("reveal", ()) or v.get("spotted") == v.get(
            "movement"):
        return []
    return [s for s in SIDES if hidden_figures(rs, state, s)]


def call_spot(rs: GuetApensModel, state: State, ctx: Context, flow: Flow) -> bool:
    """Owe the ``spot`` of every side with hidden figures; True if owed."""
    sides = spot_due(rs, state)
    state["vars"]["spotted"] = state["vars"].get("movement")
    if not sides:
        return False
    owe(rs, state, ctx, flow, SPOT_STEP, {s: ["spot"] for s in sides})
    return True


class Spotting(Obligation[GuetApensModel]):
    """After a movement, each side with hidden figures places those an enemy sees."""

    name = SPOT_STEP

    @verb("spot", hand=True, label=N_("Place your hidden figures the enemy now sees"))
    def on_spot(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        for pid in seen_places(rs, state, ctx.side):
            show(rs, state, ctx, pid, N_("an enemy sees him"))


class ShowHidden:
    """A step where a side may place one of its hidden figures (``show PID``): at the
    set-up and with the movement orders, when the player moves him or has him shoot."""

    def show_actions(self, rs: GuetApensModel, state: State, side: str) -> Iterator[Action]:
        for pid in hidden_figures(rs, state, side):
            yield Action("show", (pid,))

    @verb("show", hand=True, label=N_("Reveal {0}: place him where he hid"))
    def on_show(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        show(rs, state, ctx, action.arg(0), N_("his player moves him or has him shoot"))
