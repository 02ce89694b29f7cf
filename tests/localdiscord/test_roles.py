"""Roles as Discord rules them: a bot gives or takes a member's role only with Manage Roles
and only below its own highest role; the member's update reaches bots with the members
intent; a role mention pings only when allowed_mentions lets it (localdiscord/roles.py)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from localdiscord import LocalDiscord
from localdiscord.roles import MANAGE_ROLES
from tests.localdiscord import plain_bot


@pytest.fixture
async def server():
    """The members intent switched on in the portal: Guild Member Update needs it."""
    async with LocalDiscord(heartbeat_interval=0.25, privileged_intents=("members",)) as server:
        yield server


def bot_role(server):
    return next(role for role in server.guild.roles if role.bot_id == server.bot_user.id)


async def test_roles_are_given_and_taken_only_with_manage_roles_and_below_the_bots_own(server):
    below = server.guild.add_role("Puzzlers", position=1)
    above = server.guild.add_role("Mods")
    assert below.position < bot_role(server).position < above.position
    bot = plain_bot(discord.Intents(guilds=True, members=True))
    async with server.run_bot(bot):
        guild = bot.get_guild(server.guild.id)
        alice = guild.get_member(server.user.id)

        # Without Manage Roles: refused, 403 50013, and counted as a rule broken.
        try:
            await alice.add_roles(discord.Object(below.id))
            raise AssertionError("a role given without Manage Roles")
        except discord.Forbidden as error:
            assert (error.status, error.code) == (403, 50013)
        assert below.id not in server.guild.members[alice.id].role_ids

        bot_role(server).permissions |= MANAGE_ROLES
        await alice.add_roles(discord.Object(below.id))
        assert below.id in server.guild.members[alice.id].role_ids
        route = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
        assert [r.status for r in server.requests_to("PUT", route)] == [403, 204]
        await _until(lambda: any(r.id == below.id for r in guild.get_member(alice.id).roles))

        try:  # at or above the bot's highest role: refused whatever the permissions
            await alice.add_roles(discord.Object(above.id))
            raise AssertionError("a role above the bot's given")
        except discord.Forbidden as error:
            assert error.code == 50013
        await alice.remove_roles(discord.Object(below.id))
        assert below.id not in server.guild.members[alice.id].role_ids
        await _until(lambda: not any(r.id == below.id for r in guild.get_member(alice.id).roles))
    refused = [v for v in server.violations if v.kind == "forbidden"]
    assert len(refused) == 2 and "Manage Roles" in refused[0].message


async def test_a_role_mention_pings_its_members_only_when_allowed_mentions_lets_it(server):
    role = server.guild.add_role("Puzzlers", position=1, mentionable=True)
    server.guild.members[server.user.id].role_ids.append(role.id)
    bob = server.add_user("bob")
    bot = plain_bot(discord.Intents(guilds=True))
    async with server.run_bot(bot):
        channel = bot.get_channel(server.channel.id)
        text = f"<@&{role.id}> and <@{bob.id}>"
        quiet = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        only_role = await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=False, roles=[role])
        )
        everything = await channel.send(text, allowed_mentions=discord.AllowedMentions.all())
        stored = server.messages
        assert server.pings_of(stored[quiet.id]).user_ids == set()
        pinged = server.pings_of(stored[only_role.id])
        assert pinged.role_ids == {role.id} and pinged.user_ids == {server.user.id}
        assert server.pings_of(stored[everything.id]).user_ids == {server.user.id, bob.id}

        role.mentionable = False  # now only an author with Mention Everyone pings it
        plain = await channel.send(text, allowed_mentions=discord.AllowedMentions(roles=[role]))
        assert server.pings_of(stored[plain.id]).role_ids == set()
    server.assert_no_violations()


async def _until(check, timeout: float = 5.0) -> None:
    """Wait for what the bot learns from the gateway (GUILD_MEMBER_UPDATE)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "not seen in time"
        await asyncio.sleep(0.02)
