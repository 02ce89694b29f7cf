"""Interactions: sending them to the bot (commands, buttons, selects, modals) and the bot's
answers: the initial callback within 3 s, then followups and edits through the interaction
webhook while the token lives.

Discord's reference:
https://discord.com/developers/docs/interactions/receiving-and-responding
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from aiohttp import web

from . import validation
from .http import RECORD, error_response, json_response
from .interactions import (
    ALLOWED_RESPONSES,
    AUTOCOMPLETE_RESULT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE,
    InteractionHandle,
    modal_submit_components,
)
from .models import (
    EPHEMERAL,
    LOADING,
    FakeChannel,
    FakeGuild,
    FakeUser,
    RecordedRequest,
    StoredMessage,
    snowflake,
)


def describe(handle: InteractionHandle) -> str:
    data = handle.payload.get("data", {})
    return data.get("name") or data.get("custom_id") or f"type {handle.type}"


class RespondingArea:
    """The responding part of LocalDiscord (see server.py for the driver API)."""

    def unanswered_interactions(self) -> list[InteractionHandle]:
        """Interactions whose deadline passed without an accepted initial response (the user
        would have seen "The application did not respond")."""
        now = asyncio.get_running_loop().time()
        return [
            handle
            for handle in self.interactions.values()
            if not handle.acknowledged and now - handle.sent_at > self.interaction_deadline
        ]

    async def submit_modal(
        self,
        custom_id: str,
        fields: dict[str, str],
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
    ) -> InteractionHandle:
        """Dispatch a modal submit (type 5): ``fields`` maps text input custom_id -> value.

        The components mirror the modal the bot opened with that custom_id (action rows or
        labels), as Discord sends them.
        """
        modal, source = self._modals.get(custom_id, (None, None))
        if modal is None and self.strict_commands:
            raise LookupError(f"the bot never opened a modal with custom_id {custom_id!r}")
        data = {"custom_id": custom_id, "components": modal_submit_components(modal, fields)}
        return await self._send_interaction(MODAL_SUBMIT, data, user, guild, channel, source)

    async def click_button(
        self,
        message: StoredMessage | int,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        user: FakeUser | None = None,
    ) -> InteractionHandle:
        """Press a button (by custom_id or label) on a message the bot sent."""
        live = self._live_message(message)
        button = live.button(label=label, custom_id=custom_id)
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._component_interaction(live, data, user)

    async def choose_select(
        self,
        message: StoredMessage | int,
        custom_id: str,
        values: list[str],
        *,
        user: FakeUser | None = None,
    ) -> InteractionHandle:
        """Pick ``values`` in the select menu ``custom_id`` on a message the bot sent."""
        live = self._live_message(message)
        select = next((c for c in live.all_components() if c.get("custom_id") == custom_id), None)
        if select is None:
            raise KeyError(f"no component {custom_id!r} on message {live.id}")
        data = {"custom_id": custom_id, "component_type": select["type"], "values": values}
        return await self._component_interaction(live, data, user)

    def _live_message(self, message: StoredMessage | int) -> StoredMessage:
        message_id = message if isinstance(message, int) else message.id
        return self.messages[message_id]

    async def _component_interaction(
        self, live: StoredMessage, data: dict[str, Any], user: FakeUser | None
    ) -> InteractionHandle:
        channel = self.find_channel(live.channel_id)
        guild = self._guild_for(channel)
        return await self._send_interaction(MESSAGE_COMPONENT, data, user, guild, channel, live)

    async def _send_interaction(
        self,
        kind: int,
        data: dict[str, Any],
        user: FakeUser | None,
        guild: FakeGuild | None,
        channel: FakeChannel | None,
        message: StoredMessage | None = None,
    ) -> InteractionHandle:
        user = user or self.user
        guild = guild or self._guild_for(channel) or self.guild
        channel = channel or guild.channels[0]
        if user.id not in guild.members:
            guild.add_member(user)  # only members can use a guild's commands
        member = guild.members[user.id].payload()
        member["permissions"] = str(guild.permissions_of(user.id))
        payload: dict[str, Any] = {
            "id": str(snowflake()),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": member["permissions"]},
            "member": member,
            "token": secrets.token_urlsafe(48),
            "version": 1,
            "app_permissions": str(guild.permissions_of(self.bot_user.id)),
            "locale": user.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": validation.MAX_FILE_BYTES,
        }
        if message is not None:
            payload["message"] = message.payload()
        handle = InteractionHandle(self, payload, asyncio.get_running_loop().time())
        handle.user, handle.guild, handle.channel = user, guild, channel
        handle.source_message = message
        self.interactions[handle.id] = handle
        self._by_token[handle.token] = handle
        leg = await self.network.cross()  # the 3 s run from before the trip to the bot
        await self.dispatch("INTERACTION_CREATE", payload)
        handle.sent_at = asyncio.get_running_loop().time() - max(0.0, leg)
        self._notify()
        return handle

    async def _callback(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        handle = self.interactions.get(int(request.match_info["interaction_id"]))
        if handle is None or handle.token != request.match_info["token"]:
            return self._unknown(request, 10062, "Unknown interaction")
        record.interaction_id = handle.id
        handle.requests.append(record)
        handle.callbacks.append(record)
        if handle.acknowledged:
            self._violate("already_acknowledged", "a second initial response", record)
            return error_response(400, 40060, "Interaction has already been acknowledged.")
        late = record.received_at - handle.sent_at - self.interaction_deadline
        if late > 0:
            self._violate(
                "late_initial_response",
                f"initial response {late:.3f} s after the {self.interaction_deadline} s deadline",
                record,
            )
            return error_response(404, 10062, "Unknown interaction")
        body = record.json if isinstance(record.json, dict) else {}
        kind, data = body.get("type"), body.get("data") or {}
        updates_nothing = kind in (DEFERRED_UPDATE, UPDATE) and handle.source_message is None
        if kind not in ALLOWED_RESPONSES.get(handle.type, set()) or updates_nothing:
            self._violate(
                "invalid_response_type",
                f"response type {kind} to an interaction of type {handle.type}",
                record,
            )
            return error_response(400, 50035, "Invalid Form Body", [f"bad response type {kind}"])
        problems = self._response_problems(kind, data, record)
        if problems:
            return self._invalid(record, problems)
        handle.response_type = kind
        self._apply_response(handle, kind, data, record)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(self._callback_body(handle, kind))

    def _response_problems(
        self, kind: int, data: dict[str, Any], record: RecordedRequest
    ) -> list[str]:
        sizes = [len(f.data) for f in record.files]
        if kind in (MESSAGE, UPDATE):
            return validation.message_problems(data, sizes, editing=kind == UPDATE)
        if kind == MODAL:
            if validation.text_inputs_in_rows(data):
                self._violate(
                    "deprecated_text_input_row",
                    "a text input in an action row, labelled by itself: put it in a Label",
                    record,
                )
            return validation.modal_problems(data)
        if kind == AUTOCOMPLETE_RESULT:
            return validation.autocomplete_problems(data)
        return []

    def _apply_response(
        self, handle: InteractionHandle, kind: int, data: dict[str, Any], record: RecordedRequest
    ) -> None:
        if kind == MESSAGE:
            handle.original = self._create_message(handle.channel, data, record, handle=handle)
            handle._record_message(handle.original)
        elif kind == DEFERRED_MESSAGE:
            placeholder = {"content": "", "flags": (int(data.get("flags") or 0) & EPHEMERAL)}
            handle.original = self._create_message(
                handle.channel, placeholder, record, handle=handle
            )
            handle.original.flags |= LOADING
            handle._record_message(handle.original)
        elif kind == DEFERRED_UPDATE:
            handle.original = handle.source_message
        elif kind == UPDATE and handle.source_message is not None:
            handle.original = handle.source_message
            self._edit_stored(handle.original, data, record)
            handle._record_message(handle.original)
        elif kind == AUTOCOMPLETE_RESULT:
            handle.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            handle.modal = data
            self._modals[data["custom_id"]] = (data, handle.source_message)

    def _callback_body(self, handle: InteractionHandle, kind: int) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        resource: dict[str, Any] = {"type": kind}
        message = handle.original
        if kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE) and message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = message.loading
            interaction["response_message_ephemeral"] = message.ephemeral
            if kind != DEFERRED_MESSAGE:
                resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    def _handle_for_hook(self, request: web.Request) -> InteractionHandle | web.Response:
        record: RecordedRequest = request[RECORD]
        handle = self._by_token.get(request.match_info["token"])
        if handle is None or request.match_info["application_id"] != str(self.application_id):
            return self._unknown(request, 10015, "Unknown Webhook")
        record.interaction_id = handle.id
        handle.requests.append(record)
        if record.received_at - handle.sent_at > self.token_lifetime:
            self._violate("expired_token", "interaction token used after it expired", record)
            return error_response(401, 50027, "Invalid Webhook Token")
        if not handle.acknowledged:
            self._violate("not_acknowledged", "followup before the initial response", record)
            return error_response(404, 10015, "Unknown Webhook")
        return handle

    async def _followup(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        handle, record = found, request[RECORD]
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(data, [len(f.data) for f in record.files])
        if problems:
            return self._invalid(record, problems)
        original = handle.original
        still_thinking = original is not None and original.loading and not original.deleted
        if handle.response_type == DEFERRED_MESSAGE and still_thinking:
            # Discord turns the first followup after a defer into the "thinking" message itself,
            # keeping the defer's visibility whatever the followup's flags say (discord-api-docs
            # #2866, #2742, #3466). Once that message is deleted, followups are new messages.
            # Discord documents this path as deprecated: "use Edit Original Interaction
            # Response" (https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message).
            self._violate(
                "deprecated_followup_edit",
                "the first followup after a defer edits the loading message; use "
                "PATCH /webhooks/{application_id}/{token}/messages/@original",
                record,
            )
            message = original
            self._edit_stored(message, {k: v for k, v in data.items() if k != "flags"}, record)
        else:
            message = self._create_message(handle.channel, data, record, handle=handle)
        handle.followup_ids.append(message.id)
        handle._record_message(message)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload())
        return web.Response(status=204)

    def _hook_message(
        self, handle: InteractionHandle, request: web.Request
    ) -> StoredMessage | None:
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            return handle.original
        owned = [handle.original.id] if handle.original else []
        if wanted.isdigit() and int(wanted) in [*owned, *handle.followup_ids]:
            return self.messages.get(int(wanted))
        return None

    async def _hook_get(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        return json_response(message.payload())

    async def _hook_edit(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        record: RecordedRequest = request[RECORD]
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(
            data, [len(f.data) for f in record.files], editing=True
        )
        if problems:
            return self._invalid(record, problems)
        self._edit_stored(message, data, record)
        found._record_message(message)
        return json_response(message.payload())

    async def _hook_del(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        message.deleted = True
        found._record_message(message)
        return web.Response(status=204)
