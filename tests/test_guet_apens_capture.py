"""Guet-Apens capture and surrender (GA 13.5-13.7): the book's windows (Capture d'un
personnage, l.2299-2319)."""

from __future__ import annotations

from rulesets.guet_apens.model import capture


def test_one_capturer():
    """GA 13.5.2, l.2303: required 12 -> 12, 11, 10, 9; 9 -> 9, 8 (7 fails); 6 ->
    impossible."""
    assert capture.window(capture.capture([12])) == [9, 10, 11, 12]
    nine = capture.capture([9])
    assert capture.window(nine) == [8, 9]
    assert nine.rolled(7).success is False and nine.rolled(8).success is True
    six = capture.capture([6])
    assert capture.window(six) == [] and six.needed == "impossible"
    assert not any(six.rolled(d).success for d in range(1, 21))


def test_example_a_three_capturers():
    """GA 13.5.4, l.2307-2311: three against a knight, average 11: +2 -> 13, window 6:
    13 to 8; average 8 -> 10, 9, 8."""
    test = capture.capture([10, 11, 12], target_mounted=True)
    assert test.target == 13 and capture.window(test) == [8, 9, 10, 11, 12, 13]
    assert capture.window(capture.capture([8, 8, 8])) == [8, 9, 10]


def test_example_b_five_against_one_on_foot():
    """GA 13.5.5, l.2313-2315: only 4 count; average 10, +3 -> 13, window 7 but 7
    fails: 13 to 8."""
    test = capture.capture([10, 10, 10, 10, 3])
    assert test.target == 13
    assert capture.window(test) == [8, 9, 10, 11, 12, 13]
    assert test.rolled(13).success and not test.rolled(14).success


def test_average_to_the_nearest():
    """GA 13.5.3: the average rounded to the nearest (10.5 -> 11)."""
    assert capture.capture([10, 11]).target == 12


def test_surrender_b23_and_escort():
    """GA 13.7.2: a knight surrenders to a knight, except in Flight II (B23); GA 13.6:
    escorted at the speed of the slower."""
    assert capture.may_surrender_to(True, True)[0]
    assert not capture.may_surrender_to(True, False)[0]
    assert capture.may_surrender_to(True, False, "flight2") == (True, "anyone")
    assert capture.may_surrender_to(True, True, "flight2", {"B23": "never"})[0] is False
    assert capture.may_surrender_to(False, False)[0]
    assert capture.escort_speed(18, 12)[0] == 12
