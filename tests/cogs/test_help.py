"""End to end: /help and what makes the commands discoverable (choices, prompts, hints)."""

from __future__ import annotations

import json

import pytest

from localdiscord import LocalDiscord
from puzzles import all_kinds
from puzzles.core import DISCORD, Usage
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def embed_text(message) -> str:
    return json.dumps(message.embeds, ensure_ascii=False)


def option(command: dict, *names: str) -> dict:
    for name in names:
        command = next(o for o in command["options"] if o["name"] == name)
    return command


def listed(text: str, command: dict, kind_names: set[str]) -> bool:
    """Whether the help text lists the command: per-kind groups as `/solve <kind>`, groups
    as each subcommand's clickable mention (</daily status:id>), others as their mention."""
    subcommands = [o for o in command.get("options", []) if o["type"] in (1, 2)]
    if subcommands and {s["name"] for s in subcommands} <= kind_names:
        return f"/{command['name']} <kind>" in text
    if subcommands:
        return all(f"</{command['name']} {s['name']}:{command['id']}>" in text for s in subcommands)
    return f"</{command['name']}:{command['id']}>" in text


async def test_help_lists_every_command_the_member_may_use_and_every_kind_privately(
    server, tmp_path
):
    alice = server.user
    async with running_bot(server, test_config(tmp_path)):
        synced = server.commands()
        texts = {}
        for who in (alice, server.owner):
            handle = await server.send_slash_command("help", user=who)
            reply = await handle.reply(timeout=REPLY_TIMEOUT)
            assert reply.ephemeral
            texts[who.id] = embed_text(reply)
    kind_names = {kind.name for kind in all_kinds()}
    for who in (alice, server.owner):
        shown = set(server.visible_command_names(who))
        for command in synced:
            assert listed(texts[who.id], command, kind_names) == (command["name"] in shown), (
                who.username,
                command["name"],
            )
    # Members are not shown the server settings; the owner (Manage Server) is.
    assert "puzzle-settings" not in texts[alice.id] and "puzzle-settings" in texts[server.owner.id]
    assert {"daily", "leaderboard", "stats", "help", "puzzles"} <= set(
        server.visible_command_names(alice)
    )
    for kind in all_kinds():
        assert kind.title in texts[alice.id]
        example = Usage("solve", kind.name, kind.example).written_for(DISCORD)
        assert example in texts[alice.id] or f"/solve {kind.name}" in texts[alice.id]
    server.assert_no_violations()


async def test_kinds_by_title_sudoku_sizes_that_exist_and_hints_in_discords_syntax(
    server, tmp_path
):
    async with running_bot(server, test_config(tmp_path)):
        synced = {command["name"]: command for command in server.commands()}
        by_title = {(kind.title, kind.name) for kind in all_kinds()}
        for path in (
            ("puzzles", "kind"),
            ("daily", "answer", "kind"),
            ("leaderboard", "kind"),
            ("stats", "kind"),
            ("puzzle-settings", "difficulty", "kind"),
        ):
            choices = option(synced[path[0]], *path[1:])["choices"]
            assert {(c["name"], c["value"]) for c in choices} == by_title, path
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


async def test_puzzles_shows_how_to_solve_and_generate_every_kind_with_an_example(server, tmp_path):
    # issue 29: /puzzles left out /generate spelling and gave no example input for sudoku or
    # spelling
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command("puzzles")
        text = embed_text(await handle.reply(timeout=REPLY_TIMEOUT))
    for kind in all_kinds():
        assert f"/generate {kind.name}" in text, kind.name
        assert kind.example in text, kind.name
    assert "`text:` the phrase to spell" in text
    server.assert_no_violations()


async def test_generate_sudoku_offers_only_the_difficulties_of_the_chosen_size(server, tmp_path):
    # issue 29: /generate sudoku size:4 offered difficulties a 4x4 cannot have
    from puzzles.sudoku.generate import DIFFICULTIES, DIFFICULTIES_BY_SIZE

    async with running_bot(server, test_config(tmp_path, per_user=100)):
        synced = {command["name"]: command for command in server.commands()}
        difficulty = option(synced["generate"], "sudoku", "difficulty")
        assert difficulty.get("autocomplete") and not difficulty.get("choices")
        offered = {}
        for size in (4, 6, 9, None):
            options = {"difficulty": ""} | ({"size": size} if size else {})
            typing = await server.send_autocomplete(
                "generate sudoku", options, focused="difficulty"
            )
            offered[size] = [choice["value"] for choice in await typing.autocomplete_choices()]
        typing = await server.send_autocomplete(
            "generate sudoku", {"size": 6, "difficulty": "ex"}, focused="difficulty"
        )
        narrowed = [choice["value"] for choice in await typing.autocomplete_choices()]
        mismatch = await server.send_slash_command(
            "generate sudoku", options={"size": 4, "difficulty": "hard"}
        )
        refusal = await mismatch.reply(timeout=REPLY_TIMEOUT)
        unknown = await server.send_slash_command(
            "generate sudoku", options={"size": 9, "difficulty": "impossible"}
        )
        unknown_refusal = await unknown.reply(timeout=REPLY_TIMEOUT)
    assert offered[4] == ["easy"] and offered[6] == list(DIFFICULTIES_BY_SIZE[6])
    assert offered[9] == offered[None] == list(DIFFICULTIES)
    assert narrowed == ["expert"]
    assert refusal.ephemeral and "a 4x4 sudoku comes only easy, not hard" in refusal.content
    assert unknown_refusal.ephemeral and "easy" in unknown_refusal.content
    server.assert_no_violations()
