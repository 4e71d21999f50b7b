"""A scenario as a template family makes it, and its rendering into a scenario file's fields.

A :class:`Draft` says what the user asks, which tool calls solve it and what the assistant
replies; :meth:`Draft.scenario` turns that into the scenario format (the reference
conversation in the OpenAI chat format, the success conditions, milestones and minefields), so
every family shares one way of writing references and checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Level = str
END_GOAL_MET = "[END goal_met]"
MADE_AT: Mapping[str, str] = MappingProxyType(
    {
        "phone_calls": "started_at",
        "sms_messages": "sent_at",
        "whatsapp_messages": "sent_at",
        "emails": "sent_at",
    }
)
"""The time column of each table whose rows a tool makes now (a call, a message, an email)."""


def made_now(rows: list[dict[str, Any]], now: str) -> list[dict[str, Any]]:
    """``rows`` (end-state conditions) with each new call, message or email bounded to times
    from ``now`` on (``$from``), so that no row of the starting world, all of it older, meets
    the condition: the request must bring it about. A condition naming a key (a record that
    already exists) is left as it is."""
    bounded = []
    for row in rows:
        column = MADE_AT.get(row["table"])
        where = row.get("where", {})
        if column is not None and "key" not in row and row.get("present", True):
            where = {**where, column: where.get(column, {"$from": now})}
            row = {**row, "where": where}
        bounded.append(row)
    return bounded


@dataclass(frozen=True)
class ToolCall:
    tool: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Labels:
    """Complexity on the paper's three axes (appendix B.2), stated by each family."""

    referential: Level
    functional: Level
    informational: Level

    def as_data(self) -> dict[str, str]:
        return {
            "referential": self.referential,
            "functional": self.functional,
            "informational": self.informational,
        }


@dataclass(frozen=True)
class Exchange:
    """What a multi-turn reference says before acting: the assistant's question, the user's
    answer (a fact of the knowledge boundary)."""

    question: str
    answer: str


@dataclass
class Draft:
    """One scenario before rendering (see the module's documentation)."""

    name: str
    family: str
    category: str
    query: str
    reasoning: str
    labels: Labels
    reply: str
    calls: list[ToolCall] = field(default_factory=list)
    before: list[ToolCall] = field(default_factory=list)
    """Calls made before the clarifying exchange (multi-turn only)."""
    exchange: Exchange | None = None
    user_goal: str | None = None
    knowledge: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    facts: list[list[str]] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)
    milestones: list[dict[str, Any]] = field(default_factory=list)
    minefields: list[dict[str, Any]] = field(default_factory=list)
    misinformation: bool = False
    insufficient_context: bool = False
    program: str | None = None
    """The reference program (see :mod:`.programs`), for single-turn English scenarios."""

    @property
    def multi_turn(self) -> bool:
        return self.exchange is not None

    def reference(self) -> list[dict[str, Any]]:
        """The reference conversation: one assistant message per tool call."""
        messages: list[dict[str, Any]] = [{"role": "user", "content": self.query}]
        counter = 0

        def called(calls: list[ToolCall]) -> None:
            nonlocal counter
            for call in calls:
                messages.append(
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": f"r{counter}_{call.tool}",
                                "type": "function",
                                "function": {"name": call.tool, "arguments": call.arguments},
                            }
                        ],
                    }
                )
                counter += 1

        called(self.before)
        if self.exchange is not None:
            messages.append({"role": "assistant", "content": self.exchange.question})
            messages.append({"role": "user", "content": self.exchange.answer})
        called(self.calls)
        messages.append({"role": "assistant", "content": self.reply})
        if self.exchange is not None:
            messages.append({"role": "user", "content": END_GOAL_MET})
        return messages

    def scenario(
        self,
        protagonist: str,
        now: str,
        world_file: str,
        language: str = "en",
        translation_of: str | None = None,
    ) -> dict[str, Any]:
        """The scenario file's fields, in the order a person reads them."""
        data: dict[str, Any] = {
            "query_id": self.name,
            "protagonist": protagonist,
            "apps": "personal",
            "world": world_file,
            "now": now,
            "category": self.category,
            "tags": ["generated", self.family],
        }
        if self.multi_turn:
            data["mode"] = "multi_turn"
        data["query"] = self.query
        if self.multi_turn:
            data["user_goal"] = self.user_goal
            data["knowledge_boundary"] = self.knowledge
        data["related_entities"] = self.related
        data["reasoning"] = self.reasoning
        success: dict[str, Any] = {}
        if self.facts:
            success["answer"] = [list(fact) for fact in self.facts]
        if self.rows:
            success["end_state"] = made_now(self.rows, now)
        data["success"] = success
        data["milestones"] = self.milestones
        if self.minefields:
            data["minefields"] = self.minefields
        data["complexity"] = self.labels.as_data()
        stress = {}
        if self.misinformation:
            stress["misinformation"] = True
        if self.insufficient_context:
            stress["insufficient_context"] = True
        if stress:
            data["stress"] = stress
        if self.exchange is not None:
            data["user_script"] = [self.exchange.answer, {"end": "goal_met"}]
        if language != "en":
            data["language"] = language
            data["translation_of"] = translation_of
        data["reference"] = self.reference()
        if self.program:
            data["reference_program"] = self.program
        return data


def looked_up(
    identifier: str, tool: str, arguments: dict[str, Any], *, after: list[str] | None = None
) -> dict[str, Any]:
    """A milestone: the tool was called with these arguments (text compared by ``contains``,
    so a fuller name or extra words still count)."""
    measures = {k: "contains" for k, v in arguments.items() if isinstance(v, str)}
    constraint: dict[str, Any] = {"kind": "tool_call", "tool": tool, "arguments": arguments}
    if measures:
        constraint["measures"] = measures
    milestone: dict[str, Any] = {"id": identifier, "constraints": [constraint]}
    if after:
        milestone["after"] = after
    return milestone


def changed(
    identifier: str,
    kind: str,
    table: str,
    row: dict[str, Any],
    *,
    free_text: tuple[str, ...] = (),
    after: list[str] | None = None,
    may_change: list[str] | None = None,
) -> dict[str, Any]:
    """A milestone: one row ``kind`` (added, updated, removed) in ``table``; ``free_text``
    columns are compared by ROUGE-L (graded: words of one's own earn partial credit, an edited
    text is visibly less than the reference's)."""
    constraint: dict[str, Any] = {"kind": kind, "table": table, "rows": [row]}
    if free_text:
        constraint["measures"] = {column: "rouge_l" for column in free_text}
    milestone: dict[str, Any] = {"id": identifier, "constraints": [constraint]}
    if after:
        milestone["after"] = after
    if may_change:
        milestone["may_change"] = may_change
    return milestone


def told(identifier: str, text: str, after: list[str]) -> dict[str, Any]:
    """A milestone: the assistant's reply holds ``text``."""
    return {
        "id": identifier,
        "constraints": [{"kind": "response", "text": text, "measure": "contains"}],
        "after": after,
    }


def asked(identifier: str, after: list[str] | None = None) -> dict[str, Any]:
    """A milestone: the assistant asked the user something (a reply with a question mark)."""
    milestone: dict[str, Any] = {
        "id": identifier,
        "description": "asks the user for what the request leaves out",
        "constraints": [{"kind": "response", "text": "?", "measure": "contains"}],
    }
    if after:
        milestone["after"] = after
    return milestone


def harm(
    identifier: str,
    description: str,
    kind: str,
    table: str,
    row: dict[str, Any],
    *,
    contains: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A minefield: a row ``kind`` in ``table`` at one message (``contains`` columns match by
    words held)."""
    constraint: dict[str, Any] = {"kind": kind, "table": table, "since": "message", "rows": [row]}
    if contains:
        constraint["measures"] = {column: "contains" for column in contains}
    return {"id": identifier, "description": description, "constraints": [constraint]}


__all__ = [
    "END_GOAL_MET",
    "Draft",
    "Exchange",
    "Labels",
    "ToolCall",
    "asked",
    "changed",
    "harm",
    "looked_up",
    "made_now",
    "told",
]
