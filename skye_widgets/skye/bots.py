"""Isle of Skye bots: random, greedy, a stronger "planner" and the search bot "strong".

Every bot has the protocol's ``choose(state) -> action`` and takes a ``seed``
(its only source of randomness is ``random.Random(seed)``). ``state`` is an
:class:`~.game.Observation` (the bot plays for its player) or a game (the bot
plays for ``state.current_player()``). A bot decides only from what its seat
may know: it first turns a game into ``state.observation(player)``
(public facts, its own gold and decision, the others' gold as the public events
tell it) and never reads the game itself.

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`GreedyBot` values a tile by what it adds, at its best placement, under
  the scoring tiles still to come this game (each weighted by how many times
  it will still be scored), plus scrolls and whisky income; it discards its
  least valuable tile, prices the others at their value, buys the offer with
  the best value for the money and places each tile where it adds most now.
* :class:`PlannerBot` uses the same evaluation plus credit for areas close to
  completion, and plays the market: it values gold by what it is still worth
  (buying power, final VP, the gold majority tile), prices each tile against
  what the opponents would pay for it (selling brings the price twice), and
  counts the money a purchase hands to the seller.

The evaluation does not call :mod:`.scoring` for every candidate placement (that
builds networkx graphs: see ``benchmarks/bench_skye_core.py`` for the figures); it
counts the quantities the scoring tiles count (:data:`.scoring_tiles.QUANTITIES`)
with a small union-find over the territory's tile areas and roads, and turns them
into points with the one table of scoring tiles
(:func:`.scoring_tiles.points_from_counts`). Its numbers match :mod:`.scoring`
(a property test checks this on random territories).

>>> from . import play_game
>>> g = play_game([GreedyBot(seed=1), RandomBot(seed=2)], seed=1)
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..errors import BadConfigError, GameOverError
from ..i18n import _
from ..limits import short
from ..protocol import explained_choice
from .game import Action, Buy, GameState, Observation, Pass, Place, SetPrices
from .scoring_tiles import (MAJORITY_QUANTITY, ROUND_TRACK, broch_points, majority_points, points_from_counts,
                            scroll_value)
from .tiles import SIDE_OFFSETS, Scroll, Terrain, tile as get_tile

Cell = tuple[int, int]

# --------------------------------------------------------------------------
# Fast territory features
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _TileInfo:
    side_area: tuple[int, int, int, int]       # area index of each printed side
    terrains: tuple[Terrain, ...]              # per area
    brochs: tuple[int, ...]                    # per area
    ships: tuple[int, ...]
    lighthouses: tuple[int, ...]
    scrolls: tuple[Scroll | None, ...]
    side_net: tuple[int | None, ...]           # road network leaving each printed side
    n_nets: int
    sheep: int
    cattle: int
    whisky: bool
    broch: int
    farm: int
    lighthouse: int
    ship_count: int


@lru_cache(maxsize=None)
def _info(tile_id: str) -> _TileInfo:
    t = get_tile(tile_id)
    nets: list[int | None] = [None] * 4
    for k, net in enumerate(t.roads):
        for s in net:
            nets[s] = k
    ic = t.icons
    return _TileInfo(
        side_area=tuple(t.area_of_side(s) for s in range(4)),  # type: ignore[arg-type]
        terrains=tuple(a.terrain for a in t.areas),
        brochs=tuple(a.icons.broch for a in t.areas),
        ships=tuple(a.icons.ships for a in t.areas),
        lighthouses=tuple(a.icons.lighthouse for a in t.areas),
        scrolls=tuple(a.icons.scroll for a in t.areas),
        side_net=tuple(nets), n_nets=len(t.roads),
        sheep=ic.sheep, cattle=ic.cattle, whisky=bool(ic.whisky), broch=ic.broch,
        farm=ic.farm, lighthouse=ic.lighthouse, ship_count=ic.ships)


@dataclass
class Features:
    """What the scoring tiles read from a territory (see :mod:`.scoring`)."""

    points: dict[int, int]          # non-majority scoring tile -> points now (scoring_tiles.points_from_counts)
    whisky_tiles: int
    ships: int
    scroll_points: int
    connected_whisky: int           # whisky tiles connected to the castle by road (income)
    near_complete: float            # open areas weighted by how close they are to completion
    open_mountain: float
    open_water: float


def _link(infos: dict[Cell, tuple[Any, int]]) -> tuple[dict, dict, dict]:
    """Join areas and road networks across shared sides (union-find).

    Returns ``area_root`` ({(cell, area index): root}), ``areas``
    ({root: [terrain, cells, open sides, brochs, ships, lighthouses, scrolls]})
    and ``net_root`` ({(cell, network index): root}).
    """
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    nparent: dict[tuple[Cell, int], tuple[Cell, int]] = {}

    def find(pa: dict, a: tuple[Cell, int]) -> tuple[Cell, int]:
        while pa[a] != a:
            pa[a] = pa[pa[a]]
            a = pa[a]
        return a

    opens: dict[tuple[Cell, int], int] = {}
    for c, (inf, r) in infos.items():
        for i in range(len(inf.terrains)):
            parent[(c, i)] = (c, i)
        for k in range(inf.n_nets):
            nparent[(c, k)] = (c, k)
    for c, (inf, r) in infos.items():
        x, y = c
        for d in range(4):
            dx, dy = SIDE_OFFSETS[d]
            n = (x + dx, y + dy)
            mine = inf.side_area[(d - r) % 4]
            other = infos.get(n)
            if other is None:
                opens[(c, mine)] = opens.get((c, mine), 0) + 1
                continue
            if n < c:
                continue
            oinf, orr = other
            opp = (d + 2) % 4
            ra, rb = find(parent, (c, mine)), find(parent, (n, oinf.side_area[(opp - orr) % 4]))
            if ra != rb:
                parent[ra] = rb
            mnet = inf.side_net[(d - r) % 4]
            if mnet is not None:
                onet = oinf.side_net[(opp - orr) % 4]
                if onet is not None:
                    na, nb = find(nparent, (c, mnet)), find(nparent, (n, onet))
                    if na != nb:
                        nparent[na] = nb
    area_root = {node: find(parent, node) for node in parent}
    areas: dict[tuple[Cell, int], list[Any]] = {}
    for node, root in area_root.items():
        c, i = node
        inf = infos[c][0]
        rec = areas.get(root)
        if rec is None:
            rec = areas[root] = [inf.terrains[i], set(), 0, 0, 0, 0, []]
        rec[1].add(c)
        rec[2] += opens.get(node, 0)
        rec[3] += inf.brochs[i]
        rec[4] += inf.ships[i]
        rec[5] += inf.lighthouses[i]
        if inf.scrolls[i] is not None:
            rec[6].append(inf.scrolls[i])
    net_root = {node: find(nparent, node) for node in nparent}
    return area_root, areas, net_root


def features(cells: dict[Cell, tuple[str, int]], castle: Cell = (0, 0)) -> Features:
    """Scoring quantities of a territory given as ``{cell: (tile id, rotation)}``
    (counted from scratch; :meth:`TerritoryEval.with_tile` adds one tile to them)."""
    return TerritoryEval(cells, castle).features()


def _column_lines(ys: Iterable[int]) -> int:
    """Maximal vertical runs of at least 3 tiles in one column."""
    ys = sorted(ys)
    lines, run = 0, 1
    for a, b in zip(ys, ys[1:]):
        if b == a + 1:
            run += 1
        else:
            lines += run >= 3
            run = 1
    return lines + (run >= 3 if ys else 0)


def _area_contrib(terrain: Terrain, size: int, opn: int, b: int, s: int, lh: int) -> tuple[int, int, int, int, int, float, float, float]:
    """(completed, big completed, completed mountains, broch points, harbours,
    near, open mountain, open water) of one area: its share of the counted quantities."""
    if opn == 0:
        done, big, mnt = 1, int(size >= 3), int(terrain is Terrain.MOUNTAIN)
        near = om = ow = 0.0
    else:
        done = big = mnt = 0
        near = 1.0 / opn
        om = near if terrain is Terrain.MOUNTAIN else 0.0
        ow = near * size if terrain is Terrain.WATER else 0.0
    br = broch_points(b) if terrain is Terrain.MOUNTAIN else 0
    hb = 1 if (terrain is Terrain.WATER and s and lh) else 0
    return done, big, mnt, br, hb, near, om, ow


class TerritoryEval:
    """A territory's scoring quantities, ready to tell those of the territory
    plus one more tile in O(1) (:meth:`with_tile`) — what bots do for every
    candidate placement. :func:`features` is the plain recomputation."""

    def __init__(self, cells: dict[Cell, tuple[str, int]], castle: Cell = (0, 0)) -> None:
        self.cells = cells
        self.castle = castle
        infos = self.infos = {c: (_info(tid), r) for c, (tid, r) in cells.items()}
        self.area_root, areas, self.net_root = _link(infos)
        self.areas = areas
        tot = [0, 0, 0, 0, 0, 0.0, 0.0, 0.0]
        self.contrib: dict[tuple[Cell, int], tuple] = {}
        for root, (terrain, cs, opn, b, sh, lh, _rest) in areas.items():
            con = _area_contrib(terrain, len(cs), opn, b, sh, lh)
            self.contrib[root] = con
            for j in range(8):
                tot[j] += con[j]
        self.area_totals = tot
        self.done_water = [(len(rec[1]), root) for root, rec in areas.items()
                           if rec[0] is Terrain.WATER and rec[2] == 0]
        self.scrolls = [(sc, root) for root, rec in areas.items() for sc in rec[6]]
        # roads
        comp_cells: dict[tuple[Cell, int], set[Cell]] = {}
        for (c, k), root in self.net_root.items():
            comp_cells.setdefault(root, set()).add(c)
        self.comp_cells = comp_cells
        self.castle_roots = ({self.net_root[(castle, k)] for k in range(infos[castle][0].n_nets)}
                             if castle in infos else set())
        conn = {castle}
        for root in self.castle_roots:
            conn |= comp_cells[root]
        self.conn = conn
        # icons
        self.sheep = self.cattle = self.whisky = self.broch = self.farm = self.lh = self.ships = 0
        self.farms: set[Cell] = set()
        self.conn_cattle = self.conn_whisky = 0
        for c, (inf, r) in infos.items():
            self.sheep += inf.sheep
            self.cattle += inf.cattle
            self.broch += inf.broch
            self.lh += inf.lighthouse
            self.ships += inf.ship_count
            if inf.farm:
                self.farm += inf.farm
                self.farms.add(c)
            if inf.whisky:
                self.whisky += 1
                if c in conn and c != castle:
                    self.conn_whisky += 1
            if inf.cattle and c in conn:
                self.conn_cattle += inf.cattle
        self.animals = sum(inf.sheep + inf.cattle for c, (inf, r) in infos.items() if self._near_farm(c))
        self.squares = sum(1 for (x, y) in infos
                           if (x + 1, y) in infos and (x, y + 1) in infos and (x + 1, y + 1) in infos)
        cols: dict[int, list[int]] = {}
        for (x, y) in infos:
            cols.setdefault(x, []).append(y)
        self.cols = cols
        self.col_lines = {x: _column_lines(ys) for x, ys in cols.items()}
        self.lines = sum(self.col_lines.values())

    def _near_farm(self, cell: Cell, farms: set[Cell] | None = None) -> bool:
        x, y = cell
        fs = self.farms if farms is None else farms
        return any((x + dx, y + dy) in fs for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    def features(self) -> Features:
        """The features of the territory itself."""
        return self._make(self.area_totals, max((sz for sz, _ in self.done_water), default=0),
                          [(sc, self.areas[root][2] == 0) for sc, root in self.scrolls],
                          self.sheep, self.cattle, self.whisky, self.broch, self.farm, self.lh, self.ships,
                          self.animals, self.conn_cattle, len(self.conn), self.conn_whisky,
                          self.squares, self.lines)

    @staticmethod
    def _make(tot: Sequence[float], water_best: int, scroll_state: list[tuple[Scroll, bool]],
              sheep: int, cattle: int, whisky: int, broch: int, farm: int, lh: int, ships: int,
              animals: int, conn_cattle: int, n_conn: int, conn_whisky: int, squares: int, lines: int) -> Features:
        icons = {"sheep": sheep, "whisky_tiles": whisky, "ships": ships, "cattle": cattle, "broch": broch,
                 "farm": farm, "lighthouse": lh}
        scroll_pts = sum(scroll_value(sc, icons) * (2 if done else 1) for sc, done in scroll_state)
        points = points_from_counts({
            "squares": squares, "completed_areas": int(tot[0]), "sheep": sheep,
            "large_completed_areas": int(tot[1]), "broch_points": int(tot[3]),
            "building_sets": min(broch, farm, lh), "animals_at_farms": animals, "cattle_on_road": conn_cattle,
            "harbours": int(tot[4]), "tiles_on_road": n_conn - 1, "vertical_lines": lines,
            "largest_completed_water": water_best, "completed_mountain_areas": int(tot[2])})
        return Features(points, whisky, ships, scroll_pts, conn_whisky, tot[5], tot[6], tot[7])

    def with_tile(self, tile: str, x: int, y: int, r: int) -> Features:
        """The features after placing ``tile`` at (x, y) with rotation r (not checked)."""
        inf = _info(tile)
        infos = self.infos
        c = (x, y)
        # -- areas: new tile areas ('n', i) and touched base roots ('b', root)
        new_open = [0] * len(inf.terrains)
        dec: dict[tuple[Cell, int], int] = {}
        links: list[tuple[int, tuple[Cell, int]]] = []
        touched_nets: list[tuple[int, tuple[Cell, int]]] = []
        for d in range(4):
            dx, dy = SIDE_OFFSETS[d]
            n = (x + dx, y + dy)
            mine = inf.side_area[(d - r) % 4]
            other = infos.get(n)
            if other is None:
                new_open[mine] += 1
                continue
            oinf, orr = other
            opp = (d + 2) % 4
            root = self.area_root[(n, oinf.side_area[(opp - orr) % 4])]
            dec[root] = dec.get(root, 0) + 1
            links.append((mine, root))
            mnet = inf.side_net[(d - r) % 4]
            if mnet is not None:
                onet = oinf.side_net[(opp - orr) % 4]
                if onet is not None:
                    touched_nets.append((mnet, self.net_root[(n, onet)]))
        par: dict[Any, Any] = {("n", i): ("n", i) for i in range(len(inf.terrains))}
        for root in dec:
            par[("b", root)] = ("b", root)

        def find(a: Any) -> Any:
            while par[a] != a:
                a = par[a]
            return a

        for i, root in links:
            ra, rb = find(("n", i)), find(("b", root))
            if ra != rb:
                par[ra] = rb
        groups: dict[Any, list[Any]] = {}
        for key in par:
            g = find(key)
            rec = groups.get(g)
            if rec is None:
                rec = groups[g] = [None, {c}, 0, 0, 0, 0, []]
            if key[0] == "n":
                i = key[1]
                rec[0] = inf.terrains[i]
                rec[2] += new_open[i]
                rec[3] += inf.brochs[i]
                rec[4] += inf.ships[i]
                rec[5] += inf.lighthouses[i]
                if inf.scrolls[i] is not None:
                    rec[6].append(inf.scrolls[i])
            else:
                b = self.areas[key[1]]
                rec[0] = b[0]
                rec[1] = rec[1] | b[1]
                rec[2] += b[2] - dec[key[1]]
                rec[3] += b[3]
                rec[4] += b[4]
                rec[5] += b[5]
        tot = list(self.area_totals)
        for root in dec:
            con = self.contrib[root]
            for j in range(8):
                tot[j] -= con[j]
        water_best = max((sz for sz, root in self.done_water if root not in dec), default=0)
        group_done: dict[Any, bool] = {}
        for g, (terrain, cs, opn, b, sh, lh, scr) in groups.items():
            con = _area_contrib(terrain, len(cs), opn, b, sh, lh)
            for j in range(8):
                tot[j] += con[j]
            group_done[g] = opn == 0
            if opn == 0 and terrain is Terrain.WATER and len(cs) > water_best:
                water_best = len(cs)
        scroll_state = [(sc, group_done[find(("b", root))] if root in dec else self.areas[root][2] == 0)
                        for sc, root in self.scrolls]
        for g, rec in groups.items():
            for sc in rec[6]:
                scroll_state.append((sc, group_done[g]))
        # -- roads
        n_conn, conn_cattle, conn_whisky = len(self.conn), self.conn_cattle, self.conn_whisky
        by_net: dict[int, set[tuple[Cell, int]]] = {}
        for k, root in touched_nets:
            by_net.setdefault(k, set()).add(root)
        added: set[Cell] = set()
        for roots in by_net.values():
            if roots & self.castle_roots:
                added.add(c)
                for root in roots - self.castle_roots:
                    added |= self.comp_cells[root] - self.conn
        for cell in added:
            ci = inf if cell == c else infos[cell][0]
            n_conn += 1
            conn_cattle += ci.cattle
            conn_whisky += ci.whisky
        # -- icons, farms, squares, lines
        animals = self.animals
        if inf.sheep + inf.cattle and (inf.farm or self._near_farm(c)):
            animals += inf.sheep + inf.cattle
        if inf.farm:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    nb = (x + dx, y + dy)
                    o = infos.get(nb)
                    if o is not None and (o[0].sheep + o[0].cattle) and not self._near_farm(nb):
                        animals += o[0].sheep + o[0].cattle
        squares = self.squares
        for (sx, sy) in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if all(q == c or q in infos for q in ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))):
                squares += 1
        lines = self.lines - self.col_lines.get(x, 0) + _column_lines(self.cols.get(x, []) + [y])
        return self._make(tot, water_best, scroll_state,
                          self.sheep + inf.sheep, self.cattle + inf.cattle, self.whisky + inf.whisky,
                          self.broch + inf.broch, self.farm + inf.farm, self.lh + inf.lighthouse,
                          self.ships + inf.ship_count, animals, conn_cattle, n_conn, conn_whisky, squares, lines)


def territory_cells(territory: Any) -> dict[Cell, tuple[str, int]]:
    """``{cell: (tile id, rotation)}`` of a :class:`~.territory.Territory`."""
    return {c: (p.tile, p.rotation) for c, p in territory.placements.items()}


def _majority(mine: int, others: Sequence[int]) -> int:
    """5 / 2 / 0 for ``mine`` under the majority rules (scoring_tiles.majority_points)."""
    return majority_points([mine, *others])[0]


# --------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------

@dataclass
class Context:
    """What a bot's evaluation needs from the state for one player."""

    player: int
    weights: dict[int, int]            # scoring tile -> times still to be scored (this round included)
    rounds_left: int                   # income rounds still to come after this one
    opp_whisky: list[int]
    opp_ships: list[int]
    near_weight: float = 0.0           # credit for open areas (planner only)


def remaining_weights(state: GameState | Observation) -> dict[int, int]:
    """Scoring tile number -> how many more times it will be scored (this round included)."""
    track = ROUND_TRACK[state.n_players]
    w: dict[int, int] = {}
    for r in range(state.round_no, state.n_rounds + 1):
        for slot in track[r]:
            n = state.scoring[slot]
            w[n] = w.get(n, 0) + 1
    return w


def make_context(state: GameState | Observation, player: int, near_weight: float = 0.0,
                 opp_feats: Sequence[Features] | None = None) -> Context:
    """The evaluation context of ``player`` in ``state`` (scoring weights still to come, opponents)."""
    others = [q for q in range(state.n_players) if q != player]
    if opp_feats is None:
        opp_feats = [territory_eval(state.territories[q]).features() for q in others]
    return Context(player, remaining_weights(state), state.n_rounds - state.round_no,
                   [f.whisky_tiles for f in opp_feats], [f.ships for f in opp_feats], near_weight)


def evaluate(f: Features, ctx: Context) -> float:
    """VP the territory is expected to bring from now on (the higher the better)."""
    v = float(f.scroll_points)
    pts = f.points
    opp = {"whisky_tiles": ctx.opp_whisky, "ships": ctx.opp_ships}
    for n, k in ctx.weights.items():
        q = MAJORITY_QUANTITY.get(n)
        if q is None:
            v += k * pts[n]
        elif q in opp:                 # whisky tiles, ships: the features count them (gold is not valued here)
            v += k * _majority(getattr(f, q), opp[q])
    # whisky income: about 1 gold a round ~ 0.25 VP
    v += 0.25 * f.connected_whisky * ctx.rounds_left
    if ctx.near_weight:
        area_tiles = sum(k for n, k in ctx.weights.items() if n in (2, 4))
        v += ctx.near_weight * (f.near_complete * (0.5 + area_tiles)
                                + f.open_mountain * 2 * ctx.weights.get(16, 0)
                                + f.open_water * ctx.weights.get(15, 0))
    return v


_EVAL_CACHE: dict[tuple[int, int, Any], TerritoryEval] = {}


def territory_eval(territory: Any) -> TerritoryEval:
    """A (cached) :class:`TerritoryEval` of ``territory`` as it is now."""
    last = next(reversed(territory.placements.values()))
    key = (id(territory), len(territory), last)
    te = _EVAL_CACHE.get(key)
    if te is None or te.cells != territory_cells(territory):
        if len(_EVAL_CACHE) > 256:
            _EVAL_CACHE.clear()
        te = _EVAL_CACHE[key] = TerritoryEval(territory_cells(territory), territory.castle.cell)
    return te


def best_placement(territory: Any, tile: str, ctx: Context,
                   placements: Iterable[tuple[int, int, int]] | None = None) -> tuple[float, tuple[int, int, int] | None]:
    """(value after placing, best (x, y, rotation)); (-inf, None) when it fits nowhere."""
    te = territory_eval(territory)
    best_v, best_p = float("-inf"), None
    for (x, y, r) in (placements if placements is not None else territory.legal_placements(tile)):
        v = evaluate(te.with_tile(tile, x, y, r), ctx)
        if v > best_v:
            best_v, best_p = v, (x, y, r)
    return best_v, best_p


def base_value(territory: Any, ctx: Context) -> float:
    """The evaluation of the territory as it is."""
    return evaluate(territory_eval(territory).features(), ctx)


def tile_gain(territory: Any, tile: str, ctx: Context, base: float | None = None) -> float:
    """VP ``tile`` adds at its best placement (0 if it fits nowhere)."""
    if base is None:
        base = base_value(territory, ctx)
    v, p = best_placement(territory, tile, ctx)
    return 0.0 if p is None else v - base


# --------------------------------------------------------------------------
# Bots
# --------------------------------------------------------------------------

class Bot:
    """Base: a seeded bot with the protocol's ``choose(state) -> action``."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(f"{self.name}-{seed}")

    def choose(self, state: GameState | Observation) -> Action:
        """The action the player to decide plays (always one of their legal
        actions), decided from their observation only: ``state`` is that
        observation, or a game, whose ``current_player()`` then decides."""
        if isinstance(state, Observation):
            return self.decide(state, state.player)
        player = state.current_player()
        if player < 0:
            raise GameOverError(_("The game is over: there is nothing to choose."))
        return self.decide(state.observation(player), player)

    def choose_explained(self, state: GameState | Observation) -> tuple[Action, Any]:
        """``(action, explanation)``: the action :meth:`choose` plays (the bot moves on the
        same way) and an :class:`~skye_widgets.protocol.Explanation` of why, from the same
        observation (:func:`.explain.explain`, registered with :func:`~skye_widgets.protocol.explained_choice`).
        ``choose`` itself never explains."""
        return explained_choice(self, state)

    def decide(self, state: Observation, player: int) -> Action:  # pragma: no cover - abstract
        """The action ``player`` plays, from ``player``'s observation."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def decide(self, state: Observation, player: int) -> Action:
        """A uniformly random legal action."""
        return state.random_action(self.rng, player)


class GreedyBot(Bot):
    """Values tiles by what they add under the scoring tiles still to come."""

    name = "greedy"
    #: VP one gold is worth when buying.
    gold_vp = 0.3
    near_weight = 0.0

    def context(self, state: GameState | Observation, player: int) -> Context:
        """The evaluation context for ``player`` now."""
        return make_context(state, player, self.near_weight)

    def decide(self, state: Observation, player: int) -> Action:
        """Dispatch on the phase: prices, buy or place (each reads only ``player``'s observation)."""
        if state.phase == "prices":
            return self.choose_prices(state, player)
        if state.phase == "buy":
            return self.choose_buy(state, player)
        return self.choose_place(state, player)

    # -- phase 2
    def choose_prices(self, state: GameState | Observation, player: int) -> SetPrices:
        """Discard the least valuable drawn tile and price the others."""
        state = state.observation(player)
        ctx = self.context(state, player)
        terr = state.territories[player]
        tiles = list(state.displays[player])
        base = base_value(terr, ctx)
        values = {t: tile_gain(terr, t, ctx, base) for t in tiles}
        discard = min(tiles, key=lambda t: (values[t], self.rng.random()))
        kept = [t for t in tiles if t != discard]
        return SetPrices(player, discard, self.prices_for(state, player, kept, values))

    def prices_for(self, state: GameState | Observation, player: int, kept: list[str], values: dict[str, float]) -> tuple[tuple[str, int], ...]:
        """The gold to put on each kept tile: its value (at least 1), fitted to the gold in hand."""
        gold = state.gold[player]
        want = {t: max(1, round(values[t])) for t in kept}
        return _fit_budget(kept, want, gold)

    # -- phase 4
    def choose_buy(self, state: GameState | Observation, player: int) -> Action:
        """Buy the offer with the best value for the money, or pass."""
        state = state.observation(player)
        ctx = self.context(state, player)
        base = base_value(state.territories[player], ctx)
        best: tuple[float, Action] = (0.0, Pass(player))
        for a in state.legal_actions(player):
            if isinstance(a, Buy):
                u = self.buy_value(state, player, ctx, base, a)
                if u > best[0]:
                    best = (u, a)
        return best[1]

    def buy_value(self, state: GameState | Observation, player: int, ctx: Context, base: float, a: Buy) -> float:
        """What buying ``a`` is worth to ``player``: the tile's value less the gold (bought if above 0)."""
        return tile_gain(state.territories[player], a.tile, ctx, base) - self.gold_vp * state.prices[a.seller][a.tile]

    # -- phase 5
    def choose_place(self, state: GameState | Observation, player: int) -> Place:
        """Place the tile where it adds most now."""
        state = state.observation(player)
        ctx = self.context(state, player)
        terr = state.territories[player]
        best: tuple[float, Place | None] = (float("-inf"), None)
        for t in state.to_build[player]:
            pl = state.placements_for(player, t)
            if not pl:
                continue
            v, p = best_placement(terr, t, ctx, pl)
            if p is not None and v > best[0]:
                best = (v, Place(player, t, *p))
        assert best[1] is not None, "the game only asks for a placement when one exists"
        return best[1]


def _price_plans(kept: list[str], gold: int, levels: Sequence[int]) -> list[tuple[tuple[str, int], ...]]:
    """Every combination of price levels for the kept tiles that fits the gold."""
    if len(kept) == 2:
        a, b = kept
        return [((a, pa), (b, pb)) for pa in levels for pb in levels if pa + pb <= gold]
    if len(kept) == 1:
        return [((kept[0], p),) for p in levels if p <= gold]
    return [()]


def _fit_budget(kept: list[str], want: dict[str, int], gold: int) -> tuple[tuple[str, int], ...]:
    """Prices as wanted, scaled down to fit the gold (at least 1 each)."""
    total = sum(want.values())
    if total > gold:
        spare = gold - len(kept)
        extra = {t: want[t] - 1 for t in kept}
        tot_extra = sum(extra.values()) or 1
        want = {t: 1 + (extra[t] * spare) // tot_extra for t in kept}
    return tuple((t, want[t]) for t in kept)


class PlannerBot(GreedyBot):
    """Greedy placement with credit for areas near completion, and a market model:
    gold is worth what it still buys, prices are set against the opponents'
    valuations, and a purchase counts the gold it hands to the seller."""

    name = "planner"
    near_weight = 0.35
    #: VP per gold: ``gold_base`` at the end (5 gold = 1 VP) plus ``gold_per_round`` per round left.
    gold_base = 0.2
    gold_per_round = 0.06
    #: Chance that an opponent who would pay the price buys the tile (and the cap).
    sell_per_buyer = 0.45
    sell_cap = 0.85
    #: How much of a purchase's payment to the seller counts against us.
    seller_gain_weight = 0.5

    def gold_value(self, state: GameState | Observation) -> float:
        """VP per gold now: 0.2 at the end (5 gold = 1 VP), more while it can still buy tiles."""
        left = state.n_rounds - state.round_no
        return self.gold_base + self.gold_per_round * left

    #: Price levels tried for each tile when planning.
    price_levels = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20)
    #: VP per gold the opponents are modelled to use when buying (greedy-like).
    opp_gold_vp = 0.3

    def choose_prices(self, state: GameState | Observation, player: int) -> SetPrices:
        """Try discard x price plans; for each, simulate the buying phase with
        opponents modelled as greedy buyers (their prices estimated from their
        face-up tiles, since the real ones are secret) and keep the plan that
        leaves us the most tile value plus gold. The opponents' gold is what the
        public events tell (their gold before this round's secret decisions)."""
        u, d, plan = max(self.scored_price_plans(state, player), key=lambda e: e[0])   # the first best
        return SetPrices(player, d, plan)

    def scored_price_plans(self, state: GameState | Observation, player: int
                           ) -> list[tuple[float, str, tuple[tuple[str, int], ...]]]:
        """Every (modelled value, discard, price plan) :meth:`choose_prices` weighs, in its order."""
        state = state.observation(player)
        n = state.n_players
        gold_seen = list(state.gold)
        displays = state.displays
        all_tiles = [t for d in displays for t in d]
        # values[q][t]: VP tile t adds to player q (for tiles not q's own)
        values: list[dict[str, float]] = []
        for q in range(n):
            ctx = self.context(state, q) if q == player else make_context(state, q)
            terr = state.territories[q]
            base = base_value(terr, ctx)
            wanted = all_tiles if q == player else [t for t in all_tiles if t not in displays[q]]
            values.append({t: tile_gain(terr, t, ctx, base) for t in wanted})
        # opponents' offers, estimated the greedy way (discard the least valuable, price = value)
        est_offers: dict[int, dict[str, int]] = {}
        for q in range(n):
            if q == player or not displays[q]:
                continue
            own = {t: values[q].get(t, 0.0) for t in displays[q]}
            own_q = self._own_values(state, q, displays[q])
            d = min(displays[q], key=lambda t: own_q[t])
            kept = [t for t in displays[q] if t != d]
            want = {t: max(1, round(own_q[t])) for t in kept}
            est_offers[q] = dict(_fit_budget(kept, want, gold_seen[q]))
            del own
        g = self.gold_value(state)
        my_tiles = displays[player]
        gold = gold_seen[player]
        order = [(state.start_player + i) % n for i in range(n)]
        scored: list[tuple[float, str, tuple[tuple[str, int], ...]]] = []
        for d in my_tiles:
            kept = [t for t in my_tiles if t != d]
            for plan in _price_plans(kept, gold, self.price_levels):
                scored.append((self._simulate(state, player, order, values, est_offers, dict(plan), gold_seen, g),
                               d, plan))
        return scored

    def _own_values(self, state: GameState | Observation, q: int, tiles: Sequence[str]) -> dict[str, float]:
        ctx = make_context(state, q)
        terr = state.territories[q]
        base = base_value(terr, ctx)
        return {t: tile_gain(terr, t, ctx, base) for t in tiles}

    def _simulate(self, state: GameState | Observation, me: int, order: list[int], values: list[dict[str, float]],
                  est_offers: dict[int, dict[str, int]], my_offer: dict[str, int], gold_seen: list[int],
                  g: float) -> float:
        """Our tile value + gold after a modelled buying phase."""
        offers = {q: dict(o) for q, o in est_offers.items()}
        offers[me] = dict(my_offer)
        gold = [gold_seen[q] - sum(offers.get(q, {}).values()) for q in range(state.n_players)]
        got = 0.0
        for b in order:
            best_u, pick = 0.0, None
            rate = g if b == me else self.opp_gold_vp
            for s_, off in offers.items():
                if s_ == b:
                    continue
                for t, p in off.items():
                    if p <= gold[b]:
                        u = values[b].get(t, 0.0) - rate * p
                        if u > best_u:
                            best_u, pick = u, (s_, t, p)
            if pick is not None:
                s_, t, p = pick
                del offers[s_][t]
                gold[b] -= p
                gold[s_] += 2 * p
                if b == me:
                    got += values[me].get(t, 0.0)
        got += sum(values[me].get(t, 0.0) for t in offers[me])      # unsold: kept
        return got + g * gold[me]

    def buy_value(self, state: GameState | Observation, player: int, ctx: Context, base: float, a: Buy) -> float:
        """The tile's value less the gold paid and the gold it hands a rival seller."""
        g = self.gold_value(state)
        price = state.prices[a.seller][a.tile]
        # we pay price; the seller gains 2 x price (a rival among n - 1)
        return (tile_gain(state.territories[player], a.tile, ctx, base) - g * price
                - g * 2 * price / (state.n_players - 1) * self.seller_gain_weight)


#: The bots by kind; the search bot of :mod:`.search` adds itself as "strong".
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(kind: str, seed: int | str = 0) -> Bot:
    """A bot by kind: random, greedy, planner or strong (the search bot of :mod:`.search`), seeded.

    >>> make_bot("planner", seed=3)
    PlannerBot(seed=3)
    """
    try:
        return BOTS[kind](seed)
    except (KeyError, TypeError):
        raise BadConfigError(_("There is no bot {value}: choose one of {bots}.").format(
            value=short(kind), bots=", ".join(BOTS))) from None

