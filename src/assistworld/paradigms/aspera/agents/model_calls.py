"""What ASPERA's model-driven agents share: how a reply becomes an
:class:`~assistworld.agents.base.AgentOutput` (requests and their cost are
:mod:`assistworld.agents.model_requests`)."""

from __future__ import annotations

from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog
from assistworld.llm import ChatResponse, ModelCallError
from assistworld.paradigms.aspera.agents.extraction import ExtractedProgram, extract_program
from assistworld.paradigms.aspera.agents.view import AgentTask


def example_refusal(task: AgentTask, excluded: frozenset[str], agent: str) -> AgentOutput | None:
    """A refusal when ``task`` is one of the agent's in-context examples (its reference program is
    in the prompt, so a score on it would mean nothing); None otherwise."""
    if task.query_id not in excluded:
        return None
    return AgentOutput(
        program=None,
        error=(
            f"{task.query_id} is an in-context example of the {agent} agent (its reference "
            "program is in the prompt); leave it out of the evaluated tasks"
        ),
        details={"failure": "in-context-example"},
    )


def model_failure(error: ModelCallError, log: CallLog, details: dict[str, Any]) -> AgentOutput:
    """The output of a task whose model call failed for good (after the client's retries)."""
    return AgentOutput(
        program=None,
        error=f"model call failed: {error}",
        usage=log.usage(),
        details={**details, "failure": "model-call"},
    )


def extraction_failure_kind(text: str, finish_reason: str | None) -> str:
    """Why no program could be extracted: an empty reply, a reply cut off by the token limit, a
    code block that does not parse, or prose with no program at all."""
    if not text.strip():
        return "empty-reply"
    if finish_reason == "length":
        return "cut-off"
    if "```" in text:
        return "unparsable-block"
    return "no-program"


def output_from_reply(response: ChatResponse, log: CallLog, details: dict[str, Any]) -> AgentOutput:
    """The program extracted from ``response``, or ``program=None`` with the classified reason."""
    extracted: ExtractedProgram = extract_program(response.text)
    details = {**details, "extraction": extracted.source, "finish_reason": response.finish_reason}
    if extracted.program is None:
        return AgentOutput(
            program=None,
            completion=response.text,
            usage=log.usage(),
            details={
                **details,
                "failure": extraction_failure_kind(response.text, response.finish_reason),
            },
            error=extracted.reason,
        )
    return AgentOutput(
        program=extracted.program, completion=response.text, usage=log.usage(), details=details
    )
