"""Guet-Apens, the model: the game's data and predicates (:mod:`.game`) and the rules
library (the topics: characters, wounds, movement, shooting, melee, events, morale,
capture, campaign, scenario rules)."""

from .game import (
    CHARGE_EFFECTIVE,
    HOLD,
    MOUNT,
    SIDES,
    TOUCHING,
    WALK,
    GuetApensModel,
    Order,
    orders_text,
    parse_orders,
    parse_path,
)

__all__ = ["CHARGE_EFFECTIVE", "HOLD", "MOUNT", "SIDES", "TOUCHING", "WALK", "GuetApensModel",
           "Order", "orders_text", "parse_orders", "parse_path"]
