"""The embedded task data: safe to put in a script element, complete, and clipped when huge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.report.measuring import ProgramMeasurer
from assistworld.report.references import load_references
from assistworld.report.rundata import load_run
from assistworld.report.taskdata import (
    OUTPUT_CHARS,
    clip,
    embed_json,
    report_data,
    task_row,
    usage_latency,
    usage_tokens,
)
from tests.report._runs import EVIL_QUERY, pair, result, standard_runs


@pytest.mark.parametrize(
    "text",
    [
        "</script><b>boom</b>",
        "<!-- <script>",
        "a & b > c",
        "line\u2028separator",
        "back\\</script>slash",
    ],
)
def test_embedded_json_cannot_close_the_script_and_reads_back_the_same(text: str) -> None:
    data = {"query": text, "nested": [text, {"k": text}]}
    embedded = embed_json(data)
    assert "<" not in embedded and ">" not in embedded and "&" not in embedded
    assert json.loads(embedded) == data


def test_clip_keeps_short_texts_and_says_how_much_was_cut() -> None:
    assert clip("short", 10) == "short"
    assert clip(None, 10) is None
    clipped = clip("x" * 25, 10)
    assert clipped is not None
    assert clipped.startswith("x" * 10) and "[15 more characters not shown]" in clipped


@pytest.mark.parametrize(
    ("usage", "tokens", "latency"),
    [
        ({"prompt_tokens": 10, "completion_tokens": 5, "latency_s": 1.5}, 15.0, 1.5),
        ({"total_tokens": 7}, 7.0, None),
        ({}, None, None),
        ({"completion_tokens": 3, "latency": 2}, 3.0, 2.0),
    ],
)
def test_tokens_and_latency_from_usage(
    usage: dict[str, float], tokens: float | None, latency: float | None
) -> None:
    assert usage_tokens(usage) == tokens
    assert usage_latency(usage) == latency


def test_a_task_row_holds_what_the_task_page_shows() -> None:
    long_trace = "T" * (OUTPUT_CHARS + 50)
    row = task_row(
        result(
            "x",
            "execution_error",
            pairs=[pair(0, "execution_error", exception_type="KeyError", traceback=long_trace)],
            usage={"prompt_tokens": 3, "completion_tokens": 4},
        ),
        None,
        ProgramMeasurer(),
    )
    assert row["outcome"] == "execution_error"
    assert row["pairs"][0]["exception_type"] == "KeyError"
    assert "50 more characters not shown" in row["pairs"][0]["traceback"]
    assert row["tokens"] == 7
    assert row["lines"] == 2  # def and return: the library import line is not counted
    assert "parse_error" not in row  # absent fields are left out
    assert row["pairs"][0]["api_calls"] == 3  # a run recorded before local calls existed


def test_library_calls_add_the_time_utilities_the_program_ran_itself() -> None:
    row = task_row(
        result("x", "passed", pairs=[pair(0, "passed", local_calls=4)]), None, ProgramMeasurer()
    )
    assert row["pairs"][0]["api_calls"] == 7


def test_report_data_holds_every_task_of_every_run_and_each_reference_once(
    tmp_path: Path,
) -> None:
    _, run_a, run_b = standard_runs(tmp_path)
    runs = [load_run(run_a), load_run(run_b)]
    refs = load_references(runs[0].manifest).tasks
    data = report_data(runs, ["s0", "s0"], {"s0": refs}, ProgramMeasurer())
    assert [len(run["tasks"]) for run in data["runs"]] == [4, 4]
    assert sorted(data["refs"]["s0"]) == ["cancel_03", "count_02", "evil_04", "lunch_01"]
    assert data["refs"]["s0"]["evil_04"]["query"] == EVIL_QUERY
    ps_rows = {row["id"]: row for row in data["runs"][1]["tasks"]}
    assert ps_rows["lunch_01"]["selected"] == [
        "add_event",
        "find_employee",
        "find_events",
        "get_contact",
    ]
    assert "add_event" in ps_rows["lunch_01"]["reference_primitives"]
    assert ps_rows["count_02"]["reported_scores"] == {"precision": 0.5}
