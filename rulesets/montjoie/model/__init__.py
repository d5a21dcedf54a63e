"""Montjoie!, the model: data and predicates of the rules."""
