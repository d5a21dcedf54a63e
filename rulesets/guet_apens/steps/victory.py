"""Each scenario's end and victory (GA 14): checked after the combat and the morale
sequences, and when the last period is over."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State

from ..model import SIDES, GuetApensModel
from ..model.scenario_rules import pillage_losses, pillage_winner
from ..model.words import N_, said
from .campaign import campaign_of, carry_forward
from .manuscripts import manuscript_verdict
from .mules import summary as mule_summary

OUT_OF_FIGHT = {"dead", "out", "captured", "hit"}
"""Dead, off the table (fled, panicked), captured or surrendered, or (Scenario III) hit."""


def standing(rs: GuetApensModel, state: State, side: str) -> list[str]:
    """``side``'s figures still in the fight."""
    return [p for p, f in state["vars"]["figs"].items() if f["side"] == side and
            not set(f["states"]) & OUT_OF_FIGHT]


def worth(fig: dict, wounds: bool = True) -> float:
    """What a figure still in the fight is worth to the computer opponent: its life
    points (where wounds count: not in the joust, GA 14.1), and for a rider the terms
    of the charge (GA 9.1.2: his horse's Agility and his Skill against half the target
    horse's Agility and the target's Strength; each point is 1 in 20 on the die), else
    its Skill, Strength and Agility (GA 9.8)."""
    start = fig["start"]
    value = 20.0 + (2.0 * fig["lp"] if wounds else 0.0)
    horse = fig.get("horse")
    if horse and fig.get("mounted"):
        return value + horse["ag"] + start["sk"] + (horse["ag"] + 1) // 2 + start["st"]
    return value + start["sk"] + start["st"] + start["ag"]


SHAKEN = {"flight1": 0.7, "flight2": 0.5, "panic": 0.3, "unconscious": 0.3,
          "stunned": 0.7, "down": 0.8, "knocked": 0.8}
"""What is left of a figure's worth while its morale fails (GA 12.4: flight I, flight
II, panic) or it lies stunned, knocked down or unconscious (GA 11): the least counts."""
SHOT_WORTH = 0.5
"""What an arrow or bolt still in the quiver is worth (at most :data:`QUIVER` counted)."""
QUIVER = 12


def fighting_worth(fig: dict, wounds: bool, arrows: int) -> float:
    """:func:`worth` lessened by the figure's failing morale or its stun (``SHAKEN``),
    with its shots still available (GA 8.5)."""
    shaken = min((SHAKEN[s] for s in fig["states"] if s in SHAKEN), default=1.0)
    return worth(fig, wounds) * shaken + SHOT_WORTH * min(arrows, QUIVER)


def evaluate(rs: GuetApensModel, state: State, side: str) -> float:
    """How the fight looks for ``side``: once it is over, the rules' standing (1,000
    for the winner, :func:`final_standing`); else the worth of its figures still in the
    fight (their morale and shots left counted) less the other side's (in the joust,
    GA 14.1, the knights of its team picked or still in line). The other side's arrows
    are those ``side`` may see or guess (``determinize``)."""
    if rs.outcome(state) is not None:
        return GuetApensModel.evaluate(rs, state, side)
    value = 0.0
    v = state["vars"]
    wounds = bool(v.get("wounds", True))
    ammo = v.get("ammo") or {}
    for pid, f in v["figs"].items():
        if f["side"] is None or set(f["states"]) & OUT_OF_FIGHT:
            continue
        held = ammo.get(f["side"])
        arrows = held.get(pid, 0) if isinstance(held, dict) else 0
        here = fighting_worth(f, wounds, int(arrows or 0))
        value += here if f["side"] == side else -here
    return value


LAST_STANDING = ("kill-all", "kill-or-surrender", "out-of-action")
"""The kinds of victory where the side with figures left in the fight wins (GA 14.4,
14.5, 14.8.1, 14)."""


def final_standing(rs: GuetApensModel, state: State) -> dict[str, float]:
    """Each side's standing by the scenario's own measure, for the computer opponent:
    the figures still in the fight where the last side standing wins (GA 14.4, 14.5,
    14.8.1); the opponents wounded, then the damage (GA 14.3); 1 to the winner of the
    pillage count with its 5 % margin (GA 14.9, B29); else the score kept (the joust,
    the assaults, the captures: GA 14.1, 14.2, 14.6)."""
    kind = state["vars"].get("victory")
    if kind in LAST_STANDING:
        return {s: float(len(standing(rs, state, s))) for s in SIDES}
    score = {s: float(state["score"].get(s, 0)) for s in SIDES}
    if kind == "wounded-most":
        figs = state["vars"]["figs"].values()
        return {s: score[s] + sum(f["start"]["lp"] - f["lp"] for f in figs
                                  if f["side"] not in (s, None)) / 1000.0 for s in SIDES}
    if kind == "pillage":
        best = pillage_winner(int(score["a"]), int(score["b"]))
        return {s: 1.0 if s == best else 0.0 for s in SIDES}
    return score


def declare(rs: GuetApensModel, state: State, ctx: Context, text: str, rule: str) -> None:
    state["vars"]["result"] = said(text)
    ctx.log(text, rule)
    carry_forward(rs, state, ctx)  # GA 14.10: an adventure of Scenario X carries on


def check_victory(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """Ends the game when one side has nobody left in the fight (every scenario: kill
    all, GA 14.5; out of action, GA 14.8.1, 14.11.1; fight to the death, GA 14.9)."""
    kind = state["vars"].get("victory")
    if kind in ("joust", "assaults"):
        return
    left = {s: len(standing(rs, state, s)) for s in SIDES}
    if all(left.values()):
        return
    if scenario_verdict(rs, state, ctx):
        return
    if kind == "pillage":
        pillage(rs, state, ctx)
        return
    if kind in ("wounded-most", "captures-most"):
        finish(rs, state, ctx)
        return
    if not any(left.values()):
        declare(rs, state, ctx, N_("Nobody is left in the fight: a draw"), rs.cite("14"))
        return
    winner = "a" if left["a"] else "b"
    declare(rs, state, ctx, N_("{side} wins: no adversary is left in the fight ({n} of his "
                               "own still standing)", side=rs.side(winner).name,
                               n=left[winner]), rs.cite("14"))


def finish(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """The last period is over (or the field is empty): each scenario's count."""
    v = state["vars"]
    kind = v.get("victory")
    figs = v["figs"]
    if kind == "wounded-most":  # GA 14.3: opponents wounded, then damage points
        hurt = {s: sum(1 for f in figs.values() if f["side"] != s and f["lp"] < f["start"][
            "lp"]) for s in SIDES}
        damage = {s: sum(f["start"]["lp"] - f["lp"] for f in figs.values() if f["side"] != s)
                  for s in SIDES}
        state["score"].update(hurt)
        key = {s: (hurt[s], damage[s]) for s in SIDES}
        text = N_("Opponents wounded: Player A {a}, Player B {b} (damage {da} to {db})",
                  a=hurt["a"], b=hurt["b"], da=damage["a"], db=damage["b"])
        best = "draw" if key["a"] == key["b"] else max(SIDES, key=lambda s: key[s])
        declare(rs, state, ctx, text + _verdict(rs, best), rs.cite("14.3"))
        return
    if kind == "captures-most":  # GA 14.6: most enemy knights captured
        caught = {s: sum(1 for f in figs.values() if f["side"] != s and (
            "captured" in f["states"] or "out" in f["states"])) for s in SIDES}
        state["score"].update(caught)
        best = "draw" if caught["a"] == caught["b"] else max(SIDES, key=lambda s: caught[s])
        declare(rs, state, ctx, N_("Knights captured: Player A {a}, Player B {b}",
                                   a=caught["a"], b=caught["b"]) + _verdict(rs, best),
                rs.cite("14.6"))
        return
    if kind == "pillage":
        pillage(rs, state, ctx)
        return
    log_mules(rs, state, ctx)  # GA 14.8.2, 14.10: the mules as the table has them
    if scenario_verdict(rs, state, ctx):
        return
    objective = rs.scenario_data(state["scenario"]).get("objective", "")
    declare(rs, state, ctx, N_("The last period is over. The players judge the objective: "
                               "{objective}", objective=objective) if objective else
            N_("The last period is over. Neither side has won the field: a draw"),
            rs.cite("14"))


def scenario_verdict(rs: GuetApensModel, state: State, ctx: Context) -> bool:
    """GA 14.11.2: Scenario XI-2 ends by the manuscripts out by the North edge (2 a
    victory, 1 a draw, none a defeat); True if it has so ended."""
    text = manuscript_verdict(rs, state)
    if text is None:
        return False
    declare(rs, state, ctx, text, rs.cite("14.11.2"))
    return True


def log_mules(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """Where mules are on the table (VIII-2, X), their count before the players judge
    the objective (GA 14.8.2, 14.10.4-14.10.7)."""
    line = mule_summary(rs, state)
    if line is not None:
        ctx.log(line, rs.cite("14.10" if campaign_of(rs, state) else "14.8.2"))


def pillage(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """GA 14.9: the characteristics of the killed summed, leaders triple, 5 % margin."""
    figs = state["vars"]["figs"]
    inflicted = {}
    for s in SIDES:
        dead = [f for f in figs.values() if f["side"] != s and "dead" in f["states"]]
        inflicted[s] = pillage_losses([f["start"] for f in dead],
                                      [f["role"] in ("baron", "leader") for f in dead])
    state["score"].update(inflicted)
    best = pillage_winner(inflicted["a"], inflicted["b"])
    declare(rs, state, ctx, N_("Losses inflicted: Player A {a}, Player B {b}",
                               a=inflicted["a"], b=inflicted["b"]) + (
        N_(": a draw (under 5 %, B29)") if best == "draw" else _verdict(rs, best)),
        rs.cite("14.9"))


def _verdict(rs: GuetApensModel, best: str) -> str:
    """": a draw" or ": <side> wins" after a count."""
    return N_(": a draw") if best == "draw" else N_(": {side} wins",
                                                     side=rs.side(best).name)
