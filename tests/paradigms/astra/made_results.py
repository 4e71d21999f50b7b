"""Hand-made astra results with known labels and scores, and run directories holding them, for
the tests of the paper's tables, the report and ``show``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from assistworld.paradigms.astra.grading.judge_record import JudgeRecord
from assistworld.paradigms.astra.grading.milestones import MilestoneScore
from assistworld.paradigms.astra.grading.results import AstraDetails, AstraResult
from assistworld.paradigms.astra.grading.scoring.diagnostics import ScenarioDiagnostics
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS

LEVELS = {"l": "low", "m": "moderate", "h": "high"}
JUDGE_MODEL = "openai-compatible:judge@http://127.0.0.1:1/v1"


def made(
    query_id: str,
    *,
    passed: bool,
    score: float,
    levels: str,
    stress: tuple[str, ...] = (),
    language: str = "en",
    translation_of: str | None = None,
    judge: dict[str, int] | None = None,
    **diagnostics: Any,
) -> AstraResult:
    """A result: ``levels`` spells the three axes' levels (``"lmh"``: referential low,
    functional moderate, informational high); ``diagnostics`` are ScenarioDiagnostics fields;
    ``judge`` the judge's scores (any aspect left out gets 2)."""
    referential, functional, informational = (LEVELS[c] for c in levels)
    verdict = None
    if judge is not None:
        verdict = JudgeRecord(
            model=JUDGE_MODEL,
            prompt_sha256="0" * 64,
            scores={name: judge.get(name, 2) for name in DIMENSIONS},
            parse="strict",
            reply="{}",
        )
    details = AstraDetails(
        mode="single_turn",
        complexity={
            "referential": referential,
            "functional": functional,
            "informational": informational,
        },
        stress=list(stress),
        language=language,
        translation_of=translation_of,
        judge=verdict,
        milestones=MilestoneScore(
            score=score,
            milestone_score=score,
            minefield_hit=False,
            diagnostics=ScenarioDiagnostics(
                turns=diagnostics.pop("turns", 2),
                milestone_similarity=score,
                score=score,
                **diagnostics,
            ),
        ),
    )
    return AstraResult(
        query_id=query_id,
        paradigm="astra",
        agent="tools",
        passed=passed,
        outcome="passed" if passed else "end_state_wrong",
        score=score,
        category="calendar",
        details=details,
    )


def run_a() -> list[AstraResult]:
    """Five results: four scenarios in English and one German translation of ``s1``."""
    return [
        made("s1", passed=True, score=1.0, levels="lll", judge={}, ir_recall=1.0, qa_success=1.0),
        made(
            "s2",
            passed=False,
            score=0.5,
            levels="mlm",
            stress=("misinformation",),
            judge={"task_completion": 1, "no_hallucination": 1},
            ir_recall=0.5,
            payload_accuracy=0.5,
            entity_creation_success=0.5,
        ),
        made(
            "s3",
            passed=False,
            score=0.0,
            levels="hmh",
            stress=("insufficient_context",),
            judge={"task_completion": 0},
            ir_recall=0.0,
            entity_creation_success=0.0,
        ),
        made(
            "s4",
            passed=True,
            score=1.0,
            levels="lml",
            judge={},
            turns=4,
            response_quality=1.0,
            qa_success=1.0,
        ),
        made(
            "s1-de",
            passed=False,
            score=0.25,
            levels="lll",
            language="de",
            translation_of="s1",
            judge={"task_completion": 1},
            qa_success=0.25,
        ),
    ]


def run_b() -> list[AstraResult]:
    """The same scenarios, a weaker agent: only ``s4`` passes."""
    tc = "task_completion"
    return [
        made("s1", passed=False, score=0.5, levels="lll", judge={tc: 1}),
        made(
            "s2", passed=False, score=0.0, levels="mlm", stress=("misinformation",), judge={tc: 0}
        ),
        made(
            "s3",
            passed=False,
            score=0.0,
            levels="hmh",
            stress=("insufficient_context",),
            judge={tc: 0},
        ),
        made("s4", passed=True, score=1.0, levels="lml", judge={}),
        made(
            "s1-de",
            passed=False,
            score=0.0,
            levels="lll",
            language="de",
            translation_of="s1",
            judge={tc: 0},
        ),
    ]


def write_run(folder: Path, results: list[AstraResult], agent_model: str) -> Path:
    """A run directory as ``assistworld run`` leaves it (results, manifest), for these
    results."""
    folder.mkdir(parents=True)
    lines = "".join(result.model_dump_json() + "\n" for result in results)
    (folder / "results.jsonl").write_text(lines, encoding="utf-8")
    manifest: dict[str, Any] = {
        "paradigm": "astra",
        "suite": "made",
        "agent": {"name": "tools", "model": agent_model},
        "task_ids": [result.query_id for result in results],
    }
    if any(result.details.judge is not None for result in results):
        manifest["judge"] = {"model": JUDGE_MODEL}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder
