"""The daily game without Discord: which puzzles are due, playing them, boards and stats.

Puzzles are generated in the worker pool, once per kind, date, difficulty and language (a
word kind's is the server's language, /puzzle-settings language; every other kind's is
English), and stored with their solution and pictures; every server that posts that kind
that day in that language gets the same one. Answers are checked by the kind's own rules in
the pool.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from bot.daily import calendar, scoring
from bot.daily.store import POST_LAYOUTS, DailyPuzzle, DailyStore, Play, Post, Settings
from bot.puzzle_service import PuzzleService, Refusal
from bot.servers import ServerSettings
from puzzles import PuzzleError, PuzzleKind, get_kind, kind_title
from puzzles.core import LANGUAGE, Puzzle
from puzzles.i18n import ENGLISH, Message, _, ngettext
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

Clock = Callable[[], dt.datetime]
STREAK_LOOKBACK_DAYS = 400  # board streaks count back this far (a year and a bit)
PERIODS = ("today", "week", "month", "all")
PERIOD_NAMES = {"today": _("today"), "week": _("the last 7 days"),
                "month": _("the last 30 days"), "all": _("all time")}  # fmt: skip


@dataclass(frozen=True)
class Due:
    """A puzzle a server should have posted by now and has not."""

    settings: Settings
    kind: PuzzleKind
    day: dt.date
    difficulty: str
    language: str = DEFAULT_LANGUAGE  # the puzzle's words (see puzzle_language)


@dataclass(frozen=True)
class Outcome:
    """What happened to an answer, for the player's private reply. `opened`: the member had
    not pressed Play, so the answer was not checked and the puzzle was opened instead (its
    timer starts now: a time is never shorter than the member has had the puzzle)."""

    solved: bool
    message: Message
    share: Message | None = None  # the spoiler-free result line, rendered where it is read
    opened: bool = False


@dataclass(frozen=True)
class Card:
    """What a daily post shows of one kind's puzzle: what it is, never the puzzle itself."""

    kind: PuzzleKind
    number: int
    difficulty: str  # '' for a kind without difficulties
    about: str  # 'par 2', or the difficulty
    played: int


def made_in_a_language(kind: PuzzleKind) -> bool:
    """Whether the kind's puzzles are made of a language's words (it takes the option)."""
    return any(option.name == LANGUAGE for option in kind.generate_options)


def puzzle_language(kind: PuzzleKind, server_language: str) -> str:
    """The language of a server's daily puzzle of this kind: the server's for a word kind,
    English for the rest (so every server shares one sudoku a day)."""
    return server_language if made_in_a_language(kind) else DEFAULT_LANGUAGE


def read_with(kind: PuzzleKind, daily: DailyPuzzle) -> dict[str, str]:
    """The options a daily puzzle's text is read with again: its language, for a word kind."""
    return {LANGUAGE: daily.language} if made_in_a_language(kind) else {}


def fingerprint(kind: PuzzleKind, puzzle: Puzzle) -> str:
    """The puzzle's content, whatever order or case it was typed in (sides, words, lines)."""
    text = puzzle.text().lower()
    if kind.multiline_input:
        return "".join(text.split())
    return " ".join(sorted(text.split()))


class DailyService:
    def __init__(self, store: DailyStore, puzzles: PuzzleService, clock: Clock):
        self.store = store
        self.puzzles = puzzles
        self.clock = clock
        self.servers = ServerSettings(store.db)  # a server's language for its puzzles
        self._making: dict[tuple[str, dt.date, str, str], asyncio.Lock] = {}

    # --- a server's settings ----------------------------------------------------------------

    async def settings(self, guild_id: int) -> Settings | None:
        return await self.store.settings(guild_id)

    async def configured(self, guild_id: int) -> Settings:
        """The server's settings; a Refusal saying how to start when there are none."""
        settings = await self.store.settings(guild_id)
        if settings is None:
            raise Refusal(
                _(
                    "Daily puzzles are not set up here yet: someone with Manage Server can "
                    "start them with /puzzle-settings setup."
                )
            )
        return settings

    async def set_up(
        self, guild_id: int, channel_id: int, post_time: str, timezone: str, kinds: list[str]
    ) -> Settings:
        """Post `kinds` in the channel at the local time from now on (checked: a PuzzleError
        names a bad time, zone or kind); an earlier problem's message is cleared."""
        at = calendar.parse_post_time(post_time)
        zone = calendar.parse_timezone(timezone)
        names = [get_kind(name).name for name in kinds]
        await self.store.save_settings(guild_id, channel_id, f"{at:%H:%M}", zone.key, names)
        return await self.configured(guild_id)

    async def set_kinds(self, guild_id: int, kinds: list[str]) -> None:
        await self.configured(guild_id)
        await self.store.set_kinds(guild_id, [get_kind(name).name for name in kinds])

    async def set_difficulty(self, guild_id: int, kind: PuzzleKind, level: str) -> None:
        """Fix the kind's difficulty, or 'schedule': Monday easiest to Sunday hardest."""
        settings = await self.configured(guild_id)
        difficulties = dict(settings.difficulties)
        level = level.strip().lower()
        if level == "schedule":
            difficulties.pop(kind.name, None)
        elif level in kind.difficulties:
            difficulties[kind.name] = level
        else:
            raise PuzzleError(
                _(
                    "{kind} difficulties are {levels}",
                    kind=kind_title(kind), levels=", ".join(kind.difficulties) or _("none"),
                ),
                example="schedule",
            )  # fmt: skip
        await self.store.set_difficulties(guild_id, difficulties)

    async def set_post_layout(self, guild_id: int, layout: str) -> None:
        """'together': the day's puzzles in one post and one close; 'separate': one each."""
        await self.configured(guild_id)
        if layout not in POST_LAYOUTS:
            raise PuzzleError(
                _(
                    "{typed} is not a way to post; choose {layouts}",
                    typed=repr(layout), layouts=" or ".join(POST_LAYOUTS),
                ),
                example="together",
            )  # fmt: skip
        await self.store.set_post_layout(guild_id, layout)

    def difficulties_on(self, settings: Settings, day: dt.date) -> list[tuple[str, str, bool]]:
        """Each posted kind's difficulty on `day`: (kind title, difficulty, fixed?), where not
        fixed means it follows the week (Monday easiest to Sunday hardest)."""
        shown = []
        for name in settings.kinds:
            kind = get_kind(name)
            override = settings.difficulties.get(name)
            level = calendar.scheduled_difficulty(kind, day, override)
            if level is not None:
                shown.append((kind.title, level, override is not None))
        return shown

    async def set_notify_role(self, guild_id: int, role_id: int | None) -> None:
        """The role each daily post mentions (None: mention nobody, as by default)."""
        await self.configured(guild_id)
        await self.store.set_notify_role(guild_id, role_id)

    async def set_threads(self, guild_id: int, threads: bool) -> None:
        """Whether a thread is opened on each daily post (from the next post on)."""
        await self.configured(guild_id)
        await self.store.set_threads(guild_id, threads)

    async def set_paused(self, guild_id: int, paused: bool) -> None:
        await self.configured(guild_id)
        await self.store.set_paused(guild_id, paused)

    # --- members ------------------------------------------------------------------------

    async def forget_member(self, guild_id: int, user_id: int) -> int:
        """Delete a member's daily results, streaks and name in one server; results deleted."""
        return await self.store.forget_member(guild_id, user_id)

    async def member_left(self, guild_id: int, user_id: int, left: bool = True) -> None:
        """Hide (or show again, on return) a member's results on the boards."""
        await self.store.member_departed(guild_id, user_id, departed=left)

    # --- the puzzle of the day ------------------------------------------------------------

    async def puzzle_of_the_day(
        self, kind: PuzzleKind, day: dt.date, difficulty: str, language: str = DEFAULT_LANGUAGE
    ):
        language = puzzle_language(kind, language)
        stored = await self.store.puzzle(kind.name, day, difficulty, language)
        if stored is not None:
            return stored
        lock = self._making.setdefault((kind.name, day, difficulty, language), asyncio.Lock())
        async with lock:  # two servers due at once must not generate twice
            stored = await self.store.puzzle(kind.name, day, difficulty, language)
            if stored is not None:
                return stored
            return await self._make(kind, day, difficulty, language)

    async def _make(
        self, kind: PuzzleKind, day: dt.date, difficulty: str, language: str
    ) -> DailyPuzzle:
        # English keeps the seed it always had, so an English day's puzzle stays the same.
        seed = calendar.puzzle_seed(kind.name, day, difficulty, language)
        options = {LANGUAGE: language} if made_in_a_language(kind) else {}
        made = await self.puzzles.generate(kind, seed, difficulty or None, options)
        puzzle = made.value
        solved = await self.puzzles.solve(kind, puzzle, {})
        par = getattr(puzzle, "par", None)
        about = f"par {par}" if par else (difficulty or "")
        daily = DailyPuzzle(
            kind=kind.name,
            day=day,
            difficulty=difficulty,
            number=calendar.puzzle_number(day),
            puzzle_text=puzzle.text(),
            solution_text=solved.text,
            about=about,
            fewest=getattr(solved.value, "fewest_words", None),
            image=made.png,
            solution_image=solved.png,
            language=language,
        )
        return await self.store.save_puzzle(daily, seed)

    # --- what is due ----------------------------------------------------------------------

    async def due_posts(self, serves: Callable[[int], bool] = lambda guild_id: True) -> list[Due]:
        """Puzzles whose server's next post time (see next_post) has come, in the servers
        `serves` picks by id (a shard process: those on its shards)."""
        now = self.clock()
        sent = await self._sent_around(now)  # one query for every server, not one each
        due = []
        for settings in await self.store.all_settings():
            if settings.paused or not serves(settings.guild_id):
                continue
            day, when, unposted = _schedule(settings, now, sent)
            if when > now:
                continue
            language = await self.servers.word_language(settings.guild_id)
            for name in unposted:
                kind = get_kind(name)
                override = settings.difficulties.get(name)
                difficulty = calendar.scheduled_difficulty(kind, day, override) or ""
                due.append(Due(settings, kind, day, difficulty, puzzle_language(kind, language)))
        return due

    async def next_post(self, settings: Settings) -> dt.datetime:
        """When the server's next daily puzzles go out; what setup and status announce and
        what the scheduler does (due_posts) both come from here."""
        now = self.clock()
        _day, when, _kinds = _schedule(
            settings, now, await self._sent_around(now, settings.guild_id)
        )
        return when

    async def _sent_around(
        self, now: dt.datetime, guild_id: int | None = None
    ) -> set[tuple[int, str, dt.date]]:
        """(server, kind, day) of the posts sent on any server's today: the local day is
        within a day of UTC's in every time zone."""
        utc_today = now.astimezone(dt.UTC).date()
        one_day = dt.timedelta(days=1)
        return await self.store.sent_posts(utc_today - one_day, utc_today + one_day, guild_id)

    async def unposted_closes(self, guild_id: int) -> list[Post]:
        """This week's days that closed without their answer post (the scheduler gave up)."""
        today = await self.local_today(guild_id)
        return await self.store.unposted_closes(guild_id, today - dt.timedelta(days=6))

    def closes_at(self, settings: Settings, day: dt.date) -> dt.datetime:
        return calendar.day_end(day, calendar.parse_timezone(settings.timezone))

    async def posts_to_close(self) -> list[Post]:
        return await self.store.posts_to_close(self.clock())

    # --- playing --------------------------------------------------------------------------

    async def posted(self, guild_id: int, kind: PuzzleKind, day: dt.date):
        """(the puzzle, its post) of a day posted in the server; a Refusal if there is none."""
        post = await self.store.post(guild_id, kind.name, day)
        if post is None or post.message_id is None:
            raise Refusal(
                _(
                    "There is no daily {kind} for {day} in this server.",
                    kind=kind_title(kind), day=day.isoformat(),
                )
            )  # fmt: skip
        daily = await self.store.puzzle_of(post)
        assert daily is not None, "a posted puzzle is always stored"
        return daily, post

    async def open_play(
        self, guild_id: int, user_id: int, name: str, kind: PuzzleKind, day, archive=False
    ):
        """Start (or resume) a member's play of a posted puzzle: (puzzle, play, post). The
        first call starts their timer: it is when the bot first shows them the puzzle. An
        archive play is of a day that has closed, unranked."""
        daily, post = await (self.archived if archive else self.posted)(guild_id, kind, day)
        await self.store.remember_member(guild_id, user_id, name)
        play = await self.store.start_play(
            guild_id, user_id, kind.name, day, self.clock(), archive=archive
        )
        return daily, play, post

    async def play_of(
        self, guild_id: int, user_id: int, kind: PuzzleKind, day, archive: bool = False
    ) -> Play | None:
        """The member's play of a posted puzzle, None before they pressed Play."""
        await (self.archived if archive else self.posted)(guild_id, kind, day)
        return await self.store.play(guild_id, user_id, kind.name, day, archive)

    # --- the archive: earlier days' puzzles, unranked ---------------------------------------

    async def archived(self, guild_id: int, kind: PuzzleKind, day: dt.date):
        """(the puzzle, its post) of a day this server posted and that has closed: today's
        puzzle is played as the daily, never from the archive (its answers would be early)."""
        daily, post = await self.posted(guild_id, kind, day)
        if post.closed_at is None and self.clock() < post.closes_at:
            raise Refusal(
                _(
                    "{title} is today's: play it from the day's post. The archive holds the "
                    "days that have closed.",
                    title=numbered(kind, daily.number),
                )
            )
        return daily, post

    async def archive_days(self, guild_id: int, kind: PuzzleKind, typed: str = "") -> list:
        """The closed days this server posted the kind, newest first, that match what was
        typed (a date or a weekday: for autocomplete, which shows 25)."""
        days = await self.store.closed_days(guild_id, kind.name, self.clock())
        wanted = typed.strip().lower()
        return [day for day in days if wanted in f"{day.isoformat()} {day:%A %d %B}".lower()][:25]

    async def day_cards(self, guild_id: int, day: dt.date, kinds: list[str]) -> list[Card]:
        """The cards of a day's post: each kind's number, difficulty and how many played."""
        played = await self.store.played_counts(guild_id, day)
        cards = []
        for name in kinds:
            post = await self.store.post(guild_id, name, day)
            daily = await self.store.puzzle_of(post) if post else None
            if daily is not None:
                cards.append(
                    Card(get_kind(name), daily.number, daily.difficulty, daily.about,
                         played.get(name, 0))
                )  # fmt: skip
        return cards

    async def latest_post(self, guild_id: int, kind: PuzzleKind) -> Post:
        """The newest posted puzzle of a kind in the server (for /daily answer)."""
        today = await self.local_today(guild_id)
        for back in range(0, 8):
            post = await self.store.post(guild_id, kind.name, today - dt.timedelta(days=back))
            if post is not None and post.message_id is not None:
                return post
        raise Refusal(_("No daily {kind} has been posted here this week.", kind=kind_title(kind)))

    async def answer(
        self, guild_id: int, user_id: int, name: str, kind: PuzzleKind, day: dt.date, text: str,
        archive: bool = False,
    ) -> Outcome:  # fmt: skip
        daily, post = await (self.archived if archive else self.posted)(guild_id, kind, day)
        title = numbered(kind, daily.number)
        play = await self.store.play(guild_id, user_id, kind.name, day, archive)
        if play is None:  # the puzzle was never shown to them: show it, check nothing
            await self.open_play(guild_id, user_id, name, kind, day, archive)
            return Outcome(
                False,
                _(
                    "You had not opened {title} yet, so I did not check that answer. Here it "
                    "is: your timer starts now.",
                    title=title,
                ),
                opened=True,
            )
        if play.solved_at is not None:
            return already_solved(title)
        if play.gave_up_at is not None:
            return gave_up_already(title)
        kind.check_input_size(text, what="answer")
        puzzle = await self.puzzles.parse(kind, daily.puzzle_text, read_with(kind, daily))
        verdict = (await self.puzzles.check(kind, puzzle, text)).value
        if not verdict.solved:
            await self.store.count_attempt(play)
            tries = play.attempts + 1
            said = _("Not yet (attempt {count}).\n{verdict}", count=tries, verdict=verdict.message)
            return Outcome(False, said)
        now = self.clock()
        on_time = not archive and post.closed_at is None and now < post.closes_at
        measure = scoring.words_used(kind.name, text)
        extra = scoring.extra_words(measure, daily.fewest)
        points = scoring.points(play.attempts + 1, play.hints, extra)
        if not await self.store.record_solve(play, now, on_time, points, text, measure):
            # Another answer of theirs was recorded while this one was being checked.
            return already_solved(title)
        seconds = (now - play.started_at).total_seconds()
        if archive:  # unranked: no points, and nothing to share in the channel
            took = scoring.clock_text(seconds)
            said = _("Solved {title} from the archive in {time}. Unranked.", title=title, time=took)
            return Outcome(True, said)
        share = share_line(title, seconds, play.attempts + 1, play.hints, measure)
        if on_time:
            said = ngettext(
                "Solved {title}! {count} point.", "Solved {title}! {count} points.", points,
                title=title,
            )  # fmt: skip
        else:
            said = ngettext(
                "Solved {title}! {count} point. The day had closed, so it counts for your "
                "stats only.",
                "Solved {title}! {count} points. The day had closed, so it counts for your "
                "stats only.",
                points,
                title=title,
            )
        return Outcome(True, said, share)

    async def hint(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        kind: PuzzleKind,
        day,
        archive=False,
        language: str = ENGLISH,
    ):
        """(the daily puzzle, the hint's job result: its text and picture, in `language`)."""
        daily, play, _post = await self.open_play(guild_id, user_id, name, kind, day, archive)
        if kind.hint is None:
            raise Refusal(_("{kind} has no hints.", kind=kind_title(kind)))
        if not play.over:
            await self.store.count_hint(play)
        puzzle = await self.puzzles.parse(kind, daily.puzzle_text, read_with(kind, daily))
        return daily, await self.puzzles.hint(kind, puzzle, "", language)

    async def give_up(
        self, guild_id: int, user_id: int, name: str, kind: PuzzleKind, day, archive=False
    ):
        """End the member's play unsolved and give them the answer: (puzzle, play). Not a
        wrong answer; the day counts as not solved, and breaks a streak as a missed day does.
        A member who solved it may see the answer too, and keeps the solve."""
        daily, play, _post = await self.open_play(guild_id, user_id, name, kind, day, archive)
        if not play.over:
            await self.store.give_up(play, self.clock())
            play = await self.store.play(guild_id, user_id, kind.name, day, archive) or play
        return daily, play

    async def share(self, guild_id: int, user_id: int, kind: PuzzleKind, day: dt.date) -> Message:
        """The member's spoiler-free result line of a solved daily puzzle."""
        daily, _post = await self.posted(guild_id, kind, day)
        play = await self.store.play(guild_id, user_id, kind.name, day)
        title = numbered(kind, daily.number)
        if play is None or play.solved_at is None:
            raise Refusal(_("Solve {title} first; then your result can be shared.", title=title))
        return share_line(title, play.seconds or 0, play.attempts, play.hints, play.measure)

    async def share_thread(self, guild_id: int, kind: PuzzleKind, day: dt.date) -> int | None:
        """The day's thread, where results are shared while the day is open, on a server
        with threads on; None: they are shared in the channel."""
        settings = await self.store.settings(guild_id)
        post = await self.store.post(guild_id, kind.name, day)
        if settings is None or not settings.threads or post is None or post.closed_at:
            return None
        return post.thread_id

    async def how(self, guild_id: int, kind: PuzzleKind, day: dt.date) -> DailyPuzzle:
        """A closed day's puzzle with its worked solution (never while it can still be played)."""
        daily, post = await self.posted(guild_id, kind, day)
        if post.closed_at is None and self.clock() < post.closes_at:
            raise Refusal(
                _("{title} is still being played: no spoilers.", title=numbered(kind, daily.number))
            )
        return daily

    # --- the spoiler guard ----------------------------------------------------------------

    async def open_daily_matching(
        self, guild_id: int | None, kind: PuzzleKind, puzzle: Puzzle
    ) -> tuple[DailyPuzzle, Post] | None:
        """Today's still-open daily puzzle in this server that `puzzle` is, if any."""
        if guild_id is None:
            return None
        wanted = fingerprint(kind, puzzle)
        for post in await self.store.open_posts(guild_id):
            if post.kind != kind.name or self.clock() >= post.closes_at:
                continue
            daily = await self.store.puzzle_of(post)
            if daily is None:
                continue
            try:
                if (
                    fingerprint(kind, kind.parse_with(daily.puzzle_text, read_with(kind, daily)))
                    == wanted
                ):
                    return daily, post
            except PuzzleError:
                continue
        return None

    # --- boards and stats -----------------------------------------------------------------

    async def local_today(self, guild_id: int) -> dt.date:
        settings = await self.store.settings(guild_id)
        zone = calendar.parse_timezone(settings.timezone) if settings else dt.UTC
        return calendar.local_day(self.clock(), zone)

    async def board(self, guild_id: int, kind: PuzzleKind | None, period: str, limit: int = 25):
        today = await self.local_today(guild_id)
        first = {
            "today": today,
            "week": today - dt.timedelta(days=6),
            "month": today - dt.timedelta(days=29),
            "all": None,
        }[period]
        rows = await self.store.leaderboard(
            guild_id, kind.name if kind else None, first, today, limit
        )
        days = await self.store.solved_days(
            guild_id,
            [row.user_id for row in rows],
            kind.name if kind else None,
            today - dt.timedelta(days=STREAK_LOOKBACK_DAYS),
        )
        gave_up = await self.store.gave_up_days(
            guild_id,
            [row.user_id for row in rows],
            kind.name if kind else None,
            today - dt.timedelta(days=STREAK_LOOKBACK_DAYS),
        )
        return [
            (row, scoring.streaks(days[row.user_id], today, gave_up[row.user_id]).current)
            for row in rows
        ]

    async def stats(self, guild_id: int, user_id: int, kind: PuzzleKind | None) -> MemberStats:
        today = await self.local_today(guild_id)
        kind_name = kind.name if kind else None
        plays = await self.store.plays_of(guild_id, user_id, kind_name)
        archived = await self.store.plays_of(guild_id, user_id, kind_name, archive=True)
        return member_stats(plays, today, archived)

    async def results(self, guild_id: int, user_id: int | None = None):
        """Every result in the server, or one member's, for an export (bot/daily/export.py)."""
        return await self.store.results(guild_id, user_id)


@dataclass(frozen=True)
class MemberStats:
    played: int
    solved: int
    win_rate: float
    streaks: scoring.Streaks
    fastest_seconds: float | None
    best_points: int | None
    fewest_attempts: int | None
    # (day, solved/failed/missed/not started, minutes); "not started": before the first play
    last_30: tuple[tuple[dt.date, str, float | None], ...]
    archive_played: int = 0  # earlier days' puzzles, unranked: apart from the figures above
    archive_solved: int = 0


def member_stats(plays: list[Play], today: dt.date, archived: list[Play] = ()) -> MemberStats:
    solves = [play for play in plays if play.solved_at is not None]
    on_time_days = {play.day for play in solves if play.on_time}
    by_day: dict[dt.date, list[Play]] = {}
    for play in plays:
        by_day.setdefault(play.day, []).append(play)
    first_play = min(by_day, default=None)
    last_30 = []
    for back in range(29, -1, -1):
        day = today - dt.timedelta(days=back)
        day_plays = by_day.get(day, [])
        if first_play is None or day < first_play:  # nothing to miss yet
            last_30.append((day, "not started", None))
            continue
        solved = [p for p in day_plays if p.solved_at is not None]
        if solved:
            minutes = min(p.seconds or 0 for p in solved) / 60
            last_30.append((day, "solved", round(minutes, 2)))
        else:
            last_30.append((day, "failed" if day_plays else "missed", None))
    return MemberStats(
        played=len(plays),
        solved=len(solves),
        win_rate=len(solves) / len(plays) if plays else 0.0,
        streaks=scoring.streaks(on_time_days, today, gave_up_days(plays)),
        fastest_seconds=min((p.seconds for p in solves if p.seconds is not None), default=None),
        best_points=max((p.points for p in solves if p.on_time), default=None),
        fewest_attempts=min((p.attempts for p in solves), default=None),
        last_30=tuple(last_30),
        archive_played=len(archived),
        archive_solved=sum(1 for play in archived if play.solved_at is not None),
    )


def gave_up_days(plays: list[Play]) -> set[dt.date]:
    """The days lost by a give-up: a give-up that day and no solve that day."""
    gave_up = {play.day for play in plays if play.gave_up_at is not None}
    return gave_up - {play.day for play in plays if play.solved_at is not None}


def numbered(kind: PuzzleKind, number: int) -> Message:
    """'Letter Boxed #332' (French 'Letter Boxed n° 332'): a day's puzzle of a kind."""
    return _("{kind} #{number}", kind=kind_title(kind), number=str(number))


def already_solved(title: Message) -> Outcome:
    return Outcome(True, _("You already solved {title}; one result per puzzle.", title=title))


def gave_up_already(title: Message) -> Outcome:
    return Outcome(
        False,
        _("You gave up on {title} and saw its answer; a new one comes tomorrow.", title=title),
    )


def share_line(
    title: Message, seconds: float, attempts: int, hints: int, words: int | None
) -> Message:
    """A result people can post without spoiling the answer."""
    parts: list[Message | str] = []
    if words:
        parts.append(ngettext("{count} word", "{count} words", words))
    parts.append(scoring.clock_text(seconds))
    if attempts > 1:
        parts.append(ngettext("{count} try", "{count} tries", attempts))
    if hints:
        parts.append(ngettext("{count} hint", "{count} hints", hints))
    said: Message | str = parts[0]
    for part in parts[1:]:
        # Translators: the parts of a spoiler-free result, one after another: "2 words, 1:05"
        said = _("{parts}, {part}", parts=said, part=part)
    # Translators: a spoiler-free result: "Letter Boxed #332: 2 words, 1:05, 2 tries"
    return _("{title}: {parts}", title=title, parts=said)


def _schedule(
    settings: Settings, now: dt.datetime, sent: set[tuple[int, str, dt.date]]
) -> tuple[dt.date, dt.datetime, list[str]]:
    """(the local day, when its posts are due, which kinds are still unposted), given the
    posts `sent` around now.

    Today's post time if it is ahead. Once it has passed, today's unposted puzzles are
    due now: a server set up after its post time, or a bot that was down then, posts at
    once; a day missed entirely is not posted late. When all are out, tomorrow's time.
    `now` is the caller's one moment: on a clock that moves, "due now" must not come out a
    moment after the caller's now (a server set up late then waited a whole day).
    """
    zone = calendar.parse_timezone(settings.timezone)
    at = calendar.parse_post_time(settings.post_time)
    today = calendar.local_day(now, zone)
    moment = calendar.post_moment(today, at, zone)
    unposted = [name for name in settings.kinds if (settings.guild_id, name, today) not in sent]
    if now < moment:
        return today, moment, unposted
    if unposted:
        return today, now, unposted
    tomorrow = today + dt.timedelta(days=1)
    return tomorrow, calendar.post_moment(tomorrow, at, zone), list(settings.kinds)
