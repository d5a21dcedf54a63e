"""Hundred Years War: Lion in Winter as a boardapp ruleset.

Rules source: the crib sheet of eleven phases (the full rule book is not available);
every automated rule cites "Lion in Winter crib Phase N (...)" in code and in its log line.

All eleven phases are automated, and every decision is a legal action of the player
whose decision it is (:meth:`LionInWinter.acting_side`: the active side, or the side of
the running step), so that a game plays by email:

* One: initiative rolls, king modifiers, ties, impulses. Two: alternating impulses
  (moving leaders with their troops within the border and naval limits, the movement
  condition, the aggressor marker, removing a control marker, pass).
* Three: the initiative player picks each battle (``battle``); :class:`BattleStep` runs
  it: commanders (:class:`CommanderStep`, the nIP first), the defender's siege or battle,
  the siege roll and the attacker's flight, battle rounds, each side's hit allocation
  (:class:`LossesStep`), fight on / retreat / forced retreat, pursuit and disgrace
  (:class:`RetreatStep`). The formulas are in :mod:`.battle`.
* Four: control. Five and Six: raising (knights carry their flag), deploying, mercenaries
  going home and recruited. Seven: exchanges (IP) and ransoms (each owner). Eight: the
  Leader Death Chart. Nine: arrivals, placement in the crib's order, crowning. Ten:
  assigning. Eleven: the score, and the end of the game (``rounds`` or ``end-game``).
* The two charts' printed values are unknown: data sheets (:mod:`.sheets`) that ask the
  players while a value is null (:class:`ChartStep`).

Manual verbs remain: the core's (place, ...), ``troops`` and ``elimination-roll``.

Troops belong to a leader (``vars.troops[leader] = {key: strength}``) and move with him;
troops without a leader are ``vars.unassigned[area]``. A key is a troop kind, or for
knights and mercenaries ``knights:FLAG`` / ``mercenaries:HOME`` (:mod:`.data`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import combinations

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.datasheets import Sheet
from boardapp.core.engine.flow import Flow, Step
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import (
    CounterFace,
    DiceSpec,
    MoveVerdict,
    Ruleset,
    ScenarioInfo,
    SideInfo,
)
from boardapp.core.engine.state import State, add_piece, new_state, put_piece
from boardapp.core.engine.tables import Modifier, ask_result, resolve

from . import sheets
from .battle import (
    battle_dice,
    battle_rating,
    bravery_modifier,
    count_hits,
    jeanne_pre_roll,
    siege_falls,
    siege_number,
)
from .data import (
    TROOPS,
    AreaInfo,
    Band,
    Chart,
    Leader,
    Scenario,
    base_kind,
    key_origin,
    load_areas,
    load_charts,
    load_leaders,
    load_mercenaries,
    load_scenarios,
    load_troops,
    valid_key,
)

PLAYERS = ("english", "french")
SIDE_ORDER = ("english", "french", "non-aligned")
OTHER = {"english": "french", "french": "english"}
BORDER_LIMIT = {"clear": 2, "river": 3, "obstructed": 1}
"""Leaders moved in one impulse across a border (crib Phase Two)."""
PRISON_OF = {"english": "prison-english", "french": "prison-french"}
"""The prison a side keeps its captives in."""
CAPITAL = {"english": "ile-de-france", "french": "london"}
"""Crib Phase Eleven: English control of Ile-de-France +1 VP; French control of England
+1 VP. The map has several English areas: we read "England" as London (an estimate)."""
PHASES = ("initiative", "impulses", "battles", "control", "raise", "deploy", "captured",
          "death", "place", "assign", "score")
PHASE_NAMES = {
    "initiative": "Phase One: determine initiative",
    "impulses": "Phase Two: action impulses",
    "battles": "Phase Three: resolve battles (siege, battle rounds, retreat; the "
               "Elimination Chart also on a leader's menu)",
    "control": "Phase Four: determine control of areas (control rolls)",
    "raise": "Phase Five: raise troops — right-click a controlled area (unassigned "
             "mercenaries return home)",
    "deploy": "Phase Six: deploy unassigned troops and recruit mercenaries — right-click "
              "the area or the leader",
    "captured": "Phase Seven: dispose of captured leaders (exchange, ransom or let rot)",
    "death": "Phase Eight: determine leader death",
    "place": "Phase Nine: place leaders and crown a king",
    "assign": "Phase Ten: assign troops — right-click the leader; troops left unassigned "
              "are removed at Done",
    "score": "Phase Eleven: adjust the score",
}
PHASE_CITE = dict(zip(PHASES, ("Phase One", "Phase Two", "Phase Three", "Phase Four",
                               "Phase Five", "Phase Six", "Phase Seven", "Phase Eight",
                               "Phase Nine", "Phase Ten", "Phase Eleven"), strict=True))
MAP_BOXES = ("leader-pool", "routed", "prison-english", "prison-french", "elimination", "dead")


def decide_initiative(english: int, french: int, holder: str | None) -> str:
    """Who has the initiative after rolls ``english`` and ``french`` (modified).

    Crib Phase One: the highest roll; a tie leaves the initiative where it was, and the
    English win the tie of the first round (no holder yet).

    >>> decide_initiative(4, 3, "french"), decide_initiative(3, 3, "french")
    ('english', 'french')
    >>> decide_initiative(2, 2, None)
    'english'
    """
    if english != french:
        return "english" if english > french else "french"
    return holder or "english"


def impulses_for(english: int, french: int, initiative: str) -> dict[str, int]:
    """Crib Phase One: the initiative player has 2 + the lowest initiative roll; the other
    one fewer. (Modified rolls; a total below 0 counts 0: our reading.)

    >>> impulses_for(5, 2, "english")
    {'english': 4, 'french': 3}
    """
    ip = 2 + max(0, min(english, french))
    return {initiative: ip, OTHER[initiative]: ip - 1}


def score_for_value(value: int) -> int:
    """Crib Phase Eleven: a 3-value area scores 2 VP, a 2- or 1-value area 1 VP."""
    return 2 if value >= 3 else 1


def score_for_rank(rank: int) -> int:
    """Crib Phase Eleven: an enemy 3-star leader killed scores 2 VP, 2- or 1-star 1 VP."""
    return 2 if rank >= 3 else 1


class ChartStep(Step):
    """Roll on a chart for each leader of a queue; ask the printed result if unknown.

    Frame vars: ``chart`` (id), ``queue`` (leaders still to roll), ``leader`` and
    ``die`` (the roll waiting for its result).
    """

    name = "chart"

    def begin(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        chart: Chart = ruleset.charts[v["chart"]]
        while v["queue"]:
            pid = v["queue"].pop(0)
            die = ctx.roll(chart.die)
            v["leader"], v["die"] = pid, die
            known = sheets.chart_result(ruleset, state, chart.id, die)
            name = ruleset.piece_name(state, pid)
            if known is not None:
                ctx.log(f"{chart.name}: {name} rolls {die} → {known}", chart.rule)
                ruleset.chart_effect(state, chart.id, pid, known, ctx)
                continue
            owner = ruleset.leader_side(state, pid)
            if owner in PLAYERS:
                frame["side"] = owner
            ask_result(ctx, table=chart.name, rule=chart.rule, cell=(str(die), "value"),
                       question=f"{name} rolled {die}: give the printed result "
                                f"({', '.join(chart.choices)})")
            return
        flow.end(ruleset, state, ctx, None)

    def prompt(self, ruleset, state, frame):
        v = frame["vars"]
        chart = ruleset.charts[v["chart"]]
        who = ruleset.side(frame["side"]).name if frame["side"] in PLAYERS else "Players"
        leader = ruleset.leaders.get(v["leader"])
        entry = f" (entered {leader.year})" if leader and v["chart"] == "leader-death" else ""
        return (f"{who}: {ruleset.piece_name(state, v['leader'])}{entry} rolled {v['die']} "
                f"on the {chart.name} ({chart.rule}). Its printed values are unknown to "
                "boardapp: what does your chart say?")

    def actions(self, ruleset, state, frame):
        v = frame["vars"]
        known = sheets.chart_result(ruleset, state, v["chart"], v["die"])
        if known is not None:  # filled in Game data since the question was asked
            yield Action("chart-result", (known,))
            return
        for choice in ruleset.charts[v["chart"]].choices:
            yield Action("chart-result", (choice,))

    def on_chart_result(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        chart = ruleset.charts[v["chart"]]
        ctx.log(f"{chart.name}: {ruleset.piece_name(state, v['leader'])} rolled {v['die']}"
                f" → {action.args[0]} (the players' reading of the printed chart)", chart.rule)
        ruleset.chart_effect(state, chart.id, v["leader"], action.args[0], ctx)
        self.begin(ruleset, state, frame, ctx, flow)


class CommanderStep(Step):
    """Each side's battle commander (crib Phase Three): the non-initiative player chooses
    first; a leader of the highest rank present (so a 3-star leader other than the king
    may command). A side with one candidate is not asked. Ends with the ``bc`` mapping.

    Frame vars: ``area``, ``order`` (sides still to choose), ``bc``.
    """

    name = "commander"

    def begin(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        while v["order"]:
            side = v["order"][0]
            candidates = ruleset.commander_candidates(state, v["area"], side)
            if len(candidates) > 1:
                frame["side"] = side
                return
            if candidates:
                v["bc"][side] = candidates[0]
            v["order"].pop(0)
        flow.end(ruleset, state, ctx, dict(v["bc"]))

    def prompt(self, ruleset, state, frame):
        return (f"Battle in {ruleset.board_map.place_name(frame['vars']['area'])}: "
                f"{ruleset.side(frame['side']).name}, choose your battle commander (a leader "
                f"of the highest rank)")

    def actions(self, ruleset, state, frame):
        v = frame["vars"]
        for pid in ruleset.commander_candidates(state, v["area"], frame["side"]):
            yield Action("commander", (pid,))

    def on_commander(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["bc"][frame["side"]] = action.args[0]
        v["order"].pop(0)
        ctx.log(f"{ruleset.piece_name(state, action.args[0])} commands the "
                f"{ruleset.side(frame['side']).name}",
                ruleset.cite("Phase Three (highest ranking leader must be BC)"))
        self.begin(ruleset, state, frame, ctx, flow)


class BattleStep(Step):
    """One battle of crib Phase Three, from the commanders to its end; every choice is
    the deciding player's (``frame["side"]``):

    * ``bc``: the commanders (non-initiative player first);
    * ``choose``: where the defender controls the area and the other side holds the
      aggressor marker, the defender elects a siege (``siege``) or a battle
      (``battle-round``);
    * ``flee``: a failed siege: the attacker sends each leader to an adjacent area
      neither enemy-controlled nor enemy-occupied, within the border limits
      (``flee AREA LEADER DEST``); those who cannot flee are captured;
    * ``decide``: after a round with leaders left on both sides, each player (the
      non-initiative player first) retreats (``retreat``) or fights on (``fight-on``);
      after three aggressor misses the non-aggressor may ``force-retreat`` the aggressor.

    Frame vars: ``area``, ``attacker`` (aggressor side or ""), ``bc``, ``stage``,
    ``chosen`` (siege or battle decided), ``decided`` (sides fighting on),
    ``forced``, ``fled`` (leaders sent per destination).
    """

    name = "battle"

    def begin(self, ruleset, state, frame, ctx, flow):
        self.commanders(ruleset, state, frame, ctx, flow)

    def commanders(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        area = v["area"]
        nip = ruleset.nip(state)
        keep = {side: pid for side, pid in v["bc"].items()
                if state["pieces"][pid]["loc"] == area}
        order = [side for side in (nip, OTHER[nip]) if side not in keep]
        v["stage"] = "bc"
        flow.call(ruleset, state, ctx, "commander", nip, area=area, order=order, bc=keep)

    def resume(self, ruleset, state, frame, ctx, flow, result):
        v = frame["vars"]
        stage = v["stage"]
        if stage == "bc":
            v["bc"] = result
            defender = ruleset.siege_defender(state, v["area"])
            if not v["chosen"] and defender:
                v["stage"] = "choose"
                frame["side"] = defender
                return
            v["chosen"] = True
            self.round(ruleset, state, frame, ctx, flow)
        elif stage == "round":
            if not all(ruleset.leaders_at(state, v["area"], s) for s in PLAYERS):
                self.finish(ruleset, state, frame, ctx, flow)
                return
            v["stage"] = "decide"
            v["decided"] = []
            frame["side"] = ruleset.nip(state)
        else:  # the retreat is over
            self.finish(ruleset, state, frame, ctx, flow)

    def round(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        area = v["area"]
        if any(state["pieces"][v["bc"].get(s, "")]["loc"] != area if v["bc"].get(s) else True
               for s in PLAYERS):
            self.commanders(ruleset, state, frame, ctx, flow)
            return
        hits = ruleset.resolve_battle_round(state, area, v["bc"], ctx)
        nip = ruleset.nip(state)
        victims = {side: hits[OTHER[side]] for side in PLAYERS}
        v["stage"] = "round"
        flow.call(ruleset, state, ctx, "losses", nip, area=area, hits=victims,
                  order=[s for s in (nip, OTHER[nip]) if victims[s] > 0], bc=v["bc"])

    def finish(self, ruleset, state, frame, ctx, flow):
        area = frame["vars"]["area"]
        fought = state["vars"].setdefault("fought", [])
        if area not in fought:
            fought.append(area)
        ctx.log(f"The battle in {ruleset.board_map.place_name(area)} is over",
                ruleset.cite("Phase Three"))
        flow.end(ruleset, state, ctx, None)

    def prompt(self, ruleset, state, frame):
        v = frame["vars"]
        name = ruleset.board_map.place_name(v["area"])
        who = ruleset.side(frame["side"]).name
        if v["stage"] == "choose":
            return (f"Battle in {name}: {who}, you control the area: elect to be besieged "
                    f"or fight a battle")
        if v["stage"] == "flee":
            return (f"Siege of {name} failed: {who}, send each leader to an adjacent area "
                    f"(border limits; not enemy-occupied or controlled)")
        if v["forced"]:
            return f"Battle in {name}: {who}, you are forced to retreat"
        return f"Battle in {name}: {who}, fight another round or retreat"

    def actions(self, ruleset, state, frame):
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        if v["stage"] == "choose":
            yield Action("siege", (area,))
            yield Action("battle-round", (area,))
        elif v["stage"] == "flee":
            yield from ruleset.flee_actions(state, area, side, v["fled"])
        elif v["stage"] == "decide":
            if not v["forced"]:
                yield Action("fight-on", (area,))
                misses = state["vars"]["battles"].get(area, {}).get("misses", 0)
                if v["attacker"] == OTHER[side] and misses >= 3:
                    yield Action("force-retreat", (area,))
            yield from ruleset.retreat_actions(state, area, side)

    def on_siege(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["chosen"] = True
        area = v["area"]
        ctx.log(f"{ruleset.side(frame['side']).name} elect to be besieged in "
                f"{ruleset.board_map.place_name(area)}", ruleset.cite("Phase Three (Siege)"))
        if ruleset.resolve_siege(state, area, v["attacker"], v["bc"], ctx):
            self.finish(ruleset, state, frame, ctx, flow)
            return
        v["stage"] = "flee"
        v["fled"] = {}
        frame["side"] = v["attacker"]
        self.after_flee(ruleset, state, frame, ctx, flow)

    def after_flee(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        if any(True for _ in ruleset.flee_actions(state, v["area"], frame["side"], v["fled"])):
            return
        left = ruleset.leaders_at(state, v["area"], frame["side"])
        if left:
            ruleset.capture(state, left, OTHER[frame["side"]])
            ctx.log(f"{', '.join(ruleset.piece_name(state, p) for p in left)} cannot flee: "
                    f"captured, their troops removed", ruleset.cite("Phase Three (Siege)"))
        self.finish(ruleset, state, frame, ctx, flow)

    def on_flee(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        _, pid, dest = action.args
        put_piece(state, pid, dest)
        v["fled"][dest] = v["fled"].get(dest, 0) + 1
        ctx.log(f"{ruleset.piece_name(state, pid)} flees to "
                f"{ruleset.board_map.place_name(dest)} (not disgraced)",
                ruleset.cite("Phase Three (Siege: the attackers retreat, border limits "
                             "apply)"))
        self.after_flee(ruleset, state, frame, ctx, flow)

    def on_battle_round(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["chosen"] = True
        ctx.log(f"{ruleset.side(frame['side']).name} fight a battle in "
                f"{ruleset.board_map.place_name(v['area'])}", ruleset.cite("Phase Three"))
        self.round(ruleset, state, frame, ctx, flow)

    def on_fight_on(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["decided"].append(frame["side"])
        if OTHER[frame["side"]] not in v["decided"]:
            frame["side"] = OTHER[frame["side"]]
            return
        ctx.log("Both fight on: another battle round", ruleset.cite("Phase Three"))
        self.round(ruleset, state, frame, ctx, flow)

    def on_force_retreat(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["forced"] = True
        frame["side"] = v["attacker"]
        ctx.log(f"Three aggressor misses: the {ruleset.side(OTHER[v['attacker']]).name} "
                f"force the {ruleset.side(v['attacker']).name} to retreat",
                ruleset.cite("Phase Three (miss markers)"))

    def on_retreat(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        v["stage"] = "retreat"
        if not ruleset.do_retreat(state, action, v["bc"], ctx):
            self.finish(ruleset, state, frame, ctx, flow)


class LossesStep(Step):
    """Taking the hits of a battle round (crib Phase Three): troop strength first, a
    knight covering 2 hits, one mercenary hit removing all the side's mercenaries; a leader
    only once he has no troops, the battle commander last; a leader hit rolls on the
    Elimination Chart. Frame vars: ``area``, ``hits`` (to take, by side), ``order``, ``bc``.
    """

    name = "losses"

    def begin(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        while v["order"]:
            side = v["order"][0]
            if v["hits"][side] > 0 and ruleset.leaders_at(state, v["area"], side):
                frame["side"] = side
                return
            v["order"].pop(0)
        flow.end(ruleset, state, ctx, None)

    def resume(self, ruleset, state, frame, ctx, flow, result):
        self.begin(ruleset, state, frame, ctx, flow)

    def prompt(self, ruleset, state, frame):
        v = frame["vars"]
        side = frame["side"]
        return (f"Battle in {ruleset.board_map.place_name(v['area'])}: "
                f"{ruleset.side(side).name}, take {v['hits'][side]} hit(s)")

    def actions(self, ruleset, state, frame):
        v = frame["vars"]
        side = frame["side"]
        here = sorted(ruleset.leaders_at(state, v["area"], side))
        troops = state["vars"]["troops"]
        for pid in here:
            for kind, n in sorted(troops.get(pid, {}).items()):
                if n > 0:
                    yield Action("lose", (pid, kind))
        for pid in here:
            if not any(troops.get(pid, {}).values()) and (
                    pid != v["bc"].get(side) or len(here) == 1):
                yield Action("lose", (pid, "leader"))

    def on_lose(self, ruleset, state, frame, action, ctx, flow):
        v = frame["vars"]
        side = frame["side"]
        pid, kind = action.args
        rule = ruleset.cite("Phase Three (hits)")
        troops = state["vars"]["troops"]
        name = ruleset.piece_name(state, pid)
        if kind == "leader":
            v["hits"][side] -= 1
            ctx.log(f"{name} is hit", rule)
            ruleset._chart_call(state, ctx, "elimination", [pid])
            return
        if base_kind(kind) == "mercenaries":
            v["hits"][side] -= 1
            for other in ruleset.leaders_at(state, v["area"], side):
                mine = troops.get(other, {})
                ruleset._troops_removed(state, {k: mine.pop(k) for k in list(mine)
                                                if base_kind(k) == "mercenaries"})
            ctx.log(f"A mercenary is hit: all {ruleset.side(side).name} mercenaries here "
                    f"are removed (back to their home areas: our reading)", rule)
        else:
            covered = min(2, v["hits"][side]) if base_kind(kind) == "knights" else 1
            v["hits"][side] -= covered
            troops[pid][kind] -= 1
            ctx.log(f"{name} loses 1 {kind} ({covered} hit{'s' if covered > 1 else ''})", rule)
        self.begin(ruleset, state, frame, ctx, flow)


class RetreatStep(Step):
    """After the pursuit roll, the retreating side takes its hits, then its surviving
    leaders go to the destination, disgraced (crib Phase Three, Retreat). Frame vars:
    ``area``, ``dest``, ``going``, ``hits``, ``bc``."""

    name = "retreat"

    def begin(self, ruleset, state, frame, ctx, flow):
        v = frame["vars"]
        side = frame["side"]
        flow.call(ruleset, state, ctx, "losses", side, area=v["area"],
                  hits={side: v["hits"], OTHER[side]: 0}, order=[side], bc=v["bc"])

    def resume(self, ruleset, state, frame, ctx, flow, result):
        v = frame["vars"]
        moved = [p for p in v["going"] if state["pieces"][p]["loc"] == v["area"]]
        for pid in moved:
            put_piece(state, pid, v["dest"])
            if pid not in state["vars"]["disgraced"]:
                state["vars"]["disgraced"].append(pid)
        if moved:
            ctx.log(f"{', '.join(ruleset.piece_name(state, p) for p in moved)} run away to "
                    f"{ruleset.board_map.place_name(v['dest'])}, disgraced",
                    ruleset.cite("Phase Three (Retreat)"))
        flow.end(ruleset, state, ctx, None)


class LionInWinter(Ruleset):
    """Hundred Years War: Lion in Winter (from its crib sheet)."""

    id = "lion-in-winter"
    name = "Hundred Years War: Lion in Winter"
    version = "0.2"
    aliases = ("lion_in_winter", "liw", "lion")
    rules_name = "Lion in Winter crib"
    sides = (
        SideInfo("english", "English", "#c0392b", "#ffffff"),
        SideInfo("french", "French", "#2e5fa8", "#ffffff"),
        SideInfo("non-aligned", "Non-aligned", "#9b9b9b", "#111111", playable=False),
    )
    dice = DiceSpec(sides=6)
    default_scenario = "1183"
    map_file = "lion_in_winter.yaml"
    eliminated_box = "dead"
    flow = Flow(ChartStep, CommanderStep, BattleStep, LossesStep, RetreatStep)

    # -- data --------------------------------------------------------------------------
    @cached_property
    def area_info(self) -> dict[str, AreaInfo]:
        """Value, flag and neutrality of each map area (our estimates)."""
        return load_areas(set(self.board_map.areas))

    @cached_property
    def leaders(self) -> dict[str, Leader]:
        """The leader roster (our estimates from history)."""
        return load_leaders(set(self.board_map.areas))

    @cached_property
    def troop_kinds(self) -> dict[str, dict[str, str]]:
        return load_troops()

    @cached_property
    def bands(self) -> dict[str, Band]:
        """The mercenary bands by home area (our estimates)."""
        return load_mercenaries(set(self.board_map.areas))

    @cached_property
    def charts(self) -> dict[str, Chart]:
        return load_charts()

    def data_sheets(self) -> list[Sheet]:
        """The charts' printed results, filled in by the players (sheets.py)."""
        return sheets.data_sheets(self)

    @cached_property
    def scenario_data(self) -> dict[str, Scenario]:
        return load_scenarios(set(self.board_map.areas), self.leaders)

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {s.id: ScenarioInfo(s.id, s.name, s.description)
                for s in self.scenario_data.values()}

    # -- set-up ------------------------------------------------------------------------
    def setup(self, scenario: str, seed: int) -> State:
        sc = self.scenario_data[scenario]
        state = new_state(self.id, scenario, new_rng(seed), list(PLAYERS))
        state["vars"] = {
            "owner": {}, "troops": {}, "unassigned": {},
            "king": {side: sc.kings.get(side) for side in PLAYERS},
            "initiative": None, "rolls": {}, "impulses": {s: 0 for s in PLAYERS},
            "aggressor": {}, "disgraced": [], "killed": [], "year": sc.year,
            "rounds": sc.rounds, "over": None,
        }
        state["flow"] = []
        by_year = sorted(self.leaders.values(), key=lambda lead: (lead.year, lead.id))
        for lead in by_year:
            add_piece(state, lead.id, lead.id, "leader-pool")
        for pid, area in sc.leaders.items():
            put_piece(state, pid, area)
            troops = {"infantry": self.leaders[pid].rank}  # crib Phase Nine, by analogy
            for kind, n in sc.troops.get(pid, {}).items():
                if kind == "knights":  # a knight of the leader's home country
                    kind = f"knights:{self.area_info[self.leaders[pid].home].flag}"
                troops[kind] = troops.get(kind, 0) + n
            state["vars"]["troops"][pid] = troops
        for home, band in self.bands.items():
            if band.strength:
                state["vars"]["unassigned"][home] = {f"mercenaries:{home}": band.strength}
        for area in self.board_map.areas:
            state["control"][area] = None
        for side, areas in sc.control.items():
            for area in areas:
                if not self.area_info[area].neutral:
                    state["control"][area] = side
        state["phase"] = "initiative"
        state["active"] = "english"
        return state

    # -- facts -------------------------------------------------------------------------
    def piece_side(self, state: State, pid: str) -> str:
        return self.leader_side(state, pid)

    def leader_side(self, state: State, pid: str) -> str:
        """The side a leader fights for: his nation's, or for a non-aligned leader the
        player who placed him (crib Phase Nine); "non-aligned" while unplaced."""
        lead = self.leaders[state["pieces"][pid]["type"]]
        if lead.side != "non-aligned":
            return lead.side
        return state["vars"]["owner"].get(pid, "non-aligned")

    def leaders_at(self, state: State, area: str, side: str) -> list[str]:
        """The leaders of ``side`` in ``area``."""
        return [p for p in state["stacks"].get(area, []) if self.leader_side(state, p) == side]

    def enemy_marker(self, state: State, area: str, side: str) -> int:
        """1 when ``area`` holds the enemy's control marker."""
        return 1 if state["control"].get(area) == OTHER[side] else 0

    def can_leave(self, state: State, area: str, side: str) -> bool:
        """Crib Phase Two: leaders can only move if (# friendly leaders) > (# enemy
        leaders + enemy control marker) in the area they leave (our reading: counted
        there, before the move)."""
        return len(self.leaders_at(state, area, side)) > (
            len(self.leaders_at(state, area, OTHER[side])) + self.enemy_marker(state, area, side))

    def can_remove_control(self, state: State, area: str, side: str) -> bool:
        """Crib Phase Two: remove an enemy control marker if (# friendly leaders) >
        (# enemy leaders + 1)."""
        return (self.enemy_marker(state, area, side) == 1
                and len(self.leaders_at(state, area, side))
                > len(self.leaders_at(state, area, OTHER[side])) + 1)

    def move_limit(self, state: State, src: str, dest: str, side: str) -> tuple[int, str]:
        """How many leaders may cross from ``src`` to ``dest`` in one impulse, and the
        rule: crib Phase Two, 2 across a clear border, 3 across a river, 1 across an
        obstructed border; naval movement 2 to a friendly-controlled area, 1 to any other,
        and the English 2 from a friendly-controlled area."""
        kind = self.board_map.link_kind(src, dest)
        if kind == "sea":
            if state["control"].get(dest) == side:
                return 2, "naval movement, up to 2 to a friendly controlled area"
            if side == "english" and state["control"].get(src) == side:
                return 2, "naval movement, English up to 2 from a friendly controlled area"
            return 1, "naval movement, 1 to any other area"
        return BORDER_LIMIT.get(kind, 2), f"up to {BORDER_LIMIT.get(kind, 2)} across a " \
                                          f"{kind} border"

    def king_modifiers(self, state: State, side: str) -> list[Modifier]:
        """Crib Phase One: +1 English king in England, +1 French king in Ile-de-France,
        -1 if the player has no king (a dead king is none; an imprisoned king remains
        king, Phase Nine)."""
        rule = self.cite("Phase One")
        king = state["vars"]["king"].get(side)
        if king is None or state["pieces"][king]["loc"] in ("dead", "elimination"):
            return [Modifier("no king", -1, rule)]
        loc = state["pieces"][king]["loc"]
        if side == "english" and loc in self.area_info and self.area_info[loc].flag == "england":
            return [Modifier("English king in England", 1, rule)]
        if side == "french" and loc == "ile-de-france":
            return [Modifier("French king in Ile-de-France", 1, rule)]
        return []

    # -- legal actions -----------------------------------------------------------------
    def acting_side(self, state: State) -> str:
        return self.flow.active_side(state) or state["active"]

    def place_actions(self, state: State, place: str) -> list[Action]:
        """The legal actions about area ``place``, on its menu (right-click): raising,
        deploying, recruiting and assigning troops there (Phases Five, Six, Ten),
        recruiting mercenaries for a leader there, placing a leader there (Phase Nine),
        its battle (Phase Three), a leader fleeing there, removing its control marker."""
        out = []
        for a in self.legal_actions(state):
            if not a.args:
                continue
            if a.verb in ("raise", "deploy", "assign", "recruit", "battle", "remove-control"):
                if a.args[0] == place:
                    out.append(a)
                    continue
            if a.verb == "recruit" and state["pieces"][a.args[2]]["loc"] == place:
                out.append(a)
            elif a.verb == "place-leader" and a.args[1] == place:
                out.append(a)
            elif a.verb == "flee" and a.args[2] == place:
                out.append(a)
        return out

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """In Phase Nine a leader dragged from the routed (available) box onto an area is
        placed by the rules (``place-leader``, refused with its rule where he may not
        go); Shift-drag stays a placement by hand."""
        if (state["phase"] == "place" and not self.flow.top(state) and len(pieces) == 1
                and pieces[0] in state["pieces"]
                and state["pieces"][pieces[0]]["loc"] == "routed"
                and dest in self.area_info):
            return Action("place-leader", (pieces[0], dest))
        return super().move_action(state, pieces, dest)

    def legal_actions(self, state: State) -> Iterator[Action]:
        if state["vars"].get("over"):
            return
        if self.flow.top(state):
            yield from self.flow.legal_actions(self, state)
            return
        phase = state["phase"]
        if phase == "initiative":
            yield Action("roll-initiative")
        elif phase == "impulses":
            side = state["active"]
            yield from self._move_actions(state, side)
            for area in sorted(self.board_map.areas):
                if self.can_remove_control(state, area, side):
                    yield Action("remove-control", (area,))
            yield Action("pass")
        elif phase == "control":  # the check is part of the phase, not an option
            if not state["vars"].get("control_checked"):
                yield Action("control-check")
            else:
                yield Action("next-phase")
        elif phase == "death":
            if not state["vars"].get("death_checked") and any(
                    p["loc"] in self.board_map.areas for p in state["pieces"].values()):
                yield Action("death-check")
            else:
                yield Action("next-phase")
        elif phase == "score":
            yield Action("next-turn")
            if state["vars"].get("rounds") is None:
                yield Action("end-game")
        elif phase == "battles":
            areas = self.battle_areas(state)
            for area in areas:
                yield Action("battle", (area,))
            if not areas:
                yield Action("next-phase")
        elif phase == "captured":
            turn = self.captured_turn(state)
            if turn:
                yield from self._prisoner_actions(state, *turn)
                yield Action("done")
            else:
                yield Action("next-phase")
        elif phase == "place":
            if self.place_turn(state):
                yield from self._place_actions(state)
            else:
                yield Action("next-phase")
        elif phase in ("raise", "deploy", "assign") and state["active"] not in state[
                "vars"].get("done", PLAYERS):
            side = state["active"]
            if phase == "deploy":
                for area, pool in sorted(state["vars"]["unassigned"].items()):
                    mercs = [k for k, n in sorted(pool.items())
                             if n and base_kind(k) == "mercenaries"]
                    for kind in mercs:
                        for pid in self.recruit_targets(state, area, side):
                            if self.why_not_assign(state, pid, kind) is None:
                                yield Action("recruit", (area, kind, pid))
                    if state["control"].get(area) != side:
                        continue
                    reach = sorted(self.deploy_reach(state, area, side))
                    arrived = state["vars"].get("deployed", {}).get(area, {})
                    for kind, n in sorted(pool.items()):
                        n -= arrived.get(kind, 0)
                        if base_kind(kind) == "mercenaries":
                            continue
                        for dest in reach if n else ():
                            yield Action("deploy", (area, kind, dest))
            elif phase == "raise":
                for area in sorted(self.board_map.areas):
                    if state["control"].get(area) == side:
                        for kind in TROOPS[:4]:
                            if self.why_not_raise(state, area, kind, side) is None:
                                yield Action("raise", (area, kind))
            else:
                for area, pool in sorted(state["vars"]["unassigned"].items()):
                    for kind, n in sorted(pool.items()):
                        if self._at_home(area, kind):
                            continue
                        for pid in self.leaders_at(state, area, side) if n else ():
                            if self.why_not_assign(state, pid, kind) is None:
                                yield Action("assign", (area, kind, pid))
            yield Action("done")
        else:
            yield Action("next-phase")

    def _move_actions(self, state: State, side: str) -> Iterator[Action]:
        graph = self.board_map.graph
        for area in sorted(self.board_map.areas):
            own = sorted(self.leaders_at(state, area, side))
            if not own or not self.can_leave(state, area, side):
                continue
            for dest in sorted(graph.neighbors(area)):
                if dest not in self.board_map.areas:
                    continue
                limit, _ = self.move_limit(state, area, dest, side)
                for n in range(1, min(limit, len(own)) + 1):
                    for group in combinations(own, n):
                        yield Action.of("move", list(group), dest)

    def flow_actions(self, state: State) -> list[Action]:
        """Buttons: everything but moves (dragged), and the many actions about one area
        or leader, offered on its menu instead: raising, deploying, recruiting, assigning
        troops, placing a leader (also dragged from the routed box)."""
        return [a for a in self.legal_actions(state)
                if a.verb not in ("move", "raise", "deploy", "assign", "recruit",
                                  "place-leader")]

    def why_not_move(self, state: State, pieces: list[str], dest: str) -> tuple[str, str] | None:
        """``None`` if ``pieces`` may move to ``dest`` now, else (reason, rule)."""
        rule2 = self.cite("Phase Two")
        if self.flow.top(state) or state["phase"] != "impulses":
            return "leaders move only in the action impulses", rule2
        side = state["active"]
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return "no such leader", rule2
        if len(set(pieces)) != len(pieces):
            return "a leader is listed twice", rule2
        if any(self.leader_side(state, p) != side for p in pieces):
            return f"only {self.side(side).name} leaders move in this impulse", rule2
        starts = {state["pieces"][p]["loc"] for p in pieces}
        if len(starts) != 1:
            return "the leaders must move from one area", rule2
        src = starts.pop()
        bmap = self.board_map
        if src not in bmap.areas or dest not in bmap.areas:
            return "leaders move from one area to an adjacent area", rule2
        if not bmap.graph.has_edge(src, dest):
            return f"{bmap.place_name(dest)} is not adjacent to {bmap.place_name(src)}", rule2
        if not self.can_leave(state, src, side):
            return ("leaders can only move if friendly leaders > enemy leaders + enemy "
                    "control marker", self.cite("Phase Two (movement condition)"))
        limit, why = self.move_limit(state, src, dest, side)
        if len(pieces) > limit:
            return f"{why}: {len(pieces)} is too many", self.cite(f"Phase Two ({why})")
        return None

    def check_move(self, state: State, pieces: list[str], dest: str) -> MoveVerdict:
        why = self.why_not_move(state, pieces, dest)
        return MoveVerdict(True) if why is None else MoveVerdict(False, why[0], why[1])

    def reachable(self, state: State, pieces: list[str]) -> dict[str, Reach]:
        if not pieces or any(p not in state["pieces"] for p in pieces):
            return {}
        src = state["pieces"][pieces[0]]["loc"]
        if src not in self.board_map.graph:
            return {}
        return {d: Reach(d, 1, (src, d)) for d in self.board_map.neighbours(src)
                if self.why_not_move(state, pieces, d) is None}

    # -- applying ----------------------------------------------------------------------
    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if self.flow.top(state):
            self.flow.apply(self, state, action, ctx)
            return
        verb = action.verb
        if verb == "troops":
            self._troops(state, action, ctx)
            return
        if verb == "elimination-roll":
            self._chart_call(state, ctx, "elimination", [action.arg(0)])
            return
        if verb == "crown":
            self._crown(state, action.arg(0), ctx)
            if state["phase"] == "place":
                self._place_sync(state)
            return
        if action not in set(self.legal_actions(state)) and verb not in (
                "move", "raise", "assign", "deploy", "recruit", "place-leader"):
            known = {"roll-initiative", "move", "remove-control", "pass", "next-phase",
                     "death-check", "next-turn", "control-check", "raise", "assign",
                     "done", "exchange", "ransom", "battle", "deploy", "recruit",
                     "place-leader", "end-game"}
            if verb not in known:
                raise InvalidActionError(f"unknown action {verb!r}")
            raise IllegalActionError(f"'{action.text()}' is not possible now: "
                                     f"{self.prompt(state)}", self.cite(PHASE_CITE[
                                         state["phase"]]))
        getattr(self, "_" + verb.replace("-", "_"))(state, action, ctx)

    def _roll_initiative(self, state: State, action: Action, ctx: Context) -> None:
        rule = self.cite("Phase One")
        totals = {}
        for side in PLAYERS:
            res = resolve(ctx, table="Initiative", column=self.side(side).name, sides=6,
                          zero_based=False, modifiers=self.king_modifiers(state, side),
                          lookup=lambda t: t, rule=rule, who=self.side(side).name)
            totals[side] = res.modified
        v = state["vars"]
        holder = v["initiative"]
        new = decide_initiative(totals["english"], totals["french"], holder)
        v["initiative"] = new
        v["rolls"] = totals
        v["impulses"] = impulses_for(totals["english"], totals["french"], new)
        why = ("higher roll" if totals["english"] != totals["french"] else
               "tie: no change of initiative" if holder else "tie in the first round: English")
        ctx.log(f"{self.side(new).name} take the initiative ({why}); impulses: "
                f"{self.side(new).name} {v['impulses'][new]}, {self.side(OTHER[new]).name} "
                f"{v['impulses'][OTHER[new]]} (2 + lowest roll; one fewer)", rule)
        state["phase"] = "impulses"
        state["active"] = new
        ctx.log(PHASE_NAMES["impulses"] + f": {self.side(new).name} first",
                self.cite("Phase Two"))

    def _spend_impulse(self, state: State, ctx: Context) -> None:
        """One impulse used; impulses alternate, beginning with the initiative player
        (crib Phase Two); a player with none left is skipped."""
        v = state["vars"]
        side = state["active"]
        v["impulses"][side] = max(0, v["impulses"][side] - 1)
        other = OTHER[side]
        if v["impulses"][other] > 0:
            state["active"] = other
        elif v["impulses"][side] > 0:
            state["active"] = side
        else:
            state["phase"] = "battles"
            state["active"] = v["initiative"] or "english"
            ctx.log("No impulses left. " + PHASE_NAMES["battles"], self.cite("Phase Three"))

    def _move(self, state: State, action: Action, ctx: Context) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        why = self.why_not_move(state, pieces, dest)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}' refused: {why[0]}", why[1])
        side = state["active"]
        src = state["pieces"][pieces[0]]["loc"]
        _, how = self.move_limit(state, src, dest, side)
        enemy_there = bool(self.leaders_at(state, dest, OTHER[side]))
        for pid in pieces:
            put_piece(state, pid, dest)
        names = ", ".join(self.piece_name(state, p) for p in pieces)
        bmap = self.board_map
        one = len(pieces) == 1
        ctx.log(f"{names} move{'s' if one else ''} with {'his' if one else 'their'} troops from "
                f"{bmap.place_name(src)} to {bmap.place_name(dest)} ({how})",
                self.cite("Phase Two"))
        if enemy_there and dest not in state["vars"]["aggressor"]:
            state["vars"]["aggressor"][dest] = side
            ctx.log(f"Aggressor marker ({self.side(side).name}) placed in "
                    f"{bmap.place_name(dest)}",
                    self.cite("Phase Two (aggressor marker: first leader into an enemy "
                              "occupied area)"))
        self._spend_impulse(state, ctx)

    def _remove_control(self, state: State, action: Action, ctx: Context) -> None:
        area = action.arg(0)
        state["control"][area] = None
        ctx.log(f"{self.side(state['active']).name} remove the enemy control marker of "
                f"{self.board_map.place_name(area)}",
                self.cite("Phase Two (friendly leaders > enemy leaders + 1)"))
        self._spend_impulse(state, ctx)

    def _pass(self, state: State, action: Action, ctx: Context) -> None:
        ctx.log(f"{self.side(state['active']).name} pass", self.cite("Phase Two"))
        self._spend_impulse(state, ctx)

    def _next_phase(self, state: State, action: Action, ctx: Context) -> None:
        old = state["phase"]
        new = PHASES[PHASES.index(old) + 1]
        v = state["vars"]
        if old == "control" and v["disgraced"]:
            v["disgraced"] = []
            ctx.log("Disgraced markers removed", self.cite("Phase Four"))
        if old == "assign":
            self._mercenaries_home(state, ctx, self.cite("Phase Ten (mercenaries: our "
                                                         "reading of Phase Five)"))
            if any(self.troops_text(t) for a, t in v["unassigned"].items()
                   if not self._only_home_mercenaries(a, t)):
                ctx.log("Unassigned troops removed from the board", self.cite("Phase Ten"))
            v["unassigned"] = {a: t for a, t in v["unassigned"].items()
                               if self._only_home_mercenaries(a, t) and any(t.values())}
        state["phase"] = new
        ctx.log(PHASE_NAMES[new], self.cite(PHASE_CITE[new]))
        if new == "captured":
            v["captured_step"] = 0
            self._captured_sync(state)
        if new == "place":
            self._arrivals(state, ctx)
            v["na_turn"] = None
            for pid in state["stacks"].get("routed", []):
                v["owner"].pop(pid, None)  # routed non-aligned leaders serve nobody
            self._place_sync(state)
        if new == "raise":
            self._mercenaries_home(state, ctx, self.cite("Phase Five (return unassigned "
                                                         "mercenaries to their home area)"))
        if new in ("raise", "deploy", "assign"):
            v["done"] = []
            v["deployed"] = {}
            v["raised"] = {}
            state["active"] = OTHER[v["initiative"] or "english"]
            ctx.log(f"{self.side(state['active']).name} first (the non-initiative player)",
                    self.cite(PHASE_CITE[new]))
        if new == "control":
            v["battles"] = {}
        if new == "control" and v["aggressor"]:
            v["aggressor"] = {}
            ctx.log("All aggressor markers removed", self.cite("Phase Four"))
        if new == "score":
            self._score(state, ctx)

    def _arrivals(self, state: State, ctx: Context) -> None:
        """Crib Phase Nine: new leaders arrive each round, 2 English, 2 French, 2
        non-aligned (the earliest years of entry first: our reading), joining the routed
        leaders in the available box."""
        pool = state["stacks"].get("leader-pool", [])
        came = []
        for side in SIDE_ORDER:
            waiting = sorted((p for p in pool if self.leaders[p].side == side),
                             key=lambda p: (self.leaders[p].year, p))
            for pid in waiting[:2]:
                put_piece(state, pid, "routed")
                came.append(self.piece_name(state, pid))
        if came:
            ctx.log(f"New leaders arrive: {', '.join(came)}", self.cite("Phase Nine"))

    def why_not_raise(self, state: State, area: str, kind: str, side: str,
                      flag: str = "") -> str | None:
        """Crib Phase Five: raise in controlled areas, strength = area value; knights only
        in the country of their flag (a knight raised here carries this area's flag; a
        flag named must be it), one per area per turn; gunners only in 3-value areas, one
        per area per turn; longbowmen only in England and Wales. Mercenaries are placed
        and recruited, not raised."""
        info = self.area_info[area]
        if state["control"].get(area) != side:
            return f"{self.board_map.place_name(area)} is not controlled by the {side}"
        if kind == "mercenaries":
            return "mercenaries are placed, not raised"
        raised = state["vars"].get("raised", {}).get(area, {})
        if sum(raised.values()) >= info.value:
            return f"strength raised in an area = its value ({info.value})"
        if kind in ("knights", "gunners") and raised.get(kind, 0) >= 1:
            return f"only 1 {kind} per area per turn"
        if kind == "knights" and flag and flag != info.flag:
            return (f"knights are raised only in the country of their flag: "
                    f"{self.board_map.place_name(area)} is in {info.flag}, not {flag}")
        if kind == "gunners" and info.value != 3:
            return "gunners only in 3-value areas"
        if kind == "longbowmen" and info.flag not in ("england", "wales"):
            return "longbowmen only in England and Wales"
        return None

    def _raise(self, state: State, action: Action, ctx: Context) -> None:
        area, kind = action.arg(0), action.arg(1)
        flag = action.arg(2) if len(action.args) > 2 else ""
        self._check_step(state, "raise", action)
        if area not in self.area_info or kind not in TROOPS:
            raise InvalidActionError(f"'{action.text()}': write raise AREA KIND [FLAG]")
        why = self.why_not_raise(state, area, kind, state["active"], flag)
        if why:
            raise IllegalActionError(f"'{action.text()}' refused: {why}", self.cite("Phase Five"))
        v = state["vars"]
        raised = v["raised"].setdefault(area, {})
        raised[kind] = raised.get(kind, 0) + 1
        key = f"knights:{self.area_info[area].flag}" if kind == "knights" else kind
        pool = v["unassigned"].setdefault(area, {})
        pool[key] = pool.get(key, 0) + 1
        ctx.log(f"{self.side(state['active']).name} raise 1 {self.kind_name(key)} in "
                f"{self.board_map.place_name(area)} (unassigned)", self.cite("Phase Five"))

    @staticmethod
    def _at_home(area: str, key: str) -> bool:
        """A mercenary at its home area (for hire: recruited in Phase Six only)."""
        return base_kind(key) == "mercenaries" and key_origin(key) == area

    @staticmethod
    def _only_home_mercenaries(area: str, pool: dict[str, int]) -> bool:
        """A pool holding only mercenaries at home (they stay on the board)."""
        return all(n == 0 or (base_kind(k) == "mercenaries" and key_origin(k) == area)
                   for k, n in pool.items())

    def kind_name(self, key: str) -> str:
        """``knights:burgundy`` -> "knights (flag burgundy)"."""
        origin = key_origin(key)
        if not origin:
            return key
        if base_kind(key) == "knights":
            return f"knights (flag {origin})"
        return f"mercenaries ({self.bands[origin].name if origin in self.bands else origin})"

    def deploy_reach(self, state: State, src: str, side: str) -> set[str]:
        """Crib Phase Six: where unassigned troops in ``src`` may go, through chains of
        friendly-controlled areas, never across an obstructed border; the French may not
        use a sea connection."""
        bmap = self.board_map
        seen, todo = {src}, [src]
        while todo:
            a = todo.pop()
            for b in bmap.graph.neighbors(a):
                if b in seen or b not in bmap.areas or state["control"].get(b) != side:
                    continue
                kind = bmap.link_kind(a, b)
                if kind == "obstructed" or (kind == "sea" and side == "french"):
                    continue
                seen.add(b)
                todo.append(b)
        return seen - {src}

    def _deploy(self, state: State, action: Action, ctx: Context) -> None:
        src, kind, dest = action.arg(0), action.arg(1), action.arg(2)
        self._check_step(state, "deploy", action)
        side = state["active"]
        v = state["vars"]
        rule = self.cite("Phase Six")
        if base_kind(kind) == "mercenaries":
            raise IllegalActionError(f"'{action.text()}': mercenaries are recruited and "
                                     f"assigned at once (recruit AREA KIND LEADER)", rule)
        arrived = v.setdefault("deployed", {}).get(src, {}).get(kind, 0)
        if state["control"].get(src) != side or v["unassigned"].get(src, {}).get(
                kind, 0) - arrived < 1:
            raise IllegalActionError(f"'{action.text()}': no unassigned {kind} in an area "
                                     f"you control that has not deployed yet (one move "
                                     f"reaches the whole chain)", rule)
        if dest not in self.deploy_reach(state, src, side):
            raise IllegalActionError(f"'{action.text()}' refused: troops move through chains "
                                     f"of friendly-controlled areas, not across obstructed "
                                     f"borders (nor by sea for the French)", rule)
        v["unassigned"][src][kind] -= 1
        pool = v["unassigned"].setdefault(dest, {})
        pool[kind] = pool.get(kind, 0) + 1
        moved = v["deployed"].setdefault(dest, {})
        moved[kind] = moved.get(kind, 0) + 1
        bmap = self.board_map
        ctx.log(f"1 unassigned {self.kind_name(kind)} deployed from {bmap.place_name(src)} to "
                f"{bmap.place_name(dest)}", rule)

    def recruit_targets(self, state: State, src: str, side: str) -> list[str]:
        """Crib Phase Six: the leaders of ``side`` a mercenary in ``src`` can join: in
        ``src`` itself or through a chain of friendly-controlled areas from it (no
        obstructed border, the French never by sea)."""
        reach = self.deploy_reach(state, src, side) | {src}
        return sorted(p for a in reach for p in self.leaders_at(state, a, side))

    def why_not_recruit(self, state: State, src: str, kind: str, pid: str,
                        side: str) -> str | None:
        """Crib Phase Six: recruit a mercenary (1 strength) and assign it at once."""
        if base_kind(kind) != "mercenaries":
            return "only mercenaries are recruited"
        if state["vars"]["unassigned"].get(src, {}).get(kind, 0) < 1:
            return f"no unassigned {kind} in {self.board_map.place_name(src)}"
        if pid not in self.recruit_targets(state, src, side):
            return ("mercenaries move through chains of friendly-controlled areas to a "
                    "leader of yours (no obstructed border; the French not by sea)")
        return self.why_not_assign(state, pid, kind)

    def _recruit(self, state: State, action: Action, ctx: Context) -> None:
        src, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        self._check_step(state, "deploy", action)
        rule = self.cite("Phase Six (recruit mercenaries: assigned at once)")
        if pid not in self.leaders or not valid_key(kind):
            raise InvalidActionError(f"'{action.text()}': write recruit AREA KIND LEADER")
        why = self.why_not_recruit(state, src, kind, pid, state["active"])
        if why:
            raise IllegalActionError(f"'{action.text()}' refused: {why}", rule)
        v = state["vars"]
        v["unassigned"][src][kind] -= 1
        troops = v["troops"].setdefault(pid, {})
        troops[kind] = troops.get(kind, 0) + 1
        ctx.log(f"1 {self.kind_name(kind)} recruited from {self.board_map.place_name(src)} "
                f"and assigned to {self.piece_name(state, pid)}", rule)

    def _troops_removed(self, state: State, troops: dict[str, int]) -> None:
        """Troops leave the board; a mercenary goes back to its home area, unassigned
        (our reading of crib Phase Five: "return unassigned mercenaries to their home
        area"; the bands are for hire again)."""
        for key, n in troops.items():
            home = key_origin(key)
            if n > 0 and base_kind(key) == "mercenaries" and home in self.area_info:
                pool = state["vars"]["unassigned"].setdefault(home, {})
                pool[key] = pool.get(key, 0) + n

    def _mercenaries_home(self, state: State, ctx: Context, rule: str) -> None:
        """Unassigned mercenaries return to their home areas; other unassigned troops
        stay where they are."""
        v = state["vars"]
        moved = 0
        for area, pool in list(v["unassigned"].items()):
            for key in list(pool):
                home = key_origin(key)
                if base_kind(key) == "mercenaries" and home != area and pool[key] > 0:
                    n = pool.pop(key)
                    moved += n
                    if home in self.area_info:
                        dest = v["unassigned"].setdefault(home, {})
                        dest[key] = dest.get(key, 0) + n
        if moved:
            ctx.log(f"{moved} unassigned mercenaries return to their home areas", rule)

    def strength(self, state: State, pid: str) -> int:
        """Troop strength a leader commands."""
        return sum(state["vars"]["troops"].get(pid, {}).values())

    def why_not_assign(self, state: State, pid: str, kind: str) -> str | None:
        """Crib Phase Ten: a leader commands 3 x rank strength; command restrictions of
        Phase Five: English longbowmen only under Richard I, Edward I, Robin Hood;
        knights under English or French 3-star leaders, Burgundian chevaliers (flag
        burgundy) also under 2-star Burgundians; gunners under English or French leaders
        only."""
        lead = self.leaders[pid]
        base = base_kind(kind)
        if self.strength(state, pid) >= 3 * lead.rank:
            return f"{lead.name} commands at most 3 x {lead.rank} strength"
        if base == "longbowmen" and lead.side == "english" and not lead.longbow:
            return "English longbowmen only under Richard I, Edward I and Robin Hood"
        if base == "knights" and not ((lead.side in PLAYERS and lead.rank == 3) or (
                lead.burgundian and lead.rank >= 2 and key_origin(kind) == "burgundy")):
            return ("knights only under English or French 3-star leaders (Burgundian "
                    "chevaliers also under 2-star Burgundians)")
        if base == "gunners" and lead.side not in PLAYERS:
            return "gunners only under English or French leaders"
        return None

    def _assign(self, state: State, action: Action, ctx: Context) -> None:
        area, kind, pid = action.arg(0), action.arg(1), action.arg(2)
        self._check_step(state, "assign", action)
        if pid not in self.leaders or not valid_key(kind):
            raise InvalidActionError(f"'{action.text()}': write assign AREA KIND LEADER")
        v = state["vars"]
        if self._at_home(area, kind):
            raise IllegalActionError(f"'{action.text()}': mercenaries at home are recruited "
                                     f"in Phase Six", self.cite("Phase Six"))
        if v["unassigned"].get(area, {}).get(kind, 0) < 1 or pid not in self.leaders_at(
                state, area, state["active"]):
            raise IllegalActionError(f"'{action.text()}': no unassigned {kind} with a "
                                     f"leader of yours in {area}", self.cite("Phase Ten"))
        why = self.why_not_assign(state, pid, kind)
        if why:
            raise IllegalActionError(f"'{action.text()}' refused: {why}", self.cite("Phase Ten"))
        v["unassigned"][area][kind] -= 1
        troops = v["troops"].setdefault(pid, {})
        troops[kind] = troops.get(kind, 0) + 1
        ctx.log(f"1 {self.kind_name(kind)} assigned to {self.piece_name(state, pid)} in "
                f"{self.board_map.place_name(area)}", self.cite("Phase Ten"))

    def _check_step(self, state: State, phase: str, action: Action) -> None:
        if state["phase"] != phase or state["active"] in state["vars"].get("done", PLAYERS):
            raise IllegalActionError(f"'{action.text()}' is not possible now: "
                                     f"{self.prompt(state)}", self.cite(PHASE_CITE[phase]))

    def _done(self, state: State, action: Action, ctx: Context) -> None:
        v = state["vars"]
        if state["phase"] == "captured":
            stage, side = self.captured_turn(state) or ("", "")
            v["captured_step"] = (self._captured_index(state) or 0) + 1
            ctx.log(f"{self.side(side).name}: " + (
                "no more exchanges" if stage == "exchange" else
                "no more ransoms (the others are left to rot)"), self.cite("Phase Seven"))
            self._captured_sync(state)
            return
        v["done"].append(state["active"])
        ctx.log(f"{self.side(state['active']).name} done", self.cite(PHASE_CITE[state["phase"]]))
        if OTHER[state["active"]] not in v["done"]:
            state["active"] = OTHER[state["active"]]

    def commander_candidates(self, state: State, area: str, side: str) -> list[str]:
        """Crib Phase Three: the highest ranking leader must be BC (any of that rank, so a
        3-star leader other than the king may command)."""
        here = self.leaders_at(state, area, side)
        if not here:
            return []
        top = max(self.leaders[p].rank for p in here)
        return sorted(p for p in here if self.leaders[p].rank == top)

    def nip(self, state: State) -> str:
        """The non-initiative player."""
        return OTHER[state["vars"]["initiative"] or "english"]

    def battle_areas(self, state: State) -> list[str]:
        """Areas with leaders of both sides whose battle is not yet resolved this turn."""
        fought = state["vars"].get("fought", [])
        return [a for a in sorted(self.board_map.areas) if a not in fought
                and all(self.leaders_at(state, a, s) for s in PLAYERS)]

    def siege_defender(self, state: State, area: str) -> str | None:
        """The side that may elect to be besieged in ``area``, if any (crib Phase Three:
        a player who controls the area may elect to become besieged; our reading: facing
        the holder of the aggressor marker)."""
        attacker = state["vars"]["aggressor"].get(area)
        if attacker not in PLAYERS:
            return None
        defender = OTHER[attacker]
        if state["control"].get(area) != defender:
            return None
        if not (self.leaders_at(state, area, attacker) and self.leaders_at(state, area,
                                                                          defender)):
            return None
        return defender

    def _battle(self, state: State, action: Action, ctx: Context) -> None:
        """The initiative player picks the next battle (crib Phase Three: battles are
        resolved in the order chosen by the IP)."""
        area = action.arg(0)
        v = state["vars"]
        v.setdefault("battles", {}).setdefault(area, {"bc": {}, "misses": 0})
        ctx.log(f"{self.side(state['active']).name} choose the battle in "
                f"{self.board_map.place_name(area)}",
                self.cite("Phase Three (order chosen by the IP)"))
        self.flow.call(self, state, ctx, "battle", self.nip(state), area=area,
                       attacker=v["aggressor"].get(area, ""), bc={}, stage="bc",
                       chosen=False, decided=[], forced=False, fled={})

    def capture(self, state: State, pids: list[str], captor: str) -> None:
        """Leaders captured by ``captor``: to its prison, their troops removed (a
        mercenary goes home)."""
        for pid in pids:
            self._troops_removed(state, state["vars"]["troops"].pop(pid, {}))
            put_piece(state, pid, PRISON_OF[captor])

    def retreat_places(self, state: State, area: str, side: str) -> list[str]:
        """Crib Phase Three (Retreat): adjacent areas neither enemy-controlled nor
        enemy-occupied."""
        return [d for d in sorted(self.board_map.neighbours(area))
                if d in self.board_map.areas and state["control"].get(d) != OTHER[side]
                and not self.leaders_at(state, d, OTHER[side])]

    def flee_actions(self, state: State, area: str, side: str,
                     fled: dict[str, int]) -> Iterator[Action]:
        """After a failed siege (crib Phase Three): each attacking leader to an area
        neither enemy-occupied nor controlled, border limits counted per destination."""
        here = sorted(self.leaders_at(state, area, side))
        for dest in self.retreat_places(state, area, side):
            limit, _ = self.move_limit(state, area, dest, side)
            if fled.get(dest, 0) < limit:
                for pid in here:
                    yield Action("flee", (area, pid, dest))

    def retreat_actions(self, state: State, area: str, side: str) -> Iterator[Action]:
        """Crib Phase Three (Retreat): all to one area, as many leaders as the border
        allows (the others are captured); with nowhere to go, all are captured."""
        here = sorted(self.leaders_at(state, area, side))
        places = self.retreat_places(state, area, side)
        if not places:
            yield Action("retreat", (area, side, "none", "none"))
        for dest in places:
            limit, _ = self.move_limit(state, area, dest, side)
            for group in combinations(here, min(limit, len(here))):
                yield Action.of("retreat", area, side, dest, list(group))

    def do_retreat(self, state: State, action: Action, bc: dict[str, str],
                   ctx: Context) -> bool:
        """A retreat: the leaders left behind are captured; the pursuers roll one round
        +1. Returns True when the retreat step (hits, then the run) was entered."""
        area, side, dest = action.arg(0), action.arg(1), action.arg(2)
        going = [] if dest == "none" else action.pieces(3)
        rule = self.cite("Phase Three (Retreat)")
        pursuer = OTHER[side]
        left = [p for p in self.leaders_at(state, area, side) if p not in going]
        self.capture(state, left, pursuer)
        ctx.log(f"The {self.side(side).name} retreat from {self.board_map.place_name(area)}"
                + (f" towards {self.board_map.place_name(dest)}" if going else "")
                + (f"; {', '.join(self.piece_name(state, p) for p in left)} cannot retreat "
                   f"and are captured" if left else ""), rule)
        if not going:
            return False
        v = state["vars"]
        chasers = self.leaders_at(state, area, pursuer)
        lead_id = bc.get(pursuer)
        if lead_id not in chasers:
            lead_id = self.commander_candidates(state, area, pursuer)[0]
        lead = self.leaders[lead_id]
        troops = [v["troops"].get(p, {}) for p in chasers]
        rating = battle_rating(lead.battle, lead.special,
                               sum(t.get("longbowmen", 0) for t in troops))
        dice = [ctx.roll(6) for _ in range(battle_dice(rating, troops, leaders=len(chasers)))]
        hits = count_hits(dice, 1)
        ctx.log(f"Pursuit: the {self.side(pursuer).name} ({lead.name}) roll "
                f"{dice or 'no dice'} +1: {hits} hit(s)", rule)
        self.flow.call(self, state, ctx, "retreat", side, area=area, dest=dest,
                       going=going, hits=hits, bc={side: bc.get(side, "")})
        return True

    def resolve_battle_round(self, state: State, area: str, bc: dict[str, str],
                             ctx: Context) -> dict[str, int]:
        """One battle round (crib Phase Three): battle dice X = min(BR, non-gunner
        strength) + min(BR, longbow strength), leaders counting 1; Robin Hood +1 with
        longbowmen; Jeanne d'Arc's pre-roll; the braver BC adds the difference to his dice;
        hits on 6+; the aggressor's miss markers. Returns the hits each side scored."""
        rule = self.cite("Phase Three (Battle)")
        v = state["vars"]
        battle = v.setdefault("battles", {}).setdefault(area, {"bc": {}, "misses": 0})
        battle["bc"] = dict(bc)
        dice_for: dict[str, int] = {}
        for side in PLAYERS:
            lead = self.leaders[bc[side]]
            here = self.leaders_at(state, area, side)
            troops = [v["troops"].get(p, {}) for p in here]
            longbow = sum(t.get("longbowmen", 0) for t in troops)
            rating = battle_rating(lead.battle, lead.special, longbow)
            dice_for[side] = battle_dice(rating, troops, leaders=len(here))
            ctx.log(f"{self.side(side).name}: {lead.name} commands, battle rating {rating}"
                    f"{' (Robin Hood +1)' if rating > lead.battle else ''}: "
                    f"{dice_for[side]} battle dice", rule)
        if self.leaders[bc["french"]].special == "jeanne":
            die = ctx.roll(6)
            bravery = self.leaders[bc["english"]].bravery
            outcome = jeanne_pre_roll(die, bravery)
            if outcome == "french-no-dice":
                dice_for["french"] = 0
            elif outcome == "english-no-dice":
                dice_for["english"] = 0
            ctx.log(f"Jeanne d'Arc: the English roll {die} against bravery {bravery}: "
                    f"{outcome.replace('-', ' ')}", self.cite("Phase Three (Jeanne d'Arc)"))
        hits = {}
        for side in PLAYERS:
            mod = bravery_modifier(self.leaders[bc[side]].bravery,
                                   self.leaders[bc[OTHER[side]]].bravery)
            dice = [ctx.roll(6) for _ in range(dice_for[side])]
            hits[side] = count_hits(dice, mod)
            ctx.log(f"{self.side(side).name} roll {dice or 'no dice'}"
                    f"{f' +{mod} (bravery)' if mod else ''}: {hits[side]} hit(s) on 6+", rule)
        aggressor = v["aggressor"].get(area)
        if aggressor in PLAYERS:
            if hits[aggressor] == 0:
                battle["misses"] += 1
                ctx.log(f"Miss marker for the aggressor ({battle['misses']})"
                        + (": the non-aggressor may force a retreat"
                           if battle["misses"] >= 3 else ""), rule)
            else:
                battle["misses"] = 0
        return hits

    def resolve_siege(self, state: State, area: str, attacker: str, bc: dict[str, str],
                      ctx: Context) -> bool:
        """Crib Phase Three (Siege): SN = area value + 3 + defender BC bravery - attacker
        BC bravery - attacker gunner points (max 2); 1d6 > SN: defender troops removed and
        leaders captured (returns True); else the attackers retreat (the battle step asks
        them where)."""
        rule = self.cite("Phase Three (Siege)")
        defender = OTHER[attacker]
        v = state["vars"]
        gunners = sum(v["troops"].get(p, {}).get("gunners", 0)
                      for p in self.leaders_at(state, area, attacker))
        sn = siege_number(self.area_info[area].value, self.leaders[bc[defender]].bravery,
                          self.leaders[bc[attacker]].bravery, gunners)
        column = (f"SN {sn} = value {self.area_info[area].value} + 3 + bravery "
                  f"{self.leaders[bc[defender]].bravery} - {self.leaders[bc[attacker]].bravery}"
                  f" - {min(2, gunners)} gunners")
        res = resolve(ctx, table="Siege", column=column, sides=6, zero_based=False,
                      modifiers=[], lookup=lambda d: siege_falls(d, sn),
                      describe=lambda ok: "the area falls" if ok else "the siege fails",
                      rule=rule, who=self.side(attacker).name)
        if res.result:
            self.capture(state, self.leaders_at(state, area, defender), attacker)
            ctx.log(f"All {self.side(defender).name} troops removed, their leaders captured",
                    rule)
        else:
            ctx.log(f"The {self.side(attacker).name} leaders must retreat (border limits "
                    f"apply, not into enemy-occupied or controlled areas; leaders who cannot "
                    f"flee are captured); they are not disgraced", rule)
        return bool(res.result)

    def prisoners(self, state: State, side: str) -> list[str]:
        """The ``side`` leaders held in the enemy's prison."""
        return sorted(p for p in state["stacks"].get(PRISON_OF[OTHER[side]], [])
                      if self.leader_side(state, p) == side)

    def _prisoner_actions(self, state: State, stage: str, side: str) -> Iterator[Action]:
        """Crib Phase Seven: exchanges of equal stars (the initiative player's choice,
        groups of up to 3 a side listed), or ``side``'s ransoms of his own leaders."""
        if stage == "exchange":
            eng, fre = self.prisoners(state, "english"), self.prisoners(state, "french")
            stars = {p: self.leaders[p].rank for p in eng + fre}
            for n in range(1, min(3, len(eng)) + 1):
                for a in combinations(eng, n):
                    for m in range(1, min(3, len(fre)) + 1):
                        for b in combinations(fre, m):
                            if sum(stars[x] for x in a) == sum(stars[x] for x in b):
                                yield Action.of("exchange", list(a), list(b))
            return
        for pid in self.prisoners(state, side):
            for area in sorted(self.board_map.areas):
                if self.why_not_ransom(state, pid, area) is None:
                    yield Action("ransom", (pid, area))

    def _exchange(self, state: State, action: Action, ctx: Context) -> None:
        rule = self.cite("Phase Seven (exchange of equal stars, decided by the IP)")
        names = []
        for pid in action.pieces(0) + action.pieces(1):
            put_piece(state, pid, "routed")
            names.append(self.piece_name(state, pid))
        ctx.log(f"Prisoners exchanged: {', '.join(names)} go to the routed box", rule)
        self._captured_sync(state)

    def why_not_ransom(self, state: State, pid: str, area: str) -> str | None:
        """Crib Phase Seven: a ransom gives up a control token of an area of value >= the
        leader's rank (one token: our reading)."""
        side = self.leader_side(state, pid)
        if side not in PLAYERS or pid not in self.prisoners(state, side):
            return f"{self.piece_name(state, pid)} is not a prisoner of the enemy"
        if state["control"].get(area) != side:
            return f"the {side} have no control token in {self.board_map.place_name(area)}"
        if self.area_info[area].value < self.leaders[pid].rank:
            return "the area's value must be at least the leader's rank"
        return None

    def _ransom(self, state: State, action: Action, ctx: Context) -> None:
        pid, area = action.arg(0), action.arg(1)
        state["control"][area] = None
        put_piece(state, pid, "routed")
        ctx.log(f"{self.piece_name(state, pid)} ransomed for the control token of "
                f"{self.board_map.place_name(area)}; to the routed box",
                self.cite("Phase Seven (ransom)"))
        self._captured_sync(state)

    # -- Phase Seven: captured leaders, each decision its owner's --------------------------
    def captured_turn(self, state: State) -> tuple[str, str] | None:
        """Who decides what now in Phase Seven: the initiative player's exchanges (crib:
        "combinations decided by IP"), then each player's ransoms for his own leaders in
        the enemy's prison (the IP first: our reading), or ``None`` when done."""
        found = self._captured_index(state)
        return None if found is None else self._captured_turns(state)[found]

    def _captured_turns(self, state: State) -> list[tuple[str, str]]:
        ip = state["vars"]["initiative"] or "english"
        return [("exchange", ip), ("ransom", ip), ("ransom", OTHER[ip])]

    def _captured_index(self, state: State) -> int | None:
        """The first decision from ``captured_step`` on that has a choice (reads only)."""
        turns = self._captured_turns(state)
        for i in range(state["vars"].get("captured_step", 0), len(turns)):
            if any(True for _ in self._prisoner_actions(state, *turns[i])):
                return i
        return None

    def _captured_sync(self, state: State) -> None:
        found = self._captured_index(state)
        v = state["vars"]
        v["captured_step"] = 3 if found is None else found
        turn = self.captured_turn(state)
        state["active"] = turn[1] if turn else (v["initiative"] or "english")

    # -- Phase Nine: placing leaders ----------------------------------------------------
    def place_turn(self, state: State) -> tuple[str, str] | None:
        """Crib Phase Nine: the non-aligned leaders available, placed alternately (the
        nIP first) by the players; then the nIP's national leaders, then the IP's; then
        each player with no king crowns a 3-star leader if he has one."""
        v = state["vars"]
        nip = self.nip(state)
        routed = state["stacks"].get("routed", [])
        if any(self.leaders[p].side == "non-aligned" for p in routed):
            return "non-aligned", v.get("na_turn") or nip
        for side in (nip, OTHER[nip]):
            if any(self.leaders[p].side == side for p in routed):
                return "national", side
        for side in (nip, OTHER[nip]):
            if self.crown_candidates(state, side):
                return "crown", side
        return None

    def crown_candidates(self, state: State, side: str) -> list[str]:
        return sorted(p for p in self.leaders_at_large(state, side)
                      if self.why_not_crown(state, p) is None)

    def leaders_at_large(self, state: State, side: str) -> list[str]:
        """The leaders of ``side`` on the map."""
        return [p for a in self.board_map.areas for p in self.leaders_at(state, a, side)]

    def _place_sync(self, state: State) -> None:
        turn = self.place_turn(state)
        state["active"] = turn[1] if turn else (state["vars"]["initiative"] or "english")

    def why_not_place(self, state: State, pid: str, area: str, side: str) -> str | None:
        """Crib Phase Nine: a leader is placed in a friendly-controlled or neutral area
        (even with enemy leaders there), or always in his home area (even
        enemy-controlled)."""
        if area not in self.area_info:
            return f"{area!r} is not an area of the map"
        lead = self.leaders[pid]
        if area == lead.home or self.area_info[area].neutral \
                or state["control"].get(area) == side:
            return None
        return (f"{self.board_map.place_name(area)} is neither controlled by the "
                f"{self.side(side).name}, neutral, nor {lead.name}'s home area")

    def _place_actions(self, state: State) -> Iterator[Action]:
        turn = self.place_turn(state)
        if turn is None:
            return
        stage, side = turn
        if stage == "crown":
            for pid in self.crown_candidates(state, side):
                yield Action("crown", (pid,))
            return
        wanted = side if stage == "national" else "non-aligned"
        for pid in sorted(state["stacks"].get("routed", [])):
            if self.leaders[pid].side != wanted:
                continue
            for area in sorted(self.area_info):
                if self.why_not_place(state, pid, area, side) is None:
                    yield Action("place-leader", (pid, area))

    def _place_leader(self, state: State, action: Action, ctx: Context) -> None:
        pid, area = action.arg(0), action.arg(1)
        rule = self.cite("Phase Nine")
        turn = self.place_turn(state)
        if state["phase"] != "place" or turn is None or turn[0] == "crown":
            raise IllegalActionError(f"'{action.text()}' is not possible now: "
                                     f"{self.prompt(state)}", rule)
        stage, side = turn
        if pid not in state["pieces"] or state["pieces"][pid]["loc"] != "routed":
            raise IllegalActionError(f"'{action.text()}': {self.piece_name(state, pid)} is "
                                     f"not in the available (routed) box", rule)
        wanted = side if stage == "national" else "non-aligned"
        if self.leaders[pid].side != wanted:
            order = ("the non-aligned leaders are placed first, alternately" if wanted ==
                     "non-aligned" else f"the {self.side(side).name} place their leaders now")
            raise IllegalActionError(f"'{action.text()}' refused: {order}",
                                     self.cite("Phase Nine (placement order)"))
        why = self.why_not_place(state, pid, area, side)
        if why:
            raise IllegalActionError(f"'{action.text()}' refused: {why}", rule)
        v = state["vars"]
        put_piece(state, pid, area)
        if stage == "non-aligned":
            v["owner"][pid] = side
            v["na_turn"] = OTHER[side]
        ctx.log(f"{self.side(side).name} place {self.piece_name(state, pid)} in "
                f"{self.board_map.place_name(area)}"
                + (" (non-aligned: he serves them)" if stage == "non-aligned" else ""), rule)
        self._arrive(state, pid, area, ctx)
        self._place_sync(state)

    def mercenaries_in(self, state: State, area: str) -> int:
        """Mercenary strength in ``area``: unassigned and with every leader there (our
        reading of "# of mercenary troops in area", crib Phase Four)."""
        v = state["vars"]
        pools = [v["unassigned"].get(area, {})] + [v["troops"].get(p, {})
                                                   for p in state["stacks"].get(area, [])]
        return sum(n for t in pools for k, n in t.items() if base_kind(k) == "mercenaries")

    def control_target(self, state: State, area: str, side: str) -> tuple[int, str]:
        """The control roll's target (succeed on 1d6 <= target), crib Phase Four: in the
        home area of one of the side's non-disgraced leaders there 6 - mercenaries, else
        the best leader's rank - mercenaries. ("Home" read as the leader's home area.)"""
        here = [p for p in self.leaders_at(state, area, side)
                if p not in state["vars"]["disgraced"]]
        mercs = self.mercenaries_in(state, area)
        if any(self.leaders[p].home == area for p in here):
            return 6 - mercs, f"home area: 6 - {mercs} mercenaries"
        rank = max(self.leaders[p].rank for p in here)
        return rank - mercs, f"leader's rank {rank} - {mercs} mercenaries"

    def _control_check(self, state: State, action: Action, ctx: Context) -> None:
        """Crib Phase Four, each area with leaders checked once."""
        rule = self.cite("Phase Four")
        state["vars"]["control_checked"] = True
        bmap = self.board_map
        for area in sorted(bmap.areas):
            sides = {self.leader_side(state, p) for p in state["stacks"].get(area, [])
                     if p not in state["vars"]["disgraced"]} & set(PLAYERS)
            if not sides:
                continue
            name = bmap.place_name(area)
            if self.area_info[area].neutral:
                continue  # neutral areas can never be controlled
            if len(sides) == 2:
                ctx.log(f"{name}: leaders of both sides, no control check", rule)
                continue
            side = sides.pop()
            owner = state["control"].get(area)
            if owner == side:
                continue
            if owner == OTHER[side]:
                state["control"][area] = None
                ctx.log(f"{name} becomes uncontrolled ({self.side(side).name} leader in an "
                        f"enemy area)", rule)
                continue
            target, why = self.control_target(state, area, side)
            res = resolve(ctx, table="Control roll", column=f"{name}, {why} = {target}",
                          sides=6, zero_based=False, modifiers=[],
                          lookup=lambda d, t=target: d <= t,
                          describe=lambda ok: "control" if ok else "no control",
                          rule=rule, who=self.side(side).name)
            if res.result:
                state["control"][area] = side

    def _death_check(self, state: State, action: Action, ctx: Context) -> None:
        on_map = sorted(p for p, piece in state["pieces"].items()
                        if piece["loc"] in self.board_map.areas)
        state["vars"]["death_checked"] = True
        self._chart_call(state, ctx, "leader-death", on_map)

    def _chart_call(self, state: State, ctx: Context, chart: str, queue: list[str]) -> None:
        for pid in queue:
            if pid not in state["pieces"]:
                raise InvalidActionError(f"no leader {pid!r}")
        side = self.leader_side(state, queue[0]) if queue else state["active"]
        self.flow.call(self, state, ctx, "chart", side if side in PLAYERS else state["active"],
                       chart=chart, queue=list(queue), leader="", die=0)

    def chart_effect(self, state: State, chart: str, pid: str, result: str,
                     ctx: Context) -> None:
        """Apply a chart result to leader ``pid`` (crib Phases Three and Eight)."""
        side = self.leader_side(state, pid)
        loc = state["pieces"][pid]["loc"]
        v = state["vars"]
        target = None
        if chart == "elimination":
            rule = self.cite("Phase Three")
            target = {"killed": "elimination", "captured": PRISON_OF.get(OTHER.get(side, ""),
                                                                         "routed"),
                      "routed": "routed"}.get(result)
            if result == "killed":
                v["killed"].append({"leader": pid, "side": side})
        else:
            rule = self.cite("Phase Eight")
            if result == "dies":
                target = "dead"
                left = v["troops"].pop(pid, {})
                if left and loc in self.board_map.areas:
                    pool = v["unassigned"].setdefault(loc, {})
                    for kind, n in left.items():
                        pool[kind] = pool.get(kind, 0) + n
                    ctx.log(f"Troops of {self.piece_name(state, pid)} left unassigned", rule)
        if target is None:
            return
        if chart == "elimination":
            self._troops_removed(state, v["troops"].pop(pid, {}))
        put_piece(state, pid, target)
        ctx.log(f"{self.piece_name(state, pid)} → {self.board_map.place_name(target)}", rule)

    def _score(self, state: State, ctx: Context) -> None:
        rule = self.cite("Phase Eleven")
        points, lines = self.turn_points(state)
        net = points["english"] - points["french"]
        for side in PLAYERS:
            ctx.log(f"{self.side(side).name}: {points[side]} VP ({'; '.join(lines[side]) or '-'})",
                    rule)
        state["score"]["english"] += net
        state["score"]["french"] -= net
        lead = state["score"]["english"]
        ctx.log(f"Net {net:+d} for the English: "
                + ("level" if lead == 0 else
                   f"{'English' if lead > 0 else 'French'} lead by {abs(lead)}"), rule)
        for entry in state["vars"]["killed"]:
            if state["pieces"][entry["leader"]]["loc"] == "elimination":
                put_piece(state, entry["leader"], "dead")
        state["vars"]["killed"] = []
        rounds = state["vars"].get("rounds")
        if rounds is not None and state["turn"] >= rounds:
            state["vars"]["over"] = "rounds"
            ctx.log(f"That was the last round (game length {rounds} rounds, setup.yaml): "
                    f"{self.outcome(state)}", self.cite("Phase Eleven"))

    def _end_game(self, state: State, action: Action, ctx: Context) -> None:
        """The game length is unknown (not in the crib sheet, ``rounds: null`` in
        setup.yaml): the players end the game after a Phase Eleven."""
        state["vars"]["over"] = "players"
        ctx.log(f"The game is ended by the players after round {state['turn']}: "
                f"{self.outcome(state)}", self.cite("Phase Eleven"))

    def outcome(self, state: State) -> str | None:
        """The result once the game is over: the side leading on the zero-sum score."""
        if not state["vars"].get("over"):
            return None
        lead = state["score"]["english"]
        if lead == 0:
            return "Draw: the score is level"
        winner = "English" if lead > 0 else "French"
        return f"The {winner} win, leading by {abs(lead)} VP"

    def turn_points(self, state: State) -> tuple[dict[str, int], dict[str, list[str]]]:
        """The VP each side scores now (crib Phase Eleven), with the reasons."""
        points = {s: 0 for s in PLAYERS}
        lines: dict[str, list[str]] = {s: [] for s in PLAYERS}
        for area, owner in sorted(state["control"].items()):
            if owner in PLAYERS and area in self.area_info:
                points[owner] += score_for_value(self.area_info[area].value)
        for side in PLAYERS:
            if points[side]:
                lines[side].append(f"areas {points[side]}")
            if state["control"].get(CAPITAL[side]) == side:
                points[side] += 1
                lines[side].append(f"{self.board_map.place_name(CAPITAL[side])} +1")
        kings = set(filter(None, state["vars"]["king"].values()))
        for entry in state["vars"]["killed"]:
            victim_side = entry["side"]
            if victim_side not in PLAYERS:
                continue
            scorer = OTHER[victim_side]
            lead = self.leaders[entry["leader"]]
            pts = score_for_rank(lead.rank) + (1 if entry["leader"] in kings else 0)
            points[scorer] += pts
            lines[scorer].append(f"{lead.name} killed +{pts}")
        for side in PLAYERS:
            for pid in state["stacks"].get(PRISON_OF[side], []):
                if self.leader_side(state, pid) == OTHER[side]:
                    rank = self.leaders[pid].rank
                    points[side] += rank
                    lines[side].append(f"{self.leaders[pid].name} in prison +{rank}")
        return points, lines

    def _next_turn(self, state: State, action: Action, ctx: Context) -> None:
        state["turn"] += 1
        state["vars"]["death_checked"] = False
        state["vars"]["control_checked"] = False
        state["vars"]["fought"] = []
        state["phase"] = "initiative"
        state["active"] = state["vars"]["initiative"] or "english"
        ctx.log(f"Turn {state['turn']}. " + PHASE_NAMES["initiative"],
                self.cite("New Turn"))

    def _troops(self, state: State, action: Action, ctx: Context) -> None:
        """``troops LEADER KIND DELTA``: add or remove troop strength by hand."""
        pid, kind = action.arg(0), action.arg(1)
        if pid not in state["pieces"] or not valid_key(kind):
            raise InvalidActionError(f"'{action.text()}': write troops LEADER KIND +N|-N "
                                     f"(kinds: {', '.join(TROOPS)}, or knights:FLAG, "
                                     f"mercenaries:HOME)")
        try:
            delta = int(action.arg(2))
        except ValueError as exc:
            raise InvalidActionError(f"'{action.text()}': {action.arg(2)!r} is no number") \
                from exc
        troops = state["vars"]["troops"].setdefault(pid, {})
        new = troops.get(kind, 0) + delta
        if new < 0:
            raise IllegalActionError(f"{self.piece_name(state, pid)} has only "
                                     f"{troops.get(kind, 0)} {kind}")
        troops[kind] = new
        ctx.log(f"By hand: {self.piece_name(state, pid)} {delta:+d} {kind} (now {new})")

    def _crown(self, state: State, pid: str, ctx: Context) -> None:
        why = self.why_not_crown(state, pid)
        if why:
            raise IllegalActionError(why, self.cite("Phase Nine"))
        side = self.leader_side(state, pid)
        state["vars"]["king"][side] = pid
        ctx.log(f"{self.piece_name(state, pid)} is crowned King of the {self.side(side).name}",
                self.cite("Phase Nine (must be a 3-star leader)"))

    def why_not_crown(self, state: State, pid: str) -> str | None:
        """Crib Phase Nine: a king must be a 3-star leader; an imprisoned king remains king."""
        if pid not in state["pieces"]:
            return f"no leader {pid!r}"
        lead = self.leaders[pid]
        side = self.leader_side(state, pid)
        if side not in PLAYERS or lead.side != side:
            return f"{lead.name} is not an English or French leader"
        if lead.rank != 3:
            return f"{lead.name} is not a 3-star leader"
        king = state["vars"]["king"].get(side)
        if king == pid:
            return f"{lead.name} is king already"
        if king is not None and state["pieces"][king]["loc"] not in ("dead", "elimination"):
            return f"{self.piece_name(state, king)} is still king (imprisoned kings remain king)"
        if state["pieces"][pid]["loc"] not in self.board_map.areas:
            return f"{lead.name} is not on the map"
        return None

    def after_manual(self, state: State, ctx: Context) -> None:
        """A non-aligned leader placed by hand serves the player who placed him (crib
        Phase Nine); back in the pool or the routed box he serves nobody."""
        owner = state["vars"]["owner"]
        for pid, piece in state["pieces"].items():
            if self.leaders[piece["type"]].side != "non-aligned":
                continue
            if piece["loc"] in ("leader-pool", "routed"):
                owner.pop(pid, None)
            elif piece["loc"] in self.board_map.areas and pid not in owner \
                    and ctx.side in PLAYERS:
                owner[pid] = ctx.side
        for pid, piece in state["pieces"].items():
            if piece["loc"] in self.board_map.areas and pid not in state["vars"]["troops"]:
                self._arrive(state, pid, piece["loc"], ctx)
        if state["phase"] == "place" and not self.flow.top(state):
            self._place_sync(state)

    def _arrive(self, state: State, pid: str, area: str, ctx: Context) -> None:
        """A leader placed on the map by hand (crib Phase Nine): in his home area he
        receives infantry equal to his rank; elsewhere the place must be friendly-controlled
        or neutral (said, not refused: placing is a hand on the table); an aggressor marker
        goes where he joins enemy leaders, if none is there yet."""
        rule = self.cite("Phase Nine")
        lead = self.leaders[pid]
        side = self.leader_side(state, pid)
        v = state["vars"]
        v["troops"][pid] = {}
        name = self.board_map.place_name(area)
        if area == lead.home:
            v["troops"][pid] = {"infantry": lead.rank}
            ctx.log(f"{lead.name} placed in his home area {name}: receives {lead.rank} "
                    f"infantry", rule)
        elif not (state["control"].get(area) == side or self.area_info[area].neutral):
            ctx.log(f"Note: {name} is neither friendly-controlled, neutral nor "
                    f"{lead.name}'s home area", rule)
        if side in PLAYERS and self.leaders_at(state, area, OTHER[side]) \
                and area not in v["aggressor"]:
            v["aggressor"][area] = side
            ctx.log(f"Aggressor marker ({self.side(side).name}) placed in {name}", rule)

    # -- presentation ------------------------------------------------------------------
    def piece_name(self, state: State, pid: str) -> str:
        lead = self.leaders.get(state["pieces"].get(pid, {}).get("type", pid))
        return lead.name if lead else pid

    def troops_text(self, troops: dict[str, int]) -> str:
        """Strength by kind ("I3 K1"), knights and mercenaries of any origin together."""
        by_kind: dict[str, int] = {}
        for k, n in troops.items():
            by_kind[base_kind(k)] = by_kind.get(base_kind(k), 0) + n
        return " ".join(f"{self.troop_kinds.get(k, {}).get('short', k[0].upper())}{n}"
                        for k, n in by_kind.items() if n)

    def counter_face(self, state: State, pid: str) -> CounterFace:
        lead = self.leaders[state["pieces"][pid]["type"]]
        info = self.side(self.leader_side(state, pid))
        troops = state["vars"]["troops"].get(pid, {})
        king = pid in state["vars"]["king"].values()
        tip = (f"{lead.name} ({lead.side}), {lead.rank}-star, battle rating {lead.battle}, "
               f"bravery {lead.bravery}, home {self.board_map.place_name(lead.home)}, enters "
               f"{lead.year} — all values are boardapp estimates (leaders.yaml)\n"
               f"Troops: {self.troops_text(troops) or 'none'}")
        return CounterFace(colour=info.colour, text_colour=info.text_colour, title=lead.name,
                           subtitle=("King " if king else "") + "★" * lead.rank,
                           values=(str(lead.battle), str(lead.bravery)), is_leader=True,
                           tooltip=tip, tag=self.troops_text(troops))

    def piece_actions(self, state: State, pid: str) -> list[Action]:
        if self.flow.top(state) or pid not in state["pieces"]:
            return []
        out = []
        if state["pieces"][pid]["loc"] in self.board_map.areas:
            out.append(Action("elimination-roll", (pid,)))
        if self.why_not_crown(state, pid) is None:
            out.append(Action("crown", (pid,)))
        loc = state["pieces"][pid]["loc"]
        out.extend(a for a in self.legal_actions(state)
                   if (a.verb == "assign" and a.args[0] == loc and a.args[2] == pid)
                   or (a.verb == "recruit" and a.args[2] == pid)
                   or (a.verb == "place-leader" and a.args[0] == pid))
        for kind in TROOPS:
            if kind == "knights" and loc in self.area_info:  # a knight of this country
                kind = f"knights:{self.area_info[loc].flag}"
            out.append(Action("troops", (pid, kind, "+1")))
        for kind, n in sorted(state["vars"]["troops"].get(pid, {}).items()):
            if n > 0:
                out.append(Action("troops", (pid, kind, "-1")))
        return out

    def action_label(self, state: State, action: Action) -> str:
        bmap = self.board_map
        if action.verb == "move":
            names = ", ".join(self.piece_name(state, p) for p in action.pieces(0))
            return f"Move {names} to {bmap.place_name(action.arg(1))}"
        if action.verb == "place-leader":
            return (f"Place {self.piece_name(state, action.arg(0))} in "
                    f"{bmap.place_name(action.arg(1))}")
        if action.verb == "remove-control":
            return f"Remove the enemy control marker of {bmap.place_name(action.arg(0))}"
        if action.verb == "elimination-roll":
            return "Leader hit (by hand): roll on the Elimination Chart"
        if action.verb == "crown":
            return f"Crown {self.piece_name(state, action.arg(0))} king"
        if action.verb == "troops":
            key = action.arg(1)
            origin = key_origin(key)
            where = (f" (flag {origin})" if base_kind(key) == "knights" else
                     f" (home {origin})") if origin else ""
            return f"{action.arg(2)} {self.troop_kinds[base_kind(key)]['name']}{where} (by hand)"
        if action.verb == "chart-result":
            return action.arg(0).capitalize()
        if action.verb == "raise":
            return f"Raise 1 {action.arg(1)} in {bmap.place_name(action.arg(0))}"
        if action.verb == "assign":
            return (f"Assign 1 {self.kind_name(action.arg(1))} to "
                    f"{self.piece_name(state, action.arg(2))}")
        if action.verb == "recruit":
            return (f"Recruit 1 {self.kind_name(action.arg(1))} from "
                    f"{bmap.place_name(action.arg(0))} for {self.piece_name(state, action.arg(2))}")
        if action.verb == "exchange":
            return "Exchange " + " + ".join(self.piece_name(state, p) for p in action.pieces(0)) \
                + " for " + " + ".join(self.piece_name(state, p) for p in action.pieces(1))
        if action.verb == "ransom":
            return (f"Ransom {self.piece_name(state, action.arg(0))} with "
                    f"{bmap.place_name(action.arg(1))}")
        if action.verb == "siege":
            return f"Be besieged in {bmap.place_name(action.arg(0))}"
        if action.verb == "battle":
            return f"Resolve the battle in {bmap.place_name(action.arg(0))}"
        if action.verb == "fight-on":
            return "Fight another round"
        if action.verb == "force-retreat":
            return "Force the aggressor to retreat (three misses)"
        if action.verb == "flee":
            return (f"{self.piece_name(state, action.arg(1))} flees to "
                    f"{bmap.place_name(action.arg(2))}")
        if action.verb == "deploy":
            return (f"Deploy 1 {self.kind_name(action.arg(1))} from "
                    f"{bmap.place_name(action.arg(0))} to {bmap.place_name(action.arg(2))}")
        if action.verb == "battle-round":
            return f"Fight a battle in {bmap.place_name(action.arg(0))}"
        if action.verb == "retreat":
            area, side, dest = action.args[:3]
            if dest == "none":
                return f"{self.side(side).name}: retreat (nowhere to go: all captured)"
            names = ", ".join(self.piece_name(state, p) for p in action.pieces(3))
            return f"{self.side(side).name}: retreat {names} to {bmap.place_name(dest)}"
        if action.verb == "lose":
            pid, kind = action.args
            what = "the leader himself" if kind == "leader" else f"1 {self.kind_name(kind)}"
            return f"{self.piece_name(state, pid)}: {what}"
        if action.verb == "commander":
            return f"{self.piece_name(state, action.arg(0))} commands"
        if action.verb == "done" and state["phase"] == "captured":
            stage = (self.captured_turn(state) or ("", ""))[0]
            return ("No (more) exchanges" if stage == "exchange" else
                    "No more ransoms: leave the others to rot")
        if action.verb == "end-game":
            return "End the game now (its length is not in the crib sheet)"
        if action.verb == "control-check":
            return "Check control of every area with leaders (control rolls)"
        if action.verb == "death-check":
            return "Roll on the Leader Death Chart for every leader on the map"
        return super().action_label(state, action)

    def place_markers(self, state: State) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for area, side in state["vars"]["aggressor"].items():
            out.setdefault(area, []).append(f"Aggressor ({self.side(side).name})")
        for area, troops in state["vars"]["unassigned"].items():
            hire = {k: n for k, n in troops.items() if self._at_home(area, k) and n}
            rest = {k: n for k, n in troops.items() if k not in hire}
            if hire:
                out.setdefault(area, []).append(
                    f"For hire: {self.bands[area].name if area in self.bands else 'M'} "
                    f"{sum(hire.values())}")
            if self.troops_text(rest):
                out.setdefault(area, []).append(f"Unassigned {self.troops_text(rest)}")
        return out

    def prompt(self, state: State) -> str:
        if self.flow.top(state):
            return self.flow.prompt(self, state)
        over = self.outcome(state)
        if over:
            return f"Game over: {over}"
        phase = state["phase"]
        if phase == "impulses":
            v = state["vars"]
            side = state["active"]
            return (f"{PHASE_NAMES[phase]}: {self.side(side).name} impulse "
                    f"({v['impulses'][side]} left; {self.side(OTHER[side]).name} "
                    f"{v['impulses'][OTHER[side]]}): move leaders, remove a control marker "
                    f"or pass")
        if phase == "initiative":
            return f"{PHASE_NAMES[phase]}: roll the dice"
        if phase == "score":
            return f"{PHASE_NAMES[phase]}: done; next turn"
        if phase == "captured" and self.captured_turn(state):
            stage, side = self.captured_turn(state)
            return (f"{PHASE_NAMES[phase]}: {self.side(side).name}, "
                    + ("exchange prisoners of equal stars, or Done" if stage == "exchange"
                       else "ransom your leaders, or Done (the others are left to rot)"))
        if phase == "place" and self.place_turn(state):
            stage, side = self.place_turn(state)
            what = {"non-aligned": "place a non-aligned leader (he will serve you)",
                    "national": "place your leaders",
                    "crown": "crown a 3-star leader king"}[stage]
            return (f"{PHASE_NAMES[phase]}: {self.side(side).name}, {what} (friendly-"
                    f"controlled or neutral area, or his home area: drag him from the "
                    f"routed box, or right-click the area)" if stage != "crown"
                    else f"{PHASE_NAMES[phase]}: {self.side(side).name}, {what}")
        if phase in ("raise", "deploy", "assign") and state["active"] not in state["vars"].get(
                "done", PLAYERS):
            return f"{PHASE_NAMES[phase]}: {self.side(state['active']).name}, then Done"
        if phase == "control" and not state["vars"].get("control_checked"):
            return f"{PHASE_NAMES[phase]}: check control of the areas with leaders"
        if phase == "death" and "death-check" in {a.verb for a in self.legal_actions(state)}:
            return f"{PHASE_NAMES[phase]}: roll for every leader on the map"
        if phase == "battles" and self.battle_areas(state):
            return (f"{PHASE_NAMES[phase]}: {self.side(state['active']).name} (initiative), "
                    f"choose the next battle")
        return f"{PHASE_NAMES[phase]}; then Next phase"

    def turn_label(self, turn: int) -> str:
        return f"turn {turn}"

    def summary(self, state: State) -> str:
        v = state["vars"]
        lines = [f"Turn {state['turn']}, {PHASE_NAMES[state['phase']]}",
                 f"Initiative: {v['initiative'] or '-'}; impulses {v['impulses']}",
                 f"Kings: {v['king']}; score (English lead): {state['score']['english']}"]
        for area in sorted(self.board_map.areas):
            here = state["stacks"].get(area, [])
            if here:
                lines.append(f"  {self.board_map.place_name(area)}: " + ", ".join(
                    f"{self.piece_name(state, p)} [{self.troops_text(v['troops'].get(p, {}))}]"
                    for p in here))
        return "\n".join(lines)

    def title(self, state: State) -> str:
        return f"{self.name} — turn {state['turn']}"


__all__ = ["LionInWinter", "decide_initiative", "impulses_for"]
