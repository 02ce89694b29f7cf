"""Settings from a TOML file, every key optional with a documented default.

A malformed file or value gives a ConfigError whose message names the key and says what
is expected: one line a person running the bot can act on, not a traceback.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A config problem, naming the file and the key."""


@dataclass(frozen=True)
class Config:
    token: str = ""
    development_guild: int = 0
    owner_ids: tuple[int, ...] = ()
    database: str = "puzzlebot.sqlite3"
    workers: int = 2
    deadline_seconds: float = 10.0
    generate_deadline_seconds: float = 60.0
    queue_size: int = 16
    per_user: int = 5
    per_guild: int = 30
    window_seconds: float = 60.0
    log_level: str = "INFO"
    daily_poll_seconds: float = 30.0
    members_intent: bool = False
    command_log_days: int = 90
    source: str = field(default="defaults", compare=False)


# (section, key in the file) -> Config field, and the check each value must pass.
FILE_KEYS: dict[tuple[str, str], str] = {
    ("discord", "token"): "token",
    ("discord", "development_guild"): "development_guild",
    ("discord", "owner_ids"): "owner_ids",
    ("storage", "database"): "database",
    ("workers", "count"): "workers",
    ("workers", "deadline_seconds"): "deadline_seconds",
    ("workers", "generate_deadline_seconds"): "generate_deadline_seconds",
    ("workers", "queue_size"): "queue_size",
    ("limits", "per_user"): "per_user",
    ("limits", "per_guild"): "per_guild",
    ("limits", "window_seconds"): "window_seconds",
    ("logging", "level"): "log_level",
    ("daily", "poll_seconds"): "daily_poll_seconds",
    ("discord", "members_intent"): "members_intent",
    ("storage", "command_log_days"): "command_log_days",
}

# Keys whose whole numbers must fall in a range: field -> (lowest, highest).
RANGES: dict[str, tuple[int, int]] = {"command_log_days": (1, 3650)}


def load_config(path: str | Path | None, environ: dict[str, str] | None = None) -> Config:
    """Read `path` (None = defaults only); DISCORD_TOKEN in the environment wins over the file."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    source = "defaults"
    if path is not None:
        source = str(path)
        values = _values_from_file(Path(path))
    if environ.get("DISCORD_TOKEN"):
        values["token"] = environ["DISCORD_TOKEN"].strip()
    return Config(**values, source=source)


def _values_from_file(path: Path) -> dict[str, Any]:
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"config file {path} not found; copy config.example.toml to {path}"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read config file {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None

    values: dict[str, Any] = {}
    for section, table in document.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {section} must be a [{section}] table, not a single value")
        for key, value in table.items():
            name = FILE_KEYS.get((section, key))
            if name is None:
                known = ", ".join(f"{s}.{k}" for s, k in FILE_KEYS)
                raise ConfigError(f"{path}: unknown key {section}.{key} (known keys: {known})")
            values[name] = _checked(f"{path}: {section}.{key}", name, value)
    return values


def _checked(label: str, name: str, value: Any) -> Any:
    """The value converted to its field's type, or a ConfigError saying what was expected."""
    expected = {f.name: f.type for f in fields(Config)}[name]
    if name in RANGES:
        lowest, highest = RANGES[name]
        if not _is_int(value) or not lowest <= value <= highest:
            raise ConfigError(
                f"{label} must be a whole number from {lowest} to {highest}, not {value!r}"
            )
    if name == "owner_ids":
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise ConfigError(f"{label} must be a list of Discord user ids, e.g. [1234567890]")
        return tuple(value)
    if name == "log_level":
        if not isinstance(value, str) or value.upper() not in LOG_LEVELS:
            raise ConfigError(f"{label} must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
        return value.upper()
    if expected == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{label} must be true or false, not {value!r}")
        return value
    if expected == "str":
        if not isinstance(value, str):
            raise ConfigError(f"{label} must be a string in quotes, not {value!r}")
        return value
    if expected == "int":
        if not _is_int(value) or value < 0 or (name in _POSITIVE and value == 0):
            lowest = 1 if name in _POSITIVE else 0
            raise ConfigError(f"{label} must be a whole number >= {lowest}, not {value!r}")
        return value
    if expected == "float":
        if not (_is_int(value) or isinstance(value, float)) or value <= 0:
            raise ConfigError(f"{label} must be a number of seconds > 0, not {value!r}")
        return float(value)
    raise AssertionError(f"no check for config field {name}")  # pragma: no cover


_POSITIVE = frozenset({"workers", "queue_size", "per_user", "per_guild"})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
