"""The Qt board: a QGraphicsScene that projects the core game state (Orange Canvas style).

Modules: :mod:`map_items` draws the map, :mod:`counter_items` the counters,
:mod:`board_scene` lays them out and turns mouse gestures into core actions through
:mod:`controller`, :mod:`board_view` zooms and pans, :mod:`main_window` is the window,
:mod:`app` starts the application and :mod:`render` writes the board as a PNG image.
Nothing here names a game: everything comes through the Ruleset interface and the map.
"""

# The engine (networkx, shapely, numpy, yaml) is imported before Qt: once PySide6 is
# loaded it reads the source of every module imported after it, looking for its own
# name, which cost as much as importing them (a third of the window's start).
import boardapp.core.engine.game  # noqa: E402, F401  isort: skip
import boardapp.core.board.mapdata  # noqa: E402, F401  isort: skip
