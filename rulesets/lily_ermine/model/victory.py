"""Victory points and the levels of victory (rules 12).

VP are kept in ``state["score"]`` (the core's score, which the players can also set by
hand). Automated:

* a major battle won with at least 10 SP on each side: +2 VP to the victor, and the
  alliance cursors move (11) - :func:`record_battle_vp`, called by whoever resolves the
  battle (the tactical map);
* a siege won by the besieger or the besieged in a zone of FV 2: +2 VP, FV 3: +3 VP,
  FV 1: none (and no cursor move, the win is not eligible) - :func:`record_siege_vp`;
* enemy gendarmes (Gd) eliminated in combat: 1 VP per SP (the alliance example counts
  "2 VP for eliminating the 2 SP of the Breton Gd" and "1 VP for eliminating 1 SP of the
  French Gd") - :func:`gendarme_loss`;
* at the end of the last round: 4 VP per diplomatic cursor in a camp and 1 VP per
  control marker on an objective zone - :func:`final_tally`.

The victor has the greater level: crushing 20+, decisive 15-19, marginal 10-14; the
same level for both is a tie (:func:`outcome`).
"""

from __future__ import annotations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State

from . import diplomacy
from .base import LilyErmineModel
from .words import N_

MAJOR_BATTLE_SP = 10
MAJOR_BATTLE_VP = 2
SIEGE_VP = {1: 0, 2: 2, 3: 3}
CURSOR_VP = 4
OBJECTIVE_VP = 1
LEVELS = ((20, N_("crushing victory")), (15, N_("decisive victory")), (10, N_("marginal victory")))


def add_vp(rs: LilyErmineModel, state: State, ctx: Context, camp: str, vp: int, why: str,
           rule: str) -> None:
    if vp <= 0:
        return
    state["score"][camp] = state["score"].get(camp, 0) + vp
    ctx.log(N_("{side} +{vp} VP ({why}): {score} VP", side=rs.side(camp).name, vp=vp, why=why,
               score=state['score'][camp]), rs.cite(rule))


def record_battle_vp(rs: LilyErmineModel, state: State, ctx: Context, winner: str,
                     sp: dict[str, int]) -> int:
    """A battle won by ``winner``; ``sp`` = the SP each camp engaged (treason's units in
    the LR included, 10). +2 VP and the cursors move if both had at least 10 SP (12, 11).
    Returns the VP given."""
    if min(sp.get("france", 0), sp.get("brittany", 0)) < MAJOR_BATTLE_SP:
        ctx.log(N_("{side} wins a battle with fewer than 10 SP on a side: no VP, no diplomatic "
                   "move", side=rs.side(winner).name), rs.cite("12"))
        return 0
    add_vp(rs, state, ctx, winner, MAJOR_BATTLE_VP, N_("major battle won"), "12")
    diplomacy.move_cursors(rs, state, ctx, winner)
    return MAJOR_BATTLE_VP


def record_siege_vp(rs: LilyErmineModel, state: State, ctx: Context, winner: str, zone: str) -> int:
    """A siege won by ``winner`` (besieger or besieged) in ``zone``: VP by the printed FV
    of the fortress (12); eligible wins move the cursors (11). Returns the VP given."""
    area = rs.board_map.areas[zone]
    vp = SIEGE_VP.get(area.nf or 0, 0)
    if vp == 0:
        ctx.log(N_("{side} wins the siege of {place} (FV {value}): no VP, no diplomatic move",
                   side=rs.side(winner).name, place=rs.board_map.place_name(zone),
                   value=area.nf or 0), rs.cite("12"))
        return 0
    add_vp(rs, state, ctx, winner, vp,
           N_("siege of {place} won, FV {nf}", place=rs.board_map.place_name(zone),
              nf=area.nf), "12")
    diplomacy.move_cursors(rs, state, ctx, winner)
    return vp


def gendarme_loss(rs: LilyErmineModel, state: State, ctx: Context, pid: str, sp: int) -> None:
    """``pid`` lost ``sp`` SP in combat: if it is a Gd, its enemy scores (12)."""
    if rs.is_commander(state, pid) or rs.unit_code(state, pid) != "Gd" or sp <= 0:
        return
    enemy = rs.other(rs.piece_side(state, pid))
    add_vp(rs, state, ctx, enemy, sp, N_("{sp} SP of enemy gendarmes eliminated", sp=sp), "12")


def final_tally(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """The VP of the last round: cursors and objective zones (12)."""
    table = rs.alliance_table
    v = state["vars"]
    for camp in ("france", "brittany"):
        allies = [a for a, s in sorted(v["cursors"].items())
                  if a not in v["neutral"] and table.camp_of(s) == camp]
        add_vp(rs, state, ctx, camp, CURSOR_VP * len(allies),
               N_("diplomatic cursors in its camp: {names}",
                  names=listing(a.capitalize() for a in allies)),
               "12")
        zones = [z for z, c in sorted(state["control"].items())
                 if c == camp and rs.is_objective(z)]
        add_vp(rs, state, ctx, camp, OBJECTIVE_VP * len(zones),
               N_("{n} objective zones controlled", n=len(zones)), "12")


def level(vp: int) -> int | None:
    return next((i for i, (lo, _) in enumerate(LEVELS) if vp >= lo), None)


def outcome(rs: LilyErmineModel, state: State) -> str:
    """The result by levels of victory; the same level is a tie (12)."""
    f, b = (level(state["score"].get(c, 0)) for c in ("france", "brittany"))
    score = N_("France {get} VP, Brittany {get2} VP", get=state['score'].get('france', 0),
               get2=state['score'].get('brittany', 0))
    if f == b:
        return (N_("The game is a tie: both reach the {levels} ({score}; 12).",
                   levels=LEVELS[f][1], score=score)
                if f is not None else N_("No side reaches 10 VP: no victory ({score}; 12).",
                                         score=score))
    if f is not None and (b is None or f < b):
        return N_("France wins: {levels} ({score}; 12).", levels=LEVELS[f][1], score=score)
    assert b is not None
    return N_("Brittany wins: {levels} ({score}; 12).", levels=LEVELS[b][1], score=score)
