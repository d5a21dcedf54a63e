"""The language of the windows: *Edit → Preferences…* (English, Français, or the system's),
Qt's own dialogs and buttons in that language, and the change applied at once.

A change is applied live by rebuilding the window (:func:`rebuild_window`): a new
:class:`MainWindow` on the same game, file, saved position, autosave, geometry and docks
takes the old one's place, every menu, dock and label built again in the new language.
Nothing of the game changes (no action, no undo step); a replay or an open dialog closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from .i18n import (
    N_,
    _,
    language,
    preferred_language,
    set_language,
    set_preferred_language,
    system_language,
)
from .qt_language import install_qt_translations

if TYPE_CHECKING:
    from .main_window import MainWindow

LANGUAGES = (("", N_("System")), ("en", "English"), ("fr", "Français"))
"""The choices of the preference: "" follows the system's locale."""

_windows: list[MainWindow] = []
"""The windows rebuilt in another language (kept alive here: nothing else holds them)."""


def apply_language(preference: str) -> str:
    """Speak ``preference`` ("" the system's) in boardapp and in Qt's dialogs (Qt's
    ``qtbase`` translations, :mod:`.qt_language`); the language now spoken."""
    spoken = set_language(preference or system_language())
    app = QApplication.instance()
    if app is not None:
        install_qt_translations(app, spoken)
    return spoken


class PreferencesDialog(QDialog):
    """Edit → Preferences…: the language (English, Français, System)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self.language = QComboBox()
        for code, name in LANGUAGES:
            self.language.addItem(str(name), code)
        self.language.setCurrentIndex(max(0, self.language.findData(preferred_language()
                                                                    or "")))
        form = QFormLayout()
        form.addRow(_("Language"), self.language)
        note = QLabel(_("System: the language of your computer (English where boardapp "
                        "does not speak it). The windows change language at once; a game "
                        "file does not depend on it."))
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)

    def chosen(self) -> str:
        """The language chosen: "en", "fr", or "" for the system's."""
        return str(self.language.currentData() or "")


def choose_language(window: MainWindow, preference: str | None = None) -> MainWindow:
    """Ask the language (or take ``preference``), save it, and show ``window``'s game in it:
    the window itself if the language spoken does not change, else its rebuilt copy."""
    if preference is None:
        dialog = PreferencesDialog(window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return window
        preference = dialog.chosen()
    before = language()
    set_preferred_language(preference or None)
    if apply_language(preference) == before:
        return window
    return rebuild_window(window)


def rebuild_window(old: MainWindow) -> MainWindow:
    """A new window on ``old``'s game, built in the language now spoken, in its place."""
    from .main_window import MainWindow

    new = MainWindow(old.game, old.path)
    new.take_over(old)
    _windows.append(new)
    new.show()
    old.retire()
    if old in _windows:
        _windows.remove(old)
    return new
