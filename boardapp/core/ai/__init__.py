"""The computer opponent: players that choose among the legal actions of any ruleset.

A :class:`~.players.Player` decides for one side from what that side may see
(:func:`~.view.fair_view`: the others' secrets masked, then guessed by the ruleset's
``determinize``, and the dice reseeded so that no search reads the game's next die).
Levels: ``random`` (any legal action), ``normal`` (the best action one step ahead by the
ruleset's ``evaluate``), ``strong`` (the best few of those looked at further, playing on).
:mod:`.arena` plays whole games between levels. Qt-free; names no game.
"""
