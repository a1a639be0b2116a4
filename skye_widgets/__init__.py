"""skye-widgets: learn, play and solve tile-and-bridge board games in Jupyter.

Sub-packages, one per game, hold the headless rules (no widget imports):

* :mod:`skye_widgets.skye` - Isle of Skye
* :mod:`skye_widgets.hashi` - Hashi (flip-and-write) and Hashiwokakero puzzles
* :mod:`skye_widgets.skylands` - Skylands

:mod:`skye_widgets.widgets` holds the ipycanvas views, one module per game.
"""

__version__ = "0.1.0"
