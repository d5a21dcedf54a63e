"""What a right-click or a hover on the board offers: the menus of a place and of a
counter, and the tooltip of a place. Every entry goes through the controller, as one
action and one undo step; the rules' entries are those the running step offers there."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import State

from .controller import GameController


def place_menu(game: Game, ctrl: GameController, bmap: BoardMap, place: str) -> QMenu | None:
    """The context menu of ``place``: the rules actions there (``None`` if none)."""
    ruleset, state = game.ruleset, game.state
    actions = ctrl.playable(ruleset.place_actions(state, place))
    if not actions:
        return None
    menu = QMenu()
    title = menu.addAction(bmap.place_name(place))
    title.setEnabled(False)
    menu.addSeparator()
    for action in actions:
        menu.addAction(ruleset.action_label(state, action), lambda a=action: ctrl.push(a))
    return menu


def counter_menu(game: Game, ctrl: GameController, bmap: BoardMap, pid: str) -> QMenu:
    """The context menu of counter ``pid``: the rules actions on it, then the manual
    actions (flip, send to a box or another board, eliminate, return, order)."""
    state = game.state
    ruleset = game.ruleset
    menu = QMenu()
    title = menu.addAction(ruleset.piece_name(state, pid))
    title.setEnabled(False)
    menu.addSeparator()
    rules_actions = ctrl.playable(ruleset.piece_actions(state, pid))
    for rule_action in rules_actions:
        menu.addAction(ruleset.action_label(state, rule_action),
                       lambda a=rule_action: ctrl.push(a))
    if rules_actions:
        menu.addSeparator()
    menu.addAction("Flip", lambda: ctrl.flip(pid))
    boxes = menu.addMenu("Send to box")
    for box in bmap.boxes.values():
        if box.kind in ("holding", "prison"):
            action = boxes.addAction(box.name, lambda b=box.id: ctrl.send_to_box(pid, b))
            action.setEnabled(state["pieces"][pid]["loc"] != box.id)
    boxes.setEnabled(not boxes.isEmpty())
    for board in ruleset.board_ids():  # another board: put it on one of its places
        other = ruleset.board_maps[board]
        if other is bmap:
            continue
        places = menu.addMenu(f"Send to {ruleset.board_title(board)}")
        for place in sorted(other.areas, key=other.place_name):
            places.addAction(other.place_name(place), lambda p=place: ctrl.send_to_box(pid, p))
    menu.addAction("Eliminate", lambda: ctrl.eliminate(pid))
    back = menu.addAction("Return", lambda: ctrl.return_piece(pid))
    back.setEnabled(ctrl.can_return(pid))
    if pid in state["prev_loc"]:
        back.setText(f"Return to {bmap.place_name(state['prev_loc'][pid])}")
    menu.addSeparator()
    stack = state["stacks"].get(state["pieces"][pid]["loc"], [])
    top: QAction = menu.addAction("Move to top", lambda: ctrl.move_to_top(pid))
    top.setEnabled(len(stack) > 1 and stack[0] != pid)
    bottom = menu.addAction("Move to bottom", lambda: ctrl.move_to_bottom(pid))
    bottom.setEnabled(len(stack) > 1 and stack[-1] != pid)
    return menu


def describe_place(game: Game, bmap: BoardMap, state: State, pos: QPointF) -> str:
    """A tooltip for the area or box under ``pos`` in the drawn ``state``."""
    place = bmap.place_at(pos.x(), pos.y())
    if place is None:
        return ""
    lines = [bmap.place_name(place)]
    if place in bmap.areas:
        area = bmap.areas[place]
        if area.region in bmap.regions:
            lines[0] += f" ({bmap.regions[area.region].name})"
        facts = [f"fortified, NF {area.nf}" if area.fortified else "open city"]
        if area.port:
            facts.append("port")
        if area.terrain != "clear":
            facts.append(area.terrain)
        lines.append(", ".join(facts))
        side = state["control"].get(place)
        if side is not None:
            try:
                lines.append(f"Controlled by {game.ruleset.side(side).name}")
            except KeyError:
                lines.append(f"Controlled by {side}")
        if area.note:
            lines.append(area.note)
    else:
        box = bmap.boxes[place]
        lines.append(f"{box.kind} box, {len(state['stacks'].get(place, []))} counters")
    return "\n".join(lines)
