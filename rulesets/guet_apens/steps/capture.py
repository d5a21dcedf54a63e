"""Capture, knocking out and surrender in the hand-to-hand (GA 13.5, 13.7, 13.8), as
markers chosen in secret with the parry and attack markers of sequence 6 (GA 9.7):
``PID:C>ENEMY`` tries to capture (no initiative; the capturers of one enemy make one
attempt together, GA 13.5.3), ``PID:K>ENEMY`` strikes to knock out (initiative and blow
as usual, then the D6 of GA 13.8), ``PID:S>ENEMY`` surrenders to an enemy touching him
(GA 13.7, a knight only to a knight, B23). A captive is escorted off the table (GA
13.5.1; B24: the escort is not played out). A knocked-out figure is captured when he
comes round if an enemy has stayed touching him all along (GA 13.8)."""

from __future__ import annotations

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, put_piece

from ..model import GuetApensModel, events
from ..model.capture import capture, may_surrender_to, window
from ..model.d20 import Test
from ..model.readings import reading
from ..model.words import N_, listing
from .escort import start_escort
from .tests_d20 import roll_test

MARKS = {"A": "attack", "P": "parry", "C": "capture", "K": "knock out", "S": "surrender"}
"""The per-figure markers of the hand-to-hand: ``P`` alone, the others ``X>ENEMY``."""
CAPTURE_RULES = ("capture",)
"""Scenarios whose rules list one of these play capture, knock-out and surrender."""


def plays_capture(state: State) -> bool:
    """Whether this scenario plays capture (GA 14.0.4: from Scenario VI on)."""
    return any(r in state["vars"]["rules"] for r in CAPTURE_RULES)


def knight(rs: GuetApensModel, state: State, pid: str) -> bool:
    """A knight (his troop or role: a Baron, a leader who is a knight), or a character
    who counts as a knight (GA 13.7.2)."""
    f = rs.fig(state, pid)
    return f["role"] in ("knight", "baron") or f.get("troop") == "knight" or bool(
        f.get("as_knight"))


def why_not_mark(rs: GuetApensModel, state: State, pid: str, letter: str,
                 enemy: str) -> tuple[str, str] | None:
    """``None`` if ``pid`` may take marker ``letter`` against ``enemy`` (touching him)."""
    if letter in "CKS" and not plays_capture(state):
        return N_("no capture, knock-out or surrender in this scenario"), rs.cite("14.0.4")
    if letter == "S":
        f = rs.fig(state, pid)
        morale = "flight2" if "flight2" in f["states"] else ""
        ok, how = may_surrender_to(knight(rs, state, pid), knight(rs, state, enemy), morale,
                                   rs.readings(state))
        if not ok:
            return N_("{name} is a knight: he surrenders only to a knight [B23={how}]",
                      name=rs.piece_name(state, pid), how=how), rs.cite("13.7")
    return None


def take_captive(rs: GuetApensModel, state: State, ctx: Context, pid: str, text: Msg,
                 rule: str) -> None:
    """``pid`` is captured: escorted off the table (GA 13.5.1; B24, the escort is taken
    as done), a fallen friend for the morale tests within 10 cm (GA 12.3)."""
    f = rs.fig(state, pid)
    f["states"] = sorted((set(f["states"]) - {"unconscious", "knocked"}) | {"captured"})
    state["vars"].setdefault("fallen", []).append(pid)
    (state["vars"].get("knocked") or {}).pop(pid, None)
    if start_escort(rs, state, ctx, pid, text, rule):  # GA 13.5.1, B24: played out
        return
    put_piece(state, pid, rs.eliminated_box)
    how = reading(rs.readings(state), "B24")
    ctx.log(N_("{what}: {name} is escorted off the table, a prisoner [B24={how}]"), rule,
            what=text, name=rs.piece_name(state, pid), how=how)


def surrender_to(rs: GuetApensModel, state: State, ctx: Context, pid: str,
                 captor: str) -> None:
    """GA 13.7: ``pid`` surrenders to ``captor`` (checked by :func:`why_not_mark`)."""
    morale = "flight2" if "flight2" in rs.fig(state, pid)["states"] else ""
    _, how = may_surrender_to(knight(rs, state, pid), knight(rs, state, captor), morale,
                              rs.readings(state))
    take_captive(rs, state, ctx, pid,
                 N_("{name} surrenders to {captor} [B23={how}]",
                    name=rs.piece_name(state, pid), captor=rs.piece_name(state, captor),
                    how=how), rs.cite("13.7"))


def capture_attempt(rs: GuetApensModel, state: State, ctx: Context, target: str,
                    blows: dict[str, Test]) -> bool:
    """GA 13.5.2-13.5.3: one attempt by the capturers of ``target`` (``blows``: each
    capturer's number needed as for a blow, GA 9.8); the D20 in the window captures."""
    names = [rs.piece_name(state, p) for p in blows]
    test = capture([t.target for t in blows.values()], names=names,
                   target_mounted=rs.mounted(state, target))
    tname = rs.piece_name(state, target)
    faces = window(test)
    each = listing([N_("{name} needs {n} for a blow", name=rs.piece_name(state, p),
                       n=t.target) for p, t in blows.items()], "; ")
    who = listing(names)
    if faces:
        ctx.log(N_("{who} try to capture {target}: the D20 must show {low}-{high}; {each}"),
                rs.cite("13.5"), who=who, target=tname, low=faces[0], high=faces[-1],
                each=each)
    else:
        ctx.log(N_("{who} try to capture {target}: no face of the D20 captures; {each}"),
                rs.cite("13.5"), who=who, target=tname, each=each)
    done = roll_test(ctx, test, N_("{who} capture {target}", who=who, target=tname),
                     outcome=(N_("captured"), N_("escapes")))
    if done.success:
        take_captive(rs, state, ctx, target, N_("{name} is captured", name=tname),
                     rs.cite("13.5"))
    else:
        how = reading(rs.readings(state), "B24")
        ctx.log(N_("The capture fails: nothing happens [B24={how}]"), rs.cite("13.5"),
                how=how)
    return bool(done.success)


def knock_out(rs: GuetApensModel, state: State, ctx: Context, pid: str,
              target: str) -> tuple[bool, int]:
    """GA 13.8: a knock-out blow landed: the D6 whatever the weapon. Returns (knocked
    out, extra LP lost)."""
    ko = events.knockout(ctx.roll(6))
    name, tname = rs.piece_name(state, pid), rs.piece_name(state, target)
    text = {(False, 0): N_("the attempt fails"), (True, 0): N_("knocked out"),
            (True, 1): N_("knocked out, and 1 LP more"),
            (True, 2): N_("knocked out, and 2 LP more")}
    ctx.log(N_("{name} strikes to knock {target} out: D6 {die} → {result}"),
            rs.cite("13.8"), name=name, target=tname, die=ko.die,
            result=text[(ko.success, ko.extra_lp)])
    return ko.success, ko.extra_lp


def knocked_down(rs: GuetApensModel, state: State, ctx: Context, target: str) -> None:
    """The knocked-out figure faints (he wakes as in GA 11.2); the enemies touching him
    now are those who may stay by him to capture him (GA 13.8)."""
    f = rs.fig(state, target)
    if set(f["states"]) & {"dead", "captured"}:
        return
    f["states"] = sorted(set(f["states"]) | {"unconscious", "knocked"})
    state["vars"].setdefault("fallen", []).append(target)
    guards = sorted(rs.enemies_in_contact(state, target))
    state["vars"].setdefault("knocked", {})[target] = guards
    name = rs.piece_name(state, target)
    if guards:
        ctx.log(N_("{name} is knocked out; {guards} may stay by him to capture him"),
                rs.cite("13.8"), name=name,
                guards=listing([rs.piece_name(state, g) for g in guards]))
    else:
        ctx.log(N_("{name} is knocked out"), rs.cite("13.8"), name=name)


def watch_knocked(rs: GuetApensModel, state: State, ctx: Context, pid: str,
                  woke: bool) -> None:
    """At each waking roll (GA 11.2) of a knocked-out ``pid``: the enemies who have
    stayed touching him all along; when he comes round with one of them still there,
    he is captured (GA 13.8)."""
    knocked = state["vars"].get("knocked") or {}
    if pid not in knocked:
        return
    here = set(rs.enemies_in_contact(state, pid))
    guards = [g for g in knocked[pid] if g in here and rs.active(state, g)]
    knocked[pid] = guards
    f = rs.fig(state, pid)
    if woke and guards:
        take_captive(rs, state, ctx, pid,
                     N_("{name} comes round with {guard} still by him: captured",
                        name=rs.piece_name(state, pid),
                        guard=rs.piece_name(state, guards[0])), rs.cite("13.8"))
        return
    if woke or not guards:
        knocked.pop(pid, None)
        f["states"] = sorted(set(f["states"]) - {"knocked"})
