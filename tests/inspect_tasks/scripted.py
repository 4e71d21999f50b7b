"""Scripted model replies that both ways of running a suite can be asked for: the loopback
server (``assistworld run``) and Inspect's mock model (``inspect eval``) answer each request
from the same rule, over the same (role, text) view of the request's messages."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall as InspectToolCall
from inspect_ai.tool import ToolChoice, ToolInfo

from assistworld.llm.chat import ToolCall
from assistworld.llm.loopback import Reply
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text

WRONG_PROGRAM = "```python\ndef do_nothing():\n    return None\n```"
WRONG_REPLY = "I cannot help with that."

Messages = list[tuple[str, str]]
"""A request's messages as (role, text); an assistant's tool calls count as its text."""


@dataclass(frozen=True)
class Turn:
    """One scripted model reply: text, and tool calls as (id, name, JSON arguments)."""

    text: str = ""
    calls: tuple[tuple[str, str, str], ...] = ()


Rule = Callable[[Messages], Turn]


def program_rule(tasks: Sequence[Any]) -> Rule:
    """The reference program for every other task of ``tasks``, a program doing nothing for
    the rest (the task found by its query in the last user message)."""
    right = {task.query: index % 2 == 0 for index, task in enumerate(tasks)}
    programs = {task.query: task.program for task in tasks}

    def reply(messages: Messages) -> Turn:
        asked = [text for role, text in messages if role == "user"][-1]
        query = max((q for q in programs if q in asked), key=len)
        return Turn(f"```python\n{programs[query]}\n```" if right[query] else WRONG_PROGRAM)

    return reply


def plan_rule(tasks: Sequence[Any]) -> Rule:
    """The gold apps when asked to choose apps; the gold plan for every other task, and the
    gold plan less its last call for the rest."""
    by_query = {task.query: (index, task) for index, task in enumerate(tasks)}

    def reply(messages: Messages) -> Turn:
        asked = [text for role, text in messages if role == "user"][-1]
        index, task = by_query[asked]
        if messages[0][1].startswith("You help a phone assistant decide which apps"):
            apps = sorted({call.app for call in task.calls})
            return Turn("[" + ", ".join(apps) + "]")
        plan = gold_plan_text(task).splitlines()
        return Turn("\n".join(plan if index % 2 == 0 else plan[:-1]) or WRONG_REPLY)

    return reply


def conversation_rule(tasks: Sequence[Any]) -> Rule:
    """The reference conversation's next assistant message for every other scenario (the
    scenario found by its first user message); a refusal for the rest."""
    by_query = {task.query: (index, task) for index, task in enumerate(tasks)}

    def reply(messages: Messages) -> Turn:
        first = next(text for role, text in messages if role == "user")
        index, task = by_query[first]
        if index % 2:
            return Turn(WRONG_REPLY)
        said = sum(1 for role, _ in messages if role == "assistant")
        answers = [m for m in task.reference if m["role"] == "assistant"]
        if said >= len(answers):
            return Turn(WRONG_REPLY)
        answer = answers[said]
        calls = tuple(
            (call["id"], call["function"]["name"], _json_text(call["function"]["arguments"]))
            for call in answer.get("tool_calls") or ()
        )
        return Turn(answer.get("content") or "", calls)

    return reply


def _json_text(arguments: Any) -> str:
    """A reference call's arguments as JSON text (scenario files may write them as an object)."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def loopback_reply(rule: Rule) -> Callable[[dict[str, Any]], Reply]:
    """``rule`` as the loopback server's reply rule (over the OpenAI request body)."""

    def reply(body: dict[str, Any]) -> Reply:
        messages = [(m["role"], _openai_text(m)) for m in body["messages"]]
        turn = rule(messages)
        calls = tuple(ToolCall(id=i, name=name, arguments=args) for i, name, args in turn.calls)
        return Reply(text=turn.text, tool_calls=calls)

    return reply


def _openai_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content)
    return content or json.dumps(message.get("tool_calls") or [])


def mock_outputs(
    rule: Rule,
) -> Callable[[list[ChatMessage], list[ToolInfo], ToolChoice, GenerateConfig], ModelOutput]:
    """``rule`` as Inspect's mock model's ``custom_outputs`` (over Inspect's messages)."""

    def reply(
        messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: Any
    ) -> ModelOutput:
        seen = [(m.role, m.text or _inspect_calls(m)) for m in messages]
        turn = rule(seen)
        calls = [
            InspectToolCall(id=i, function=name, arguments=json.loads(args))
            for i, name, args in turn.calls
        ]
        message = ChatMessageAssistant(content=turn.text, tool_calls=calls or None)
        stop = "tool_calls" if calls else "stop"
        # usage given, as a provider gives it (the mock model would count tokens with an
        # encoding it downloads, which an offline test cannot)
        words_in = sum(len(text.split()) for _, text in seen)
        usage = ModelUsage(
            input_tokens=words_in,
            output_tokens=len(turn.text.split()) + len(calls),
            total_tokens=words_in + len(turn.text.split()) + len(calls),
        )
        return ModelOutput(
            model="mockllm/model",
            choices=[ChatCompletionChoice(message=message, stop_reason=stop)],
            usage=usage,
        )

    return reply


def _inspect_calls(message: ChatMessage) -> str:
    calls = getattr(message, "tool_calls", None) or []
    return json.dumps([{"name": call.function, "arguments": call.arguments} for call in calls])
