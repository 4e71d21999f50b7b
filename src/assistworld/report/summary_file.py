"""``summary.json``: a run's figures as its records give them, bound to the files they came from.

A run directory's records are the truth, and reading them costs time in proportion to the run
(a 1,235-scenario run is 6 MB of records to validate). ``summary.json`` holds what ``show``
prints of them: the metrics, the paradigm's summary data and a few facts about the records
(:class:`~assistworld.report.rundata.RunOverview`), computed by :func:`load_run` itself, so that
they are the same figures, and stamped with the SHA-256 of ``results.jsonl`` and of
``manifest.json`` as they were then, with the summary's format and the version and source digest
(:func:`code_digest`) of the code that computed it.

:func:`read_shown_run` uses the summary only while both files still have those digests and the
stamp names this code; any other summary (a run interrupted or resumed since, a file edited,
a summary written by other code or before summaries were stamped) is passed over and the
figures are computed from the records, as ``report`` and ``compare`` always do.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from assistworld.core.atomic import write_json_atomically
from assistworld.core.blobs import BLOBS_DIR, BlobStore
from assistworld.core.derived_cache import code_fingerprint
from assistworld.core.metrics import RunMetrics
from assistworld.core.paradigm import Paradigm
from assistworld.core.registry import UnknownParadigmError, get_paradigm
from assistworld.core.result import LEGACY_PARADIGM
from assistworld.core.store import MANIFEST_FILE, RESULTS_FILE, SUMMARY_FILE
from assistworld.report.rundata import RunData, RunOverview, base_label, load_run

SUMMARY_FORMAT = 1
"""The shape of ``summary.json``'s stamp and figures; a summary of another format is recomputed."""

STAMP = "computed_from"
"""The key of the stamp: what the summary was computed from, and by which code."""

SELF_DIGEST = "summary_sha256"
"""The stamp's key for the digest of the summary's own content (:func:`content_digest`)."""

_NOT_PARADIGM_DATA = frozenset({"metrics", "tasks", STAMP})


@dataclass(frozen=True)
class ShownRun:
    """What ``show`` prints of a run: its overview, metrics and its paradigm's summary data."""

    overview: RunOverview
    metrics: RunMetrics
    paradigm: Paradigm
    summary_data: dict[str, Any]
    label: str
    from_summary: bool
    """Whether the figures were read from ``summary.json`` rather than computed from records."""


def file_digest(path: Path) -> str:
    """The SHA-256 of ``path``'s bytes, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _code_version() -> str:
    import assistworld

    return str(assistworld.__version__)


def code_digest(paradigm: Paradigm) -> str:
    """The fingerprint (:func:`~assistworld.core.derived_cache.code_fingerprint`) of the source
    that computes a run's figures: all of assistworld, and the package a paradigm from elsewhere
    (a plugin's) comes from. A summary computed by other code, an edited checkout of the same
    version included, does not match it (hashing the source takes about 10 ms)."""
    return code_fingerprint({"assistworld", type(paradigm).__module__.split(".")[0]})


def summary_of(run: RunData) -> dict[str, Any]:
    """What ``summary.json`` holds for ``run`` as :func:`load_run` read it: the metrics, the task
    count, the paradigm's summary data and the stamp (digests of the files as they are now)."""
    overview = run.overview
    summary: dict[str, Any] = {
        "metrics": run.metrics.model_dump(mode="json"),
        "tasks": len(run.results),
    }
    summary.update(run.paradigm.report.summary_data(run.results))
    summary[STAMP] = {
        "format": SUMMARY_FORMAT,
        "assistworld_version": _code_version(),
        "code_sha256": code_digest(run.paradigm),
        "results_sha256": file_digest(run.path / RESULTS_FILE),
        "blobs": _blob_digests(run.path),
        "manifest_sha256": file_digest(run.path / MANIFEST_FILE),
        "records": overview.records,
        "agents": list(overview.agents),
        "programs_ran": overview.programs_ran,
        "notes": list(overview.notes),
    }
    return summary


def _blob_digests(run_dir: Path) -> list[str]:
    """The shared values the run directory holds (``blobs/<sha256>.json``), by digest."""
    return sorted(path.stem for path in (run_dir / BLOBS_DIR).glob("*.json"))


def _blobs_hold(run_dir: Path, digests: list[Any]) -> bool:
    """Whether every shared value the summary was computed with is still there, undamaged."""
    blobs = BlobStore(run_dir)
    return all(
        isinstance(digest, str) and file_digest(blobs.path_of(digest)) == digest
        for digest in digests
    )


def finish_run_dir(run_dir: Path, manifest: dict[str, Any]) -> RunData:
    """Write a run directory's last files: ``manifest`` with the records' usage summed in, then
    the ``summary.json`` stamped with both files. The records and a manifest naming the same
    tasks, samples and shard must be in place (they tell which records are the run's). Returns
    the run as read from its records."""
    run = load_run(run_dir)
    run.manifest = {
        **manifest,
        "usage": run.metrics.usage,
        "usage_by_role": run.metrics.usage_by_role,
    }
    write_json_atomically(run_dir / MANIFEST_FILE, run.manifest)
    summary = json.loads(json.dumps(summary_of(run), default=str))  # as a reader will load it
    summary[STAMP][SELF_DIGEST] = content_digest(summary)
    # in the order computed: the failure classes, roles and figures are shown in that order
    write_json_atomically(run_dir / SUMMARY_FILE, summary, sort_keys=False)
    return run


def content_digest(summary: dict[str, Any]) -> str:
    """The SHA-256 of ``summary``'s content (keys sorted, compact), its own digest left out: a
    summary edited by hand no longer matches it."""
    stamp = summary.get(STAMP)
    stamp = (
        {k: v for k, v in stamp.items() if k != SELF_DIGEST} if isinstance(stamp, dict) else stamp
    )
    body = {**summary, STAMP: stamp}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shown_from_records(run: RunData) -> ShownRun:
    """``show``'s view of a run read from its records."""
    return ShownRun(
        overview=run.overview,
        metrics=run.metrics,
        paradigm=run.paradigm,
        summary_data=run.paradigm.report.summary_data(run.results),
        label=run.label,
        from_summary=False,
    )


def read_shown_run(run_dir: Path, *, from_records: bool = False) -> ShownRun:
    """``show``'s view of the run in ``run_dir``: from ``summary.json`` when its stamp matches the
    directory's files and this version (see the module's text), else from the records
    (``from_records`` forces that). Bad input raises
    :class:`~assistworld.report.rundata.RunDirError` as :func:`load_run` does."""
    if not from_records:
        shown = _from_summary(run_dir)
        if shown is not None:
            return shown
    return shown_from_records(load_run(run_dir))


def _read_json(path: Path) -> tuple[Any, str | None]:
    """The JSON value ``path`` holds and the SHA-256 of its bytes (read once); (None, None)
    when it cannot be read or parsed."""
    try:
        data = path.read_bytes()
        return json.loads(data), hashlib.sha256(data).hexdigest()
    except (OSError, ValueError):
        return None, None


def _listed(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"a list was expected, not {type(value).__name__}")
    return value


def _from_summary(run_dir: Path) -> ShownRun | None:
    """The view from a summary whose stamp holds; None whenever anything does not match."""
    (summary, _), (manifest, manifest_sha256) = (
        _read_json(run_dir / SUMMARY_FILE),
        _read_json(run_dir / MANIFEST_FILE),
    )
    if not isinstance(summary, dict) or not isinstance(manifest, dict):
        return None
    stamp = summary.get(STAMP)
    if not isinstance(stamp, dict) or stamp.get("format") != SUMMARY_FORMAT:
        return None
    if stamp.get("assistworld_version") != _code_version():
        return None
    if stamp.get(SELF_DIGEST) != content_digest(summary):
        return None
    try:
        if stamp.get("manifest_sha256") != manifest_sha256:
            return None
        if stamp.get("results_sha256") != file_digest(run_dir / RESULTS_FILE):
            return None
        if not _blobs_hold(run_dir, _listed(stamp["blobs"])):
            return None  # the records read again say which shared value is missing or damaged
        paradigm = get_paradigm(str(manifest.get("paradigm", LEGACY_PARADIGM)))
        if stamp.get("code_sha256") != code_digest(paradigm):
            return None
        metrics = RunMetrics.model_validate(summary["metrics"])
        overview = RunOverview(
            path=run_dir,
            manifest=manifest,
            records=int(stamp["records"]),
            agents=tuple(str(agent) for agent in _listed(stamp["agents"])),
            programs_ran=bool(stamp["programs_ran"]),
            notes=tuple(str(note) for note in _listed(stamp["notes"])),
        )
    except (OSError, KeyError, TypeError, ValueError, ValidationError, UnknownParadigmError):
        return None
    data = {key: value for key, value in summary.items() if key not in _NOT_PARADIGM_DATA}
    return ShownRun(
        overview=overview,
        metrics=metrics,
        paradigm=paradigm,
        summary_data=data,
        label=base_label(overview),
        from_summary=True,
    )
