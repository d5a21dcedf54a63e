"""Foundations every subsystem uses: errors, atomic writes, YAML reading, the user's folders."""
