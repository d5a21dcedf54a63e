"""4.0 B-C, the action phase: each player draws his cards (phase B, ``draw``), then the
players take turns at their activations (2 in turn 1, then 5: Turn Table). In an
activation the player plays a card (ACT, REC, SOL, EVT, 5.2-5.6) or takes a free action
(5.32), moves, besieges, recruits, then ends the activation. When both have played all
theirs, the end of the action phase (4.0 C) comes (``phases.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.base.i18n import Msg, listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.ruleset import MoveVerdict
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import cards as card_rules
from ..model import events, labels
from ..model.base import PLAYERS, DeuxBretagneModel, activations_allowed, current_play
from ..model.movement import check_move, legal_destinations
from ..model.recruit import do_recruit, why_not_recruit
from ..model.siege import (
    can_assault,
    can_besiege,
    can_sortie,
    do_assault,
    do_besiege,
    do_sortie,
    record_activation,
)
from ..words import N_
from .common import DeuxBretagneStep
from .move import do_move

HAND_VERBS = frozenset({"play", "send-to-war", "enter-leader", "claim-evran"})
"""The verbs :func:`card_rules.play_actions` lists (and no other part of the listing)."""
SIEGE_VERBS = {"besiege": (can_besiege, N_("{place} cannot be besieged: {why}"), "10.12, 10.13"),
               "assault": (can_assault, N_("No siege roll in {place}: {why}"), "10.21"),
               "sortie": (can_sortie, N_("No sortie from {place}: {why}"), "10.16")}
"""Each siege verb's predicate, and the words and rule of its refusal (10.12-10.21)."""


def activation_prompt(play: dict) -> str:
    """What the card or free action of the activation lets the player do (5.2-5.5, 5.32)."""
    if play["use"] == "free":
        return (N_("[free action, 5.32] — move 1 combat unit alone or 1 leader alone (no battle, "
                   "no recruit), then End activation (4.0 C)"))
    if play["use"] in ("act", "act+evt"):
        level = f" {play['act']}" if play.get("act") else ""
        return (N_("[{card} played as ACT{level}] — move, fight or besiege with the leaders it "
                   "activates (5.3), then End activation (4.0 C)", card=play["card"], level=level))
    if play["use"] == "rec":
        return (N_("[{card} played as REC] — recruit from a leader's menu (5.4), then End "
                   "activation (4.0 C)", card=play['card']))
    return (N_("[{card} played as {use_names}] — End activation when done (4.0 C)",
               card=play['card'], use_names=card_rules.USE_NAMES[play['use']]))


class ActionPhase(DeuxBretagneStep):
    """4.0 B-C: phase B's draws and the players' activations (``state["active"]`` plays)."""

    name = "action"
    _checked: tuple[State, Action, MoveVerdict] | None = None
    """The verdict of the move :meth:`why_not` found legal last, with its position and
    action: the move applied right after it (in that position, the same action object)
    needs no second search."""

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """A new turn's action phase (4.0 F, then A-B): nothing played, nothing drawn."""
        state["vars"]["activations"] = {side: 0 for side in PLAYERS}
        state["vars"]["mp_spent"] = {}
        state["vars"]["resources"] = {side: 0 for side in PLAYERS}  # 12.11: not saved
        state["vars"]["drawn"] = {side: False for side in PLAYERS}  # phase B comes again
        state["vars"]["card_play"] = None
        ctx.log(N_("Turn marker advanced to {turn_label}",
                   turn_label=rs.turn_label(state['turn'])), rs.cite("4.0 F"))

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        side = rs.side(state["active"]).name
        done = state["vars"]["activations"][state["active"]]
        allowed = activations_allowed(state["turn"])
        draw = (N_("draw your cards first (phase B, 4.0 B), ")
                if card_rules.why_not_draw(state, state["active"]) is None else "")
        play = state["vars"].get("card_play")
        if play and play["side"] == state["active"]:
            return N_("{side}: activation {value} of {allowed} {activation_prompt}", side=side,
                      value=done + 1, allowed=allowed, activation_prompt=activation_prompt(play))
        return (N_("{side}: activation {value} of {allowed} — {draw}play a card as ACT, REC, SOL "
                   "or EVT, or take a free action; then move, then End activation (4.0 C, 5.2)",
                   side=side, value=done + 1, allowed=allowed, draw=draw))

    # -- what the active side may do -----------------------------------------------------
    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield from self.moves(rs, state)
        yield from self.others(rs, state)

    def actions_of(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """Only the part of the listing that yields ``verb_name``: a move lists the places
        in reach, the others skip them (each part yields its own verbs only)."""
        if verb_name == "move":
            listing = self.moves(rs, state)
        elif verb_name in SIEGE_VERBS:
            listing = self.siege_actions(rs, state)
        elif verb_name == "recruit":
            listing = self.recruit_actions(rs, state)
        elif verb_name in ("enlist", "draw", "free-action"):
            listing = self.card_actions(rs, state)
        elif verb_name in HAND_VERBS:  # the hand's: cards, and what events let it do
            listing = card_rules.play_actions(rs, state, state["active"])
        elif verb_name == "end":
            listing = iter((Action("end"),))
        else:
            listing = self.actions(rs, state, frame)
        return (a for a in listing if a.verb == verb_name)

    def others(self, rs: DeuxBretagneModel, state: State) -> Iterator[Action]:
        """Every action but the moves: sieges, recruitments, cards, the hand's, the end."""
        yield from self.siege_actions(rs, state)
        yield from self.recruit_actions(rs, state)
        yield from self.card_actions(rs, state)
        yield from card_rules.play_actions(rs, state, state["active"])
        yield Action("end")

    @staticmethod
    def moves(rs: DeuxBretagneModel, state: State) -> Iterator[Action]:
        """Each stack of the active side as a whole, then each of its pieces alone, to
        every place it may reach (8.1); any other part of a stack may move too."""
        side = state["active"]
        if current_play(state, side) is None and card_rules.card_required(state):
            return  # 5.2, 5.3, 5.32: nothing moves before a card or a free action
        enemies: dict[tuple[str, str], list[str]] = {}  # one look at each place
        for place, stack in sorted(state["stacks"].items()):
            if place not in rs.board_map.graph:
                continue
            own = [p for p in stack if rs.piece_side(state, p) == side]
            groups: list[list[str]] = []
            if len(own) > 1:
                groups.append(own)
            groups.extend([p] for p in own)
            for group in groups:
                # rs.reachable's places (its labels, the steps a route costs, unneeded)
                word = ",".join(group)  # Action.of's word for the list
                for dest in sorted(legal_destinations(rs, state, group, enemies=enemies)):
                    yield Action("move", (word, dest))

    @staticmethod
    def siege_actions(rs: DeuxBretagneModel, state: State) -> Iterator[Action]:
        """``besiege``, ``assault`` and ``sortie`` where the active side may (10.12, 10.21,
        10.16)."""
        side = state["active"]
        if card_rules.siege_refusal(rs, state, side):  # 5.3, 5.321, 10.12
            return
        for area in sorted(rs.board_map.areas):
            if not rs.board_map.areas[area].fortified or area not in state["stacks"]:
                continue
            for name, (can, _, _) in SIEGE_VERBS.items():
                if can(rs, state, area, side) is None:
                    yield Action(name, (area,))

    @staticmethod
    def recruit_actions(rs: DeuxBretagneModel, state: State) -> Iterator[Action]:
        """``recruit LEADER ch|me`` for every leader who may recruit now (5.4)."""
        side = state["active"]
        leaders = sorted(p for p in state["pieces"] if rs.is_leader(state, p))
        for pid in leaders:  # another side's leader is refused (why_not_recruit's 4.0 C)
            if rs.piece_side(state, pid) == side and why_not_recruit(rs, state, pid) is None:
                yield Action("recruit", (pid, "ch"))
                yield Action("recruit", (pid, "me"))

    @staticmethod
    def card_actions(rs: DeuxBretagneModel, state: State) -> Iterator[Action]:
        """Phase B ``draw`` (and ``enlist``, 5.11) until the side has drawn; a free action
        (5.32)."""
        side = state["active"]
        if card_rules.why_not_draw(state, side) is None:
            if card_rules.why_not_enlist(state, side) is None:
                yield Action("enlist")  # 5.11: added at the start of phase B, before drawing
            yield Action("draw")
        if card_rules.why_not_free_action(rs, state, side) is None:
            yield Action("free-action")  # 5.32

    def why_not(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """Any part of a stack may move (the movement rules' verdict); every other action
        is one :meth:`actions` lists, refused with the reason of the rule that forbids it."""
        if side is not None and side not in self.deciders(rs, state, frame):
            return self._not_yours(rs, self.deciders(rs, state, frame)), None
        if action.verb == "move" and len(action.args) == 2:
            for pid in action.pieces(0):
                if pid not in state["pieces"]:
                    raise InvalidActionError(N_("'{action}': no piece {pid}", action=action.text(),
                                                pid=repr(pid)))
            verdict = check_move(rs, state, action.pieces(0), action.arg(1))
            if verdict.legal:  # the move applies next, in this position (Flow.apply)
                self._checked = (state, action, verdict)
                return None
            return verdict.reason or N_("Illegal move"), verdict.rule
        listing = (self.others(rs, state) if action.verb == "move"
                   else self.actions_of(rs, state, frame, action.verb))  # its verb's part
        if any(a == action for a in listing):  # the listing stops at the action
            return None
        return self.refusal(rs, state, action) or super().why_not(rs, state, frame, action,
                                                                  side)

    @staticmethod
    def refusal(rs: DeuxBretagneModel, state: State,
                action: Action) -> tuple[str, str | None] | None:
        """Why the rules refuse ``action`` (the reason the player reads), if they say."""
        side, name, args = state["active"], action.verb, action.args
        if name in SIEGE_VERBS:
            if not args or args[0] not in rs.board_map.areas:
                raise InvalidActionError(N_("'{action}': no area {value}", action=action.text(),
                                            value=repr(args[0] if args else '')))
            why = card_rules.siege_refusal(rs, state, side)  # 5.3, 5.321
            if why:
                return why[0], rs.cite(why[1])
            can, words, rule = SIEGE_VERBS[name]
            reason = can(rs, state, args[0], side)
            if reason is not None:
                return (Msg(words.domain, words.text, {"place": rs.board_map.place_name(args[0]),
                                                       "why": reason}), rs.cite(rule))
        elif name == "recruit" and len(args) == 2 and args[0] in state["pieces"]:
            reason = why_not_recruit(rs, state, args[0])
            if reason is not None:
                return N_("{piece} cannot recruit: {reason}",
                          piece=rs.piece_name(state, args[0]), reason=reason), rs.cite("5.4")
            return N_("Recruit on the ch (Knights) or me (Mercenary) column"), rs.cite("5.4")
        elif name == "play" and len(args) == 2:
            if args[0] not in rs.cards:
                raise InvalidActionError(N_("no strategy card {args}", args=repr(args[0])))
            if args[1] not in card_rules.USES:
                raise InvalidActionError(N_("a card is played as {names}, not {args}",
                                            names=listing(card_rules.USES), args=repr(args[1])))
            why = card_rules.why_not_play(rs, state, side, args[0], args[1])
            if why:
                return why[0], rs.cite(why[1])
        elif name == "draw":
            return card_rules.why_not_draw(state, side), rs.cite("4.0 B, 5.1")
        elif name == "enlist":
            return card_rules.why_not_enlist(state, side), rs.cite("5.11")
        elif name == "free-action":
            why = card_rules.why_not_free_action(rs, state, side)
            return (why[0], rs.cite(why[1])) if why else None
        return events.refusal(rs, action)

    # -- the verbs -------------------------------------------------------------------------
    @verb("move", drag=True, label=labels.move, logs=True)
    def on_move(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        checked, self._checked = self._checked, None
        known = checked is not None and checked[0] is state and checked[1] is action
        do_move(rs, state, action, ctx, flow, checked[2] if known else None)

    @verb("besiege", area=0, decisions=True, label=labels.place(N_("Besiege {0}")))
    def on_besiege(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        do_besiege(rs, state, action.arg(0), ctx)

    @verb("assault", area=0, decisions=True, label=labels.place(N_("Siege roll at {0}")))
    def on_assault(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        do_assault(rs, state, action.arg(0), ctx, flow)

    @verb("sortie", area=0, decisions=True, label=labels.place(N_("Sortie from {0}")))
    def on_sortie(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        do_sortie(rs, state, action.arg(0), ctx, flow)

    @verb("recruit", piece=0, label=labels.recruit, logs=True)
    def on_recruit(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        do_recruit(rs, state, action.arg(0), action.arg(1), ctx, flow)
        card_rules.count_recruit(state, state["active"])

    @verb("play", hand=True, label=labels.play, logs=True)
    def on_play(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        card_rules.start_play(rs, state, state["active"], action.arg(0), action.arg(1), ctx,
                              flow)

    @verb("draw", label=labels.draw, logs=True)
    def on_draw(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        card_rules.draw(rs, state, state["active"], ctx)

    @verb("enlist", label=N_("Add the Enlisement cards (after the plague, 5.11)"))
    def on_enlist(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        card_rules.enlist(rs, state, state["active"], ctx)

    @verb("free-action", label=N_("Free action: move 1 lone unit or 1 lone leader (5.32)"))
    def on_free_action(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        card_rules.free_action(rs, state, state["active"], ctx)

    @verb("send-to-war", hand=True, label=labels.send_to_war)
    def on_send_to_war(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        events.send_owed(rs, state, state["active"], action.arg(0), action.arg(1), ctx)

    @verb("enter-leader", hand=True,
          label=labels.piece(N_("If your card says so: {0} enters play (6.1)")))
    def on_enter_leader(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        events.enter_leader(rs, state, state["active"], action.arg(0), ctx, flow)

    @verb("claim-evran", hand=True, label=N_("Claim the Shares of Evran ({0}, 13.2)"))
    def on_claim_evran(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        events.claim_evran(rs, state, state["active"], action.arg(0), ctx, flow)

    @verb("end", label=N_("End activation"))
    def on_end(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        """4.0 C: the activation ends; the other player's comes, or the end of the phase."""
        side = state["active"]
        acts = state["vars"]["activations"]
        acts[side] += 1
        state["vars"]["mp_spent"] = {}
        state["vars"]["activation_no"] += 1
        state["vars"]["fought"] = []
        state["vars"]["recruited"] = {}
        record_activation(state, side)  # siege.py: B-01 counts for 2 activations
        state["vars"]["card_play"] = None
        allowed = activations_allowed(state["turn"])
        other = PLAYERS[1 - PLAYERS.index(side)]
        ctx.log(N_("{side} ends activation {acts} of {allowed}", side=rs.side(side).name,
                   acts=acts[side], allowed=allowed),
                rs.cite("4.0 C"))
        if acts[other] < allowed:
            state["active"] = other
        elif acts[side] >= allowed:
            flow.enter_phase(rs, state, ctx, "end-of-actions", side="blois")
