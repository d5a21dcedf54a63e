"""Make the PNG, ICO and ICNS icons from the two SVGs beside this file
(``.venv/bin/python assets/icons/make_icons.py``; offscreen is fine)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = Path(__file__).resolve().parent


def render(svg: str, size: int, out: Path) -> None:
    renderer = QSvgRenderer(str(HERE / svg))
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    image.save(str(out))


def main() -> None:
    app = QGuiApplication([])  # noqa: F841 (Qt needs it to paint)
    for size in (16, 24, 32, 48, 64, 128, 256):
        render("boardapp.svg", size, HERE / f"boardapp-{size}.png")
        if size != 24:
            render("boardapp-game.svg", size, HERE / f"boardapp-game-{size}.png")
    big = Image.open(HERE / "boardapp-256.png")
    big.save(HERE / "boardapp.png")  # the bundle's icon on Linux
    big.save(HERE / "boardapp.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    big.save(HERE / "boardapp.icns")


if __name__ == "__main__":
    main()
