"""Races without Discord: open one, join, start, answer, end, place and rate.

A race's puzzle is made fresh in the worker pool (never on the event loop) and kept with the
race; answers are checked by the kind's own rules in the pool, as the daily answer is. All
state is in the database (store.py), so the timer (timer.py) can start and end races, and
bring scoreboards up to date, after a restart as before it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.daily.game import read_with
from bot.daily.scoring import clock_text
from bot.puzzle_service import PuzzleService, Refusal
from bot.races import ratings, rules
from bot.races.rules import RaceLimits
from bot.races.store import Entry, NewRating, Race, RaceFull, RaceStore, Rating, Rerating
from puzzles import PuzzleError, PuzzleKind, get_kind, kind_title
from puzzles.i18n import Message, _, ngettext
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

Clock = Callable[[], dt.datetime]
HOUR = dt.timedelta(hours=1)
# A race reserved but never posted this long ago was left by a crash while its puzzle was
# being made: the channel is freed.
UNPOSTED_GRACE = dt.timedelta(minutes=10)


@dataclass(frozen=True)
class Outcome:
    """What happened to an answer, for the player's private reply."""

    finished: bool
    message: Message


def race_difficulty(kind: PuzzleKind, difficulty: str | None) -> str:
    """The difficulty asked for (checked against the kind's), or the kind's easiest."""
    chosen = difficulty is not None and difficulty.strip()
    if not kind.difficulties:
        if chosen:
            raise PuzzleError(
                _("{kind} comes in one difficulty", kind=kind_title(kind)),
                example=_("leave it out"),
            )
        return ""
    if not chosen:
        return kind.difficulties[0]
    level = difficulty.strip().lower()
    if level not in kind.difficulties:
        raise PuzzleError(
            _(
                "{kind} difficulties are {levels}, not {asked}",
                kind=kind_title(kind),
                levels=", ".join(kind.difficulties),
                asked=repr(difficulty),
            ),
            example=kind.difficulties[0],
        )
    return level


def relative_time(moment: dt.datetime) -> str:
    """A Discord timestamp each member reads in their own language: 'in 5 minutes'."""
    return f"<t:{int(moment.timestamp())}:R>"


def finished_text(took: str, wrong: int) -> Message:
    if not wrong:
        return _("Finished in {time}! Placings come at the end.", time=took)
    return ngettext(
        "Finished in {time}, after {count} wrong try! Placings come at the end.",
        "Finished in {time}, after {count} wrong tries! Placings come at the end.",
        wrong,
        time=took,
    )


class RaceService:
    def __init__(
        self,
        store: RaceStore,
        puzzles: PuzzleService,
        clock: Clock,
        limits: RaceLimits | None = None,
    ):
        self.store = store
        self.puzzles = puzzles
        self.clock = clock
        self.limits = limits or RaceLimits()
        self.changed: Callable[[], None] = lambda: None  # the timer's wake, once it runs

    # --- opening a race -------------------------------------------------------------------

    async def reserve(
        self, guild_id: int, channel_id: int, starter_id: int, starter_name: str,
        kind: PuzzleKind, difficulty: str | None, start_in: int, minutes: int,
        language: str = DEFAULT_LANGUAGE,
    ) -> Race:  # fmt: skip
        """Claim the channel for a new race, the starter in it, before its puzzle is made;
        refused (a PuzzleError or Refusal the starter can act on) when out of bounds, when
        the channel has a race, or when the starter has started their share this hour.
        `language` is the puzzle's words' (PuzzleService.words_language), kept with the race."""
        rules.check_bounds(self.limits, start_in, minutes)
        level = race_difficulty(kind, difficulty)
        now = self.clock()
        await self.store.cancel_unposted(now - UNPOSTED_GRACE)
        await self._refuse_if_channel_busy(channel_id)
        started = await self.store.started_by(guild_id, starter_id, now - HOUR)
        if started >= self.limits.races_per_hour:
            raise Refusal(
                ngettext(
                    "You have started {count} race in the last hour; the limit is {limit} an "
                    "hour each. Join someone else's meanwhile.",
                    "You have started {count} races in the last hour; the limit is {limit} an "
                    "hour each. Join someone else's meanwhile.",
                    started,
                    limit=self.limits.races_per_hour,
                )
            )
        race_id = await self.store.reserve(
            guild_id, channel_id, starter_id, kind.name, level, start_in, minutes * 60, now,
            language,
        )  # fmt: skip
        if race_id is None:  # another /race won the channel a moment ago
            await self._refuse_if_channel_busy(channel_id)
            raise Refusal(_("This channel has a race on already."))
        await self.store.join(race_id, starter_id, starter_name, now)
        race = await self.store.race(race_id)
        assert race is not None
        return race

    async def _refuse_if_channel_busy(self, channel_id: int) -> None:
        race = await self.store.open_race_in(channel_id)
        if race is None:
            return
        if race.message_id is None:
            raise Refusal(
                _(
                    "A race is being set up in this channel right now: join it when it is "
                    "posted, or start yours in another channel."
                )
            )
        if race.started_at is None:
            raise Refusal(
                _(
                    "This channel has a race about to start: press its **Join** button to race, "
                    "or start yours in another channel."
                )
            )
        raise Refusal(
            _(
                "This channel has a race on: it ends {when} at the latest. Start yours after "
                "it, or in another channel.",
                when=relative_time(race.ends_at),
            )
        )

    async def make(self, race: Race) -> Race:
        """Make the race's fresh puzzle and its solution in the worker pool; a race whose
        puzzle cannot be made is cancelled (the error goes on to the starter)."""
        kind = get_kind(race.kind)
        try:
            made = await self.puzzles.generate(
                kind, secrets.randbits(62), race.difficulty or None, read_with(kind, race)
            )
            solved = await self.puzzles.solve(kind, made.value, {})
            await self.store.save_puzzle(
                race.id, made.value.text(), solved.text, made.png, solved.png
            )
        except BaseException:
            await self.store.cancel(race.id)
            raise
        made_race = await self.store.race(race.id)
        assert made_race is not None
        return made_race

    async def count_down(self, race: Race) -> Race:
        """Set the start, the starter's seconds from now (said on the scoreboard as it goes up)."""
        starts_at = self.clock() + dt.timedelta(seconds=race.start_in_seconds)
        await self.store.set_start(race.id, starts_at)
        return await self._race(race.id)

    async def posted(self, race: Race, message_id: int) -> Race:
        """The scoreboard is up: the timer starts the race when its countdown ends."""
        await self.store.mark_posted(race.id, message_id)
        self.changed()
        return await self._race(race.id)

    async def cancel(self, race: Race) -> None:
        await self.store.cancel(race.id)

    # --- joining and answering --------------------------------------------------------------

    async def join(self, race_id: int, user_id: int, name: str) -> Race:
        race = await self._race(race_id)
        if race.ended_at is not None:
            raise Refusal(_("This race is over; start a new one with /race."))
        if race.started_at is not None:
            raise Refusal(_("This race has started; join the next one."))
        if await self.store.entry(race_id, user_id) is not None:
            raise Refusal(
                _("You're in already. It starts {when}.", when=relative_time(race.starts_at))
            )
        full = Refusal(
            _(
                "This race is full ({count} players); join the next one.",
                count=self.limits.max_players,
            )
        )
        if await self.store.players(race_id) >= self.limits.max_players:
            raise full
        try:
            joined = await self.store.join(
                race_id, user_id, name, self.clock(), self.limits.max_players
            )
        except RaceFull:  # filled by others' joins at the same moment
            raise full from None
        if not joined:
            raise Refusal(_("You're in already."))
        self.changed()
        return race

    async def player(self, race_id: int, user_id: int) -> tuple[Race, Entry]:
        """The started race and this member's entry; refused when they cannot play it."""
        race = await self._race(race_id)
        entry = await self.store.entry(race_id, user_id)
        if entry is None:
            raise Refusal(
                _("You are not in this race; join the next one with its **Join** button.")
            )
        if race.started_at is None:
            raise Refusal(
                _(
                    "The race has not started yet: it starts {when}.",
                    when=relative_time(race.starts_at),
                )
            )
        return race, entry

    async def answer(self, race_id: int, user_id: int, text: str) -> Outcome:
        race, entry = await self.player(race_id, user_id)
        kind = get_kind(race.kind)
        if entry.finished_at is not None:
            took = clock_text(entry.seconds or 0)
            return Outcome(True, _("You finished already, in {time}.", time=took))
        if race.ended_at is not None or self.clock() >= race.ends_at:
            raise Refusal(_("Time is up for this race; the solution and placings are posted."))
        kind.check_input_size(text, what="answer")
        puzzle = await self.puzzles.parse(kind, race.puzzle_text or "", read_with(kind, race))
        verdict = (await self.puzzles.check(kind, puzzle, text)).value
        if not verdict.solved:
            await self.store.count_wrong(race_id, user_id)
            self.changed()
            said = _(
                "Not yet (wrong try {count}).\n{verdict}",
                count=entry.wrong + 1,
                verdict=verdict.message,
            )
            return Outcome(False, said)
        now = self.clock()
        seconds = (now - race.started_at).total_seconds()
        if not await self.store.finish(race_id, user_id, now, seconds, text):
            return Outcome(True, _("You finished already."))
        self.changed()
        return Outcome(True, finished_text(clock_text(seconds), entry.wrong))

    # --- what the timer does ----------------------------------------------------------------

    async def start(self, race: Race) -> Race | None:
        """Start the race's clock for everyone now; None if another round started it."""
        if not await self.store.start(race, self.clock()):
            return None
        return await self._race(race.id)

    async def due_to_end(self) -> list[Race]:
        """Running races whose time is up or whose players have all finished."""
        return await self.store.due_to_end(self.clock())

    async def end(self, race: Race) -> bool:
        """Place everyone and, when the race counts (rules.rated), update their ratings with
        openskill; False if the race had ended already."""
        entries = await self.store.entries(race.id)
        places = rules.places([entry.seconds for entry in entries])
        finishers = sum(entry.finished_at is not None for entry in entries)
        rerating = None
        if rules.rated(len(entries), finishers):
            rerating = Rerating(_newcomer(), functools.partial(_rated, entries, places))
        ended = await self.store.end(
            race.id,
            self.clock(),
            {entry.user_id: place for entry, place in zip(entries, places, strict=True)},
            rerating,
        )
        if ended:
            self.changed()
        return ended

    async def results_posted(self, race: Race) -> None:
        await self.store.results_posted(race.id, self.clock())

    # --- reading ------------------------------------------------------------------------------

    async def race(self, race_id: int) -> Race:
        return await self._race(race_id)

    async def entries(self, race: Race) -> list[Entry]:
        return await self.store.entries(race.id)

    async def board(self, guild_id: int, limit: int = 25) -> list[Rating]:
        return await self.store.board(guild_id, limit)

    async def rating(self, guild_id: int, user_id: int) -> Rating | None:
        return (await self.store.ratings(guild_id, [user_id])).get(user_id)

    async def member_left(self, guild_id: int, user_id: int, left: bool = True) -> None:
        """Hide (or show again, on return) a member's rating on the race board."""
        await self.store.member_departed(guild_id, user_id, left)

    async def forget_member(self, guild_id: int, user_id: int) -> int:
        """Delete a member's race results and rating in one server; results deleted."""
        forgotten = await self.store.forget_member(guild_id, user_id)
        self.changed()
        return forgotten

    async def _race(self, race_id: int) -> Race:
        race = await self.store.race(race_id)
        if race is None:
            raise Refusal(_("That race is gone (it was never posted); start a new one with /race."))
        return race


def _newcomer() -> tuple[float, float, float]:
    skill = ratings.newcomer()
    return skill.mu, skill.sigma, skill.shown


async def _rated(
    entries: list[Entry], places: list[int], held: dict[int, Rating]
) -> list[NewRating]:
    """The players' new ratings from the ones they `held` when the race ended."""
    before = [ratings.Skill(held[e.user_id].mu, held[e.user_id].sigma) for e in entries]
    # Plain arithmetic, but for 250 players long enough to keep off the event loop.
    after = await asyncio.to_thread(ratings.after_race, before, places)
    return [
        NewRating(entry.user_id, entry.name, new.mu, new.sigma, new.shown, old.shown, place == 1)
        for entry, old, new, place in zip(entries, before, after, places, strict=True)
    ]
