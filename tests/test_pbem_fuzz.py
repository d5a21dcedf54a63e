"""Property tests: random bytes, cut files and mutated JSON thrown at the game file
loader never crash it: the file opens, or a GameFileError says where it is wrong."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardapp.core.base.errors import GameFileError
from boardapp.core.files import gamefile
from boardapp.core.files.gamefile import dumps_game, loads_game_bytes, save_for_opponent
from boardapp.core.pbem.keys import PassphraseError
from tests.dbhelpers import new_game, play_act
from tests.tamperhelpers import mutate, paths
from tests.test_pbem_helpers import PASSWORDS, SIDES, Player, new_duel, pbem_setup

ROOT = Path(__file__).resolve().parent
FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, bytes]:
    """Valid files: a hot-seat game, a play-by-email game, the frozen version-1 file."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        folder = tmp_path_factory.mktemp("fuzz")
        pbem_setup(folder, monkeypatch)
        game = new_game(seed=3)
        for text in ("roll", "end", "roll"):
            game.push(text)
        play_act(game)  # an army moves in an activation with a card (Deux Bretagne 5.2)
        move = next(a for a in game.legal_actions() if a.verb == "move")
        game.push(move)
        path = new_duel(folder)
        players = {s: Player(s, folder) for s in SIDES}
        for side, turn in (("red", ["draw", "play R1", "end"]), ("blue", ["draw", "end"])):
            duel = players[side].open(path)
            for text in turn:
                duel.push(text)
            save_for_opponent(duel, path)
        yield {"hotseat": dumps_game(game).encode(), "pbem": path.read_bytes(),
               "v1": (ROOT / "data" / "game-v1.json").read_bytes()}


@pytest.fixture(autouse=True)
def _fast_and_installed(tmp_path, monkeypatch, samples):
    """The Duel ruleset installed, and each ruleset built once (the map read once)."""
    pbem_setup(tmp_path, monkeypatch)
    find = gamefile.find_ruleset
    monkeypatch.setattr(gamefile, "find_ruleset", functools.lru_cache(maxsize=8)(find))


def opens_or_says_where(data: bytes, passphrase: str | None = None) -> None:
    """The property: a game, or a GameFileError naming the file, a place and a problem."""
    try:
        loads_game_bytes(data, "fuzz.json", passphrase=passphrase)
    except GameFileError as exc:
        assert exc.file == "fuzz.json" and exc.problem
        assert str(exc).startswith("fuzz.json")
    except PassphraseError:
        assert passphrase is not None  # a mutated file may no longer know this player


def test_the_samples_open(samples):
    for data in samples.values():
        loads_game_bytes(data, "sample.json")
    loads_game_bytes(samples["pbem"], "sample.json", passphrase=PASSWORDS["red"])


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes(data):
    with pytest.raises(GameFileError):
        loads_game_bytes(data, "fuzz.json")


@FUZZ
@given(st.sampled_from(["hotseat", "pbem", "v1"]), st.data())
def test_truncated_files(samples, kind, data):
    whole = samples[kind]
    cut = data.draw(st.integers(0, len(whole) - 2))
    with pytest.raises(GameFileError):
        loads_game_bytes(whole[:cut], "fuzz.json")


@FUZZ
@given(st.sampled_from(["hotseat", "pbem"]), st.data())
def test_flipped_bytes(samples, kind, data):
    raw = bytearray(samples[kind])
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    opens_or_says_where(bytes(raw))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


@FUZZ
@given(st.sampled_from(["hotseat", "pbem", "v1"]), st.data())
def test_mutated_json(samples, kind, data):
    doc = json.loads(samples[kind])
    for _ in range(data.draw(st.integers(1, 3))):
        places = paths(doc)
        place = data.draw(st.sampled_from(places))
        how = data.draw(st.sampled_from(["replace", "delete", "nudge", "duplicate"]))
        doc = mutate(doc, place, how, data.draw(JSON))
    text = json.dumps(doc, allow_nan=True).encode()
    opens_or_says_where(text)
    if kind == "pbem":
        opens_or_says_where(text, PASSWORDS["blue"])
