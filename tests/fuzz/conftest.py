"""Hypothesis profiles for the fuzz suite, chosen with HYPOTHESIS_PROFILE.

- default: a few dozen inputs per kind and property, so the whole suite stays well under a
  minute on a busy two-core machine (part of every `make test`).
- long: 500 and more inputs per kind and property, for a search before a release:
  `HYPOTHESIS_PROFILE=long python -m pytest tests/fuzz -q` (or `python -m bench.fuzz`).

Examples are derandomised in the default profile so CI runs are repeatable; the long profile
explores fresh inputs each run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests.fuzz.strategies import TRIED

# A slow example is reported by the properties themselves against the bot's solve deadline;
# hypothesis's own per-example deadline would flag a busy machine instead.
COMMON = {
    "deadline": None,
    "suppress_health_check": (HealthCheck.too_slow, HealthCheck.data_too_large),
    "print_blob": True,
}
settings.register_profile("default", max_examples=40, derandomize=True, **COMMON)
settings.register_profile("long", max_examples=500, **COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter) -> None:
    if TRIED:
        counts = ", ".join(f"{kind} {count:,}" for kind, count in sorted(TRIED.items()))
        terminalreporter.write_line(f"fuzz inputs tried per kind: {counts}")
