"""Usage accounting per task and per run, through real calls to the loopback server."""

from __future__ import annotations

import asyncio
import json

import pytest

from assistworld.llm.cache import ResponseCache
from assistworld.llm.chat import ChatResponse, Usage
from assistworld.llm.errors import FailureKind, ModelCallError
from assistworld.llm.loopback import Fault, LoopbackServer
from assistworld.llm.usage import UsageLedger, UsageTotals
from tests.llm.helpers import RecordingSleep, ask, make_client


def test_ledger_sums_live_calls_cache_hits_and_failures(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    ledger = UsageLedger()
    with LoopbackServer(reply="three word reply") as server:
        client = make_client(server, cache, sleep, model="gpt-4o")
        task_a, task_b = ledger.meter(client, "task-a"), ledger.meter(client, "task-b")

        async def run() -> None:
            await task_a.complete(ask("one two"))
            server.enqueue(Fault.server_error())
            await task_a.complete(ask("one two three four"))
            await task_b.complete(ask("one two"))  # same request as task-a's first: a cache hit
            server.enqueue(Fault.bad_request())
            with pytest.raises(ModelCallError):
                await task_b.complete(ask("rejected"))

        asyncio.run(run())

    a, b = ledger.for_task("task-a"), ledger.for_task("task-b")
    assert (a.calls, a.cache_hits, a.failures, a.attempts) == (2, 0, 0, 3)
    assert (a.prompt_tokens, a.completion_tokens) == (2 + 4, 3 + 3)
    assert a.cost_usd == pytest.approx((6 * 2.50 + 6 * 10.00) / 1e6)
    assert a.latency_s > 0
    assert (b.calls, b.cache_hits, b.failures, b.attempts) == (0, 1, 1, 1)
    assert (b.prompt_tokens, b.replayed_prompt_tokens, b.replayed_completion_tokens) == (0, 2, 3)
    assert b.cost_usd is None
    run_totals = ledger.run
    assert (run_totals.calls, run_totals.cache_hits, run_totals.failures) == (2, 1, 1)
    assert run_totals.prompt_tokens == a.prompt_tokens
    assert run_totals.cost_usd == pytest.approx(a.cost_usd)


def test_ledger_serialises_to_json_with_sorted_tasks() -> None:
    ledger = UsageLedger()
    ledger.record("z", ChatResponse(usage=Usage(prompt_tokens=5, completion_tokens=1)))
    ledger.record("a", ChatResponse(usage=Usage(prompt_tokens=2, cost_usd=0.5), attempts=2))
    data = json.loads(json.dumps(ledger.to_json()))
    assert list(data["tasks"]) == ["a", "z"]
    assert data["run"]["prompt_tokens"] == 7
    assert data["run"]["attempts"] == 3
    assert data["run"]["cost_usd"] == 0.5
    assert data["run"]["unpriced_calls"] == 1
    assert data["tasks"]["z"]["cost_usd"] is None


def test_totals_read_back_and_merge_into_a_resumed_ledger() -> None:
    earlier = UsageLedger()
    earlier.record("t1", ChatResponse(usage=Usage(prompt_tokens=10, cost_usd=0.25)))
    earlier.record_failure("t1", ModelCallError("x", kind=FailureKind.TIMEOUT, attempts=5))
    saved = earlier.to_json()["tasks"]["t1"]

    resumed = UsageLedger()
    resumed.record("t2", ChatResponse(usage=Usage(prompt_tokens=1, cost_usd=0.5)))
    resumed.add_totals("t1", UsageTotals.from_json(saved))
    assert resumed.for_task("t1").to_json() == saved
    assert resumed.run.prompt_tokens == 11
    assert resumed.run.failures == 1
    assert resumed.run.attempts == 1 + 5 + 1
    assert resumed.run.cost_usd == pytest.approx(0.75)


def test_for_task_returns_a_copy() -> None:
    ledger = UsageLedger()
    ledger.record("t", ChatResponse())
    copy = ledger.for_task("t")
    copy.calls = 99
    assert ledger.for_task("t").calls == 1
    assert ledger.for_task("never").calls == 0
