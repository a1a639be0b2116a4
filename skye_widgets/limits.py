"""Every size bound on what the project reads from a file, in one place.

A file from a classmate must never crash or hang a lesson, so every loader
checks sizes *before* it allocates or loops over anything proportional to a
number read from the file, and refuses a file beyond a bound with one
:class:`~skye_widgets.errors.FileFormatError` line that names the bound.

The bounds are generous for real use (each says why) and small enough that
the worst file inside them loads in well under a second.

>>> MAX_NAME_LENGTH
40
>>> short("x" * 100)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
>>> json_depth({"a": [1, [2, {"b": 3}]]})
4
"""

from __future__ import annotations

import math
import reprlib
import unicodedata
from typing import Any

# -- every file ---------------------------------------------------------------

#: Bytes in any file read (territory, save, puzzle, board). The largest real
#: files are a few tens of kB (a five-player Isle of Skye save is ~10 kB, a
#: 400-island Hashi puzzle ~5 kB); 10 MB is a thousand times that.
MAX_FILE_BYTES = 10 * 1024 * 1024

#: Nesting of JSON arrays and objects. The deepest format (a Hashi save with
#: its board: object > board > lines > line > cell) nests 5 levels.
MAX_JSON_DEPTH = 20

#: Characters in a player name (a save's players, a territory file's names).
#: Names are shown in tables and on the canvas; 40 fits any real name.
MAX_NAME_LENGTH = 40

#: Characters in any other text field (puzzle id, title and hints, board name,
#: side and note, a seed given as text). The longest shipped text is ~200.
MAX_TEXT_LENGTH = 1000

#: Quizzes, and separately exercises, in one lesson's text file
#: (skye_widgets/lessons/data/*.json); the longest lesson has 6 of each.
MAX_LESSON_ENTRIES = 100

#: Choices of one quiz question, and messages of one exercise (the most used is 4).
MAX_QUIZ_CHOICES = 12

#: Spoilers declared for one quiz or exercise (the most used is 2), and characters of one
#: spoiler's regular expression (the longest is ~70).
MAX_SPOILERS = 20
MAX_SPOILER_PATTERN = 300

#: Characters of a faulty value quoted in an error message (the rest is "...").
MAX_SHOWN = 40

#: Magnitude of any other whole number read from a file (gold, prices, counts
#: of opponents' ships, a puzzle's optimum): a real game never reaches 1000.
MAX_NUMBER = 10**6

#: Magnitude of a seed: any 64-bit value (what other programs write as seeds).
MAX_SEED = 2**63 - 1

# -- Isle of Skye -------------------------------------------------------------

#: Players in a territory file: the game is for 2-5 players (a file may hold one).
MAX_SKYE_PLAYERS = 5

#: Tile entries in one territory: a castle and the 73 landscape tiles.
MAX_TERRITORY_TILES = 74

#: Magnitude of a territory coordinate. A territory grows one tile at a time
#: from its castle, so 74 tiles never reach beyond 74 from it; 1000 leaves the
#: castle anywhere reasonable.
MAX_COORDINATE = 1000

#: Tiles in a placement puzzle's hand when it is loaded (to solve or check it).
#: The solver promises up to 5 tiles (docs/puzzles.md: the expert tier has 5; a
#: 5-tile solve on its small territories takes about a second, on a 20-tile one
#: it can take minutes); 6 tiles would take longer still.
MAX_PUZZLE_HAND = 5

#: Actions in a saved game (Isle of Skye, Hashi, Skylands). A five-player Isle
#: of Skye game has ~100 actions, a four-player Hashi game ~240, a Skylands
#: game ~110; 5000 is twenty times the longest.
MAX_SAVE_ACTIONS = 5000

# -- Hashi ----------------------------------------------------------------------

#: Width and height of a Hashiwokakero puzzle and of a Hashi board. The largest
#: reference puzzles (400 islands) are 34 x 34; 100 x 100 is 10,000 cells.
MAX_HASHI_SIDE = 100

#: Islands in a Hashiwokakero puzzle: six times the largest reference puzzle.
MAX_HASHI_ISLANDS = 2500

#: Islands on a Hashi board (a published side has 18; lesson boards fewer).
MAX_BOARD_ISLANDS = 100

#: Dotted lines on a Hashi board: each island has at most one per direction,
#: so a board has at most twice as many lines as islands.
MAX_BOARD_LINES = 2 * MAX_BOARD_ISLANDS

#: ``hashi generate --size`` and ``--islands``: the generator proves every puzzle
#: unique by search, so it is kept to what it answers in well under a minute
#: (40 x 40 with 300 islands: ~20 s; 100 x 100 with 2,500 islands gave up after 86 s).
MAX_GENERATE_SIDE = 40
MAX_GENERATE_ISLANDS = 300

# -- Command line ---------------------------------------------------------------

#: Games in one ``tournament`` run.
MAX_GAMES = 100_000
#: Worker processes one ``tournament`` starts on this machine (``--workers``).
MAX_WORKERS = 256

# -- Skylands -------------------------------------------------------------------

#: Inhabitant spaces named in one Deploy / Pay / Convert action. A player
#: board holds far fewer islands than this.
MAX_ACTION_ITEMS = 100


def short(value: Any, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    Safe on anything a JSON file holds (huge numbers, deep nesting, long text).
    """
    r = reprlib.Repr()
    r.maxstring = r.maxother = r.maxlong = limit
    r.maxlist = r.maxdict = 4
    r.maxlevel = 3
    try:
        text = r.repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 2 * limit else text[:2 * limit] + "..."


#: Characters that are not control characters (Unicode category Cc: line breaks, tabs, the
#: terminal's escape) but act as ones: the line and paragraph separators, and the
#: bidirectional overrides and isolates, which reorder the text shown after them.
_ACTING_AS_CONTROL = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character: a line break, a tab, an escape (Unicode
    category Cc, so the terminal's ``\\x1b`` and C1 codes too), a line or paragraph separator,
    or a bidirectional override. Names are shown in terminals, tables and on the canvas, so
    none may hold one: ``"a\\nb"`` would forge a second line, ``"\\x1b]0;..."`` retitle the terminal.

    >>> has_control("Ann"), has_control("Zoë Ó Súilleabháin"), has_control("a\\nb"), has_control("\\x1b]0;x")
    (False, False, True, True)
    >>> has_control("\\u202eevil"), has_control("\\x9b")
    (True, True)
    """
    return any(unicodedata.category(c) == "Cc" or c in _ACTING_AS_CONTROL for c in text)


def json_depth(data: Any) -> int:
    """How deeply arrays and objects nest in ``data`` (a scalar: 0), without recursion."""
    depth = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        depth = max(depth, d + 1)
        stack.extend((x, d + 1) for x in v if isinstance(x, (list, dict)))
    return depth


def is_whole(v: Any, low: int | None = -MAX_NUMBER, high: int | None = MAX_NUMBER) -> bool:
    """Whether ``v`` is a whole number (an ``int``: not a bool, float or text) in ``low..high``.

    The one "whole number, not a bool" check of the package. ``None`` leaves
    that end open: ``is_whole(v, None, None)`` is any ``int`` at all.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3"), is_whole(10**7)
    (True, False, False, False, False)
    >>> is_whole(10**7, None, None), is_whole(-1, 0, None)
    (True, False)
    """
    return type(v) is int and (low is None or low <= v) and (high is None or v <= high)


def is_finite_number(v: Any) -> bool:
    """Whether ``v`` is a finite real number (an ``int`` or ``float``, not a bool, NaN or inf),
    as a pixel position from a mouse event must be.

    >>> is_finite_number(2.5), is_finite_number(3), is_finite_number(True), is_finite_number(float("nan"))
    (True, True, False, False)
    >>> is_finite_number(10**400), is_finite_number(float("-inf")), is_finite_number("3")
    (True, False, False)
    """
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    return isinstance(v, int) or math.isfinite(v)       # every int is finite (math.isfinite overflows on huge ones)
