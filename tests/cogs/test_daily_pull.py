"""A daily that pulls the server in, end to end: the real bot on the local Discord server
(issue 33). A notify role each post pings (and no one else) with a Notify me button that
gives and takes it; the archive of earlier days, played privately and unranked; streak
freezes; and exports of results as CSV, a member's own or, for admins, everyone's.
"""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io

import pytest

from bot.app import PuzzleBot
from localdiscord import CommandHidden, LocalDiscord
from localdiscord.roles import MANAGE_ROLES
from tests.cogs.test_daily import (
    MONDAY,
    answer_daily,
    answer_for,
    code_block,
    eventually,
    status_text,
)
from tests.cogs.test_daily import next_round as scheduler_round
from tests.cogs.test_daily_play import daily_bot, day_posts, set_up, todays_puzzle
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, described

TUESDAY, WEDNESDAY = MONDAY + dt.timedelta(days=1), MONDAY + dt.timedelta(days=2)


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def reply_to(server, command: str, user=None, **options):
    handle = await server.send_slash_command(command, options=options, user=user)
    return await handle.reply(timeout=REPLY_TIMEOUT)


async def set_notify_role(server, role=None) -> str:
    options = {"role": role} if role is not None else {}
    said = await reply_to(server, "puzzle-settings notify-role", user=server.owner, **options)
    assert said.ephemeral
    return said.content


async def give_the_bot_manage_roles(server, bot: PuzzleBot) -> None:
    """A moderator gives the bot's role Manage Roles; Discord tells the bot (GUILD_ROLE_UPDATE)."""
    role = next(r for r in server.guild.roles if r.bot_id == server.bot_user.id)
    role.permissions |= MANAGE_ROLES
    update = {"guild_id": str(server.guild.id), "role": role.payload()}
    await server.dispatch("GUILD_ROLE_UPDATE", update)
    guild = bot.get_guild(server.guild.id)
    await eventually(lambda: guild.me.guild_permissions.manage_roles)


async def test_the_notify_role_pings_only_its_members_and_notify_me_gives_and_takes_it(
    server, tmp_path
):
    puzzlers = server.guild.add_role("Puzzlers", position=1, mentionable=True)  # below the bot
    mods = server.guild.add_role("Mods", mentionable=True)  # above it
    alice, bob = server.user, server.add_user("bob")
    bot, clock = daily_bot(tmp_path, hour=8)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")

        # Setup says at once what stops the role from working, and refuses @everyone.
        said = await set_notify_role(server, puzzlers)
        assert "Before it can work" in said and "Manage Roles" in said
        assert "cannot be given" in await set_notify_role(server, server.guild.everyone)
        await give_the_bot_manage_roles(server, bot)
        said = await set_notify_role(server, mods)
        assert "at or above my highest role" in said
        said = await set_notify_role(server, puzzlers)
        assert f"pings <@&{puzzlers.id}>" in said and "Before it can work" not in said
        assert f"Each post pings <@&{puzzlers.id}>" in await status_text(server)

        # Monday's post mentions the role and pings nobody: nobody has it yet.
        clock.set(MONDAY, 9, 0, 5)
        await scheduler_round(bot)
        (monday,) = day_posts(server)
        assert f"<@&{puzzlers.id}>" in monday.content
        assert server.pings_of(monday).user_ids == set()

        # Notify me gives the role, privately; pressed again, it takes it back.
        for user, expected in ((alice, "you have"), (bob, "you have"), (alice, "no longer")):
            pressed = await server.click_button(monday, label="Notify me", user=user)
            confirmed = await pressed.reply(timeout=REPLY_TIMEOUT)
            assert confirmed.ephemeral and expected in confirmed.content
        holders = [u for u in (alice, bob) if puzzlers.id in server.guild.members[u.id].role_ids]
        assert holders == [bob]

        # Tuesday's post pings Bob, through the role alone: allowed mentions name only it.
        clock.set(TUESDAY, 9, 0, 5)
        await scheduler_round(bot)
        tuesday = day_posts(server)[-1]
        pinged = server.pings_of(tuesday)
        assert pinged.role_ids == {puzzlers.id} and pinged.user_ids == {bob.id}
        allowed = tuesday.allowed_mentions
        assert [int(i) for i in allowed["roles"]] == [puzzlers.id] and allowed["parse"] == []

        # Cleared: Wednesday's post mentions nobody and has no Notify me button.
        assert "ping nobody" in await set_notify_role(server)
        clock.set(WEDNESDAY, 9, 0, 5)
        await scheduler_round(bot)
        wednesday = day_posts(server)[-1]
        assert "<@&" not in wednesday.content and not server.pings_of(wednesday).user_ids
        with pytest.raises(KeyError):
            wednesday.button(label="Notify me")

        # A notify role deleted in the server is forgotten, not mentioned as a dead role.
        await set_notify_role(server, puzzlers)
        deleted = {"guild_id": str(server.guild.id), "role_id": str(puzzlers.id)}
        server.guild.roles.remove(puzzlers)
        await server.dispatch("GUILD_ROLE_DELETE", deleted)
        settings = bot.daily.store.settings
        for _ in range(100):
            if (await settings(server.guild.id)).notify_role_id is None:
                break
            await asyncio.sleep(0.05)
        assert (await settings(server.guild.id)).notify_role_id is None
    server.assert_no_violations()


async def test_an_archive_puzzle_is_played_privately_unranked_and_counted_apart(server, tmp_path):
    bot, clock = daily_bot(tmp_path)
    bob = server.add_user("bob")
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await scheduler_round(bot)
        monday = await todays_puzzle(bot, server)
        archive = {"kind": "letterboxed", "date": MONDAY.isoformat()}
        early = await reply_to(server, "daily archive", **archive)
        assert early.ephemeral and "today's" in early.content and not early.attachments

        # Tuesday: Monday has closed and is offered in the archive.
        clock.set(TUESDAY, 0, 0, 5)
        await scheduler_round(bot)
        asked = await server.send_autocomplete(
            "daily archive", {"kind": "letterboxed", "date": "mon"}, "date"
        )
        offered = await asked.autocomplete_choices()
        assert [c["value"] for c in offered] == [MONDAY.isoformat()]
        typo = await reply_to(server, "daily archive", kind="letterboxed", date="23/11")
        assert "2026-11-23" in typo.content, "says the form"

        # Alice plays it: privately, timed, a wrong try, a hint, then the solve.
        opened = await reply_to(server, "daily archive", **archive)
        assert opened.ephemeral and code_block(opened.content) == monday.puzzle_text
        assert "unranked" in opened.content and described(opened, "Letter Boxed", "unsolved")

    # The bot restarts: the archive play, its timer and its buttons and box carry on.
    again = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(again, ready_timeout=60):
        clock.now += dt.timedelta(minutes=2, seconds=5)
        for text, expected in (("able bodied", "Not yet"), (answer_for(monday.puzzle_text), "")):
            pressed = await server.click_button(opened, label="Answer")
            checked = await (await pressed.submit_modal({"answer": text})).reply(REPLY_TIMEOUT)
            if expected:
                assert expected in checked.content
                hint = await server.click_button(opened, label="Hint (-20 points)")
                assert "Hint" in (await hint.reply(timeout=REPLY_TIMEOUT)).content
        assert "from the archive in 2:05" in checked.content and "Share" not in checked.content

        # Bob gives up on it: the answer, privately; nothing else changes for him.
        shown = await reply_to(server, "daily archive", user=bob, **archive)
        asked = await (await server.click_button(shown, label="Give up", user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert "daily figures and streak stay" in asked.content
        revealed = await server.click_button(asked, label="Show me the answer", user=bob)
        gave_up = await revealed.reply(timeout=REPLY_TIMEOUT)
        assert gave_up.ephemeral and monday.solution_text.splitlines()[0] in gave_up.content

        # /stats keeps archive play apart; the daily board never sees it.
        stats = (await reply_to(server, "stats")).content
        assert "played 0, solved 0" in stats and "archive (unranked): played 1, solved 1" in stats
        board = await reply_to(server, "leaderboard", period="all")
        assert described(board, "no results yet")
        assert "streak 0 (longest 0)" in (await reply_to(server, "stats", user=bob)).content
    server.assert_no_violations()


async def test_a_missed_day_uses_a_freeze_earned_by_seven_days_in_a_row(server, tmp_path):
    """Seven days solved on time (Monday to Sunday), Monday missed, Tuesday solved: the
    freeze the week earned saves the streak, and /stats says which day it saved."""
    week = [MONDAY + dt.timedelta(days=n) for n in range(7)]
    missed, solved_after = MONDAY + dt.timedelta(days=7), MONDAY + dt.timedelta(days=8)
    bot, clock = daily_bot(tmp_path)
    clock.set(solved_after + dt.timedelta(days=1), 8)  # Wednesday: not played yet today
    async with server.run_bot(bot, ready_timeout=60):
        store, guild = bot.daily.store, server.guild.id
        await store.remember_member(guild, server.user.id, "Alice")
        for day in [*week, solved_after]:
            start = dt.datetime.combine(day, dt.time(9, 5), dt.UTC)
            play = await store.start_play(guild, server.user.id, "letterboxed", day, start)
            solved_at = start + dt.timedelta(minutes=3)
            await store.record_solve(play, solved_at, True, 100, "answer", 2)
        stats = (await reply_to(server, "stats")).content
        assert "streak 8 (longest 8)" in stats, stats
        assert f"0 freezes held, 1 day saved ({missed:%a %d %b})" in stats, stats
    server.assert_no_violations()


async def test_members_export_their_own_results_and_admins_everyones_as_safe_csv(server, tmp_path):
    bot, _ = daily_bot(tmp_path)
    alice, mallory = server.user, server.add_user("=hyperlink(0)")
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await scheduler_round(bot)
        right = answer_for((await todays_puzzle(bot, server)).puzzle_text)
        assert "Solved" in await answer_daily(server, right)
        assert "Solved" in await answer_daily(server, right, user=mallory)

        mine = await reply_to(server, "stats", export=True)
        assert mine.ephemeral and mine.attachments[0].filename == f"daily-{alice.id}.csv"
        (row,) = csv.DictReader(io.StringIO(mine.attachments[0].data.decode()))
        assert (row["member"], row["mode"], row["points"], row["on_time"]) == (
            "Alice", "daily", "100", "yes",
        )  # fmt: skip
        others = await reply_to(server, "stats", member=mallory, export=True)
        assert "your own results" in others.content and not others.attachments
        other_kind = await reply_to(server, "stats", kind="sudoku", export=True)
        assert "0 results" in other_kind.content, "one kind's, when one is chosen"

        with pytest.raises(CommandHidden):  # members are not even shown the settings
            await server.send_slash_command("puzzle-settings export", user=alice)
        everyone = await reply_to(server, "puzzle-settings export", user=server.owner)
        assert everyone.ephemeral and "2 results" in everyone.content
        rows = list(csv.DictReader(io.StringIO(everyone.attachments[0].data.decode())))
        names = sorted(row["member"] for row in rows)
        assert names == ["'=Hyperlink(0)", "Alice"], "a formula is shown as text, never run"
    server.assert_no_violations()
