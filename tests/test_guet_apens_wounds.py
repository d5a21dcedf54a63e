"""Guet-Apens wounds (GA 2.5, 9.3.6, 11): the whole printed reduction table, the book's
worked examples, the unconsciousness test and waking. Every expected number is the
book's (rule book guet-apens.txt, PERSONNAGE l.607-631, CORPS A CORPS l.1857-1890,
TIR l.1407-1419)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesets.guet_apens.model import wounds

# The "Tableau des caractéristiques dérivées de la perte de P. de V." (l.611-616),
# typed in from the book: starting value -> after 1/4, 1/2, 3/4 of the LP lost.
BOOK_TABLE = {
    5: (4, 3, 1), 6: (5, 3, 2), 7: (5, 4, 2), 8: (6, 4, 2), 9: (7, 5, 2), 10: (8, 5, 3),
    11: (8, 6, 3), 12: (9, 6, 3), 13: (10, 7, 3), 14: (11, 7, 4), 15: (11, 8, 4),
    16: (12, 8, 4), 17: (13, 9, 4), 18: (14, 9, 5), 19: (14, 10, 5),
}


@pytest.mark.parametrize("start", sorted(BOOK_TABLE))
@pytest.mark.parametrize("column", [1, 2, 3])
def test_reduction_table_cell_by_cell(start, column):
    """GA 2.5, l.611-616: each of the 45 printed cells."""
    assert wounds.reduced(start, column) == BOOK_TABLE[start][column - 1]
    assert wounds.reduced(start, 0) == start


def test_starting_value_four_is_derived_from_the_books_rule():
    """GA 16.9: the table has no column for 4; the book's rule (quarters to the
    nearest) gives 3 / 2 / 1."""
    assert [wounds.reduced(4, c) for c in (1, 2, 3)] == [3, 2, 1]


@given(st.integers(min_value=5, max_value=19), st.integers(min_value=1, max_value=3))
def test_table_is_the_quarters_to_the_nearest(start, column):
    """GA 2.5: "arrondi à l'entier approchant" — the table is start x (4-c)/4, halves up."""
    exact = start * (4 - column) / 4
    assert wounds.reduced(start, column) == int(exact + 0.5)


def test_worked_example_two_lp_lost():
    """GA 2.5, l.618-620: Ag 12, Sk 15, Co 9, St 18, En 11, LP 7 losing 2 LP ->
    Ag 9, Sk 11, Co 7, St 14, En 8, LP 5."""
    start = {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11, "lp": 7}
    hit = wounds.wound(start, 7, 0, 2)
    assert hit.lp == 5 and hit.column == 1 and not hit.dead
    assert hit.values == {"ag": 9, "sk": 11, "co": 7, "st": 14, "en": 8}
    assert ("B1", "table") in hit.readings


def test_quick_marks_row():
    """GA 2.5, l.624-631: the quick-mark example."""
    start = {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11, "lp": 7}
    assert wounds.quick_marks(start) == {
        "ag": [12, 9, 6, 3], "sk": [15, 11, 8, 4], "co": [9, 7, 5, 2],
        "st": [18, 14, 9, 5], "en": [11, 8, 6, 3], "lp": [7, 5, 4, 2]}


def test_arnault_strikes_barthelemy_table_gives_skill_12_not_the_books_11():
    """GA 9.10.4, l.1857-1890: Barthélemy (Ag 13, Sk 16, Co 7, St 12, En 13, LP 8) loses
    2 LP -> 6 LP, the 1/4 column: Ag 10, Co 5, St 9, En 10. The book prints Skill 11,
    but its own table (l.612) gives 16 -> 12: the example is wrong (digest B36), we
    follow the table."""
    start = {"ag": 13, "sk": 16, "co": 7, "st": 12, "en": 13, "lp": 8}
    hit = wounds.wound(start, 8, 0, 2)
    assert hit.lp == 6 and hit.column == 1
    assert hit.values == {"ag": 10, "sk": 12, "co": 5, "st": 9, "en": 10}


def test_lp_thresholds_b1_table_against_fraction():
    """GA 2.5, B1: starting LP 7 reaches the 1/2 column at 4 LP by the table (l.631:
    7 -> 5 -> 4 -> 2), at 3 LP when the LP lost must reach half of 7 (3.5)."""
    assert wounds.loss_column(7, 4) == (2, "table")
    assert wounds.loss_column(7, 4, {"B1": "fraction"}) == (1, "fraction")
    assert wounds.loss_column(7, 3, {"B1": "fraction"}) == (2, "fraction")
    assert [wounds.loss_column(8, lp)[0] for lp in (8, 7, 6, 5, 4, 3, 2, 1)] == [
        0, 0, 1, 1, 2, 2, 3, 3]


def test_column_never_moves_back_on_a_loss_and_zero_lp_is_dead():
    """GA 2.4: 0 LP is dead; GA 2.5: losses only reduce."""
    start = {"ag": 10, "sk": 10, "co": 10, "st": 10, "en": 10, "lp": 7}
    assert wounds.wound(start, 3, 3, 0).column == 3
    dead = wounds.wound(start, 2, 3, 5)
    assert dead.dead and dead.lp == 0 and not dead.faint_test


def test_shooting_example_unconsciousness_test():
    """GA 11.1, l.1411-1419: a target with 6 LP losing 5 at once lost 3/4 or more and
    at least 4: he tests; D20 above his new Endurance -> he faints."""
    start = {"ag": 10, "sk": 10, "co": 10, "st": 10, "en": 12, "lp": 8}
    hit = wounds.wound(start, 6, 1, 5)
    assert hit.faint_test and hit.lp == 1
    assert hit.values["en"] == 3
    check = wounds.faint_check(hit.values["en"])
    assert check.rolled(3).success is True
    assert check.rolled(4).success is False


def test_unconsciousness_needs_four_lp_and_three_quarters():
    """GA 11.1: 3 LP out of 4 is 3/4 but under the minimum of 4; 4 out of 6 is under
    3/4; B2 "starting" measures against the starting LP."""
    assert wounds.faint_test_due(3, 4, 8)[0] is False
    assert wounds.faint_test_due(4, 6, 6)[0] is False
    assert wounds.faint_test_due(5, 6, 10) == (True, "current")
    assert wounds.faint_test_due(5, 6, 10, {"B2": "starting"}) == (False, "starting")


def test_waking_and_halving():
    """GA 11.2: wakes on D12 at most Endurance; GA 10.2.3: half, rounded up."""
    assert wounds.wakes(8, 8) and not wounds.wakes(9, 8)
    assert wounds.halved({"st": 9, "sk": 12, "ag": 7}, ("st", "sk")) == {
        "st": 5, "sk": 6, "ag": 7}
