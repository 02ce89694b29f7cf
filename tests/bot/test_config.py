from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.config import FILE_KEYS, Config, ConfigError, load_config

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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[workers]\ncount = 'two'\n", "workers.count must be a whole number >= 1, not 'two'"),
        ("[workers]\ncount = 0\n", "workers.count must be a whole number >= 1"),
        ("[workers]\ndeadline_seconds = -1\n", "workers.deadline_seconds must be a number"),
        ("[discord]\nowner_ids = 42\n", "discord.owner_ids must be a list of Discord user ids"),
        ("[discord]\ntokn = 'x'\n", "unknown key discord.tokn"),
        ("[logging]\nlevel = 'LOUD'\n", "logging.level must be one of DEBUG, INFO"),
        ("[storage]\ndatabase = 5\n", "storage.database must be a string"),
        ("workers = 3\n", "workers must be a [workers] table"),
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
