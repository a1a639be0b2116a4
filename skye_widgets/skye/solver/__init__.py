"""An exact solver for Isle of Skye placement puzzles.

:func:`solve` tries every legal way to place the whole hand — any order, every
legal cell, every rotation; a tile goes back to the bag only when nothing left
in the hand fits anywhere (the Build phase) — and maximises the objective.
It returns the optimum, how many distinct final territories reach it (all of
them, or up to ``max_optima``: ``max_optima=1`` only proves the optimum and keeps
one witness, what checks and hints need) and one solution in a legal placement order.

How it stays fast (details in ``docs/puzzles.md``):

* **Order independence.** The future of a search node depends only on *which*
  placements are on the board, not their order, so every node is keyed by a
  Zobrist hash of its set of placements and expanded once (while the memo, bounded
  by ``search.MEMO_ENTRIES``, holds it: a node dropped is only expanded again, and
  a final territory is counted once all the same). Legality still
  follows the order: a child is generated only from a node where the tile is
  legal, so a tile that becomes legal only next to an earlier one is found.
* **Commuting placements.** After tile *i*, a tile of a lower index goes only on
  a cell the last placement opened: any legal order can be sorted into one that
  obeys this (two placements legal before either is made commute), so no final
  territory is lost; the memo then keys a node by its set and its last placement.
* **Symmetric duplicates.** A tile whose quarter turn gives the same sides,
  areas, roads and icons (say an all-water tile) is tried in one rotation of
  each class; final territories are counted in that canonical form.
* **Bounds.** Each objective term has a sound upper bound from the board so far
  plus what the tiles left could add; a node whose bound is below the best
  found so far is cut (equal is kept, so every optimal territory is counted).
  The search starts from the greedy score as its first "best". With three tiles
  left most children are bounded from their parent before they are built (the
  pair bound from the parent's figures; a road tile far from the castle's reach).
* **Incremental scoring.** A light board (areas and roads as union-find
  components with running totals) counts the quantities the scoring tiles
  count (:data:`.scoring_tiles.QUANTITIES`) and scores a node in microseconds
  with the one table of scoring tiles (VP per unit, majorities); its results
  are checked against :mod:`..scoring` in the tests, and every solution is
  re-scored with :func:`..puzzles.evaluate` before it is returned.

One module per concern, each opening with what it proves; each imports only those above it
in this list (the lowest first):

* :mod:`.board`: the fast board (tiles in one orientation, symmetric rotations, running
  totals) and the objective's points on it;
* :mod:`.hand`: the tiles in hand in every rotation, and what they can add at most;
* :mod:`.squares`: the most 2 x 2 squares a few more tiles can make;
* :mod:`.roads`: road reach, what new road tiles can still connect to the castle;
* :mod:`.dead_cells`: cells no tile of the hand fits, areas that can never close;
* :mod:`.bounds`: the bound of each objective term, whatever the tiles left;
* :mod:`.last_tiles`: :func:`upper_bound`, tighter with one, two or three tiles left;
* :mod:`.search`: :func:`solve`, :func:`greedy`, :func:`check_file`;
* :mod:`.grade`: how hard a puzzle is for a person, from the solver's work.

This package's face hands on the names the rest of the project uses; the private helpers
are imported from their own modules.

>>> from skye_widgets.skye.territory import Territory
>>> from skye_widgets.skye.puzzles import Objective
>>> r = solve(Territory("castle-blue"), [3], Objective(scoring_tiles=(3,)))
>>> r.optimum, r.optimal_territories > 0
(0, True)
"""

from __future__ import annotations

from ...limits import MAX_PUZZLE_HAND
from .board import (FEATURES, NEAR_CELLS, QUANTITY_FEATURE, SLOT, Board, Cell, Oriented, board_count, board_value,
                    canonical_rotation, canonical_rotations, features_for, orient, rotation_signature, totals_value)
from .dead_cells import first_doomed
from .last_tiles import three_left_bound, two_left_bound, upper_bound
from .search import (HandTooLargeError, Solution, check_file, greedy, root_bound, solve, start_choices,
                     verify_optimum)
from .grade import grade

__all__ = ["MAX_PUZZLE_HAND", "FEATURES", "NEAR_CELLS", "QUANTITY_FEATURE", "SLOT", "Board", "Cell", "HandTooLargeError", "Oriented",
           "Solution", "board_count", "board_value", "canonical_rotation", "canonical_rotations", "check_file",
           "features_for", "first_doomed", "grade", "greedy", "orient", "root_bound", "rotation_signature", "solve",
           "start_choices", "three_left_bound", "totals_value", "two_left_bound", "upper_bound", "verify_optimum"]
