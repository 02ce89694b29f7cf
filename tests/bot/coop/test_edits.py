"""Board redraws folded together: a burst of letters costs few edits, spaced apart."""

from __future__ import annotations

import asyncio
import itertools

from bot.coop.edits import CoalescedEdits


async def test_a_burst_of_requests_is_folded_and_edits_are_spaced_by_the_interval():
    sent: list[tuple[int, float]] = []
    loop = asyncio.get_running_loop()

    async def edit(key: int) -> None:
        sent.append((key, loop.time()))

    edits = CoalescedEdits(edit, interval=0.2)
    for _ in range(30):  # thirty letters in a moment
        edits.request(1)
        edits.request(2)
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.5)
    for key in (1, 2):
        times = [at for k, at in sent if k == key]
        assert 2 <= len(times) <= 3, times  # 0.3 s of letters: at most one edit per 0.2 s
        assert all(b - a >= 0.19 for a, b in itertools.pairwise(times))
    await edits.close()


async def test_flush_sends_the_latest_state_now_and_waits_for_it():
    state = {"letters": 0}
    drawn: list[int] = []

    async def edit(key: int) -> None:
        await asyncio.sleep(0.05)
        drawn.append(state["letters"])

    edits = CoalescedEdits(edit, interval=0.1)
    edits.request(7)
    state["letters"] = 5
    await edits.flush(7)
    assert drawn[-1] == 5  # the flush drew the newest state, and returned after it was sent
    await edits.close()


async def test_a_failed_edit_does_not_stop_later_ones():
    calls = []

    async def edit(key: int) -> None:
        calls.append(key)
        if len(calls) == 1:
            raise RuntimeError("Discord said no")

    edits = CoalescedEdits(edit, interval=0.05)
    edits.request(3)
    await asyncio.sleep(0.02)
    edits.request(3)
    await asyncio.sleep(0.2)
    assert calls == [3, 3] and edits.edits == 1
    await edits.close()
