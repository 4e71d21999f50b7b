"""Mutants of a reference trajectory, for audits: a scenario's milestones should reject each.

Pure functions over OpenAI chat messages (plain dicts); the input is never changed. Each
operator returns :class:`Mutant` values; a mutant's tool results are copies or placeholders,
because the paradigm replays the mutated calls against the world to get the real ones.

- :func:`wrong_arguments`: one write call with one argument changed: a recipient (an argument
  whose name says so) or another field. A recipient, a number or an address takes another value
  of the same kind that a tool returned in the conversation when there is one (another contact's
  number, say); else a number gets a wrong digit and an address a changed name (a recipient
  named in words is left alone: a name cut short still names the same person). Free text gets
  a wrong detail: the first number, weekday or month it names moves on by one ("Sunday"
  becomes "Monday"); a text naming none loses its last word; a single word is left alone.
  Text is never just extended (an appended tag keeps everything the text said, so no fair
  check could reject it: that edit is not a wrong trajectory). Numbers move by one, booleans
  flip, lists lose their last item.
- :func:`extra_writes`: one write call made a second time.
- :func:`dropped_writes`: one write call left out (with its result), so the work is never done;
  a milestone that only looks at what the assistant said, not at what it did, lets it through.
- :func:`deleted_entity`: a call to a delete tool inserted before the final answer.
- :func:`wrong_answer`: the final answer replaced by a wrong one.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from assistworld.core.json_leaves import json_leaves

Operator = Literal[
    "wrong_recipient",
    "wrong_field",
    "extra_write",
    "dropped_write",
    "deleted_entity",
    "wrong_answer",
]
Messages = list[dict[str, Any]]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
NAMED = [name for name in WEEKDAYS + MONTHS if name != "may"]  # "may" is mostly a verb
DETAIL = re.compile(r"\d+|\b(?:" + "|".join(NAMED) + r")\b", re.IGNORECASE)
RECIPIENT = re.compile(
    r"recipient|^to$|^to_|_to$|^cc$|^bcc$|phone|email|address|contact|person|attendee|participant"
)
WRONG_ANSWER = "I'm sorry, I couldn't find anything about that."


class Mutant(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    operator: Operator
    description: str
    messages: list[dict[str, Any]]
    index: int
    """The message index the mutation is at."""


def all_mutants(
    messages: Sequence[Mapping[str, Any]],
    write_tools: Iterable[str],
    deletions: Sequence[tuple[str, dict[str, Any]]] = (),
) -> list[Mutant]:
    """Every mutant of the operators; ``deletions`` lists (delete tool, arguments) calls to
    insert, one mutant each."""
    writes = frozenset(write_tools)
    found = [
        *wrong_arguments(messages, writes),
        *extra_writes(messages, writes),
        *dropped_writes(messages, writes),
    ]
    found += [deleted_entity(messages, tool, arguments) for tool, arguments in deletions]
    answer = wrong_answer(messages)
    return found if answer is None else [*found, answer]


def _calls(
    messages: Sequence[Mapping[str, Any]], writes: frozenset[str]
) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """(message index, call position, call) of every write call."""
    for index, message in enumerate(messages):
        if message.get("role") != "assistant":
            continue
        for position, call in enumerate(message.get("tool_calls") or ()):
            if call.get("function", {}).get("name") in writes:
                yield index, position, call


def _arguments(call: Mapping[str, Any]) -> dict[str, Any]:
    raw = call.get("function", {}).get("arguments", "{}")
    if isinstance(raw, dict):
        return dict(raw)
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def _returned(messages: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Scalar values tools returned, in order of appearance."""
    values: list[Any] = []
    for message in messages:
        if message.get("role") == "tool" and isinstance(message.get("content"), str):
            try:
                values.extend(json_leaves(json.loads(message["content"])))
            except json.JSONDecodeError:
                continue
    return values


def _other_value(value: Any, returned: Sequence[Any], recipient: bool) -> Any:
    """A different value of the same kind (see the module's documentation); None if none."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        shape = _shape(value)
        for candidate in returned if recipient or shape != "text" else ():
            if isinstance(candidate, str) and candidate != value and _shape(candidate) == shape:
                return candidate
        if shape == "email":
            return f"x{value}"
        if recipient and shape == "text":
            return None  # a name cut short still names the same person
        return _wrong_detail(value)
    if isinstance(value, list) and value:
        if len(value) > 1:
            return value[:-1]
        other = _other_value(value[0], returned, recipient)
        return None if other is None else [other]
    return None


def _wrong_detail(text: str) -> str | None:
    """``text`` with its first number, weekday or month moved on by one; else without its last
    word; None for a single word (see the module's documentation)."""
    found = DETAIL.search(text)
    if found is not None:
        word = found.group(0)
        if word.isdigit():
            other = str(int(word) + 1).zfill(len(word))
        else:
            names = WEEKDAYS if word.lower() in WEEKDAYS else MONTHS
            other = names[(names.index(word.lower()) + 1) % len(names)]
            other = other.capitalize() if word[0].isupper() else other
        return text[: found.start()] + other + text[found.end() :]
    words = text.split()
    if len(words) < 2:
        return None
    return text[: text.rindex(words[-1])].rstrip(" ,;:-")


def _shape(text: str) -> str:
    """A coarse kind of text: digits, letters and the rest (so a number stays a number)."""
    if "@" in text:
        return "email"
    digits = sum(c.isdigit() for c in text)
    if digits >= max(3, len(text) // 2):
        return "number"
    return "text"


def wrong_arguments(
    messages: Sequence[Mapping[str, Any]], write_tools: Iterable[str]
) -> list[Mutant]:
    """One mutant per argument of every write call, with that argument changed."""
    writes = frozenset(write_tools)
    returned = _returned(messages)
    mutants = []
    for index, position, call in _calls(messages, writes):
        arguments = _arguments(call)
        tool = call["function"]["name"]
        for name, value in arguments.items():
            recipient = bool(RECIPIENT.search(name))
            other = _other_value(value, returned, recipient)
            if other is None or other == value:
                continue
            changed = copy.deepcopy([dict(m) for m in messages])
            target = changed[index]["tool_calls"][position]["function"]
            target["arguments"] = json.dumps({**arguments, name: other}, ensure_ascii=False)
            operator: Operator = "wrong_recipient" if recipient else "wrong_field"
            mutants.append(
                Mutant(
                    name=f"{operator}@{index}:{tool}.{name}",
                    operator=operator,
                    description=f"{tool} at message {index} with {name}={other!r} "
                    f"instead of {value!r}",
                    messages=changed,
                    index=index,
                )
            )
    return mutants


def extra_writes(messages: Sequence[Mapping[str, Any]], write_tools: Iterable[str]) -> list[Mutant]:
    """One mutant per write call: the call made again right after its result."""
    mutants = []
    for index, position, call in _calls(messages, frozenset(write_tools)):
        changed = copy.deepcopy([dict(m) for m in messages])
        after = index + 1
        while after < len(changed) and changed[after].get("role") == "tool":
            after += 1
        repeat_id = f"{call.get('id', 'call')}_again"
        repeated = {**copy.deepcopy(call), "id": repeat_id}
        result = next(
            (
                m.get("content")
                for m in messages[index + 1 : after]
                if m.get("tool_call_id") == call.get("id")
            ),
            "null",
        )
        changed[after:after] = [
            {"role": "assistant", "content": None, "tool_calls": [repeated]},
            {"role": "tool", "tool_call_id": repeat_id, "content": result},
        ]
        tool = call["function"]["name"]
        mutants.append(
            Mutant(
                name=f"extra_write@{index}:{tool}#{position}",
                operator="extra_write",
                description=f"{tool} from message {index} made a second time",
                messages=changed,
                index=after,
            )
        )
    return mutants


def dropped_writes(
    messages: Sequence[Mapping[str, Any]], write_tools: Iterable[str]
) -> list[Mutant]:
    """One mutant per write call: the call and its result left out (an assistant message left
    with neither a call nor text goes too)."""
    mutants = []
    for index, position, call in _calls(messages, frozenset(write_tools)):
        changed = copy.deepcopy([dict(m) for m in messages])
        calls = list(changed[index].get("tool_calls") or ())
        del calls[position]
        if calls:
            changed[index]["tool_calls"] = calls
        else:
            changed[index].pop("tool_calls")
        kept = [
            m
            for m in changed
            if not (m.get("role") == "tool" and m.get("tool_call_id") == call.get("id"))
        ]
        if not kept[index].get("tool_calls") and not kept[index].get("content"):
            del kept[index]
        tool = call["function"]["name"]
        mutants.append(
            Mutant(
                name=f"dropped_write@{index}:{tool}#{position}",
                operator="dropped_write",
                description=f"{tool} from message {index} left out",
                messages=kept,
                index=index,
            )
        )
    return mutants


def _final_answer(messages: Sequence[Mapping[str, Any]]) -> int | None:
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message.get("role") == "assistant" and not message.get("tool_calls"):
            content = message.get("content")
            if isinstance(content, str) and content.strip():
                return index
    return None


def deleted_entity(
    messages: Sequence[Mapping[str, Any]], tool: str, arguments: Mapping[str, Any]
) -> Mutant:
    """``tool(**arguments)`` (a deletion) called just before the final answer (at the end if
    there is none)."""
    changed = copy.deepcopy([dict(m) for m in messages])
    at = _final_answer(messages)
    at = len(changed) if at is None else at
    call_id = "mutant_delete"
    function = {"name": tool, "arguments": json.dumps(dict(arguments), ensure_ascii=False)}
    changed[at:at] = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": function}],
        },
        {"role": "tool", "tool_call_id": call_id, "content": "null"},
    ]
    shown = ", ".join(f"{k}={v!r}" for k, v in arguments.items())
    return Mutant(
        name=f"deleted_entity@{at}:{tool}({shown})",
        operator="deleted_entity",
        description=f"{tool}({shown}) called before the final answer",
        messages=changed,
        index=at,
    )


def wrong_answer(messages: Sequence[Mapping[str, Any]], text: str = WRONG_ANSWER) -> Mutant | None:
    """The final answer replaced by ``text``; None when the assistant never answered."""
    at = _final_answer(messages)
    if at is None:
        return None
    changed = copy.deepcopy([dict(m) for m in messages])
    changed[at]["content"] = text
    return Mutant(
        name=f"wrong_answer@{at}",
        operator="wrong_answer",
        description=f"the answer at message {at} replaced by {text!r}",
        messages=changed,
        index=at,
    )
