"""Posts each server's daily puzzles when due and closes them at the end of the day.

What is due and what was posted comes from the database each round, so a restart neither
posts twice nor skips a day (only when to retry an unreachable channel is kept in memory).
A post is reserved in the database before it is sent and recorded after; a bot stopped
between the two finds its post in the channel when it comes back instead of sending it
again. Bot processes sharing one database (shards on PostgreSQL) each serve the servers on
their own shards, and claim each post and each close in the database before sending it, so
each is sent once even while a process is replaced.

Discord bars a bot for a while after too many failed requests, so the bot checks the channel's
permissions (as Discord last sent them) before it posts, and a channel that is gone, hidden or
shut to the bot (404, 50001, 50013) is tried again only hourly; every problem is logged and
saved for /daily status, and no error stops the loop. Different servers are posted to at the
same time, POSTS_AT_ONCE at most and within the scheduler's share of Discord's global limit;
each server's own posts go out in order, each claimed just before it is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import io
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Iterable, Sequence
from typing import TypeVar

import discord

from bot.daily.game import DailyService, Due
from bot.daily.scoring import clock_text
from bot.daily.store import Post
from bot.failed_requests import FailedRequests
from bot.puzzle_service import Refusal
from bot.shards import runs_server
from puzzles import PuzzleKind, get_kind
from puzzles.core import plural

log = logging.getLogger(__name__)

SUMMARY_ROWS = 10
CLOSE_ATTEMPTS = 10  # sends of a day's answer before the day closes without it
RECENT_MESSAGES = 100  # how far back a restarted bot looks for a post it sent but did not record
# How long a process's claim on a post lasts: far longer than one send, short enough that a
# process that died mid-send is taken over within a couple of minutes.
CLAIM_LEASE = dt.timedelta(minutes=2)
# A post whose channel is gone or hidden from the bot is tried again this often, not every
# round: Discord counts failed requests, and too many of them bar the bot for a while.
UNREACHABLE_RETRY = dt.timedelta(hours=1)
# Servers posted to at the same time: each waits only on its own channel's limit (about 5
# messages per 5 s), and together they stay within REQUESTS_PER_SECOND.
POSTS_AT_ONCE = 32
# The scheduler's share of Discord's global limit of 50 requests per second
# (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit); discord.py only
# waits once refused, so the scheduler keeps its own pace and leaves room for everything else.
REQUESTS_PER_SECOND = 40
# What the bot needs in a channel to post a daily puzzle (a picture under a message).
POSTING_NEEDS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
}

Item = TypeVar("Item")


class DailyScheduler:
    def __init__(
        self,
        bot: discord.Client,
        daily: DailyService,
        poll_seconds: float,
        failed_requests: FailedRequests | None = None,
    ):
        self.bot = bot
        self.daily = daily
        self.poll_seconds = poll_seconds
        # The bot's count of failed requests: past its mark, posts wait (they can; replies can't).
        self.failed_requests = failed_requests or FailedRequests()
        self._pace = Pace(REQUESTS_PER_SECOND)
        # Handed over by the daily cog when it loads (present_with): the cogs present
        # everything the bot sends, and bot/ never imports them.
        self.play_view: Callable[[str, dt.date], discord.ui.View] | None = None
        self.alt_text: Callable[[PuzzleKind, str, str], str] | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.rounds = 0  # finished rounds, so tests and status can tell the loop is alive
        # Who holds a claim on a post (bot/daily/store.py claim): this process, uniquely.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        # guild id -> (its channel that cannot be reached, when to try it again)
        self._unreachable: dict[int, tuple[int, dt.datetime]] = {}

    def present_with(
        self,
        play_view: Callable[[str, dt.date], discord.ui.View],
        alt_text: Callable[[PuzzleKind, str, str], str],
    ) -> None:
        """How posts are presented, from the daily cog: the Play button under a post (answered
        there) and the alt text of a puzzle's picture (the one wording)."""
        self.play_view, self.alt_text = play_view, alt_text

    def start(self) -> None:
        if self.play_view is None or self.alt_text is None:
            raise RuntimeError("the daily cog must load (present_with) before posts can start")
        # Shard processes of one bot share its global limit: each takes its shards' share.
        shard_ids, shard_count = getattr(self.bot, "shard_ids", None), self.bot.shard_count
        share = len(shard_ids) / shard_count if shard_ids and shard_count else 1.0
        self._pace = Pace(REQUESTS_PER_SECOND * share)
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="daily-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def wake(self) -> None:
        """Check now rather than at the next poll (after a setup change, or in tests)."""
        self._wake.set()

    async def round_after_now(self, timeout: float) -> bool:
        """Wake the loop and wait until a round that started after this call has finished, so
        what is due by now (a moved clock, in the playground and tests) is posted or closed;
        False when none finished within `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        before = self.rounds  # the round under way, if any, may have begun before the call
        while self.rounds < before + 2:
            if loop.time() >= deadline:
                return False
            self.wake()
            await asyncio.sleep(0.05)
        return True

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.run_once()
            except Exception:  # the loop must outlive any one bad round
                log.exception("daily scheduler round failed")
            self.rounds += 1
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)

    def serves(self, guild_id: int) -> bool:
        """Whether the server's daily puzzles are this process's to post and close: the server
        is on one of the shards it runs (every server, when it runs them all)."""
        return runs_server(guild_id, self.bot.shard_count, getattr(self.bot, "shard_ids", None))

    async def run_once(self) -> None:
        if self.failed_requests.too_many:  # far from Discord's ban yet: let the count fall
            return
        closes = [post for post in await self.daily.posts_to_close() if self.serves(post.guild_id)]
        await self._each_server(closes, lambda post: post.guild_id, self._close)
        due = await self.daily.due_posts(self.serves)
        await self._each_server(due, lambda due: due.settings.guild_id, self._post)

    async def _each_server(
        self,
        items: Iterable[Item],
        server_of: Callable[[Item], Hashable],
        work: Callable[[Item], Awaitable[None]],
    ) -> None:
        """`work` on every item: each server's in order (its channel's limit is its own to
        wait on), different servers at the same time, at most POSTS_AT_ONCE; one server's
        failure is logged and stops no other."""
        by_server: dict[Hashable, list[Item]] = {}
        for item in items:
            by_server.setdefault(server_of(item), []).append(item)
        slots = asyncio.Semaphore(POSTS_AT_ONCE)

        async def serve(server_items: list[Item]) -> None:
            for item in server_items:
                async with slots:  # taken before the claim: a claim is held only while sending
                    try:
                        await work(item)
                    except Exception:
                        log.exception("daily puzzles: a post or close failed")

        await asyncio.gather(*(serve(server_items) for server_items in by_server.values()))

    # --- posting --------------------------------------------------------------------------

    async def _post(self, due: Due) -> None:
        settings, kind = due.settings, due.kind
        store = self.daily.store
        if self._waiting_for_channel(settings.guild_id, settings.channel_id):
            return
        missing = self._missing_permissions(settings.channel_id)
        if missing:  # no request: Discord counts the refusals, and a fix shows up in the cache
            await self._trouble(settings.guild_id, cannot_post(settings.channel_id, missing))
            return
        try:
            puzzle = await self.daily.puzzle_of_the_day(kind, due.day, due.difficulty)
        except Refusal as error:  # busy, too slow: the pool's failures, as the service words them
            await self._trouble(settings.guild_id, f"could not make the {kind.title}: {error}")
            return
        header = f"**{kind.title} #{puzzle.number}**"
        earlier = await store.post(settings.guild_id, kind.name, due.day)  # a round that stopped
        closes_at = self.daily.closes_at(settings, due.day)
        await store.reserve_post(
            settings.guild_id, kind.name, due.day, due.difficulty, settings.channel_id, closes_at
        )
        async with self._claimed(await store.post(settings.guild_id, kind.name, due.day)) as post:
            if post is None or post.message_id is not None:  # another process has it, or did
                return
            if not (earlier and await self._found_sent(due, header)):
                await self._send_post(due, puzzle, header, closes_at)

    async def _send_post(self, due: Due, puzzle, header: str, closes_at: dt.datetime) -> None:
        settings, kind, store = due.settings, due.kind, self.daily.store
        view = self.play_view(kind.name, due.day)
        about = f" · {puzzle.about}" if puzzle.about else ""
        content = (
            f"{header}{about} · {due.day:%A %d %B}\n"
            f"Press **Play** to start your timer; answers stay private. The solution comes "
            f"when the day ends, <t:{int(closes_at.timestamp())}:R>."
        )
        file = discord.File(
            io.BytesIO(puzzle.image),
            filename=f"{kind.name}-{puzzle.number}.png",
            description=self.alt_text(kind, "to play, unsolved", puzzle.puzzle_text),
        )
        message = await self._send(settings.guild_id, settings.channel_id, content, file, view)
        if message is None:
            return
        await store.mark_posted(
            settings.guild_id, kind.name, due.day, message.channel.id, message.id,
            self.daily.clock(),
        )  # fmt: skip
        await store.set_error(settings.guild_id, None, self.daily.clock())
        log.info("posted %s #%d in guild %s", kind.name, puzzle.number, settings.guild_id)

    async def _found_sent(self, due: Due, header: str) -> bool:
        """Whether an earlier round sent this post but stopped (a crash, a restart) before it
        recorded it; the post found in the channel is then recorded instead of sent again."""
        guild_id, store = due.settings.guild_id, self.daily.store
        reserved = await store.post(guild_id, due.kind.name, due.day)
        if reserved is None:
            return False
        sent = await self._sent_before(reserved.channel_id, header)
        if sent is None:
            return False
        await store.mark_posted(
            guild_id, due.kind.name, due.day, reserved.channel_id, sent.id, self.daily.clock()
        )
        await store.set_error(guild_id, None, self.daily.clock())
        log.info("%s for %s was already posted in guild %s", header, due.day, guild_id)
        return True

    async def _sent_before(self, channel_id: int, header: str) -> discord.Message | None:
        """Our post with this header among the channel's recent messages, if a round sent it but
        stopped (a crash, a restart) before it could record it; None if it cannot be seen."""
        try:
            channel = self.bot.get_channel(channel_id)
            if channel is None:
                await self._pace.wait()
                channel = await self.bot.fetch_channel(channel_id)
            await self._pace.wait()
            async for message in channel.history(limit=RECENT_MESSAGES):  # type: ignore[union-attr]
                if message.author.id == self.bot.user.id and message.content.startswith(header):
                    return message
        except discord.HTTPException:  # gone, or no Read Message History: _send will say why
            pass
        return None

    @contextlib.asynccontextmanager
    async def _claimed(self, post: Post | None) -> AsyncIterator[Post | None]:
        """The post as it stands once this process holds its claim, or None when another
        process holds it (processes sharing a database send each post and each close once).
        Read after the claim: another process may have sent it meanwhile. Given up after."""
        store = self.daily.store
        if post is None or not await store.claim(post, self.owner, self.daily.clock(), CLAIM_LEASE):
            yield None
            return
        try:
            yield await store.post(post.guild_id, post.kind, post.day)
        finally:
            await store.release(post, self.owner)

    async def _close(self, post: Post) -> None:
        async with self._claimed(post) as claimed:
            if claimed is not None and claimed.closed_at is None:
                await self._send_close(claimed)

    async def _send_close(self, post: Post) -> None:
        kind = get_kind(post.kind)
        daily = await self.daily.store.puzzle(post.kind, post.day, post.difficulty)
        results = await self.daily.store.day_results(post.guild_id, post.kind, post.day)
        if daily is None:
            await self.daily.store.mark_closed(post, self.daily.clock())
            return
        solved = [(name, play) for name, play in results if play.solved_at and play.on_time]
        lines = [
            f"**{kind.title} #{daily.number} has closed.** The answer:",
            f"```\n{daily.solution_text[:900]}\n```",
            f"{len(results)} played, {len(solved)} solved.",
        ]
        for rank, (name, play) in enumerate(solved[:SUMMARY_ROWS], start=1):
            time_taken = clock_text(play.seconds or 0)
            lines.append(
                f"{rank}. {discord.utils.escape_markdown(name)}: {play.points} points, {time_taken}"
            )
        file = None
        if daily.solution_image:
            file = discord.File(
                io.BytesIO(daily.solution_image),
                filename=f"{kind.name}-answer.png",
                description=self.alt_text(kind, "with its solution drawn in", daily.puzzle_text),
            )
        content = discord.utils.escape_mentions("\n".join(lines))[:2000]
        missing = self._missing_permissions(post.channel_id)
        if missing:  # tried again next round without a request, CLOSE_ATTEMPTS times at most
            await self._close_failed(post, f"{kind.title} #{daily.number}", missing=missing)
            return
        try:
            await self._deliver(post.channel_id, content, file, None)
        except discord.HTTPException as error:
            await self._close_failed(post, f"{kind.title} #{daily.number}", error)
            return
        await self.daily.store.mark_closed(post, self.daily.clock())
        await self.daily.store.set_error(post.guild_id, None, self.daily.clock())

    async def _close_failed(
        self,
        post: Post,
        title: str,
        error: discord.HTTPException | None = None,
        missing: Sequence[str] = (),
    ) -> None:
        """A close is tried again next round, but not forever: a channel that is gone, hidden
        or shut to the bot (Discord said so) ends it at once, anything else (permissions seen
        missing before sending, an outage) after CLOSE_ATTEMPTS tries. The day then closes
        without its answer post; its results stay, and /daily status says what happened."""
        if error is None:
            problem = cannot_post(post.channel_id, missing)
        else:
            problem = problem_text(post.channel_id, error)
        failures = await self.daily.store.count_close_failure(post, problem)
        if (error is None or not is_permanent(error)) and failures < CLOSE_ATTEMPTS:
            await self._trouble(post.guild_id, problem)
            return
        await self.daily.store.give_up_close(post, self.daily.clock())
        await self.daily.store.set_error(post.guild_id, None, self.daily.clock())  # not retried
        log.warning(
            "daily puzzles in guild %s: gave up posting the answer to %s after %s: %s",
            post.guild_id, title, plural(failures, "try", "tries"), problem,
        )  # fmt: skip

    async def _send(self, guild_id, channel_id, content, file, view) -> discord.Message | None:
        """Send to a channel, or record why not (kept for /daily status) and try again later:
        next round, or after UNREACHABLE_RETRY when the channel is gone, hidden or shut."""
        try:
            return await self._deliver(channel_id, content, file, view)
        except discord.HTTPException as error:
            problem = problem_text(channel_id, error)
            if is_permanent(error):
                retry_at = self.daily.clock() + UNREACHABLE_RETRY
                self._unreachable[guild_id] = (channel_id, retry_at)
                problem += f" (I try again <t:{int(retry_at.timestamp())}:R>)"
            await self._trouble(guild_id, problem)
            return None

    def _missing_permissions(self, channel_id: int) -> list[str]:
        """What the bot lacks to post a picture in the channel, as Discord last told it (the
        server's roles and the channel's overwrites); [] when nothing, or not known here."""
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = guild.me if guild is not None else None
        if me is None or not hasattr(channel, "permissions_for"):
            return []
        allowed = channel.permissions_for(me)  # type: ignore[union-attr]
        return [name for flag, name in POSTING_NEEDS.items() if not getattr(allowed, flag)]

    def _waiting_for_channel(self, guild_id: int, channel_id: int) -> bool:
        """Whether the server's channel was unreachable and its retry time has not come (a
        new channel, chosen with setup, is tried at once)."""
        unreachable = self._unreachable.get(guild_id)
        if unreachable is None:
            return False
        channel, retry_at = unreachable
        if channel == channel_id and self.daily.clock() < retry_at:
            return True
        del self._unreachable[guild_id]
        return False

    async def _deliver(self, channel_id, content, file, view) -> discord.Message:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            await self._pace.wait()
            channel = await self.bot.fetch_channel(channel_id)
        await self._pace.wait()
        kwargs = {"file": file} if file is not None else {}
        if view is not None:
            kwargs["view"] = view
        return await channel.send(content, **kwargs)  # type: ignore[union-attr]

    async def _trouble(self, guild_id: int, problem: str) -> None:
        log.warning("daily puzzles in guild %s: %s", guild_id, problem)
        await self.daily.store.set_error(guild_id, problem, self.daily.clock())


class Pace:
    """At most `per_second` requests a second, spaced evenly, however many tasks ask."""

    def __init__(self, per_second: float):
        self.gap = 1.0 / per_second
        self._next = 0.0

    async def wait(self) -> None:
        now = asyncio.get_running_loop().time()
        at = max(now, self._next)
        self._next = at + self.gap  # reserved before sleeping: the next caller queues behind
        if at > now:
            await asyncio.sleep(at - now)


# Discord's error codes for a channel shut to the bot: it cannot see it (Missing Access), or
# sees it but may not post (Missing Permissions).
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013


def is_permanent(error: discord.HTTPException) -> bool:
    """Whether trying again soon cannot help: the channel is gone, hidden from the bot, or
    shut to it (until someone changes it; Discord counts every refusal meanwhile)."""
    return isinstance(error, discord.NotFound) or (
        isinstance(error, discord.Forbidden) and error.code in (MISSING_ACCESS, MISSING_PERMISSIONS)
    )


def cannot_post(channel_id: int, missing: Sequence[str]) -> str:
    """The permissions the bot lacks in a channel, worded for a server admin."""
    return f"I may not post in <#{channel_id}>: give me {', '.join(missing)} there"


def problem_text(channel_id: int, error: discord.HTTPException) -> str:
    """Why a post to the channel failed, worded for a server admin (shown by /daily status)."""
    if isinstance(error, discord.NotFound):
        return (
            f"the channel <#{channel_id}> no longer exists; choose another with "
            "/puzzle-settings setup"
        )
    if isinstance(error, discord.Forbidden):
        return (
            f"I may not post in <#{channel_id}>: give me View Channel, Send Messages and "
            "Attach Files there"
        )
    return f"Discord refused the post ({error.status}): {error.text}"
