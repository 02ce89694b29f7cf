from __future__ import annotations

import datetime as dt

from bot.daily import scoring
from bot.daily.game import member_stats, share_line
from bot.daily.store import Play
from puzzles.i18n import render

DAY = dt.date(2026, 11, 23)


def days(*offsets: int) -> list[dt.date]:
    return [DAY + dt.timedelta(days=offset) for offset in offsets]


def test_points_fall_with_wrong_tries_hints_and_extra_words_but_never_below_ten():
    assert scoring.points(attempts=1, hints=0) == 100
    assert scoring.points(attempts=3, hints=1) == 100 - 20 - 20
    assert scoring.points(attempts=1, hints=0, extra_words=2) == 80
    assert scoring.points(attempts=20, hints=5) == 10


def test_a_missed_day_breaks_the_streak():
    found = scoring.streaks(days(0, 1, 3), today=DAY + dt.timedelta(days=3))
    assert (found.current, found.longest) == (1, 2)


def test_today_unsolved_does_not_break_the_current_streak_yet():
    found = scoring.streaks(days(0, 1, 2), today=DAY + dt.timedelta(days=3))
    assert (found.current, found.longest) == (3, 3)
    gone = scoring.streaks(days(0, 1, 2), today=DAY + dt.timedelta(days=4))
    assert (gone.current, gone.longest) == (0, 3)


def test_no_solves_no_streak():
    assert scoring.streaks([], today=DAY) == scoring.Streaks(0, 0)


def test_the_share_line_tells_the_result_without_the_answer():
    assert str(share_line("Letter Boxed #312", 221, 1, 0, 2)) == "Letter Boxed #312: 2 words, 3:41"
    line = share_line("Sudoku #5", 3725, 2, 1, None)
    assert str(line) == "Sudoku #5: 1:02:05, 2 tries, 1 hint"


def test_the_share_line_is_written_in_the_language_it_is_shared_in():
    line = share_line("Sudoku #5", 3725, 2, 1, 1)
    assert render(line, "fr") == "Sudoku #5\u00a0: 1 mot, 1:02:05, 2 essais, 1 indice"
    assert render(line, "es") == "Sudoku #5: 1 palabra, 1:02:05, 2 intentos, 1 pista"


def test_the_extra_word_rule_is_shown_only_on_letter_boxed_boards():
    assert "over the fewest" in str(scoring.rule_text("letterboxed"))
    for kind in ("sudoku", "cryptogram", None):  # None: the board of all puzzles
        rule = str(scoring.rule_text(kind))
        assert "fewest" not in rule and rule.startswith("100 a solve")


def _play(day: dt.date, solved: bool) -> Play:
    started = dt.datetime.combine(day, dt.time(9), tzinfo=dt.UTC)
    return Play(
        guild_id=1,
        user_id=2,
        kind="sudoku",
        day=day,
        started_at=started,
        attempts=1,
        hints=0,
        solved_at=started + dt.timedelta(minutes=3) if solved else None,
        seconds=180.0 if solved else None,
        on_time=solved,
        points=100 if solved else 0,
        measure=None,
    )


def test_days_before_the_first_play_are_not_started_and_later_gaps_are_missed():
    today = DAY
    plays = [_play(today - dt.timedelta(days=5), True), _play(today - dt.timedelta(days=2), False)]
    chart = dict((day, status) for day, status, _ in member_stats(plays, today).last_30)
    assert len(chart) == 30
    assert {chart[today - dt.timedelta(days=back)] for back in range(6, 30)} == {"not started"}
    assert chart[today - dt.timedelta(days=5)] == "solved"
    assert chart[today - dt.timedelta(days=4)] == "missed"
    assert chart[today - dt.timedelta(days=2)] == "failed"
    assert chart[today] == "missed"
    assert {status for _, status, _ in member_stats([], today).last_30} == {"not started"}


def test_only_kinds_scored_by_words_count_the_words_over_the_fewest():
    assert scoring.words_used("letterboxed", "  BLOWHARD  DERIVE ") == 2
    assert scoring.words_used("sudoku", "1 2 3 4") is None
    assert scoring.extra_words(scoring.words_used("letterboxed", "one two three"), 2) == 1
    assert scoring.extra_words(scoring.words_used("letterboxed", "one two"), 2) == 0
    assert scoring.extra_words(None, 2) == scoring.extra_words(3, None) == 0
    letter_boxed_rule = str(scoring.rule_text("letterboxed"))
    sudoku_rule = str(scoring.rule_text("sudoku"))
    assert "word over the fewest" in letter_boxed_rule and "word" not in sudoku_rule


def test_giving_up_today_ends_the_current_streak_now_but_a_solve_today_keeps_it():
    today = dt.date(2026, 3, 10)
    yesterday = today - dt.timedelta(days=1)
    assert scoring.streaks([yesterday], today, gave_up_days=[today]) == scoring.Streaks(0, 1)
    assert scoring.streaks([yesterday, today], today, gave_up_days=[today]).current == 2


def test_seven_days_in_a_row_earn_a_freeze_that_a_missed_day_uses_but_a_give_up_does_not():
    start = dt.date(2026, 3, 1)
    week = [start + dt.timedelta(days=n) for n in range(7)]
    missed = start + dt.timedelta(days=7)
    back = start + dt.timedelta(days=8)
    found = scoring.streaks([*week, back], today=back)
    assert found == scoring.Streaks(8, 8, freezes=0, saved=(missed,))
    assert scoring.streaks([*week[:6], back], today=back).current == 1, "six days earn nothing"
    gave_up = scoring.streaks([*week, back], today=back, gave_up_days=[missed])
    assert (gave_up.current, gave_up.freezes, gave_up.saved) == (1, 1, ())


def test_freezes_are_held_two_at_most_and_count_again_after_one_is_used():
    start = dt.date(2026, 3, 1)
    solved = [start + dt.timedelta(days=n) for n in range(21)]
    today = solved[-1]
    assert scoring.streaks(solved, today).freezes == 2
    after = today + dt.timedelta(days=4)  # three days missed: two are saved, the third ends it
    found = scoring.streaks([*solved, after], after)
    assert found.current == 1 and len(found.saved) == 2 and found.longest == 21
    assert scoring.streaks(solved, today + dt.timedelta(days=1)).current == 21, "today is open"
