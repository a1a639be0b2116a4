"""Isle of Skye bots: random, greedy and a stronger "planner"; and tournaments.

Every bot has ``choose(state, player) -> action`` and takes a ``seed`` (its only
source of randomness is ``random.Random(seed)``).

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
builds networkx graphs: ~1.5 ms each); it recomputes the same quantities with a
small union-find over the territory's tile areas and roads (~0.1 ms). Its
numbers match :mod:`.scoring` (a test checks this on random territories).

>>> from .game import GameConfig, play_game
>>> g = play_game(GameConfig(players=2, seed=1), [GreedyBot(seed=1), RandomBot(seed=2)])
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from .game import Action, Buy, GameConfig, GameState, Pass, Place, SetPrices, play_game
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

    points: dict[int, int]          # non-majority scoring tile -> points now
    whisky_tiles: int
    ships: int
    scroll_points: int
    connected_whisky: int           # whisky tiles connected to the castle by road (income)
    near_complete: float            # open areas weighted by how close they are to completion
    open_mountain: float
    open_water: float


BROCH_POINTS = {0: 0, 1: 1, 2: 3, 3: 6}


def features(cells: dict[Cell, tuple[str, int]], castle: Cell = (0, 0)) -> Features:
    """Scoring quantities of a territory given as ``{cell: (tile id, rotation)}``."""
    infos = {c: (_info(tid), r) for c, (tid, r) in cells.items()}
    # ---- areas: union-find over (cell, area index)
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}

    def find(a: tuple[Cell, int]) -> tuple[Cell, int]:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    open_count: dict[tuple[Cell, int], int] = {}
    for c, (inf, r) in infos.items():
        for i in range(len(inf.terrains)):
            parent[(c, i)] = (c, i)
    nets_parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    for c, (inf, r) in infos.items():
        for k in range(inf.n_nets):
            nets_parent[(c, k)] = (c, k)

    def nfind(a: tuple[Cell, int]) -> tuple[Cell, int]:
        while nets_parent[a] != a:
            nets_parent[a] = nets_parent[nets_parent[a]]
            a = nets_parent[a]
        return a

    x0 = y0 = 0
    for c, (inf, r) in infos.items():
        x, y = c
        for d in range(4):
            dx, dy = SIDE_OFFSETS[d]
            n = (x + dx, y + dy)
            mine = inf.side_area[(d - r) % 4]
            other = infos.get(n)
            if other is None:
                open_count[(c, mine)] = open_count.get((c, mine), 0) + 1
                continue
            if n < c:
                continue
            oinf, orr = other
            opp = (d + 2) % 4
            a, b = find((c, mine)), find((n, oinf.side_area[(opp - orr) % 4]))
            if a != b:
                parent[a] = b
            mnet = inf.side_net[(d - r) % 4]
            if mnet is not None:
                onet = oinf.side_net[(opp - orr) % 4]
                if onet is not None:
                    a2, b2 = nfind((c, mnet)), nfind((n, onet))
                    if a2 != b2:
                        nets_parent[a2] = b2
    # ---- aggregate areas
    agg: dict[tuple[Cell, int], list[Any]] = {}
    for node in parent:
        root = find(node)
        c, i = node
        inf = infos[c][0]
        a = agg.get(root)
        if a is None:
            a = agg[root] = [inf.terrains[i], set(), 0, 0, 0, 0, []]   # terrain, cells, open, broch, ships, lh, scrolls
        a[1].add(c)
        a[2] += open_count.get(node, 0)
        a[3] += inf.brochs[i]
        a[4] += inf.ships[i]
        a[5] += inf.lighthouses[i]
        if inf.scrolls[i] is not None:
            a[6].append(inf.scrolls[i])
    completed = 0
    big = 0
    brochs = 0
    harbours = 0
    water_best = 0
    mountains = 0
    near = 0.0
    open_m = 0.0
    open_w = 0.0
    scroll_list: list[tuple[Scroll, bool]] = []
    for terrain, cs, opn, b, s, lh, scr in agg.values():
        size = len(cs)
        if opn == 0:
            completed += 1
            if size >= 3:
                big += 1
            if terrain is Terrain.MOUNTAIN:
                mountains += 1
            elif terrain is Terrain.WATER and size > water_best:
                water_best = size
        else:
            w = 1.0 / opn
            near += w
            if terrain is Terrain.MOUNTAIN:
                open_m += w
            elif terrain is Terrain.WATER:
                open_w += w * size
        if terrain is Terrain.MOUNTAIN and b:
            brochs += BROCH_POINTS[min(b, 3)]
        if terrain is Terrain.WATER and s and lh:
            harbours += 3
        for sc in scr:
            scroll_list.append((sc, opn == 0))
    # ---- roads
    castle_roots = {nfind((castle, k)) for k in range(infos[castle][0].n_nets)} if castle in infos else set()
    conn: set[Cell] = {castle}
    for node in nets_parent:
        if nfind(node) in castle_roots:
            conn.add(node[0])
    # ---- icons
    sheep = cattle = whisky = broch = farm = lh_total = ships = 0
    farms: set[Cell] = set()
    conn_cattle = conn_whisky = 0
    for c, (inf, r) in infos.items():
        sheep += inf.sheep
        cattle += inf.cattle
        broch += inf.broch
        lh_total += inf.lighthouse
        ships += inf.ship_count
        if inf.farm:
            farm += inf.farm
            farms.add(c)
        if inf.whisky:
            whisky += 1
            if c in conn and c != castle:
                conn_whisky += 1
        if inf.cattle and c in conn:
            conn_cattle += inf.cattle
    animals = 0
    if farms:
        for (x, y), (inf, r) in infos.items():
            n = inf.sheep + inf.cattle
            if n and any((x + dx, y + dy) in farms for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                animals += n
    squares = 0
    cols: dict[int, list[int]] = {}
    for (x, y) in infos:
        if (x + 1, y) in infos and (x, y + 1) in infos and (x + 1, y + 1) in infos:
            squares += 1
        cols.setdefault(x, []).append(y)
    lines = 0
    for ys in cols.values():
        ys.sort()
        run = 1
        for a, b in zip(ys, ys[1:]):
            if b == a + 1:
                run += 1
            else:
                lines += run >= 3
                run = 1
        lines += run >= 3
    counts = {Scroll.PER_2_SHEEP: sheep // 2, Scroll.PER_2_WHISKY: whisky // 2, Scroll.PER_2_SHIPS: ships // 2,
              Scroll.PER_CATTLE: cattle, Scroll.PER_BROCH: broch, Scroll.PER_FARM: farm,
              Scroll.PER_LIGHTHOUSE: lh_total}
    scroll_pts = sum(counts[sc] * (2 if done else 1) for sc, done in scroll_list)
    points = {1: 2 * squares, 2: completed, 3: sheep, 4: 3 * big, 5: brochs,
              6: 5 * min(broch, farm, lh_total), 10: animals, 11: 2 * conn_cattle, 12: harbours,
              13: 3 * lines, 14: len(conn) - 1, 15: 2 * water_best, 16: 2 * mountains}
    return Features(points, whisky, ships, scroll_pts, conn_whisky, near, open_m, open_w)


def territory_cells(territory: Any) -> dict[Cell, tuple[str, int]]:
    """``{cell: (tile id, rotation)}`` of a :class:`~.territory.Territory`."""
    return {c: (p.tile, p.rotation) for c, p in territory.placements.items()}


def _majority(mine: int, others: Sequence[int]) -> int:
    """5 / 2 / 0 for ``mine`` under the majority rules (scoring.majority_points)."""
    from .scoring import majority_points
    return majority_points([mine, *others])[0]


# --------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------

MAJORITY_TILES = {7: "whisky", 8: "ships", 9: "gold"}


@dataclass
class Context:
    """What a bot's evaluation needs from the state for one player."""

    player: int
    weights: dict[int, int]            # scoring tile -> times still to be scored (this round included)
    rounds_left: int                   # income rounds still to come after this one
    opp_whisky: list[int]
    opp_ships: list[int]
    near_weight: float = 0.0           # credit for open areas (planner only)


def remaining_weights(state: GameState) -> dict[int, int]:
    """Scoring tile number -> how many more times it will be scored (this round included)."""
    from .game import round_slots
    w: dict[int, int] = {}
    for r in range(state.round_no, state.n_rounds + 1):
        for slot in round_slots(state.n_players, r):
            n = state.scoring[slot]
            w[n] = w.get(n, 0) + 1
    return w


def make_context(state: GameState, player: int, near_weight: float = 0.0,
                 opp_feats: Sequence[Features] | None = None) -> Context:
    others = [q for q in range(state.n_players) if q != player]
    if opp_feats is None:
        opp_feats = [features(territory_cells(state.territories[q])) for q in others]
    return Context(player, remaining_weights(state), state.n_rounds - state.round_no,
                   [f.whisky_tiles for f in opp_feats], [f.ships for f in opp_feats], near_weight)


def evaluate(f: Features, ctx: Context) -> float:
    """VP the territory is expected to bring from now on (the higher the better)."""
    v = float(f.scroll_points)
    pts = f.points
    for n, k in ctx.weights.items():
        if n == 7:
            v += k * _majority(f.whisky_tiles, ctx.opp_whisky)
        elif n == 8:
            v += k * _majority(f.ships, ctx.opp_ships)
        elif n == 9:
            continue
        else:
            v += k * pts[n]
    # whisky income: about 1 gold a round ~ 0.25 VP
    v += 0.25 * f.connected_whisky * ctx.rounds_left
    if ctx.near_weight:
        area_tiles = sum(k for n, k in ctx.weights.items() if n in (2, 4))
        v += ctx.near_weight * (f.near_complete * (0.5 + area_tiles)
                                + f.open_mountain * 2 * ctx.weights.get(16, 0)
                                + f.open_water * ctx.weights.get(15, 0))
    return v


def best_placement(territory: Any, tile: str, ctx: Context,
                   placements: Iterable[tuple[int, int, int]] | None = None) -> tuple[float, tuple[int, int, int] | None]:
    """(value after placing, best (x, y, rotation)); (-inf, None) when it fits nowhere."""
    cells = territory_cells(territory)
    castle = territory.castle.cell
    best_v, best_p = float("-inf"), None
    for (x, y, r) in (placements if placements is not None else territory.legal_placements(tile)):
        cells[(x, y)] = (tile, r)
        v = evaluate(features(cells, castle), ctx)
        del cells[(x, y)]
        if v > best_v:
            best_v, best_p = v, (x, y, r)
    return best_v, best_p


def tile_gain(territory: Any, tile: str, ctx: Context, base: float | None = None) -> float:
    """VP ``tile`` adds at its best placement (0 if it fits nowhere)."""
    if base is None:
        base = evaluate(features(territory_cells(territory), territory.castle.cell), ctx)
    v, p = best_placement(territory, tile, ctx)
    return 0.0 if p is None else v - base


# --------------------------------------------------------------------------
# Bots
# --------------------------------------------------------------------------

class Bot:
    """Base: a seeded bot with ``choose(state, player) -> action``."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(f"{self.name}-{seed}")

    def choose(self, state: GameState, player: int) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: GameState, player: int) -> Action:
        return state.random_action(self.rng, player)


class GreedyBot(Bot):
    """Values tiles by what they add under the scoring tiles still to come."""

    name = "greedy"
    #: VP one gold is worth when buying.
    gold_vp = 0.3
    near_weight = 0.0

    def context(self, state: GameState, player: int) -> Context:
        return make_context(state, player, self.near_weight)

    def choose(self, state: GameState, player: int) -> Action:
        if state.phase == "prices":
            return self.choose_prices(state, player)
        if state.phase == "buy":
            return self.choose_buy(state, player)
        return self.choose_place(state, player)

    # -- phase 2
    def choose_prices(self, state: GameState, player: int) -> SetPrices:
        ctx = self.context(state, player)
        terr = state.territories[player]
        tiles = list(state.displays[player])
        base = evaluate(features(territory_cells(terr), terr.castle.cell), ctx)
        values = {t: tile_gain(terr, t, ctx, base) for t in tiles}
        discard = min(tiles, key=lambda t: (values[t], self.rng.random()))
        kept = [t for t in tiles if t != discard]
        return SetPrices(player, discard, self.prices_for(state, player, kept, values))

    def prices_for(self, state: GameState, player: int, kept: list[str], values: dict[str, float]) -> tuple[tuple[str, int], ...]:
        gold = state.gold[player]
        want = {t: max(1, round(values[t])) for t in kept}
        return _fit_budget(kept, want, gold)

    # -- phase 4
    def choose_buy(self, state: GameState, player: int) -> Action:
        ctx = self.context(state, player)
        terr = state.territories[player]
        base = evaluate(features(territory_cells(terr), terr.castle.cell), ctx)
        best: tuple[float, Action] = (0.0, Pass(player))
        for a in state.legal_actions(player):
            if isinstance(a, Buy):
                price = state.prices[a.seller][a.tile]
                u = tile_gain(terr, a.tile, ctx, base) - self.gold_vp * price
                if u > best[0]:
                    best = (u, a)
        return best[1]

    # -- phase 5
    def choose_place(self, state: GameState, player: int) -> Place:
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

    def gold_value(self, state: GameState) -> float:
        """VP per gold now: 0.2 at the end (5 gold = 1 VP), more while it can still buy tiles."""
        left = state.n_rounds - state.round_no
        return 0.2 + 0.06 * left

    def _opp_values(self, state: GameState, player: int, tiles: Sequence[str]) -> dict[str, list[tuple[float, int]]]:
        """For each tile: (VP it adds, gold) for every opponent."""
        out: dict[str, list[tuple[float, int]]] = {t: [] for t in tiles}
        for q in range(state.n_players):
            if q == player:
                continue
            ctx = make_context(state, q)
            terr = state.territories[q]
            base = evaluate(features(territory_cells(terr), terr.castle.cell), ctx)
            for t in tiles:
                out[t].append((tile_gain(terr, t, ctx, base), state.gold[q]))
        return out

    def choose_prices(self, state: GameState, player: int) -> SetPrices:
        ctx = self.context(state, player)
        terr = state.territories[player]
        tiles = list(state.displays[player])
        base = evaluate(features(territory_cells(terr), terr.castle.cell), ctx)
        mine = {t: tile_gain(terr, t, ctx, base) for t in tiles}
        theirs = self._opp_values(state, player, tiles)
        g = self.gold_value(state)
        gold = state.gold[player]

        def plan(t: str, budget: int) -> tuple[float, int]:
            """Best (utility, price) for tile t with at most ``budget`` gold on it."""
            best = (float("-inf"), 1)
            # an opponent buys when the tile is worth more to them than about 0.3 VP per gold
            pay = sorted((min(gq + 5, v / GreedyBot.gold_vp) for v, gq in theirs[t]), reverse=True)
            for p in range(1, max(1, budget) + 1):
                buyers = sum(1 for w in pay if w >= p)
                p_sold = min(0.85, 0.45 * buyers)
                u = p_sold * (2 * p * g) + (1 - p_sold) * (mine[t] - p * g)
                if u > best[0]:
                    best = (u, p)
            return best

        best_choice: tuple[float, str, tuple[tuple[str, int], ...]] | None = None
        for d in tiles:
            kept = [t for t in tiles if t != d]
            if len(kept) == 2:
                a, b = kept
                ua, pa = plan(a, gold - 1)
                ub, pb = plan(b, gold - pa)
                prices = ((a, pa), (b, pb))
                u = ua + ub
            elif len(kept) == 1:
                u, p = plan(kept[0], gold)
                prices = ((kept[0], p),)
            else:
                u, prices = 0.0, ()
            if best_choice is None or u > best_choice[0]:
                best_choice = (u, d, prices)
        assert best_choice is not None
        _, d, prices = best_choice
        kept = [t for t, _ in prices]
        fitted = _fit_budget(kept, dict(prices), gold)
        return SetPrices(player, d, fitted)

    def choose_buy(self, state: GameState, player: int) -> Action:
        ctx = self.context(state, player)
        terr = state.territories[player]
        base = evaluate(features(territory_cells(terr), terr.castle.cell), ctx)
        g = self.gold_value(state)
        best: tuple[float, Action] = (0.0, Pass(player))
        for a in state.legal_actions(player):
            if isinstance(a, Buy):
                price = state.prices[a.seller][a.tile]
                # we pay price; the seller gains 2 x price (a rival among n - 1)
                u = tile_gain(terr, a.tile, ctx, base) - g * price - g * 2 * price / (state.n_players - 1) * 0.5
                if u > best[0]:
                    best = (u, a)
        return best[1]


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "strong": PlannerBot}


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A bot by name: random, greedy, planner (alias strong)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None


# --------------------------------------------------------------------------
# Tournaments
# --------------------------------------------------------------------------

@dataclass
class TournamentResult:
    """Win shares (a shared win counts 1/k to each of k winners) and average VP per seat."""

    bots: list[str]
    games: int
    wins: list[float] = field(default_factory=list)
    vp_total: list[int] = field(default_factory=list)

    def win_share(self, seat: int) -> float:
        return self.wins[seat] / self.games

    def avg_vp(self, seat: int) -> float:
        return self.vp_total[seat] / self.games

    def by_bot(self) -> dict[str, tuple[float, float]]:
        """Bot name -> (win share per seat, average VP) over the seats it plays."""
        out: dict[str, tuple[float, float]] = {}
        for name in dict.fromkeys(self.bots):
            seats = [i for i, b in enumerate(self.bots) if b == name]
            out[name] = (sum(self.wins[i] for i in seats) / (self.games * len(seats)),
                         sum(self.vp_total[i] for i in seats) / (self.games * len(seats)))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "bots": self.bots,
                "seats": [{"bot": b, "wins": self.wins[i], "win_share": round(self.win_share(i), 4),
                           "avg_vp": round(self.avg_vp(i), 2)} for i, b in enumerate(self.bots)],
                "by_bot": {b: {"win_share_per_seat": round(w, 4), "avg_vp": round(v, 2)}
                           for b, (w, v) in self.by_bot().items()},
                "ties": "a shared win counts 1/k to each of the k tied winners"}

    def report(self) -> str:
        lines = [f"{self.games} games, {len(self.bots)} players "
                 "(a shared win counts as 1/k of a win for each of the k tied winners):"]
        for i, b in enumerate(self.bots):
            lines.append(f"  seat {i + 1} {b:8s} win share {100 * self.win_share(i):5.1f}%  "
                         f"({self.wins[i]:g} wins)  average VP {self.avg_vp(i):5.1f}")
        if len(set(self.bots)) < len(self.bots):
            for b, (w, v) in self.by_bot().items():
                lines.append(f"  {b:8s} per seat: win share {100 * w:5.1f}%  average VP {v:5.1f}")
        return "\n".join(lines)


def tournament(bots: Sequence[str], games: int = 200, seed: int = 0,
               progress: Callable[[int, GameState], None] | None = None) -> TournamentResult:
    """Play ``games`` seeded games (seed, seed + 1, ...); seat i plays ``bots[i]``;
    the first start player rotates from game to game."""
    n = len(bots)
    res = TournamentResult(list(bots), games, [0.0] * n, [0] * n)
    for k in range(games):
        s = seed + k
        cfg = GameConfig(players=n, seed=s, start_player=k % n)
        g = play_game(cfg, [make_bot(b, seed=s * 10 + i) for i, b in enumerate(bots)])
        for i, r in enumerate(g.returns()):
            res.wins[i] += r
            res.vp_total[i] += g.vp[i]
        if progress:
            progress(k, g)
    return res
