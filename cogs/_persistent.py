"""Buttons and text boxes (modals) that still work after the bot restarts.

A button is a discord.ui.DynamicItem whose whole state is its custom id (PersistentButton):
discord.py matches the id of every press against the templates of the registered classes
and builds the button again from the match
(https://discordpy.readthedocs.io/en/stable/interactions/api.html#dynamicitem). A button
lives as long as the message it was posted under, so its custom id is a promise to the
messages already in servers: a format never changes (tests/cogs/test_posted_buttons.py
presses each one as it was posted).

discord.py answers a modal submission only while the Modal object that opened it is in
memory; a member who opened a text box before a restart and submits it afterwards would
see "This interaction failed". Modals have no DynamicItem, so here the state lives in the
modal's custom_id (at most 100 characters) and submissions are routed by matching it
against templates, from the `on_interaction` event:

    routes = text_box_routes(bot)
    routes.add(r"puzzlebot:answer:(?P<kind>[a-z]+):(?P<day>\\d+)", on_answer)
    ...
    await open_text_box(interaction, modal)  # a discord.ui.Modal whose custom_id matches

    async def on_answer(interaction, match, fields): ...  # fields: input custom_id -> text

Every submission takes this one path, before a restart as after it: the Modal is never
kept in memory, so discord.py does not answer it a second time. An exception from a
handler reaches the member privately through cogs/errors.py.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord
from discord.ext import commands

from cogs.errors import tell_member
from puzzles.i18n import ENGLISH, Message, render

log = logging.getLogger(__name__)

CUSTOM_ID_LIMIT = 100  # Discord's limit on a custom_id
BUTTON_LABEL_LIMIT = 80  # and on a button's label
# The template of a family of buttons (DayButton, RaceButton): it matches no custom id, as
# only the family's members are registered with the bot.
FAMILY = r"(?!)"
Handler = Callable[[discord.Interaction, re.Match[str], dict[str, str]], Awaitable[None]]


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button], template=FAMILY):
    """One button. A subclass gives its template (the class keyword), label and style, makes
    its custom id from its state and reads the state back from a match (from_match). A press
    runs `pressed`, and whatever it raises reaches the member privately (cogs/errors.py):
    buttons are outside the app-command error handler."""

    label: Message | str = ""  # the English id; rendered in the language of the post or reply
    style = discord.ButtonStyle.secondary

    def __init__(
        self,
        custom_id: str,
        label: Message | str | None = None,
        style: discord.ButtonStyle | None = None,
        language: str = ENGLISH,
    ):
        # A button built again from a press (from_match) is never shown: its label there is
        # the one it was posted with, which cannot change.
        shown = render(label or self.label, language)[:BUTTON_LABEL_LIMIT]
        button = discord.ui.Button(label=shown, style=style or self.style, custom_id=custom_id)
        super().__init__(button)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The button again, from its custom id matched by its template."""
        return cls()  # type: ignore[call-arg]  # a button with a fixed custom id has no state

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.pressed(interaction)
        except Exception as error:
            await tell_member(interaction, error)

    async def pressed(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class TextBoxRoutes:
    """Modal submissions by custom_id template -> the handler that answers them."""

    def __init__(self) -> None:
        self._routes: dict[str, tuple[re.Pattern[str], Handler]] = {}

    def add(self, template: str, handler: Handler) -> None:
        self._routes[template] = (re.compile(template), handler)

    def remove(self, template: str) -> None:
        self._routes.pop(template, None)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit or not interaction.data:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        for pattern, handler in self._routes.values():
            match = pattern.fullmatch(custom_id)
            if match is None:
                continue
            fields = submitted_fields(interaction.data.get("components", []))
            try:
                await handler(interaction, match, fields)
            except Exception as error:
                await tell_member(interaction, error)
            return
        log.debug("a text box nobody answers: %s", custom_id)


_ROUTES: weakref.WeakKeyDictionary[commands.Bot, TextBoxRoutes] = weakref.WeakKeyDictionary()


def text_box_routes(bot: commands.Bot) -> TextBoxRoutes:
    """The bot's one routing table, listening from its first use."""
    routes = _ROUTES.get(bot)
    if routes is None:
        routes = _ROUTES[bot] = TextBoxRoutes()
        bot.add_listener(routes.on_interaction, "on_interaction")
    return routes


async def open_text_box(interaction: discord.Interaction, modal: discord.ui.Modal) -> None:
    """Show `modal` without keeping it in memory: its submission goes to the routes."""
    if len(modal.custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id longer than {CUSTOM_ID_LIMIT}: {modal.custom_id!r}")
    modal.stop()  # a finished modal is not stored by discord.py, so it cannot answer twice
    await interaction.response.send_modal(modal)


def submitted_fields(components: list[dict[str, Any]]) -> dict[str, str]:
    """Each text input's custom_id -> its value, from action rows or labels alike."""
    fields: dict[str, str] = {}
    for component in components:
        inner = component.get("components") or [component.get("component") or {}]
        for item in inner:
            if item.get("type") == discord.ComponentType.text_input.value:
                fields[item["custom_id"]] = item.get("value") or ""
    return fields
