"""The public view of a position as plain data: ``boardapp show FILE --json``.

The same for every game, derived from the state and the ruleset's hooks only (the core
names no game): the ruleset and scenario, turn, phase, the sides that decide now, every
piece (id, name, side, type, place and its board, flipped, its place in its stack),
control of areas and regions, scores, the outcome, the prompt. What a side keeps secret
(:meth:`~boardapp.core.engine.ruleset.Ruleset.secret_paths`: a hand of cards, a
face-down choice) is left out and shown as a count, in a hot-seat game as in a game by
email, so the view is the same whoever asks.

>>> [key for key in VIEW_KEYS if key in ("deciding", "pieces", "hidden")]
['deciding', 'pieces', 'hidden']
"""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.state import State
from ..pbem.hidden import get_path, is_missing, mask, normalise_paths
from ..table.fixed import to_cm, to_degrees

VIEW_FORMAT = "boardapp-public-view"
VIEW_VERSION = 1
VIEW_KEYS = ("format", "version", "ruleset", "ruleset_name", "scenario", "mode", "actions",
             "turn", "phase", "active", "deciding", "title", "prompt", "outcome", "pieces",
             "control", "region_control", "scores", "hidden")


def public_view(game: Game) -> dict[str, Any]:
    """The public view of ``game``'s position (JSON-able: see the module docstring)."""
    rs, state = game.ruleset, game.state
    paths = normalise_paths(rs.secret_paths(state), [s.id for s in rs.sides])
    public = mask(state, paths)
    outcome = rs.outcome(public)
    deciding = list(rs.deciding_sides(public))
    phase = rs.flow.phase_frame(public)  # the running phase, named even where unset
    return {
        "format": VIEW_FORMAT, "version": VIEW_VERSION,
        "ruleset": rs.id, "ruleset_name": rs.name, "scenario": game.scenario,
        "mode": game.mode, "actions": len(game.log),
        "turn": public.get("turn"), "phase": (phase["step"] if phase
                                             else public.get("phase") or None),
        "active": public.get("active"), "deciding": deciding,
        "title": rs.title(public), "prompt": rs.prompt(public), "outcome": outcome,
        "pieces": _pieces(game, public),
        "control": dict(public.get("control", {})),
        "region_control": dict(public.get("region_control", {})),
        "scores": dict(public.get("score", {})),
        "hidden": _hidden(game, paths),
    }


def _pieces(game: Game, public: State) -> list[dict[str, Any]]:
    rs = game.ruleset
    out = []
    for pid in sorted(public["pieces"]):
        piece = public["pieces"][pid]
        if not isinstance(piece, dict) or "loc" not in piece:
            out.append({"id": pid, "hidden": True})  # a secret piece: only that it exists
            continue
        place = piece["loc"]
        stack = public["stacks"].get(place, [])
        out.append({
            "id": pid, "name": rs.piece_name(public, pid), "side": rs.piece_side(public, pid),
            "type": piece.get("type"), "place": place,
            "place_name": rs.place_name(place) if rs.is_place(place) else place,
            "board": rs.board_of(place), "flipped": bool(piece.get("flipped")),
            "stack_index": stack.index(pid) if pid in stack else None,
            **_table_position(piece),
        })
    return out


def _table_position(piece: dict[str, Any]) -> dict[str, Any]:
    """A figure's position on a table (cm, degrees), when it has one."""
    at = piece.get("at")
    if not (isinstance(at, list) and len(at) == 3 and all(isinstance(v, int) for v in at)):
        return {}
    return {"x": to_cm(at[0]), "y": to_cm(at[1]), "facing": to_degrees(at[2])}


def _hidden(game: Game, paths: dict[str, list[tuple[str, ...]]]) -> list[dict[str, Any]]:
    """Each side's secrets as a count: the items of a list or a mapping (``None`` when
    this program cannot know it: a mapping sealed to another player by email)."""
    visible = game.pbem.visible if game.pbem is not None else None
    out = []
    for side, side_paths in sorted(paths.items()):
        for path in side_paths:
            value = get_path(game.state, path)
            if is_missing(value):
                continue
            count: int | None = None
            if isinstance(value, list):
                count = len(value)
            elif isinstance(value, dict) and (visible is None or side in visible):
                count = len(value)
            out.append({"side": side, "path": ".".join(path), "count": count})
    return out
