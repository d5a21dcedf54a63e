"""Regular combat in Les Deux Bretagne (rules 9.x) as steps of the core flow.

battle            (automatic) strengths 9.21, chits 9.22, modifiers 9.23, columns 9.24,
                  both rolls 9.25; then the players' chit choices if any.
join-battle       a support army's player picks the besieged units that join it (10.16).
commander-choice  the defender picks his commander among leaders of equal VC (9.23).
chit-choice       a player picks how a chit helps him (T6, T8, T11, T12, T16).
losses            each side picks its losses among the legal combinations (9.26, 9.3);
                  a forced choice is applied at once.
aftermath         (automatic) winner 9.27, leaders captured or killed 9.28/9.4, 9.43.
flanking          T7: Blois picks the Montfort unit that loses one more step.
retreat           the defender picks where to retreat (9.54); the attacker goes back
                  where it came from (9.53), after one more step if it sailed to an enemy
                  port (8.152); control of the area (9.29, 3.3); T2 after the battle.
retreat-excess    units over the stacking limit after a retreat are eliminated (9.54).
return-leader     next turn, the leader withdrawn by T2 comes back (9.221).

The same steps fight the battle between loyal units and new Marauders (12.433), inside
the fortress when they were besieged (``within``). Marauders are independent (2.1):
their choices are made by boardapp, taking the first legal option, and logged.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve

from . import movement
from .data import DATA_DIR

if TYPE_CHECKING:
    from .rules import DeuxBretagne

TABLES = load_yaml_file(DATA_DIR / "tables.yaml")
STACK_LIMIT = 8  # 7.21
PRO_MONTFORT = {"T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18"}
REMOVED_AFTER_USE = {"T6", "T10"}
CHOICE_CHITS = {"T16": "montfort", "T6": "blois", "T8": "blois", "T11": "montfort",
                "T12": "montfort"}  # asked in this order
MANUAL_CHITS: dict[str, str] = {}  # chits whose effect is applied by hand (none left)


def other(side: str) -> str:
    """The opposing player side."""
    return "montfort" if side == "blois" else "blois"


def does(rs: DeuxBretagne, side: str, verb: str, start: bool = True) -> str:
    """"Blois attacks", but "The Marauders attack" (a band, not a player); ``start``:
    at the start of a sentence."""
    if side in rs.player_sides:
        return f"{rs.side(side).name} {verb}"
    the = "The" if start else "the"
    return f"{the} {rs.side(side).name} {verb[:-1] if verb.endswith('s') else verb}"


def column_index(strength: int) -> int:
    """The combat table column for ``strength`` (9.24); 0 uses the first column."""
    index = 0
    for i, low in enumerate(TABLES["combat_table"]["column_minimum"]):
        if strength >= low:
            index = i
    return index


def chits_to_draw(total: int) -> int:
    """How many tactical chits the total of all combat factors draws (9.22)."""
    count = 1
    for low, n in TABLES["tactical_chits_drawn"]["thresholds"]:
        if total >= low:
            count = n
    return count


def loss_options(rs: DeuxBretagne, state: State, units: list[str],
                 target: int) -> list[dict[str, int]]:
    """The legal loss allocations for ``target`` losses (9.3): exactly the loss number
    when some combination makes it, else as close as possible below it. Each option maps
    unit -> steps lost."""
    if target <= 0 or not units:
        return [{}]
    choices = []
    for pid in units:
        t = rs.piece_type(state, pid)
        if rs.is_reduced(state, pid):
            choices.append([(0, 0), (1, t.loss[1])])
        else:
            choices.append([(0, 0), (1, t.loss[0]), (2, t.loss[0] + t.loss[1])])
    best: list[dict[str, int]] = []
    best_total = -1
    for combo in itertools.product(*choices):
        total = sum(v for _, v in combo)
        if total > target or total < best_total:
            continue
        option = {pid: steps for pid, (steps, _) in zip(units, combo, strict=True) if steps}
        if total > best_total:
            best, best_total = [option], total
        else:
            best.append(option)
    return best


def loss_action(option: dict[str, int]) -> Action:
    """The action text of a loss allocation: ``losses a=1,b=2`` or ``losses none``."""
    if not option:
        return Action("losses", ("none",))
    return Action("losses", (",".join(f"{p}={n}" for p, n in sorted(option.items())),))


def remove_steps(rs: DeuxBretagne, state: State, pid: str, steps: int) -> str:
    """Take ``steps`` steps from unit ``pid``; return what happened in words."""
    name = rs.piece_name(state, pid)
    for _ in range(steps):
        if rs.is_reduced(state, pid):
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            state["pieces"][pid]["flipped"] = False
            return f"{name} eliminated"
        state["pieces"][pid]["flipped"] = True
    return f"{name} reduced"


def _units(rs: DeuxBretagne, state: State, area: str, side: str,
           within: bool = False) -> list[str]:
    """The side's combat units in the battle: those not inside the fortress (9.21), or,
    for a battle fought inside it (``within``, 12.433), those inside."""
    inner = movement.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)
            and (p in inner) == within]


def _leaders(rs: DeuxBretagne, state: State, area: str, side: str,
             within: bool = False) -> list[str]:
    """The side's leaders in the battle: those not inside the fortress (or inside)."""
    inner = movement.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)
            and (p in inner) == within]


def fighting_units(rs: DeuxBretagne, state: State, v: dict[str, Any], side: str) -> list[str]:
    """``side``'s combat units in the battle described by ``v``."""
    return _units(rs, state, v["area"], side, v.get("within", False))


def fighting_leaders(rs: DeuxBretagne, state: State, v: dict[str, Any],
                     side: str) -> list[str]:
    """``side``'s leaders in the battle described by ``v``."""
    return _leaders(rs, state, v["area"], side, v.get("within", False))


def _commander(rs: DeuxBretagne, state: State, leaders: list[str]) -> str | None:
    """The leader with the highest command value (9.23; ties: the first in the stack)."""
    return max(leaders, key=lambda p: rs.piece_type(state, p).command, default=None)


class Battle(Step):
    """9.2 steps 1-5: strengths, chits, modifiers, columns, the two rolls."""

    name = "battle"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        area, att, dfn = v["area"], v["attacker"], v["defender"]
        if "joined" not in v:
            v["joined"] = []
            if join_candidates(rs, state, v):
                flow.goto(rs, state, ctx, "join-battle", side=att)
                return
        if "defender_commander" not in v:
            tied = commander_candidates(rs, state, v)
            if len(tied) > 1 and dfn in rs.player_sides:
                flow.goto(rs, state, ctx, "commander-choice", side=dfn)
                return
            v["defender_commander"] = tied[0] if tied else None
        place = rs.board_map.place_name(area)
        ctx.log(f"Battle in {place}: {does(rs, att, 'attacks', start=False)} {rs.side(dfn).name}",
                rs.cite("9.1"))
        state["vars"]["fought"].append(area)  # 10.12
        strengths = {}
        for side in (att, dfn):
            total = 0
            for pid in fighting_units(rs, state, v, side):
                t = rs.piece_type(state, pid)
                value = t.combat[1 if rs.is_reduced(state, pid) else 0]
                if value == "d":  # 9.21: artillery, even 1 / odd 0
                    die = ctx.roll(10, zero_based=True)
                    value = 1 if die % 2 == 0 else 0
                    ctx.log(f"{rs.piece_name(state, pid)} rolls {die}: strength {value}",
                            rs.cite("9.21"))
                total += int(value)
            strengths[side] = total
        v["strength"] = strengths
        ctx.log(f"Combat strengths: {rs.side(att).name} {strengths[att]}, "
                f"{rs.side(dfn).name} {strengths[dfn]}", rs.cite("9.21"))
        self._draw_chits(rs, state, v, ctx, strengths[att] + strengths[dfn])
        pending = [c for c in CHOICE_CHITS if c in v["chits"] and self._chit_applies(
            rs, state, v, c)]
        v["pending_choices"] = pending
        if pending:
            flow.goto(rs, state, ctx, "chit-choice", side=CHOICE_CHITS[pending[0]])
        else:
            roll_battle(rs, state, v, ctx)
            flow.goto(rs, state, ctx, "losses", side=att)

    def _draw_chits(self, rs: DeuxBretagne, state: State, v: dict[str, Any], ctx: Context,
                    total: int) -> None:
        cup = state["vars"]["chit_cup"]
        wanted = min(chits_to_draw(total), len(cup))
        drawn = []
        for _ in range(wanted):
            index = ctx.roll(len(cup)) - 1
            drawn.append(cup.pop(index))
        names = ", ".join(f"{c} {rs.chits[c]}" for c in drawn) or "none (the cup is empty)"
        ctx.log(f"Total strength {total}: {wanted} tactical chit(s) drawn: {names}",
                rs.cite("9.22"))
        if "T1" in drawn:
            pro = [c for c in drawn if c in PRO_MONTFORT]
            if pro:
                gone = pro[ctx.roll(len(pro)) - 1]
                drawn.remove(gone)
                cup.append(gone)
                ctx.log(f"T1 Surprise removes {gone} {rs.chits[gone]}", rs.cite("9.221 T1"))
        for chit in drawn:
            if chit in MANUAL_CHITS:
                ctx.log(f"{chit} {rs.chits[chit]}: {MANUAL_CHITS[chit]}", rs.cite("9.221"))
        v["chits"] = drawn
        v["choices"] = {}

    @staticmethod
    def _chit_applies(rs: DeuxBretagne, state: State, v: dict[str, Any], chit: str) -> bool:
        if chit == "T8":
            return "bertrand-du-guesclin" in fighting_leaders(rs, state, v, "blois") \
                or any(rs.piece_type(state, p).id == "blois-ch-br"
                       for p in fighting_units(rs, state, v, "blois"))
        if chit == "T11":
            return any(rs.piece_type(state, p).id == "montfort-me"
                       for p in fighting_units(rs, state, v, "montfort"))
        if chit == "T16":
            return "montfort" in (v["attacker"], v["defender"])
        if chit == "T6":
            return bool(fighting_leaders(rs, state, v, "blois"))
        return chit == "T12" and "montfort" in (v["attacker"], v["defender"])


def join_candidates(rs: DeuxBretagne, state: State, v: dict[str, Any]) -> list[str]:
    """The attacker's besieged units that may join a support army's battle against the
    besiegers (10.16), while the stacking limit leaves room (7.21)."""
    area, att = v["area"], v["attacker"]
    marker = state["vars"]["sieges"].get(area)
    if (v.get("within") or att not in rs.player_sides or marker is None
            or marker["side"] != v["defender"]):
        return []
    if len(_units(rs, state, area, att)) >= STACK_LIMIT:
        return []
    return _units(rs, state, area, att, within=True)


class JoinBattle(Step):
    """A support army attacks the besiegers: its player chooses which besieged units join
    the battle (10.16). Besieged leaders stay inside: only the support army's leader is
    activated."""

    name = "join-battle"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: besieged units may join the support army "
                f"in the battle (at most {STACK_LIMIT} units), then Done ({rs.cite('10.16')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in join_candidates(rs, state, frame["vars"]):
            yield Action("join", (pid,))
        yield Action("done")

    def on_join(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        state["vars"]["inside"].remove(pid)
        frame["vars"]["joined"].append(pid)
        ctx.log(f"{rs.piece_name(state, pid)} comes out of the fortress of "
                f"{rs.board_map.place_name(frame['vars']['area'])} to join the support army",
                rs.cite("10.16"))
        if not join_candidates(rs, state, frame["vars"]):
            flow.goto(rs, state, ctx, "battle")

    def on_done(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        flow.goto(rs, state, ctx, "battle")


def commander_candidates(rs: DeuxBretagne, state: State, v: dict[str, Any]) -> list[str]:
    """The defender's leaders with the highest command value: his commander is one of
    them, his choice when several tie (9.23)."""
    leaders = fighting_leaders(rs, state, v, v["defender"])
    top = max((rs.piece_type(state, p).command for p in leaders), default=None)
    return [p for p in leaders if rs.piece_type(state, p).command == top]


class CommanderChoice(Step):
    """The defender's leaders tie for the highest command value: he chooses the one who
    commands, and gives his combat bonus (9.23)."""

    name = "commander-choice"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: your leaders have the same command value — "
                f"choose who commands the defence ({rs.cite('9.23')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in commander_candidates(rs, state, frame["vars"]):
            yield Action("command", (pid,))

    def on_command(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        frame["vars"]["defender_commander"] = action.args[0]
        ctx.log(f"{rs.piece_name(state, action.args[0])} commands the defence",
                rs.cite("9.23"))
        flow.goto(rs, state, ctx, "battle", side=frame["vars"]["attacker"])


class ChitChoice(Step):
    """A player chooses how a drawn chit helps him (T8, T11, T12)."""

    name = "chit-choice"
    OPTIONS = {"T8": ("shift", "plus2"), "T11": ("shift", "plus2"), "T12": ("plus1", "minus1"),
               "T16": ("retreat", "fight"), "T6": ("plus1", "plus2")}

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        chit = frame["vars"]["pending_choices"][0]
        return (f"{rs.side(frame['side']).name}: choose how {chit} {rs.chits[chit]} "
                f"applies ({rs.cite('9.221')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        chit = frame["vars"]["pending_choices"][0]
        for option in self.OPTIONS[chit]:
            yield Action("chit", (chit, option))

    def on_chit(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        chit, option = action.args
        v["choices"][chit] = option
        v["pending_choices"].pop(0)
        ctx.log(f"{rs.side(frame['side']).name} uses {chit} {rs.chits[chit]} as {option}",
                rs.cite("9.221"))
        if chit == "T16" and option == "retreat":  # Sang-froid: no battle at all
            return_chits(rs, state, v, ctx)
            v["winner"] = other_side(v, "montfort")
            v["loser"] = "montfort"
            ctx.log("Montfort retreats before combat", rs.cite("9.221 T16"))
            flow.goto(rs, state, ctx, "retreat", side="montfort")
            return
        if v["pending_choices"]:
            flow.goto(rs, state, ctx, "chit-choice",
                      side=CHOICE_CHITS[v["pending_choices"][0]])
        else:
            roll_battle(rs, state, v, ctx)
            flow.goto(rs, state, ctx, "losses", side=v["attacker"])


def _modifiers(rs: DeuxBretagne, state: State, v: dict[str, Any],
               side: str) -> tuple[list[Modifier], int]:
    """Die modifiers and column shift of ``side`` from its commander and the chits."""
    area = v["area"]
    chits, choices = v["chits"], v["choices"]
    mods: list[Modifier] = []
    shift = 0
    commander = v["commanders"].get(side)
    blois_leaders = fighting_leaders(rs, state, v, "blois")
    bonus_cancelled = side == "blois" and "T17" in chits and len(blois_leaders) > 1
    if commander and not bonus_cancelled:
        t = rs.piece_type(state, commander)
        mods.append(Modifier("leader bonus", t.bonus, f"{t.name}, {rs.cite('9.23')}"))
    elif commander:
        mods.append(Modifier("leader bonus cancelled", 0, f"T17 Rivalité, {rs.cite('9.221')}"))
    terrain = rs.board_map.areas[area].terrain if area in rs.board_map.areas else "clear"
    fortified = area in rs.board_map.areas and rs.board_map.areas[area].fortified
    if side == "blois":
        if "T3" in chits and terrain not in ("forest", "marsh"):
            mods.append(Modifier("Charge", 1, "T3"))
        if "T5" in chits and any(rs.piece_type(state, p).origin == "French"
                                 for p in blois_leaders):
            mods.append(Modifier("Maréchal de France", 1, "T5"))
        if "T8" in chits and "T8" in choices:
            if choices["T8"] == "plus2":
                mods.append(Modifier("Notre Dame! Guesclin!", 2, "T8"))
            else:
                shift += 1
        if "T9" in chits:
            shift += 1
        if "T6" in chits and "T6" in choices:
            mods.append(Modifier("Ordre de l'étoile", 2 if choices["T6"] == "plus2" else 1,
                                 "T6"))
    else:
        if "T10" in chits:
            mods.append(Modifier("Jeanne la Flamme", 2, "T10"))
        if "T11" in chits and "T11" in choices:
            if choices["T11"] == "plus2":
                mods.append(Modifier("Longbow", 2, "T11"))
            else:
                shift += 1
        if "T12" in chits and "T12" in choices:
            mods.append(Modifier("Supériorité tactique", 1 if choices["T12"] == "plus1" else -1,
                                 "T12"))
        if "T15" in chits and not fortified:
            shift += 1
        if "T18" in chits and any(rs.piece_type(state, p).origin == "English"
                                  for p in fighting_leaders(rs, state, v, "montfort")):
            shift += 1
    return mods, shift


def roll_battle(rs: DeuxBretagne, state: State, v: dict[str, Any], ctx: Context) -> None:
    """Both players roll on the Combat Table (9.23-9.25); record the loss numbers."""
    table = TABLES["combat_table"]
    columns = table["columns"]
    v["commanders"] = {
        v["attacker"]: v.get("attacker_commander"),
        v["defender"]: v.get("defender_commander") or _commander(
            rs, state, fighting_leaders(rs, state, v, v["defender"])),
    }
    v["rolled"] = {}
    v["caused"] = {}
    for side in (v["attacker"], v["defender"]):
        mods, shift = _modifiers(rs, state, v, side) if side in ("blois", "montfort") else (
            [], 0)
        col = min(len(columns) - 1, column_index(v["strength"][side]) + shift)
        label = columns[col] + (f" (shifted {shift:+d})" if shift else "")
        result = resolve(ctx, table="Combat Table", column=label, sides=10, zero_based=True,
                         modifiers=mods, clamp=(0, 11),
                         lookup=lambda roll, c=col: table["rows"][roll][c],
                         describe=lambda n: f"{n} losses", rule=rs.cite("9.25"),
                         who=rs.side(side).name)
        v["rolled"][side] = result.die
        v["caused"][side] = int(result.result)
    return_chits(rs, state, v, ctx)


def return_chits(rs: DeuxBretagne, state: State, v: dict[str, Any], ctx: Context) -> None:
    """The drawn chits go back to the cup, except those removed after use (9.22)."""
    for chit in v["chits"]:
        if chit not in REMOVED_AFTER_USE:
            state["vars"]["chit_cup"].append(chit)
        else:
            state["vars"]["chits_out"].append(chit)
            ctx.log(f"{chit} {rs.chits[chit]} is removed from the game", rs.cite("9.221"))


class Losses(Step):
    """Each side takes the losses the other caused, choosing among legal options (9.3)."""

    name = "losses"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        options = self._options(rs, state, frame)
        if len(options) == 1 or frame["side"] not in rs.player_sides:
            self._apply(rs, state, frame, options[0], ctx, flow, forced=len(options) == 1)

    def _target(self, frame: Frame) -> int:
        v = frame["vars"]
        return v["caused"][other_side(v, frame["side"])]

    def _options(self, rs: DeuxBretagne, state: State, frame: Frame) -> list[dict[str, int]]:
        units = fighting_units(rs, state, frame["vars"], frame["side"])
        return loss_options(rs, state, units, self._target(frame))

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: take {self._target(frame)} losses — choose "
                f"which units lose steps ({rs.cite('9.3')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for option in self._options(rs, state, frame):
            yield loss_action(option)

    def on_losses(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        chosen = {} if action.args[0] == "none" else {
            p: int(n) for p, n in (item.split("=") for item in action.args[0].split(","))}
        self._apply(rs, state, frame, chosen, ctx, flow, forced=False)

    def _apply(self, rs: DeuxBretagne, state: State, frame: Frame, option: dict[str, int],
               ctx: Context, flow: Flow, forced: bool) -> None:
        v = frame["vars"]
        side = frame["side"]
        target = self._target(frame)
        lost = v.setdefault("steps_lost", {})
        lost[side] = lost.get(side, 0) + sum(
            n for pid, n in option.items()
            if rs.piece_type(state, pid).id.endswith(("-ch", "-ch-fr", "-ch-br", "-ch-an",
                                                      "-me")))
        done = [remove_steps(rs, state, pid, n) for pid, n in sorted(option.items())]
        how = "; ".join(done) if done else "no unit loses a step"
        why = " (the only legal choice)" if forced and target else ""
        ctx.log(f"{does(rs, side, 'takes')} {target} losses: {how}{why}", rs.cite("9.3"))
        if side == v["attacker"]:
            flow.goto(rs, state, ctx, "losses", side=v["defender"])
        else:
            flow.goto(rs, state, ctx, "aftermath", side=v["attacker"])


def other_side(v: dict[str, Any], side: str) -> str:
    """The other party of the battle."""
    return v["defender"] if side == v["attacker"] else v["attacker"]


class Aftermath(Step):
    """Winner (9.27), leaders captured or killed (9.28, 9.4, 9.43), then retreat (9.5)."""

    name = "aftermath"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if "winner" not in v:
            self._winner(rs, state, v, ctx)
        winner, loser = v["winner"], v["loser"]
        if "T7" in v["chits"] and winner == "blois" and not v.get("t7_done"):
            v["t7_done"] = True
            units = fighting_units(rs, state, v, "montfort")
            if len(units) > 1:  # Blois's choice (9.221 T7)
                flow.goto(rs, state, ctx, "flanking", side="blois")
                return
            if units:
                flanking_step(rs, state, v, units[0], ctx)
        self._leaders(rs, state, v, ctx)
        star = v["choices"].get("T6") if "T6" in v["chits"] else None
        if star and loser == "blois":  # T6: as many Ch/Me units as the bonus chosen
            flow.goto(rs, state, ctx, "star-order", side="blois",
                      star_left=2 if star == "plus2" else 1)
            return
        flow.goto(rs, state, ctx, "retreat", side=loser)

    @staticmethod
    def _winner(rs: DeuxBretagne, state: State, v: dict[str, Any], ctx: Context) -> None:
        att, dfn = v["attacker"], v["defender"]
        caused = v["caused"]
        if caused[att] != caused[dfn]:
            winner = att if caused[att] > caused[dfn] else dfn
            why = f"caused {max(caused.values())} losses against {min(caused.values())}"
        else:
            ones = [s for s in (att, dfn) if v["commanders"].get(s) and
                    rs.piece_type(state, v["commanders"][s]).activation == 1]
            if len(ones) == 1:
                winner, why = ones[0], "tie: its leader has activation 1"
            else:
                winner, why = dfn, "tie: the defender wins"
        v["winner"], v["loser"] = winner, other_side(v, winner)
        ctx.log(f"{does(rs, winner, 'wins')} the battle ({why})", rs.cite("9.27"))

    def _leaders(self, rs: DeuxBretagne, state: State, v: dict[str, Any],
                 ctx: Context) -> None:
        winner, loser = v["winner"], v["loser"]
        leaders = fighting_leaders(rs, state, v, loser)
        if not leaders or loser not in rs.player_sides:
            return
        executed = ("T4" in v["chits"] and loser == "montfort") or (
            "T14" in v["chits"] and loser == "blois")
        if not fighting_units(rs, state, v, loser):
            has_leader = bool(fighting_leaders(rs, state, v, winner))
            for pid in leaders:
                self._fate(rs, state, pid, "captured" if has_leader else "killed", winner,
                           ctx, rs.cite("9.43"), executed)
            return
        if "T13" in v["chits"] and winner == "montfort" and loser == "blois":
            pid = leaders[ctx.roll(len(leaders)) - 1]
            self._fate(rs, state, pid, "captured", winner, ctx, rs.cite("9.221 T13"), executed)
            leaders.remove(pid)
        if winner not in rs.player_sides:
            ctx.log("Marauders are no player: they roll for no leader", rs.cite("9.41, 12.51"))
            return
        if v["rolled"][winner] % 2 == 0:
            ctx.log(f"{rs.side(winner).name}'s combat die was even: no leader is taken",
                    rs.cite("9.41"))
            return
        cap = TABLES["leader_capture"]
        for pid in leaders:
            die = ctx.roll(10, zero_based=True)
            fate = ("killed" if die >= cap["killed_from"] else
                    "captured" if die >= cap["captured_from"] else "safe")
            ctx.log(f"Capture roll for {rs.piece_name(state, pid)}: {die} → {fate}",
                    rs.cite("9.41"))
            if fate != "safe":
                self._fate(rs, state, pid, fate, winner, ctx, rs.cite("9.41"), executed)

    @staticmethod
    def _fate(rs: DeuxBretagne, state: State, pid: str, fate: str, winner: str, ctx: Context,
              rule: str, executed: bool) -> None:
        name = rs.piece_name(state, pid)
        if fate == "captured" and executed:
            fate = "killed"
            ctx.log(f"No quarter: {name} is executed", rs.cite("9.221 T4/T14"))
        if fate == "killed" and pid == "bertrand-du-guesclin":
            fate = "captured"
            ctx.log("Bertrand du Guesclin can only be captured", rs.cite("9.41"))
        owner = rs.piece_side(state, pid)
        if fate == "captured":
            prison = "prison-bro-saoz" if owner == "blois" else "prison-bro-chall"
            put_piece(state, pid, prison)
            ctx.log(f"{name} is captured and sent to {rs.board_map.place_name(prison)}",
                    f"{rule}, {rs.cite('9.42')}")
        else:
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            vc = rs.piece_type(state, pid).command
            if winner in state["score"]:
                state["score"][winner] += vc
                ctx.log(f"{name} is killed: {rs.side(winner).name} gains {vc} PV",
                        f"{rule}, {rs.cite('13.12')}")
            else:  # 13.12: only a player who kills an enemy leader earns his VC
                ctx.log(f"{name} is killed by {rs.side(winner).name}: no player gains PV",
                        f"{rule}, {rs.cite('13.12')}")


def flanking_step(rs: DeuxBretagne, state: State, v: dict[str, Any], pid: str,
                  ctx: Context) -> None:
    """T7 Débordement: Montfort's unit ``pid`` loses one more step (9.221)."""
    if not rs.piece_type(state, pid).id.endswith(("-mil", "-art")):
        lost = v.setdefault("steps_lost", {})
        lost["montfort"] = lost.get("montfort", 0) + 1
    ctx.log(f"T7 Débordement: {remove_steps(rs, state, pid, 1)} (one more step, "
            "Blois's choice)", rs.cite("9.221 T7"))


class Flanking(Step):
    """T7 Débordement: Blois won, he chooses the Montfort unit that loses one more step."""

    name = "flanking"

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"Blois: T7 {rs.chits['T7']} — choose the Montfort unit that loses one more "
                f"step ({rs.cite('9.221 T7')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in fighting_units(rs, state, frame["vars"], "montfort"):
            yield Action("flank", (pid,))

    def on_flank(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        flanking_step(rs, state, frame["vars"], action.args[0], ctx)
        flow.goto(rs, state, ctx, "aftermath", side=frame["vars"]["attacker"])


def retreat_options(rs: DeuxBretagne, state: State, v: dict[str, Any]) -> list[str]:
    """Where the beaten defender may retreat (9.54): friendly areas first."""
    area, side = v["area"], v["loser"]
    bmap = rs.board_map
    options = []
    for place in bmap.neighbours(area):
        if place == v.get("entered_from") or place not in bmap.areas:
            continue
        ours = state["vars"]["sieges"].get(place, {}).get("side") == side
        if movement.enemy_units_at(rs, state, place, side, outside_only=ours):
            continue
        owner = state["control"].get(place)
        if bmap.areas[place].fortified and owner not in (side, None) and not ours:
            continue  # 9.54: not a *non besieged* enemy fortress
        options.append(place)
    friendly = [p for p in options if state["control"].get(p) == side]
    here = bmap.areas.get(area)
    inside = [area] if here is not None and here.fortified and state["control"].get(
        area) == side else []  # 9.5: inside a friendly fortress in the same space
    return inside + sorted(friendly or options)


def reprimand(rs: DeuxBretagne, state: State, v: dict[str, Any], ctx: Context) -> None:
    """T2 Réprimande (9.221): after the battle, if Montfort lost 2 or more Me and Ch
    steps, his activated English leader (the commander of a Montfort attack) leaves the
    map for one turn; he comes back next turn in a Montfort port or Bro Saoz."""
    if "T2" not in v.get("chits", []):
        return
    lost = v.get("steps_lost", {}).get("montfort", 0)
    leader = v.get("attacker_commander") if v["attacker"] == "montfort" else None
    english = leader is not None and rs.piece_type(state, leader).origin == "English"
    if lost < 2 or not english or state["pieces"][leader]["loc"] not in rs.board_map.areas:
        why = ("Montfort lost fewer than 2 Me and Ch steps" if lost < 2 else
               "no activated English leader is on the map")
        ctx.log(f"T2 {rs.chits['T2']}: no effect ({why})", rs.cite("9.221 T2"))
        return
    state["prev_loc"][leader] = state["pieces"][leader]["loc"]
    if leader in state["vars"]["inside"]:
        state["vars"]["inside"].remove(leader)
    put_piece(state, leader, "reserve")
    state["vars"].setdefault("withdrawn", {})[leader] = state["turn"] + 1
    ctx.log(f"T2 {rs.chits['T2']}: Montfort lost {lost} Me and Ch steps; "
            f"{rs.piece_name(state, leader)} leaves the map until next turn",
            rs.cite("9.221 T2"))


def sailed(rs: DeuxBretagne, src: str | None, dst: str) -> bool:
    """Whether an army came from ``src`` to ``dst`` by sea (8.15): no road joins them."""
    return src is not None and src != dst and not rs.board_map.graph.has_edge(src, dst)


class Retreat(Step):
    """The loser retreats (9.5); the attacker takes the area (9.29).

    A battle fought inside a fortress (``within``: loyal units against new Marauders,
    12.433) leaves the loser no way out: it is eliminated (12.4 example). A battle with no
    attacker's way in (``in_place``: the Marauders rising where they stand) sends either
    loser away as a defender (9.54). An army that sailed to an enemy port and lost there
    loses one more step before going back to its port of departure (8.152)."""

    name = "retreat"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v.get("within"):
            ctx.log(f"{rs.side(v['loser']).name} cannot retreat out of the besieged fortress",
                    rs.cite("12.433, 10.16"))
            self._go(rs, state, frame, None, ctx, flow, rs.cite("12.433"))
            return
        if v["loser"] == v["attacker"] and not v.get("in_place"):
            back = v.get("entered_from")
            area = v["area"]
            if (sailed(rs, back, area) and state["control"].get(area) != v["attacker"]
                    and not v.get("naval_step_taken")):
                v["naval_step_taken"] = True
                units = fighting_units(rs, state, v, v["attacker"])
                if units:
                    from .siege import step_loss

                    flow.call(rs, state, ctx, "step-losses", side=v["attacker"],
                              pending=[step_loss(v["attacker"], 1, units,
                                                 "Beaten in the enemy port it sailed to",
                                                 rs.cite("8.152"))])
                    return
            self._go(rs, state, frame, back, ctx, flow,
                     rs.cite("8.152, 9.53") if sailed(rs, back, area) else rs.cite("9.53"))
            return
        options = retreat_options(rs, state, v)
        if not options:
            self._go(rs, state, frame, None, ctx, flow, rs.cite("9.54"))
        elif len(options) == 1 or frame["side"] not in rs.player_sides:
            self._go(rs, state, frame, options[0], ctx, flow, rs.cite("9.54"))

    def resume(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self.begin(rs, state, frame, ctx, flow)  # after the step lost at sea (8.152)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: choose where your army retreats "
                f"({rs.cite('9.54')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for place in retreat_options(rs, state, frame["vars"]):
            yield Action("retreat", (place,))

    def on_retreat(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        self._go(rs, state, frame, action.args[0], ctx, flow, rs.cite("9.54"))

    def _go(self, rs: DeuxBretagne, state: State, frame: Frame, dest: str | None,
            ctx: Context, flow: Flow, rule: str) -> None:
        v = frame["vars"]
        area, loser, winner = v["area"], v["loser"], v["winner"]
        within = movement.inside(state)
        pieces = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == loser
                  and (p in within) == bool(v.get("within"))]
        joined = [p for p in v.get("joined", []) if p in pieces]
        if joined and dest != area:  # 10.16: the besieged go back inside
            state["vars"]["inside"].extend(joined)
            pieces = [p for p in pieces if p not in joined]
            ctx.log(f"{rs.names(state, joined)} go back inside the fortress of "
                    f"{rs.board_map.place_name(area)}", rs.cite("10.16"))
        bmap = rs.board_map
        if dest is None:
            units = [p for p in pieces if not rs.is_leader(state, p)]
            for pid in units:
                state["prev_loc"][pid] = area
                put_piece(state, pid, rs.eliminated_box)
                state["pieces"][pid]["flipped"] = False
                if pid in state["vars"]["inside"]:
                    state["vars"]["inside"].remove(pid)
            if units:
                ctx.log(f"No retreat is possible: {rs.names(state, units)} eliminated", rule)
            leaders = [p for p in pieces if rs.is_leader(state, p)]
            if leaders and loser in rs.player_sides:  # 9.43: the army is lost
                has_leader = bool(fighting_leaders(rs, state, v, winner))
                executed = ("T4" in v["chits"] and loser == "montfort") or (
                    "T14" in v["chits"] and loser == "blois")
                for pid in leaders:
                    if pid in state["vars"]["inside"]:
                        state["vars"]["inside"].remove(pid)
                    Aftermath._fate(rs, state, pid, "captured" if has_leader else "killed",
                                    winner, ctx, rs.cite("9.43"), executed)
        elif dest == area:
            state["vars"]["inside"].extend(p for p in pieces if p not in within)
            ctx.log(f"{does(rs, loser, 'retreats')} inside the fortress of "
                    f"{bmap.place_name(area)}", rs.cite("9.5"))
        else:
            for pid in reversed(pieces):
                put_piece(state, pid, dest)
            ctx.log(f"{does(rs, loser, 'retreats')} from {bmap.place_name(area)} to "
                    f"{bmap.place_name(dest)}", rule)
        area_data = bmap.areas.get(area)
        if winner not in rs.player_sides:
            others = [p for p in pieces_at(state, area)
                      if rs.piece_side(state, p) in rs.player_sides]
            if not others and area_data is not None and state["control"].get(area):
                state["control"][area] = None  # 12.51, 3.3: held by Marauders only
                ctx.log(f"{bmap.place_name(area)} is held by Marauders only: no one "
                        "controls it", rs.cite("12.51"))
                rs.update_counties(state, ctx)
        elif winner == v["attacker"] and not v.get("within"):
            if area_data is not None and not area_data.fortified:
                state["control"][area] = winner
                ctx.log(f"{rs.side(winner).name} takes control of {bmap.place_name(area)}",
                        rs.cite("9.29"))
                rs.update_counties(state, ctx)
            spent = state["vars"]["mp_spent"]
            for pid, mp in v.get("spent_before", {}).items():
                if pid in spent and state["pieces"][pid]["loc"] == area:
                    spent[pid] = mp  # 5.31: the winning army may move on
        if dest is not None and dest != area and over_stack(rs, state, dest, loser):
            v["retreated_to"] = dest
            flow.goto(rs, state, ctx, "retreat-excess", side=loser)
            return
        reprimand(rs, state, v, ctx)
        flow.end(rs, state, ctx, result=winner)


def over_stack(rs: DeuxBretagne, state: State, place: str, side: str) -> list[str]:
    """``side``'s units in ``place`` when they are more than the stacking limit (7.21)."""
    units = [p for p in pieces_at(state, place) if rs.piece_side(state, p) == side
             and not rs.is_leader(state, p) and p not in movement.inside(state)]
    return units if len(units) > STACK_LIMIT else []


class RetreatExcess(Step):
    """9.54: a retreat may break the stacking limit, but at its end the player eliminates
    units (his choice) until the area is back within it."""

    name = "retreat-excess"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        units = over_stack(rs, state, v["retreated_to"], frame["side"])
        if units and frame["side"] not in rs.player_sides:
            self._eliminate(rs, state, frame, units[0], ctx, flow)
        elif not units:
            reprimand(rs, state, v, ctx)
            flow.end(rs, state, ctx, result=v["winner"])

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        v = frame["vars"]
        excess = len(over_stack(rs, state, v["retreated_to"], frame["side"])) - STACK_LIMIT
        return (f"{rs.side(frame['side']).name}: more than {STACK_LIMIT} units in "
                f"{rs.board_map.place_name(v['retreated_to'])} after the retreat — "
                f"eliminate {excess} ({rs.cite('9.54')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in over_stack(rs, state, frame["vars"]["retreated_to"], frame["side"]):
            yield Action("eliminate-unit", (pid,))

    def on_eliminate_unit(self, rs: DeuxBretagne, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        self._eliminate(rs, state, frame, action.args[0], ctx, flow)

    def _eliminate(self, rs: DeuxBretagne, state: State, frame: Frame, pid: str,
                   ctx: Context, flow: Flow) -> None:
        name = rs.piece_name(state, pid)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, rs.eliminated_box)
        state["pieces"][pid]["flipped"] = False
        ctx.log(f"Over the stacking limit after the retreat: {name} eliminated",
                rs.cite("9.54, 7.21"))
        self.begin(rs, state, frame, ctx, flow)


class StarOrder(Step):
    """T6 Ordre de l'étoile: Blois lost, so he eliminates as many Ch/Me units as the bonus
    he chose, or, lacking them, a leader who fought (9.221)."""

    name = "star-order"

    def _units(self, rs: DeuxBretagne, state: State, frame: Frame) -> list[str]:
        return [p for p in fighting_units(rs, state, frame["vars"], "blois")
                if not rs.piece_type(state, p).id.endswith(("-mil", "-art"))]

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v["star_left"] <= 0:
            flow.goto(rs, state, ctx, "retreat", side=v["loser"])
            return
        units = self._units(rs, state, frame)
        leaders = fighting_leaders(rs, state, v, "blois")
        if not units and not leaders:
            v["star_left"] = 0
            flow.goto(rs, state, ctx, "retreat", side=v["loser"])

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        what = "a Ch or Me unit" if self._units(rs, state, frame) else "a leader who fought"
        return (f"Blois: Ordre de l'étoile — eliminate {what} ({frame['vars']['star_left']} "
                f"left) ({rs.cite('9.221 T6')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        units = self._units(rs, state, frame)
        for pid in units or fighting_leaders(rs, state, frame["vars"], "blois"):
            yield Action("star-eliminate", (pid,))

    def on_star_eliminate(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        name = rs.piece_name(state, pid)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        put_piece(state, pid, rs.eliminated_box)
        state["pieces"][pid]["flipped"] = False
        ctx.log(f"Ordre de l'étoile: {name} eliminated", rs.cite("9.221 T6"))
        frame["vars"]["star_left"] -= 1
        if rs.is_leader(state, pid):
            frame["vars"]["star_left"] = 0
        self.begin(rs, state, frame, ctx, flow)


def return_withdrawn(rs: DeuxBretagne, state: State, ctx: Context, flow: Flow) -> bool:
    """Next turn, the English leader withdrawn by T2 comes back (9.221 T2): True if the
    Montfort player was asked where."""
    due = sorted(p for p, turn in state["vars"].get("withdrawn", {}).items()
                 if turn <= state["turn"])
    if not due:
        return False
    flow.call(rs, state, ctx, "return-leader", side="montfort", leaders=due)
    return True


class ReturnLeader(Step):
    """T2 Réprimande: the withdrawn English leader comes back in a Montfort controlled
    port city or in Bro Saoz (9.221)."""

    name = "return-leader"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"]["leaders"]:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        name = rs.piece_name(state, frame["vars"]["leaders"][0])
        return (f"Montfort: {name} comes back — in one of your port cities or in Bro Saoz "
                f"({rs.cite('9.221 T2')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        pid = frame["vars"]["leaders"][0]
        for area in sorted(rs.board_map.areas):
            if rs.board_map.areas[area].port and state["control"].get(area) == "montfort":
                yield Action("leader-to", (pid, area))
        yield Action("leader-to", (pid, "bro-saoz"))

    def on_leader_to(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        pid, place = action.args
        frame["vars"]["leaders"].remove(pid)
        state["vars"]["withdrawn"].pop(pid, None)
        put_piece(state, pid, place)
        ctx.log(f"{rs.piece_name(state, pid)} is back in {rs.board_map.place_name(place)}",
                rs.cite("9.221 T2"))
        self.begin(rs, state, frame, ctx, flow)


BATTLE_STEPS = (Battle, JoinBattle, CommanderChoice, ChitChoice, Losses, Aftermath, Flanking,
                Retreat, RetreatExcess, StarOrder, ReturnLeader)


LABELS = {"join": "{piece} joins the support army", "command": "{piece} commands",
          "flank": "T7: {piece} loses one more step",
          "eliminate-unit": "Eliminate {piece} (over stacking)"}


def action_label(rs: DeuxBretagne, state: State, action: Action) -> str | None:
    """Button labels of the battle choices above, in players' words."""
    if action.verb in LABELS and action.args and action.args[0] in state["pieces"]:
        return LABELS[action.verb].format(piece=rs.piece_name(state, action.args[0]))
    if action.verb == "leader-to" and len(action.args) == 2:
        pid, place = action.args
        if pid in state["pieces"] and rs.board_map.is_place(place):
            return f"{rs.piece_name(state, pid)} to {rs.board_map.place_name(place)}"
    return None
