"""Where a run keeps its results: appended atomically, one JSON line per finished task.

The orchestrator is the only writer. Each line is written with a single ``write`` call as its
task ends, so a run killed at any moment leaves at worst one incomplete last line, which
:meth:`ResultsStore.load` drops (and :meth:`ResultsStore.open_for_append` cuts off) on resume.
A written line belongs to the kernel: it survives the process being killed. Against the machine
itself going down, the file is fsynced at most once a second (:data:`SYNC_INTERVAL_S`) and when
the run ends, rather than after every line: an fsync costs milliseconds of the event loop's time
(seconds over a suite), and a crash of the machine loses at most the last second of results,
which a resumed run simply runs again.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_atomically, write_json_atomically
from assistworld.core.blobs import CONTEXT_KEY, BlobStore
from assistworld.core.result import ResultKey, TaskResult, result_key, safe_result

RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "manifest.json"
SUMMARY_FILE = "summary.json"
SYNC_INTERVAL_S = 1.0
"""Longest time between a line's write and its fsync while a run goes on."""


class ResultsStore:
    """The results file of one run directory.

    ``result_type`` is the record each line is read as: a paradigm's typed result, or the plain
    :class:`TaskResult` (details as a dict) where the paradigm does not matter.
    """

    def __init__(
        self, run_dir: Path, result_type: type[TaskResult[Any]] = TaskResult[dict[str, Any]]
    ) -> None:
        self.run_dir = run_dir
        self.path = run_dir / RESULTS_FILE
        self.result_type = result_type
        self.blobs = BlobStore(run_dir)

    def load(self) -> list[TaskResult[Any]]:
        """Every complete record (the first one per task and sample); a torn last line is
        ignored."""
        if not self.path.exists():
            return []
        results: dict[ResultKey, TaskResult[Any]] = {}
        for line in self.path.read_bytes().split(b"\n"):
            if not line.strip():
                continue
            try:
                record = self.result_type.model_validate_json(line, context=self._context)
            except ValueError:  # a missing or damaged blob is a BlobError, never skipped here
                continue  # an incomplete line left by a killed run
            results.setdefault(result_key(record), record)
        return list(results.values())

    def _cut_torn_tail(self) -> None:
        """Drop bytes after the last newline (a line a killed run did not finish)."""
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            with self.path.open("r+b") as handle:
                handle.truncate(keep)

    def replace_all(self, results: list[TaskResult[Any]]) -> None:
        """Replace the file with ``results`` (one line each), atomically: readers see the old
        file or the new one (for a pass that amends every record, such as a judge's)."""
        lines = [dump_line(result, self._context) for result in results]
        write_atomically(self.path, "".join(line + "\n" for line in lines))

    def open_for_append(self) -> ResultsWriter:
        """A writer that appends to the results file (after cutting any torn last line)."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._cut_torn_tail()
        return ResultsWriter(self.path, blobs=self.blobs)

    @property
    def _context(self) -> dict[str, Any]:
        return {CONTEXT_KEY: self.blobs}


def dump_line(result: TaskResult[Any], context: dict[str, Any] | None = None) -> str:
    """``result`` as one JSON line's text, its text made safe first where pydantic refuses it
    (a lone surrogate, which UTF-8 cannot encode: :func:`safe_result`)."""
    try:
        return result.model_dump_json(context=context)
    except ValueError:
        return safe_result(result).model_dump_json(context=context)


class ResultsWriter:
    """Appends records durably; use as a context manager."""

    def __init__(
        self,
        path: Path,
        *,
        sync_interval_s: float = SYNC_INTERVAL_S,
        blobs: BlobStore | None = None,
    ) -> None:
        self._context = {CONTEXT_KEY: blobs or BlobStore(path.parent)}
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        self._sync_interval_s = sync_interval_s
        self._synced_at = time.monotonic()
        self._unsynced = False

    def append(self, result: TaskResult[Any]) -> None:
        """Write ``result`` as one line (shared values to the run's blobs, its text made safe:
        :func:`dump_line`)."""
        data = (dump_line(result, self._context) + "\n").encode("utf-8")
        while data:
            written = os.write(self._fd, data)
            data = data[written:]
        self._unsynced = True
        if time.monotonic() - self._synced_at >= self._sync_interval_s:
            self.sync()

    def sync(self) -> None:
        """fsync what was written so far."""
        if self._fd >= 0 and self._unsynced:
            os.fsync(self._fd)
            self._unsynced = False
        self._synced_at = time.monotonic()

    def close(self) -> None:
        if self._fd >= 0:
            try:
                self.sync()
            finally:
                os.close(self._fd)
                self._fd = -1

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = [
    "MANIFEST_FILE",
    "RESULTS_FILE",
    "SUMMARY_FILE",
    "ResultsStore",
    "ResultsWriter",
    "write_json_atomically",
]
