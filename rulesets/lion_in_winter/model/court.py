"""Lion in Winter, the model's court: captured leaders (crib Phase Seven), placing new and
routed leaders and crowning a king (Phase Nine): whose turn it is, the predicates, and
the effects several steps share."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece

from ..words import N_
from .base import OTHER, PLAYERS, PRISON_OF, SIDE_ORDER, side_word
from .troops import Refusal, refused
from .war import LionWar


class LionCourt(LionWar):
    """Prisoners, placement and crowning (see :mod:`..model`)."""

    # -- Phase Seven: captured leaders, each decision its owner's --------------------------
    def prisoners(self, state: State, side: str) -> list[str]:
        """The ``side`` leaders held in the enemy's prison."""
        return sorted(p for p in state["stacks"].get(PRISON_OF[OTHER[side]], [])
                      if self.leader_side(state, p) == side)

    def prisoner_actions(self, state: State, stage: str, side: str) -> Iterator[Action]:
        """Crib Phase Seven: exchanges of equal stars (the initiative player's choice,
        groups of up to 3 a side listed), or ``side``'s ransoms of his own leaders."""
        if stage == "exchange":
            eng, fre = self.prisoners(state, "english"), self.prisoners(state, "french")
            stars = {p: self.leaders[p].rank for p in eng + fre}
            for n in range(1, min(3, len(eng)) + 1):
                for a in combinations(eng, n):
                    for m in range(1, min(3, len(fre)) + 1):
                        for b in combinations(fre, m):
                            if sum(stars[x] for x in a) == sum(stars[x] for x in b):
                                yield Action.of("exchange", list(a), list(b))
            return
        for pid in self.prisoners(state, side):
            for area in sorted(self.board_map.areas):
                if self.why_not_ransom(state, pid, area) is None:
                    yield Action("ransom", (pid, area))

    def why_not_ransom(self, state: State, pid: str, area: str) -> str | None:
        """Crib Phase Seven: a ransom gives up a control token of an area of value >= the
        leader's rank (one token: our reading)."""
        side = self.leader_side(state, pid)
        if side not in PLAYERS or pid not in self.prisoners(state, side):
            return N_("{piece} is not a prisoner of the enemy", piece=self.piece_name(state, pid))
        if state["control"].get(area) != side:
            return N_("the {side} have no control token in {place}", side=side_word(side),
                      place=self.board_map.place_name(area))
        if self.area_info[area].value < self.leaders[pid].rank:
            return N_("the area's value must be at least the leader's rank")
        return None

    def captured_turn(self, state: State) -> tuple[str, str] | None:
        """Who decides what now in Phase Seven: the initiative player's exchanges (crib:
        "combinations decided by IP"), then each player's ransoms for his own leaders in
        the enemy's prison (the IP first: our reading), or ``None`` when done."""
        found = self.captured_index(state)
        return None if found is None else self.captured_turns(state)[found]

    @staticmethod
    def captured_turns(state: State) -> list[tuple[str, str]]:
        """The decisions of Phase Seven in order: (stage, side)."""
        ip = state["vars"]["initiative"] or "english"
        return [("exchange", ip), ("ransom", ip), ("ransom", OTHER[ip])]

    def captured_index(self, state: State) -> int | None:
        """The first decision from ``captured_step`` on that has a choice (reads only)."""
        turns = self.captured_turns(state)
        for i in range(state["vars"].get("captured_step", 0), len(turns)):
            if any(True for _ in self.prisoner_actions(state, *turns[i])):
                return i
        return None

    def captured_sync(self, state: State) -> None:
        """Skip the decisions without a choice; the side to decide acts."""
        found = self.captured_index(state)
        v = state["vars"]
        v["captured_step"] = 3 if found is None else found
        turn = self.captured_turn(state)
        state["active"] = turn[1] if turn else (v["initiative"] or "english")

    # -- Phase Nine: placing leaders and crowning ----------------------------------------
    def place_turn(self, state: State) -> tuple[str, str] | None:
        """Crib Phase Nine: the non-aligned leaders available, placed alternately (the
        nIP first) by the players; then the nIP's national leaders, then the IP's; then
        each player with no king crowns a 3-star leader if he has one."""
        v = state["vars"]
        nip = self.nip(state)
        routed = state["stacks"].get("routed", [])
        if any(self.leaders[p].side == "non-aligned" for p in routed):
            return "non-aligned", v.get("na_turn") or nip
        for side in (nip, OTHER[nip]):
            if any(self.leaders[p].side == side for p in routed):
                return "national", side
        for side in (nip, OTHER[nip]):
            if self.crown_candidates(state, side):
                return "crown", side
        return None

    def place_sync(self, state: State) -> None:
        """The side whose turn it is to place (or crown) acts."""
        turn = self.place_turn(state)
        state["active"] = turn[1] if turn else (state["vars"]["initiative"] or "english")

    def arrivals(self, state: State, ctx: Context) -> None:
        """Crib Phase Nine: new leaders arrive each round, 2 English, 2 French, 2
        non-aligned (the earliest years of entry first: our reading), joining the routed
        leaders in the available box."""
        pool = state["stacks"].get("leader-pool", [])
        came = []
        for side in SIDE_ORDER:
            waiting = sorted((p for p in pool if self.leaders[p].side == side),
                             key=lambda p: (self.leaders[p].year, p))
            for pid in waiting[:2]:
                put_piece(state, pid, "routed")
                came.append(self.piece_name(state, pid))
        if came:
            ctx.log(N_("New leaders arrive: {names}", names=listing(came)), self.cite("Phase Nine"))

    def why_not_place(self, state: State, pid: str, area: str, side: str) -> str | None:
        """Crib Phase Nine: a leader is placed in a friendly-controlled or neutral area
        (even with enemy leaders there), or always in his home area (even
        enemy-controlled)."""
        if area not in self.area_info:
            return N_("{area} is not an area of the map", area=repr(area))
        lead = self.leaders[pid]
        if area == lead.home or self.area_info[area].neutral \
                or state["control"].get(area) == side:
            return None
        return (N_("{place} is neither controlled by the {name}, neutral, nor {name2}'s home "
                   "area", place=self.board_map.place_name(area), name=self.side(side).name,
                   name2=lead.name))

    def placements(self, state: State) -> Iterator[Action]:
        """The placements (or crownings) of the side whose turn it is (crib Phase Nine)."""
        turn = self.place_turn(state)
        if turn is None:
            return
        stage, side = turn
        if stage == "crown":
            for pid in self.crown_candidates(state, side):
                yield Action("crown", (pid,))
            return
        wanted = side if stage == "national" else "non-aligned"
        for pid in sorted(state["stacks"].get("routed", [])):
            if self.leaders[pid].side != wanted:
                continue
            for area in sorted(self.area_info):
                if self.why_not_place(state, pid, area, side) is None:
                    yield Action("place-leader", (pid, area))

    def why_not_place_leader(self, state: State, action: Action) -> Refusal | None:
        """``place-leader LEADER AREA`` by the side whose turn it is (crib Phase Nine)."""
        pid, area = action.arg(0), action.arg(1)
        rule = self.cite("Phase Nine")
        turn = self.place_turn(state)
        if turn is None or turn[0] == "crown":
            return N_("'{action}' is not possible now: {prompt}", action=action.text(),
                      prompt=self.prompt(state)), rule
        stage, side = turn
        if pid not in state["pieces"] or state["pieces"][pid]["loc"] != "routed":
            return (N_("'{action}': {piece} is not in the available (routed) box",
                       action=action.text(), piece=self.piece_name(state, pid)), rule)
        wanted = side if stage == "national" else "non-aligned"
        if self.leaders[pid].side != wanted:
            order = (N_("the non-aligned leaders are placed first, alternately") if wanted ==
                     "non-aligned" else N_("the {side} place their leaders now",
                                           side=self.side(side).name))
            return N_("'{action}' refused: {order}", action=action.text(), order=order), self.cite(
                "Phase Nine (placement order)")
        why = self.why_not_place(state, pid, area, side)
        return (refused(action, why), rule) if why else None

    def arrive(self, state: State, pid: str, area: str, ctx: Context) -> None:
        """A leader placed on the map (crib Phase Nine): in his home area he receives
        infantry equal to his rank; elsewhere the place must be friendly-controlled or
        neutral (said, not refused: placing by hand is a hand on the table); an aggressor
        marker goes where he joins enemy leaders, if none is there yet."""
        rule = self.cite("Phase Nine")
        lead = self.leaders[pid]
        side = self.leader_side(state, pid)
        v = state["vars"]
        v["troops"][pid] = {}
        name = self.board_map.place_name(area)
        if area == lead.home:
            v["troops"][pid] = {"infantry": lead.rank}
            ctx.log(N_("{name} placed in his home area {name2}: receives {rank} infantry",
                       name=lead.name, name2=name, rank=lead.rank), rule)
        elif not (state["control"].get(area) == side or self.area_info[area].neutral):
            ctx.log(N_("Note: {name} is neither friendly-controlled, neutral nor {name2}'s "
                       "home area", name=name, name2=lead.name), rule)
        if side in PLAYERS and self.leaders_at(state, area, OTHER[side]) \
                and area not in v["aggressor"]:
            v["aggressor"][area] = side
            ctx.log(N_("Aggressor marker ({name}) placed in {name2}", name=self.side(side).name,
                       name2=name), rule)

    def crown_candidates(self, state: State, side: str) -> list[str]:
        """The leaders ``side`` may crown now."""
        return sorted(p for p in self.leaders_at_large(state, side)
                      if self.why_not_crown(state, p) is None)

    def why_not_crown(self, state: State, pid: str) -> str | None:
        """Crib Phase Nine: a king must be a 3-star leader; an imprisoned king remains king."""
        if pid not in state["pieces"]:
            return N_("no leader {pid}", pid=repr(pid))
        lead = self.leaders[pid]
        side = self.leader_side(state, pid)
        if side not in PLAYERS or lead.side != side:
            return N_("{name} is not an English or French leader", name=lead.name)
        if lead.rank != 3:
            return N_("{name} is not a 3-star leader", name=lead.name)
        king = state["vars"]["king"].get(side)
        if king == pid:
            return N_("{name} is king already", name=lead.name)
        if king is not None and state["pieces"][king]["loc"] not in ("dead", "elimination"):
            return N_("{piece} is still king (imprisoned kings remain king)",
                      piece=self.piece_name(state, king))
        if state["pieces"][pid]["loc"] not in self.board_map.areas:
            return N_("{name} is not on the map", name=lead.name)
        return None
