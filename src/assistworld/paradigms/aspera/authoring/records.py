"""The session folder's files besides the state: edit log, set-aside tasks, chats, the lock.

- ``edit_log.jsonl``: one JSON line per program the model wrote, next to what the person made of
  it (their edited text, their feedback or reason, the decision). Lines carry a stable ``id``, so a
  step repeated after a crash does not log twice. Useful later as training data.
- ``quarantine.jsonl`` and ``quarantine/<round>-<name>.py``: tasks the person set aside, with
  their reasons; ``rejected.jsonl``: what automatic mode refused, with the evidence.
- ``chats/<round>[-<plan>].json``: the chat history of each round and of each task draft.
- ``.lock``: held while a session runs, so two processes never advance the same session.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
from pathlib import Path
from typing import IO, Any

from assistworld.core.atomic import write_atomically
from assistworld.paradigms.aspera.authoring.state import Message

EDIT_LOG = "edit_log.jsonl"
QUARANTINE_LOG = "quarantine.jsonl"
REJECTED_LOG = "rejected.jsonl"
QUARANTINE_DIR = "quarantine"
CHATS_DIR = "chats"
LOCK_FILE = ".lock"


class SessionBusyError(RuntimeError):
    """Another process is running the same session."""


class JsonLines:
    """An append-only JSON-lines file whose records have unique ``id`` values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._ids: set[str] = set()
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a crash; the step that wrote it runs again
                if isinstance(record, dict) and isinstance(record.get("id"), str):
                    self._ids.add(record["id"])

    def append(self, record: dict[str, Any]) -> bool:
        """Append ``record`` unless its ``id`` is already there; True when it was written."""
        record_id = str(record["id"])
        if record_id in self._ids:
            return False
        stamped = {
            "id": record_id,
            "time": _now(),
            **{k: v for k, v in record.items() if k != "id"},
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(stamped, ensure_ascii=False) + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        self._ids.add(record_id)
        return True

    def records(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        found = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue
        return found


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class SessionFiles:
    """Paths and record files of one session folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.edit_log = JsonLines(root / EDIT_LOG)
        self.quarantine = JsonLines(root / QUARANTINE_LOG)
        self.rejected = JsonLines(root / REJECTED_LOG)
        self._lock: IO[str] | None = None

    def lock(self) -> None:
        """Hold the session lock; :class:`SessionBusyError` if another process holds it."""
        stream = (self.root / LOCK_FILE).open("w", encoding="utf-8")
        try:
            fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            stream.close()
            raise SessionBusyError(
                f"another `assistworld generate` is running on {self.root}; wait for it to end "
                "or use another --session folder"
            ) from None
        stream.write(str(os.getpid()))
        stream.flush()
        self._lock = stream

    def unlock(self) -> None:
        if self._lock is not None:
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    def round_dir(self, tag: str) -> Path:
        return self.root / tag

    def write_chat(self, name: str, messages: list[Message]) -> Path:
        path = self.root / CHATS_DIR / f"{name}.json"
        payload = [message.model_dump() for message in messages]
        write_atomically(path, json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
        return path

    def set_aside(self, name: str, text: str, reason: str) -> Path:
        """Keep a quarantined program or task file, with its reason on top, for later reading."""
        header = "".join(f"# quarantined: {line}\n" for line in reason.splitlines() or [""])
        path = self.root / QUARANTINE_DIR / f"{name}.py"
        write_atomically(path, header + "\n" + text.rstrip() + "\n")
        return path
