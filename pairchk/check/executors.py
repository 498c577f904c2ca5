"""Where independent pieces of work run: in this process, a pool of local processes
(``--jobs N``), or a Dask distributed cluster (``--scheduler tcp://HOST:PORT``, the ``cluster``
extra: ``pip install 'pairchk[cluster]'``). Results are the same whatever the executor; only
the order in which they arrive differs, so callers index them.

>>> sorted(run_unordered(abs, [-2, 3]))
[(0, 2, None), (1, 3, None)]
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from ..errors import PairchkError

JOBS_HELP = "Run in N processes of this machine (default 1)."
SCHEDULER_HELP = ("Send the work to the Dask distributed scheduler at ADDRESS (tcp://HOST:PORT; "
                  "needs pip install 'pairchk[cluster]' here and pairchk on every worker).")


class SchedulerError(PairchkError):
    """The Dask cluster cannot be used (extra not installed, scheduler unreachable)."""


def run_unordered(fn: Callable[[Any], Any], items: Sequence[Any], *, jobs: int = 1,
                  scheduler: str = "") -> Iterator[tuple[int, Any, BaseException | None]]:
    """``(index, fn(item), None)`` for every item as it finishes, or ``(index, None, error)``
    when the call raised or its worker died (the other items still run). ``fn`` and the items
    must pickle (a module-level function) for ``jobs`` > 1 and for a ``scheduler``."""
    if scheduler:
        yield from _dask(fn, items, scheduler)
    elif jobs <= 1 or len(items) <= 1:
        for i, item in enumerate(items):
            try:
                yield i, fn(item), None
            except Exception as exc:
                yield i, None, exc
    else:
        yield from _processes(fn, items, jobs)


def _processes(fn, items, jobs):
    from concurrent.futures import ProcessPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(items)), initializer=quiet_worker)
    try:
        futures = {pool.submit(fn, item): i for i, item in enumerate(items)}
        for fut in as_completed(futures):
            try:
                yield futures[fut], fut.result(), None
            except Exception as exc:  # the call raised, or its worker died (out of memory)
                yield futures[fut], None, exc
    finally:  # on Ctrl-C or an early stop: drop what has not started, do not wait for it
        pool.shutdown(wait=True, cancel_futures=True)


def _dask(fn, items, scheduler: str):
    client = connect(scheduler)
    from dask.distributed import as_completed

    try:
        futures = client.map(fn, list(items), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for fut in as_completed(futures):
            i = index[fut.key]
            try:
                yield i, fut.result(), None
            except Exception as exc:
                yield i, None, exc
    finally:
        client.close()


def connect(scheduler: str):
    """A Dask client of the scheduler at ``scheduler``, or :class:`SchedulerError` saying why
    not."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise SchedulerError(
            f"--scheduler {scheduler}: the Dask distributed client is not installed; "
            "install it with pip install 'pairchk[cluster]'") from None
    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(f"--scheduler {scheduler}: cannot reach the scheduler ({exc})"
                             " — is it running, and is the address tcp://HOST:PORT?") from None


def quiet_worker() -> None:
    """Pool workers leave Ctrl-C to the main process (no traceback from every worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = ["run_unordered", "connect", "SchedulerError", "JOBS_HELP", "SCHEDULER_HELP"]
