"""The other side's secrets guessed, for the computer opponent (``determinize``).

What a side may not see of the other's (``secret_paths``): its planned moves (GA 6.1.1),
its arrows and bolts (GA 8.5: 5D4, hidden from the opponent), its hidden figures'
places (GA 14.8.2) and who carries the manuscript (GA 14.11.2). The computer guesses
only the ammunition, the one that changes what the other side can do: every shooter of
the other side holds the mean of 5D4 (12; the shots it has spent are not counted off);
plans, hiding places and carriers stay unknown (none planned, none hidden, nobody
carrying).
"""

from __future__ import annotations

from boardapp.core.engine.state import State

MEAN_AMMUNITION = 12
"""GA 8.5: 5D4 arrows or bolts, 12.5 on average (rounded down)."""


def guess_secrets(view: State, side: str) -> State:
    """``view`` (``side``'s view, the other side's secrets masked) with the other side's
    shooters given :data:`MEAN_AMMUNITION` each; deterministic (nothing is drawn)."""
    v = view["vars"]
    ammo = v.get("ammo")
    if not isinstance(ammo, dict):
        return view
    for other, held in list(ammo.items()):
        if other == side:
            continue
        guessed = held if isinstance(held, dict) else {}
        for pid, f in sorted(v["figs"].items()):
            if f.get("side") == other and f.get("missile") and pid not in guessed:
                guessed[pid] = MEAN_AMMUNITION
        ammo[other] = guessed
    for key in ("drafts", "hidden", "carriers"):
        box = v.get(key)
        if isinstance(box, dict):
            for other in [s for s in box if s != side]:
                if not isinstance(box[other], dict):
                    box[other] = {}
    return view
