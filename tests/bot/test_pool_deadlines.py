"""A job's deadline covers its wait for a worker, so a member's reply always comes while
Discord still takes it (an interaction token lasts 15 minutes); closing the pool ends every
job, waiting or running, with PoolClosed."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.pool import JobTimeout, PoolBusy, PoolClosed, WorkerPool


async def started(**options) -> WorkerPool:
    pool = WorkerPool(**options)
    await pool.start()
    return pool


async def test_a_job_that_could_not_finish_in_time_is_refused_at_once():
    pool = await started(size=1, deadline=1.0, queue_size=100, answer_within=2.5)
    try:
        for _ in range(2):  # jobs here take about a second each
            await pool.run(time.sleep, 0.9)
        running = asyncio.create_task(pool.run(time.sleep, 0.9))
        await asyncio.sleep(0.1)  # it holds the only worker now
        waiting = asyncio.create_task(pool.run(time.sleep, 0.9))  # ~1 s ahead + 1: taken
        await asyncio.sleep(0)
        assert pool.full  # one more would wait ~2 s and may run 1 s more: past 2.5 s
        asked = time.perf_counter()
        with pytest.raises(PoolBusy):
            await pool.run(time.sleep, 0.1)
        assert time.perf_counter() - asked < 0.5, "refused only after waiting"
        await asyncio.gather(running, waiting)
    finally:
        await pool.close()


async def test_every_job_taken_ends_within_its_answer_time_even_when_each_times_out():
    answer_within = 3.0
    pool = await started(size=2, deadline=0.5, queue_size=100, answer_within=answer_within)
    try:

        async def one_job() -> float | None:
            asked = time.perf_counter()
            try:
                await pool.run(time.sleep, 5)  # past every deadline: its worker is replaced
            except PoolBusy:
                return None
            except JobTimeout:
                pass
            return time.perf_counter() - asked

        took = await asyncio.gather(*(one_job() for _ in range(30)))
    finally:
        await pool.close()
    answered = [seconds for seconds in took if seconds is not None]
    assert answered and len(answered) < len(took)  # some taken, the rest refused at once
    assert max(answered) < answer_within + 0.5  # the loop's own lateness on a busy machine


async def test_closing_ends_running_and_waiting_jobs_with_pool_closed():
    pool = await started(size=1, deadline=30.0, queue_size=10)
    jobs = [asyncio.create_task(pool.run(time.sleep, 20)) for _ in range(3)]
    await asyncio.sleep(0.3)
    await asyncio.wait_for(pool.close(), 10)
    outcomes = await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), 10)
    assert [type(outcome) for outcome in outcomes] == [PoolClosed] * 3
    with pytest.raises(PoolClosed):
        await pool.run(time.sleep, 0)
