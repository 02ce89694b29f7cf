"""Reading what a member types into the playground's composer, against the command tree the
bot really syncs (its cogs loaded, nothing started)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.app import EXTENSIONS, PuzzleBot
from bot.config import Config
from localdiscord import FakeChannel, FakeRole, FakeUser
from playground.composer import CommandLineError, directory_of, parse, suggest


@pytest.fixture(scope="module")
def commands() -> list[dict]:
    """What the bot sends Discord when it syncs: its slash commands, as JSON."""

    async def tree() -> list[dict]:
        bot = PuzzleBot(Config(), serve_commands=False)
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]

    return asyncio.run(tree())


ALICE, BOB = FakeUser(1, "alice"), FakeUser(2, "bob")
GENERAL, PUZZLES = FakeChannel(3, "general", 9), FakeChannel(4, "puzzles", 9)
DIRECTORY = directory_of([ALICE, BOB], [GENERAL, PUZZLES], [FakeRole(9, "@everyone")])


def read(line: str, commands: list[dict]):
    invocation = parse(line, commands, DIRECTORY)
    return invocation.name, invocation.options


def test_text_after_the_command_fills_its_first_required_option(commands):
    assert read("/solve letterboxed vro wal eth bdi", commands) == (
        "solve letterboxed",
        {"puzzle": "vro wal eth bdi"},
    )


def test_text_after_the_command_fills_the_required_options_in_order(commands):
    """As a member tabbing through the options in Discord's client: each takes a word, the
    last all the rest (the README's `/daily answer <kind> <answer>`)."""
    assert read("/daily answer ladder best beat seat seam", commands)[1] == {
        "kind": "ladder",
        "answer": "best beat seat seam",
    }
    assert read("/puzzle-settings setup #puzzles 09:00 timezone:Europe/London", commands)[1] == {
        "channel": PUZZLES,
        "time": "09:00",
        "timezone": "Europe/London",
    }
    assert read("/puzzle-settings difficulty letterboxed hard", commands)[1] == {
        "kind": "letterboxed",
        "level": "hard",
    }
    # While typing, the next option in order is the one offered.
    assert offered("/daily answer ", commands)[:2] == ["Letter Boxed", "Codeword"]
    _, ask = suggest("/puzzle-settings difficulty letterboxed ", commands, DIRECTORY)
    assert (ask.focused, ask.options) == ("level", {"kind": "letterboxed", "level": ""})


def test_the_readmes_commands_read_as_typed_in_the_composer(commands):
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    lines = {
        line.replace("<kind>", "ladder").replace("<answer>", "best beat")
        for line in re.findall(r"`(/(?:daily answer|puzzle-settings setup|solve) [^`]+)`", readme)
        if "<" not in line.replace("<kind>", "").replace("<answer>", "") and "[" not in line
    }
    assert "/daily answer ladder best beat" in lines
    for line in sorted(lines):
        read(line, commands)  # raises CommandLineError for a line the composer cannot take


def test_named_options_are_typed_as_the_bot_declared_them(commands):
    line = "/solve letterboxed vro wal eth bdi max_words:3 spoiler:yes tier:Common"
    assert read(line, commands)[1] == {
        "puzzle": "vro wal eth bdi",
        "max_words": 3,
        "spoiler": True,
        "tier": "common",
    }
    line = "/puzzle-settings setup channel:#puzzles time:09:00 timezone:Europe/London"
    assert read(line, commands)[1] == {
        "channel": PUZZLES,
        "time": "09:00",
        "timezone": "Europe/London",
    }
    assert read("/stats member:@bob", commands)[1] == {"member": BOB}
    assert read("/puzzles kind:Q-less", commands)[1] == {"kind": "qless"}  # a choice's name


def test_a_command_whose_options_are_all_optional_needs_none(commands):
    assert read("/solve sudoku", commands) == ("solve sudoku", {})
    assert read("  /leaderboard  ", commands) == ("leaderboard", {})


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("solve letterboxed vro wal eth bdi", "starting with /, e.g. /solve letterboxed"),
        ("", "starting with /"),
        ("/", "is not a command"),
        ("/slove letterboxed x", "/slove is not a command; choose one of: solve"),
        ("/solve", "/solve needs one of: letterboxed"),
        ("/solve letterbox vro", "/solve has no 'letterbox'; choose one of: letterboxed"),
        ("/solve ladder", "/solve ladder needs puzzle:"),  # a picture can stand in for others'
        ("/solve ladder spoiler:True", "needs puzzle:"),
        ("/solve letterboxed vro max_words:three", "max_words: takes a whole number, not 'three'"),
        ("/solve letterboxed vro spoiler:maybe", "spoiler: takes True or False, not 'maybe'"),
        ("/leaderboard period:yesterday", "period: choose one of: today, week, month, all"),
        ("/stats member:@carol", "member: no '@carol' here; choose one of: @alice, @bob"),
        ("/puzzle-settings setup channel:#nowhere time:9 timezone:UTC", "choose one of: #general"),
        ("/solve letterboxed vro tier:", "tier: is empty"),
        ("/solve letterboxed vro puzzle:wal", "puzzle: is given twice"),
        ("/delete-my-data please", "has no option for 'please'; it takes no options"),
        ("/solve ladder cold warm max_steps:1", "/solve ladder has no option max_steps:;"),
        ("/solve letterboxed vro spoilers:True", "no option spoilers:; did you mean spoiler:?"),
        ("/daily answer kind:ladder answr:best", "no option answr:; did you mean answer:?"),
    ],
)
def test_a_malformed_line_says_what_to_change(commands, line, said):
    with pytest.raises(CommandLineError, match=None) as raised:
        parse(line, commands, DIRECTORY)
    assert said in str(raised.value)


def offered(line: str, commands: list[dict]) -> list[str]:
    return [item.label for item in suggest(line, commands, DIRECTORY)[0]]


def test_suggestions_follow_the_tree_from_command_to_option_values(commands):
    assert offered("/so", commands) == ["/solve"]
    assert "/solve letterboxed" in offered("/solve ", commands)
    assert offered("/solve lett", commands) == ["/solve letterboxed"]
    assert offered("/solve letterboxed ", commands) == [
        "puzzle:",
        "picture:",
        "max_words:",
        "tier:",
        "language:",
        "spoiler:",
    ]
    assert offered("/solve letterboxed vro wal eth bdi ti", commands) == ["tier:"]
    assert offered("/leaderboard period:", commands) == ["today", "week", "month", "all"]
    assert offered("/leaderboard period:mo", commands) == ["month"]
    assert offered("/puzzle-settings setup channel:", commands)[:2] == ["#general", "#puzzles"]
    assert offered("/stats member:@b", commands) == ["@bob"]
    assert offered("/solve letterboxed vro spoiler:", commands)[:2] == ["True", "False"]


def test_choosing_a_suggestion_gives_the_whole_line(commands):
    (choice,) = suggest("/leaderboard period:mo", commands, DIRECTORY)[0]
    assert choice.text == "/leaderboard period:month "
    assert parse(choice.text, commands, DIRECTORY).options == {"period": "month"}


def test_an_option_the_bot_completes_is_asked_of_the_bot_with_what_is_typed(commands):
    _, ask = suggest(
        "/puzzle-settings setup channel:#puzzles time:9:00 timezone:Europe/Lo", commands, DIRECTORY
    )
    assert ask.path == ["puzzle-settings", "setup"] and ask.focused == "timezone"
    assert ask.options == {"channel": PUZZLES, "time": "9:00", "timezone": "Europe/Lo"}
    # Right after the command, the first required option is the one being typed (empty).
    _, ask = suggest("/solve ladder ", commands, DIRECTORY)
    assert (ask.focused, ask.options) == ("puzzle", {"puzzle": ""})
    _, ask = suggest("/leaderboard period:t", commands, DIRECTORY)
    assert ask is None  # choices are offered by the client, not asked of the bot


def test_nothing_is_suggested_for_what_is_not_a_command(commands):
    assert suggest("hello", commands, DIRECTORY) == ([], None)
    assert suggest("/nope x", commands, DIRECTORY) == ([], None)
