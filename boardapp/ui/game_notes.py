"""Our own notes on each game, shipped beside its ruleset: ``guide.yaml`` (players,
scenario lengths, phase names, a quick guide) and ``sections.yaml`` (what each rule
section covers, in our words). A missing or broken file gives empty notes and says why;
it never stops the board. The files are English; their texts are shown in the player's
language through the ruleset's own catalogue (:func:`data_text`; ``make messages``
extracts them, see ``packaging/catalogues.py``).
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from boardapp.core.base.errors import BoardappError
from boardapp.core.base.i18n import Domain, language
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.ruleset import Ruleset

from .i18n import _, ngettext


@dataclass(frozen=True)
class GameNotes:
    """What ``guide.yaml`` and ``sections.yaml`` of one ruleset say."""

    players: str = ""
    lengths: dict[str, str] = field(default_factory=dict)
    phases: dict[str, str] = field(default_factory=dict)
    guide: str = ""
    sections: dict[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()


def ruleset_folder(ruleset: Ruleset | type[Ruleset]) -> Path:
    """The folder of the ruleset's package (where its notes live)."""
    cls = ruleset if isinstance(ruleset, type) else type(ruleset)
    return Path(inspect.getfile(cls)).parent


def _read(path: Path, problems: list[str]) -> dict:
    if not path.exists():
        return {}
    try:
        data = load_yaml_file(path)
    except BoardappError as exc:
        problems.append(str(exc))
        return {}
    if not isinstance(data, dict):
        problems.append(_("{file}: expected a mapping at the top").format(file=path))
        return {}
    return data


def _texts(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v) for k, v in value.items() if isinstance(v, str | int | float)}


@lru_cache(maxsize=32)
def _notes_of(folder: Path) -> GameNotes:
    problems: list[str] = []
    guide = _read(folder / "guide.yaml", problems)
    sections = _read(folder / "sections.yaml", problems)
    lengths = {}
    scenarios = guide.get("scenarios")
    if isinstance(scenarios, dict):
        for sid, info in scenarios.items():
            if isinstance(info, dict) and isinstance(info.get("length"), str):
                lengths[str(sid)] = info["length"]
    return GameNotes(players=str(guide.get("players", "")), lengths=lengths,
                     phases=_texts(guide.get("phases")),
                     guide=str(guide.get("guide", "") or ""),
                     sections=_texts(sections), problems=tuple(problems))


def data_text(ruleset: Ruleset | type[Ruleset], text: str) -> str:
    """``text`` of one of the ruleset's data files in the language now, by the ruleset's
    catalogue (as written where the game has none or the catalogue lacks it)."""
    words = getattr(ruleset, "words", None)
    return words.gettext(text) if words is not None and text else text


def place_text(ruleset: Ruleset, place: str) -> str:
    """The name of ``place`` as the player reads it: a box's (a word of the map file:
    "Eliminated", "English prison") in the language now, by the ruleset's catalogue; an
    area's, a proper name, as printed."""
    name = ruleset.place_name(place)
    return data_text(ruleset, name) if place in ruleset.map_of(place).boxes else name


@lru_cache(maxsize=32)
def _translated(folder: Path, words: Domain | None, lang: str) -> GameNotes:
    notes = _notes_of(folder)
    if words is None or lang == "en":
        return notes

    def tr(text: str) -> str:
        return words.gettext(text, lang) if text else text

    return replace(notes, players=tr(notes.players),
                   lengths={k: tr(v) for k, v in notes.lengths.items()},
                   phases={k: tr(v) for k, v in notes.phases.items()}, guide=tr(notes.guide),
                   sections={k: tr(v) for k, v in notes.sections.items()})


def notes_for(ruleset: Ruleset | type[Ruleset]) -> GameNotes:
    """The notes of ``ruleset`` in the language now (empty ones when it ships none)."""
    return _translated(ruleset_folder(ruleset), getattr(ruleset, "words", None), language())


def phase_name(ruleset: Ruleset, phase: str | None) -> str:
    """The running phase in words ("" when the game has no phases)."""
    if not phase:
        return ""
    return notes_for(ruleset).phases.get(phase) or phase.replace("-", " ").capitalize()


def cited_sections(ruleset: Ruleset, line: str) -> list[str]:
    """The rule sections a log line cites ("Some Game 8.21, 8.23" -> 8.21, 8.23), in
    brackets as the log shows them ("... [Some Game 8.21]") or in parentheses."""
    name = ruleset.rules_name
    found: list[str] = []
    for match in re.finditer(rf"{re.escape(name)}\s+([^;)\]]*)", line) if name else ():
        for part in re.split(r",\s*|\s+(?:and|et)\s+", match.group(1)):
            part = part.strip()
            if part.count("(") > part.count(")"):  # "Phase Three (Siege)": its own ")"
                part += ")"
            if part and part not in found:
                found.append(part)
    return found


def section_note(ruleset: Ruleset, section: str) -> tuple[str, str]:
    """(the section a note is about, the note) for ``section`` cited in the log: the
    most precise section with a note (8.21 -> 8.2 -> 8); ("", reason) if none."""
    notes = notes_for(ruleset).sections
    key = section.strip()
    named = re.match(r"((?:Phase \w+)|(?:New Turn))", key)
    candidates = [key]
    if named:
        candidates.append(named.group(1))
    number = re.match(r"\d+(?:\.\d+)*", key)
    if number:
        parts = number.group(0).split(".")
        while parts:
            candidates.append(".".join(parts))
            if len(parts) == 2 and len(parts[1]) > 1:  # 8.21 -> 8.2
                candidates.append(f"{parts[0]}.{parts[1][0]}")
            if len(parts) == 1 and key != parts[0]:
                candidates.append(f"{parts[0]}.0")
            parts = parts[:-1]
    for candidate in candidates:
        if candidate in notes:
            return candidate, notes[candidate]
    return "", ngettext("No note yet on {rules} {section}: our notes cover {count} section "
                        "of this game.",
                        "No note yet on {rules} {section}: our notes cover {count} sections "
                        "of this game.", len(notes)).format(
                            rules=ruleset.rules_name, section=key, count=len(notes))
