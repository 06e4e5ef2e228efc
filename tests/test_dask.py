"""simulate() on a Dask cluster: the same games and outcomes as a serial run,
whatever the number of workers. Skipped without the ``cluster`` extra; with
``CI=true`` its absence is a failure."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial

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
