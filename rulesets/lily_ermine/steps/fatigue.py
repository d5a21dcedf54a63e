"""Fatigue and desertion (rules 9): a table roll for every stack of the active camp.

For each army or garrison (a stack of units in a zone): the column is its SP, the die
is 1D6 plus the modifiers (all cumulative), and the result is the SP the owner must
eliminate. The rule text does not print the table: a value the data does not know
(``null`` in data/tables.yaml) is not invented; the step shows the column and the
(modified) die and asks the players for the printed result (:func:`ask_result`).
Then the owner chooses the losses: reduce a full unit (1 SP) or eliminate a unit (its
SP); eliminated units go to the camp's Reserve (9).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import Modifier, ask_result, resolve
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.combat import sp_loss_choices
from ..model.names import data_word
from ..model.sheets import fatigue_modifier, fatigue_results
from ..words import N_
from .common import LilyPhase, LilyStep, SpLossStep

MAX_ASKED = 12
"""The largest loss offered when the players give an unknown result."""


def _zone_order(zone: str) -> tuple[int, str]:
    digits = "".join(ch for ch in zone if ch.isdigit())
    return (int(digits) if digits else 0, zone)


def _units(rs: LilyErmineModel, state: State, zone: str, camp: str) -> list[str]:
    return [p for p in pieces_at(state, zone)
            if rs.piece_side(state, p) == camp and not rs.is_commander(state, p)]


def modifiers(rs: LilyErmineModel, state: State, zone: str) -> tuple[list[Modifier], list[str]]:
    """The modifiers that apply to the stack in ``zone``: (known, labels of unknown)."""
    table = rs.fatigue_table
    applies = [rs.season(state["turn"])]
    if any(p in state["vars"]["rough"] for p in pieces_at(state, zone)):
        applies.append("mountain")
    known, unknown = [], []
    for mid in applies:
        spec = table.modifiers.get(mid)
        if spec is None:
            continue
        value = fatigue_modifier(rs, state, mid)
        if value is None:
            unknown.append(spec["label"])
        else:
            known.append(Modifier(data_word(spec["label"]), value, data_word(spec["source"])))
    return known, unknown


def _losses(rs: LilyErmineModel, state: State, ctx: Context, flow: Flow, zone: str,
            lost: int) -> None:
    if lost <= 0:
        flow.goto(rs, state, ctx, "fatigue")
        return
    flow.goto(rs, state, ctx, "fatigue-losses", zone=zone, remaining=lost)



class FatiguePhase(LilyPhase):
    """The camp's fatigue and desertion phase (9), and its check of the stacks.

    The phase and the procedure it calls share their name (``fatigue``), as in the
    games saved before the phases were steps: entering the phase calls the procedure
    on every stack of the active camp; the procedure's frame rolls for the next stack,
    resolves it if the table knows the value, else asks; once every stack is checked,
    the phase waits for Next phase."""

    name = "fatigue"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        stack = state.get("flow") or []
        if not stack or stack[-1] is not frame:  # entering the phase (6)
            self.announce(rs, state, ctx)
            camp = state["active"]
            areas, stacks = rs.board_map.areas, state["stacks"]
            # only zones where pieces stand may hold a stack (sorted as the map's zones)
            zones = [z for z in sorted((z for z, here in stacks.items() if here and z in areas),
                                       key=_zone_order)
                     if _units(rs, state, z, camp)]
            flow.call(rs, state, ctx, "fatigue", camp, zones=zones)
            return
        v = frame["vars"]
        camp = frame["side"]
        while v["zones"]:
            zone = v["zones"].pop(0)
            units = _units(rs, state, zone, camp)
            if units:
                break
        else:
            ctx.log(N_("{side}: fatigue and desertion checked for every stack",
                       side=rs.side(camp).name),
                    rs.cite("9"))
            flow.end(rs, state, ctx)
            return
        table = rs.fatigue_table
        sp = rs.stack_sp(state, units)
        column = table.column(sp)
        known, unknown = modifiers(rs, state, zone)
        lo, hi = table.die

        def lookup(modified: int) -> int | None:
            return None if unknown else fatigue_results(rs, state)[column].get(modified)

        res = resolve(ctx, table=data_word(table.name), column=N_("{column} SP", column=column),
                      sides=6,
                      zero_based=False,
                      modifiers=known, lookup=lookup, clamp=(lo, hi), rule=rs.cite("9"),
                      who=N_("{side} ({place}, {sp} SP)", side=rs.side(camp).name,
                             place=rs.board_map.place_name(zone), sp=sp),
                      describe=lambda r: N_("unknown value") if r is None else N_("{r} SP lost",
                                                                                  r=r))
        if res.result is None:
            extra = N_(" Apply the modifiers whose values are unknown yourself: {names}.",
                       names=listing([data_word(u) for u in unknown])) if unknown else ""
            question = (N_("read column {column} SP at modified die {modified} (die {die}) and "
                           "give the SP lost.{extra}", column=column, modified=res.modified,
                           die=res.die, extra=extra))
            ask_result(ctx, table=data_word(table.name), question=question, rule=rs.cite("9"),
                       cell=(column, str(res.modified)))
            flow.goto(rs, state, ctx, "fatigue-ask", zone=zone, sp=sp, column=column,
                      die=res.die, modified=res.modified, unknown=unknown)
            return
        _losses(rs, state, ctx, flow, zone, int(res.result))



class FatigueAsk(LilyStep):
    """The table value is unknown: the players read the printed table and give it."""

    name = "fatigue-ask"
    section = "9"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        unknown = N_(" + unknown modifier(s): {names}", names=listing(
            [data_word(u) for u in v["unknown"]])) if v["unknown"] else ""
        return (N_("{fatigue_table} (9), {place} ({sp} SP): column {column} SP, die {die}, "
                   "modified {modified}{unknown}. Its values are not known to boardapp: read the "
                   "printed table and choose the SP lost.",
                   fatigue_table=data_word(rs.fatigue_table.name),
                   place=rs.board_map.place_name(v['zone']), sp=v['sp'], column=v['column'],
                   die=v['die'], modified=v['modified'], unknown=unknown))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        top = min(frame["vars"]["sp"], MAX_ASKED)
        for n in range(top + 1):
            yield Action.of("fatigue-result", n)

    @verb("fatigue-result", label=N_("{0} SP lost"))
    def on_fatigue_result(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        n = int(action.arg(0))
        v = frame["vars"]
        ctx.log(N_("{fatigue_table}, column {column} SP, modified die {modified}: the players "
                   "read {n} SP lost (printed table, given by hand)",
                   fatigue_table=data_word(rs.fatigue_table.name), column=v['column'],
                   modified=v['modified'], n=n), rs.cite("9"))
        _losses(rs, state, ctx, flow, v["zone"], n)



class FatigueLosses(SpLossStep):
    """The owner chooses the units that lose the SP (9)."""

    name = "fatigue-losses"
    section = "9"
    LABEL = N_("Fatigue and desertion")
    RULE = "9"

    def _units(self, rs: LilyErmineModel, state: State, frame: Frame) -> list[str]:
        return _units(rs, state, frame["vars"]["zone"], frame["side"])

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        return (N_("Fatigue and desertion in {place}: eliminate {remaining} more SP — reduce a "
                   "unit (1 SP) or eliminate one (9).", place=rs.board_map.place_name(v['zone']),
                   remaining=v['remaining']))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        yield from sp_loss_choices(rs, state, self._units(rs, state, frame),
                                   frame["vars"]["remaining"])

    def _after(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        v = frame["vars"]
        v["remaining"] -= lost
        if v["remaining"] <= 0 or not self._units(rs, state, frame):
            flow.goto(rs, state, ctx, "fatigue")



STEPS = (FatigueAsk, FatigueLosses)
