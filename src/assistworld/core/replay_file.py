"""Reading a replay file: JSON lines, each naming a task and what an agent wrote for it.

Every paradigm's replay agent reads the same shape (``{"query_id": ..., FIELD: ...}``, one
object a line); only the field's name (``program``, ``plan``) and the error the paradigm reports
differ, so both are parameters here.
"""

from __future__ import annotations

import json
from pathlib import Path


def read_replay_lines(
    path: Path, field: str, error: type[ValueError] = ValueError
) -> dict[str, str]:
    """Read ``{"query_id": ..., field: ...}`` JSON lines into a mapping from id to that field.

    Blank lines are skipped. A missing file, a line that is not JSON or not an object, a line
    without both string fields, or an id given twice raises ``error`` with ``path:line`` and
    the fix.
    """
    if not path.is_file():
        raise error(f"{path}: no such file; pass --programs with a JSONL file")
    found: dict[str, str] = {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise error(f"{where}: not valid JSON ({exc.msg})") from None
            if not isinstance(record, dict):
                raise error(f"{where}: expected an object with query_id and {field}")
            query_id, value = record.get("query_id"), record.get(field)
            if not isinstance(query_id, str) or not isinstance(value, str):
                raise error(f'{where}: each line needs string fields "query_id" and "{field}"')
            if query_id in found:
                raise error(f"{where}: query_id {query_id!r} appears twice")
            found[query_id] = value
    return found
