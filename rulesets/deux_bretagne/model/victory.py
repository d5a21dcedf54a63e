"""The end of a turn and of the game (4.0 F, 13.2, 14.x): the turn marker, the automatic
victory and each scenario's own victory conditions."""

from __future__ import annotations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State

from . import events
from .base import PLAYERS, PRISON, DeuxBretagneModel
from .data import Scenario
from .words import N_

CAPITALS = ("Rennes", "Nantes", "Brest", "Gwened")
SIDE_LEADERS = {"blois": ("charles-de-blois",),
                "montfort": ("jean-de-montfort", "jean-de-montfort-son")}  # 13.2
CAPITAL_IDS = ("rennes", "nantes", "brest", "gwened")


def advance_turn(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow) -> None:
    """Phase F: the turn marker moves on, or the scenario ends (4.0 F, 14.x)."""
    last = state["vars"]["last_turn"]
    sc = rs.scenario_data[state["scenario"]]
    automatic = automatic_winner(rs, state)
    if automatic is not None:
        winner, why = automatic
        finish(rs, state, ctx, flow, N_("{side} wins: automatic victory, {why}",
                                        side=rs.side(winner).name, why=why), "13.2")
        return
    if state["turn"] >= last:
        finish(rs, state, ctx, flow, N_("End of the scenario after turn {last}: {final_result}",
                                        last=last, final_result=final_result(rs, state,
                                                                             sc)), sc.rule)
        return
    state["turn"] += 1
    flow.enter_phase(rs, state, ctx, "action", side=events.first_player(state))  # 4.0: Blois,
    # or Montfort after M-01; the action phase's begin resets the turn's counts


def automatic_winner(rs: DeuxBretagneModel, state: State) -> tuple[str, str] | None:
    """The automatic victory at the end of a turn (13.2), as (side, why): the four
    capitals (not at the end of turn 1, nor of turn 7 in 14.3); after the Enlisement
    cards joined the decks, the opposing leader killed or captured."""
    if events.evran_winner(state):  # 13.2: the Shares of Evran, agreed by both players
        return events.evran_winner(state), N_("the Shares of Evran (the card's conditions)")
    exempt = {1, 7} if state["scenario"] == "14.3" else {1}
    owners = {state["control"].get(c) for c in CAPITAL_IDS}
    if state["turn"] not in exempt and len(owners) == 1 and None not in owners:
        return owners.pop(), N_("controlling {names}", names=listing(CAPITALS))
    if not any(state["vars"].get("enlisement", {}).values()):
        return None
    for loser, leaders in SIDE_LEADERS.items():
        where = [state["pieces"][p]["loc"] for p in leaders if p in state["pieces"]]
        down = [w for w in where if w in ("eliminated", PRISON[loser])]
        free = [w for w in where if w not in ("reserve", "eliminated", PRISON[loser])]
        if any(p in state["vars"].get("withdrawn", {}) for p in leaders):
            free.append(N_("withdrawn by T2"))  # off the map for a turn, not lost (9.221)
        if down and not free:
            names = " or ".join(rs.piece_types[p].name for p in leaders)
            winner = PLAYERS[1 - PLAYERS.index(loser)]
            return winner, N_("{names} killed or captured", names=names)
    return None


def final_result(rs: DeuxBretagneModel, state: State, sc: Scenario) -> str:
    """The scenario's own victory conditions at its end (14.14, 14.24, 14.44)."""
    rule = sc.final_victory
    names = [rs.board_map.place_name(c) for c in rule.get("cities", [])]
    if rule.get("type") == "control-any":
        side, other = rule["side"], rule["otherwise"]
        held = [n for c, n in zip(rule["cities"], names, strict=True)
                if state["control"].get(c) == side]
        if held:
            return N_("{side} wins, controlling {names}", side=rs.side(side).name,
                      names=listing(held))
        return (N_("{side} wins: {side2} controls none of {names}", side=rs.side(other).name,
                   side2=rs.side(side).name, names=listing(names)))
    if rule.get("type") == "points-and-cities":
        for side in PLAYERS:
            held = [c for c in rule["cities"] if state["control"].get(c) == side]
            if state["score"][side] > rule["more_than"] and len(held) >= rule["at_least"]:
                return (N_("{side} wins with {score} PV and {n} of {names}",
                           side=rs.side(side).name, score=state['score'][side], n=len(held),
                           names=listing(names)))
        return N_("a tie: no side has the points and the cities the scenario asks")
    return N_("check the victory conditions by hand: {victory}", victory=sc.victory)


def finish(rs: DeuxBretagneModel, state: State, ctx: Context, flow: Flow, result: str,
           rule: str) -> None:
    """The game ends with ``result`` (the phase of the game over)."""
    flow.enter_phase(rs, state, ctx, "over")
    state["vars"]["result"] = result
    ctx.log(result, rs.cite(rule))

