"""Montjoie!'s words for the steps and the rules: the model's catalogue
(``model/words.py``; ``locale/<lang>/LC_MESSAGES/montjoie.po``)."""

from .model.words import N_, NP_, WORDS, _, and_list

__all__ = ["NP_", "N_", "WORDS", "_", "and_list"]
