"""The minor powers of the 3- and 2-player games (9.0).

Séq. 7 (its module) calls ``flow.call(rs, state, ctx, "ally-turn", player, ally=ally)``
for a player who plays his ally, before or after his own turn (:class:`AllyTurn`).

3 players: Navarre, Flanders and Brittany are allies; the first player of the turn
chooses the one he controls, the two others are drawn at random for the other players
(A17: every turn, or once at the start). ``vars["ally_of"]`` maps each ally to its
controller; the ally's turn in Séq. 7 belongs to Séq. 7's module.

2 players: each player chooses his ally in secret at the start (France: Flanders or
Navarre; England: Burgundy or Brittany), the two others are neutral. From turn 2 each
player tests his ally's loyalty in the turn order: 1D6 with the écus each player paid
in secret (+1 each for the owner, -1 each for the opponent; A18), 1 always fails, 6
always succeeds; an ally that fails is neutral for the turn (``vars["loyal"]``).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import SealedChoice
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.cards import discard_from_hand
from ..model.cities import set_city
from ..model.setup import START
from ..words import N_, and_list
from .corrections import Corrections
from .foreign import FOREIGN_ATTACK, resolve, terrain

ALLY_DEFENCE = 7
"""9.0: the allies fight like foreign troops: DEF 7 + 1D6, ATT 5 + 1D6."""
ACTIVITY = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
"""9.0: the allies' attacks in war by 1D6 (all of them must be played)."""

ALLY_CHOICES_2P = {"france": ("flandres", "navarre"), "angleterre": ("bourgogne", "bretagne")}
MAX_BRIBE = 5


def assign_allies_3p(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> bool:
    """Start the choice of allies when due (3 players); True if a procedure runs."""
    v = state["vars"]
    if len(rs.players(state)) != 3 or not v["minors"]:
        return False
    if rs.reading(state, "A17") == "b" and v.get("ally_of"):
        return False
    flow.call(rs, state, ctx, "ally-choice", v["order"][0])
    return True


class AllyChoice(Corrections):
    """The first player chooses his ally; the others are drawn at random (9.0)."""

    name = "ally-choice"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: choose the ally you control this turn (Montjoie 9.0)",
                  nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for ally in sorted(state["vars"]["minors"]):
            yield Action("choose-ally", (ally,))

    @verb("choose-ally", label=lambda rs, state, a: N_(
        "Control {nation}", nation=rs.nation_name(a.arg(0))))
    def on_choose_ally(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        first = frame["side"]
        others = [n for n in v["order"] if n in rs.players(state) and n != first]
        rest = ctx.shuffle(sorted(a for a in v["minors"] if a != action.arg(0)))
        v["ally_of"] = {action.arg(0): first, **dict(zip(rest, others, strict=False))}
        ctx.log(N_("Allies: {pairs} (the first player chooses, the others are drawn; "
                   "{reading})"), rs.cite("9.0"),
                pairs=listing([N_("{a} with {b}", a=rs.nation_name(a), b=rs.nation_name(p))
                               for a, p in v["ally_of"].items()]),
                reading=rs.reading_note(state, 'A17'))
        flow.end(rs, state, ctx)


class SecretAlly(Corrections, SealedChoice[MontjoieModel]):
    """2 players: each chooses his ally in secret at the start (9.0)."""

    name = "secret-ally"

    def options(self, rs: MontjoieModel, state: State, frame: Frame, side: str) -> list[str]:
        return list(ALLY_CHOICES_2P.get(side, ()))

    @verb("commit", hand=True, sealed=True, label=lambda rs, state, a: N_(
        "Ally with {nation}", nation=rs.nation_name(a.arg(0))), logs=True)
    def on_commit(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        super().on_commit(rs, state, frame, action, ctx, flow)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: choose your ally in secret (Montjoie 9.0)", names=names)

    def chosen(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        v = state["vars"]
        v["ally_of"] = {ally: player for player, ally in choices.items()}
        for minor in v["minors"]:
            v["minors"][minor] = "allie" if minor in v["ally_of"] else "neutre"
        v["loyal"] = dict.fromkeys(v["ally_of"], True)
        if frame["vars"].get("again"):
            ctx.log(N_("Allié automatique: {plays}; the two others are neutral"),
                    rs.cite("9.0"), plays=listing([
                        N_("{a} plays {b} this turn", a=rs.nation_name(p), b=rs.nation_name(a))
                        for a, p in v["ally_of"].items()]))
            flow.end(rs, state, ctx, "allies")
            return
        place_minors_2p(rs, state, ctx)
        ctx.log(N_("Allies: {pairs}; the two others are neutral"), rs.cite("9.0"),
                pairs=listing([N_("{a} with {b}", a=rs.nation_name(p), b=rs.nation_name(a))
                               for a, p in v["ally_of"].items()]))
        flow.end(rs, state, ctx, "allies")
        unknown = [m for m in sorted(v["minors"]) if not rs.owned(state, m)]
        if unknown and rs.rule_on(state):  # not printed: the players place them (9.0)
            flow.call(rs, state, ctx, "minor-start", rs.players(state)[0], todo=unknown,
                      placed=[])


class Bribes(Corrections, SealedChoice[MontjoieModel]):
    """2 players: the écus each pays in secret for his ally's loyalty and against the
    other's (``own:against``), revealed together; then the rolls (9.0)."""

    name = "bribes"

    def options(self, rs: MontjoieModel, state: State, frame: Frame, side: str) -> list[str]:
        known = rs.ecus(state, side)
        ecus = 2 * MAX_BRIBE if known is None else known  # None: another's, by email
        out = [f"{a}:{b}" for a in range(min(MAX_BRIBE, ecus) + 1)
               for b in range(min(MAX_BRIBE, ecus - a) + 1)]
        if rs.rule_on(state) and "ambassadeur" in rs.hand(state, side):
            # 9.0 "Au lieu de tester la fidélité ... jouer une carte ambassadeur"
            out += [f"ambassadeur:{b}" for b in range(min(MAX_BRIBE, ecus) + 1)]
        return out

    @verb("commit", hand=True, sealed=True, label=lambda rs, state, a: _bribe_words(
          *a.arg(0).split(":")), logs=True)
    def on_commit(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        if rs.secret_treasury(state):  # 0.3: each pays from his own écus as he commits
            own, against = action.arg(0).split(":")
            paid = (0 if own == "ambassadeur" else int(own)) + int(against)
            state["vars"]["treasury"][ctx.side] -= paid
        super().on_commit(rs, state, frame, action, ctx, flow)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: écus paid in secret for your ally's loyalty and against your "
                  "opponent's (own:against; Montjoie 9.0)", names=names)

    def chosen(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        v = state["vars"]
        envoys = {p for p, c in choices.items() if c.startswith("ambassadeur:")}
        paid = {p: (0 if p in envoys else int(c.split(":")[0]), int(c.split(":")[1]))
                for p, c in choices.items()}
        for player, (own, against) in paid.items():
            if not rs.secret_treasury(state):  # else paid at the commit
                v["treasury"][player] -= own + against
        for ally, player in sorted(v["ally_of"].items(),
                                   key=lambda i: v["order"].index(i[1])):
            other = next(p for p in paid if p != player)
            if player in envoys:
                discard_from_hand(rs, state, player, "ambassadeur")
                v["loyal"][ally] = True
                ctx.log(N_("Fidélité: {player} plays an Ambassadeur: {ally} is on its side "
                           "without a roll"), rs.cite("9.0"), player=rs.nation_name(player),
                        ally=rs.nation_name(ally))
                continue
            bonus = paid[player][0] - paid[other][1]
            die = ctx.roll(6)
            loyal = loyalty(die, bonus, rs.reading(state, "A18"))
            v["loyal"][ally] = loyal
            ctx.log(N_("Fidélité: {ally} for {player}: die {die}, {own} écus for, {against} "
                       "against → {result}"),
                    f"{rs.cite('9.0')}, {rs.reading_note(state, 'A18')}",
                    ally=rs.nation_name(ally), player=rs.nation_name(player), die=die,
                    own=paid[player][0], against=paid[other][1],
                    result=N_("played") if loyal else N_("neutral this turn"))
        flow.end(rs, state, ctx, "loyalty")


def _bribe_words(own: str, against: str) -> str:
    if own == "ambassadeur":
        return N_("Play the Ambassadeur for your ally, pay {against} écus against the other",
                  against=against)
    return N_("Pay {own} écus for your ally, {against} against the other", own=own,
              against=against)


def loyalty(die: int, bonus: int, reading: str) -> bool:
    """The loyalty test (9.0; A18): a: success on a modified 3-6, natural 1 fails and 6
    succeeds; b: the printed table (1-4 played) with the owner's écus -1 each and the
    opponent's +1."""
    if reading == "b":
        return die - bonus <= 4
    if die == 1:
        return False
    if die == 6:
        return True
    return die + bonus >= 3


def automatic_choice_due(rs: MontjoieModel, state: State) -> bool:
    """2 players with the option "allié automatique" (9.0): from turn 2 each player
    chooses again, in secret, which of his two possible allies he plays this turn."""
    return (len(rs.players(state)) == 2 and state["turn"] >= 2
            and bool(state["vars"].get("ally_of")) and rs.option(state, "automatic-ally")
            and rs.rule_on(state))


def loyalty_due(rs: MontjoieModel, state: State) -> bool:
    """2 players, turn 2 on (turn 1: allies are played without a test), not the
    automatic-ally option."""
    return (len(rs.players(state)) == 2 and state["turn"] >= 2
            and bool(state["vars"].get("ally_of"))
            and not rs.option(state, "automatic-ally"))



class AllyTurn(Corrections):
    """3 players (9.0): the ally's turn, played by its controller (``frame["side"]``):
    one expansion on 4-6 (a free city linked by road, or by sea from a port); in war, if
    he wishes, 1D6 for its attacks (1-2: 1, 3-4: 2, 5-6: 3, all to be played, even
    against himself); in peace one attack if he wishes. The ally attacks at 5 + 1D6, with
    up to 3 of its controller's PI; a player defends normally, another ally or foreign
    troops at 7 + 1D6."""

    name = "ally-turn"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        ally = v["ally"]
        die = ctx.roll(6)
        v["expand"] = die >= 4 and bool(self.expansions(rs, state, ally))
        v["attacks"] = 1 if state["vars"]["politics"] != "guerre" else 0
        v["owed"] = False
        v["rolled"] = state["vars"]["politics"] != "guerre"
        v["sources"] = []
        ctx.log(N_("{ally} (ally of {player}): expansion die {die} (4-6: one new city)")
                if die >= 4 else N_("{ally} (ally of {player}): expansion die {die}"),
                rs.cite("9.0"), ally=rs.nation_name(ally),
                player=rs.nation_name(frame['side']), die=die)

    def expansions(self, rs: MontjoieModel, state: State, ally: str) -> list[str]:
        own = rs.owned(state, ally)
        found = {n for c in own for n in rs.road_neighbours(c)}
        if any(rs.is_port(c) for c in own):
            found |= {c for c in rs.cities() if rs.is_port(c)}
        return sorted(c for c in found if rs.owner(state, c) is None)

    def attacks(self, rs: MontjoieModel, state: State, frame: Frame) -> list[list[str]]:
        ally = frame["vars"]["ally"]
        pope = state["vars"]["pope"]
        out = []
        for src in rs.owned(state, ally):
            if src in frame["vars"]["sources"]:
                continue
            near = set(rs.road_neighbours(src))
            if rs.is_port(src):
                near |= {c for c in rs.cities() if rs.is_port(c)}
            for dst in sorted(near):
                owner = rs.owner(state, dst)
                if owner not in (None, ally) and dst != pope and rs.province(dst) != pope:
                    out.append([src, dst])
        return out

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        name = rs.nation_name(v["ally"])
        if v["expand"]:
            return N_("{name}: choose the ally's new city (Montjoie 9.0)", name=name)
        if not v["rolled"]:
            return N_("{name}: roll for the ally's attacks, or end its turn (Montjoie 9.0)",
                      name=name)
        if v["owed"]:
            return N_("{name}: {n} attack(s) left (it must) (Montjoie 9.0)", name=name,
                      n=v['attacks'])
        return N_("{name}: {n} attack(s) left (Montjoie 9.0)", name=name, n=v['attacks'])

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        if v["expand"]:
            for city in self.expansions(rs, state, v["ally"]):
                yield Action("ally-expand", (city,))
            return
        if not v["rolled"]:
            yield Action("ally-activity")
        elif v["attacks"] > 0:
            pis = min(3, state["vars"]["influence"].get(frame["side"], 0))
            for src, dst in self.attacks(rs, state, frame):
                for pi in range(pis + 1):
                    yield Action("ally-attack", (src, dst, str(pi)))
        if not (v["owed"] and v["attacks"] > 0 and self.attacks(rs, state, frame)):
            yield Action("ally-done")

    @verb("ally-expand", area=0, label=lambda rs, state, a: N_(
        "The ally takes {city}", city=rs.city_name(a.arg(0))))
    def on_ally_expand(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        ally = frame["vars"]["ally"]
        set_city(rs, state, action.arg(0), ally, 1)
        frame["vars"]["expand"] = False
        ctx.log(N_("{nation} expands into {city}"), rs.cite("9.0"), nation=rs.nation_name(ally),
                city=rs.city_name(action.arg(0)))

    @verb("ally-activity", label=N_("Roll for the ally's attacks (9.0)"))
    def on_ally_activity(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        die = ctx.roll(6)
        v.update(rolled=True, owed=True, attacks=ACTIVITY[die])
        ctx.log(N_("{nation}: activity die {die} → {n} attack(s), all to be played"),
                rs.cite("9.0"), nation=rs.nation_name(v['ally']), die=die, n=v['attacks'])

    @verb("ally-attack", area=1, label=lambda rs, state, a: N_(
        "The ally attacks {city} from {source} with {pi} PI", city=rs.city_name(a.arg(1)),
        source=rs.city_name(a.arg(0)), pi=a.arg(2)))
    def on_ally_attack(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        src, dst, pi = action.arg(0), action.arg(1), int(action.arg(2))
        v["attacks"] -= 1
        v["sources"].append(src)
        state["vars"]["influence"][frame["side"]] -= pi
        owner = rs.owner(state, dst)
        if owner in rs.players(state):
            flow.call(rs, state, ctx, "foreign-defence", owner, city=dst,
                      attacker=v["ally"], bonus=pi)
            return
        attack = FOREIGN_ATTACK + pi + ctx.roll(6)
        level = max(1, rs.level(state, dst))
        defence = ALLY_DEFENCE + 2 * (level - 1) + terrain(rs, state, dst) + ctx.roll(6)
        resolve(rs, state, ctx, dst, attack, defence,
                N_("{who} {defence}", who=rs.nation_name(owner), defence=defence),
                f"{rs.cite('9.0')}, "
                f"{rs.reading_note(state, 'A15')}", v["ally"])

    @verb("ally-done", label=N_("End the ally's turn"))
    def on_ally_done(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{nation} ends its turn"), rs.cite("9.0"),
                nation=rs.nation_name(frame['vars']['ally']))
        flow.end(rs, state, ctx, "ally-done")





NEUTRAL_BUILD = {1: 6, 2: 5, 3: 5, 4: 5, 5: 4, 6: 4}
"""9.0, 2 players: the neutrals' construction roll, lowest face that builds by turn."""


def minor_turns_due(rs: MontjoieModel, state: State) -> bool:
    """2 players (9.0): the minor powers play in Séq. 7 (not in a game recorded before
    version 0.2, where the players moved them by hand)."""
    return len(rs.players(state)) == 2 and bool(state["vars"]["minors"]) \
        and rs.rule_on(state)


def minor_controller(rs: MontjoieModel, state: State, minor: str) -> str:
    """Who plays a minor power this turn (9.0): a loyal ally's player; a neutral is
    played by the first player of the turn (A19, "le joueur qui joue le neutre")."""
    v = state["vars"]
    if minor not in neutrals(rs, state):
        return str(v["ally_of"][minor])
    return next(n for n in v["order"] if n in rs.players(state))


def neutrals(rs: MontjoieModel, state: State) -> list[str]:
    """The minor powers neutral this turn (2 players): never allied, or disloyal."""
    v = state["vars"]
    return sorted(m for m, kind in v["minors"].items()
                  if kind == "neutre" or not v.get("loyal", {}).get(m, True))


class NeutralBuild(Corrections):
    """2 players (9.0): each neutral rolls for a construction before its expansion; on a
    success the first player of the turn (A19: "the player who plays the neutral")
    chooses where: a castle on a garrison, or a rampart under a castle."""

    name = "neutral-build"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        while v["todo"]:
            neutral = v["todo"].pop(0)
            need = NEUTRAL_BUILD.get(state["turn"], 4)
            die = ctx.roll(6)
            ok = die >= need and bool(self.sites(rs, state, neutral))
            ctx.log(N_("{nation} (neutral): construction die {die} ({need}-6 builds in turn "
                       "{turn}): it builds") if ok else
                    N_("{nation} (neutral): construction die {die} ({need}-6 builds in turn "
                       "{turn})"), rs.cite("9.0"), nation=rs.nation_name(neutral), die=die,
                    need=need, turn=state['turn'])
            if ok:
                v["neutral"] = neutral
                return
        flow.end(rs, state, ctx)

    @staticmethod
    def sites(rs: MontjoieModel, state: State, neutral: str) -> list[str]:
        castles, ramparts = rs.figures_used(state)
        return [c for c in rs.owned(state, neutral)
                if (rs.level(state, c) == 1 and castles < 20)
                or (rs.level(state, c) == 2 and ramparts < 10)]

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: where does {neutral} build? (Montjoie 9.0)",
                  nation=rs.nation_name(frame['side']),
                  neutral=rs.nation_name(frame['vars']['neutral']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in self.sites(rs, state, frame["vars"]["neutral"]):
            yield Action("neutral-build", (city,))

    @verb("neutral-build", area=0, label=lambda rs, state, a: N_(
        "The neutral builds in {city}", city=rs.city_name(a.arg(0))))
    def on_neutral_build(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        city, neutral = action.arg(0), frame["vars"]["neutral"]
        set_city(rs, state, city, neutral, rs.level(state, city) + 1)
        ctx.log(N_("{nation} builds in {city} ({reading})"), rs.cite("9.0"),
                nation=rs.nation_name(neutral), city=rs.city_name(city),
                reading=rs.reading_note(state, 'A19'))
        self.begin(rs, state, frame, ctx, flow)


MINOR_START_MAX = 5
"""At most as many starting garrisons as a 3-player ally's five (9.0): the 2-player
number is not printed either; the players may give more in Game data."""


class MinorStart(Corrections):
    """2 players (9.0): the minor powers' starting cities are not printed; when Game
    data does not give them, the players place each one's garrisons on free cities
    (kept in Game data, "Départ des puissances mineures")."""

    name = "minor-start"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        minor = rs.nation_name(frame["vars"]["todo"][0])
        return N_("Where does {minor} start? The rule book does not print the minor powers' "
                  "start in the 2-player game: place its garrisons on free cities, then "
                  "finish (Montjoie 9.0; Game data, Départ des puissances mineures)",
                  minor=minor)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        kept = {c for n in rs.players(state) for c in START[n][1]}  # the players' (5.0)
        if len(frame["vars"]["placed"]) < MINOR_START_MAX:
            for city in rs.cities():
                if rs.owner(state, city) is None and city not in kept:
                    yield Action("minor-city", (city,))
        if frame["vars"]["placed"]:
            yield Action("minor-done")

    @verb("minor-city", area=0, label=lambda rs, state, a: N_(
        "A starting garrison in {city}", city=rs.city_name(a.arg(0))))
    def on_minor_city(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        set_city(rs, state, action.arg(0), fv["todo"][0], 1)
        fv["placed"].append(action.arg(0))

    @verb("minor-done", label=N_("This minor power's start is complete"))
    def on_minor_done(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        minor = fv["todo"].pop(0)
        state.setdefault("data", {}).setdefault("minor-start-2p", {})[minor] = \
            ",".join(fv["placed"])
        ctx.log(N_("{nation} starts in {cities} (given by the players, kept in Game data)"),
                rs.cite("9.0"), nation=rs.nation_name(minor),
                cities=', '.join(rs.city_name(c) for c in fv['placed']))
        fv["placed"] = []
        if not fv["todo"]:
            flow.end(rs, state, ctx)


def place_minors_2p(rs: MontjoieModel, state: State, ctx: Context) -> None:
    """2 players: the minor powers' starting garrisons, from Game data (not printed in
    the rule book: 9.0); unknown ones are left to the players (placed by hand)."""
    values = rs.sheet_values(state, "minor-start-2p")
    for minor in sorted(state["vars"]["minors"]):
        text = values.get(minor)
        cities = [c.strip() for c in str(text or "").split(",") if c.strip()]
        placed = [c for c in cities if c in rs.board_map.areas and rs.owner(state, c) is None]
        for city in placed:
            set_city(rs, state, city, minor, 1)
        if placed:
            ctx.log(N_("{nation} starts in {cities} (Game data)"), rs.cite("9.0"),
                    nation=rs.nation_name(minor),
                    cities=', '.join(rs.city_name(c) for c in placed))
        else:
            ctx.log(N_("{nation}'s starting cities are not printed in the rule book: {what}"),
                    rs.cite("9.0"), nation=rs.nation_name(minor),
                    what=N_("the players give them") if rs.rule_on(state) else
                    N_("fill them in Game data or place them by hand"))
