"""What the page follows: each channel's newest messages as the page draws them, stamped with
the version at which each last changed, so that a long-poll sends only what changed since the
version the page already has (not the whole channel at every change), and an idle page costs
nothing however long the history.

A thread is followed like a channel, and the list of threads (for the sidebar) like the
problems: sent again when it changed.

The views are worked out again only when the local server has answered a request since (its
``version``): every change to a message comes through one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from localdiscord import FakeChannel, FakeUser, LocalDiscord, StoredMessage
from localdiscord.threads import FakeThread

MESSAGES_SHOWN = 100  # per channel, the newest: Discord's client too loads a channel from its end
VIOLATIONS_SHOWN = 20


@dataclass
class Shown:
    version: int  # the feed's version when this view last changed
    json: str
    view: dict[str, Any]
    only_for: FakeUser | None  # a private reply is shown to the member who asked only


class Feed:
    def __init__(
        self, server: LocalDiscord, view_of: Callable[[StoredMessage], dict[str, Any]]
    ) -> None:
        self.server, self.view_of = server, view_of
        self.version = 0
        self._server_version = -1
        self._shown: dict[int, Shown] = {}
        self._orders: dict[int, tuple[int, ...]] = {}  # channel id -> its newest messages' ids
        self._order_changed: dict[int, int] = {}  # channel id -> version its list last changed
        self._problems: dict[str, Any] = {}
        self._problems_changed = 0
        self._threads: list[dict[str, Any]] = []
        self._threads_changed = 0

    def refresh(self) -> None:
        """Bring the views up to date with the server, if it answered anything since."""
        if self.server.version == self._server_version:
            return
        self._server_version = self.server.version
        new = self.version + 1
        changed = False
        kept: set[int] = set()
        guild = self.server.guild
        for channel in [*guild.channels, *guild.threads]:
            window = self.server.channel_messages(channel, include_ephemeral=True)
            window = window[-MESSAGES_SHOWN:]
            order = tuple(message.id for message in window)
            if self._orders.get(channel.id) != order:
                self._orders[channel.id] = order
                self._order_changed[channel.id] = new
                changed = True
            for message in window:
                changed |= self._restamp(message, new)
            kept.update(order)
        for gone in self._shown.keys() - kept:
            del self._shown[gone]
        problems = self._problems_now()
        if problems != self._problems:
            self._problems, self._problems_changed, changed = problems, new, True
        threads = [_thread_view(thread) for thread in guild.threads]
        if threads != self._threads:
            self._threads, self._threads_changed, changed = threads, new, True
        if changed:
            self.version = new

    def _restamp(self, message: StoredMessage, version: int) -> bool:
        view = self.view_of(message)
        text = json.dumps(view, sort_keys=True)
        shown = self._shown.get(message.id)
        if shown is not None and shown.json == text:
            return False
        only_for = message.interaction_user if message.ephemeral else None
        self._shown[message.id] = Shown(version, text, view, only_for)
        return True

    def _problems_now(self) -> dict[str, Any]:
        """The newest rules the bot broke, and how many requests from elsewhere were refused
        (counted by reason: what they said is not repeated on the page)."""
        violations = list(self.server.violations)[-VIOLATIONS_SHOWN:]
        return {
            "violations": [str(v) for v in violations],
            "refused": dict(sorted(self.server.refused.items())),
        }

    def update_for(self, member: FakeUser, channel: FakeChannel, since: int) -> dict[str, Any]:
        """What the member's page needs to catch up from version `since` (0: everything):
        the ids shown in order, the views changed since, the problems and the server's threads
        if they changed;
        ``changed`` says whether there is anything new at all."""
        since = since if 0 <= since <= self.version else 0
        order = [
            message_id
            for message_id in self._orders.get(channel.id, ())
            if self._shown[message_id].only_for in (None, member)
        ]
        fresh = [self._shown[i].view for i in order if self._shown[i].version > since]
        update: dict[str, Any] = {
            "version": self.version,
            "order": [str(message_id) for message_id in order],  # ids as the views give them
            "messages": fresh,
        }
        if self._problems_changed > since or since == 0:
            update["problems"] = self._problems
        if self._threads_changed > since or since == 0:
            update["threads"] = self._threads
        order_moved = self._order_changed.get(channel.id, 0) > since
        news = "problems" in update or "threads" in update
        update["changed"] = bool(fresh) or order_moved or news or since == 0
        return update


def _thread_view(thread: FakeThread) -> dict[str, Any]:
    """A thread as the sidebar lists it, under its channel."""
    return {
        "id": str(thread.id),
        "name": thread.name,
        "parent": str(thread.parent_id),
        "archived": thread.archived,
    }
