"""A pool of worker processes for solving and drawing, so the event loop never blocks.

Why not concurrent.futures.ProcessPoolExecutor: it cannot stop a job that is already
running. Here every job has a deadline; a job past it has its worker process killed and
replaced, and the caller gets JobTimeout. Jobs waiting for a free worker are bounded:
past `queue_size` the caller gets PoolBusy at once instead of memory growing without end.

Workers are forked from a forkserver (never from the event loop's process, which has
threads) and each runs `initializer` once, e.g. to load the word lists, before it
reports ready. Modules named in `preload` are imported in the forkserver before it forks
any worker: what they load there (the word lists, once) every worker shares, page for page,
and a replacement worker starts with it already loaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import multiprocessing
import os
import pickle
import signal
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)


class PoolBusy(Exception):
    """Every worker is busy and the waiting line is full."""


class JobTimeout(Exception):
    """The job ran past its deadline; its worker was stopped and replaced."""

    def __init__(self, seconds: float):
        super().__init__(f"the job took longer than {seconds:g} s")
        self.seconds = seconds


class WorkerCrashed(Exception):
    """The worker process died during the job (e.g. killed for using too much memory)."""


class JobFailed(Exception):
    """The job raised an error that could not be sent back as itself; carries its traceback."""


def _worker_main(conn: Connection, initializer: Callable[[], Any] | None) -> None:
    """The loop a worker process runs: receive (function, args), send back the outcome."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if initializer is not None:
        initializer()
    gc.freeze()  # what the initializer loaded lives as long as the worker: skip it in GC passes
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        function, args = job
        try:
            outcome = ("ok", function(*args))
        except Exception as error:
            outcome = ("error", _sendable(error))
        conn.send(outcome)


def _sendable(error: Exception) -> Exception:
    """The error itself if it survives pickling, else a JobFailed carrying its traceback."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return JobFailed("".join(traceback.format_exception(error)))
    error.worker_traceback = "".join(traceback.format_exception(error))  # type: ignore[attr-defined]
    return error


class _Worker:
    def __init__(self, process: multiprocessing.process.BaseProcess, conn: Connection):
        self.process = process
        self.conn = conn

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        self.process.join(timeout=5)


class WorkerPool:
    def __init__(
        self,
        size: int,
        deadline: float,
        queue_size: int,
        initializer: Callable[[], Any] | None = None,
        preload: Sequence[str] = (),
    ):
        self.size = size
        self.deadline = deadline
        self.queue_size = queue_size
        self._initializer = initializer
        self._context = multiprocessing.get_context("forkserver")
        if preload:
            # The forkserver is one per process, started by the first pool: a later pool's
            # preload comes too late, and its workers load what they need themselves. The
            # main script stays first, as in multiprocessing's default preload.
            self._context.set_forkserver_preload(["__main__", *preload])
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._workers: set[_Worker] = set()
        self._waiting = 0
        self._closed = False
        self._replacements: set[asyncio.Task] = set()
        # One thread per worker waits on its pipe, so the event loop never does.
        self._threads = ThreadPoolExecutor(max_workers=2 * size + 2, thread_name_prefix="pool-io")

    async def start(self) -> None:
        """Start every worker and wait until each has run its initializer."""
        workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        for worker in workers:
            self._idle.put_nowait(worker)

    @property
    def full(self) -> bool:
        """No idle worker and the waiting line at its limit: a new job would be refused."""
        return self._idle.empty() and self._waiting >= self.queue_size

    async def run(self, function: Callable[..., Any], *args: Any, deadline: float | None = None):
        """function(*args) in a worker; raises PoolBusy, JobTimeout, WorkerCrashed or its error."""
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        if self.full:
            raise PoolBusy
        self._waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self._waiting -= 1
        seconds = self.deadline if deadline is None else deadline
        try:
            status, value = await asyncio.wait_for(self._call(worker, function, args), seconds)
        except TimeoutError:
            self._replace(worker)
            raise JobTimeout(seconds) from None
        except (EOFError, OSError):
            self._replace(worker)
            raise WorkerCrashed("a worker process died while solving") from None
        except BaseException:  # cancelled while the job ran: the worker's state is unknown
            self._replace(worker)
            raise
        self._idle.put_nowait(worker)
        if status == "error":
            raise value
        return value

    async def _call(self, worker: _Worker, function, args) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._threads, worker.conn.send, (function, args))
        return await loop.run_in_executor(self._threads, worker.conn.recv)

    async def _spawn(self) -> _Worker:
        return await asyncio.get_running_loop().run_in_executor(self._threads, self._spawn_sync)

    def _spawn_sync(self) -> _Worker:
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main, args=(child_end, self._initializer), daemon=True
        )
        process.start()
        child_end.close()
        worker = _Worker(process, parent_end)
        try:
            _ready, pid = parent_end.recv()  # "ready" once the initializer has run
        except EOFError:
            worker.kill()
            raise WorkerCrashed("a worker process failed to start") from None
        log.debug("worker %s ready", pid)
        self._workers.add(worker)
        return worker

    def _replace(self, worker: _Worker) -> None:
        """Kill a worker and start another in the background; the pool keeps its size."""
        self._workers.discard(worker)
        worker.kill()
        if self._closed:
            return
        task = asyncio.get_running_loop().create_task(self._start_replacement())
        self._replacements.add(task)
        task.add_done_callback(self._replacements.discard)

    async def _start_replacement(self) -> None:
        try:
            worker = await self._spawn()
        except Exception:
            log.exception("could not start a replacement worker")
            return
        if self._closed:
            worker.kill()
        else:
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every worker: idle ones are asked to exit, busy ones are killed."""
        self._closed = True
        for task in list(self._replacements):
            task.cancel()
        while not self._idle.empty():
            worker = self._idle.get_nowait()
            with contextlib.suppress(Exception):
                worker.conn.send(None)
        loop = asyncio.get_running_loop()
        for worker in list(self._workers):
            await loop.run_in_executor(None, worker.process.join, 2)
            worker.kill()
        self._workers.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)
