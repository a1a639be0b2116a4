"""Hashi game: bot turn times and HashiWidget redraw cost (time and comm messages).

Bot turns are timed one by one (every ``choose`` + ``apply`` of the turn, up
to and including its ``EndTurn``: one action per ``choose``) over whole games, solo and with four players, on both shipped boards;
the figures are the median and the maximum turn. Widget figures: a full
repaint of a mid-game board (as after a page reload) and a click that writes
a number (the widget refreshes itself), with the comm messages each sends,
counted by replacing ipycanvas' ``_CANVAS_MANAGER._send_custom`` (no front
end is needed, as in ``tests/test_canvas_base.py``).

    .venv/bin/python benchmarks/bench_hashi_game.py [--quick]
"""

from __future__ import annotations

import argparse
import inspect
import os
import statistics
import time

from ipycanvas.canvas import _CANVAS_MANAGER

from skye_widgets.hashi import Game, make_bot
from skye_widgets.hashi.game import EndTurn, HashiGame, Setup, Write
from skye_widgets.widgets.hashi import HashiWidget


def bot_turn_times(kind: str, seeds: range, players: int, board: str) -> tuple[list[float], list[float]]:
    """(wall, CPU) milliseconds of every card turn (not the setup) of ``kind`` bots in whole games.

    On a shared, loaded machine the wall time includes waiting for a core; the
    CPU time of this process is what the turn itself costs.
    """
    times: list[float] = []
    cpu: list[float] = []
    for seed in seeds:
        g = Game.new([f"{kind} {i + 1}" for i in range(players)], seed=seed, board=board)
        bots = [make_bot(kind, seed=seed + i + 1) for i in range(players)]
        while not g.is_over():
            setup = g.phase == "setup"
            t0, c0 = time.perf_counter(), time.process_time()
            play_turn(g, bots[g.current_player()])
            if not setup:
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
    return times, cpu


def play_turn(g: HashiGame, bot: object) -> None:
    """The bot's actions until its turn ends (with EndTurn; the setup is one action)."""
    while True:
        action = bot.choose(g.observation(g.current_player()))  # type: ignore[attr-defined]
        g.apply(action)
        if isinstance(action, (EndTurn, Setup)):
            return


def mid_game(seed: int = 3, cards: int = 9) -> HashiGame:
    """A solo game played by the planner up to card ``cards`` (numbers, bridges, finished islands)."""
    g = Game.new(["You"], seed=seed)
    bot = make_bot("planner", seed=seed)
    while g.round < cards:
        play_turn(g, bot)
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and repeats")
    quick = ap.parse_args().quick
    games = 2 if quick else 6
    repeat = 5 if quick else 30
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times)")

    for kind in ("greedy", "planner"):
        for players, board in ((1, "skerries-a"), (1, "skerries-b"), (4, "skerries-a")):
            t, c = bot_turn_times(kind, range(games), players, board)
            print(f"{kind:>7} bot, {players} player{'s' if players > 1 else ' '} on {board}: "
                  f"{len(t)} turns; wall median {statistics.median(t):5.1f} ms, max {max(t):6.1f} ms; "
                  f"CPU median {statistics.median(c):5.1f} ms, max {max(c):6.1f} ms")

    sent: list[object] = []
    cls = type(_CANVAS_MANAGER)
    original = cls._send_custom
    cls._send_custom = lambda self, command, buffers=[]: sent.append(command)  # type: ignore[method-assign]
    try:
        game = mid_game()
        w = HashiWidget(game)
        force = "force" in inspect.signature(w.redraw).parameters
        shapes = len(w.drawing().shapes)
        wall, messages = [], []
        for _ in range(repeat):
            sent.clear()
            t0 = time.perf_counter()
            w.redraw(force=True) if force else w.redraw()
            wall.append((time.perf_counter() - t0) * 1000)
            messages.append(len(sent))
        print(f"HashiWidget full repaint, card {game.round} ({shapes} shapes): median "
              f"{statistics.median(wall):.1f} ms, max {max(wall):.1f} ms, "
              f"{statistics.median(messages):g} comm message(s) per redraw")
        cell = next(a.cell for a in game.legal_actions() if isinstance(a, Write))
        wall, messages = [], []
        for _ in range(repeat):
            sent.clear()
            t0 = time.perf_counter()
            w.click_island(*cell)   # writes the card's number; the widget redraws itself
            wall.append((time.perf_counter() - t0) * 1000)
            messages.append(len(sent))
            game.undo()
            w.refresh()
        print(f"HashiWidget click that writes a number (engine + refresh + redraw): median "
              f"{statistics.median(wall):.1f} ms, max {max(wall):.1f} ms, "
              f"{statistics.median(messages):g} comm message(s) per click")
    finally:
        cls._send_custom = original  # type: ignore[method-assign]


if __name__ == "__main__":
    main()
