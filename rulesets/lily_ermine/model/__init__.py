"""The Lily and the Ermine's model: data, constants, predicates and the rules' shared
effects, each module typed against :class:`LilyErmineModel` (see :mod:`.base`)."""

from .base import NOT_YET, OTHER, PHASE_NAMES, TACTICAL, LilyErmineModel

__all__ = ["NOT_YET", "OTHER", "PHASE_NAMES", "TACTICAL", "LilyErmineModel"]
