"""Lion in Winter, the model's war: the facts of battles (crib Phase Three), control
(Phase Four) and the two charts (Phases Three and Eight) that the steps share."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece, rule_on

from ..words import N_
from .base import OTHER, PLAYERS, PRISON_OF
from .troops import LionTroops

KILLED_KING = "Phase Eleven killed king"
"""A king killed this turn scores as enemy king even once a successor is crowned (0.3)."""


class LionWar(LionTroops):
    """Battles, control and the charts (see :mod:`..model`)."""

    # -- Phase Three: battles ------------------------------------------------------------
    def commander_candidates(self, state: State, area: str, side: str) -> list[str]:
        """Crib Phase Three: the highest ranking leader must be BC (any of that rank, so a
        3-star leader other than the king may command)."""
        here = self.leaders_at(state, area, side)
        if not here:
            return []
        top = max(self.leaders[p].rank for p in here)
        return sorted(p for p in here if self.leaders[p].rank == top)

    def battle_areas(self, state: State) -> list[str]:
        """Areas with leaders of both sides whose battle is not yet resolved this turn."""
        fought = state["vars"].get("fought", [])
        return [a for a in sorted(self.board_map.areas) if a not in fought
                and all(self.leaders_at(state, a, s) for s in PLAYERS)]

    def siege_defender(self, state: State, area: str) -> str | None:
        """The side that may elect to be besieged in ``area``, if any (crib Phase Three:
        a player who controls the area may elect to become besieged; our reading: facing
        the holder of the aggressor marker)."""
        attacker = state["vars"]["aggressor"].get(area)
        if attacker not in PLAYERS:
            return None
        defender = OTHER[attacker]
        if state["control"].get(area) != defender:
            return None
        if not (self.leaders_at(state, area, attacker) and self.leaders_at(state, area,
                                                                          defender)):
            return None
        return defender

    def capture(self, state: State, pids: list[str], captor: str) -> None:
        """Leaders captured by ``captor``: to its prison, their troops removed (a
        mercenary goes home)."""
        for pid in pids:
            self.troops_removed(state, state["vars"]["troops"].pop(pid, {}))
            put_piece(state, pid, PRISON_OF[captor])

    def retreat_places(self, state: State, area: str, side: str) -> list[str]:
        """Crib Phase Three (Retreat): adjacent areas neither enemy-controlled nor
        enemy-occupied."""
        return [d for d in sorted(self.board_map.neighbours(area))
                if d in self.board_map.areas and state["control"].get(d) != OTHER[side]
                and not self.leaders_at(state, d, OTHER[side])]

    def flee_actions(self, state: State, area: str, side: str,
                     fled: dict[str, int]) -> Iterator[Action]:
        """After a failed siege (crib Phase Three): each attacking leader to an area
        neither enemy-occupied nor controlled, border limits counted per destination."""
        here = sorted(self.leaders_at(state, area, side))
        for dest in self.retreat_places(state, area, side):
            limit, _ = self.move_limit(state, area, dest, side)
            if fled.get(dest, 0) < limit:
                for pid in here:
                    yield Action("flee", (area, pid, dest))

    def retreat_actions(self, state: State, area: str, side: str) -> Iterator[Action]:
        """Crib Phase Three (Retreat): all to one area, as many leaders as the border
        allows (the others are captured); with nowhere to go, all are captured."""
        here = sorted(self.leaders_at(state, area, side))
        places = self.retreat_places(state, area, side)
        if not places:
            yield Action("retreat", (area, side, "none", "none"))
        for dest in places:
            limit, _ = self.move_limit(state, area, dest, side)
            for group in combinations(here, min(limit, len(here))):
                yield Action.of("retreat", area, side, dest, list(group))

    # -- Phase Four: control -----------------------------------------------------------
    def control_target(self, state: State, area: str, side: str) -> tuple[int, str]:
        """The control roll's target (succeed on 1d6 <= target), crib Phase Four: in the
        home area of one of the side's non-disgraced leaders there 6 - mercenaries, else
        the best leader's rank - mercenaries. ("Home" read as the leader's home area.)"""
        here = [p for p in self.leaders_at(state, area, side)
                if p not in state["vars"]["disgraced"]]
        mercs = self.mercenaries_in(state, area)
        if any(self.leaders[p].home == area for p in here):
            return 6 - mercs, N_("home area: 6 - {mercs} mercenaries", mercs=mercs)
        rank = max(self.leaders[p].rank for p in here)
        return rank - mercs, N_("leader's rank {rank} - {mercs} mercenaries", rank=rank,
                                mercs=mercs)

    # -- the charts (Phases Three and Eight) ----------------------------------------------
    def chart_call(self, state: State, ctx: Context, chart: str, queue: list[str]) -> None:
        """Enter the ``chart`` procedure for the leaders of ``queue`` (the first one's
        owner answers the questions)."""
        for pid in queue:
            if pid not in state["pieces"]:
                raise InvalidActionError(N_("no leader {pid}", pid=repr(pid)))
        side = self.leader_side(state, queue[0]) if queue else state["active"]
        self.flow.call(self, state, ctx, "chart", side if side in PLAYERS else state["active"],
                       chart=chart, queue=list(queue), leader="", die=0)

    def chart_effect(self, state: State, chart: str, pid: str, result: str,
                     ctx: Context) -> None:
        """Apply a chart result to leader ``pid`` (crib Phases Three and Eight)."""
        side = self.leader_side(state, pid)
        loc = state["pieces"][pid]["loc"]
        v = state["vars"]
        target = None
        if chart == "elimination":
            rule = self.cite("Phase Three")
            target = {"killed": "elimination", "captured": PRISON_OF.get(OTHER.get(side, ""),
                                                                         "routed"),
                      "routed": "routed"}.get(result)
            if result == "killed":
                entry = {"leader": pid, "side": side}
                if v["king"].get(side) == pid and rule_on(state, KILLED_KING):
                    # Phase Eleven scores him as king (+1) even if Phase Nine crowns a
                    # successor before the score: he was king when killed this turn.
                    entry["king"] = True
                v["killed"].append(entry)
        else:
            rule = self.cite("Phase Eight")
            if result == "dies":
                target = "dead"
                left = v["troops"].pop(pid, {})
                if left and loc in self.board_map.areas:
                    pool = v["unassigned"].setdefault(loc, {})
                    for kind, n in left.items():
                        pool[kind] = pool.get(kind, 0) + n
                    ctx.log(N_("Troops of {piece} left unassigned",
                               piece=self.piece_name(state, pid)), rule)
        if target is None:
            return
        if chart == "elimination":
            self.troops_removed(state, v["troops"].pop(pid, {}))
        put_piece(state, pid, target)
        ctx.log(N_("{piece} → {place}"), rule, piece=self.piece_name(state, pid),
                place=self.board_map.place_name(target))
