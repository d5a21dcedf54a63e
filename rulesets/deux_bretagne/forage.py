"""Forage (rules 8.16): an army of 5 to 8 units pillages a city on its way.

The moving player chooses a city the army passed through or stopped in that has no
pillage marker yet; it gets one (after any battle there). If there is none, the army loses
a step, a Me unit first, else a Ch (8.16); its player chooses which. Pillage markers are listed in
``state["vars"]["pillage"]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece

from . import movement
from .battle import remove_steps
from .siege import step_loss

if TYPE_CHECKING:
    from .rules import DeuxBretagne

FORAGE_SIZE = (5, 8)


def must_forage(unit_count: int) -> bool:
    """Whether an army of ``unit_count`` combat units forages (8.16)."""
    return FORAGE_SIZE[0] <= unit_count <= FORAGE_SIZE[1]


def forage_cities(rs: DeuxBretagne, state: State, frame: Frame) -> list[str]:
    """Cities of the move that may be pillaged: no pillage marker yet, not a box."""
    seen: list[str] = []
    for place in frame["vars"]["cities"]:
        if (place in rs.board_map.areas and place not in state["vars"]["pillage"]
                and place not in seen):
            seen.append(place)
    return seen


def assault_instead(rs: DeuxBretagne, state: State, frame: Frame) -> str | None:
    """The city where the army stopped, if it may make a siege roll there now: it then
    need not forage (10.2)."""
    cities = frame["vars"]["cities"]
    dest = cities[-1] if cities and not frame["vars"].get("no_assault") else None
    if dest is None or dest not in rs.board_map.areas:
        return None
    from .cards import siege_refusal
    from .siege import can_assault

    side = frame["side"]
    if side != state["active"] or siege_refusal(rs, state, side):
        return None
    return dest if can_assault(rs, state, dest, side) is None else None


def army_lost(rs: DeuxBretagne, state: State, frame: Frame, ctx: Context) -> None:
    """8.161: an army eliminated by combat and foraging together leaves its leaders alive
    where it would have retreated: one that won its battle but is lost to foraging while
    enemy units remain in the city has lost the battle, and its leaders retreat to the
    city it came from (9.53)."""
    v = frame["vars"]
    cities = v["cities"]
    if not cities or any(state["pieces"][p]["loc"] != rs.eliminated_box for p in v["units"]):
        return
    dest = cities[-1]
    leaders = [p for p in v.get("leaders", []) if state["pieces"][p]["loc"] == dest]
    side = frame["side"]
    friends = [p for p in pieces_at(state, dest) if rs.piece_side(state, p) == side
               and not rs.is_leader(state, p)]
    back = cities[-2] if len(cities) > 1 else v.get("start")
    if not leaders or friends or back is None or not movement.enemy_units_at(
            rs, state, dest, side):
        return
    for pid in leaders:
        put_piece(state, pid, back)
    ctx.log(f"The army is lost to combat and foraging while enemy units remain in "
            f"{rs.board_map.place_name(dest)}: it has lost the battle, "
            f"{rs.names(state, leaders)} retreat to {rs.board_map.place_name(back)}",
            rs.cite("8.161, 9.53"))


class Forage(Step):
    """The moving player picks the city his army pillages (8.16)."""

    name = "forage"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"].get("after_battle"):
            self._settle(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._settle(rs, state, frame, ctx, flow)

    def _settle(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
                flow: Flow) -> None:
        frame["vars"]["after_battle"] = False
        if frame["vars"].get("stepped"):  # the step chosen by the player is lost
            army_lost(rs, state, frame, ctx)
            flow.end(rs, state, ctx)
            return
        if assault_instead(rs, state, frame):
            return  # the player chooses: forage, or assault and not forage (10.2)
        alive = [p for p in frame["vars"]["units"]
                 if state["pieces"][p]["loc"] not in (rs.eliminated_box,)]
        if not alive:
            flow.end(rs, state, ctx)
            return
        options = forage_cities(rs, state, frame)
        if not options:
            kinds = {p: rs.piece_type(state, p).id for p in alive}
            mech = ([p for p in alive if kinds[p].endswith("-me")]  # Me first, then Ch
                    + [p for p in alive if "-ch-" in kinds[p]])
            first = [p for p in mech if kinds[p].endswith("-me")] or mech
            if not mech:
                ctx.log("The army finds nothing left to forage (no Me or Ch to lose a step)",
                        rs.cite("8.16"))
            elif len(first) == 1:
                ctx.log(f"The army finds nothing left to forage: "
                        f"{remove_steps(rs, state, mech[0], 1)}", rs.cite("8.16"))
                army_lost(rs, state, frame, ctx)
            else:  # several Me (or, without Me, several Ch): the player chooses
                frame["vars"]["stepped"] = True
                flow.call(rs, state, ctx, "step-losses", side=frame["side"], pending=[
                    step_loss(frame["side"], 1, first, "Nothing left to forage",
                              rs.cite("8.16"))])
                return
            flow.end(rs, state, ctx)
        elif len(options) == 1:
            self._pillage(rs, state, options[0], ctx)
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        instead = (" — or make a siege roll instead, then it need not forage (10.2)"
                   if assault_instead(rs, state, frame) else "")
        return (f"{rs.side(frame['side']).name}: your army of 5+ units must forage — choose "
                f"the city it pillages{instead} ({rs.cite('8.16')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        if frame["vars"].get("after_battle"):
            return
        for place in forage_cities(rs, state, frame):
            yield Action("forage", (place,))
        dest = assault_instead(rs, state, frame)
        if dest:
            yield Action("assault-instead", (dest,))
            if not forage_cities(rs, state, frame):
                yield Action("forage-none")

    def on_forage_none(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        frame["vars"]["no_assault"] = True  # nothing left: the step of 8.16
        self._settle(rs, state, frame, ctx, flow)

    def on_assault_instead(self, rs: DeuxBretagne, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        from .siege import do_assault

        area = action.args[0]
        ctx.log(f"The army makes a siege roll at {rs.board_map.place_name(area)}: an army "
                "activated for an assault does not forage", rs.cite("10.2"))
        flow.end(rs, state, ctx)
        do_assault(rs, state, area, ctx, flow)

    def on_forage(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        self._pillage(rs, state, action.args[0], ctx)
        flow.end(rs, state, ctx)

    @staticmethod
    def _pillage(rs: DeuxBretagne, state: State, place: str, ctx: Context) -> None:
        state["vars"]["pillage"].append(place)
        ctx.log(f"The army forages: pillage marker on {rs.board_map.place_name(place)}",
                rs.cite("8.16"))


FORAGE_STEPS = (Forage,)
