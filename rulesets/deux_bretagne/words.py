"""Les Deux Bretagne's words for the steps and the rules: the model's catalogue
(``model/words.py``; ``locale/<lang>/LC_MESSAGES/deux-bretagne.po``)."""

from .model.words import N_, NP_, WORDS, _

__all__ = ["NP_", "N_", "WORDS", "_"]
