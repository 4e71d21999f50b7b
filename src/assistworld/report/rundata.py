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
from assistworld.core.manifest import run_membership, samples_asked, shard_of
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
        return agent_settings_of(self.manifest)

    @property
    def agent_name(self) -> str:
        return agent_name_of(self.manifest, self.results_agents())

    @property
    def model(self) -> str | None:
        return model_of(self.manifest)

    def results_agents(self) -> list[str]:
        """The agents the records name, sorted (each once)."""
        return sorted({result.agent for result in self.results})

    @property
    def overview(self) -> RunOverview:
        """What a run's card and ``show`` print of it besides its figures."""
        return RunOverview(
            path=self.path,
            manifest=self.manifest,
            records=len(self.results),
            agents=tuple(self.results_agents()),
            programs_ran=ran_programs(self),
            notes=tuple(self.notes),
        )


@dataclass(frozen=True)
class RunOverview:
    """A run without its records: its manifest and the few facts about its records that its card
    and ``show`` print (how many, by which agents, whether programs ran, notes for a reader).

    Made from the records (:attr:`RunData.overview`) or read from ``summary.json`` when the
    summary was computed from the very files the run directory holds
    (:mod:`assistworld.report.summary_file`).
    """

    path: Path
    manifest: dict[str, Any]
    records: int
    agents: tuple[str, ...]
    programs_ran: bool
    notes: tuple[str, ...]

    @property
    def agent_settings(self) -> dict[str, Any]:
        return agent_settings_of(self.manifest)

    @property
    def agent_name(self) -> str:
        return agent_name_of(self.manifest, self.agents)

    @property
    def model(self) -> str | None:
        return model_of(self.manifest)


def agent_settings_of(manifest: dict[str, Any]) -> dict[str, Any]:
    """The agent's settings as the manifest records them (empty when it does not)."""
    settings = manifest.get("agent")
    return settings if isinstance(settings, dict) else {}


def agent_name_of(manifest: dict[str, Any], agents: Sequence[str]) -> str:
    """The agent the manifest names, else the agents the records name."""
    settings = agent_settings_of(manifest)
    name = settings.get("agent") or settings.get("name")
    if name:
        return str(name)
    return ", ".join(agents) or "unknown agent"


def model_of(manifest: dict[str, Any]) -> str | None:
    """The agent's model as the manifest records it, if any."""
    model = agent_settings_of(manifest).get("model")
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


def _incomplete_note(manifest: dict[str, Any], results: list[TaskResult[Any]]) -> str | None:
    """Says how many of the run's tasks (of its part, for a shard) lack a record."""
    selected = manifest.get("task_ids")
    if not isinstance(selected, list) or not selected:
        return None
    samples, shard = samples_asked(manifest), shard_of(manifest)
    have = {(result.query_id, result.sample) for result in results}
    expected = {
        query_id: [
            sample for sample in range(samples) if shard is None or shard.owns(query_id, sample)
        ]
        for query_id in selected
    }
    owned = [query_id for query_id, pairs in expected.items() if pairs]
    missing = [q for q in owned if any((q, sample) not in have for sample in expected[q])]
    if not missing:
        return None
    tasks = "selected tasks" if shard is None else f"tasks of shard {shard}"
    what = f"{tasks} have results" if samples == 1 else f"{tasks} have all {samples} samples"
    return (
        f"incomplete run: {len(owned) - len(missing)} of {len(owned)} {what}; metrics "
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
    in_run = run_membership(manifest)
    if in_run is not None:
        extra = [result for result in results if not in_run(result)]
        if extra:
            notes.append(
                f"{len(extra)} results outside the manifest's tasks, samples and shard ignored"
            )
            results = [result for result in results if in_run(result)]
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


def base_label(run: RunData | RunOverview) -> str:
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
