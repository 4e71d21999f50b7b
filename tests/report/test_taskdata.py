"""The embedded task data: safe to put in a script element, complete, and clipped when huge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.report.paradigm_sections import paradigm_parts
from assistworld.report.rundata import load_run
from assistworld.report.taskdata import (
    clip,
    embed_json,
    report_data,
    task_row,
    usage_latency,
    usage_tokens,
)
from tests.report._runs import EVIL_QUERY, result, standard_runs


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


def test_a_task_row_holds_the_paradigms_cells_and_page() -> None:
    row = task_row(
        result("x", "execution_error", usage={"prompt_tokens": 3, "completion_tokens": 4}),
        {"pairs": ["0/1", 0]},
        {"layout": "program", "query": "What is on?"},
    )
    assert row["outcome"] == "execution_error"
    assert row["tokens"] == 7
    assert row["cells"] == {"pairs": ["0/1", 0]}
    assert row["query"] == "What is on?" and row["page"]["layout"] == "program"
    assert "details" not in row  # the paradigm's page shows its details


def test_without_a_page_the_row_holds_the_details_fields_cut_when_long() -> None:
    found = task_row(result("x", "passed", program="p\n" * 15_000))
    assert "page" not in found and "cells" not in found
    assert "more characters not shown" in found["texts"]["program"]
    assert json.loads(found["details"])["kind"]  # the other fields, as JSON


def test_report_data_holds_every_task_and_column_of_every_run(tmp_path: Path) -> None:
    _, run_a, run_b = standard_runs(tmp_path)
    runs = [load_run(run_a), load_run(run_b)]
    parts = paradigm_parts(runs)
    data = report_data(runs, parts.of_run)
    assert [len(run["tasks"]) for run in data["runs"]] == [4, 4]
    assert [column["heading"] for column in data["runs"][0]["columns"]] == [
        "pairs passed",
        "ref. CC",
        "CC",
    ]
    rows = {row["id"]: row for row in data["runs"][1]["tasks"]}
    assert rows["evil_04"]["query"] == EVIL_QUERY
    assert rows["lunch_01"]["page"]["selected"] == [
        "add_event",
        "find_employee",
        "find_events",
        "get_contact",
    ]
