"""The Help menu: a quick guide to the game shown, the keyboard shortcuts, a legend of
sides and counters, About; and, on a log line's right-click menu, what each rule
section it cites covers (our notes, :mod:`.game_notes`)."""

from __future__ import annotations

import importlib.metadata
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from .counter_icons import counter_pixmap
from .game_notes import cited_sections, notes_for, section_note
from .i18n import N_, _

if TYPE_CHECKING:
    from .main_window import MainWindow

LIBRARIES = (
    ("PySide6-Essentials", N_("Qt for Python"), "LGPL-3.0 (Qt: LGPL-3.0)"),
    ("networkx", N_("graphs"), "BSD-3-Clause"),
    ("shapely", N_("geometry"), "BSD-3-Clause"),
    ("numpy", N_("arrays"), "BSD-3-Clause"),
    ("PyYAML", N_("YAML files"), "MIT"),
    ("pillow", N_("images"), "MIT-CMU (HPND)"),
    ("platformdirs", N_("user folders"), "MIT"),
    ("cryptography", N_("games by email"), N_("Apache-2.0 or BSD-3-Clause")),
)
MOUSE = (
    (N_("Drag a stack"), N_("move it (the lit areas are legal, with their cost)")),
    (N_("Shift + drop"), N_("place by hand anywhere (logged as by hand)")),
    (N_("Click a stack"), N_("spread it out")),
    (N_("Right-click"), N_("the menu of a counter or a place")),
    (N_("Ctrl + wheel"), N_("zoom")),
    (N_("Middle button"), N_("pan")),
    (N_("Double-click a log line"), N_("replay the game to that line")),
    (N_("Right-click a log line"), N_("what the rule sections it cites cover")),
)


def version_of(package: str) -> str:
    """The installed version of ``package`` ("not installed" if absent)."""
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return _("not installed")


def _png_html(pixmap) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    pixmap.save(buffer, "PNG")
    return f'<img src="data:image/png;base64,{bytes(data.toBase64()).decode()}">'


class HelpMenu:
    """The Help menu of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window_ = window
        menu = self.menu = window.menuBar().addMenu(_("&Help"))
        self.guide_action = menu.addAction(_("Quick &guide to this game"), self.show_guide)
        menu.addAction(_("&Keyboard and mouse"), self.show_shortcuts)
        menu.addAction(_("&Legend: sides and counters"), self.show_legend)
        menu.addSeparator()
        menu.addAction(_("&Start page…"), window.show_start_page)
        menu.addSeparator()
        menu.addAction(_("&About boardapp"), self.show_about)
        log = window.log_list
        log.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        log.customContextMenuRequested.connect(self._log_menu)
        self.last_text = ""
        """The text of the last help box shown (tests read it)."""

    def _box(self, title: str, html: str) -> None:
        self.last_text = html
        box = QMessageBox(self.window_)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(html)
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.show()

    # -- the boxes -------------------------------------------------------------------------
    def guide_html(self) -> str:
        """The quick guide of the game shown."""
        ruleset = self.window_.game.ruleset
        notes = notes_for(ruleset)
        guide = escape(notes.guide or _("No guide written for this game yet."))
        lines = guide.splitlines()
        body = "<br>".join(lines)
        phases = "".join(f"<li>{escape(v)}</li>" for v in notes.phases.values())
        return (f"<h3>{escape(ruleset.name)}</h3><p>{body}</p>"
                + (_("<p><b>Phases</b> (named in the banner):</p>") + f"<ul>{phases}</ul>"
                   if phases else "")
                + _("<p><i>Our own summary of how the game is played on this board, not the "
                    "publisher's text.</i></p>"))

    def show_guide(self) -> None:
        self._box(_("Quick guide"), self.guide_html())

    def shortcuts_html(self) -> str:
        """The keyboard shortcuts of the window's actions, then the mouse."""
        rows = []
        for action in self.window_.findChildren(type(self.window_.undo_action)):
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in action.shortcuts())
            if keys and action.text():
                rows.append((action.text().replace("&", ""), keys))
        rows.sort()
        keys = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(t)}</td></tr>"
                       for t, k in rows)
        mouse = "".join(f"<tr><td><b>{escape(g)}</b></td><td>{escape(t)}</td></tr>"
                        for g, t in ((str(g), str(t)) for g, t in MOUSE))
        return (_("<h3>Keyboard</h3>") + f"<table>{keys}</table>"
                + _("<h3>Mouse</h3>") + f"<table>{mouse}</table>")

    def show_shortcuts(self) -> None:
        self._box(_("Keyboard and mouse"), self.shortcuts_html())

    def legend_html(self) -> str:
        """The sides' colours and a sample counter of each."""
        game = self.window_.game
        ruleset, state = game.ruleset, game.state
        rows = []
        for side in ruleset.sides:
            sample = next((p for p in state["pieces"]
                           if ruleset.piece_side(state, p) == side.id), None)
            picture = _png_html(counter_pixmap(ruleset.counter_face(state, sample), 44)) \
                if sample else ""
            swatch = (f'<span style="background:{side.colour}; color:{side.text_colour};">'
                      f"&nbsp;{escape(side.name)}&nbsp;</span>")
            rows.append(f"<tr><td>{swatch}</td><td>{picture}</td><td>"
                        f"{escape(ruleset.piece_name(state, sample)) if sample else ''}"
                        "</td></tr>")
        return (_("<h3>Sides of {game}</h3>").format(game=escape(ruleset.name))
                + f"<table>{''.join(rows)}</table>"
                + _("<h3>Counters</h3><ul><li>The name in the middle, the values at the bottom "
                    "(as printed on the counter).</li><li>A white band at the top: the reduced "
                    "side.</li><li>Rounded corners and a band: a leader.</li><li>A number on a "
                    "stack: how many counters it holds (click to spread it).</li>"
                    "<li>Yellow ring: the counters of the choice under the mouse in the "
                    "Decisions panel.</li></ul>"))

    def show_legend(self) -> None:
        self._box(_("Legend"), self.legend_html())

    def about_html(self) -> str:
        """The version and the libraries' licences."""
        libs = "".join(f"<tr><td>{escape(n)} {escape(version_of(n))}</td>"
                       f"<td>{escape(str(w))}</td><td>{escape(str(lic))}</td></tr>"
                       for n, w, lic in LIBRARIES)
        return (f"<h3>boardapp {escape(version_of('boardapp'))}</h3>"
                + _("<p>A digital board for historical wargames of the Hundred Years War era. "
                    "MIT licence.</p><p>Built with:</p>") + "<table>" + libs + "</table>"
                + _("<p>The games' rules belong to their publishers; the notes and guides "
                    "shown here are ours.</p>"))

    def show_about(self) -> None:
        self._box(_("About boardapp"), self.about_html())

    # -- rule sections ----------------------------------------------------------------------
    def section_html(self, line: str) -> str:
        """What each section cited by log ``line`` covers."""
        ruleset = self.window_.game.ruleset
        parts = []
        for section in cited_sections(ruleset, line):
            about, note = section_note(ruleset, section)
            head = f"{ruleset.rules_name} {section}"
            if about and about != section:
                head += " " + _("(section {section})").format(section=about)
            parts.append(f"<p><b>{escape(head)}</b><br>{escape(note)}</p>")
        if not parts:
            parts.append(_("<p>This line cites no rule section.</p>"))
        return "".join(parts) + _("<p><i>Our short notes, not the rule text.</i></p>")

    def _log_menu(self, pos: QPoint) -> None:
        index = self.window_.log_list.indexAt(pos)
        if not index.isValid():
            return
        line = str(index.data())
        ruleset = self.window_.game.ruleset
        sections = cited_sections(ruleset, line)
        menu = QMenu(self.window_.log_list)
        if not sections:
            menu.addAction(_("This line cites no rule")).setEnabled(False)
        for section in sections:
            menu.addAction(_("What {rules} {section} covers").format(
                rules=ruleset.rules_name, section=section),
                lambda s=section: self._box(_("Rule section"), self.section_html(
                    f"({ruleset.rules_name} {s})")))
        menu.exec(self.window_.log_list.viewport().mapToGlobal(pos))
