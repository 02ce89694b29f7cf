"""The fake server's world: users, guilds, channels, stored messages and recorded requests.

Every model knows how to render itself as the JSON payload real Discord sends, with every key
discord.py 2.x reads (checked against discord/user.py, member.py, role.py, guild.py,
channel.py, message.py and interactions.py).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import json
import mimetypes
import struct
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_sequence = itertools.count(1)

EPHEMERAL = 1 << 6  # message flag: only the invoking user sees it
LOADING = 1 << 7  # message flag: the "Bot is thinking..." placeholder of a deferred reply

# Permissions the default roles carry (see discord.Permissions for the bit meanings).
VIEW_CHANNEL, SEND_MESSAGES, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 15
EMBED_LINKS, READ_MESSAGE_HISTORY = 1 << 14, 1 << 16
EVERYONE_PERMISSIONS = (
    (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 36)  # create private threads
    | (1 << 38)  # send messages in threads
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | (1 << 13) | (1 << 18)  # + manage messages, external emoji


def snowflake(at: dt.datetime | None = None) -> int:
    """A fresh, unique, time-ordered Discord snowflake."""
    moment = at or dt.datetime.now(dt.UTC)
    millis = int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (next(_sequence) & 0x3FFFFF)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    """A Discord user. ``payload()`` is the user object; bots have ``bot=True``."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    # The language of the user's Discord client, sent as each interaction's "locale"
    # (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "bot": self.bot,
            "system": False,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    bot_id: int | None = None  # set for a bot's own integration role
    mentionable: bool = False  # anyone may ping it (roles.py)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
            "description": None,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0) or a DM channel (type 1, ``guild_id`` None)."""

    id: int
    name: str
    guild_id: int | None
    type: int = 0
    position: int = 0
    topic: str | None = None
    recipients: list[FakeUser] = field(default_factory=list)
    # Permission overwrites: role or user id -> (allowed bits, denied bits), as Discord keeps
    # them per channel; ``deny(bot_user.id, SEND_MESSAGES)`` is a channel the bot can't post in.
    overwrites: dict[int, tuple[int, int]] = field(default_factory=dict)

    def deny(self, target_id: int, bits: int) -> None:
        allowed, denied = self.overwrites.get(target_id, (0, 0))
        self.overwrites[target_id] = (allowed & ~bits, denied | bits)

    def payload(self) -> dict[str, Any]:
        if self.type == 1:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [user.payload() for user in self.recipients],
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": self.topic,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permission_overwrites": [
                {
                    "id": str(target),
                    "type": 0 if target == self.guild_id else 1,
                    "allow": str(allowed),
                    "deny": str(denied),
                }
                for target, (allowed, denied) in self.overwrites.items()
            ],
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(role_id) for role_id in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class FakeGuild:
    """A guild with its roles, text channels and members (the bot is always a member).

    Add to it before the bot connects: ``guild.add_text_channel("puzzles")``,
    ``guild.add_member(user)``; GUILD_CREATE carries what is here at IDENTIFY time.
    """

    id: int
    name: str
    owner_id: int
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    threads: list[FakeChannel] = field(default_factory=list)  # threads.py's FakeThread
    members: dict[int, FakeMember] = field(default_factory=dict)
    locale: str = "en-US"
    # Server Settings > Integrations: command name -> users a moderator let use it whatever
    # its default_member_permissions (Discord's per-server command permission overrides).
    command_users: dict[str, set[int]] = field(default_factory=dict)

    @property
    def everyone(self) -> FakeRole:
        return next(role for role in self.roles if role.id == self.id)

    def add_text_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = FakeChannel(
            id=snowflake(), name=name, guild_id=self.id, position=len(self.channels), topic=topic
        )
        self.channels.append(channel)
        return channel

    def add_role(
        self, name: str, *, permissions: int = 0, position: int | None = None,
        mentionable: bool = False,
    ) -> FakeRole:  # fmt: skip
        """A role at the top (by default) or at ``position``, moving those at or above it up
        one, as Discord keeps positions."""
        at = len(self.roles) if position is None else position
        for other in self.roles:
            if other.position >= at and other.id != self.id:
                other.position += 1
        role = FakeRole(
            id=snowflake(), name=name, permissions=permissions, position=at,
            mentionable=mentionable,
        )  # fmt: skip
        self.roles.append(role)
        return role

    def add_member(self, user: FakeUser, *roles: FakeRole, nick: str | None = None) -> FakeMember:
        member = FakeMember(user=user, role_ids=[role.id for role in roles], nick=nick)
        self.members[user.id] = member
        return member

    def channel(self, name_or_id: str | int) -> FakeChannel:
        for channel in self.channels:
            if name_or_id in (channel.name, channel.id):
                return channel
        raise KeyError(f"no channel {name_or_id!r} in guild {self.name!r}")

    def permissions_of(self, user_id: int) -> int:
        member = self.members.get(user_id)
        if user_id == self.owner_id:
            return (1 << 53) - 1
        granted = self.everyone.permissions
        for role in self.roles:
            if member is not None and role.id in member.role_ids:
                granted |= role.permissions
        return granted

    def channel_permissions_of(self, user_id: int, channel: FakeChannel) -> int:
        """Server permissions after the channel's overwrites for @everyone and the member
        (role overwrites other than @everyone are not modelled)."""
        granted = self.permissions_of(user_id)
        if user_id == self.owner_id:
            return granted
        for target in (self.id, user_id):
            allowed, denied = channel.overwrites.get(target, (0, 0))
            granted = (granted & ~denied) | allowed
        return granted

    def payload(self) -> dict[str, Any]:
        """The full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "max_members": 500000,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "widget_enabled": False,
            "application_id": None,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "lazy": True,
            # member_count == len(members) marks the guild as chunked, so no member request.
            "member_count": len(self.members),
            "roles": [role.payload() for role in self.roles],
            "channels": [channel.payload() for channel in self.channels],
            "members": [member.payload() for member in self.members.values()],
            "threads": [t.payload() for t in self.threads if not t.archived],  # active ones
            "presences": [],
            "voice_states": [],
            "emojis": [],
            "stickers": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
        }


@dataclass
class RecordedFile:
    """One file part of a multipart request, exactly as received."""

    field: str  # the form field, e.g. "files[0]"
    filename: str
    data: bytes = field(repr=False)
    content_type: str

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def png_size(self) -> tuple[int, int]:
        """(width, height) from the PNG header; ValueError if the bytes are not a PNG."""
        if not self.is_png or self.data[12:16] != b"IHDR" or len(self.data) < 24:
            raise ValueError(f"{self.filename} is not a PNG")
        return struct.unpack(">II", self.data[16:24])


@dataclass
class RecordedRequest:
    """One HTTP request the client made, recorded before it was answered.

    ``json`` is the JSON body, or the ``payload_json`` part of a multipart body; ``files``
    are the multipart file parts. ``status`` is what the server answered (404 for unknown
    routes, 429 for a simulated rate limit, ...). Times are ``loop.time()`` seconds.
    """

    method: str
    path: str  # without the /api/v10 prefix, e.g. "/channels/123/messages"
    route: str  # the route template matched, e.g. "/channels/{channel_id}/messages"
    query: dict[str, str]
    json: Any
    files: list[RecordedFile]
    received_at: float
    headers: dict[str, str] = field(default_factory=dict)
    status: int | None = None
    response: Any = None  # the JSON error answered (4xx only)
    interaction_id: int | None = None

    @property
    def message_data(self) -> dict[str, Any]:
        """The message part of the body: ``json["data"]`` for interaction callbacks."""
        body = self.json if isinstance(self.json, dict) else {}
        if "type" in body and isinstance(body.get("data"), dict):
            return body["data"]
        return body

    @property
    def callback_type(self) -> int | None:
        """For POST .../callback: 4 message, 5 deferred, 6 deferred update, 7 update, 9 modal."""
        if self.route.endswith("/callback") and isinstance(self.json, dict):
            return self.json.get("type")
        return None

    @property
    def flags(self) -> int:
        return int(self.message_data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str | None:
        return self.message_data.get("content")

    def __repr__(self) -> str:
        body = json.dumps(self.json)[:120] if self.json is not None else ""
        files = f" files={[f.filename for f in self.files]}" if self.files else ""
        return f"<{self.method} {self.path} -> {self.status} {body}{files}>"


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes = field(repr=False)
    content_type: str
    url: str
    description: str | None = None

    @classmethod
    def from_file(cls, file: RecordedFile, url_base: str, channel_id: int) -> StoredAttachment:
        attachment_id = snowflake()
        content_type = file.content_type
        if content_type in ("", "application/octet-stream"):
            content_type = mimetypes.guess_type(file.filename)[0] or content_type
        return cls(
            id=attachment_id,
            filename=file.filename,
            data=file.data,
            content_type=content_type,
            url=f"{url_base}/attachments/{channel_id}/{attachment_id}/{file.filename}",
        )

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def png_size(self) -> tuple[int, int]:
        return RecordedFile("", self.filename, self.data, self.content_type).png_size()

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
        }
        if self.is_png:
            with contextlib.suppress(ValueError, struct.error):
                data["width"], data["height"] = self.png_size()
        return data


@dataclass
class StoredMessage:
    """A message as the fake server keeps it (live) or a snapshot of it (in interaction logs).

    ``attachments`` keep the uploaded bytes: ``message.attachments[0].png_size()``.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    flags: int = 0
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_user: FakeUser | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    recorded_at: float | None = None  # loop.time() of this snapshot (interaction logs only)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True for the "thinking..." placeholder of a deferred reply not yet filled in."""
        return bool(self.flags & LOADING)

    @property
    def pings_everyone(self) -> bool:
        """Would Discord ping @everyone/@here for this message? (allowed_mentions honoured)"""
        if "@everyone" not in self.content and "@here" not in self.content:
            return False
        if self.allowed_mentions is None:
            return True  # Discord parses every mention when allowed_mentions is absent
        return "everyone" in self.allowed_mentions.get("parse", [])

    def all_components(self) -> list[dict[str, Any]]:
        """Every component, flattened out of action rows and containers."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

        walk(self.components)
        return found

    def button(self, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The button with this label or custom_id (KeyError listing the buttons if none)."""
        buttons = [c for c in self.all_components() if c.get("type") == 2]
        for candidate in buttons:
            if label is not None and candidate.get("label") == label:
                return candidate
            if custom_id is not None and candidate.get("custom_id") == custom_id:
                return candidate
        raise KeyError(f"no button {label or custom_id!r}; buttons: {buttons}")

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": 0 if self.interaction_id is None else 20,
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": self.pings_everyone,
            "mentions": [],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": 2,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        return data


@dataclass
class Violation:
    """A rule of Discord's the client broke (or an unexpected call it made).

    ``kind`` is one of: "late_initial_response" (after the 3 s deadline: 404 10062),
    "already_acknowledged", "not_acknowledged" (followup/edit before any initial response),
    "expired_token" (after 15 min), "invalid_response_type" (e.g. a modal answering a modal),
    "invalid_form_body" (a message, modal, autocomplete or command breaking Discord's limits),
    "unknown_route", "unknown_resource" (unknown channel/message/interaction...),
    "forbidden", "fake_server_error" (a bug in the fake:
    the client got a 400 rather than a 500 so it fails fast instead of retrying).
    ``LocalDiscord.assert_no_violations`` adds "no_initial_response" for interactions never
    answered, and "refused" for requests the guard turned away (a wrong bot token among them;
    see guard.py), counted by reason.
    """

    kind: str
    message: str
    request: RecordedRequest | None = None

    def __str__(self) -> str:
        where = f" ({self.request.method} {self.request.path})" if self.request else ""
        return f"{self.kind}: {self.message}{where}"
