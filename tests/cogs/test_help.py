"""End to end: /help and what makes the commands discoverable (choices, prompts, hints)."""

from __future__ import annotations

import json

import pytest

from puzzles import all_kinds
from puzzles.core import DISCORD, Usage
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def server():
    async with FakeDiscord(heartbeat_interval=0.25) as server:
        yield server


def embed_text(message) -> str:
    return json.dumps(message.embeds, ensure_ascii=False)


def option(command: dict, *names: str) -> dict:
    for name in names:
        command = next(o for o in command["options"] if o["name"] == name)
    return command


async def test_help_lists_every_synced_command_and_every_kind_privately(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        synced = server.commands(server.guild)
        handle = await server.send_slash_command("help")
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral
    text = embed_text(reply)
    kind_names = {kind.name for kind in all_kinds()}
    for command in synced:
        subcommands = [o for o in command.get("options", []) if o["type"] in (1, 2)]
        if subcommands and {s["name"] for s in subcommands} <= kind_names:
            assert f"/{command['name']} <kind>" in text, command["name"]
        elif subcommands:
            for sub in subcommands:  # each a clickable mention: </daily setup:id>
                assert f"</{command['name']} {sub['name']}:{command['id']}>" in text, sub
        else:
            assert f"</{command['name']}:{command['id']}>" in text, command["name"]
    assert {"daily", "leaderboard", "stats", "help", "puzzles"} <= {c["name"] for c in synced}
    for kind in all_kinds():
        assert kind.title in text
        example = Usage("solve", kind.name, kind.example).written_for(DISCORD)
        assert example in text or f"/solve {kind.name}" in text
    server.assert_no_violations()


async def test_kinds_by_title_sudoku_sizes_that_exist_and_hints_in_discords_syntax(
    server, tmp_path
):
    async with running_bot(server, test_config(tmp_path)):
        synced = {command["name"]: command for command in server.commands(server.guild)}
        choices = option(synced["puzzles"], "kind")["choices"]
        assert {(c["name"], c["value"]) for c in choices} == {
            (kind.title, kind.name) for kind in all_kinds()
        }
        size = option(synced["generate"], "sudoku", "size")
        assert [c["value"] for c in size["choices"]] == [4, 6, 9, 12, 16]

        chosen = await server.send_slash_command("puzzles", options={"kind": "qless"})
        explained = await chosen.reply(timeout=REPLY_TIMEOUT)
        assert explained.ephemeral and "Q-less" in embed_text(explained)

        small = await server.send_slash_command("generate sudoku", options={"size": 4})
        made = await small.reply(timeout=REPLY_TIMEOUT)
        assert not made.ephemeral and made.attachments, made.content

        # Hints are written in Discord's syntax (options), never the command line's (flags).
        impossible = await server.send_slash_command(
            "generate sudoku", options={"size": 6, "difficulty": "hard"}
        )
        refusal = await impossible.reply(timeout=REPLY_TIMEOUT)
    assert refusal.ephemeral
    assert "Example: /generate sudoku size:6 difficulty:expert" in refusal.content
    assert "--" not in refusal.content
    server.assert_no_violations()


async def test_text_boxes_ask_for_what_each_kind_is_made_of(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        labels = {}
        for kind in ("qless", "cryptogram", "sudoku"):
            handle = await server.send_slash_command(f"solve {kind}")
            modal = await handle.wait_for_modal()
            labels[kind] = json.dumps(modal)
            await handle.submit_modal({"puzzle": ""})  # close it; Discord requires nothing back
    assert "grid" not in labels["qless"].lower() and "12 letters" in labels["qless"]
    assert "grid" not in labels["cryptogram"].lower() and "enciphered text" in labels["cryptogram"]
    assert "grid" in labels["sudoku"]
