"""Guet-Apens's steps: the period and its sequences (one module per procedure)."""
