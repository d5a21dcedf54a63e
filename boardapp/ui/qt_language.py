"""Qt's own words (standard dialogs' buttons, the file dialog...) in the player's language:
the ``qtbase`` translations PySide6 ships, installed at start-up (see
:mod:`boardapp.core.base.i18n` for boardapp's own words)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from boardapp.core.base.i18n import DEFAULT, language

_installed: list[QTranslator] = []


def install_qt_translations(app: QCoreApplication, lang: str | None = None) -> bool:
    """Install Qt's ``qtbase_<lang>.qm`` for ``lang`` (default: the language now) and set
    the default locale (numbers, dates); whether a catalogue was found. English, or a
    PySide6 without its translations folder, leaves Qt in English."""
    lang = lang or language()
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(QLocale(lang))
    if lang == DEFAULT:
        return False
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{lang}", folder):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    return True
