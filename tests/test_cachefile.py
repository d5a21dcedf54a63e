"""The local cache files (checked maps, verified positions): read once per change, kept
across appends, cut to their newer half when too big, and never a failure."""

from __future__ import annotations

from pathlib import Path

from boardapp.core.files import cachefile


def _lines(lines: list[str]) -> list[str]:
    return list(lines)


def test_a_cache_file_reads_its_lines_appends_and_keeps_its_newer_half(tmp_path: Path):
    path = tmp_path / "cache.txt"
    assert cachefile.read(path, _lines, []) == []
    cachefile.append(path, ["a" * 10, "b" * 10], max_bytes=1000)
    assert cachefile.read(path, _lines, []) == ["a" * 10, "b" * 10]
    cachefile.append(path, ["c" * 10], max_bytes=1000, parsed=["kept"])
    assert cachefile.read(path, _lines, []) == ["kept"]  # what the writer said it holds
    for n in range(10):
        cachefile.append(path, [str(n) * 10], max_bytes=60)
    lines = cachefile.read(path, _lines, [])
    assert len(path.read_bytes()) <= 60 and lines[-1] == "9" * 10
    assert "a" * 10 not in lines


def test_an_unreadable_cache_is_empty(tmp_path: Path):
    folder = tmp_path / "folder"
    folder.mkdir()
    assert cachefile.read(folder, _lines, ["empty"]) == ["empty"]
