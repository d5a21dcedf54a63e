"""Sieges in Les Deux Bretagne (rules 8.24, 10.x) and the step losses they cause.

reaction     the defender in his fortified city chooses to withdraw inside (8.24) or to
             fight outside, before the battle.
siege-roll   (automatic) one roll on the Siege Table (10.22-10.25).
step-loss    a player chooses which unit loses a step (one at a time, only legal units).
continued    (automatic) phase E: every siege marker rolls (10.21, 10.25).

The Siege Table's -2 for Blois at a port is lifted by event B-01 for 2 of his activations
(``record_activation``, ``b01_in_force``); Marauders inside a fortress count in its siege
level and take the defender's losses when no defender is left inside (12.4 example).

``besiege AREA`` places a siege 0 marker (10.12, 10.13); ``assault AREA`` resolves siege
combat by an active leader (10.21). Pieces inside a fortress are listed in
``state["vars"]["inside"]``; siege markers in ``state["vars"]["sieges"]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve

from . import movement
from .battle import TABLES, remove_steps

if TYPE_CHECKING:
    from .rules import DeuxBretagne


def sieges(state: State) -> dict[str, dict[str, Any]]:
    """Siege markers by area: ``{"level": 0-3, "side": besieger, "ready_at": n}``."""
    return state["vars"]["sieges"]


def units_of(rs: DeuxBretagne, state: State, area: str, side: str, *,
             within: bool | None = None) -> list[str]:
    """``side``'s combat units in ``area``; ``within`` True/False: inside/outside only."""
    inner = movement.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)
            and (within is None or (p in inner) == within)]


def combat_factors(rs: DeuxBretagne, state: State, pids: list[str]) -> int:
    """Printed combat factors of ``pids`` (artillery, rolled in battle, counts 0)."""
    total = 0
    for pid in pids:
        t = rs.piece_type(state, pid)
        value = t.combat[1 if rs.is_reduced(state, pid) else 0]
        total += value if isinstance(value, int) else 0
    return total


def siege_level(rs: DeuxBretagne, state: State, area: str, defender: str) -> int:
    """Fortress level + combat factors of all the units inside (10.13): the defender's,
    and Marauders who turned inside the fortress (12.4 example)."""
    nf = rs.fortress_level(state, area)
    inner = (units_of(rs, state, area, defender, within=True)
             + units_of(rs, state, area, "marauders", within=True))
    return nf + combat_factors(rs, state, inner)


def fortress_owner(state: State, area: str) -> str | None:
    """The side controlling the fortified city ``area``."""
    return state["control"].get(area)


def can_besiege(rs: DeuxBretagne, state: State, area: str, side: str) -> str | None:
    """Why ``side`` cannot place a siege marker in ``area`` now (``None`` if it can)."""
    a = rs.board_map.areas.get(area)
    if a is None or not a.fortified:
        return "only a fortified city is besieged (10.0)"
    owner = fortress_owner(state, area)
    if owner == side:
        return f"{a.name} is yours already"
    if area in sieges(state):
        return f"{a.name} is besieged already"
    if not [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)]:
        return "an active leader is needed to place a siege marker (10.12)"
    if movement.enemy_units_at(rs, state, area, side, outside_only=True):
        return "enemy units outside the fortress must be fought first (10.11)"
    enemy = owner if owner in rs.player_sides else None
    level = siege_level(rs, state, area, enemy) if enemy else rs.fortress_level(state, area)
    have = combat_factors(rs, state, units_of(rs, state, area, side, within=False))
    if have < level:
        return (f"{have} combat factors against a siege level of {level} (fortress "
                f"{rs.fortress_level(state, area)} + units inside) (10.13)")
    return None


def do_besiege(rs: DeuxBretagne, state: State, area: str, ctx: Context) -> None:
    """Place a siege 0 marker (10.12, 10.13)."""
    side = state["active"]
    why = can_besiege(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(f"{rs.board_map.place_name(area)} cannot be besieged: {why}",
                                 rs.cite("10.12, 10.13"))
    leaders = [p for p in pieces_at(state, area)
               if rs.piece_side(state, p) == side and rs.is_leader(state, p)]
    started_here = all(state["vars"]["mp_spent"].get(p, 0) == 0 for p in leaders)
    number = state["vars"]["activation_no"]
    sieges(state)[area] = {"level": 0, "side": side,
                           "ready_at": number if started_here else number + 1}
    when = ("it may assault in this same activation, having started it here"
            if started_here else "the assault comes in a later activation")
    ctx.log(f"{rs.side(side).name} places a siege 0 marker on "
            f"{rs.board_map.place_name(area)}; {when}", rs.cite("10.12, 10.13"))


def can_assault(rs: DeuxBretagne, state: State, area: str, side: str) -> str | None:
    """Why ``side`` cannot make a siege roll in ``area`` now (``None`` if it can)."""
    marker = sieges(state).get(area)
    if marker is None or marker["side"] != side:
        return "no siege marker of yours there (10.21)"
    if state["vars"]["activation_no"] < marker["ready_at"]:
        return "the siege marker was placed in this activation (10.12)"
    if area in state["vars"]["fought"]:
        return "regular and siege combat never in the same activation (10.12)"
    if not [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)]:
        return "an active leader is needed for a siege roll (10.12)"
    return None


def do_assault(rs: DeuxBretagne, state: State, area: str, ctx: Context, flow: Flow) -> None:
    """Siege combat by an active leader (10.21)."""
    side = state["active"]
    why = can_assault(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(f"No siege roll in {rs.board_map.place_name(area)}: {why}",
                                 rs.cite("10.21"))
    state["vars"]["fought"].append(area)
    flow.call(rs, state, ctx, "siege-roll", side=side, area=area)


class SiegeRoll(Step):
    """One roll on the Siege Table and its effects (10.22-10.25)."""

    name = "siege-roll"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        a = rs.board_map.areas[area]
        marker = sieges(state)[area]
        table = TABLES["siege_table"]
        mods = [Modifier("fortress level", -rs.fortress_level(state, area), rs.cite("10.13")),
                Modifier(f"siege {marker['level']} marker", marker["level"], rs.cite("10.25"))]
        arts = [p for p in units_of(rs, state, area, side, within=False)
                if rs.piece_type(state, p).id.endswith("-art")]
        if arts:
            die = ctx.roll(10, zero_based=True)
            bonus = max(b for low, b in table["artillery_bonus"] if die >= low)
            mods.append(Modifier("artillery", bonus, f"artillery die {die}, "
                                                     f"{rs.cite('10.23')}"))
        if side == "blois" and a.port:
            castile = b01_in_force(state)
            mods.append(Modifier("Blois besieging a port", 0 if castile else -2,
                                 "event B-01 played in the last 2 activations: no penalty"
                                 if castile else "event B-01 not played in the last 2 "
                                 f"activations, {rs.cite('Siege Table')}"))
        rows = table["rows"]
        result = resolve(ctx, table="Siege Table", column="", sides=10, zero_based=True,
                         modifiers=mods, lookup=lambda n: next(r for r in rows
                                                               if n <= r["upto"]),
                         describe=lambda r: r["text"], rule=rs.cite("10.24"),
                         who=rs.side(side).name)
        row = result.result
        defender = fortress_owner(state, area)
        defender = defender if defender in rs.player_sides else None
        v["pending"] = []
        if row["defender"]:
            inner = units_of(rs, state, area, defender, within=True) if defender else []
            owner = defender or "marauders"
            if not inner:  # only Marauders left inside (12.4 example): they take it
                inner = units_of(rs, state, area, "marauders", within=True)
                owner = "marauders"
            if inner:
                v["pending"].append(step_loss(owner, row["defender"], inner, "Siege loss",
                                              rs.cite("10.24")))
            else:
                ctx.log("No unit inside to take the defender's loss: no penalty",
                        rs.cite("Siege Table"))
        if row["success"]:
            self._capture(rs, state, area, side, defender, ctx)
        else:
            marker["level"] = min(table["max_marker"], marker["level"] + 1)
            ctx.log(f"The siege goes on: siege {marker['level']} marker on {a.name}",
                    rs.cite("10.25"))
        if row["attacker"]:
            outside = units_of(rs, state, area, side, within=False)
            if outside:
                v["pending"].append(step_loss(side, row["attacker"], outside, "Siege loss",
                                              rs.cite("10.24")))
        flow.goto(rs, state, ctx, "step-losses")

    @staticmethod
    def _capture(rs: DeuxBretagne, state: State, area: str, side: str,
                 defender: str | None, ctx: Context) -> None:
        name = rs.board_map.place_name(area)
        inner = movement.inside(state)
        for pid in [p for p in pieces_at(state, area) if p in inner]:
            if rs.is_leader(state, pid):
                owner = rs.piece_side(state, pid)
                prison = "prison-bro-saoz" if owner == "blois" else "prison-bro-chall"
                put_piece(state, pid, prison)
                ctx.log(f"{rs.piece_name(state, pid)} is captured and sent to "
                        f"{rs.board_map.place_name(prison)}", rs.cite("10.24, 9.42"))
            else:
                ctx.log(f"{rs.piece_name(state, pid)} inside the fortress is eliminated",
                        rs.cite("10.24"))
                state["prev_loc"][pid] = area
                put_piece(state, pid, rs.eliminated_box)
                state["pieces"][pid]["flipped"] = False
        state["vars"]["inside"] = [p for p in state["vars"]["inside"]
                                   if state["pieces"][p]["loc"] != area]
        del sieges(state)[area]
        state["control"][area] = side
        ctx.log(f"{name} falls: {rs.side(side).name} takes control", rs.cite("10.24"))
        rs.update_counties(state, ctx)


def record_activation(state: State, side: str) -> None:
    """At the end of an activation: count ``side``'s activations over the game and keep
    the event B-01 played in it (Siege Table: Marine Castillane helps for 2 activations)."""
    v = state["vars"]
    done = v.setdefault("activations_done", {})
    done[side] = done.get(side, 0) + 1
    play = v.get("card_play")
    if play and play.get("side") == side and play.get("card") == "B-01" and play.get(
            "use") in ("evt", "act+evt"):
        v["b01_at"] = done[side]


def b01_in_force(state: State) -> bool:
    """Whether event B-01 was played in Blois's last 2 activations: the current one and
    the one before, or, outside the action phase, his last two (Siege Table)."""
    v = state["vars"]
    play = v.get("card_play")
    if play and play.get("side") == "blois" and play.get("card") == "B-01" and play.get(
            "use") in ("evt", "act+evt"):
        return True
    at = v.get("b01_at")
    if at is None:
        return False
    done = v.get("activations_done", {}).get("blois", 0)
    current = state["phase"] == "action" and state["active"] == "blois"
    return at >= done - (0 if current else 1)


def step_loss(side: str, count: int, units: list[str], why: str,
              rule: str) -> dict[str, Any]:
    """A pending step loss: ``side`` loses ``count`` steps among ``units``."""
    return {"side": side, "count": count, "units": list(units), "why": why, "rule": rule}


class StepLosses(Step):
    """Step losses (siege table, crossing an enemy fortress...), chosen one at a time by
    their owner among the units that may take them."""

    name = "step-losses"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        pending = frame["vars"]["pending"]
        while pending:
            entry = pending[0]
            alive = [p for p in entry["units"]
                     if state["pieces"][p]["loc"] != rs.eliminated_box]
            entry["units"] = alive
            if entry["count"] <= 0 or not alive:
                pending.pop(0)
                continue
            frame["side"] = entry["side"]
            if len(alive) == 1 or entry["side"] not in rs.player_sides:
                self._lose(rs, state, frame, alive[0], ctx)
                continue
            return  # the player chooses
        then = frame["vars"].get("then")
        if then:  # what the losses interrupted: a battle at the end of the move
            flow.goto(rs, state, ctx, then["step"], side=then["side"], then=None,
                      **then["vars"])
        else:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        entry = frame["vars"]["pending"][0]
        return (f"{rs.side(entry['side']).name}: {entry['why']} — choose the unit that loses "
                f"a step ({entry['count']} to lose) ({entry['rule']})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in frame["vars"]["pending"][0]["units"]:
            yield Action("lose-step", (pid,))

    def on_lose_step(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        self._lose(rs, state, frame, action.args[0], ctx)
        self.begin(rs, state, frame, ctx, flow)

    @staticmethod
    def _lose(rs: DeuxBretagne, state: State, frame: Frame, pid: str, ctx: Context) -> None:
        entry = frame["vars"]["pending"][0]
        ctx.log(f"{entry['why']}: {remove_steps(rs, state, pid, 1)}", entry["rule"])
        entry["count"] -= 1
        entry["units"] = [p for p in entry["units"]
                          if state["pieces"][p]["loc"] != rs.eliminated_box]


class Reaction(Step):
    """The defender may withdraw inside his fortified city when enemies enter (8.24)."""

    name = "reaction"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        area = rs.board_map.place_name(frame["vars"]["area"])
        return (f"{rs.side(frame['side']).name}: withdraw inside the fortress of {area}, or "
                f"stay outside and fight? ({rs.cite('8.24')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("withdraw")
        yield Action("fight")

    def on_withdraw(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        mine = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side]
        state["vars"]["inside"].extend(p for p in mine
                                                      if p not in movement.inside(state))
        ctx.log(f"{rs.names(state, mine)} withdraw inside the fortress of "
                f"{rs.board_map.place_name(area)}", rs.cite("8.24"))
        attacker = v["attacker"]
        spent = state["vars"]["mp_spent"]
        for pid, mp in v.get("spent_before", {}).items():
            if pid in spent:
                spent[pid] = mp  # the army may move on, leaving enough units (8.24)
        flow.end(rs, state, ctx, result=attacker)

    def on_fight(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        ctx.log(f"{rs.side(frame['side']).name} stays outside to fight", rs.cite("8.24"))
        flow.goto(rs, state, ctx, "battle", side=v["attacker"])


class ContinuedSieges(Step):
    """Phase E: a roll for every area with a siege marker (10.21, 10.25)."""

    name = "continued-sieges"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        todo = frame["vars"]["todo"]
        while todo:
            area = todo.pop(0)
            marker = sieges(state).get(area)
            if marker is None:
                continue
            ctx.log(f"Continued siege of {rs.board_map.place_name(area)}", rs.cite("4.0 E"))
            flow.call(rs, state, ctx, "siege-roll", side=marker["side"], area=area)
            return
        flow.end(rs, state, ctx, result="sieges-done")


def check_sieges(rs: DeuxBretagne, state: State, ctx: Context) -> None:
    """Keep the fortress state consistent after any change (10.14, 8.24), and the
    counties: taken by Marauders (3.3, 12.433) or wholly pillaged (12.45), in pay.py.

    A siege marker goes when the besiegers' factors fall below the siege level; pieces
    inside a fortress come out when no enemy is left in the city.
    """
    from .pay import check_marauder_counties, check_pillaged_counties

    check_marauder_counties(rs, state, ctx)  # before the VP cut of 12.45 is settled
    check_pillaged_counties(rs, state, ctx)
    for area, marker in list(sieges(state).items()):
        side = marker["side"]
        defender = fortress_owner(state, area)
        level = (siege_level(rs, state, area, defender) if defender in rs.player_sides
                 else rs.fortress_level(state, area))
        have = combat_factors(rs, state, units_of(rs, state, area, side, within=False))
        if have < level:
            del sieges(state)[area]
            ctx.log(f"The siege of {rs.board_map.place_name(area)} is lifted: {have} "
                    f"combat factors against a siege level of {level}", rs.cite("10.14"))
    inner = state["vars"]["inside"]
    keep = []
    for pid in inner:
        loc = state["pieces"][pid]["loc"]
        side = rs.piece_side(state, pid)
        if loc in rs.board_map.areas and movement.enemy_units_at(rs, state, loc, side,
                                                                outside_only=True):
            keep.append(pid)
    state["vars"]["inside"] = keep


SIEGE_STEPS = (SiegeRoll, StepLosses, Reaction, ContinuedSieges)


def can_sortie(rs: DeuxBretagne, state: State, area: str, side: str) -> str | None:
    """Why ``side``'s units inside ``area`` cannot sortie now (``None`` if they can):
    a leader inside, enemy units masking the city outside, no siege marker (10.16)."""
    a = rs.board_map.areas.get(area)
    if a is None or not a.fortified:
        return "a sortie leaves a fortified city (10.16)"
    inner = movement.inside(state)
    mine = [p for p in pieces_at(state, area) if p in inner and rs.piece_side(state, p) == side]
    if not any(rs.is_leader(state, p) for p in mine) or not any(
            not rs.is_leader(state, p) for p in mine):
        return "a leader and units inside the fortress are needed (10.16)"
    if not movement.enemy_units_at(rs, state, area, side, outside_only=True):
        return "no enemy masks the city (10.15)"
    if area in sieges(state):
        return "the city is besieged (10.16 covers a masked city)"
    if area in state["vars"]["fought"]:
        return "one combat a city per activation (10.12)"
    return None


def do_sortie(rs: DeuxBretagne, state: State, area: str, ctx: Context, flow: Flow) -> None:
    """The units inside come out and fight the masking force (10.16): if they lose they
    go back inside (the battle's retreat for the attacker leads into the fortress)."""
    side = state["active"]
    why = can_sortie(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(f"No sortie from {rs.board_map.place_name(area)}: {why}",
                                 rs.cite("10.16"))
    inner = movement.inside(state)
    mine = [p for p in pieces_at(state, area) if p in inner and rs.piece_side(state, p) == side]
    state["vars"]["inside"] = [p for p in state["vars"]["inside"] if p not in mine]
    leaders = [p for p in mine if rs.is_leader(state, p)]
    commander = max(leaders, key=lambda p: rs.piece_type(state, p).command)
    enemy = movement.enemy_units_at(rs, state, area, side, outside_only=True)
    ctx.log(f"{rs.side(side).name} sorties from the fortress of "
            f"{rs.board_map.place_name(area)}", rs.cite("10.16"))
    flow.call(rs, state, ctx, "battle", side=side, area=area, attacker=side,
              defender=rs.piece_side(state, enemy[0]), attacker_commander=commander,
              entered_from=area, spent_before={})
