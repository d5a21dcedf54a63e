"""Game plugins. Each sub-package exposes ``RULESET``, a
``boardapp.core.engine.ruleset.Ruleset``."""
