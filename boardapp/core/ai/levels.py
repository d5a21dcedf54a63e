"""The computer's levels by name (no imports: the CLI reads them at once)."""

LEVELS = ("random", "normal", "strong")
