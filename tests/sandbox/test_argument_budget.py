"""The argument limits of a run: string length per call, bytes over the run."""

from __future__ import annotations

from assistworld.sandbox import Limits
from assistworld.sandbox.argument_budget import ArgumentBudget, has_long_string

LIMITS = Limits(max_string_chars=300, max_argument_bytes=4096)


def test_a_long_string_anywhere_in_the_arguments_ends_the_run() -> None:
    nested = [{"$t": "model", "v": {"subject": "x" * 301}}]
    assert has_long_string([nested, {}], 300)
    assert has_long_string([[], {"k" * 301: 1}], 300)  # object keys too
    assert not has_long_string([["x" * 300, 10**30, None, 1.5], {"a": ["y" * 300]}], 300)
    reason = ArgumentBudget(LIMITS).charge("add_event", 400, nested, {})
    assert reason == "add_event() got a string of more than 300 characters"


def test_a_short_message_is_not_searched_and_bytes_add_up_over_the_run() -> None:
    budget = ArgumentBudget(LIMITS)
    assert budget.charge("find_events", 300, ["x" * 10_000], {}) is None  # 300 bytes: no search
    for _ in range(12):
        assert budget.charge("find_events", 300, [], {}) is None
    assert budget.sent_bytes == 13 * 300
    reason = budget.charge("find_events", 300, [], {})
    assert reason == "the library calls sent more than 4096 bytes"
