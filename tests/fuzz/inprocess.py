"""The bot's PuzzleService on an in-process pool: the same size checks, parse and jobs as the
bot, without worker processes (the machine running the tests has two cores to share)."""

from __future__ import annotations

import pickle
from typing import Any

from bot.puzzle_service import PuzzleService


class InProcessPool:
    """The worker pool's side of the contract, in this process: a job's arguments and its
    result cross a pickle as they do between processes; nothing is ever busy."""

    full = False

    def __init__(self) -> None:
        self.jobs_run = 0

    async def run(self, function, *args: Any, deadline: float | None = None):
        self.jobs_run += 1
        args = pickle.loads(pickle.dumps(args))
        return pickle.loads(pickle.dumps(function(*args)))


def in_process_service() -> PuzzleService:
    return PuzzleService(InProcessPool(), limits=None, database=None)  # type: ignore[arg-type]
