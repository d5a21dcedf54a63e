"""The combat phase (rules 10) and the end of the round (6, 12, 13): the disputed zones
are marked, a besieged commander's camp chooses siege or battle, each battle and siege
is fought (a minor battle on the Combat Table, a major battle or a siege on the tactical
map), then the other camp's turn or the administrative phase; after the last round the
game is over."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import (
    OTHER,
    LilyErmineModel,
    armies,
    battle_rules,
    combat,
    diplomacy,
    siege_rules,
    victory,
)
from ..model.base import ENGLISH_REMOVAL_ROUNDS, Why
from ..model.data import CAMPS
from ..model.tactical import KIND_NAMES
from ..words import N_
from .common import LilyPhase, LilyStep, place_label

_DEFENCES = {"siege": N_("Stand the siege"), "battle": N_("Fight a battle as an army")}


def _defend_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    return N_("{get} in {place}", get=_DEFENCES.get(action.arg(1), _DEFENCES['battle']),
              place=rs.place_name(action.arg(0)))


def mark_disputed(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Every zone both camps occupy where the active camp has an army (the attacker or
    besieger, 2) gets its battle or siege marker (10)."""
    for zone in rs.occupied(state):  # only where pieces stand may both camps be
        if zone not in state["vars"]["markers"] and all(
                rs.own_at(state, zone, c) for c in CAMPS) and armies.is_army(
                rs, state, zone, state["active"]):
            kind = rs.combat_kind(state, zone, state["active"])
            state["vars"]["markers"][zone] = kind
            ctx.log(N_("{place} is disputed: {kind} marker", place=rs.board_map.place_name(zone),
                       kind=KIND_NAMES.get(kind, kind)),
                    rs.cite("10 Overview"))


def administrative(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """The shared administrative phase (6, 13): the English counters leave at the end of
    the year; the time marker moves, or the last round ends the game (12)."""
    v = state["vars"]
    rnd = state["turn"]
    if rnd in ENGLISH_REMOVAL_ROUNDS:
        english = [p for p in state["pieces"] if rs.nationality(state, p) == "england"
                   and rs.on_map(state["pieces"][p]["loc"])]
        for p in english:  # to the Reserve: they may return next round (13)
            put_piece(state, p, rs.reserve_of(rs.piece_side(state, p)))
        if english:
            ctx.log(N_("End of the year: the English counters leave the map ({names})",
                       names=rs.names(state, english)), rs.cite("13 Removal of English "
                                                             "counters"))
    v["moved"], v["rough"], v["sailed"] = [], [], False
    if rnd >= rs.setup_data.rounds:
        victory.final_tally(rs, state, ctx)
        v["over"] = True
        state["phase"] = OverPhase.name
        ctx.log(N_("Round {rnd} is over: the game ends. {outcome}", rnd=rnd,
                   outcome=victory.outcome(rs, state)),
                rs.cite("12"))
        return
    state["turn"] = rnd + 1
    state["active"] = "france"
    ctx.log(N_("Administrative phase: the time marker moves to {turn_label}",
               turn_label=rs.turn_label(state['turn'])), rs.cite("6"))


class CombatPhase(LilyPhase):
    """The camp's combat phase (10): each marked battle and siege is fought."""

    name = "combat"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self.announce(rs, state, ctx)
        mark_disputed(rs, state, ctx)
        armies.queue_defence_choices(rs, state, ctx)  # 10 Overview

    def deciders(self, rs: LilyErmineModel, state: State, frame: Frame) -> list[str]:
        if not diplomacy.pending(state) and armies.defence_pending(state):
            return [OTHER[state["active"]]]  # the besieged chooses siege or battle (10)
        return super().deciders(rs, state, frame)

    def phase_prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        zone = armies.defence_pending(state)
        if zone:
            return (N_("{side}: a commander is in the garrison of {place} — stand the siege, or "
                       "leave the fortress and fight a battle as an army (10)?",
                       side=rs.side(OTHER[state['active']]).name,
                       place=rs.board_map.place_name(zone)))
        return (N_("{head}: fight each marked battle and siege (Minor battle, Major battle or "
                   "Siege on the toolbar or the zone's menu; 10), then Next phase.",
                   head=self.head(rs, state)))

    def phase_actions(self, rs: LilyErmineModel, state: State,
                      frame: Frame) -> Iterator[Action]:
        if armies.defence_pending(state):
            yield from armies.defence_actions(rs, state)
            return
        for zone in sorted(state["vars"]["markers"]):
            if siege_rules.why_not_siege(rs, state, zone) is None:
                yield Action.of("siege", zone)  # on the tactical map (10)
            if battle_rules.why_not_major(rs, state, zone) is None:
                yield Action.of("major-battle", zone)
            if combat.why_not_fight(rs, state, zone) is None:
                yield Action.of("fight", zone)
            yield Action.of("resolved", zone)
        if combat.why_not_end_combat(rs, state) is None:
            yield Action("next-phase")  # once every fight is resolved (10 Following combat)

    def why_not(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        if (not diplomacy.pending(state) and armies.defence_pending(state)
                and action.verb != "defend"):
            return (N_("{side} first chooses to stand the siege or fight as an army",
                       side=rs.side(OTHER[state['active']]).name), rs.cite("10 Overview"))
        return super().why_not(rs, state, frame, action, side)

    def refusal(self, rs: LilyErmineModel, state: State, frame: Frame,
                action: Action) -> Why:
        verb_name = action.verb
        if verb_name == "siege":
            return siege_rules.why_not_siege(rs, state, action.arg(0))
        if verb_name == "major-battle":
            return battle_rules.why_not_major(rs, state, action.arg(0))
        if verb_name == "fight":
            return combat.why_not_fight(rs, state, action.arg(0))
        if verb_name == "next-phase":
            return combat.why_not_end_combat(rs, state)
        if verb_name == "resolved" and action.arg(0) not in state["vars"]["markers"]:
            return N_("no battle or siege to resolve in {arg}", arg=action.arg(0)), rs.cite("10")
        if verb_name == "defend" and action not in set(armies.defence_actions(rs, state)):
            return (N_("no choice of siege or battle waits for this answer"),
                    rs.cite("10 Overview"))
        return super().refusal(rs, state, frame, action)

    def advance(self, rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
        """The other camp's turn, or the administrative phase after the Breton one (6)."""
        if state["active"] == "france":
            flow.enter_phase(rs, state, ctx, "rr", "brittany")
            return
        administrative(rs, state, ctx)
        if not state["vars"]["over"]:
            flow.enter_phase(rs, state, ctx, "rr", "france")

    @verb("defend", label=_defend_label)
    def on_defend(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        armies.choose_defence(rs, state, ctx, action)

    @verb("siege", area=0, decisions=True, label=place_label(N_("Siege: {0}")))
    def on_siege(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        siege_rules.start(rs, state, action.arg(0), ctx, flow)

    @verb("major-battle", area=0, decisions=True, label=place_label(N_("Major battle: {0}")))
    def on_major_battle(self, rs: LilyErmineModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        battle_rules.start(rs, state, action.arg(0), ctx, flow)

    @verb("fight", area=0, decisions=True, label=place_label(N_("Minor battle: {0}")))
    def on_fight(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        combat.fight(rs, state, action.arg(0), ctx, flow)

    @verb("resolved", area=0, label=place_label(N_("Resolved by hand: {0}")), logs=True)
    def on_resolved(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        zone = action.arg(0)
        kind = state["vars"]["markers"].pop(zone)
        ctx.log(N_("The {kind} in {place} was resolved by hand; marker removed",
                   kind=KIND_NAMES.get(kind, kind), place=rs.board_map.place_name(zone)),
                rs.cite("10"))


class OverPhase(LilyStep):
    """After the last round (12): nothing is left to do."""

    name = "over"

    def deciders(self, rs: LilyErmineModel, state: State, frame: Frame) -> list[str]:
        return []

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return N_("The game is over. {outcome}", outcome=victory.outcome(rs, state))


STEPS = (CombatPhase, OverPhase)
