"""The shooting sequences (GA 5 sequences 3 and 5, GA 8): each side names in secret
which of its shooters shoots at whom; revealed together, every shot is resolved at
once (the wounds apply after all shots, the sequence being simultaneous, GA 0.4).

Line of sight, distance base to base and cover come from the table (``core/table``);
the number needed, the range quarter and the damage from the model (GA 8.7-8.9)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import SealedChoice
from boardapp.core.table.measure import measure

from ..model import SIDES, GuetApensModel
from ..model.shooting import (
    WEAPONS,
    damage_die,
    shot,
    shot_damage,
    shots_per_period,
    stillness_factor,
    weapon_range,
)
from .combat import wound
from .tests_d20 import roll_test

SHOOT_STEP = "shoot"
NONE = "none"
COVER = {"light": "light_cover", "medium": "medium_cover", "large": "large_cover"}


def missile(rs: GuetApensModel, state: State, pid: str) -> str | None:
    m = rs.fig(state, pid).get("missile")
    return m if m in WEAPONS else None


def may_shoot(rs: GuetApensModel, state: State, pid: str) -> bool:
    """A shooter able to shoot now: active, not in hand-to-hand, not fleeing, arrows
    left (the count is his owner's secret, GA 8.5), shots left this period (GA 8.4)."""
    f = rs.fig(state, pid)
    weapon = missile(rs, state, pid)
    if weapon is None or not rs.active(state, pid) or set(f["states"]) & {
            "flight1", "flight2", "panic"}:
        return False
    if rs.enemies_in_contact(state, pid):
        return False
    per, _ = shots_per_period(weapon, rs.readings(state))
    if f.get("shot_this_period", 0) >= per:
        return False
    ammo = (state["vars"].get("ammo") or {}).get(f["side"], {}).get(pid)
    return ammo is None or f.get("fired", 0) < ammo


def targets(rs: GuetApensModel, state: State, pid: str) -> list[tuple[float, str]]:
    """The enemies ``pid`` sees within his weapon's range, nearest first."""
    weapon = missile(rs, state, pid)
    assert weapon is not None
    side = rs.piece_side(state, pid)
    out = []
    for q in rs.bases(state):
        if q not in state["vars"]["figs"] or rs.piece_side(state, q) == side or \
                set(rs.fig(state, q)["states"]) & {"dead", "out", "captured", "hit"}:
            continue
        m = measure(rs, state, pid, q)
        if m.sees and m.distance <= weapon_range(weapon):
            out.append((m.distance, q))
    return sorted(out)


class Shooting(SealedChoice[GuetApensModel]):
    """GA 8: each side names its shots in secret (``PID>TARGET``, joined by ``/``)."""

    name = SHOOT_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = " and ".join(rs.side(s).name for s in self.deciders(rs, state, frame))
        return f"Shooting: {names}, name your shots in secret (GA 8)"

    def options(self, rs: GuetApensModel, state: State, frame: Frame, side: str) -> list[str]:
        shots = []
        for pid in sorted(state["vars"]["figs"]):
            if rs.piece_side(state, pid) == side and may_shoot(rs, state, pid):
                found = targets(rs, state, pid)
                if found:
                    shots.append(f"{pid}>{found[0][1]}")
        return [NONE] + (["/".join(shots)] if shots else [])

    def chosen(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        losses: list[tuple[str, int]] = []
        for side in frame["sides"]:
            if choices[side] == NONE:
                continue
            for item in choices[side].split("/"):
                pid, _, target = item.partition(">")
                losses += resolve_shot(rs, state, ctx, pid, target)
        for target, lost in losses:
            wound(rs, state, ctx, target, lost, rs.cite("8.9"))
        flow.end(rs, state, ctx, None)


def resolve_shot(rs: GuetApensModel, state: State, ctx: Context, pid: str,
                 target: str) -> list[tuple[str, int]]:
    """One shot (GA 8.8): the number needed from Skill, range quarter and the factors
    the table finds; the damage (GA 8.9) returned, applied after every shot."""
    f, tf = rs.fig(state, pid), rs.fig(state, target)
    weapon = missile(rs, state, pid)
    assert weapon is not None
    name, tname = rs.piece_name(state, pid), rs.piece_name(state, target)
    m = measure(rs, state, pid, target)
    factors = []
    if m.cover in COVER:
        factors.append(COVER[m.cover])
    if tf.get("shield"):
        factors.append("shield")
    moved = state["vars"].get("moved", {})
    if moved.get(target, 0) > rs.allowance(state, target) / 2:
        factors.append("running_front" if m.arc in ("front", "rear") else "running_profile")
    still = stillness_factor(moved.get(pid, 0), rs.allowance(state, pid))
    if still:
        factors.append(still)
    if rs.mounted(state, target):
        factors.append("aim_rider")
    test = shot(rs.value(state, pid, "sk"), m.distance, weapon, factors, shooter=name,
                target_mounted=rs.mounted(state, target), readings=rs.readings(state))
    f["fired"] = f.get("fired", 0) + 1
    f["shot_this_period"] = f.get("shot_this_period", 0) + 1
    if test is None:
        ctx.log(f"{name} shoots at {tname}, out of range ({m.distance:.1f} cm)",
                rs.cite("8.7"))
        return []
    done = roll_test(ctx, test, f"{name} shoots at {tname} ({m.distance:.1f} cm)",
                     outcome=("hit", "missed"))
    if not done.success:
        return []
    sides = damage_die(weapon)
    dmg = shot_damage([ctx.roll(sides)], mail=bool(tf.get("mail")), readings=rs.readings(state))
    ctx.log(f"{name} hits {tname}: D{sides} = {dmg.lp} LP [B9={dmg.readings[0][1]}]",
            rs.cite("8.9"))
    return [(target, dmg.lp)]


def shooting_sides(rs: GuetApensModel, state: State) -> list[str]:
    """The sides with a shooter who sees an enemy in range."""
    return [s for s in SIDES if any(
        rs.piece_side(state, p) == s and may_shoot(rs, state, p) and targets(rs, state, p)
        for p in state["vars"]["figs"])]
