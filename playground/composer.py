"""Reading what a member types into the page's composer, as Discord's client reads it.

A command line is the command's path, then its options: `/solve letterboxed vro wal eth bdi
max_words:3`. Text before the first `name:` fills the required options in order, as a member
tabbing through them in Discord's client does: each takes one word, the last all the rest
(`/daily answer ladder best beat seat` is kind:ladder answer:best beat seat). `name:` starts
any other option, and a value runs until the next `name:`. A `name:` the command does not
have is refused, as Discord's client offers no such option. Values are checked against the
synced declaration (type, choices), people and channels are named `@alice` and `#puzzles`.

`parse` turns a line into an Invocation or a CommandLineError saying what is wrong and how
to type it; `suggest` lists what could come next (commands, subcommands, options, choices,
members, channels) and, for an option the bot completes itself, what to ask the bot.
"""

from __future__ import annotations

import contextlib
import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from localdiscord import FakeChannel, FakeRole, FakeUser, StoredAttachment

SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 6, 7, 8, 9, 10, 11
TYPE_NAMES = {
    STRING: "text",
    INTEGER: "a whole number",
    BOOLEAN: "True or False",
    USER: "a member, e.g. @alice",
    CHANNEL: "a channel, e.g. #puzzles",
    ROLE: "a role, e.g. @Moderator",
    MENTIONABLE: "a member or a role",
    NUMBER: "a number",
    ATTACHMENT: "a file",
}
TRUE_WORDS, FALSE_WORDS = {"true", "yes", "1", "on"}, {"false", "no", "0", "off"}
MAX_SUGGESTIONS = 25  # as many as Discord's client lists
# What looks like an option being named: `max_steps:1` (no space after the colon; puzzle text
# such as `final: 10 14` or a web address is not taken for one).
NAMED = re.compile(r"(?:(?<=\s)|^)([a-z][-_a-z0-9]{0,31}):(?=[^\s/])")


class CommandLineError(ValueError):
    """What is wrong with a command line, worded for the member who typed it."""


@dataclass(frozen=True)
class Directory:
    """What a member can name in an option: members, channels and roles, by name."""

    users: dict[str, FakeUser]
    channels: dict[str, FakeChannel]
    roles: dict[str, FakeRole]


@dataclass
class Invocation:
    path: list[str]  # e.g. ["solve", "letterboxed"]
    options: dict[str, Any]  # values typed as the bot declared them

    @property
    def name(self) -> str:
        return " ".join(self.path)


@dataclass
class Segment:
    option: dict[str, Any] | None  # None: free text with no option to take it
    raw: str
    value_start: int  # where the value begins in the whole line


@dataclass
class Reading:
    """A command line read as far as it goes: the path, and the options' raw text."""

    text: str
    path: list[str] = field(default_factory=list)
    node: dict[str, Any] | None = None  # the (sub)command the path ends at
    partial: str | None = None  # a path word still being typed
    path_end: int = 0  # where the path ends in the text
    segments: list[Segment] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # `name:` typed that the command lacks

    @property
    def needs_subcommand(self) -> bool:
        return self.node is not None and bool(subcommands(self.node))

    @property
    def where(self) -> str:
        return "/" + " ".join(self.path)


@dataclass
class Suggestion:
    label: str
    description: str
    text: str  # the whole line once chosen


@dataclass
class AutocompleteAsk:
    """An option the bot completes itself: ask it (an autocomplete interaction)."""

    path: list[str]
    focused: str
    options: dict[str, Any]  # the other options typed so far that read cleanly, and this one
    value_start: int


def subcommands(node: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in node.get("options", []) if o.get("type") in (SUBCOMMAND, GROUP)]


def options_of(node: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in node.get("options", []) if o.get("type") not in (SUBCOMMAND, GROUP)]


def read(text: str, commands: list[dict[str, Any]]) -> Reading:
    """Read the path as far as it is typed, then split the rest into option segments."""
    reading = Reading(text)
    body = len(text) - len(text.lstrip())
    if not text[body:].startswith("/"):
        raise CommandLineError(
            "type a slash command, starting with /, e.g. /solve letterboxed vro wal eth bdi"
        )
    choices = [c for c in commands if c.get("type", 1) == 1]
    reading.path_end = body + 1
    for word in re.finditer(r"\S+", text[body + 1 :]):
        if reading.node is not None and not reading.needs_subcommand:
            break
        end = body + 1 + word.end()
        found = next((c for c in choices if c["name"] == word.group()), None)
        if found is None:
            if end == len(text):  # still being typed
                reading.partial = word.group()
                return reading
            raise CommandLineError(_not_there(reading, word.group(), choices))
        reading.path.append(found["name"])
        reading.node = found
        choices = subcommands(found)
        reading.path_end = end
    if reading.node is None:
        reading.partial = ""  # only the slash so far
    elif not reading.needs_subcommand:
        reading.segments = _segments(text, reading.path_end, reading)
    return reading


def _not_there(reading: Reading, word: str, choices: list[dict[str, Any]]) -> str:
    names = ", ".join(c["name"] for c in choices)
    if not reading.path:
        return f"/{word} is not a command; choose one of: {names}"
    return f"{reading.where} has no {word!r}; choose one of: {names}"


def _segments(text: str, start: int, reading: Reading) -> list[Segment]:
    assert reading.node is not None
    declared = options_of(reading.node)
    by_name = {o["name"]: o for o in declared}
    marks = []
    if by_name:
        names = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
        marks = list(re.finditer(rf"(?:(?<=\s)|^)({names}):", text[start:]))
    free = text[start : start + marks[0].start() if marks else len(text)]
    segments = _in_order(free, start, declared, {mark.group(1) for mark in marks})
    reading.unknown = [
        name
        for name in NAMED.findall(text[start:])
        if name not in by_name and _looks_like_option(name, by_name)
    ]
    for index, mark in enumerate(marks):
        end = start + marks[index + 1].start() if index + 1 < len(marks) else len(text)
        value_start = start + mark.end()
        raw = text[value_start:end]
        value_start += len(raw) - len(raw.lstrip())
        segments.append(Segment(by_name[mark.group(1)], raw.strip(), value_start))
    return segments


def waiting_options(declared: list[dict[str, Any]], named: set[str]) -> list[dict[str, Any]]:
    """The required options not named on the line: what text typed straight after the
    command fills, in order."""
    return [o for o in declared if o.get("required") and o["name"] not in named]


def _in_order(
    free: str, start: int, declared: list[dict[str, Any]], named: set[str]
) -> list[Segment]:
    """Text typed straight after the command: one word for each waiting required option,
    the last of them all the rest. With none waiting, it all goes to the first required (or
    text) option, which then reads as given twice."""
    words = list(re.finditer(r"\S+", free))
    if not words:
        return []
    waiting = waiting_options(declared, named)
    if not waiting:
        option = next((o for o in declared if o.get("required")), None)
        option = option or next((o for o in declared if o["type"] == STRING), None)
        return [Segment(option, free.strip(), start + words[0].start())]
    segments = []
    for option, word in zip(waiting, words, strict=False):
        last = option is waiting[-1]
        raw = free[word.start() :].strip() if last else word.group()
        segments.append(Segment(option, raw, start + word.start()))
    return segments


def _looks_like_option(name: str, by_name: dict[str, Any]) -> bool:
    """A `name:` a member meant as an option: one with an underscore (as option names have,
    puzzle text does not), or close to one the command has."""
    return "_" in name or bool(difflib.get_close_matches(name, by_name, n=1, cutoff=0.75))


def parse(
    text: str,
    commands: list[dict[str, Any]],
    directory: Directory,
    attached: StoredAttachment | None = None,
) -> Invocation:
    """The command and its typed options, or a CommandLineError saying what to change. A file
    `attached` with the page's file picker (already uploaded, as Discord's client uploads it)
    is the command's file option."""
    reading = read(text, commands)
    if reading.node is None or reading.partial is not None:
        raise CommandLineError(f"/{reading.partial or ''} is not a command; type / to see them")
    if reading.needs_subcommand:
        names = ", ".join(o["name"] for o in subcommands(reading.node))
        raise CommandLineError(f"{reading.where} needs one of: {names}")
    if reading.unknown:
        raise CommandLineError(_unknown_option(reading, reading.unknown[0]))
    options: dict[str, Any] = {}
    for segment in reading.segments:
        if segment.option is None:
            raise CommandLineError(
                f"{reading.where} has no option for {segment.raw!r}; " + _options_help(reading.node)
            )
        name = segment.option["name"]
        if name in options:
            raise CommandLineError(f"{name}: is given twice")
        options[name] = value_of(segment.option, segment.raw, directory)
    declared = options_of(reading.node)
    if attached is not None:
        options[_file_option(reading, declared, attached)] = attached
    missing = [o["name"] for o in declared if o.get("required") and o["name"] not in options]
    if missing:
        raise CommandLineError(
            f"{reading.where} needs {', '.join(m + ':' for m in missing)} "
            f"({_options_help(reading.node)})"
        )
    return Invocation(reading.path, options)


def _file_option(reading: Reading, declared: list[dict[str, Any]], attached) -> str:
    """The option an attached file fills: the command's file option."""
    files = [o["name"] for o in declared if o["type"] == ATTACHMENT]
    if not files:
        raise CommandLineError(
            f"{reading.where} takes no file; remove {attached.filename} (✕ beside the "
            "command box) or choose a command that takes a picture, e.g. /solve sudoku"
        )
    return files[0]


def _unknown_option(reading: Reading, name: str) -> str:
    assert reading.node is not None
    declared = [o["name"] for o in options_of(reading.node)]
    close = difflib.get_close_matches(name, declared, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}:? " if close else ""
    return f"{reading.where} has no option {name}:; {hint}{_options_help(reading.node)}"


def _options_help(node: dict[str, Any]) -> str:
    declared = options_of(node)
    if not declared:
        return "it takes no options"
    return "its options: " + ", ".join(
        f"{o['name']}:{'' if o.get('required') else ' (optional)'}" for o in declared
    )


def value_of(option: dict[str, Any], raw: str, directory: Directory) -> Any:
    """The option's value from its text, as its declaration types it."""
    name, kind = option["name"], option["type"]
    if not raw:
        raise CommandLineError(f"{name}: is empty; it takes {TYPE_NAMES.get(kind, 'a value')}")
    if option.get("choices"):
        return _choice(option, raw)
    if kind == STRING:
        return raw
    if kind in (INTEGER, NUMBER):
        try:
            return int(raw) if kind == INTEGER else float(raw)
        except ValueError:
            raise CommandLineError(
                f"{name}: takes {TYPE_NAMES[kind]}, not {raw!r} (e.g. {name}:3)"
            ) from None
    if kind == BOOLEAN:
        if raw.lower() in TRUE_WORDS | FALSE_WORDS:
            return raw.lower() in TRUE_WORDS
        raise CommandLineError(f"{name}: takes True or False, not {raw!r}")
    if kind in (USER, MENTIONABLE) and raw.lstrip("@").lower() in directory.users:
        return directory.users[raw.lstrip("@").lower()]
    if kind in (ROLE, MENTIONABLE) and raw.lstrip("@").lower() in directory.roles:
        return directory.roles[raw.lstrip("@").lower()]
    if kind == CHANNEL and raw.lstrip("#").lower() in directory.channels:
        return directory.channels[raw.lstrip("#").lower()]
    known = {
        USER: [f"@{n}" for n in directory.users],
        MENTIONABLE: [f"@{n}" for n in [*directory.users, *directory.roles]],
        ROLE: [f"@{n}" for n in directory.roles],
        CHANNEL: [f"#{n}" for n in directory.channels],
    }.get(kind)
    if kind == ATTACHMENT:
        raise CommandLineError(
            f"{name}: takes a file, not typed here: pick it with the 📎 button beside the "
            "command box, then send the command without it"
        )
    if known is None:
        raise CommandLineError(f"{name}: takes {TYPE_NAMES.get(kind, 'a value')}, not typed here")
    raise CommandLineError(f"{name}: no {raw!r} here; choose one of: {', '.join(known)}")


def _choice(option: dict[str, Any], raw: str) -> Any:
    for choice in option["choices"]:
        if raw.lower() in (choice["name"].lower(), str(choice["value"]).lower()):
            return choice["value"]
    offered = ", ".join(str(c["value"]) for c in option["choices"])
    raise CommandLineError(f"{option['name']}: choose one of: {offered} (not {raw!r})")


# --- suggestions ------------------------------------------------------------------------------


def suggest(
    text: str, commands: list[dict[str, Any]], directory: Directory
) -> tuple[list[Suggestion], AutocompleteAsk | None]:
    """What could come next at the end of the line, and what to ask the bot, if anything."""
    try:
        reading = read(text, commands)
    except CommandLineError:
        return [], None
    if reading.partial is not None or reading.needs_subcommand:
        return _path_suggestions(reading, commands), None
    assert reading.node is not None
    items: list[Suggestion] = []
    ask = None
    last = _next_in_order(reading) or (reading.segments[-1] if reading.segments else None)
    typing_value = last is not None and last.option is not None and not text.endswith(" ")
    if last is not None and last.option is not None and (typing_value or not last.raw):
        ask = _ask(reading, last, directory)
        items += _value_suggestions(text, last, directory)
    items += _option_suggestions(text, reading)
    return items[:MAX_SUGGESTIONS], ask


def _next_in_order(reading: Reading) -> Segment | None:
    """After a space that ends an option filled in order, the next waiting required option
    is the one being typed (empty): its values are suggested there, as Discord's client
    focuses it."""
    assert reading.node is not None
    if not reading.text.endswith(" ") or any(s.option is None for s in reading.segments):
        return None
    named = {s.option["name"] for s in reading.segments if s.option is not None}
    if reading.text[reading.path_end :].strip() and NAMED.search(reading.text[reading.path_end :]):
        return None  # options named: the member goes on naming them
    waiting = waiting_options(options_of(reading.node), named)
    if not waiting or (reading.segments and reading.segments[-1].option is waiting[-1]):
        return None
    return Segment(waiting[0], "", len(reading.text))


def _path_suggestions(reading: Reading, commands: list[dict[str, Any]]) -> list[Suggestion]:
    choices = subcommands(reading.node) if reading.node is not None else commands
    typed = reading.partial or ""
    base = reading.text[: len(reading.text) - len(typed)]
    if reading.node is not None and not typed and not base.endswith(" "):
        base += " "
    prefix = f"{reading.where} " if reading.path else "/"
    return [
        Suggestion(prefix + c["name"], c.get("description", ""), base + c["name"] + " ")
        for c in choices
        if c.get("type", 1) in (1, SUBCOMMAND, GROUP) and c["name"].startswith(typed)
    ][:MAX_SUGGESTIONS]


def _value_suggestions(text: str, segment: Segment, directory: Directory) -> list[Suggestion]:
    option = segment.option
    assert option is not None
    typed = segment.raw.lower()
    head = text[: segment.value_start]
    if option.get("choices"):
        values = [(c["name"], str(c["value"])) for c in option["choices"]]
    elif option["type"] == BOOLEAN:
        values = [("True", "True"), ("False", "False")]
    elif option["type"] in (USER, MENTIONABLE):
        values = [(f"@{n}", f"@{n}") for n in directory.users]
    elif option["type"] == CHANNEL:
        values = [(f"#{n}", f"#{n}") for n in directory.channels]
    elif option["type"] == ROLE:
        values = [(f"@{n}", f"@{n}") for n in directory.roles]
    else:
        return []
    return [
        Suggestion(label, f"{option['name']}", head + value + " ")
        for label, value in values
        if typed in label.lower() or typed in value.lower()
    ]


def _option_suggestions(text: str, reading: Reading) -> list[Suggestion]:
    """The options not given yet, when a new one could start here."""
    assert reading.node is not None
    given = {s.option["name"] for s in reading.segments if s.option is not None}
    tail = text[reading.path_end :]
    typed = "" if not tail.strip() or tail.endswith(" ") else tail.split()[-1]
    base = text[: len(text) - len(typed)]
    if not base.endswith(" "):
        base += " "
    return [
        Suggestion(
            f"{o['name']}:",
            ("required · " if o.get("required") else "")
            + (o.get("description") or TYPE_NAMES.get(o["type"], "")),
            base + o["name"] + ":",
        )
        for o in options_of(reading.node)
        if o["name"] not in given and o["name"].startswith(typed)
    ]


def _ask(reading: Reading, segment: Segment, directory: Directory) -> AutocompleteAsk | None:
    option = segment.option
    assert option is not None
    if not option.get("autocomplete"):
        return None
    others: dict[str, Any] = {}
    for other in reading.segments:
        if other is segment or other.option is None:
            continue
        # Only what reads cleanly is sent along, as Discord's client does.
        with contextlib.suppress(CommandLineError):
            others[other.option["name"]] = value_of(other.option, other.raw, directory)
    others[option["name"]] = segment.raw
    return AutocompleteAsk(reading.path, option["name"], others, segment.value_start)


def directory_of(users: list[FakeUser], channels: list[FakeChannel], roles: list[FakeRole]):
    return Directory(
        {u.username.lower(): u for u in users},
        {c.name.lower(): c for c in channels},
        {r.name.lower(): r for r in roles if r.name != "@everyone"},
    )
