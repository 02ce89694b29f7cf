"""Guilds, members and users: the world the bot is in (servers, roles, members, DMs) and the
application's own record.

Discord's reference: https://discord.com/developers/docs/resources/guild,
https://discord.com/developers/docs/resources/user and
https://discord.com/developers/docs/resources/application
"""

from __future__ import annotations

from aiohttp import web

from .gateway import shard_of
from .http import RECORD, json_response
from .models import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    snowflake,
)


def _guild_id(shard: tuple[int, int] | None) -> int:
    """A fresh snowflake for a guild, on the given shard (id, count) if one is given: its
    timestamp, the bits above the low 22 that the shard rule reads, moved forward a little."""
    made = snowflake()
    if shard is None:
        return made
    shard_id, count = shard
    if not 0 <= shard_id < count:
        raise ValueError(f"no shard {shard_id} among {count} (shards are 0 to {count - 1})")
    return made + (((shard_id - shard_of(made, count)) % count) << 22)


class GuildsArea:
    """The guilds part of LocalDiscord (see server.py for the driver API)."""

    def add_user(
        self, username: str, *, guild: FakeGuild | None = None, bot: bool = False
    ) -> FakeUser:
        """A new user, made a member of ``guild`` (default: the default guild, if any)."""
        user = FakeUser(id=snowflake(), username=username, global_name=username.title(), bot=bot)
        self.users[user.id] = user
        target = guild or (self.guilds[0] if self.guilds else None)
        if target is not None:
            target.add_member(user)
        return user

    def add_guild(
        self,
        name: str,
        *,
        channels: tuple[str, ...] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, the bot's managed role, the bot and the owner as members;
        ``shard=(id, count)`` gives it an id on that shard (of ``count``)."""
        guild = FakeGuild(id=_guild_id(shard), name=name, owner_id=self.owner.id)
        guild.roles.append(
            FakeRole(id=guild.id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        )
        bot_role = FakeRole(
            id=snowflake(),
            name=self.bot_user.username,
            permissions=BOT_PERMISSIONS,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles.append(bot_role)
        for channel_name in channels:
            guild.add_text_channel(channel_name)
        guild.add_member(self.bot_user, bot_role)
        guild.add_member(self.owner)
        self.guilds.append(guild)
        return guild

    def _guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == channel.guild_id), None)

    def _guild_for(self, channel: FakeChannel | None) -> FakeGuild | None:
        return self._guild_of(channel) if channel is not None else None

    async def _get_me(self, request: web.Request) -> web.Response:
        me = {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}
        return json_response(me)

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            return self._unknown(request, 10013, "Unknown User")
        return json_response(user.payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        body = request[RECORD].json or {}
        user = self.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return self._unknown(request, 10013, "Unknown User")
        channel = next((c for c in self.dm_channels.values() if c.recipients == [user]), None)
        if channel is None:
            channel = FakeChannel(id=snowflake(), name="", guild_id=None, type=1, recipients=[user])
            self.dm_channels[channel.id] = channel
        return json_response(channel.payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": self.owner.payload(),
                "team": None,
                "bot": self.bot_user.payload(),
                "interactions_endpoint_url": None,  # set, discord.py would get no interactions
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(self.guilds),
            }
        )

    def _guild_or_404(self, request: web.Request) -> FakeGuild | web.Response:
        guild = next((g for g in self.guilds if str(g.id) == request.match_info["guild_id"]), None)
        if guild is None:
            return self._unknown(request, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        data = guild.payload()
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        return json_response(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        return json_response([channel.payload() for channel in guild.channels])

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        return json_response([role.payload() for role in guild.roles])

    def _member_or_404(self, request: web.Request) -> tuple[FakeGuild, FakeMember] | web.Response:
        """The guild and member a /guilds/{guild_id}/members/{user_id} route names."""
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            return self._unknown(request, 10007, "Unknown Member")
        return guild, member

    async def _get_member(self, request: web.Request) -> web.Response:
        found = self._member_or_404(request)
        return found if isinstance(found, web.Response) else json_response(found[1].payload())
