"""A server's daily results as a CSV file: a member's own (/stats export) or everyone's
(/puzzle-settings export).

Members' names go into the file, and a spreadsheet runs a cell that starts with = + - or @
as a formula (OWASP's "CSV injection"), so such a cell gets a leading apostrophe: the
spreadsheet then shows it as text. A big server's file takes a while to build, so the
caller builds it in a thread (to_csv is plain, blocking code), never on the event loop.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable

from bot.connections import Row

COLUMNS = (
    "day", "kind", "number", "mode", "member_id", "member", "started_at", "solved_at",
    "seconds", "attempts", "hints", "points", "on_time", "gave_up_at",
)  # fmt: skip
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may read as a formula


def safe_cell(value: object) -> str:
    """The value as text a spreadsheet shows as it is, never runs."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def row_of(result: Row) -> list[str]:
    """One stored result (DailyStore.results) as the file's cells."""
    on_time = bool(result["on_time"])
    cells = (
        result["day"],
        result["kind"],
        result["number"],
        "archive" if result["archive"] else "daily",
        result["user_id"],
        result["name"],
        result["started_at"],
        result["solved_at"],
        f"{result['seconds']:.0f}" if result["seconds"] is not None else "",
        result["attempts"],
        result["hints"],
        result["points"] if on_time else 0,  # archive and late solves score nothing
        "yes" if on_time else "no",
        result["gave_up_at"],
    )
    return [safe_cell(cell) for cell in cells]


def to_csv(results: Iterable[Row]) -> bytes:
    """The results as a UTF-8 CSV file with a header row (blocking: run it in a thread)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    writer.writerows(row_of(result) for result in results)
    return out.getvalue().encode("utf-8")


def export_file(results: list[Row], stem: str, limit: int) -> tuple[bytes | None, str]:
    """(the file, its name): the CSV, or zipped when it is over `limit` bytes (CSV shrinks
    several times over); None when even that is too big. Blocking: run it in a thread."""
    data = to_csv(results)
    if len(data) <= limit:
        return data, f"{stem}.csv"
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{stem}.csv", data)
    zipped = packed.getvalue()
    return (zipped if len(zipped) <= limit else None), f"{stem}.zip"
