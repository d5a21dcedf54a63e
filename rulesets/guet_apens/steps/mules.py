"""Mules as figures (GA 6.1.5, 6.2, 13.6, 14.8.2, 14.10.3, 14.10.8; the data: see
:mod:`..model.mules`).

- At the set-up the scenario's mules stand in front of their leaders (the holder's
  stonemasons or men first), one leader each; the players may place them by hand.
- While orders are given, a figure touching a mule may take its halter (``lead MULE
  PID``: a friend takes over, an enemy seizes a mule nobody of its side holds), one
  figure may lead both, tied together; a leader at a table edge may lead his mules off
  it (``lead-off MULE``): by the holder's side, the cargo is out by that edge; by the
  other side off any edge but the West, the mule is captured for good (GA 14.8.2).
- After the moves each led mule stands base to base behind its leader, who went at its
  pace (12 cm at a run, GA 6.1.5); a mule whose leader is gone wanders 2D8 (GA 6.2).
- A mule hit by a shot or a blow is the players' (its load is cover, light in VIII-2,
  medium in X): ``mule-killed MULE`` by hand. A figure with a horse touching the dead
  mule loads its cargo (``load MULE PID``): 8 periods touching it, out of the
  hand-to-hand (GA 14.10.3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.ruleset import CounterFace
from boardapp.core.engine.state import State, add_piece, put_piece
from boardapp.core.engine.verbs import verb
from boardapp.core.table.fixed import direction, to_tenths, to_units
from boardapp.core.table.paths import plan_path
from boardapp.core.table.positions import position, set_position
from boardapp.core.table.tableboard import TABLE_PLACE
from boardapp.core.table.together import Figure

from ..model import SIDES, TOUCHING, GuetApensModel
from ..model.movement import loose_animal
from ..model.mules import (
    EDGES,
    MULE,
    MULE_AGILITY,
    MULES,
    clamp,
    distance,
    edge_at,
    led_by,
    mules,
    plays_mules,
    wander,
)
from ..model.words import N_, data_word

LEAD_RULE = "14.8.2"
CARGO_RULE = "14.10.3"
LOAD_PERIODS = 8
"""GA 14.10.3: a killed mule's cargo goes onto a horse in 8 periods."""
LEADERS = ("stonemason", "peasant", "man-at-arms", "sergeant", "archer", "crossbowman")
"""Who leads the mules at the set-up, in this order of roles (the text names the
stonemasons in VIII-2 and nobody in X: the players may change it)."""
COVER = {"light": N_("light cover"), "medium": N_("medium cover")}


def mule_spec(rs: GuetApensModel, state: State) -> dict[str, Any]:
    """The scenario's mules: ``{"side", "count", "cover", "woods"}``, or ``{}``."""
    return dict(rs.scenario_data(state["scenario"]).get("mules") or {})


def mule_name(mid: str) -> Msg:
    return N_("Mule {n}", n=mid.removeprefix("mule"))


def mule_face(rs: GuetApensModel, state: State, pid: str) -> CounterFace:
    """A mule's counter: its holder's colour, its leader and its load's cover."""
    row = mules(state)[pid]
    side = rs.side(str(row["holder"]))
    cover = COVER.get(str(mule_spec(rs, state).get("cover")), N_("light cover"))
    leader = row.get("leader")
    tip = N_("{mule} ({side}): Agility {ag}, 12 cm at a run; its load gives it {cover}; {led}",
             mule=mule_name(pid), side=side.name, ag=MULE_AGILITY, cover=cover,
             led=N_("led by {name}", name=rs.piece_name(state, leader)) if leader
             else N_("loose"))
    return CounterFace(colour=side.colour, text_colour=side.text_colour, title="M",
                       subtitle=N_("mule"), values=(), tooltip=tip,
                       tag=data_word(row["state"]) if row["state"] != "sound" else "")


def place_mules(rs: GuetApensModel, state: State) -> None:
    """At the set-up (GA 14.8.2, 14.10.1): each mule in front of its leader."""
    spec = mule_spec(rs, state)
    if not spec or not (state.get("legacy") or {}).get(MULES, True):
        return
    rows: dict[str, dict[str, Any]] = {}
    for n in range(int(spec.get("count", 2))):
        mid = f"mule{n + 1}"
        rows[mid] = {"holder": spec["side"], "leader": None, "state": "sound", "edge": None,
                     "cargo": None, "loading": None}
        add_piece(state, mid, MULE, TABLE_PLACE)
    state["vars"][MULES] = rows
    give_leaders(rs, state, spec["side"], sorted(rows))


def give_leaders(rs: GuetApensModel, state: State, side: str, mids: list[str]) -> None:
    """``side``'s figures of :data:`LEADERS` first take ``mids``, each mule placed base
    to base in front of its leader (his edge is behind him)."""
    figs = state["vars"]["figs"]
    own = [p for p, f in figs.items() if f["side"] == side and rs.active(state, p)]
    ranked = sorted(own, key=lambda p: (LEADERS.index(figs[p]["role"])
                                        if figs[p]["role"] in LEADERS else len(LEADERS),
                                        _order(p)))
    table = rs.board_map.table  # type: ignore[attr-defined]
    for n, mid in enumerate(mids):
        leader = ranked[n] if n < len(ranked) else None
        mules(state)[mid].update(holder=side, leader=leader)
        at = position(state, leader) if leader else None
        if at is None:
            x, y, facing = table.width / 2, table.depth / 2, 0
        else:
            facing = at[2]
            base = rs.bases(state)[leader]
            fx, fy = direction(base.facing)
            ahead = base.depth / 2 + 2.0 + 0.05
            x, y = clamp(base.x + fx * ahead, base.y + fy * ahead, table.width, table.depth)
        set_position(state, mid, to_units(x), to_units(y), facing)


def cargo_from_sheet(rs: GuetApensModel, state: State, ctx: Context, holder: str | None,
                     count: int | None) -> None:
    """GA 14.10: the players' cargo sheet (the override by hand) applied to the mules on
    the table when an adventure starts: fewer mules left, or held by the other side."""
    if not plays_mules(state):
        return
    rows = mules(state)
    sound = sorted(m for m, r in rows.items() if r["state"] == "sound")
    if count is not None and int(count) < len(sound):
        for mid in sound[int(count):]:
            rows[mid].update(state="dead", leader=None)
            put_piece(state, mid, rs.eliminated_box)
        sound = sound[:int(count)]
    if holder in SIDES and any(rows[m]["holder"] != holder for m in sound):
        give_leaders(rs, state, str(holder), sound)
    ctx.log(N_("The mules on the table: {n}, held by {side}"), rs.cite("14.10"),
            n=len(sound), side=rs.side(str(holder) if holder in SIDES else mule_spec(
                rs, state)["side"]).name)


def _order(pid: str) -> tuple[str, int]:
    return pid[:1], int(pid[1:]) if pid[1:].isdigit() else 0


def _touching(rs: GuetApensModel, state: State, a: str, b: str) -> bool:
    index = rs.index(state)
    return a in index.bases and b in index.bases and b in index.contacts(a, TOUCHING)


def _held(rs: GuetApensModel, state: State, mid: str) -> str | None:
    """The mule's leader if he still holds it (active, touching it), else ``None``."""
    leader = mules(state)[mid].get("leader")
    if leader and rs.active(state, leader) and _touching(rs, state, leader, mid):
        return str(leader)
    return None


def why_not_lead(rs: GuetApensModel, state: State, mid: str,
                 pid: str) -> tuple[Msg, str] | None:
    """``None`` if ``pid`` may take ``mid``'s halter (GA 14.8.2, 14.10.8)."""
    row = mules(state).get(mid)
    if row is None or row["state"] != "sound":
        return N_("{mid}: no mule on the table", mid=repr(mid)), rs.cite(LEAD_RULE)
    if pid not in state["vars"]["figs"] or not rs.active(state, pid):
        return N_("{pid}: no figure able to lead", pid=repr(pid)), rs.cite(LEAD_RULE)
    if row.get("leader") == pid:
        return N_("{name} leads it already", name=rs.piece_name(state, pid)), \
            rs.cite(LEAD_RULE)
    tied = [m for m in led_by(state, pid) if _touching(rs, state, m, mid)]
    if not _touching(rs, state, pid, mid) and not tied:
        return N_("{name} is not base to base with {mule}", name=rs.piece_name(state, pid),
                  mule=mule_name(mid)), rs.cite(LEAD_RULE)
    held = _held(rs, state, mid)
    if held and rs.piece_side(state, held) != rs.piece_side(state, pid):
        return N_("{name} holds {mule}: fight him first", name=rs.piece_name(state, held),
                  mule=mule_name(mid)), rs.cite(LEAD_RULE)
    return None


def why_not_lead_off(rs: GuetApensModel, state: State, mid: str) -> tuple[Msg, str] | None:
    """``None`` if ``mid``'s leader stands at a table edge with it."""
    row = mules(state).get(mid)
    if row is None or row["state"] != "sound":
        return N_("{mid}: no mule on the table", mid=repr(mid)), rs.cite(LEAD_RULE)
    held = _held(rs, state, mid)
    if held is None:
        return N_("nobody leads {mule}", mule=mule_name(mid)), rs.cite(LEAD_RULE)
    table = rs.board_map.table  # type: ignore[attr-defined]
    if edge_at(rs.bases(state)[held], table.width, table.depth) is None:
        return N_("{name} is not at a table edge", name=rs.piece_name(state, held)), \
            rs.cite(LEAD_RULE)
    return None


def why_not_load(rs: GuetApensModel, state: State, mid: str,
                 pid: str) -> tuple[Msg, str] | None:
    row = mules(state).get(mid)
    if row is None or row["state"] != "dead" or row.get("cargo") or \
            position(state, mid) is None:
        return N_("{mid}: no killed mule with its cargo here", mid=repr(mid)), \
            rs.cite(CARGO_RULE)
    if pid not in state["vars"]["figs"] or not rs.active(state, pid):
        return N_("{pid}: no figure able to load", pid=repr(pid)), rs.cite(CARGO_RULE)
    f = rs.fig(state, pid)
    if not f.get("horse") or (f["horse"].get("state") == "dead") or not (
            rs.mounted(state, pid) or f["horse"].get("beside")):
        return N_("{name} has no horse to load", name=rs.piece_name(state, pid)), \
            rs.cite(CARGO_RULE)
    if (row.get("loading") or {}).get("by") == pid:
        return N_("{name} is loading it already", name=rs.piece_name(state, pid)), \
            rs.cite(CARGO_RULE)
    if not _touching(rs, state, pid, mid):
        return N_("{name} is not base to base with {mule}", name=rs.piece_name(state, pid),
                  mule=mule_name(mid)), rs.cite(CARGO_RULE)
    return None


def _mule_label(text: Msg):
    return lambda rs, state, a: N_(text, mule=mule_name(a.arg(0)),
                                   name=rs.piece_name(state, a.arg(1))
                                   if len(a.args) > 1 else "")


class MuleKilled:
    """A mule killed, by hand (a mixin of the steps where shots and blows fall)."""

    def manual_actions(self, rs: GuetApensModel, state: State, frame: Frame
                       ) -> Iterator[Action]:
        for mid, row in sorted(mules(state).items()) if plays_mules(state) else ():
            if row["state"] == "sound":
                yield Action("mule-killed", (mid,))

    @verb("mule-killed", piece=0, manual=True,
          label=_mule_label(N_("{mule} is killed (by hand)")))
    def on_mule_killed(self, rs: GuetApensModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        mid = action.arg(0)
        row = mules(state).get(mid)
        if row is None or row["state"] != "sound":
            raise IllegalActionError(N_("{mid}: no mule on the table", mid=repr(mid)))
        row["state"], row["leader"] = "dead", None
        cover = COVER.get(str(mule_spec(rs, state).get("cover")), N_("light cover"))
        ctx.log(N_("By hand: {mule} is killed (its load gave it {cover}); its cargo must go "
                   "onto a horse"), rs.cite(CARGO_RULE), mule=mule_name(mid), cover=cover)


class MuleOrders(MuleKilled):
    """The mules' actions while orders are given (a mixin of the orders step)."""

    def mule_actions(self, rs: GuetApensModel, state: State, side: str) -> Iterator[Action]:
        if not plays_mules(state):
            return
        figs = state["vars"]["figs"]
        for mid, row in sorted(mules(state).items()):
            if row["state"] == "sound":
                for pid in sorted(figs, key=_order):
                    if figs[pid]["side"] == side and why_not_lead(rs, state, mid, pid) is None:
                        yield Action("lead", (mid, pid))
                held = _held(rs, state, mid)
                if held and rs.piece_side(state, held) == side and \
                        why_not_lead_off(rs, state, mid) is None:
                    yield Action("lead-off", (mid,))
            elif row["state"] == "dead":
                for pid in sorted(figs, key=_order):
                    if figs[pid]["side"] == side and why_not_load(rs, state, mid, pid) is None:
                        yield Action("load", (mid, pid))

    @verb("lead", piece=0, hand=True,
          label=_mule_label(N_("{name} takes {mule}'s halter")))
    def on_lead(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        mid, pid = action.arg(0), action.arg(1)
        row = mules(state)[mid]
        side = rs.piece_side(state, pid)
        was = row["holder"]
        row["leader"], row["holder"] = pid, side
        ctx.log(N_("{name} leads {mule}") if was == side else
                N_("{name} seizes {mule} from {side}"), rs.cite(LEAD_RULE),
                name=rs.piece_name(state, pid), mule=mule_name(mid),
                side=rs.side(was).name)

    @verb("lead-off", piece=0, hand=True, label=_mule_label(N_("Lead {mule} off the table")))
    def on_lead_off(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        mid = action.arg(0)
        lead_off(rs, state, ctx, mid)

    @verb("load", piece=0, hand=True,
          label=_mule_label(N_("{name} loads {mule}'s cargo on his horse (8 periods)")))
    def on_load(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        mid, pid = action.arg(0), action.arg(1)
        mules(state)[mid]["loading"] = {"by": pid, "since": int(state["turn"])}
        ctx.log(N_("{name} begins to load {mule}'s cargo on his horse: {n} periods"),
                rs.cite(CARGO_RULE), name=rs.piece_name(state, pid), mule=mule_name(mid),
                n=LOAD_PERIODS)


def lead_off(rs: GuetApensModel, state: State, ctx: Context, mid: str) -> None:
    """The leader leads his mules (``mid`` and any tied to it) off the edge he stands at
    (checked before), and goes with them."""
    leader = str(mules(state)[mid]["leader"])
    table = rs.board_map.table  # type: ignore[attr-defined]
    edge = edge_at(rs.bases(state)[leader], table.width, table.depth)
    side = rs.piece_side(state, leader)
    for m in led_by(state, leader):
        mules(state)[m].update(state="out", edge=edge, holder=side)
        put_piece(state, m, rs.eliminated_box)
        taken = side != mule_spec(rs, state).get("side") and edge != "W"
        ctx.log(N_("{name} leads {mule} off the {edge} edge: captured for good") if taken
                else N_("{name} leads {mule} off the {edge} edge with its cargo"),
                rs.cite(LEAD_RULE), name=rs.piece_name(state, leader), mule=mule_name(m),
                edge=EDGE_WORDS[str(edge)])
    f = rs.fig(state, leader)
    f["states"] = sorted(set(f["states"]) | {"out"})
    f["exited"] = edge
    put_piece(state, leader, rs.eliminated_box)


EDGE_WORDS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
assert set(EDGE_WORDS) == set(EDGES)


def movers_apart(state: State) -> set[str]:
    """The mules that move with their leaders (not obstacles to them)."""
    return {m for m, row in mules(state).items() if row.get("state") == "sound" and
            row.get("leader")} if plays_mules(state) else set()


def follow(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """After the moves: each led mule whose leader moved is drawn after him, base to
    base on the line from him to where it stood (tied mules in a file, each after the
    one before, GA 14.10.8); a mule whose leader fell or left is loose (GA 6.2)."""
    if not plays_mules(state):
        return
    table = rs.board_map.table  # type: ignore[attr-defined]
    moved = state["vars"].get("moved") or {}
    for mid, row in sorted(mules(state).items()):
        leader = row.get("leader")
        if row["state"] != "sound" or not leader:
            continue
        if not rs.active(state, leader) or position(state, leader) is None:
            row["leader"] = None
            ctx.log(N_("{mule} has nobody to lead it: it is loose"), rs.cite("6.2"),
                    mule=mule_name(mid))
    bases = rs.bases(state)
    for leader in sorted({str(r["leader"]) for r in mules(state).values()
                          if r["state"] == "sound" and r.get("leader")}):
        if not moved.get(leader) or leader not in bases:
            continue
        anchor = bases[leader]
        for mid in led_by(state, leader):
            if mid not in bases:
                continue
            b = bases[mid]
            gap = max(anchor.depth, anchor.width) / 2 + b.depth / 2 + 0.05
            d = distance((anchor.x, anchor.y), (b.x, b.y)) or 1.0
            x = anchor.x + (b.x - anchor.x) / d * gap
            y = anchor.y + (b.y - anchor.y) / d * gap
            x, y = clamp(x, y, table.width, table.depth)
            set_position(state, mid, to_units(x), to_units(y), to_tenths(bases[leader].facing))
            anchor = rs.bases(state)[mid]


def wander_loose(rs: GuetApensModel, state: State, ctx: Context, run: Any) -> None:
    """GA 6.2: each loose mule rolls 2D8, the first its cm, the second its direction (the
    faces' directions are not printed: the data's default); ``run`` carries the moves
    out (:func:`.carry._run`)."""
    if not plays_mules(state):
        return
    table = rs.board_map.table  # type: ignore[attr-defined]
    bases = rs.bases(state)
    figures: dict[str, Figure] = {}
    for mid, row in sorted(mules(state).items()):
        if row["state"] != "sound" or row.get("leader") or mid not in bases:
            continue
        cm, degrees = loose_animal(ctx.roll(8), ctx.roll(8))
        b = bases[mid]
        x, y, heading = wander(b.x, b.y, b.facing, cm, degrees)
        x, y = clamp(x, y, table.width, table.depth)
        plan = plan_path(table, [(b.x, b.y), (x, y)], {"light": 0.0, "medium": 0.0})
        ctx.log(N_("{mule} is loose: 2D8 gives {cm} cm at {degrees}°"), rs.cite("6.2"),
                mule=mule_name(mid), cm=cm, degrees=f"{degrees:g}")
        if plan.refused is None:
            figures[mid] = Figure(rs.piece_side(state, mid), b, plan, float(cm), heading)
    if figures:
        for pid, base in bases.items():
            figures.setdefault(pid, Figure(rs.piece_side(state, pid), base))
        run(rs, state, ctx, figures, N_("Loose mules"), rs.cite("6.2"))


def cargo_tick(rs: GuetApensModel, state: State, ctx: Context) -> None:
    """At the start of a period: a cargo being loaded goes on if its loader stays base
    to base with the mule and out of the hand-to-hand; after 8 periods it is on his
    horse (GA 14.10.3)."""
    if not plays_mules(state):
        return
    for mid, row in sorted(mules(state).items()):
        job = row.get("loading")
        if not job:
            continue
        pid = job["by"]
        if not rs.active(state, pid) or not _touching(rs, state, pid, mid) or \
                rs.enemies_in_contact(state, pid):
            row["loading"] = None
            ctx.log(N_("{name} stops loading {mule}'s cargo"), rs.cite(CARGO_RULE),
                    name=rs.piece_name(state, pid), mule=mule_name(mid))
            continue
        if int(state["turn"]) - int(job["since"]) >= LOAD_PERIODS:
            row["cargo"], row["loading"] = pid, None
            row["holder"] = rs.piece_side(state, pid)
            ctx.log(N_("{mule}'s cargo is on {name}'s horse after {n} periods"),
                    rs.cite(CARGO_RULE), mule=mule_name(mid), name=rs.piece_name(state, pid),
                    n=LOAD_PERIODS)


def tally(state: State) -> dict[str, dict[str, int]]:
    """Per side: mules (or their cargo on a horse) it holds on the table, and led out by
    each edge (for the victory checks and the campaign's cargo sheet)."""
    out: dict[str, dict[str, int]] = {s: {"table": 0, "out": 0, "E": 0} for s in SIDES}
    figs = state["vars"]["figs"]
    for row in mules(state).values():
        side = row.get("holder")
        if side not in out:
            continue
        if row["state"] == "out":
            out[side]["out"] += 1
            out[side][str(row.get("edge"))] = out[side].get(str(row.get("edge")), 0) + 1
        elif row["state"] == "sound" or (row.get("cargo") and not set(
                figs[row["cargo"]]["states"]) & {"dead", "captured"}):
            out[side]["table"] += 1
    return out


def cargo_row(state: State) -> dict[str, Any] | None:
    """What the table says of the cargo for the campaign's sheet (GA 14.10): the side
    holding most of the mules left (on the table or led out), and how many are left;
    ``None`` without mules on the table."""
    if not plays_mules(state):
        return None
    t = tally(state)
    held = {s: t[s]["table"] + t[s]["out"] for s in SIDES}
    holder = max(SIDES, key=lambda s: (held[s], s == "a"))
    return {"holder": holder, "count": sum(held.values())}


def summary(rs: GuetApensModel, state: State) -> Msg | None:
    """The mules as the table has them, for the end of a scenario (GA 14.8.2, 14.10)."""
    if not plays_mules(state):
        return None
    t = tally(state)
    return N_("Mules: {a} holds {ta} on the table and led {oa} out ({ea} by the East); {b} "
              "holds {tb} and led {ob} out ({eb} by the East)", a=rs.side("a").name,
              b=rs.side("b").name, ta=t["a"]["table"], oa=t["a"]["out"], ea=t["a"]["E"],
              tb=t["b"]["table"], ob=t["b"]["out"], eb=t["b"]["E"])

