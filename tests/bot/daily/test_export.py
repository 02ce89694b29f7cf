"""Exports as CSV: cells a spreadsheet would run as formulas are shown as text, and a file
too big to send is zipped, or refused when even that is too big."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile

from bot.daily.export import export_file, safe_cell, to_csv
from bot.daily.store import iso

START = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)


def result(name: str, user_id: int = 1) -> dict:
    """A result as DailyStore.results gives it."""
    return {
        "day": START.date().isoformat(), "kind": "letterboxed", "number": 325, "archive": 0,
        "user_id": user_id, "name": name, "started_at": iso(START),
        "solved_at": iso(START + dt.timedelta(minutes=1)), "seconds": 60.0, "attempts": 1,
        "hints": 0, "points": 100, "on_time": 1, "gave_up_at": None,
    }  # fmt: skip


def test_a_cell_a_spreadsheet_would_run_gets_a_leading_apostrophe():
    for risky in ("=1+1", "+1", "-2", "@SUM(A1)", "\t=1"):
        assert safe_cell(risky) == "'" + risky
    assert safe_cell("Alice") == "Alice" and safe_cell(None) == "" and safe_cell(100) == "100"
    (row,) = csv.DictReader(io.StringIO(to_csv([result('=HYPERLINK("x")')]).decode()))
    assert row["member"] == '\'=HYPERLINK("x")' and row["number"] == "325"
    assert (row["seconds"], row["points"], row["gave_up_at"]) == ("60", "100", "")


def test_a_file_over_the_limit_is_zipped_and_one_too_big_even_zipped_is_refused():
    many = [result(f"member {n}", n) for n in range(2000)]
    plain = to_csv(many)
    data, name = export_file(many, "daily-all", limit=len(plain))
    assert (data, name) == (plain, "daily-all.csv")
    zipped, name = export_file(many, "daily-all", limit=len(plain) // 2)
    assert name == "daily-all.zip"
    assert zipfile.ZipFile(io.BytesIO(zipped)).read("daily-all.csv") == plain
    assert export_file(many, "daily-all", limit=100)[0] is None
