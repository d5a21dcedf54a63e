"""The strategic movement phase (rules 8, 13): armies move one at a time with their
commander's MP, pick up and drop off units, stop on entering an occupied enemy zone;
the Bretons' maritime movement (the predicates in :mod:`..model.base`)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.board.movement import Reach
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel, armies
from ..model.base import ROUGH, Why
from ..model.tactical import KIND_NAMES
from ..words import N_
from .common import GarrisonVerb, LilyPhase, piece_label


def _sail_label(rs: LilyErmineModel, state: State, action: Action) -> str:
    """``Sail names to zone (13)``: on the destination's menu, where a drag would be a land
    move (a zone both by land and by sea)."""
    return (N_("Sail {names} to {place} (13)", names=rs.names(state, action.pieces(0)),
               place=rs.board_map.place_name(action.arg(1))))


def _sail_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    """Sea moves of single counters and of each commander with one unit (13)."""
    if state["active"] != "brittany" or state["vars"].get("sailed"):
        return
    ports = sorted(z for z, a in rs.board_map.areas.items() if a.port)
    for zone in ports:
        own = rs.own_at(state, zone, "brittany")
        groups = [[p] for p in own]
        cmds = [p for p in own if rs.is_commander(state, p)]
        groups += [[c, u] for c in cmds[:1] for u in own if u not in cmds]
        for group in groups:
            for dest in ports:
                if rs.why_not_sail(state, group, dest) is None:
                    yield Action.of("sail", group, dest)


def _drop(rs: LilyErmineModel, state: State, pids: list[str], ctx: Context) -> None:
    v = state["vars"]
    for p in pids:
        v["moving"]["pieces"].remove(p)
        v["moved"].append(p)
        if v["moving"]["rough"]:
            v["rough"].append(p)
    ctx.log(N_("{names} left in {place}", names=rs.names(state, pids),
               place=rs.board_map.place_name(v['moving']['zone'])), rs.cite("8 Procedure"))


def _end_army_move(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    v = state["vars"]
    moving = v["moving"]
    v["moved"].extend(p for p in moving["pieces"] if p not in v["moved"])
    if moving["rough"]:
        v["rough"].extend(moving["pieces"])
    v["moving"] = None
    ctx.log(N_("{piece}'s army ends its movement",
               piece=rs.piece_name(state, moving['commander'])),
            rs.cite("8 Overview"))
    armies.consolidate(rs, state, ctx, moving["zone"], state["active"], moving["pieces"])


def _why_not_pick_up(rs: LilyErmineModel, state: State, pid: str) -> Why:
    moving = state["vars"]["moving"]
    if pid not in state["pieces"]:
        return N_("no piece {pid}", pid=repr(pid)), rs.cite("8 Procedure")
    if not moving:
        return N_("no army is moving: units are picked up on the way"), rs.cite("8 Procedure")
    if state["pieces"][pid]["loc"] != moving["zone"]:
        return N_("{piece} is not where the army is",
                  piece=rs.piece_name(state, pid)), rs.cite("8 Procedure")
    if rs.piece_side(state, pid) != state["active"] or rs.is_commander(state, pid):
        return (N_("{piece} is not a unit of the moving camp", piece=rs.piece_name(state, pid)),
                rs.cite("8 Procedure"))
    if pid in state["vars"]["moved"] or pid in moving["pieces"]:
        return N_("{piece} has already moved",
                  piece=rs.piece_name(state, pid)), rs.cite("8 Procedure")
    return None


class MovementPhase(GarrisonVerb, LilyPhase):
    """Strategic movement (8): drag an army, pick up units, End move; the Bretons may
    sail once a round (13)."""

    name = "movement"
    predicate_verbs = ("move", "sail")

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        self.announce(rs, state, ctx)

    def phase_prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        head = self.head(rs, state)
        moving = state["vars"]["moving"]
        if moving:
            return (N_("{head}: {piece}'s army has {mp_left} MP left: drag it on, pick up units, "
                       "or End move (8).", head=head,
                       piece=rs.piece_name(state, moving['commander']), mp_left=moving['mp_left']))
        return N_("{head}: drag an army (a commander and its units), then Next phase (8).",
                  head=head)

    def phase_actions(self, rs: LilyErmineModel, state: State,
                      frame: Frame) -> Iterator[Action]:
        return self._listing(rs, state, None)

    def phase_actions_of(self, rs: LilyErmineModel, state: State, frame: Frame,
                         verb_name: str) -> Iterator[Action]:
        return (a for a in self._listing(rs, state, verb_name) if a.verb == verb_name)

    @staticmethod
    def _listing(rs: LilyErmineModel, state: State, verb_name: str | None) -> Iterator[Action]:
        """The phase's actions; with ``verb_name``, the moves, sea moves and garrisons
        are listed only for their own verbs."""
        v = state["vars"]
        moving = v["moving"]
        if moving:
            for p in pieces_at(state, moving["zone"]):
                if (p not in moving["pieces"] and p not in v["moved"]
                        and not rs.is_commander(state, p)
                        and rs.piece_side(state, p) == state["active"]):
                    yield Action.of("pick-up", p)
            if verb_name in (None, "move"):
                group = ",".join(moving["pieces"])  # Action.of's word for the list
                for dest in sorted(rs.move_reach(state, moving["pieces"])):
                    yield Action("move", (group, dest))
            yield Action("end-move")
            return
        searches: dict = {}  # one search per start, MP and militia in this position
        enemy = (rs.occupied_by(state, rs.other(state["active"]))  # where moves stop (8)
                 if verb_name in (None, "move") else None)
        for zone in rs.occupied(state) if verb_name in (None, "move") else ():
            own = [p for p in rs.own_at(state, zone, state["active"]) if p not in v["moved"]]
            if rs.commander_of(state, own) is None:
                continue
            for part in (own, *armies.split_moves(rs, state, zone, own)):
                group = ",".join(part)  # Action.of's word for the list
                for dest in sorted(rs.move_reach(state, part, searches, enemy)):
                    yield Action("move", (group, dest))
        if verb_name in (None, "sail"):
            yield from _sail_actions(rs, state)
        if verb_name in (None, "garrison"):
            yield from armies.garrison_actions(rs, state)
        yield Action("next-phase")

    def refusal(self, rs: LilyErmineModel, state: State, frame: Frame,
                action: Action) -> Why:
        verb_name = action.verb
        if verb_name == "move":
            return rs.why_not_move_to(state, action.pieces(0), action.arg(1))
        if verb_name == "sail":
            return rs.why_not_sail(state, action.pieces(0), action.arg(1))
        if verb_name == "pick-up":
            return _why_not_pick_up(rs, state, action.arg(0))
        if verb_name == "end-move" and not state["vars"]["moving"]:
            return N_("no army is moving"), rs.cite("8")
        if verb_name == "garrison":
            return armies.why_not_garrison(rs, state, action.arg(0))
        if verb_name == "next-phase" and state["vars"]["moving"]:
            return (N_("an army must complete its movement first (End move)"),
                    rs.cite("8 Overview"))
        return super().refusal(rs, state, frame, action)

    def drag_action(self, rs: LilyErmineModel, state: State, frame: Frame,
                    pieces: list[str], dest: str) -> Action | None:
        """A land move, or a sea move for the Bretons when only that is legal (13)."""
        action = Ruleset.move_action(rs, state, pieces, dest)
        if (action.verb == "move" and rs.why_not_move_to(state, pieces, dest) is not None
                and rs.why_not_sail(state, pieces, dest) is None):
            return Action.of("sail", pieces, dest)
        return action

    def reach(self, rs: LilyErmineModel, state: State, frame: Frame,
              pieces: list[str]) -> dict[str, Reach]:
        return rs.move_reach(state, pieces)

    @verb("move", drag=True)
    def on_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        reach = rs.move_reach(state, pieces)[dest]
        v = state["vars"]
        camp = state["active"]
        budget, extra, note = rs.army_budget(state, pieces)
        moving = v["moving"]
        if not moving:
            cid = rs.commander_of(state, pieces)
            assert cid is not None
            moving = v["moving"] = {"commander": cid, "pieces": list(pieces), "mp_left": budget,
                                    "zone": state["pieces"][cid]["loc"], "rough": False,
                                    "stopped": False}
            if extra:
                ctx.log(N_("{piece}: {note}", piece=rs.piece_name(state, cid), note=note),
                        rs.cite("8 Procedure"))
        else:
            dropped = [p for p in moving["pieces"] if p not in pieces]
            if dropped:
                _drop(rs, state, dropped, ctx)
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        moving["mp_left"] -= reach.cost
        moving["zone"] = dest
        bmap = rs.board_map
        if any(bmap.areas[z].terrain in ROUGH for z in reach.path[1:]):
            moving["rough"] = True
        route = " → ".join(bmap.place_name(z) for z in reach.path)
        ctx.log(N_("{names} move {route} ({cost} MP, {mp_left} left)",
                   names=rs.names(state, pieces), route=route, cost=reach.cost,
                   mp_left=moving['mp_left']), rs.cite("8 Procedure"))
        for z in reach.path[1:]:
            if (rs.is_objective(z) and not rs.enemy_occupied(state, z, camp)
                    and state["control"].get(z) != camp):
                state["control"][z] = camp
                ctx.log(N_("{side} control marker placed in {place}", side=rs.side(camp).name,
                           place=bmap.place_name(z)), rs.cite("5, 8"))
        if reach.stops:
            kind = rs.combat_kind(state, dest, camp)
            v["markers"][dest] = kind
            moving["stopped"] = True
            ctx.log(N_("The army enters an occupied enemy zone and stops: {kind} marker in "
                       "{place}", kind=KIND_NAMES.get(kind, kind), place=bmap.place_name(dest)),
                    rs.cite("8 Procedure, 10"))
        if moving["stopped"] or moving["mp_left"] <= 0:
            _end_army_move(rs, state, ctx)

    @verb("sail", drag=True, area=1, label=_sail_label, logs=True)
    def on_sail(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pieces, dest = action.pieces(0), action.arg(1)
        start = state["pieces"][pieces[0]]["loc"]
        for pid in reversed(pieces):
            put_piece(state, pid, dest)
        state["vars"]["sailed"] = True
        bmap = rs.board_map
        ctx.log(N_("{names} sail from {place} to {place2}", names=rs.names(state, pieces),
                   place=bmap.place_name(start), place2=bmap.place_name(dest)),
                rs.cite("13 Maritime movement"))
        if rs.enemy_occupied(state, dest, "brittany"):
            kind = rs.combat_kind(state, dest, "brittany")
            state["vars"]["markers"][dest] = kind
            words = {"battle": N_("Battle marker in {place}"),
                     "siege": N_("Siege marker in {place}")}.get(kind)
            ctx.log(words or N_("{kind} marker in {place}", kind=kind.capitalize()),
                    rs.cite("8 Procedure, 10"), place=bmap.place_name(dest))

    @verb("pick-up", piece=0, decisions=True, label=piece_label(N_("Pick up {0}")))
    def on_pick_up(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        moving = state["vars"]["moving"]
        moving["pieces"].append(pid)
        ctx.log(N_("{piece}'s army picks up {piece2} at no cost",
                   piece=rs.piece_name(state, moving['commander']),
                   piece2=rs.piece_name(state, pid)), rs.cite("8 Procedure"))

    @verb("end-move", label=N_("End move"))
    def on_end_move(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        _end_army_move(rs, state, ctx)


STEPS = (MovementPhase,)
