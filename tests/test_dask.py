"""simulate() on a Dask cluster: the same games and outcomes as a serial run,
whatever the number of workers. Skipped without the ``cluster`` extra; with
``CI=true`` its absence is a failure."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, RandomBot
from cardcommons.simulate import BotFactory, GameFactory, simulate
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

try:
    from distributed import Client, LocalCluster
except ImportError:  # pragma: no cover - CI installs the extra
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        raise
    pytest.skip("the cluster extra is not installed (pip install -e '.[cluster]')", allow_module_level=True)


@pytest.fixture(scope="module", params=[1, 2], ids=["1 worker", "2 workers"])
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    """A local cluster of worker processes, as on one machine's cores."""
    workers: int = request.param
    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        yield client


MATCHES: list[tuple[GameFactory, list[BotFactory]]] = [
    (SplitAndChoose, [HeuristicBot, RandomBot]),
    (partial(WhiskyPoker, 3, jokers=True), [GreedyBot, RandomBot, partial(GreedyBot, knock_at=0.9)]),
]


@pytest.mark.parametrize(("make_game", "bots"), MATCHES, ids=["split and choose", "whisky poker"])
def test_a_dask_cluster_plays_the_same_games_as_a_serial_run(
    client: Client, make_game: GameFactory, bots: list[BotFactory]
) -> None:
    serial = simulate(make_game, bots, games=60, seed=8, progress=False)
    on_dask = simulate(make_game, bots, games=60, seed=8, progress=False, executor=client.get_executor(), chunk=7)
    assert on_dask.outcomes == serial.outcomes and on_dask.names == serial.names
    assert len(client.scheduler_info()["workers"]) in (1, 2)


_CHECKS = """
def _check(cluster, client):
    "Checks run inside the recipe: TLS, 127.0.0.1 only, no way in without the key."
    import os

    import psutil
    from distributed import Client

    assert cluster.scheduler_address.startswith("tls://127.0.0.1:"), cluster.scheduler_address
    pids = [os.getpid(), *client.run(os.getpid).values()]
    listening = {
        c.laddr.ip
        for pid in pids
        for c in getattr(psutil.Process(pid), "net_connections", psutil.Process(pid).connections)("inet")
        if c.status == psutil.CONN_LISTEN
    }
    assert listening == {"127.0.0.1"}, listening
    for address in (cluster.scheduler_address, cluster.scheduler_address.replace("tls://", "tcp://")):
        try:
            intruder = Client(address, timeout=3)
        except Exception:
            continue
        intruder.close()
        raise AssertionError(f"a client without the key connected to {address}")
    import urllib.request

    nannies = [child.pid for child in psutil.Process().children()]
    ports = {
        c.laddr.port
        for pid in {*pids, *nannies}
        for c in getattr(psutil.Process(pid), "net_connections", psutil.Process(pid).connections)("inet")
        if c.status == psutil.CONN_LISTEN
    }
    for port in ports:  # the HTTP servers of the scheduler and workers, and the TLS ports
        for page in ("/health", "/metrics", "/info/main/logs.html", "/statics/"):
            try:
                status = urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=3).status
            except Exception:
                continue
            raise AssertionError(f"http://127.0.0.1:{port}{page} answered {status}")
    print("checked", flush=True)


"""


def test_the_readmes_recipe_runs_as_a_script_on_a_cluster_only_it_can_reach(tmp_path: Path) -> None:
    """The README's code, as a file, run as a script: Dask's worker processes import
    it, so without `if __name__ == "__main__":` each started a cluster of its own. From
    inside, the cluster is checked: TLS, listening on 127.0.0.1 only (the dashboard
    once listened on 0.0.0.0:8787), closed to a client without the run's key, and no
    page served over HTTP (``/health``, ``/metrics`` and the logs once were)."""
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    section = readme.split("## Big simulations on a Dask cluster", 1)[1]
    recipe = section.split("```python\n", 1)[1].split("```", 1)[0]
    sizes = "GAMES, SAMPLES = 20_000, 200"
    body = "        bots = [partial"
    assert sizes in recipe and body in recipe and 'if __name__ == "__main__":' in recipe
    script = tmp_path / "recipe.py"
    checked = recipe.replace(sizes, "GAMES, SAMPLES = 12, 4").replace(body, "        _check(cluster, client)\n" + body)
    script.write_text(_CHECKS + checked)
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.startswith("checked\n12 games\n"), run.stdout
    assert "MonteCarloBot(samples=4)" in run.stdout and run.stdout.rstrip().endswith(")."), run.stdout
    logged = _without_the_heartbeat_race(run.stderr)
    assert "Traceback" not in logged and "Nanny failed" not in logged, logged[-3000:]


def _without_the_heartbeat_race(stderr: str) -> str:
    """``stderr`` without the records of a worker's heartbeat that met the
    cluster closing: a known race of Dask's LocalCluster on its way out
    (dask/distributed#7105), logged with its traceback on a busy machine."""
    records = re.split(r"\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ - )", stderr)
    return "\n".join(r for r in records if "Failed to communicate with scheduler during heartbeat." not in r)


def test_only_the_heartbeat_race_is_left_out_of_the_log() -> None:
    race = (
        "2026-12-05 13:34:16,425 - distributed.worker - ERROR - "
        "Failed to communicate with scheduler during heartbeat.\n"
        "Traceback (most recent call last):\n  ...\ndistributed.comm.core.CommClosedError: Stream is closed"
    )
    other = "2026-12-05 13:34:17,001 - distributed.nanny - ERROR - Nanny failed\nTraceback (most recent call last):"
    assert _without_the_heartbeat_race(f"games: 12/12\n{race}\n{other}") == f"games: 12/12\n{other}"
