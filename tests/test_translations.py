"""French and English (issue 16): the catalogues are complete where declared so, a game is
read in each reader's language whatever the language it was played in (hot-seat and by
email), and a file saved before log lines were messages shows its lines as recorded."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from boardapp.cli import main
from boardapp.core.base.i18n import (
    BOARDAPP,
    DOMAINS,
    N_,
    Msg,
    compile_po,
    listing,
    read_po,
    set_language,
)
from boardapp.core.engine.actions import LogLine
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
from boardapp.core.files.gamefile import dumps_game, load_game, loads_game, save_game
from boardapp.core.files.preferences import (
    choose_language,
    preferred_language,
    set_preferred_language,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = runpy.run_path(str(ROOT / "packaging" / "catalogues.py"))
FROZEN = ROOT / "tests" / "data" / "frozen"


def _source(domain: str):
    return next(s for s in CATALOGUES["sources"]() if s.domain == domain)


@pytest.mark.parametrize("domain", CATALOGUES["COMPLETE"])
def test_a_domain_declared_complete_has_every_string_in_french(domain):
    """Every string marked in the code is in the .po, translated, not fuzzy; the .po has
    no string the code no longer marks (``make messages`` then translate)."""
    source = _source(domain)
    wanted = {m.id if isinstance(m.id, str) else m.id[0]
              for m in CATALOGUES["extract"](source) if m.id}
    entries = {e.msgid: e for e in read_po(source.po("fr").read_text(encoding="utf-8"))
               if e.msgid}
    missing = sorted(wanted - set(entries))
    assert not missing, f"{domain}: not in the .po (run make messages): {missing[:5]}"
    untranslated = sorted(k for k in wanted if not entries[k].done)
    assert not untranslated, f"{domain}: empty or fuzzy in French: {untranslated[:5]}"
    stale = sorted(set(entries) - wanted)
    assert not stale, f"{domain}: in the .po but no longer in the code: {stale[:5]}"


def test_the_other_domains_report_their_share():
    lines = CATALOGUES["report"]()
    assert any(line.startswith("hex-demo") and "100.0%" in line for line in lines)
    assert all("fr:" in line or "not converted yet" in line for line in lines)
    assert len(lines) >= len(available_rulesets())  # every game says where it stands


def test_a_catalogue_compiled_in_memory_reads_like_the_mo():
    po = _source("hex-demo").po("fr").read_text(encoding="utf-8")
    import gettext
    import io

    tr = gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    assert tr.gettext("End move") == "Fin du mouvement"
    assert tr.gettext("not in the catalogue") == "not in the catalogue"


def test_a_message_is_its_english_text_and_draws_in_french():
    find_ruleset("hex-demo")  # imports the ruleset, which declares its domain
    words = DOMAINS["hex-demo"]
    m = words.msg("{side} ends its move", side=words.msg("Red"))
    assert m == "Red ends its move" and json.dumps(m) == '"Red ends its move"'
    assert m.render("fr") == "Rouge termine son mouvement"
    set_language("fr")
    assert str(m) == f"{m}" == "Rouge termine son mouvement"
    assert m + "!" == "Red ends its move!" and str(m + "!") == "Rouge termine son mouvement!"
    assert m.english() == "Red ends its move"
    assert str(listing([words.msg("Red"), words.msg("Blue")])) == "Rouge, Bleu"


def test_a_bad_translation_or_message_never_breaks():
    m = Msg("no-such-domain", "{a} and {b}", {"a": 1})  # a field without its argument
    assert m.render("fr") == "{a} and {b}"
    assert Msg("boardapp", "{x.__class__}", {"x": "y"}).render("fr") == "{x.__class__}"
    with pytest.raises(ValueError):
        LogLine.from_json({"m": 3})
    with pytest.raises(ValueError):
        LogLine.from_json({"d": "boardapp", "m": "x", "a": {"k": [1]}})


def test_the_language_choice_cli_env_preference_system(monkeypatch):
    monkeypatch.delenv("BOARDAPP_LANG")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert choose_language() == "fr"  # the system's
    set_preferred_language("en")
    assert preferred_language() == "en" and choose_language() == "en"  # the preference
    monkeypatch.setenv("BOARDAPP_LANG", "fr")
    assert choose_language() == "fr"  # the environment
    assert choose_language("en") == "en"  # --lang
    set_preferred_language(None)
    monkeypatch.setenv("BOARDAPP_LANG", "de")  # not spoken: the next in line
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert choose_language() == "en"


def _hex_game_played() -> Game:
    game = Game(find_ruleset("hex-demo"), "demo", seed=7)
    game.push("move red-inf-1 h3-3")
    game.push("end")
    game.push("flip blue-inf-2")
    return game


def test_a_game_played_in_french_reads_in_english_and_back(tmp_path, capsys):
    set_language("fr")
    game = _hex_game_played()
    french = [e.render() for e in game.log]
    assert "Rouge termine son mouvement [Hex demo 1]" in french[1]
    assert "(à la main)" in french[2]
    path = tmp_path / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"][1]["text"] == ["Red ends its move [Hex demo 1]"]  # reads by itself
    assert data["actions"][1]["log"][0]["m"] == "{side} ends its move"
    set_language("en")
    again = load_game(path)
    assert again.log[1].render() == "2. Red ends its move [Hex demo 1]"
    assert main(["--lang", "en", "log", str(path)]) == 0
    assert "Red ends its move" in capsys.readouterr().out
    assert main(["log", str(path), "--lang=fr"]) == 0
    out = capsys.readouterr().out
    assert "Rouge termine son mouvement" in out and "Red ends" not in out
    assert main(["--lang", "xx", "log", str(path)]) == 1


def test_a_checkpointed_game_shows_its_messages_in_the_readers_language(tmp_path):
    """A long game reopened at its checkpoints takes the lines from the file: its
    messages are drawn in the reader's language too."""
    game = Game(find_ruleset("hex-demo"), "demo", seed=7)
    for _ in range(1030):
        game.push("roll d6")
    path = tmp_path / "long.json"
    save_game(game, path)
    opened = load_game(path)
    assert opened.from_checkpoint
    assert opened.log[0].lines[0].msg is not None
    assert opened.log[0].render("fr").startswith("1. Rouge lance d6")


def test_a_game_by_email_between_a_french_and_an_english_player(tmp_path, monkeypatch):
    """Alice plays Red in French, Bob Blue in English: one file, each reads the other's
    moves in their own language, and the file (signed) is the same whoever wrote it."""
    from boardapp.core.files.gamefile import save_for_opponent
    from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
    from tests.test_pbem_helpers import pbem_setup

    pbem_setup(tmp_path, monkeypatch)
    words = {"red": "alice's passphrase", "blue": "bob's passphrase"}
    path = tmp_path / "duel.json"
    set_language("fr")  # Alice
    game = new_pbem_game(find_ruleset("hex-demo"), "demo", {"red": "Alice", "blue": "Bob"},
                         "red", words["red"])
    save_game(game, path)
    set_language("en")  # Bob joins
    joined = load_game(path)
    join_pbem(joined, "blue", words["blue"])
    save_game(joined, path)
    set_language("fr")  # Alice moves and sends
    game = load_game(path, passphrase=words["red"])
    game.play("move red-inf-1 h3-3")
    game.play("end")
    assert "Rouge termine son mouvement" in game.log[-1].render()
    save_for_opponent(game, path)
    set_language("en")  # Bob reads in English, answers, sends
    game = load_game(path, passphrase=words["blue"])
    assert game.log[-1].render() == "2. Red ends its move [Hex demo 1]"
    game.play("end")
    save_for_opponent(game, path)
    text = path.read_text(encoding="utf-8")
    assert "Rouge" not in text and "Red ends its move" in text
    set_language("fr")  # Alice reads Bob's move in French
    game = load_game(path, passphrase=words["red"])
    assert game.log[-1].render() == "3. Le tour 2 commence [Hex demo 1]"
    assert game.pbem.proofs[-1].log[0]["m"] == "Turn {turn} begins"
    set_language("en")
    assert load_game(path).log[1].render() == "2. Red ends its move [Hex demo 1]"


def test_an_old_file_shows_its_lines_as_recorded():
    """A file saved before log lines were messages: its text lines are kept as they are
    (a table's lines, a play-by-email record's), drawn the same in every language."""
    line = LogLine.from_json("Knights retreat to Rennes [9.5]")
    assert (line.text, line.rule, line.msg) == ("Knights retreat to Rennes", "9.5", None)
    assert line.render("fr") == line.render("en") == "Knights retreat to Rennes [9.5]"
    entry = min((e for e in json.loads((FROZEN / "manifest.json").read_text())["files"]
                 if e["mode"] == "pbem"), key=lambda e: e["bytes"])
    data = json.loads((FROZEN / entry["file"]).read_text(encoding="utf-8"))
    assert all("log" not in item for item in data["actions"])
    set_language("fr")
    game = loads_game((FROZEN / entry["file"]).read_text(encoding="utf-8"))
    recorded = [t for item in data["actions"] for t in item["text"]]
    proofs = [t for p in game.pbem.proofs for t in p.text]
    assert proofs == recorded  # what the file recorded is what it keeps
    assert dumps_game(game).count('"log"') == 0  # and saved again, still text only


def test_the_core_words_are_french():
    set_language("fr")
    assert BOARDAPP.gettext(" (by hand)") == " (à la main)"
    assert str(N_("{pieces} eliminated", pieces="Bob")) == "Bob éliminé(s)"


def _random_game_file(ruleset_id: str, lang: str, actions: int = 120) -> str:
    """A game of random legal actions played with the program speaking ``lang``: its
    file text (what the program wrote, each of its states digested in it)."""
    import random

    from tests.contracthelpers import taker

    set_language(lang)
    game = Game(find_ruleset(ruleset_id), None, seed=11)
    chooser = random.Random(5)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        action = chooser.choice(legal)
        game.play(action, side=taker(game.ruleset, game.state, action))
    game.fulfil()
    return dumps_game(game)


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_the_language_a_game_is_played_in_changes_nothing_in_its_file(ruleset_id):
    """States, digests, the text and the messages a file records are the same whatever the
    language of the program that played it (no French leaks into a file), for every game,
    translated or not yet."""
    english = _random_game_file(ruleset_id, "en")
    french = _random_game_file(ruleset_id, "fr")
    assert french == english
    data = json.loads(english)
    assert any("log" in item for item in data["actions"])
