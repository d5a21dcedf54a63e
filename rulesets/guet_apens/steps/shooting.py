"""The shooting sequences (GA 5 sequences 3 and 5, GA 8): each side names in secret
which of its shooters shoots at whom; revealed together, every shot is resolved at
once (the wounds apply after all shots, the sequence being simultaneous, GA 0.4).

Line of sight, distance base to base and cover come from the table (``core/table``);
the number needed, the range quarter and the damage from the model (GA 8.7-8.9)."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import SealedChoice
from boardapp.core.table.bases import Bases, side_seen_from
from boardapp.core.table.measure import measure
from boardapp.core.table.sight import eye_of, sight_pairs

from ..model import SIDES, TOUCHING, GuetApensModel
from ..model.game import TABLE_RULES
from ..model.shooting import (
    WEAPONS,
    damage_die,
    group_factors,
    group_miss,
    group_rule_applies,
    shot,
    shot_damage,
    shots_per_period,
    stillness_factor,
    weapon_range,
)
from ..model.words import N_, both, listing
from .choices import ChoiceWords
from .combat import wound
from .interposed import interposed
from .mules import MuleKilled
from .reaction import plays_reactions, reaction_targets, sixths_seen
from .tests_d20 import roll_test

SHOOT_STEP = "shoot"
GROUP_SHOTS = "group_shots"
"""``state["legacy"]`` key: ``False`` for games of version 0.1 (no group shots)."""
GROUP_GAP = 1.0
"""GA 8.10.2: beyond half the range, characters at most 1 cm apart form a group."""
NONE = "none"
COVER = {"light": "light_cover", "medium": "medium_cover", "large": "large_cover"}


def missile(rs: GuetApensModel, state: State, pid: str) -> str | None:
    m = rs.fig(state, pid).get("missile")
    return m if m in WEAPONS else None


def may_shoot(rs: GuetApensModel, state: State, pid: str, index: Bases | None = None) -> bool:
    """A shooter able to shoot now: active, not in hand-to-hand, not fleeing, arrows
    left (the count is his owner's secret, GA 8.5), shots left this period (GA 8.4)."""
    f = rs.fig(state, pid)
    weapon = missile(rs, state, pid)
    if weapon is None or not rs.active(state, pid) or set(f["states"]) & {
            "flight1", "flight2", "panic"}:
        return False
    if rs.enemies_in_contact(state, pid, index):
        return False
    per, _ = shots_per_period(weapon, rs.readings(state))
    if f.get("shot_this_period", 0) >= per:
        return False
    ammo = (state["vars"].get("ammo") or {}).get(f["side"], {}).get(pid)
    return ammo is None or f.get("fired", 0) < ammo


def all_targets(rs: GuetApensModel, state: State,
                side: str | None = None) -> dict[str, list[tuple[float, str]]]:
    """For every shooter able to shoot (of ``side``), the enemies he sees within his
    weapon's range, nearest first: the bases and the lines of sight computed once for
    the whole table."""
    table = rs.board_map.table  # type: ignore[attr-defined]
    index = rs.index(state)
    figs = state["vars"]["figs"]
    shooters = [p for p in sorted(figs) if p in index.bases and (
        side is None or figs[p]["side"] == side) and may_shoot(rs, state, p, index)]
    if not shooters:
        return {}
    eyes = {p: eye_of(table, b, TABLE_RULES.figure(state["pieces"][p]["type"]).height)
            for p, b in index.bases.items()}
    pairs, dist = [], {}
    for p in shooters:
        weapon = missile(rs, state, p)
        assert weapon is not None
        for q in index.near(p, weapon_range(weapon)):
            if q in figs and figs[q]["side"] != figs[p]["side"] and not set(
                    figs[q]["states"]) & {"dead", "out", "captured", "hit"}:
                pairs.append((p, q))
                dist[(p, q)] = index.bases[p].distance(index.bases[q])
    seen = sight_pairs(table, eyes, pairs, TABLE_RULES.see_into)
    out: dict[str, list[tuple[float, str]]] = {p: [] for p in shooters}
    for pair, ok in seen.items():
        if ok:
            out[pair[0]].append((dist[pair], pair[1]))
    if plays_reactions(state):  # GA 8.6.1: seen long enough during the movement
        for p in shooters:
            weapon = missile(rs, state, p)
            assert weapon is not None
            have = {q for _, q in out[p]}
            for q in reaction_targets(state, p, weapon):
                if q not in have and (p, q) in dist:
                    out[p].append((dist[(p, q)], q))
    return {p: sorted(found) for p, found in out.items() if found}


class Shooting(ChoiceWords, MuleKilled, SealedChoice[GuetApensModel]):
    """GA 8: each side names its shots in secret (``PID>TARGET``, joined by ``/``)."""

    name = SHOOT_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        return N_("Shooting: {names}, name your shots in secret (GA 8)", names=names)

    def options(self, rs: GuetApensModel, state: State, frame: Frame, side: str) -> list[str]:
        shots = [f"{pid}>{found[0][1]}"
                 for pid, found in sorted(all_targets(rs, state, side).items())]
        return [NONE] + (["/".join(shots)] if shots else [])

    def why_not(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """Any shots ``PID>TARGET`` joined by ``/`` (one per shooter, a target he sees
        in range), besides the ones offered."""
        if action.verb != "commit" or len(action.args) != 1 or action.arg(0) == NONE:
            return super().why_not(rs, state, frame, action, side)
        deciders = self.deciders(rs, state, frame)
        if side is not None and side not in deciders:
            return self._not_yours(rs, deciders), rs.cite("8")
        why: tuple[str, str | None] | None = (N_("nobody shoots now"), None)
        for s in ([side] if side else deciders):
            why = _why_not_shots(rs, state, s, action.arg(0))
            if why is None:
                return None
        return why

    def chosen(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        losses: list[tuple[str, int]] = []
        index = rs.index(state)  # nobody moves, nobody falls before every shot is shot
        for side in frame["sides"]:
            if choices[side] == NONE:
                continue
            for item in choices[side].split("/"):
                pid, _, target = item.partition(">")
                losses += resolve_shot(rs, state, ctx, pid, target, index)
        for target, lost in losses:
            wound(rs, state, ctx, target, lost, rs.cite("8.9"))
        flow.end(rs, state, ctx, None)


def _why_not_shots(rs: GuetApensModel, state: State, side: str,
                   text: str) -> tuple[str, str | None] | None:
    found = all_targets(rs, state, side)
    shooters = []
    for item in text.split("/"):
        pid, sep, target = item.partition(">")
        if not sep:
            return N_("{item}: a shot is SHOOTER>TARGET", item=repr(item)), rs.cite("8")
        if pid not in found:
            return N_("{pid} may not shoot now", pid=repr(pid)), rs.cite("8.4")
        if target not in [q for _, q in found[pid]]:
            return N_("{pid} does not see {target} within range", pid=repr(pid),
                      target=repr(target)), rs.cite("8.1")
        shooters.append(pid)
    if len(set(shooters)) != len(shooters):
        return N_("one shot per shooter"), rs.cite("8.4")
    return None


def resolve_shot(rs: GuetApensModel, state: State, ctx: Context, pid: str,
                 target: str, index: Bases | None = None) -> list[tuple[str, int]]:
    """One shot (GA 8.8): the number needed from Skill, range quarter and the factors
    the table finds; the damage (GA 8.9) returned, applied after every shot."""
    f, tf = rs.fig(state, pid), rs.fig(state, target)
    weapon = missile(rs, state, pid)
    assert weapon is not None
    name, tname = rs.piece_name(state, pid), rs.piece_name(state, target)
    m = measure(rs, state, pid, target)
    factors = []
    react = not m.sees and plays_reactions(state) and target in reaction_targets(
        state, pid, weapon)
    if react:  # GA 8.6.1: shot as he showed himself, during the movement
        factors.append("snap")
        ctx.log(N_("{name} shoots at {target} as he showed himself: seen over {n}/6 of his "
                   "move, {need} needed"), rs.cite("8.6"), name=name, target=tname,
                n=sixths_seen(state, pid, target),
                need="2/6" if weapon == "crossbow" else "4/6")
    elif m.cover in COVER:
        factors.append(COVER[m.cover])
    if tf.get("shield"):
        factors.append("shield")
    moved = state["vars"].get("moved", {})
    if moved.get(target, 0) > rs.allowance(state, target) / 2:
        factors.append("running_front" if m.arc in ("front", "rear") else "running_profile")
    still = stillness_factor(moved.get(pid, 0), rs.allowance(state, pid))
    if still and not react:  # a reaction shot is itself a shot during the movement
        factors.append(still)
    if rs.mounted(state, target):
        factors.append("aim_rider")
    group = neighbours(rs, state, pid, target, m.distance, weapon, index) if plays_groups(
        state) else {}
    if group:  # GA 8.10.2: a shot into a group is "au jugé" (B10b)
        factors, how = group_factors(factors, rs.readings(state))
        ctx.log(N_("{target} stands in a group with {others}: a shot into a group "
                   "[B10b={how}]"), rs.cite("8.10"), target=tname, how=how,
                others=listing([rs.piece_name(state, q) for q in group.values()]))
    test = shot(rs.value(state, pid, "sk"), m.distance, weapon, factors, shooter=name,
                target_mounted=rs.mounted(state, target), readings=rs.readings(state))
    f["fired"] = f.get("fired", 0) + 1
    f["shot_this_period"] = f.get("shot_this_period", 0) + 1
    if test is None:
        ctx.log(N_("{name} shoots at {target}, out of range ({cm} cm)"), rs.cite("8.7"),
                name=name, target=tname, cm=f"{m.distance:.1f}")
        return []
    done = roll_test(ctx, test, N_("{name} shoots at {target} ({cm} cm)", name=name,
                                   target=tname, cm=f"{m.distance:.1f}"),
                     outcome=(N_("hit"), N_("missed")))
    if not done.success:
        if not group:
            return []
        side, how = group_miss(done, {s: True for s in group}, rs.readings(state))
        if side is None:
            return []
        other = group[side]
        text = (N_("D20 {roll}, within 2 of {needed} and even: {other}, on the right of "
                   "{target} seen from {name}, is hit [B10={how}]") if side == "right" else
                N_("D20 {roll}, within 2 of {needed} and odd: {other}, on the left of "
                   "{target} seen from {name}, is hit [B10={how}]"))
        ctx.log(text, rs.cite("8.10"), roll=done.roll, needed=done.target,
                other=rs.piece_name(state, other), target=tname, name=name, how=how)
        target, tname, tf = other, rs.piece_name(state, other), rs.fig(state, other)
    front = interposed(rs, state, pid, target, index or rs.index(state)) if group else None
    if front is not None:  # GA 8.10.3: the character in front of the group takes it
        ctx.log(N_("{other}, on the trajectory less than 5 cm in front of {target}, is hit "
                   "instead"), rs.cite("8.10.3"), other=rs.piece_name(state, front),
                target=tname)
        target, tname, tf = front, rs.piece_name(state, front), rs.fig(state, front)
    sides = damage_die(weapon)
    dmg = shot_damage([ctx.roll(sides)], mail=bool(tf.get("mail")), readings=rs.readings(state))
    ctx.log(N_("{name} hits {target}: D{sides} = {lp} LP [B9={how}]"), rs.cite("8.9"),
            name=name, target=tname, sides=sides, lp=dmg.lp, how=dmg.readings[0][1])
    return [(target, dmg.lp)]


def plays_groups(state: State) -> bool:
    """Games recorded with version 0.1 had no group shots (``state["legacy"]``)."""
    return bool((state.get("legacy") or {}).get(GROUP_SHOTS, True))


def neighbours(rs: GuetApensModel, state: State, pid: str, target: str, distance: float,
               weapon: str, index: Bases | None = None) -> dict[str, str]:
    """GA 8.10.2-4: the nearest character of ``target``'s group on his right and on his
    left as seen from the shooter: beyond half the range a group is characters at most 1
    cm apart, within it only bases touching; bows and crossbows only. (The character
    interposed less than 5 cm in front, GA 8.10.3: :mod:`.interposed`.)"""
    index = index or rs.index(state)
    if pid not in index.bases or target not in index.bases:
        return {}
    touching = bool([q for q in index.contacts(target, TOUCHING) if q != pid])
    if not group_rule_applies(distance, weapon, touching):
        return {}
    gap = GROUP_GAP if distance > weapon_range(weapon) / 2 else TOUCHING
    figs = state["vars"]["figs"]
    t, s = index.bases[target], index.bases[pid]
    best: dict[str, tuple[float, str]] = {}
    for q in index.near(target, gap):
        if q in (pid, target) or q not in figs or set(figs[q]["states"]) & {
                "dead", "out", "captured"}:
            continue
        b = index.bases[q]
        d = t.distance(b)
        if d > gap:
            continue
        side = side_seen_from((s.x, s.y), (t.x, t.y), (b.x, b.y))
        if side != "line" and (side not in best or (d, q) < best[side]):
            best[side] = (d, q)
    return {side: q for side, (_, q) in sorted(best.items())}


def shooting_sides(rs: GuetApensModel, state: State) -> list[str]:
    """The sides with a shooter who sees an enemy in range."""
    found = all_targets(rs, state)
    return [s for s in SIDES if any(rs.piece_side(state, p) == s for p in found)]
