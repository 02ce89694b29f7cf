from __future__ import annotations

import tracemalloc

from bot.ratelimit import READING, SolveLimits


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_member_over_the_limit_waits_until_the_oldest_start_leaves_the_window():
    clock = Clock()
    limits = SolveLimits(per_user=2, per_guild=10, window=60, clock=clock)
    assert limits.try_start(1, 100) == 0
    clock.now += 10
    assert limits.try_start(1, 100) == 0
    clock.now += 5
    assert limits.try_start(1, 100) == 45  # the first start leaves the window at +60
    assert limits.try_start(2, 100) == 0  # another member is not affected
    clock.now += 45
    assert limits.try_start(1, 100) == 0


def test_the_whole_server_has_its_own_limit_and_refusals_do_not_count():
    clock = Clock()
    limits = SolveLimits(per_user=5, per_guild=3, window=60, clock=clock)
    for member in (1, 2, 3):
        assert limits.try_start(member, 100) == 0
    assert limits.try_start(4, 100) > 0
    assert limits.try_start(4, 200) == 0  # a different server
    assert limits.try_start(5, None) == 0  # direct messages have no server limit
    clock.now += 60
    assert limits.try_start(4, 100) == 0


def test_asking_about_a_member_remembers_nothing():
    clock = Clock()
    limits = SolveLimits(per_user=2, per_guild=10, window=60, clock=clock)
    for member in range(1000):
        assert limits.users.retry_after(member) == 0
        assert limits.guilds.retry_after(member) == 0
    assert len(limits.users) == 0 and len(limits.guilds) == 0


def test_members_whose_starts_left_the_window_are_forgotten():
    clock = Clock()
    limits = SolveLimits(per_user=2, per_guild=1000, window=60, clock=clock)
    for member in range(100):
        assert limits.try_start(member, 7) == 0
    assert len(limits.users) == 100
    clock.now += 30
    assert limits.try_start(500, 7) == 0
    clock.now += 31  # the first hundred starts are 61 s old, member 500's is 31 s old
    assert limits.users.retry_after(1) == 0
    assert len(limits.users) == 1
    assert limits.users.retry_after(500) == 0  # one start of two allowed: still remembered
    assert limits.try_start(500, 7) == 0
    assert limits.try_start(500, 7) == 29  # member 500's first start leaves the window in 29 s


def test_memory_is_bounded_by_the_members_active_in_the_window():
    """200,000 distinct members, a new one every 10 ms, a 60 s window: only the last 6,000
    are remembered, and the limiter holds about 2 MB (it used to keep every member: 175 MB)."""
    clock = Clock()
    limits = SolveLimits(per_user=5, per_guild=1_000_000, window=60, clock=clock)
    tracemalloc.start()
    try:
        for member in range(200_000):
            clock.now += 0.01
            assert limits.try_start(member, 1) == 0
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(limits.users) <= 6_001
    assert held < 4_000_000, f"{held / 1e6:.1f} MB"


def test_reads_have_their_own_window_and_a_refusal_says_which_window_was_full():
    clock = Clock()
    limits = SolveLimits(per_user=1, per_guild=10, window=60, clock=clock, reads_per_user=2)
    assert limits.start(1, 100) is None
    solving = limits.start(1, 100)
    assert (solving.work, solving.whose, solving.limit, solving.wait) == (
        "solving",
        "member",
        1,
        60,
    )
    # Reads are not solving: the member still has their two.
    assert limits.start(1, 100, READING) is None
    clock.now += 20
    assert limits.start(1, 100, READING) is None
    reading = limits.start(1, 100, READING)
    assert (reading.work, reading.whose, reading.limit, reading.wait) == (
        "reading",
        "member",
        2,
        40,
    )
    # A full server window is named as the server's.
    crowded = SolveLimits(per_user=5, per_guild=1, window=60, clock=clock)
    assert crowded.start(1, 100) is None
    assert crowded.start(2, 100).whose == "server"
