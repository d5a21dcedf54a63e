"""Synthetic counter sheets drawn with Pillow: each cell a colour of its own, so a test
can tell from a cut cell which cell of the sheet it came from."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from boardapp.core.art.sheet import SheetGrid, cell_boxes

PAPER = (255, 255, 255)


def cell_colour(face: str, row: int, col: int) -> tuple[int, int, int]:
    """The colour of cell (``row``, ``col``) of ``face`` on a synthetic sheet."""
    return (10 + 20 * row, 10 + 20 * col, 60 if face == "front" else 200)


def draw_sheet(grid: SheetGrid, size: tuple[int, int], face: str = "front") -> Image.Image:
    """A sheet of ``size`` with every cell of ``grid`` filled with :func:`cell_colour`
    (the back drawn mirrored, as printed: its cell (r, c) is the back of (r, cols-1-c))."""
    image = Image.new("RGB", size, PAPER)
    draw = ImageDraw.Draw(image)
    boxes = cell_boxes(grid if face == "front" else grid.mirrored(), size)
    for r, row in enumerate(boxes):
        for c, (x0, y0, x1, y1) in enumerate(row):
            front_col = c if face == "front" else grid.cols - 1 - c
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=cell_colour(face, r, front_col))
    return image


def write_sheet(path: Path, grid: SheetGrid, size: tuple[int, int], face: str = "front",
                rotate: float = 0.0) -> Path:
    """Write :func:`draw_sheet` to ``path``, turned ``rotate`` degrees (a skewed scan)."""
    image = draw_sheet(grid, size, face)
    if rotate:
        image = image.rotate(rotate, resample=Image.Resampling.BICUBIC, fillcolor=PAPER)
    image.save(path)
    return path
