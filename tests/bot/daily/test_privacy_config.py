"""How long the command log is kept: a whole number of days in a documented, finite range."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_config


def config_with(tmp_path, value: str):
    path = tmp_path / "config.toml"
    path.write_text(f"[storage]\ncommand_log_days = {value}\n")
    return load_config(path, environ={})


def test_the_command_log_is_kept_90_days_unless_configured(tmp_path):
    assert load_config(None, environ={}).command_log_days == 90
    assert config_with(tmp_path, "365").command_log_days == 365


@pytest.mark.parametrize("value", ["0", "3651", "-5", '"90"', "30.5", "true"])
def test_a_retention_outside_1_to_3650_days_names_the_key_and_the_range(tmp_path, value):
    with pytest.raises(ConfigError, match=r"storage\.command_log_days .*from 1 to 3,?650"):
        config_with(tmp_path, value)
