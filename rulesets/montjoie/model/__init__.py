"""Montjoie!'s model: data, state shape (see :mod:`.base`) and predicates; the steps
import only this package."""
