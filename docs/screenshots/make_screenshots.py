"""Make the README's screenshots: the start page, then each game's window a few
decisions in (``xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python
docs/screenshots/make_screenshots.py``). Writes small palette PNGs beside this file and
``assets/screenshot.png``; uses throw-away user folders, so no recent games of yours."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
for name in ("DATA", "CONFIG", "CACHE"):
    os.environ[f"BOARDAPP_{name}_DIR"] = tempfile.mkdtemp(prefix=f"shots-{name.lower()}-")

from PIL import Image  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import find_ruleset  # noqa: E402
from boardapp.ui.main_window import MainWindow  # noqa: E402
from boardapp.ui.start_page import StartPage  # noqa: E402

SHOTS = (  # file, ruleset, scenario, seed, play until this decision is offered
    ("deux-bretagne", "deux-bretagne", "14.1", 5, "lose-step"),
    ("lily-ermine", "lily-ermine", "1487", 3, "reduce"),
    ("lion-in-winter", "lion-in-winter", "1183", 3, "pass"),
    ("hex-demo", "hex-demo", "demo", 1, "end"),
    ("montjoie", "montjoie", "normale-4", 3, "lay"),
    ("table-demo", "table-demo", "demo", 2, None),
)


PLAYED_FIRST = {"table-demo": 9}
"""Actions played before looking for the decision (``None``: stop there)."""


def settle(app: QApplication) -> None:
    for _ in range(40):
        app.processEvents()


def save_small(image, path: Path, width: int) -> None:
    """``image`` (a QImage) as a palette PNG ``width`` pixels wide."""
    tmp = path.with_suffix(".tmp.png")
    image.save(str(tmp))
    with Image.open(tmp) as im:
        im = im.convert("RGB")
        im = im.resize((width, round(im.height * width / im.width)), Image.LANCZOS)
        im.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    tmp.unlink()


def main() -> int:
    app = QApplication(sys.argv[:1])
    page = StartPage()
    page.resize(1180, 760)
    page.show()
    page.draw_all_pictures()
    settle(app)
    save_small(page.grab().toImage(), HERE / "start-page.png", 900)
    page.close()
    for name, rid, scenario, seed, verb in SHOTS:
        game = Game(find_ruleset(rid), scenario, seed)
        rng = random.Random(seed)
        for _ in range(600):
            ready = len(game.log) >= PLAYED_FIRST.get(name, 0)
            if ready and (verb is None or any(a.verb == verb for a in
                                              game.ruleset.flow_actions(game.state))):
                break
            legal = list(game.legal_actions())
            if not legal:
                break
            action = rng.choice(legal)
            sides = game.ruleset.deciding_sides(game.state)
            game.push(action, side=next((s for s in sides if action in
                                         game.ruleset.legal_actions(game.state, s)), None))
        win = MainWindow(game)
        win.resize(1400, 900)
        win.show()
        settle(app)
        for view in win.views.values():
            view.fit()
        settle(app)
        row = next((r for r in win.decisions.rows if r.pieces), None)
        if row is not None:
            win.controller.light(row.pieces)  # as if the mouse were on the first choice
        settle(app)
        image = win.grab().toImage()
        save_small(image, HERE / f"{name}.png", 1000)
        if rid == "deux-bretagne":
            save_small(image, HERE.parent.parent / "assets" / "screenshot.png", 1200)
        win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
