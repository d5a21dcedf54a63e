"""The "Sheet" dock: the sheet of the figure selected on the table (a character's
values at the start and now, the column its wounds reached, its states, equipment,
horse...), as the ruleset gives it on the counter face (``CounterFace.sheet``, data of
:mod:`boardapp.core.engine.piece_sheet`).

Rows private to a side (ammunition) are shown only to that side at the screen: the
viewer of the Hand dock (by email the local player; in hot-seat play the side to act,
once the hand is uncovered). The dock follows the newest figure selected alone and keeps
it while the selection is cleared (after a drag); it holds no game state.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDockWidget, QTextBrowser

from boardapp.core.engine.piece_sheet import PieceSheet, SheetSection

from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow

MARK = "background-color: #f3e2b3; font-weight: bold;"
"""How the column in force (the wounds' quarter) is stressed."""
NOWRAP = "white-space: nowrap; "
"""Short cells are never broken (a long description may wrap)."""
WIDE = 440
"""Pixels from which the sections go beside the characteristics."""
ROOM = 0.42
"""The share of the window's height the dock takes when a figure is selected."""


def sheet_html(sheet: PieceSheet, wide: bool = False) -> str:
    """``sheet`` as HTML: a heading, then one table a section; ``wide``: the first
    section on the left, the others beside it."""
    head = (f"<p><b>{escape(str(sheet.title))}</b>"
            + (f"<br><small>{escape(str(sheet.subtitle))}</small>" if sheet.subtitle else "")
            + "</p>")
    if wide and len(sheet.sections) > 1:
        return (head + "<table cellspacing='0' cellpadding='0'><tr><td valign='top' "
                "style='padding-right: 18px'>" + _sections(sheet.sections[:1])
                + "</td><td valign='top'>" + _sections(sheet.sections[1:])
                + "</td></tr></table>")
    return head + _sections(sheet.sections)


def _sections(sections: tuple[SheetSection, ...]) -> str:
    out = []
    for section in sections:
        rule = f" <small><i>({escape(str(section.rule))})</i></small>" if section.rule else ""
        out.append(f"<p style='margin-bottom:2px'><b>{escape(str(section.title))}</b>{rule}</p>")
        if not section.rows:
            out.append("<p><i>" + escape(_("hidden from you")) + "</i></p>")
            continue
        head = ""
        if section.columns:
            cells = "".join(
                f"<th align='right' style='{NOWRAP}{MARK if n == section.marked else ''}'>"
                f"{escape(str(c))}</th>" for n, c in enumerate(section.columns))
            head = f"<tr><th></th>{cells}<th></th></tr>"
        rows = []
        align = "right" if section.columns else "left"
        for row in section.rows:
            texts = [str(c) for c in row.cells]
            cells = "".join(
                f"<td align='{align}' style='{NOWRAP if len(c) < 20 else ''}"
                f"{MARK if n == section.marked else ''}'>{escape(c)}</td>"
                for n, c in enumerate(texts))
            note = (f"<td style='padding-left: 8px; {NOWRAP}'><small>{escape(str(row.note))}"
                    "</small></td>" if row.note else "<td></td>")
            rows.append(f"<tr><td style='padding-right: 10px; white-space: nowrap'>"
                        f"{escape(str(row.label))}</td>{cells}{note}</tr>")
        out.append(f"<table cellspacing='0' cellpadding='2'>{head}{''.join(rows)}</table>")
    return "".join(out)


class SheetDock(QDockWidget):
    """Shows the sheet of the figure selected on the main board's table."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Sheet"), window)
        self.window_ = window
        self.setObjectName("sheet")
        self.pid: str | None = None
        """The figure whose sheet is shown."""
        self.shown: PieceSheet | None = None
        self.view = QTextBrowser()
        self.setWidget(self.view)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        window.tabifyDockWidget(window.table_dock, self)
        self.toggle = self.toggleViewAction()
        self.toggle.setText(_("Show the figure's &sheet"))
        window.scene.figures_selected.connect(self.follow)
        window.controller.changed.connect(self.refresh)
        window.controller.game_replaced.connect(self.reset)
        hand = window.pbem_ui.hand  # uncovering or covering the hand shows or hides secrets
        hand.cover.clicked.connect(self.refresh)
        hand.hide_button.clicked.connect(self.refresh)
        self.reset()

    def viewer(self) -> str | None:
        """The side at the screen who may see its own secrets (``None``: nobody, e.g.
        the hand covered while the screen is passed)."""
        hand = self.window_.pbem_ui.hand
        side = hand.viewing_side()
        return None if hand.hot_seat and (hand.covered or side != hand.viewer) else side

    def reset(self) -> None:
        """Another game: nothing selected; the dock offered only if the game keeps
        sheets."""
        self.pid = None
        game = self.window_.game
        pieces = list(game.state.get("pieces", {}))
        wanted = any(game.ruleset.counter_face(game.state, p).sheet is not None
                     for p in pieces[:8])
        self.toggle.setEnabled(wanted)
        if not wanted:
            self.setVisible(False)
        self.refresh()

    def follow(self, pids: list[str]) -> None:
        """A figure selected alone: show its sheet (an emptied selection keeps it)."""
        if len(pids) == 1 and pids[0] != self.pid:
            self.pid = pids[0]
            self.refresh()
            if self.toggle.isEnabled() and not self.isVisible():
                self.show()
            self.raise_()
            self._make_room()

    def _make_room(self) -> None:
        """A sheet is read at a glance: a dock squeezed under the others grows to
        about two fifths of the window's height."""
        wanted = int(self.window_.height() * ROOM)
        if not self.isFloating() and self.height() < wanted * 3 // 4:
            self.window_.resizeDocks([self], [wanted], Qt.Orientation.Vertical)

    def sheet(self) -> PieceSheet | None:
        """The sheet shown now, as the viewer may see it."""
        scene = self.window_.scene
        if self.pid is None or scene.game is None:
            return None
        state = scene.drawn_state()
        if self.pid not in state.get("pieces", {}):
            return None
        build = scene.game.ruleset.counter_face(state, self.pid).sheet
        sheet = build() if build is not None else None
        return None if sheet is None else sheet.seen_by(self.viewer())

    def refresh(self) -> None:
        sheet = self.shown = self.sheet()
        if sheet is None:
            self.view.setHtml(_("<p><i>Click a figure on the table to see its sheet:</i> "
                                "its values at the start and now, its wounds, states, "
                                "equipment and horse.</p>"))
            return
        self.view.setHtml(sheet_html(sheet, self.view.viewport().width() >= WIDE))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.shown is not None:
            self.refresh()

    def text(self) -> str:
        """What the dock shows, one line a row (for tests): the sheet shown."""
        return self.shown.text() if self.shown is not None else self.view.toPlainText()
