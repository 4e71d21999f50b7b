"""Reading a run directory: its manifest, its task results and the metrics computed from them.

Metrics are recomputed from ``results.jsonl`` rather than read from ``summary.json``: an
interrupted run has results but a stale (or no) summary, and the results are the record.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.core.blobs import BlobError
from assistworld.core.metrics import RunMetrics
from assistworld.core.paradigm import LabelledResults, Paradigm
from assistworld.core.registry import UnknownParadigmError, get_paradigm
from assistworld.core.result import LEGACY_PARADIGM, TaskResult
from assistworld.core.store import MANIFEST_FILE, RESULTS_FILE, ResultsStore


class RunDirError(ValueError):
    """A run directory that cannot be read; the message names the path and the fix."""


@dataclass
class RunData:
    """One run as the report sees it."""

    path: Path
    manifest: dict[str, Any]
    results: list[TaskResult[Any]]
    """Sorted by query id (numbers inside ids compare by value)."""
    metrics: RunMetrics
    paradigm: Paradigm
    """The paradigm the run's manifest names (its hooks add to the report)."""
    label: str = ""
    notes: list[str] = field(default_factory=list)
    """Things a reader must know about this run (incomplete, manifest missing, ...)."""

    def labelled(self) -> LabelledResults:
        """The run as the paradigm's report hooks see it."""
        return LabelledResults(self.label, self.results, self.manifest)

    @property
    def agent_settings(self) -> dict[str, Any]:
        settings = self.manifest.get("agent")
        return settings if isinstance(settings, dict) else {}

    @property
    def agent_name(self) -> str:
        name = self.agent_settings.get("agent") or self.agent_settings.get("name")
        if name:
            return str(name)
        agents = sorted({result.agent for result in self.results})
        return ", ".join(agents) or "unknown agent"

    @property
    def model(self) -> str | None:
        model = self.agent_settings.get("model")
        return str(model) if model else None


def ran_programs(run: RunData) -> bool:
    """Whether the run's agent wrote programs that ran (in the sandbox, or not), as its paradigm
    tells: a planner's plans and a tool-calling agent's calls are data, so no sandbox is missing
    for them."""
    return run.paradigm.report.ran_programs(run.results)


def _read_manifest(path: Path, notes: list[str]) -> dict[str, Any]:
    manifest_path = path / MANIFEST_FILE
    if not manifest_path.exists():
        notes.append(f"no {MANIFEST_FILE}: the run's settings are unknown")
        return {}
    try:
        data = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RunDirError(
            f"{manifest_path} is not valid JSON ({error}); restore it from the run or delete it "
            "to report the results without settings"
        ) from None
    if not isinstance(data, dict):
        raise RunDirError(f"{manifest_path} must hold a JSON object, not {type(data).__name__}")
    return data


def _samples_asked(manifest: dict[str, Any]) -> int:
    """How many samples of each task the run was last asked for (``run --samples``; 1 before)."""
    entries = [manifest, *(manifest.get("resumptions") or [])]
    options = [entry.get("options") for entry in entries if isinstance(entry, dict)]
    asked = [o.get("samples", 1) for o in options if isinstance(o, dict)]
    last = asked[-1] if asked else 1
    return last if isinstance(last, int) and last > 0 else 1


def _incomplete_note(manifest: dict[str, Any], results: list[TaskResult[Any]]) -> str | None:
    selected = manifest.get("task_ids")
    if not isinstance(selected, list) or not selected:
        return None
    samples = _samples_asked(manifest)
    have = {(result.query_id, result.sample) for result in results}
    missing = [
        query_id
        for query_id in selected
        if any((query_id, sample) not in have for sample in range(samples))
    ]
    if not missing:
        return None
    what = "selected tasks have results" if samples == 1 else f"selected tasks have all {samples}"
    what += "" if samples == 1 else " samples"
    return (
        f"incomplete run: {len(selected) - len(missing)} of {len(selected)} {what}; metrics "
        f"cover those only (resume the run with `assistworld run --resume`)"
    )


def load_run(path: Path) -> RunData:
    """Read the run in ``path``; raises :class:`RunDirError` when it holds no results."""
    if not path.exists():
        raise RunDirError(f"{path} does not exist; pass a directory written by `assistworld run`")
    if not path.is_dir():
        raise RunDirError(f"{path} is a file; pass the run directory that holds {RESULTS_FILE}")
    if not (path / RESULTS_FILE).exists():
        raise RunDirError(
            f"{path} has no {RESULTS_FILE}; pass a directory written by `assistworld run`"
        )
    notes: list[str] = []
    manifest = _read_manifest(path, notes)
    name = str(manifest.get("paradigm", LEGACY_PARADIGM))
    try:
        paradigm = get_paradigm(name)
    except UnknownParadigmError as error:
        raise RunDirError(f"{path / RESULTS_FILE}: {error}") from None
    try:
        results = ResultsStore(path, paradigm.result_type).load()
    except BlobError as error:
        raise RunDirError(str(error)) from None
    except ValueError as error:  # a record whose outcome class is unknown, and the like
        raise RunDirError(f"{path / RESULTS_FILE}: {error}") from None
    selected = manifest.get("task_ids")
    if isinstance(selected, list) and selected:
        wanted = set(selected)
        extra = [result for result in results if result.query_id not in wanted]
        if extra:
            notes.append(f"{len(extra)} results for tasks outside the manifest's task list ignored")
            results = [result for result in results if result.query_id in wanted]
    results.sort(key=lambda result: paradigm.report.order_key(result.query_id))
    note = _incomplete_note(manifest, results)
    if note:
        notes.append(note)
    try:
        metrics = paradigm.metrics(results)
    except ValueError as error:
        raise RunDirError(f"{path / RESULTS_FILE}: {error}") from None
    run = RunData(
        path=path,
        manifest=manifest,
        results=results,
        metrics=metrics,
        paradigm=paradigm,
        notes=notes,
    )
    run.label = base_label(run)
    return run


def base_label(run: RunData) -> str:
    """``model · agent`` when the model is known, else the agent's name."""
    return f"{run.model} · {run.agent_name}" if run.model else run.agent_name


def label_runs(runs: list[RunData]) -> None:
    """Give every run a distinct label, adding the directory name where two would clash."""
    counts: dict[str, int] = {}
    for run in runs:
        counts[run.label] = counts.get(run.label, 0) + 1
    for run in runs:
        if counts[run.label] > 1:
            run.label = f"{run.label} ({run.path.name})"
    seen: dict[str, int] = {}
    for index, run in enumerate(runs):
        if run.label in seen:
            run.label = f"{run.label} #{index + 1}"
        seen[run.label] = index


def failure_classes(runs: Sequence[RunData]) -> list[str]:
    """Every failure class of the runs' paradigms, in their order (once each)."""
    return list(dict.fromkeys(name for run in runs for name in run.metrics.failure_classes))
