"""Draw ``maps/plans/table_demo_plan_1to10.png``: a 1:10 plan of a 60 x 60 cm table (one
millimetre of the plan is one centimetre of the table), as a player would scan his own
scenario plan, to calibrate in centimetres and trace in the table editor.

The plan is drawn at 600 dots per inch with a margin, turned by a small angle as a scan
comes out of a flatbed, with the table's edges, a tick every 10 cm (one cm of the plan)
and its scenery: a wood, a hill and its crest line, a pond, a cottage, a hedge and a
road. Run ``python maps/tools/draw_table_plan.py`` to draw it again.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

DPI = 600
PX_PER_CM = DPI / 25.4  # scan pixels per table cm: one table cm is one plan mm
TABLE = (60.0, 60.0)
MARGIN = 14.0  # table cm (plan mm) around the table
TURN = 1.2  # degrees, as the plan lay a little askew on the scanner
OUT = Path(__file__).resolve().parents[1] / "plans" / "table_demo_plan_1to10.png"
SCENERY = {
    "wood": ("#5b8c4a", [(10, 8), (22, 6), (27, 14), (22, 22), (11, 20)]),
    "hill": ("#c9ae74", [(34, 30), (48, 28), (56, 36), (52, 48), (38, 48), (32, 40)]),
    "pond": ("#7fb0dc", [(8, 40), (16, 38), (20, 44), (14, 50), (7, 47)]),
    "cottage": ("#9a6e4f", [(40, 8), (48, 8), (48, 14), (40, 14)]),
}
CREST = [(36, 39), (52, 38)]
HEDGE = [(4, 30), (26, 30)]
ROAD = [(30, 0), (30, 20), (28, 60)]


def to_px(x: float, y: float) -> tuple[float, float]:
    """A table point (cm) on the scan (pixels), turned by :data:`TURN` about the centre."""
    cx, cy = TABLE[0] / 2, TABLE[1] / 2
    a = math.radians(TURN)
    dx, dy = x - cx, y - cy
    rx, ry = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
    return ((rx + cx + MARGIN) * PX_PER_CM, (ry + cy + MARGIN) * PX_PER_CM)


def draw() -> Image.Image:
    size = round((TABLE[0] + 2 * MARGIN) * PX_PER_CM), round((TABLE[1] + 2 * MARGIN) * PX_PER_CM)
    img = Image.new("RGB", size, "#fbf8ef")
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 34)
    except OSError:
        font = ImageFont.load_default()
    line = max(2, round(PX_PER_CM * 0.12))
    d.polygon([to_px(x, y) for x, y in ((0, 0), (TABLE[0], 0), TABLE, (0, TABLE[1]))],
              outline="#222222", width=line * 2)
    for v in range(0, 61, 10):  # a tick every 10 cm along the edges
        for a, b, label in (((v, 0), (v, -1.5), (v, -4.5)), ((0, v), (-1.5, v), (-5.5, v))):
            d.line([to_px(*a), to_px(*b)], fill="#222222", width=line)
            d.text(to_px(*label), str(v), fill="#222222", font=font, anchor="mm")
    for colour, outline in SCENERY.values():
        d.polygon([to_px(*p) for p in outline], fill=colour, outline="#333333", width=line)
    d.line([to_px(*p) for p in CREST], fill="#6b5230", width=line * 2)
    d.line([to_px(*p) for p in ROAD], fill="#b99c64", width=round(PX_PER_CM * 2.5))
    d.line([to_px(*p) for p in HEDGE], fill="#2f5a25", width=round(PX_PER_CM * 1.0))
    d.text(to_px(30, 64), "Plan 1:10 — 1 cm on the plan = 10 cm on the table (60 x 60 cm)",
           fill="#222222", font=font, anchor="mm")
    return img


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    draw().save(OUT, optimize=True)
    print(OUT, OUT.stat().st_size, "bytes")
