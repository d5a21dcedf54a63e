"""A figure's character sheet (GA 2, GA 3, GA 8.5) as the "Sheet" dock shows it: the
starting values and the printed reduction row of each characteristic with the quarter
column the wounds reached (GA 2.5), the states, the equipment, the horse, and the
ammunition, private to the figure's owner (GA 8.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardapp.core.engine.piece_sheet import PieceSheet, SheetRow, SheetSection
from boardapp.core.engine.state import State

from .characters import CHARACTERISTICS, NAMES
from .wounds import COLUMNS, loss_column, quick_marks

if TYPE_CHECKING:
    from .game import GuetApensModel

STATES: dict[str, tuple[str, str]] = {
    "stunned": ("on the ground a whole period, no defence, no shield",
                "GA 10.2.3"),
    "down": ("on the ground after a fall: his attacker has the initiative",
             "GA 10.2.3, 9.6.4"),
    "unconscious": ("wakes on a D12 at most his Endurance", "GA 11"),
    "trapped": ("trapped under his horse", "GA 10.3.4"),
    "flight1": ("fleeing (first sequence)", "GA 12.4"),
    "flight2": ("fleeing", "GA 12.4"),
    "panic": ("panics: runs for the table edge by himself", "GA 12.4"),
    "reloading": ("reloading", "GA 8.4"),
    "noinit": ("loses the initiative in the next hand-to-hand", "GA 9.6.5"),
    "hit": ("stays in place, out of the contest", "GA 14.3"),
    "captured": ("captured", "GA 13.5"),
    "dead": ("dead", "GA 2.4"),
    "out": ("out of the game (fled off the table, out of the lists)", "GA 12.4, 14.1"),
}
"""What each state of ``figs[pid]["states"]`` means, for the sheet, and its rule."""


def words(name: object) -> str:
    """A data name as words (``short_bow`` -> ``short bow``)."""
    return str(name).replace("_", " ")


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
    title = (f"Characteristics — column {COLUMNS[column]}" if column else
             "Characteristics — unwounded") + (
        f" ({lost} LP lost; B1: {how})" if lost else "")
    return SheetSection(title, rows, columns=(*COLUMNS, "now"), marked=column,
                        rule="GA 2.5")


def _states(f: dict[str, Any]) -> SheetSection:
    rows = [SheetRow(s, (STATES.get(s, (s, ""))[0],), STATES.get(s, ("", ""))[1])
            for s in f.get("states") or ()]
    if f.get("reloading") or f.get("reload"):
        rows.append(SheetRow("reloading", (STATES["reloading"][0],), "GA 8.4"))
    return SheetSection("States", tuple(rows) or (SheetRow("fit", ("no state",)),))


def _equipment(f: dict[str, Any]) -> SheetSection:
    rows = [SheetRow("Weapon", (words(f.get("weapon") or "none"),))]
    if f.get("lance"):
        rows.append(SheetRow("Lance", ("yes",)))
    if f.get("missile"):
        rows.append(SheetRow("Missile weapon", (words(f["missile"]),)))
    rows.append(SheetRow("Mail", ("yes" if f.get("mail") else "no",)))
    rows.append(SheetRow("Shield", (f"on the {f['shield']}" if f.get("shield") else "none",)))
    return SheetSection("Equipment", tuple(rows), rule="GA 2.8")


def _horse(f: dict[str, Any]) -> SheetSection:
    horse = f.get("horse")
    if not horse:
        return SheetSection("Horse", (SheetRow("Horse", ("none",)),), rule="GA 3")
    where = "ridden" if f.get("mounted") else ("beside him" if horse.get("beside")
                                                else "not at hand")
    return SheetSection("Horse", (
        SheetRow("Agility", (str(horse.get("ag")),)),
        SheetRow("Worth", (str(horse.get("worth")),), "GA 3.2"),
        SheetRow("State", (str(horse.get("state", "sound")),)),
        SheetRow("Where", (where,))), rule="GA 3")


def _ammunition(state: State, f: dict[str, Any], pid: str) -> SheetSection | None:
    """GA 8.5: the arrows or bolts left, seen only by the figure's owner (the other
    side's copy of the state holds "?" by email: then no row at all)."""
    if not f.get("missile"):
        return None
    side = str(f.get("side") or "")
    total = ((state["vars"].get("ammo") or {}).get(side) or {}).get(pid)
    if not isinstance(total, int) or isinstance(total, bool):
        return SheetSection("Ammunition", (), rule="GA 8.5")
    left = max(0, total - int(f.get("fired", 0)))
    return SheetSection("Ammunition", (
        SheetRow("Shots left", (f"{left} of {total}",),
                 "secret", owner=side),), rule="GA 8.5")


def figure_sheet(rs: GuetApensModel, state: State, pid: str) -> PieceSheet | None:
    """The sheet of figure ``pid`` (``None`` for a riderless horse)."""
    f = state["vars"]["figs"].get(pid)
    if f is None:
        return None
    side = rs.side(f["side"]).name if f.get("side") else "no side yet"
    sections = [_characteristics(rs, state, f, pid), _states(f), _equipment(f), _horse(f)]
    ammo = _ammunition(state, f, pid)
    if ammo is not None:
        sections.append(ammo)
    as_knight = ", fights as a knight" if f.get("as_knight") else ""
    return PieceSheet(str(f["name"]), tuple(sections),
                      subtitle=f"{f['role']}, {words(f.get('troop', ''))}{as_knight}, {side}"
                      + ("; wounds not counted in this scenario"
                         if not rs.wounds_count(state) else ""))
