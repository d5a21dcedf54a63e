"""Morale (GA 12): the tests of sequence 7 and the moves they force in sequence 1 of
the next period. Automated: the triggers 1-3 (half the LP lost, the leader down within
25 cm, alone against three), the environment within 25 cm and the fallen within 10 cm
(friends and enemies counted if seen), the result; backing 3 cm out of a mêlée (Flight
I) and the panicked running for the nearest table edge. Left to the players: the run to
the nearest cover not threatened (their next orders). The rally (GA 12.5) is
:mod:`.rally`."""

from __future__ import annotations

import math

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece
from boardapp.core.table.fixed import direction, to_tenths, to_units
from boardapp.core.table.measure import measure
from boardapp.core.table.positions import set_position

from ..model import TOUCHING, GuetApensModel
from ..model.morale import check, due, flight, result
from ..model.words import N_, data_word, listing
from .rally import rally_sequence
from .tests_d20 import log_tally
from .victory import OUT_OF_FIGHT

FLIGHT = {"flight1", "flight2", "panic"}
FLIGHT_LASTS = "flight1_lasts"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (Flight I ended before its
move)."""
TRIGGER_WORDS = {"half_lp": N_("half_lp"), "alone_vs_three": N_("alone_vs_three"),
                 "leader_down": N_("leader_down"), "intervention": N_("intervention")}
"""The triggers of a morale test (GA 12.1) as the log names them."""
COVER_WORDS = {"light": N_("light"), "medium": N_("medium"), "large": N_("large"),
               "table edge": N_("table edge")}
"""The covers a fleeing figure runs to (GA 12.4)."""
NEAR, FALLEN_NEAR = 25.0, 10.0


def _sees(rs: GuetApensModel, state: State, a: str, b: str) -> tuple[float, bool]:
    m = measure(rs, state, a, b)
    return m.distance, m.sees


def morale_sequence(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 12.1-12.4: every figure with a trigger tests; the results apply at once."""
    rally_sequence(rs, state, ctx)  # GA 12.5: before the new tests
    v = state["vars"]
    figs = v["figs"]
    bases = rs.index(state)
    fallen = set(v.get("fallen", []))
    leaders_down = [p for p in fallen if figs[p]["role"] in ("baron", "leader")]
    for pid in sorted(figs):
        f = figs[pid]
        if pid not in bases.bases or set(f["states"]) & (OUT_OF_FIGHT | {"unconscious"}):
            continue
        triggers = []
        if f["lp"] * 2 <= f["start"]["lp"]:
            triggers.append("half_lp")
        enemies = rs.enemies_in_contact(state, pid, bases)
        friends_in = [q for q in bases.contacts(pid, TOUCHING) if q in figs and
                      figs[q]["side"] == f["side"]]
        if len(enemies) >= 3 and not friends_in:
            triggers.append("alone_vs_three")
        here = bases.bases[pid]
        for lead in leaders_down:  # measured only when not certainly beyond 25 cm
            if figs[lead]["side"] == f["side"] and lead in bases.bases and \
                    not here.apart(bases.bases[lead], NEAR):
                d, sees = _sees(rs, state, pid, lead)
                if sees and d <= NEAR:
                    triggers.append("leader_down")
        todo = due(triggers, f.get("tested", []))
        if not todo:
            continue
        f["tested"] = sorted(set(f.get("tested", [])) | set(todo))
        friends = enemies_n = seen = fall = 0
        for q in bases.near(pid, NEAR):
            if q not in figs or set(figs[q]["states"]) & OUT_OF_FIGHT:
                continue
            d, sees = _sees(rs, state, pid, q)
            if figs[q]["side"] == f["side"]:
                friends += sees
            else:
                enemies_n += 1
                seen += sees
        for q in fallen:
            if q in bases.bases and figs[q]["side"] == f["side"] and q != pid and \
                    not here.apart(bases.bases[q], FALLEN_NEAR):
                d, sees = _sees(rs, state, pid, q)
                fall += sees and d <= FALLEN_NEAR
        name = rs.piece_name(state, pid)
        ctx.log(N_("{name} tests his morale: {triggers}"), rs.cite("12.1"), name=name,
                triggers=listing([TRIGGER_WORDS.get(t, t) for t in todo]))
        total = log_tally(ctx, check(rs.value(state, pid, "co"), ctx.roll(4), friends,
                                     enemies_n, fall, visible_enemies=seen, who=name,
                                     readings=rs.readings(state)), name)
        res = result(total)
        ctx.log(N_("{name}: {total} → {result}"), rs.cite("12.4"), name=name, total=total,
                result=data_word(res))
        if res == "steady":
            continue
        if res == "flight2" and v["victory"] == "captures-most":
            surrender(rs, state, ctx, pid, rs.cite("14.7"))
            continue
        f["states"] = sorted((set(f["states"]) - FLIGHT) | {res})
        if res == "flight1" and (state.get("legacy") or {}).get(FLIGHT_LASTS, True):
            f["flight1_from"] = state["turn"]  # carried out in the next period


def surrender(rs: GuetApensModel, state: State, ctx: Context, pid: str, rule: str) -> None:
    """A knight surrenders (GA 14.6-14.7): captured, escorted off the table."""
    f = rs.fig(state, pid)
    f["states"] = sorted(set(f["states"]) | {"captured"})
    state["vars"].setdefault("fallen", []).append(pid)
    put_piece(state, pid, rs.eliminated_box)
    ctx.log(N_("{name} surrenders and is escorted off the table"), rule,
            name=rs.piece_name(state, pid))


def forced_moves(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 12.4, sequence 1: Flight I in a mêlée backs 3 cm facing the enemy; Panic runs
    for the nearest table edge and leaves the game when it reaches it."""
    table = rs.board_map.table  # type: ignore[attr-defined]
    bases = rs.index(state)
    for pid in sorted(state["vars"]["figs"]):
        f = rs.fig(state, pid)
        if pid not in bases.bases or not set(f["states"]) & FLIGHT:
            continue
        res = next(s for s in ("panic", "flight2", "flight1") if s in f["states"])
        enemies = rs.enemies_in_contact(state, pid, bases)
        how = flight(res, in_melee=bool(enemies))
        b = bases.bases[pid]
        if how.retreat_cm:
            e = bases.bases[enemies[0]]
            dx, dy = b.x - e.x, b.y - e.y
            d = math.hypot(dx, dy) or 1.0
            x, y = b.x + dx / d * how.retreat_cm, b.y + dy / d * how.retreat_cm
            set_position(state, pid, to_units(x), to_units(y), to_tenths(b.facing))
            ctx.log(N_("{name} backs {cm} cm out of the mêlée, facing the enemy (Flight I)"),
                    rs.cite("12.4"), name=rs.piece_name(state, pid), cm=how.retreat_cm)
        elif how.stays == "leaves":
            edges = {0.0: b.y, 180.0: table.depth - b.y, 270.0: b.x, 90.0: table.width - b.x}
            heading = min(edges, key=lambda h: (edges[h], h))
            run = rs.run_allowance(state, pid)
            if edges[heading] <= run:
                f["states"] = sorted(set(f["states"]) | {"out"})
                put_piece(state, pid, rs.eliminated_box)
                ctx.log(N_("{name} panics and leaves the table"), rs.cite("12.4"),
                        name=rs.piece_name(state, pid))
                continue
            dx, dy = direction(heading)
            set_position(state, pid, to_units(b.x + dx * run), to_units(b.y + dy * run),
                         to_tenths(heading))
            ctx.log(N_("{name} panics and runs {cm} cm for the table edge"), rs.cite("12.4"),
                    name=rs.piece_name(state, pid), cm=f"{run:g}")
        else:
            ctx.log(N_("{name} ({result}) must run to the nearest {covers} cover not "
                       "threatened: his player's orders take him there"), rs.cite("12.4"),
                    name=rs.piece_name(state, pid), result=data_word(res),
                    covers=either([COVER_WORDS.get(c, c) for c in how.run_to]))


def either(words: list[str]) -> str:
    """``a or b or c``, each word drawn in the reader's language."""
    out = words[0] if words else ""
    for word in words[1:]:
        out = N_("{a} or {b}", a=out, b=word)
    return out


def end_of_period(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """Flight I lasts until the end of the period it is carried out in (GA 12.4: its
    move is in sequence 1 of the period after the test; games of 0.1 ended it with the
    test's period, before its move); the fallen of the period count no more for the next
    morale tests."""
    for f in state["vars"]["figs"].values():
        if "flight1" in f["states"] and f.get("flight1_from", -1) < state["turn"]:
            f["states"] = sorted(set(f["states"]) - {"flight1"})
            f.pop("flight1_from", None)
    state["vars"]["fallen"] = []
