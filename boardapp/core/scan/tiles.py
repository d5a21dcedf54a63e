"""Scan tile pyramids: a huge scan cut into tiles at every level of detail, cached.

A 600 dpi scan of a 60 x 85 cm map is about 14,000 x 20,000 pixels (840 MB decoded).
:class:`ScanPyramid` reads it with Pillow once, band by band, and writes 512-pixel JPEG
tiles for level 0 (full resolution), level 1 (half), level 2 (a quarter)... down to a
level that fits in one tile, into a cache folder in the user's data folder. A viewer
then reads only the tiles in view at the level that matches its zoom.

Memory while building stays a few bands of the scan, not the whole decoded image, for
8-bit non-interlaced PNG (its compressed rows are inflated as a stream and each band is
decoded on its own) and for uncompressed TIFF (each band's bytes are read from their
offset). Other files (JPEG, compressed TIFF) are decoded whole once, then cut. The cache
is reused as long as the scan file keeps its name, size and modification time.

``Image.MAX_IMAGE_PIXELS`` (Pillow's guard against decompression bombs) is raised only
while a scan is opened, to :data:`SCAN_MAX_PIXELS`.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import shutil
import struct
import threading
import warnings
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from ..base.errors import BoardappError
from ..base.i18n import N_

TILE = 512
BAND = 256
"""Rows of the scan decoded at a time (11 MB of a 14,000-pixel-wide RGB scan)."""
SCAN_MAX_PIXELS = 1_500_000_000
"""The largest scan accepted (1.5 gigapixels: an A0 sheet at 900 dpi)."""
SCAN_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
PYRAMID_FORMAT = "boardapp-scan-pyramid"
PYRAMID_VERSION = 1
JPEG_QUALITY = 88

Progress = Callable[[float], bool | None]
"""Called with the fraction done (0..1); returning ``False`` cancels the build."""

_limits = threading.Lock()


class ScanError(BoardappError):
    """A scan that cannot be used (unreadable, too large, not an image)."""


@contextmanager
def scan_limits() -> Iterator[None]:
    """Let Pillow open images up to :data:`SCAN_MAX_PIXELS` inside the block."""
    with _limits:
        old = Image.MAX_IMAGE_PIXELS
        Image.MAX_IMAGE_PIXELS = SCAN_MAX_PIXELS
        try:
            yield
        finally:
            Image.MAX_IMAGE_PIXELS = old


def open_scan(path: str | Path) -> Image.Image:
    """Open (not decode) a scan; :class:`ScanError` saying why it cannot be used."""
    path = Path(path)
    if path.suffix.lower() not in SCAN_SUFFIXES:
        raise ScanError(N_("{path}: a scan must be a PNG, JPEG or TIFF image", path=path))
    try:
        with scan_limits(), warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # checked below
            im = Image.open(path)
    except FileNotFoundError as exc:
        raise ScanError(N_("{path}: no such file", path=path)) from exc
    except Image.DecompressionBombError as exc:
        raise ScanError(N_("{path}: larger than {scan_max_pixels} pixels", path=path,
                           scan_max_pixels=format(SCAN_MAX_PIXELS, ','))) from exc
    except (OSError, ValueError, SyntaxError) as exc:
        raise ScanError(N_("{path}: not an image boardapp can read ({exc})",
                           path=path, exc=exc)) from exc
    w, h = im.size
    if w * h > SCAN_MAX_PIXELS:
        im.close()
        raise ScanError(N_("{path}: {w} x {h} pixels is larger than {scan_max_pixels} pixels",
                           path=path, w=w, h=h, scan_max_pixels=format(SCAN_MAX_PIXELS, ',')))
    return im


def scan_size(path: str | Path) -> tuple[int, int]:
    """Width and height of a scan in pixels (read from its header only)."""
    with open_scan(path) as im:
        return im.size


# -- reading a scan band by band ----------------------------------------------------------
def _display_mode(im: Image.Image) -> str:
    return "L" if im.mode in ("1", "L", "I;16", "I;16B", "I;16L", "I", "F") else "RGB"


def _to_display(band: Image.Image, mode: str) -> Image.Image:
    """``band`` as 8-bit grey or RGB (alpha dropped on white)."""
    if band.mode == mode:
        return band
    if band.mode in ("I;16", "I;16B", "I;16L", "I"):
        band = band.convert("I").point(lambda v: v * (1 / 256)).convert("L")
        return band if mode == "L" else band.convert(mode)
    if band.mode in ("RGBA", "LA", "PA") or (band.mode == "P" and "transparency" in band.info):
        rgba = band.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        band = Image.alpha_composite(white, rgba)
    return band.convert(mode)


def _chunks(data: io.BufferedReader) -> Iterator[tuple[bytes, bytes]]:
    while True:
        head = data.read(8)
        if len(head) < 8:
            return
        length, kind = struct.unpack(">I4s", head)
        body = data.read(length)
        data.read(4)  # CRC (zlib checks the data itself)
        yield kind, body
        if kind == b"IEND":
            return


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def _png_bands(path: Path, band: int) -> Iterator[tuple[int, Image.Image]] | None:
    """Bands of an 8-bit non-interlaced PNG, decoded one at a time (``None``: other PNG).

    The IDAT stream is inflated incrementally; each band's filtered rows are wrapped
    with the unfiltered row above them into a small PNG of their own, which Pillow
    decodes. Only a band of the image is ever in memory.
    """
    with open(path, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            return None
        kind, ihdr = next(_chunks(f), (b"", b""))
    if kind != b"IHDR" or len(ihdr) != 13:
        return None
    w, h, depth, ctype, _comp, _filt, interlace = struct.unpack(">IIBBBBB", ihdr)
    if depth != 8 or interlace or ctype not in _PNG_CHANNELS:
        return None
    return _png_band_iter(path, band, w, h, ihdr, _PNG_CHANNELS[ctype])


def _png_band_iter(path: Path, band: int, w: int, h: int, ihdr: bytes,
                   channels: int) -> Iterator[tuple[int, Image.Image]]:
    row = 1 + w * channels
    extra = b""
    inflate = zlib.decompressobj()
    pending = bytearray()
    above: bytes | None = None
    y = 0

    def emit(n: int) -> Image.Image:
        """Decode the next ``n`` rows of ``pending`` (and drop them from it)."""
        nonlocal above
        head = ihdr[:4] + struct.pack(">I", n + (1 if above is not None else 0)) + ihdr[8:]
        stored = zlib.compressobj(0)
        body = stored.compress(b"\x00" + above if above is not None else b"")
        body += stored.compress(memoryview(pending)[:n * row])
        body += stored.flush()
        del pending[:n * row]
        png = io.BytesIO()
        png.write(b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", head) + extra)
        png.write(struct.pack(">I", len(body)) + b"IDAT")
        png.write(body)
        png.write(struct.pack(">I", zlib.crc32(body, zlib.crc32(b"IDAT")) & 0xFFFFFFFF))
        png.write(_png_chunk(b"IEND", b""))
        del body
        png.seek(0)
        with scan_limits():
            im = Image.open(png)
            im.load()
        if above is not None:
            im = im.crop((0, 1, w, n + 1))
        above = im.crop((0, n - 1, w, n)).tobytes()
        return im

    with open(path, "rb") as f:
        f.read(8)
        for kind, data in _chunks(f):
            if kind in (b"PLTE", b"tRNS"):
                extra += _png_chunk(kind, data)
            elif kind == b"IDAT":
                while data and y < h:  # inflate no more than a band at a time
                    want = max(band * row - len(pending), 1 << 16)
                    pending += inflate.decompress(data, want)
                    data = inflate.unconsumed_tail
                    while len(pending) >= band * row and y < h:
                        n = min(band, h - y)
                        yield y, emit(n)
                        y += n
        pending += inflate.flush()
    while y < h:
        n = min(band, h - y, len(pending) // row)
        if n <= 0:
            raise ScanError(N_("{path}: the image data ends early (row {y} of {h})", path=path,
                               y=y, h=h))
        yield y, emit(n)
        y += n


_RAW_BYTES = {"RGB": 3, "RGBX": 4, "RGBA": 4, "CMYK": 4, "L": 1, "LA": 2, "I;16": 2,
              "I;16B": 2, "I;16L": 2, "P": 1}


def _raw_bands(path: Path, im: Image.Image, band: int) -> Iterator[tuple[int, Image.Image]] | None:
    """Bands of an image stored as raw rows (uncompressed TIFF): each band is read from
    its own offset in the file (``None``: not such an image)."""
    w, h = im.size
    tiles = list(im.tile)
    if not tiles or any(t.codec_name != "raw" or t.extents[0] != 0 or t.extents[2] != w
                        for t in tiles):
        return None
    for t in tiles:
        args = t.args if isinstance(t.args, tuple) else (t.args, 0, 1)
        if len(args) < 3 or args[2] != 1 or args[0] not in _RAW_BYTES:
            return None
    return _raw_band_iter(path, im.mode, w, h, tiles, band)


def _raw_band_iter(path: Path, mode: str, w: int, h: int, tiles: list[Any],
                   band: int) -> Iterator[tuple[int, Image.Image]]:
    with open(path, "rb") as f:
        for y0 in range(0, h, band):
            y1 = min(h, y0 + band)
            out = Image.new(mode, (w, y1 - y0))
            for t in tiles:
                ty0, ty1 = t.extents[1], t.extents[3]
                a, b = max(ty0, y0), min(ty1, y1)
                if a >= b:
                    continue
                rawmode, stride = t.args[0], t.args[1]
                stride = stride or w * _RAW_BYTES[rawmode]
                f.seek(t.offset + (a - ty0) * stride)
                data = f.read((b - a) * stride)
                if len(data) < (b - a) * stride:
                    raise ScanError(N_("{path}: the image data ends early (row {a} of {h})",
                                       path=path, a=a, h=h))
                part = Image.frombytes(mode, (w, b - a), data, "raw", rawmode, stride)
                out.paste(part, (0, a - y0))
            yield y0, out


def iter_bands(path: str | Path, band: int = BAND) -> Iterator[tuple[int, Image.Image]]:
    """``(top row, band image)`` for the whole scan, top to bottom."""
    path = Path(path)
    im = open_scan(path)
    if im.format == "PNG":
        im.close()
        bands = _png_bands(path, band)
        if bands is not None:
            yield from bands
            return
        im = open_scan(path)
    if im.format == "TIFF":
        bands = _raw_bands(path, im, band)
        if bands is not None:
            im.close()
            yield from bands
            return
    with im, scan_limits():
        try:
            im.load()
        except (OSError, ValueError) as exc:
            raise ScanError(N_("{path}: the image cannot be decoded ({exc})",
                               path=path, exc=exc)) from exc
        for y in range(0, im.height, band):
            yield y, im.crop((0, y, im.width, min(im.height, y + band)))


# -- the pyramid --------------------------------------------------------------------------
@dataclass(frozen=True)
class Level:
    """One level of the pyramid: its size in pixels and in tiles."""

    index: int
    width: int
    height: int

    @property
    def cols(self) -> int:
        return math.ceil(self.width / TILE)

    @property
    def rows(self) -> int:
        return math.ceil(self.height / TILE)

    @property
    def scale(self) -> float:
        """Level pixels per scan pixel."""
        return 1.0 / (1 << self.index)


def level_sizes(width: int, height: int) -> list[Level]:
    """Level 0 is the scan; each next level halves it, down to one tile."""
    levels = [Level(0, width, height)]
    while max(levels[-1].width, levels[-1].height) > TILE:
        last = levels[-1]
        levels.append(Level(last.index + 1, math.ceil(last.width / 2), math.ceil(last.height / 2)))
    return levels


class _LevelWriter:
    """Receives the rows of one level top to bottom, writes its tiles, feeds the next."""

    def __init__(self, folder: Path, level: Level, following: _LevelWriter | None) -> None:
        self.folder = folder
        self.level = level
        self.following = following
        self.pending: Image.Image | None = None
        self.carry: Image.Image | None = None
        self.row = 0
        folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def _stack(top: Image.Image | None, bottom: Image.Image) -> Image.Image:
        if top is None:
            return bottom
        out = Image.new(bottom.mode, (bottom.width, top.height + bottom.height))
        out.paste(top, (0, 0))
        out.paste(bottom, (0, top.height))
        return out

    def push(self, strip: Image.Image) -> None:
        self.pending = self._stack(self.pending, strip)
        while self.pending is not None and self.pending.height >= TILE:
            self._write_row(self.pending.crop((0, 0, self.pending.width, TILE)))
            rest = self.pending.height - TILE
            self.pending = (self.pending.crop((0, TILE, self.pending.width, self.pending.height))
                            if rest else None)
        if self.following is not None:
            rows = self._stack(self.carry, strip)
            even = rows.height - rows.height % 2
            self.carry = (rows.crop((0, even, rows.width, rows.height))
                          if even < rows.height else None)
            if even:
                self.following.push(rows.crop((0, 0, rows.width, even)).reduce(2))

    def finish(self) -> None:
        if self.pending is not None:
            self._write_row(self.pending)
            self.pending = None
        if self.following is not None:
            if self.carry is not None:
                self.following.push(self.carry.reduce(2))
                self.carry = None
            self.following.finish()

    def _write_row(self, strip: Image.Image) -> None:
        for col in range(self.level.cols):
            x0 = col * TILE
            tile = strip.crop((x0, 0, min(strip.width, x0 + TILE), strip.height))
            tile.save(self.folder / f"{col}_{self.row}.jpg", "JPEG", quality=JPEG_QUALITY,
                      subsampling=0)  # full colour resolution: thin coloured lines stay
        self.row += 1


class ScanPyramid:
    """The tile pyramid of one scan file, in a cache folder under ``cache_root``."""

    def __init__(self, source: str | Path, cache_root: str | Path | None = None) -> None:
        self.source = Path(source).resolve()
        if cache_root is None:
            from .boardsettings import data_dir

            cache_root = data_dir() / "scans"
        self.cache_root = Path(cache_root)
        try:
            stat = self.source.stat()
        except OSError as exc:
            raise ScanError(N_("{source}: cannot read the file ({strerror})", source=source,
                               strerror=exc.strerror)) from exc
        self._stamp = {"source": str(self.source), "bytes": stat.st_size,
                       "mtime_ns": stat.st_mtime_ns}
        path_key = hashlib.sha1(str(self.source).encode("utf-8")).hexdigest()[:12]
        stamp_key = hashlib.sha1(json.dumps(self._stamp, sort_keys=True).encode()).hexdigest()[:8]
        self._path_key = path_key
        self.folder = self.cache_root / f"{path_key}-{stamp_key}"
        self.manifest: dict[str, Any] | None = None
        self._read_manifest()

    # -- state ------------------------------------------------------------------------------
    def _read_manifest(self) -> None:
        try:
            data = json.loads((self.folder / "pyramid.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if (isinstance(data, dict) and data.get("format") == PYRAMID_FORMAT
                and data.get("version") == PYRAMID_VERSION and data.get("tile") == TILE
                and data.get("stamp") == self._stamp):
            self.manifest = data

    @property
    def is_built(self) -> bool:
        """Whether a complete, up-to-date pyramid is in the cache."""
        return self.manifest is not None

    @property
    def size(self) -> tuple[int, int]:
        assert self.manifest is not None, "build the pyramid first"
        return int(self.manifest["width"]), int(self.manifest["height"])

    @property
    def levels(self) -> list[Level]:
        w, h = self.size
        return level_sizes(w, h)

    @property
    def mode(self) -> str:
        assert self.manifest is not None
        return str(self.manifest["mode"])

    def tile_path(self, level: int, col: int, row: int) -> Path:
        """The file of tile ``(col, row)`` of ``level``."""
        return self.folder / str(level) / f"{col}_{row}.jpg"

    def level_for(self, screen_per_scan_px: float) -> int:
        """The coarsest level still at least as sharp as the screen at this zoom."""
        if screen_per_scan_px <= 0:
            return len(self.levels) - 1
        k = int(math.floor(math.log2(1.0 / screen_per_scan_px) + 1e-9))
        return max(0, min(len(self.levels) - 1, k))

    # -- building ------------------------------------------------------------------------------
    def ensure(self, progress: Progress | None = None) -> ScanPyramid:
        """Build the pyramid unless the cache is still valid; return ``self``."""
        if not self.is_built:
            self.build(progress)
        return self

    def build(self, progress: Progress | None = None) -> None:
        """Cut the scan into tiles at every level (:class:`ScanError` on failure; a
        cancelled build leaves nothing behind)."""
        with open_scan(self.source) as im:
            w, h = im.size
            mode = _display_mode(im)
        levels = level_sizes(w, h)
        self.cache_root.mkdir(parents=True, exist_ok=True)
        work = self.cache_root / f".{self.folder.name}.{os.getpid()}.building"
        shutil.rmtree(work, ignore_errors=True)
        try:
            writer: _LevelWriter | None = None
            for level in reversed(levels):
                writer = _LevelWriter(work / str(level.index), level, writer)
            assert writer is not None
            for y, band in iter_bands(self.source):
                writer.push(_to_display(band, mode))
                del band
                if progress is not None and progress(min(1.0, (y + BAND) / h)) is False:
                    raise ScanError(N_("building the scan tiles was cancelled"))
            writer.finish()
            manifest = {"format": PYRAMID_FORMAT, "version": PYRAMID_VERSION, "tile": TILE,
                        "stamp": self._stamp, "width": w, "height": h, "mode": mode,
                        "levels": [[lv.width, lv.height] for lv in levels]}
            (work / "pyramid.json").write_text(json.dumps(manifest), encoding="utf-8")
            shutil.rmtree(self.folder, ignore_errors=True)
            os.replace(work, self.folder)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        self._drop_stale()
        self.manifest = manifest

    def _drop_stale(self) -> None:
        """Remove the caches of older versions of the same scan file."""
        for other in self.cache_root.glob(f"{self._path_key}-*"):
            if other != self.folder and other.is_dir():
                shutil.rmtree(other, ignore_errors=True)

    # -- reading ---------------------------------------------------------------------------------
    def read_tile(self, level: int, col: int, row: int) -> Image.Image:
        """One tile as a Pillow image."""
        with Image.open(self.tile_path(level, col, row)) as im:
            im.load()
            return im

    def read_region(self, level: int, box: tuple[int, int, int, int]) -> Image.Image:
        """The pixels of ``box`` (left, top, right, bottom in level pixels) of ``level``."""
        x0, y0, x1, y1 = box
        out = Image.new(self.mode, (max(1, x1 - x0), max(1, y1 - y0)), "white")
        lv = self.levels[level]
        for row in range(max(0, y0 // TILE), min(lv.rows, (y1 - 1) // TILE + 1)):
            for col in range(max(0, x0 // TILE), min(lv.cols, (x1 - 1) // TILE + 1)):
                out.paste(self.read_tile(level, col, row), (col * TILE - x0, row * TILE - y0))
        return out
