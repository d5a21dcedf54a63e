"""The application icon (``assets/icons``: an SVG and PNGs of each size)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QIcon

from boardapp.paths import assets_dir

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """boardapp's icon, every size shipped (empty if the files are missing)."""
    icon = QIcon()
    folder = assets_dir() / "icons"
    for size in ICON_SIZES:
        path = folder / f"boardapp-{size}.png"
        if path.is_file():
            icon.addFile(str(path))
    return icon
