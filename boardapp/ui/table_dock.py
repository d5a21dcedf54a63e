"""The "Table" dock: the last table the rules rolled on, shown in full for both players
(the table, the column, each modifier with its source, the die, the modified roll, the
result and the rule), or the question asked when a table's values are unknown.

It reads ``LogLine.detail`` of the newest log entry that has one (written by
:func:`boardapp.core.engine.tables.resolve` and :func:`~boardapp.core.engine.tables.ask_result`); it
holds no game state. Two more shapes are shown in full:

- a roll-under test: a ``"table"`` detail carrying ``"test"``: ``{"name", "rule", "terms":
  [{"label", "value", "source"}], "target", "needed", "roll", "result", "natural",
  "readings": {switch: reading}}`` — the number needed built term by term, each with its
  source, then the die and the result;
- a total that is no table (initiative, morale): ``{"kind": "tally", "name", "rule",
  "terms", "total", "readings"}``.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDockWidget, QTextBrowser

from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow


def escape(value: Any) -> str:
    """``value`` in the language now (a message: a table's name, a modifier, a result)
    made safe for rich text."""
    return html.escape(str(value))


SHOWN = ("table", "ask", "tally")
"""The kinds of log line detail the dock shows."""


def _terms(terms: list[dict[str, Any]]) -> list[str]:
    """Rows of terms: the first as it is (the base), the others signed, with sources."""
    return [f"<tr><td>{escape(str(t['label']))}</td><td align='right'>"
            f"{t['value'] if n == 0 else format(t['value'], '+d')}</td>"
            f"<td><small>{escape(str(t.get('source') or ''))}</small></td></tr>"
            for n, t in enumerate(terms)]


def _readings(readings: dict[str, str]) -> str:
    return ("<br><small>" + escape(_("Readings used: {readings}").format(readings=", ".join(
        f"{k} = {v}" for k, v in readings.items()))) + "</small>") if readings else ""


def test_html(d: dict[str, Any]) -> str:
    """A roll-under test (``d["test"]``): the number needed term by term, the die, the
    result, the readings and the rule."""
    t = d["test"]
    rows = [*_terms(t["terms"]),
            "<tr><td><b>" + _("Number needed") + f"</b></td><td align='right'><b>{t['target']}"
            f"</b></td><td>{escape(str(t['needed']))}</td></tr>"]
    if t.get("roll") is not None:
        natural = f" ({escape(str(t['natural']))})" if t.get("natural") else ""
        rows.append(f"<tr><td>D20</td><td align='right'><b>{t['roll']}</b></td>"
                    f"<td>{natural}</td></tr>")
    who = f"{escape(str(d['who']))} — " if d.get("who") else ""
    return (f"<p>{who}<b>{escape(str(t['name']))}</b></p>"
            f"<table cellspacing='0' cellpadding='2'>{''.join(rows)}</table>"
            "<p>" + _("Result: <b>{result}</b>").format(
                result=escape(str(d.get("result") or t["result"])))
            + _readings(t.get("readings") or {})
            + (f"<br><i>{escape(t['rule'])}</i>" if t.get("rule") else "") + "</p>")


def tally_html(d: dict[str, Any]) -> str:
    """A total that is no table (initiative, morale): its terms and the total."""
    rows = [*_terms(d["terms"]), "<tr><td><b>" + _("Total") + "</b></td><td align='right'><b>"
                                 f"{d['total']}</b></td><td></td></tr>"]
    return (f"<p><b>{escape(str(d['name']))}</b></p>"
            f"<table cellspacing='0' cellpadding='2'>{''.join(rows)}</table>"
            f"<p>{_readings(d.get('readings') or {})}"
            + (f"<br><i>{escape(d['rule'])}</i>" if d.get("rule") else "") + "</p>")


def table_html(details: list[dict[str, Any]], number: int,
               sheets: dict[str, str] | None = None) -> str:
    """The rolls of log entry ``number`` as HTML, one block a roll. ``sheets`` maps a
    table's name to its data sheet: a question then links to the game data editor."""
    blocks = []
    for d in details:
        if d.get("kind") == "tally":
            blocks.append(tally_html(d))
            continue
        if isinstance(d.get("test"), dict):
            blocks.append(test_html(d))
            continue
        if d.get("kind") == "ask":
            sheet = (sheets or {}).get(d["table"])
            cell = "#" + quote(":".join(d["cell"]), safe=":") if d.get("cell") else ""
            fill = (f"<br><a href='sheet:{escape(sheet)}{escape(cell)}'>"
                    + _("Fill in the {table}…").format(table=escape(d["table"])) + "</a> "
                    + _("(for this game; then it resolves by itself)") if sheet else "")
            blocks.append("<p>" + _("<b>{table}</b>: its printed values are not known to "
                                    "boardapp.").format(table=escape(d["table"]))
                          + f"<br>{escape(d['question'])}"
                          + (f"<br><i>{escape(d['rule'])}</i>" if d.get("rule") else "")
                          + fill + "</p>")
            continue
        die, modified = _("Die"), _("Modified roll")
        rows = [f"<tr><td>{die}</td><td align='right'><b>{d['die']}</b></td><td></td></tr>"]
        for m in d.get("modifiers", []):
            if not m["value"]:
                continue
            rows.append(f"<tr><td>{escape(str(m['label']))}</td><td align='right'>"
                        f"{m['value']:+d}</td><td><small>{escape(str(m.get('source') or ''))}"
                        "</small></td></tr>")
        rows.append(f"<tr><td>{modified}</td><td align='right'><b>{d['modified']}</b></td>"
                    "<td></td></tr>")
        who = f"{escape(str(d['who']))} — " if d.get("who") else ""
        column = (", " + _("column <b>{column}</b>").format(column=escape(str(d["column"])))
                  if d.get("column") else "")
        blocks.append(
            f"<p>{who}<b>{escape(str(d['table']))}</b>{column}</p>"
            f"<table cellspacing='0' cellpadding='2'>{''.join(rows)}</table>"
            "<p>" + _("Result: <b>{result}</b>").format(result=escape(str(d["result"])))
            + (f"<br><i>{escape(d['rule'])}</i>" if d.get("rule") else "") + "</p>")
    return ("<p><small>" + _("Action {number}").format(number=number) + "</small></p>"
            + "<hr>".join(blocks))


class TableDock(QDockWidget):
    """Shows the newest table resolution of the game (or of the step being replayed)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Table"), window)
        self.window_ = window
        self.setObjectName("table")
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._link)
        self.setWidget(self.view)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.toggle = self.toggleViewAction()
        self.toggle.setText(_("Show the &table"))
        window.controller.changed.connect(self.refresh)
        window.controller.game_replaced.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the newest log entry that rolled on a table."""
        for entry in reversed(self.window_.game.log):
            details = [line.detail for line in entry.lines
                       if line.detail and line.detail.get("kind") in SHOWN]
            if details:
                sheets = {s.title: s.id for s in self.window_.game.ruleset.data_sheets()}
                self.view.setHtml(table_html(details, entry.number, sheets))
                return
        self.view.setHtml(_("<p><i>No table rolled yet.</i> Each roll on a table or test "
                            "shows here: the column or the number needed, the die, every "
                            "modifier with its source, and the result.</p>"))

    def _link(self, url: QUrl) -> None:
        if url.scheme() == "sheet":
            key, _colon, sub = unquote(url.fragment()).partition(":")
            from .data_editor import open_data_editor  # imported when first opened

            self.editor = open_data_editor(self.window_.controller, self.window_,
                                           url.path(), (key, sub) if sub else None)

    def text(self) -> str:
        """What the dock shows, as plain text (for tests)."""
        return self.view.toPlainText()
