"""A pool of worker processes for solving and drawing, so the event loop never blocks.

Why not concurrent.futures.ProcessPoolExecutor: it cannot stop a job that is already
running. Here every job has a deadline; a job past it has its worker process killed and
replaced, and the caller gets JobTimeout. Waiting for a free worker counts too: every job
ends within `answer_within` seconds of being asked for (the caller answers a Discord
interaction, whose token dies after 15 minutes). A job is taken only if the work ahead of it,
at the recent jobs' typical time, leaves it its whole deadline; otherwise, or past
`queue_size` waiting jobs, the caller gets PoolBusy at once. A job that starts later than
expected gets only what is left of its time, and PoolBusy if nothing is left.

Closing the pool ends every job, waiting or running, with PoolClosed, so the callers can tell
their members rather than fail on a closed connection.

Workers are forked from a forkserver (never from the event loop's process, which has
threads) and each runs `initializer` once, e.g. to load the word lists, before it
reports ready. Modules named in `preload` are imported in the forkserver before it forks
any worker: what they load there (the word lists, once) every worker shares, page for page,
and a replacement worker starts with it already loaded.
"""

from __future__ import annotations

import asyncio
import collections
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


class PoolClosed(Exception):
    """The pool closed (the bot is stopping) before the job could finish."""


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


# An interaction token lasts 15 minutes; a job ends well inside that, leaving the reply (and
# what came before the job: the parse, the defer) time to reach Discord.
ANSWER_WITHIN = 10 * 60.0
TYPICAL_OF = 50  # the recent jobs whose times say how long the next will take
RESERVED_FOR = 5.0  # seconds an admitted job (reserve) counts as waiting before it arrives


class WorkerPool:
    def __init__(
        self,
        size: int,
        deadline: float,
        queue_size: int,
        initializer: Callable[[], Any] | None = None,
        preload: Sequence[str] = (),
        answer_within: float = ANSWER_WITHIN,
    ):
        self.size = size
        self.deadline = deadline
        self.queue_size = queue_size
        self.answer_within = answer_within
        self._initializer = initializer
        self._context = multiprocessing.get_context("forkserver")
        if preload:
            # The forkserver is one per process, started by the first pool: a later pool's
            # preload comes too late, and its workers load what they need themselves. The
            # main script stays first, as in multiprocessing's default preload.
            self._context.set_forkserver_preload(["__main__", *preload])
        self._idle: asyncio.Queue[_Worker | None] = asyncio.Queue()  # None: closed
        self._workers: set[_Worker] = set()
        self._waiting = 0
        # How long jobs take: the recent ones (a timeout counts as its deadline), and the loop
        # time each running job must end by.
        self._durations: collections.deque[float] = collections.deque(maxlen=TYPICAL_OF)
        self._running_ends: dict[_Worker, float] = {}
        self._reserved: collections.deque[float] = collections.deque()  # loop times
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
        """A new job of the usual deadline would be refused: no idle worker, and the waiting
        line at its limit or too long for the job to finish in time."""
        return not self.can_take(self.deadline)

    def can_take(self, deadline: float) -> bool:
        """Whether a job of `deadline` seconds would be taken now (see the module's doc)."""
        if not self._idle.empty():
            return True
        return self._waiting < self.queue_size and (
            self.expected_wait() + deadline <= self.answer_within
        )

    def reserve(self) -> None:
        """Count a job admitted now as waiting before it arrives (its caller first tells
        Discord it is working on it), so a burst admitted together is judged together."""
        self._reserved.append(asyncio.get_running_loop().time())

    def _live_reservations(self) -> int:
        horizon = asyncio.get_running_loop().time() - RESERVED_FOR
        while self._reserved and self._reserved[0] < horizon:  # never came: forgotten
            self._reserved.popleft()
        return len(self._reserved)

    def typical_job(self) -> float:
        """Seconds a job takes, from the recent ones (a tenth of the deadline before any)."""
        if not self._durations:
            return self.deadline / 10
        return sum(self._durations) / len(self._durations)

    def expected_wait(self) -> float:
        """Seconds a new job would wait for a worker: the work ahead (what is left of the
        running jobs, the waiting ones at the typical time) shared by `size` workers."""
        now = asyncio.get_running_loop().time()
        typical = self.typical_job()
        running = sum(min(typical, max(0.0, end - now)) for end in self._running_ends.values())
        waiting = self._waiting + self._live_reservations()
        return (running + waiting * typical) / self.size

    async def run(self, function: Callable[..., Any], *args: Any, deadline: float | None = None):
        """function(*args) in a worker; raises PoolBusy, JobTimeout, WorkerCrashed, PoolClosed
        or its error."""
        if self._closed:
            raise PoolClosed
        seconds = self.deadline if deadline is None else deadline
        if not self.can_take(seconds):
            raise PoolBusy
        loop = asyncio.get_running_loop()
        finish_by = loop.time() + self.answer_within
        if self._live_reservations():  # it arrived: it waits as itself now
            self._reserved.popleft()
        worker = await self._next_worker()
        seconds = min(seconds, finish_by - loop.time())  # late (a worker was being replaced)
        if seconds <= 0:
            self._idle.put_nowait(worker)
            raise PoolBusy
        started = loop.time()
        self._running_ends[worker] = started + seconds
        try:
            status, value = await asyncio.wait_for(self._call(worker, function, args), seconds)
        except TimeoutError:
            self._durations.append(seconds)
            self._replace(worker)
            raise JobTimeout(seconds) from None
        except (EOFError, OSError):
            self._replace(worker)
            if self._closed:  # killed by close(), not by the job
                raise PoolClosed from None
            raise WorkerCrashed("a worker process died while solving") from None
        except BaseException:  # cancelled while the job ran: the worker's state is unknown
            self._replace(worker)
            raise
        finally:
            self._running_ends.pop(worker, None)
        self._durations.append(loop.time() - started)
        if not self._closed:  # else close() stops it
            self._idle.put_nowait(worker)
        if status == "error":
            raise value
        return value

    async def _next_worker(self) -> _Worker:
        """The next free worker, in the order jobs asked; PoolClosed if the pool closes first."""
        self._waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self._waiting -= 1
        if worker is None:  # close() wakes every waiting job with None
            raise PoolClosed
        return worker

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
        """Stop every worker: idle ones are asked to exit, busy ones are killed; every job
        waiting or running ends with PoolClosed. A second call does nothing."""
        if self._closed:
            return
        self._closed = True
        for task in list(self._replacements):
            task.cancel()
        while not self._idle.empty():
            worker = self._idle.get_nowait()
            with contextlib.suppress(Exception):
                worker.conn.send(None)
        for _ in range(self._waiting):  # each waiting job ends with PoolClosed
            self._idle.put_nowait(None)
        loop = asyncio.get_running_loop()
        for worker in list(self._workers):
            await loop.run_in_executor(None, worker.process.join, 2)
            worker.kill()
        self._workers.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)
