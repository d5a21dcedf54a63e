"""Lion in Winter, the model's troops: raising (crib Phase Five), deploying and
recruiting (Phase Six), assigning (Phase Ten), mercenaries going home; the predicates
``why_not_*`` of those phases and the troop effects several steps share."""

from __future__ import annotations

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State

from ..data import TROOPS, base_kind, key_origin, valid_key
from ..words import N_, NP_
from .base import PLAYERS, LionBase, flag_word, kind_word, side_word

Refusal = tuple[str, str | None]


def refused(action: Action, why: str) -> str:
    """"'raise ...' refused: <why>", a message drawn in the reader's language."""
    return N_("'{action}' refused: {why}", action=action.text(), why=why)


class LionTroops(LionBase):
    """Troops: who may raise, deploy, recruit and command what (see :mod:`..model`)."""

    # -- words -------------------------------------------------------------------------
    def kind_name(self, key: str) -> str:
        """``knights:burgundy`` -> "knights (flag burgundy)"."""
        origin = key_origin(key)
        if not origin:
            return kind_word(key)
        if base_kind(key) == "knights":
            return N_("knights (flag {flag})", flag=flag_word(origin))
        return N_("mercenaries ({band})",
                  band=self.bands[origin].name if origin in self.bands else origin)

    def troops_text(self, troops: dict[str, int]) -> str:
        """Strength by kind ("I3 K1"), knights and mercenaries of any origin together."""
        by_kind: dict[str, int] = {}
        for k, n in troops.items():
            by_kind[base_kind(k)] = by_kind.get(base_kind(k), 0) + n
        return " ".join(f"{self.troop_kinds.get(k, {}).get('short', k[0].upper())}{n}"
                        for k, n in by_kind.items() if n)

    @staticmethod
    def at_home(area: str, key: str) -> bool:
        """A mercenary at its home area (for hire: recruited in Phase Six only)."""
        return base_kind(key) == "mercenaries" and key_origin(key) == area

    @staticmethod
    def only_home_mercenaries(area: str, pool: dict[str, int]) -> bool:
        """A pool holding only mercenaries at home (they stay on the board)."""
        return all(n == 0 or (base_kind(k) == "mercenaries" and key_origin(k) == area)
                   for k, n in pool.items())

    def strength(self, state: State, pid: str) -> int:
        """Troop strength a leader commands."""
        return sum(state["vars"]["troops"].get(pid, {}).values())

    # -- Phase Five: raising -----------------------------------------------------------
    def why_not_raise(self, state: State, area: str, kind: str, side: str,
                      flag: str = "") -> str | None:
        """Crib Phase Five: raise in controlled areas, strength = area value; knights only
        in the country of their flag (a knight raised here carries this area's flag; a
        flag named must be it), one per area per turn; gunners only in 3-value areas, one
        per area per turn; longbowmen only in England and Wales. Mercenaries are placed
        and recruited, not raised."""
        info = self.area_info[area]
        if state["control"].get(area) != side:
            return N_("{place} is not controlled by the {side}",
                      place=self.board_map.place_name(area), side=side_word(side))
        if kind == "mercenaries":
            return N_("mercenaries are placed, not raised")
        raised = state["vars"].get("raised", {}).get(area, {})
        if sum(raised.values()) >= info.value:
            return N_("strength raised in an area = its value ({value})", value=info.value)
        if kind in ("knights", "gunners") and raised.get(kind, 0) >= 1:
            return N_("only 1 {kind} per area per turn", kind=kind_word(kind))
        if kind == "knights" and flag and flag != info.flag:
            return (N_("knights are raised only in the country of their flag: {place} is in "
                       "{flag}, not {flag2}", place=self.board_map.place_name(area),
                       flag=flag_word(info.flag), flag2=flag_word(flag)))
        if kind == "gunners" and info.value != 3:
            return N_("gunners only in 3-value areas")
        if kind == "longbowmen" and info.flag not in ("england", "wales"):
            return N_("longbowmen only in England and Wales")
        return None

    def why_not_raise_action(self, state: State, action: Action) -> Refusal | None:
        """``raise AREA KIND [FLAG]`` by the active side (crib Phase Five)."""
        area, kind = action.arg(0), action.arg(1)
        flag = action.arg(2) if len(action.args) > 2 else ""
        if area not in self.area_info or kind not in TROOPS:
            raise InvalidActionError(N_("'{action}': write raise AREA KIND [FLAG]",
                                        action=action.text()))
        why = self.why_not_raise(state, area, kind, state["active"], flag)
        return (refused(action, why), self.cite("Phase Five")) if why else None

    # -- Phase Six: deploying and recruiting ------------------------------------------------
    def deploy_reach(self, state: State, src: str, side: str) -> set[str]:
        """Crib Phase Six: where unassigned troops in ``src`` may go, through chains of
        friendly-controlled areas, never across an obstructed border; the French may not
        use a sea connection."""
        bmap = self.board_map
        seen, todo = {src}, [src]
        while todo:
            a = todo.pop()
            for b in bmap.graph.neighbors(a):
                if b in seen or b not in bmap.areas or state["control"].get(b) != side:
                    continue
                kind = bmap.link_kind(a, b)
                if kind == "obstructed" or (kind == "sea" and side == "french"):
                    continue
                seen.add(b)
                todo.append(b)
        return seen - {src}

    def why_not_deploy(self, state: State, action: Action) -> Refusal | None:
        """``deploy SRC KIND DEST`` by the active side (crib Phase Six): one move per
        strength point and area, through the chain of friendly-controlled areas."""
        src, kind, dest = action.arg(0), action.arg(1), action.arg(2)
        side = state["active"]
        v = state["vars"]
        rule = self.cite("Phase Six")
        if base_kind(kind) == "mercenaries":
            return (N_("'{action}': mercenaries are recruited and assigned at once (recruit "
                       "AREA KIND LEADER)", action=action.text()), rule)
        arrived = v.get("deployed", {}).get(src, {}).get(kind, 0)
        if state["control"].get(src) != side or v["unassigned"].get(src, {}).get(
                kind, 0) - arrived < 1:
            return (N_("'{action}': no unassigned {kind} in an area you control that has not "
                       "deployed yet (one move reaches the whole chain)", action=action.text(),
                       kind=kind_word(kind)), rule)
        if dest not in self.deploy_reach(state, src, side):
            return (N_("'{action}' refused: troops move through chains of friendly-controlled "
                       "areas, not across obstructed borders (nor by sea for the French)",
                       action=action.text()), rule)
        return None

    def recruit_targets(self, state: State, src: str, side: str) -> list[str]:
        """Crib Phase Six: the leaders of ``side`` a mercenary in ``src`` can join: in
        ``src`` itself or through a chain of friendly-controlled areas from it (no
        obstructed border, the French never by sea)."""
        reach = self.deploy_reach(state, src, side) | {src}
        return sorted(p for a in reach for p in self.leaders_at(state, a, side))

    def why_not_recruit(self, state: State, src: str, kind: str, pid: str,
                        side: str) -> str | None:
        """Crib Phase Six: recruit a mercenary (1 strength) and assign it at once."""
        if base_kind(kind) != "mercenaries":
            return N_("only mercenaries are recruited")
        if state["vars"]["unassigned"].get(src, {}).get(kind, 0) < 1:
            return N_("no unassigned {kind} in {place}", kind=kind_word(kind),
                      place=self.board_map.place_name(src))
        if pid not in self.recruit_targets(state, src, side):
            return (N_("mercenaries move through chains of friendly-controlled areas to a "
                       "leader of yours (no obstructed border; the French not by sea)"))
        return self.why_not_assign(state, pid, kind)

    def why_not_recruit_action(self, state: State, action: Action) -> Refusal | None:
        """``recruit AREA KIND LEADER`` by the active side (crib Phase Six)."""
        src, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        if pid not in self.leaders or not valid_key(kind):
            raise InvalidActionError(N_("'{action}': write recruit AREA KIND LEADER",
                                        action=action.text()))
        why = self.why_not_recruit(state, src, kind, pid, state["active"])
        return (refused(action, why),
                self.cite("Phase Six (recruit mercenaries: assigned at once)")) if why else None

    # -- Phase Ten: assigning ----------------------------------------------------------
    def why_not_assign(self, state: State, pid: str, kind: str) -> str | None:
        """Crib Phase Ten: a leader commands 3 x rank strength; command restrictions of
        Phase Five: English longbowmen only under Richard I, Edward I, Robin Hood;
        knights under English or French 3-star leaders, Burgundian chevaliers (flag
        burgundy) also under 2-star Burgundians; gunners under English or French leaders
        only."""
        lead = self.leaders[pid]
        base = base_kind(kind)
        if self.strength(state, pid) >= 3 * lead.rank:
            return N_("{name} commands at most 3 x {rank} strength", name=lead.name,
                      rank=lead.rank)
        if base == "longbowmen" and lead.side == "english" and not lead.longbow:
            return N_("English longbowmen only under Richard I, Edward I and Robin Hood")
        if base == "knights" and not ((lead.side in PLAYERS and lead.rank == 3) or (
                lead.burgundian and lead.rank >= 2 and key_origin(kind) == "burgundy")):
            return (N_("knights only under English or French 3-star leaders (Burgundian "
                       "chevaliers also under 2-star Burgundians)"))
        if base == "gunners" and lead.side not in PLAYERS:
            return N_("gunners only under English or French leaders")
        return None

    def why_not_assign_action(self, state: State, action: Action) -> Refusal | None:
        """``assign AREA KIND LEADER`` by the active side (crib Phase Ten)."""
        area, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        if pid not in self.leaders or not valid_key(kind):
            raise InvalidActionError(N_("'{action}': write assign AREA KIND LEADER",
                                        action=action.text()))
        if self.at_home(area, kind):
            return (N_("'{action}': mercenaries at home are recruited in Phase Six",
                       action=action.text()),
                    self.cite("Phase Six"))
        if state["vars"]["unassigned"].get(area, {}).get(kind, 0) < 1 or pid not in \
                self.leaders_at(state, area, state["active"]):
            return (N_("'{action}': no unassigned {kind} with a leader of yours in {area}",
                       action=action.text(), kind=kind_word(kind), area=area),
                    self.cite("Phase Ten"))
        why = self.why_not_assign(state, pid, kind)
        return (refused(action, why), self.cite("Phase Ten")) if why else None

    # -- effects several steps share ---------------------------------------------------------
    def troops_removed(self, state: State, troops: dict[str, int]) -> None:
        """Troops leave the board; a mercenary goes back to its home area, unassigned
        (our reading of crib Phase Five: "return unassigned mercenaries to their home
        area"; the bands are for hire again)."""
        for key, n in troops.items():
            home = key_origin(key)
            if n > 0 and base_kind(key) == "mercenaries" and home in self.area_info:
                pool = state["vars"]["unassigned"].setdefault(home, {})
                pool[key] = pool.get(key, 0) + n

    def mercenaries_home(self, state: State, ctx: Context, rule: str) -> None:
        """Unassigned mercenaries return to their home areas; other unassigned troops
        stay where they are."""
        v = state["vars"]
        moved = 0
        for area, pool in list(v["unassigned"].items()):
            for key in list(pool):
                home = key_origin(key)
                if base_kind(key) == "mercenaries" and home != area and pool[key] > 0:
                    n = pool.pop(key)
                    moved += n
                    if home in self.area_info:
                        dest = v["unassigned"].setdefault(home, {})
                        dest[key] = dest.get(key, 0) + n
        if moved:
            ctx.log(NP_("{n} unassigned mercenaries return to their home areas",
                        "{n} unassigned mercenaries return to their home areas", moved), rule)

    def mercenaries_in(self, state: State, area: str) -> int:
        """Mercenary strength in ``area``: unassigned and with every leader there (our
        reading of "# of mercenary troops in area", crib Phase Four)."""
        v = state["vars"]
        pools = [v["unassigned"].get(area, {})] + [v["troops"].get(p, {})
                                                   for p in state["stacks"].get(area, [])]
        return sum(n for t in pools for k, n in t.items() if base_kind(k) == "mercenaries")
