"""The worker pool with real processes: results, errors, deadlines, a full queue."""

from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest

from bot import jobs
from bot.config import Config
from bot.pool import JobTimeout, PoolBusy, WorkerPool
from puzzles import PuzzleError, all_kinds, get_kind


@pytest.fixture
async def pool():
    # The first solve in a worker loads the word lists: seconds on a busy machine.
    pool = WorkerPool(size=2, deadline=30, queue_size=2)
    await pool.start()
    yield pool
    await pool.close()


async def test_a_solve_runs_in_another_process_and_returns_its_picture(pool):
    letterboxed = get_kind("letterboxed")
    puzzle = letterboxed.parse("vro wal eth bdi")
    result = await pool.run(jobs.solve_job, "letterboxed", puzzle, {}, True)
    assert "2 words is the fewest possible" in result.text
    assert result.png.startswith(b"\x89PNG")
    assert await pool.run(os.getpid) != os.getpid()


def test_warm_up_solves_the_example_of_each_kind_whose_first_solve_is_slow(caplog):
    from puzzles.cryptogram.model import spoken_model, word_model

    spoken_model.cache_clear()
    word_model.cache_clear()
    jobs.warm_up()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    warmed = {kind.name for kind in all_kinds() if kind.warm_up}
    assert warmed == {"qless", "codeword", "cryptogram"}
    # The cryptogram's word statistics and spoken-English model are loaded, not left for
    # the first player.
    assert spoken_model.cache_info().currsize == 1 and word_model.cache_info().currsize == 1


async def test_a_puzzle_error_comes_back_whole(pool):
    puzzle = get_kind("letterboxed").parse("vro wal eth bdi")
    with pytest.raises(PuzzleError) as raised:
        await pool.run(jobs.solve_job, "letterboxed", puzzle, {"max_words": 0}, False)
    assert raised.value.message == "max_words must be at least 1, not 0."


async def test_a_job_past_its_deadline_is_stopped_and_its_worker_replaced(pool):
    pids = {await pool.run(os.getpid) for _ in range(4)}
    started = time.perf_counter()
    with pytest.raises(JobTimeout):
        await pool.run(time.sleep, 30, deadline=0.3)
    assert time.perf_counter() - started < 5
    # The pool keeps its size: two jobs still run side by side, one on a new process.
    new_pids = set(await asyncio.gather(pool.run(_slow_pid), pool.run(_slow_pid)))
    assert len(new_pids) == 2
    assert new_pids != pids


async def test_a_full_queue_answers_busy_at_once_instead_of_waiting(pool):
    running = [asyncio.create_task(pool.run(time.sleep, 1.0)) for _ in range(4)]  # 2 run, 2 wait
    await asyncio.sleep(0.1)
    started = time.perf_counter()
    with pytest.raises(PoolBusy):
        await pool.run(time.sleep, 0)
    assert time.perf_counter() - started < 0.1
    await asyncio.gather(*running)


def _slow_pid() -> int:
    time.sleep(0.3)
    return os.getpid()


async def test_busy_only_once_every_worker_and_every_place_in_the_queue_is_taken():
    pool = WorkerPool(size=2, deadline=5, queue_size=5)
    await pool.start()
    try:
        accepted = [asyncio.create_task(pool.run(time.sleep, 0.5)) for _ in range(2 + 5)]
        await asyncio.sleep(0.2)  # 2 running, 5 waiting: the bound, not past it
        assert pool.full
        with pytest.raises(PoolBusy):
            await pool.run(time.sleep, 0)
        await asyncio.gather(*accepted)  # every accepted job was served
        assert not pool.full
    finally:
        await pool.close()


async def test_the_default_config_serves_a_daily_burst_and_a_solve_burst_at_once():
    """200 members answering the daily puzzle and 30 solving, all at the same moment, with
    the default workers and queue: every job is served, none told busy."""
    config = Config()
    pool = WorkerPool(config.workers, config.deadline_seconds, config.queue_size)
    await pool.start()
    try:
        results = await asyncio.gather(
            *(pool.run(_quick_pid) for _ in range(200 + 30)), return_exceptions=True
        )
    finally:
        await pool.close()
    assert [r for r in results if isinstance(r, Exception)] == []


def _quick_pid() -> int:
    time.sleep(0.001)
    return os.getpid()
