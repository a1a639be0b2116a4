"""Skylands figures: speed of the engine and bots, and the balance play-test.

    python benchmarks/bench_skylands.py            # quick: 12 games per line
    python benchmarks/bench_skylands.py --games 60 # the figures in docs/skylands.md
    python benchmarks/bench_skylands.py --tournament 200   # win shares by bot and seat, score sources

Prints, for bot-only games: seconds per game and per decision, mean final VP,
how the games ended, and what the boards looked like at the end (squares in
complete islands and the VP they score, squares lost to the border, inhabitants, special
islands). ``--tournament`` plays mixed and same-bot line-ups with rotating seats and prints win
shares by bot and by turn order, and where the VP come from.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from skye_widgets.scores import BreakdownItem
from skye_widgets.skylands import Game, make_bot, play_game
from skye_widgets.skylands.cli import play_seeded


def end_kind(reason: str) -> str:
    if "VP supply" in reason:
        return "VP supply"
    if "cannot reveal" in reason:
        return "stack"
    return "board full"


def balance(kinds: list[str], games: int) -> None:
    t0 = time.perf_counter()
    decisions = 0
    ends: Counter[str] = Counter()
    st: Counter[str] = Counter()
    for seed in range(games):
        g = play_game([make_bot(k, seed * 10 + i) for i, k in enumerate(kinds)], seed=seed)
        decisions += len(g.history)
        ends[end_kind(g.end_reason or "")] += 1
        st["turns"] += g.turn + 1
        for p, b in enumerate(g.boards):
            st["vp"] += g.points()[p]
            st["markers"] += g.vp[p]
            st["complete"] += len({c for i in b.complete_islands() for c in i.cells})
            st["island_vp"] += sum(i.spaces for i in b.complete_islands())   # 1 VP per space
            st["border"] += sum(i.squares for i in b.islands() if i.open_to_border)
            st["empty"] += len(b.empty_squares())
            st["inhabitants"] += b.count()
            st["specials"] += len(b.specials())
        st["winner_vp"] += max(g.points())
    dt = time.perf_counter() - t0
    seats = games * len(kinds)
    print(f"{','.join(kinds):28s} {dt / games:6.2f} s/game {1000 * dt / decisions:6.1f} ms/decision  "
          f"turns {st['turns'] / games:4.1f}  VP {st['vp'] / seats:5.1f} (winner {st['winner_vp'] / games:5.1f}, "
          f"markers {st['markers'] / seats:4.1f})")
    print(f"{'':28s} per board: complete-island squares {st['complete'] / seats:4.1f} "
          f"(their VP, 1 per space: {st['island_vp'] / seats:4.1f}), lost to border "
          f"{st['border'] / seats:4.1f}, empty {st['empty'] / seats:3.1f}, inhabitants {st['inhabitants'] / seats:4.1f}, "
          f"specials {st['specials'] / seats:3.1f};  ends: "
          + ", ".join(f"{k} {v}" for k, v in ends.most_common()))


def engine_speed(n: int = 300) -> None:
    g = Game.new(3, seed=1)
    bots = [make_bot("greedy", i) for i in range(3)]
    for _ in range(40):
        g.apply(bots[g.current_player()].choose(g.observation(g.current_player())))
    t0 = time.perf_counter()
    for _ in range(n):
        g.legal_actions()
    t1 = time.perf_counter()
    for _ in range(n):
        g.clone()
    t2 = time.perf_counter()
    for _ in range(n):
        a = g.legal_actions()[0]
        g.apply(a)
        g.undo()
    t3 = time.perf_counter()
    print(f"legal_actions {1e3 * (t1 - t0) / n:.2f} ms ({len(g.legal_actions())} actions, phase {g.phase}); "
          f"clone {1e3 * (t2 - t1) / n:.3f} ms; apply + undo {1e3 * (t3 - t2) / n:.3f} ms")


#: score sources, by the start of a breakdown line (the engine's own wording)
SOURCES = (("complete ", "islands"), ("special island ", "specials"), ("VP markers", "markers"),
           ("player marker", "marker"), ("VP recorded", "markers"))


def source(item: BreakdownItem) -> str:
    """Which kind of VP a breakdown line is: islands, specials, markers, ... ("empty" is the -2s)."""
    if item.points < 0:
        return "empty"
    for prefix, kind in SOURCES:
        if item.reason.startswith(prefix):
            return kind
    if " inhabitants on the board" in item.reason:
        return "inhabitants"
    return "specials"            # a scoring effect: "<special name>: ..."


def seated_tournament(lineup: list[str], games: int) -> None:
    """``games`` seeded games, seats rotating: win shares per bot kind and per turn order
    (1 = the start player), mean VP, and where the VP come from (islands by terrain too)."""
    n = len(lineup)
    wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    kind_vp: Counter[str] = Counter()
    kind_seats: Counter[str] = Counter()
    src: dict[str, Counter[str]] = defaultdict(Counter)
    terrain: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    turns = 0
    for i in range(games):
        order = lineup[i % n:] + lineup[:i % n]
        g = play_seeded(order, i)
        win = g.winners()
        ends[end_kind(g.end_reason or "")] += 1
        turns += g.turn + 1
        for p, (kind, score) in enumerate(zip(order, g.scores())):
            kind_seats[kind] += 1
            kind_vp[kind] += score.points
            if p in win:
                wins[kind] += 1 / len(win)
                seat_wins[(p - g.start_player) % n + 1] += 1 / len(win)
            for item in score.breakdown:
                k = source(item)
                src[kind][k] += item.points
                if k == "islands":
                    terrain[item.reason.split()[1]] += item.points
    seats = games * n
    every = Counter[str]()
    for c in src.values():
        every.update(c)
    print(f"{','.join(lineup)}: {games} games, seats rotating; {turns / games:.1f} turns; ends: "
          + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    if len(kind_seats) > 1:
        print("  games won by bot (ties split): " + ", ".join(
            f"{k} {wins[k] / games:.1%}{f' with {lineup.count(k)} seats' if lineup.count(k) > 1 else ''} "
            f"(mean {kind_vp[k] / kind_seats[k]:.1f} VP)" for k in sorted(kind_seats)))
    else:
        print(f"  mean VP {kind_vp[lineup[0]] / seats:.1f}")
    print("  games won by turn order (1 = start player): " + ", ".join(f"{s}. {seat_wins[s] / games:.1%}" for s in range(1, n + 1)))
    print("  mean VP per board by source (all seats): " + ", ".join(
        f"{k} {every[k] / seats:+.1f}" for k in ("islands", "specials", "markers", "marker", "inhabitants", "empty")))
    for k in sorted(kind_seats):
        gained = sum(v for s, v in src[k].items() if s != "empty")
        print(f"  {k}: islands {src[k]['islands'] / kind_seats[k]:.1f} VP per board = "
              f"{src[k]['islands'] / gained:.0%} of the VP gained (before the -2 per empty square)")
    print("  complete-island VP per board by terrain: " + ", ".join(
        f"{t} {terrain[t] / seats:.1f}" for t in ("forest", "mountain", "crystal", "city")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--tournament", type=int, default=0, metavar="GAMES",
                    help="instead: the seat/bot balance tournaments, GAMES games per line-up")
    args = ap.parse_args()
    if args.tournament:
        for lineup in (["planner", "greedy"], ["planner", "greedy", "random"],
                       ["planner", "greedy", "greedy", "random"],
                       ["greedy"] * 2, ["greedy"] * 3, ["greedy"] * 4):
            seated_tournament(lineup, args.tournament)
        return
    engine_speed()
    for kinds in (["random"] * 3, ["greedy"] * 2, ["greedy"] * 3, ["greedy"] * 4, ["planner"] * 3):
        balance(kinds, args.games)


if __name__ == "__main__":
    main()
