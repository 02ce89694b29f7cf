"""The Answer text box of a daily puzzle and of a race: one definition for both."""

from __future__ import annotations

import discord

from cogs.puzzles import labelled
from puzzles import PuzzleKind, kind_title
from puzzles.i18n import ENGLISH, _, render

DISCORD_TEXT_INPUT_LIMIT = 4000  # characters a text input may take
TITLE_LIMIT = 45  # characters of a modal's title


class AnswerBox(discord.ui.Modal):
    """The text box, in the member's `language`, for an answer to a puzzle of `kind`: a
    paragraph for the kinds answered on several lines, one line for the others. Its
    `custom_id` says which puzzle it answers; the submission is routed by that id
    (cogs/_persistent.py), so a box opened before a restart still works after it."""

    def __init__(self, kind: PuzzleKind, custom_id: str, language: str = ENGLISH):
        title = render(_("Your {kind} answer", kind=kind_title(kind)), language)
        super().__init__(title=title[:TITLE_LIMIT], timeout=None, custom_id=custom_id)
        box = discord.ui.TextInput(
            custom_id="answer",
            style=discord.TextStyle.paragraph if kind.multiline_input else discord.TextStyle.short,
            max_length=min(DISCORD_TEXT_INPUT_LIMIT, kind.max_input_chars),
        )
        self.add_item(labelled(render(_("Answer"), language), box))
