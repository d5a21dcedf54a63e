"""The board of a game played on a free table: the board scene, plus the table's scenery
and the figures drawn on their bases from their coordinates.

:class:`TableScene` is the board scene of every game (a map of areas or hexes draws exactly
as before); when the board is a table, the pieces with a position are drawn as
:class:`~.table_items.FigureItem` instead of counters in a stack. The scene has no mouse
code of its own for the table: the view's tools (:mod:`.table_tools`) measure and drag.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QGraphicsItem

from boardapp.core.engine.game import Game
from boardapp.core.table.bases import Base
from boardapp.core.table.fixed import to_cm, to_degrees
from boardapp.core.table.measure import figure_bases
from boardapp.core.table.tableboard import TABLE_PLACE, table_of
from boardapp.core.table.tablemap import Table
from boardapp.core.table.together import FRACTION

from .board_scene import BoardScene
from .game_notes import data_text
from .table_items import FigureItem, TableLayer


class TableScene(BoardScene):
    """A board scene that also draws a table's scenery and figures."""

    figures_selected = Signal(list)
    """The figures selected on the table (a click, Ctrl+click; ``[]``: none)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.figures: dict[str, FigureItem] = {}
        self.table_layer: TableLayer | None = None
        self.fraction: dict[str, list[int]] | None = None
        """Positions after one fraction of the last move, drawn instead of the state's
        (``None``: the state's)."""

    @property
    def table(self) -> Table | None:
        """The table drawn (``None``: a map of areas or hexes)."""
        return table_of(self.bmap) if self.game is not None else None

    def fractions(self) -> list[dict[str, Any]]:
        """The fractions of the last action, if it carried out moves together (their
        log lines' details), for the view to step through; none while replaying."""
        if self.game is None or self.replaying or not self.game.log:
            return []
        return [line.detail for line in self.game.log[-1].lines
                if line.detail and line.detail.get("kind") == FRACTION]

    def show_fraction(self, positions: dict[str, list[int]] | None) -> None:
        """Draw the figures where they stood after a fraction (``None``: as they stand)."""
        self.fraction = positions
        self.sync()

    def set_game(self, game: Game) -> None:
        self.fraction = None
        self.figures = {}
        self.table_layer = None
        super().set_game(game)
        table = self.table
        if table is not None:
            self.table_layer = TableLayer(table, partial(data_text, game.ruleset))
            self.addItem(self.table_layer)
            if self.map_layer is not None:  # the table's surface is drawn once, then cached
                self.map_layer.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def sync(self) -> None:
        super().sync()
        if self.game is None or self.table is None:
            return
        state = self.drawn_state()
        ruleset = self.game.ruleset
        bases = figure_bases(ruleset, state)
        for pid in [p for p in self.figures if p not in bases]:
            self.removeItem(self.figures.pop(pid))
        for pid, at in (self.fraction or {}).items():
            if pid in bases:
                old = bases[pid]
                bases[pid] = Base(to_cm(at[0]), to_cm(at[1]), old.width, old.depth,
                                  to_degrees(at[2]))
        for pid, base in bases.items():
            item = self.figures.get(pid)
            if item is None:
                face = ruleset.counter_face(state, pid)
                item = self.figures[pid] = FigureItem(pid, face.colour, face.text_colour,
                                                      face.title)
                item.setToolTip(str(face.tooltip or ruleset.piece_name(state, pid)))
                self.addItem(item)
            item.set_base(base)
        self._hide_counters_of_figures()

    def _relayout(self, places: set[str]) -> None:
        """A figure is drawn on its base, never as a counter: also after a layout that
        does not go through :meth:`sync` (a change of the level of detail on zooming)."""
        super()._relayout(places)
        self._hide_counters_of_figures()

    def _hide_counters_of_figures(self) -> None:
        if self.game is None or self.table is None:
            return
        placed = figure_bases(self.game.ruleset, self.drawn_state())
        for pid, counter in self.item_for_piece.items():
            if pid in placed:
                counter.setVisible(False)
        for key, badge in self._badges.items():
            if key[0] == TABLE_PLACE:
                badge.setVisible(False)

    def outline(self, pids: list[str]) -> None:
        """Draw the figures ``pids`` outlined (a selection), the others plainly."""
        for pid, item in self.figures.items():
            item.set_outlined(pid in pids)
        self.figures_selected.emit(list(pids))

    def figure_at(self, pos: QPointF) -> str | None:
        """The figure under scene point ``pos`` (the topmost), if any."""
        for item in self.items(pos):
            if isinstance(item, FigureItem):
                return item.pid
        return None
