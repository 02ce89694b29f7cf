from __future__ import annotations

from bot.ratelimit import SolveLimits


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
