"""Retries with exponential backoff and jitter, honouring the server's `Retry-After`.

The SDK's own retries are switched off so that this loop is the only one: it is bounded, its
jitter comes from a seeded `random.Random` (so tests see the same waits every run), and the
sleep function is injectable so tests can record the requested waits instead of sleeping.
"""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TypeVar

from assistworld.llm.errors import ModelCallError, TransientCallError

T = TypeVar("T")

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry transient failures.

    Attempt n (counting from 1) that failed without a `Retry-After` waits
    `min(max_wait_s, base_wait_s * 2 ** (n - 1))`, of which the upper half is random
    ("equal jitter"). A `Retry-After` from the server is used as is, capped at `max_wait_s`.
    """

    max_attempts: int = 5
    base_wait_s: float = 1.0
    max_wait_s: float = 60.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, got {self.max_attempts}")
        if self.base_wait_s < 0 or self.max_wait_s < 0:
            raise ValueError("base_wait_s and max_wait_s must not be negative")

    def wait_before_retry(
        self, failed_attempt: int, retry_after_s: float | None, rng: random.Random
    ) -> float:
        """Seconds to wait after attempt `failed_attempt` (1-based) failed."""
        if retry_after_s is not None:
            return min(max(retry_after_s, 0.0), self.max_wait_s)
        ceiling = min(self.max_wait_s, self.base_wait_s * 2.0 ** (failed_attempt - 1))
        return ceiling / 2 + rng.uniform(0.0, ceiling / 2)


def parse_retry_after(headers: Mapping[str, str], now: datetime | None = None) -> float | None:
    """The wait a server asked for, in seconds, or None if it asked for none we can read.

    Reads `retry-after-ms` (sent by OpenAI) first, then `Retry-After` as delay-seconds or as an
    HTTP date (RFC 9110). `headers` must be case-insensitive for the names used (httpx's are).
    """
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            value = float(milliseconds) / 1000.0
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return value
    raw = headers.get("retry-after")
    if raw is None:
        return None
    raw = raw.strip()
    try:
        seconds = float(raw)
    except ValueError:
        return _seconds_until_http_date(raw, now)
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def _seconds_until_http_date(text: str, now: datetime | None) -> float | None:
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = now if now is not None else datetime.now(UTC)
    return max((when - current).total_seconds(), 0.0)


async def call_with_retries(
    attempt: Callable[[], Awaitable[T]],
    *,
    policy: RetryPolicy,
    rng: random.Random,
    sleep: Sleep = asyncio.sleep,
    describe: str = "model call",
) -> tuple[T, int]:
    """Run `attempt` until it succeeds; return its result and the number of attempts made.

    `attempt` signals a retryable failure by raising `TransientCallError`; any other
    `ModelCallError` ends the loop at once. When the budget is spent, the last transient error
    is re-raised as a `ModelCallError` that says how many attempts were made.
    """
    for number in range(1, policy.max_attempts + 1):
        try:
            return await attempt(), number
        except TransientCallError as error:
            if number == policy.max_attempts:
                raise ModelCallError(
                    f"{describe} failed after {number} attempt(s); last error: {error}",
                    kind=error.kind,
                    status=error.status,
                    attempts=number,
                ) from error
            await sleep(policy.wait_before_retry(number, error.retry_after_s, rng))
        except ModelCallError as error:
            error.attempts = number
            raise
    raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover
