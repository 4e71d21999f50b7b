"""On random small conversations, the scorer's milestone match is the best admissible one,
found by trying every assignment with the guardrails and the evidence rule computed
independently here."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistworld.paradigms.astra.grading.scoring.checks import ConstraintChecker
from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import ScoringSpec, load_scoring_spec

from .helpers import PEOPLE, Person, Talk

BODIES = ["hi", "late", "soon"]


def _random_case(rng: random.Random) -> tuple[Conversation, ScoringSpec]:
    talk = Talk()
    for step in range(rng.randint(2, 5)):
        action = rng.choice(["user", "note", "person", "say", "read", "say"])
        if action == "user":
            talk.user("hello")
        elif action == "note":
            talk.send_note(f"n{step}", "+1", rng.choice(BODIES))
        elif action == "person":
            talk.world.table(PEOPLE)[f"x{step}"] = Person(name="X", phone="0")
            talk.call("add_person", None, name="X")
        elif action == "say":
            talk.say(rng.choice(BODIES))
        else:
            talk.call("search_people", [], name=rng.choice(BODIES))
    milestones: list[dict[str, Any]] = []
    for number in range(rng.randint(1, 4)):
        constraint = rng.choice(
            [
                {
                    "kind": "added",
                    "table": "notes",
                    "since": "message",
                    "rows": [{"body": rng.choice(BODIES)}],
                },
                {"kind": "response", "text": rng.choice(BODIES), "measure": "exact"},
                {"kind": "tool_call", "tool": "search_people"},
                {"kind": "added", "table": "people", "since": "message", "rows": [{"name": "X"}]},
                {"kind": "response", "text": "late hi soon"},
            ]
        )
        after = [m["id"] for m in milestones if rng.random() < 0.4]
        milestones.append({"id": f"m{number}", "after": after, "constraints": [constraint]})
    return talk.conversation(), load_scoring_spec({"milestones": milestones})


def _brute_force(conversation: Conversation, spec: ScoringSpec) -> float:
    checker = ConstraintChecker(conversation)
    ids = [m.id for m in spec.milestones]
    allowed = {m.id: m.tables() for m in spec.milestones}
    after = {m.id: m.after for m in spec.milestones}
    outcomes = {
        (m.id, i): [checker.check(c, i) for c in m.constraints]
        for m in spec.milestones
        for i in range(len(conversation))
    }

    def similarity(milestone: str, index: int, low: int) -> float:
        """The geometric mean of the graded constraints, times the gates; a text or a call from
        before ``low`` (the latest index of the milestones it comes after) counts as 0."""
        product, graded = 1.0, 0
        for outcome in outcomes[(milestone, index)]:
            message = outcome.kind in ("response", "tool_call")
            early = message and outcome.evidence_index is not None and outcome.evidence_index < low
            value = 0.0 if early else outcome.similarity
            if outcome.gate:
                product *= float(value > 0.0)
            else:
                product, graded = product * value, graded + 1
        return product ** (1 / graded) if graded else product

    best = 0.0
    for indices in itertools.product(range(len(conversation)), repeat=len(ids)):
        chosen = dict(zip(ids, indices, strict=True))
        if any(chosen[a] > chosen[m.id] for m in spec.milestones for a in m.after):
            continue
        total, previous = 0.0, -1
        for index in sorted(set(indices)):
            group = [m for m in ids if chosen[m] == index]
            changed = set().union(*conversation.changed[previous + 1 : index + 1])
            if not changed - set().union(*(allowed[m] for m in group)):
                for m in group:
                    low = max((chosen[a] for a in after[m]), default=-1)
                    total += similarity(m, index, low)
            previous = index
        best = max(best, total)
    return best / len(ids)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_scorer_finds_the_best_admissible_match(rng: random.Random) -> None:
    conversation, spec = _random_case(rng)
    result = score_conversation(conversation, spec)
    assert result.optimal
    assert result.milestone_score == pytest.approx(_brute_force(conversation, spec))
