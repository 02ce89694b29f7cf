"""A member's right to have their data deleted in a server: the confirm buttons of
/delete-my-data and /puzzle-settings forget-member (cogs/daily.py), which delete the daily
results, race results and logged commands together.
"""

from __future__ import annotations

import re
from typing import Self

import discord

from cogs._language import member_language
from cogs._persistent import PersistentButton
from cogs.daily_views import daily_service, puzzle_bot, require_manager, require_server
from cogs.race import forget_race_data
from puzzles import PuzzleError
from puzzles.i18n import ENGLISH, _, ngettext, render


class ForgetButton(PersistentButton, template=r"puzzlebot:forget:(?P<user>\d+)"):
    """Confirms deleting one member's data in this server: pressed by that member, or by
    someone with Manage Server (for a member who left)."""

    label, style = _("Delete for good"), discord.ButtonStyle.danger

    def __init__(self, user_id: int, language: str = ENGLISH):
        super().__init__(f"puzzlebot:forget:{user_id}", language=language)
        self.user_id = user_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["user"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = require_server(interaction)
        if interaction.user.id != self.user_id:
            require_manager(interaction)
        await interaction.response.defer()  # deletes take time: acknowledge first
        results = await daily_service(interaction).forget_member(guild_id, self.user_id)
        database = puzzle_bot(interaction).database
        assert database is not None, "the cog answers only a bot that serves commands"
        commands_logged = await database.forget_commands(guild_id, self.user_id)
        races = await forget_race_data(interaction, guild_id, self.user_id)
        counts = {
            "results": ngettext("{count} daily result", "{count} daily results", results),
            "races": ngettext("{count} race result", "{count} race results", races),
            "commands": ngettext(
                "{count} logged command", "{count} logged commands", commands_logged
            ),
        }
        if interaction.user.id == self.user_id:
            done = _(
                "Done. Your data in this server is deleted: {results} (and the streaks and "
                "stats they made), {races} (and the race rating) and {commands}.",
                **counts,
            )
        else:
            done = _(
                "Done. The data of {member} in this server is deleted: {results} (and the "
                "streaks and stats they made), {races} (and the race rating) and {commands}.",
                member=f"<@{self.user_id}>",
                **counts,
            )
        await interaction.edit_original_response(
            content=render(done, member_language(interaction)), view=None
        )


class KeepButton(PersistentButton, template=r"puzzlebot:keep"):
    label = _("Cancel")

    def __init__(self, language: str = ENGLISH):
        super().__init__("puzzlebot:keep", language=language)

    async def pressed(self, interaction: discord.Interaction) -> None:
        kept = render(_("Nothing was deleted."), member_language(interaction))
        await interaction.response.edit_message(content=kept, view=None)


def confirm_view(user_id: int, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, language))
    view.add_item(KeepButton(language))
    return view


def parse_user_id(text: str) -> int:
    """'123456789012345678' or a mention '<@123...>' -> the id; a PuzzleError says the form."""
    match = re.fullmatch(r"\s*(?:<@!?)?(\d{15,21})>?\s*", text)
    if match is None:
        raise PuzzleError(
            _("{typed} is not a Discord user id", typed=repr(text)),
            example=_(
                "123456789012345678 (Developer Mode on, right-click the member: Copy User ID)"
            ),
        )
    return int(match[1])


DATA_BUTTONS = (ForgetButton, KeepButton)
