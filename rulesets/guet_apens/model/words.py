"""Guet-Apens's words: its catalogue (``locale/<lang>/LC_MESSAGES/guet-apens.po`` in the
game's folder), kept in the model so that the model imports nothing outside it (the
steps and the rules take the same names from here).

``_("...")`` translates now; ``N_("...", name=value)`` keeps a message to translate where
it is shown (log lines, refusals, labels, prompts); ``NP_(singular, plural, n)`` chooses
the plural form. See the README, "Translations". The French words are the French rule
book's own (it is the authority: Adresse, Force, Résistance, Points de vie...).
"""

from pathlib import Path

from boardapp.core.base.i18n import Domain, listing

WORDS = Domain.beside("guet-apens", Path(__file__).resolve().parent)
_, N_, NP_ = WORDS.gettext, WORDS.msg, WORDS.plural


__all__ = ["N_", "NP_", "WORDS", "_", "both", "data_word", "listing", "said", "outcome_words"]


def both(names: list) -> str:
    """Names joined by "and" in the language now (for prompts, drawn when shown)."""
    return listing(list(names), str(N_(" and ")))


DATA_WORDS = {m.english(): m for m in (
    # figures' states (``figs[pid]["states"]``) and morale results (GA 10.2.3, 11, 12.4)
    N_("stunned"), N_("down"), N_("unconscious"), N_("trapped"), N_("flight1"),
    N_("flight2"), N_("panic"), N_("reloading"), N_("noinit"), N_("hit"), N_("captured"),
    N_("dead"), N_("out"), N_("steady"), N_("fit"),
    # the unhorsed rider's D12 (GA 10.2.3, 10.3.3), horses (GA 3)
    N_("wounded"), N_("nothing"), N_("sound"), N_("poor"), N_("average"), N_("good"),
    # roles, as in the figures' names and on their sheets
    N_("Baron"), N_("Knight"), N_("Man-at-arms"), N_("Archer"), N_("Crossbowman"), N_("Leader"),
    N_("Sergeant"), N_("Peasant"), N_("Stonemason"),
    N_("baron"), N_("knight"), N_("man-at-arms"), N_("archer"), N_("crossbowman"), N_("leader"),
    N_("sergeant"), N_("peasant"), N_("stonemason"),
    # troop types (GA 2.8), weapons (GA 8.7, 9.10.1)
    N_("man at arms lance"), N_("man at arms scythe"), N_("archer short bow"),
    N_("archer long bow"), N_("squire"),
    N_("club"), N_("dagger"), N_("sword"), N_("lance"), N_("spear"), N_("flail"),
    N_("mace"), N_("axe"), N_("two handed axe"), N_("two handed sword"),
    N_("war scythe"), N_("thrown"), N_("short bow"), N_("long bow"), N_("crossbow"),
    N_("none"), N_("left"), N_("right"),
    # the tactical factors of the tables (GA 8.8.2, 9.9, 10.2.2)
    N_("target in light cover"), N_("target in medium cover"),
    N_("target in large cover"), N_("target carrying a shield"),
    N_("target running, seen in profile"), N_("target running, seen from the front or back"),
    N_("target crawling or on the ground"),
    N_("shooter immobile for only 1/3 of the movement"),
    N_("snap shot or shooting during movement"), N_("aiming at a vital part of the body"),
    N_("shooting at a rider, aiming at the rider"),
    N_("shooting at rider and horse as a whole"), N_("point-blank shot (5 cm and less)"),
    N_("light cover"), N_("medium cover"), N_("large cover"),
    N_("blow aimed at a vital part"), N_("enemy rider with shield"),
    N_("enemy on foot with shield"), N_("2nd mêlée turn, rider with lance"),
    N_("the rider's resistance to being pulled off"),
)}
"""The words of the data files and of the state a player reads (states, results, roles,
troops, weapons, the tables' factors: the data keep the English), marked for the
catalogue: :func:`data_word` gives the message to show. Names of people and places stay
as printed."""


def data_word(text: object) -> str:
    """``text`` (a data key or label; ``_`` read as a space) as a message where the
    catalogue knows it, else as it is."""
    words = str(text).replace("_", " ")
    return DATA_WORDS.get(words, words)


_SAID: dict[str, str] = {}
"""The results declared in this program (English -> message), by :func:`said`."""


def said(result: str) -> str:
    """A game's result as declared: the state keeps its English (a file stays the same
    in every language), the message is remembered so that the outcome is drawn in the
    reader's words (a game read from a file shows its result as recorded)."""
    _SAID[str.__str__(result)] = result
    return result


def outcome_words(result: str | None) -> str | None:
    """The result kept in the state, as a message if it was declared here."""
    return None if result is None else _SAID.get(str.__str__(result), result)
