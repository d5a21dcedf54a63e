"""The battle procedure of crib Phase Three, from the commanders to its end: the
commanders (:class:`CommanderStep`), the defender's siege or battle, the siege roll and
the attackers' flight, battle rounds (hits taken in :mod:`.losses`), fight on / retreat /
forced retreat, the pursuit. The formulas are in :mod:`..battle`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.tables import resolve
from boardapp.core.engine.verbs import verb

from ..battle import (
    battle_dice,
    battle_rating,
    bravery_modifier,
    count_hits,
    jeanne_pre_roll,
    siege_falls,
    siege_number,
)
from ..model import N_, OTHER, PLAYERS, LionModel

JEANNE_WORDS = {"french-no-dice": N_("french no dice"), "normal": N_("normal"),
                "english-no-dice": N_("english no dice")}
"""Jeanne d'Arc's pre-roll outcomes as words (English as before: the id, spaced)."""


class CommanderStep(Step[LionModel]):
    """Each side's battle commander (crib Phase Three): the non-initiative player chooses
    first; a leader of the highest rank present (so a 3-star leader other than the king
    may command). A side with one candidate is not asked. Ends with the ``bc`` mapping.

    Frame vars: ``area``, ``order`` (sides still to choose), ``bc``.
    """

    name = "commander"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        while v["order"]:
            side = v["order"][0]
            candidates = rs.commander_candidates(state, v["area"], side)
            if len(candidates) > 1:
                frame["side"] = side
                return
            if candidates:
                v["bc"][side] = candidates[0]
            v["order"].pop(0)
        flow.end(rs, state, ctx, dict(v["bc"]))

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        return (N_("Battle in {place}: {name}, choose your battle commander (a leader of the "
                   "highest rank)", place=rs.board_map.place_name(frame['vars']['area']),
                   name=rs.side(frame['side']).name))

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        for pid in rs.commander_candidates(state, v["area"], frame["side"]):
            yield Action("commander", (pid,))

    @verb("commander", label=lambda rs, state, a: N_("{piece} commands",
                                                     piece=rs.piece_name(state, a.arg(0))))
    def on_commander(self, rs: LionModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["bc"][frame["side"]] = action.args[0]
        v["order"].pop(0)
        ctx.log(N_("{piece} commands the {name}", piece=rs.piece_name(state, action.args[0]),
                   name=rs.side(frame['side']).name),
                rs.cite("Phase Three (highest ranking leader must be BC)"))
        self.begin(rs, state, frame, ctx, flow)


def battle_round(rs: LionModel, state: State, area: str, bc: dict[str, str],
                 ctx: Context) -> dict[str, int]:
    """One battle round (crib Phase Three): battle dice X = min(BR, non-gunner
    strength) + min(BR, longbow strength), leaders counting 1; Robin Hood +1 with
    longbowmen; Jeanne d'Arc's pre-roll; the braver BC adds the difference to his dice;
    hits on 6+; the aggressor's miss markers. Returns the hits each side scored."""
    rule = rs.cite("Phase Three (Battle)")
    v = state["vars"]
    battle = v.setdefault("battles", {}).setdefault(area, {"bc": {}, "misses": 0})
    battle["bc"] = dict(bc)
    dice_for: dict[str, int] = {}
    for side in PLAYERS:
        lead = rs.leaders[bc[side]]
        here = rs.leaders_at(state, area, side)
        troops = [v["troops"].get(p, {}) for p in here]
        longbow = sum(t.get("longbowmen", 0) for t in troops)
        rating = battle_rating(lead.battle, lead.special, longbow)
        dice_for[side] = battle_dice(rating, troops, leaders=len(here))
        ctx.log(N_("{name}: {name2} commands, battle rating {rating}{value}: {dice_for} "
                   "battle dice", name=rs.side(side).name, name2=lead.name, rating=rating,
                   value=N_(" (Robin Hood +1)") if rating > lead.battle else "",
                   dice_for=dice_for[side]), rule)
    if rs.leaders[bc["french"]].special == "jeanne":
        die = ctx.roll(6)
        bravery = rs.leaders[bc["english"]].bravery
        outcome = jeanne_pre_roll(die, bravery)
        if outcome == "french-no-dice":
            dice_for["french"] = 0
        elif outcome == "english-no-dice":
            dice_for["english"] = 0
        ctx.log(N_("Jeanne d'Arc: the English roll {die} against bravery {bravery}: {replace}",
                   die=die, bravery=bravery, replace=JEANNE_WORDS[outcome]),
            rs.cite("Phase Three (Jeanne d'Arc)"))
    hits = {}
    for side in PLAYERS:
        mod = bravery_modifier(rs.leaders[bc[side]].bravery,
                               rs.leaders[bc[OTHER[side]]].bravery)
        dice = [ctx.roll(6) for _ in range(dice_for[side])]
        hits[side] = count_hits(dice, mod)
        ctx.log(N_("{name} roll {value}{value2}: {hits} hit(s) on 6+", name=rs.side(side).name,
                   value=dice or N_("no dice"), value2=N_(" +{mod} (bravery)",
                                                          mod=mod) if mod else "",
                   hits=hits[side]), rule)
    aggressor = v["aggressor"].get(area)
    if aggressor in PLAYERS:
        if hits[aggressor] == 0:
            battle["misses"] += 1
            if battle["misses"] >= 3:
                ctx.log(N_("Miss marker for the aggressor ({misses}): the non-aggressor may "
                           "force a retreat"), rule, misses=battle["misses"])
            else:
                ctx.log(N_("Miss marker for the aggressor ({misses})"), rule,
                        misses=battle["misses"])
        else:
            battle["misses"] = 0
    return hits


def siege(rs: LionModel, state: State, area: str, attacker: str, bc: dict[str, str],
          ctx: Context) -> bool:
    """Crib Phase Three (Siege): SN = area value + 3 + defender BC bravery - attacker
    BC bravery - attacker gunner points (max 2); 1d6 > SN: defender troops removed and
    leaders captured (returns True); else the attackers retreat (the battle step asks
    them where)."""
    rule = rs.cite("Phase Three (Siege)")
    defender = OTHER[attacker]
    v = state["vars"]
    gunners = sum(v["troops"].get(p, {}).get("gunners", 0)
                  for p in rs.leaders_at(state, area, attacker))
    sn = siege_number(rs.area_info[area].value, rs.leaders[bc[defender]].bravery,
                      rs.leaders[bc[attacker]].bravery, gunners)
    column = N_("SN {sn} = value {value} + 3 + bravery {defender} - {attacker} - {gunners} "
                "gunners", sn=sn, value=rs.area_info[area].value,
                defender=rs.leaders[bc[defender]].bravery,
                attacker=rs.leaders[bc[attacker]].bravery, gunners=min(2, gunners))
    res = resolve(ctx, table=N_("Siege"), column=column, sides=6, zero_based=False,
                  modifiers=[], lookup=lambda d: siege_falls(d, sn),
                  describe=lambda ok: N_("the area falls") if ok else N_("the siege fails"),
                  rule=rule, who=rs.side(attacker).name)
    if res.result:
        rs.capture(state, rs.leaders_at(state, area, defender), attacker)
        ctx.log(N_("All {name} troops removed, their leaders captured",
                   name=rs.side(defender).name), rule)
    else:
        ctx.log(N_("The {name} leaders must retreat (border limits apply, not into "
                   "enemy-occupied or controlled areas; leaders who cannot flee are "
                   "captured); they are not disgraced", name=rs.side(attacker).name), rule)
    return bool(res.result)


def pursue(rs: LionModel, state: State, action: Action, bc: dict[str, str], ctx: Context,
           flow: Flow) -> bool:
    """A retreat: the leaders left behind are captured; the pursuers roll one round
    +1. Returns True when the retreat step (hits, then the run) was entered."""
    area, side, dest = action.arg(0), action.arg(1), action.arg(2)
    going = [] if dest == "none" else action.pieces(3)
    rule = rs.cite("Phase Three (Retreat)")
    pursuer = OTHER[side]
    left = [p for p in rs.leaders_at(state, area, side) if p not in going]
    rs.capture(state, left, pursuer)
    line = N_("The {side} retreat from {place}", side=rs.side(side).name,
              place=rs.board_map.place_name(area))
    if going:
        line = line + N_(" towards {place}", place=rs.board_map.place_name(dest))
    if left:
        line = line + N_("; {pieces} cannot retreat and are captured",
                         pieces=listing([rs.piece_name(state, p) for p in left]))
    ctx.log(line, rule)
    if not going:
        return False
    v = state["vars"]
    chasers = rs.leaders_at(state, area, pursuer)
    lead_id = bc.get(pursuer)
    if lead_id not in chasers:
        lead_id = rs.commander_candidates(state, area, pursuer)[0]
    lead = rs.leaders[lead_id]
    troops = [v["troops"].get(p, {}) for p in chasers]
    rating = battle_rating(lead.battle, lead.special,
                           sum(t.get("longbowmen", 0) for t in troops))
    dice = [ctx.roll(6) for _ in range(battle_dice(rating, troops, leaders=len(chasers)))]
    hits = count_hits(dice, 1)
    ctx.log(N_("Pursuit: the {name} ({name2}) roll {value} +1: {hits} hit(s)",
               name=rs.side(pursuer).name, name2=lead.name, value=dice or N_("no dice"),
               hits=hits), rule)
    flow.call(rs, state, ctx, "retreat", side, area=area, dest=dest,
              going=going, hits=hits, bc={side: bc.get(side, "")})
    return True


def _flee_label(rs: LionModel, state: State, action: Action) -> str:
    return (N_("{piece} flees to {place}", piece=rs.piece_name(state, action.arg(1)),
               place=rs.board_map.place_name(action.arg(2))))


def _retreat_label(rs: LionModel, state: State, action: Action) -> str:
    area, side, dest = action.args[:3]
    if dest == "none":
        return N_("{name}: retreat (nowhere to go: all captured)", name=rs.side(side).name)
    names = listing([rs.piece_name(state, p) for p in action.pieces(3)])
    return N_("{name}: retreat {names} to {place}", name=rs.side(side).name, names=names,
              place=rs.board_map.place_name(dest))


def _area_label(text: str) -> Callable[[LionModel, State, Action], str]:
    """A label naming the battle's area (argument 0) as ``{place}`` in the message
    ``text``."""
    def label(rs: LionModel, state: State, action: Action) -> str:
        return N_(str.__str__(text), place=rs.board_map.place_name(action.arg(0)))
    return label


class BattleStep(Step[LionModel]):
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

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self.commanders(rs, state, frame, ctx, flow)

    def commanders(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
                   flow: Flow) -> None:
        v = frame["vars"]
        area = v["area"]
        nip = rs.nip(state)
        keep = {side: pid for side, pid in v["bc"].items()
                if state["pieces"][pid]["loc"] == area}
        order = [side for side in (nip, OTHER[nip]) if side not in keep]
        v["stage"] = "bc"
        flow.call(rs, state, ctx, "commander", nip, area=area, order=order, bc=keep)

    def resume(self, rs: LionModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        v = frame["vars"]
        stage = v["stage"]
        if stage == "bc":
            v["bc"] = result
            defender = rs.siege_defender(state, v["area"])
            if not v["chosen"] and defender:
                v["stage"] = "choose"
                frame["side"] = defender
                return
            v["chosen"] = True
            self.round(rs, state, frame, ctx, flow)
        elif stage == "round":
            if not all(rs.leaders_at(state, v["area"], s) for s in PLAYERS):
                self.finish(rs, state, frame, ctx, flow)
                return
            v["stage"] = "decide"
            v["decided"] = []
            frame["side"] = rs.nip(state)
        else:  # the retreat is over
            self.finish(rs, state, frame, ctx, flow)

    def round(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        area = v["area"]
        if any(state["pieces"][v["bc"].get(s, "")]["loc"] != area if v["bc"].get(s) else True
               for s in PLAYERS):
            self.commanders(rs, state, frame, ctx, flow)
            return
        hits = battle_round(rs, state, area, v["bc"], ctx)
        nip = rs.nip(state)
        victims = {side: hits[OTHER[side]] for side in PLAYERS}
        v["stage"] = "round"
        flow.call(rs, state, ctx, "losses", nip, area=area, hits=victims,
                  order=[s for s in (nip, OTHER[nip]) if victims[s] > 0], bc=v["bc"])

    def finish(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
               flow: Flow) -> None:
        area = frame["vars"]["area"]
        fought = state["vars"].setdefault("fought", [])
        if area not in fought:
            fought.append(area)
        ctx.log(N_("The battle in {place} is over", place=rs.board_map.place_name(area)),
                rs.cite("Phase Three"))
        flow.end(rs, state, ctx, None)

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        name = rs.board_map.place_name(v["area"])
        who = rs.side(frame["side"]).name
        if v["stage"] == "choose":
            return (N_("Battle in {name}: {who}, you control the area: elect to be besieged "
                       "or fight a battle", name=name, who=who))
        if v["stage"] == "flee":
            return (N_("Siege of {name} failed: {who}, send each leader to an adjacent area "
                       "(border limits; not enemy-occupied or controlled)", name=name, who=who))
        if v["forced"]:
            return N_("Battle in {name}: {who}, you are forced to retreat", name=name, who=who)
        return N_("Battle in {name}: {who}, fight another round or retreat", name=name, who=who)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        area, side = v["area"], frame["side"]
        if v["stage"] == "choose":
            yield Action("siege", (area,))
            yield Action("battle-round", (area,))
        elif v["stage"] == "flee":
            yield from rs.flee_actions(state, area, side, v["fled"])
        elif v["stage"] == "decide":
            if not v["forced"]:
                yield Action("fight-on", (area,))
                misses = state["vars"]["battles"].get(area, {}).get("misses", 0)
                if v["attacker"] == OTHER[side] and misses >= 3:
                    yield Action("force-retreat", (area,))
            yield from rs.retreat_actions(state, area, side)

    @verb("siege", label=_area_label(N_("Be besieged in {place}")))
    def on_siege(self, rs: LionModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["chosen"] = True
        area = v["area"]
        ctx.log(N_("{name} elect to be besieged in {place}", name=rs.side(frame['side']).name,
                   place=rs.board_map.place_name(area)), rs.cite("Phase Three (Siege)"))
        if siege(rs, state, area, v["attacker"], v["bc"], ctx):
            self.finish(rs, state, frame, ctx, flow)
            return
        v["stage"] = "flee"
        v["fled"] = {}
        frame["side"] = v["attacker"]
        self.after_flee(rs, state, frame, ctx, flow)

    def after_flee(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
                   flow: Flow) -> None:
        v = frame["vars"]
        if any(True for _ in rs.flee_actions(state, v["area"], frame["side"], v["fled"])):
            return
        left = rs.leaders_at(state, v["area"], frame["side"])
        if left:
            rs.capture(state, left, OTHER[frame["side"]])
            ctx.log(N_("{names} cannot flee: captured, their troops removed",
                       names=listing(rs.piece_name(state, p) for p in left)),
                    rs.cite("Phase Three (Siege)"))
        self.finish(rs, state, frame, ctx, flow)

    @verb("flee", area=2, decisions=True, label=_flee_label)
    def on_flee(self, rs: LionModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        _, pid, dest = action.args
        put_piece(state, pid, dest)
        v["fled"][dest] = v["fled"].get(dest, 0) + 1
        ctx.log(N_("{piece} flees to {place} (not disgraced)", piece=rs.piece_name(state, pid),
                   place=rs.board_map.place_name(dest)),
                rs.cite("Phase Three (Siege: the attackers retreat, border limits apply)"))
        self.after_flee(rs, state, frame, ctx, flow)

    @verb("battle-round", label=_area_label(N_("Fight a battle in {place}")))
    def on_battle_round(self, rs: LionModel, state: State, frame: Frame, action: Action,
                        ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["chosen"] = True
        ctx.log(N_("{name} fight a battle in {place}", name=rs.side(frame['side']).name,
                   place=rs.board_map.place_name(v['area'])), rs.cite("Phase Three"))
        self.round(rs, state, frame, ctx, flow)

    @verb("fight-on", label=N_("Fight another round"))
    def on_fight_on(self, rs: LionModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["decided"].append(frame["side"])
        if OTHER[frame["side"]] not in v["decided"]:
            frame["side"] = OTHER[frame["side"]]
            return
        ctx.log(N_("Both fight on: another battle round"), rs.cite("Phase Three"))
        self.round(rs, state, frame, ctx, flow)

    @verb("force-retreat", label=N_("Force the aggressor to retreat (three misses)"))
    def on_force_retreat(self, rs: LionModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["forced"] = True
        frame["side"] = v["attacker"]
        ctx.log(N_("Three aggressor misses: the {name} force the {name2} to retreat",
                   name=rs.side(OTHER[v['attacker']]).name, name2=rs.side(v['attacker']).name),
                rs.cite("Phase Three (miss markers)"))

    @verb("retreat", label=_retreat_label)
    def on_retreat(self, rs: LionModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        v["stage"] = "retreat"
        if not pursue(rs, state, action, v["bc"], ctx, flow):
            self.finish(rs, state, frame, ctx, flow)
