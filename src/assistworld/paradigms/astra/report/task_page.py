"""What a scenario's page in the HTML report shows (the ``task_page`` hook), as plain data the
page's script lays out as text: the conversation message by message (who spoke, every tool call
with its arguments, every tool result), the changes each message made to the world (from the
recorded world history: the paths set or deleted, with the value before and after), and which
milestone, minefield, related record or golden write was matched at which message, and where
the simulated user was flagged (:mod:`.user_checks`); then the success conditions checked, the
scores and the judge's verdict.

Texts are cut to keep a page of hundreds of scenarios loadable; a cut text says how much was
left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.astra.grading.milestones import MilestoneScore
from assistworld.paradigms.astra.report.tables import details_of
from assistworld.world.history import WorldHistory

TEXT_CHARS = 3_000
VALUE_CHARS = 600
CHANGES_SHOWN = 40


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f" … [{len(text) - limit} more characters]"


def _json(value: Any, limit: int = VALUE_CHARS) -> str:
    return _clip(json.dumps(value, ensure_ascii=False, default=str, sort_keys=True), limit)


def _arguments(text: str) -> str:
    try:
        return _json(json.loads(text), TEXT_CHARS)
    except json.JSONDecodeError:
        return _clip(text, TEXT_CHARS)


def _at(data: Any, path: list[str]) -> Any:
    for key in path:
        if not isinstance(data, Mapping) or key not in data:
            return None
        data = data[key]
    return data


def _bookkeeping(path: list[str], value: Any) -> bool:
    """A top-level number or text of the world (its version and id counters), not a table."""
    return len(path) == 1 and not isinstance(value, dict | list)


def world_changes(history: WorldHistory, before: int, after: int) -> list[dict[str, str]]:
    """Every member of the tables set or deleted between versions ``before`` and ``after``:
    its path, the value before (when there was one) and after. The world's own counters (its
    version, the next id) are left out."""
    if after == before:
        return []
    old = history.data_at(before)
    changes: list[dict[str, str]] = []
    for patch in history.patches:
        if not before < patch.version <= after:
            continue
        for path in patch.delete:
            changes.append(
                {"path": " › ".join(path), "op": "deleted", "before": _json(_at(old, path))}
            )
        for path, value in patch.set:
            if _bookkeeping(path, value):
                continue
            previous = _at(old, path)
            change = {"path": " › ".join(path), "op": "set" if previous is not None else "added"}
            if previous is not None:
                change["before"] = _json(previous)
            change["after"] = _json(value)
            changes.append(change)
    if len(changes) > CHANGES_SHOWN:
        left = len(changes) - CHANGES_SHOWN
        changes = [*changes[:CHANGES_SHOWN], {"path": f"… {left} more changes", "op": ""}]
    return changes


def _marks(score: MilestoneScore | None) -> dict[int, list[dict[str, str]]]:
    """What the scorer matched at each message index."""
    marks: dict[int, list[dict[str, str]]] = {}
    if score is None:
        return marks

    def add(index: int | None, kind: str, text: str) -> None:
        if index is not None:
            marks.setdefault(index, []).append({"kind": kind, "text": text})

    for name, index in score.matched.items():
        add(index, "milestone", f"milestone {name} ({score.similarity.get(name, 0.0):.2f})")
    for name in score.hit_minefields:
        add(score.minefields_at.get(name), "minefield", f"minefield {name} hit")
    diagnostics = score.diagnostics
    for entity, index in diagnostics.entities_read_at.items():
        add(index, "entity", f"related record {entity} read")
    for match in diagnostics.payloads:
        rows = f", the rows of {match.milestone}" if match.milestone else ""
        text = f"golden write {match.golden}{rows} ({match.similarity:.2f})"
        add(match.message_index, "payload", text)
    for index in diagnostics.extra_writes:
        add(index, "extra", "write no milestone asked for")
    return marks


def _tool_names(messages: list[dict[str, Any]]) -> dict[str, str]:
    return {
        call.get("id", ""): call.get("function", {}).get("name", "?")
        for message in messages
        for call in message.get("tool_calls") or ()
    }


def conversation_steps(details: Any) -> list[dict[str, Any]]:
    """The conversation as steps for the page (empty when there is none)."""
    record = details.conversation
    if record is None:
        return []
    marks = _marks(details.milestones)
    for flag in details.user_checks.flags if details.user_checks is not None else ():
        if flag.message is not None:
            mark = {"kind": "user", "text": f"user {flag.kind}: {flag.evidence}"}
            marks.setdefault(flag.message, []).append(mark)
    names = _tool_names(record.messages)
    previous = record.worlds.initial_version
    steps = []
    for index, message in enumerate(record.messages):
        version = record.world_versions[index] if index < len(record.world_versions) else previous
        step: dict[str, Any] = {"index": index, "role": message.get("role", "?")}
        content = message.get("content")
        if content:
            step["text"] = _clip(str(content), TEXT_CHARS)
        calls = [
            {
                "name": call.get("function", {}).get("name", "?"),
                "arguments": _arguments(str(call.get("function", {}).get("arguments", "{}"))),
            }
            for call in message.get("tool_calls") or ()
        ]
        if calls:
            step["calls"] = calls
        if message.get("role") == "tool":
            step["tool"] = names.get(str(message.get("tool_call_id")), "?")
        changes = world_changes(record.worlds, previous, version)
        if changes:
            step["world_version"] = version
            step["changes"] = changes
        if index in marks:
            step["marks"] = marks[index]
        previous = version
        steps.append(step)
    return steps


def task_page(result: TaskResult[Any]) -> dict[str, Any]:
    """The page data of one result (``{}`` when its details cannot be read)."""
    details = details_of(result)
    if details is None:
        return {}
    steps = conversation_steps(details)
    first = next((step.get("text") for step in steps if step["role"] == "user"), None)
    page: dict[str, Any] = {
        "kind": details.mode,
        "query": first,
        "conversation": steps,
        "checks": [check.model_dump() for check in details.checks],
        "facts": {
            "mode": details.mode,
            "end reason": details.end_reason,
            "user turns": details.user_turns,
            "assistant turns": details.assistant_turns,
            "tool calls": details.tool_calls,
            "language": details.language,
            "complexity": ", ".join(f"{k} {v}" for k, v in details.complexity.items()),
            "stress": ", ".join(details.stress) or "none",
        },
        "scores": {"S": result.score, **result.subscores},
    }
    if details.user_checks is not None:
        flags = details.user_checks.flags
        shown = "; ".join(f"{flag.kind}: {flag.evidence}" for flag in flags if flag.message is None)
        kinds = ", ".join(details.user_checks.kinds)
        page["facts"]["simulated user"] = (
            f"flagged ({kinds})" + (f" — {shown}" if shown else "") if flags else "behaved"
        )
    if details.milestones is not None:
        missed = [name for name, index in details.milestones.matched.items() if index is None]
        page["unmatched"] = missed
    if details.judge is not None:
        page["judge"] = {
            "model": details.judge.model,
            "scores": details.judge.scores,
            "reasons": details.judge.reasons,
            "problem": details.judge.problem,
        }
    return page


__all__ = ["conversation_steps", "task_page", "world_changes"]
