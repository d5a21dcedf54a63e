"""What every phase of the turn shares: its heading and citation, the game-over prompt,
refusals that cite the phase, ``next-phase``, and the corrections by hand on a leader's
menu (troops by hand, a hit rolled on the Elimination Chart, crowning a king)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..data import TROOPS, base_kind, key_origin, valid_key
from ..model import N_, PHASE_CITE, PHASE_NAMES, LionModel, Refusal, flag_word, kind_word


def _troops_label(rs: LionModel, state: State, action: Action) -> str:
    key = action.arg(1)
    origin = key_origin(key)
    where = (N_(" (flag {flag})", flag=flag_word(origin)) if base_kind(key) == "knights" else
             N_(" (home {origin})", origin=origin)) if origin else ""
    return N_("{arg} {name}{where} (by hand)", arg=action.arg(2),
              name=rs.troop_kinds[base_kind(key)]['name'], where=where)


def _crown_label(rs: LionModel, state: State, action: Action) -> str:
    return N_("Crown {piece} king", piece=rs.piece_name(state, action.arg(0)))


class LionPhase(Step[LionModel]):
    """A phase of the turn (crib Phases One to Eleven): the side to act is
    ``state["active"]``; the phase's name is the key of :data:`PHASE_NAMES`."""

    # -- entering and leaving ----------------------------------------------------------
    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """Entering the phase: its heading in the log."""
        ctx.log(PHASE_NAMES[self.name], self.rule(rs))

    def leave(self, rs: LionModel, state: State, ctx: Context) -> None:
        """What ends with the phase, before the next one begins (default: nothing)."""

    def after_hand(self, rs: LionModel, state: State) -> None:
        """Bring the phase up to date after a correction by hand (default: nothing)."""

    # -- what the players read -----------------------------------------------------------
    def rule(self, rs: LionModel, detail: str = "") -> str:
        """The citation of this phase ("Lion in Winter crib Phase Two (...)")."""
        return rs.cite(PHASE_CITE[self.name] + (f" ({detail})" if detail else ""))

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        over = rs.outcome(state)
        if over:
            return N_("Game over: {over}", over=over)
        return self.ask(rs, state, frame)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        """The prompt while the game goes on (default: the phase, then Next phase)."""
        return N_("{phase}; then Next phase", phase=PHASE_NAMES[self.name])

    # -- legality ------------------------------------------------------------------------
    def why_not(self, rs: LionModel, state: State, frame: Frame, action: Action,
                side: str | None) -> Refusal | None:
        """The default lookup, a refusal citing the phase."""
        why = super().why_not(rs, state, frame, action, side)
        if why is not None and why[1] is None:
            return why[0], self.rule(rs)
        return why

    def not_now(self, rs: LionModel, state: State, frame: Frame, action: Action,
                side: str | None) -> Refusal | None:
        """The refusal of a verb checked by a predicate when ``side`` does not decide."""
        if side is not None and side not in self.deciders(rs, state, frame):
            return self._not_yours(rs, self.deciders(rs, state, frame)), self.rule(rs)
        return None

    def refused(self, rs: LionModel, state: State, frame: Frame, action: Action) -> Refusal:
        """``action`` is not possible in this phase now."""
        return (N_("'{action}' is not possible now: {prompt}", action=action.text(),
                   prompt=self.prompt(rs, state, frame)), self.rule(rs))

    # -- the sequence of play ------------------------------------------------------------
    @verb("next-phase", label=N_("Next phase"))
    def on_next_phase(self, rs: LionModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        self.leave(rs, state, ctx)
        flow.next_phase(rs, state, ctx)

    # -- corrections by hand on a leader's menu ---------------------------------------------
    def manual_actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        """On each leader: a hit rolled on the Elimination Chart (on the map, while the
        game goes on), crowning
        (where he may be crowned), one more of each troop kind (a knight of the country
        he stands in), one fewer of each kind he has."""
        over = rs.outcome(state) is not None
        for pid, piece in state["pieces"].items():
            loc = piece["loc"]
            if loc in rs.board_map.areas and not over:
                yield Action("elimination-roll", (pid,))
            if rs.why_not_crown(state, pid) is None:
                yield Action("crown", (pid,))
            for kind in TROOPS:
                if kind == "knights" and loc in rs.area_info:  # a knight of this country
                    kind = f"knights:{rs.area_info[loc].flag}"
                yield Action("troops", (pid, kind, "+1"))
            for kind, n in sorted(state["vars"]["troops"].get(pid, {}).items()):
                if n > 0:
                    yield Action("troops", (pid, kind, "-1"))

    @verb("troops", piece=0, manual=True, label=_troops_label)
    def on_troops(self, rs: LionModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        """``troops LEADER KIND DELTA``: add or remove troop strength by hand."""
        pid, kind = action.arg(0), action.arg(1)
        if pid not in state["pieces"] or not valid_key(kind):
            raise InvalidActionError(N_("'{action}': write troops LEADER KIND +N|-N (kinds: "
                                        "{names}, or knights:FLAG, mercenaries:HOME)",
                                        action=action.text(), names=listing(TROOPS)))
        try:
            delta = int(action.arg(2))
        except ValueError as exc:
            raise InvalidActionError(N_("'{action}': {arg} is no number", action=action.text(),
                                        arg=repr(action.arg(2)))) \
                from exc
        troops = state["vars"]["troops"].setdefault(pid, {})
        new = troops.get(kind, 0) + delta
        if new < 0:
            raise IllegalActionError(N_("{piece} has only {get} {kind}",
                                        piece=rs.piece_name(state, pid), get=troops.get(kind, 0),
                                        kind=kind_word(kind)))
        troops[kind] = new
        ctx.log(N_("By hand: {piece} {delta} {kind} (now {new})", piece=rs.piece_name(state, pid),
                   delta=format(delta, '+d'), kind=kind_word(kind), new=new))

    @verb("elimination-roll", piece=0, manual=True,
          label=N_("Leader hit (by hand): roll on the Elimination Chart"))
    def on_elimination_roll(self, rs: LionModel, state: State, frame: Frame,
                            action: Action, ctx: Context, flow: Flow) -> None:
        """A leader hit the players saw (crib Phase Three): the Elimination Chart (not
        once the game is over: its question could not be answered)."""
        result = rs.outcome(state)
        if result is not None:
            raise IllegalActionError(N_("the game is over: {result}", result=result))
        rs.chart_call(state, ctx, "elimination", [action.arg(0)])

    @verb("crown", piece=0, decisions=True, manual=True, label=_crown_label)
    def on_crown(self, rs: LionModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        """Crib Phase Nine: a player with no king crowns a 3-star leader."""
        pid = action.arg(0)
        why = rs.why_not_crown(state, pid)
        if why:
            raise IllegalActionError(why, rs.cite("Phase Nine"))
        side = rs.leader_side(state, pid)
        state["vars"]["king"][side] = pid
        ctx.log(N_("{piece} is crowned King of the {name}", piece=rs.piece_name(state, pid),
                   name=rs.side(side).name),
                rs.cite("Phase Nine (must be a 3-star leader)"))
        self.after_hand(rs, state)
