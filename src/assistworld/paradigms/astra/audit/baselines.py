"""The conversations ``verify`` plays on each scenario, and what each one must get.

- the **reference** (the scenario's own conversation, replayed): must pass with S = 1;
- **answering without acting** (the null assistant): must fail;
- **always asking** (the ask assistant: one clarifying question, no tool call), on a
  single-turn scenario that is not flagged ``insufficient_context``: must fail, since the
  request holds all the assistant needs;
- **acting without asking**, on an ``insufficient_context`` scenario: must fail. It is the
  reference with the clarifying exchange taken out (:func:`without_asking`): the nearest
  conversation that does not ask. It even guesses right (the user's answer is used as if
  known), so a scenario that fails it fails every agent that acts without asking.
- **replying as the reference without acting**, on a stateful scenario: must fail. It is the
  reference with every tool call taken out (:func:`without_acting`): it says all the reference
  says, the final reply with its answer facts included, and changes nothing, so a scenario
  that fails it cannot be passed by words alone.

Beside the conversations, each scenario's row conditions are read against its starting world:
an effect condition that the starting world already meets (or a ``still`` condition it does
not) is listed in :attr:`ScenarioAudit.held_at_start`, and an effect condition that names no
one and nothing (no key, owner, recipient, conversation or other subject column of its table)
in :attr:`ScenarioAudit.unnamed`.

A baseline **fails** a scenario when neither headline figure of a run gives it credit: it does
not pass (some success condition is unmet, or a minefield was hit) *and* its score S is below
1. A baseline that passes would count in the pass rate; one scored S = 1 would count in full in
the mean score; both are defects of the scenario.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from assistworld.agents.base import AgentOutput
from assistworld.paradigms.astra.agents.assistants import (
    AskingAssistant,
    NullAssistant,
    ReplayAssistant,
)
from assistworld.paradigms.astra.agents.conversation import Assistant, brief_of
from assistworld.paradigms.astra.agents.conversation_agent import ConversationAgent
from assistworld.paradigms.astra.agents.replay_file import parse_messages, user_script
from assistworld.paradigms.astra.agents.users import ScriptedUser
from assistworld.paradigms.astra.audit.capabilities import (
    ReferenceCapabilities,
    reference_capabilities,
)
from assistworld.paradigms.astra.audit.mutants import MutantReport, mutant_report
from assistworld.paradigms.astra.grading.results import AstraResult, grade
from assistworld.paradigms.astra.grading.success import holds
from assistworld.paradigms.astra.tasks.scenario import Scenario, ScriptedTurn
from assistworld.paradigms.astra.tasks.worlds import AppFamily, Families

ACTED_REPLY = "Done: I went ahead with what you asked."
"""The final reply of :func:`without_asking` when the reference ends on its question."""


class Verdict(BaseModel):
    """How one conversation fared on a scenario."""

    passed: bool
    score: float
    outcome: str
    note: str = ""
    """Why a reference fell short (the conditions it fails, the milestones below 1)."""

    @property
    def fails(self) -> bool:
        """Neither headline figure credits it: not passed, and S < 1 (see the module)."""
        return not self.passed and self.score < 1.0

    @property
    def perfect(self) -> bool:
        return self.passed and self.score >= 1.0

    def shown(self) -> str:
        return f"{'passes' if self.passed else 'fails'}, S={self.score:.2f}"


class ScenarioAudit(BaseModel):
    """What ``verify`` found on one scenario (None: that conversation does not apply)."""

    query_id: str
    stateful: bool
    single_turn: bool
    insufficient_context: bool
    reference: Verdict | None = None
    null: Verdict
    ask: Verdict | None = None
    """Only on single-turn scenarios without insufficient context."""
    unasked: Verdict | None = None
    """Only on insufficient-context scenarios that have a reference."""
    replied: Verdict | None = None
    """Replying as the reference without acting: only on stateful scenarios with a reference."""
    held_at_start: list[str] = Field(default_factory=list)
    """Effect conditions the starting world already meets, and ``still`` ones it does not."""
    unnamed: list[str] = Field(default_factory=list)
    """Effect conditions that name no one and nothing their row concerns."""
    mutants: MutantReport | None = None
    capabilities: ReferenceCapabilities | None = None
    """The reference's capability metrics (only with a reference and milestones)."""


def without_asking(reference: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The reference conversation with the clarifying exchange taken out.

    Every tool call is kept, in order, in one assistant turn right after the first query; the
    user's later messages and whatever the assistant said before the last of them (its
    questions) are dropped; the final reply is kept. When the reference has no user message
    after the query, its final reply is the question itself, and :data:`ACTED_REPLY` takes its
    place.
    """
    users = [i for i, message in enumerate(reference) if message.get("role") == "user"]
    if not users:
        return [dict(message) for message in reference]
    first, answers = users[0], users[1:]
    final = _final_reply(reference)
    kept: list[dict[str, Any]] = [dict(message) for message in reference[: first + 1]]
    for index in range(first + 1, len(reference)):
        message = copy.deepcopy(dict(reference[index]))
        role = message.get("role")
        if role == "user":
            continue
        if role == "assistant" and index != final:
            if not message.get("tool_calls"):
                continue
            message["content"] = None
        if role == "assistant" and index == final and not _answered_before(answers, final):
            message["content"] = ACTED_REPLY
        kept.append(message)
    return kept


def without_acting(reference: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The reference conversation with every tool call and tool result taken out: the user's
    messages and everything the assistant said (its final reply included), no action."""
    kept: list[dict[str, Any]] = []
    for message in reference:
        role = message.get("role")
        if role == "tool":
            continue
        if role == "assistant":
            content = message.get("content")
            if not (isinstance(content, str) and content.strip()):
                continue
            kept.append({"role": "assistant", "content": content})
            continue
        kept.append(copy.deepcopy(dict(message)))
    return kept


def start_problems(scenario: Scenario, family: AppFamily) -> tuple[list[str], list[str]]:
    """The scenario's row conditions that the starting world already settles (an effect it
    meets, a ``still`` it does not), and its effect conditions that name no subject."""
    start = family.build_world(scenario.world, scenario.now).to_data()
    held, unnamed = [], []
    for row in scenario.success.end_state:
        about = row.about or f"{row.table} {row.where or row.key}"
        if holds(row, start) == row.effect:
            held.append(about if row.effect else f"{about} (still, but not so at the start)")
        if row.effect and not family.names_subject(row):
            unnamed.append(about)
    return held, unnamed


def _final_reply(messages: Sequence[Mapping[str, Any]]) -> int | None:
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        content = message.get("content")
        if message.get("role") == "assistant" and isinstance(content, str) and content.strip():
            return index
    return None


def _answered_before(answers: Sequence[int], final: int) -> bool:
    """Whether a user reply came before the final reply (else the final reply is the question,
    or the user only ended the conversation after it)."""
    return any(index < final for index in answers)


class BaselinePlayer:
    """Plays and grades the conversations of the audit, sharing one set of app families (their
    tool schemas are slow to build)."""

    def __init__(self, families: Families | None = None) -> None:
        self.families = families or Families()

    async def play(
        self,
        scenario: Scenario,
        assistant: Assistant,
        user_turns: Sequence[ScriptedTurn],
        name: str,
    ) -> AstraResult:
        """``assistant`` against a user saying ``user_turns`` (scripted turns), graded."""
        agent = ConversationAgent(
            name,
            lambda brief: assistant,
            lambda brief: ScriptedUser(user_turns),
            described={},
            families=self.families,
        )
        output: AgentOutput = await agent.solve(brief_of(scenario))
        return grade(scenario, output, name, self.families)

    async def replay(
        self, scenario: Scenario, messages: Sequence[Mapping[str, Any]], name: str
    ) -> AstraResult:
        """The conversation ``messages`` (OpenAI chat format) replayed on the scenario's world."""
        parsed = parse_messages(list(messages), f"{scenario.source}: {name}")
        return await self.play(scenario, ReplayAssistant(parsed), user_script(parsed), name)

    async def audit(self, scenario: Scenario, *, mutants: bool) -> ScenarioAudit:
        """Every conversation that applies to ``scenario``, graded (see the module)."""
        insufficient = scenario.stress.insufficient_context
        single = scenario.mode == "single_turn"
        found = ScenarioAudit(
            query_id=scenario.query_id,
            stateful=scenario.stateful,
            single_turn=single,
            insufficient_context=insufficient,
            null=_verdict(await self.play(scenario, NullAssistant(), (), "null")),
        )
        if single and not insufficient:
            found.ask = _verdict(await self.play(scenario, AskingAssistant(), (), "ask"))
        found.held_at_start, found.unnamed = start_problems(
            scenario, self.families.get(scenario.apps)
        )
        if not scenario.reference:
            return found
        reference = await self.replay(scenario, scenario.reference, "oracle")
        found.reference = _verdict(reference, explain=True)
        found.capabilities = reference_capabilities(reference)
        if insufficient:
            unasked = await self.replay(scenario, without_asking(scenario.reference), "unasked")
            found.unasked = _verdict(unasked)
        if scenario.stateful:
            replied = await self.replay(scenario, without_acting(scenario.reference), "replied")
            found.replied = _verdict(replied)
        if mutants:
            found.mutants = await mutant_report(scenario, reference, self)
        return found


def _verdict(result: AstraResult, *, explain: bool = False) -> Verdict:
    note = ""
    if explain and not (result.passed and result.score >= 1.0):
        problems = [c.about for c in result.details.checks if not c.passed]
        scored = result.details.milestones
        if scored is not None:
            problems += [name for name, value in scored.similarity.items() if value < 1.0]
            problems += [f"minefield {name}" for name in scored.hit_minefields]
        note = f"{result.outcome}: {'; '.join(problems)}" if problems else str(result.outcome)
    return Verdict(passed=result.passed, score=result.score, outcome=result.outcome, note=note)


__all__ = [
    "ACTED_REPLY",
    "BaselinePlayer",
    "ScenarioAudit",
    "Verdict",
    "start_problems",
    "without_acting",
    "without_asking",
]
