"""Where a run's chunks are played: in this process, on a process pool (`engines.run`), or on
a Dask cluster. Every backend maps the same pure function (`engines._play_chunk`) over the
same chunks and returns the results in chunk order, so the records do not depend on the backend.

Dask is optional (`pip install "rulebook-generator[dask]"`): it is imported only when a
scheduler is asked for.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator


@contextmanager
def dask_client(scheduler) -> Iterator[object]:
    """A Dask client for `scheduler`: an object with `map` and `gather` is used as it is
    (an existing `Client`, or a stand-in in tests); "local" starts a `LocalCluster` on this
    machine for the duration; any other string is a scheduler address ("tcp://host:8786")."""
    if hasattr(scheduler, "map") and hasattr(scheduler, "gather"):
        yield scheduler
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as error:  # pragma: no cover - depends on the installation
        from generator.errors import GeneratorError
        raise GeneratorError('--scheduler needs Dask: pip install "dask[distributed]" '
                             '(or the project\'s [dask] extra)') from error
    if scheduler == "local":
        # The workers' logs at CRITICAL only: a game that fails is the command's one line,
        # where each worker also printed "Compute Failed" and the task's traceback.
        import logging
        with LocalCluster(processes=True, dashboard_address=None,
                          silence_logs=logging.CRITICAL) as cluster, \
                Client(cluster) as client:
            yield client
    else:
        with _connected(Client, scheduler) as client:
            yield client


#: Seconds to reach a scheduler (Dask's own default is 30): a wrong address is one line
#: within the 10 s any command answers in.
CONNECT_TIMEOUT = 5


def _connected(client_class, address: str):
    """A Client of the scheduler at `address`; one line if there is none to reach there."""
    try:
        return client_class(address, timeout=CONNECT_TIMEOUT)
    except (OSError, ValueError, TypeError) as exc:
        from generator.errors import GeneratorError
        why = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise GeneratorError(f"--scheduler {address[:80]}: no Dask scheduler reached there "
                             f"({why}); expected the address of a running scheduler, such as "
                             "tcp://host:8786, or local") from None


def map_on_dask(function: Callable, chunks: list, scheduler) -> Iterator[list]:
    """`function` over `chunks` on a Dask cluster, results yielded in chunk order as they
    arrive (so a progress bar moves). `pure=False`: a chunk is computed even if an equal one
    was computed before, and nothing is cached across runs."""
    with dask_client(scheduler) as client:
        futures = client.map(function, chunks, pure=False)
        for future in futures:
            yield client.gather(future)
