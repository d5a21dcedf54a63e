"""Asking the players for a Combat Table result whose printed value is unknown (10).

The Combat Table is not printed in the rules. When a minor battle, a melee of a major
battle or a siege round reaches an unknown cell, the players read their printed table and
give the result in three questions — the losses (attacker/defender), then R (who retreats,
where it counts), then * (whose historic commanders are checked) — the same for the three
procedures. A subclass names its step and applies the result (:meth:`CombatAsk.resolved`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State

from .data import CombatResult

ASK_MAX = 4
"""The largest SP loss offered for each side."""


class CombatAsk(Step):
    """A step asking for an unknown Combat Table result; its frame holds ``column`` and
    ``die`` (and the subclass's own values)."""

    def asks_retreat(self, frame: Frame) -> bool:
        """Whether R counts here (default: yes)."""
        return True

    def where(self, rs: Any, state: State, frame: Frame) -> str:
        """Where the fight is, for the prompt (default: not said)."""
        return ""

    def resolved(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        """Apply the result the players gave."""
        raise NotImplementedError  # abstract: each procedure applies it its way

    def prompt(self, rs: Any, state: State, frame: Frame) -> str:
        v = frame["vars"]
        where = self.where(rs, state, frame)
        head = (f"Combat Table (10), {where + ': ' if where else ''}column {v['column']}, "
                f"die {v['die']}")
        if "losses" not in v:
            return (f"{head}. Its values are not known to boardapp: read the printed table "
                    "and give the losses (attacker/defender).")
        if "retreat" not in v:
            return f"{head}, losses {v['losses']}: does the printed result carry an R (retreat)?"
        return (f"{head}, losses {v['losses']}: does the printed result carry a * "
                "(commander check)?")

    def actions(self, rs: Any, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        if "losses" not in v:
            for a in range(ASK_MAX + 1):
                for d in range(ASK_MAX + 1):
                    yield Action.of("combat-losses", f"{a}/{d}")
        elif "retreat" not in v:
            for who in ("none", "attacker", "defender"):
                yield Action.of("retreat", who)
        else:
            for who in ("none", "attacker", "defender", "both"):
                yield Action.of("commander-check", who)

    def on_combat_losses(self, rs: Any, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        frame["vars"]["losses"] = action.arg(0)
        if not self.asks_retreat(frame):
            frame["vars"]["retreat"] = "none"

    def on_retreat(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                   flow: Flow) -> None:
        frame["vars"]["retreat"] = action.arg(0)

    def on_commander_check(self, rs: Any, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        a, d = (int(x) for x in v.pop("losses").split("/"))
        who, star = v.pop("retreat"), action.arg(0)
        result = CombatResult(a, d, who == "attacker", who == "defender",
                              star in ("attacker", "both"), star in ("defender", "both"))
        ctx.log(f"Combat Table, column {v['column']}, die {v['die']}: the players read "
                f"{result.text()} (printed table, given by hand)", rs.cite("10"))
        self.resolved(rs, state, frame, ctx, flow, result)
