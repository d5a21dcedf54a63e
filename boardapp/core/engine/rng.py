"""A small seeded random number generator whose whole state is one integer.

The generator state lives inside the game state (``state["rng"]``), so replaying the
setup and the action log reproduces every die roll (the RTT rule: never call
``random``). The algorithm is SplitMix64: tiny, fast and well distributed.

>>> a, b = new_rng(1), new_rng(1)
>>> [roll(a, 6) for _ in range(4)] == [roll(b, 6) for _ in range(4)]
True
>>> all(0 <= roll(a, 10, zero_based=True) <= 9 for _ in range(100))
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def new_rng(seed: int) -> dict[str, int]:
    """Return a fresh generator state for ``seed``."""
    seed = int(seed) & _MASK
    return {"seed": seed, "state": seed}


def _next64(rng: dict[str, int]) -> int:
    rng["state"] = (rng["state"] + 0x9E3779B97F4A7C15) & _MASK
    z = rng["state"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def roll(rng: dict[str, int], sides: int, *, zero_based: bool = False) -> int:
    """Roll one die with ``sides`` faces, advancing ``rng`` in place.

    ``zero_based`` dice read 0..sides-1 (a d10 whose 0 is a zero), others 1..sides.
    Rejection sampling keeps every face equally likely.
    """
    if sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides}")
    limit = (1 << 64) - ((1 << 64) % sides)
    while True:
        value = _next64(rng)
        if value < limit:
            face = value % sides
            return face if zero_based else face + 1
