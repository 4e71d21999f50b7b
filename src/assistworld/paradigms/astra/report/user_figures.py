"""A run's simulated-user figures: how many conversations flagged each failure of the user (see
:mod:`.user_checks`), which ones, and the assistant's success with and without them.

The headline pair is ``success`` (every result) next to ``success_user_behaved`` (every result
whose user raised no flag: single-turn scenarios and scripted users, which cannot fail this
way, count as behaved), so that a simulator's failures are not read as the assistant's. The same
pair over the conversations a simulated user played is beside it (``success_checked``,
``success_checked_behaved``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from assistworld.core.result import TaskResult
from assistworld.paradigms.astra.grading.user_checks import FLAG_KINDS, UserChecks
from assistworld.paradigms.astra.report.summary_keys import USER_CHECKS_KEY


def user_checks_of(result: TaskResult[Any]) -> UserChecks | None:
    """A result's user checks, from typed details or details read as plain data (None: its
    user was not checked)."""
    details = result.details
    found = getattr(details, "user_checks", None)
    if isinstance(found, UserChecks):
        return found
    raw = details.get("user_checks") if isinstance(details, dict) else None
    if not isinstance(raw, dict):
        return None
    try:
        return UserChecks.model_validate(raw)
    except ValidationError:
        return None


def _rate(results: Sequence[TaskResult[Any]]) -> float | None:
    return sum(r.passed for r in results) / len(results) if results else None


def user_summary(results: Sequence[TaskResult[Any]]) -> dict[str, Any] | None:
    """The figures (see the module's documentation); None when no simulated user played.

    ``checked``: conversations with a simulated user; ``flagged``: those with any flag;
    ``by_kind``: conversations per kind of flag (one conversation may count under several);
    ``flagged_ids``: the scenarios of each kind, by query id (once each, whatever the samples);
    ``results`` and ``behaved``: the results behind ``success`` and ``success_user_behaved``."""
    checks = [(result, user_checks_of(result)) for result in results]
    checked = [(result, found) for result, found in checks if found is not None]
    if not checked:
        return None
    flagged = [result for result, found in checked if found.flagged]
    behaved = [result for result, found in checks if found is None or not found.flagged]
    ids = {
        kind: sorted({r.query_id for r, found in checked if kind in found.kinds})
        for kind in FLAG_KINDS
    }
    checked_behaved = [result for result, found in checked if not found.flagged]
    return {
        "checked": len(checked),
        "flagged": len(flagged),
        "by_kind": {kind: sum(kind in found.kinds for _, found in checked) for kind in FLAG_KINDS},
        "flagged_ids": ids,
        "results": len(results),
        "behaved": len(behaved),
        "success": _rate(results),
        "success_user_behaved": _rate(behaved),
        "success_checked": _rate([result for result, _ in checked]),
        "success_checked_behaved": _rate(checked_behaved),
    }


def headline_figures(results: Sequence[TaskResult[Any]]) -> dict[str, str]:
    """The report headline's column beside the success: ``success, user behaved`` as "rate
    (passed of results)"; empty when no simulated user played."""
    figures = user_summary(results)
    if figures is None or figures["success_user_behaved"] is None:
        return {}
    rate, behaved = figures["success_user_behaved"], figures["behaved"]
    passed = round(rate * behaved)
    return {"success, user behaved": f"{100 * rate:.1f}% ({passed} of {behaved})"}


__all__ = ["USER_CHECKS_KEY", "headline_figures", "user_checks_of", "user_summary"]
