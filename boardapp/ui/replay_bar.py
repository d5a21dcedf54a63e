"""The replay bar: step through what happened, without changing the game.

After a file is opened, the bar shows the steps the player has not seen yet (the
actions since their last send); *Replay the game* (View menu) or a double-click on a
log row starts it on any game. Step ``n`` is the state after action ``n`` (0 is the
set-up): the board draws ``game.state_at(n)``, a copy, through
:meth:`BoardScene.show_state`, the log pane selects the row of action ``n`` and greys
the later ones, and the controller refuses every change. *Now* (or stepping to the last
action) draws the live game again and play goes on; the bar stays until closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QSizePolicy, QSlider, QToolBar

from .i18n import _
from .log_pane import ENTRY_ROLE
from .widgets import ElidedLabel

if TYPE_CHECKING:
    from .main_window import MainWindow

PLAY_INTERVAL_MS = 1000
REPLAY_STYLE = "QToolBar#replay { background: #f3e2a9; border-bottom: 1px solid #b59a3c; }"
LIVE_STYLE = "QToolBar#replay { background: #dfe8d8; border-bottom: 1px solid #8aa37b; }"


class ReplayBar(QToolBar):
    """First / Back / Play / Forward / Now, a slider over the steps, the step's log line."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Replay"), window)
        self.window_ = window
        self.setObjectName("replay")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.step = 0
        self.first_new = 0
        """The first step the player had not seen when the bar was opened (0: none)."""
        self._disabled: list[tuple[QAction, bool]] = []
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.title = QLabel(" " + _("Replay") + " ")
        self.title.setStyleSheet("font-weight: bold;")
        self.addWidget(self.title)
        self.first_action = self._add(_("|◀ First"), self.first, "Alt+Home",
                                      _("The set-up, before the first action"))
        self.back_action = self._add(_("◀ Back"), self.back, "Alt+Left",
                                     _("One action back"))
        self.play_action = self._add(_("▶ Play"), self.toggle_play, "Alt+P",
                                     _("Play the actions one by one, every second"))
        self.forward_action = self._add(_("Forward ▶"), self.forward, "Alt+Right",
                                        _("One action forward"))
        self.now_action = self._add(_("Now ▶|"), self.now, "Alt+End",
                                    _("Back to the game as it is now, and play on"))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(160)
        self.slider.setMaximumWidth(360)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.valueChanged.connect(self._slid)
        self.addWidget(self.slider)
        self.step_label = QLabel()
        self.step_label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.step_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.addWidget(self.step_label)
        self.line_label = ElidedLabel(min_width=60)
        self.line_label.setSizePolicy(QSizePolicy.Policy.Expanding,
                                      QSizePolicy.Policy.Preferred)
        self.addWidget(self.line_label)
        self.close_action = self._add("✕", self.close_bar, "", _("Close the replay bar"))
        window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self)
        self.setVisible(False)
        window.controller.game_replaced.connect(self.reset)
        window.controller.changed.connect(self._game_changed)
        window.log_list.clicked.connect(self._row_clicked)
        window.log_list.doubleClicked.connect(self._row_double_clicked)

    def _add(self, text: str, slot, shortcut: str, tip: str) -> QAction:
        action = QAction(text, self)
        action.triggered.connect(slot)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            tip += f" ({shortcut})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        self.addAction(action)
        return action

    # -- what is shown ---------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last step: the live game (the number of actions)."""
        return len(self.window_.game.log)

    @property
    def replaying(self) -> bool:
        """Whether the board shows a past step (not the live game)."""
        return self.isVisible() and self.step < self.last

    def open_at(self, step: int, first_new: int = 0) -> None:
        """Show the bar at ``step``; ``first_new`` marks the first step not seen yet."""
        self.first_new = first_new
        self.setVisible(True)
        self.go(step)

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to 0..last); the last step is the live game."""
        window = self.window_
        game = window.game
        step = max(0, min(step, self.last))
        was_replaying = window.scene.replaying
        self.step = step
        if step < self.last:
            if not was_replaying:
                self._freeze()
            window.scene.show_state(game.state_at(step))
            window.controller.read_only = _("you are watching the replay (step {step} of "
                                            "{last}): press Now to play").format(
                                                step=step, last=self.last)
        else:
            self.timer.stop()
            if was_replaying:
                window.scene.show_state(None)
                window.statusBar().clearMessage()
            self._thaw()
        self._update()

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.timer.stop()
        self.go(self.step - 1)

    def forward(self) -> None:
        self.go(self.step + 1)

    def now(self) -> None:
        """Back to the live game."""
        self.go(self.last)

    def toggle_play(self) -> None:
        """Start or pause stepping forward every second."""
        if self.timer.isActive():
            self.timer.stop()
        else:
            if self.step >= self.last:
                self.go(0)
            self.timer.start()
        self._update()

    def close_bar(self) -> None:
        """Back to the live game and hide the bar."""
        self.now()
        self.setVisible(False)

    def reset(self) -> None:
        """Another game is shown: no replay (the scene already draws the new game)."""
        self.timer.stop()
        self._thaw()
        self.step = self.last
        self.setVisible(False)

    # -- reacting ------------------------------------------------------------------------
    def _tick(self) -> None:
        self.forward()

    def _slid(self, value: int) -> None:
        if value != self.step:
            self.timer.stop()
            self.go(value)

    def _game_changed(self) -> None:
        if self.isVisible():  # (no change comes while replaying: the controller refuses)
            self.go(self.last)

    def _row_clicked(self, index: QModelIndex) -> None:
        number = self._row_number(index)
        if number and self.replaying:
            self.timer.stop()
            self.go(number)

    def _row_double_clicked(self, index: QModelIndex) -> None:
        number = self._row_number(index)
        if number:
            self.timer.stop()
            self.open_at(number, self.first_new)

    @staticmethod
    def _row_number(index: QModelIndex) -> int:
        return int(index.data(ENTRY_ROLE) or 0)

    # -- the rest of the window while replaying --------------------------------------------
    def _play_actions(self) -> list[QAction]:
        window = self.window_
        return [window.undo_action, window.redo_action, window.roll_action,
                *window.game_actions()]

    def _freeze(self) -> None:
        """Grey out what would change the game (the controller refuses it anyway)."""
        self._disabled = [(a, a.isEnabled()) for a in self._play_actions()]
        for action, _was in self._disabled:
            action.setEnabled(False)

    def _thaw(self) -> None:
        window = self.window_
        window.controller.read_only = ""
        if window.scene.replaying:
            window.scene.show_state(None)
        for action, enabled in self._disabled:
            action.setEnabled(enabled)
        self._disabled = []
        self._mark_log(None)

    def _mark_log(self, step: int | None) -> None:
        """Select the row of action ``step`` and grey the later ones (``None``: clear)."""
        self.window_.log_list.mark_step(step)

    def _update(self) -> None:
        game = self.window_.game
        last = self.last
        live = self.step >= last
        self.slider.blockSignals(True)
        self.slider.setRange(0, last)
        self.slider.setValue(self.step)
        self.slider.blockSignals(False)
        self.first_action.setEnabled(self.step > 0)
        self.back_action.setEnabled(self.step > 0)
        self.forward_action.setEnabled(not live)
        self.now_action.setEnabled(not live)
        self.play_action.setEnabled(last > 0)
        self.play_action.setText(_("❚❚ Pause") if self.timer.isActive() else _("▶ Play"))
        self.close_action.setEnabled(True)
        if self.step == 0:
            line = _("The set-up") if last else _("The set-up: nothing played yet")
        else:
            line = game.log[self.step - 1].render().replace("\n", " ")
        new = ""
        if self.first_new and self.first_new <= last:
            new = " · " + _("new from {step}").format(step=self.first_new)
        self.title.setText(" " + (_("Now") if live else _("Replay")) + " ")
        self.step_label.setText(_("step {step} of {last}").format(step=self.step, last=last)
                                + new)
        self.step_label.setFixedWidth(self.step_label.fontMetrics().horizontalAdvance(
            self.step_label.text()) + 24)
        self.setStyleSheet(LIVE_STYLE if live else REPLAY_STYLE)
        self.line_label.setText(line)
        self.line_label.setToolTip(line)
        self._mark_log(None if live else self.step)
        if not live:
            self.window_.statusBar().showMessage(
                _("Replay: the board shows step {step} of {last}; Now returns to the "
                  "game").format(step=self.step, last=last), 4000)
