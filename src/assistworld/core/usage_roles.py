"""Model usage and cost by role: the agent, the simulated user, the judge.

A run's total hides who spent it; a peer's users found their judge was about 40 % of the true
cost. Every record carries ``usage_by_role``, and a run sums it per role. A role's cost is a
sum only when every live call of the role was priced (by the bundled table or the user's):
otherwise the role is *unpriced*, said as such rather than a total that silently leaves calls
out; a role that made no live call (all replies from the cache) cost nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from assistworld.core.result import TaskResult

AGENT_ROLE = "agent"
ROLE_ORDER = (AGENT_ROLE, "user", "judge", "generator")
"""How roles are listed; a role outside it follows, by name."""


def add_numbers(usages: Iterable[Mapping[str, Any]]) -> dict[str, float]:
    """The numeric members of ``usages`` added up, key by key (text, booleans and ``None``
    left out)."""
    totals: dict[str, float] = defaultdict(float)
    for usage in usages:
        for key, value in usage.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                totals[key] += value
    return dict(totals)


def sum_role_usage(results: Iterable[TaskResult[Any]]) -> dict[str, dict[str, Any]]:
    """Each role's usage added up over ``results`` (numbers summed; ``cost_usd`` None when the
    role has unpriced calls)."""
    by_role: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for result in results:
        for role, used in result.usage_by_role.items():
            by_role[role].append(used)
    summed: dict[str, dict[str, Any]] = {}
    for role in sorted(by_role, key=_role_rank):
        usage: dict[str, Any] = add_numbers(by_role[role])
        if usage.get("unpriced_calls"):
            usage["cost_usd"] = None
        elif "cost_usd" not in usage:
            usage["cost_usd"] = 0.0 if not usage.get("calls") else None
        summed[role] = usage
    return summed


ROLE_COUNTS = ("calls", "cache_hits", "prompt_tokens", "completion_tokens")
"""What a usage table shows of each role, before its cost."""


def role_cells(usage: Mapping[str, Any]) -> list[str]:
    """One role's row of a usage table: :data:`ROLE_COUNTS` with thousands marks, then its cost."""
    counts = [f"{int(usage.get(key) or 0):,}" for key in ROLE_COUNTS]
    return [*counts, describe_cost(dict(usage))]


def _role_rank(role: str) -> tuple[int, str]:
    return (ROLE_ORDER.index(role) if role in ROLE_ORDER else len(ROLE_ORDER), role)


def describe_cost(usage: dict[str, Any]) -> str:
    """A role's cost as a person reads it: ``$0.0123``, ``unpriced (12 calls)`` or ``$0``."""
    cost = usage.get("cost_usd")
    if cost is None:
        unpriced = int(usage.get("unpriced_calls") or usage.get("calls") or 0)
        return f"unpriced ({unpriced} call{'s' if unpriced != 1 else ''})"
    return f"${float(cost):.4f}" if cost else "$0"


__all__ = [
    "AGENT_ROLE",
    "ROLE_COUNTS",
    "ROLE_ORDER",
    "add_numbers",
    "describe_cost",
    "role_cells",
    "sum_role_usage",
]
