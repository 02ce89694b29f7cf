"""Channels and messages: posting, editing, deleting and listing messages, their
attachments, and the MESSAGE_* events a bot with the message intents receives.

Discord's reference: https://discord.com/developers/docs/resources/channel and
https://discord.com/developers/docs/resources/message
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import validation
from .http import RECORD, error_response, id_of, json_response
from .interactions import (
    InteractionHandle,
)
from .models import (
    ATTACH_FILES,
    EPHEMERAL,
    LOADING,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeChannel,
    RecordedFile,
    RecordedRequest,
    StoredAttachment,
    StoredMessage,
    iso_now,
    snowflake,
)

GUILD_MESSAGES_INTENT = 1 << 9
DM_MESSAGES_INTENT = 1 << 12
KEPT_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, silent, components v2


def _file_index(field_name: str) -> int:
    """``files[3]`` -> 3 (the index discord.py puts in the attachments list)."""
    digits = "".join(ch for ch in field_name if ch.isdigit())
    return int(digits) if digits else -1


class ChannelsArea:
    """The channels part of LocalDiscord (see server.py for the driver API)."""

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a guild channel, as a moderator would: requests to it answer 404 Unknown
        Channel from now on, and a connected bot gets CHANNEL_DELETE."""
        guild = self._guild_of(channel)
        if guild is None or channel not in guild.channels:
            raise ValueError(f"#{channel.name} is not a guild channel here")
        guild.channels.remove(channel)
        if self._shard_sessions:
            await self.dispatch("CHANNEL_DELETE", channel.payload())

    def find_channel(self, channel_id: int) -> FakeChannel | None:
        for guild in self.guilds:
            for channel in guild.channels:
                if channel.id == channel_id:
                    return channel
        return self.dm_channels.get(channel_id)

    def channel_messages(
        self, channel: FakeChannel | int | None = None, *, include_ephemeral: bool = False
    ) -> list[StoredMessage]:
        """Live, non-deleted messages in a channel (default channel if None), oldest first;
        ephemeral ones (seen only by one user) only if asked for."""
        channel_id = id_of(channel) or self.channel.id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and (include_ephemeral or not m.ephemeral)
        ]

    async def wait_for_channel_message(
        self,
        channel: FakeChannel | int | None = None,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """The first message in ``channel`` (default channel) matching ``predicate``."""
        return await self._wait_until(
            lambda: next(
                (m for m in self.channel_messages(channel) if predicate is None or predicate(m)),
                None,
            ),
            timeout,
            "a channel message",
        )

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment_id"])
        upload = self.uploads.get(attachment_id)  # a member's, attachment_options.py
        if upload is not None:
            return web.Response(body=upload.data, content_type=upload.content_type)
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    def _create_message(
        self,
        channel: FakeChannel | None,
        data: dict[str, Any],
        record: RecordedRequest,
        *,
        handle: InteractionHandle | None = None,
    ) -> StoredMessage:
        assert channel is not None
        message = StoredMessage(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=data.get("content") or "",
            flags=int(data.get("flags") or 0) & (EPHEMERAL | KEPT_MESSAGE_FLAGS),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            allowed_mentions=data.get("allowed_mentions"),
        )
        message.attachments = self._attachments(message, data, record, keep=[])
        if handle is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = handle.id
            message.interaction_user = handle.user
        self.messages[message.id] = message
        self._record_pings(message)
        return message

    def _edit_stored(
        self, message: StoredMessage, data: dict[str, Any], record: RecordedRequest
    ) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        for key in ("embeds", "components"):
            if key in data:
                setattr(message, key, list(data[key] or []))
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        if "flags" in data and data["flags"] is not None:
            kept = message.flags & EPHEMERAL
            message.flags = kept | (int(data["flags"]) & KEPT_MESSAGE_FLAGS)
        if "attachments" in data or record.files:
            message.attachments = self._attachments(message, data, record, keep=message.attachments)
        if message.loading:
            message.flags &= ~LOADING
        else:
            message.edited_timestamp = iso_now()

    def _attachments(
        self,
        message: StoredMessage,
        data: dict[str, Any],
        record: RecordedRequest,
        *,
        keep: list[StoredAttachment],
    ) -> list[StoredAttachment]:
        """Attachments after a create/edit: ``data["attachments"]`` lists existing ones to
        keep (by snowflake id) and new uploads (by index into the ``files[n]`` parts)."""
        uploads = {_file_index(f.field): f for f in record.files}

        def upload(file: RecordedFile) -> StoredAttachment:
            return StoredAttachment.from_file(file, self.url, message.channel_id)

        if "attachments" not in data:
            return [*keep, *(upload(f) for f in record.files)]
        existing = {a.id: a for a in keep}
        result = []
        for entry in data["attachments"] or []:
            entry_id = int(entry.get("id", -1))
            if entry_id in existing:
                result.append(existing[entry_id])
            elif entry_id in uploads:
                attachment = upload(uploads[entry_id])
                if entry.get("filename"):
                    attachment.filename = entry["filename"]
                attachment.description = entry.get("description")
                result.append(attachment)
        return result

    def _channel_or_404(self, request: web.Request) -> FakeChannel | web.Response:
        channel = self.find_channel(int(request.match_info["channel_id"]))
        if channel is None:
            return self._unknown(request, 10003, "Unknown Channel")
        guild = self._guild_of(channel)
        if guild is not None and not guild.channel_permissions_of(self.bot_user.id, channel) & (
            VIEW_CHANNEL
        ):
            # A channel the bot cannot view is 50001 Missing Access, whatever is asked of it;
            # 50013 Missing Permissions is for one it sees but may not act in
            # (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
            record: RecordedRequest = request[RECORD]
            self._violate("forbidden", f"the bot cannot view #{channel.name}", record)
            return error_response(403, 50001, "Missing Access")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        return channel if isinstance(channel, web.Response) else json_response(channel.payload())

    async def _typing(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        return channel if isinstance(channel, web.Response) else web.Response(status=204)

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        visible = self.channel_messages(channel)
        if not self._reads_history(channel):
            # "If the current user is missing the READ_MESSAGE_HISTORY permission in the
            # channel, then no messages will be returned" (no error):
            # https://discord.com/developers/docs/resources/message#get-channel-messages
            visible = []
        query = request.query
        if "before" in query:
            visible = [m for m in visible if m.id < int(query["before"])]
        if "after" in query:
            visible = [m for m in visible if m.id > int(query["after"])]
        newest_first = sorted(visible, key=lambda m: m.id, reverse=True)
        limit = int(query.get("limit", 50))
        if "after" in query:  # Discord pages "after" from the oldest side
            newest_first = sorted(visible, key=lambda m: m.id)[:limit][::-1]
        return json_response([m.payload() for m in newest_first[:limit]])

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        record: RecordedRequest = request[RECORD]
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(data, [len(f.data) for f in record.files])
        if problems:
            return self._invalid(record, problems)
        missing = self._missing_post_permissions(channel, record)
        if missing:
            self._violate("forbidden", f"the bot lacks {missing} in #{channel.name}", record)
            return error_response(403, 50013, "Missing Permissions")
        message = self._create_message(channel, data, record)
        message.flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
        await self._dispatch_message_event("MESSAGE_CREATE", message)
        return json_response(message.payload())

    def _reads_history(self, channel: FakeChannel) -> bool:
        guild = self._guild_of(channel)
        granted = guild.channel_permissions_of(self.bot_user.id, channel) if guild else -1
        return bool(granted & READ_MESSAGE_HISTORY)

    def _missing_post_permissions(self, channel: FakeChannel, record: RecordedRequest) -> str:
        """What the bot would need to post this in the channel ('' when it may)."""
        guild = self._guild_of(channel)
        if guild is None:
            return ""
        granted = guild.channel_permissions_of(self.bot_user.id, channel)
        needed = {"Send Messages": SEND_MESSAGES}  # no View Channel: 50001 before this
        if record.files:
            needed["Attach Files"] = ATTACH_FILES
        return ", ".join(name for name, bit in needed.items() if not granted & bit)

    def _channel_message(self, request: web.Request) -> StoredMessage | web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            return self._unknown(request, 10008, "Unknown Message")
        return message

    async def _get_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        return message if isinstance(message, web.Response) else json_response(message.payload())

    async def _edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if isinstance(message, web.Response):
            return message
        record: RecordedRequest = request[RECORD]
        if message.author is not self.bot_user:
            self._violate("forbidden", "editing another user's message", record)
            return error_response(403, 50005, "Cannot edit a message authored by another user")
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(
            data, [len(f.data) for f in record.files], editing=True
        )
        if problems:
            return self._invalid(record, problems)
        self._edit_stored(message, data, record)
        await self._dispatch_message_event("MESSAGE_UPDATE", message)
        return json_response(message.payload())

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if isinstance(message, web.Response):
            return message
        message.deleted = True
        await self._dispatch_message_event("MESSAGE_DELETE", message)
        return web.Response(status=204)

    async def _dispatch_message_event(self, event: str, message: StoredMessage) -> None:
        sessions = self._sessions_carrying(message.guild_id)
        if not self.dispatch_message_events or not sessions:
            return
        intent = GUILD_MESSAGES_INTENT if message.guild_id else DM_MESSAGES_INTENT
        sessions = [session for session in sessions if session.intents & intent]
        if not sessions:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
        else:
            data = message.payload()
            guild = self._guild_for(self.find_channel(message.channel_id))
            if guild is not None and message.author.id in guild.members:
                data["member"] = guild.members[message.author.id].payload(with_user=False)
        for session in sessions:
            await self._dispatch_to(session, event, data)
