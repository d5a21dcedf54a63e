"""Keeping Python's garbage collector off a long game's back.

CPython's cyclic collector now and then walks *every* container object alive (a full,
generation-2 pass): with a long game open, the program's modules, maps and rules data
and the game's own states and past make that pass about 100 ms, and it falls on
whatever the player does at that moment (an undo, a step of the replay bar). Those
objects live as long as the game is open and hold no garbage cycles (the state is plain
JSON data, freed by reference counting when it is dropped), so they need not be walked
at all: :func:`settle`, once a long game is opened, moves every object alive into the
collector's permanent generation (:func:`gc.freeze`), and the passes during play walk
only what was made since. Memory stays bounded: a frozen object dropped is freed as any
other (reference counting), and :func:`release`, when the window shows another game,
gives the frozen objects back to the collector, which frees the cycles among them.
"""

from __future__ import annotations

import gc

LONG = 1000
"""Actions from which a game opened is worth settling (a shorter one makes no long pass)."""
_settled = [False]
"""Whether :func:`settle` froze objects not given back yet (:func:`gc.get_freeze_count`
counts them one by one)."""


def settle(actions: int) -> bool:
    """A game of ``actions`` actions was just opened: if it is long, freeze every object
    alive now (quick: the collector's lists are joined, nothing is walked); whether it
    did. Frozen objects that are dropped later are still freed (by reference counting):
    only a garbage cycle alive now waits for :func:`release`."""
    if actions < LONG:
        return False
    gc.freeze()
    _settled[0] = True
    return True


def keep() -> None:
    """What a settled game just learnt or played will live as long as it (the deltas and
    positions of its past): out of the collector's sight too. Nothing when no game is
    settled (quick: the collector's lists are joined)."""
    if _settled[0]:
        gc.freeze()


def release() -> None:
    """A game is closed or replaced: give the frozen objects back to the collector,
    collect the garbage among them now, and freeze again what is alive (the program's
    modules, frozen when they were imported: ``boardapp.ui``, the CLI). Nothing to do when
    no game is settled."""
    if _settled[0]:
        _settled[0] = False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
