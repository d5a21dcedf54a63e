"""The board of a game played on a free table: the board scene, plus the table's scenery
and the figures drawn on their bases from their coordinates.

:class:`TableScene` is the board scene of every game (a map of areas or hexes draws exactly
as before); when the board is a table, the pieces with a position are drawn as
:class:`~.table_items.FigureItem` instead of counters in a stack. The scene has no mouse
code of its own for the table: the view's tools (:mod:`.table_tools`) measure and drag.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem

from boardapp.core.engine.game import Game
from boardapp.core.table.measure import figure_bases
from boardapp.core.table.tableboard import TABLE_PLACE, table_of
from boardapp.core.table.tablemap import Table

from .board_scene import BoardScene
from .table_items import FigureItem, TableLayer


class TableScene(BoardScene):
    """A board scene that also draws a table's scenery and figures."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.figures: dict[str, FigureItem] = {}
        self.table_layer: TableLayer | None = None

    @property
    def table(self) -> Table | None:
        """The table drawn (``None``: a map of areas or hexes)."""
        return table_of(self.bmap) if self.game is not None else None

    def set_game(self, game: Game) -> None:
        self.figures = {}
        self.table_layer = None
        super().set_game(game)
        table = self.table
        if table is not None:
            self.table_layer = TableLayer(table)
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
        for pid, base in bases.items():
            item = self.figures.get(pid)
            if item is None:
                face = ruleset.counter_face(state, pid)
                item = self.figures[pid] = FigureItem(pid, face.colour, face.text_colour,
                                                      face.title)
                item.setToolTip(face.tooltip or ruleset.piece_name(state, pid))
                self.addItem(item)
            item.set_base(base)
        for pid, counter in self.item_for_piece.items():
            if pid in bases:
                counter.setVisible(False)
        for key, badge in self._badges.items():
            if key[0] == TABLE_PLACE:
                badge.setVisible(False)

    def figure_at(self, pos: QPointF) -> str | None:
        """The figure under scene point ``pos`` (the topmost), if any."""
        for item in self.items(pos):
            if isinstance(item, FigureItem):
                return item.pid
        return None
