"""The Help menu: a quick guide to the game shown, the keyboard shortcuts, a legend of
sides and counters, About; and, on a log line's right-click menu, what each rule
section it cites covers (our notes, :mod:`.game_notes`)."""

from __future__ import annotations

import importlib.metadata
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, Qt
from PySide6.QtWidgets import QMenu, QMessageBox

from .counter_icons import counter_pixmap
from .game_notes import cited_sections, notes_for, section_note

if TYPE_CHECKING:
    from .main_window import MainWindow

LIBRARIES = (
    ("PySide6-Essentials", "Qt for Python", "LGPL-3.0 (Qt: LGPL-3.0)"),
    ("networkx", "graphs", "BSD-3-Clause"),
    ("shapely", "geometry", "BSD-3-Clause"),
    ("numpy", "arrays", "BSD-3-Clause"),
    ("PyYAML", "YAML files", "MIT"),
    ("pillow", "images", "MIT-CMU (HPND)"),
    ("platformdirs", "user folders", "MIT"),
    ("cryptography", "games by email", "Apache-2.0 or BSD-3-Clause"),
)
MOUSE = (
    ("Drag a stack", "move it (the lit areas are legal, with their cost)"),
    ("Shift + drop", "place by hand anywhere (logged as by hand)"),
    ("Click a stack", "spread it out"),
    ("Right-click", "the menu of a counter or a place"),
    ("Ctrl + wheel", "zoom"),
    ("Middle button", "pan"),
    ("Double-click a log line", "replay the game to that line"),
    ("Right-click a log line", "what the rule sections it cites cover"),
)


def version_of(package: str) -> str:
    """The installed version of ``package`` ("not installed" if absent)."""
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


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
        menu = self.menu = window.menuBar().addMenu("&Help")
        self.guide_action = menu.addAction("Quick &guide to this game", self.show_guide)
        menu.addAction("&Keyboard and mouse", self.show_shortcuts)
        menu.addAction("&Legend: sides and counters", self.show_legend)
        menu.addSeparator()
        menu.addAction("&Start page…", window.show_start_page)
        menu.addSeparator()
        menu.addAction("&About boardapp", self.show_about)
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
        guide = escape(notes.guide or "No guide written for this game yet.")
        lines = guide.splitlines()
        body = "<br>".join(lines)
        phases = "".join(f"<li>{escape(v)}</li>" for v in notes.phases.values())
        return (f"<h3>{escape(ruleset.name)}</h3><p>{body}</p>"
                + (f"<p><b>Phases</b> (named in the banner):</p><ul>{phases}</ul>"
                   if phases else "")
                + "<p><i>Our own summary of how the game is played on this board, not the "
                  "publisher's text.</i></p>")

    def show_guide(self) -> None:
        self._box("Quick guide", self.guide_html())

    def shortcuts_html(self) -> str:
        """The keyboard shortcuts of the window's actions, then the mouse."""
        rows = []
        for action in self.window_.findChildren(type(self.window_.undo_action)):
            keys = ", ".join(k.toString() for k in action.shortcuts())
            if keys and action.text():
                rows.append((action.text().replace("&", ""), keys))
        rows.sort()
        keys = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(t)}</td></tr>"
                       for t, k in rows)
        mouse = "".join(f"<tr><td><b>{escape(g)}</b></td><td>{escape(t)}</td></tr>"
                        for g, t in MOUSE)
        return (f"<h3>Keyboard</h3><table>{keys}</table>"
                f"<h3>Mouse</h3><table>{mouse}</table>")

    def show_shortcuts(self) -> None:
        self._box("Keyboard and mouse", self.shortcuts_html())

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
        return (f"<h3>Sides of {escape(ruleset.name)}</h3><table>{''.join(rows)}</table>"
                "<h3>Counters</h3><ul><li>The name in the middle, the values at the bottom "
                "(as printed on the counter).</li><li>A white band at the top: the reduced "
                "side.</li><li>Rounded corners and a band: a leader.</li><li>A number on a "
                "stack: how many counters it holds (click to spread it).</li>"
                "<li>Yellow ring: the counters of the choice under the mouse in the "
                "Decisions panel.</li></ul>")

    def show_legend(self) -> None:
        self._box("Legend", self.legend_html())

    def about_html(self) -> str:
        """The version and the libraries' licences."""
        libs = "".join(f"<tr><td>{escape(n)} {escape(version_of(n))}</td><td>{escape(w)}</td>"
                       f"<td>{escape(lic)}</td></tr>" for n, w, lic in LIBRARIES)
        return (f"<h3>boardapp {escape(version_of('boardapp'))}</h3>"
                "<p>A digital board for historical wargames of the Hundred Years War era. "
                "MIT licence.</p><p>Built with:</p><table>" + libs + "</table>"
                "<p>The games' rules belong to their publishers; the notes and guides "
                "shown here are ours.</p>")

    def show_about(self) -> None:
        self._box("About boardapp", self.about_html())

    # -- rule sections ----------------------------------------------------------------------
    def section_html(self, line: str) -> str:
        """What each section cited by log ``line`` covers."""
        ruleset = self.window_.game.ruleset
        parts = []
        for section in cited_sections(ruleset, line):
            about, note = section_note(ruleset, section)
            head = f"{ruleset.rules_name} {section}"
            if about and about != section:
                head += f" (section {about})"
            parts.append(f"<p><b>{escape(head)}</b><br>{escape(note)}</p>")
        if not parts:
            parts.append("<p>This line cites no rule section.</p>")
        return "".join(parts) + "<p><i>Our short notes, not the rule text.</i></p>"

    def _log_menu(self, pos: QPoint) -> None:
        item = self.window_.log_list.itemAt(pos)
        if item is None:
            return
        line = item.text()
        ruleset = self.window_.game.ruleset
        sections = cited_sections(ruleset, line)
        menu = QMenu(self.window_.log_list)
        if not sections:
            menu.addAction("This line cites no rule").setEnabled(False)
        for section in sections:
            menu.addAction(f"What {ruleset.rules_name} {section} covers",
                           lambda s=section: self._box("Rule section", self.section_html(
                               f"({ruleset.rules_name} {s})")))
        menu.exec(self.window_.log_list.viewport().mapToGlobal(pos))
