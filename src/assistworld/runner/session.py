"""Build a run from its settings and carry it out: the layer between the CLI and the batch loop."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.agents.base import Agent
from assistworld.core.agent import ExcludesTasks
from assistworld.core.atomic import write_json_atomically
from assistworld.core.errors import UserError
from assistworld.core.executor import RunExecutor
from assistworld.core.manifest import (
    build_manifest,
    resume_conflicts,
    run_membership,
    with_resumption,
)
from assistworld.core.metrics import RunMetrics, sum_usage
from assistworld.core.paradigm import Paradigm, RunJudge
from assistworld.core.registry import get_paradigm
from assistworld.core.result import TaskResult, result_key
from assistworld.core.shards import Shard
from assistworld.core.store import MANIFEST_FILE, ResultsStore
from assistworld.core.suite import Suite, TaskSelectionError
from assistworld.core.suite import select_tasks as select_suite_tasks
from assistworld.report.summary_file import finish_run_dir
from assistworld.runner.batch import run_tasks


class RunSetupError(UserError, ValueError):
    """A run that cannot start as asked; the message says why and what to do."""


@dataclass
class RunSettings:
    """What ``assistworld run`` was asked to do."""

    out_dir: Path
    concurrency: int = 4
    slots: int = 2
    limit: int | None = None
    seed: int = 0
    """Which stratified sample ``limit`` takes (see :mod:`assistworld.core.stratified`)."""
    task_ids: list[str] | None = None
    timeout: float = 30.0
    resume: bool = False
    unsafe: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    samples: int = 1
    """Times each task is solved (``--samples``): pass@k and pass^k for k up to this."""
    shard: Shard | None = None
    """Run only this part of the (task, sample) pairs (``--shard K/N``; see ``merge``)."""

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise RunSetupError(f"--samples must be 1 or more, got {self.samples}")


def excluded_by(agent: Agent) -> frozenset[str]:
    """Tasks the agent must not be scored on (a model agent's in-context examples)."""
    return frozenset(agent.excluded_task_ids()) if isinstance(agent, ExcludesTasks) else frozenset()


def select_tasks(
    suite: Suite,
    task_ids: list[str] | None,
    limit: int | None,
    excluded: frozenset[str] = frozenset(),
    seed: int = 0,
) -> list[Any]:
    """:func:`assistworld.core.suite.select_tasks`, its refusals as :class:`RunSetupError`."""
    try:
        return select_suite_tasks(suite, task_ids, limit, excluded, seed)
    except TaskSelectionError as error:
        raise RunSetupError(str(error)) from None


def make_executor(settings: RunSettings, paradigm: Paradigm) -> RunExecutor:
    """What runs candidates: the paradigm's sandbox, or its in-process path with ``--unsafe``."""
    try:
        return paradigm.make_executor(
            unsafe=settings.unsafe, slots=settings.slots, timeout=settings.timeout
        )
    except ValueError as error:
        raise RunSetupError(str(error)) from None


def _recorded_options(settings: RunSettings) -> dict[str, Any]:
    """The options the manifest records: ``samples`` only when above 1, and the ``--limit``
    sample's size and seed only when there is one, so that a run without them writes (and
    resumes against) the manifest it always did. The chosen ids are the manifest's
    ``task_ids``."""
    recorded = dict(settings.options)
    if settings.samples != 1:
        recorded["samples"] = settings.samples
    if settings.limit is not None and not settings.task_ids:
        recorded["sample"] = {"limit": settings.limit, "seed": settings.seed}
    return recorded


@dataclass
class RunReport:
    """What a finished (or resumed-and-finished) run produced."""

    run_dir: Path
    results: list[TaskResult[Any]]
    metrics: RunMetrics
    manifest: dict[str, Any]
    ran_now: int
    earlier: int = 0
    """Results an earlier invocation of the run (before ``--resume``) had already written."""
    usage_now: dict[str, Any] = field(default_factory=dict)
    """Model usage of the results this invocation wrote (the metrics' ``usage`` is the run's)."""


def check_out_dir(out_dir: Path | None, *, resume: bool) -> None:
    """Refuse, before anything starts, a run directory that cannot serve: ``--resume`` with no
    ``--out`` or naming no run, an ``--out`` that is a file or cannot be created.

    A ``--resume`` that silently started a fresh run would, with a paid model, redo every task
    because of one typo; so resuming needs a directory that holds a run's manifest.
    """
    if out_dir is None:
        if resume:
            raise RunSetupError(
                "--resume needs --out DIR, the run directory to continue (the path the "
                "interrupted run printed, e.g. runs/workplace-cck-20261201-101500)"
            )
        return
    if out_dir.exists() and not out_dir.is_dir():
        raise RunSetupError(
            f"--out {out_dir} is a file; give a directory: a new one, or one holding a run "
            "to continue with --resume"
        )
    if resume:
        if not (out_dir / MANIFEST_FILE).is_file():
            what = "does not exist" if not out_dir.exists() else f"holds no {MANIFEST_FILE}"
            raise RunSetupError(
                f"--resume: {out_dir} {what}, so there is no run to continue; check the path, "
                "or drop --resume to start a new run there"
            )
        return
    place = next((p for p in (out_dir, *out_dir.parents) if p.exists()), None)
    if place is None or not place.is_dir() or not os.access(place, os.W_OK | os.X_OK):
        raise RunSetupError(
            f"--out {out_dir}: cannot create the directory ({place} is not a writable folder); "
            "choose a place you can write to"
        )


def _make_out_dir(out_dir: Path) -> None:
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RunSetupError(
            f"--out {out_dir}: cannot create the directory ({error.strerror}); choose a place "
            "you can write to"
        ) from None


def _check_run_dir(settings: RunSettings, manifest: dict[str, Any]) -> dict[str, Any] | None:
    """Refuse a directory that already holds a run unless resuming it compatibly; return the
    stored manifest of a run being resumed (None when there is none yet)."""
    check_out_dir(settings.out_dir, resume=settings.resume)
    manifest_path = settings.out_dir / MANIFEST_FILE
    if not settings.resume:
        if manifest_path.exists() or ResultsStore(settings.out_dir).load() != []:
            raise RunSetupError(
                f"{settings.out_dir} already holds a run; pass --resume to continue it, or "
                "choose another --out directory"
            )
        return None
    old: dict[str, Any] = json.loads(manifest_path.read_text(encoding="utf-8"))
    problems = resume_conflicts(old, manifest)
    if problems:
        raise RunSetupError(
            f"cannot resume {settings.out_dir}: "
            + "; ".join(problems)
            + ". Start a new run with another --out directory instead."
        )
    return old


def judge_stored_results(store: ResultsStore, tasks: list[Any], judge: RunJudge) -> int:
    """Have ``judge`` grade every result in ``store``, then replace the results file with the
    judged records at once (an interrupted judging pass leaves the file as it was; the judge's
    replies are cached, so judging again costs nothing). Returns how many results changed."""
    results = store.load()
    judged = asyncio.run(judge.judge(tasks, results))
    changed = sum(new is not old for new, old in zip(judged, results, strict=True))
    if changed:
        store.replace_all(judged)
    return changed


def execute_run(
    suite: Suite,
    agent: Agent,
    settings: RunSettings,
    *,
    executor: RunExecutor | None = None,
    models: Callable[[], dict[str, Any]] | dict[str, Any] | None = None,
    on_start: Callable[[int, int, int], None] | None = None,
    on_result: Callable[[TaskResult[Any]], None] | None = None,
    judge: RunJudge | None = None,
) -> RunReport:
    """Run ``agent`` over the selected tasks of ``suite`` and write results, manifest, summary.

    ``on_start(total, done, passed)`` is called once the run directory is ready (``done`` and
    ``passed`` count a resumed run's earlier results), ``on_result`` after each finished task.

    ``models`` describes the model clients for the manifest; given as a function, it is asked
    again when the run ends, for what the clients chose on the way (a local model's decoding
    threads). Model usage summed over the run's results (tokens, cost, latency, cache hits) goes
    into the summary and the manifest.

    ``judge`` (``--judge-model``) grades every stored result once the tasks are done (see
    :func:`judge_stored_results`); its settings go into the manifest.
    """
    paradigm = get_paradigm(suite.paradigm)
    excluded = excluded_by(agent)
    tasks = select_tasks(suite, settings.task_ids, settings.limit, excluded, settings.seed)
    selected = [task.query_id for task in tasks]

    shard = settings.shard
    own_executor = executor is None
    runner = executor or make_executor(settings, paradigm)
    try:
        manifest = build_manifest(
            suite_name=suite.name,
            suite_path=str(suite.path),
            suite_hash=suite.content_hash,
            agent_settings=agent.settings(),
            sandbox_layers=list(runner.layers),
            limits=runner.limits.model_dump(),
            unsafe=settings.unsafe,
            task_ids=selected,
            options=_recorded_options(settings),
            paradigm=paradigm.name,
        )
        manifest["excluded_task_ids"] = sorted(excluded)
        if shard is not None:
            manifest["shard"] = shard.to_data()
        manifest["models"] = (models() if callable(models) else models) or {}
        if judge is not None:
            manifest["judge"] = judge.settings()
        stored = _check_run_dir(settings, manifest)
        _make_out_dir(settings.out_dir)
        # a resumed run keeps the first start's manifest and adds each resumption to it
        written = manifest if stored is None else with_resumption(stored, manifest)
        if judge is not None:  # every verdict is (re)made by this judge: see judge_stored_results
            written["judge"] = manifest["judge"]
        write_json_atomically(settings.out_dir / MANIFEST_FILE, written)
        store = ResultsStore(settings.out_dir, paradigm.result_type)
        in_run = run_membership(written)  # as `show` and the report count a run's records
        earlier = [r for r in store.load() if in_run is None or in_run(r)]
        if on_start is not None:
            total = sum(
                shard is None or shard.owns(query_id, sample)
                for query_id in selected
                for sample in range(settings.samples)
            )
            on_start(total, len(earlier), sum(r.passed for r in earlier))
        ran_now = asyncio.run(
            run_tasks(
                tasks,
                agent,
                paradigm.grader(runner),
                settings.out_dir,
                view_for=lambda task: paradigm.agent_view(task, agent),
                result_type=paradigm.result_type,
                concurrency=settings.concurrency,
                on_result=on_result,
                samples=settings.samples,
                shard=shard,
            )
        )
        if judge is not None:
            judge_stored_results(ResultsStore(settings.out_dir, paradigm.result_type), tasks, judge)
    finally:
        if own_executor:
            runner.close()
    if callable(models) and stored is None:  # a resumption keeps its own start's description
        written = {**written, "models": models() or {}}
    run = finish_run_dir(settings.out_dir, written)  # read as `show` and the report read it
    order = {query_id: index for index, query_id in enumerate(selected)}
    results = sorted(  # in the suite's order (the file holds them in the order they ended)
        run.results, key=lambda r: (order[r.query_id], r.sample)
    )
    metrics = run.metrics
    earlier_keys = {result_key(result) for result in earlier}
    now = [result for result in results if result_key(result) not in earlier_keys]
    return RunReport(
        settings.out_dir,
        results,
        metrics,
        manifest,
        ran_now,
        earlier=len(results) - len(now),
        usage_now=sum_usage(now),
    )
