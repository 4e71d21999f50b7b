"""``summary.json`` stamped with the files it was computed from: ``show`` reads a summary only
while it still describes the run directory, and prints then exactly what the records give."""

from __future__ import annotations

import importlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.shards import Shard
from assistworld.report.commands import show_command
from assistworld.report.rundata import RunDirError, load_run
from assistworld.report.summary_file import (
    SELF_DIGEST,
    STAMP,
    code_digest,
    content_digest,
    file_digest,
    read_shown_run,
)
from assistworld.runner.merge import merge_runs
from assistworld.runner.session import RunSettings, execute_run


def _run(suite_name: str, out: Path, count: int, **settings: object) -> Path:
    suite = load_suite(suite_name)
    agent = get_paradigm(suite.paradigm).build_agent(AgentRequest(name="oracle", suite=suite))
    ids = [task.query_id for task in suite.tasks[:count]]
    options = {"concurrency": 1, "task_ids": ids, **settings}
    execute_run(suite, agent, RunSettings(out_dir=out, **options))  # type: ignore[arg-type]
    return out


def _shown(run_dir: Path, *, from_records: bool = False) -> str:
    out = io.StringIO()
    show_command(run_dir, Console(file=out, width=120), from_records=from_records)
    return out.getvalue()


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("stamped")
    return {
        "conversation": _run("personal_demo", folder / "astra", 4),
        "planning": _run("travelplans", folder / "appbench", 4),
        "program": _run("workplace", folder / "aspera", 2, unsafe=True),
        "samples": _run("personal_demo", folder / "samples", 2, samples=2),
    }


@pytest.fixture
def conversation(runs: dict[str, Path], tmp_path: Path) -> Path:
    """A copy of the conversation run to change."""
    return Path(shutil.copytree(runs["conversation"], tmp_path / "run"))


@pytest.mark.parametrize("name", ["conversation", "planning", "program", "samples"])
def test_show_reads_a_finished_run_from_its_summary_and_prints_what_the_records_give(
    runs: dict[str, Path], name: str
) -> None:
    run_dir = runs[name]
    assert read_shown_run(run_dir).from_summary
    assert _shown(run_dir) == _shown(run_dir, from_records=True)


def test_the_stamp_names_both_files_as_they_were_written(runs: dict[str, Path]) -> None:
    run_dir = runs["conversation"]
    stamp = json.loads((run_dir / "summary.json").read_text())[STAMP]
    assert stamp["results_sha256"] == file_digest(run_dir / "results.jsonl")
    assert stamp["manifest_sha256"] == file_digest(run_dir / "manifest.json")
    assert stamp["records"] == 4
    assert stamp["agents"] == ["oracle"]
    summary = json.loads((run_dir / "summary.json").read_text())
    assert stamp[SELF_DIGEST] == content_digest(summary)  # read back, it still matches


def test_records_changed_since_the_summary_are_read_again(conversation: Path) -> None:
    lines = (conversation / "results.jsonl").read_text().splitlines()
    failed = json.loads(lines[1])
    failed.update(passed=False, outcome="end_state_wrong")
    lines[1] = json.dumps(failed)
    (conversation / "results.jsonl").write_text("\n".join(lines) + "\n")
    shown = read_shown_run(conversation)
    assert not shown.from_summary
    assert shown.metrics.overall.passed == 3
    assert shown.metrics.overall.counts["end_state_wrong"] == 1


def test_records_beyond_the_samples_asked_are_left_out_and_named(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    run_dir = Path(shutil.copytree(runs["samples"], tmp_path / "run"))
    manifest = json.loads((run_dir / "manifest.json").read_text())
    manifest["options"]["samples"] = 1  # as if the run had asked for one sample of each
    (run_dir / "manifest.json").write_text(json.dumps(manifest))
    run = load_run(run_dir)
    assert {result.sample for result in run.results} == {0}
    assert any("2 results outside the manifest's tasks, samples" in n for n in run.notes)


def test_a_manifest_changed_since_the_summary_is_read_again(conversation: Path) -> None:
    manifest = json.loads((conversation / "manifest.json").read_text())
    manifest["task_ids"] = [*manifest["task_ids"], "not_run_yet"]
    (conversation / "manifest.json").write_text(json.dumps(manifest))
    shown = read_shown_run(conversation)
    assert not shown.from_summary
    assert any("incomplete run: 4 of 5" in note for note in shown.overview.notes)


@pytest.mark.parametrize(
    "change",
    [
        lambda summary: summary.pop(STAMP),  # written before summaries were stamped
        lambda summary: summary[STAMP].update(assistworld_version="0.0.1"),
        lambda summary: summary[STAMP].update(format=0),
        lambda summary: summary[STAMP].update(code_sha256="0" * 64),
        lambda summary: summary.update(metrics={"overall": "garbled"}),
        lambda summary: summary[STAMP].pop("notes"),
    ],
    ids=[
        "unstamped",
        "other-version",
        "other-format",
        "other-code",
        "garbled-metrics",
        "stamp-incomplete",
    ],
)
def test_a_summary_that_cannot_be_trusted_is_passed_over(conversation: Path, change) -> None:  # type: ignore[no-untyped-def]
    expected = _shown(conversation, from_records=True)
    summary = json.loads((conversation / "summary.json").read_text())
    change(summary)
    if STAMP in summary:  # sealed again, so that the check named is the one that refuses it
        summary[STAMP][SELF_DIGEST] = content_digest(summary)
    (conversation / "summary.json").write_text(json.dumps(summary))
    assert not read_shown_run(conversation).from_summary
    assert _shown(conversation) == expected


def test_a_summary_sealed_again_unchanged_is_still_trusted(conversation: Path) -> None:
    """What makes the cases above refuse for the reason they name, not for the seal."""
    summary = json.loads((conversation / "summary.json").read_text())
    summary[STAMP][SELF_DIGEST] = content_digest(summary)
    (conversation / "summary.json").write_text(json.dumps(summary))
    assert read_shown_run(conversation).from_summary


def test_figures_edited_by_hand_are_not_shown(conversation: Path) -> None:
    expected = _shown(conversation, from_records=True)
    summary = json.loads((conversation / "summary.json").read_text())
    summary["metrics"]["overall"]["passed"] = 0  # the stamp's file digests still hold
    summary["metrics"]["overall"]["success_rate"] = 0.0
    (conversation / "summary.json").write_text(json.dumps(summary))
    assert not read_shown_run(conversation).from_summary
    assert _shown(conversation) == expected


def test_a_damaged_shared_value_is_said_as_reading_the_records_says_it(conversation: Path) -> None:
    (blob,) = (conversation / "blobs").glob("*.json")
    blob.write_text(blob.read_text().replace("{", "{ ", 1))
    with pytest.raises(RunDirError, match="does not match its name"):
        read_shown_run(conversation)


def test_a_summary_that_is_not_json_is_passed_over(conversation: Path) -> None:
    expected = _shown(conversation, from_records=True)
    (conversation / "summary.json").write_text("{not json")
    assert _shown(conversation) == expected


def test_an_interrupted_run_without_summary_is_shown_from_its_records(conversation: Path) -> None:
    (conversation / "summary.json").unlink()
    assert not read_shown_run(conversation).from_summary
    assert "personal_demo · oracle" in _shown(conversation)


def test_merged_shards_are_stamped_too(tmp_path: Path) -> None:
    parts = [_run("personal_demo", tmp_path / f"part{k}", 6, shard=Shard(k, 2)) for k in (1, 2)]
    merged = tmp_path / "merged"
    merge_runs(parts, merged)
    assert read_shown_run(merged).from_summary
    assert _shown(merged) == _shown(merged, from_records=True)
    assert load_run(merged).notes == []


def test_a_shard_is_complete_when_its_own_part_has_run(tmp_path: Path) -> None:
    part = _run("personal_demo", tmp_path / "part", 6, shard=Shard(1, 2))
    run = load_run(part)
    assert run.notes == []
    lines = (part / "results.jsonl").read_text().splitlines()
    (part / "results.jsonl").write_text("\n".join(lines[1:]) + "\n")
    notes = load_run(part).notes
    assert any(f"of {len(lines)} tasks of shard 1/2" in note for note in notes), notes


def test_show_from_a_summary_reads_no_record_and_imports_no_grading(
    runs: dict[str, Path],
) -> None:
    """What keeps ``show`` of a large run fast: with the stamp holding, it neither validates the
    records nor loads the grading, the agents or the templates."""
    probe = (
        "import sys\n"
        "from assistworld.cli import main\n"
        f"sys.argv = ['assistworld', 'show', {str(runs['conversation'])!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(name for name in sys.modules if name.startswith(("
        "'assistworld.paradigms.astra.grading.results', 'assistworld.paradigms.astra.agents."
        "conversation', 'jinja2', 'yaml'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_the_code_digest_covers_a_plugin_paradigms_own_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "plugin_paradigm_for_digest"
    package.mkdir()
    (package / "__init__.py").write_text("class Plugin:\n    name = 'plugin'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("plugin_paradigm_for_digest")
    before = code_digest(module.Plugin())
    assert before == code_digest(module.Plugin())
    (package / "grading.py").write_text("THRESHOLD = 0.5\n")  # the plugin's grading changed
    assert code_digest(module.Plugin()) != before
