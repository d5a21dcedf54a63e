"""Lion in Winter's steps: one module per phase of the turn or procedure, importing only
the model (and :mod:`.common`, what every phase shares)."""
