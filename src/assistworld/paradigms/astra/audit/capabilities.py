"""The reference against the capability metrics (ASTRA-bench's Table 5 columns), for ``verify``.

The reference satisfies each metric's definition by construction, so it must score 1.0 on every
one that applies to a scenario:

- **IR recall**: a scenario's related entities are the records an agent must read; the
  reference reads what the task needs, so a read of its returns each one (an entity it never
  reads is one the task does not need, and does not belong in the list);
- **response quality**: it says every required fact (it passes the answer conditions), in one of
  the phrasings the scenario lists;
- **payload accuracy**: every write it makes is one a milestone asks for (a write call or a row
  change), made exactly (its milestones score 1);
- **task-level success** (question answering or entity creation): it passes.

Response quality against an expected response (ROUGE-L) would not be 1.0 by construction, but no
scenario field sets one (the diagnostics use the required facts), so no metric is exempt.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from assistworld.paradigms.astra.grading.results import AstraResult, milestone_score_of

CAPABILITIES = (
    "ir_recall",
    "response_quality",
    "payload_accuracy",
    "qa_success",
    "entity_creation_success",
)
"""The capability metrics the reference is held to, as the diagnostics name them."""

REFERENCE_CAPABILITY = 1.0
"""What the reference must score on each capability metric that applies."""


class ReferenceCapabilities(BaseModel):
    """The reference's score on each capability metric that applies, and why any fell short."""

    scores: dict[str, float] = Field(default_factory=dict)
    why: dict[str, str] = Field(default_factory=dict)


def reference_capabilities(result: AstraResult) -> ReferenceCapabilities | None:
    """What the reference's graded result scored (None: the scenario has no milestones, so no
    diagnostics)."""
    scored = milestone_score_of(result)
    if scored is None:
        return None
    found = scored.diagnostics
    scores = {name: float(v) for name in CAPABILITIES if (v := getattr(found, name)) is not None}
    why: dict[str, str] = {}
    unread = [entity for entity, index in found.entities_read_at.items() if index is None]
    if unread:
        why["ir_recall"] = f"no read returns {', '.join(unread)}"
    if found.extra_writes:
        shown = ", ".join(str(i) for i in found.extra_writes)
        why["payload_accuracy"] = f"writes no milestone asks for at message(s) {shown}"
    return ReferenceCapabilities(scores=scores, why=why)


__all__ = [
    "CAPABILITIES",
    "REFERENCE_CAPABILITY",
    "ReferenceCapabilities",
    "reference_capabilities",
]
