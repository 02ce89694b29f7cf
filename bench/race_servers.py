"""50 races at once across 50 servers: bench/race_burst.py with other defaults.

    .venv/bin/python -m bench.race_servers [--races 50] [--players 4] [--window 10] [--json]

Each of 50 servers gets its own race, a starter and `--players` members who join it; all
join at once and answer within the same `--window` seconds. Reported as race_burst reports
(Join and answer timings, answers recorded, scoreboard edits against the per-channel limit,
429s and rule violations, which must be none).
"""

from __future__ import annotations

import sys

from bench.race_burst import main as race_burst

if __name__ == "__main__":
    sys.exit(race_burst(sys.argv[1:], races=50, players=4))
