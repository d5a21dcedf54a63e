"""Guet-Apens, the model: the game's data and predicates (:mod:`.game`) and the rules
library (the ``ga-model`` topics; :mod:`.interim` until they are merged)."""

from .game import (
    CHARGE_EFFECTIVE,
    HOLD,
    MOUNT,
    SIDES,
    WALK,
    GuetApensModel,
    Order,
    orders_text,
    parse_orders,
    parse_path,
)

__all__ = ["CHARGE_EFFECTIVE", "HOLD", "MOUNT", "SIDES", "WALK", "GuetApensModel", "Order",
           "orders_text", "parse_orders", "parse_path"]
