"""The actions the steps offer, each made once: an :class:`Action` is an immutable
value, and the listings of legal actions, made at every position, ask for the same few
hundred (an expansion from one city to another, a card laid) again and again."""

from __future__ import annotations

from functools import lru_cache

from boardapp.core.engine.actions import Action


@lru_cache(maxsize=8192)
def offer(verb: str, *args: str) -> Action:
    """``Action(verb, args)``, the same object for the same words."""
    return Action(verb, args)
