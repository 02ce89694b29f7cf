"""Settings from a TOML file, every key optional with a documented default.

A malformed file or value gives a ConfigError whose message names the key and says what
is expected: one line a person running the bot can act on, not a traceback. Every number
has a finite range (RANGES), so nan, inf or a typo of three extra zeros is refused rather
than timing every job out at once or holding a billion waiting jobs. The token is a secret:
no message ever shows it.
"""

from __future__ import annotations

import math
import os
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from bot import deadlines
from puzzles.core import is_number, shorten, shown  # the one rule for typed digits: ASCII 0-9 only

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A config problem, naming the file and the key."""


@dataclass(frozen=True)
class Config:
    token: str = ""
    development_guild: int = 0
    owner_ids: tuple[int, ...] = ()
    database: str = "sqlite:///puzzlebot.sqlite3"  # or a file name, or postgresql://...
    workers: int = 2
    deadline_seconds: float = deadlines.SOLVE_SECONDS
    generate_deadline_seconds: float = deadlines.GENERATE_SECONDS
    queue_size: int = 256
    per_user: int = 10
    per_guild: int = 60
    reads_per_user: int = 30
    window_seconds: float = 60.0
    log_level: str = "INFO"
    daily_poll_seconds: float = 30.0
    members_intent: bool = False
    command_log_days: int = 90
    # Shards (bot/shards.py): 0 = as many as Discord recommends, all run by this process.
    shard_count: int = 0
    shard_ids: tuple[int, ...] = ()  # () = every shard of shard_count
    source: str = field(default="defaults", compare=False)


# (section, key in the file) -> Config field, and the check each value must pass.
FILE_KEYS: dict[tuple[str, str], str] = {
    ("discord", "token"): "token",
    ("discord", "development_guild"): "development_guild",
    ("discord", "owner_ids"): "owner_ids",
    ("database", "url"): "database",
    ("workers", "count"): "workers",
    ("workers", "deadline_seconds"): "deadline_seconds",
    ("workers", "generate_deadline_seconds"): "generate_deadline_seconds",
    ("workers", "queue_size"): "queue_size",
    ("limits", "per_user"): "per_user",
    ("limits", "per_guild"): "per_guild",
    ("limits", "reads_per_user"): "reads_per_user",
    ("limits", "window_seconds"): "window_seconds",
    ("logging", "level"): "log_level",
    ("daily", "poll_seconds"): "daily_poll_seconds",
    ("discord", "members_intent"): "members_intent",
    ("storage", "command_log_days"): "command_log_days",
    ("discord", "shard_count"): "shard_count",
    ("discord", "shard_ids"): "shard_ids",
}

# Keys an older config file may still use -> the key that replaced them.
OLDER_SPELLINGS: dict[tuple[str, str], tuple[str, str]] = {
    ("storage", "database"): ("database", "url"),
}


# Environment variables that win over the file: one config file serves every shard process
# (a systemd template unit or a compose service sets each process's shards).
SHARD_VARIABLES = {"PUZZLEBOT_SHARD_COUNT": "shard_count", "PUZZLEBOT_SHARD_IDS": "shard_ids"}


def load_config(path: str | Path | None, environ: dict[str, str] | None = None) -> Config:
    """Read `path` (None = defaults only); DISCORD_TOKEN, PUZZLEBOT_SHARD_COUNT and
    PUZZLEBOT_SHARD_IDS in the environment win over the file."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    source = "defaults"
    if path is not None:
        source = str(path)
        values = _values_from_file(Path(path))
    if environ.get("DISCORD_TOKEN"):
        values["token"] = environ["DISCORD_TOKEN"].strip()
    values.update(_shards_from_environment(environ))
    set_by_environment = bool(environ.get("PUZZLEBOT_SHARD_IDS", "").strip())
    where = "PUZZLEBOT_SHARD_IDS" if set_by_environment else f"{source}: discord.shard_ids"
    _check_shards(where, values)
    return Config(**values, source=source)


def _shards_from_environment(environ: dict[str, str]) -> dict[str, Any]:
    """PUZZLEBOT_SHARD_COUNT=3 and PUZZLEBOT_SHARD_IDS=0,1 as the config values they set."""
    values: dict[str, Any] = {}
    for variable, name in SHARD_VARIABLES.items():
        text = environ.get(variable, "").strip()
        if not text:
            continue
        parts = [part.strip() for part in text.split(",")]
        readable = all(_short_number(part.removeprefix("-")) for part in parts)
        value = [int(part) for part in parts] if readable else None
        if name == "shard_count":
            value = value[0] if value and len(value) == 1 else text
        if value is None:
            raise ConfigError(
                f"{variable} must be shard numbers separated by commas, e.g. 0 or 0,1;"
                f" not {shown(text)}"
            )
        values[name] = _checked(variable, name, value)
    return values


# A config file is a few kilobytes; reading stops past this, so `--config /dev/zero` (or a
# log file named by mistake) is refused instead of read until memory runs out.
MAX_CONFIG_BYTES = 1_000_000


def _short_number(text: str) -> bool:
    return is_number(text) and len(text) <= NUMBER_DIGITS_READ


def _values_from_file(path: Path) -> dict[str, Any]:
    document = _document(path, _config_text(path))
    values: dict[str, Any] = {}
    for section, table in document.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {section} must be a [{section}] table, not a single value")
        for key, value in table.items():
            name = FILE_KEYS.get(OLDER_SPELLINGS.get((section, key), (section, key)))
            if name is None:
                known = ", ".join(f"{s}.{k}" for s, k in FILE_KEYS)
                raise ConfigError(f"{path}: unknown key {section}.{key} (known keys: {known})")
            values[name] = _checked(f"{path}: {section}.{key}", name, value)
    return values


def _config_text(path: Path) -> str:
    """The file's text, read no further than MAX_CONFIG_BYTES; a UTF-8 byte order mark at
    the start (as Notepad writes it) is not part of it."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(
            f"config file {path} not found; copy config.example.toml to {path}"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read config file {path}: {error.strerror}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(
            f"{path} is larger than {MAX_CONFIG_BYTES:,} bytes, too large for a config file"
            " (a puzzlebot config is a few kilobytes; see config.example.toml)"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{path} is not UTF-8 text (byte 0x{data[error.start]:02x} at offset "
            f"{error.start}); save it as UTF-8"
        ) from None


def _document(path: Path, text: str) -> dict[str, Any]:
    """The TOML document, or a ConfigError of one line for whatever tomllib cannot read."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(
            f"{path} nests arrays or tables too deeply to read; a config needs no nesting"
        ) from None
    except ValueError:  # a number of thousands of digits, which int() refuses
        raise ConfigError(
            f"{path} holds a number of more than {sys.get_int_max_str_digits():,} digits,"
            " which cannot be read; no setting needs more than 19"
        ) from None


def _checked(label: str, name: str, value: Any) -> Any:
    """The value converted to its field's type, or a ConfigError saying what was expected."""
    expected = {f.name: f.type for f in fields(Config)}[name]
    if name == "token":
        if not isinstance(value, str):  # never echo it: a token in the wrong form is still one
            raise ConfigError(f"{label} must be a string in quotes (the value is not shown)")
        return value
    if name == "owner_ids":
        low, high, _ = RANGES["owner_ids"]
        if not isinstance(value, list) or not all(_in_range(v, low, high, int) for v in value):
            raise ConfigError(f"{label} must be a list of Discord user ids, e.g. [1234567890]")
        return tuple(value)
    if name == "shard_ids":
        numbers = value if isinstance(value, list) else [None]
        if not all(_in_range(v, 0, SHARDS_MAX - 1, int) for v in numbers):
            raise ConfigError(
                f"{label} must be a list of this process's shard numbers, counted from 0,"
                f" e.g. [0, 1]; not {_quoted(value)}"
            )
        return tuple(value)
    if name == "log_level":
        if not isinstance(value, str) or value.upper() not in LOG_LEVELS:
            raise ConfigError(
                f"{label} must be one of {', '.join(LOG_LEVELS)}, not {_quoted(value)}"
            )
        return value.upper()
    if expected == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{label} must be true or false, not {_quoted(value)}")
        return value
    if expected == "str":
        if not isinstance(value, str):
            raise ConfigError(f"{label} must be a string in quotes, not {_quoted(value)}")
        return value
    if expected in ("int", "float"):
        low, high, unit = RANGES[name]
        if not _in_range(value, low, high, int if expected == "int" else float):
            what = "a whole number" if expected == "int" else "a number"
            span = f"from {_number(low)} to {_number(high)}{unit}"
            raise ConfigError(f"{label} must be {what} {span}, not {_quoted(value)}")
        return float(value) if expected == "float" else value
    raise AssertionError(f"no check for config field {name}")  # pragma: no cover


DISCORD_ID_MAX = 2**63 - 1  # ids are 64-bit snowflakes
SHARDS_MAX = 100_000
# Digits of a shard number read from the environment: more is out of range anyway, and
# int() is never asked to read thousands of them.
NUMBER_DIGITS_READ = len(str(SHARDS_MAX)) + 1

# Every number's allowed range: field -> (lowest, highest, unit). config.example.toml says the same.
RANGES: dict[str, tuple[float, float, str]] = {
    "development_guild": (0, DISCORD_ID_MAX, ""),
    "owner_ids": (1, DISCORD_ID_MAX, ""),
    # Each worker holds the word lists (about 150 MB).
    "workers": (1, 64, ""),
    # Discord accepts a reply up to 15 minutes after the command: waiting plus working
    # must fit in that.
    "deadline_seconds": (0.5, 300, " seconds"),
    "generate_deadline_seconds": (1, 600, " seconds"),
    # A waiting job costs a few kilobytes; the bound is there to refuse a flood, not a burst.
    "queue_size": (1, 10_000, ""),
    "per_user": (1, 1_000, ""),
    "per_guild": (1, 100_000, ""),
    "reads_per_user": (1, 10_000, ""),
    "window_seconds": (1, 86_400, " seconds"),
    "daily_poll_seconds": (1, 3_600, " seconds"),
    "command_log_days": (1, 3_650, " days"),
    # 0 = as Discord recommends. Discord wants a shard per 2,500 servers at most; the
    # largest bots run a few thousand.
    "shard_count": (0, SHARDS_MAX, ""),
}


def _check_shards(label: str, values: dict[str, Any]) -> None:
    """The shard ids name shards that exist (0 to shard_count - 1), each once."""
    ids, count = values.get("shard_ids", ()), values.get("shard_count", 0)
    if not ids:
        return
    if count == 0:
        raise ConfigError(
            f"{label} needs discord.shard_count, the number of shards of all processes"
            " together: e.g. shard_count = 3 with shard_ids = [0] in the first process"
        )
    outside = [n for n in ids if n >= count]
    if outside:
        raise ConfigError(
            f"{label} has {outside[0]}, but with shard_count = {count} the shards are"
            f" numbered 0 to {count - 1}"
        )
    repeated = [n for n, times in Counter(ids).items() if times > 1]
    if repeated:
        raise ConfigError(f"{label} lists shard {min(repeated)} more than once")


def _quoted(value: Any) -> str:
    """A value for a message, cut to a length one line can hold ('999...' of 5,000 digits
    would be a screenful)."""
    return shown(value) if isinstance(value, str) else shorten(repr(value))


def _in_range(value: Any, low: float, high: float, kind: type) -> bool:
    """A finite int (or, for a float field, an int or float) with low <= value <= high."""
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int):
        return False
    return math.isfinite(value) and low <= value <= high


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"
