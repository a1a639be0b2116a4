"""Tournaments run in parallel and stay deterministic by seed, whatever runs the games.

One worker, two worker processes, a thread pool and a local Dask cluster on 127.0.0.1 give
exactly the same result (the same floats: results are added up in game order), for all three
games; the command line's ``--workers`` / ``--scheduler`` give what the library gives.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import subprocess
import sys

import pytest

from skye_widgets import hashi, protocol, skye, skylands
from skye_widgets.cli import main

GAMES = {
    "skye": (skye.tournament, ["greedy", "random", "random"]),
    "hashi": (hashi.tournament, ["greedy", "random"]),
    "skylands": (skylands.tournament, ["greedy", "random", "random"]),
}
N = 2 * protocol.CHUNK + 1          # three batches, the last one short


@pytest.fixture(scope="module")
def serial() -> dict[str, protocol.TournamentResult]:
    return {name: run(bots, N, seed=11, workers=1) for name, (run, bots) in GAMES.items()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_two_worker_processes_give_the_same_result_as_one(name, serial):
    run, bots = GAMES[name]
    done: list[int] = []
    two = run(bots, N, seed=11, workers=2, progress=done.append)
    assert (two.wins, two.points) == (serial[name].wins, serial[name].points)
    assert sorted(done) == [1, protocol.CHUNK, protocol.CHUNK] and sum(done) == N
    assert sum(two.wins) == pytest.approx(N)       # every game has its winners' shares
    assert serial[name].to_dict() != run(bots, N, seed=12, workers=1).to_dict()   # the seed matters


def test_any_executor_gives_the_same_result(serial):
    run, bots = GAMES["hashi"]
    with cf.ThreadPoolExecutor(3) as pool:
        threads = run(bots, N, seed=11, executor=pool)
    assert (threads.wins, threads.points) == (serial["hashi"].wins, serial["hashi"].points)


def test_the_library_checks_its_arguments():
    with pytest.raises(protocol.BadConfigError, match="at least one bot"):
        protocol.tournament(hashi.INFO, [], 3)


def test_the_cli_takes_workers_and_prints_the_library_result(capsys, serial):
    assert main(["hashi", "tournament", "--games", str(N), "--bots", "greedy,random", "--seed", "11",
                 "--workers", "2", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == serial["hashi"].to_dict()
    assert err == ""                      # no progress bar off a terminal
    with pytest.raises(SystemExit):
        main(["tournament", "--workers", "0"])
    assert "expected a whole number from 1 to" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_one_line(capsys):
    pytest.importorskip("distributed")
    assert main(["hashi", "tournament", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("skye-widgets: cannot reach the Dask scheduler at") and "\n" not in err


def test_a_local_dask_cluster_gives_the_same_result(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        for name, (run, bots) in GAMES.items():
            res = run(bots, N, seed=11, executor=client.get_executor())
            assert (res.wins, res.points) == (serial[name].wins, serial[name].points), name
        # the command line, as a user with a cluster runs it (a separate process)
        cmd = [sys.executable, "-m", "skye_widgets", "skylands", "tournament", "--games", str(N),
               "--bots", "greedy,random,random", "--seed", "11", "--scheduler", cluster.scheduler_address,
               "--json"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        r = serial["skylands"]
        assert json.loads(out.stdout)["win_share"] == [r.win_share(i) for i in range(3)]
