"""The Qt board: a QGraphicsScene that projects the core game state (Orange Canvas style).

Modules: :mod:`map_items` draws the map, :mod:`counter_items` the counters,
:mod:`board_scene` lays them out and turns mouse gestures into core actions through
:mod:`controller`, :mod:`board_view` zooms and pans, :mod:`main_window` is the window,
:mod:`app` starts the application and :mod:`render` writes the board as a PNG image.
Nothing here names a game: everything comes through the Ruleset interface and the map.
"""

# The engine, the files, play by email, the scans and the installed games are imported
# before Qt: once PySide6 is loaded it reads the source of every module imported after
# it, looking for its own name (to switch its "features"); that cost as much as the
# imports themselves.
import boardapp.core.engine.game  # noqa: E402, F401  isort: skip
import boardapp.core.files.autosave  # noqa: E402, F401  isort: skip
import boardapp.core.files.email_message  # noqa: E402, F401  isort: skip
import boardapp.core.files.gamefile  # noqa: E402, F401  isort: skip
import boardapp.core.pbem.pbem  # noqa: E402, F401  isort: skip
import boardapp.core.scan.boardsettings  # noqa: E402, F401  isort: skip
import boardapp.core.scan.tiles  # noqa: E402, F401  isort: skip
from boardapp.core.engine.ruleset import available_rulesets  # noqa: E402  isort: skip

available_rulesets()  # imports the games' packages (each start needs one of them)
