"""Application commands: syncing the command tree (global and per server), who is shown
which command, and building the data of a slash command or autocomplete a member sends.

Discord's reference: https://discord.com/developers/docs/interactions/application-commands
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from aiohttp import web

from . import localizations, validation
from .http import RECORD, id_of, invalid_form_body, json_response
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    InteractionHandle,
    build_options,
    resolved_for,
)
from .models import (
    FakeChannel,
    FakeGuild,
    FakeUser,
    RecordedRequest,
    snowflake,
)

# https://discord.com/developers/docs/interactions/application-commands#registering-a-command:
# "There is a global rate limit of 200 application command creates per day, per guild", and
# past it error 30034 (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
CREATES_PER_DAY = 200
DAY = 24 * 60 * 60.0
TOO_MANY_CREATES = 30034


class CommandHidden(LookupError):
    """The member lacks the command's default_member_permissions: Discord's client does not
    show it to them, so they cannot run it (nor get its autocomplete)."""


class ApplicationCommandsArea:
    """The application commands part of LocalDiscord (see server.py for the driver API)."""

    def commands(
        self, guild: FakeGuild | int | None = None, *, locale: str | None = None
    ) -> list[dict[str, Any]]:
        """The synced commands (global, or of ``guild``) as stored after PUT/POST, or as a
        client of ``locale`` is shown them (names, descriptions and choices localized)."""
        stored = self._commands.get(id_of(guild), [])
        if locale is None:
            return list(stored)
        return [localizations.in_locale(command, locale) for command in stored]

    def command_names(self, guild: FakeGuild | int | None = None) -> list[str]:
        return [command["name"] for command in self.commands(guild)]

    def command(self, name: str, guild: FakeGuild | int | None = None) -> dict[str, Any]:
        for command in self.commands(guild):
            if command["name"] == name:
                return command
        raise KeyError(f"no synced command {name!r}; synced: {self.command_names(guild)}")

    async def send_slash_command(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
        subcommand: str | None = None,
    ) -> InteractionHandle:
        """Dispatch INTERACTION_CREATE for ``/name [subcommand] options...``.

        ``name`` may hold the whole path ("solve letterboxed", "admin daily set");
        ``subcommand`` is an alternative way to give the rest of it. Option values are
        str/int/float/bool or FakeUser/FakeChannel/FakeRole (sent with ``resolved`` data).
        Returns the handle that follows the bot's response.
        """
        self._refuse_hidden(name.split()[0], user, guild or self._guild_for(channel))
        data = self._command_data(
            name, subcommand, options or {}, guild or self._guild_for(channel)
        )
        return await self._send_interaction(APPLICATION_COMMAND, data, user, guild, channel)

    async def send_autocomplete(
        self,
        name: str,
        options: dict[str, Any],
        focused: str,
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
        subcommand: str | None = None,
    ) -> InteractionHandle:
        """Dispatch an autocomplete interaction (type 4) while the user types option
        ``focused`` (its partial text is ``options[focused]``); then
        ``await handle.autocomplete_choices()``."""
        self._refuse_hidden(name.split()[0], user, guild or self._guild_for(channel))
        data = self._command_data(
            name, subcommand, options, guild or self._guild_for(channel), focused=focused
        )
        return await self._send_interaction(AUTOCOMPLETE, data, user, guild, channel)

    def _find_command(self, name: str, guild: FakeGuild | None) -> dict[str, Any] | None:
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for command in self._commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        return None

    def _command_data(
        self,
        name: str,
        subcommand: str | None,
        values: dict[str, Any],
        guild: FakeGuild | None,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        path = name.split() + (subcommand.split() if subcommand else [])
        command = self._find_command(path[0], guild or self.guild)
        if command is None and self.strict_commands:
            raise LookupError(
                f"/{path[0]} is not synced (synced: {self._all_command_names()}); "
                "sync the tree first or use LocalDiscord(strict_commands=False)"
            )
        declared = command.get("options", []) if command else None
        kinds = []
        for depth, part in enumerate(path[1:], start=1):
            group = next((o for o in declared or [] if o["name"] == part), None)
            if command is not None and (group is None or group["type"] not in (1, 2)):
                raise LookupError(f"/{' '.join(path[:depth])} has no subcommand {part!r}")
            kinds.append(group["type"] if group else (1 if depth == len(path) - 1 else 2))
            declared = group.get("options", []) if group else None
        where = "/" + " ".join(path)
        subcommands = [o["name"] for o in declared or [] if o["type"] in (1, 2)]
        if subcommands:
            raise LookupError(f"{where} is a group; name one of its subcommands {subcommands}")
        options = build_options(declared, values, focused=focused, where=where)
        for part, kind in reversed(list(zip(path[1:], kinds, strict=True))):
            options = [{"name": part, "type": kind, "options": options}]
        data: dict[str, Any] = {
            "id": command["id"] if command else str(snowflake()),
            "name": path[0],
            "type": 1,
            "options": options,
        }
        if command and command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        resolved = resolved_for(values, guild or self.guild)
        if resolved:
            data["resolved"] = resolved
        return data

    def visible_command_names(
        self, user: FakeUser | None = None, guild: FakeGuild | None = None
    ) -> list[str]:
        """The synced commands ``user`` (default alice) is shown in ``guild``'s command list."""
        guild = guild or self.guild
        granted = guild.permissions_of((user or self.user).id)
        commands = [*self._commands.get(guild.id, []), *self._commands.get(None, [])]
        return [
            c["name"]
            for c in commands
            if validation.may_use(c.get("default_member_permissions"), granted)
            or (user or self.user).id in guild.command_users.get(c["name"], set())
        ]

    def listed_commands(
        self, user: FakeUser | None = None, guild: FakeGuild | None = None
    ) -> list[dict[str, Any]]:
        """The commands ``user``'s command list shows in ``guild``, in their client's locale:
        those their permissions let them see, this server's first."""
        guild, user = guild or self.guild, user or self.user
        shown = set(self.visible_command_names(user, guild))
        listed = [*self.commands(guild, locale=user.locale), *self.commands(locale=user.locale)]
        return [command for command in listed if command["name"] in shown]

    def _refuse_hidden(self, name: str, user: FakeUser | None, guild: FakeGuild | None) -> None:
        guild, user = guild or self.guild, user or self.user
        command = self._find_command(name, guild)
        required = command.get("default_member_permissions") if command else None
        allowed = user.id in guild.command_users.get(name, set())
        if not allowed and not validation.may_use(required, guild.permissions_of(user.id)):
            raise CommandHidden(
                f"/{name} is not shown to {user.username}: it needs permissions "
                f"{required} and they have {guild.permissions_of(user.id)}"
            )

    def _all_command_names(self) -> dict[str, list[str]]:
        return {str(scope): [c["name"] for c in cmds] for scope, cmds in self._commands.items()}

    def _scope(self, request: web.Request) -> int | None:
        guild_id = request.match_info.get("guild_id")
        return int(guild_id) if guild_id else None

    def _stored_command(
        self, payload: dict[str, Any], scope: int | None, previous: list[dict[str, Any]]
    ) -> dict[str, Any]:
        same = next(
            (
                c
                for c in previous
                if c["name"] == payload.get("name") and c.get("type", 1) == payload.get("type", 1)
            ),
            None,
        )
        stored = {
            "type": 1,
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "options": [],
            **payload,
            "id": same["id"] if same else str(snowflake()),
            "application_id": str(self.application_id),
            "version": str(snowflake()),
        }
        if stored["default_member_permissions"] is not None:  # Discord answers a string
            stored["default_member_permissions"] = str(stored["default_member_permissions"])
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _list_commands(self, request: web.Request) -> web.Response:
        """#retrieving-localized-commands: the whole dictionaries only with
        ?with_localizations=true; otherwise name_localized and description_localized in the
        requester's X-Discord-Locale, when it sends one."""
        stored = self._commands.get(self._scope(request), [])
        if request.query.get("with_localizations", "").lower() == "true":
            return json_response(stored)
        locale = request.headers.get("X-Discord-Locale")
        return json_response([_listed(command, locale) for command in stored])

    def _refused_localizations(
        self, record: RecordedRequest, payloads: list[dict[str, Any]], *, listed: bool
    ) -> web.Response | None:
        """Discord's 400 when any localization of any command breaks its rules (the whole
        overwrite is refused), naming the command by its index when a list was sent."""
        errors = [
            error._replace(path=(str(index), *error.path)) if listed else error
            for index, command in enumerate(payloads)
            for error in localizations.command_errors(command)
        ]
        if not errors:
            return None
        self._violate("invalid_form_body", "; ".join(map(str, errors)), record)
        return invalid_form_body(localizations.form_errors(errors))

    def _creates_refused(
        self, scope: int | None, payloads: list[dict[str, Any]], record: RecordedRequest
    ) -> web.Response | None:
        """Count the commands these payloads would newly create in ``scope`` (a name and type
        not there yet) against the day's 200; None when they fit."""
        previous = {(c["name"], c.get("type", 1)) for c in self._commands.get(scope, [])}
        new = [p for p in payloads if (p.get("name"), p.get("type", 1)) not in previous]
        now = asyncio.get_running_loop().time()
        creates = self._command_creates.setdefault(scope, deque())
        while creates and now - creates[0] > DAY:
            creates.popleft()
        if len(creates) + len(new) > CREATES_PER_DAY:
            self._violate(
                "too_many_command_creates",
                f"{len(new)} new commands past the {CREATES_PER_DAY} creates a day",
                record,
            )
            retry_after = DAY - (now - creates[0]) if creates else DAY
            body = {
                "message": "Max number of daily application command creates has been reached"
                f" ({CREATES_PER_DAY})",
                "code": TOO_MANY_CREATES,
                "retry_after": round(retry_after, 3),
                "global": False,
            }
            return json_response(body, 429)
        creates.extend([now] * len(new))
        return None

    async def _put_commands(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        payloads = record.json if isinstance(record.json, list) else []
        problems = validation.commands_problems(payloads)
        if problems:
            return self._invalid(record, problems)
        refused = self._refused_localizations(record, payloads, listed=True)
        if refused is not None:
            return refused
        scope = self._scope(request)
        refused = self._creates_refused(scope, payloads, record)
        if refused is not None:
            return refused
        previous = self._commands.get(scope, [])
        self._commands[scope] = [self._stored_command(p, scope, previous) for p in payloads]
        return json_response(self._commands[scope])

    async def _post_command(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        problems = validation.command_problems(record.json or {})
        if problems:
            return self._invalid(record, problems)
        refused = self._refused_localizations(record, [record.json], listed=False)
        if refused is not None:
            return refused
        scope = self._scope(request)
        refused = self._creates_refused(scope, [record.json], record)
        if refused is not None:
            return refused
        previous = self._commands.setdefault(scope, [])
        stored = self._stored_command(record.json, scope, previous)
        previous[:] = [c for c in previous if c["id"] != stored["id"]] + [stored]
        return json_response(stored, 201)

    def _command_by_id(self, request: web.Request) -> dict[str, Any] | None:
        commands = self._commands.get(self._scope(request), [])
        return next((c for c in commands if c["id"] == request.match_info["command_id"]), None)

    async def _get_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        return json_response(command)

    async def _patch_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        changed = {**command, **(request[RECORD].json or {})}
        problems = validation.command_problems(changed)
        if problems:
            return self._invalid(request[RECORD], problems)
        refused = self._refused_localizations(request[RECORD], [changed], listed=False)
        if refused is not None:
            return refused
        command.update(changed)  # only once accepted, as Discord keeps a refused edit out
        return json_response(command)

    async def _del_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        self._commands[self._scope(request)].remove(command)
        return web.Response(status=204)


def _listed(command: dict[str, Any], locale: str | None) -> dict[str, Any]:
    """A command as GET .../commands lists it without ?with_localizations: no dictionaries,
    and the requester's own name_localized and description_localized when a locale is sent."""
    listed = {k: v for k, v in command.items() if not k.endswith("_localizations")}
    if locale is not None:
        shown = localizations.in_locale(command, locale)
        listed["name_localized"] = shown.get("name")
        listed["description_localized"] = shown.get("description")
    return listed
