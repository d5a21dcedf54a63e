"""Montjoie!, the ruleset: wires the model and the steps (the phases are 5.0 then
Séquences 1 to 8, :data:`~.model.base.PHASES`), sets games up for 2 to 6 players, normal
or short, and says how the board shows them."""

from __future__ import annotations

from boardapp.core.base.errors import BoardappError
from boardapp.core.base.i18n import listing, render
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.rng import new_rng
from boardapp.core.engine.ruleset import CounterFace, DiceSpec, ScenarioInfo, Status
from boardapp.core.engine.state import State, new_state

from .model import battle, judge, sheets
from .model.base import (
    FOREIGN,
    LEVEL_TITLES,
    MAX_PI,
    NATIONS,
    PHASE_NAMES,
    PLAYED,
    POLITICS,
    SECRET_TREASURY,
    TURN_FROM_TREASURY,
    MontjoieModel,
)
from .model.cards import CARD_NAMES, YELLOW
from .model.cities import piece_id, set_city
from .model.events import EVENT_NAMES, EVENTS
from .model.guess import guess_hidden
from .model.setup import ALLY_START, FREE_START, fixed_city, placement_queue
from .steps import points, sequence7
from .steps.allies import AllyChoice, AllyTurn, Bribes, MinorStart, NeutralBuild, SecretAlly
from .steps.common import RevealSealed
from .steps.deal import Deal, DealPhase, DeckComposition
from .steps.duels import DiscardStake, Duels, GreatBattle, Stake
from .steps.event_choices import Confiscation, EventDone, LoseRandom, Pope, Treaty, Uprising
from .steps.event_effects import EventStep
from .steps.events import TWELFTH, EventOrder, EventsPhase, TwelfthEvent
from .steps.foreign import ForeignDefence, ForeignStep
from .steps.order import OrderPhase
from .steps.placement import PlacementPhase
from .steps.players_turn import SEQUENCE_7_PROCEDURES, PlayerTurns
from .steps.points import PointsPhase
from .steps.politics import PoliticsPhase, Vote
from .steps.purchases import PurchasesPhase
from .steps.secret_treasury import SECRET_TREASURY_PROCEDURES
from .steps.sequence7 import EndDiscard
from .steps.treasury import (
    FlandersDouble,
    Reentry,
    StartEcus,
    TreasuryPhase,
    new_limits,
)
from .words import N_

LENGTHS = {"normale": N_("partie normale (8 to 10 turns)"),
           "courte": N_("partie courte (6 or 7 turns)")}
PROCEDURES = (Vote, RevealSealed, Deal, DeckComposition, StartEcus, Reentry, TwelfthEvent,
              EventOrder, EventStep, ForeignStep, EndDiscard, Uprising, Treaty, Pope,
              Confiscation, EventDone, LoseRandom, Duels, GreatBattle, Stake, DiscardStake,
              *SEQUENCE_7_PROCEDURES)
"""The procedures (frames on the flow's stack); Séq. 7's are added by its module."""
MORE_PROCEDURES = (ForeignDefence, AllyChoice, SecretAlly, Bribes, FlandersDouble,
                   AllyTurn, NeutralBuild, sequence7.KeepRed, MinorStart)
"""Procedures added since the first version (foreign defence, 9.0's allies)."""
MORE_PROCEDURES += SECRET_TREASURY_PROCEDURES  # 0.3: the écus secret
PHASE_STEPS = (PlacementPhase, TreasuryPhase, PoliticsPhase, DealPhase, PurchasesPhase,
               OrderPhase, EventsPhase, PlayerTurns, PointsPhase)


class Montjoie(MontjoieModel):
    """Montjoie! (see :mod:`.model.base` for the state and the citations)."""

    aliases = ("montjoie!",)
    dice = DiceSpec(sides=6)
    default_scenario = "normale-6"
    flow = Flow(*PROCEDURES, *MORE_PROCEDURES, phases=PHASE_STEPS)

    def scenarios(self) -> dict[str, ScenarioInfo]:
        out = {}
        for length, words in LENGTHS.items():
            for count in (6, 5, 4, 3, 2):
                played = ", ".join(self.nation_name(n) for n in PLAYED[count])
                out[f"{length}-{count}"] = ScenarioInfo(
                    f"{length}-{count}", N_("{count} joueurs, {length}", count=count,
                                            length=words),
                    N_("Played by {nations} (Montjoie 5.0; 9.0 for 3 and 2 players)",
                       nations=played),
                    sides=PLAYED[count])
        return out

    def data_sheets(self) -> list:
        return sheets.data_sheets(self)

    def setup(self, scenario: str, seed: int, played_with: str | None = None,
              sides: list[str] | None = None) -> State:
        length, _, count_text = scenario.partition("-")
        if length not in LENGTHS or not count_text.isdigit() or int(count_text) not in PLAYED:
            raise BoardappError(N_("Montjoie! has no scenario {scenario}",
                                   scenario=repr(scenario)))
        nations = list(PLAYED[int(count_text)])
        if sides is not None and sorted(sides) != sorted(nations):
            raise BoardappError(N_("{scenario} is played by {nations} (5.0, 9.0)",
                                   scenario=scenario, nations=", ".join(nations)))
        state = new_state(self.id, scenario, new_rng(seed), nations)
        minors = {}
        if len(nations) == 3:
            minors = {n: "allie" for n in ALLY_START}
        elif len(nations) == 2:
            minors = {n: "neutre" for n in NATIONS if n not in nations}
        state["vars"] = self.empty_vars(nations, minors, length)
        v = state["vars"]
        for nation in nations:
            first = fixed_city(self, nation)
            if first is not None:
                set_city(self, state, first, nation, 1)
        if len(nations) == 3:
            for ally, cities in ALLY_START.items():
                for city in cities:
                    if city in self.board_map.areas:
                        set_city(self, state, city, ally, 1)
        v["setup_queue"] = placement_queue(nations)
        state["phase"] = "placement"
        state["active"] = v["setup_queue"][0][0]
        if len(nations) == 2:  # 9.0: the allies are chosen in secret at the start
            state["flow"] = [{"step": "secret-ally", "side": nations[0],
                              "sides": list(nations), "vars": {}}]
        if played_with == "0.1":  # recorded before the rules of 0.2 (model.rule_on)
            state["legacy"] = {"rules-0.2": False, SECRET_TREASURY: False,
                               TURN_FROM_TREASURY: False}
        elif played_with == "0.2":  # recorded when the écus were public
            state["legacy"] = {SECRET_TREASURY: False, TURN_FROM_TREASURY: False}
        elif played_with == "0.3":  # recorded when a new turn went through placement again
            state["legacy"] = {TURN_FROM_TREASURY: False}
        return state

    @staticmethod
    def empty_vars(nations: list[str], minors: dict[str, str], length: str) -> dict:
        """The state's ``vars`` at the start (see the model's docstring)."""
        return {
            "nations": nations, "minors": minors, "length": length, "cities": {},
            "pillage": [], "treasury": {n: 0 for n in nations},
            "influence": {n: 0 for n in nations}, "hands": {n: [] for n in nations},
            "hand_sizes": {n: 0 for n in nations}, "discard": [], "face_up": {},
            "heroes": {n: "inactive" for n in nations}, "pp": {n: [] for n in nations},
            "pp_bonus": {}, "politics": None, "votes": {},
            "order": [n for n in NATIONS if n in nations or n in minors],
            "first_history": [], "turn_limits": {**new_limits(nations), "turn": 0},
            "events_pool": [*EVENTS, TWELFTH], "events": [], "events_todo": [],
            "truce_next": False, "bad_seasons_next": False, "bad_seasons": False,
            "black_death_used": False, "plague": False, "pope": None, "chevauchee": None,
            "master_of_seas": None, "lost": {}, "lost_prev": {}, "start_cities": {},
            "eliminated": [], "current": None, "over": None, "started": False,
            "setup_queue": [], "extra": {}, "free_start": FREE_START,
        }

    # -- hidden information ----------------------------------------------------------------
    def secret_paths(self, state: State) -> dict[str, list[tuple[str, ...]]]:
        """Each player's hand is his secret (its size is public); so are the cards and
        influence he lays face down in a combat (Séq. 7, :mod:`.model.battle`) and, from
        version 0.3, his écus (issue 17: "each player's hand, treasury and committed cards
        private"; the payments stay public, see README, Montjoie!)."""
        treasury = self.secret_treasury(state)
        return {n: [("vars", "hands", n), *battle.secret_paths(n),
                    *([("vars", "treasury", n)] if treasury else [])]
                for n in state["vars"]["nations"]}

    def evaluate(self, state: State, side: str) -> float:
        """PP, this turn's PP, cities, écus, PI and cards against the best other
        nation's (model/judge.py)."""
        return judge.evaluate(self, state, side)

    def determinize(self, view: State, side: str, seed: int) -> State | None:
        """The others' hands and face-down cards dealt from the cards this nation can
        know to be in the deck, their stakes guessed (model/guess.py)."""
        return guess_hidden(self, view, side, seed)

    def private_lines(self, state: State, side: str) -> list[str]:
        hand = state["vars"]["hands"].get(side)
        if hand is None:
            return []
        cards = [f"{CARD_NAMES.get(c, c)}" + (f" {YELLOW[c]}" if c in YELLOW else "")
                 for c in sorted(hand)]
        lines = [N_("Main (hand): {cards}", cards=", ".join(cards) or N_("aucune carte")),
                 *battle.private_lines(state, side)]
        if self.secret_treasury(state) and self.ecus(state, side) is not None:
            lines.insert(1, N_("Trésor (treasury): {n} écus", n=self.ecus(state, side)))
        if state["vars"]["heroes"].get(side) == "active":
            lines.append(N_("Héros actif (+2 PC)"))
        return [render(line) for line in lines]  # the Hand dock shows them as given

    # -- by hand ---------------------------------------------------------------------------
    def after_manual(self, state: State, ctx) -> None:
        """A city's owner set by hand with ``control CITY NATION|none`` (or a region's,
        for each of its cities): the city follows, its fortification kept (a garrison
        at least)."""
        for city in self.cities():
            wanted = state["control"].get(city)
            if wanted == self.owner(state, city):
                continue
            if wanted in (*NATIONS, FOREIGN):
                set_city(self, state, city, wanted, max(1, self.level(state, city)))
            else:
                set_city(self, state, city, None, 0)
        for region, side in list(state.get("region_control", {}).items()):
            if side in (*NATIONS, FOREIGN) and region in self.board_map.regions:
                for city in self.province_cities(region):
                    set_city(self, state, city, side, max(1, self.level(state, city)))
            state["region_control"].pop(region, None)

    # -- the end ------------------------------------------------------------------------------
    def outcome(self, state: State) -> str | None:
        return points.outcome(self, state)

    def invariants(self, state: State) -> list[str]:
        v = state["vars"]
        problems = []
        for city, entry in v["cities"].items():
            if not 1 <= entry["level"] <= 3:
                problems.append(f"{city}: level {entry['level']} out of 1-3")
            pid = piece_id(city)
            if state["pieces"].get(pid, {}).get("type") != entry["owner"]:
                problems.append(f"{city}: its counter does not show {entry['owner']}")
        castles, ramparts = self.figures_used(state)
        if castles > 20 or ramparts > 10:
            problems.append(f"{castles} castles and {ramparts} ramparts (20 and 10, 3.0)")
        for n, pi in v["influence"].items():
            if not 0 <= pi <= MAX_PI:
                problems.append(f"{n} has {pi} PI (0-6, Séq. 8)")
        for n in v["treasury"]:
            ecus = self.ecus(state, n)
            if ecus is not None and ecus < 0:
                problems.append(f"{n} has {ecus} écus")
        for n, hand in v["hands"].items():
            if "?" not in hand and len(hand) != v["hand_sizes"].get(n, 0):
                problems.append(f"{n}: hand of {len(hand)}, size shown "
                                f"{v['hand_sizes'].get(n)}")
        return problems

    # -- presentation -----------------------------------------------------------------------
    def piece_side(self, state: State, pid: str) -> str:
        return state["pieces"][pid]["type"]

    def piece_name(self, state: State, pid: str) -> str:
        city = state["pieces"][pid]["loc"]
        level = self.level(state, city)
        return N_("{level} de {nation}", level=LEVEL_TITLES[level],
                  nation=self.nation_name(self.piece_side(state, pid)))

    def counter_face(self, state: State, pid: str) -> CounterFace:
        nation = self.piece_side(state, pid)
        side = self.side(nation)
        city = state["pieces"][pid]["loc"]
        level = self.level(state, city)
        tag = {2: N_("Château"), 3: N_("Forteresse")}.get(level, "")
        return CounterFace(colour=side.colour, text_colour=side.text_colour,
                           title=self.nation_name(nation)[:3].upper(), subtitle=render(tag),
                           values=(str(2 * level),), tag=render(tag),
                           tooltip=render(N_("{piece} à {city}: {pc} PC en défense, {n} écu(s)",
                                      piece=self.piece_name(state, pid),
                                      city=self.city_name(city), pc=2 * level, n=level)))

    def place_markers(self, state: State) -> dict[str, list[str]]:
        v = state["vars"]
        marks: dict[str, list[str]] = {}
        for city in v["pillage"]:
            marks.setdefault(city, []).append(N_("Pillage"))
        for city, count in v.get("mercenaries", {}).items():
            marks.setdefault(city, []).append(N_("Mercenaires {n}", n=count))
        pope = v.get("pope")
        if pope in self.board_map.areas:
            marks.setdefault(pope, []).append(N_("Pape"))
        elif pope in self.board_map.regions:
            for city in self.province_cities(pope):
                marks.setdefault(city, []).append(N_("Pape"))
        for city, words in battle.combat_markers(state).items():
            marks.setdefault(city, []).extend(words)
        self.board_boxes(state, marks)
        return {p: [render(x) for x in m] for p, m in marks.items()  # in the words now
                if self.board_map.is_place(p)}

    def board_boxes(self, state: State, marks: dict[str, list[str]]) -> None:
        """What the board's tables show (the map's boxes, where it has them): the
        political state, the turn order, each nation's écus, PI and cards, the score
        sheet, this turn's events, the discard, the figures left, who is out."""
        v = state["vars"]
        if v["politics"]:
            marks[f"etat-{v['politics']}"] = [POLITICS[v["politics"]].split(" ")[0]]
        for i, n in enumerate(self.shown_order(state), 1):
            marks[f"ordre-{i}"] = [self.nation_name(n)]
        for n, kind in v["minors"].items():  # 9.0: whose ally, or neutral
            player = (v.get("ally_of") or {}).get(n)
            loyal = (v.get("loyal") or {}).get(n, True)
            marks[f"nation-{n}"] = [N_("allié de {nation}", nation=self.nation_name(player))
                                    if kind == "allie" and player and loyal else N_("neutre"),
                                    N_("{n} villes", n=len(self.owned(state, n)))]
        for n in v["nations"]:
            box = [*self.public_ecus(state, n), N_("{n} PI", n=v['influence'].get(n, 0)),
                   N_("{n} cartes", n=v['hand_sizes'].get(n, 0))]
            if v["heroes"].get(n) == "active":
                box.append(N_("Héros"))
            marks[f"nation-{n}"] = box
            for turn, pp in enumerate(v["pp"].get(n, []), 1):
                marks[f"feuille-{n}-{turn}"] = [str(pp)]
        if v["events"]:
            marks["evenements"] = [EVENT_NAMES.get(e, e) for e in v["events"]]
        if v["discard"]:
            marks["defausse"] = [N_("{n} cartes", n=len(v['discard']))]
        castles, ramparts = self.figures_used(state)
        marks["chateaux"] = [N_("{n} libres", n=20 - castles)]
        marks["remparts"] = [N_("{n} libres", n=10 - ramparts)]
        if v["eliminated"]:
            marks["hors-jeu"] = [self.nation_name(n) for n in v["eliminated"]]

    def public_ecus(self, state: State, nation: str) -> list[str]:
        """What the public panels say of ``nation``'s écus: the amount in a game where
        they are public, nothing where they are secret (each player reads his own in his
        Hand lines, :meth:`private_lines`), or what the end of the game revealed."""
        if not self.secret_treasury(state):
            return [N_("{n} écus", n=state['vars']['treasury'].get(nation, 0))]
        shown = self.extra(state).get("shown_ecus", {})
        return [N_("{n} écus (révélés)", n=shown[nation])] if nation in shown else []

    def shown_order(self, state: State) -> list[str]:
        """The turn order the board shows: the players', and with 2 players the minor
        powers that play after them (9.0)."""
        v = state["vars"]
        two = len(v["nations"]) == 2 and self.rule_on(state)
        return [n for n in v["order"] if n in v["nations"] or (two and n in v["minors"])]

    def status(self, state: State) -> Status:
        v = state["vars"]
        politics = POLITICS.get(v["politics"] or "", "—")
        phase = PHASE_NAMES.get(state.get("phase") or "", "")
        lines = [N_("Tour {turn} ({length}), {phase}; état politique: {politics}",
                    turn=state['turn'], length=v['length'], phase=phase, politics=politics),
                 N_("Ordre: {nations}", nations=", ".join(
                     self.nation_name(n) for n in self.shown_order(state)))]
        for n in v["nations"]:
            sheet = "/".join(str(x) for x in v["pp"].get(n, [])) or "—"
            line = N_("{nation}: {ecus}{pi} PI, {pp} PP (par tour {sheet}), {cards} cartes, "
                      "{cities} villes", nation=self.nation_name(n),
                      ecus=listing([N_("{e}, ", e=e) for e in self.public_ecus(state, n)],
                                   ""),
                      pi=v['influence'].get(n, 0), pp=state['score'].get(n, 0),
                      sheet=sheet, cards=v['hand_sizes'].get(n, 0),
                      cities=len(self.owned(state, n)))
            if v["heroes"].get(n) == "active":
                line = N_("{line}, héros actif", line=line)
            lines.append(line)
        for n, kind in v["minors"].items():
            lines.append(N_("{nation} ({kind}): {n} villes", nation=self.nation_name(n),
                            kind=N_("allié") if kind == "allie" else N_("neutre"),
                            n=len(self.owned(state, n))))
        turn_notes = []
        if v["events"]:
            turn_notes.append(N_("événements: {events}", events=", ".join(
                EVENT_NAMES.get(e, e) for e in v["events"])))
        if v["pope"]:
            pope = v["pope"]
            turn_notes.append(N_("Pape: {place}", place=self.board_map.regions[pope].name
                                 if pope in self.board_map.regions
                                 else self.place_name(pope)))
        if v["chevauchee"]:
            turn_notes.append(N_("Chevauchée: {nation}",
                                 nation=self.nation_name(v['chevauchee'])))
        if v["master_of_seas"]:
            turn_notes.append(N_("Maître des mers: {nation}",
                                 nation=self.nation_name(v['master_of_seas'])))
        if v["truce_next"] or v["bad_seasons_next"]:
            turn_notes.append(N_("tour prochain: {events}", events=", ".join(
                t for t, on in (("Trêve", v["truce_next"]),
                                ("Mauvaises Saisons", v["bad_seasons_next"])) if on)))
        if turn_notes:
            notes = turn_notes[0]
            for note in turn_notes[1:]:
                notes = N_("{a}; {b}", a=notes, b=note)
            lines.append(notes)
        foreign = self.owned(state, FOREIGN)
        if foreign:
            lines.append(N_("Étrangers: {cities}",
                            cities=", ".join(self.city_name(c) for c in foreign)))
        lines += battle.combat_lines(self, state)
        return Status(N_("Montjoie!, tour {turn}", turn=state['turn']), tuple(lines),
                      pieces=False)
