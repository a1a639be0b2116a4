"""Generate classic Hashiwokakero puzzles with a unique solution, by seed and difficulty.

A layout is grown as a solution first: start from one island, then repeatedly
walk straight out of an existing island over open water and put a new island
at the end, joined by one or two bridges (sometimes an extra bridge closes a
loop between two islands already in line of sight). The islands' numbers are
their bridge counts. The exact solver then keeps the puzzle only if it has
exactly one solution and exactly the number of islands asked for, and the
ladder of techniques (:mod:`.ladder`, the levels of Simon Tatham's Bridges and
expert above them) grades it at the requested level:

====  ========  ==========================================================
 D    name      the hardest technique a simplest-first walk of hints needs
====  ========  ==========================================================
 1    easy      an island as a whole (its neighbours can take exactly its
                number; or at least one bridge each way)
 2    medium    each connection (without this pair the others fall short)
 3    hard      groups: isolation, a group's only way out, a value that at
                once leaves an island short
 4    expert    a trial (assume, follow the rules to a contradiction), or a
                trial inside a trial
====  ========  ==========================================================

A grid holds at most :func:`max_islands` islands for the generator; a request
beyond it, or one no layout meets within the attempts allowed, raises a
ValueError that says which.

Every random choice comes from ``random.Random(seed)``: the same seed and
difficulty give the same puzzle.

>>> p = generate(1, 1)
>>> p == generate(1, 1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..i18n import pgettext
from .puzzle import Cell, HashiPuzzle
from .ladder import grade as ladder_grade
from .solver import analyse

DIFFICULTY_NAMES = {1: "easy", 2: "medium", 3: "hard", 4: "expert"}


def difficulty_word(level: int) -> str:
    """A difficulty (1-4) in the reader's words; :data:`DIFFICULTY_NAMES` are what a file and the
    command line take.

    >>> difficulty_word(3)
    'hard'
    """
    # Translators: a Hashi puzzle's difficulty, as its heading and the puzzle menus show it.
    words = {1: pgettext("hashi difficulty", "easy"), 2: pgettext("hashi difficulty", "medium"),
             3: pgettext("hashi difficulty", "hard"), 4: pgettext("hashi difficulty", "expert")}
    return words.get(level, str(level))

#: Default grid side and island count per difficulty.
DEFAULT_SIZES = {1: (7, 10), 2: (8, 14), 3: (10, 20), 4: (11, 26)}


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with how it was graded."""

    puzzle: HashiPuzzle
    seed: int
    difficulty: int
    nodes: int          # search nodes the solver needed (1 = none)
    attempts: int       # layouts tried before this one


def parse_difficulty(d: int | str) -> int:
    """``2``, ``"2"`` or ``"medium"`` -> 2 (raises ValueError otherwise)."""
    if isinstance(d, str):
        d = d.strip().lower()
        for k, name in DIFFICULTY_NAMES.items():
            if d == name:
                return k
        if not d.isdigit():
            raise ValueError(f"unknown difficulty {d!r}: use 1-4 or {', '.join(DIFFICULTY_NAMES.values())}")
        d = int(d)
    if d not in DIFFICULTY_NAMES:
        raise ValueError(f"difficulty must be 1-4, got {d}")
    return d


def grade(puzzle: HashiPuzzle) -> int:
    """Difficulty 1-4 of a puzzle with one solution: the hardest rung of :mod:`.ladder` its
    hint walk needs (5: the ladder cannot finish it, e.g. more than one solution)."""
    return ladder_grade(puzzle)


def max_islands(size: int) -> int:
    """The most islands the generator places on a ``size`` x ``size`` grid (islands are kept
    apart, and bridges need water): about three quarters of ``size`` to the power 1.5."""
    return max(2, int(0.75 * size ** 1.5))


def default_islands(difficulty: int, size: int | None) -> tuple[int, int]:
    """``(size, islands)`` by default: the level's own, or for another size as many per
    cell, up to :func:`max_islands` on grids up to 16 x 16 and a share 16 / ``size`` of it
    above (dense big layouts seldom have one solution)."""
    dsize, dn = DEFAULT_SIZES[difficulty]
    if size is None or size == dsize:
        return dsize, dn
    cap = max_islands(size) * min(1.0, 16 / size)
    return size, max(2, min(round(cap), round(dn * size * size / (dsize * dsize))))


#: Steps ``(drow, dcol)`` north, east, south, west: the layout is grown in ``(row, col)`` (the order
#: its random choices were made in since the first version, so a seed gives the same puzzle) and
#: turned into the puzzle's ``(x, y)`` at the end.
_STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


def random_layout(rng: random.Random, size: int, n_islands: int, double_rate: float = 0.35,
                  loop_rate: float = 0.15) -> HashiPuzzle:
    """A random connected bridge network on a ``size`` x ``size`` grid, as a puzzle."""
    islands: dict[Cell, int] = {}
    used: set[Cell] = set()          # water cells under a bridge
    start = (rng.randrange(size), rng.randrange(size))
    islands[start] = 0
    order = [start]
    stuck = 0
    while len(islands) < n_islands and stuck < 400:
        a = rng.choice(order)
        dr, dc = rng.choice(_STEPS)
        length = rng.randint(2, max(2, size // 2))
        path = []
        r, c = a
        ok = True
        for _ in range(length):
            r, c = r + dr, c + dc
            if not (0 <= r < size and 0 <= c < size) or (r, c) in islands or (r, c) in used:
                ok = False
                break
            path.append((r, c))
        if not ok or len(path) < 2:
            stuck += 1
            continue
        b = path[-1]
        # keep islands apart so every one is easy to tell from its neighbours
        if any((b[0] + er, b[1] + ec) in islands for er, ec in _STEPS):
            stuck += 1
            continue
        k = 2 if rng.random() < double_rate else 1
        islands[a] += k
        islands[b] = k
        used.update(path[:-1])
        order.append(b)
        stuck = 0
        if rng.random() < loop_rate:
            _add_loop(rng, islands, used, b, size)
    return HashiPuzzle(size, size, {(c, r): k for (r, c), k in islands.items() if k}) if len(islands) > 1 \
        else HashiPuzzle(size, size, {})


def _add_loop(rng: random.Random, islands: dict[Cell, int], used: set[Cell], a: Cell, size: int) -> None:
    """Join ``a`` to another island in clear line of sight by one bridge (closing a loop)."""
    dirs = list(_STEPS)
    rng.shuffle(dirs)
    for dr, dc in dirs:
        r, c = a[0] + dr, a[1] + dc
        path = []
        while 0 <= r < size and 0 <= c < size and (r, c) not in islands and (r, c) not in used:
            path.append((r, c))
            r, c = r + dr, c + dc
        if (r, c) in islands and path and islands[(r, c)] <= 6 and islands[a] <= 6:
            islands[a] += 1
            islands[(r, c)] += 1
            used.update(path)
            return


#: Layouts are grown with these rates of double bridges and loops (one pair per attempt,
#: chosen by the seed's generator): more variety, more puzzles that need trials.
_RATES = ((0.35, 0.15), (0.2, 0.1), (0.5, 0.2), (0.35, 0.35))


def generate_graded(seed: int, difficulty: int | str = 2, size: int | None = None,
                    n_islands: int | None = None, max_attempts: int | None = None) -> Generated:
    """A puzzle with a unique solution, exactly ``n_islands`` islands, graded at the given
    difficulty by :mod:`.ladder`.

    Raises ValueError (one sentence) when the grid cannot hold that many islands, or
    when no such puzzle turns up within ``max_attempts`` layouts (by default 3000, fewer on
    grids above 15 x 15, where a layout takes longer: the answer comes within minutes).
    """
    d = parse_difficulty(difficulty)
    if n_islands is None:
        size, n_islands = default_islands(d, size)
    elif size is None:
        size = DEFAULT_SIZES[d][0]
    most = max_islands(size)
    if max_attempts is None:
        max_attempts = 3000 if size <= 15 else max(300, 3000 * 15 * 15 // (size * size))
    if n_islands < 2 or n_islands > most:
        raise ValueError(f"a {size}x{size} grid holds 2 to {most} islands for the generator (islands are kept "
                         f"apart and bridges need water), not {n_islands}: ask for fewer islands or a bigger grid")
    rng = random.Random(seed)
    placed = unique = 0
    for attempt in range(1, max_attempts + 1):
        double_rate, loop_rate = _RATES[rng.randrange(len(_RATES))]
        p = random_layout(rng, size, n_islands, double_rate, loop_rate)
        if len(p.islands) != n_islands:
            continue
        placed += 1
        count, nodes, _level = analyse(p)
        if count != 1:
            continue
        unique += 1
        if grade(p) == d:
            name = f"{DIFFICULTY_NAMES[d]} {size}x{size} seed {seed}"
            return Generated(HashiPuzzle(p.width, p.height, p.islands, name), seed, d, nodes, attempt)
    if not placed:
        raise ValueError(f"no layout of {max_attempts} placed exactly {n_islands} islands on a {size}x{size} grid "
                         f"(seed {seed}): ask for fewer islands or a bigger grid")
    raise ValueError(f"none of the {unique} layouts with one solution and {n_islands} islands on a {size}x{size} "
                     f"grid (of {max_attempts} tried, seed {seed}) needs exactly {DIFFICULTY_NAMES[d]} techniques: "
                     f"try another seed, size or number of islands")


def generate(seed: int, difficulty: int | str = 2, size: int | None = None,
             n_islands: int | None = None) -> HashiPuzzle:
    """A puzzle with a unique solution of the given difficulty (1-4 or a name), by seed."""
    return generate_graded(seed, difficulty, size, n_islands).puzzle
