"""The player's own counter art: counter sheets he scanned, cut into cells, and which
cell shows which piece, marker or card (kept in his data folder, never in a game file).

* :mod:`.sheet`: a counter sheet's grid (rows, columns, margins, gutters, rotation) and
  its cell boxes, the back mirrored as sheets are printed.
* :mod:`.cutting`: cutting a scan into cell images with Pillow.
* :mod:`.assignment`: which cell shows what; export and import as JSON (no images).
* :mod:`.catalogue`: the ruleset's piece list (name, side, type, values) to assign from.
* :mod:`.store`: the per-game folder in the user's data folder.
"""
