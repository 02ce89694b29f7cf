"""Threads: starting one from a message or without one, posting and editing in it, archiving
it, and the THREAD_CREATE / THREAD_UPDATE events a bot with the guilds intent receives.

Discord's reference: https://discord.com/developers/docs/topics/threads and the channel
resource, https://discord.com/developers/docs/resources/channel (Start Thread from Message,
Start Thread without Message, Modify Channel's thread parameters, the thread channel object).

A thread is a channel of its own (type 11 public, 12 private) with a ``parent_id``: messages
are posted to and edited in it by its id, like any channel's. It keeps its parent's
permission overwrites. The driver API (on ``server``): ``start_thread(channel, name, *,
user, message)`` as a member would, ``threads_of(channel)``, ``archive_thread(thread)`` as a
moderator would (or Discord, after ``auto_archive_duration`` minutes without a message),
``wait_for_thread(predicate)``.

Not modelled: thread members (joining, THREAD_MEMBERS_UPDATE), forum channels, the
THREAD_CREATED system message of a thread started without a message, automatic archiving.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .http import RECORD, error_response, json_response
from .models import (
    FakeChannel,
    FakeGuild,
    FakeUser,
    RecordedRequest,
    StoredMessage,
    iso_now,
    snowflake,
)

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)
GUILD_TEXT, PUBLIC_THREAD, PRIVATE_THREAD = 0, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
# Permissions (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags)
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
# The durations a thread may go quiet for before Discord archives it, in minutes
# (https://discord.com/developers/docs/resources/channel#thread-metadata-object).
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
THREAD_NAME_LIMIT = 100
# JSON error codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json)
ARCHIVED_THREAD = 50083  # "Operation cannot be performed on an archived thread"
WRONG_CHANNEL_TYPE = 50024  # "Cannot execute action on this channel type"
THREAD_EXISTS = 160004  # "A thread has already been created for this message"


@dataclass(eq=False)
class FakeThread(FakeChannel):
    """A thread: a channel with a parent, an owner (who started it) and its metadata."""

    parent_id: int = 0
    owner_id: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = field(default_factory=iso_now)
    create_timestamp: str = field(default_factory=iso_now)
    message_count: int = 0

    def payload(self) -> dict[str, Any]:
        """The thread channel object (https://discord.com/developers/docs/resources/channel
        #channel-object-example-thread-channel)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": self.message_count,
            "total_message_sent": self.message_count,
            "member_count": 1,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.archive_timestamp,
                "locked": self.locked,
                "create_timestamp": self.create_timestamp,
            },
        }


def is_thread(channel: FakeChannel | None) -> bool:
    return isinstance(channel, FakeThread)


class ThreadsArea:
    """The threads part of LocalDiscord (see server.py for the driver API). It comes before
    ChannelsArea among LocalDiscord's bases: posting, editing and deleting messages in a
    thread go through its rules first."""

    # --- the driver API -------------------------------------------------------------------

    def threads_of(self, channel: FakeChannel) -> list[FakeThread]:
        guild = self._guild_of(channel)
        threads = guild.threads if guild is not None else []
        return [thread for thread in threads if thread.parent_id == channel.id]

    async def start_thread(
        self,
        channel: FakeChannel,
        name: str,
        *,
        user: FakeUser | None = None,
        message: StoredMessage | None = None,
    ) -> FakeThread:
        """A member starts a public thread in `channel` (from `message` when given)."""
        guild = self._guild_of(channel)
        if guild is None or channel.type != GUILD_TEXT:
            raise ValueError(f"#{channel.name} is not a text channel of a server")
        owner = user or self.user
        thread = self._new_thread(guild, channel, name, owner.id, message=message)
        await self._announce("THREAD_CREATE", thread, newly_created=True)
        return thread

    async def wait_for_thread(
        self, predicate: Callable[[FakeThread], bool], timeout: float = 5.0
    ) -> FakeThread:
        """The first thread of any server matching ``predicate`` (e.g. one archived)."""
        return await self._wait_until(
            lambda: next((t for g in self.guilds for t in g.threads if predicate(t)), None),
            timeout,
            "a thread",
        )

    async def archive_thread(self, thread: FakeThread, *, locked: bool = False) -> None:
        """A moderator archives (and locks) the thread; the bot gets THREAD_UPDATE."""
        thread.archived, thread.locked = True, locked
        thread.archive_timestamp = iso_now()
        await self._announce("THREAD_UPDATE", thread)

    # --- the routes -----------------------------------------------------------------------

    async def _start_thread_from_message(self, request: web.Request) -> web.Response:
        """POST /channels/{channel_id}/messages/{message_id}/threads: the thread's id is the
        message's (https://discord.com/developers/docs/resources/channel
        #start-thread-from-message)."""
        message = self._channel_message(request)
        if isinstance(message, web.Response):
            return message
        record: RecordedRequest = request[RECORD]
        channel = self.find_channel(message.channel_id)
        guild = self._guild_of(channel)
        if guild is None or channel.type != GUILD_TEXT:
            return self._refuse(
                record, 400, WRONG_CHANNEL_TYPE, "a thread starts in a text channel"
            )
        if any(thread.id == message.id for thread in guild.threads):
            return self._refuse(record, 400, THREAD_EXISTS, "that message has a thread already")
        data = record.json if isinstance(record.json, dict) else {}
        refusal = self._thread_request_problem(guild, channel, data, record, CREATE_PUBLIC_THREADS)
        if refusal is not None:
            return refusal
        thread = self._new_thread(
            guild, channel, data["name"], self.bot_user.id, message=message,
            duration=data.get("auto_archive_duration"),
        )  # fmt: skip
        await self._announce("THREAD_CREATE", thread, newly_created=True)
        return json_response(thread.payload(), status=201)

    async def _start_thread_without_message(self, request: web.Request) -> web.Response:
        """POST /channels/{channel_id}/threads (https://discord.com/developers/docs/resources
        /channel#start-thread-without-message): type 11 or 12; Discord's default is 12."""
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        record: RecordedRequest = request[RECORD]
        guild = self._guild_of(channel)
        if guild is None or channel.type != GUILD_TEXT:
            return self._refuse(
                record, 400, WRONG_CHANNEL_TYPE, "a thread starts in a text channel"
            )
        data = record.json if isinstance(record.json, dict) else {}
        kind = int(data.get("type") or PRIVATE_THREAD)
        if kind not in THREAD_TYPES:
            return self._invalid(record, [f"type: {kind} is not a thread type (11 or 12)"])
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        refusal = self._thread_request_problem(guild, channel, data, record, needed)
        if refusal is not None:
            return refusal
        thread = self._new_thread(
            guild, channel, data["name"], self.bot_user.id, kind=kind,
            duration=data.get("auto_archive_duration"),
        )  # fmt: skip
        await self._announce("THREAD_CREATE", thread, newly_created=True)
        return json_response(thread.payload(), status=201)

    async def _modify_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{channel_id}, for threads: name, archived, locked,
        auto_archive_duration (https://discord.com/developers/docs/resources/channel
        #modify-channel-json-params-thread). Fires THREAD_UPDATE."""
        thread = self._channel_or_404(request)
        if isinstance(thread, web.Response):
            return thread
        record: RecordedRequest = request[RECORD]
        if not isinstance(thread, FakeThread):
            self._violate("unmodelled", "only threads can be modified here", record)
            return error_response(400, WRONG_CHANNEL_TYPE, "only threads are modelled")
        data = record.json if isinstance(record.json, dict) else {}
        problems = _modify_problems(data)
        if problems:
            return self._invalid(record, problems)
        # "Requires the thread to have archived set to false or be set to false in the request."
        if thread.archived and data.get("archived") is not False:
            return self._refuse(record, 400, ARCHIVED_THREAD, "the thread is archived")
        missing = self._missing_modify_permission(thread, data)
        if missing:
            self._violate("forbidden", missing, record)
            return error_response(403, 50013, "Missing Permissions")
        if "name" in data:
            thread.name = data["name"]
        if "auto_archive_duration" in data:
            thread.auto_archive_duration = int(data["auto_archive_duration"])
        if "locked" in data:
            thread.locked = bool(data["locked"])
        if "archived" in data and bool(data["archived"]) != thread.archived:
            thread.archived = bool(data["archived"])
            thread.archive_timestamp = iso_now()
        await self._announce("THREAD_UPDATE", thread)
        return json_response(thread.payload())

    # --- messages in threads --------------------------------------------------------------

    async def _post_message(self, request: web.Request) -> web.Response:
        """An archived thread is unarchived by a message sent to it ("The API will
        automatically unarchive a thread when sending a message in that thread", the channel
        resource), unless it is locked and the sender may not manage threads."""
        thread = self.find_channel(int(request.match_info["channel_id"]))
        if isinstance(thread, FakeThread) and thread.archived:
            record: RecordedRequest = request[RECORD]
            if thread.locked and not self._bot_may(thread, MANAGE_THREADS):
                return self._refuse(record, 400, ARCHIVED_THREAD, "the thread is archived, locked")
            thread.archived = False
            thread.archive_timestamp = iso_now()
            await self._announce("THREAD_UPDATE", thread)
        response = await super()._post_message(request)  # type: ignore[misc]
        if isinstance(thread, FakeThread) and response.status == 200:
            thread.message_count += 1
        return response

    async def _edit_message(self, request: web.Request) -> web.Response:
        """Messages of an archived thread cannot be edited: "Archived threads are generally
        immutable" (https://discord.com/developers/docs/topics/threads)."""
        refusal = self._archived_refusal(request, "editing a message")
        return refusal or await super()._edit_message(request)  # type: ignore[misc]

    async def _delete_message(self, request: web.Request) -> web.Response:
        refusal = self._archived_refusal(request, "deleting a message")
        return refusal or await super()._delete_message(request)  # type: ignore[misc]

    def _missing_post_permissions(self, channel: FakeChannel, record: RecordedRequest) -> str:
        """In a thread, Send Messages in Threads takes Send Messages' place
        (https://discord.com/developers/docs/topics/permissions)."""
        missing = super()._missing_post_permissions(channel, record)  # type: ignore[misc]
        if not isinstance(channel, FakeThread):
            return missing
        needed = [name for name in missing.split(", ") if name and name != "Send Messages"]
        if not self._bot_may(channel, SEND_MESSAGES_IN_THREADS):
            needed.insert(0, "Send Messages in Threads")
        return ", ".join(needed)

    def find_channel(self, channel_id: int) -> FakeChannel | None:
        found = super().find_channel(channel_id)  # type: ignore[misc]
        if found is not None:
            return found
        for guild in self.guilds:
            for thread in guild.threads:
                if thread.id == channel_id:
                    return thread
        return None

    # --- helpers --------------------------------------------------------------------------

    def _new_thread(
        self,
        guild: FakeGuild,
        parent: FakeChannel,
        name: str,
        owner_id: int,
        *,
        message: StoredMessage | None = None,
        kind: int = PUBLIC_THREAD,
        duration: int | None = None,
    ) -> FakeThread:
        thread = FakeThread(
            id=message.id if message is not None else snowflake(),
            name=name,
            guild_id=guild.id,
            type=kind,
            overwrites=parent.overwrites,  # a thread has its parent's permissions
            parent_id=parent.id,
            owner_id=owner_id,
            auto_archive_duration=int(duration or 1440),
        )
        guild.threads.append(thread)
        return thread

    def _thread_request_problem(
        self, guild: FakeGuild, channel: FakeChannel, data: dict, record: RecordedRequest,
        permission: int,
    ) -> web.Response | None:  # fmt: skip
        problems = _name_problems(data.get("name")) + _duration_problems(data)
        if problems:
            return self._invalid(record, problems)
        if not guild.channel_permissions_of(self.bot_user.id, channel) & permission:
            self._violate("forbidden", f"the bot may not start threads in #{channel.name}", record)
            return error_response(403, 50013, "Missing Permissions")
        return None

    def _missing_modify_permission(self, thread: FakeThread, data: dict) -> str:
        """Manage Threads, except what the thread's owner may change themself (its name,
        archived, auto_archive_duration; discord.py's Thread.edit says the same) and
        unarchiving an unlocked thread, which needs only Send Messages."""
        if self._bot_may(thread, MANAGE_THREADS):
            return ""
        if "locked" in data:
            return "locking a thread needs Manage Threads"
        unarchiving_only = set(data) <= {"archived"} and data.get("archived") is False
        if unarchiving_only and not thread.locked:
            return ""
        if thread.owner_id == self.bot_user.id:
            return ""
        return "modifying another member's thread needs Manage Threads"

    def _archived_refusal(self, request: web.Request, what: str) -> web.Response | None:
        thread = self.find_channel(int(request.match_info["channel_id"]))
        if isinstance(thread, FakeThread) and thread.archived:
            return self._refuse(
                request[RECORD], 400, ARCHIVED_THREAD, f"{what} in an archived thread"
            )
        return None

    def _bot_may(self, channel: FakeChannel, permission: int) -> bool:
        guild = self._guild_of(channel)
        return guild is None or bool(
            guild.channel_permissions_of(self.bot_user.id, channel) & permission
        )

    def _refuse(self, record: RecordedRequest, status: int, code: int, why: str) -> web.Response:
        self._violate("thread", why, record)
        message = {
            ARCHIVED_THREAD: "Thread is archived",
            WRONG_CHANNEL_TYPE: "Cannot execute action on this channel type",
            THREAD_EXISTS: "A thread has already been created for this message",
        }[code]
        return error_response(status, code, message)

    async def _announce(self, event: str, thread: FakeThread, **extra: Any) -> None:
        """THREAD_CREATE / THREAD_UPDATE to a connected bot (the guilds intent carries them:
        https://discord.com/developers/docs/topics/gateway#list-of-intents)."""
        if self._shard_sessions:
            await self.dispatch(event, {**thread.payload(), **extra})


def _name_problems(name: Any) -> list[str]:
    if not isinstance(name, str) or not 1 <= len(name) <= THREAD_NAME_LIMIT:
        return [f"name: a thread's name is 1 to {THREAD_NAME_LIMIT} characters"]
    return []


def _duration_problems(data: dict) -> list[str]:
    duration = data.get("auto_archive_duration")
    if duration is not None and int(duration) not in AUTO_ARCHIVE_DURATIONS:
        return [f"auto_archive_duration: one of {AUTO_ARCHIVE_DURATIONS} minutes, not {duration}"]
    return []


def _modify_problems(data: dict) -> list[str]:
    problems = _duration_problems(data)
    if "name" in data:
        problems += _name_problems(data["name"])
    return problems
