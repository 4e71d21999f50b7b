"""Reading a folder of task files: each file read once, parsed only when its bytes are new.

Each file's bytes are read once; their sha256 serves both the suite's content hash and the key
of the derived-task cache (:mod:`assistworld.core.derived_cache`). A file whose bytes (and the
parsing code) are unchanged since it was last parsed is rebuilt from the stored fields, typed
by pydantic as usual; only the program contract check, which those exact fields already passed,
is skipped. Files that fail to parse are never cached: their problems are found afresh.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
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


def read_task_files(
    files: Sequence[Path], errors: list[str], *, directory: Path | None = None
) -> ReadFiles:
    """Read the task files ``files``, adding one line per problem to ``errors``.

    ``directory`` overrides where the derived-task cache lives (tests).
    """
    store = DerivedStore(NAMESPACE, code_fingerprint(PARSING_MODULES), directory)
    found: list[tuple[Task, str]] = []
    digests: list[str] = []
    for file in files:
        path = os.fspath(file)  # one string per file: pathlib's str() is not free at 10,000
        try:
            data = read_task_bytes(path)
        except TaskError as error:
            errors.extend(error.problems)
            continue
        digest = sha256_text(data)
        digests.append(digest)
        parsed = _from_store(store.get(digest), path)
        if parsed is None:
            try:
                parsed = parse_task_bytes(data, path)
            except TaskError as error:
                errors.extend(error.problems)
                continue
            store.put(digest, _to_store(parsed))
        found.append((parsed.task, f"{path}:{parsed.query_id_line}"))
    return ReadFiles(found, digests)
