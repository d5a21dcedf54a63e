"""Table demo: three figures a side on a free 60 x 60 cm table, orders given together."""

from .rules import TableDemo

RULESET = TableDemo
