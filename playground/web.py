"""The playground's web server: the page, and the JSON the page reads and sends.

Everything a member does goes through the local Discord server's driver API (the same the
end-to-end tests use): a command line becomes send_slash_command, a suggestion for an option
the bot completes becomes send_autocomplete, a button click_button, a text box submit_modal.
What the page shows is the server's stored messages, as the chosen member would see them.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from typing import Any

from aiohttp import web

from bot.app import PuzzleBot
from localdiscord import (
    CommandHidden,
    FakeUser,
    InteractionHandle,
    LocalDiscord,
    StoredAttachment,
    StoredMessage,
    WaitTimeout,
)
from localdiscord.attachment_options import UploadTooLarge
from localdiscord.interactions import APPLICATION_COMMAND, MODAL_SUBMIT

from . import composer, edge
from .clock import PlaygroundClock, advance_to_next_post, end_the_day
from .edge import PageError
from .feed import Feed
from .world import Member


def _suffix(name: str) -> str:
    return name[name.rfind(".") :] if "." in name else ""


STATIC = resources.files("playground") / "static"
STATIC_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".ttf": "font/ttf",
}
# The page's own files by name (nothing else is looked up on the disk), and the emoji font
# the bot draws with, for a machine that has none (app.css takes only emoji from it).
STATIC_FILES = {
    **{p.name: p for p in STATIC.iterdir() if _suffix(p.name) in STATIC_TYPES},
    "emoji.ttf": resources.files("renderers") / "fonts" / "NotoColorEmoji-small.ttf",
}
# The client languages a member can choose (Discord's locales the bot has a catalogue for),
# each named in itself as Discord's language menu names it.
LANGUAGES = {"en-US": "English", "fr": "Français", "es-ES": "Español", "nl": "Nederlands"}
LONG_POLL_SECONDS = 20.0
AUTOCOMPLETE_WAIT = 3.0  # Discord's client gives up on the bot's choices as quickly
# Nothing is loaded from elsewhere: the page's own files, and pictures the bot uploaded.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
        " connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class PlaygroundWeb:
    def __init__(
        self,
        server: LocalDiscord,
        bot: PuzzleBot,
        clock: PlaygroundClock,
        members: list[Member],
    ) -> None:
        self.server, self.bot, self.clock, self.members = server, bot, clock, members
        self.feed = Feed(server, self._message_view)
        self.long_poll_seconds = LONG_POLL_SECONDS
        self.app = web.Application(
            middlewares=[self._errors_as_json], client_max_size=edge.MAX_BODY_BYTES
        )
        self.app.on_response_prepare.append(_secure)
        self.app.router.add_get("/", self._index)
        self.app.router.add_get("/static/{name}", self._static)
        self.app.router.add_get("/attachments/{attachment_id}/{filename}", self._attachment)
        self.app.router.add_get("/api/state", self._state)
        self.app.router.add_get("/api/messages", self._messages)
        self.app.router.add_post("/api/suggest", self._suggest)
        self.app.router.add_post("/api/upload", self._upload)
        self.app.router.add_post("/api/command", self._command)
        self.app.router.add_post("/api/button", self._button)
        self.app.router.add_post("/api/select", self._select)
        self.app.router.add_post("/api/modal", self._modal)
        self.app.router.add_post("/api/clock", self._clock)
        self.app.router.add_post("/api/language", self._language)
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self, port: int = 0, host: str = "127.0.0.1") -> str:
        """Listen on loopback (port 0: a free one); the page's address."""
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        bound_host, bound_port = self._runner.addresses[0][:2]
        self.url = f"http://{bound_host}:{bound_port}/"
        return self.url

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the page -------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        return _file("index.html")

    async def _static(self, request: web.Request) -> web.Response:
        return _file(request.match_info["name"])

    async def _attachment(self, request: web.Request) -> web.Response:
        wanted = request.match_info["attachment_id"]
        for message in self.server.messages.values():
            for attachment in message.attachments:
                if str(attachment.id) == wanted:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        raise web.HTTPNotFound()

    # --- what the page shows ----------------------------------------------------------------

    async def _state(self, request: web.Request) -> web.Response:
        guild = self.server.guild
        return _json(
            {
                "guild": guild.name,
                "bot": self.server.bot_user.username,
                "members": [
                    {
                        "id": str(m.user.id),
                        "name": m.user.username,
                        "manages_server": m.manages_server,
                        "locale": m.user.locale,
                    }
                    for m in self.members
                ],
                "channels": [{"id": str(c.id), "name": c.name} for c in guild.channels],
                "users": {str(u.id): _name(u) for u in self.server.users.values()},
                "now": self.clock().isoformat(),
                "languages": [{"locale": k, "name": v} for k, v in LANGUAGES.items()],
            }
        )

    async def _messages(self, request: web.Request) -> web.Response:
        """The channel as the member sees it (its messages, and the private replies to their
        own interactions): what changed since the version the page has (`since`), held until
        something did, for up to `long_poll_seconds`."""
        member = self._member(request.query.get("member"))
        channel = self._channel(request.query.get("channel"))
        since = request.query.get("since", "0")
        since_version = int(since) if since.isascii() and since.isdigit() and len(since) < 19 else 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.long_poll_seconds
        while True:
            self.feed.refresh()
            update = self.feed.update_for(member.user, channel, since_version)
            if update["changed"] or loop.time() >= deadline:
                break
            await self.server.wait_for_change(deadline - loop.time())
        return _json({**update, "now": self.clock().isoformat()})

    def _message_view(self, message: StoredMessage) -> dict[str, Any]:
        local = {a.filename: f"/attachments/{a.id}/{a.filename}" for a in message.attachments}
        embeds = [_with_local_urls(e, local) for e in message.embeds]
        components = [_with_local_urls(c, local) for c in message.components]
        shown_elsewhere = json.dumps([embeds, components])
        handle = self._command_behind(self.server.interactions.get(message.interaction_id or 0))
        return {
            "id": str(message.id),
            "author": _name(message.author),
            "bot": message.author.bot,
            "content": message.content,
            "embeds": embeds,
            "components": components,
            "attachments": [
                {
                    "url": local[a.filename],
                    "filename": a.filename,
                    "description": a.description or "",
                    "image": a.content_type.startswith("image/"),
                    "size": len(a.data),
                }
                for a in message.attachments
                if local[a.filename] not in shown_elsewhere  # an embed's picture is in the embed
            ],
            "ephemeral": message.ephemeral,
            "loading": message.loading,
            "edited": message.edited_timestamp is not None,
            "timestamp": message.timestamp,
            "invoked": _invoked(handle) if handle is not None else None,
        }

    def _command_behind(self, handle: InteractionHandle | None) -> InteractionHandle | None:
        """The slash command a reply answers: the interaction itself, or for a text box's
        submission the command that opened the box (Discord names it above the reply)."""
        if handle is None or handle.type != MODAL_SUBMIT:
            return handle
        custom_id = handle.payload.get("data", {}).get("custom_id")
        return next(
            (
                earlier
                for earlier in reversed(self.server.interactions.values())
                if earlier.modal is not None
                and earlier.modal.get("custom_id") == custom_id
                and earlier.user is handle.user
                and earlier.type == APPLICATION_COMMAND
            ),
            None,
        )

    # --- what the member does ---------------------------------------------------------------

    async def _suggest(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        channel = self._channel(body.get("channel"))
        text = edge.text(body, "text")
        items, ask = composer.suggest(text, self._visible_commands(member), self._directory())
        if ask is not None:
            items = await self._bot_choices(ask, text, member, channel) + items
        return _json({"suggestions": [vars(item) for item in items]})

    async def _bot_choices(
        self, ask: composer.AutocompleteAsk, text: str, member: Member, channel
    ) -> list[composer.Suggestion]:
        try:
            handle = await self.server.send_autocomplete(
                " ".join(ask.path), ask.options, ask.focused, user=member.user, channel=channel
            )
            choices = await handle.autocomplete_choices(timeout=AUTOCOMPLETE_WAIT)
        except (ValueError, LookupError, WaitTimeout):
            return []  # Discord's client shows no choices then either
        head = text[: ask.value_start]
        return [
            composer.Suggestion(c["name"], ask.focused, f"{head}{c['value']} ") for c in choices
        ]

    async def _upload(self, request: web.Request) -> web.Response:
        """A file picked for a command's file option, uploaded first, as Discord's client
        uploads it before sending the command; the page sends its id with the command."""
        filename = request.query.get("filename", "")
        if not 0 < len(filename) <= edge.MAX_FILENAME or "/" in filename:
            raise PageError("filename: expected the picked file's name, e.g. photo.jpg")
        content_type = request.query.get("type") or None
        data = await edge.file_body(request, filename)
        try:
            upload = self.server.upload(filename, data, content_type)
        except UploadTooLarge as refused:
            raise PageError(str(refused)) from None
        return _json({"id": str(upload.id), "filename": upload.filename, "size": len(data)})

    async def _command(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        channel = self._channel(body.get("channel"))
        text = edge.text(body, "text")
        attached = self._attached(body)
        try:  # read against every command: one the member is not shown is refused below
            invocation = composer.parse(text, self._synced_commands(), self._directory(), attached)
            handle = await self.server.send_slash_command(
                invocation.name, invocation.options, user=member.user, channel=channel
            )
        except CommandHidden:
            raise PageError(
                f"{member.user.username} is not shown that command: it needs a permission they "
                "lack (Manage Server); switch to morgan"
            ) from None
        except (composer.CommandLineError, ValueError, LookupError) as error:
            raise PageError(str(error)) from None
        return _json(await self._outcome(handle))

    async def _button(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        message_id = edge.snowflake(body, "message")
        custom_id = edge.text(body, "custom_id", edge.MAX_ID)
        message = self._message(message_id)
        try:
            handle = await self.server.click_button(message, custom_id, user=member.user)
        except KeyError as error:
            raise PageError(f"that button is gone ({error})") from None
        return _json(await self._outcome(handle))

    async def _select(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        message_id = edge.snowflake(body, "message")
        custom_id = edge.text(body, "custom_id", edge.MAX_ID)
        values = edge.texts(body, "values")
        message = self._message(message_id)
        try:
            handle = await self.server.choose_select(message, custom_id, values, user=member.user)
        except KeyError as error:
            raise PageError(f"that menu is gone ({error})") from None
        return _json(await self._outcome(handle))

    async def _modal(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        opened = self.server.interactions.get(edge.snowflake(body, "interaction"))
        fields = edge.fields(body, "fields")
        if opened is None or opened.modal is None:
            raise PageError("that text box is no longer open; run the command again")
        try:
            handle = await opened.submit_modal(fields, user=member.user)
        except ValueError as error:
            raise PageError(str(error)) from None
        return _json(await self._outcome(handle))

    async def _outcome(self, handle: InteractionHandle) -> dict[str, Any]:
        """What the member sees at once: a text box the bot opened, or the failure Discord
        shows when the bot does not answer in time."""
        try:
            callback = await handle.initial_response(timeout=self.server.interaction_deadline + 1)
        except WaitTimeout:
            return {"error": "The application did not respond"}
        if callback.status is not None and callback.status >= 400:
            return {"error": "Interaction failed: Discord refused the bot's answer"}
        if handle.modal is not None:
            return {"modal": handle.modal, "interaction": str(handle.id)}
        return {"ok": True}

    async def _language(self, request: web.Request) -> web.Response:
        """The member's Discord client language: their command list and what the bot hears
        from them (each interaction's locale) follow it from now on."""
        body = await edge.body_of(request)
        member = self._member(body.get("member"))
        locale = edge.text(body, "locale", edge.MAX_ID)
        if locale not in LANGUAGES:
            raise PageError(f"no language {locale!r}; one of {', '.join(LANGUAGES)}")
        member.user.locale = locale
        return _json({"locale": locale})

    async def _clock(self, request: web.Request) -> web.Response:
        body = await edge.body_of(request)
        actions = {"next-post": advance_to_next_post, "end-day": end_the_day}
        wanted = edge.text(body, "action", edge.MAX_ID)
        action = actions.get(wanted)
        if action is None:
            raise PageError(f"no clock action {wanted!r}; one of {sorted(actions)}")
        note = await action(self.bot, self.clock)
        return _json({"note": note, "now": self.clock().isoformat()})

    # --- lookups ----------------------------------------------------------------------------

    def _attached(self, body: dict[str, Any]) -> StoredAttachment | None:
        """The file the page uploaded for this command, if it sent one."""
        if body.get("attachment") is None:
            return None
        upload = self.server.uploaded(edge.snowflake(body, "attachment"))
        if upload is None:
            raise PageError("that file is no longer attached; pick it again with 📎")
        return upload

    def _member(self, member_id: Any) -> Member:
        found = next((m for m in self.members if str(m.user.id) == str(member_id)), None)
        if found is None:
            raise PageError("choose a member to act as")
        return found

    def _channel(self, channel_id: Any):
        """The channel or thread shown (the default channel when none is chosen)."""
        guild = self.server.guild
        for channel in [*guild.channels, *guild.threads]:
            if str(channel.id) == str(channel_id):
                return channel
        return self.server.channel

    def _message(self, message_id: int) -> StoredMessage:
        message = self.server.messages.get(message_id)
        if message is None or message.deleted:
            raise PageError("that message is gone")
        return message

    def _visible_commands(self, member: Member) -> list[dict[str, Any]]:
        """The synced commands the member's command list shows, in their language (Discord
        hides the ones whose default permissions they lack)."""
        listed = self.server.listed_commands(member.user, self.server.guild)
        return [c for c in listed if c.get("type", 1) == 1]  # slash commands

    def _synced_commands(self) -> list[dict[str, Any]]:
        synced = [*self.server.commands(self.server.guild), *self.server.commands(None)]
        return [c for c in synced if c.get("type", 1) == 1]  # slash commands

    def _directory(self) -> composer.Directory:
        guild = self.server.guild
        users = [m.user for m in guild.members.values()]
        return composer.directory_of(users, guild.channels, guild.roles)

    @web.middleware
    async def _errors_as_json(self, request: web.Request, handler: Any) -> web.StreamResponse:
        # Only this page may drive the bot: a page elsewhere that reaches this port through a
        # name of its own (DNS rebinding) or a plain form post (no JSON) is turned away.
        port = self.url.rsplit(":", 1)[-1].rstrip("/")
        if request.host not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            return _json({"error": "the playground answers only at its own address"}, 403)
        # A file comes as raw bytes, a type no form of another page can send without asking
        # first (a CORS preflight, which this server never grants).
        sends = "application/octet-stream" if request.path == "/api/upload" else "application/json"
        if request.method == "POST" and request.content_type != sends:
            return _json({"error": f"the page sends {sends} here"}, 415)
        try:
            return await handler(request)
        except PageError as error:
            return _json({"error": str(error)}, status=400)


def _invoked(handle: InteractionHandle) -> dict[str, str] | None:
    """Who used which command, for the line above a reply ("alice used /solve letterboxed"),
    and the locale the interaction told the bot they read."""
    data = handle.payload.get("data", {})
    if handle.type != APPLICATION_COMMAND or handle.user is None:
        return None
    path = [data.get("name", "")]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        path.append(options[0]["name"])
        options = options[0].get("options") or []
    return {
        "user": _name(handle.user),
        "command": "/" + " ".join(path),
        "locale": handle.payload.get("locale", ""),
    }


def _name(user: FakeUser) -> str:
    return user.global_name or user.username


def _with_local_urls(item: Any, local: dict[str, str]) -> Any:
    """An embed or component with attachment://name pictures pointing at this server."""
    if isinstance(item, dict):
        return {key: _with_local_urls(value, local) for key, value in item.items()}
    if isinstance(item, list):
        return [_with_local_urls(value, local) for value in item]
    if isinstance(item, str) and item.startswith("attachment://"):
        return local.get(item.removeprefix("attachment://"), "")
    return item


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status)


def _file(name: str) -> web.Response:
    path = STATIC_FILES.get(name)
    if path is None:
        raise web.HTTPNotFound()
    return web.Response(body=path.read_bytes(), content_type=STATIC_TYPES[_suffix(name)])


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)
