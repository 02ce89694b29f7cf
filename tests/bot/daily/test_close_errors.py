"""Which failures to post a day's answer end its tries at once, and what the admin reads."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.background import is_permanent
from bot.daily.scheduler import problem_text


def refusal(kind: type[discord.HTTPException], status: int, code: int, text: str):
    response = SimpleNamespace(status=status, reason=text)
    return kind(response, {"code": code, "message": text})


@pytest.mark.parametrize(
    ("error", "permanent", "said"),
    [
        (refusal(discord.NotFound, 404, 10003, "Unknown Channel"), True, "no longer exists"),
        (refusal(discord.Forbidden, 403, 50001, "Missing Access"), True, "may not post"),
        (refusal(discord.Forbidden, 403, 50013, "Missing Permissions"), True, "Send Messages"),
        (refusal(discord.DiscordServerError, 503, 0, "Unavailable"), False, "(503)"),
    ],
)
def test_a_gone_hidden_or_shut_channel_is_permanent_an_outage_is_tried_again(
    error, permanent, said
):
    assert is_permanent(error) is permanent
    assert said in str(problem_text(123, error))
