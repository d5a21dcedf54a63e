"""The controller: every gesture on the board becomes one core action pushed here.

The scene and the window never change the game themselves (Orange Canvas's
``SchemeEditWidget``): they call a method of :class:`GameController`, which builds the
action, pushes it with :meth:`Game.push` (one undo step, with what this program then
owes, :meth:`Game.fulfil`) and tells the views to re-read
the state (``changed``) or why the rules refused it (``refused``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine import heap
from boardapp.core.engine.actions import Action, LogEntry
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import pieces_at

from .action_words import named_refusal
from .i18n import _

IDLE_LEARN = 32
"""Actions of the past learnt at each turn of the event loop while idle (about 10 ms)."""
LEARN_AFTER_MS = 100
"""The learning starts once a game shown has been drawn."""


class GameController(QObject):
    """Pushes core actions for the UI and reports what happened."""

    changed = Signal()
    """The state changed (an action, an undo or a redo)."""
    game_replaced = Signal()
    """A different game is now shown (new game, opened file)."""
    refused = Signal(str)
    """An action was refused; the argument is the line to show ("Refused: ...")."""
    lit = Signal(list)
    """Light these counters on the board (piece ids; ``[]`` puts the lights out)."""
    undo_blocked = Signal(str)
    """Undo was asked but the game forbids it (play by email); the argument says why."""

    def __init__(self, game: Game, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self.last_refusal = ""
        self.read_only = ""
        """While set (a replay is shown), every change is refused with this reason."""
        self._learning = QTimer(self)
        self._learning.setSingleShot(True)
        self._learning.timeout.connect(self._learn)
        self._learning.start(LEARN_AFTER_MS)

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    def set_game(self, game: Game) -> None:
        """Show another game."""
        self._game = game
        self.last_refusal = ""
        self.read_only = ""
        self.game_replaced.emit()
        heap.release()  # the game shown before: its frozen objects collected now
        heap.settle(len(game.log))
        self._learning.start(LEARN_AFTER_MS)

    def _learn(self) -> None:
        """While the window is idle, learn the past of a game opened at a checkpoint
        (:meth:`Game.learn_some`): undo and the replay bar then never wait for a replay."""
        if self._game.learn_some(IDLE_LEARN):
            self._learning.start(0)

    # -- the one way in ------------------------------------------------------------------
    def push(self, action: Action | str, side: str | None = None) -> LogEntry | None:
        """Push ``action`` (for ``side``: a computer's seat, the owner of a measure;
        ``None``: the side the rules offer it to); on refusal emit ``refused`` and return
        ``None``."""
        if self.read_only:
            return self._refuse(BoardappError(self.read_only))
        try:
            entry = self._game.push(action, side=side)
        except BoardappError as exc:
            return self._refuse(exc, action)
        self.last_refusal = ""
        self.fulfil()
        self.changed.emit()
        return entry

    def fulfil(self) -> list[LogEntry]:
        """Carry out at once what this program owes (the reveals of a sealed choice, a
        discard at random...): every side's in hot-seat, the local player's by email."""
        try:
            return self._game.fulfil()
        except BoardappError as exc:
            self._refuse(exc)
            return []

    def _refuse(self, exc: BoardappError, action: Action | str | None = None) -> None:
        """Tell the views why an action was refused (naming counters and places, never
        quoting the action's text)."""
        message = str(exc)
        if action is not None:
            try:
                parsed = Action.parse(action) if isinstance(action, str) else action
                message = named_refusal(self._game.ruleset, self._game.state, parsed, message)
            except BoardappError:
                pass
        self.last_refusal = _("Refused: {reason}").format(reason=message)
        self.refused.emit(self.last_refusal)

    def undo(self) -> LogEntry | None:
        """Take back the last action (or say why the game forbids it)."""
        if self.read_only:
            return self._refuse(BoardappError(self.read_only))
        entry = self._game.undo()
        if entry is not None:
            self.last_refusal = ""
            self.changed.emit()
        elif self._game.log:
            self.undo_blocked.emit(self._game.undo_blocked_reason())
        return entry

    def redo(self) -> LogEntry | None:
        """Play again the last action taken back."""
        if self.read_only:
            return self._refuse(BoardappError(self.read_only))
        if not self._game.can_redo:
            return None
        try:
            entry = self._game.redo()
        except BoardappError as exc:
            return self._refuse(exc)
        self.last_refusal = ""
        self.changed.emit()
        return entry

    def light(self, pids: list[str]) -> None:
        """Light counters ``pids`` on the board (a choice hovered); ``[]``: none."""
        self.lit.emit(list(pids))

    # -- gestures --------------------------------------------------------------------------
    def drop(self, pieces: list[str], dest: str, by_hand: bool = False) -> LogEntry | None:
        """Pieces dropped on ``dest``: a rules move, or a manual ``place`` (Shift held)."""
        if by_hand:
            return self.push(Action.of("place", pieces, dest))
        return self.push(self._game.ruleset.move_action(self._game.state, pieces, dest))

    def flip(self, pid: str) -> LogEntry | None:
        """Turn counter ``pid`` over."""
        return self.push(Action.of("flip", pid))

    def eliminate(self, pid: str) -> LogEntry | None:
        """Put counter ``pid`` in the eliminated box."""
        return self.push(Action.of("eliminate", pid))

    def return_piece(self, pid: str) -> LogEntry | None:
        """Put an eliminated counter back where it was."""
        return self.push(Action.of("return", pid))

    def can_return(self, pid: str) -> bool:
        """Whether ``pid`` has an earlier place to return to."""
        return pid in self._game.state["prev_loc"]

    def send_to_box(self, pid: str, box: str) -> LogEntry | None:
        """Place counter ``pid`` in ``box`` by hand."""
        return self.push(Action.of("place", [pid], box))

    def reorder(self, place: str, order: list[str]) -> LogEntry | None:
        """Restack ``place`` as ``order`` (top first); nothing if the order is unchanged."""
        if order == pieces_at(self._game.state, place):
            return None
        return self.push(Action.of("order", place, order))

    def move_to_top(self, pid: str) -> LogEntry | None:
        """Put ``pid`` on top of its stack."""
        place = self._game.state["pieces"][pid]["loc"]
        rest = [p for p in pieces_at(self._game.state, place) if p != pid]
        return self.reorder(place, [pid, *rest])

    def move_to_bottom(self, pid: str) -> LogEntry | None:
        """Put ``pid`` at the bottom of its stack."""
        place = self._game.state["pieces"][pid]["loc"]
        rest = [p for p in pieces_at(self._game.state, place) if p != pid]
        return self.reorder(place, [*rest, pid])

    def roll(self) -> LogEntry | None:
        """Roll the game's die."""
        return self.push(Action.of("roll", self._game.ruleset.dice.name))

    # -- what the toolbar offers -----------------------------------------------------------
    def button_actions(self) -> list[Action]:
        """The decisions the toolbar offers (end, next-turn...), in rules order."""
        return self.playable(self._game.ruleset.flow_actions(self._game.state))

    def playable(self, actions: list[Action]) -> list[Action]:
        """Those of ``actions`` this program's player may take: all of them at one desk;
        by email only the local player's, and none while he may not play (another
        player's turn, a file opened without a passphrase, actions not yet sent)."""
        game = self._game
        if game.pbem is None or not actions:
            return actions
        if game.why_not_playing() or game.pbem.me is None:
            return []
        mine = set(game.ruleset.legal_actions(game.state, game.pbem.me))
        return [a for a in actions if a in mine]

    def action_label(self, action: Action) -> str:
        """A button label for ``action``, in the ruleset's words."""
        return self._game.ruleset.action_label(self._game.state, action)
