"""The log pane: one row per entry of the game's log (and per move refused), the newest
at the bottom, as a Qt model and its view.

A long game's log is not drawn when it opens: the model holds the entries and writes a
row's words (:meth:`LogEntry.render`, which may read the entry from its line of the game
file) only when the view shows that row; the view measures the rows it shows only (their
words wrapped to the pane's width) and scrolls a row at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractListModel,
    QItemSelection,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QBrush, QColor, QRegion
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from boardapp.core.engine.actions import LogEntry

ENTRY_ROLE = Qt.ItemDataRole.UserRole
"""The number of the entry a row shows (0: a move refused)."""
REFUSED = QColor("#b3261e")
LATER = QColor("#9a9a9a")
"""The colour of the entries after the step a replay shows."""
_DISPLAY = Qt.ItemDataRole.DisplayRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole

Index = QModelIndex | QPersistentModelIndex


class _Row:
    """One row: an entry of the log, or the words of a move refused; its words and its
    height once drawn."""

    __slots__ = ("entry", "number", "text")

    def __init__(self, entry: LogEntry | None, text: str | None = None) -> None:
        self.entry = entry
        self.number = entry.number if entry is not None else 0
        self.text = text


class LogModel(QAbstractListModel):
    """The rows of the log pane: the game's log entries in order, with the moves refused
    where they were refused; an entry's words are written when first asked for."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._row_of: dict[int, int] = {}
        """The row of each entry, by number."""
        self.later_than: int | None = None
        """Entries after this number are greyed (a replay shows that step)."""

    # -- Qt's model ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt)
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = _DISPLAY) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == _DISPLAY:
            return self._text(row)
        if role == _FOREGROUND:
            if not row.number:
                return QBrush(REFUSED)
            if self.later_than is not None and row.number > self.later_than:
                return QBrush(LATER)
            return None
        if role == ENTRY_ROLE:
            return row.number
        return None

    # -- reading ---------------------------------------------------------------------------
    def _text(self, row: _Row) -> str:
        if row.text is None:
            assert row.entry is not None
            row.text = row.entry.render()
        return row.text

    def text(self, row: int) -> str:
        """The words of row ``row`` (written now if they were not)."""
        return self._text(self._rows[row])

    def number(self, row: int) -> int:
        """The entry number of row ``row`` (0: a move refused)."""
        return self._rows[row].number

    def row_of(self, number: int) -> int | None:
        """The row of entry ``number``, if shown."""
        return self._row_of.get(number)

    def written(self, row: int) -> bool:
        """Whether the words of row ``row`` were written (it was drawn or read)."""
        return self._rows[row].text is not None

    # -- changing --------------------------------------------------------------------------
    def sync(self, log: Sequence[LogEntry]) -> int:
        """Follow ``log``: take away the rows of the entries undone, add a row for each
        new entry (the moves refused stay); the number of rows added. Entries are
        compared by identity, from the end: the log only grows or is undone."""
        rows = self._rows
        gone: list[int] = []
        last = 0
        for i in range(len(rows) - 1, -1, -1):
            number = rows[i].number
            if not number:
                continue
            if number <= len(log) and log[number - 1] is rows[i].entry:
                last = number
                break
            gone.append(i)
        for i in gone:  # from the end: each removal leaves the rows before it in place
            self.beginRemoveRows(QModelIndex(), i, i)
            self._row_of.pop(rows[i].number, None)
            del rows[i]
            self.endRemoveRows()
        new = log[last:]
        if new:
            first = len(rows)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            for offset, entry in enumerate(new):
                self._row_of[entry.number] = first + offset
                rows.append(_Row(entry))
            self.endInsertRows()
        return len(new)

    def add_refusal(self, message: str) -> None:
        """A row saying why a move was refused (kept until another game is shown)."""
        at = len(self._rows)
        self.beginInsertRows(QModelIndex(), at, at)
        self._rows.append(_Row(None, message))
        self.endInsertRows()

    def clear(self) -> None:
        """No rows (another game is shown)."""
        self.beginResetModel()
        self._rows = []
        self._row_of = {}
        self.later_than = None
        self.endResetModel()

    def grey_after(self, step: int | None) -> bool:
        """Grey the entries after ``step`` (``None``: none); whether that changed. No
        ``dataChanged`` is sent: a tree view would measure every row of the range again
        (writing a long log's every entry); the view repaints what it shows instead."""
        changed = step != self.later_than
        self.later_than = step
        return changed


class _Wrapped(QStyledItemDelegate):
    """Measures a row with its words wrapped to the width they are drawn at (a tree view
    asks a row's size without saying how wide its column is)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        wide = QStyleOptionViewItem(option)
        wide.rect = QRect(0, 0, self.view.columnWidth(0), max(1, option.rect.height()))
        return super().sizeHint(wide, index)


class LogPane(QTreeView):
    """The list of the log's rows (:attr:`model_` holds them): a tree view of one column
    without branches, as it measures only the rows it shows (a list view measures every
    row to lay them out), and scrolls a row at a time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_ = LogModel(self)
        self.setModel(self.model_)
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(True)
        self.setItemDelegate(_Wrapped(self))

    # -- what the window asks ----------------------------------------------------------------
    def sync(self, log: Sequence[LogEntry]) -> None:
        """Show ``log`` (rows of entries undone taken away, new ones added) and, if it
        grew, its newest line."""
        if self.model_.sync(log):
            self.show_newest()

    def add_refusal(self, message: str) -> None:
        """Add a red row saying why a move was refused, and show it."""
        self.model_.add_refusal(message)
        self.show_newest()

    def clear_rows(self) -> None:
        """No rows (another game is shown)."""
        self.model_.clear()

    def show_newest(self) -> None:
        """Scroll to the newest line, now and again once laid out (a window just opened
        has no height yet)."""
        self.scrollToBottom()
        QTimer.singleShot(0, self.scrollToBottom)

    def mark_step(self, step: int | None) -> None:
        """Select the row of action ``step`` and grey the later ones (``None``: clear)."""
        if self.model_.grey_after(step):
            self.viewport().update()
        row = self.model_.row_of(step) if step is not None else None
        if row is None:
            self.clearSelection()
            return
        index = self.model_.index(row)
        self.scrollTo(index)  # first: the current row is then a row shown
        self.setCurrentIndex(index)

    # -- reading (tests and menus) -----------------------------------------------------------
    def count(self) -> int:
        """The number of rows."""
        return self.model_.rowCount()

    def texts(self) -> list[str]:
        """The words of every row, in order (writes them all: for tests)."""
        return [self.model_.text(row) for row in range(self.count())]

    def current_text(self) -> str | None:
        """The words of the current row, if any."""
        index = self.currentIndex()
        return self.model_.text(index.row()) if index.isValid() else None

    def selected_rows(self) -> list[int]:
        """The rows selected."""
        return sorted(index.row() for index in self.selectedIndexes())

    # -- what Qt repaints ----------------------------------------------------------------------
    # A tree view finds where a row is by measuring every row from the top row shown to it:
    # a row far from those shown is not asked for (its words would be written), the rows
    # shown are repainted instead.
    def _shown(self, row: int) -> bool:
        top = self.indexAt(QPoint(0, 0))
        bottom = self.indexAt(QPoint(0, self.viewport().height() - 1))
        last = bottom.row() if bottom.isValid() else self.count() - 1
        return top.isValid() and top.row() <= row <= last

    def currentChanged(self, current: Index, previous: Index) -> None:  # noqa: N802 (Qt)
        if previous.isValid() and not self._shown(previous.row()):
            previous = QModelIndex()
            self.viewport().update()
        super().currentChanged(current, previous)

    def visualRegionForSelection(self, selection: QItemSelection) -> QRegion:  # noqa: N802
        return QRegion(self.viewport().rect())

