"""The Lily and the Ermine's steps: one module per phase or procedure, importing only the
model (and the shared step classes of :mod:`.common`)."""
