"""The national variants of 10.0 that act in a combat or in one's turn, and Joan of
Arc ("Pour mieux coller à l'histoire"; options chosen at set-up, Game data "Options"):

- France: "une carte retraite gratuite par tour de jeu" (a Retraite without a card, once
  a turn, in the Retraite window of a combat it loses, :mod:`.combat_result`);
- Bretagne: "rejette un dé une fois par tour au choix" (read: one of the two dice of a
  combat it fights, in the window after the reveal; the log names the reading);
- Navarre: "une intrigue de cour par tour": an opponent loses a red card drawn at random,
  or a yellow one if he holds no red (``intrigue-navarre``, in its own turn);
- Jeanne d'Arc et le Signe de Dieu (10.0): the first time France's Hero is activated
  it receives a Signe de Dieu, usable while the Hero lives (``vars["extra"]["joan"]``:
  "sign" while it holds it, "used" once played or lost).

None of them applies to a game recorded before version 0.2 (:meth:`rule_on`)."""

from __future__ import annotations

from boardapp.core.engine.state import State

from ..model.base import MontjoieModel

RULE = "Montjoie 10.0"


def national(rs: MontjoieModel, state: State, nation: str | None, wanted: str) -> bool:
    """Whether ``nation`` is ``wanted``, played, with the national variants chosen."""
    return (nation == wanted and rs.option(state, "national-variants")
            and rs.in_play(state, wanted) and rs.rule_on(state))


def used(state: State, key: str) -> bool:
    """Whether the once-a-turn power ``key`` was used this turn."""
    return state["vars"].get("extra", {}).get("national", {}).get(key) == state["turn"]


def use(state: State, key: str) -> None:
    state["vars"].setdefault("extra", {}).setdefault("national", {})[key] = state["turn"]


def free_retreat(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    """France may still play its free Retraite this turn."""
    return national(rs, state, nation, "france") and not used(state, "france-retraite")


def reroll(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    """Brittany may still re-roll a die this turn."""
    return national(rs, state, nation, "bretagne") and not used(state, "bretagne-de")


def intrigue(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    """Navarre may still make its court intrigue this turn."""
    return national(rs, state, nation, "navarre") and not used(state, "navarre-intrigue")


def joan_sign(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    """France holds Joan of Arc's Signe de Dieu (her Hero active)."""
    v = state["vars"]
    return (nation == "france" and v.get("extra", {}).get("joan") == "sign"
            and v["heroes"].get("france") == "active")


def hero_activated(rs: MontjoieModel, state: State, nation: str) -> bool:
    """Joan of Arc's first activation: France receives her Signe de Dieu; True if so."""
    extra = state["vars"].setdefault("extra", {})
    if nation != "france" or not rs.option(state, "joan-of-arc") or not rs.rule_on(state) \
            or "joan" in extra:
        return False
    extra["joan"] = "sign"
    return True


def hero_killed(state: State, nation: str) -> None:
    """Joan of Arc's Signe de Dieu is lost with her."""
    extra = state["vars"].setdefault("extra", {})
    if nation == "france" and extra.get("joan") == "sign":
        extra["joan"] = "used"
