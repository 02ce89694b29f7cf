"""Co-op puzzles end to end: the real bot on the local Discord server, three members filling
in one cryptogram in a thread (a wrong letter corrected, a refused one, a hint, a restart in
the middle, the solve with shares and the archive), and a codeword the same way."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import string

import pytest

from bot.app import PuzzleBot
from localdiscord import LocalDiscord
from localdiscord.threads import CREATE_PUBLIC_THREADS
from puzzles import get_kind
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, described, test_config


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def stored_game(config, thread_id: int) -> tuple[str, dict[str, str]]:
    """The puzzle's text and the solver's reading, as the bot stored them."""
    with sqlite3.connect(config.database) as database:
        text, solution = database.execute(
            "SELECT puzzle_text, solution FROM coop_games WHERE thread_id = ?", (thread_id,)
        ).fetchone()
    return text, json.loads(solution)


def filled(config, thread_id: int) -> dict[str, tuple[str, str]]:
    """Square -> (letter, who filled it), from the database."""
    with sqlite3.connect(config.database) as database:
        rows = database.execute(
            "SELECT cell, letter, name FROM coop_letters WHERE thread_id = ?", (thread_id,)
        ).fetchall()
    return {cell: (letter, name) for cell, letter, name in rows}


async def open_together(server: LocalDiscord, kind: str, user):
    """/together in the channel: the public starter, the thread and its board."""
    handle = await server.send_slash_command(
        "together", options={"kind": kind, "difficulty": "easy"}, user=user
    )
    starter = await handle.reply(timeout=REPLY_TIMEOUT)
    assert not starter.ephemeral and f"Co-op {get_kind(kind).title}" in starter.content
    # The thread is started from the starter message, so it has the message's id.
    board = await server.wait_for_channel_message(starter.id, lambda m: bool(m.attachments), 10)
    (thread,) = server.threads_of(server.channel)
    assert thread.id == starter.id and thread.parent_id == server.channel.id
    assert described(board, get_kind(kind).title, "to fill in together")
    assert "/guess" in board.content
    return thread, board


async def guess(server: LocalDiscord, thread, user, letters: str) -> str:
    handle = await server.send_slash_command(
        "guess", options={"letters": letters}, user=user, channel=thread
    )
    reply = await handle.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral  # a member's own letters are acknowledged to them alone
    return reply.content


def pairs(cells, solution) -> str:
    return " ".join(f"{cell}={solution[cell]}" for cell in cells)


async def test_three_members_solve_a_cryptogram_together_across_a_restart(server, tmp_path):
    alice, bob, carol = server.user, server.add_user("bob"), server.add_user("carol")
    config = test_config(tmp_path, per_user=50)

    def new_bot() -> PuzzleBot:
        return PuzzleBot(config, guild_ready_timeout=0.05)

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        thread, board = await open_together(server, "cryptogram", alice)
        first_picture = board.attachments[0].data
        puzzle_text, solution = stored_game(config, thread.id)
        puzzle = get_kind("cryptogram").parse(puzzle_text)
        given = dict(puzzle.hints)
        open_cells = [c for c in sorted(solution) if c not in given]
        a, b, c, d = open_cells[:4]
        # e takes a's letter below: never the cipher letter of that letter itself, which a
        # rule of its own refuses (no letter stands for itself)
        e = next(cell for cell in open_cells[4:] if cell != solution[a])

        # Alice fills three letters at once.
        reply = await guess(server, thread, alice, pairs([a, b, c], solution))
        assert reply.startswith("Filled in:") and "Not " not in reply

        # Bob writes a wrong but legal letter: it stays, as on paper.
        used = set(given.values()) | {solution[a], solution[b], solution[c]}
        wrong = next(x for x in string.ascii_uppercase if x not in used | {d, solution[d]})
        assert "Filled in" in await guess(server, thread, bob, f"{d}={wrong}")
        assert filled(config, thread.id)[d] == (wrong, "Bob")

        # Carol gives Alice's letter to another cipher letter: refused, with the reason.
        reply = await guess(server, thread, carol, f"{e}={solution[a]}")
        assert f"Not {e}={solution[a]}" in reply and f"already {a}'s letter" in reply
        assert e not in filled(config, thread.id)

        # Carol corrects Bob's letter.
        assert "Filled in" in await guess(server, thread, carol, f"{d}={solution[d]}")
        assert filled(config, thread.id)[d] == (solution[d], "Carol")

        # A hint reveals one letter for the group, in the thread for all to see.
        hint = await server.click_button(board, label="Hint (costs points)", user=bob)
        said = await hint.reply(timeout=REPLY_TIMEOUT)
        assert not said.ephemeral and said.content.startswith("**Hint**")
        assert "Hints used: 1" in said.content
        revealed = [cell for cell, (_, name) in filled(config, thread.id).items() if name == "hint"]
        assert len(revealed) == 1

        # The board is redrawn with the letters (coalesced edits, within the rate limit).
        await server.wait_for_request(
            lambda r: r.method == "PATCH" and str(board.id) in r.path and r.files
        )

    # The bot restarts mid-puzzle; the letters are in the database and play goes on.
    async with server.run_bot(new_bot(), ready_timeout=60):
        left = [x for x in open_cells if filled(config, thread.id).get(x, ("",))[0] != solution[x]]
        half = len(left) // 2
        assert "Filled in" in await guess(server, thread, bob, pairs(left[:half], solution))
        last = await guess(server, thread, carol, pairs(left[half:], solution))
        assert "Filled in" in last

        result = await server.wait_for_channel_message(
            thread.id, lambda m: "**Solved!**" in m.content, REPLY_TIMEOUT
        )
        text = result.content
        assert "- Alice: 3 letters" in text
        assert f"- Bob: {half} letter" in text
        assert f"- Carol: {1 + len(left) - half} letter" in text
        assert "- revealed by hints: 1 letter" in text
        assert "Hints used: 1" in text and "80 points" in text
        await server.wait_for_thread(lambda t: t.id == thread.id and t.archived, REPLY_TIMEOUT)

        # The final board shows the solved puzzle, drawn before the thread was archived.
        final = server.messages[board.id]
        assert final.attachments[0].data != first_picture
        assert described(final, "as the group has filled it in")
    server.assert_no_violations()  # no edit after the archive, none over the rate limit


async def test_a_codeword_is_filled_in_by_two_members_and_its_starters_stand(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    config = test_config(tmp_path, per_user=50, generate_deadline_seconds=60)
    async with server.run_bot(PuzzleBot(config, guild_ready_timeout=0.05), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        thread, board = await open_together(server, "codeword", alice)
        puzzle_text, solution = stored_game(config, thread.id)
        puzzle = get_kind("codeword").parse(puzzle_text)
        starters = {str(n): letter.upper() for n, letter in puzzle.starters}
        open_cells = [n for n in sorted(solution, key=int) if n not in starters]
        assert starters, "a generated codeword gives some letters away"

        # A starter letter is the puzzle's: it cannot be changed.
        number, letter = next(iter(starters.items()))
        other = next(x for x in string.ascii_uppercase if x != letter)
        reply = await guess(server, thread, bob, f"{number}={other}")
        assert f"starter letter {letter}" in reply
        # A letter for two numbers is refused.
        first, second = open_cells[:2]
        await guess(server, thread, alice, f"{first}={solution[first]}")
        reply = await guess(server, thread, bob, f"{second}={solution[first]}")
        assert "different numbers are different letters" in reply

        # A hint: the codeword's next sure step, one letter of it written for the group.
        hint = await server.click_button(board, label="Hint (costs points)", user=alice)
        said = await hint.reply(timeout=REPLY_TIMEOUT)
        assert said.content.startswith("**Hint**") and "Hints used: 1" in said.content
        (revealed,) = [c for c, (_, name) in filled(config, thread.id).items() if name == "hint"]
        assert filled(config, thread.id)[revealed][0] == solution[revealed]

        left = [n for n in open_cells[1:] if n != revealed]
        alices, bobs = left[: len(left) // 2], left[len(left) // 2 :]
        await guess(server, thread, alice, pairs(alices, solution))
        await guess(server, thread, bob, pairs(bobs, solution))
        result = await server.wait_for_channel_message(
            thread.id, lambda m: "**Solved!**" in m.content, REPLY_TIMEOUT
        )
        assert f"- Alice: {1 + len(alices)} letter" in result.content
        assert f"- Bob: {len(bobs)} letter" in result.content
        assert "Hints used: 1" in result.content and "80 points" in result.content
        await server.wait_for_thread(lambda t: t.id == thread.id and t.archived, REPLY_TIMEOUT)
    server.assert_no_violations()


async def test_misplaced_or_unpermitted_commands_are_refused_privately_at_once(server, tmp_path):
    chat = await server.start_thread(server.channel, "chat")
    bot_role = next(role for role in server.guild.roles if role.name == "PuzzleBot")
    config = test_config(tmp_path)
    async with server.run_bot(PuzzleBot(config, guild_ready_timeout=0.05), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        handle = await server.send_slash_command("guess", options={"letters": "A=T"})
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
        assert reply.ephemeral and "no co-op puzzle in this thread" in reply.content

        options = {"kind": "cryptogram"}
        handle = await server.send_slash_command("together", options=options, channel=chat)
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
        assert reply.ephemeral and "in a text channel" in reply.content

        # Without the right to start threads the bot says so before any work.
        for role in (bot_role, server.guild.everyone):
            role.permissions &= ~CREATE_PUBLIC_THREADS
        handle = await server.send_slash_command("together", options=options)
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
        assert reply.ephemeral and "Create Public Threads permission" in reply.content
        assert server.threads_of(server.channel) == [chat]
    server.assert_no_violations()


async def test_a_restart_redraws_the_letters_it_interrupted_and_archives_a_solve(server, tmp_path):
    config = test_config(tmp_path, per_user=50)

    def new_bot() -> PuzzleBot:
        return PuzzleBot(config, guild_ready_timeout=0.05)

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        thread, board = await open_together(server, "cryptogram", server.user)
        puzzle_text, solution = stored_game(config, thread.id)
        given = dict(get_kind("cryptogram").parse(puzzle_text).hints)
        first, second = [c for c in sorted(solution) if c not in given][:2]
        bot.get_cog("Together").edits.interval = 60  # the second letter's redraw must wait
        await guess(server, thread, server.user, pairs([first], solution))
        await guess(server, thread, server.user, pairs([second], solution))
        await server.wait_for_request(lambda _: len(board_edits(server, board)) == 1)
    # Stopped within the board's edit interval: the second letter was not drawn yet.
    edits_before = len(board_edits(server, board))
    assert edits_before == 1

    async with server.run_bot(new_bot(), ready_timeout=60):
        # Redrawn without a new letter.
        await server.wait_for_request(
            lambda _: len(board_edits(server, board)) > edits_before, timeout=REPLY_TIMEOUT
        )
        with sqlite3.connect(config.database) as database:
            drawn, changed = database.execute(
                "SELECT board_drawn_at, changed_at FROM coop_games WHERE thread_id = ?",
                (thread.id,),
            ).fetchone()
        assert drawn >= changed

    # A bot stopped between the solve and the archive archives the thread when back.
    with sqlite3.connect(config.database) as database:
        database.execute("UPDATE coop_games SET solved_at = changed_at")
    async with server.run_bot(new_bot(), ready_timeout=60):
        await server.wait_for_thread(lambda t: t.id == thread.id and t.archived, REPLY_TIMEOUT)
    server.assert_no_violations()


def board_edits(server: LocalDiscord, board) -> list:
    return [
        r
        for r in server.requests_to("PATCH", "/channels/{channel_id}/messages/{message_id}")
        if str(board.id) in r.path
    ]


async def test_a_burst_of_letters_is_drawn_in_few_edits_within_the_rate_limit(server, tmp_path):
    members = [server.user] + [server.add_user(f"member{i}") for i in range(5)]
    config = test_config(tmp_path, per_user=50)
    async with server.run_bot(PuzzleBot(config, guild_ready_timeout=0.05), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        thread, board = await open_together(server, "cryptogram", members[0])
        puzzle_text, solution = stored_game(config, thread.id)
        given = dict(get_kind("cryptogram").parse(puzzle_text).hints)
        cells = [c for c in sorted(solution) if c not in given][:10]
        # Ten letters from six members, all at once.
        handles = [
            await server.send_slash_command(
                "guess",
                options={"letters": f"{cell}={solution[cell]}"},
                user=members[i % len(members)],
                channel=thread,
            )
            for i, cell in enumerate(cells)
        ]
        for handle in handles:
            assert "Filled in" in (await handle.reply(timeout=REPLY_TIMEOUT)).content
        await server.wait_for_request(
            lambda r: r.method == "PATCH" and str(board.id) in r.path and r.files
        )
        assert len(filled(config, thread.id)) == len(cells)  # every letter is kept
        await asyncio.sleep(1.5)  # the last coalesced redraw
        edits = [r.received_at for r in board_edits(server, board)]
        assert 1 <= len(edits) < len(cells)  # folded together
        assert all(b - a >= 1.0 for a, b in itertools.pairwise(edits))  # spaced out
    server.assert_no_violations()  # the local server enforces 5 edits per 5 s per channel
