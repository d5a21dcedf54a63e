"""The rally (GA 12.5), in sequence 7 before the morale tests: a figure fleeing (Flight
I or II) or panicking still on the table, whom the Baron, his leader or a friendly
knight has reached and who is not fighting, tries Courage + the rallier's Courage and
Strength + D4 > 30; success makes him operational again. How near the rallier must be
is B22 (base to base, or within 25 cm and visible). Among several ralliers the one with
the best chance tries (his Courage + Strength; a player would choose him). Tried again
every period. Games recorded with version 0.1 had no rally (``state["legacy"]``)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State
from boardapp.core.table.measure import measure

from ..model import TOUCHING, GuetApensModel
from ..model.morale import rally
from ..model.readings import reading
from ..model.words import N_
from .capture import knight
from .tests_d20 import log_tally

RALLY = "rally"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (no rally)."""
FLEEING = ("flight1", "flight2", "panic")
NEAR = 25.0


def ralliers(rs: GuetApensModel, state: State, pid: str) -> list[str]:
    """The figures who may rally ``pid`` now (GA 12.5, B22), best chance first."""
    figs = state["vars"]["figs"]
    side = figs[pid]["side"]
    how = reading(rs.readings(state), "B22")
    index = rs.index(state)
    if pid not in index.bases:
        return []
    near = index.contacts(pid, TOUCHING) if how == "contact" else index.near(pid, NEAR)
    out = []
    for q in near:
        if q == pid or q not in figs or figs[q]["side"] != side or not rs.active(state, q):
            continue
        f = figs[q]
        if not (f["role"] in ("baron", "leader") or knight(rs, state, q)):
            continue
        if set(f["states"]) & set(FLEEING) or rs.enemies_in_contact(state, q, index):
            continue  # GA 12.5: the rallier must not be fighting
        if how != "contact":
            m = measure(rs, state, q, pid)
            if not m.sees or m.distance > NEAR:
                continue
        out.append(q)
    return sorted(out, key=lambda q: (-(rs.value(state, q, "co") + rs.value(state, q, "st")),
                                      q))


def rally_sequence(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 12.5: every fleeing figure with a rallier by him tries to rally."""
    if not (state.get("legacy") or {}).get(RALLY, True):
        return
    how = reading(rs.readings(state), "B22")
    for pid in sorted(state["vars"]["figs"]):
        f = rs.fig(state, pid)
        if not set(f["states"]) & set(FLEEING) or set(f["states"]) & {
                "dead", "out", "captured", "unconscious"}:
            continue
        found = ralliers(rs, state, pid)
        if not found:
            continue
        q = found[0]
        name, rname = rs.piece_name(state, pid), rs.piece_name(state, q)
        tally, ok = rally(rs.value(state, pid, "co"), rs.value(state, q, "co"),
                          rs.value(state, q, "st"), ctx.roll(4), who=name, rallier=rname)
        total = log_tally(ctx, tally, name)
        if ok:
            f["states"] = sorted(set(f["states"]) - set(FLEEING))
            ctx.log(N_("{rallier} rallies {name}: {total} > 30, he is operational again "
                       "[B22={how}]"), rs.cite("12.5"), rallier=rname, name=name,
                    total=total, how=how)
        else:
            ctx.log(N_("{rallier} fails to rally {name}: {total}, not more than 30 "
                       "[B22={how}]"), rs.cite("12.5"), rallier=rname, name=name,
                    total=total, how=how)
