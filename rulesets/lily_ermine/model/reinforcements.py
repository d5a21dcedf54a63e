"""Reinforcements and replacements (rules 7, 13) as legal actions of the active camp.

In its R&R phase, once its RP are rolled (13), the active camp may:

* ``buy PIECE ZONE`` / ``buy-reduced PIECE ZONE``: a counter not yet in play (a
  reinforcement, 7.1: placed in a zone its camp controls) or one from its Reserve (a
  replacement, 7.2: not in round 1, 13; placed in a zone bearing its coat of arms, never
  in a zone the enemy controls), at full or reduced strength for the RP printed on the
  counter; an eliminated commander returns free, on his back (10, 7.2), the round after;
* ``rebuild PIECE``: bring a reduced unit on the map back to full strength for the
  difference of the two costs (7.2);
* mercenaries (13): on each spring round the RP roll is followed by one roll per
  contingent on the Reinforcements Table (the French for the Swiss, the Bretons for the
  English, Germans, Spanish and Gascons); the die allows that many counters of the
  contingent, bought with RP; the Breton ones arrive in a port (1, 9, 23, 24, 26) this
  spring on an odd die, next summer on an even die; the Swiss with a French army.
  Scales and Albret arrive with the first counters of their countries. At most three
  counters of each ally and six of the Empire on the map (7.1);
* Breton militia (13): in a spring round the Bretons recruit as many Breton militia as
  their RP and the counters allow before they leave R&R. Militia are placed in Brittany.

Where each nationality is placed is data (scenario.yaml ``arrival``, marked estimate
where the rules do not say).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError, InvalidActionError
from boardapp.core.base.i18n import listing
from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.datasheets import CellType, Sheet
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import ask_result, resolve

from . import diplomacy
from .base import NOT_YET, LilyErmineModel
from .data import DATA_DIR, Contingent
from .names import data_word
from .words import N_, NP_

ACCOMPANY = {"england": "scales", "spain": "albret", "gascony": "albret"}
"""13: Scales and Albret accompany their countries' reinforcements on first arrival."""
SHEET = "reinforcements"


def data_sheet(rs: LilyErmineModel) -> Sheet:
    """The Reinforcements Table as a sheet of Edit > Game data (values the rules do not
    print; a game reads its own copy, so it replays with the values it was played with)."""
    contingents = rs.reinforcement_table.contingents
    most = max(c.limit for c in contingents.values())
    unused = frozenset((cid, f"min_die_{k}") for cid, c in contingents.items()
                       for k in range(c.limit + 1, most + 1))  # beyond its limit (7.1)
    return Sheet(SHEET, "Reinforcements Table", DATA_DIR / "tables.yaml",
                 ("reinforcements", "contingents"), "records",
                 {f"min_die_{k}": CellType("int", low=1, high=7,
                                           label=NP_("{n} counter", "{n} counters", k))
                  for k in range(1, most + 1)},
                 rule=rs.cite("13 Mercenary reinforcements"), row_label="name", unused=unused,
                 note="The least die (1D6 each spring round) that allows this number of "
                      "counters of the contingent (13). Cells beyond a contingent's limit "
                      "(3, or 6 for the Empire, 7.1) are greyed: not used.")


def _armies(rs: LilyErmineModel, state: State, camp: str) -> set[str]:
    return set(rs.armies(state, camp))


def is_reinforcement(rs: LilyErmineModel, state: State, pid: str) -> bool:
    return state["pieces"][pid]["loc"] == NOT_YET


def cost(rs: LilyErmineModel, state: State, pid: str, reduced: bool) -> int:
    if rs.is_commander(state, pid):
        return 0
    ut = rs.counters.units[rs.unit_code(state, pid)]
    return ut.rp_reduced if reduced else ut.rp


def _contingent(rs: LilyErmineModel, state: State, pid: str) -> Contingent | None:
    return rs.reinforcement_table.contingent_of(rs.nationality(state, pid))


def on_map_count(rs: LilyErmineModel, state: State, nats: tuple[str, ...]) -> int:
    return sum(1 for pid, p in state["pieces"].items()
               if rs.on_map(p["loc"]) and not rs.is_commander(state, pid)
               and rs.nationality(state, pid) in nats)


def why_not_zone(rs: LilyErmineModel, state: State, pid: str, zone: str,
                 ctl: dict[str, str | None] | None = None) -> tuple[str, str] | None:
    """Why ``pid`` may not be placed in ``zone`` now (7.1, 7.2, 13)."""
    bmap = rs.board_map
    if zone not in bmap.areas:
        return N_("{place} is not a strategic zone", place=bmap.place_name(zone)), rs.cite("7.2")
    camp = state["active"]
    nat = rs.nationality(state, pid)
    owner = ctl[zone] if ctl is not None else rs.controller(state, zone)
    name = bmap.place_name(zone)
    if not rs.is_commander(state, pid) and rs.unit_code(state, pid) == "Mi" \
            and not rs.in_brittany(zone):
        return N_("militia are only placed in the zones of Brittany"), rs.cite("13 Strategic "
                                                                           "movement")
    if owner == rs.other(camp) or rs.enemy_occupied(state, zone, camp):
        return N_("{name} is controlled by the enemy", name=name), rs.cite("7.2 Placement")
    reinforcement = is_reinforcement(rs, state, pid)
    rule = rs.setup_data.arrival.get(nat, {})
    if "zones" in rule and zone not in _arrival_zones(rs, state, pid, rule["zones"]):
        places = ", ".join(bmap.place_name(z) for z in rule["zones"])
        return (N_("{name} counters are placed in {places}",
                   name=data_word(rs.counters.nationalities[nat]['name']), places=places),
                rs.cite("13 Mercenary reinforcements"))
    if rule.get("with_army") and zone not in _armies(rs, state, camp):
        return (N_("{name} counters are placed with an army of {side}",
                   name=data_word(rs.counters.nationalities[nat]['name']), side=rs.side(camp).name),
                rs.cite("13 Mercenary reinforcements"))
    if "region" in rule and bmap.areas[zone].region != rule["region"] and not reinforcement:
        return (N_("{name} does not bear the coat of arms of the unit ({region} territory, our "
                   "reading)", name=name, region=rule['region']), rs.cite("7.2 Placement"))
    if reinforcement and owner != camp:
        return (N_("a reinforcement is placed in a zone {side} controls", side=rs.side(camp).name),
                rs.cite("7.1"))
    return None


def _arrival_zones(rs: LilyErmineModel, state: State, pid: str, zones: list[str]) -> set[str]:
    """The arrival zones, and their neighbours for a reinforcement held off a round (7.1)."""
    out = set(zones)
    cont = _contingent(rs, state, pid)
    if cont is not None and is_reinforcement(rs, state, pid):
        allowed = state["vars"].get("allowance", {}).get(cont.id) or {}
        if allowed.get("held"):
            for z in zones:
                out.update(n for n in rs.board_map.graph.neighbors(z) if n in rs.board_map.areas)
    return out


def why_not_buy(rs: LilyErmineModel, state: State, pid: str, reduced: bool,
                counts: dict[tuple[str, ...], int] | None = None) -> tuple[str, str] | None:
    """Why ``pid`` may not be bought now, wherever it goes (7, 13). ``counts``: the
    counters on the map of each contingent counted so far in this position (filled in)."""
    v = state["vars"]
    camp = state["active"]
    rp = v["rp"].get(camp)
    if rp is None:
        return N_("roll the RP dice first"), rs.cite("13 Replacement Points")
    loc = state["pieces"][pid]["loc"]
    if loc not in (NOT_YET, rs.reserve_of(camp)) or rs.piece_side(state, pid) != camp:
        return (N_("{piece} is not in {side}'s Reserve or among its counters not yet in play",
                   piece=rs.piece_name(state, pid), side=rs.side(camp).name), rs.cite("7.2"))
    if loc != NOT_YET and state["turn"] == 1:
        return N_("there is no Replacements sequence in round 1"), rs.cite("13 Reinforcements")
    if rs.is_commander(state, pid):
        if reduced:
            return N_("a commander has no reduced side"), rs.cite("3")
        if loc == NOT_YET:
            return (N_("{piece} arrives with his country's first reinforcements",
                       piece=rs.piece_name(state, pid)), rs.cite("13 Mercenary reinforcements"))
        if v.get("commander_out", {}).get(pid, 0) >= state["turn"]:
            return (N_("{piece} was eliminated this round: he returns the following round",
                       piece=rs.piece_name(state, pid)),
                    rs.cite("10 Elimination of a historic commander"))
        return None
    ut = rs.counters.units[rs.unit_code(state, pid)]
    if reduced and ut.one_sp:
        return N_("a {code} has only one side", code=ut.code), rs.cite("2")
    price = cost(rs, state, pid, reduced)
    if price > rp:
        return (N_("{piece} costs {price} RP and {rp} RP are left",
                   piece=rs.piece_name(state, pid), price=price, rp=rp),
                rs.cite("7.2 Purchasing replacements"))
    cont = _contingent(rs, state, pid)
    if cont is not None:
        if counts is None:
            counts = {}
        if cont.nationalities not in counts:
            counts[cont.nationalities] = on_map_count(rs, state, cont.nationalities)
        if counts[cont.nationalities] >= cont.limit:
            return (N_("{limit} {cont} counters are on the map already: no more",
                       limit=cont.limit, cont=data_word(cont.name)),
                    rs.cite("7.1"))
        if loc == NOT_YET:
            allowed = v.get("allowance", {}).get(cont.id)
            if not allowed or allowed["round"] != state["turn"] or allowed["count"] <= 0:
                return (N_("{cont} reinforcements enter only as the Reinforcements Table allows "
                           "on a spring round (odd die: spring, even: summer for the Bretons)",
                           cont=data_word(cont.name)), rs.cite("13 Mercenary reinforcements"))
    return None


def _candidates(rs: LilyErmineModel, state: State) -> list[str]:
    """One counter of each kind the camp may buy (the same type, side and box)."""
    camp = state["active"]
    seen, out = set(), []
    for box in (rs.reserve_of(camp), NOT_YET):
        for pid in pieces_at(state, box):
            if rs.piece_side(state, pid) != camp:
                continue
            key = (box, state["pieces"][pid]["type"], state["pieces"][pid]["flipped"],
                   pid if rs.is_commander(state, pid) else "")
            if key not in seen:
                seen.add(key)
                out.append(pid)
    return out


def open_zones(rs: LilyErmineModel, state: State, pid: str, zones: list[str],
               hostile: dict[str, bool], ctl: dict[str, str | None]) -> list[str]:
    """The zones of ``zones`` where :func:`why_not_zone` finds nothing against ``pid``,
    in order: its checks with the facts of each zone found once for every counter
    (``hostile``: enemy-controlled or enemy-occupied, for the zones of the map; ``ctl``:
    their controllers)."""
    bmap = rs.board_map
    camp = state["active"]
    nat = rs.nationality(state, pid)
    militia = not rs.is_commander(state, pid) and rs.unit_code(state, pid) == "Mi"
    reinforcement = is_reinforcement(rs, state, pid)
    rule = rs.setup_data.arrival.get(nat, {})
    arrival = _arrival_zones(rs, state, pid, rule["zones"]) if "zones" in rule else None
    with_army = _armies(rs, state, camp) if rule.get("with_army") else None
    out = []
    for zone in zones:
        if zone not in hostile or hostile[zone]:
            continue  # 7.2: off the strategic map, or the enemy's
        if militia and not rs.in_brittany(zone):
            continue  # 13
        if arrival is not None and zone not in arrival:
            continue  # 13
        if with_army is not None and zone not in with_army:
            continue  # 13
        if "region" in rule and bmap.areas[zone].region != rule["region"] \
                and not reinforcement:
            continue  # 7.2
        if reinforcement and ctl[zone] != camp:
            continue  # 7.1
        out.append(zone)
    return out


def buy_actions(rs: LilyErmineModel, state: State, zone: str | None = None) -> Iterator[Action]:
    """Every legal purchase (into ``zone`` only, if given) and rebuild."""
    camp = state["active"]
    if state["vars"]["rp"].get(camp) is None:
        return
    zones, ctl, hostile = _zone_facts(rs, state, zone)
    counts: dict[tuple[str, ...], int] = {}
    for pid in _candidates(rs, state):
        found: list[str] | None = None
        for verb, reduced in (("buy", False), ("buy-reduced", True)):
            if why_not_buy(rs, state, pid, reduced, counts) is not None:
                continue
            if found is None:  # the same zones for either strength
                found = open_zones(rs, state, pid, zones, hostile, ctl)
            for z in found:  # Action.of(verb, pid, z), without its conversions
                yield Action(verb, (pid, z))
    if zone is None:
        yield from rebuild_actions(rs, state)


def _zone_facts(rs: LilyErmineModel, state: State, zone: str | None = None,
                ) -> tuple[list[str], dict[str, str | None], dict[str, bool]]:
    """The zones a purchase may go to (``zone`` only, if given), their controllers and
    whether each is hostile (enemy-controlled or enemy-occupied), for :func:`open_zones`."""
    camp = state["active"]
    zones = [zone] if zone else _sorted_zones(rs)
    ctl = {z: rs.controller(state, z) for z in zones if z in rs.board_map.areas}
    hostile = {z: owner == rs.other(camp) or rs.enemy_occupied(state, z, camp)
               for z, owner in ctl.items()}
    return zones, ctl, hostile


_SORTED: dict[int, tuple[object, list[str]]] = {}
""":func:`_sorted_zones` of each map met (by identity; the map is kept with it)."""


def _sorted_zones(rs: LilyErmineModel) -> list[str]:
    """The strategic zones in sorted order, once per map (do not change the list)."""
    bmap = rs.board_map
    kept = _SORTED.get(id(bmap))
    if kept is None or kept[0] is not bmap:
        kept = _SORTED[id(bmap)] = (bmap, sorted(bmap.areas))
    return kept[1]


def rebuild_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    """Every legal rebuild (the last of :func:`buy_actions`)."""
    if state["vars"]["rp"].get(state["active"]) is None:
        return
    pieces = state["pieces"]
    for pid in sorted(pieces):
        # 7.2: only a reduced unit on the map is rebuilt (why_not_rebuild's first tests)
        if pieces[pid]["flipped"] and rs.on_map(pieces[pid]["loc"]) \
                and why_not_rebuild(rs, state, pid) is None:
            yield Action.of("rebuild", pid)


def purchase_reach(rs: LilyErmineModel, state: State, pieces: list[str]) -> dict[str, Reach]:
    """The zones where a counter of the Reserve or not yet in play may be bought now (the
    cost is its RP, full strength if affordable): the board's highlights while it is
    dragged, labelled with the price."""
    if len(pieces) != 1:
        return {}
    pid = pieces[0]
    for reduced in (False, True):
        if why_not_buy(rs, state, pid, reduced) is None:
            price = cost(rs, state, pid, reduced)
            ctl = {z: rs.controller(state, z) for z in rs.board_map.areas}
            side = "reduced, " if reduced else ""
            return {z: Reach(z, price, (z,), label=N_("{side}{price} RP", side=side, price=price))
                    for z in sorted(rs.board_map.areas)
                    if why_not_zone(rs, state, pid, z, ctl) is None}
    return {}


def buy(rs: LilyErmineModel, state: State, action: Action, ctx: Context) -> None:
    pid, zone = action.arg(0), action.arg(1)
    if pid not in state["pieces"]:
        raise InvalidActionError(N_("no piece {pid}", pid=repr(pid)))
    reduced = action.verb == "buy-reduced"
    why = why_not_buy(rs, state, pid, reduced) or why_not_zone(rs, state, pid, zone)
    if why:
        raise IllegalActionError(*why)
    v = state["vars"]
    camp = state["active"]
    reinforcement = is_reinforcement(rs, state, pid)
    price = cost(rs, state, pid, reduced)
    v["rp"][camp] -= price
    stack = pieces_at(state, zone)
    commander = rs.is_commander(state, pid)
    index = None
    if stack and rs.is_commander(state, stack[0]):
        # Under the army's commander, unless a returning commander outranks him (8).
        index = 1
        if commander and rs.commander_of(state, [stack[0], pid]) == pid:
            index = None
    if commander:
        # An eliminated commander returns on his back: anonymous or successor (10); one
        # removed from the map (the English at the end of the year, 13) on his front.
        state["pieces"][pid]["flipped"] = pid in v.get("commander_out", {})
    elif rs.unit_code(state, pid) != "Ca":
        state["pieces"][pid]["flipped"] = reduced
    put_piece(state, pid, zone, index)
    name = rs.board_map.place_name(zone)
    if commander:
        ctx.log(N_("{piece} returns to play in {name}, without RP{value}",
                   piece=rs.piece_name(state, pid), name=name,
                   value=' (his back)' if state['pieces'][pid]['flipped'] else ''),
                rs.cite("10 Elimination of a historic commander, 7.2"))
        return
    what = N_("reinforcement") if reinforcement else N_("replacement")
    side = N_("reduced") if reduced else N_("full strength")
    ctx.log(N_("{side} buys {piece} ({side2}, {price} RP) as a {what} in {name}: {rp} RP left",
               side=rs.side(camp).name, piece=rs.piece_name(state, pid), side2=side, price=price,
               what=what, name=name, rp=v['rp'][camp]),
            rs.cite("7.1" if reinforcement else "7.2"))
    cont = _contingent(rs, state, pid)
    if cont is not None and reinforcement:
        v["allowance"][cont.id]["count"] -= 1
        lead = ACCOMPANY.get(rs.nationality(state, pid))
        if lead and lead in state["pieces"] and state["pieces"][lead]["loc"] == NOT_YET:
            put_piece(state, lead, zone)
            ctx.log(N_("{piece} accompanies them", piece=rs.piece_name(state, lead)), rs.cite(
                "13 Mercenary reinforcements"))
    diplomacy.note_entries(rs, state)


def why_not_rebuild(rs: LilyErmineModel, state: State, pid: str) -> tuple[str, str] | None:
    camp = state["active"]
    v = state["vars"]
    p = state["pieces"][pid]
    if (not rs.on_map(p["loc"]) or rs.is_commander(state, pid)
            or rs.piece_side(state, pid) != camp):
        return N_("{piece} is not a unit of {camp} on the map", piece=rs.piece_name(state, pid),
                  camp=camp), rs.cite("7.2")
    ut = rs.counters.units[rs.unit_code(state, pid)]
    if not p["flipped"] or ut.one_sp:
        return N_("{piece} is not a reduced unit", piece=rs.piece_name(state, pid)), rs.cite("7.2")
    if state["turn"] == 1:
        return N_("there is no Replacements sequence in round 1"), rs.cite("13 Reinforcements")
    rp = v["rp"].get(camp)
    if rp is None:
        return N_("roll the RP dice first"), rs.cite("13 Replacement Points")
    if ut.rp - ut.rp_reduced > rp:
        return (N_("rebuilding costs {value} RP and {rp} RP are left",
                   value=ut.rp - ut.rp_reduced, rp=rp),
                rs.cite("7.2 Purchasing replacements"))
    return None


def rebuild(rs: LilyErmineModel, state: State, action: Action, ctx: Context) -> None:
    pid = action.arg(0)
    if pid not in state["pieces"]:
        raise InvalidActionError(N_("no piece {pid}", pid=repr(pid)))
    why = why_not_rebuild(rs, state, pid)
    if why:
        raise IllegalActionError(*why)
    ut = rs.counters.units[rs.unit_code(state, pid)]
    camp = state["active"]
    state["vars"]["rp"][camp] -= ut.rp - ut.rp_reduced
    state["pieces"][pid]["flipped"] = False
    ctx.log(N_("{piece} is brought back to full strength ({value} RP): {rp} RP left",
               piece=rs.piece_name(state, pid), value=ut.rp - ut.rp_reduced,
               rp=state['vars']['rp'][camp]),
            rs.cite("7.2 Purchasing replacements"))


# -- the Breton militia (13) -----------------------------------------------------------------
def militia_owed(rs: LilyErmineModel, state: State) -> Action | None:
    """In a spring round the Bretons must recruit Breton militia while they can (13)."""
    if (state["active"] != "brittany" or rs.season(state["turn"]) != "spring"
            or state["vars"]["rp"].get("brittany") is None):
        return None
    # The first purchase of a Breton Mi that buy_actions lists: its candidates in the
    # same order, the others passed over (nothing of theirs changes the answer).
    facts = None
    counts: dict[tuple[str, ...], int] = {}
    for pid in _candidates(rs, state):
        if rs.nationality(state, pid) != "brittany" or rs.unit_code(state, pid) != "Mi" \
                or why_not_buy(rs, state, pid, False, counts) is not None:
            continue
        if facts is None:
            facts = _zone_facts(rs, state)
        zones, ctl, hostile = facts
        found = open_zones(rs, state, pid, zones, hostile, ctl)
        if found:
            return Action.of("buy", pid, found[0])
    return None


# -- mercenary reinforcements (13) -------------------------------------------------------
def roll_mercenaries(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Spring rounds: one die per contingent of the active camp on the Reinforcements
    Table; the values the table does not know are asked of the players."""
    camp = state["active"]
    if rs.season(state["turn"]) != "spring":
        return
    table = rs.reinforcement_table
    values = rs.sheet_values(state, SHEET)  # the game's copy of the table (Game data)
    asks = []
    for cont in table.contingents.values():
        if cont.camp != camp:
            continue
        row = values.get(cont.id, {})
        mins = tuple(row.get(f"min_die_{k}") for k in range(1, cont.limit + 1))
        res = resolve(ctx, table=data_word(table.name), column=data_word(cont.name), sides=6,
                      zero_based=False,
                      modifiers=[], lookup=lambda d, m=mins, c=cont: c.counters_for(d, m),
                      clamp=table.die,
                      rule=rs.cite(table.rule), who=rs.side(camp).name,
                      describe=lambda r: N_("unknown value") if r is None else counters_text(r))
        if res.result is None:
            asks.append([cont.id, res.modified])
        else:
            _allow(rs, state, ctx, cont.id, int(res.result), res.modified)
    if asks:
        ask_result(ctx, table=data_word(table.name), rule=rs.cite(table.rule),
                   question=N_("read each contingent's column at its die and give the number of "
                               "counters the die allows."))
        state["vars"]["asks"] = asks


def allowance_text(rs: LilyErmineModel, state: State) -> str:
    """``", Swiss: 1 counter may come"`` for the active camp's mercenaries this round."""
    parts = []
    for cid, allowed in sorted(state["vars"].get("allowance", {}).items()):
        cont = rs.reinforcement_table.contingents[cid]
        if cont.camp == state["active"] and allowed["round"] == state["turn"] \
                and allowed["count"] > 0:
            parts.append(N_("{cont}: {counters_text} may come (13)", cont=data_word(cont.name),
                            counters_text=counters_text(allowed['count'])))
    return listing(["", *parts], "; ") if parts else ""


def counters_text(n: int | str) -> str:
    return N_("{n} counter", n=n) if int(n) == 1 else N_("{n} counters", n=n)


def _allow(rs: LilyErmineModel, state: State, ctx: Context, cid: str, n: int, die: int) -> None:
    cont = rs.reinforcement_table.contingents[cid]
    turn = state["turn"]
    arrive = turn
    when = N_("this round")
    if cont.camp == "brittany" and die % 2 == 0:
        arrive, when = turn + 1, N_("next (summer) round, the die being even")
    state["vars"].setdefault("allowance", {})[cid] = {"count": n, "round": arrive}
    if n:
        ctx.log(N_("{cont}: up to {counters_text} may be bought {when}", cont=data_word(cont.name),
                   counters_text=counters_text(n), when=when),
                rs.cite("13 Mercenary reinforcements"))


# The players answer for the unknown values in the R&R phase, before buying the
# contingent's counters (not a blocking procedure: leaving R&R forfeits the question).
def ask_prompt(rs: LilyErmineModel, state: State) -> str | None:
    asks = state["vars"].get("asks") or []
    if not asks:
        return None
    cid, die = asks[0]
    cont = rs.reinforcement_table.contingents[cid]
    return (N_("{reinforcement_table} (13), {cont}: die {die}. Its values are not known to "
               "boardapp: read the printed table and give the number of counters the die allows "
               "(at most {limit}).", reinforcement_table=data_word(rs.reinforcement_table.name),
               cont=data_word(cont.name), die=die, limit=cont.limit))


def ask_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    asks = state["vars"].get("asks") or []
    if asks:
        cid, _ = asks[0]
        for n in range(rs.reinforcement_table.contingents[cid].limit + 1):
            yield Action.of("reinforcements", cid, n)


def answer(rs: LilyErmineModel, state: State, action: Action, ctx: Context) -> None:
    if action not in set(ask_actions(rs, state)):
        raise IllegalActionError(N_("no Reinforcements Table question waits for this answer"),
                                 rs.cite("13 Mercenary reinforcements"))
    cid, die = state["vars"]["asks"].pop(0)
    n = int(action.arg(1))
    ctx.log(N_("{reinforcement_table}, {contingents}, die {die}: the players read "
               "{counters_text} (printed table, given by hand)",
               reinforcement_table=data_word(rs.reinforcement_table.name),
               contingents=data_word(rs.reinforcement_table.contingents[cid].name), die=die,
               counters_text=counters_text(n)),
            rs.cite("13 Mercenary reinforcements"))
    _allow(rs, state, ctx, cid, n, die)


def end_rr(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """Leaving R&R: unanswered questions are dropped (their counters do not come); a
    contingent whose every arrival zone the enemy controls is held off a round and may
    then also enter in a zone adjacent to them (7.1)."""
    asks = state["vars"].get("asks") or []
    if asks:
        names = listing([data_word(rs.reinforcement_table.contingents[c].name)
                         for c, _ in asks])
        ctx.log(N_("Reinforcements Table not answered for {names}: no counters this round",
                   names=names),
                rs.cite("13 Mercenary reinforcements"))
    state["vars"]["asks"] = []
    camp = state["active"]
    for cid, allowed in sorted(state["vars"].get("allowance", {}).items()):
        cont = rs.reinforcement_table.contingents[cid]
        if cont.camp != camp or allowed["round"] != state["turn"] or allowed["count"] <= 0:
            continue
        waiting = [p for p in pieces_at(state, NOT_YET)
                   if rs.nationality(state, p) in cont.nationalities]
        if not waiting or "zones" not in rs.setup_data.arrival.get(
                rs.nationality(state, waiting[0]), {}):
            continue
        if not any(why_not_zone(rs, state, waiting[0], z) is None
                   for z in rs.board_map.areas):
            allowed.update(round=state["turn"] + 1, held=True)
            ctx.log(N_("{cont}: every arrival zone is controlled by the enemy; the "
                       "reinforcements are held off until the following round (then also in an "
                       "adjacent zone)", cont=data_word(cont.name)), rs.cite("7.1"))

