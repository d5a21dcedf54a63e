"""The table demo's steps: one module per phase or procedure, importing only the model."""
