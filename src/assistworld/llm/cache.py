"""Disk cache of chat responses, keyed by a hash of the full request and the endpoint.

A re-run of the same suite with the same settings makes no model calls, and a cache directory
can be copied to another machine to replay a run offline. One JSON file per entry, written to a
temporary file in the same directory and renamed into place, so concurrent writers (threads or
processes) never leave a half-written entry; the last writer of identical content wins.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from assistworld.core.atomic import write_atomically
from assistworld.core.cache_dirs import user_cache_dir
from assistworld.llm.chat import ChatRequest, ChatResponse

CACHE_DIR_ENV = "ASSISTWORLD_CACHE_DIR"
CACHE_FORMAT = 1
"""Bumped when the stored layout or the key recipe changes, so old entries stop matching."""


def default_cache_dir() -> Path:
    """`$ASSISTWORLD_CACHE_DIR`, else `$XDG_CACHE_HOME/assistworld/llm`, else `~/.cache/...`."""
    return user_cache_dir(CACHE_DIR_ENV, "llm")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no insignificant whitespace: equal data, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def request_key(request: ChatRequest, endpoint: str) -> str:
    """sha256 (hex) of the canonical JSON of the request plus the endpoint that serves it.

    `endpoint` identifies who answers (a base URL, or `local:<model>@<sha256>`), because the same
    model name on two servers is not the same model. Unset fields are left out, so adding an
    optional field to `ChatRequest` later does not invalidate existing entries.
    """
    payload = {
        "format": CACHE_FORMAT,
        "endpoint": endpoint,
        "request": request.model_dump(mode="json", exclude_none=True),
    }
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


class ResponseCache:
    """Responses stored under `directory/<first two hex digits>/<key>.json`."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()

    def path_for(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> ChatResponse | None:
        """The stored response marked `cached=True`, or None on a miss.

        An unreadable or corrupt entry counts as a miss (it is overwritten by the next `put`).
        """
        try:
            stored = json.loads(self.path_for(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(stored, dict) or stored.get("key") != key:
            return None
        try:
            response = ChatResponse.model_validate(stored.get("response"))
        except ValidationError:
            return None
        return response.model_copy(update={"cached": True})

    def put(self, key: str, request: ChatRequest, endpoint: str, response: ChatResponse) -> Path:
        """Store `response` (as a live response, `cached=False`) atomically; return its path."""
        target = self.path_for(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        entry = {
            "format": CACHE_FORMAT,
            "key": key,
            "endpoint": endpoint,
            "request": request.model_dump(mode="json", exclude_none=True),
            "response": response.model_copy(update={"cached": False}).model_dump(mode="json"),
        }
        write_atomically(target, json.dumps(entry, ensure_ascii=False, indent=1))
        return target

    def __len__(self) -> int:
        return sum(1 for _ in self.directory.glob("??/*.json"))
