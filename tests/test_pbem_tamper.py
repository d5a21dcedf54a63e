"""Tampering with a play-by-email file: each edit is detected, and the error names the
first bad step (``actions[i] (action n)`` or the send that closes it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardapp.core.base.errors import GameFileError
from boardapp.core.files.gamefile import load_game, loads_game, save_for_opponent, save_game
from tests.tamperhelpers import edit
from tests.test_pbem_helpers import PASSWORDS, SIDES, Player, new_duel, pbem_setup


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)

TURNS = {  # four sends; actions 1-4, 5-8, 9-11, 12-14
    "red": [["roll", "draw", "play R1", "end"], ["draw", "PLAY", "end"]],
    "blue": [["draw", "draw", "roll", "end"], ["PLAY", "roll", "end"]],
}


@pytest.fixture
def duel(pbem_env):
    """The file after each of four sends (texts[0] is before the first action)."""
    path = new_duel(pbem_env)
    players = {s: Player(s, pbem_env) for s in SIDES}
    texts = [path.read_text(encoding="utf-8")]
    for turn in range(2):
        for side in SIDES:
            game = players[side].open(path)
            for text in TURNS[side][turn]:
                if text == "PLAY":
                    text = "play " + game.state["vars"]["hands"][side][0]
                game.push(text)
            save_for_opponent(game, path)
            texts.append(path.read_text(encoding="utf-8"))
    return path, players, texts


VIEWERS = [None, "red", "blue"]


def open_as(text: str, viewer: str | None, **kwargs):
    passphrase = PASSWORDS[viewer] if viewer else None
    return loads_game(text, "duel.json", passphrase=passphrase, side=viewer, **kwargs)


def refused(text: str, viewer: str | None, **kwargs) -> GameFileError:
    with pytest.raises(GameFileError) as info:
        open_as(text, viewer, **kwargs)
    assert info.value.file == "duel.json"
    return info.value


def step(n: int) -> str:
    return f"actions[{n - 1}] (action {n})"


def test_the_untouched_file_opens_for_everyone(duel):
    _, _, texts = duel
    for viewer in VIEWERS:
        game = open_as(texts[-1], viewer)
        assert len(game.log) == 14 and len(game.sends) == 4


@pytest.mark.parametrize("viewer", VIEWERS)
def test_edited_die_result(duel, viewer):
    text = duel[2][-1]
    data = json.loads(text)
    rolled = data["actions"][0]["dice"][0]  # 1. red rolls d6 (a public action)
    bad = refused(edit(text, lambda d: d["actions"][0].update(dice=[rolled % 6 + 1])), viewer)
    assert bad.place == step(1) and "dice recorded" in bad.problem
    played = data["actions"][2]["dice"][0]  # 3. red plays R1 (uses red's hidden hand)
    bad = refused(edit(text, lambda d: d["actions"][2].update(dice=[played % 6 + 1])), viewer)
    assert bad.place == step(3) and "die" in bad.problem and "edited" in bad.problem


@pytest.mark.parametrize("viewer", VIEWERS)
def test_edited_earlier_action(duel, viewer):
    text = duel[2][-1]
    bad = refused(edit(text, lambda d: d["actions"][4].update(action="roll")), viewer)
    assert bad.place == step(5)
    bad = refused(edit(text, lambda d: d["actions"][0].update(action="roll d8")), viewer)
    assert bad.place == step(1)
    bad = refused(edit(text, lambda d: d["actions"][7]["text"].append("Blue wins")), viewer)
    assert bad.place == step(8) and "changed after it was sent" in bad.problem


@pytest.mark.parametrize("viewer", VIEWERS)
def test_swapped_seed(duel, viewer):
    text = duel[2][-1]
    old = json.loads(text)["sends"][0]["reveal"]
    bad = refused(edit(text, lambda d: d["sends"][2].update(reveal=old)), viewer)
    assert bad.place == step(9) and "dice seed" in bad.problem and "swapped" in bad.problem
    other = "ab" * 32
    bad = refused(edit(text, lambda d: d["pbem"]["players"][1].update(anchor=other)), viewer)
    if viewer == "blue":  # blue's own key no longer matches the header
        assert bad.place == "pbem.players[1]" and "header was edited" in bad.problem
    else:
        assert bad.place == step(1) and "header was edited" in bad.problem


def test_turn_replayed_from_an_older_file_with_other_dice(duel):
    path, players, texts = duel
    red, blue = players["red"], players["blue"]
    red.open(path)  # red received blue's send 4 (actions 12-14) and remembers it
    # Blue goes back to the file he had received (send 3) and plays his turn again.
    path.write_text(texts[3], encoding="utf-8")
    game = blue.open(path)
    game.push("roll")
    game.push("end")
    save_for_opponent(game, path)
    with pytest.raises(GameFileError) as info:
        red.open(path)
    assert info.value.place == step(12)
    assert "already sent a different action 12" in info.value.problem
    # Blue's own program counted the retry; the file says so to anyone.
    assert game.sends[-1].retries == 1
    # Or blue keeps his actions but edits the dice he did not like.
    data = json.loads(texts[-1])
    die = data["actions"][12]["dice"][0]  # 13. blue rolls d6
    data["actions"][12]["dice"] = [die % 6 + 1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        red.open(path)
    assert info.value.place == step(13) and "dice recorded" in info.value.problem


@pytest.mark.parametrize("viewer", VIEWERS)
def test_removed_action(duel, viewer):
    text = duel[2][-1]
    bad = refused(edit(text, lambda d: d["actions"].pop(5)), viewer)
    assert bad.place == step(6) and "removed" in bad.problem

    def pop_and_renumber(d):
        d["actions"].pop(5)
        for i, item in enumerate(d["actions"]):
            item["n"] = i + 1
    bad = refused(edit(text, pop_and_renumber), viewer)
    assert bad.place.startswith("sends[") or bad.place == step(6)
    bad = refused(edit(text, lambda d: d.update(actions=d["actions"][:11])), viewer)
    assert bad.place == "sends[3].upto" and "from 12 on were removed" in bad.problem


def test_truncated_file(duel, tmp_path):
    text = duel[2][-1]
    for cut in (10, len(text) // 3, len(text) // 2, len(text) - 3):
        path = tmp_path / "cut.json"
        path.write_text(text[:cut], encoding="utf-8")
        with pytest.raises(GameFileError) as info:
            load_game(path)
        assert info.value.place.startswith("line ") and str(path) in str(info.value)


def test_edited_sealed_hand_and_signature(duel):
    text = duel[2][-1]
    data = json.loads(text)
    sealed = data["actions"][1]["sealed"]  # 2. red draws: red's new hand, sealed
    other = json.loads(duel[2][-1])["actions"][9]["sealed"]
    swapped = edit(text, lambda d: d["actions"][1].update(sealed=other))
    bad = refused(swapped, "red")
    assert bad.place == step(2) and "does not open" in bad.problem
    for viewer in (None, "blue"):
        bad = refused(swapped, viewer)
        assert bad.place == step(2) and "changed after it was sent" in bad.problem
    assert sealed != other
    sig = data["sends"][1]["sig"]
    forged = sig[:-2] + ("00" if sig[-2:] != "00" else "11")
    bad = refused(edit(text, lambda d: d["sends"][1].update(sig=forged)), None)
    assert bad.place == "sends[1] (actions 5-8)" and "signature" in bad.problem


def test_actions_not_yet_sent_are_checked_by_their_player(duel):
    path, players, _ = duel
    game = players["red"].open(path)
    game.push("roll")
    save_game(game, path)  # saved, not sent
    data = json.loads(path.read_text(encoding="utf-8"))
    die = data["actions"][14]["dice"][0]
    data["actions"][14]["dice"] = [die % 6 + 1]
    bad = refused(json.dumps(data), "red")
    assert bad.place == step(15) and "dice recorded" in bad.problem
    public = open_as(json.dumps(data), None)  # others check these dice once they are sent
    assert public.pbem.proofs[-1].status == "pending"


def test_public_digest_and_header_fields(duel):
    text = duel[2][-1]
    bad = refused(edit(text, lambda d: d.update(digest="0" * 64)), None)
    assert bad.place == "digest"
    bad = refused(edit(text, lambda d: d.update(seed=d["seed"] + 1)), None)
    assert bad.place == "seed"
    bad = refused(edit(text, lambda d: d["actions"][3].update(by="blue")), None)
    assert bad.place == step(4) and "sent by Red" in bad.problem
    bad = refused(edit(text, lambda d: d["actions"][3].update(public="1" * 64)), None)
    assert bad.place == step(4) and "public state" in bad.problem


def test_a_file_path_error_names_the_file(duel, tmp_path: Path):
    path = tmp_path / "edited.json"
    path.write_text(edit(duel[2][-1], lambda d: d["actions"].pop(5)), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert str(info.value).startswith(f"{path}: actions[5] (action 6): ")
