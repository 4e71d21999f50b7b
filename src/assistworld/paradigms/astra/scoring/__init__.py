"""Scoring tool-calling conversations: milestones and minefields over the trajectory and the
world after each message, step- and task-level diagnostics, an LLM judge with its agreement
with the milestones, and trajectory mutants for audits. Generic over tables: nothing here knows
an app; it depends only on the core types (the world's states, the model clients).

    conversation = Conversation(messages, states, initial)
    result = score_conversation(conversation, load_scoring_spec(data, "s1.yaml"))
    result.score, result.milestones[0].index, result.milestones[0].constraints
"""

from assistworld.paradigms.astra.scoring.agreement import Correlation, Ranking, correlation, ranking
from assistworld.paradigms.astra.scoring.checks import ConstraintOutcome, RowMatch
from assistworld.paradigms.astra.scoring.constraints import (
    Constraint,
    ResponseConstraint,
    RowsConstraint,
    ToolCallConstraint,
    Unchanged,
)
from assistworld.paradigms.astra.scoring.conversation import Conversation, ConversationError
from assistworld.paradigms.astra.scoring.diagnostics import (
    ColumnSummary,
    Expectations,
    ScenarioDiagnostics,
    aggregate,
    diagnose,
)
from assistworld.paradigms.astra.scoring.judge import Judge, JudgeInputs, Verdict, judge_request
from assistworld.paradigms.astra.scoring.judge_reply import DIMENSIONS, parse_reply
from assistworld.paradigms.astra.scoring.measures import (
    Contains,
    Exact,
    Measure,
    Numeric,
    RougeL,
    ValueReuse,
)
from assistworld.paradigms.astra.scoring.mutants import (
    Mutant,
    all_mutants,
    deleted_entity,
    extra_writes,
    wrong_answer,
    wrong_arguments,
)
from assistworld.paradigms.astra.scoring.rouge import rouge_l
from assistworld.paradigms.astra.scoring.score import (
    Guardrail,
    MilestoneOutcome,
    ScoreResult,
    score_conversation,
)
from assistworld.paradigms.astra.scoring.spec import (
    Milestone,
    ScoringSpec,
    ScoringSpecError,
    load_scoring_spec,
)

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
