"""What the run's judge shows the model about a scenario, and which results it judges again: none
judged yet, judged by another model, or a call that failed; a verdict by the same judge stays."""

from __future__ import annotations

import asyncio
import datetime
import json

from assistworld.agents.transcript import ConversationRecord
from assistworld.llm.chat import ChatRequest, ChatResponse
from assistworld.paradigms.astra.grading.judge_record import JudgeRecord
from assistworld.paradigms.astra.grading.judging import ConversationJudge, judge_inputs
from assistworld.paradigms.astra.grading.results import AstraResult
from assistworld.paradigms.astra.grading.scoring.judge import judge_request
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS
from assistworld.world.history import WorldHistory
from tests.paradigms.astra.helpers import ScriptedModel, scenario, world_data
from tests.paradigms.astra.made_results import made

JUDGE = "openai-compatible:judge@http://127.0.0.1:1/v1"
RECORD = ConversationRecord(
    messages=[
        {"role": "system", "content": "You are the assistant. SECRET-SYSTEM-PROMPT"},
        {"role": "user", "content": "Cancel my meeting with Priya tomorrow."},
        {"role": "assistant", "content": "Cancelled."},
    ],
    world_versions=[0, 0, 0],
    worlds=WorldHistory(initial_version=0, initial={}),
)
SCENARIO = scenario(related_entities=["ev1", "nowhere"], reasoning="Find the 1:1, delete it.")


def with_conversation(query_id: str, verdict: JudgeRecord | None = None) -> AstraResult:
    result = made(query_id, passed=True, score=1.0, levels="lll")
    update = {"conversation": RECORD, "judge": verdict}
    return result.model_copy(update={"details": result.details.model_copy(update=update)})


def verdict_by(model: str, *, prompt: str, failed: bool = False) -> JudgeRecord:
    return JudgeRecord(
        model=model,
        prompt_sha256=prompt,
        scores=dict.fromkeys(DIMENSIONS, None if failed else 0),
        parse="failed" if failed else "strict",
        reply="" if failed else "{}",
    )


def test_the_judge_sees_the_conditions_the_records_and_no_system_prompt() -> None:
    inputs = judge_inputs(SCENARIO, with_conversation("cancel_priya").details)
    assert inputs is not None
    assert [m["role"] for m in inputs.messages] == ["user", "assistant"]
    assert "'cancelled' or 'canceled'" in inputs.success_conditions[0]
    assert "no longer holds a row: table user_calendar; key ev1" in inputs.success_conditions[1]
    assert "the assistant removed it in this conversation" in inputs.success_conditions[1]
    first, second = inputs.related_entities
    assert first["id"] == "ev1" and first["record"]["subject"] == "1:1 Priya"
    assert second == "nowhere"
    assert inputs.monologue == "Find the 1:1, delete it."


def test_records_holding_dates_reach_the_judge_as_text() -> None:
    world = world_data()
    world["user_calendar"]["ev1"]["day"] = datetime.date(2025, 3, 14)  # as YAML reads a date
    dated = scenario(related_entities=["ev1"], world=world)
    inputs = judge_inputs(dated, with_conversation("cancel_priya").details)
    assert inputs is not None and inputs.related_entities[0]["record"]["day"] == "2025-03-14"
    prompt = judge_request(inputs).messages[1].content or ""
    assert '"day": "2025-03-14"' in prompt


def test_a_conversation_that_cannot_be_judged_is_recorded_and_asked_again() -> None:
    def broken(request: ChatRequest) -> ChatResponse:
        raise RuntimeError("the model's client broke")

    judge = ConversationJudge(JUDGE, ScriptedModel(broken))
    (judged,) = asyncio.run(judge.judge([SCENARIO], [with_conversation("cancel_priya")]))
    verdict = judged.details.judge
    assert verdict is not None and verdict.parse == "failed"
    assert "RuntimeError: the model's client broke" in (verdict.problem or "")
    assert judge.needs_verdict(judged.details)  # judged again on the next run
    assert not any(name.startswith("judge_") for name in judged.subscores)


def test_only_results_without_this_judges_verdict_are_judged_again() -> None:
    def reply(request: ChatRequest) -> ChatResponse:
        return ChatResponse(text=json.dumps({d: {"score": 2} for d in DIMENSIONS}))

    model = ScriptedModel(reply)
    judge = ConversationJudge(JUDGE, model)
    current = judge.prompt_sha256
    results = [
        with_conversation("cancel_priya"),
        with_conversation("cancel_priya", verdict_by(JUDGE, prompt=current)),
        with_conversation("cancel_priya", verdict_by("openai:other", prompt=current)),
        with_conversation("cancel_priya", verdict_by(JUDGE, prompt="an older rubric")),
        with_conversation("cancel_priya", verdict_by(JUDGE, prompt=current, failed=True)),
        made("not_in_the_run", passed=False, score=0.0, levels="lll"),
    ]
    judged = asyncio.run(judge.judge([SCENARIO], results))
    assert model.calls == 4
    assert judged[1] is results[1] and judged[5] is results[5]
    for index in (0, 2, 3, 4):
        details = judged[index].details
        assert details.judge is not None and details.judge.model == JUDGE
        assert details.judge.scores == dict.fromkeys(DIMENSIONS, 2)
        assert judged[index].subscores["judge_tool_usage"] == 1.0
        assert details.usage_by_role["judge"]["calls"] == 1
