"""Reading Asper-Bench in place, on small invented shards in its format (never the real data)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import nestedtext
import pytest

from assistworld.paradigms.aspera.tasks.asperbench import iter_asperbench, locate_asperbench
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.suite import load_suite


def record(query_id: str, plan: str, *, returns: bool = False, pairs: int = 1) -> dict[str, Any]:
    body = "    return find_events()" if returns else "    add_event(Event(subject='x'))"
    return {
        "query_id": query_id,
        "query": f"Assistant, invented query number {query_id}.",
        "program": f"def {plan}():\n    # planning step\n{body}\n",
        "state_generation_programs": [
            f"def setup_env_{plan}{'_' + str(i) if i else ''}():\n    simulate_org_structure([])\n"
            for i in range(pairs)
        ],
        "evaluation_programs": [
            f"def evaluate_{plan}(query, executable, setup_function):\n    setup_function()\n"
            for _ in range(pairs)
        ],
        "scenario": {
            "apps": ["work_calendar"],
            "query_solution": ["work_calendar_query_solution"],
            "runtime_setup": None,
            "guidelines": {"generation_labelling": ["be brief"], "evaluation": None},
            "symbols_in_apps": None,
        },
        "timestamp": "2025-05-20 15:33:00",
    }


def make_copy(root: Path, shards: dict[str, list[Any]]) -> Path:
    """A folder laid out like Asper-Bench: plans/queries_*.nt plus the two JSON index files."""
    plans = root / "plans"
    plans.mkdir(parents=True)
    for name, records in shards.items():
        (plans / name).write_text(nestedtext.dumps(records), encoding="utf-8")
    ids = {r["query_id"]: [n] for n, rs in shards.items() for r in rs if isinstance(r, dict)}
    queries = {
        r["query"]: [r["query_id"]] for rs in shards.values() for r in rs if isinstance(r, dict)
    }
    (plans / "query_id_to_shard.json").write_text(json.dumps(ids))
    (plans / "query_to_query_id.json").write_text(json.dumps(queries))
    return root


@pytest.fixture
def copy_root(tmp_path: Path) -> Path:
    return make_copy(
        tmp_path / "asper_bench",
        {
            "queries_001.nt": [record("1", "book_lunch"), record("2", "who_is_free", returns=True)],
            "queries_002.nt": [record("10", "move_sync", pairs=2)],
        },
    )


def test_tasks_come_out_in_memory_with_shard_and_index_as_source(copy_root: Path) -> None:
    tasks = list(iter_asperbench(copy_root))
    shard_1, shard_2 = (
        copy_root / "plans" / "queries_001.nt",
        copy_root / "plans" / "queries_002.nt",
    )
    assert [t.source for t in tasks] == [f"{shard_1}#0", f"{shard_1}#1", f"{shard_2}#0"]
    first, second, third = tasks
    assert first.query_id == "1" and first.plan_name == "book_lunch"
    assert (
        first.program == "def book_lunch():\n    # planning step\n    add_event(Event(subject='x'))"
    )
    assert (first.kind, second.kind) == ("state-changing", "information-seeking")
    assert first.category is None and first.tags == []
    assert first.scenario is not None
    assert first.scenario.apps == ["work_calendar"]
    assert first.scenario.runtime_setup is None  # written as "" by NestedText
    assert first.scenario.guidelines == {"generation_labelling": ["be brief"], "evaluation": None}
    assert third.setup_function_names == ["setup_env_move_sync", "setup_env_move_sync_1"]
    assert third.evaluation_function_names == ["evaluate_move_sync", "evaluate_move_sync"]


@pytest.mark.parametrize("where", ["root", "plans", "unpacked"])
def test_the_layout_is_detected_from_root_plans_or_the_unpack_folder(
    copy_root: Path, where: str
) -> None:
    path = {"root": copy_root, "plans": copy_root / "plans", "unpacked": copy_root.parent}[where]
    found = locate_asperbench(path)
    assert found is not None
    assert found.root == copy_root
    assert [s.name for s in found.shards] == ["queries_001.nt", "queries_002.nt"]


def test_shards_are_read_in_numeric_order(tmp_path: Path) -> None:
    root = make_copy(
        tmp_path / "copy",
        {"queries_10.nt": [record("b", "second")], "queries_9.nt": [record("a", "first")]},
    )
    assert [t.query_id for t in iter_asperbench(root)] == ["a", "b"]


def test_a_folder_without_shards_is_not_a_copy(tmp_path: Path) -> None:
    assert locate_asperbench(tmp_path) is None
    with pytest.raises(TaskError) as caught:
        list(iter_asperbench(tmp_path))
    assert caught.value.problems == (
        f"{tmp_path}: no Asper-Bench shards (queries_*.nt) here or in {tmp_path}/plans; pass the "
        "folder that holds plans/ (or plans/ itself)",
    )


def test_bad_records_are_collected_and_the_good_ones_still_read(tmp_path: Path) -> None:
    wrong_name = record("2", "plan_b")
    wrong_name["evaluation_programs"] = [
        "def evaluate_other(query, executable, setup_function):\n    pass\n"
    ]
    no_program = record("3", "plan_c")
    del no_program["program"]
    root = make_copy(
        tmp_path / "copy",
        {"queries_001.nt": [record("1", "plan_a"), wrong_name, no_program, "not a record"]},
    )
    shard = root / "plans" / "queries_001.nt"
    errors: list[str] = []
    assert [t.query_id for t in iter_asperbench(root, errors)] == ["1"]
    assert errors == [
        f"{shard}#1: evaluation_programs[0]: defines evaluate_other, not evaluate_plan_b or "
        "evaluate_plan_b_<suffix>; rename the function",
        f"{shard}#2: program: Field required",
        f"{shard}#3: the record is a str, not a mapping of task fields; restore this shard from "
        "your Asper-Bench download",
    ]
    with pytest.raises(TaskError, match=r"#1: evaluation_programs\[0\]"):
        list(iter_asperbench(root))


def test_a_damaged_shard_names_its_line(tmp_path: Path) -> None:
    root = make_copy(tmp_path / "copy", {"queries_001.nt": [record("1", "plan_a")]})
    damaged = root / "plans" / "queries_002.nt"
    damaged.write_text("-\n    query_id: 2\n  query: half-indented\n", encoding="utf-8")
    errors: list[str] = []
    assert [t.query_id for t in iter_asperbench(root, errors)] == ["1"]
    assert errors == [
        f"{damaged}:3: not valid NestedText: invalid indentation, partial dedent. restore this "
        "shard from your Asper-Bench download"
    ]


def test_reading_never_writes_into_the_copy(copy_root: Path) -> None:
    def state() -> dict[str, tuple[int, int]]:
        return {
            str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(copy_root.rglob("*"))
        }

    before = state()
    list(iter_asperbench(copy_root))
    load_suite(copy_root)
    assert state() == before
    assert os.listdir(copy_root) == ["plans"]


def test_a_copy_loads_as_a_suite(copy_root: Path) -> None:
    suite = load_suite(copy_root / "plans")
    assert (suite.name, suite.format, suite.path) == (
        "asper_bench",
        "asper-bench",
        str(copy_root / "plans"),
    )
    assert [t.query_id for t in suite.tasks] == ["1", "2", "10"]
    assert suite.content_hash == load_suite(copy_root).content_hash
