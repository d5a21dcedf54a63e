"""Taking the hits of a battle round (crib Phase Three) and the retreat that follows a
pursuit: two procedures the battle calls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..data import base_kind
from ..model import N_, NP_, OTHER, LionModel, kind_word


def _lose_label(rs: LionModel, state: State, action: Action) -> str:
    pid, kind = action.args
    if kind == "leader":
        return N_("{piece}: the leader himself", piece=rs.piece_name(state, pid))
    return N_("{piece}: 1 {kind}", piece=rs.piece_name(state, pid), kind=rs.kind_name(kind))


class LossesStep(Step[LionModel]):
    """Taking the hits of a battle round (crib Phase Three): troop strength first, a
    knight covering 2 hits, one mercenary hit removing all the side's mercenaries; a leader
    only once he has no troops, the battle commander last; a leader hit rolls on the
    Elimination Chart. Frame vars: ``area``, ``hits`` (to take, by side), ``order``, ``bc``.
    """

    name = "losses"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        while v["order"]:
            side = v["order"][0]
            if v["hits"][side] > 0 and rs.leaders_at(state, v["area"], side):
                frame["side"] = side
                return
            v["order"].pop(0)
        flow.end(rs, state, ctx, None)

    def resume(self, rs: LionModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self.begin(rs, state, frame, ctx, flow)

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        side = frame["side"]
        return (N_("Battle in {place}: {name}, take {hits} hit(s)",
                   place=rs.board_map.place_name(v['area']), name=rs.side(side).name,
                   hits=v['hits'][side]))

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        side = frame["side"]
        here = sorted(rs.leaders_at(state, v["area"], side))
        troops = state["vars"]["troops"]
        for pid in here:
            for kind, n in sorted(troops.get(pid, {}).items()):
                if n > 0:
                    yield Action("lose", (pid, kind))
        for pid in here:
            if not any(troops.get(pid, {}).values()) and (
                    pid != v["bc"].get(side) or len(here) == 1):
                yield Action("lose", (pid, "leader"))

    @verb("lose", label=_lose_label, logs=True)
    def on_lose(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        side = frame["side"]
        pid, kind = action.args
        rule = rs.cite("Phase Three (hits)")
        troops = state["vars"]["troops"]
        name = rs.piece_name(state, pid)
        if kind == "leader":
            v["hits"][side] -= 1
            ctx.log(N_("{name} is hit", name=name), rule)
            rs.chart_call(state, ctx, "elimination", [pid])
            return
        if base_kind(kind) == "mercenaries":
            v["hits"][side] -= 1
            for other in rs.leaders_at(state, v["area"], side):
                mine = troops.get(other, {})
                rs.troops_removed(state, {k: mine.pop(k) for k in list(mine)
                                          if base_kind(k) == "mercenaries"})
            ctx.log(N_("A mercenary is hit: all {name} mercenaries here are removed (back to "
                       "their home areas: our reading)", name=rs.side(side).name), rule)
        else:
            covered = min(2, v["hits"][side]) if base_kind(kind) == "knights" else 1
            v["hits"][side] -= covered
            troops[pid][kind] -= 1
            ctx.log(NP_("{name} loses 1 {kind} ({n} hit)", "{name} loses 1 {kind} ({n} hits)",
                        covered, name=name, kind=kind_word(kind)), rule)
        self.begin(rs, state, frame, ctx, flow)


class RetreatStep(Step[LionModel]):
    """After the pursuit roll, the retreating side takes its hits, then its surviving
    leaders go to the destination, disgraced (crib Phase Three, Retreat). Frame vars:
    ``area``, ``dest``, ``going``, ``hits``, ``bc``."""

    name = "retreat"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        side = frame["side"]
        flow.call(rs, state, ctx, "losses", side, area=v["area"],
                  hits={side: v["hits"], OTHER[side]: 0}, order=[side], bc=v["bc"])

    def resume(self, rs: LionModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        v = frame["vars"]
        moved = [p for p in v["going"] if state["pieces"][p]["loc"] == v["area"]]
        for pid in moved:
            put_piece(state, pid, v["dest"])
            if pid not in state["vars"]["disgraced"]:
                state["vars"]["disgraced"].append(pid)
        if moved:
            ctx.log(N_("{names} run away to {place}, disgraced",
                       names=listing(rs.piece_name(state, p) for p in moved),
                       place=rs.board_map.place_name(v['dest'])),
                    rs.cite("Phase Three (Retreat)"))
        flow.end(rs, state, ctx, None)
