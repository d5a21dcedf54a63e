"""Synthetic "scans": a map drawn with Pillow through a known transform, for the tests
and the scan benchmark. Each city is a red disc, so a test can find it on the image as
a user would click it.

:func:`write_scan_png` draws the scan band by band and writes the PNG as a stream, so
that a 14,000 x 20,000 benchmark scan never sits whole in memory.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.scan.calibration import Transform

SEA = (120, 160, 200)
CITY = (230, 20, 20)
ROAD = (120, 80, 40)


def _ring(transform: Transform, coords, dy: float) -> list[tuple[float, float]]:
    pts = transform.apply_many(np.asarray(coords, dtype=float)[:, :2])
    return [(float(x), float(y) - dy) for x, y in pts]


def draw_map(image: Image.Image, bmap: BoardMap, transform: Transform, top: float = 0.0,
             city_radius: float = 6.0) -> None:
    """Draw ``bmap`` through ``transform`` (map -> scan) on ``image``, whose first row is
    row ``top`` of the scan."""
    draw = ImageDraw.Draw(image)
    h = image.height
    for area in bmap.areas.values():
        outline = bmap.outlines[area.id]
        region = bmap.regions.get(area.region) if area.region else None
        colour = region.colour if region else "#e8e0c8"
        parts = outline.geoms if hasattr(outline, "geoms") else [outline]
        for part in parts:
            if part.geom_type != "Polygon" or part.is_empty:
                continue
            ring = _ring(transform, part.exterior.coords, top)
            ys = [y for _, y in ring]
            if max(ys) < 0 or min(ys) > h:
                continue
            draw.polygon(ring, fill=colour, outline=(90, 90, 90))
    for a, b in bmap.roads:
        line = _ring(transform, [bmap.areas[a].pos, bmap.areas[b].pos], top)
        draw.line(line, fill=ROAD, width=max(1, round(city_radius / 3)))
    for box in bmap.boxes.values():
        x, y, w, bh = box.rect
        ring = _ring(transform, [(x, y), (x + w, y), (x + w, y + bh), (x, y + bh)], top)
        draw.polygon(ring, fill=(245, 238, 215), outline=(60, 60, 60))
    for area in bmap.areas.values():
        if not area.city:
            continue
        (cx, cy), = _ring(transform, [area.pos], top)
        if -city_radius <= cy <= h + city_radius:
            draw.ellipse((cx - city_radius, cy - city_radius, cx + city_radius, cy + city_radius),
                         fill=CITY)


def render_scan(bmap: BoardMap, transform: Transform, size: tuple[int, int],
                city_radius: float = 6.0) -> Image.Image:
    """The whole synthetic scan as one image (small scans, for tests)."""
    image = Image.new("RGB", size, SEA)
    draw_map(image, bmap, transform, 0.0, city_radius)
    return image


def find_disc(image: Image.Image, near: tuple[float, float],
              radius: int = 20) -> tuple[float, float]:
    """The centre of the red city disc near ``near``: what a user clicks, to a fraction
    of a pixel (the centroid of the disc's pixels)."""
    x0, y0 = int(near[0]) - radius, int(near[1]) - radius
    window = np.asarray(image.crop((x0, y0, x0 + 2 * radius, y0 + 2 * radius))).astype(int)
    red = (window[..., 0] > 200) & (window[..., 1] < 60) & (window[..., 2] < 60)
    ys, xs = np.nonzero(red)
    assert len(xs), f"no city disc near {near}"
    return x0 + float(xs.mean()) + 0.5, y0 + float(ys.mean()) + 0.5


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def write_scan_png(path: str | Path, bmap: BoardMap, transform: Transform,
                   size: tuple[int, int], band: int = 512, noise: int = 12,
                   city_radius: float = 40.0) -> None:
    """Write a big synthetic scan as an RGB PNG, band by band (bounded memory), with a
    little paper-grain noise so that it compresses like a real scan."""
    w, h = size
    rng = np.random.default_rng(7)
    grain = rng.integers(-noise, noise + 1, size=(band, w, 3), dtype=np.int16)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)))
        deflate = zlib.compressobj(3)
        for top in range(0, h, band):
            n = min(band, h - top)
            image = Image.new("RGB", (w, n), SEA)
            draw_map(image, bmap, transform, float(top), city_radius)
            pixels = np.asarray(image).astype(np.int16) + np.roll(grain[:n], top, axis=1)
            rows = np.clip(pixels, 0, 255).astype(np.uint8).reshape(n, w * 3)
            raw = np.hstack([np.zeros((n, 1), np.uint8), rows]).tobytes()
            data = deflate.compress(raw)
            if data:
                out.write(_chunk(b"IDAT", data))
        out.write(_chunk(b"IDAT", deflate.flush()))
        out.write(_chunk(b"IEND", b""))
