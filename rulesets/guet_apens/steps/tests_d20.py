"""Every D20 test shown in full (GA 0.2): the number needed and each term with its
source in the Table dock, the die, the result, the rule cited in the log."""

from __future__ import annotations

from boardapp.core.engine.actions import LogLine
from boardapp.core.engine.context import Context

from ..model.interim import Test


def roll_test(ctx: Context, test: Test, who: str, rule: str, *,
              outcome: tuple[str, str] = ("success", "failure")) -> Test:
    """Roll ``test``'s D20 and log it: ``die <= needed`` succeeds, 1 always, 20 never."""
    die = ctx.roll(20)
    done = Test(test.name, test.terms, die, test.extra)
    needed = done.target
    result = outcome[0] if done.success else outcome[1]
    terms = ", ".join(f"{label} {value:+d}" for label, value, _ in test.terms)
    ctx.lines.append(LogLine(
        f"{who}: {test.name}, needs {needed} or less ({terms}): D20 {die} → {result}",
        rule, detail={
            "kind": "table", "table": test.name, "column": f"needs {needed} or less",
            "die": die,
            "modifiers": [{"label": f"needed: {label}", "value": value, "source": source}
                          for label, value, source in test.terms],
            "modified": die, "result": result, "rule": rule, "who": who}))
    return done
