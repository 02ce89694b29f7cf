"""The network between the bot and Discord: a configurable one-way delay with jitter.

On loopback every request arrives at once, so a handler that does seconds of work before
its first response can still look fast. Discord's 3 seconds for the initial response
(https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction)
run from when Discord creates the interaction: the trip of INTERACTION_CREATE to the bot,
every request the bot makes before it answers (each a round trip), and the trip of the
answer back all count. With ``LocalDiscord(latency=0.15, jitter=0.05)`` each of those legs
takes 150 ms +- 50 ms, and the 3 s are measured from before the first leg.
"""

from __future__ import annotations

import asyncio
import random


class SimulatedNetwork:
    """One-way delays: ``latency`` seconds, spread uniformly by +- ``jitter``."""

    def __init__(self, latency: float = 0.0, jitter: float = 0.0, seed: int | None = None):
        if latency < 0 or jitter < 0 or jitter > latency:
            raise ValueError("latency and jitter are seconds, with 0 <= jitter <= latency")
        self.latency = latency
        self.jitter = jitter
        self._random = random.Random(seed)

    def one_way(self) -> float:
        """Seconds one message takes to cross."""
        return self.latency + self._random.uniform(-self.jitter, self.jitter)

    async def cross(self) -> float:
        """Wait as long as one message takes to cross (nothing on a perfect network); the
        seconds waited."""
        delay = self.one_way()
        if delay > 0:
            await asyncio.sleep(delay)
        return delay
