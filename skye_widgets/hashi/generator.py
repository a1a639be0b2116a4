"""Generate classic Hashiwokakero puzzles with a unique solution, by seed and difficulty.

A layout is grown as a solution first: start from one island, then repeatedly
walk straight out of an existing island over open water and put a new island
at the end, joined by one or two bridges (sometimes an extra bridge closes a
loop between two islands already in line of sight). The islands' numbers are
their bridge counts. The exact solver then keeps the puzzle only if it has
exactly one solution and needs the requested kind of reasoning:

====  ========  ==========================================================
 D    name      what solving it needs (see :func:`solver.analyse`)
====  ========  ==========================================================
 1    easy      degree and crossing rules only
 2    medium    + isolation (no group may close itself off)
 3    hard      one guess on top of all the rules (it fails at once), or the
                connectivity rule (a group's only way out must carry a bridge)
 4    expert    longer trial and error (search of 4 or more nodes)
====  ========  ==========================================================

Every random choice comes from ``random.Random(seed)``: the same seed and
difficulty give the same puzzle.

>>> p = generate(1, 1)
>>> p == generate(1, 1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .puzzle import Cell, HashiPuzzle
from .solver import analyse

DIFFICULTY_NAMES = {1: "easy", 2: "medium", 3: "hard", 4: "expert"}

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


def grade(level: int, nodes: int) -> int:
    """Difficulty 1-4 from the deduction level needed and the search nodes used."""
    if level <= 2:
        return level
    return 3 if nodes <= 3 else 4


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


def generate_graded(seed: int, difficulty: int | str = 2, size: int | None = None,
                    n_islands: int | None = None, max_attempts: int = 3000) -> Generated:
    """A puzzle with a unique solution needing exactly the given difficulty's reasoning.

    Raises ValueError when no such puzzle turns up within ``max_attempts`` layouts.
    """
    d = parse_difficulty(difficulty)
    dsize, dn = DEFAULT_SIZES[d]
    size = size or dsize
    n_islands = n_islands or dn
    rng = random.Random(seed)
    for attempt in range(1, max_attempts + 1):
        p = random_layout(rng, size, n_islands)
        if len(p.islands) < max(3, n_islands * 2 // 3):
            continue
        count, nodes, level = analyse(p)
        if count == 1 and grade(level, nodes) == d:
            name = f"{DIFFICULTY_NAMES[d]} {size}x{size} seed {seed}"
            return Generated(HashiPuzzle(p.width, p.height, p.islands, name), seed, d, nodes, attempt)
    raise ValueError(f"no {DIFFICULTY_NAMES[d]} puzzle with a unique solution found in {max_attempts} "
                     f"layouts (seed {seed}, {size}x{size}, {n_islands} islands)")


def generate(seed: int, difficulty: int | str = 2, size: int | None = None,
             n_islands: int | None = None) -> HashiPuzzle:
    """A puzzle with a unique solution of the given difficulty (1-4 or a name), by seed."""
    return generate_graded(seed, difficulty, size, n_islands).puzzle
