"""Did the simulated user behave? Checks over a recorded conversation and its scenario.

A failed simulated user otherwise counts as a failed assistant. Each check is a pure function of
the recorded messages (OpenAI chat form), the end reason and what the scenario lets the user
know (:class:`UserKnowledge`), so it applies to an old run's records as well as a new one's.
The flags (one :class:`UserFlag` per finding, naming the message) are:

- ``as_assistant``: the user speaks as the assistant: it names a tool of the scenario's toolset
  (see :func:`names_tool`), writes tool-call syntax, uses the assistant's phrases ("how can I
  help", "you can use the ... function", "your calendar", "I've sent the email"), or answers
  its own request (states a fact the assistant was to find, before the assistant said it, that
  the user's query, goal and boundary do not hold);
- ``repeated``: the user says again, verbatim, a message it said before (compared without
  regard to case, runs of spaces, surrounding punctuation and an end signal). Only a message
  of at least :data:`MIN_REPEAT_WORDS` words counts: "yes", "ok thanks" or "Yes, please."
  said twice is a person answering the same question twice, not a simulator stuck in a loop;
- ``revealed_fact`` (only for a scenario with a ``knowledge_boundary``): the user states a fact
  of the scenario's success conditions that is neither in the boundary nor in its first query,
  before the assistant said it;
- ``ended_early``: the user ended the conversation (``goal_met``, ``gave_up``,
  ``out_of_scope``) before the assistant called any tool, in a scenario whose solution acts
  (it requires rows of the end state, or its reference conversation calls a tool).

A fact of the success conditions is what one required answer fact offers (any of its texts),
or a text value a required row must have (a date-time counts by its clock time, "20:45", the
form a person says). Only specific facts are checked: a text with a digit, an ``@``, two words
or a capital letter. A lone lower-case word ("sent", "inbox") is a category a user says in
ordinary speech, and "?" (the assistant must ask) is no fact at all.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from assistworld.core.json_leaves import json_texts
from assistworld.paradigms.astra.agents.users import END_SIGNAL, USER_ENDS
from assistworld.paradigms.astra.tasks.scenario import Scenario

FlagKind = Literal["as_assistant", "repeated", "revealed_fact", "ended_early"]
FLAG_KINDS: tuple[FlagKind, ...] = ("as_assistant", "repeated", "revealed_fact", "ended_early")

MIN_REPEAT_WORDS = 5
"""A verbatim repeat is flagged only for a message of at least this many words."""

_ASSISTANT_PHRASES = (
    r"\bhow (?:can|may) i (?:help|assist)\b",
    r"\banything else i can (?:help|do|assist)\b",
    r"\bi(?:'d| would)? be (?:happy|glad) to (?:help|assist)\b",
    r"\bi can help you\b",
    r"\byou can use the\b",
    r"\b(?:use|call|calling|using|invoke) the [\w.]+ (?:function|tool|api)\b",
    r"\b(?:function|tool) (?:call|named|called)\b",
    r"\bas an ai\b",
    r"\bi(?:'m| am) an ai\b",
    r"\bai (?:language )?(?:model|assistant)\b",
    r"\byour (?:calendar|inbox|contacts|contact list|emails|schedule)\b",
    r"\b(?:i'll|i will|let me|i can|i've|i have)\b[^.?!]{0,60}\bfor you\b",
    r"\bi(?:'ve| have) (?:just |now |already )?(?:sent|modified|updated|scheduled|moved|"
    r"rescheduled|created|added|saved|deleted|removed|drafted) (?:an?|the|your)\b",
    r"\bi(?:'ll| will) (?:now )?(?:send|schedule|move|reschedule|create|add|save|delete|remove|"
    r"modify|update) (?:the|an?|your) "
    r"(?:message|email|e-mail|event|meeting|contact|text|draft)s?\b",
    r"\bje vais (?:envoyer|déplacer|créer|ajouter|programmer|modifier) (?:un|une|le|la|les|l')",
    r"\bich werde (?:die|eine|den|das|ihm|ihr) (?:nachricht|e-mail|mail|termin|kontakt|schicken"
    r"|senden|verschieben)",
    r"\bsuccessfully (?:scheduled|sent|moved|updated|created|added|saved|rescheduled|booked)\b",
    r"\berfolgreich (?:verschoben|verschiebt|gesendet|geschickt|erstellt|hinzugefügt|gespeichert"
    r"|aktualisiert|geändert)",
    r"\b(?:movid|enviad|cread|agregad|añadid|guardad|actualizad|cambiad)[oa]s? "
    r"(?:correctamente|con éxito)",
    r"\b(?:déplacé|envoyé|créé|ajouté|enregistré|modifié|mis à jour)e?s? avec succès",
    r"\ben qué (?:más )?(?:te |le )?puedo ayudar",
    r"\bpuedo ayudarte\b",
    r"\bwie kann ich (?:ihnen|dir) helfen\b",
    r"\bkann ich (?:ihnen|dir) (?:noch )?(?:helfen|behilflich)",
    r"\b(?:comment )?puis-je vous aider\b",
    r"\bje peux vous aider\b",
)
_ASSISTANT_SPEECH = re.compile("|".join(_ASSISTANT_PHRASES), re.IGNORECASE)
_CALL_SYNTAX = re.compile(r'"(?:name|arguments|parameters)"\s*:|<tool_call>|```json', re.IGNORECASE)
_ISO_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})")
_SPACES = re.compile(r"\s+")
_EDGES = " \t\n.,;:!?¡¿\"'()…"


class UserFlag(BaseModel):
    """One finding: what kind, at which message of the record, and the words that show it."""

    model_config = ConfigDict(frozen=True)

    kind: FlagKind
    message: int | None = None
    """The index of the user message in the record (None: the conversation as a whole)."""
    evidence: str


class UserChecks(BaseModel):
    """The checks of one conversation's simulated user: every flag raised (none: it behaved)."""

    flags: list[UserFlag] = Field(default_factory=list)

    @property
    def flagged(self) -> bool:
        return bool(self.flags)

    @property
    def kinds(self) -> list[FlagKind]:
        """The kinds of flag raised, in :data:`FLAG_KINDS` order."""
        raised = {flag.kind for flag in self.flags}
        return [kind for kind in FLAG_KINDS if kind in raised]


@dataclass(frozen=True)
class Fact:
    """A fact of the success conditions: its texts (any one states it); ``answer`` when it is
    something the assistant was to tell the user."""

    forms: tuple[str, ...]
    answer: bool


@dataclass(frozen=True)
class UserKnowledge:
    """What the checks compare the user's words with (see :func:`knowledge_of`)."""

    tool_names: frozenset[str]
    query: str
    goal: str
    boundary: tuple[str, ...]
    facts: tuple[Fact, ...]
    expects_action: bool


def normalized(text: str) -> str:
    """``text`` without case, runs of spaces, an end signal or surrounding punctuation."""
    words = END_SIGNAL.sub(" ", text)
    return _SPACES.sub(" ", words).strip(_EDGES).casefold()


def is_long_repeat(text: str, earlier: Sequence[str]) -> bool:
    """Whether ``text`` says again, verbatim, one of the ``earlier`` user messages and is long
    enough to count (:data:`MIN_REPEAT_WORDS` words)."""
    said = normalized(text)
    if len(said.split()) < MIN_REPEAT_WORDS:
        return False
    return any(normalized(previous) == said for previous in earlier)


def _specific(text: str) -> bool:
    stripped = text.strip()
    if len(stripped) < 2 or not any(ch.isalnum() for ch in stripped):
        return False
    return (
        any(ch.isdigit() for ch in stripped)
        or "@" in stripped
        or " " in stripped
        or any(ch.isupper() for ch in stripped)
    )


def _spoken(text: str) -> str | None:
    """How a person says a row's text value: a date-time by its clock time; None if not
    specific enough to check."""
    clock = _ISO_TIME.match(text)
    if clock is not None:
        return None if clock.group(0).endswith("00:00") else f"{clock[1]}:{clock[2]}"
    return text if _specific(text) else None


def success_facts(scenario: Scenario) -> tuple[Fact, ...]:
    """The specific facts of ``scenario``'s success conditions (see the module's rule)."""
    facts: list[Fact] = []
    for required in scenario.success.answer:
        forms = tuple(text for text in required.any_of if _specific(text))
        if forms:
            facts.append(Fact(forms, answer=True))
    for row in scenario.success.end_state:
        if not row.present:
            continue
        for value in row.where.values():
            for text in json_texts(value):  # through operators and lists
                spoken = _spoken(text)
                if spoken is not None:
                    facts.append(Fact((spoken,), answer=False))
    unique: dict[tuple[str, ...], Fact] = {}
    for fact in facts:
        unique.setdefault(fact.forms, fact)
    return tuple(unique.values())


def _reference_acts(scenario: Scenario) -> bool:
    return any(message.get("tool_calls") for message in scenario.reference)


def knowledge_of(scenario: Scenario, tool_names: Collection[str]) -> UserKnowledge:
    """What the checks need of ``scenario``; ``tool_names``: its app family's tools."""
    return UserKnowledge(
        tool_names=frozenset(tool_names),
        query=scenario.query,
        goal=scenario.user_goal or "",
        boundary=tuple(scenario.knowledge_boundary),
        facts=success_facts(scenario),
        expects_action=bool(scenario.success.end_state) or _reference_acts(scenario),
    )


def mentions(text: str, form: str) -> bool:
    """Whether ``form`` appears in ``text`` as a whole (not inside a longer word or number),
    without regard to case or runs of spaces."""
    needle = re.escape(_SPACES.sub(" ", form.strip()).casefold())
    return re.search(rf"(?<!\w){needle}(?!\w)", _SPACES.sub(" ", text).casefold()) is not None


def names_tool(text: str, name: str) -> bool:
    """Whether ``text`` names the tool ``name``: a snake_case name anywhere as a whole word, a
    one-word name (``modify``, ``combine``: ordinary words too) only written as a call."""
    if "_" in name.strip("_"):
        return mentions(text, name)
    return re.search(rf"(?<!\w){re.escape(name)}\s*\(", text) is not None


def _states(text: str, fact: Fact) -> str | None:
    return next((form for form in fact.forms if mentions(text, form)), None)


def _content(message: Mapping[str, Any]) -> str:
    content = message.get("content")
    return content if isinstance(content, str) else ""


def _as_assistant(text: str, knowledge: UserKnowledge) -> list[str]:
    names = sorted(name for name in knowledge.tool_names if names_tool(text, name))
    found = [f"names the tool {name}" for name in names]
    syntax = _CALL_SYNTAX.search(text)
    if syntax is not None:
        found.append(f"writes tool-call syntax {syntax.group(0)!r}")
    speech = _ASSISTANT_SPEECH.search(text)
    if speech is not None:
        found.append(f"speaks as the assistant: {speech.group(0)!r}")
    return found


def check_conversation(
    messages: Sequence[Mapping[str, Any]], end_reason: str | None, knowledge: UserKnowledge
) -> UserChecks:
    """Every flag raised on the simulated user of the conversation ``messages`` (the record's,
    in OpenAI chat form) that ended for ``end_reason`` (see the module's documentation)."""
    flags: list[UserFlag] = []
    said: list[str] = []
    told = ""  # what the assistant has said to the user so far
    stated: set[Fact] = set()  # facts already flagged (each is flagged once)
    acted = False
    for index, message in enumerate(messages):
        role = message.get("role")
        if role == "assistant":
            told += " \n" + _content(message)
            acted = acted or bool(message.get("tool_calls"))
            continue
        if role != "user":
            continue
        text = _content(message)
        if said:  # the first user message is the scenario's query
            flags += _message_flags(index, text, said, told, stated, knowledge)
        said.append(text)
    if end_reason in USER_ENDS and not acted and knowledge.expects_action:
        replies = sum(1 for m in messages if m.get("role") == "assistant" and _content(m))
        flags.append(
            UserFlag(
                kind="ended_early",
                evidence=f"ended ({end_reason}) after {replies} assistant replies, "
                "before the assistant called any tool",
            )
        )
    return UserChecks(flags=flags)


def _message_flags(
    index: int,
    text: str,
    said: Sequence[str],
    told: str,
    stated: set[Fact],
    knowledge: UserKnowledge,
) -> list[UserFlag]:
    known_to_user = " \n".join((knowledge.query, knowledge.goal, *knowledge.boundary))
    in_boundary = " \n".join((knowledge.query, *knowledge.boundary))
    flags = [
        UserFlag(kind="as_assistant", message=index, evidence=found)
        for found in _as_assistant(text, knowledge)
    ]
    for fact in knowledge.facts:
        form = _states(text, fact)
        if form is None or fact in stated or _states(told, fact) is not None:
            continue
        stated.add(fact)
        if fact.answer and _states(known_to_user, fact) is None:
            evidence = f"answers its own request: says {form!r} before the assistant did"
            flags.append(UserFlag(kind="as_assistant", message=index, evidence=evidence))
        if knowledge.boundary and _states(in_boundary, fact) is None:
            evidence = f"reveals {form!r}, which its knowledge boundary does not hold"
            flags.append(UserFlag(kind="revealed_fact", message=index, evidence=evidence))
    if is_long_repeat(text, said):
        shown = normalized(text)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        flags.append(UserFlag(kind="repeated", message=index, evidence=f"says again: {shown!r}"))
    return flags


__all__ = [
    "FLAG_KINDS",
    "MIN_REPEAT_WORDS",
    "Fact",
    "FlagKind",
    "UserChecks",
    "UserFlag",
    "UserKnowledge",
    "check_conversation",
    "is_long_repeat",
    "knowledge_of",
    "mentions",
    "names_tool",
    "normalized",
    "success_facts",
]
