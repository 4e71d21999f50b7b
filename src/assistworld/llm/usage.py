"""Usage accounting per task and per run.

`UsageLedger.meter(model, task_id)` wraps any `ChatModel` so that every response (or failure)
it produces is recorded under that task. Live calls add to tokens, latency and cost; responses
served from the disk cache add only to `cache_hits` and the `replayed_*` token counters, so
`cost_usd` and `latency_s` are what this run spent.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from assistworld.llm.chat import ChatModel, ChatRequest, ChatResponse
from assistworld.llm.errors import ModelCallError


@dataclass
class UsageTotals:
    """Sums over a set of calls. `cost_usd` is None until a priced live call is recorded."""

    calls: int = 0
    cache_hits: int = 0
    failures: int = 0
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reused_prompt_tokens: int = 0
    replayed_prompt_tokens: int = 0
    replayed_completion_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float | None = None
    unpriced_calls: int = 0

    def add_response(self, response: ChatResponse) -> None:
        usage = response.usage
        if response.cached:
            self.cache_hits += 1
            self.replayed_prompt_tokens += usage.prompt_tokens
            self.replayed_completion_tokens += usage.completion_tokens
            return
        self.calls += 1
        self.attempts += response.attempts
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        self.reused_prompt_tokens += usage.reused_prompt_tokens
        self.latency_s += usage.latency_s
        if usage.cost_usd is None:
            self.unpriced_calls += 1
        else:
            self.cost_usd = (self.cost_usd or 0.0) + usage.cost_usd

    def add_failure(self, error: ModelCallError) -> None:
        self.failures += 1
        self.attempts += error.attempts

    def merge(self, other: UsageTotals) -> None:
        """Add `other` into these totals (a cost stays None only if both are None)."""
        for name in self.__dataclass_fields__:
            if name == "cost_usd":
                continue
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + other.cost_usd

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UsageTotals:
        """Totals read back from `to_json` output (for example from a resumed run's results)."""
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "cache_hits": self.cache_hits,
            "failures": self.failures,
            "attempts": self.attempts,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "reused_prompt_tokens": self.reused_prompt_tokens,
            "replayed_prompt_tokens": self.replayed_prompt_tokens,
            "replayed_completion_tokens": self.replayed_completion_tokens,
            "latency_s": round(self.latency_s, 6),
            "cost_usd": None if self.cost_usd is None else round(self.cost_usd, 8),
            "unpriced_calls": self.unpriced_calls,
        }


@dataclass
class UsageLedger:
    """Thread-safe totals per task id and for the whole run."""

    run: UsageTotals = field(default_factory=UsageTotals)
    tasks: dict[str, UsageTotals] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def record(self, task_id: str, response: ChatResponse) -> None:
        with self._lock:
            self.tasks.setdefault(task_id, UsageTotals()).add_response(response)
            self.run.add_response(response)

    def record_failure(self, task_id: str, error: ModelCallError) -> None:
        with self._lock:
            self.tasks.setdefault(task_id, UsageTotals()).add_failure(error)
            self.run.add_failure(error)

    def add_totals(self, task_id: str, totals: UsageTotals) -> None:
        """Fold in totals recorded elsewhere (for example by an earlier, resumed run)."""
        with self._lock:
            self.tasks.setdefault(task_id, UsageTotals()).merge(totals)
            self.run.merge(totals)

    def for_task(self, task_id: str) -> UsageTotals:
        """A copy of the totals of one task (zeros if it made no call)."""
        with self._lock:
            totals = self.tasks.get(task_id, UsageTotals())
            return UsageTotals(**vars(totals))

    def meter(self, model: ChatModel, task_id: str) -> MeteredModel:
        """`model`, recording into this ledger under `task_id`."""
        return MeteredModel(model, self, task_id)

    def to_json(self) -> dict[str, Any]:
        """`{"run": {...}, "tasks": {task_id: {...}}}` with tasks in sorted order."""
        with self._lock:
            return {
                "run": self.run.to_json(),
                "tasks": {task: self.tasks[task].to_json() for task in sorted(self.tasks)},
            }


class MeteredModel:
    """A `ChatModel` that records every outcome of the wrapped model into a ledger."""

    def __init__(self, model: ChatModel, ledger: UsageLedger, task_id: str) -> None:
        self.model = model
        self.ledger = ledger
        self.task_id = task_id

    async def complete(self, request: ChatRequest) -> ChatResponse:
        try:
            response = await self.model.complete(request)
        except ModelCallError as error:
            self.ledger.record_failure(self.task_id, error)
            raise
        self.ledger.record(self.task_id, response)
        return response
