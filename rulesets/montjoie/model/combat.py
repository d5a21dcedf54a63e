"""Montjoie!, combat arithmetic: pure functions of the book's numbers (no state, no dice).

Everything here is what the book prints, cited as "Montjoie Séq. N" (the French rule
book, the authority) with the digest's ids (``MJ x.y``) and ambiguities (``A1``..``A26``):

- the yellow cards' Combat Points (Séq. 3: Échelles 3, Bélier 4, Sape 5, Canon 6);
- the fortification's Combat Points (Séq. 4: free 0, garrison 2, castle 4, fortress 6),
  lowered one level by an Engineer, cancelled by a Felon (Séq. 3);
- the Combat Capacities (Séq. 7 phase 2 "Combat"): attacker = cards + influence + die
  (+ Hero 2); defender = card + influence + fortification + die (+ Hero 2), + 1 in a
  mountain and + 1 against a landing, both kept when a Felon or an Engineer brings the
  fortification to 0; a defender without yellow cards adds only his fortification to
  the die (with Hero and influence);
- the result and what becomes of the cards (Séq. 7 "Résultat du combat"), the tie;
- the Ambassador's 2D6 table, Corruption and the Écorcheur's pillage (Séq. 3).

The steps roll the dice and move the cards; these functions only count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

RULE_CARDS = "Montjoie Séq. 3"
RULE_FORTS = "Montjoie Séq. 4"
RULE_COMBAT = "Montjoie Séq. 7"

YELLOW_PC: dict[str, int] = {"echelles": 3, "belier": 4, "sape": 5, "canon": 6}
"""Séq. 3: the yellow cards' Combat Points."""
RED_CARDS = ("ingenieur", "felon", "signe-de-dieu", "retraite", "ecorcheur", "ambassadeur")
"""Séq. 3: the red cards."""
HERO = "heros"
HERO_PC = 2
"""Séq. 3 (Ambassador 9-10): a Hero gives 2 PC in every combat he takes part in."""
MAX_INFLUENCE = 3
"""Séq. 7 / Séq. 8: never more than 3 influence points per combatant in one combat."""

FREE, GARRISON, CASTLE, FORTRESS = 0, 1, 2, 3
"""The fortification levels (as the state keeps them): free city, garnison, château,
forteresse."""
FORT_PC: dict[int, int] = {FREE: 0, GARRISON: 2, CASTLE: 4, FORTRESS: 6}
"""Séq. 4: a garrison is worth 2 PC, a castle 4, a fortress 6 (a free city 0)."""

ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"


def card_kind(card: str) -> str:
    """The kind of a card id (``canon-3`` -> ``canon``; a bare kind is its own kind)."""
    head, _, tail = card.rpartition("-")
    return head if head and tail.isdigit() else card


def yellow_pc(card: str) -> int:
    """Séq. 3: the Combat Points of a yellow card (0 for any other card)."""
    return YELLOW_PC.get(card_kind(card), 0)


def is_yellow(card: str) -> bool:
    return card_kind(card) in YELLOW_PC


def yellows(cards: Iterable[str]) -> list[str]:
    """The yellow cards among ``cards``."""
    return [c for c in cards if is_yellow(c)]


def lowered(level: int) -> int:
    """Séq. 3 (Ingénieur): a fortress becomes a castle, a castle a garrison, a garrison
    is worth nothing."""
    return max(FREE, level - 1)


@dataclass(frozen=True)
class Commitment:
    """What one combatant lays face down (Séq. 7 "Combat"), and what he adds after the
    reveal (Signe de Dieu). ``cards`` are card ids; ``influence`` counts the points from
    every player for this combatant (at most 3)."""

    cards: tuple[str, ...] = ()
    influence: int = 0
    hero: bool = False
    engineer: bool = False
    felon: bool = False
    doubled: tuple[str, ...] = ()
    """The yellow cards a Signe de Dieu doubles (Séq. 3: one per player per combat)."""

    @property
    def yellow_cards(self) -> list[str]:
        return yellows(self.cards)

    @property
    def card_points(self) -> int:
        """The yellow cards' PC, each doubled card counted twice (Séq. 3 Signe de Dieu)."""
        return sum(yellow_pc(c) for c in self.cards) + sum(yellow_pc(c) for c in self.doubled)


@dataclass(frozen=True)
class Options:
    """The optional rules of 10.0 and the readings of the ambiguities that change a
    combat total (chosen at set-up / in Game data)."""

    engineer_cancels: bool = True
    """A4: a defender's Ingénieur cancels the attacker's ("Un Ingénieur peut être annulé
    par une autre carte ingénieur")."""
    engineer_in_defence: bool = False
    """10.0 "L'ingénieur en défense": an Ingénieur played in defence gives + 2 PC."""
    harder_landings: bool = False
    """10.0 "Débarquements plus ardus": the landing bonus is 2."""
    no_landing_bonus_for_attacker: bool = False
    """10.0 national variant, England: a defender gets no landing bonus against England."""
    no_mountain_bonus_for_attacker: bool = False
    """10.0 "Connaissance du pays": no mountain bonus against France."""


@dataclass(frozen=True)
class Ground:
    """The city defended: its fortification level and where it lies."""

    level: int = GARRISON
    mountain: bool = False
    landing: bool = False
    """The attack comes by sea (a port attacking another port, Séq. 7)."""


def fortification_points(ground: Ground, attack: Commitment, defence: Commitment,
                         options: Options = Options()) -> int:
    """Séq. 3 / Séq. 4: the fortification's PC in this combat, after the attacker's
    Félon (all cancelled) or Ingénieur (one level down, unless the defender's own
    Ingénieur cancels it, A4)."""
    if attack.felon:
        return 0
    level = ground.level
    if attack.engineer and not (defence.engineer and options.engineer_cancels):
        level = lowered(level)
    return FORT_PC[level]


def terrain_bonus(ground: Ground, options: Options = Options()) -> int:
    """Séq. 7: + 1 PC in a mountain, + 1 against a landing (+ 2 with harder landings),
    cumulative, and kept even when the fortification falls to 0."""
    bonus = 0
    if ground.mountain and not options.no_mountain_bonus_for_attacker:
        bonus += 1
    if ground.landing and not options.no_landing_bonus_for_attacker:
        bonus += 2 if options.harder_landings else 1
    return bonus


def attack_total(attack: Commitment, die: int, extra: int = 0) -> int:
    """Séq. 7: the attacker adds his cards' PC, his influence points and his die (and
    his Hero's 2 PC, Séq. 3); ``extra`` is an optional bonus (Grand Maître, 10.0)."""
    return (attack.card_points + min(attack.influence, MAX_INFLUENCE) + die
            + (HERO_PC if attack.hero else 0) + extra)


def defence_total(defence: Commitment, attack: Commitment, ground: Ground, die: int,
                  options: Options = Options(), extra: int = 0) -> int:
    """Séq. 7: the defender adds his card's PC, his influence points, his fortification
    (as modified by the attacker's red cards), his die, the mountain and landing
    bonuses (and his Hero's 2 PC). Without yellow cards he adds only his
    fortification to the die (with Hero and influence): the same sum with no card."""
    engineer = HERO_PC if (defence.engineer and options.engineer_in_defence) else 0
    return (defence.card_points + min(defence.influence, MAX_INFLUENCE)
            + fortification_points(ground, attack, defence, options)
            + terrain_bonus(ground, options) + die
            + (HERO_PC if defence.hero else 0) + engineer + extra)


def winner(attack: int, defence: int) -> str:
    """Séq. 7 "Résultat du combat": the higher total wins; equal totals are a tie."""
    if attack > defence:
        return ATTACKER
    if defence > attack:
        return DEFENDER
    return TIE


@dataclass
class Settlement:
    """What becomes of each combatant's committed cards after the combat (Séq. 7)."""

    result: str
    city_taken: bool
    """The attacker takes the city and its fortifications (never destroyed)."""
    discard: dict[str, list[str]] = field(default_factory=dict)
    to_hand: dict[str, list[str]] = field(default_factory=dict)
    face_up: dict[str, list[str]] = field(default_factory=dict)
    """The winning attacker's yellows: kept face up, not usable to attack this turn."""
    heroes_killed: list[str] = field(default_factory=list)


def settle(result: str, attack: Commitment, defence: Commitment) -> Settlement:
    """Séq. 7 "Résultat du combat": the red cards played are discarded by both (except
    victorious Heroes); a winning attacker keeps his yellows face up, unusable for
    attack this turn; a winning defender returns his yellow card to his hand; the
    loser discards everything he committed; in a tie both discard everything and the
    defender keeps his city; a Hero dies when he loses or ties (Séq. 3)."""
    out = Settlement(result, city_taken=result == ATTACKER)
    for role, mine in ((ATTACKER, attack), (DEFENDER, defence)):
        reds = [c for c in mine.cards if not is_yellow(c)]
        own = mine.yellow_cards
        if result == role:
            out.discard[role] = reds
            if role == ATTACKER:
                out.face_up[role] = own
                out.to_hand[role] = []
            else:
                out.to_hand[role] = own
                out.face_up[role] = []
        else:
            out.discard[role] = reds + own
            out.to_hand[role] = []
            out.face_up[role] = []
            if mine.hero:
                out.heroes_killed.append(role)
    return out


# -- die tests against a fortification (Écorcheur, Corruption) ----------------------------
def beats_fortification(die: int, level: int, threshold: int) -> bool:
    """Séq. 3 (Écorcheur, Corruption): the die must be greater than the fortification
    level (``threshold``: its PC value or its ordinal, by the reading of A1); a fortress
    can never be pillaged nor corrupted."""
    return level < FORTRESS and die > threshold


def pillage_loot(level: int, reading: str) -> int:
    """Séq. 3 (Écorcheur): "1 ou 2 écus suivant le niveau de fortification"; which level
    gives which is not printed (A6): readings a and b, 1 écu from a free city or a
    garrison and 2 from a castle; reading c, 1 écu always."""
    if reading == "c":
        return 1
    return 2 if level >= CASTLE else 1


# -- the Ambassador ---------------------------------------------------------------------
CORRUPTION, OUTSIDE_HELP, HERO_RESULT, COURT_INTRIGUE = (
    "corruption", "aide-exterieure", "heros", "intrigue-de-cour")
AMBASSADOR_NAMES = {CORRUPTION: "Corruption", OUTSIDE_HELP: "Aide extérieure",
                    HERO_RESULT: "Héros", COURT_INTRIGUE: "Intrigue de cour"}
OUTSIDE_HELP_CARDS = 2
"""Séq. 3 (Ambassadeur 6-8): 2 more battle cards from the deck."""


def ambassador(total: int) -> str:
    """Séq. 3 (Ambassadeur), two dice: 2-5 Corruption, 6-8 Aide extérieure, 9-10 Héros,
    11-12 Intrigue de cour."""
    if not 2 <= total <= 12:
        raise ValueError(f"two dice make 2 to 12, not {total}")
    if total <= 5:
        return CORRUPTION
    if total <= 8:
        return OUTSIDE_HELP
    if total <= 10:
        return HERO_RESULT
    return COURT_INTRIGUE
