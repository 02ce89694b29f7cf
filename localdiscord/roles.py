"""Roles: giving a member a role and taking it away, the events that follow, and who a
message's mentions would ping.

Discord's reference: https://discord.com/developers/docs/resources/guild (Add and Remove
Guild Member Role), https://discord.com/developers/docs/topics/permissions (the role
hierarchy), https://discord.com/developers/docs/resources/message (the allowed mentions
object) and https://discord.com/developers/docs/topics/gateway-events (Guild Member Update).

Driver API: ``server.pings_of(message)`` is who the message pinged when it was sent (roles,
users, @everyone), after allowed_mentions; ``guild.add_role(name, position=1)`` makes a
role below the bot's, ``role.mentionable`` lets anyone ping it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .http import RECORD, error_response
from .models import FakeGuild, FakeRole, StoredMessage

MANAGE_ROLES = 1 << 28
MENTION_EVERYONE = 1 << 17  # "Mention @everyone, @here, and All Roles"
GUILD_MEMBERS_INTENT = 1 << 1
ROLE_MENTION = re.compile(r"<@&(\d+)>")
USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Pings:
    """Whom a message notified when it was sent."""

    role_ids: set[int] = field(default_factory=set)
    user_ids: set[int] = field(default_factory=set)  # every member pinged, through roles too
    everyone: bool = False


def allowed_mentions_problems(data: dict[str, Any]) -> list[str]:
    """A message's allowed_mentions that Discord refuses (400 Invalid Form Body)."""
    allowed = data.get("allowed_mentions")
    if not isinstance(allowed, dict):
        return []
    parse = allowed.get("parse") or []
    problems = []
    for kind in ("roles", "users"):
        # https://discord.com/developers/docs/resources/message#allowed-mentions-object:
        # a type in parse and a list of ids of that type are mutually exclusive.
        if kind in parse and allowed.get(kind):
            problems.append(f"allowed_mentions: parse {kind!r} and a {kind} list exclude each")
        if len(allowed.get(kind) or []) > 100:
            problems.append(f"allowed_mentions: at most 100 {kind}")
    return problems


def _allows(allowed: dict[str, Any] | None, kind: str, target_id: int) -> bool:
    """Whether allowed_mentions lets a mention of this kind and id ping. Without the field,
    Discord parses every mention in the content (the allowed mentions object's default)."""
    if allowed is None:
        return True
    if kind in (allowed.get("parse") or []):
        return True
    return str(target_id) in {str(i) for i in allowed.get(kind) or []}


def pings(message: StoredMessage, guild: FakeGuild, author_id: int) -> Pings:
    """Who `message` notifies, from its content and allowed_mentions: a role mention pings
    the role's members only if the role is mentionable or the author may Mention Everyone
    (https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags);
    a mention outside the content pings nobody, whatever allowed_mentions says."""
    allowed, found = message.allowed_mentions, Pings()
    roles = {role.id: role for role in guild.roles}
    may_mention_all = bool(guild.permissions_of(author_id) & MENTION_EVERYONE)
    for role_id in map(int, ROLE_MENTION.findall(message.content)):
        role = roles.get(role_id)
        if role is None or not _allows(allowed, "roles", role_id):
            continue
        if role.mentionable or may_mention_all:
            found.role_ids.add(role_id)
            found.user_ids |= {
                user_id for user_id, member in guild.members.items() if role_id in member.role_ids
            }
    for user_id in map(int, USER_MENTION.findall(message.content)):
        if user_id in guild.members and _allows(allowed, "users", user_id):
            found.user_ids.add(user_id)
    found.everyone = message.pings_everyone and may_mention_all
    if found.everyone:
        found.user_ids |= set(guild.members)
    found.user_ids.discard(author_id)
    return found


class RolesArea:
    """The roles part of LocalDiscord (see server.py for the driver API)."""

    def pings_of(self, message: StoredMessage) -> Pings:
        """Who the message pinged when it was sent (nobody for one the bot never sent)."""
        return self.pings.get(message.id, Pings())

    def _record_pings(self, message: StoredMessage) -> None:
        """Mentions notify when a message is sent, never when it is edited."""
        guild = next((g for g in self.guilds if g.id == message.guild_id), None)
        if guild is not None:
            self.pings[message.id] = pings(message, guild, message.author.id)

    async def _put_member_role(self, request: web.Request) -> web.Response:
        return await self._change_member_role(request, give=True)

    async def _delete_member_role(self, request: web.Request) -> web.Response:
        return await self._change_member_role(request, give=False)

    async def _change_member_role(self, request: web.Request, *, give: bool) -> web.Response:
        found = self._member_or_404(request)
        if isinstance(found, web.Response):
            return found
        guild, member = found
        role = next((r for r in guild.roles if str(r.id) == request.match_info["role_id"]), None)
        if role is None:
            return self._unknown(request, 10011, "Unknown Role")
        refusal = self._role_refusal(guild, role)
        if refusal:
            self._violate("forbidden", refusal, request[RECORD])
            return error_response(403, 50013, "Missing Permissions")
        had = role.id in member.role_ids
        if give and not had:
            member.role_ids.append(role.id)
        elif not give and had:
            member.role_ids.remove(role.id)
        if had != give:
            await self._member_updated(guild, member)
        return web.Response(status=204)

    def _role_refusal(self, guild: FakeGuild, role: FakeRole) -> str:
        """Why the bot may not give or take this role ('' if it may). Both need Manage Roles
        and a role strictly below the bot's highest one; a managed role (a bot's or an
        integration's) and @everyone are nobody's to give
        (https://discord.com/developers/docs/topics/permissions#permission-hierarchy)."""
        me = self.bot_user.id
        if not guild.permissions_of(me) & MANAGE_ROLES:
            return "the bot lacks Manage Roles"
        if role.managed or role.id == guild.id:
            return f"the role {role.name!r} is managed by Discord or an integration"
        if role.position >= highest_position(guild, me):
            return f"the role {role.name!r} is not below the bot's highest role"
        return ""

    async def _member_updated(self, guild: FakeGuild, member) -> None:
        """GUILD_MEMBER_UPDATE, to sessions with the GUILD_MEMBERS intent only (a privileged
        intent: https://discord.com/developers/docs/topics/gateway#gateway-intents)."""
        data = {**member.payload(), "guild_id": str(guild.id)}
        for session in self._sessions_carrying(guild.id):
            if session.intents & GUILD_MEMBERS_INTENT:
                await self._dispatch_to(session, "GUILD_MEMBER_UPDATE", data)


def highest_position(guild: FakeGuild, user_id: int) -> int:
    """The position of the member's highest role (@everyone's, 0, when they have none)."""
    member = guild.members.get(user_id)
    held = member.role_ids if member is not None else []
    return max((role.position for role in guild.roles if role.id in held), default=0)


ROUTES = (
    ("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "_put_member_role"),
    ("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "_delete_member_role"),
)
