"""The fake Discord server, proven with a real discord.py ``commands.Bot`` and app commands."""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from localdiscord import EPHEMERAL, LocalDiscord, StoredMessage
from tests.localdiscord import local_discord, plain_bot  # noqa: F401  (local_discord: a fixture)

KINDS = ("letterboxed", "ladder", "sudoku")
DEPRECATED = "deprecated_followup_edit"  # still modelled, and flagged (test_followup_visibility)


def png_bytes(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buffer, format="PNG")
    return buffer.getvalue()


class GridModal(discord.ui.Modal, title="Paste the grid"):
    """One text input in an action row (the classic shape) and one inside a Label."""

    grid = discord.ui.TextInput(
        label="Grid", custom_id="grid", style=discord.TextStyle.paragraph, max_length=400
    )

    def __init__(self, log: dict[str, Any]) -> None:
        super().__init__()
        self.log = log
        self.notes = discord.ui.TextInput(custom_id="notes", required=False)
        self.add_item(discord.ui.Label(text="Notes", component=self.notes))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        rows = self.grid.value.splitlines()
        self.log["modal"] = (self.grid.value, self.notes.value)
        await interaction.response.send_message(f"{len(rows)} rows; notes: {self.notes.value}")


class CounterView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="+1", custom_id="counter:inc")
    async def increment(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count: {self.count}", view=self)


def make_bot(log: dict[str, Any], *, slow_delay: float = 0.0) -> commands.Bot:
    """A tiny bot: a command group with autocomplete, an ephemeral reply, a modal, a button,
    a member option, and a command that answers too late."""
    bot = plain_bot(discord.Intents.default())
    puzzle = app_commands.Group(name="puzzle", description="Puzzle commands")

    @puzzle.command(name="solve", description="Solve a puzzle")
    async def solve(
        interaction: discord.Interaction, kind: str, text: str, private: bool = False
    ) -> None:
        await interaction.response.defer(thinking=True, ephemeral=private)
        image = discord.File(io.BytesIO(png_bytes(480, 320)), filename="board.png")
        await interaction.followup.send(f"{kind}: {text.upper()}", file=image, ephemeral=private)

    @solve.autocomplete("kind")
    async def kind_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=k, value=k) for k in KINDS if k.startswith(current)]

    bot.tree.add_command(puzzle)

    @bot.tree.command(description="Defers, then edits the original reply with an image")
    async def draw(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="drawn", attachments=[
            discord.File(io.BytesIO(png_bytes(200, 100)), filename="drawing.png")
        ])  # fmt: skip
        original = await interaction.original_response()
        log["original"] = original
        await original.edit(content="drawn again")  # keeps the attachment

    @bot.tree.command(description="Whisper back")
    async def secret(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True)

    @bot.tree.command(description="Open the grid modal")
    async def grid(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(GridModal(log))

    @bot.tree.command(description="A counter with a button")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count: 0", view=CounterView())

    @bot.tree.command(description="Greet a member")
    async def greet(interaction: discord.Interaction, member: discord.Member) -> None:
        log["greeted"] = member
        await interaction.response.send_message(f"hello {member.display_name}")

    @bot.tree.command(description="Answers after the deadline")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(slow_delay)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as error:
            log["slow_error"] = error

    @bot.tree.command(description="Defers, then follows up after a pause")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.sleep(slow_delay)
        try:
            await interaction.followup.send("done")
        except discord.HTTPException as error:
            log["later_error"] = error

    @bot.tree.command(description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        log["silent"] = True

    async def on_message(message: discord.Message) -> None:
        log.setdefault("messages", []).append(message)

    bot.add_listener(on_message)
    return bot


@contextlib.asynccontextmanager
async def running(
    *, slow_delay: float = 0.0, **server_options: Any
) -> AsyncIterator[tuple[LocalDiscord, commands.Bot, dict[str, Any]]]:
    """A server, a connected bot whose tree is synced globally, and the bot's log."""
    async with LocalDiscord(heartbeat_interval=0.5, **server_options) as server:
        log: dict[str, Any] = {}
        bot = make_bot(log, slow_delay=slow_delay)
        async with server.run_bot(bot):
            await bot.tree.sync()
            yield server, bot, log


@pytest.fixture(autouse=True)
async def no_leaked_tasks() -> AsyncIterator[None]:
    yield
    leftover = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    assert not leftover, f"tasks left running: {leftover}"


async def test_bot_connects_receives_guilds_and_syncs_its_tree() -> None:
    async with running() as (server, bot, _):
        assert bot.application_id == server.application_id
        assert bot.user.id == server.bot_user.id
        [guild] = bot.guilds
        assert guild.name == "Puzzle Test Server"
        assert {c.name for c in guild.text_channels} == {"general", "puzzles"}
        assert guild.me is not None and guild.me.guild_permissions.attach_files
        assert server.identify_payloads[0]["intents"] == discord.Intents.default().value
        assert server.gateway_connections[0]["compress"] == "zlib-stream"  # and it was honoured

        [sync] = server.requests_to("PUT", "/applications/{application_id}/commands")
        assert {c["name"] for c in sync.json} == {"puzzle", "secret", "grid", "counter", "greet",
                                                  "slow", "later", "silent", "draw"}  # fmt: skip
        solve = server.command("puzzle")["options"][0]
        assert solve["name"] == "solve" and solve["type"] == 1
        kind = solve["options"][0]
        assert (kind["name"], kind["type"], kind["required"], kind["autocomplete"]) == (
            "kind", 3, True, True,
        )  # fmt: skip
        fetched = await bot.tree.fetch_commands()
        assert sorted(c.name for c in fetched) == sorted(server.command_names())
    server.assert_no_violations()


async def test_guild_sync_is_stored_per_guild() -> None:
    async with running() as (server, bot, _):
        target = discord.Object(server.guild.id)
        bot.tree.copy_global_to(guild=target)
        await bot.tree.sync(guild=target)
        assert "puzzle" in server.command_names(server.guild)
        assert server.command("puzzle", server.guild)["guild_id"] == str(server.guild.id)


async def test_invalid_command_payload_is_rejected_like_discord() -> None:
    async with running() as (server, bot, _):
        bad = [{"name": "Bad Name", "description": "", "type": 1}]
        with pytest.raises(discord.HTTPException) as raised:
            await bot.http.bulk_upsert_global_commands(bot.application_id, bad)
        assert raised.value.status == 400 and raised.value.code == 50035
        assert [v.kind for v in server.violations] == ["invalid_form_body"]
        assert "'Bad Name'" in server.violations[0].message
        assert server.commands() and "Bad Name" not in server.command_names()


async def test_slash_command_defers_then_follows_up_with_a_png() -> None:
    async with running() as (server, _, _):
        interaction = await server.send_slash_command(
            "puzzle solve", options={"kind": "letterboxed", "text": "vro wal eth bdi"}
        )
        callback = await interaction.initial_response()
        assert callback.callback_type == 5 and callback.status == 200 and not callback.ephemeral

        [followup] = await interaction.followups(1)
        [upload] = followup.files
        assert upload.filename == "board.png" and upload.png_size() == (480, 320)
        assert followup.content == "letterboxed: VRO WAL ETH BDI"

        reply = await interaction.reply()
        assert reply.content == "letterboxed: VRO WAL ETH BDI"
        image = Image.open(io.BytesIO(reply.attachments[0].data))
        assert image.format == "PNG" and image.size == (480, 320)
        # The first followup after a defer fills in the "thinking" message itself.
        assert interaction.messages[0].loading and reply.id == interaction.messages[0].id
    server.assert_no_violations(allow=(DEPRECATED,))  # /puzzle solve follows up after a defer


async def test_deferred_reply_edited_in_place_keeps_its_attachment() -> None:
    async with running() as (server, _, log):
        interaction = await server.send_slash_command("draw")
        drawn = await interaction.reply()
        assert drawn.content == "drawn" and drawn.attachments[0].png_size() == (200, 100)
        again = await interaction.wait_for_message(lambda m: m.content == "drawn again")
        assert again.id == drawn.id and again.attachments == drawn.attachments
        assert log["original"].attachments[0].filename == "drawing.png"
        edits = server.requests_to(
            "PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"
        )
        assert [len(r.files) for r in edits] == [1, 0]
    server.assert_no_violations()


async def test_ephemeral_flag_is_recorded() -> None:
    async with running() as (server, _, _):
        whisper = await server.send_slash_command("secret", options={"text": "psst"})
        callback = await whisper.initial_response()
        assert callback.callback_type == 4 and callback.flags & EPHEMERAL
        assert (await whisper.reply()).ephemeral

        private = await server.send_slash_command(
            "puzzle",
            subcommand="solve",
            options={"kind": "ladder", "text": "cold warm", "private": True},
        )
        assert (await private.initial_response()).ephemeral
        assert (await private.followups(1))[0].ephemeral
        assert (await private.reply()).ephemeral
        assert not server.channel_messages()  # ephemeral messages are not channel history
    server.assert_no_violations(allow=(DEPRECATED,))  # /puzzle solve follows up after a defer


async def test_member_option_is_resolved() -> None:
    async with running() as (server, _, log):
        bob = server.add_user("bob")
        interaction = await server.send_slash_command("greet", options={"member": bob})
        assert (await interaction.reply()).content == "hello Bob"
        assert isinstance(log["greeted"], discord.Member) and log["greeted"].id == bob.id


async def test_driver_refuses_commands_discord_would_never_send() -> None:
    async with running() as (server, _, _):
        with pytest.raises(LookupError):
            await server.send_slash_command("nonexistent")
        with pytest.raises(LookupError):
            await server.send_slash_command("puzzle nope")
        with pytest.raises(LookupError, match="group"):
            await server.send_slash_command("puzzle")
        with pytest.raises(ValueError, match="requires"):
            await server.send_slash_command("puzzle solve", options={"kind": "ladder"})
        with pytest.raises(ValueError, match="no option"):
            await server.send_slash_command("secret", options={"text": "a", "extra": 1})


async def test_autocomplete_returns_choices() -> None:
    async with running() as (server, _, _):
        interaction = await server.send_autocomplete("puzzle solve", {"kind": "l"}, focused="kind")
        choices = await interaction.autocomplete_choices()
        assert [c["value"] for c in choices] == ["letterboxed", "ladder"]
        assert (await interaction.initial_response()).callback_type == 8


async def test_modal_round_trip() -> None:
    async with running() as (server, _, log):
        opened = await server.send_slash_command("grid")
        modal = await opened.wait_for_modal()
        assert modal["title"] == "Paste the grid"
        assert [row["type"] for row in modal["components"]] == [1, 18]

        submitted = await opened.submit_modal({"grid": "123\n456\n789", "notes": "easy"})
        sent = submitted.payload["data"]["components"]
        assert sent[0]["components"][0] == {
            "type": 4,
            "custom_id": "grid",
            "value": "123\n456\n789",
        }
        assert sent[1]["component"]["value"] == "easy"
        assert (await submitted.reply()).content == "3 rows; notes: easy"
        assert log["modal"] == ("123\n456\n789", "easy")
        with pytest.raises(ValueError):
            await opened.submit_modal({"nonexistent": "x"})
    # The classic shape still works, and is flagged: Discord deprecates it for the Label.
    assert [v.kind for v in server.violations] == ["deprecated_text_input_row"]


async def test_button_click_updates_the_message() -> None:
    async with running() as (server, _, _):
        command = await server.send_slash_command("counter")
        message = await command.reply()
        assert message.button(label="+1")["custom_id"] == "counter:inc"

        click = await server.click_button(message, label="+1")
        assert (await click.initial_response()).callback_type == 7
        assert (await click.reply()).content == "count: 1"
        click = await server.click_button(message, "counter:inc", user=server.add_user("carol"))
        assert (await click.reply()).content == "count: 2"
        assert server.messages[message.id].content == "count: 2"
    server.assert_no_violations()


async def test_three_second_rule_flags_a_late_initial_response() -> None:
    async with running(slow_delay=0.4, interaction_deadline=0.2) as (server, _, log):
        late = await server.send_slash_command("slow")
        callback = await late.initial_response()
        assert callback.status == 404 and callback.response["code"] == 10062
        assert [v.kind for v in server.violations] == ["late_initial_response"]
        await server._wait_until(lambda: "slow_error" in log, 2.0, "the bot to see NotFound")

        on_time = await server.send_slash_command("secret", options={"text": "still here"})
        assert (await on_time.reply()).content == "still here"
        assert len(server.violations) == 1


async def test_an_interaction_never_answered_is_a_violation() -> None:
    async with running(interaction_deadline=0.1) as (server, _, log):
        ignored = await server.send_slash_command("silent")
        await server._wait_until(lambda: log.get("silent"), 2.0, "the command to run")
        await asyncio.sleep(0.15)
        assert server.unanswered_interactions() == [ignored]
        with pytest.raises(AssertionError, match=r"no_initial_response.*silent"):
            server.assert_no_violations()


async def test_followups_stop_working_when_the_token_expires() -> None:
    async with running(slow_delay=0.3, token_lifetime=0.2) as (server, _, log):
        interaction = await server.send_slash_command("later")
        [followup] = await interaction.followups(1)
        assert followup.status == 401 and followup.response["code"] == 50027
        await server._wait_until(lambda: "later_error" in log, 2.0, "the bot to see the 401")
        assert [v.kind for v in server.violations] == ["expired_token"]


async def test_heartbeats_are_timed() -> None:
    async with LocalDiscord(heartbeat_interval=0.15) as server:
        bot = make_bot({})
        async with server.run_bot(bot):
            await asyncio.sleep(0.8)
            beats = list(server.heartbeats)
            assert len(beats) >= 4
            gaps = sorted(b - a for a, b in itertools.pairwise(beats[1:]))  # 1st: at HELLO
            assert 0.15 <= gaps[len(gaps) // 2] < 0.3  # beats arrive about one interval apart
            time.sleep(0.6)  # block the event loop, as a solver on the loop would
            await asyncio.sleep(0.05)
            assert server.heartbeat_lateness() > 0.25


async def test_unknown_route_is_recorded() -> None:
    async with running() as (server, bot, _):
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/no/such/route"))
        [violation] = server.violations
        assert violation.kind == "unknown_route" and violation.request.path == "/no/such/route"
        with pytest.raises(AssertionError, match="unknown_route"):
            server.assert_no_violations()


async def test_rate_limited_route_is_retried() -> None:
    async with running() as (server, bot, _):
        server.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.1)
        channel = bot.get_channel(server.channel.id)
        sent = await channel.send("daily puzzle")
        attempts = server.requests_to("POST", "/channels/{channel_id}/messages")
        assert [r.status for r in attempts] == [429, 200]
        assert attempts[1].received_at - attempts[0].received_at >= 0.1
        assert server.channel_messages()[0].id == sent.id
    server.assert_no_violations()


async def test_channel_messages_can_be_posted_read_and_edited() -> None:
    async with running() as (server, bot, log):
        channel = await bot.fetch_channel(server.guild.channel("puzzles").id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "puzzles"
        posted = await channel.send(
            "Today's puzzle", file=discord.File(io.BytesIO(png_bytes(600, 600)), "today.png")
        )
        stored = await server.wait_for_channel_message(channel.id)
        assert stored.attachments[0].png_size() == (600, 600)

        history = [m async for m in channel.history(limit=5)]
        assert [m.id for m in history] == [posted.id]
        assert history[0].attachments[0].width == 600

        await posted.edit(content="Today's puzzle (edited)")
        assert server.messages[posted.id].content == "Today's puzzle (edited)"
        assert server.messages[posted.id].attachments == stored.attachments  # kept on edit
        await server._wait_until(lambda: log.get("messages"), 2.0, "MESSAGE_CREATE")
        assert log["messages"][0].id == posted.id
        await posted.delete()
        assert not server.channel_messages(channel.id)
    server.assert_no_violations()


async def test_attachment_alt_text_is_kept_and_a_deleted_channel_is_gone() -> None:
    async with running() as (server, bot, _):
        channel = bot.get_channel(server.channel.id)
        picture = discord.File(io.BytesIO(png_bytes(8, 8)), "a.png", description="a white box")
        await channel.send("described", file=picture)
        stored = await server.wait_for_channel_message(channel.id)
        assert stored.attachments[0].description == "a white box"

        await server.delete_channel(server.channel)
        await server._wait_until(lambda: bot.get_channel(channel.id) is None, 2.0, "the delete")
        with pytest.raises(discord.NotFound):
            await channel.send("into the void")
    server.assert_no_violations(allow=("unknown_resource",))


async def test_everyone_pings_are_detectable() -> None:
    async with running() as (server, bot, _):
        channel = bot.get_channel(server.channel.id)
        await channel.send("@everyone look", allowed_mentions=discord.AllowedMentions.none())
        await channel.send("@everyone look")
        quiet, loud = server.channel_messages()
        assert not quiet.pings_everyone and loud.pings_everyone


async def test_gateway_resume_after_a_dropped_connection() -> None:
    async with running() as (server, _, _):
        await server.drop_gateway(4000)
        resume = await server.wait_for_gateway_frame(lambda f: f.get("op") == 6)
        assert resume["d"]["token"] == server.token
        interaction = await server.send_slash_command("secret", options={"text": "back"})
        assert (await interaction.reply()).content == "back"
        assert len(server.identify_payloads) == 1


async def test_ready_made_fixture(local_discord: LocalDiscord) -> None:  # noqa: F811
    bot = make_bot({})
    async with local_discord.run_bot(bot):
        await bot.tree.sync()
        interaction = await local_discord.send_slash_command("secret", options={"text": "hi"})
        reply: StoredMessage = await interaction.reply()
        assert reply.content == "hi"
    assert local_discord.heartbeats  # HELLO's immediate heartbeat at least


async def test_concurrent_commands_from_many_users_are_all_answered() -> None:
    async with running() as (server, _, _):
        users = [server.add_user(f"user{i}") for i in range(10)]
        interactions = await asyncio.gather(
            *(
                server.send_slash_command(
                    "puzzle solve", {"kind": "sudoku", "text": f"grid {i}"}, user=user
                )
                for i, user in enumerate(users)
            )
        )
        replies = await asyncio.gather(*(i.reply() for i in interactions))
        assert sorted(r.content for r in replies) == sorted(f"sudoku: GRID {i}" for i in range(10))
        assert {r.interaction_user.id for r in replies} == {u.id for u in users}
        latencies = [i.followups_sent[0].received_at - i.sent_at for i in interactions]
        assert all(0 <= latency < 5 for latency in latencies)
    server.assert_no_violations(allow=(DEPRECATED,))  # /puzzle solve follows up after a defer


async def test_auto_sharded_bot_connects_through_gateway_bot() -> None:
    async with LocalDiscord(heartbeat_interval=0.5) as server:
        bot = commands.AutoShardedBot(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        async with server.run_bot(bot):
            assert bot.shard_count == 1 and [g.id for g in bot.guilds] == [server.guild.id]
        assert server.requests_to("GET", "/gateway/bot")
        assert server.identify_payloads[0]["shard"] == [0, 1]


async def test_messages_over_discord_limits_are_rejected() -> None:
    async with running() as (server, bot, _):
        channel = bot.get_channel(server.channel.id)
        with pytest.raises(discord.HTTPException) as raised:
            await channel.send("x" * 2001)
        assert raised.value.status == 400
        [violation] = server.violations
        assert violation.kind == "invalid_form_body" and "2001 characters" in violation.message
        assert not server.channel_messages()


async def test_wrong_token_fails_login() -> None:
    async with LocalDiscord() as server:
        bot = make_bot({})
        with server.patch_discord(), pytest.raises(discord.LoginFailure):
            await bot.login("not-the-token")
        await bot.close()
        assert [v.kind for v in server.violations] == ["unauthorized"]
    assert discord.http.Route.BASE == "https://discord.com/api/v10"  # restored
