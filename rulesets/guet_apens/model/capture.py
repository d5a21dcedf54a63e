"""Capture and surrender (GA 13.5-13.7): the capture window of one capturer or a group,
the horse capture, who may surrender to whom.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardapp.core.engine.state import State

from .d20 import Term, Test, nearest
from .printed import rule, table
from .readings import Readings, reading
from .words import N_


def capture(required: Sequence[int], *, target_mounted: bool = False,
            names: Sequence[str] = ()) -> Test:
    """GA 13.5.2-13.5.3: a capture attempt, declared at the hand-to-hand (capturers
    without initiative). ``required``: each capturer's number needed, computed as for a
    blow (GA 9.8). Only as many as may fight the target count (4 on foot, 6 mounted).
    Alone: the D20 must be at most the number and at most 3 below it. Several: the
    average (to the nearest), +1 per extra capturer, the window widened by 1 per extra
    one. A roll of 7 or less always fails (and a 20, GA 0.2)."""
    cap = table("capture")
    most = int(cap["max_adversaries"]["rider" if target_mounted else "foot"])
    counted = list(required)[:most]
    if not counted:
        raise ValueError("a capture needs a capturer")
    extra = len(counted) - 1
    average = nearest(sum(counted), len(counted))
    who = list(names)[:most]
    label = (N_("required number of {name}", name=who[0]) if extra == 0 and who else
             N_("required number") if extra == 0 else
             N_("average of {n} capturers' required numbers", n=len(counted)))
    terms = [Term(label, average, "GA 9.8")]
    if extra:
        terms.append(Term(N_("{n} extra capturer(s)", n=extra), extra, "GA 13.5.3"))
    target = average + extra
    window = int(cap["base_window"]) + extra
    return Test(N_("capture"), rule("capture"), tuple(terms), low=target - window + 1,
                floor=int(cap["fails_at_or_below"]))


def window(test: Test) -> list[int]:
    """The D20 faces that capture (GA 13.5), e.g. required 12 alone: 9-12."""
    floor = test.floor or 0
    low = test.low if test.low is not None else 1
    return [d for d in range(max(low, floor + 1), min(test.target, 19) + 1)]


def may_surrender_to(target_knight: bool, captor_knight: bool, morale_result: str = "",
                     readings: Readings = None) -> tuple[bool, str]:
    """GA 13.7.2: a knight surrenders (only) to another knight, except after a morale
    result of 3-5 (Flight II); B23: he may then surrender to anyone ("anyone") or
    not at all ("never"). Others surrender to anyone."""
    how = reading(readings, "B23")
    if not target_knight:
        return True, how
    if morale_result == "flight2":
        return how == "anyone", how
    return captor_knight, how


def escort_speed(captor_cm: float, captive_cm: float, readings: Readings = None,
                 ) -> tuple[float, str]:
    """GA 13.6 (a horse led away), B24 (a captive, "slower"): both move at the speed of
    the less agile of the two."""
    return min(captor_cm, captive_cm), reading(readings, "B24")


def escorts(state: State) -> dict[str, str | None]:
    """GA 13.5.1, 13.6: the captives being escorted off the table -> their escort
    (read only: ``{}`` when there are none)."""
    return state["vars"].get("escorts") or {}


def escorted_by(state: State, pid: str) -> list[str]:
    """The captives ``pid`` escorts."""
    return sorted(c for c, by in (state["vars"].get("escorts") or {}).items() if by == pid)
