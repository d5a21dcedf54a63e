"""A figure's character sheet (GA 2, GA 3, GA 8.5) as the "Sheet" dock shows it: the
starting values and the printed reduction row of each characteristic with the quarter
column the wounds reached (GA 2.5), the states, the equipment, the horse, and the
ammunition, private to the figure's owner (GA 8.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardapp.core.engine.piece_sheet import PieceSheet, SheetRow, SheetSection
from boardapp.core.engine.state import State

from .characters import CHARACTERISTICS, NAMES
from .words import N_, data_word
from .wounds import COLUMNS, loss_column, quick_marks

if TYPE_CHECKING:
    from .game import GuetApensModel

STATES: dict[str, tuple[str, str]] = {
    "stunned": (N_("on the ground a whole period, no defence, no shield"),
                "GA 10.2.3"),
    "down": (N_("on the ground after a fall: his attacker has the initiative"),
             "GA 10.2.3, 9.6.4"),
    "unconscious": (N_("wakes on a D12 at most his Endurance"), "GA 11"),
    "trapped": (N_("trapped under his horse"), "GA 10.3.4"),
    "flight1": (N_("fleeing (first sequence)"), "GA 12.4"),
    "flight2": (N_("fleeing"), "GA 12.4"),
    "panic": (N_("panics: runs for the table edge by himself"), "GA 12.4"),
    "reloading": (N_("reloading"), "GA 8.4"),
    "noinit": (N_("loses the initiative in the next hand-to-hand"), "GA 9.6.5"),
    "hit": (N_("stays in place, out of the contest"), "GA 14.3"),
    "captured": (N_("captured"), "GA 13.5"),
    "dead": (N_("dead"), "GA 2.4"),
    "out": (N_("out of the game (fled off the table, out of the lists)"), "GA 12.4, 14.1"),
}
"""What each state of ``figs[pid]["states"]`` means, for the sheet, and its rule."""


def _characteristics(rs: GuetApensModel, state: State, f: dict[str, Any],
                     pid: str) -> SheetSection:
    """GA 2.5: start / 1/4 / 1/2 / 3/4 (the printed reduction table's row of each
    starting value) and the value now; the column reached is marked."""
    column, how = loss_column(f["start"]["lp"], f["lp"], rs.readings(state))
    marks = quick_marks(f["start"])
    now = rs.values(state, pid)
    rows = tuple(SheetRow(NAMES[k], (*(str(v) for v in marks[k]), str(now[k])))
                 for k in (*CHARACTERISTICS, "lp"))
    lost = int(f["start"]["lp"]) - int(f["lp"])
    title = (N_("Characteristics — column {column}", column=COLUMNS[column]) if column else
             N_("Characteristics — unwounded"))
    if lost:
        title = title + N_(" ({lost} LP lost; B1: {how})", lost=lost, how=how)
    return SheetSection(title, rows, columns=(N_("start"), *COLUMNS[1:], N_("now")),
                        marked=column, rule="GA 2.5")


def _states(f: dict[str, Any]) -> SheetSection:
    rows = [SheetRow(data_word(s), (STATES.get(s, (s, ""))[0],), STATES.get(s, ("", ""))[1])
            for s in f.get("states") or ()]
    if f.get("reloading") or f.get("reload"):
        rows.append(SheetRow(data_word("reloading"), (STATES["reloading"][0],), "GA 8.4"))
    return SheetSection(N_("States"), tuple(rows) or (
        SheetRow(data_word("fit"), (N_("no state"),)),))


def _equipment(f: dict[str, Any]) -> SheetSection:
    rows = [SheetRow(N_("Weapon"), (data_word(f.get("weapon") or "none"),))]
    if f.get("lance"):
        rows.append(SheetRow(N_("Lance"), (N_("yes"),)))
    if f.get("missile"):
        rows.append(SheetRow(N_("Missile weapon"), (data_word(f["missile"]),)))
    rows.append(SheetRow(N_("Mail"), (N_("yes") if f.get("mail") else N_("no"),)))
    rows.append(SheetRow(N_("Shield"), (N_("on the {side}", side=data_word(f["shield"]))
                                        if f.get("shield") else data_word("none"),)))
    return SheetSection(N_("Equipment"), tuple(rows), rule="GA 2.8")


def _horse(f: dict[str, Any]) -> SheetSection:
    horse = f.get("horse")
    if not horse:
        return SheetSection(N_("Horse"), (SheetRow(N_("Horse"), (data_word("none"),)),),
                            rule="GA 3")
    where = N_("ridden") if f.get("mounted") else (N_("beside him") if horse.get("beside")
                                                   else N_("not at hand"))
    return SheetSection(N_("Horse"), (
        SheetRow(NAMES["ag"], (str(horse.get("ag")),)),
        SheetRow(N_("Worth"), (data_word(horse.get("worth")),), "GA 3.2"),
        SheetRow(N_("State"), (data_word(horse.get("state", "sound")),)),
        SheetRow(N_("Where"), (where,))), rule="GA 3")


def _ammunition(state: State, f: dict[str, Any], pid: str) -> SheetSection | None:
    """GA 8.5: the arrows or bolts left, seen only by the figure's owner (the other
    side's copy of the state holds "?" by email: then no row at all)."""
    if not f.get("missile"):
        return None
    side = str(f.get("side") or "")
    total = ((state["vars"].get("ammo") or {}).get(side) or {}).get(pid)
    if not isinstance(total, int) or isinstance(total, bool):
        return SheetSection(N_("Ammunition"), (), rule="GA 8.5")
    left = max(0, total - int(f.get("fired", 0)))
    return SheetSection(N_("Ammunition"), (
        SheetRow(N_("Shots left"), (N_("{left} of {total}", left=left, total=total),),
                 N_("secret"), owner=side),), rule="GA 8.5")


def figure_sheet(rs: GuetApensModel, state: State, pid: str) -> PieceSheet | None:
    """The sheet of figure ``pid`` (``None`` for a riderless horse)."""
    f = state["vars"]["figs"].get(pid)
    if f is None:
        return None
    side = rs.side(f["side"]).name if f.get("side") else N_("no side yet")
    sections = [_characteristics(rs, state, f, pid), _states(f), _equipment(f), _horse(f)]
    ammo = _ammunition(state, f, pid)
    if ammo is not None:
        sections.append(ammo)
    role, troop = data_word(f["role"]), data_word(f.get("troop", ""))
    subtitle = (N_("{role}, {troop}, fights as a knight, {side}", role=role, troop=troop,
                   side=side) if f.get("as_knight") else
                N_("{role}, {troop}, {side}", role=role, troop=troop, side=side))
    if not rs.wounds_count(state):
        subtitle = subtitle + N_("; wounds not counted in this scenario")
    return PieceSheet(rs.piece_name(state, pid), tuple(sections), subtitle=subtitle)
