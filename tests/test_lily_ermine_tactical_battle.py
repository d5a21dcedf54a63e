"""The Lily and the Ermine: major battles on the tactical map (rules 10), with the rules'
example of a major battle (treason, tactical markers, fire, the melee 10 vs 11 at 2/3)."""

from __future__ import annotations

import random

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import pieces_at
from rulesets.lily_ermine import RULESET

_RULESET = RULESET()
FRENCH = {"tz-france-line1": ["tremoille", "france-gd-1", "france-gd-2", "laval-mi-1",
                              "france-ar-2"],
          "tz-france-line2": ["france-ca-1", "france-ar-1", "france-cm-1"]}
BRETON = {"tz-brittany-line1": ["rieux-br", "rieux-mi-1", "england-ar-1", "brittany-cm-1",
                                "brittany-gd-1", "brittany-ar-2", "brittany-ab-1"],
          "tz-brittany-line2": ["francois-ii", "brittany-ar-1"]}


def g(game: Game) -> dict:
    return game.state


def battle_position(seed: int = 1) -> Game:
    """Both armies in 44, the Breton phase's combat: France 12 SP, Brittany 12 SP."""
    game = Game(_RULESET, "1487", seed)
    french = [p for ps in FRENCH.values() for p in ps]
    breton = [p for ps in BRETON.values() for p in ps]
    game.push("place " + ",".join(french) + " sz44")
    game.push("place " + ",".join(breton) + " sz44")
    game.push("flip brittany-ab-1")  # a reduced Ab (CF 1)
    s = game.state
    s["phase"], s["active"] = "combat", "brittany"
    s["vars"]["markers"] = {"sz44": "battle"}
    return game


def deploy(game: Game, layout: dict[str, list[str]]) -> None:
    for zone, pids in layout.items():
        for pid in pids:
            if g(game)["pieces"][pid]["loc"] != zone:
                game.push(f"tac-move {pid} {zone}")
    game.push("deploy-done")


def choose(game: Game, kind: str) -> None:
    """Choose a marker of ``kind``: its position in the camp's secret pool (10)."""
    camp = _RULESET.acting_side(g(game))
    pool = g(game)["vars"]["tac_secret"][camp]["pool"]
    game.push(f"choose-marker {pool.index(kind)}")


def use(game: Game, kind: str, zone: str = "") -> None:
    """Pick a chosen marker for the round: its position among the camp's markers."""
    camp = _RULESET.acting_side(g(game))
    chosen = g(game)["vars"]["tac_secret"][camp]["chosen"]
    game.push(f"use-marker {chosen.index(kind)} {zone}".strip())


def push(game: Game, text: str) -> None:
    if text.startswith("choose "):
        choose(game, text.split()[1])
    elif text.startswith("use "):
        use(game, *text.split()[1:])
    else:
        game.push(text)


def table_rolls(game: Game) -> list[dict]:
    return [line.detail for e in game.log for line in e.lines
            if line.detail and line.detail.get("kind") == "table"]


def text(game: Game) -> str:
    return "\n".join(line.text for e in game.log for line in e.lines)


def test_major_battle_example():
    game = battle_position()
    acts = [a.text() for a in game.legal_actions()]
    assert "major-battle sz44" in acts and "fight sz44" not in acts
    game.push("major-battle sz44")
    t = g(game)["vars"]["tactical"]
    assert t["sp"] == {"brittany": 12, "france": 12}
    assert _RULESET.focus_board(g(game)) == "tactical"
    # Deployment, the defender (France) first.
    assert _RULESET.acting_side(g(game)) == "france"
    deploy(game, FRENCH)
    assert _RULESET.acting_side(g(game)) == "brittany"
    deploy(game, BRETON)
    # The random event: 1 = treason; Rieux (doubt zone) and his Mi go to the Breton LR.
    game.push("set-dice 1")
    game.push("random-event")
    assert set(pieces_at(g(game), "tz-brittany-lr")) == {"rieux-br", "rieux-mi-1"}
    assert "Treason" in text(game)
    # Markers chosen secretly up to the TC: France (Tremoille TC 4) four, Brittany two.
    assert g(game)["flow"][-1]["step"] == "mb-markers"
    assert _RULESET.acting_side(g(game)) == "france"
    assert [a.text() for a in _RULESET.hand_actions(g(game), "france")] == ["take-markers"]
    assert _RULESET.hand_actions(g(game), "brittany") == []
    game.push("take-markers")  # shuffled with private dice: a choice names a position
    hand = _RULESET.hand_actions(g(game), "france")
    labels = [_RULESET.action_label(g(game), a) for a in hand]
    assert "Choose Cavalry charge" in labels and labels.count("Choose Cavalry charge") == 2
    assert all(a.verb == "choose-marker" and a.arg(0).isdigit() for a in hand[:-1])
    assert not any(a.verb == "choose-marker" for a in _RULESET.flow_actions(g(game)))
    for kind in ("charge", "charge", "battery", "rain-of-arrows"):
        choose(game, kind)
    assert not any(a.verb == "choose-marker" for a in game.legal_actions())  # TC 4
    assert "charge" not in text(game).lower().split("marker")[-1]  # the log keeps it secret
    assert _RULESET.secret_paths(g(game)) == {"france": [("vars", "tac_secret", "france")]}
    game.push("markers-chosen")
    game.push("take-markers")
    choose(game, "ditch")
    choose(game, "unseating")
    assert not any(a.verb == "choose-marker" for a in game.legal_actions())  # TC 2
    assert _RULESET.private_lines(g(game), "brittany") == [
        "Your tactical markers, face down: Ditch, Unseating"]
    game.push("markers-chosen")
    # Round 1, tactical choice: the defender first.
    use(game, "battery")
    use(game, "charge")
    game.push("tactics-done")
    assert "Battery" not in text(game)  # face down until revealed
    use(game, "ditch", "tz-brittany-line1")
    use(game, "unseating")
    game.push("tactics-done")
    assert _RULESET.acting_side(g(game)) == "brittany"  # each camp reveals its own
    game.push("reveal-markers")
    game.push("reveal-markers")
    assert "Brittany reveals for the fire: no marker" in text(game)
    assert "France reveals for the fire: Battery" in text(game)
    assert "Charge" not in text(game)
    # Fire, the active player (Brittany) first, alternating.
    assert g(game)["flow"][-1]["step"] == "mb-fire"
    assert _RULESET.acting_side(g(game)) == "brittany"
    game.push("set-dice 2")
    game.push("fire england-ar-1 france-gd-1")  # range 1, 2 <= CF 3: 1 SP
    assert g(game)["pieces"]["france-gd-1"]["flipped"]
    game.push("set-dice 3")
    game.push("fire france-ca-1 brittany-gd-1")  # range 2, 3 <= 3, battery: 2 SP
    assert g(game)["pieces"]["brittany-gd-1"]["loc"] == "reserve-brittany"
    assert "success, 2 SP x2 (Battery)" in text(game)
    game.push("set-dice 5")
    game.push("fire brittany-ar-2 france-ar-1")  # range 2 (<= RF 3), 5 > 3: failure
    game.push("set-dice 6")
    game.push("fire france-ar-1 england-ar-1")  # 6: failure
    assert not g(game)["pieces"]["france-ar-1"]["flipped"]
    assert not g(game)["pieces"]["england-ar-1"]["flipped"]
    game.push("fire-done")  # Brittany fires no more
    game.push("fire-done")  # nor France
    game.push("reveal-markers")
    game.push("reveal-markers")
    assert "Brittany reveals for the melee: Ditch in Breton 1st line, Unseating" in text(game)
    assert "France reveals for the melee: Cavalry charge" in text(game)
    # The melee: the Breton 1st line attacks the French 1st line, 10 (9 + 1 unseating)
    # against 11: column 2/3; die 4 = 1/1; the French charge is cancelled by the ditch.
    assert g(game)["flow"][-1]["step"] == "mb-melee"
    assert "no-melee" not in [a.text() for a in game.legal_actions()]  # round 1
    game.push("set-dice 4")
    game.push("melee tz-brittany-line1 tz-france-line1")
    log = text(game)
    assert "CF 9 + 1 (unseating) against 11, column 2/3" in log
    last = table_rolls(game)[-1]
    assert (last["column"], last["die"], last["result"]) == ("2/3", 4, "1/1")
    assert "France's charge cancelled by the ditch" in log
    # Breton losses first on the Cm of the unseating.
    assert _RULESET.acting_side(g(game)) == "brittany"
    assert [a.text() for a in game.legal_actions()] == ["reduce brittany-cm-1"]
    game.push("reduce brittany-cm-1")
    assert _RULESET.acting_side(g(game)) == "france"
    game.push("eliminate-unit laval-mi-1")
    # The counter-attack test of Tremoille: 5 > TC 4, no counter-attack.
    assert g(game)["flow"][-1]["step"] == "mb-melee"
    assert _RULESET.acting_side(g(game)) == "france"
    game.push("set-dice 5")
    game.push("melee tz-france-line1 tz-brittany-line1")
    assert "rolls 5 > TC 4: no counter-attack" in text(game)
    # Tactical movement: Francois II (TC 2) moves the Ar of the 2nd line to the left wing.
    assert g(game)["flow"][-1]["step"] == "mb-move"
    reach = _RULESET.reachable(g(game), ["brittany-ar-1"])
    assert reach["tz-brittany-left"].cost == 2
    game.push("tac-move brittany-ar-1 tz-brittany-left")
    assert "(2 MP)" in text(game)
    game.push("move-done")
    game.push("move-done")
    # End of round 1: the Breton withdraws; France wins the major battle (2 VP).
    assert g(game)["flow"][-1]["step"] == "mb-round-end"
    score = g(game)["score"]["france"]
    game.push("battle-withdraw")
    assert g(game)["score"]["france"] == score + 2
    assert g(game)["vars"]["tactical"] is None
    assert not any(_RULESET.board_of(p["loc"]) == "tactical"
                   for p in g(game)["pieces"].values())
    assert g(game)["flow"][-1]["step"] == "battle-retreat"
    assert _RULESET.acting_side(g(game)) == "brittany"
    assert _RULESET.focus_board(g(game)) is None


def test_deployment_keeps_a_third_in_the_first_line():
    game = battle_position()
    game.push("major-battle sz44")
    for pid in ("france-gd-1", "france-gd-2", "france-ar-2", "laval-mi-1", "france-ar-1"):
        game.push(f"tac-move {pid} tz-france-line3")
    assert "deploy-done" not in [a.text() for a in game.legal_actions()]  # 3 of 12 SP
    with pytest.raises(IllegalActionError):
        game.push("deploy-done")
    assert "at least a third of the SP in the 1st line (3 of 12 SP now)" in \
        _RULESET.prompt(g(game))


def test_minor_battles_stay_minor():
    game = battle_position()
    for pid in ("france-gd-1", "france-gd-2", "france-ar-2", "france-ar-1"):
        game.push(f"place {pid} sz45")
    acts = [a.text() for a in game.legal_actions()]
    assert "major-battle sz44" not in acts and "fight sz44" in acts
    with pytest.raises(IllegalActionError) as err:
        game.push("major-battle sz44")
    assert err.value.rule == "Lily and the Ermine 10 Minor battle procedure"


@pytest.mark.parametrize("seed", range(10))
def test_random_major_battles_always_end(seed):
    rng = random.Random(seed)
    game = battle_position(seed)
    game.push("major-battle sz44")
    for _ in range(600):
        if not g(game).get("flow"):
            break
        actions = game.legal_actions()
        assert actions, g(game)["flow"][-1]
        ends = [a for a in actions if a.verb in ("deploy-done", "markers-chosen",
                                                  "tactics-done", "move-done",
                                                  "battle-withdraw")]
        game.push(rng.choice(ends) if ends and rng.random() < 0.5 else rng.choice(actions))
    assert not g(game).get("flow")
    assert g(game)["vars"]["tactical"] is None
    assert not any(_RULESET.board_of(p["loc"]) == "tactical"
                   for p in g(game)["pieces"].values())


def test_tactical_map_geometry_follows_the_rules():
    from rulesets.lily_ermine.model.tactical import advantage, fire_distance, link_mp

    # Fire (10): RF 1 from the 1st line or a wing reaches both enemy wings and the
    # enemy 1st line; RF 2 also the 2nd line, and so on.
    for src in ("tz-france-line1", "tz-france-left", "tz-france-right"):
        for dest in ("tz-brittany-line1", "tz-brittany-left", "tz-brittany-right"):
            assert fire_distance(src, dest) == 1
        assert fire_distance(src, "tz-brittany-line2") == 2
        assert fire_distance(src, "tz-brittany-line3") == 3
    assert fire_distance("tz-france-line2", "tz-brittany-line1") == 2  # the example's Ca
    assert fire_distance("tz-france-line1", "tz-brittany-lr") is None
    # Tactical advantage (10 Melee): only from a conquered enemy TZ.
    assert advantage("france", "tz-france-line1", "tz-brittany-line1") == (0, "")
    assert advantage("france", "tz-brittany-line1", "tz-brittany-line2")[0] == 1
    assert advantage("france", "tz-brittany-left", "tz-brittany-line2")[0] == 2
    assert advantage("france", "tz-brittany-line1", "tz-brittany-right")[0] == 2
    assert advantage("france", "tz-brittany-line2", "tz-brittany-line1")[0] == 3
    # The dotted lines: 2nd line -> wing costs 2 MP (battle example); the wings face.
    assert link_mp(_RULESET, "tz-brittany-line2", "tz-brittany-left") == 2
    assert link_mp(_RULESET, "tz-brittany-left", "tz-france-right") == 1
    assert link_mp(_RULESET, "tz-brittany-line3", "tz-france-line1") is None
    bmap = _RULESET.board_maps["tactical"]
    assert bmap.approximate and len(bmap.areas) == 12


EXAMPLE_ROUND = [
    "set-dice 1", "random-event", "take-markers",
    "choose charge", "choose charge", "choose battery", "choose rain-of-arrows",
    "markers-chosen", "take-markers", "choose ditch", "choose unseating", "markers-chosen",
    "use battery", "use charge", "tactics-done",
    "use ditch tz-brittany-line1", "use unseating", "tactics-done", "reveal-markers",
    "reveal-markers",
    "set-dice 2", "fire england-ar-1 france-gd-1", "set-dice 3",
    "fire france-ca-1 brittany-gd-1", "set-dice 5", "fire brittany-ar-2 france-ar-1",
    "set-dice 6", "fire france-ar-1 england-ar-1", "fire-done", "fire-done",
    "reveal-markers", "reveal-markers",
    "set-dice 4", "melee tz-brittany-line1 tz-france-line1", "reduce brittany-cm-1",
    "eliminate-unit laval-mi-1", "set-dice 5", "melee tz-france-line1 tz-brittany-line1",
    "tac-move brittany-ar-1 tz-brittany-left", "move-done", "move-done"]


def to_round_end() -> Game:
    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND:
        push(game, a)
    assert g(game)["flow"][-1]["step"] == "mb-round-end"
    return game


def test_withdrawal_allows_a_free_counter_attack_with_a_tactical_advantage():
    game = to_round_end()
    game.push("place france-cm-1 tz-brittany-right")  # a French unit in the Breton half
    game.push("battle-withdraw")
    s = g(game)
    assert s["flow"][-1]["step"] == "mb-melee"
    assert _RULESET.acting_side(s) == "france"
    acts = [a.text() for a in game.legal_actions()]
    assert acts == ["melee tz-brittany-right tz-brittany-line1", "no-melee"]
    game.push("set-dice 4")
    game.push("melee tz-brittany-right tz-brittany-line1")  # no test: flank +2
    last = table_rolls(game)[-1]
    assert (last["die"], last["modified"]) == (4, 6)
    assert [m["label"] for m in last["modifiers"]] == ["tactical advantage"]
    while g(game)["flow"][-1]["step"] in ("mb-ask", "mb-losses"):
        game.push(game.legal_actions()[0])
    assert g(game)["vars"]["tactical"] is None  # the battle ends after it
    assert g(game)["flow"][-1]["step"] == "battle-retreat"


def test_no_free_counter_attack_without_an_advantage():
    game = to_round_end()
    game.push("battle-withdraw")
    assert g(game)["vars"]["tactical"] is None
    assert g(game)["flow"][-1]["step"] == "battle-retreat"


def test_a_shooter_offers_its_shots_on_its_menu():
    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND[:20]:
        push(game, a)
    menu = [a.text() for a in _RULESET.piece_actions(g(game), "england-ar-1")]
    assert "fire england-ar-1 france-gd-1" in menu
    buttons = [a.text() for a in _RULESET.flow_actions(g(game))]
    assert buttons == ["fire-done"]  # the shots are on the shooters' menus
    assert _RULESET.action_label(g(game), Action.parse(menu[0])).startswith(
        "Fire: England Ar #1 on ")


def test_the_markers_chosen_stay_secret_from_the_other_camp():
    from boardapp.core.pbem.hidden import mask, normalise_paths

    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND[:7]:  # France takes its markers and chooses four
        push(game, a)
    s = g(game)
    paths = normalise_paths(_RULESET.secret_paths(s), ["france", "brittany"])
    assert s["vars"]["tac_secret"]["france"]["chosen"].count("charge") == 2
    seen = mask(s, paths, visible={"brittany"})["vars"]
    assert seen["tac_secret"]["france"] == {}  # nothing of it in Brittany's program
    chosen = [e.action.text() for e in game.log if e.action.verb == "choose-marker"]
    assert chosen and all(t.split()[1].isdigit() for t in chosen)  # positions, not names
    for a in EXAMPLE_ROUND[7:14]:  # Brittany chooses; France picks battery and charge
        push(game, a)
    paths = normalise_paths(_RULESET.secret_paths(g(game)), ["france", "brittany"])
    seen = mask(g(game), paths, visible={"brittany"})["vars"]
    assert seen["tac_secret"]["france"] == {} and seen["tactical"]["round_markers"] == {
        "france": [], "brittany": []}
    assert len(g(game)["vars"]["tac_secret"]["france"]["picked"]) == 2
    used = [e.action.text() for e in game.log if e.action.verb == "use-marker"]
    assert len(used) == 2 and all(t.split()[1].isdigit() for t in used)


def _pbem_checked_push(game: Game, text: str) -> None:
    """Push ``text`` after checking what a game by email requires of it: the same public
    result when the other camp's secrets are unknown, and the other camp's secrets
    untouched (boardapp.core.pbem.pbem refuses an action otherwise)."""
    from boardapp.core.pbem.hidden import mask, normalise_paths, read_secrets
    from boardapp.core.pbem.pbem import ALT_TOKEN, run_action

    if text.startswith(("choose ", "use ")):
        camp = _RULESET.acting_side(g(game))
        mine = g(game)["vars"]["tac_secret"][camp]
        kind, *zone = text.split()[1:]
        if text.startswith("choose "):
            text = f"choose-marker {mine['pool'].index(kind)}"
        else:
            text = " ".join([f"use-marker {mine['chosen'].index(kind)}", *zone])
    action = Action.parse(text)
    state = g(game)
    side = _RULESET.acting_side(state)
    sides = ["france", "brittany"]
    paths = normalise_paths(_RULESET.secret_paths(state), sides)
    after, ctx = run_action(game, state, action, side, None)
    alt = mask(state, paths, visible={side}, token=ALT_TOKEN)
    alt_after, alt_ctx = run_action(game, alt, action, side, None)
    paths_after = normalise_paths(_RULESET.secret_paths(after), sides)
    assert mask(after, paths_after) == mask(alt_after, paths_after), text
    assert [x.render() for x in ctx.lines] == [x.render() for x in alt_ctx.lines], text
    for other in sides:
        if other != side and other in paths:
            assert read_secrets(state, paths[other]) == read_secrets(after, paths[other])
    game.push(action)


def test_a_major_battle_can_be_played_by_email():
    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND:
        _pbem_checked_push(game, a)
    _pbem_checked_push(game, "battle-continue")
    rng = random.Random(5)
    for _ in range(300):
        if not g(game).get("flow") or g(game)["vars"]["tactical"] is None:
            break
        _pbem_checked_push(game, rng.choice(game.legal_actions()).text())
    assert g(game)["vars"]["tactical"] is None


def test_fence_stops_doubling_except_from_a_flank_and_cut_and_thrust_against_cm():
    game = battle_position()
    game.push("place france-hb-1 sz44")
    game.push("major-battle sz44")
    deploy(game, {**FRENCH, "tz-france-line1": [*FRENCH["tz-france-line1"], "france-hb-1"]})
    deploy(game, BRETON)
    for a in ("set-dice 4", "random-event", "take-markers", "choose rain-of-arrows",
              "choose cut-and-thrust", "markers-chosen", "take-markers", "choose fence",
              "markers-chosen", "use rain-of-arrows", "use cut-and-thrust", "tactics-done",
              "use fence tz-brittany-line1", "tactics-done", "reveal-markers",
              "reveal-markers", "fire-done"):  # Brittany fires no more
        push(game, a)
    game.push("place france-ar-2 tz-brittany-right")  # on the Bretons' flank
    game.push("set-dice 2")
    game.push("fire france-ar-1 england-ar-1")  # from the front: the fence cancels
    assert "(Rain of arrows cancelled by the fence)" in text(game)
    assert g(game)["pieces"]["england-ar-1"]["flipped"]
    game.push("set-dice 2")
    game.push("fire france-ar-2 brittany-ar-2")  # from the flank: doubled
    assert "success, 2 SP x2 (Rain of arrows)" in text(game)
    assert g(game)["pieces"]["brittany-ar-2"]["loc"] == "reserve-brittany"
    while g(game)["flow"][-1]["step"] in ("mb-fire", "mb-reveal"):
        game.push(game.legal_actions()[-1])  # Stop firing, Reveal your markers
    game.push("set-dice 4")
    game.push("melee tz-brittany-line1 tz-france-line1")
    last = table_rolls(game)[-1]
    assert [(m["label"], m["value"]) for m in last["modifiers"]] == [
        ("cut and thrust against Cm", -1)]
    assert last["modified"] == 3


def test_cannon_left_by_a_retreat_are_taken_by_advancing():
    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND[:32]:  # to the melee
        push(game, a)
    assert g(game)["flow"][-1]["step"] == "mb-melee"
    game.push("place france-ca-1 tz-france-line1")
    game.push("set-dice 1")
    game.push("melee tz-brittany-line1 tz-france-line1")  # 2/3... die 1: asked
    assert g(game)["flow"][-1]["step"] == "mb-ask"
    game.push("combat-losses 0/0")
    game.push("retreat defender")
    game.push("commander-check none")  # the printed result's * (10)
    s = g(game)
    assert pieces_at(s, "tz-france-line1") == ["france-ca-1"]  # cannon cannot retreat
    assert "tremoille" in pieces_at(s, "tz-france-line2")
    assert s["flow"][-1]["step"] == "mb-advance"
    game.push("tac-move england-ar-1 tz-france-line1")
    assert g(game)["pieces"]["france-ca-1"]["flipped"]
    assert _RULESET.piece_side(g(game), "france-ca-1") == "brittany"
    game.push("advance-done")
    assert g(game)["pieces"]["france-ca-1"]["loc"] == "tz-france-line1"


def test_treason_tie_and_a_commander_left_alone_by_an_event():
    game = battle_position()
    game.push("place rohan-fr,rohan-mi-1,orleans,roumille sz44")
    s = g(game)
    s["vars"]["allegiance"]["rohan"] = "brittany"  # Rohan with the Bretons, in doubt
    s["vars"]["cursors"]["rohan"] = s["vars"]["cursors"]["rieux"]
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, {"tz-brittany-line1": [p for p in BRETON["tz-brittany-line1"]
                                        if p not in ("rieux-br", "rieux-mi-1")],
                  "tz-brittany-line2": BRETON["tz-brittany-line2"],
                  "tz-brittany-left": ["rieux-br", "rieux-mi-1"],
                  "tz-brittany-line3": ["orleans", "rohan-fr", "rohan-mi-1"],
                  "tz-brittany-right": ["roumille"]})  # deployed alone: allowed
    game.push("set-dice 1,2,5")  # treason; Rieux rolls 2, Rohan 5: Rohan is implicated
    game.push("random-event")
    log = text(game)
    assert "Treason, a tie between allies: rieux rolls 2, rohan rolls 5" in log
    assert set(pieces_at(g(game), "tz-brittany-lr")) == {"rohan-fr", "rohan-mi-1"}
    # Orleans, left alone in the 3rd line, joins the nearest TZ with Breton units (the
    # 2nd line, 1 MP); Roumille, deployed alone on the wing, stays there.
    assert g(game)["pieces"]["orleans"]["loc"] == "tz-brittany-line2"
    assert "Orleans is alone: placed in Breton 2nd line" in log.replace("é", "e")
    assert g(game)["pieces"]["roumille"]["loc"] == "tz-brittany-right"
    assert set(pieces_at(g(game), "tz-brittany-left")) == {"rieux-br", "rieux-mi-1"}


def test_the_victors_units_that_left_by_the_lr_go_to_an_adjacent_zone():
    game = battle_position()
    game.push("major-battle sz44")
    deploy(game, FRENCH)
    deploy(game, BRETON)
    for a in EXAMPLE_ROUND[:-1]:
        push(game, a)
    assert _RULESET.acting_side(g(game)) == "france"
    assert _RULESET.reachable(g(game), ["france-cm-1"])["tz-france-lr"].cost == 2
    game.push("tac-move france-cm-1 tz-france-lr")  # 2nd line -> 3rd -> LR
    game.push("move-done")
    game.push("battle-withdraw")
    s = g(game)
    assert s["flow"][-1]["step"] == "mb-lr-leave"
    assert _RULESET.acting_side(s) == "france"
    dests = [a.arg(0) for a in game.legal_actions()]
    assert "sz45" in dests
    assert _RULESET.action_label(s, Action.of("lr-leave", "sz45")).startswith(
        "Units of the LR to 45 ")
    game.push("lr-leave sz45")
    assert g(game)["pieces"]["france-cm-1"]["loc"] == "sz45"
    assert not g(game)["pieces"]["france-cm-1"]["flipped"]  # a French zone: no SP lost
    assert g(game)["pieces"]["tremoille"]["loc"] == "sz44"
    assert g(game)["flow"][-1]["step"] == "battle-retreat"
    assert _RULESET.acting_side(g(game)) == "brittany"
