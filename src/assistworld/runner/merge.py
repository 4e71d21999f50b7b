"""``assistworld merge``: join the run directories of ``run --shard K/N`` into one run.

The merged directory is what the unsplit run would have written: every shard's records (one
per task and sample), the shared values they refer to, the first shard's manifest without its
``shard`` (so ``show``, ``report``, ``compare`` and ``run --resume`` take it for one run, and a
resumption fills in what a lost shard did not finish), each shard's start recorded under
``merged_from``, and the summary computed again from all the records. Shards must be parts of
the same run: the same suite, agent, settings and code; a shard given twice, or two shards
that both hold a record of the same task and sample, are refused; missing shards and the tasks
no shard finished are reported, not fatal.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_json_atomically
from assistworld.core.blobs import BLOBS_DIR
from assistworld.core.first_few import first_few
from assistworld.core.registry import get_paradigm
from assistworld.core.result import LEGACY_PARADIGM, TaskResult, result_key
from assistworld.core.store import MANIFEST_FILE, RESULTS_FILE, ResultsStore
from assistworld.report.summary_file import finish_run_dir
from assistworld.runner.session import RunSetupError, check_out_dir

SAME_IN_EVERY_SHARD = (
    "paradigm",
    "suite",
    "suite_hash",
    "agent",
    "options",
    "limits",
    "unsafe",
    "sandbox_layers",
    "task_ids",
    "excluded_task_ids",
    "judge",
    "assistworld_version",
    "git_revision",
)
"""What makes shards parts of one run: the suite, the agent, the settings and the code."""

SHOWN = 5


class MergeError(RunSetupError):
    """Directories that are not the shards of one run; the message says which differ and how."""


@dataclass
class MergeReport:
    """What ``merge`` wrote and what it found missing."""

    out_dir: Path
    results: int
    shards: list[str]
    missing_shards: list[int] = field(default_factory=list)
    missing: list[tuple[str, int]] = field(default_factory=list)


def _manifest(run_dir: Path) -> dict[str, Any]:
    path = run_dir / MANIFEST_FILE
    if not run_dir.is_dir():
        raise MergeError(f"{run_dir} is not a run directory (written by `assistworld run`)")
    if not path.is_file():
        raise MergeError(f"{run_dir} holds no {MANIFEST_FILE}: not a run directory")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data.get("shard"), dict):
        raise MergeError(f"{run_dir} is not a shard (it was not run with --shard K/N)")
    return data


def _check_parts(dirs: list[Path], manifests: list[dict[str, Any]]) -> None:
    first = manifests[0]
    for run_dir, manifest in zip(dirs[1:], manifests[1:], strict=True):
        differ = [key for key in SAME_IN_EVERY_SHARD if manifest.get(key) != first.get(key)]
        if differ:
            detail = "; ".join(
                f"{key}: {first.get(key)!r:.80} in {dirs[0]}, {manifest.get(key)!r:.80} here"
                for key in differ
            )
            raise MergeError(f"{run_dir} is not a part of the same run as {dirs[0]}: {detail}")
    counts = {manifest["shard"]["count"] for manifest in manifests}
    if len(counts) > 1:
        raise MergeError(f"the shards split the run in different numbers of parts: {counts}")
    seen: dict[int, Path] = {}
    for run_dir, manifest in zip(dirs, manifests, strict=True):
        index = int(manifest["shard"]["index"])
        if index in seen:
            raise MergeError(f"shard {index} is given twice: {seen[index]} and {run_dir}")
        seen[index] = run_dir


def merge_runs(dirs: list[Path], out_dir: Path) -> MergeReport:
    """Join the shard directories ``dirs`` into ``out_dir`` (see the module's doc)."""
    if not dirs:
        raise MergeError("name the shard directories to merge")
    check_out_dir(out_dir, resume=False)
    if out_dir.exists() and any(out_dir.iterdir()):
        raise MergeError(f"--out {out_dir} is not empty; merge into a new directory")
    manifests = [_manifest(run_dir) for run_dir in dirs]
    _check_parts(dirs, manifests)
    paradigm = get_paradigm(str(manifests[0].get("paradigm", LEGACY_PARADIGM)))
    merged: dict[tuple[str, int], TaskResult[Any]] = {}
    owner: dict[tuple[str, int], Path] = {}
    for run_dir in dirs:
        for result in ResultsStore(run_dir, paradigm.result_type).load():
            key = result_key(result)
            if key in merged:
                raise MergeError(
                    f"{result.query_id} (sample {result.sample}) has a record in both "
                    f"{owner[key]} and {run_dir}: these are not disjoint shards of one run"
                )
            merged[key], owner[key] = result, run_dir
    first = manifests[0]
    count = int(first["shard"]["count"])
    samples = int(first.get("options", {}).get("samples", 1))
    task_ids = [str(query_id) for query_id in first.get("task_ids", [])]
    order = {query_id: index for index, query_id in enumerate(task_ids)}
    results = sorted(merged.values(), key=lambda r: (order.get(r.query_id, len(order)), r.sample))
    out_dir.mkdir(parents=True, exist_ok=True)
    for run_dir in dirs:
        blobs = run_dir / BLOBS_DIR
        if blobs.is_dir():
            shutil.copytree(blobs, out_dir / BLOBS_DIR, dirs_exist_ok=True)
    store = ResultsStore(out_dir, paradigm.result_type)
    store.replace_all(results)
    manifest = {key: value for key, value in first.items() if key != "shard"}
    manifest["merged_from"] = [
        {
            "dir": str(run_dir),
            "shard": m["shard"],
            "created_at": m.get("created_at"),
            "platform": m.get("platform"),
            "models": m.get("models"),
            "resumptions": len(m.get("resumptions", [])),
        }
        for run_dir, m in zip(dirs, manifests, strict=True)
    ]
    write_json_atomically(out_dir / MANIFEST_FILE, manifest)
    finish_run_dir(out_dir, manifest)
    present = {int(m["shard"]["index"]) for m in manifests}
    missing = [
        (query_id, sample)
        for sample in range(samples)
        for query_id in task_ids
        if (query_id, sample) not in merged
    ]
    return MergeReport(
        out_dir=out_dir,
        results=len(results),
        shards=[f"{m['shard']['index']}/{count}" for m in manifests],
        missing_shards=[index for index in range(1, count + 1) if index not in present],
        missing=missing,
    )


def describe_missing(report: MergeReport) -> list[str]:
    """Lines that say what the merged run lacks, and how to finish it."""
    lines = []
    if report.missing_shards:
        lines.append(f"shards not given: {', '.join(map(str, report.missing_shards))}")
    if report.missing:
        shown = [
            f"{query_id}#{sample}" if sample else query_id for query_id, sample in report.missing
        ]
        lines.append(
            f"{len(report.missing)} task sample(s) have no result: {first_few(shown, SHOWN)}; "
            "finish them with the same `assistworld run` command, without --shard, and "
            f"--out {report.out_dir} --resume"
        )
    return lines


__all__ = ["RESULTS_FILE", "MergeError", "MergeReport", "describe_missing", "merge_runs"]
