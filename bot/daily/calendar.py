"""Days, times and numbers of daily puzzles, in each server's own time zone.

A server's "day" is its local calendar date: the puzzle of the day is posted at the
configured local time and closes at the next local midnight. Daylight-saving changes are
handled by zoneinfo: 09:00 stays 09:00 local; a time skipped by a spring-forward change
posts at the first valid moment after it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from babel.dates import format_date

from puzzles import PuzzleError, PuzzleKind
from puzzles.i18n import ENGLISH, _, language_of

# Puzzle #1 of every kind is this date's; the number counts days from it.
FIRST_DAY = dt.date(2026, 1, 1)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
UTC = dt.UTC


# A weekday and date without the year, as CLDR writes the full date in each language.
DAY_PATTERNS = {"fr": "EEEE d MMMM", "es": "EEEE, d 'de' MMMM", "nl": "EEEE d MMMM"}


def day_text(day: dt.date, language: str = ENGLISH, *, year: bool = False) -> str:
    """'Monday 23 November' the way the language writes a day ('lundi 23 novembre',
    'lunes, 23 de noviembre'), with the year when asked."""
    language = language_of(language)
    if language == ENGLISH:  # as the posts have always said it
        return f"{day:%A %d %B %Y}" if year else f"{day:%A %d %B}"
    if year:
        return format_date(day, "full", locale=language)
    return format_date(day, DAY_PATTERNS[language], locale=language)


def parse_post_time(text: str) -> dt.time:
    """'09:00', '9:30', '21:05' -> a local time; a PuzzleError names the right form."""
    match = re.fullmatch(r"\s*(\d{1,2})[:.h](\d{2})\s*", text)
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise PuzzleError(
            _("{typed} is not a time of day", typed=repr(text)),
            example=_("09:00 or 18:30 (24-hour)"),
        )
    return dt.time(int(match[1]), int(match[2]))


@cache
def _zone_names() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def parse_timezone(name: str) -> ZoneInfo:
    """An IANA time zone such as Europe/Paris; a PuzzleError suggests close names."""
    cleaned = name.strip().replace(" ", "_")
    try:
        if cleaned in _zone_names():
            return ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    close = matching_timezones(cleaned, limit=3)
    raise PuzzleError(
        _("{typed} is not a time zone I know", typed=repr(name)),
        example=", ".join(close) if close else "Europe/London, America/New_York, Asia/Tokyo",
    )


def matching_timezones(text: str, limit: int = 25) -> list[str]:
    """Zone names containing `text` (for autocomplete), shortest first."""
    needle = text.strip().lower().replace(" ", "_")
    found = [name for name in _zone_names() if needle in name.lower()]
    return sorted(found, key=lambda name: (not name.lower().startswith(needle), len(name)))[:limit]


def local_day(moment: dt.datetime, zone: ZoneInfo) -> dt.date:
    return moment.astimezone(zone).date()


def local_moment(day: dt.date, at: dt.time, zone: ZoneInfo) -> dt.datetime:
    """The UTC instant of `at` on `day` in `zone`; a wall time skipped by DST moves forward."""
    naive = dt.datetime.combine(day, at)
    moment = naive.replace(tzinfo=zone)
    round_trip = moment.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if round_trip != naive:  # the clocks jumped over this time: use the first valid moment
        moment = (naive + dt.timedelta(hours=1)).replace(tzinfo=zone)
    return moment.astimezone(UTC)


def post_moment(day: dt.date, at: dt.time, zone: ZoneInfo) -> dt.datetime:
    return local_moment(day, at, zone)


def day_end(day: dt.date, zone: ZoneInfo) -> dt.datetime:
    """The UTC instant the local day ends (next local midnight)."""
    return local_moment(day + dt.timedelta(days=1), dt.time(0, 0), zone)


def puzzle_number(day: dt.date) -> int:
    return (day - FIRST_DAY).days + 1


def puzzle_seed(kind_name: str, day: dt.date, difficulty: str | None, language: str = "en") -> int:
    """The same seed everywhere for a kind, date, difficulty and language: every server gets
    one puzzle (an English one's seed is what it was before puzzles had a language)."""
    key = f"{kind_name}|{day.isoformat()}|{difficulty or ''}"
    key += f"|{language}" if language != "en" else ""
    digest = hashlib.sha256(key.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # fits a signed 64-bit SQLite integer


def scheduled_difficulty(kind: PuzzleKind, day: dt.date, override: str | None = None) -> str | None:
    """Monday easiest to Sunday hardest, spread over the kind's difficulties, unless fixed."""
    if not kind.difficulties:
        return None
    if override and override in kind.difficulties:
        return override
    if set(kind.difficulties) == set(WEEKDAYS):  # kinds rated by weekday already
        return WEEKDAYS[day.weekday()]
    steps = len(kind.difficulties) - 1
    return kind.difficulties[round(day.weekday() * steps / 6)]
