"""Reading a judge's reply: strictly as the JSON object asked for, else leniently (a fenced or
embedded object, keys spelled differently, scores written as text, or "name: score" lines),
and if nothing usable is found, a recorded failure rather than an exception."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

DIMENSIONS = (
    "task_completion",
    "tool_usage",
    "information_retrieval",
    "conversation_effectiveness",
    "no_hallucination",
)

ParseMode = Literal["strict", "lenient", "failed"]


class ParsedReply(BaseModel):
    model_config = ConfigDict(frozen=True)
    scores: dict[str, int | None]
    reasons: dict[str, str]
    mode: ParseMode
    problem: str | None = None


def parse_reply(text: str) -> ParsedReply:
    """The five 0-2 scores of a reply, how they were read, and what was wrong if anything."""
    strict = _strict(text)
    if strict is not None:
        return strict
    data = _embedded_object(text)
    scores: dict[str, int | None] = dict.fromkeys(DIMENSIONS)
    reasons: dict[str, str] = {}
    if data is not None:
        for key, value in data.items():
            name = _dimension(str(key))
            if name is not None:
                scores[name], reason = _score_and_reason(value)
                if reason:
                    reasons[name] = reason
    for name in DIMENSIONS:
        if scores[name] is None:
            scores[name] = _score_in_prose(text, name)
    missing = [name for name in DIMENSIONS if scores[name] is None]
    if len(missing) == len(DIMENSIONS):
        snippet = text.strip()[:120] or "(empty reply)"
        return ParsedReply(
            scores=scores, reasons={}, mode="failed", problem=f"no scores found in: {snippet}"
        )
    problem = f"no score for {', '.join(missing)}" if missing else None
    return ParsedReply(scores=scores, reasons=reasons, mode="lenient", problem=problem)


def _strict(text: str) -> ParsedReply | None:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or set(data) != set(DIMENSIONS):
        return None
    scores: dict[str, int | None] = {}
    reasons: dict[str, str] = {}
    for name in DIMENSIONS:
        item = data[name]
        if not isinstance(item, dict) or set(item) - {"score", "reason"}:
            return None
        score = item.get("score")
        if type(score) is not int or not 0 <= score <= 2:
            return None
        scores[name] = score
        if isinstance(item.get("reason"), str):
            reasons[name] = item["reason"]
    return ParsedReply(scores=scores, reasons=reasons, mode="strict")


def _embedded_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in the text (inside a code fence or prose) that decodes."""
    decoder = json.JSONDecoder()
    for match in re.finditer(r"\{", text):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    return None


def _dimension(key: str) -> str | None:
    normal = re.sub(r"[^a-z]+", "_", key.lower()).strip("_")
    aliases = {
        "tool_call_accuracy": "tool_usage",
        "conversation_efficiency": ("conversation_effectiveness"),
        "hallucination": "no_hallucination",
    }
    normal = aliases.get(normal, normal)
    return normal if normal in DIMENSIONS else None


def _score_and_reason(value: Any) -> tuple[int | None, str]:
    if isinstance(value, dict):
        reason = value.get("reason") or value.get("explanation") or ""
        return _as_score(value.get("score")), str(reason)
    return _as_score(value), ""


def _as_score(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        number = float(value)
    else:
        found = re.match(r"\s*([0-2](?:\.0+)?)\s*(?:/\s*2)?\s*$", str(value))
        if found is None:
            return None
        number = float(found.group(1))
    if number not in (0.0, 1.0, 2.0):
        return None
    return int(number)


def _score_in_prose(text: str, name: str) -> int | None:
    spelled = r"[\s_-]*".join(name.split("_"))
    found = re.search(
        rf"{spelled}\**\"?\s*[:=\-]\s*\**\s*([0-2])(?:\s*/\s*2)?(?![\d.])", text, re.IGNORECASE
    )
    return int(found.group(1)) if found else None
