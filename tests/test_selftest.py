"""``boardapp selftest``: what the bundle's smoke test runs, checked here in-process."""

from __future__ import annotations

from pathlib import Path

from boardapp.core.engine.ruleset import available_rulesets
from boardapp.ui import selftest


def test_selftest_opens_plays_saves_and_reopens_every_game(qapp) -> None:
    lines: list[str] = []
    assert selftest.run(out=lines.append) == 0
    checked = {line.split()[1].rstrip(":") for line in lines if line.startswith("ok ")}
    assert checked == set(available_rulesets())
    assert lines[-1] == f"{len(checked)} of {len(checked)} game(s) work"
    assert all("saved, reopened" in line for line in lines[:-1])


def test_selftest_reports_a_broken_game_and_fails(qapp, monkeypatch) -> None:
    def broken(rid: str, folder: Path) -> str:
        raise AssertionError(f"{rid}: the reopened game is not at the saved position")

    monkeypatch.setattr(selftest, "check_ruleset", broken)
    lines: list[str] = []
    assert selftest.run(["hex-demo"], out=lines.append) == 1
    assert lines[0].startswith("FAIL hex-demo: AssertionError")
    assert lines[-1] == "0 of 1 game(s) work"


def test_selftest_of_an_unknown_ruleset_fails(qapp) -> None:
    lines: list[str] = []
    assert selftest.run(["no-such-game"], out=lines.append) == 1
    assert lines[0].startswith("FAIL no-such-game")


def test_selftest_command(qapp, capsys) -> None:
    from boardapp.cli import main

    assert main(["selftest", "hex-demo"]) == 0
    assert "ok   hex-demo" in capsys.readouterr().out
