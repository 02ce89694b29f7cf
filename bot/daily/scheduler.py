"""Posts each server's daily puzzles when due and closes them at the end of the day.

A server's due puzzles of a day go out in one message (and close in one), or one message
each when it posts them separately; what those messages say is bot/daily/posts.py's.

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
saved for /daily status, and no error stops the loop.

A server with threads on gets a thread opened on each daily post (one per message): members
share their results there, and the close posts the answer in it too and archives it. The
thread is recorded with the post; a bot stopped between opening it and recording it finds
the thread (whose id is the message's) among the active threads Discord sends it, or is
refused a second thread on that message (160004), and records the one there is.

Different servers are posted to at the same time, POSTS_AT_ONCE at most and within the
scheduler's share of Discord's global limit; each server's own posts go out in order, each
claimed just before it is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Iterable, Sequence
from typing import TypeVar

import discord

from bot.background import BackgroundLoop, Pace, is_permanent
from bot.daily import posts as day_messages
from bot.daily.calendar import puzzle_number as calendar_number
from bot.daily.game import DailyService, Due
from bot.daily.posts import AltText, ButtonMaker, ClosedKind, Message, ViewMaker
from bot.daily.store import Post
from bot.failed_requests import FailedRequests
from bot.puzzle_service import Refusal
from puzzles import get_kind, i18n, kind_title
from puzzles.core import plural
from puzzles.i18n import _, language_of

log = logging.getLogger(__name__)

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

# What the bot needs in the channel to open a thread on a post and to post in it.
THREAD_NEEDS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
# A day without messages and Discord hides the thread itself; the close archives it anyway.
THREAD_ARCHIVE_MINUTES = 1440
# "A thread has already been created for this message"
# (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json)
THREAD_EXISTS = 160004

Item = TypeVar("Item")


class DailyScheduler(BackgroundLoop):
    name = "daily scheduler"

    def __init__(
        self,
        bot: discord.Client,
        daily: DailyService,
        poll_seconds: float,
        failed_requests: FailedRequests | None = None,
    ):
        super().__init__(bot, poll_seconds)
        self.daily = daily
        # The bot's count of failed requests: past its mark, posts wait (they can; replies can't).
        self.failed_requests = failed_requests or FailedRequests()
        self._pace = Pace(REQUESTS_PER_SECOND)
        # Handed over by the daily cog when it loads (present_with): the cogs present
        # everything the bot sends, and bot/ never imports them.
        self.play_view: ViewMaker | None = None
        self.notify_button: ButtonMaker | None = None
        self.how_view: ViewMaker | None = None
        self.alt_text: AltText | None = None
        # Who holds a claim on a post (bot/daily/store.py claim): this process, uniquely.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        # guild id -> (its channel that cannot be reached, when to try it again)
        self._unreachable: dict[int, tuple[int, dt.datetime]] = {}
        # guild id -> when to try again to open its threads, after Discord refused one (kept
        # apart from _unreachable: a thread refused must not hold back the day's posts)
        self._threads_refused: dict[int, dt.datetime] = {}

    def present_with(
        self, play_view: ViewMaker, how_view: ViewMaker, alt_text: AltText,
        notify_button: ButtonMaker | None = None,
    ) -> None:  # fmt: skip
        """How posts are presented, from the daily cog: the Play buttons under a post and the
        Show how buttons under a close (answered there), the alt text of a puzzle's
        picture (the one wording), and the Notify me button of a server with a notify role."""
        self.play_view, self.how_view, self.alt_text = play_view, how_view, alt_text
        self.notify_button = notify_button

    def start(self) -> None:
        if self.play_view is None or self.how_view is None or self.alt_text is None:
            raise RuntimeError("the daily cog must load (present_with) before posts can start")
        self._pace = Pace(REQUESTS_PER_SECOND * self.shards_share())
        super().start()

    async def run_once(self) -> None:
        if self.failed_requests.too_many:  # far from Discord's ban yet: let the count fall
            return
        closes = [
            posts
            for posts in closes_together(await self.daily.posts_to_close())
            if self.serves(posts[0].guild_id)
        ]
        await self._each_server(closes, lambda posts: posts[0].guild_id, self._close)
        groups = posts_together(await self.daily.due_posts(self.serves))
        await self._each_server(groups, lambda group: group[0].settings.guild_id, self._post)
        threadless = [
            posts
            for posts in closes_together(await self.daily.store.posts_without_thread())
            if self.serves(posts[0].guild_id)
        ]
        await self._each_server(threadless, lambda posts: posts[0].guild_id, self._open_thread)

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

    async def _post(self, group: list[Due]) -> None:
        """Post a server's due puzzles of one day: in one message, or one kind alone."""
        settings, day, store = group[0].settings, group[0].day, self.daily.store
        if self._waiting_for_channel(settings.guild_id, settings.channel_id):
            return
        missing = self._missing_permissions(settings.channel_id)
        if missing:  # no request: Discord counts the refusals, and a fix shows up in the cache
            await self._trouble(settings.guild_id, cannot_post(settings.channel_id, missing))
            return
        made = []
        for due in group:
            try:
                await self.daily.puzzle_of_the_day(due.kind, due.day, due.difficulty, due.language)
                made.append(due)
            except Refusal as error:  # busy, too slow: the pool's failures, as worded there
                problem = _(
                    "could not make the {kind}: {problem}",
                    kind=kind_title(due.kind),
                    problem=error.message,
                )
                await self._trouble(settings.guild_id, problem)
        if not made:  # tried again next round; a kind that failed follows the others alone
            return
        number = calendar_number(day)
        headers = day_messages.post_headers(day, number, [due.kind for due in made])
        # A reservation already there: a round that stopped (a crash, a restart) maybe sent it.
        earlier = [await store.post(settings.guild_id, due.kind.name, day) for due in made]
        closes_at = self.daily.closes_at(settings, day)
        for due in made:
            await store.reserve_post(
                settings.guild_id, due.kind.name, day, due.difficulty, settings.channel_id,
                closes_at, due.language,
            )  # fmt: skip
        reserved = [await store.post(settings.guild_id, due.kind.name, day) for due in made]
        async with self._claimed(reserved) as posts:
            if posts is None or any(post.message_id is not None for post in posts):
                return  # another process has them, or sent them
            if not (any(earlier) and await self._found_sent(posts, headers)):
                await self._send_post(posts, closes_at)

    async def _send_post(self, posts: list[Post], closes_at: dt.datetime) -> None:
        first = posts[0]
        kinds = [post.kind for post in posts]
        cards = await self.daily.day_cards(first.guild_id, first.day, kinds)
        settings = await self.daily.store.settings(first.guild_id)
        notify_role_id = settings.notify_role_id if settings else None
        post = day_messages.day_post(
            first.day, cards, closes_at, self.play_view, notify_role_id, self.notify_button,
            await self._language(first.guild_id),
        )  # fmt: skip
        message = await self._send(first.guild_id, first.channel_id, post)
        if message is None:
            return
        await self._record_sent(posts, message.channel.id, message.id)
        log.info("posted %s of %s in guild %s", ", ".join(kinds), first.day, first.guild_id)

    async def _record_sent(self, posts: list[Post], channel_id: int, message_id: int) -> None:
        store, now = self.daily.store, self.daily.clock()
        for post in posts:
            await store.mark_posted(post.guild_id, post.kind, post.day, channel_id, message_id, now)
        await store.set_error(posts[0].guild_id, None, now)

    async def _found_sent(self, posts: list[Post], headers: tuple[str, ...]) -> bool:
        """Whether an earlier round sent this post but stopped (a crash, a restart) before it
        recorded it; the post found in the channel is then recorded instead of sent again."""
        first = posts[0]
        sent = await self._sent_before(first.channel_id, headers)
        if sent is None:
            return False
        await self._record_sent(posts, first.channel_id, sent.id)
        log.info("%s was already posted in guild %s", headers[0], first.guild_id)
        return True

    async def _sent_before(
        self, channel_id: int, headers: tuple[str, ...]
    ) -> discord.Message | None:
        """Our post with one of these headers (its first line in any language) among the
        channel's recent messages, if a round sent it but stopped (a crash, a restart) before
        it could record it; None if it cannot be seen."""
        try:
            channel = await self._channel(channel_id)
            await self._pace.wait()
            async for message in channel.history(limit=RECENT_MESSAGES):  # type: ignore[union-attr]
                if message.author.id == self.bot.user.id and message.content.startswith(headers):
                    return message
        except discord.HTTPException:  # gone, or no Read Message History: _send will say why
            pass
        return None

    # --- threads --------------------------------------------------------------------------

    async def _open_thread(self, posts: list[Post]) -> None:
        """Open the thread on a sent post (its kinds, one message) and record it with them."""
        first = posts[0]
        retry_at = self._threads_refused.get(first.guild_id)
        if retry_at is not None and self.daily.clock() < retry_at:
            return
        missing = self._missing_permissions(first.channel_id, THREAD_NEEDS)
        if missing:  # no request: Discord counts the refusals, and a fix shows up in the cache
            await self._trouble(first.guild_id, cannot_open_thread(first.channel_id, missing))
            return
        kinds = [get_kind(post.kind) for post in posts]
        name = day_messages.thread_name(
            first.day, calendar_number(first.day), kinds, await self._language(first.guild_id)
        )
        if self.bot.get_channel(first.message_id) is not None:  # opened before a restart
            await self._record_thread(posts, first.message_id)
            return
        try:
            channel = await self._channel(first.channel_id)
            await self._pace.wait()
            thread = await channel.get_partial_message(first.message_id).create_thread(  # type: ignore[union-attr]
                name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
            thread_id = thread.id
        except discord.HTTPException as error:
            if error.code != THREAD_EXISTS:
                await self._thread_refused(first, error)
                return
            # Opened before a restart, not recorded, and not among the active threads the
            # bot was sent (archived meanwhile): a thread started from a message has the
            # message's id (https://discord.com/developers/docs/resources/channel#start-thread-from-message).
            thread_id = first.message_id
        await self._record_thread(posts, thread_id)
        log.info(
            "opened the thread of %s in guild %s", ", ".join(k.title for k in kinds), first.guild_id
        )

    async def _thread_refused(self, post: Post, error: discord.HTTPException) -> None:
        """Say why Discord refused the thread (kept for /daily status); a channel gone,
        hidden or shut to the bot is tried again only after UNREACHABLE_RETRY."""
        if isinstance(error, discord.Forbidden):
            problem = cannot_open_thread(post.channel_id, list(THREAD_NEEDS.values()))
        else:
            problem = problem_text(post.channel_id, error)
        if is_permanent(error):
            self._threads_refused[post.guild_id] = self.daily.clock() + UNREACHABLE_RETRY
        await self._trouble(post.guild_id, problem)

    async def _record_thread(self, posts: list[Post], thread_id: int) -> None:
        for post in posts:
            await self.daily.store.set_thread(post, thread_id)

    async def _answer_in_thread(self, thread_id: int, message: Message) -> None:
        """The close in the day's thread, then the thread archived: the day is over there too.
        A thread deleted or locked meanwhile only loses its copy; the channel has the close."""
        try:
            thread = await self._deliver(thread_id, message)
            await self._pace.wait()
            await thread.channel.edit(archived=True)  # type: ignore[union-attr]
        except discord.HTTPException as error:
            log.warning("could not close the daily thread %s: %s", thread_id, error)

    @contextlib.asynccontextmanager
    async def _claimed(self, posts: list[Post]) -> AsyncIterator[list[Post] | None]:
        """The posts as they stand once this process holds the claim on each, or None when
        another process holds one (processes sharing a database send each post and each
        close once). Read after the claims: another process may have sent them meanwhile.
        Given up after."""
        store, held = self.daily.store, []
        try:
            for post in posts:
                if not await store.claim(post, self.owner, self.daily.clock(), CLAIM_LEASE):
                    yield None
                    return
                held.append(post)
            current = [await store.post(post.guild_id, post.kind, post.day) for post in posts]
            yield None if None in current else current  # type: ignore[misc]
        finally:
            for post in held:
                await store.release(post, self.owner)

    async def _close(self, posts: list[Post]) -> None:
        async with self._claimed(posts) as claimed:
            if claimed is not None:
                open_ones = [post for post in claimed if post.closed_at is None]
                if open_ones:
                    await self._send_close(open_ones)

    async def _send_close(self, posts: list[Post]) -> None:
        store, first = self.daily.store, posts[0]
        closed = []
        for post in posts:
            daily = await store.puzzle_of(post)
            if daily is None:  # nothing to show: the day just ends
                await store.mark_closed(post, self.daily.clock())
                continue
            results = await store.day_results(post.guild_id, post.kind, post.day)
            closed.append((post, ClosedKind(get_kind(post.kind), daily, results)))
        if not closed:
            return
        kinds = [one for _post, one in closed]
        language = await self._language(first.guild_id)
        message = day_messages.day_close(first.day, kinds, self.how_view, self.alt_text, language)
        missing = self._missing_permissions(first.channel_id)
        if missing:  # tried again next round without a request, CLOSE_ATTEMPTS times at most
            for post, one in closed:
                await self._close_failed(
                    post, f"{one.kind.title} #{one.puzzle.number}", missing=missing
                )
            return
        try:
            await self._deliver(first.channel_id, message)
        except discord.HTTPException as error:
            for post, one in closed:
                await self._close_failed(post, f"{one.kind.title} #{one.puzzle.number}", error)
            return
        if first.thread_id is not None:  # its own copy: a sent message's files are spent
            await self._answer_in_thread(
                first.thread_id,
                day_messages.day_close(first.day, kinds, self.how_view, self.alt_text, language),
            )
        for post, _closed_kind in closed:
            await store.mark_closed(post, self.daily.clock())
        await store.set_error(first.guild_id, None, self.daily.clock())

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

    async def _send(self, guild_id, channel_id, message: Message) -> discord.Message | None:
        """Send to a channel, or record why not (kept for /daily status) and try again later:
        next round, or after UNREACHABLE_RETRY when the channel is gone, hidden or shut."""
        try:
            return await self._deliver(channel_id, message)
        except discord.HTTPException as error:
            await self._unreachable_after(guild_id, channel_id, error)
            return None

    async def _unreachable_after(
        self, guild_id: int, channel_id: int, error: discord.HTTPException
    ) -> None:
        """Record why a request to the channel failed (kept for /daily status); one that is
        gone, hidden or shut is tried again only after UNREACHABLE_RETRY."""
        problem = problem_text(channel_id, error)
        if is_permanent(error):
            retry_at = self.daily.clock() + UNREACHABLE_RETRY
            self._unreachable[guild_id] = (channel_id, retry_at)
            # Translators: {when} is a Discord timestamp, shown as "in an hour" in the reader's
            # language.
            problem = _(
                "{problem} (I try again {when})",
                problem=problem,
                when=f"<t:{int(retry_at.timestamp())}:R>",
            )
        await self._trouble(guild_id, problem)

    def _missing_permissions(self, channel_id: int, needs=POSTING_NEEDS) -> list[str]:
        """What the bot lacks of `needs` in the channel (by default, to post a picture), as
        Discord last told it (the server's roles and the channel's overwrites); [] when
        nothing, or not known here."""
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = guild.me if guild is not None else None
        if me is None or not hasattr(channel, "permissions_for"):
            return []
        allowed = channel.permissions_for(me)  # type: ignore[union-attr]
        return [name for flag, name in needs.items() if not getattr(allowed, flag)]

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

    async def _channel(self, channel_id: int):
        """The channel (or thread) from the cache, else asked of Discord."""
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            await self._pace.wait()
            channel = await self.bot.fetch_channel(channel_id)
        return channel

    async def _deliver(self, channel_id, message: Message) -> discord.Message:
        channel = await self._channel(channel_id)
        await self._pace.wait()
        return await channel.send(**message.send_kwargs())  # type: ignore[union-attr]

    async def _language(self, guild_id: int) -> str:
        """The language of the server's posts (bot/servers.py): chosen by its managers, else
        its preferred locale as Discord sent it."""
        servers = getattr(self.bot, "servers", None)
        guild = self.bot.get_guild(guild_id)
        preferred = guild.preferred_locale if guild is not None else None
        if servers is None:
            return language_of(preferred)
        return await servers.language_for(guild_id, preferred)

    async def _trouble(self, guild_id: int, problem: i18n.Message) -> None:
        """Log the problem (in English) and keep it for /daily status, which says it in the
        reader's language."""
        log.warning("daily puzzles in guild %s: %s", guild_id, problem)
        await self.daily.store.set_error(guild_id, problem, self.daily.clock())


# The permissions are named as Discord's settings name them in English (POSTING_NEEDS).


def cannot_post(channel_id: int, missing: Sequence[str]) -> i18n.Message:
    """The permissions the bot lacks in a channel, worded for a server admin."""
    # Translators: {missing} lists Discord permissions, in English: "View Channel, Attach Files".
    return _(
        "I may not post in {channel}: give me {missing} there",
        channel=f"<#{channel_id}>",
        missing=", ".join(missing),
    )


def cannot_open_thread(channel_id: int, missing: Sequence[str]) -> i18n.Message:
    """The permissions the bot lacks to open the daily threads, worded for a server admin."""
    # Translators: {missing} lists Discord permissions, in English: "Create Public Threads".
    return _(
        "I cannot open the daily thread in {channel}: give me {missing} there, or turn "
        "threads off with /puzzle-settings threads",
        channel=f"<#{channel_id}>",
        missing=", ".join(missing),
    )


def problem_text(channel_id: int, error: discord.HTTPException) -> i18n.Message:
    """Why a post to the channel failed, worded for a server admin (shown by /daily status)."""
    channel = f"<#{channel_id}>"
    if isinstance(error, discord.NotFound):
        return _(
            "the channel {channel} no longer exists; choose another with /puzzle-settings setup",
            channel=channel,
        )
    if isinstance(error, discord.Forbidden):
        return _(
            "I may not post in {channel}: give me View Channel, Send Messages and Attach "
            "Files there",
            channel=channel,
        )
    # Translators: {text} is Discord's own reason, in English; {status} an HTTP status.
    return _(
        "Discord refused the post ({status}): {text}", status=str(error.status), text=error.text
    )


def posts_together(due: list[Due]) -> list[list[Due]]:
    """The posts to send, each a list of one server's puzzles of one day: all of them in
    one message when the server posts together, else one message each."""
    groups: dict[tuple, list[Due]] = {}
    for one in due:
        together = one.settings.post_layout == "together"
        key = (one.settings.guild_id, one.day, None if together else one.kind.name)
        groups.setdefault(key, []).append(one)
    return list(groups.values())


def closes_together(posts: list[Post]) -> list[list[Post]]:
    """The closes to send: the posts that went out in one message close in one message."""
    groups: dict[tuple, list[Post]] = {}
    for post in posts:
        groups.setdefault((post.guild_id, post.message_id), []).append(post)
    return list(groups.values())
