"""Montjoie!, Séquence 7 on the game's state: the map as :class:`~.conquest.Geography`,
who owns what, the optional rules and readings of a combat, the commitments laid face
down, and the totals of a combat as the steps resolve it.

THE STATE this module adds (``state["vars"]``, additions to :mod:`.base`)::

    facedown  {nation: [card kind, ...]}  SECRET to the nation: the cards it laid face
                                          down in the combat running (``heros`` for its
                                          Hero); others see only how many
    stake     {nation: int}               SECRET: its own influence points laid
    stage     "expansion" | "combats"     the phase of the running player's turn
    pending   {nation: [kind, ...]}       yellow cards a winning defender, a player
                                          who retreated or whose turn ended takes back:
                                          public (all saw them), folded into the owner's
                                          hand when he next plays from it (so that no
                                          other program's view of his hand holds them)
    last_combat  {"attacker", "defender", "from", "to", "totals", "result"}  the last
                                          combat's totals, for the status and the tests

A combat itself lives in its procedure frame (public): ``attacker``, ``defender``,
``from``, ``to``, ``landing``, ``pledged`` (influence from other players), ``laid``
(how many cards each laid), ``revealed`` ({role: {"cards", "stake"}}), ``dice``,
``doubled`` ({role: [kind]}), ``totals``, ``result``.
"""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.state import State

from .base import FOREIGN, MontjoieModel
from .cards import CARD_NAMES
from .combat import (
    ATTACKER,
    DEFENDER,
    FORT_PC,
    HERO,
    Commitment,
    Ground,
    Options,
    attack_total,
    defence_total,
    fortification_points,
    terrain_bonus,
)
from .conquest import Geography
from .words import N_

ROLES = (ATTACKER, DEFENDER)
FOREIGN_ATTACK, FOREIGN_DEFENCE = 5, 5
"""Séq. 6: foreign troops attack with 5 PC + 1D6 and defend with 5 PC + 2 PC of
garrison + 1D6."""
ALLY_DEFENCE = 7
"""9.0 (3 players): an ally defends with 7 + 1D6 (its garrison included)."""
NEUTRAL_ATTACK = 6
"""9.0 (2 players): "Leur force est de 6 en attaque et 7 en défense"."""


def geography(rs: MontjoieModel) -> Geography:
    """The map's roads and ports (computed once per ruleset object)."""
    cached = getattr(rs, "_mj_geography", None)
    if cached is None:
        bm = rs.board_map
        links = [(a, b) for a, b in bm.graph.edges if a in bm.areas and b in bm.areas]
        ports = [c for c, area in bm.areas.items() if area.port]
        zones = {c: z for c in ports if (z := rs.sea_zone(c))}
        cached = Geography.of(links, ports, zones)
        rs._mj_geography = cached  # type: ignore[attr-defined]
    return cached


def owners(rs: MontjoieModel, state: State) -> dict[str, Any]:
    """Every city of the map and its owner (``None``: a free city)."""
    held = state["vars"]["cities"]
    return {c: (held[c]["owner"] if c in held else None) for c in rs.board_map.areas}


def combat_options(rs: MontjoieModel, state: State, attacker: str) -> Options:
    """The optional rules (10.0) and the reading of A4 that change a combat total."""
    variants = rs.option(state, "national-variants")
    return Options(
        engineer_cancels=rs.reading(state, "A4") == "a",
        engineer_in_defence=rs.option(state, "engineer-defence"),
        harder_landings=rs.option(state, "harder-landings"),
        no_landing_bonus_for_attacker=variants and attacker == "angleterre",
        no_mountain_bonus_for_attacker=rs.option(state, "knowledge") and attacker == "france")


def is_player(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    return nation is not None and nation in rs.players(state)


def commander(rs: MontjoieModel, state: State, nation: str | None) -> str | None:
    """Who decides for ``nation`` in a combat: a player for his own nation; in the
    3-player game the player who controls an ally (9.0: "Un joueur peut ajouter des PI
    sur les combats de son allié"); nobody for foreign troops or neutrals."""
    if is_player(rs, state, nation):
        return nation
    v = state["vars"]
    if nation and v["minors"].get(nation) == "allie" and len(rs.players(state)) == 3:
        return (v.get("ally_of") or {}).get(nation)
    return None


def commitment(frame_vars: dict[str, Any], role: str) -> Commitment:
    """The revealed commitment of ``role`` in a combat frame (empty if none)."""
    shown = (frame_vars.get("revealed") or {}).get(role) or {}
    cards = tuple(shown.get("cards", ()))
    pledged = int((frame_vars.get("pledged") or {}).get(role, 0))
    return Commitment(cards=cards, influence=int(shown.get("stake", 0)) + pledged,
                      hero=HERO in cards, engineer="ingenieur" in cards,
                      felon="felon" in cards,
                      doubled=tuple((frame_vars.get("doubled") or {}).get(role, ())))


def ground(rs: MontjoieModel, state: State, frame_vars: dict[str, Any]) -> Ground:
    """The city defended; a Chevauchée's target has no terrain bonus (Séq. 6)."""
    city = frame_vars["to"]
    if frame_vars.get("raid"):
        return Ground(rs.level(state, city))
    return Ground(rs.level(state, city), rs.is_mountain(city), bool(frame_vars["landing"]))


def grand_master_bonus(state: State, nation: str | None) -> int:
    """10.0 Grand Maître de l'Artillerie: + 1 PC in attack and defence this turn."""
    return 1 if nation in (state["vars"].get("grand_masters") or []) else 0


def totals(rs: MontjoieModel, state: State, fv: dict[str, Any]) -> tuple[int, int, str]:
    """The two Combat Capacities with the dice rolled (Séq. 7), and how the defence was
    counted (for the log)."""
    attack, defence = commitment(fv, ATTACKER), commitment(fv, DEFENDER)
    die_a, die_d = fv["dice"]
    place = ground(rs, state, fv)
    opts = combat_options(rs, state, fv.get("for_ally") or fv["attacker"])
    if is_player(rs, state, fv["attacker"]):
        a = attack_total(attack, die_a, grand_master_bonus(state, fv["attacker"]))
    else:  # a 3-player ally (9.0: "ATT : 5 + 1D6"), a 2-player neutral (6)
        base, with_die = minor_attack(rs, state)
        a = base + min(attack.influence, 3) + (die_a if with_die else 0)
    defender = fv["defender"]
    if defender == FOREIGN:
        fort = fortification_points(place, attack, Commitment(), opts)
        terrain = terrain_bonus(place, opts) if rs.reading(state, "A15") == "b" else 0
        d = FOREIGN_DEFENCE + fort + terrain + die_d
        how = N_("foreign troops {base} + fortification {fort} + terrain {terrain} + die "
                 "{die} (Séq. 6, {reading})", base=FOREIGN_DEFENCE, fort=fort,
                 terrain=terrain, die=die_d, reading=rs.reading_note(state, 'A15'))
        return a, d, how
    if not is_player(rs, state, defender) and len(rs.players(state)) == 2:
        # 9.0, two players: a neutral power (and an ally, read the same way) defends
        # with 7 plus the PC of a fortification above its garrison (A19: with a die, a).
        above = max(0, fortification_points(place, attack, Commitment(), opts) - FORT_PC[1])
        die = die_d if rs.reading(state, "A19") == "a" else 0
        d = ALLY_DEFENCE + above + die
        return a, d, N_("neutral {base} + fortification {fort} + die {die} (Montjoie 9.0, "
                        "{reading})", base=ALLY_DEFENCE, fort=above, die=die,
                        reading=rs.reading_note(state, 'A19'))
    if not is_player(rs, state, defender):
        pi = min(defence.influence, 3)
        d = ALLY_DEFENCE + pi + die_d
        return a, d, N_("ally {base} + influence {pi} + die {die} (Montjoie 9.0)",
                        base=ALLY_DEFENCE, pi=pi, die=die_d)
    hired = mercenaries(state, fv["to"])
    d = defence_total(defence, attack, place, die_d, opts,
                      grand_master_bonus(state, defender) + hired)
    fort = fortification_points(place, attack, defence, opts)
    how = N_("cards {cards} + influence {pi} + fortification {fort} (of {of}) + terrain "
             "{terrain} + die {die}", cards=defence.card_points,
             pi=min(defence.influence, 3), fort=fort, of=FORT_PC[place.level],
             terrain=terrain_bonus(place, opts), die=die_d)
    if defence.hero:
        how = N_("{how} + Hero 2", how=how)
    if hired:
        how = N_("{how} + mercenaries {n} (Montjoie 9.0)", how=how, n=hired)
    return a, d, how


def mercenaries(state: State, city: str) -> int:
    """9.0, two players: the mercenaries in ``city`` (1 PC each, in defence only)."""
    return int((state["vars"].get("mercenaries") or {}).get(city, 0))


def minor_attack(rs: MontjoieModel, state: State) -> tuple[int, bool]:
    """The attack of a power no player plays, and whether a die is added: a 3-player
    ally 5 + 1D6; a 2-player neutral 6 ("Leur force est de 6 en attaque"; A19: a with
    the die, b without)."""
    if len(rs.players(state)) == 2 and rs.rule_on(state):
        return NEUTRAL_ATTACK, rs.reading(state, "A19") == "a"
    return FOREIGN_ATTACK, True


def attack_words(fv: dict[str, Any], base: tuple[int, bool] = (FOREIGN_ATTACK, True)
                 ) -> str:
    attack = commitment(fv, ATTACKER)
    if not attack.cards and fv["commanders"][ATTACKER] != fv["attacker"]:
        die = fv["dice"][0] if base[1] else 0
        if base[0] == FOREIGN_ATTACK:
            return N_("ally {base} + influence {pi} + die {die} (Montjoie 9.0)",
                      base=base[0], pi=min(attack.influence, 3), die=die)
        return N_("neutral {base} + influence {pi} + die {die} (Montjoie 9.0)",
                  base=base[0], pi=min(attack.influence, 3), die=die)
    how = N_("cards {cards} + influence {pi} + die {die}", cards=attack.card_points,
             pi=min(attack.influence, 3), die=fv['dice'][0])
    return N_("{how} + Hero 2", how=how) if attack.hero else how


# -- cards of the players in Séquence 7 --------------------------------------------------
def own_cards(state: State, nation: str) -> list[str]:
    """The cards ``nation`` holds: its hand and the yellows it takes back (``pending``).
    Read only by ``nation``'s own program (its hand is secret)."""
    v = state["vars"]
    return [*v["hands"].get(nation, []), *(v.get("pending") or {}).get(nation, [])]


def fold_pending(state: State, nation: str) -> None:
    """Put the yellow cards ``nation`` takes back into its hand (its own action)."""
    v = state["vars"]
    back = (v.get("pending") or {}).pop(nation, [])
    if back:
        v["hands"].setdefault(nation, []).extend(back)
        v["hand_sizes"][nation] = len(v["hands"][nation])


def take_from_hand(state: State, nation: str, kind: str) -> None:
    """``nation`` takes a card of ``kind`` out of its own hand (after folding)."""
    fold_pending(state, nation)
    v = state["vars"]
    v["hands"][nation].remove(kind)
    v["hand_sizes"][nation] = len(v["hands"][nation])


def new_combat(rs: MontjoieModel, state: State, attacker: str, source: str,
               target: str) -> dict[str, Any]:
    """The public variables of a combat announced (Séq. 7 "Annonce du combat")."""
    defender = rs.owner(state, target)
    leaders = {ATTACKER: commander(rs, state, attacker), DEFENDER: commander(rs, state,
                                                                          defender)}
    if leaders[ATTACKER] == leaders[DEFENDER]:  # an ally attacking its own controller
        leaders[ATTACKER] = None
    return {"attacker": attacker, "defender": defender, "from": source,
            "commanders": leaders,
            "to": target, "landing": not geography(rs).by_road(source, target),
            "pledged": {ATTACKER: 0, DEFENDER: 0}, "answered": [],
            "laid": {ATTACKER: 0, DEFENDER: 0}, "committing": ATTACKER,
            "felon_used": False, "revealed": {}, "doubled": {}, "signing": ATTACKER}


def role_side(fv: dict[str, Any], role: str) -> str:
    return str(fv[role])


def secret_paths(nation: str) -> list[tuple[str, ...]]:
    """The parts of a combat only ``nation`` may see: its cards and influence face down."""
    return [("vars", "facedown", nation), ("vars", "stake", nation)]


def private_lines(state: State, nation: str) -> list[str]:
    """What ``nation``'s hand dock shows of its combat: its cards face down, the yellows
    it takes back."""
    v = state["vars"]
    lines = []
    laid = (v.get("facedown") or {}).get(nation)
    if laid:
        lines.append(N_("Face down (combat): {cards}", cards=", ".join(
            "Héros" if k == HERO else CARD_NAMES.get(k, k) for k in laid)))
    stake = (v.get("stake") or {}).get(nation)
    if stake:
        lines.append(N_("Influence staked: {n}", n=stake))
    back = (v.get("pending") or {}).get(nation)
    if back:
        lines.append(N_("Taken back to the hand: {cards}",
                        cards=", ".join(CARD_NAMES.get(k, k) for k in back)))
    return lines


# -- what the board shows of a combat ----------------------------------------------------
def running_combat(state: State) -> dict[str, Any] | None:
    """The variables of the combat running (``None``: none)."""
    for frame in reversed(state.get("flow") or []):
        fv = frame.get("vars") or {}
        if "attacker" in fv and "to" in fv:
            return fv
    return None


def combat_markers(state: State) -> dict[str, list[str]]:
    """The markers of the combat running: the city attacked and the city attacking."""
    fv = running_combat(state)
    if fv is None:
        return {}
    return {fv["to"]: [N_("Assaut")], fv["from"]: [N_("Départ")]}


def combat_lines(rs: MontjoieModel, state: State) -> list[str]:
    """Status lines: the combat running, the last one, the yellows face up."""
    v = state["vars"]
    lines = []
    fv = running_combat(state)
    if fv is not None:
        laid = ", ".join(f"{rs.nation_name(fv[r])} {n} carte(s)"
                         for r, n in fv["laid"].items() if n)
        line = N_("Combat: {attacker} attaque {city} ({defender}) depuis {source}",
                  attacker=rs.nation_name(fv['attacker']), city=rs.city_name(fv['to']),
                  defender=rs.nation_name(fv['defender']), source=rs.city_name(fv['from']))
        lines.append(N_("{line}; face cachée: {laid}", line=line, laid=laid) if laid
                     else line)
    elif v.get("last_combat") and v.get("current"):
        last = v["last_combat"]
        lines.append(N_("Dernier combat: {city}, {attacker} {a} contre {defender} {d}",
                        city=rs.city_name(last['to']),
                        attacker=rs.nation_name(last['attacker']), a=last['totals'][0],
                        defender=rs.nation_name(last['defender']), d=last['totals'][1]))
    for nation, cards in sorted((v.get("face_up") or {}).items()):
        if cards:
            lines.append(N_("{nation}, face visible (pas d'attaque): {cards}",
                            nation=rs.nation_name(nation),
                            cards=", ".join(CARD_NAMES.get(k, k) for k in cards)))
    return lines
