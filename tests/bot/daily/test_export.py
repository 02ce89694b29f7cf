"""Exports as CSV: cells a spreadsheet would run as formulas are shown as text, and a file
too big to send is zipped, or refused when even that is too big."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile

from bot.daily.export import export_file, safe_cell, to_csv
from bot.daily.store import Play, Result

START = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)


def result(name: str, user_id: int = 1) -> Result:
    play = Play(1, user_id, "letterboxed", START.date(), START, 1, 0, START, 60.0, True, 100, 2)
    return Result(name, 325, play)


def test_a_cell_a_spreadsheet_would_run_gets_a_leading_apostrophe():
    for risky in ("=1+1", "+1", "-2", "@SUM(A1)", "\t=1"):
        assert safe_cell(risky) == "'" + risky
    assert safe_cell("Alice") == "Alice" and safe_cell(None) == "" and safe_cell(100) == "100"
    (row,) = csv.DictReader(io.StringIO(to_csv([result('=HYPERLINK("x")')]).decode()))
    assert row["member"] == '\'=HYPERLINK("x")' and row["number"] == "325"


def test_a_file_over_the_limit_is_zipped_and_one_too_big_even_zipped_is_refused():
    many = [result(f"member {n}", n) for n in range(2000)]
    plain = to_csv(many)
    data, name = export_file(many, "daily-all", limit=len(plain))
    assert (data, name) == (plain, "daily-all.csv")
    zipped, name = export_file(many, "daily-all", limit=len(plain) // 2)
    assert name == "daily-all.zip"
    assert zipfile.ZipFile(io.BytesIO(zipped)).read("daily-all.csv") == plain
    assert export_file(many, "daily-all", limit=100)[0] is None
