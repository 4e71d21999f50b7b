"""Reading a folder of task files: each file read once, parsed only when its bytes are new.

Each file's bytes are read once; their sha256 serves both the suite's content hash and the key
of the derived-task cache (:mod:`assistworld.core.derived_cache`). A file whose bytes (and the
parsing code) are unchanged since it was last parsed is rebuilt from the stored fields, typed
by pydantic as usual; only the program contract check, which those exact fields already passed,
is skipped. Files that fail to parse are never cached: their problems are found afresh.

Parsing is most of a first load (``ast.parse`` alone is about 1.5 ms for a 4 KB task file, 15 s
for 10,000 of them), so when many files are new it is spread over a pool of processes, one per
CPU this process may use; each worker parses and stores, and hands the parsed task back. Every
file is still read once, here.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from assistworld.core.derived_cache import DerivedStore, code_fingerprint, sha256_text
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import CONTRACT_CHECKED, Task
from assistworld.paradigms.aspera.tasks.taskfile import (
    ParsedTaskFile,
    parse_task_bytes,
    read_task_bytes,
)

NAMESPACE = "aspera-task-files"
PARSING_MODULES = (
    "assistworld.core.task",
    "assistworld.paradigms.aspera.tasks.errors",
    "assistworld.paradigms.aspera.tasks.file_metadata",
    "assistworld.paradigms.aspera.tasks.model",
    "assistworld.paradigms.aspera.tasks.programs",
    "assistworld.paradigms.aspera.tasks.taskfile",
    __name__,
)
"""The code a parsed task depends on: any change to it invalidates every stored task."""

PARALLEL_FROM = 200
"""New (unstored) files from which parsing is spread over processes: below it, starting the
pool costs more than it saves."""


class ReadFiles(NamedTuple):
    """What reading a folder's task files gave."""

    found: list[tuple[Task, str]]
    """Each valid task with where its ``QUERY_ID`` is (``path:line``), in file order."""
    digests: list[str]
    """sha256 (hex) of every file read, valid or not (for the suite's content hash)."""


def _from_store(value: Any, source: str) -> ParsedTaskFile | None:
    if not isinstance(value, dict) or not isinstance(value.get("line"), int):
        return None
    try:
        task = Task.model_validate(
            {**value["task"], "source": source}, context={CONTRACT_CHECKED: True}
        )
    except (ValueError, TypeError, KeyError):
        return None
    return ParsedTaskFile(task, value["line"])


def _to_store(parsed: ParsedTaskFile) -> dict[str, Any]:
    task = parsed.task.model_dump(mode="json", exclude={"source"})
    return {"task": task, "line": parsed.query_id_line}


def _parse_and_store(
    store: DerivedStore, data: bytes, path: str, digest: str
) -> ParsedTaskFile | list[str]:
    """Parse one file's bytes and store the result; its problems (one line each) when it is not
    a valid task. Runs in a worker process when parsing is spread (what it gives is pickled back:
    cheaper than building the task again from its stored form)."""
    try:
        parsed = parse_task_bytes(data, path)
    except TaskError as error:
        return list(error.problems)
    store.put(digest, _to_store(parsed))
    return parsed


def _usable_cpus() -> int:
    """CPUs this process may run on (its affinity, where the system tells it)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _parse_new_files(
    store: DerivedStore, new: list[tuple[bytes, str, str]], parallel_from: int
) -> Generator[ParsedTaskFile | list[str], None, None]:
    """``_parse_and_store`` of every new file, in order, over a process pool when there are many.

    Results are yielded as the workers finish them, so the caller goes on while the workers
    parse. The pool forks (on Linux) so workers start without importing anything again; where
    forking is not offered, the pool cannot start, or a worker dies, the files not yet done are
    parsed here.
    """
    done = 0
    workers = min(_usable_cpus(), len(new) // max(parallel_from // 2, 1))
    if len(new) >= parallel_from and workers > 1:
        # imported here: every command reads task files, few read many new ones (~8 ms saved)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        from functools import partial

        if "fork" in multiprocessing.get_all_start_methods():
            try:
                context = multiprocessing.get_context("fork")
                with ProcessPoolExecutor(workers, mp_context=context) as pool:
                    chunk = max(len(new) // (workers * 16), 1)
                    parse = partial(_parse_and_store, store)
                    for result in pool.map(parse, *zip(*new, strict=True), chunksize=chunk):
                        yield result
                        done += 1
                return
            except (OSError, BrokenProcessPool):
                pass  # no processes to be had, or one died: parse the rest here
    for file in new[done:]:
        yield _parse_and_store(store, *file)


def read_task_files(
    files: Sequence[Path],
    errors: list[str],
    *,
    directory: Path | None = None,
    parallel_from: int = PARALLEL_FROM,
) -> ReadFiles:
    """Read the task files ``files``, adding one line per problem to ``errors``.

    ``directory`` overrides where the derived-task cache lives (tests); ``parallel_from`` is how
    many new files make parsing spread over processes.
    """
    store = DerivedStore(NAMESPACE, code_fingerprint(PARSING_MODULES), directory)
    digests: list[str] = []
    outcomes: list[tuple[str, ParsedTaskFile | list[str] | None]] = []
    """Each file's path and what it gave: its task, its problems, or None until it is parsed."""
    new: list[tuple[bytes, str, str]] = []
    """(bytes, path, sha256) of each file not in the store, to parse."""
    for file in files:
        path = os.fspath(file)  # one string per file: pathlib's str() is not free at 10,000
        try:
            data = read_task_bytes(path)
        except TaskError as error:
            outcomes.append((path, list(error.problems)))
            continue
        digest = sha256_text(data)
        digests.append(digest)
        parsed = _from_store(store.get(digest), path)
        if parsed is None:
            new.append((data, path, digest))
        outcomes.append((path, parsed))
    parsed_now = _parse_new_files(store, new, parallel_from)
    found: list[tuple[Task, str]] = []
    for path, outcome in outcomes:
        if outcome is None:
            outcome = next(parsed_now)
        if isinstance(outcome, list):
            errors.extend(outcome)
            continue
        found.append((outcome.task, f"{path}:{outcome.query_id_line}"))
    parsed_now.close()  # every file is parsed: this shuts the pool down, if there was one
    return ReadFiles(found, digests)
