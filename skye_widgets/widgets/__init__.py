"""ipycanvas views, one module per game, on the shared :mod:`.base`.

Widgets hold no rules: they read engine state, draw it with the game's pure
render functions and call the engine on clicks.
"""
