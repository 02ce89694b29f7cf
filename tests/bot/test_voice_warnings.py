"""The bot never joins voice, so its log carries no warning about voice libraries."""

from __future__ import annotations

import logging

import discord

from bot.app import PuzzleBot
from bot.config import Config


def test_starting_the_bot_logs_no_voice_library_warnings(caplog, monkeypatch):
    # As on a machine without PyNaCl or davey, where discord.py warns once per process.
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True, raising=False)
    with caplog.at_level(logging.WARNING, logger="discord"):
        PuzzleBot(Config(token="unused"))
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
