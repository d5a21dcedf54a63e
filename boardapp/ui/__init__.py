"""The Qt board: a QGraphicsScene that projects the core game state (Orange Canvas style).

Modules: :mod:`map_items` draws the map, :mod:`counter_items` the counters,
:mod:`board_scene` lays them out and turns mouse gestures into core actions through
:mod:`controller`, :mod:`board_view` zooms and pans, :mod:`main_window` is the window,
:mod:`app` starts the application and :mod:`render` writes the board as a PNG image.
Nothing here names a game: everything comes through the Ruleset interface and the map.
"""

# The engine, the files, the scans and the game a start shows are imported before Qt:
# once PySide6 is loaded it reads the source of every module imported after it, looking
# for its own name (to switch its "features"); that cost as much as the imports
# themselves. What a start does not need (play by email and its cryptography, email
# messages, scanned maps and Pillow, the other games) is imported when first used.
import gc  # noqa: E402  isort: skip

import boardapp.core.engine.game  # noqa: E402, F401  isort: skip
import boardapp.core.files.autosave  # noqa: E402, F401  isort: skip
import boardapp.core.files.gamefile  # noqa: E402, F401  isort: skip
import boardapp.core.scan.boardsettings  # noqa: E402, F401  isort: skip
from boardapp.core.engine.ruleset import preload_ruleset  # noqa: E402  isort: skip

preload_ruleset()  # the game a start shows most likely (others are imported when opened)
# What was imported lives as long as the program: kept out of the garbage collector's
# passes (each full pass would walk these objects again: a tenth of a start's CPU).
gc.freeze()
