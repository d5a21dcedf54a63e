"""What the Lily and the Ermine's steps share: refusals that cite their rule, the drag
and the reach of the running step, the steps fought on the tactical map, the loss of SP
one unit at a time (9, 10) and the questions for an unknown Combat Table result (10).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from boardapp.core.base.i18n import Msg
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.verbs import verb

from ..model import PHASE_NAMES, LilyErmineModel, armies, diplomacy, victory
from ..model.base import Why
from ..model.data import CombatResult
from ..model.tactical import link_mp, marker_kinds, marker_name, parse
from ..words import N_, WORDS

ASK_MAX = 4
"""The largest SP loss offered for each side when a Combat Table result is asked."""


def place_label(text: str, index: int = 0):  # noqa: ANN201 (a label function)
    """A label naming the place of argument ``index``: ``text.format(place)``."""
    def label(rs: LilyErmineModel, state: State, action: Action) -> str:
        return fill(text, rs.place_name(action.arg(index)))
    return label


def piece_label(text: str):  # noqa: ANN201 (a label function)
    """A label naming the piece of the first argument: ``text.format(name)``."""
    def label(rs: LilyErmineModel, state: State, action: Action) -> str:
        return fill(text, rs.piece_name(state, action.arg(0)))
    return label


def fill(text: str, name: str) -> str:
    """``text`` (a message with a ``{0}`` field) naming ``name``."""
    if isinstance(text, Msg):
        return Msg(text.domain, text.text, {**text.args, "0": name})
    return text.format(name)


def move_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    """``Names → place`` for a move on the tactical map."""
    return N_("{names} → {place}", names=rs.names(state, action.pieces(0)),
              place=rs.place_name(action.arg(1)))


def marker_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    """A tactical marker by its position in the deciding camp's secret pool
    (``choose-marker``) or chosen markers (``use-marker``), named for its owner (10)."""
    mine = state["vars"].get("tac_secret", {}).get(rs.acting_side(state)) or {}
    key = "pool" if action.verb == "choose-marker" else "chosen"
    items = mine.get(key) or [] if isinstance(mine, dict) else []
    i = int(action.arg(0)) if action.arg(0).isdigit() else -1
    kind = items[i] if 0 <= i < len(items) else None
    choose = action.verb == "choose-marker"
    where = N_(" in {place}", place=rs.place_name(action.arg(1))) if len(action.args) > 1 else ""
    if isinstance(kind, str) and kind in marker_kinds():
        return Msg(WORDS.name, "Choose {marker}{where}" if choose else "Use {marker}{where}",
                   {"marker": marker_name(kind), "where": where})
    return Msg(WORDS.name, "Choose marker #{arg}{where}" if choose else "Use marker #{arg}{where}",
               {"arg": action.arg(0), "where": where})


MARKER_LABELS = (N_("Choose {marker}{where}"), N_("Use {marker}{where}"),
                 N_("Choose marker #{arg}{where}"), N_("Use marker #{arg}{where}"))
"""The labels of a tactical marker's choice and use, marked for the catalogue."""


class LilyStep(Step[LilyErmineModel]):
    """A step whose refusals give the rules' reason and cite their section.

    :meth:`refusal` answers for the step's own verbs (the ``why_not_*`` of the model);
    the verbs of :attr:`predicate_verbs` cannot all be listed (any part of an army may
    move, any counter of a kind may be bought): for them the predicate is the rule, and
    the listed actions are among those it allows. Any other action is legal only if
    listed; a refusal without a rule of its own cites :attr:`section`.
    """

    section: ClassVar[str] = "6"
    predicate_verbs: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rs: LilyErmineModel, state: State, frame: Frame,
                action: Action) -> Why:
        """The rules' reason against ``action`` of this step (``None``: none known)."""
        return None

    def why_not(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        sides = self.deciders(rs, state, frame)
        if side is not None and side not in sides:
            return self._not_yours(rs, sides), None
        if action.verb in self.verbs:
            why = self.refusal(rs, state, frame, action)
            if why is not None:
                return why
            if action.verb in self.predicate_verbs:
                return None
        found = super().why_not(rs, state, frame, action, side)
        if found is not None and found[1] is None:
            return found[0], rs.cite(self.section)
        return found

    def drag_action(self, rs: LilyErmineModel, state: State, frame: Frame,
                    pieces: list[str], dest: str) -> Action | None:
        """The action of a drag of ``pieces`` to ``dest`` in this step (``None``: the
        default, a move on the map graph or a placement by hand)."""
        return None

    def reach(self, rs: LilyErmineModel, state: State, frame: Frame,
              pieces: list[str]) -> dict[str, Reach]:
        """Where ``pieces`` may be dragged now (the board's highlights)."""
        return {}


class TacticalStep(LilyStep):
    """A step of a fight on the tactical map (10): the window shows that board, and a
    drag onto a tactical zone is a ``tac-move``."""

    board: ClassVar[str | None] = "tactical"
    section = "10"

    def tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        """Apply a ``tac-move`` this step lists (deployment, sortie, advance, movement)."""
        raise NotImplementedError  # abstract: never reached, a step listing none refuses it

    @verb("tac-move", drag=True, label=move_label)
    def on_tac_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        self.tac_move(rs, state, frame, action, ctx, flow)

    def move_costs(self, rs: LilyErmineModel, state: State, pid: str) -> dict[str, int]:
        """The MP to each zone ``pid`` may reach in this step (default: one link)."""
        return {}

    def drag_action(self, rs: LilyErmineModel, state: State, frame: Frame,
                    pieces: list[str], dest: str) -> Action | None:
        if parse(dest) is not None:
            return Action.of("tac-move", pieces, dest)
        return None

    def reach(self, rs: LilyErmineModel, state: State, frame: Frame,
              pieces: list[str]) -> dict[str, Reach]:
        """The zones of the step's ``tac-move`` actions for these pieces."""
        out: dict[str, Reach] = {}
        costs = self.move_costs(rs, state, pieces[0]) if len(pieces) == 1 else {}
        for a in self.actions(rs, state, frame):
            if a.verb == "tac-move" and list(a.pieces(0)) == list(pieces):
                start = state["pieces"][pieces[0]]["loc"]
                cost = costs.get(a.arg(1)) or link_mp(rs, start, a.arg(1)) or 0
                out[a.arg(1)] = Reach(a.arg(1), cost, (start, a.arg(1)))
        return out


class SpLossStep(LilyStep):
    """A step whose player takes SP losses; subclasses say why (``LABEL``, ``RULE``) and
    what comes after each loss (``_after``)."""

    LABEL: ClassVar[str] = ""
    RULE: ClassVar[str] = ""

    def _after(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, lost: int) -> None:
        raise NotImplementedError  # abstract: each loss step says what comes next

    def _lost(self, rs: LilyErmineModel, state: State, ctx: Context, pid: str,
              sp: int) -> None:
        """Hook before ``pid`` loses ``sp`` SP (the battle steps score gendarmes, 12)."""

    @verb("reduce", piece=0, decisions=True, label=piece_label(N_("Reduce {0}")), logs=True)
    def on_reduce(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        name = rs.piece_name(state, pid)
        self._lost(rs, state, ctx, pid, 1)
        state["pieces"][pid]["flipped"] = True
        ctx.log(N_("{label}: {name} loses 1 SP (reduced)", label=self.LABEL, name=name),
                rs.cite(self.RULE))
        self._after(rs, state, frame, ctx, flow, 1)

    @verb("eliminate-unit", piece=0, decisions=True,
          label=piece_label(N_("Eliminate unit {0}")), logs=True)
    def on_eliminate_unit(self, rs: LilyErmineModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        sp = rs.sp(state, pid)
        name = rs.piece_name(state, pid)
        self._lost(rs, state, ctx, pid, sp)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        if rs.unit_code(state, pid) != "Ca":
            # A captured cannon stays on its captured side: its new camp's unit (7.2).
            state["pieces"][pid]["flipped"] = False
        put_piece(state, pid, rs.reserve_of(frame["side"]))
        ctx.log(N_("{label}: {name} eliminated ({sp} SP) to the Reserve", label=self.LABEL,
                   name=name, sp=sp),
                rs.cite(self.RULE))
        self._after(rs, state, frame, ctx, flow, sp)


class TacticalLosses(SpLossStep, TacticalStep):
    """SP losses of a fight on the tactical map: each camp in turn (``_next``), gendarmes
    lost scoring for the enemy (12)."""

    def _next(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        raise NotImplementedError  # abstract: each fight says whose losses come next

    def _lost(self, rs: LilyErmineModel, state: State, ctx: Context, pid: str, sp: int) -> None:
        victory.gendarme_loss(rs, state, ctx, pid, sp)

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)


RETREATS = {"none": N_("No retreat"), "attacker": N_("Attacker retreats (R)"),
            "defender": N_("Defender retreats (R)")}
CHECKS = {"none": N_("No commander check"), "attacker": N_("Attacker's commanders (*)"),
          "defender": N_("Defender's commanders (*)"), "both": N_("Both sides' commanders (*)")}


class CombatAsk(LilyStep):
    """Asking the players for a Combat Table result whose printed value is unknown (10).

    The Combat Table is not printed in the rules. When a minor battle, a melee of a major
    battle or a siege round reaches an unknown cell, the players read their printed table
    and give the result in three questions — the losses (attacker/defender), then R (who
    retreats, where it counts), then * (whose historic commanders are checked) — the same
    for the three procedures. A subclass names its step and applies the result
    (:meth:`resolved`); its frame holds ``column`` and ``die``.
    """

    section = "10"

    def asks_retreat(self, frame: Frame) -> bool:
        """Whether R counts here (default: yes)."""
        return True

    def where(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        """Where the fight is, for the prompt (default: not said)."""
        return ""

    def resolved(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
                 flow: Flow, result: CombatResult) -> None:
        """Apply the result the players gave."""
        raise NotImplementedError  # abstract: each procedure applies it its way

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        where = self.where(rs, state, frame)
        head = (N_("Combat Table (10), {value}column {column}, die {die}",
                   value=where + ': ' if where else '', column=v['column'], die=v['die']))
        if "losses" not in v:
            return (N_("{head}. Its values are not known to boardapp: read the printed table and "
                       "give the losses (attacker/defender).", head=head))
        if "retreat" not in v:
            return N_("{head}, losses {losses}: does the printed result carry an R (retreat)?",
                      head=head, losses=v['losses'])
        return (N_("{head}, losses {losses}: does the printed result carry a * (commander check)?",
                   head=head, losses=v['losses']))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        if "losses" not in v:
            for a in range(ASK_MAX + 1):
                for d in range(ASK_MAX + 1):
                    yield Action.of("combat-losses", f"{a}/{d}")
        elif "retreat" not in v:
            for who in ("none", "attacker", "defender"):
                yield Action.of("retreat", who)
        else:
            for who in ("none", "attacker", "defender", "both"):
                yield Action.of("commander-check", who)

    @verb("combat-losses", label=N_("Losses {0}"))
    def on_combat_losses(self, rs: LilyErmineModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        frame["vars"]["losses"] = action.arg(0)
        if not self.asks_retreat(frame):
            frame["vars"]["retreat"] = "none"

    @verb("retreat", label=lambda rs, state, a: RETREATS[a.arg(0)])
    def on_retreat(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        frame["vars"]["retreat"] = action.arg(0)

    @verb("commander-check", label=lambda rs, state, a: CHECKS.get(a.arg(0), a.arg(0)))
    def on_commander_check(self, rs: LilyErmineModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        a, d = (int(x) for x in v.pop("losses").split("/"))
        who, star = v.pop("retreat"), action.arg(0)
        result = CombatResult(a, d, who == "attacker", who == "defender",
                              star in ("attacker", "both"), star in ("defender", "both"))
        ctx.log(N_("Combat Table, column {column}, die {die}: the players read {what} (printed "
                   "table, given by hand)", column=v['column'], die=v['die'], what=result.text()),
                rs.cite("10"))
        self.resolved(rs, state, frame, ctx, flow, result)


class LilyPhase(LilyStep):
    """A phase of a camp's turn (6): the active camp decides, except while the counters
    of an ally that changed camp wait to be placed by their new camp (11)."""

    def head(self, rs: LilyErmineModel, state: State) -> str:
        """``round 1 (Spr 1487), France phase — Strategic movement``."""
        return (N_("{turn_label}, {side} phase — {phase_names}",
                   turn_label=rs.turn_label(state['turn']), side=rs.side(state['active']).name,
                   phase_names=PHASE_NAMES[self.name]))

    def phase_prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return N_("{head}.", head=self.head(rs, state))

    def phase_actions(self, rs: LilyErmineModel, state: State,
                      frame: Frame) -> Iterator[Action]:
        yield Action("next-phase")

    def deciders(self, rs: LilyErmineModel, state: State, frame: Frame) -> list[str]:
        item = diplomacy.pending(state)
        return [str(item["camp"])] if item else [state["active"]]

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        item = diplomacy.pending(state)
        if item:
            return (N_("{side}: place {names} (an ally changed camp) in a zone you control (11).",
                       side=rs.side(item['camp']).name, names=rs.names(state, item['pieces'])))
        return self.phase_prompt(rs, state, frame)

    def phase_actions_of(self, rs: LilyErmineModel, state: State, frame: Frame,
                         verb_name: str) -> Iterator[Action]:
        """:meth:`phase_actions` of verb ``verb_name`` (a phase whose listing costs much
        for some verbs lists only what this verb needs)."""
        return (a for a in self.phase_actions(rs, state, frame) if a.verb == verb_name)

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        if diplomacy.pending(state):
            yield from diplomacy.relocate_actions(rs, state)
            return
        yield from self.phase_actions(rs, state, frame)

    def actions_of(self, rs: LilyErmineModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        if diplomacy.pending(state):
            return (a for a in diplomacy.relocate_actions(rs, state) if a.verb == verb_name)
        return self.phase_actions_of(rs, state, frame, verb_name)

    def why_not(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        item = diplomacy.pending(state)
        if item and action.verb != "relocate":
            return (N_("{side} first places the counters of the ally that changed camp",
                       side=rs.side(item['camp']).name), rs.cite("11"))
        return super().why_not(rs, state, frame, action, side)

    def refusal(self, rs: LilyErmineModel, state: State, frame: Frame,
                action: Action) -> Why:
        if action.verb == "relocate":
            item = diplomacy.pending(state)
            if item is None:
                return N_("no ally's counters wait to be placed"), rs.cite("11")
            if action not in set(diplomacy.relocate_actions(rs, state)):
                return (N_("{place} is not a zone {side} controls (militia stay in Brittany)",
                           place=rs.place_name(action.arg(0)), side=rs.side(item['camp']).name),
                        rs.cite("11"))
        return None

    @verb("relocate", label=place_label(N_("Place in {0}")))
    def on_relocate(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        diplomacy.relocate(rs, state, ctx, action.arg(0))

    def advance(self, rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
        """Leave this phase for the next one of the camp's turn (6)."""
        flow.next_phase(rs, state, ctx)

    @verb("next-phase", label=N_("Next phase"), loses=lambda rs, state, action: _unspent(state))
    def on_next_phase(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        self.advance(rs, state, ctx, flow)

    def announce(self, rs: LilyErmineModel, state: State, ctx: Context) -> None:
        """The log line of the phase's start (6)."""
        ctx.log(N_("{side} phase: {phase_names}", side=rs.side(state['active']).name,
                   phase_names=PHASE_NAMES[self.name]),
                rs.cite("6"))


def _unspent(state: State) -> str:
    """What Next phase gives up: the RP not spent in the camp's R&R (7.2)."""
    rp = state["vars"]["rp"].get(state["active"]) if state.get("phase") == "rr" else None
    return N_("{rp} RP unspent are lost (7.2)", rp=rp) if rp else ""


class GarrisonVerb(LilyStep):
    """An army in a fortress may become a garrison, freely: during strategic movement,
    or as it is placed in R&R (7.2, 8)."""

    @verb("garrison", area=0, label=place_label(N_("Garrison in {0}")), logs=True)
    def on_garrison(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        armies.make_garrison(rs, state, ctx, action.arg(0))
