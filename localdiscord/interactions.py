"""Interactions the fake server sends, and the handle a test uses to follow what the bot did.

An :class:`InteractionHandle` is returned by ``server.send_slash_command``,
``send_autocomplete``, ``submit_modal`` and ``click_button``. It collects every request the
bot made with that interaction's id or token, and every message those requests produced.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .attachment_options import ATTACHMENT, attachment_payload
from .models import (
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    RecordedRequest,
    StoredAttachment,
    StoredMessage,
)
from .validation import option_value_problem

if TYPE_CHECKING:
    from .server import LocalDiscord

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Callback (response) types, see Discord's "Interaction Callback Type".
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}

OPTION_TYPES = {"subcommand": 1, "group": 2, "string": 3, "integer": 4, "boolean": 5}
USER, CHANNEL, ROLE, NUMBER = 6, 7, 8, 10


def _is_visible_reply(message: StoredMessage) -> bool:
    return not message.loading and not message.deleted


class InteractionHandle:
    """What the bot did with one interaction the server sent.

    Attributes:
        id, token: the interaction's id and (webhook) token.
        type: 2 slash command, 3 component, 4 autocomplete, 5 modal submit.
        payload: the INTERACTION_CREATE data exactly as dispatched.
        sent_at: ``loop.time()`` when INTERACTION_CREATE went out.
        requests: every HTTP request made with this interaction's id or token, in order.
        callbacks: the POST .../callback requests (normally exactly one).
        messages: snapshots of every message this interaction created or edited, in order
            (the deferred "thinking" placeholder included, flagged ``loading``).
        modal: the modal payload if the bot answered with type 9, else None.
        choices: the autocomplete choices if the bot answered with type 8, else None.
    """

    def __init__(self, server: LocalDiscord, payload: dict[str, Any], sent_at: float) -> None:
        self.server = server
        self.payload = payload
        self.id = int(payload["id"])
        self.token: str = payload["token"]
        self.type: int = payload["type"]
        self.sent_at = sent_at
        self.requests: list[RecordedRequest] = []
        self.callbacks: list[RecordedRequest] = []
        self.messages: list[StoredMessage] = []
        self.response_type: int | None = None
        self.original: StoredMessage | None = None  # the live @original message
        self.source_message: StoredMessage | None = None  # the message a component was on
        self.followup_ids: list[int] = []
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        self.user: FakeUser | None = None
        self.guild: FakeGuild | None = None
        self.channel: FakeChannel | None = None

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self.type} responded={self.response_type}>"

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)

    @property
    def followups_sent(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == "POST" and r.route.endswith("{token}")]

    def _record_message(self, message: StoredMessage) -> None:
        snapshot = dataclasses.replace(
            message,
            attachments=list(message.attachments),
            recorded_at=asyncio.get_running_loop().time(),
        )
        self.messages.append(snapshot)

    async def wait_for_request(
        self, predicate: Callable[[RecordedRequest], bool] | None = None, timeout: float = 5.0
    ) -> RecordedRequest:
        """The first request of this interaction matching ``predicate`` (e.g. the first one
        carrying a file: ``lambda r: r.files``); ``r.received_at - handle.sent_at`` is the
        bot's end-to-end latency for it."""
        check = predicate or (lambda request: True)
        return await self.server._wait_until(
            lambda: next((r for r in self.requests if check(r)), None),
            timeout,
            f"a request for interaction {self.id}",
        )

    async def initial_response(self, timeout: float = 5.0) -> RecordedRequest:
        """The first POST .../callback for this interaction (accepted or not: see ``.status``)."""
        return await self.server._wait_until(
            lambda: self.callbacks[0] if self.callbacks else None,
            timeout,
            f"an initial response to interaction {self.id}",
        )

    async def followups(self, count: int = 1, timeout: float = 5.0) -> list[RecordedRequest]:
        """The first ``count`` followup requests (POST /webhooks/{app_id}/{token})."""
        return await self.server._wait_until(
            lambda: self.followups_sent[:count] if len(self.followups_sent) >= count else None,
            timeout,
            f"{count} followup(s) to interaction {self.id}",
        )

    async def wait_for_message(
        self,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """The first message snapshot (created or edited for this interaction) matching
        ``predicate``; by default the first visible reply (not the "thinking" placeholder)."""
        check = predicate or _is_visible_reply
        return await self.server._wait_until(
            lambda: next((m for m in self.messages if check(m)), None),
            timeout,
            f"a message for interaction {self.id}",
        )

    async def reply(self, timeout: float = 5.0) -> StoredMessage:
        """Shorthand: the first visible message the bot produced for this interaction."""
        return await self.wait_for_message(timeout=timeout)

    async def autocomplete_choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        await self.server._wait_until(
            lambda: self.choices is not None, timeout, f"autocomplete choices for {self.id}"
        )
        assert self.choices is not None
        return self.choices

    async def wait_for_modal(self, timeout: float = 5.0) -> dict[str, Any]:
        await self.server._wait_until(
            lambda: self.modal is not None, timeout, f"a modal for interaction {self.id}"
        )
        assert self.modal is not None
        return self.modal

    async def submit_modal(
        self, fields: dict[str, str], *, user: FakeUser | None = None, timeout: float = 5.0
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened for this interaction."""
        modal = await self.wait_for_modal(timeout)
        return await self.server.submit_modal(
            modal["custom_id"],
            fields,
            user=user or self.user,
            guild=self.guild,
            channel=self.channel,
        )


def option_type_of(value: Any) -> int:
    """Guess an option type from a Python value (used when the command is not synced)."""
    if isinstance(value, bool):
        return OPTION_TYPES["boolean"]
    if isinstance(value, int):
        return OPTION_TYPES["integer"]
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, FakeUser):
        return USER
    if isinstance(value, FakeChannel):
        return CHANNEL
    if isinstance(value, FakeRole):
        return ROLE
    if isinstance(value, StoredAttachment):
        return ATTACHMENT
    return OPTION_TYPES["string"]


def build_options(
    declared: list[dict[str, Any]] | None,
    values: dict[str, Any],
    *,
    focused: str | None = None,
    where: str,
) -> list[dict[str, Any]]:
    """Interaction ``options`` for ``values``, typed by the synced declaration if there is one.

    Raises ValueError for an option the command does not declare, a missing required one, or
    a value its declaration does not allow (a choice not offered, a number out of range, text
    too long), as Discord's client would never send those.
    """
    by_name = {option["name"]: option for option in declared or []}
    if declared is not None:
        unknown = set(values) - set(by_name)
        if unknown:
            raise ValueError(
                f"{where} has no option(s) {sorted(unknown)}; it has {sorted(by_name)}"
            )
        missing = [
            name
            for name, option in by_name.items()
            if option.get("required") and name not in values and name != focused
        ]
        if missing and focused is None:
            raise ValueError(f"{where} requires option(s) {missing}")
    options = []
    for name, value in values.items():
        problem = option_value_problem(by_name[name], value) if name in by_name else None
        if problem is not None and name != focused:
            raise ValueError(f"{where}: {problem} (Discord's client would not send it)")
        kind = by_name[name]["type"] if name in by_name else option_type_of(value)
        if kind == ATTACHMENT and not isinstance(value, StoredAttachment):
            raise ValueError(f"{where}: option {name!r} takes a file (server.upload(...))")
        if kind in (USER, CHANNEL, ROLE, ATTACHMENT):
            wire_value: Any = str(value.id)
        elif kind == NUMBER and name != focused:
            wire_value = float(value)
        else:
            wire_value = value
        option: dict[str, Any] = {"name": name, "type": kind, "value": wire_value}
        if name == focused:
            option["focused"] = True
        options.append(option)
    return options


def resolved_for(values: dict[str, Any], guild: FakeGuild | None) -> dict[str, Any]:
    """The ``resolved`` map for user, channel, role and attachment option values."""
    resolved: dict[str, dict[str, Any]] = {}
    for value in values.values():
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = guild.members.get(value.id) if guild else None
            if member is not None:
                member_data = member.payload(with_user=False)
                member_data["permissions"] = str(guild.permissions_of(value.id))
                resolved.setdefault("members", {})[str(value.id)] = member_data
        elif isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str(guild.permissions_of(0) if guild else 0)
            resolved.setdefault("channels", {})[str(value.id)] = data
        elif isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        elif isinstance(value, StoredAttachment):
            resolved.setdefault("attachments", {})[str(value.id)] = attachment_payload(value)
    return resolved


def modal_submit_components(
    modal: dict[str, Any] | None, fields: dict[str, str]
) -> list[dict[str, Any]]:
    """Modal-submit ``components`` shaped like the modal the bot sent (action rows or labels).

    Raises ValueError if ``fields`` names an input the modal does not have.
    """
    if modal is None:  # modal not seen: action rows, as Discord sends for legacy modals
        return [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in fields.items()
        ]
    submitted: list[dict[str, Any]] = []
    known: set[str] = set()
    for row in modal.get("components", []):
        if row.get("type") == 18:  # Label wrapping one component
            inner = row["component"]
            known.add(inner.get("custom_id"))
            submitted.append(
                {"type": 18, "id": row.get("id", 0), "component": _submitted(inner, fields)}
            )
        elif row.get("type") == 1:
            known.update(item.get("custom_id") for item in row.get("components", []))
            submitted.append(
                {"type": 1, "components": [_submitted(c, fields) for c in row["components"]]}
            )
    unknown = set(fields) - known
    if unknown:
        raise ValueError(f"modal {modal.get('custom_id')!r} has no input(s) {sorted(unknown)}")
    return submitted


def _submitted(component: dict[str, Any], fields: dict[str, str]) -> dict[str, Any]:
    custom_id = component.get("custom_id")
    if component.get("type") == 4:
        value = fields.get(custom_id, "")
        longest = component.get("max_length", 4000)
        if len(value) > longest:  # Discord's client stops typing at the input's max_length
            raise ValueError(
                f"text input {custom_id!r} takes at most {longest} characters, not {len(value):,}"
            )
        return {"type": 4, "custom_id": custom_id, "value": value}
    return {"type": component.get("type"), "custom_id": custom_id, "values": []}
