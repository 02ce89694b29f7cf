from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.daily import calendar
from puzzles import PuzzleError, get_kind

NEW_YORK = ZoneInfo("America/New_York")
UTC = dt.UTC


@pytest.mark.parametrize("text", ["9:00", "09:00", "9.00", "9h00", " 21:30 "])
def test_times_are_read_in_the_forms_people_type(text):
    assert calendar.parse_post_time(text) in (dt.time(9, 0), dt.time(21, 30))


@pytest.mark.parametrize("text", ["25:00", "9", "nine", "12:60", ""])
def test_a_bad_time_says_what_the_right_form_is(text):
    with pytest.raises(PuzzleError, match="24-hour"):
        calendar.parse_post_time(text)


def test_a_time_zone_is_found_by_its_name_and_a_wrong_one_gets_suggestions():
    assert calendar.parse_timezone("Europe/Paris").key == "Europe/Paris"
    with pytest.raises(PuzzleError) as raised:
        calendar.parse_timezone("paris")
    assert "Europe/Paris" in raised.value.message
    assert calendar.matching_timezones("new_y")[0] == "America/New_York"


def test_nine_oclock_stays_nine_oclock_local_across_daylight_saving():
    before = calendar.post_moment(dt.date(2026, 3, 7), dt.time(9), NEW_YORK)
    after = calendar.post_moment(dt.date(2026, 3, 9), dt.time(9), NEW_YORK)
    assert (before.hour, after.hour) == (14, 13)  # EST is UTC-5, EDT UTC-4


def test_a_post_time_skipped_by_the_spring_change_happens_at_the_first_valid_moment():
    moment = calendar.post_moment(dt.date(2026, 3, 8), dt.time(2, 30), NEW_YORK)
    assert moment.astimezone(NEW_YORK).time() == dt.time(3, 30)


def test_the_day_of_the_autumn_change_is_25_hours_long():
    day = dt.date(2026, 11, 1)
    start = calendar.local_moment(day, dt.time(0), NEW_YORK)
    assert calendar.day_end(day, NEW_YORK) - start == dt.timedelta(hours=25)


def test_every_server_gets_the_same_seed_and_number_for_a_day():
    day = dt.date(2026, 11, 21)
    assert calendar.puzzle_seed("sudoku", day, "hard") == calendar.puzzle_seed(
        "sudoku", day, "hard"
    )
    assert calendar.puzzle_seed("sudoku", day, "hard") != calendar.puzzle_seed(
        "sudoku", day, "easy"
    )
    assert calendar.puzzle_number(calendar.FIRST_DAY) == 1
    assert calendar.puzzle_number(day) == (day - calendar.FIRST_DAY).days + 1


def test_the_week_runs_from_easiest_on_monday_to_hardest_on_sunday():
    letterboxed = get_kind("letterboxed")
    monday = dt.date(2026, 11, 23)
    week = [
        calendar.scheduled_difficulty(letterboxed, monday + dt.timedelta(days=n)) for n in range(7)
    ]
    assert week[0] == "easy" and week[-1] == "hard"
    order = [letterboxed.difficulties.index(level) for level in week]
    assert order == sorted(order)
    assert calendar.scheduled_difficulty(letterboxed, monday, "hard") == "hard"


@pytest.mark.parametrize(
    ("language", "day", "with_year"),
    [
        ("en", "Monday 23 November", "Monday 23 November 2026"),
        ("fr", "lundi 23 novembre", "lundi 23 novembre 2026"),
        ("es", "lunes, 23 de noviembre", "lunes, 23 de noviembre de 2026"),
        ("nl", "maandag 23 november", "maandag 23 november 2026"),
    ],
)
def test_each_interface_language_writes_a_day_its_own_way(language, day, with_year):
    monday = dt.date(2026, 11, 23)
    assert calendar.day_text(monday, language) == day
    assert calendar.day_text(monday, language, year=True) == with_year


def test_every_interface_language_can_write_a_day():
    # A language added to the catalogue without a day pattern would break its daily posts.
    from puzzles.i18n import LANGUAGES

    for language in LANGUAGES:
        assert calendar.day_text(dt.date(2026, 11, 23), language).strip()
