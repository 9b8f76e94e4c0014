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
from typing import Callable, Dict, List, Sequence, Tuple, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_POOLS: Dict[Tuple[int, int], ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()  # two callers must not build pools (and restore settings) at once


def _one_torch_thread(started: threading.Barrier) -> None:
    import torch

    torch.set_num_threads(1)
    torch.get_num_threads()  # this thread takes its setting now, before the caller's is put back
    started.wait()


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
    pool = ThreadPoolExecutor(workers, thread_name_prefix="spacy_ground", initializer=_one_torch_thread,
                              initargs=(started,))
    for _ in range(workers):  # a pool starts a thread per task submitted while none is idle
        pool.submit(int)
    started.wait()
    torch.set_num_threads(before)
    return pool


def map_in_threads(fn: Callable[[T], R], items: Sequence[T], workers: int) -> List[R]:
    """``[fn(x) for x in items]``, ``workers`` items at a time on the pool's threads when
    ``workers`` is 2 or more (a single item too: on one torch thread it does not wait for a
    busy core), else in the calling thread on torch's own threads."""
    if workers > 1 and items:
        try:
            return list(thread_pool(workers).map(fn, items))
        except RuntimeError as e:  # at interpreter exit no pool takes work any more
            if "after shutdown" not in str(e) and "interpreter shutdown" not in str(e):
                raise
    return [fn(x) for x in items]
