"""Reaction times (GA 8.6.1, Example VI): a target that shows itself during its move
may be shot once it has been in view for 1/3 of its movement (crossbow) or 2/3 (bows,
thrown weapons), even if it is out of sight again when the shooting sequence comes. While
the figures move together in sixths (:mod:`.carry`), every shooter who may shoot notes
the enemies in range he sees at each sixth; in the next shooting sequence a target he
no longer sees but saw long enough is offered as a reaction shot: a shot during the
movement (the snap shot's -8, GA 8.8), with no cover (he was seen in the open). Games
recorded with version 0.1 had no reaction shots (``state["legacy"]``)."""

from __future__ import annotations

from fractions import Fraction

from boardapp.core.engine.state import State
from boardapp.core.table.bases import Bases
from boardapp.core.table.sight import eye_of, sight_pairs

from ..model import GuetApensModel
from ..model.game import TABLE_RULES
from ..model.shooting import reaction_fraction, weapon_range

REACTIONS = "reactions"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (no reaction shots)."""
GLIMPSED = "glimpsed"
"""``vars[GLIMPSED][shooter][target]``: the sixths of the target's move in view."""
OUT = {"dead", "out", "captured", "hit"}


def plays_reactions(state: State) -> bool:
    return "shoot" in state["vars"].get("rules", ()) and bool(
        (state.get("legacy") or {}).get(REACTIONS, True))


def reset(state: State) -> None:
    """A new movement sequence: nothing glimpsed yet."""
    state["vars"].pop(GLIMPSED, None)


def glimpse(rs: GuetApensModel, state: State, moving: set[str],
            shooters: dict[str, str]) -> None:
    """One sixth of the movement: every shooter able to shoot (``shooters``: his
    weapon) notes the moving enemies in range he sees now."""
    if not moving or not shooters:
        return
    table = rs.board_map.table  # type: ignore[attr-defined]
    index = Bases({p: b for p, b in rs.bases(state).items() if p in moving or p in shooters})
    figs = state["vars"]["figs"]
    pairs = []
    for p, weapon in sorted(shooters.items()):
        if p not in index.bases:
            continue
        pairs += [(p, q) for q in index.near(p, weapon_range(weapon)) if q in moving and
                  q in figs and figs[q]["side"] != figs[p]["side"] and not set(
                      figs[q]["states"]) & OUT]
    if not pairs:
        return
    eyes = {p: eye_of(table, b, TABLE_RULES.figure(state["pieces"][p]["type"]).height)
            for p, b in index.bases.items() if any(p in pair for pair in pairs)}
    seen = sight_pairs(table, eyes, pairs, TABLE_RULES.see_into)
    got = state["vars"].setdefault(GLIMPSED, {})
    for (p, q), ok in sorted(seen.items()):
        if ok:
            got.setdefault(p, {})[q] = got.get(p, {}).get(q, 0) + 1


def reaction_targets(state: State, pid: str, weapon: str) -> list[str]:
    """The targets ``pid`` saw long enough during the last movement (GA 8.6.1)."""
    need = reaction_fraction(weapon) * TABLE_RULES.fractions
    return sorted(q for q, n in ((state["vars"].get(GLIMPSED) or {}).get(pid) or {}).items()
                  if Fraction(n) >= need)


def sixths_seen(state: State, pid: str, target: str) -> int:
    return int(((state["vars"].get(GLIMPSED) or {}).get(pid) or {}).get(target, 0))
