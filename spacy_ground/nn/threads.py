"""Torch work spread over threads of our own, each running torch on one thread.

Torch's own threads meet at a barrier after every operation, so on a machine where another
process keeps one core busy each operation waits for a time slice: measured on 2 cores, a
cross-encoder pair took several times longer. Independent pieces of work (one pair, one
batch of sentences) on threads of their own do not wait for each other, and each gives the
same numbers as when run alone.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_POOLS: Dict[Tuple[int, int], ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()  # two callers must not build pools (and restore settings) at once


def _one_torch_thread(started: threading.Barrier) -> None:
    import torch

    torch.set_num_threads(1)
    torch.get_num_threads()  # this thread takes its setting now, before the caller's is put back
    started.wait()


TORCH_THREADS_ENV = "SPACY_GROUND_TORCH_THREADS"


def torch_threads_for(component: str, setting: Optional[int]) -> int:
    """The torch threads a component runs on in the calling thread: its ``torch_threads``
    setting, or when that is None the environment variable SPACY_GROUND_TORCH_THREADS, else 1
    (one thread: a core kept busy by other work does not stall every operation)."""
    source = "torch_threads"
    if setting is None:
        value = os.environ.get(TORCH_THREADS_ENV, "").strip()
        if not value:
            return 1
        source = TORCH_THREADS_ENV
        try:
            setting = int(value)
        except ValueError:
            raise ValueError(f"{component}: {TORCH_THREADS_ENV} must be an integer >= 1, not {value!r}") from None
    if isinstance(setting, bool) or not isinstance(setting, int) or setting < 1:
        raise ValueError(
            f"{component}: {source} must be an integer >= 1 (or None: {TORCH_THREADS_ENV}, else 1), not {setting!r}"
        )
    return setting


@contextmanager
def torch_threads(n: int) -> Iterator[None]:
    """Run torch on ``n`` threads inside the block, and as before after it."""
    import torch

    before = torch.get_num_threads()
    if before != n:
        torch.set_num_threads(n)
    try:
        yield
    finally:
        if before != n:
            torch.set_num_threads(before)


def check_workers(component: str, workers: object) -> None:
    """A clear error for a ``workers`` setting that is not a count (0: torch's own threads)."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"{component}: workers must be an integer >= 0 (0: torch's own threads), not {workers!r}")


def thread_pool(workers: int) -> ThreadPoolExecutor:
    """One pool per process and size (a forked child starts its own: the parent's threads do
    not survive a fork), its threads running torch on one thread each.

    ``torch.set_num_threads`` also sets the default of threads that have not run torch yet
    (and MKL's count): once every pool thread has set its own, the caller's setting is put
    back, so the rest of the process runs torch as before."""
    key = (os.getpid(), workers)
    with _POOLS_LOCK:
        if key not in _POOLS:
            _POOLS[key] = _new_pool(workers)
        return _POOLS[key]


def _new_pool(workers: int) -> ThreadPoolExecutor:
    import torch

    before = torch.get_num_threads()
    started = threading.Barrier(workers + 1)
    pool = ThreadPoolExecutor(
        workers, thread_name_prefix="spacy_ground", initializer=_one_torch_thread, initargs=(started,)
    )
    for _ in range(workers):  # a pool starts a thread per task submitted while none is idle
        pool.submit(int)
    started.wait()
    torch.set_num_threads(before)
    return pool


def map_in_threads(fn: Callable[[T], R], items: Sequence[T], workers: int, threads: int = 1) -> List[R]:
    """``[fn(x) for x in items]``, ``workers`` items at a time on the pool's threads when
    ``workers`` is 2 or more (a single item too: on one torch thread it does not wait for a
    busy core), else in the calling thread with torch on ``threads`` threads."""
    if workers > 1 and items:
        try:
            return list(thread_pool(workers).map(fn, items))
        except RuntimeError as e:  # at interpreter exit no pool takes work any more
            if "after shutdown" not in str(e) and "interpreter shutdown" not in str(e):
                raise
    if not items:
        return []
    with torch_threads(threads):
        return [fn(x) for x in items]
