"""A player's own scan under the board: tiles, calibration, per-user board settings."""
