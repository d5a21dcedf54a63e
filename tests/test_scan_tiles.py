"""Scan tile pyramids: bands read without decoding the whole scan, every level of
tiles, a cache reused while the file is unchanged, and clear refusals."""

from __future__ import annotations

import os

import numpy as np
import pytest
from PIL import Image

from boardapp.core.scan import tiles
from boardapp.core.scan.tiles import (
    TILE,
    ScanError,
    ScanPyramid,
    iter_bands,
    level_sizes,
    open_scan,
    scan_limits,
)


@pytest.fixture(scope="module")
def picture() -> Image.Image:
    """A 1300 x 1100 test card: gradients and a fine checkerboard (every pixel counts)."""
    h, w = 1100, 1300
    y, x = np.mgrid[0:h, 0:w]
    rgb = np.stack([x * 255 // w, y * 255 // h, ((x // 7 + y // 7) % 2) * 200], axis=-1)
    return Image.fromarray(rgb.astype(np.uint8))


@pytest.mark.parametrize("name, mode, options", [
    ("rgb.png", "RGB", {}), ("grey.png", "L", {}), ("rgba.png", "RGBA", {}),
    ("palette.png", "P", {}), ("raw.tif", "RGB", {}), ("lzw.tif", "RGB",
                                                        {"compression": "tiff_lzw"}),
    ("photo.jpg", "RGB", {"quality": 95}),
])
def test_bands_cover_the_scan_exactly(tmp_path, picture, name, mode, options):
    source = picture.convert(mode)
    path = tmp_path / name
    source.save(path, **options)
    reference = np.asarray(Image.open(path).convert("RGBA" if mode == "RGBA" else mode))
    rows = 0
    for top, band in iter_bands(path, band=256):
        assert top == rows and band.width == picture.width and band.height <= 256
        got = np.asarray(band.convert("RGBA" if mode == "RGBA" else mode))
        assert np.array_equal(got, reference[top:top + band.height])
        rows += band.height
    assert rows == picture.height


def test_streamed_png_bands_are_small(tmp_path, picture, monkeypatch):
    """An 8-bit PNG is never decoded whole: Pillow only ever sees one band."""
    path = tmp_path / "scan.png"
    picture.save(path)
    seen = []
    real_open = Image.open

    def spy(fp, *a, **k):
        im = real_open(fp, *a, **k)
        seen.append(im.size)
        return im

    monkeypatch.setattr(Image, "open", spy)
    list(iter_bands(path, band=256))
    decoded = [s for s in seen if s != picture.size]
    assert decoded and max(h for _, h in decoded) <= 257  # a band and the row above it


def test_the_pyramid_has_every_level_and_matches_the_scan(tmp_path, picture):
    path = tmp_path / "scan.png"
    picture.save(path)
    progress = []
    pyramid = ScanPyramid(path, tmp_path / "cache")
    assert not pyramid.is_built
    pyramid.build(progress.append)
    assert pyramid.is_built and progress[-1] == 1.0 and progress == sorted(progress)
    levels = pyramid.levels
    assert [(lv.width, lv.height) for lv in levels] == [(1300, 1100), (650, 550), (325, 275)]
    assert levels == level_sizes(1300, 1100)
    for lv in levels:
        assert len(list((pyramid.folder / str(lv.index)).glob("*.jpg"))) == lv.cols * lv.rows
    assert pyramid.read_tile(0, 2, 2).size == (1300 - 2 * TILE, 1100 - 2 * TILE)
    full = np.asarray(pyramid.read_region(0, (0, 0, 1300, 1100)), dtype=float)
    assert np.abs(full - np.asarray(picture, dtype=float)).mean() < 6  # JPEG tiles
    half = np.asarray(pyramid.read_region(1, (0, 0, 650, 550)), dtype=float)
    expected = np.asarray(picture.reduce(2), dtype=float)
    assert np.abs(half - expected).mean() < 6
    assert pyramid.level_for(1.0) == 0 and pyramid.level_for(0.5) == 1
    assert pyramid.level_for(0.3) == 1 and pyramid.level_for(0.01) == 2


def test_the_cache_is_reused_until_the_scan_changes(tmp_path, picture, monkeypatch):
    path = tmp_path / "scan.png"
    picture.save(path)
    cache = tmp_path / "cache"
    first = ScanPyramid(path, cache).ensure()

    def no_build(self, progress=None):
        raise AssertionError("built again")

    with monkeypatch.context() as m:
        m.setattr(ScanPyramid, "build", no_build)
        again = ScanPyramid(path, cache).ensure()
    assert again.is_built and again.folder == first.folder
    stamp = os.stat(path)
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10_000_000))
    changed = ScanPyramid(path, cache)
    assert not changed.is_built
    changed.ensure()
    assert changed.is_built and not first.folder.exists()  # the stale cache is gone
    assert [p.name for p in cache.iterdir()] == [changed.folder.name]


def test_a_cancelled_build_leaves_nothing(tmp_path, picture):
    path = tmp_path / "scan.png"
    picture.save(path)
    pyramid = ScanPyramid(path, tmp_path / "cache")
    with pytest.raises(ScanError, match="cancelled"):
        pyramid.build(lambda fraction: False)
    assert not pyramid.is_built and list((tmp_path / "cache").iterdir()) == []


def test_bad_scans_are_refused_clearly(tmp_path, monkeypatch):
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(ScanError, match="PNG, JPEG or TIFF"):
        open_scan(text)
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"not a png at all")
    with pytest.raises(ScanError, match="not an image"):
        open_scan(fake)
    with pytest.raises(ScanError, match="no such file"):
        open_scan(tmp_path / "missing.png")
    big = tmp_path / "big.png"
    Image.new("L", (300, 200)).save(big)
    monkeypatch.setattr(tiles, "SCAN_MAX_PIXELS", 50_000)
    with pytest.raises(ScanError, match="larger than"):
        open_scan(big)
    truncated = tmp_path / "cut.png"
    data = (tmp_path / "big.png").read_bytes()
    truncated.write_bytes(data[: len(data) // 2])
    monkeypatch.setattr(tiles, "SCAN_MAX_PIXELS", 1_000_000)
    with pytest.raises(ScanError):
        ScanPyramid(truncated, tmp_path / "cache").build()
    # Pillow's guard is raised only while a scan is read
    before = Image.MAX_IMAGE_PIXELS
    with scan_limits():
        assert Image.MAX_IMAGE_PIXELS == tiles.SCAN_MAX_PIXELS
    assert Image.MAX_IMAGE_PIXELS == before
