"""Sequence 6, combat (GA 9): charges resolved first (GA 9.1, 9.2, 10.2), then the
hand-to-hand: parry or attack markers chosen in secret (GA 9.7), initiative (GA 9.4-9.5),
blows in initiative order (GA 9.8-9.10), wounds and fainting (GA 2.5, 11)."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, put_piece
from boardapp.core.engine.together import SealedChoice

from ..model import SIDES, GuetApensModel, events
from ..model import melee as lib
from ..model.d20 import Test
from ..model.words import N_, both, data_word, listing
from ..model.wounds import faint_check
from ..model.wounds import wound as wound_of
from .campaign import leader_lost
from .capture import (
    capture_attempt,
    knock_out,
    knocked_down,
    plays_capture,
    surrender_to,
    why_not_mark,
)
from .choices import ChoiceWords
from .manuscripts import mark_body
from .mules import MuleKilled
from .tests_d20 import log_tally, roll_test

MELEE_STEP = "melee"
SIDE_WIDE = {"capture": "C", "knockout": "K"}
"""Side-wide choices where capture is played: every figure of the side in hand-to-hand
tries to capture (knock out) the first enemy touching him (GA 13.5, 13.8)."""
OUT = {"dead", "out", "unconscious", "captured", "hit"}


def wound(rs: GuetApensModel, state: State, ctx: Context, pid: str, lost: int,
          rule: str) -> None:
    """``pid`` loses ``lost`` LP at once (GA 9.3.6): the quarter column follows (GA 2.5),
    0 LP is death (GA 2.4), a big hit asks the fainting test (GA 11.1)."""
    f = rs.fig(state, pid)
    name = rs.piece_name(state, pid)
    if lost <= 0:
        ctx.log(N_("{name} loses no LP"), rule, name=name)
        return
    before, column = f["lp"], rs.column(state, pid)
    w = wound_of(f["start"], before, column, lost, rs.readings(state))
    f["lp"] = w.lp
    used = ", ".join(f"{k}={v}" for k, v in w.readings)
    ctx.log(N_("{name} loses {lost} LP: {before} → {lp} [{used}]"), rule, name=name,
            lost=lost, before=before, lp=f["lp"], used=used)
    state["vars"].setdefault("fallen", [])
    if w.dead:
        state["vars"]["fallen"].append(pid)
        f["states"] = sorted(set(f["states"]) | {"dead"})
        ctx.log(N_("{name} is killed: his figure leaves the table"), rs.cite("2.4"), name=name)
        mark_body(rs, state, pid)  # GA 14.11.2: where he fell, for a search
        put_piece(state, pid, rs.eliminated_box)
        leader_lost(rs, state, ctx, pid)  # GA 14.10.3
        return
    if rs.column(state, pid) != column:
        vals = rs.values(state, pid)
        ctx.log(N_("{name} has lost {column}/4 of his LP: Agility {ag}, Skill {sk}, Courage "
                   "{co}, Strength {st}, Endurance {en}"), rs.cite("2.5"), name=name,
                column=rs.column(state, pid), **vals)
    if w.faint_test:
        done = roll_test(ctx, faint_check(rs.value(state, pid, "en"), name), name,
                         outcome=(N_("stays conscious"), N_("faints")))
        if not done.success:
            f["states"] = sorted(set(f["states"]) | {"unconscious"})
            state["vars"]["fallen"].append(pid)
    v = state["vars"]
    if v.get("victory") == "wounded-most":  # GA 14.3: a hit figure is out, in place
        f["states"] = sorted(set(f["states"]) | {"hit"})
        ctx.log(N_("{name} is hit: he stays in place, out of the contest"), rs.cite("14.3"),
                name=name)
    elif v.get("victory") == "captures-most" and f["lp"] * 2 <= f["start"]["lp"] and \
            "captured" not in f["states"]:
        f["states"] = sorted(set(f["states"]) | {"captured"})
        v["fallen"].append(pid)
        put_piece(state, pid, rs.eliminated_box)
        ctx.log(N_("{name} has lost half his LP: he surrenders and is escorted off the table"),
                rs.cite("14.6"), name=name)


def unhorse(rs: GuetApensModel, state: State, ctx: Context, pid: str) -> None:
    """GA 10.2.3: the rider falls (the D12 table), his horse stands by."""
    f = rs.fig(state, pid)
    state["pieces"][pid]["type"] = "foot"
    if f.get("horse"):
        f["horse"]["beside"] = True
    if not rs.wounds_count(state):
        return
    fall = events.unhorsed(ctx.roll(12))
    die, result = fall.die, fall.result
    ctx.log(N_("{name} is unhorsed: D12 {die} → {result}"), fall.rule,
            name=rs.piece_name(state, pid), die=die, result=data_word(result))
    f["states"] = sorted(set(f["states"]) | {"noinit"})
    if result == "wounded":
        wound(rs, state, ctx, pid, die, rs.cite("10.2.3"))
        f["states"] = sorted(set(f["states"]) | {"down"})
    elif result in ("stunned", "unconscious"):
        f["states"] = sorted(set(f["states"]) | {result})


def resolve_charges(rs: GuetApensModel, state: State, ctx: Context) -> list[dict[str, Any]]:
    """GA 9.1, 7.4: every charge in contact: effective ones resolve at once together."""
    charges = state["vars"].get("charges", {})
    results = []
    effective = {p for p, c in charges.items() if c.get("contact") and
                 lib.charge_effective(c["covered"])}
    falls = []
    for pid, c in sorted(charges.items()):
        if not c.get("contact"):
            continue
        target = c["target"]
        if pid not in effective:
            ctx.log(N_("{name}'s charge covered {cm} cm: not effective"), rs.cite("7.4"),
                    name=rs.piece_name(state, pid), cm=f"{c['covered']:g}")
            continue
        if target in charges and charges[target].get("target") == pid and \
                target not in effective:
            ctx.log(N_("{name} resolves no engagement"), rs.cite("7.4"),
                    name=rs.piece_name(state, target))
        state["vars"].setdefault("charged", []).extend([pid, target])
        name, tname = rs.piece_name(state, pid), rs.piece_name(state, target)
        test = lib.charge(rs.horse_ag(state, pid), rs.value(state, pid, "sk"),
                          rs.horse_ag(state, target), rs.value(state, target, "st"),
                          charger=name, target=tname)
        done = roll_test(ctx, test, N_("{name} charging {target}", name=name, target=tname),
                         outcome=(N_("unhorsed"), N_("stays in the saddle")))
        assert done.roll is not None
        broke, how = events.lance_breaks(done.roll, charge=True, knight=knightly(rs, state, pid),
                                         readings=rs.readings(state))
        if broke:
            ctx.log(N_("{name}'s lance breaks (D20 {roll}) [B13={how}]"), rs.cite("9.2"),
                    name=name, roll=done.roll, how=how)
        if done.success:
            falls.append(target)
        results.append({"charger": pid, "target": target, "unhorsed": done.success,
                        "broke": broke})
    for target in falls:  # simultaneous, GA 9.1.3
        ctx.log(N_("{name} is unhorsed"), rs.cite("9.1"), name=rs.piece_name(state, target))
        unhorse(rs, state, ctx, target)
    for r in results:
        if r["broke"] and state["vars"].get("lances_replaced"):
            ctx.log(N_("{name} takes a new lance"), rs.cite("14.1"),
                    name=rs.piece_name(state, r["charger"]))
        elif r["broke"]:
            rs.fig(state, r["charger"])["lance"] = False
    for r in results:  # GA 7.6: next movement, 6 cm straight ahead first
        if rs.mounted(state, r["charger"]) and state["vars"].get("joust") is None:
            state["vars"].setdefault("after_charge", []).append(r["charger"])
            state["vars"].setdefault("walk_spent", []).append(r["charger"])
    for pid in [p for p, c in charges.items() if c.get("contact")]:
        del charges[pid]
    return results


def fighters(rs: GuetApensModel, state: State) -> dict[str, list[str]]:
    """Figures in hand-to-hand (bases touching an enemy's, GA 9.3.1) and their enemies."""
    index = rs.index(state)
    out = {}
    for pid in sorted(state["vars"]["figs"]):
        if pid not in index.bases or set(rs.fig(state, pid)["states"]) & OUT:
            continue
        enemies = [q for q in rs.enemies_in_contact(state, pid, index)
                   if not set(rs.fig(state, q)["states"]) & {"dead", "out", "captured"}]
        if enemies:
            out[pid] = enemies
    return out


class Melee(ChoiceWords, MuleKilled, SealedChoice[GuetApensModel]):
    """GA 9.7: each side marks in secret, for its figures in hand-to-hand, attack (A,
    at the first enemy touching it) or parry (P); then the blows (GA 9.4-9.10)."""

    name = MELEE_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        if plays_capture(state):
            return N_("Hand-to-hand: {names}, choose attack, parry, capture or knock out in "
                      "secret (GA 9.7, 13.5, 13.8)", names=names)
        return N_("Hand-to-hand: {names}, choose attack or parry in secret (GA 9.7)",
                  names=names)

    def options(self, rs: GuetApensModel, state: State, frame: Frame, side: str) -> list[str]:
        return ["attack", "parry"] + (["surrender"] if "surrender" in state["vars"][
            "rules"] else []) + (list(SIDE_WIDE) if plays_capture(state) else [])

    def chosen(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        quits = [s for s in frame["sides"] if choices.get(s) == "surrender"]
        if quits:  # GA 14.4: the Baron who surrenders loses
            for s in quits:
                for f in state["vars"]["figs"].values():
                    if f["side"] == s:
                        f["states"] = sorted(set(f["states"]) | {"captured"})
                ctx.log(N_("{side}'s Baron surrenders"), rs.cite("14.4"), side=rs.side(s).name)
            flow.end(rs, state, ctx, None)
            return
        melee(rs, state, ctx, {s: choices.get(s, "attack") for s in SIDES})
        flow.end(rs, state, ctx, None)

    def why_not(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """Besides attack, parry (or surrender): a marker per figure, ``PID:A>TARGET``
        (attack that enemy touching him) or ``PID:P`` (parry), joined by ``/``; where
        capture is played, also ``PID:C>TARGET`` (capture), ``PID:K>TARGET`` (knock
        out) and ``PID:S>TARGET`` (surrender to him), GA 13.5-13.8."""
        if action.verb != "commit" or len(action.args) != 1 or action.arg(0) in (
                "attack", "parry", "surrender", *SIDE_WIDE):
            return super().why_not(rs, state, frame, action, side)
        deciders = self.deciders(rs, state, frame)
        if side is not None and side not in deciders:
            return self._not_yours(rs, deciders), rs.cite("9.7")
        touching = fighters(rs, state)
        for item in action.arg(0).split("/"):
            pid, _, mark = item.partition(":")
            if pid not in touching or (side and rs.piece_side(state, pid) != side):
                return N_("{pid}: none of yours in hand-to-hand", pid=repr(pid)), rs.cite("9.3")
            if mark != "P" and not (mark[:2] in ("A>", "C>", "K>", "S>") and
                                    mark[2:] in touching[pid]):
                return N_("{item}: PID:P or PID:A>ENEMY touching him (C> capture, K> knock "
                          "out, S> surrender)", item=repr(item)), rs.cite("9.7")
            why = why_not_mark(rs, state, pid, mark[0], mark[2:])
            if why is not None:
                return why
        return None


def melee(rs: GuetApensModel, state: State, ctx: Context, markers: dict[str, str]) -> None:
    """The blows of one combat sequence (GA 9.3-9.10). ``markers``: each side's choice,
    ``attack``, ``parry`` or per figure ``PID:A>TARGET/PID:P``."""
    charged = set(state["vars"].pop("charged", []))  # GA 7.4: the charge was their combat
    touching = {p: e for p, e in fighters(rs, state).items() if p not in charged}
    whole = {"parry": "P", **SIDE_WIDE}
    marker = {p: whole.get(markers[rs.piece_side(state, p)], "A") for p in touching}
    target = {p: e[0] for p, e in touching.items()}
    for choice in markers.values():
        if choice in ("attack", "parry", "surrender", *SIDE_WIDE):
            continue
        for item in choice.split("/"):
            pid, _, mark = item.partition(":")
            if pid in touching:
                marker[pid] = "P" if mark == "P" else mark[0] if mark[:1] in "CKS" else "A"
                if mark[1:2] == ">" and mark[2:] in touching[pid]:
                    target[pid] = mark[2:]
    for p in sorted(p for p in touching if marker[p] == "S"):  # GA 13.7: first
        surrender_to(rs, state, ctx, p, target[p])
    for p in [p for p in touching if marker[p] == "S"]:
        del touching[p]
    attackers_of: dict[str, list[str]] = {}
    for p in touching:
        if marker[p] in ("A", "K"):
            attackers_of.setdefault(target[p], []).append(p)
    init: dict[str, int] = {}
    for p in touching:
        f = rs.fig(state, p)
        worth = (f.get("horse") or {}).get("worth") if rs.mounted(state, p) else None
        name = rs.piece_name(state, p)
        init[p] = log_tally(ctx, lib.initiative(
            rs.value(state, p, "ag"), rs.value(state, p, "co"), ctx.roll(4),
            horse_worth=worth, weapon=weapon(rs, state, p), who=name), name)

    def rank(p: str) -> tuple[int, int]:
        f = rs.fig(state, p)
        if marker[p] in ("A", "K") and marker.get(target[p]) == "P":
            return 0, -init[p]  # GA 9.7.2: attacking a parrying figure: first
        if marker[p] in ("P", "C") or "noinit" in f["states"]:  # GA 13.5.2: capturers
            return 2, -init[p]
        return 1, -init[p]

    order = sorted(touching, key=lambda p: (rank(p), p))
    shielded: set[str] = set()
    tried: set[str] = set()
    i = 0
    while i < len(order):
        group = [p for p in order[i:] if rank(p) == rank(order[i])]
        i += len(group)
        losses: list[tuple[str, int]] = []
        for p in group:  # equal initiative: simultaneous (GA 9.4.5)
            if set(rs.fig(state, p)["states"]) & (OUT | {"stunned", "down"}):
                continue
            t = target[p]
            if set(rs.fig(state, t)["states"]) & {"dead", "out", "captured"}:
                continue
            if marker[p] == "C":
                if t not in tried:
                    tried.add(t)
                    group = [q for q in order if marker[q] == "C" and target[q] == t and
                             not set(rs.fig(state, q)["states"]) & (OUT | {"stunned", "down"})]
                    capture_attempt(rs, state, ctx, t, {q: blow_test(
                        rs, state, q, t, marker, attackers_of, shielded) for q in group})
                continue
            lost = blow(rs, state, ctx, p, t, marker, attackers_of, shielded)
            if lost:
                losses.append((t, lost))
        for t, lost in losses:
            if lost < 0:  # a knock-out: -1 - the extra LP (GA 13.8)
                if -1 - lost:
                    wound(rs, state, ctx, t, -1 - lost, rs.cite("13.8"))
                knocked_down(rs, state, ctx, t)
            else:
                wound(rs, state, ctx, t, lost, rs.cite("9.10"))
    for p in touching:
        f = rs.fig(state, p)
        f["states"] = sorted(set(f["states"]) - {"noinit"})


def weapon(rs: GuetApensModel, state: State, pid: str) -> str:
    f = rs.fig(state, pid)
    if f.get("lance") and rs.mounted(state, pid):
        return "lance"
    return str(f.get("weapon") or "sword")


def knightly(rs: GuetApensModel, state: State, pid: str) -> bool:
    f = rs.fig(state, pid)
    return f["role"] in ("knight", "baron") or bool(f.get("as_knight"))


def blow(rs: GuetApensModel, state: State, ctx: Context, pid: str, t: str,
         marker: dict[str, str], attackers_of: dict[str, list[str]],
         shielded: set[str]) -> int:
    """One blow (GA 9.8-9.10): the LP it takes (applied by the caller); a knock-out
    blow that lands (GA 13.8) gives -1 minus the extra LP."""
    name, tname = rs.piece_name(state, pid), rs.piece_name(state, t)
    tf = rs.fig(state, t)
    test = blow_test(rs, state, pid, t, marker, attackers_of, shielded)
    done = roll_test(ctx, test, N_("{name} strikes {target}", name=name, target=tname),
                     outcome=(N_("hit"), N_("missed")))
    assert done.roll is not None
    arm = weapon(rs, state, pid)
    if arm == "lance":
        broke, how = events.lance_breaks(done.roll, charge=False,
                                         knight=knightly(rs, state, pid),
                                         readings=rs.readings(state))
        if broke:
            rs.fig(state, pid)["lance"] = False
            ctx.log(N_("{name}'s lance breaks (D20 {roll}) [B13={how}]"), rs.cite("9.2"),
                    name=name, roll=done.roll, how=how)
    if not done.success:
        return 0
    if marker[pid] == "K":
        out, extra = knock_out(rs, state, ctx, pid, t)
        return -1 - extra if out else 0
    sides, div = lib.weapon_die(arm), 1
    if state["vars"].get("blunted"):  # GA 14.6: blunted swords (B26)
        sides, div, how = events.blunted(sides, rs.readings(state))
        ctx.log(N_("Blunted swords: D{sides} divided by {div} [B26={how}]") if div > 1 else
                N_("Blunted swords: D{sides} [B26={how}]"), rs.cite("14.6"), sides=sides,
                div=div, how=how)
    dmg = lib.melee_damage([ctx.roll(sides) // div], mail=bool(tf.get("mail")),
                           unconscious="unconscious" in tf["states"],
                           readings=rs.readings(state))
    terms = listing([N_("{value} {label}", value=f"{t.value:+d}", label=t.label)
                     for t in dmg.terms], " ")
    ctx.log(N_("{name} hits {target}: D{sides} {terms} = {lp} LP [{readings}]"),
            rs.cite("9.10"), name=name, target=tname, sides=sides, terms=terms, lp=dmg.lp,
            readings=", ".join(f"{k}={v}" for k, v in dmg.readings))
    return dmg.lp


def blow_test(rs: GuetApensModel, state: State, pid: str, t: str, marker: dict[str, str],
              attackers_of: dict[str, list[str]], shielded: set[str]) -> Test:
    """The number needed for ``pid``'s blow at ``t`` (GA 9.8-9.9), also a capturer's
    (GA 13.5.2): the shield counts against the first adversary only."""
    tf = rs.fig(state, t)
    factors = []
    if tf.get("shield") and t not in shielded and "stunned" not in tf["states"]:
        shielded.add(t)  # GA 9.9: against one adversary only (the first to strike)
        factors.append("rider_shield" if rs.mounted(state, t) else "foot_shield")
    parried = len(attackers_of.get(t, [])) if marker[pid] in ("A", "K") and \
        marker.get(t) == "P" else 0
    return lib.blow(rs.value(state, pid, "st"), rs.value(state, pid, "sk"),
                    rs.value(state, t, "ag"), factors, parried_by=parried,
                    attacker=rs.piece_name(state, pid), defender=rs.piece_name(state, t),
                    readings=rs.readings(state))


def melee_sides(rs: GuetApensModel, state: State) -> list[str]:
    """The sides with a figure in hand-to-hand (not those whose charge was resolved)."""
    charged = set(state["vars"].get("charged", []))
    touching = [p for p in fighters(rs, state) if p not in charged]
    return [s for s in SIDES if any(rs.piece_side(state, p) == s for p in touching)]
