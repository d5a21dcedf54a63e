"""The translation catalogues: extract the marked strings, update the ``.po`` files,
compile the ``.mo`` files, report the share translated (Babel; see the README,
"Translations").

    python packaging/catalogues.py extract   # make messages: update every .po from the code
    python packaging/catalogues.py compile   # make catalogues: .po -> .mo (not committed)
    python packaging/catalogues.py share     # the share of strings translated, per domain

Domains: ``boardapp`` (``boardapp/*.py`` and ``boardapp/core``), ``ui`` (``boardapp/ui``)
and one per ruleset that has a ``words.py`` (``Domain.beside("<id>", __file__)``), each
with its catalogues in its own ``locale/`` folder.

A ruleset's domain also holds the texts of its data files a player reads (the guide, the
notes on rule sections, card notes, table results...): :data:`YAML_TEXTS` lists, per
file, the keys whose values are shown, extracted by :func:`extract_yaml` (a Babel
extraction method); the code shows them through the ruleset's domain
(``WORDS.gettext(text)``), so the files stay as they are. The map files
(``maps/*.yaml``) put words on the board too (box and track names, scenery names):
each belongs to the domain of the ruleset that names it (its ``map_file``, a board, a
scenario's table), and :data:`MAP_TEXTS` lists the keys extracted from it.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr",)
"""The languages besides English (the msgids are English)."""
KEYWORDS = {"_": None, "N_": None, "NP_": (1, 2), "ngettext": (1, 2)}
"""The marking functions: ``_(text)``, ``N_(text, **args)``, ``NP_(one, many, n)``."""
COMPLETE = ("boardapp", "ui", "hex-demo", "table-demo", "lion-in-winter", "deux-bretagne",
            "lily-ermine", "montjoie", "guet-apens")
"""The domains declared complete in French: a missing, fuzzy or stale string fails the
tests (``tests/test_translations.py``); the others report their share."""
YAML_TEXTS: dict[str, tuple[str, ...]] = {
    "*/guide.yaml": ("players", "scenarios.*.length", "phases.*", "guide"),
    "*/sections.yaml": ("*",),
    "deux_bretagne/data/cards.yaml": ("*.name", "*.rules"),
    "deux_bretagne/data/tables.yaml": ("*.rows.*.text", "recruitment_table.columns.*"),
    "deux_bretagne/data/scenarios.yaml": ("*.name", "*.description"),
    "deux_bretagne/data/counters.yaml": ("unit_classes.*.name", "leaders.*.source"),
    "lily_ermine/data/tactical.yaml": ("markers.*.name",),
    "lily_ermine/data/counters.yaml": ("unit_types.*.source", "commanders.*.source"),
    "lily_ermine/data/tables.yaml": ("*.name", "fatigue.modifiers.*.label",
                                     "fatigue.modifiers.*.source",
                                     "reinforcements.contingents.*.name"),
    "lion_in_winter/data/charts.yaml": ("charts.*.name",),
    "lion_in_winter/data/troops.yaml": ("troops.*.name",),
    "lion_in_winter/data/mercenaries.yaml": ("bands.*.name",),
    "lion_in_winter/data/setup.yaml": ("scenarios.*.name", "scenarios.*.description"),
    "guet_apens/data/readings.yaml": ("*.question",),
    "guet_apens/scenarios/scenarios.yaml": ("*.name", "*.objective", "*.setup"),
    "guet_apens/data/not_printed.yaml": ("*.question", "*.note"),
    "montjoie/data/gamedata.yaml": ("ambiguities.*.title", "ambiguities.*.readings",
                                    "options.*.title"),
}
"""The data files' texts a player reads: file (a pattern under ``rulesets/``) -> the keys
whose text values are shown (dotted paths from the top; ``*`` is any key or list item).
Proper names (people, places) and rule citations are left out: they stay as printed."""
MAP_TEXTS: tuple[str, ...] = ("boxes.*.name", "tracks.*.name", "tracks.*.cells.*.label",
                              "scenery.*.name")
"""The words a map or table file (``maps/*.yaml``) puts on the board: box, track and
scenery names and the labels of track cells. Area, region and sea names are proper names
(they stay as printed), and a text without a letter (a number, a year) is left out."""
MAPS = ROOT / "maps"
_DOMAIN = re.compile(r"""Domain\.beside\(\s*["']([^"']+)["']""")


@dataclass(frozen=True)
class Source:
    """One domain: its name, the folders its strings are extracted from, its locale/."""

    domain: str
    roots: tuple[Path, ...]
    localedir: Path
    skip: tuple[Path, ...] = ()

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.domain}.po"

    def files(self) -> Iterator[Path]:
        for root in self.roots:
            found = [root] if root.is_file() else sorted(root.rglob("*.py"))
            for path in found:
                if not any(path.is_relative_to(s) for s in self.skip):
                    yield path

    def data_files(self) -> Iterator[tuple[Path, tuple[str, ...]]]:
        """The data files of this domain with texts a player reads, and their keys."""
        games = ROOT / "rulesets"
        for root in self.roots:
            if not root.is_dir() or not root.is_relative_to(games):
                continue
            for path in sorted(root.rglob("*.yaml")):
                keys = yaml_keys(path.relative_to(games).as_posix())
                if keys and not any(path.is_relative_to(s) for s in self.skip):
                    yield path, keys
            for path in map_files(root):
                yield path, MAP_TEXTS


def map_files(game: Path) -> list[Path]:
    """The map and table files (``maps/*.yaml``) the ruleset in folder ``game`` names in
    its code or data (``map_file``, ``boards``, a scenario's ``table``)."""
    texts = [p.read_text(encoding="utf-8") for ext in ("*.py", "*.yaml")
             for p in sorted(game.rglob(ext))]
    return [m for m in sorted(MAPS.glob("*.yaml"))
            if any(re.search(rf"(?<![\w.-]){re.escape(m.name)}", t) for t in texts)]


def yaml_keys(name: str) -> tuple[str, ...]:
    """The keys of :data:`YAML_TEXTS` for the file ``name`` (under ``rulesets/``)."""
    from fnmatch import fnmatchcase

    return tuple(k for pattern, keys in YAML_TEXTS.items() if fnmatchcase(name, pattern)
                 for k in keys)


def extract_yaml(fileobj, keywords, comment_tags, options):  # noqa: ARG001 (Babel's API)
    """A Babel extraction method for YAML data files: yields ``(line, None, text,
    [key path])`` for every text value at one of ``options["keys"]`` (dotted paths,
    ``*`` any key or list item, several separated by spaces); a text without a letter (a
    number, a year: "1341", "1345-48") is not a word to translate."""
    import yaml

    keys = options.get("keys", ())
    patterns = [k.split(".") for k in (keys.split() if isinstance(keys, str) else keys)]
    text = fileobj.read()
    root = yaml.compose(text.decode("utf-8") if isinstance(text, bytes) else text,
                        Loader=yaml.SafeLoader)

    def matches(path: list[str]) -> bool:
        return any(len(p) == len(path) and all(a in ("*", b) for a, b in zip(p, path, strict=True))
                   for p in patterns)

    def walk(node, path: list[str]):
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                yield from walk(value, [*path, str(key.value)])
        elif isinstance(node, yaml.SequenceNode):
            for i, value in enumerate(node.value):
                yield from walk(value, [*path, str(i)])
        elif (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str"
              and any(c.isalpha() for c in node.value) and matches(path)):
            yield node.start_mark.line + 1, None, node.value, [".".join(path)]

    if root is not None:
        yield from walk(root, [])


def sources() -> list[Source]:
    """Every domain of the repository."""
    app = ROOT / "boardapp"
    out = [Source("boardapp", (*sorted(app.glob("*.py")), app / "core"), app / "locale"),
           Source("ui", (app / "ui",), app / "locale")]
    games = ROOT / "rulesets"
    for words in sorted([*games.glob("*/words.py"), *games.glob("*/model/words.py")]):
        found = _DOMAIN.search(words.read_text(encoding="utf-8"))
        if found:  # a game whose model imports only the model keeps its words there
            game = games / words.relative_to(games).parts[0]
            out.append(Source(found.group(1), (game,), game / "locale"))
    return out


def extract(source: Source):  # -> babel Catalog
    """The template of ``source``: every marked string of its files."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(domain=source.domain, project="boardapp", charset="utf-8")
    for path in source.files():
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, None, [(str(path.relative_to(ROOT)), lineno)],
                        auto_comments=comments, context=context)
    for path, keys in source.data_files():
        for lineno, message, comments, context in extract_from_file(
                extract_yaml, str(path), keywords=KEYWORDS, options={"keys": keys}):
            catalog.add(message, None, [(str(path.relative_to(ROOT)), lineno)],
                        auto_comments=comments, context=context)
    return catalog


def update(source: Source, lang: str) -> Path:
    """Bring ``source``'s ``.po`` for ``lang`` up to date with the code (new strings
    untranslated, changed ones fuzzy, gone ones dropped)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = extract(source)
    po = source.po(lang)
    if not po.exists() and not len(template):
        return po  # nothing marked yet: no catalogue
    if po.exists():
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=source.domain)
    else:
        catalog = Catalog(locale=lang, domain=source.domain, project="boardapp",
                          charset="utf-8")
    catalog.update(template)
    catalog.obsolete.clear()
    po.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    text = buffer.getvalue()
    if not po.exists() or _undated(po.read_bytes()) != _undated(text):
        po.write_bytes(text)  # when only the date would change, the file is left as it is
    return po


def _undated(text: bytes) -> bytes:
    """A catalogue's text without its POT-Creation-Date line."""
    return re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", text)


def compile_all() -> list[Path]:
    """Every ``.po`` compiled into its ``.mo`` (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    done = []
    for source in sources():
        for lang in LANGS:
            po = source.po(lang)
            if not po.exists():
                continue
            with po.open("rb") as fp:
                catalog = read_po(fp, locale=lang, domain=source.domain)
            with po.with_suffix(".mo").open("wb") as fp:
                write_mo(fp, catalog)
            done.append(po.with_suffix(".mo"))
    return done


def share(source: Source, lang: str) -> tuple[int, int]:
    """(translated, total) of ``source``'s strings in ``lang``, against the code."""
    from babel.messages.pofile import read_po

    wanted = {m.id for m in extract(source) if m.id}
    po = source.po(lang)
    if not po.exists():
        return 0, len(wanted)
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    done = 0
    for message in catalog:
        if message.id in wanted and not message.fuzzy and message.string and (
                all(message.string) if isinstance(message.string, tuple) else True):
            done += 1
    return done, len(wanted)


_PLAIN_LOG = re.compile(r"ctx\.log\(\s*f?[\"']")
"""A log line written as plain text (not a message): it stays English."""


def plain_logs(folder: Path) -> int:
    """How many log lines of ``folder``'s code are still plain text."""
    return sum(len(_PLAIN_LOG.findall(p.read_text(encoding="utf-8")))
               for p in folder.rglob("*.py"))


def report() -> list[str]:
    """The share of strings translated per domain, and the games not converted yet."""
    lines = []
    for source in sources():
        for lang in LANGS:
            done, total = share(source, lang)
            pct = 100 * done / total if total else 100.0
            mark = " (declared complete)" if source.domain in COMPLETE else ""
            left = sum(plain_logs(r) for r in source.roots if r.is_dir())
            more = f"; {left} log lines still plain text" if left else ""
            lines.append(f"{source.domain:16} {lang}: {done:5}/{total:<5} {pct:5.1f}%{mark}{more}")
    converted = {s.roots[0] for s in sources()}
    for folder in sorted((ROOT / "rulesets").iterdir()):
        if (folder / "__init__.py").exists() and folder not in converted:
            lines.append(f"{folder.name:16} not converted yet ({plain_logs(folder)} log lines "
                         "as plain text, shown in English)")
    return lines


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "share"
    if command == "extract":
        for source in sources():
            for lang in LANGS:
                po = update(source, lang)
                if po.exists():
                    print(f"updated {po.relative_to(ROOT)}")
        print("\n".join(report()))
    elif command == "compile":
        done = compile_all()
        print(f"compiled {len(done)} catalogues")
    elif command == "share":
        print("\n".join(report()))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
