"""Hundred Years War: Lion in Winter, the model: data, facts and predicates (no steps).

Rules source: the crib sheet of eleven phases (the full rule book is not available);
every automated rule cites "Lion in Winter crib Phase N (...)" in code and in its log
line. The model is built in floors, each a class deriving from the one before (no
module imports a later one):

* :mod:`.base`: constants, the data files, the facts of the map and of crib Phase Two's
  movement, the formulas of Phases One and Eleven;
* :mod:`.troops`: raising, deploying, recruiting and assigning troops (Phases Five, Six,
  Ten);
* :mod:`.war`: battles (Phase Three), control (Phase Four), the two charts;
* :mod:`.court`: captured leaders (Phase Seven), placing leaders and crowning (Phase
  Nine);
* here, :class:`LionModel`: the score (Phase Eleven) and the end of the game.

Troops belong to a leader (``vars.troops[leader] = {key: strength}``) and move with him;
troops without a leader are ``vars.unassigned[area]``. A key is a troop kind, or for
knights and mercenaries ``knights:FLAG`` / ``mercenaries:HOME`` (:mod:`..data`).

The steps (``steps/``) import only this package; the ruleset (``rules.py``) wires them.
"""

from __future__ import annotations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece

from ..sheets import RESULT_WORDS
from ..words import N_, NP_
from .base import (
    CAPITAL,
    MAP_BOXES,
    OTHER,
    PHASE_CITE,
    PHASE_NAMES,
    PHASES,
    PLAYERS,
    PRISON_OF,
    SIDE_ORDER,
    decide_initiative,
    flag_word,
    impulses_for,
    kind_word,
    score_for_rank,
    score_for_value,
    side_word,
)
from .court import LionCourt
from .troops import Refusal

__all__ = ["N_", "NP_", "RESULT_WORDS", "CAPITAL", "MAP_BOXES", "OTHER", "PHASES", "PHASE_CITE",
           "PHASE_NAMES",
           "PLAYERS", "PRISON_OF", "SIDE_ORDER", "LionModel", "Refusal",
           "decide_initiative", "flag_word", "impulses_for", "kind_word", "side_word",
           "score_for_rank", "score_for_value"]


class LionModel(LionCourt):
    """Everything the steps may use: data, facts, predicates, shared effects."""

    def turn_points(self, state: State) -> tuple[dict[str, int], dict[str, list[str]]]:
        """The VP each side scores now (crib Phase Eleven), with the reasons."""
        points = {s: 0 for s in PLAYERS}
        lines: dict[str, list[str]] = {s: [] for s in PLAYERS}  # messages
        for area, owner in sorted(state["control"].items()):
            if owner in PLAYERS and area in self.area_info:
                points[owner] += score_for_value(self.area_info[area].value)
        for side in PLAYERS:
            if points[side]:
                lines[side].append(N_("areas {points}", points=points[side]))
            if state["control"].get(CAPITAL[side]) == side:
                points[side] += 1
                lines[side].append(N_("{place} +1", place=self.board_map.place_name(CAPITAL[side])))
        kings = set(filter(None, state["vars"]["king"].values()))
        for entry in state["vars"]["killed"]:
            victim_side = entry["side"]
            if victim_side not in PLAYERS:
                continue
            scorer = OTHER[victim_side]
            lead = self.leaders[entry["leader"]]
            # "Enemy King = +1VP": the king when killed (recorded then), even if a
            # successor was crowned since (Phase Nine comes before Phase Eleven).
            king = entry.get("king") or entry["leader"] in kings
            pts = score_for_rank(lead.rank) + (1 if king else 0)
            points[scorer] += pts
            lines[scorer].append(N_("{name} killed +{pts} (enemy king +1)", name=lead.name,
                                    pts=pts) if king else
                                 N_("{name} killed +{pts}", name=lead.name, pts=pts))
        for side in PLAYERS:
            for pid in state["stacks"].get(PRISON_OF[side], []):
                if self.leader_side(state, pid) == OTHER[side]:
                    rank = self.leaders[pid].rank
                    points[side] += rank
                    lines[side].append(N_("{name} in prison +{rank}",
                                          name=self.leaders[pid].name, rank=rank))
        return points, lines

    def score(self, state: State, ctx: Context) -> None:
        """Crib Phase Eleven: the turn's points, net, on the zero-sum score; the killed
        leaders go to the dead box; the last round ends the game."""
        rule = self.cite("Phase Eleven")
        points, lines = self.turn_points(state)
        net = points["english"] - points["french"]
        for side in PLAYERS:
            ctx.log(N_("{name}: {points} VP ({value})", name=self.side(side).name,
                       points=points[side], value=listing(lines[side], "; ") or "-"),
                    rule)
        state["score"]["english"] += net
        state["score"]["french"] -= net
        lead = state["score"]["english"]
        if lead == 0:
            ctx.log(N_("Net {net} for the English: level"), rule, net=f"{net:+d}")
        else:
            ctx.log(N_("Net {net} for the English: {side} lead by {lead}"), rule,
                    net=f"{net:+d}", side=self.side("english" if lead > 0 else "french").name,
                    lead=abs(lead))
        for entry in state["vars"]["killed"]:
            if state["pieces"][entry["leader"]]["loc"] == "elimination":
                put_piece(state, entry["leader"], "dead")
        state["vars"]["killed"] = []
        rounds = state["vars"].get("rounds")
        if rounds is not None and state["turn"] >= rounds:
            state["vars"]["over"] = "rounds"
            ctx.log(N_("That was the last round (game length {rounds} rounds, setup.yaml): "
                       "{outcome}", rounds=rounds, outcome=self.outcome(state)),
                    self.cite("Phase Eleven"))

    def evaluate(self, state: State, side: str) -> float:
        """How good ``state`` looks for ``side``, for the computer opponent: the lead on
        the zero-sum score (the side leading at the end wins, crib Phase Eleven; an offer
        to end the game counts as ended, the other side may take it); then
        this round's points as they stand now (areas, capitals, leaders killed and in
        prison), counted for each round left (at most 3); then the troops' strength
        under each side's leaders (crib Phases Five, Six)."""
        other = OTHER[side]
        lead = float(state["score"].get(side, 0) - state["score"].get(other, 0))
        offered = any(f.get("step") == "end-offer" for f in state.get("flow") or [])
        if self.outcome(state) is not None or offered:  # an offer to end may be taken
            return lead + (1000.0 if lead > 0 else -1000.0 if lead < 0 else 0.0)
        points, _ = self.turn_points(state)
        rounds = state["vars"].get("rounds")
        left = max(1, int(rounds) - int(state["turn"]) + 1) if rounds else 1
        value = lead + (points[side] - points[other]) * min(3, left)
        return value + 0.1 * (self.troop_strength(state, side)
                              - self.troop_strength(state, other))

    def troop_strength(self, state: State, side: str) -> int:
        """The strength of the troops with ``side``'s leaders."""
        total = 0
        for leader, held in state["vars"].get("troops", {}).items():
            if leader in state["pieces"] and self.leader_side(state, leader) == side:
                total += sum(int(n) for n in held.values())
        return total

    def outcome(self, state: State) -> str | None:
        """The result once the game is over: the side leading on the zero-sum score."""
        if not state["vars"].get("over"):
            return None
        lead = state["score"]["english"]
        if lead == 0:
            return N_("Draw: the score is level")
        winner = self.side("english" if lead > 0 else "french").name
        return N_("The {winner} win, leading by {abs} VP", winner=winner, abs=abs(lead))
