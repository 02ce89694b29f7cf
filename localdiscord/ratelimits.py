"""Discord's rate limits: per-route buckets with their X-RateLimit-* headers, the global limit,
and the ban that follows too many invalid requests.

Discord's reference: https://discord.com/developers/docs/topics/rate-limits

The middleware asks ``refusal(record)`` before a request reaches its handler (a ban, a spent
bucket or the global limit answer 429 there) and calls ``answered(record, response)`` after,
which puts the bucket's headers on the response and counts it if it was invalid.
"""

from __future__ import annotations

import collections
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .http import json_response
from .models import RecordedRequest

# Interaction endpoints are not bound to the bot's global rate limit, and we do not model
# their per-interaction buckets (https://discord.com/developers/docs/topics/rate-limits
# #global-rate-limit).
INTERACTION_PREFIXES = ("/interactions/", "/webhooks/")

# Requests that count toward the invalid request limit: 401, 403 and 429 (except a 429 whose
# scope is "shared") (https://discord.com/developers/docs/topics/rate-limits
# #invalid-request-limit-aka-cloudflare-bans).
INVALID_STATUSES = (401, 403, 429)
SCOPE = "X-RateLimit-Scope"


@dataclass(frozen=True)
class RouteLimit:
    """A per-route bucket: at most ``limit`` requests every ``per`` seconds for each top-level
    resource (channel, guild) in the path; ``bucket`` is the hash sent in X-RateLimit-Bucket."""

    bucket: str
    limit: int
    per: float


# Discord does not document its per-route numbers and asks apps to read the headers instead
# (https://discord.com/developers/docs/topics/rate-limits); sending a message is about 5 per
# 5 s per channel, which is what a bot posting to many channels meets.
ROUTE_LIMITS: dict[tuple[str, str], RouteLimit] = {
    ("POST", "/channels/{channel_id}/messages"): RouteLimit("channel-message-create", 5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): RouteLimit(
        "channel-message-edit", 5, 5.0
    ),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): RouteLimit(
        "channel-message-delete", 5, 1.0
    ),
}
OTHER_ROUTES = RouteLimit("", 25, 1.0)  # every other route: its own bucket, a generous one
TOP_LEVEL_RESOURCES = ("{channel_id}", "{guild_id}")  # the "major parameters" of a path


@dataclass
class _Window:
    """One bucket's current window: requests counted since ``opened``, reset after ``per``."""

    limit: RouteLimit
    opened: float
    used: int = 0

    def reset_after(self, now: float) -> float:
        return max(0.0, self.opened + self.limit.per - now)


@dataclass
class RateLimits:
    """The limits one bot token meets. Every number is Discord's unless a test shrinks it.

    Args:
        global_per_second: requests per second across every route (Discord: 50).
        invalid_limit: invalid requests (401, 403, 429) per ``invalid_window`` seconds past
            which every request is refused for ``ban_seconds`` (Discord: 10,000 per 10 min).
        route_limits: the per-route buckets (``ROUTE_LIMITS``); ``enforce_buckets=False``
            turns them off (headers and all), as a test of something else may want.
    """

    global_per_second: int = 50
    invalid_limit: int = 10_000
    invalid_window: float = 600.0
    ban_seconds: float = 3600.0
    enforce_buckets: bool = True
    route_limits: dict[tuple[str, str], RouteLimit] = field(default_factory=lambda: ROUTE_LIMITS)
    clock: Callable[[], float] = time.monotonic
    on_refusal: Callable[[str, str, RecordedRequest], None] = lambda kind, message, record: None

    def __post_init__(self) -> None:
        self._windows: dict[tuple[str, str, str], _Window] = {}
        self._recent: collections.deque[float] = collections.deque()  # global: the last second
        self._invalid: collections.deque[float] = collections.deque()
        self.banned_until = 0.0
        self.invalid_total = 0  # every invalid request since the start

    # --------------------------------------------------------------------- the ban

    @property
    def banned(self) -> bool:
        return self.clock() < self.banned_until

    def invalid_in_window(self) -> int:
        """Invalid requests counted in the last ``invalid_window`` seconds."""
        self._forget_old_invalid(self.clock())
        return len(self._invalid)

    def _forget_old_invalid(self, now: float) -> None:
        while self._invalid and self._invalid[0] <= now - self.invalid_window:
            self._invalid.popleft()

    def _count_invalid(self, record: RecordedRequest | None, now: float) -> None:
        self.invalid_total += 1
        self._invalid.append(now)
        self._forget_old_invalid(now)
        if len(self._invalid) >= self.invalid_limit and not self.banned:
            self.banned_until = now + self.ban_seconds
            self.on_refusal(
                "invalid_request_limit",
                f"{len(self._invalid)} invalid requests (401, 403, 429) within "
                f"{self.invalid_window:g} s: every request is refused for {self.ban_seconds:g} s",
                record,
            )

    def _ban_response(self, now: float) -> web.Response:
        # Cloudflare answers a banned IP itself: a 429 without Discord's JSON body or its
        # Via header (https://discord.com/developers/docs/topics/rate-limits
        # #invalid-request-limit-aka-cloudflare-bans); discord.py then raises at once.
        return web.Response(
            status=429,
            text="error code: 1015",
            headers={"Retry-After": str(max(1, round(self.banned_until - now)))},
        )

    # --------------------------------------------------------------------- before the handler

    def refusal(self, record: RecordedRequest) -> web.Response | None:
        """The 429 this request gets before reaching its handler, or None when it may pass."""
        now = self.clock()
        if now < self.banned_until:
            return self._ban_response(now)
        if record.path.startswith(INTERACTION_PREFIXES) or record.route == "?":
            return None
        window = self._window(record, now)
        if window is not None and window.used >= window.limit.limit:
            self.on_refusal("rate_limited", f"bucket {window.limit.bucket} spent", record)
            return self._too_many(window.reset_after(now), scope="user", window=window, now=now)
        if self.global_per_second:
            while self._recent and self._recent[0] <= now - 1.0:
                self._recent.popleft()
            if len(self._recent) >= self.global_per_second:
                self.on_refusal(
                    "rate_limited", f"over the global {self.global_per_second}/s limit", record
                )
                return self._too_many(self._recent[0] + 1.0 - now, scope="global", now=now)
            self._recent.append(now)
        if window is not None:
            window.used += 1
        return None

    def _window(self, record: RecordedRequest, now: float) -> _Window | None:
        if not self.enforce_buckets:
            return None
        limit = self.route_limits.get((record.method, record.route))
        if limit is None:  # a bucket of its own, named after its route
            bucket = hashlib.sha1(f"{record.method} {record.route}".encode()).hexdigest()[:16]
            limit = RouteLimit(bucket, OTHER_ROUTES.limit, OTHER_ROUTES.per)
        key = (record.method, record.route, _major_parameters(record))
        window = self._windows.get(key)
        if window is None or window.reset_after(now) <= 0:
            window = self._windows[key] = _Window(limit, now)
        return window

    def _too_many(
        self, retry_after: float, *, scope: str, now: float, window: _Window | None = None
    ) -> web.Response:
        """Discord's 429 (https://discord.com/developers/docs/topics/rate-limits
        #exceeding-a-rate-limit): JSON with retry_after and global, Retry-After, Via."""
        is_global = scope == "global"
        body = {
            "message": "You are being rate limited.",
            "retry_after": round(retry_after, 3),
            "global": is_global,
        }
        response = json_response(body, 429)
        response.headers["Via"] = "1.1 google"
        response.headers["Retry-After"] = str(max(1, round(retry_after)))
        response.headers[SCOPE] = scope
        if is_global:
            response.headers["X-RateLimit-Global"] = "true"
        if window is not None:
            self._put_bucket_headers(response, window, now)
        return response

    # --------------------------------------------------------------------- after the handler

    def count_if_invalid(
        self, response: web.StreamResponse, record: RecordedRequest | None = None
    ) -> None:
        """Count a 401, 403 or 429 toward the ban: Discord counts every invalid request from
        the address, also those refused before they reach a route (a wrong token)."""
        now = self.clock()
        invalid = response.status in INVALID_STATUSES and response.headers.get(SCOPE) != "shared"
        if invalid and now >= self.banned_until:  # a banned bot's refusals are Cloudflare's
            self._count_invalid(record, now)

    def answered(self, record: RecordedRequest, response: web.StreamResponse) -> None:
        """Count the response if it was invalid, and give it its bucket's headers."""
        self.count_if_invalid(response, record)
        now = self.clock()
        if response.status == 429 or record.path.startswith(INTERACTION_PREFIXES):
            return
        if record.route == "?" or not self.enforce_buckets:
            return
        key = (record.method, record.route, _major_parameters(record))
        window = self._windows.get(key)
        if window is not None:
            self._put_bucket_headers(response, window, now)

    def _put_bucket_headers(self, response: Any, window: _Window, now: float) -> None:
        """The headers discord.py reads to wait before a bucket is spent
        (https://discord.com/developers/docs/topics/rate-limits#header-format)."""
        reset_after = window.reset_after(now)
        headers = response.headers
        headers["X-RateLimit-Limit"] = str(window.limit.limit)
        headers["X-RateLimit-Remaining"] = str(max(0, window.limit.limit - window.used))
        headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
        headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
        headers["X-RateLimit-Bucket"] = window.limit.bucket


def _major_parameters(record: RecordedRequest) -> str:
    """The top-level resource a bucket is kept for: the channel or guild id in the path."""
    template = record.route.split("/")
    concrete = record.path.split("/")
    return "/".join(
        part for name, part in zip(template, concrete, strict=False) if name in TOP_LEVEL_RESOURCES
    )
