"""Montjoie!'s steps: one module per sequence or procedure, importing only the model."""
