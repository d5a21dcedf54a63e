"""Cutting a counter sheet's scans into cell images with Pillow.

A scan is opened lazily and its size checked before it is decoded (an image larger than
:data:`SHEET_MAX_PIXELS` is refused, not decoded), turned by the grid's rotation, then
cut cell by cell; each cell is scaled to at most :data:`CELL_MAX` pixels a side and
written as a PNG. Cells are written to a new folder which then replaces the old one,
so a failed cut (a bad back, a full disk) leaves the previous cells as they were.
"""

from __future__ import annotations

import shutil
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..base.i18n import N_
from .sheet import FACES, CounterSheet, SheetError, SheetGrid, cell_boxes

SHEET_MAX_PIXELS = 250_000_000
"""The largest scan accepted (an A3 sheet at 1,200 dpi is 240 million pixels)."""
SHEET_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
CELL_MAX = 256
"""Pixels of the longest side of a stored cell image (sharp at 4x zoom of a counter)."""
SIZE_TOLERANCE = 0.03
"""How much a back scan's width or height may differ from its front's (3%)."""

Progress = Callable[[float], None]


def open_sheet_image(path: str | Path) -> Image.Image:
    """Open (not decode) scan ``path``; :class:`SheetError` naming the file and saying
    why it cannot be used (missing, not an image, too large)."""
    path = Path(path)
    if path.suffix.lower() not in SHEET_SUFFIXES:
        raise SheetError(N_("{path}: a counter sheet scan is a PNG, JPEG or TIFF image",
                            path=path))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # checked below
            old, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, SHEET_MAX_PIXELS * 2
            try:
                im = Image.open(path)
            finally:
                Image.MAX_IMAGE_PIXELS = old
    except FileNotFoundError as exc:
        raise SheetError(N_("{path}: no such file", path=path)) from exc
    except Image.DecompressionBombError as exc:
        raise SheetError(N_("{path}: larger than {sheet_max_pixels} pixels", path=path,
                            sheet_max_pixels=format(SHEET_MAX_PIXELS, ','))) from exc
    except (OSError, ValueError, SyntaxError) as exc:
        raise SheetError(N_("{path}: not an image boardapp can read ({exc})",
                            path=path, exc=exc)) from exc
    w, h = im.size
    if w * h > SHEET_MAX_PIXELS:
        im.close()
        raise SheetError(N_("{path}: {w} x {h} pixels is larger than {sheet_max_pixels} pixels; "
                            "scan the sheet at a lower resolution (300-600 dpi)", path=path, w=w,
                            h=h, sheet_max_pixels=format(SHEET_MAX_PIXELS, ',')))
    return im


def load_sheet_image(path: str | Path, rotation: float = 0.0) -> Image.Image:
    """Scan ``path`` decoded as RGB and turned ``rotation`` degrees anticlockwise (the
    same size, corners filled white); :class:`SheetError` if it cannot be read."""
    with open_sheet_image(path) as im:
        try:
            rgb = _rgb(im)
        except (OSError, ValueError, SyntaxError) as exc:
            raise SheetError(N_("{path}: the image is damaged ({exc})",
                                path=path, exc=exc)) from exc
    if abs(rotation) >= 0.01:  # bilinear: 2.5 times faster than bicubic on a big scan
        rgb = rgb.rotate(rotation, resample=Image.Resampling.BILINEAR, expand=False,
                         fillcolor=(255, 255, 255))
    return rgb


def _rgb(im: Image.Image) -> Image.Image:
    if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
        rgba = im.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    if im.mode in ("I;16", "I;16B", "I;16L", "I"):
        return im.convert("I").point(lambda v: v * (1 / 256)).convert("RGB")
    return im.convert("RGB")


def sheet_sizes(sheet: CounterSheet) -> dict[str, tuple[int, int]]:
    """The pixel size of each scan of ``sheet`` (read from the headers only), checking
    that the back is the size of the front; :class:`SheetError` naming the files."""
    sizes = {}
    for face in FACES:
        path = sheet.scan_of(face)
        if path:
            with open_sheet_image(path) as im:
                sizes[face] = im.size
    if "front" not in sizes:
        raise SheetError(N_("sheet {id}: no front scan chosen", id=repr(sheet.id)))
    if "back" in sizes:
        (fw, fh), (bw, bh) = sizes["front"], sizes["back"]
        if abs(fw - bw) > SIZE_TOLERANCE * fw or abs(fh - bh) > SIZE_TOLERANCE * fh:
            raise SheetError(N_("{back}: the back is {bw} x {bh} pixels but its front {name} is "
                                "{fw} x {fh}: not the back of that sheet, or scanned at another "
                                "resolution", back=sheet.back, bw=bw, bh=bh,
                                name=Path(sheet.front or '').name, fw=fw, fh=fh))
    return sizes


def cell_file(folder: Path, face: str, row: int, col: int) -> Path:
    """Where the image of cell (``row``, ``col``) of ``face`` is kept in ``folder``."""
    return folder / f"{face}-r{row:02d}-c{col:02d}.png"


@dataclass(frozen=True)
class CutResult:
    """What a cut wrote: the cells per face and the cell size in pixels."""

    cells: dict[str, int]
    cell_size: tuple[int, int]


def cut_face(image: Image.Image, grid: SheetGrid, folder: Path, face: str,
             where: str = "", progress: Progress | None = None) -> tuple[int, int]:
    """Cut ``image`` (already turned) by ``grid`` into ``folder``; the stored cell size."""
    boxes = cell_boxes(grid, image.size, where)
    stored = (0, 0)
    n, total = 0, grid.rows * grid.cols
    for r, row in enumerate(boxes):
        for c, box in enumerate(row):
            w, h = box[2] - box[0], box[3] - box[1]
            if max(w, h) > CELL_MAX:  # scaled straight from the sheet, no crop copy
                scale = CELL_MAX / max(w, h)
                cell = image.resize((max(1, round(w * scale)), max(1, round(h * scale))),
                                    Image.Resampling.BICUBIC, box=box)
            else:
                cell = image.crop(box)
            cell.save(cell_file(folder, face, r, c), compress_level=1)
            stored = cell.size
            n += 1
            if progress:
                progress(n / total)
    return stored


def cut_sheet(sheet: CounterSheet, folder: str | Path,
              progress: Progress | None = None) -> CutResult:
    """Cut every scan of ``sheet`` into ``folder`` (replaced whole only on success).

    Raises :class:`SheetError` naming the file for a missing, unreadable or huge scan, a
    grid off the sheet, a back whose size does not match its front; ``folder`` is then
    left as it was.
    """
    folder = Path(folder)
    sizes = sheet_sizes(sheet)
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        cells: dict[str, int] = {}
        stored = (0, 0)
        faces = [f for f in FACES if f in sizes]
        for i, face in enumerate(faces):
            grid = sheet.grid_of(face)
            path = sheet.scan_of(face)
            cell_boxes(grid, sizes[face], str(path))  # a grid off the sheet: before decoding
            image = load_sheet_image(path or "", grid.rotation)
            step = (lambda f, i=i: progress((i + f) / len(faces))) if progress else None
            stored = cut_face(image, grid, work, face, str(path), step)
            cells[face] = grid.rows * grid.cols
            image.close()
        old = folder.with_name(folder.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if folder.exists():
            folder.rename(old)
        work.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
        return CutResult(cells, stored)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise


def load_preview(path: str | Path, max_side: int) -> tuple[Image.Image, tuple[int, int]]:
    """Scan ``path`` scaled to at most ``max_side`` pixels a side (RGB) and its full
    size: what the grid dialog shows; :class:`SheetError` if it cannot be read."""
    with open_sheet_image(path) as im:
        size = im.size
        try:
            im.draft("RGB", (max_side, max_side))  # JPEG: decode at a reduced scale
            rgb = _rgb(im)
        except (OSError, ValueError, SyntaxError) as exc:
            raise SheetError(N_("{path}: the image is damaged ({exc})",
                                path=path, exc=exc)) from exc
    rgb.thumbnail((max_side, max_side), Image.Resampling.BILINEAR)
    return rgb, size
