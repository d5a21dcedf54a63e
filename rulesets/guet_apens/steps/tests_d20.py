"""Every D20 test shown in full (GA 0.2): the number needed and each term with its
source in the Table dock, the die, the result, the rule and the readings cited in the
log. The tests themselves are the model's (:mod:`..model.d20`)."""

from __future__ import annotations

from boardapp.core.engine.actions import LogLine
from boardapp.core.engine.context import Context

from ..model.d20 import Tally, Test
from ..model.words import N_


def table_detail(test: Test, who: str, result: str) -> dict:
    """The Table dock's view of a rolled test: the die, each term of the number needed
    (marked "needed:") with its source, the result and the rule."""
    return {"kind": "table", "table": test.name,
            "column": N_("needs {needed}", needed=test.needed), "die": test.roll,
            "modifiers": [{"label": N_("needed: {label}", label=t.label), "value": t.value,
                           "source": t.source} for t in test.terms],
            "modified": test.roll, "result": result, "rule": test.rule, "who": who,
            "test": test.detail()}


def roll_test(ctx: Context, test: Test, who: str, *,
              outcome: tuple[str, str] = (N_("success"), N_("failure"))) -> Test:
    """Roll ``test``'s D20 and log it with the number needed and its terms."""
    done = test.rolled(ctx.roll(20))
    result = outcome[0] if done.success else outcome[1]
    ctx.lines.append(LogLine(N_("{who}: {test} → {result}", who=who, test=done.text(),
                                result=result), done.rule,
                             detail=table_detail(done, who, result)))
    return done


def log_tally(ctx: Context, tally: Tally, who: str) -> int:
    """Log a total that is no roll-under test (initiative, morale): its terms."""
    ctx.lines.append(LogLine(N_("{who}: {tally}", who=who, tally=tally.text()), tally.rule,
                             detail=tally.detail()))
    return tally.total
