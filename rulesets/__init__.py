"""Game plugins. Each sub-package exposes ``RULESET``, a ``boardapp.core.ruleset.Ruleset``."""
