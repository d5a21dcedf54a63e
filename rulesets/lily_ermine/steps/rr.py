"""The Reinforcements & Replacements phase (rules 7, 13): the RP dice, the Reinforcements
Table, purchases, rebuilding and placements (the rules in :mod:`..model.reinforcements`).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import NOT_YET, LilyErmineModel, armies, reinforcements
from ..model.base import Why
from ..model.names import data_word
from ..words import N_
from .common import GarrisonVerb, LilyPhase, piece_label


def _buy_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    pid, place = action.arg(0), rs.place_name(action.arg(1))
    if rs.is_commander(state, pid):
        back = N_(" (back side)") if pid in state["vars"]["commander_out"] else ""
        return N_("Return {piece}{back} in {place}", piece=rs.piece_name(state, pid), back=back,
                  place=place)
    reduced = action.verb == "buy-reduced"
    price = reinforcements.cost(rs, state, pid, reduced)
    return (N_("Buy {piece} {value} ({price} RP) in {place}", piece=rs.piece_name(state, pid),
               value='reduced' if reduced else 'full', price=price, place=place))


def _table_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    cont = rs.reinforcement_table.contingents.get(action.arg(0))
    return N_("{cont}: {counters}", cont=data_word(cont.name) if cont else action.arg(0),
              counters=reinforcements.counters_text(action.arg(1)))


def roll_rp(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Roll the active camp's RP for this round with the modifiers of rules 13."""
    camp, rnd = state["active"], state["turn"]
    if camp == "brittany":
        n = 2 + (1 if rnd in (1, 4) else 2 if rnd in (7, 10, 13) else 0)
        enemy = [z for z in rs.armies(state, "france") if rs.in_brittany(z)]
        per_die = -1 * len(enemy)
        why = N_("-1 per die for each French army in Brittany ({n})", n=len(enemy))
    else:
        n = 4
        enemy = [z for z in rs.armies(state, "brittany") if not rs.in_brittany(z)]
        per_die = -2 * len(enemy)
        why = N_("-2 per die for each Breton army in France ({n})", n=len(enemy))
    dice = [ctx.roll(6) for _ in range(n)]
    total = sum(max(0, d + per_die) for d in dice)
    state["vars"]["rp"][camp] = total
    ctx.log(N_("{side} rolls {n}D6 for its RP: {names}, {why} = {total} RP (unspent RP are lost, "
               "7.2)", side=rs.side(camp).name, n=n, names=listing(map(str, dice)), why=why,
               total=total),
            rs.cite("13 Replacement Points"))
    reinforcements.roll_mercenaries(rs, state, ctx)  # spring rounds (13)


def _from_reserve(rs: LilyErmineModel, state: State, pieces: list[str]) -> bool:
    """A single counter taken from the Reserve or the counters not yet in play."""
    return (len(pieces) == 1 and pieces[0] in state["pieces"]
            and state["pieces"][pieces[0]]["loc"] in (NOT_YET,
                                                      rs.reserve_of(state["active"])))


BUY_VERBS = ("buy", "buy-reduced", "rebuild")
"""The verbs of :func:`~..model.reinforcements.buy_actions` (and of no other listing)."""


class RrPhase(GarrisonVerb, LilyPhase):
    """The camp's R&R (7): roll the RP, answer the Reinforcements Table, buy, rebuild,
    place; in a spring round the Bretons first recruit their militia (13)."""

    name = "rr"
    predicate_verbs = ("buy", "buy-reduced")

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        state["vars"]["rp"][state["active"]] = None
        self.announce(rs, state, ctx)

    def phase_prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        head = self.head(rs, state)
        rp = state["vars"]["rp"].get(state["active"])
        if rp is None:
            return N_("{head}: roll the RP dice (13), or go on with Next phase.", head=head)
        asked = reinforcements.ask_prompt(rs, state)
        if asked:
            return N_("{head}: {asked}", head=head, asked=asked)
        if reinforcements.militia_owed(rs, state):
            return (N_("{head}: {rp} RP. A spring round: first recruit Breton militia while the "
                       "RP and counters allow — drag a Breton Mi from the Reserve or the "
                       "counters not yet in play onto a zone of Brittany, or right-click a zone "
                       "(13).", head=head, rp=rp))
        merc = reinforcements.allowance_text(rs, state)
        return (N_("{head}: {rp} RP{merc}. Drag a counter from the Reserve or the counters not "
                   "yet in play onto a zone (or right-click a zone) to buy it, right-click a "
                   "reduced unit to rebuild it (7), then Next phase.", head=head, rp=rp,
                   merc=merc))

    def phase_actions(self, rs: LilyErmineModel, state: State,
                      frame: Frame) -> Iterator[Action]:
        return self._listing(rs, state, None)

    def phase_actions_of(self, rs: LilyErmineModel, state: State, frame: Frame,
                         verb_name: str) -> Iterator[Action]:
        return (a for a in self._listing(rs, state, verb_name) if a.verb == verb_name)

    @staticmethod
    def _listing(rs: LilyErmineModel, state: State, verb_name: str | None) -> Iterator[Action]:
        """The phase's actions; with ``verb_name``, the purchases and garrisons are listed
        only for their own verbs."""
        if state["vars"]["rp"].get(state["active"]) is None:
            yield Action("roll-rp")
        yield from reinforcements.ask_actions(rs, state)
        if verb_name == "rebuild":
            yield from reinforcements.rebuild_actions(rs, state)  # buy_actions' last part
        elif verb_name in (None, *BUY_VERBS):
            yield from reinforcements.buy_actions(rs, state)
        if verb_name in (None, "garrison"):
            yield from armies.garrison_actions(rs, state)  # placement as a garrison (7.2)
        if reinforcements.militia_owed(rs, state):
            return  # 13: the Breton militia first
        yield Action("next-phase")

    def refusal(self, rs: LilyErmineModel, state: State, frame: Frame,
                action: Action) -> Why:
        verb_name = action.verb
        if verb_name == "roll-rp" and state["vars"]["rp"].get(state["active"]) is not None:
            return N_("the RP are rolled once, at the start of the camp's R&R"), \
                rs.cite("7.2, 13")
        if verb_name in ("buy", "buy-reduced", "rebuild"):
            pid = action.arg(0)
            if pid not in state["pieces"]:
                return N_("no piece {pid}", pid=repr(pid)), rs.cite("7")
            if verb_name == "rebuild":
                return reinforcements.why_not_rebuild(rs, state, pid)
            return (reinforcements.why_not_buy(rs, state, pid, verb_name == "buy-reduced")
                    or reinforcements.why_not_zone(rs, state, pid, action.arg(1)))
        if verb_name == "reinforcements" and action not in set(
                reinforcements.ask_actions(rs, state)):
            return (N_("no Reinforcements Table question waits for this answer"),
                    rs.cite("13 Mercenary reinforcements"))
        if verb_name == "garrison":
            return armies.why_not_garrison(rs, state, action.arg(0))
        if verb_name == "next-phase" and reinforcements.militia_owed(rs, state):
            return (N_("in a spring round the Bretons recruit as many Breton militia as their RP "
                       "and counters allow"), rs.cite("13 R&R of the Breton militia"))
        return super().refusal(rs, state, frame, action)

    def drag_action(self, rs: LilyErmineModel, state: State, frame: Frame,
                    pieces: list[str], dest: str) -> Action | None:
        """A counter dragged from the Reserve or the counters not yet in play: a purchase,
        at full strength if the camp can afford it (7)."""
        if not _from_reserve(rs, state, pieces):
            return None
        full = Action.of("buy", pieces[0], dest)
        if reinforcements.why_not_buy(rs, state, pieces[0], False) is None:
            return full
        if reinforcements.why_not_buy(rs, state, pieces[0], True) is None:
            return Action.of("buy-reduced", pieces[0], dest)
        return full

    def reach(self, rs: LilyErmineModel, state: State, frame: Frame,
              pieces: list[str]) -> dict[str, Reach]:
        if not _from_reserve(rs, state, pieces):
            return {}
        return reinforcements.purchase_reach(rs, state, pieces)

    def advance(self, rs: LilyErmineModel, state: State, ctx: Context, flow: Flow) -> None:
        reinforcements.end_rr(rs, state, ctx)
        super().advance(rs, state, ctx, flow)

    @verb("roll-rp", label=N_("Roll RP dice"))
    def on_roll_rp(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        roll_rp(rs, state, ctx)

    @verb("reinforcements", label=_table_label, logs=True)
    def on_reinforcements(self, rs: LilyErmineModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        reinforcements.answer(rs, state, action, ctx)

    @verb("buy", area=1, label=_buy_label, logs=True)
    def on_buy(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        reinforcements.buy(rs, state, action, ctx)

    @verb("buy-reduced", area=1, label=_buy_label, logs=True)
    def on_buy_reduced(self, rs: LilyErmineModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        reinforcements.buy(rs, state, action, ctx)

    @verb("rebuild", piece=0, label=piece_label(N_("Rebuild {0}")))
    def on_rebuild(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        reinforcements.rebuild(rs, state, action, ctx)


STEPS = (RrPhase,)
