"""Small suites and run directories written for the report's tests.

The suite has four tasks of increasing complexity; one query holds markup (``</script><b>``) to
check that the report escapes untrusted text. Runs are written the way ``assistworld run`` writes
them: ``results.jsonl`` (one AsperaResult a line), ``manifest.json`` and ``summary.json``.
"""
# ruff: noqa: E501  (task programs keep one statement a line)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from assistworld.paradigms.aspera.grading.results import AsperaResult, aspera_metrics
from assistworld.paradigms.aspera.tasks.model import build_task
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.paradigms.aspera.tasks.writer import write_task_file

EVIL_QUERY = "Assistant, cancel the meeting called </script><b>boom</b> tomorrow."
EVIL_PROGRAM_TEXT = "</script><img src=x onerror=alert(1)>"

_TASKS: tuple[dict[str, Any], ...] = (
    {
        "query_id": "lunch_01",
        "query": "Assistant, book lunch with Ana tomorrow at noon.",
        "category": "simple",
        "program": '''def book_lunch_with_ana():
    """Book lunch with Ana tomorrow at noon."""
    ana = find_employee("Ana")[0]
    starts_at = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(12, 0, "pm"))
    add_event(Event(subject="Lunch", attendees=[ana], starts_at=starts_at))
''',
        "pairs": 1,
    },
    {
        "query_id": "count_02",
        "query": "Assistant, how many meetings do I have tomorrow with someone from finance or sales?",
        "category": "counting",
        "program": '''def count_meetings_with_finance_or_sales():
    """Count tomorrow's meetings with finance or sales."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    teams = [Team.Finance, Team.Sales]
    # keep events of tomorrow with an attendee from either team
    found = [
        event
        for event in find_events()
        if event.starts_at.date() == tomorrow
        and any(get_employee_profile(a).team in teams for a in event.attendees or [])
    ]
    return len(found)
''',
        "pairs": 1,
    },
    {
        "query_id": "cancel_03",
        "query": "Assistant, cancel tomorrow's budget review if Jill declined it, otherwise tell me who is coming.",
        "category": "conditional",
        "program": '''def cancel_review_if_declined():
    """Cancel tomorrow's budget review if Jill declined it."""
    jill = find_employee("Jill")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def reviews_on(day):
        return [e for e in find_events(subject="Budget review") if e.starts_at.date() == day]

    reviews = reviews_on(tomorrow)
    if not reviews:
        raise RequiresUserInput("No budget review tomorrow.")
    if len(reviews) > 1:
        raise RequiresUserInput("Which budget review?")
    # cancel only when Jill declined
    if jill in (reviews[0].declined_by or []):
        delete_event(reviews[0])
        return None
    for attendee in reviews[0].attendees or []:
        if attendee not in (reviews[0].declined_by or []):
            print(attendee.name)
    return reviews[0].attendees
''',
        "pairs": 2,
    },
    {
        "query_id": "evil_04",
        "query": EVIL_QUERY,
        "category": "conditional",
        "program": '''def cancel_strange_meeting():
    """Cancel the meeting with the strange name."""
    for event in find_events(subject="</script><b>boom</b>"):
        if event.starts_at.date() == parse_date_string(DateExpressions.Tomorrow):
            delete_event(event)
''',
        "pairs": 1,
    },
)


def _plan_name(program: str) -> str:
    return program.split("def ", 1)[1].split("(", 1)[0]


def write_suite(folder: Path) -> Path:
    """Write the four task files into ``folder`` and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    for spec in _TASKS:
        plan = _plan_name(spec["program"])
        setups, evaluations = [], []
        for index in range(spec["pairs"]):
            suffix = "" if index == 0 else f"_{index}"
            setups.append(
                f"def setup_env_{plan}{suffix}():\n"
                f'    simulate_org_structure(default_employee_names=["Ana", "Jill"])\n'
            )
            evaluations.append(
                f"def evaluate_{plan}{suffix}(query, executable, setup_function):\n"
                "    setup_function()\n"
                "    executable()\n"
            )
        task = build_task(
            {
                "query_id": spec["query_id"],
                "query": spec["query"],
                "program": spec["program"],
                "state_generation_programs": setups,
                "evaluation_programs": evaluations,
                "category": spec["category"],
            }
        )
        write_task_file(task, folder)
    return folder


def pair(index: int, outcome: str, **run: Any) -> dict[str, Any]:
    """A pair record as the sandbox writes it."""
    run_record = {
        "outcome": run.pop("run_outcome", "completed"),
        "return_value": None,
        "exception_type": None,
        "exception_message": None,
        "traceback": None,
        "stdout": "",
        "stderr": "",
        "api_calls": 3,
        "seconds": 0.01,
        "tamper_flags": [],
    }
    run_record.update(run)
    error_type = {"task_completion_error": "SolutionError"}.get(outcome)
    return {
        "index": index,
        "passed": outcome == "passed",
        "outcome": outcome,
        "error_type": error_type,
        "error_message": "Incorrect solution" if error_type else None,
        "run": run_record,
        "seconds": 0.05,
    }


def result(
    query_id: str,
    outcome: str,
    *,
    category: str = "simple",
    kind: str = "state-changing",
    program: str | None = None,
    pairs: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> AsperaResult:
    """A AsperaResult; ``program`` defaults to a small valid candidate."""
    candidate = (
        program
        if program is not None
        else (
            "from work_calendar import find_events\n\n"
            "def solve():\n"
            "    # look at the calendar\n"
            "    return len(find_events())\n"
        )
    )
    return AsperaResult(
        query_id=query_id,
        passed=outcome == "passed",
        outcome=outcome,
        category=category,
        kind=kind,
        agent=extra.pop("agent", "replay"),
        program=candidate,
        pairs=pairs if pairs is not None else [pair(0, outcome)],
        **extra,
    )


def manifest(suite_dir: Path | None, task_ids: list[str], **overrides: Any) -> dict[str, Any]:
    """A manifest like :func:`assistworld.core.manifest.build_manifest` writes."""
    suite_hash = load_suite(suite_dir).content_hash if suite_dir is not None else "0" * 64
    data: dict[str, Any] = {
        "assistworld_version": "0.1.0",
        "git_revision": "abc123",
        "created_at": "2024-06-25T09:06:00+00:00",
        "suite": suite_dir.name if suite_dir is not None else "gone",
        "suite_path": str(suite_dir) if suite_dir is not None else "/nonexistent/suite",
        "suite_hash": suite_hash,
        "agent": {"agent": "cck", "model": "model-a", "return_type_hint": False},
        "seeds": {"world": 0},
        "sandbox_layers": ["rlimits", "landlock-abi7", "seccomp"],
        "unsafe": False,
        "limits": {"wall_seconds": 30.0, "cpu_seconds": 15},
        "task_ids": task_ids,
        "options": {},
    }
    data.update(overrides)
    return data


def write_run(
    run_dir: Path,
    results: list[AsperaResult],
    manifest_data: dict[str, Any] | None,
) -> Path:
    """Write a run directory holding ``results`` (and the manifest, unless None)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    with (run_dir / "results.jsonl").open("w", encoding="utf-8") as handle:
        for item in results:
            handle.write(item.model_dump_json() + "\n")
    if manifest_data is not None:
        (run_dir / "manifest.json").write_text(json.dumps(manifest_data), encoding="utf-8")
    metrics = aspera_metrics(results)
    (run_dir / "summary.json").write_text(
        json.dumps({"metrics": metrics.model_dump(mode="json"), "tasks": len(results)}),
        encoding="utf-8",
    )
    return run_dir


def standard_runs(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A suite and two runs over it: A (model-a, mixed outcomes) and B (model-b, PS agent)."""
    suite_dir = write_suite(tmp_path / "suite")
    ids = [spec["query_id"] for spec in _TASKS]
    traceback = 'Traceback (most recent call last):\n  File "<candidate>", line 3\nKeyError: "x"'
    run_a = write_run(
        tmp_path / "run_a",
        [
            result(
                "lunch_01",
                "passed",
                usage={"prompt_tokens": 900, "completion_tokens": 120, "latency_s": 1.5},
            ),
            result(
                "count_02",
                "execution_error",
                category="counting",
                kind="information-seeking",
                pairs=[
                    pair(
                        0,
                        "execution_error",
                        run_outcome="agent_exception",
                        exception_type="KeyError",
                        exception_message="'x'",
                        traceback=traceback,
                    )
                ],
            ),
            result(
                "cancel_03",
                "handback_control_error",
                category="conditional",
                pairs=[pair(0, "handback_control_error"), pair(1, "passed")],
            ),
            result(
                "evil_04",
                "parse_failure",
                category="conditional",
                program=EVIL_PROGRAM_TEXT,
                parse_error="syntax error on line 1: invalid syntax",
                pairs=[],
            ),
        ],
        manifest(suite_dir, ids),
    )
    selection = {
        "work_calendar": ["find_events", "add_event"],
        "company_directory": ["find_employee"],
        "contacts": ["get_contact"],
    }
    run_b = write_run(
        tmp_path / "run_b",
        [
            result(
                "lunch_01",
                "task_completion_error",
                agent_details={"selected_primitives": selection},
            ),
            result(
                "count_02",
                "passed",
                category="counting",
                kind="information-seeking",
                agent_details={"selected_primitives": selection, "precision": 0.5},
            ),
            result(
                "cancel_03",
                "passed",
                category="conditional",
                pairs=[pair(0, "passed"), pair(1, "passed")],
                agent_details={"selected_primitives": selection},
            ),
            result(
                "evil_04",
                "passed",
                category="conditional",
                agent_details={"selected_primitives": selection},
            ),
        ],
        manifest(
            suite_dir, ids, agent={"agent": "ps", "model": "model-b", "return_type_hint": True}
        ),
    )
    return suite_dir, run_a, run_b
