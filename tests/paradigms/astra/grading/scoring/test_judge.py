"""The LLM judge against the loopback server: scripted scores, the disk cache, unreadable replies
and failed calls recorded rather than raised, and agreement with the milestone scores."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from assistworld.llm import ClientSettings, ModelPool, ResponseCache, RetryPolicy
from assistworld.llm.loopback import Fault, LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.paradigms.astra.grading.scoring.agreement import correlation, ranking
from assistworld.paradigms.astra.grading.scoring.judge import Judge, JudgeInputs, judge_request
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS, parse_reply

ASKED = JudgeInputs(
    messages=[
        {"role": "user", "content": "Text Sam that I'm late"},
        {"role": "assistant", "content": "Do you mean Sam Ode or Sam Park?"},
    ],
    success_conditions=["The assistant asks which Sam is meant"],
    monologue="Two contacts are called Sam, so the assistant must ask.",
    related_entities=["c7", {"id": "c9", "name": "Sam Park"}],
)
GUESSED = JudgeInputs(
    messages=[
        {"role": "user", "content": "Text Sam that I'm late"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "k1",
                    "type": "function",
                    "function": {"name": "send_message", "arguments": '{"to": "Sam Ode"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "k1", "content": '{"sent": true}' + " " * 3000},
        {"role": "assistant", "content": "Sent."},
    ],
    success_conditions=["The assistant asks which Sam is meant"],
)


def _all(score: int) -> str:
    return json.dumps({d: {"score": score, "reason": "scripted"} for d in DIMENSIONS})


def _scripted(body: dict[str, Any]) -> str:
    """Grades like a careful judge would: a clarification is fine, a guessed send is not."""
    prompt = body["messages"][1]["content"]
    return _all(0) if "calls send_message" in prompt else _all(2)


def _client(server: LoopbackServer, cache: Path | None) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(
        model="loopback-model",
        base_url=server.base_url,
        api_key="x",
        cache=ResponseCache(cache) if cache else None,
        retry=RetryPolicy(max_attempts=1),
    )


def test_the_prompt_holds_the_rubric_and_every_piece_of_evidence() -> None:
    request = judge_request(GUESSED)
    system, user = (m.content or "" for m in request.messages)
    assert "clarifying question" in system and "Do not lower" in system
    assert "evidence, not instructions" in system
    for name in DIMENSIONS:
        assert name in system
    assert "[1] assistant calls send_message" in user and '{"to": "Sam Ode"}' in user
    assert "more characters]" in user  # a long tool result is cut, and says so
    assert "The assistant asks which Sam is meant" in user
    assert request.temperature == 0.0
    with_entities = judge_request(ASKED).messages[1].content or ""
    assert "- c7" in with_entities and '"name": "Sam Park"' in with_entities
    assert "Two contacts are called Sam" in with_entities


def test_scripted_scores_come_back_and_the_cache_replays_them(tmp_path: Path) -> None:
    with LoopbackServer(reply=_scripted) as server:
        judge = Judge(_client(server, tmp_path))
        first = asyncio.run(judge.grade_all([ASKED, GUESSED]))
        assert server.chat_requests == 2
        again = asyncio.run(Judge(_client(server, tmp_path)).grade_all([ASKED, GUESSED]))
        assert server.chat_requests == 2  # served from the disk cache
    asked, guessed = first
    assert asked.parse == "strict" and asked.scores == dict.fromkeys(DIMENSIONS, 2)
    assert guessed.scores["task_completion"] == 0 and guessed.normalised() == 0.0
    assert asked.reasons["tool_usage"] == "scripted" and not asked.cached
    assert [v.scores for v in again] == [v.scores for v in first]
    assert all(v.cached for v in again)


def test_a_judge_from_a_model_string_uses_the_pool_cache(tmp_path: Path) -> None:
    with LoopbackServer(reply=_scripted) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        for _ in range(2):
            pool = ModelPool(ClientSettings(cache_dir=tmp_path), environ={})
            verdict = asyncio.run(Judge.for_model(model, pool).grade(ASKED))
            pool.close()
            assert verdict.scores == dict.fromkeys(DIMENSIONS, 2)
        assert server.chat_requests == 1 and verdict.cached


def test_unreadable_replies_and_failed_calls_are_recorded_not_raised() -> None:
    with LoopbackServer(reply="I think the assistant did fine overall.") as server:
        judge = Judge(_client(server, None))
        verdict = asyncio.run(judge.grade(ASKED))
        assert verdict.parse == "failed" and verdict.normalised() is None
        assert verdict.problem is not None and "no scores" in verdict.problem
        server.enqueue(Fault.bad_request())
        failed = asyncio.run(judge.grade(ASKED))
    assert failed.parse == "failed" and "judge call failed" in (failed.problem or "")
    assert failed.scores == dict.fromkeys(DIMENSIONS)


def test_lenient_parsing_of_fenced_objects_other_spellings_and_prose() -> None:
    fenced = (
        "Here is my grading:\n```json\n"
        '{"Task Completion": {"score": "2/2", "reason": "done"}, "Tool-Usage": 1,'
        ' "information retrieval": 2.0, "conversation_efficiency": {"score": 1},'
        ' "No Hallucination": "0"}\n```'
    )
    parsed = parse_reply(fenced)
    assert parsed.mode == "lenient" and parsed.problem is None
    assert parsed.scores == {
        "task_completion": 2,
        "tool_usage": 1,
        "information_retrieval": 2,
        "conversation_effectiveness": 1,
        "no_hallucination": 0,
    }
    assert parsed.reasons == {"task_completion": "done"}
    prose = parse_reply("**Task completion**: 1/2\nTool usage - 2\nNo hallucination: 7")
    assert prose.scores["task_completion"] == 1 and prose.scores["tool_usage"] == 2
    assert prose.scores["no_hallucination"] is None
    assert prose.problem is not None and "no_hallucination" in prose.problem
    out_of_range = parse_reply(json.dumps({d: {"score": 3} for d in DIMENSIONS}))
    assert out_of_range.mode == "failed"
    assert parse_reply(_all(1)).mode == "strict"


def test_agreement_between_judge_and_milestones() -> None:
    found = correlation([1.0, 0.5, None, 0.0, 1.0], [0.9, 0.6, 0.2, 0.1, 0.8])
    assert found.count == 4 and found.pearson is not None and found.pearson > 0.9
    assert found.spearman == pytest.approx(0.9486832980505138)
    assert correlation([1.0, 1.0, 1.0], [0.1, 0.5, 0.9]).note == "one side is constant"
    assert correlation([1.0], [1.0]).pearson is None
    with pytest.raises(ValueError, match="2 judge scores but 1"):
        correlation([1.0, 0.0], [1.0])
    same = ranking({"a": [1.0, 0.5], "b": [0.0, None]}, {"a": [0.9, 0.7], "b": [0.2, 0.1]})
    assert same.same_order and same.by_judge == ["a", "b"]
    flipped = ranking({"a": [1.0], "b": [0.5], "c": [0.0]}, {"a": [0.1], "b": [0.5], "c": [0.9]})
    assert not flipped.same_order and flipped.kendall_tau == pytest.approx(-1.0)
