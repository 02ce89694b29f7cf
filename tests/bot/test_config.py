from __future__ import annotations

import math
import os
import re
import resource
import subprocess
import sys
import time
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from bot.config import FILE_KEYS, RANGES, Config, ConfigError, load_config

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"


def test_the_example_file_loads_and_documents_every_default():
    assert load_config(EXAMPLE, environ={}) == Config()


def test_the_environment_token_wins_over_the_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[discord]\ntoken = "from-file"\n')
    assert load_config(path, environ={}).token == "from-file"
    assert load_config(path, environ={"DISCORD_TOKEN": "from-env"}).token == "from-env"


def test_values_are_read_into_their_fields(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        "[discord]\nowner_ids = [42]\ndevelopment_guild = 7\n"
        "[workers]\ncount = 3\ndeadline_seconds = 2\n[logging]\nlevel = 'debug'\n"
    )
    config = load_config(path, environ={})
    assert config.owner_ids == (42,)
    assert config.development_guild == 7
    assert (config.workers, config.deadline_seconds, config.log_level) == (3, 2.0, "DEBUG")


def test_the_database_is_a_sqlite_file_by_default_or_a_postgresql_url(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[database]\nurl = "postgresql://bot@db.internal/puzzles"\n')
    assert load_config(path, environ={}).database == "postgresql://bot@db.internal/puzzles"
    path.write_text('[storage]\ndatabase = "old.sqlite3"\n')  # the older spelling still works
    assert load_config(path, environ={}).database == "old.sqlite3"
    assert Config().database == "sqlite:///puzzlebot.sqlite3"


def test_shard_settings_name_this_process_s_shards(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_count = 3\nshard_ids = [2, 0]\n")
    config = load_config(path, environ={})
    assert (config.shard_count, config.shard_ids) == (3, (2, 0))
    path.write_text("[discord]\nshard_count = 3\n")  # all three in this process
    assert load_config(path, environ={}).shard_ids == ()
    assert (Config().shard_count, Config().shard_ids) == (0, ())  # as Discord recommends


def test_the_environment_sets_the_shards_over_one_shared_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_count = 3\nshard_ids = [0]\n")
    environ = {"PUZZLEBOT_SHARD_IDS": " 1,2 "}
    assert load_config(path, environ=environ).shard_ids == (1, 2)
    environ = {"PUZZLEBOT_SHARD_COUNT": "4", "PUZZLEBOT_SHARD_IDS": "3"}
    config = load_config(path, environ=environ)
    assert (config.shard_count, config.shard_ids) == (4, (3,))


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"PUZZLEBOT_SHARD_IDS": "one"}, "PUZZLEBOT_SHARD_IDS must be shard numbers separated"),
        ({"PUZZLEBOT_SHARD_IDS": "0;1"}, "e.g. 0 or 0,1; not '0;1'"),
        ({"PUZZLEBOT_SHARD_IDS": "-1"}, "PUZZLEBOT_SHARD_IDS must be a list of this process's"),
        ({"PUZZLEBOT_SHARD_IDS": "3"}, "PUZZLEBOT_SHARD_IDS has 3, but with shard_count = 3"),
        ({"PUZZLEBOT_SHARD_COUNT": "three"}, "PUZZLEBOT_SHARD_COUNT must be a whole number"),
        ({"PUZZLEBOT_SHARD_COUNT": "2,3"}, "PUZZLEBOT_SHARD_COUNT must be a whole number"),
        ({"PUZZLEBOT_SHARD_COUNT": "2"}, "config.toml: discord.shard_ids has 2, but with"),
    ],
)
def test_malformed_shard_variables_name_the_variable(tmp_path, environ, message):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_count = 3\nshard_ids = [2]\n")
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(path, environ=environ)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[workers]\ncount = 'two'\n", "count must be a whole number from 1 to 64, not 'two'"),
        ("[workers]\ncount = 0\n", "workers.count must be a whole number from 1 to 64, not 0"),
        ("[workers]\ncount = 100000\n", "workers.count must be a whole number from 1 to 64"),
        ("[workers]\ncount = 2.0\n", "workers.count must be a whole number"),
        ("[workers]\ncount = true\n", "workers.count must be a whole number"),
        ("[workers]\ndeadline_seconds = -1\n", "workers.deadline_seconds must be a number"),
        ("[workers]\ndeadline_seconds = nan\n", "from 0.5 to 300 seconds, not nan"),
        ("[workers]\ndeadline_seconds = inf\n", "from 0.5 to 300 seconds, not inf"),
        ("[workers]\ngenerate_deadline_seconds = -inf\n", "not -inf"),
        ("[workers]\nqueue_size = 1000000000\n", "queue_size must be a whole number from 1 to"),
        ("[limits]\nwindow_seconds = nan\n", "limits.window_seconds must be a number from 1"),
        ("[limits]\nper_guild = 0\n", "limits.per_guild must be a whole number from 1"),
        ("[daily]\npoll_seconds = 1e9\n", "daily.poll_seconds must be a number from 1 to"),
        ("[discord]\ndevelopment_guild = -5\n", "discord.development_guild must be a whole"),
        ("[discord]\ndevelopment_guild = 99999999999999999999\n", "from 0 to 9,223,372,"),
        ("[discord]\nowner_ids = [0]\n", "discord.owner_ids must be a list of Discord user"),
        ("[discord]\nowner_ids = [nan]\n", "discord.owner_ids must be a list of Discord user"),
        ("[discord]\nowner_ids = 42\n", "discord.owner_ids must be a list of Discord user ids"),
        ("[discord]\ntokn = 'x'\n", "unknown key discord.tokn"),
        ("[logging]\nlevel = 'LOUD'\n", "logging.level must be one of DEBUG, INFO"),
        ("[storage]\ndatabase = 5\n", "storage.database must be a string"),
        ("[database]\nurl = 5\n", "database.url must be a string"),
        ("workers = 3\n", "workers must be a [workers] table"),
        ("[discord]\nshard_count = -1\n", "discord.shard_count must be a whole number from 0"),
        ("[discord]\nshard_count = 2.5\n", "discord.shard_count must be a whole number"),
        ("[discord]\nshard_ids = 1\n", "discord.shard_ids must be a list of this process's"),
        ("[discord]\nshard_ids = ['0']\n", "shard numbers, counted from 0, e.g. [0, 1]"),
        ("[discord]\nshard_ids = [-1]\n", "discord.shard_ids must be a list"),
        ("[discord]\nshard_ids = [0]\n", "discord.shard_ids needs discord.shard_count"),
        ("[discord]\nshard_ids = [0]\n", "e.g. shard_count = 3 with shard_ids = [0]"),
        ("[discord]\nshard_count = 2\nshard_ids = [0, 2]\n", "numbered 0 to 1"),
        ("[discord]\nshard_count = 3\nshard_ids = [3]\n", "has 3, but with shard_count = 3"),
        ("[discord]\nshard_count = 3\nshard_ids = [1, 1]\n", "lists shard 1 more than once"),
        ("[workers\ncount = 3\n", "is not valid TOML"),
    ],
)
def test_a_malformed_config_names_the_key(tmp_path, text, message):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as raised:
        load_config(path, environ={})
    assert message in str(raised.value)
    assert str(path) in str(raised.value)


def test_a_missing_file_says_how_to_make_one(tmp_path):
    with pytest.raises(ConfigError, match=r"copy config\.example\.toml"):
        load_config(tmp_path / "absent.toml", environ={})


def test_the_example_file_documents_every_key():
    document = tomllib.loads(EXAMPLE.read_text())
    missing = [f"{s}.{k}" for s, k in FILE_KEYS if k not in document.get(s, {})]
    assert missing == []


def test_every_number_has_a_finite_range_and_the_example_file_states_it():
    numeric = {f.name for f in fields(Config) if f.type in ("int", "float")} | {"owner_ids"}
    assert set(RANGES) == numeric
    example = EXAMPLE.read_text()
    for name, (low, high, _unit) in RANGES.items():
        assert math.isfinite(low) and math.isfinite(high) and low <= high
        if name not in ("development_guild", "owner_ids"):  # ids: any Discord id
            assert f"{low:g} to {high:g}" in example, name


@pytest.mark.parametrize("name", sorted(set(RANGES) - {"owner_ids"}))
def test_the_ends_of_each_range_are_accepted_and_just_past_them_refused(tmp_path, name):
    (section, key) = next(place for place, field in FILE_KEYS.items() if field == name)
    low, high, _ = RANGES[name]
    is_int = isinstance(getattr(Config(), name), int)
    step = 1 if is_int else 0.01
    path = tmp_path / "config.toml"
    for value, accepted in ((low, True), (high, True), (low - step, False), (high + step, False)):
        path.write_text(f"[{section}]\n{key} = {value!r}\n")
        if accepted:
            assert getattr(load_config(path, environ={}), name) == value
        else:
            with pytest.raises(ConfigError, match=f"{section}.{key} must be"):
                load_config(path, environ={})


@pytest.mark.parametrize(
    "value", ['["my-secret-token"]', "{ secret = 'my-secret-token' }", "12345678901234"]
)
def test_a_token_of_the_wrong_type_is_refused_without_showing_it(tmp_path, value):
    path = tmp_path / "config.toml"
    path.write_text(f"[discord]\ntoken = {value}\n")
    with pytest.raises(ConfigError) as raised:
        load_config(path, environ={})
    message = str(raised.value)
    assert "discord.token must be a string" in message
    assert "my-secret-token" not in message and "12345678901234" not in message
    assert "\n" not in message


# --- files no config is, and the one rule for digits (issue 30) ------------------------------

UNREADABLE_FILES = [
    (b"[workers]\ncount = " + b"1" * 4400 + b"\n", "more than 4,300 digits"),
    (b"[workers]\ncount = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nests"),
    (b"[workers]\ncount = " + b"{a = " * 3000 + b"1" + b"}" * 3000 + b"\n", "nests"),
    (b"\xff\xfe[\x00w\x00", "not UTF-8"),
]


@pytest.mark.parametrize(
    ("content", "message"), UNREADABLE_FILES, ids=["4400-digits", "arrays", "tables", "utf16"]
)
def test_a_file_tomllib_cannot_read_is_one_line(tmp_path, content, message):
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=message) as refused:
        load_config(path, environ={})
    assert "\n" not in str(refused.value) and str(path) in str(refused.value)


def test_an_endless_file_is_refused_without_reading_it_all(tmp_path):
    start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ConfigError, match="too large for a config file"):
        load_config("/dev/zero", environ={})
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start
    assert grown_kb < 50_000


def test_a_file_saved_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xef\xbb\xbf[workers]\ncount = 3\n")
    assert load_config(path, environ={}).workers == 3


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (b"[workers]\ncount = " + b"[" * 5000 + b"]" * 5000, "nests arrays or tables"),
        (b"[workers]\ncount = " + b"9" * 4400, "more than 4,300 digits"),
    ],
)
def test_the_command_line_reports_an_unreadable_config_in_one_line(tmp_path, config, message):
    path = tmp_path / "config.toml"
    path.write_bytes(config)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "sync", "--config", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "DISCORD_TOKEN": ""},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_one_hundred_thousand_shard_ids_load_at_once():
    ids = ",".join(str(n) for n in range(100_000))
    start = time.process_time()
    config = load_config(None, {"PUZZLEBOT_SHARD_COUNT": "100000", "PUZZLEBOT_SHARD_IDS": ids})
    assert len(config.shard_ids) == 100_000
    assert time.process_time() - start < 2  # 3 minutes when each id was looked for in all
    with pytest.raises(ConfigError, match="lists shard 5 more than once"):
        load_config(None, {"PUZZLEBOT_SHARD_COUNT": "100000", "PUZZLEBOT_SHARD_IDS": ids + ",5"})


@pytest.mark.parametrize("text", ["٣", "0,٣", "²", "５", "1" + "0" * 5000])
def test_shard_ids_are_ascii_digits_as_puzzle_text_is(text):
    with pytest.raises(ConfigError, match="PUZZLEBOT_SHARD_IDS") as refused:
        load_config(None, {"PUZZLEBOT_SHARD_COUNT": "10", "PUZZLEBOT_SHARD_IDS": text})
    assert len(str(refused.value)) < 300
