"""Scoring tool-calling conversations: milestones and minefields over the trajectory and the
world after each message, step- and task-level diagnostics, an LLM judge with its agreement
with the milestones, and trajectory mutants for audits. Generic over tables: nothing here knows
an app; it depends only on the core types (the world's states, the model clients).

    conversation = Conversation(messages, states, initial)
    result = score_conversation(conversation, load_scoring_spec(data, "s1.yaml"))
    result.score, result.milestones[0].index, result.milestones[0].constraints
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from assistworld.paradigms.astra.grading.scoring.agreement import (
        Correlation,
        Ranking,
        correlation,
        ranking,
    )
    from assistworld.paradigms.astra.grading.scoring.checks import ConstraintOutcome, RowMatch
    from assistworld.paradigms.astra.grading.scoring.constraints import (
        Constraint,
        ResponseConstraint,
        RowsConstraint,
        ToolCallConstraint,
        Unchanged,
    )
    from assistworld.paradigms.astra.grading.scoring.conversation import (
        Conversation,
        ConversationError,
    )
    from assistworld.paradigms.astra.grading.scoring.diagnostics import (
        ColumnSummary,
        Expectations,
        ScenarioDiagnostics,
        aggregate,
        diagnose,
    )
    from assistworld.paradigms.astra.grading.scoring.judge import (
        Judge,
        JudgeInputs,
        Verdict,
        judge_request,
    )
    from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS, parse_reply
    from assistworld.paradigms.astra.grading.scoring.measures import (
        Contains,
        Exact,
        Measure,
        Numeric,
        RougeL,
        ValueReuse,
    )
    from assistworld.paradigms.astra.grading.scoring.mutants import (
        Mutant,
        all_mutants,
        deleted_entity,
        dropped_writes,
        extra_writes,
        wrong_answer,
        wrong_arguments,
    )
    from assistworld.paradigms.astra.grading.scoring.rouge import rouge_l
    from assistworld.paradigms.astra.grading.scoring.score import (
        Guardrail,
        MilestoneOutcome,
        ScoreResult,
        score_conversation,
    )
    from assistworld.paradigms.astra.grading.scoring.spec import (
        Milestone,
        ScoringSpec,
        ScoringSpecError,
        load_scoring_spec,
    )

_HOMES: dict[str, str] = {
    "ColumnSummary": "diagnostics",
    "Constraint": "constraints",
    "ConstraintOutcome": "checks",
    "Contains": "measures",
    "Conversation": "conversation",
    "ConversationError": "conversation",
    "Correlation": "agreement",
    "DIMENSIONS": "judge_reply",
    "Exact": "measures",
    "Expectations": "diagnostics",
    "Guardrail": "score",
    "Judge": "judge",
    "JudgeInputs": "judge",
    "Measure": "measures",
    "Milestone": "spec",
    "MilestoneOutcome": "score",
    "Mutant": "mutants",
    "Numeric": "measures",
    "Ranking": "agreement",
    "ResponseConstraint": "constraints",
    "RougeL": "measures",
    "RowMatch": "checks",
    "RowsConstraint": "constraints",
    "ScenarioDiagnostics": "diagnostics",
    "ScoreResult": "score",
    "ScoringSpec": "spec",
    "ScoringSpecError": "spec",
    "ToolCallConstraint": "constraints",
    "Unchanged": "constraints",
    "ValueReuse": "measures",
    "Verdict": "judge",
    "aggregate": "diagnostics",
    "all_mutants": "mutants",
    "correlation": "agreement",
    "deleted_entity": "mutants",
    "diagnose": "diagnostics",
    "dropped_writes": "mutants",
    "extra_writes": "mutants",
    "judge_request": "judge",
    "load_scoring_spec": "spec",
    "parse_reply": "judge_reply",
    "ranking": "agreement",
    "rouge_l": "rouge",
    "score_conversation": "score",
    "wrong_answer": "mutants",
    "wrong_arguments": "mutants",
}
"""Where each name of the package lives. The modules are imported when a name is first used:
importing them all made reading a scenario file pay for SciPy, networkx and the model clients
(about half a second) through the results module's import of the judge's reply format."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "DIMENSIONS",
    "ColumnSummary",
    "Constraint",
    "ConstraintOutcome",
    "Contains",
    "Conversation",
    "ConversationError",
    "Correlation",
    "Exact",
    "Expectations",
    "Guardrail",
    "Judge",
    "JudgeInputs",
    "Measure",
    "Milestone",
    "MilestoneOutcome",
    "Mutant",
    "Numeric",
    "Ranking",
    "ResponseConstraint",
    "RougeL",
    "RowMatch",
    "RowsConstraint",
    "ScenarioDiagnostics",
    "ScoreResult",
    "ScoringSpec",
    "ScoringSpecError",
    "ToolCallConstraint",
    "Unchanged",
    "ValueReuse",
    "Verdict",
    "aggregate",
    "all_mutants",
    "correlation",
    "deleted_entity",
    "diagnose",
    "dropped_writes",
    "extra_writes",
    "judge_request",
    "load_scoring_spec",
    "parse_reply",
    "ranking",
    "rouge_l",
    "score_conversation",
    "wrong_answer",
    "wrong_arguments",
]
