"""skye-widgets: learn, play and solve tile-and-bridge board games in Jupyter.

Sub-packages, one per game, hold the headless rules (no widget imports):

* :mod:`skye_widgets.skye` - Isle of Skye
* :mod:`skye_widgets.hashi` - Hashi (flip-and-write) and Hashiwokakero puzzles
* :mod:`skye_widgets.skylands` - Skylands

:mod:`skye_widgets.widgets` holds the ipycanvas views, one module per game.

``skye_widgets.set_language("pt")`` speaks Portuguese from now on (en, pt, pl, fr, es; the default
is the environment's, see :mod:`skye_widgets.i18n`).
"""

from .i18n import language, set_language

__version__ = "0.1.0"
