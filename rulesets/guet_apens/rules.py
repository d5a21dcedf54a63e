"""Guet-Apens, the ruleset: wires the model and the steps, sets up each scenario (its
characters rolled, GA 2.3-2.7, 3.1-3.2; its figures placed on its table) and says how
figures look."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng, roll
from boardapp.core.engine.ruleset import CounterFace, DiceSpec, ScenarioInfo, Status
from boardapp.core.engine.state import State, add_piece, new_state
from boardapp.core.table.fixed import is_point_text, to_tenths, to_units
from boardapp.core.table.positions import set_position
from boardapp.core.table.tableboard import TABLE_PLACE

from .model import SIDES, GuetApensModel
from .model.characters import (
    CHARACTERISTICS,
    NAMES,
    ammunition,
    equipment,
    horse_agility,
    horse_worth,
    life_points,
    roll_character,
)
from .model.guess import guess_secrets
from .model.sheet import figure_sheet
from .model.shooting import WEAPONS
from .model.words import N_, WORDS, data_word, listing, outcome_words
from .steps.assaults import NameChampion, place_assault
from .steps.campaign import CAMPAIGN, CARGO
from .steps.combat import Melee
from .steps.deploy import START_STEP, Deploy
from .steps.entries import ENTRIES, REINFORCEMENTS
from .steps.escort import ESCORT
from .steps.exits import EXITS
from .steps.hidden import Spotting, may_hide
from .steps.interposed import INTERPOSED
from .steps.joust import PICK_STEP, WINNER_RESTS, PickTeams, place_jousters
from .steps.manuscripts import MANUSCRIPTS, Manuscripts
from .steps.morale import FLIGHT_LASTS
from .steps.mules import MULES, mule_face, place_mules
from .steps.orders import DeclareCharges, MoveOrders, RevealOrders
from .steps.period import PERIOD, SEQUENCE_NAMES, STAGES, PeriodPhase, sequence_of
from .steps.rally import RALLY
from .steps.reaction import REACTIONS
from .steps.shooting import GROUP_SHOTS, Shooting
from .steps.victory import evaluate, final_standing

VICTORY_TEXT = {
    "joust": N_("Four knights a side joust one against one until one side has none left"),
    "assaults": N_("Four assaults, knight against knight, then the champions"),
    "wounded-most": N_("Wound the most opponents"),
    "kill-or-surrender": N_("Kill the other Baron, or make him surrender"),
    "kill-all": N_("Kill all the adversaries"),
    "captures-most": N_("Capture the most enemy knights"),
    "out-of-action": N_("Put every enemy out of action: dead, fled or captured"),
    "pillage": N_("Fight to the death: the characteristics of the killed are the score"),
    "players": N_("The scenario's objective, judged by the players")}
PLAYABLE = tuple(VICTORY_TEXT)
LEGACY_04 = {MULES: False, EXITS: False, MANUSCRIPTS: False, ESCORT: False}
"""What games of 0.1-0.3 played without: the mules as figures (GA 14.8.2, 14.10.3), the
exits by an edge (GA 14), the manuscripts' answers (GA 14.11.2) and the escort of a
captive played out (GA 13.5.1, B24)."""
READINGS_FILE = Path(__file__).resolve().parent / "data" / "readings.yaml"
CAMPAIGN_FILE = Path(__file__).resolve().parent / "data" / "campaign.yaml"


def _limits(group: dict[str, Any]) -> dict[str, tuple[int | None, int | None]]:
    """The group's limits (GA 2.7), ``all`` spread over the five characteristics."""
    raw = dict(group.get("limits") or {})
    every = raw.pop("all", None)
    out = {k: tuple(every) for k in CHARACTERISTICS} if every else {}
    out.update({k: tuple(v) for k, v in raw.items()})
    return out  # type: ignore[return-value]


def roll_figure(rng: dict[str, int], group: dict[str, Any], side: str | None, name: str,
                ) -> dict[str, Any]:
    """A character rolled for ``group`` (GA 2.3: 3D6+1; GA 2.7 limits; GA 2.4 LP; GA 3
    a horse 4D6+10 for a rider), carrying his troop's standard equipment (GA 2.8, not
    printed: the model's data-sheet default) or what the scenario names."""
    dice: Any = lambda sides: roll(rng, sides)  # noqa: E731
    limits = _limits(group)
    start = dict(roll_character(dice, {k: v for k, v in limits.items()
                                       if k in CHARACTERISTICS}))
    start["lp"] = life_points(start["en"])
    kit = equipment(group.get("troop", "peasant"))
    weapons = list(group.get("weapons") or kit["weapons"])
    mounted = bool(group.get("mounted", kit["mounted"]))
    horse = None
    if mounted or "horse" in limits:
        ag = horse_agility(dice, limits.get("horse", (None, None)))
        horse = {"ag": ag, "worth": horse_worth(ag), "state": "sound",
                 "beside": not mounted}
    missiles = [w for w in weapons if w in WEAPONS]
    hand = [w for w in weapons if w not in WEAPONS and w != "lance"]
    return {"side": side, "name": name, "role": group.get("role", "man"),
            "troop": group.get("troop", "peasant"),
            "as_knight": bool(group.get("as_knight")), "start": start, "lp": start["lp"],
            "horse": horse, "mounted": mounted,
            "weapon": hand[0] if hand else ("lance" if "lance" in weapons else "dagger"),
            "lance": "lance" in weapons and mounted,
            "missile": missiles[0] if missiles else None,
            "mail": bool(kit.get("mail")), "shield": kit.get("shield"), "states": []}


class GuetApens(GuetApensModel):
    """Guet-Apens (see :mod:`.model` for the state's shape)."""

    aliases = ("guet_apens", "guetapens")
    dice = DiceSpec(sides=20)
    default_scenario = "I"
    flow = Flow(Deploy, Spotting, Manuscripts, PickTeams, NameChampion, DeclareCharges,
                MoveOrders, Shooting, Melee, RevealOrders, phases=(PeriodPhase,))

    def scenarios(self) -> dict[str, ScenarioInfo]:
        out = {}
        for sid, sc in self.all_scenario_data().items():
            if sc.get("victory") in PLAYABLE:
                periods = int(sc.get("periods") or 0)
                objective = (WORDS.msg(str(sc["objective"])) if sc.get("objective")
                             else VICTORY_TEXT[sc["victory"]])  # the scenario file's words
                out[sid] = ScenarioInfo(sid, WORDS.msg(str(sc["name"])), N_(
                    "{objective} ({n} periods)", objective=objective, n=periods) if periods
                    else N_("{objective} (unlimited periods)", objective=objective))
        return out

    def data_sheets(self) -> list[Sheet]:
        return [Sheet("readings", N_("Ambiguities (readings B1-B37)"), READINGS_FILE,
                      (), "records", {"default": CellType("text", label=N_("reading"))},
                      keys=r"B\d+", rule="GA 17", row_label="where", row_help="question",
                      note=N_("The reading used for each ambiguity of the book; the log "
                              "names it where it applies.")),
                Sheet(CAMPAIGN, N_("Scenario X campaign: what each figure carries"),
                      CAMPAIGN_FILE, ("figures",), "records",
                      {"lp": CellType("int", low=0, high=11, label=N_("LP left")),
                       "gone": CellType("bool", label=N_("killed or captured")),
                       "courage": CellType("int", low=-10, high=10,
                                           label=N_("Courage won or lost"))},
                      keys=r"[ab]\d+", rule="GA 14.10",
                      note=N_("Written at the end of each adventure of Scenario X; save "
                              "it as the defaults to start the next one with it.")),
                Sheet(CARGO, N_("Scenario X campaign: the cargo"), CAMPAIGN_FILE,
                      ("cargo",), "records",
                      {"holder": CellType("choice", choices=SIDES, label=N_("held by")),
                       "count": CellType("int", low=0, high=2, label=N_("mules left"))},
                      rule="GA 14.10", note=N_("Who holds the mules and their cargo."))]

    def setup(self, scenario: str, seed: int, played_with: str | None = None) -> State:
        self.play_on(scenario)
        sc = self.scenario_data(scenario)
        state = new_state(self.id, scenario, new_rng(seed), list(SIDES))
        rng = state["rng"]
        v: dict[str, Any] = {"figs": {}, "rules": ["move", *sc.get("rules", [])],
                             "victory": sc.get("victory"), "wounds": sc.get("wounds", True),
                             "periods": int(sc.get("periods") or 0), "stage": -1,
                             "movement": 0, "charges": {}, "drafts": {},
                             "blunted": bool(sc.get("blunted"))}
        state["vars"] = v
        state["phase"] = PERIOD
        if played_with == "0.1":
            state["legacy"] = {RALLY: False, GROUP_SHOTS: False,  # GA 12.5, 8.10,
                               ENTRIES: False, REACTIONS: False,  # 14.8.1, 8.6.1,
                               FLIGHT_LASTS: False, CAMPAIGN: False,  # 12.4: from 0.2
                               REINFORCEMENTS: False, INTERPOSED: False,
                               WINNER_RESTS: False, **LEGACY_04}
        elif played_with == "0.2":  # GA 14.10, 14.10.4, 8.10.3, B25: from 0.3
            state["legacy"] = {CAMPAIGN: False, REINFORCEMENTS: False, INTERPOSED: False,
                               WINNER_RESTS: False, **LEGACY_04}
        elif played_with == "0.3":  # GA 14.8.2, 14.10.3, 14.11.2: from 0.4
            state["legacy"] = dict(LEGACY_04)
        if sc.get("victory") in ("joust", "assaults"):
            v["rules"] = sc.get("rules", [])
            v["lances_replaced"] = True
            n = 0
            for group in sc["pool"]:
                for _ in range(group["count"]):
                    n += 1
                    v["figs"][f"k{n}"] = roll_figure(rng, group, None, f"Knight {n}")
            first = roll(rng, 2)  # GA 14.1: each player draws one of the two first knights
            elite = ("k1", "k2") if first == 1 else ("k2", "k1")
            v["joust"] = {"lines": {"a": [elite[0]], "b": [elite[1]]}, "broken": {}}
            if sc["victory"] == "assaults":
                v["joust"].update(mode="assaults", assault=1, points={})
            for side, pid in zip(SIDES, elite, strict=True):
                v["figs"][pid]["side"] = side
            if sc["victory"] == "joust":
                place_jousters(self, state)
            else:
                place_assault(self, state)
            state["flow"] = [{"step": PICK_STEP, "side": "a", "vars": {}}]
            return state
        v["ammo"] = {s: {} for s in SIDES}
        for side in SIDES:
            n = 0
            for group in sc["forces"][side]:
                for _ in range(group["count"]):
                    n += 1
                    pid = f"{side}{n}"
                    role = group.get("role", "man").capitalize()
                    f = v["figs"][pid] = roll_figure(rng, group, side,
                                                     f"{role} {side.upper()}{n}")
                    if f["missile"]:  # GA 8.5: 5D4, hidden from the opponent
                        v["ammo"][side][pid] = int(group.get("ammo") or ammunition(
                            lambda sides: roll(rng, sides), group.get("ammo_min"),
                            int(group.get("ammo_bonus", 0))))
        self._deploy(state)
        place_mules(self, state)  # GA 14.8.2, 14.10.1
        v["stage"], v["movement"] = 0, 0
        state["flow"] = [{"step": START_STEP, "side": "a", "sides": list(SIDES), "vars": {}}]
        return state

    def _deploy(self, state: State) -> None:
        """GA 14.5: each side on its own table edge (a: left, b: right), in a line; the
        players may place them otherwise by hand before the first orders."""
        table = self.board_map.table  # type: ignore[attr-defined]
        for side in SIDES:
            pids = [p for p, f in state["vars"]["figs"].items() if f["side"] == side]
            gap = table.depth / (len(pids) + 1)
            for n, pid in enumerate(sorted(pids)):
                f = state["vars"]["figs"][pid]
                kind = "rider" if f["mounted"] else "foot"
                add_piece(state, pid, kind, TABLE_PLACE)
                x = 3.0 if side == "a" else table.width - 3.0
                set_position(state, pid, to_units(x), to_units(gap * (n + 1)),
                             to_tenths(90.0 if side == "a" else 270.0))

    def move_action(self, state: State, pieces: list[str], dest: str) -> Action:
        """A drag of a figure to a point plans its move while orders are given."""
        if is_point_text(dest.split(";")[-1]) and self.flow.verb_spec(state, "plan") \
                and len(pieces) == 1:
            return Action.of("plan", pieces, dest)
        if is_point_text(dest) and len(pieces) == 1 and self.flow.verb_spec(state, "hide") \
                and may_hide(self, state, pieces[0]):
            return Action.of("hide", pieces, dest)  # GA 14.8.2: a secret place
        return Action.of("place", pieces, dest)

    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        return {s: [("vars", "drafts", s), ("vars", "ammo", s), ("vars", "hidden", s),
                    ("vars", "carriers", s)] for s in SIDES}

    def private_lines(self, state: State, side: str) -> list[str]:
        drafts = (state["vars"].get("drafts") or {}).get(side) or {}
        hidden = (state["vars"].get("hidden") or {}).get(side) or {}
        return [N_("Planned: {name} to {path}", name=self.piece_name(state, p),
                   path=path.lstrip(":")) for p, path in sorted(drafts.items())] + [
            N_("Hidden: {name} at {point} (GA 14.8.2)", name=self.piece_name(state, p),
               point=point) for p, point in sorted(hidden.items())] + [
            N_("{name} carries a manuscript (secret, GA 14.11.2)",
               name=self.piece_name(state, p))
            for p in (state["vars"].get("carriers") or {}).get(side) or ()]

    def counter_face(self, state: State, pid: str) -> CounterFace:
        f = state["vars"]["figs"].get(pid)
        if f is None and pid in (state["vars"].get(MULES) or {}):
            return mule_face(self, state, pid)
        if f is None:
            return CounterFace("#777777", "#ffffff", "H", N_("horse"))
        side = self.side(f["side"] or "a")
        vals = self.values(state, pid)
        sheet = listing([N_("{name} {now}/{start}", name=NAMES[k], now=vals[k],
                            start=f["start"][k]) for k in (*CHARACTERISTICS, "lp")])
        horse = f.get("horse")
        kit = [w for w in (data_word(f.get("weapon") or ""),
                           N_("lance") if f.get("lance") else "",
                           N_("mail") if f.get("mail") else "",
                           N_("shield ({side})", side=data_word(f["shield"]))
                           if f.get("shield") else "") if w]
        tip = N_("{name} ({role}): {sheet} (now/start); ", name=self.piece_name(state, pid),
                 role=data_word(f["role"]), sheet=sheet)
        if horse:
            tip = tip + N_("horse Agility {ag} ({worth}, {state}); ", ag=horse["ag"],
                           worth=data_word(horse["worth"]), state=data_word(horse["state"]))
        tip = tip + listing(kit)
        if f["states"]:
            tip = tip + N_("; {states}", states=listing([data_word(s) for s in f["states"]]))
        return CounterFace(colour=side.colour, text_colour=side.text_colour,
                           title=f["name"].split()[-1], subtitle=data_word(f["role"]),
                           values=(str(vals["lp"]),), reduced=self.column(state, pid) > 0,
                           is_leader=f["role"] in ("baron", "leader"), tooltip=tip,
                           tag=listing([data_word(s) for s in f["states"] if s != "noinit"]),
                           sheet=partial(figure_sheet, self, state, pid))

    def outcome(self, state: State) -> str | None:
        return outcome_words(state["vars"].get("result"))

    def evaluate(self, state: State, side: str) -> float:
        return evaluate(self, state, side)

    def standing(self, state: State) -> dict[str, float]:
        """Each side's standing by the scenario's measure (steps/victory.py)."""
        return final_standing(self, state)

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """The other side's ammunition guessed (model/guess.py)."""
        return guess_secrets(view, side)

    def status(self, state: State) -> Status:
        sc = self.scenario_data(state["scenario"])
        lines = []
        for side in SIDES:
            figs = [f for f in state["vars"]["figs"].values() if f["side"] == side]
            up = [f for f in figs if not set(f["states"]) & {"dead", "out", "captured"}]
            lines.append(N_("{side}: {up} of {n} in the fight", side=self.side(side).name,
                            up=len(up), n=len(figs)))
        stage = state["vars"].get("stage", -1)
        where = (N_(", sequence {n}: {name}", n=sequence_of(stage),
                    name=SEQUENCE_NAMES[sequence_of(stage)])
                 if 0 <= stage < len(STAGES) and state["flow"] and state["flow"][0][
                     "step"] not in (START_STEP, PICK_STEP) else "")
        return Status(N_("{game} {scenario}, period {turn}{where}", game=self.name,
                         scenario=WORDS.msg(str(sc["name"])), turn=state["turn"], where=where),
                      tuple(lines))
