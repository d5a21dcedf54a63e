"""boardapp: a digital board for historical wargames of the Hundred Years War era.

The package is split in two: :mod:`boardapp.core` (Qt-free, deterministic game model,
maps, rulesets, game files) and :mod:`boardapp.ui` (the Qt board). Games live as plugins
in the top-level ``rulesets`` package.
"""

__version__ = "0.1.0"
