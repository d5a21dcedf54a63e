"""Crib Phases Five, Six and Ten: raising troops, deploying them and recruiting
mercenaries, assigning them to leaders. In each, the non-initiative player acts first,
then the other, each until Done."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..data import TROOPS, base_kind
from ..model import N_, OTHER, PHASE_NAMES, PLAYERS, LionModel, Refusal, kind_word
from .common import LionPhase

SEQUENCE_VERBS = ("done", "next-phase")
"""The verbs every troops phase has, never among a phase's own choices."""


class TroopsPhase(LionPhase):
    """A phase each player plays in turn until Done (``vars.done``), the non-initiative
    player first; its own verbs are checked by the model's predicates."""

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        super().begin(rs, state, frame, ctx, flow)
        self.first(rs, state, ctx)
        v = state["vars"]
        v["done"] = []
        v["deployed"] = {}
        v["raised"] = {}
        state["active"] = OTHER[v["initiative"] or "english"]
        ctx.log(N_("{name} first (the non-initiative player)", name=rs.side(state['active']).name),
                self.rule(rs))

    def first(self, rs: LionModel, state: State, ctx: Context) -> None:
        """What the phase does before the players act (default: nothing)."""

    @staticmethod
    def playing(state: State) -> bool:
        """True while the active side has not said Done."""
        return state["active"] not in state["vars"].get("done", PLAYERS)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        if self.playing(state):
            return N_("{phase}: {name}, then Done", phase=PHASE_NAMES[self.name],
                      name=rs.side(state['active']).name)
        return super().ask(rs, state, frame)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        if not self.playing(state):
            yield Action("next-phase")
            return
        yield from self.choices(rs, state, state["active"])
        yield Action("done")

    def actions_of(self, rs: LionModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """``done`` and ``next-phase`` without listing the phase's choices (which are
        of its own verbs only)."""
        if verb_name in SEQUENCE_VERBS:
            listing: Iterator[Action] = iter(
                (Action("done"),) if self.playing(state) else (Action("next-phase"),))
        else:
            listing = self.actions(rs, state, frame)
        return (a for a in listing if a.verb == verb_name)

    def choices(self, rs: LionModel, state: State, side: str) -> Iterator[Action]:
        """The phase's own actions for ``side``."""
        return iter(())

    def predicate(self, rs: LionModel, state: State, action: Action) -> Refusal | None:
        """Why the phase's own ``action`` is refused (``None``: it is not one of them)."""
        return None

    def owns(self, action: Action) -> bool:
        """True for a verb the phase declares itself (checked by :meth:`predicate`),
        not one every troops phase has."""
        return action.verb in self.verbs and action.verb not in TroopsPhase.verbs

    def why_not(self, rs: LionModel, state: State, frame: Frame, action: Action,
                side: str | None) -> Refusal | None:
        """The phase's own verbs by the model's predicates (they agree with the
        listing); ``done`` and ``next-phase`` by the default lookup."""
        if self.owns(action):
            refusal = self.not_now(rs, state, frame, action, side)
            if refusal is None and not self.playing(state):
                refusal = self.refused(rs, state, frame, action)
            return refusal or self.predicate(rs, state, action)
        return super().why_not(rs, state, frame, action, side)

    @verb("done", label=N_("Done"))
    def on_done(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        v["done"].append(state["active"])
        ctx.log(N_("{name} done", name=rs.side(state['active']).name), self.rule(rs))
        if OTHER[state["active"]] not in v["done"]:
            state["active"] = OTHER[state["active"]]


def _raise_label(rs: LionModel, state: State, action: Action) -> str:
    return N_("Raise 1 {arg} in {place}", arg=kind_word(action.arg(1)),
              place=rs.board_map.place_name(action.arg(0)))


class RaisePhase(TroopsPhase):
    """Phase Five: raise troops in controlled areas (right-click the area)."""

    name = "raise"

    def first(self, rs: LionModel, state: State, ctx: Context) -> None:
        rs.mercenaries_home(state, ctx, self.rule(
            rs, "return unassigned mercenaries to their home area"))

    def choices(self, rs: LionModel, state: State, side: str) -> Iterator[Action]:
        for area in sorted(rs.board_map.areas):
            if state["control"].get(area) == side:
                for kind in TROOPS[:4]:
                    if rs.why_not_raise(state, area, kind, side) is None:
                        yield Action("raise", (area, kind))

    def predicate(self, rs: LionModel, state: State, action: Action) -> Refusal | None:
        return rs.why_not_raise_action(state, action)

    @verb("raise", area=0, label=_raise_label, logs=True)
    def on_raise(self, rs: LionModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        area, kind = action.arg(0), action.arg(1)
        v = state["vars"]
        raised = v["raised"].setdefault(area, {})
        raised[kind] = raised.get(kind, 0) + 1
        key = f"knights:{rs.area_info[area].flag}" if kind == "knights" else kind
        pool = v["unassigned"].setdefault(area, {})
        pool[key] = pool.get(key, 0) + 1
        ctx.log(N_("{name} raise 1 {kind_name} in {place} (unassigned)",
                   name=rs.side(state['active']).name, kind_name=rs.kind_name(key),
                   place=rs.board_map.place_name(area)), self.rule(rs))


def _deploy_label(rs: LionModel, state: State, action: Action) -> str:
    bmap = rs.board_map
    return (N_("Deploy 1 {kind_name} from {place} to {place2}",
               kind_name=rs.kind_name(action.arg(1)), place=bmap.place_name(action.arg(0)),
               place2=bmap.place_name(action.arg(2))))


def _recruit_label(rs: LionModel, state: State, action: Action) -> str:
    return (N_("Recruit 1 {kind_name} from {place} for {piece}",
               kind_name=rs.kind_name(action.arg(1)), place=rs.board_map.place_name(action.arg(0)),
               piece=rs.piece_name(state, action.arg(2))))


def _recruit_places(rs: LionModel, state: State, action: Action) -> tuple[str, ...]:
    """A recruit is on the menus of the mercenaries' area and of the leader's."""
    return (action.arg(0), state["pieces"][action.arg(2)]["loc"])


class DeployPhase(TroopsPhase):
    """Phase Six: unassigned troops move through chains of friendly areas; mercenaries
    are recruited and assigned at once (right-click the area or the leader)."""

    name = "deploy"

    def choices(self, rs: LionModel, state: State, side: str) -> Iterator[Action]:
        for area, pool in sorted(state["vars"]["unassigned"].items()):
            mercs = [k for k, n in sorted(pool.items())
                     if n and base_kind(k) == "mercenaries"]
            for kind in mercs:
                for pid in rs.recruit_targets(state, area, side):
                    if rs.why_not_assign(state, pid, kind) is None:
                        yield Action("recruit", (area, kind, pid))
            if state["control"].get(area) != side:
                continue
            reach = sorted(rs.deploy_reach(state, area, side))
            arrived = state["vars"].get("deployed", {}).get(area, {})
            for kind, n in sorted(pool.items()):
                n -= arrived.get(kind, 0)
                if base_kind(kind) == "mercenaries":
                    continue
                for dest in reach if n else ():
                    yield Action("deploy", (area, kind, dest))

    def predicate(self, rs: LionModel, state: State, action: Action) -> Refusal | None:
        if action.verb == "recruit":
            return rs.why_not_recruit_action(state, action)
        return rs.why_not_deploy(state, action)

    @verb("deploy", area=0, label=_deploy_label, logs=True)
    def on_deploy(self, rs: LionModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        src, kind, dest = action.arg(0), action.arg(1), action.arg(2)
        v = state["vars"]
        v["unassigned"][src][kind] -= 1
        pool = v["unassigned"].setdefault(dest, {})
        pool[kind] = pool.get(kind, 0) + 1
        moved = v.setdefault("deployed", {}).setdefault(dest, {})
        moved[kind] = moved.get(kind, 0) + 1
        bmap = rs.board_map
        ctx.log(N_("1 unassigned {kind_name} deployed from {place} to {place2}",
                   kind_name=rs.kind_name(kind), place=bmap.place_name(src),
                   place2=bmap.place_name(dest)), self.rule(rs))

    @verb("recruit", area=_recruit_places, piece=2, label=_recruit_label, logs=True)
    def on_recruit(self, rs: LionModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        src, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        v = state["vars"]
        v["unassigned"][src][kind] -= 1
        troops = v["troops"].setdefault(pid, {})
        troops[kind] = troops.get(kind, 0) + 1
        ctx.log(N_("1 {kind_name} recruited from {place} and assigned to {piece}",
                   kind_name=rs.kind_name(kind), place=rs.board_map.place_name(src),
                   piece=rs.piece_name(state, pid)),
                self.rule(rs, "recruit mercenaries: assigned at once"))


def _assign_label(rs: LionModel, state: State, action: Action) -> str:
    return (N_("Assign 1 {kind_name} to {piece}", kind_name=rs.kind_name(action.arg(1)),
               piece=rs.piece_name(state, action.arg(2))))


class AssignPhase(TroopsPhase):
    """Phase Ten: unassigned troops join the leaders in their area (right-click the
    leader); those left unassigned are removed when the phase ends."""

    name = "assign"

    def choices(self, rs: LionModel, state: State, side: str) -> Iterator[Action]:
        for area, pool in sorted(state["vars"]["unassigned"].items()):
            for kind, n in sorted(pool.items()):
                if rs.at_home(area, kind):
                    continue
                for pid in rs.leaders_at(state, area, side) if n else ():
                    if rs.why_not_assign(state, pid, kind) is None:
                        yield Action("assign", (area, kind, pid))

    def predicate(self, rs: LionModel, state: State, action: Action) -> Refusal | None:
        return rs.why_not_assign_action(state, action)

    def leave(self, rs: LionModel, state: State, ctx: Context) -> None:
        v = state["vars"]
        rs.mercenaries_home(state, ctx, rs.cite("Phase Ten (mercenaries: our reading of "
                                                "Phase Five)"))
        if any(rs.troops_text(t) for a, t in v["unassigned"].items()
               if not rs.only_home_mercenaries(a, t)):
            ctx.log(N_("Unassigned troops removed from the board"), self.rule(rs))
        v["unassigned"] = {a: t for a, t in v["unassigned"].items()
                           if rs.only_home_mercenaries(a, t) and any(t.values())}

    @verb("assign", area=0, piece=2, label=_assign_label)
    def on_assign(self, rs: LionModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        area, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        v = state["vars"]
        v["unassigned"][area][kind] -= 1
        troops = v["troops"].setdefault(pid, {})
        troops[kind] = troops.get(kind, 0) + 1
        ctx.log(N_("1 {kind_name} assigned to {piece} in {place}", kind_name=rs.kind_name(kind),
                   piece=rs.piece_name(state, pid), place=rs.board_map.place_name(area)),
                self.rule(rs))
