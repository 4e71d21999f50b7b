"""Evidence in order: a milestone may only use evidence produced since the milestones it comes
after were matched.

A milestone matched at message ``i`` whose predecessors (its ``after`` list) were matched at
indices up to ``low`` reads:

- a ``response`` constraint: the latest assistant text at or before ``i``, which must be at or
  after ``low``;
- a ``tool_call`` constraint: the latest assistant message with tool calls at or before ``i``,
  which must be at or after ``low``;
- a world-state constraint (``snapshot``, ``added``, ``removed``, ``updated``, ``unchanged``):
  the world as it stands at ``i``; state carries forward, so there is no lower bound (a
  constraint ``since: message`` asks for the change at ``i`` itself).

Evidence from before ``low`` scores 0: a reply "Done, I have sent it" followed by the send does
not satisfy a milestone that comes after the send, and an answer given before the read that
yields it does not satisfy an answer milestone that comes after the read. This is ToolSandbox's
reading (it judges the message at the matched index), which ASTRA-bench adopts; ``low`` is
inclusive, so a message that both calls a tool and says it is doing so may satisfy a milestone
on the call and one on the text after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistworld.paradigms.astra.grading.scoring.checks import ConstraintOutcome

MESSAGE_KINDS = frozenset({"response", "tool_call"})
"""The constraint kinds whose evidence is one message of the conversation."""


def evidence_from(outcomes: Sequence[ConstraintOutcome]) -> int | None:
    """The earliest message a milestone's evidence comes from: None when it reads only the
    world (no lower bound applies); -1 when a message constraint found no message at all."""
    found = [o.evidence_index for o in outcomes if o.kind in MESSAGE_KINDS]
    if not found:
        return None
    return min(-1 if index is None else index for index in found)


def lower_bound(after: Sequence[str], indices: Mapping[str, int]) -> int:
    """The latest index among the milestones listed in ``after`` (-1 for none)."""
    return max((indices[name] for name in after), default=-1)


def in_order(outcomes: Sequence[ConstraintOutcome], low: int) -> list[ConstraintOutcome]:
    """``outcomes`` with every message evidence produced before ``low`` scored 0, and why."""
    kept = []
    for outcome in outcomes:
        found = outcome.evidence_index
        if outcome.kind in MESSAGE_KINDS and found is not None and found < low:
            note = (
                f"its evidence (message {found}) comes before message {low}, "
                "where a milestone it comes after was matched"
            )
            outcome = outcome.model_copy(update={"similarity": 0.0, "note": note})
        kept.append(outcome)
    return kept
