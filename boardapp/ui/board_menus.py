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
from .game_notes import data_text, place_text
from .i18n import _, ngettext


def place_menu(game: Game, ctrl: GameController, bmap: BoardMap, place: str) -> QMenu | None:
    """The context menu of ``place``: the rules actions there (``None`` if none)."""
    ruleset, state = game.ruleset, game.state
    actions = ctrl.playable(ruleset.place_actions(state, place))
    if not actions:
        return None
    menu = QMenu()
    title = menu.addAction(place_text(ruleset, place))
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
    menu.addAction(_("Flip"), lambda: ctrl.flip(pid))
    boxes = menu.addMenu(_("Send to box"))
    for box in bmap.boxes.values():
        if box.kind in ("holding", "prison"):
            action = boxes.addAction(data_text(ruleset, box.name),
                                     lambda b=box.id: ctrl.send_to_box(pid, b))
            action.setEnabled(state["pieces"][pid]["loc"] != box.id)
    boxes.setEnabled(not boxes.isEmpty())
    for board in ruleset.board_ids():  # another board: put it on one of its places
        other = ruleset.board_maps[board]
        if other is bmap:
            continue
        places = menu.addMenu(_("Send to {board}").format(board=ruleset.board_title(board)))
        for place in sorted(other.areas, key=other.place_name):
            places.addAction(other.place_name(place), lambda p=place: ctrl.send_to_box(pid, p))
    menu.addAction(_("Eliminate"), lambda: ctrl.eliminate(pid))
    back = menu.addAction(_("Return"), lambda: ctrl.return_piece(pid))
    back.setEnabled(ctrl.can_return(pid))
    if pid in state["prev_loc"]:
        back.setText(_("Return to {place}").format(
            place=place_text(ruleset, state["prev_loc"][pid])))
    menu.addSeparator()
    stack = state["stacks"].get(state["pieces"][pid]["loc"], [])
    top: QAction = menu.addAction(_("Move to top"), lambda: ctrl.move_to_top(pid))
    top.setEnabled(len(stack) > 1 and stack[0] != pid)
    bottom = menu.addAction(_("Move to bottom"), lambda: ctrl.move_to_bottom(pid))
    bottom.setEnabled(len(stack) > 1 and stack[-1] != pid)
    return menu


def describe_place(game: Game, bmap: BoardMap, state: State, pos: QPointF) -> str:
    """A tooltip for the area or box under ``pos`` in the drawn ``state``."""
    place = bmap.place_at(pos.x(), pos.y())
    if place is None:
        return ""
    lines = [bmap.place_name(place) if place in bmap.areas
             else data_text(game.ruleset, bmap.place_name(place))]
    if place in bmap.areas:
        area = bmap.areas[place]
        if area.region in bmap.regions:
            lines[0] += f" ({bmap.regions[area.region].name})"
        facts = [_("fortified, NF {level}").format(level=area.nf) if area.fortified
                 else _("open city")]
        if area.port:
            facts.append(_("port"))
        if area.terrain != "clear":
            facts.append(terrain_name(area.terrain))
        lines.append(", ".join(facts))
        side = state["control"].get(place)
        if side is not None:
            try:
                lines.append(_("Controlled by {side}").format(
                    side=game.ruleset.side(side).name))
            except KeyError:
                lines.append(_("Controlled by {side}").format(side=side))
        if area.note:
            lines.append(area.note)
    else:
        box = bmap.boxes[place]
        count = len(state["stacks"].get(place, []))
        lines.append(ngettext("{kind} box, {count} counter", "{kind} box, {count} counters",
                              count).format(kind=box_kind_name(box.kind), count=count))
    return "\n".join(lines)


def terrain_name(terrain: str) -> str:
    """A map's terrain in the player's language (an unknown one as the map names it)."""
    names = {"clear": _("clear"), "forest": _("forest"), "marsh": _("marsh"),
             "mountain": _("mountain")}
    return names.get(terrain, terrain)


def box_kind_name(kind: str) -> str:
    """A kind of box in the player's language (an unknown one as the map names it)."""
    names = {"holding": _("holding"), "prison": _("prison"), "pool": _("pool")}
    return names.get(kind, kind)
