"""The engine's fast paths against the plain definitions (issue 30, item 1).

``legal_actions`` lists the price splits and the placements lazily
(:class:`~skye_widgets.skye.game.PriceSplits`, :class:`~skye_widgets.skye.game.PlaceChoices`),
``apply`` does not check again an action of the current listing, a tile that fits
nowhere is found without listing its placements, and the frontier of a territory
grows with each tile. Here every one is compared with the plain definition, written
out as the rulebook says it (and as the engine listed it before): every split built
and checked by ``SetPrices``, every empty cell next to the territory tried with
every rotation by ``Territory.check``. Random games replay identically and their
saves round-trip. No timing here: the figures are benchmarks/bench_skye_engine_peer.py's.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from skye_widgets.errors import RulesError
from skye_widgets.skye.game import (Buy, GameConfig, GameState, LazyActions, Pass, Place, PlaceChoices, PriceSplits,
                                    SetPrices)
from skye_widgets.skye.territory import Territory, random_territory
from skye_widgets.skye.tiles import SIDE_OFFSETS, Tile, tile_from_dict


# --------------------------------------------------------------------------
# The plain definitions
# --------------------------------------------------------------------------

def plain_splits(p: int, tiles: list[str], gold: int) -> list[SetPrices]:
    """Phase 2 as the rulebook says: discard one drawn tile, at least 1 gold on each
    other one, no more gold than one has; each split built (and checked) by SetPrices."""
    out = []
    for d in tiles:
        rest = [t for t in tiles if t != d]
        if len(rest) == 2:
            a, b = rest
            out += [SetPrices(p, d, ((a, ga), (b, gb))) for ga in range(1, gold) for gb in range(1, gold - ga + 1)]
        elif len(rest) == 1:
            out += [SetPrices(p, d, ((rest[0], ga),)) for ga in range(1, gold + 1)]
        else:
            out.append(SetPrices(p, d, ()))
    return out


def plain_frontier(t: Territory) -> list[tuple[int, int]]:
    """The empty cells sharing a side with the territory, sorted, from its placements alone."""
    occ = t.placements
    return sorted({(x + dx, y + dy) for (x, y) in occ for dx, dy in SIDE_OFFSETS} - set(occ))


def plain_placements(t: Territory, tile: str) -> list[tuple[int, int, int]]:
    """Every empty cell next to the territory, every rotation, kept when ``Territory.check`` accepts it."""
    return [(x, y, r) for (x, y) in plain_frontier(t) for r in range(4) if t.is_legal(tile, x, y, r)]


def plain_legal(g: GameState, p: int) -> list:
    """``legal_actions(p)`` by the plain definitions (every action built by its checking constructor)."""
    if p not in g.decision_players():
        return []
    if g.phase == "prices":
        return plain_splits(p, g.displays[p], g.gold[p])
    if g.phase == "buy":
        return [Pass(p)] + [Buy(p, s, t) for s in range(g.n_players) if s != p
                            for t in g.displays[s] if g.prices[s][t] <= g.gold[p]]
    return [Place(p, t, *spot) for t in g.to_build[p] for spot in plain_placements(g.territories[p], t)]


def not_listed(a: object) -> list:
    """Actions next to ``a`` that may or may not be legal (membership must agree with the list)."""
    if isinstance(a, SetPrices):
        out = [dataclasses.replace(a, player=(a.player + 1) % 5)]
        for k in range(len(a.prices)):
            for dg in (-1, 1, 7):
                prices = list(a.prices)
                prices[k] = (prices[k][0], prices[k][1] + dg)
                out.append(dataclasses.replace(a, prices=tuple(prices)))
        if len(a.prices) == 2:
            out.append(dataclasses.replace(a, prices=a.prices[::-1]))
            out.append(dataclasses.replace(a, prices=a.prices[:1]))
        out.append(dataclasses.replace(a, discard="99"))
        return out
    if isinstance(a, Place):
        return [dataclasses.replace(a, rotation=(a.rotation + 1) % 4), dataclasses.replace(a, x=a.x + 1),
                dataclasses.replace(a, tile="73" if a.tile != "73" else "72"), dataclasses.replace(a, player=(a.player + 1) % 5)]
    return []


# --------------------------------------------------------------------------
# Price splits
# --------------------------------------------------------------------------

@pytest.mark.parametrize("tiles", [["5"], ["5", "9"], ["5", "9", "40"]])
def test_price_splits_are_the_plain_list_item_by_item(tiles: list[str]) -> None:
    for gold in [*range(0, 13), 17, 25, 40]:
        plain = plain_splits(2, tiles, gold)
        s = PriceSplits(2, tiles, gold, None)
        assert len(s) == len(plain)
        assert list(s) == plain and s == plain and plain == s
        assert [s[i] for i in range(len(s))] == plain            # item i by arithmetic, not by listing
        assert [s[-i] for i in range(1, len(s) + 1)] == [plain[-i] for i in range(1, len(plain) + 1)]
        assert s[3:17:2] == plain[3:17:2]
        assert all(a in s for a in plain)
        for a in plain[:: max(1, len(plain) // 40)]:
            for b in not_listed(a):
                assert (b in s) == (b in plain), b
        with pytest.raises(IndexError):
            s[len(s)]


def test_engine_made_actions_equal_checked_ones_and_are_checked_when_rebuilt() -> None:
    g = GameState(GameConfig(players=3, seed=5))
    legal = g.legal_actions()
    a = legal[len(legal) // 2]
    b = SetPrices(a.player, a.discard, a.prices)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b) and a.to_dict() == b.to_dict()
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    with pytest.raises(RulesError):                            # a changed copy goes through the checks
        dataclasses.replace(a, prices=((a.prices[0][0], 1.5), a.prices[1]))
    assert isinstance(legal, LazyActions) and repr(legal).startswith("<PriceSplits of ")


# --------------------------------------------------------------------------
# Placements, the frontier, tiles that fit nowhere
# --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_frontier_and_placements_grow_with_the_territory(seed: int) -> None:
    rng = random.Random(seed)
    t = Territory()
    tiles = [str(i) for i in range(1, 74)]
    rng.shuffle(tiles)
    for step, tile in enumerate(tiles):
        assert t.frontier() == plain_frontier(t)
        spots = t.legal_placements(tile)
        assert spots == plain_placements(t, tile)
        assert t.can_place(tile) == bool(spots)
        if spots:
            t.place(tile, *rng.choice(spots))
        if step % 9 == 8 and len(t) > 2:                       # an undo, now and then, drops the frontier
            t.pop()
    assert t.frontier() == plain_frontier(t)
    c = t.copy()
    assert c.frontier() == plain_frontier(t)


def test_place_choices_are_the_plain_list() -> None:
    t = random_territory(15, seed=3)
    tiles = [tl for tl in ("1", "20", "33", "50", "66") if not any(p.tile == tl for p in t)]
    segs = [(tl, t.legal_placements(tl)) for tl in tiles]
    s = PlaceChoices(1, segs, None)
    plain = [Place(1, tl, *spot) for tl in tiles for spot in plain_placements(t, tl)]
    assert len(s) == len(plain) and list(s) == plain and [s[i] for i in range(len(s))] == plain
    for a in plain:
        assert a in s
        for b in not_listed(a):
            assert (b in s) == (b in plain), b


# --------------------------------------------------------------------------
# Whole games
# --------------------------------------------------------------------------

def random_game(players: int, seed: int, check_every: int = 1, listing: str = "fast") -> GameState:
    """A uniformly random game (``rng.choice`` of the listing), checking the listing against the plain one."""
    rng = random.Random(seed)                  # the player's choices
    probes = random.Random(-seed)              # the checks' (so that checking changes no choice)
    g = GameState(GameConfig(players=players, seed=seed))
    step = 0
    while not g.is_over():
        p = g.current_player()
        fast = g.legal_actions()
        if step % check_every == 0 or g.phase != "prices":
            plain = plain_legal(g, p)
            assert len(fast) == len(plain) and list(fast) == plain, (seed, step, g.phase)
            if plain:
                probe = plain[probes.randrange(len(plain))]
                assert probe in fast and fast[plain.index(probe)] == probe
                g._check(fast[plain.index(probe)])            # what apply trusts passes the checks it skips
                for b in not_listed(probe):
                    assert (b in fast) == (b in plain), b
            for q in g.decision_players():                      # the others deciding at the same time
                assert list(g.legal_actions(q)) == plain_legal(g, q)
        g.apply(rng.choice(fast if listing == "fast" else plain_legal(g, p)))
        step += 1
    return g


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (4, 11), (2, 12)])
def test_legal_actions_are_the_plain_ones_in_random_games(players: int, seed: int) -> None:
    random_game(players, seed, check_every=3)


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23), (5, 24)])
def test_random_games_replay_identically_and_their_saves_round_trip(players: int, seed: int) -> None:
    g = random_game(players, seed, check_every=50)
    plain = random_game(players, seed, check_every=10**9, listing="plain")   # chosen from the plain list
    assert json.dumps(g.to_dict(), sort_keys=True) == json.dumps(plain.to_dict(), sort_keys=True)
    again = GameState.replay(g.config, [SetPrices(**dataclasses.asdict(a)) if isinstance(a, SetPrices) else a
                                        for a in g.history])
    assert again.to_dict() == g.to_dict()
    data = json.loads(json.dumps(g.to_dict()))
    loaded = GameState.from_dict(data)
    assert loaded.to_dict() == g.to_dict() and loaded.vp == g.vp and loaded.gold == g.gold


def test_a_tile_that_fits_nowhere_goes_back_to_the_bag() -> None:
    """Found without listing its placements (``Territory.can_place`` stops at the first
    spot): the castle closed in by tiles showing only pasture, and a mountain tile."""
    def mk(tid: str, sides: str, areas: list) -> Tile:
        return tile_from_dict({"id": tid, "sides": sides, "areas": areas})
    extra = [mk("meadow", "PPPP", [{"terrain": "P", "sides": "NESW"}]),
             mk("meadow2", "PPPP", [{"terrain": "P", "sides": "NESW"}]),
             mk("meadow3", "PPPP", [{"terrain": "P", "sides": "NESW"}]),
             mk("shore", "PPPW", [{"terrain": "P", "sides": "NES"}, {"terrain": "W", "sides": "W"}]),
             mk("hill", "PMPP", [{"terrain": "P", "sides": "NSW"}, {"terrain": "M", "sides": "E"}]),
             mk("rock", "MMMM", [{"terrain": "M", "sides": "NESW"}])]
    g = GameState(GameConfig(players=2, seed=3))
    rng = random.Random(0)
    while g.phase != "build":
        g.apply(rng.choice(g.legal_actions()))
    p = g.current_player()
    t = Territory("castle-blue", tiles={k.id: k for k in extra})     # N pasture, E water, S pasture, W mountain
    t.place("meadow", 0, -1, 0)
    t.place("meadow2", 0, 1, 0)
    t.place("shore", 1, 0, 0)
    t.place("hill", -1, 0, 0)
    g.territories[p] = t                                             # a hand edit: drop what was cached
    g.to_build[p] = ["rock", "meadow3"]
    g.build_queue = [p] + [q for q in g.build_queue if q != p]
    g._placements_cache, g._legal_cache = {}, None
    assert plain_placements(t, "rock") == [] and not t.can_place("rock") and t.can_place("meadow3")
    g._settle_build()                                                # meadow3 fits: nothing goes back
    assert g.to_build[p] == ["rock", "meadow3"] and not g.returned
    legal = g.legal_actions()
    assert list(legal) == plain_legal(g, p) and {a.tile for a in legal} == {"meadow3"}
    g.apply(legal[0])
    assert g.returned == [(p, "rock")] and g.to_build[p] == [] and "rock" in g.bag
    assert any("Tile rock fits nowhere" in e.text for e in g.log)


# --------------------------------------------------------------------------
# apply: engine-made actions of the current listing only are trusted
# --------------------------------------------------------------------------

def test_actions_of_another_state_or_an_old_listing_are_checked() -> None:
    g = GameState(GameConfig(players=2, seed=8))
    h = g.clone()
    mine = g.legal_actions()
    rich = max(mine, key=lambda a: sum(x for _, x in a.prices))     # all the gold on the tiles
    h.gold[0] = 1                                                    # another state: too poor for it
    h_listing = h.legal_actions()
    assert rich not in h_listing
    with pytest.raises(RulesError):
        h.apply(rich)
    # an action listed before the state changed is checked again
    g.apply(rich)
    with pytest.raises(RulesError):
        g.apply(mine[0])                                             # player 0 has decided already
    # undo restores the state; a listing made before is not trusted afterwards either
    g.undo()
    again = g.legal_actions()
    assert list(again) == list(mine)
    g.apply(mine[1])                                                 # still legal: checked, accepted
    assert g.decisions[0] == mine[1]
