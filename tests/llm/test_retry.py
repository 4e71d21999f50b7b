"""Backoff arithmetic, Retry-After parsing and the retry loop's stopping rules."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import pytest

from assistworld.llm.errors import FailureKind, ModelCallError, TransientCallError
from assistworld.llm.retry import RetryPolicy, call_with_retries, parse_retry_after
from tests.llm.helpers import RecordingSleep

NOW = datetime(2024, 6, 25, 9, 6, tzinfo=UTC)


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"retry-after": "3"}, 3.0),
        ({"retry-after": " 1.5 "}, 1.5),
        ({"retry-after": "0"}, 0.0),
        ({"retry-after": "Tue, 25 Jun 2024 09:06:30 GMT"}, 30.0),
        ({"retry-after": "Tue, 25 Jun 2024 09:00:00 GMT"}, 0.0),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),
        ({"retry-after-ms": "soon", "retry-after": "9"}, 9.0),
        ({"retry-after": "-4"}, None),
        ({"retry-after": "later"}, None),
        ({"retry-after": "nan"}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(headers: dict[str, str], expected: float | None) -> None:
    assert parse_retry_after(headers, now=NOW) == expected


def test_backoff_doubles_with_equal_jitter_and_is_capped() -> None:
    policy = RetryPolicy(base_wait_s=2.0, max_wait_s=10.0)
    rng = random.Random(7)
    waits = [policy.wait_before_retry(n, None, rng) for n in range(1, 7)]
    ceilings = [2.0, 4.0, 8.0, 10.0, 10.0, 10.0]
    for wait, ceiling in zip(waits, ceilings, strict=True):
        assert ceiling / 2 <= wait <= ceiling


def test_same_seed_same_waits_different_seed_different_waits() -> None:
    policy = RetryPolicy()

    def draw(seed: int) -> list[float]:
        rng = random.Random(seed)
        return [policy.wait_before_retry(n, None, rng) for n in range(1, 5)]

    assert draw(1) == draw(1)
    assert draw(1) != draw(2)


def test_retry_after_is_used_as_is_up_to_the_cap() -> None:
    policy = RetryPolicy(max_wait_s=30.0)
    rng = random.Random(0)
    assert policy.wait_before_retry(1, 12.0, rng) == 12.0
    assert policy.wait_before_retry(4, 90.0, rng) == 30.0


@pytest.mark.parametrize("attempts", [0, -1])
def test_policy_rejects_a_budget_below_one(attempts: int) -> None:
    with pytest.raises(ValueError, match="max_attempts"):
        RetryPolicy(max_attempts=attempts)


def _flaky(failures: list[BaseException]) -> tuple[list[int], Callable[[], Awaitable[str]]]:
    calls: list[int] = []

    async def attempt() -> str:
        calls.append(1)
        if failures:
            raise failures.pop(0)
        return "done"

    return calls, attempt


def test_loop_returns_the_result_and_the_number_of_attempts() -> None:
    sleep = RecordingSleep()
    calls, attempt = _flaky([TransientCallError("busy", kind=FailureKind.SERVER_ERROR)] * 2)
    result = asyncio.run(
        call_with_retries(attempt, policy=RetryPolicy(), rng=random.Random(0), sleep=sleep)
    )
    assert result == ("done", 3)
    assert len(calls) == 3 and len(sleep.waits) == 2


def test_loop_stops_at_once_on_a_non_transient_error() -> None:
    sleep = RecordingSleep()
    rejected = ModelCallError("bad request", kind=FailureKind.REJECTED, status=400)
    busy = TransientCallError("busy", kind=FailureKind.SERVER_ERROR)
    calls, attempt = _flaky([busy, rejected])
    with pytest.raises(ModelCallError) as caught:
        asyncio.run(
            call_with_retries(attempt, policy=RetryPolicy(), rng=random.Random(0), sleep=sleep)
        )
    assert caught.value is rejected
    assert caught.value.attempts == 2
    assert len(calls) == 2 and len(sleep.waits) == 1


def test_loop_gives_up_with_a_message_naming_the_call_and_the_last_error() -> None:
    sleep = RecordingSleep()
    calls, attempt = _flaky(
        [TransientCallError("HTTP 503: overloaded", kind=FailureKind.SERVER_ERROR, status=503)] * 9
    )
    with pytest.raises(ModelCallError) as caught:
        asyncio.run(
            call_with_retries(
                attempt,
                policy=RetryPolicy(max_attempts=4),
                rng=random.Random(0),
                sleep=sleep,
                describe="chat completion for 'm'",
            )
        )
    message = str(caught.value)
    assert "chat completion for 'm' failed after 4 attempt(s)" in message
    assert "HTTP 503: overloaded" in message
    assert (caught.value.status, caught.value.attempts) == (503, 4)
    assert not isinstance(caught.value, TransientCallError)
    assert len(calls) == 4 and len(sleep.waits) == 3
