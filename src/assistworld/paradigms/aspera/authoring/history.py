"""Queries already written (in the suite and in this session), to steer the model away from them."""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz, process, utils

from assistworld.paradigms.aspera.authoring.replies import docstring_of
from assistworld.paradigms.aspera.authoring.state import SessionState
from assistworld.paradigms.aspera.tasks.model import Task

NEAR_DUPLICATE_SCORE = 90.0
"""Similarity (0-100) of the sorted words, ignoring case and punctuation, from which two
queries count as the same request."""


def session_queries(state: SessionState, before_round: int) -> list[str]:
    """Queries of every program of the rounds before ``before_round``, in order (kept or not)."""
    found: list[str] = []
    for round_ in state.rounds:
        if round_.number >= before_round:
            continue
        for section in round_.sections:
            query = docstring_of(section.text)
            if query:
                found.append(query)
    return found


def query_history(suite_tasks: Sequence[Task], state: SessionState, before_round: int) -> list[str]:
    """The suite's queries, then the session's earlier rounds', without repeats (oldest first)."""
    seen: set[str] = set()
    history: list[str] = []
    for query in [*(task.query for task in suite_tasks), *session_queries(state, before_round)]:
        key = query.strip().casefold()
        if key and key not in seen:
            seen.add(key)
            history.append(query)
    return history


def near_duplicate(query: str, history: Sequence[str]) -> tuple[str, float] | None:
    """The earlier query most like ``query`` and its score, when it is a near-duplicate."""
    if not history or not query.strip():
        return None
    best = process.extractOne(
        query, list(history), scorer=fuzz.token_sort_ratio, processor=utils.default_process
    )
    if best is None or best[1] < NEAR_DUPLICATE_SCORE:
        return None
    return str(best[0]), float(best[1])
