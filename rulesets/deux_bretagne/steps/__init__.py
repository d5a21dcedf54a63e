"""Les Deux Bretagne, the steps: one module per phase or procedure, importing only the
model."""
