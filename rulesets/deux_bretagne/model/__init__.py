"""Les Deux Bretagne, the model: data, predicates (``why_not_*``) and the work of each
part of the rules, typed against :class:`.base.DeuxBretagneModel`; no steps here."""
