"""The local model's system prompts, read once per machine: llama.cpp slot save and restore.

The in-process llama.cpp server (xllamacpp) answers chat requests through Python calls and also
serves its HTTP routes on a loopback port; slot save and restore exist only as HTTP routes
(``POST /slots/0?action=save|restore`` with a file name inside ``slot_save_path``), so that is
how they are called. :class:`PrefixSlots` decides, before each request, whether the request's
system prompt is new to this process and, if so, restores a verified saved reading of it
(:mod:`assistworld.llm.prefix_store`) or tells the listener that it will be read now and about
how long that takes; after the request it saves the slot for the next run. Every failure here
only costs time: the request itself goes ahead either way.
"""

from __future__ import annotations

import json
import math
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_atomically
from assistworld.llm.prefix_store import PrefixKey, PrefixStore
from assistworld.llm.prompt_progress import watching_the_reading

StatusListener = Callable[[str], None]
DEFAULT_READ_RATE = 25.0
"""Prompt tokens per second assumed before this machine's rate is measured (2 busy cores)."""
RATE_FILE = "read_rate.json"
ANNOUNCED_READ_S = 15
"""A prompt read faster than this (a simulated user's few hundred tokens) is not announced: the
line would say less than the heartbeat does. Longer ones are, with their progress."""
_MIN_TOKENS_TO_MEASURE = 200
_SLOT_TIMEOUT_S = 300.0


class PrefixSlots:
    """Restore, announce and save the system prompts one local model reads."""

    def __init__(
        self,
        model_sha256: str,
        *,
        runtime: Mapping[str, Any],
        directory: Path | None = None,
        enabled: bool = True,
    ) -> None:
        self.model_sha256 = model_sha256
        self.runtime = dict(runtime)
        self.store = PrefixStore(directory)
        self.enabled = enabled
        self.listener: StatusListener | None = None
        self.events: list[str] = []
        self._seen: set[str] = set()
        self.reading_tokens: int | None = None
        """The prompt tokens the next request reads itself, when it reads them now."""

    def describe(self) -> dict[str, Any]:
        return {
            "enabled": self.enabled,
            "directory": str(self.store.directory) if self.enabled else None,
            "kept": self.store.keep,
            "verified_by": "model sha256, system prompt sha256, context size, runtime version, "
            "slot file sha256",
        }

    def tell(self, message: str) -> None:
        if self.listener is not None:
            self.listener(message)

    def slot_save_path(self) -> str | None:
        """The directory llama.cpp saves slots into, or None when saving is off or impossible."""
        if not self.enabled:
            return None
        try:
            return self.store.ensure_directory()
        except OSError as error:
            self.enabled = False
            self.events.append(f"saving prompts is off: {self.store.directory}: {error}")
            return None

    def key(self, prefix: str) -> PrefixKey:
        return PrefixKey.of(self.model_sha256, prefix, self.runtime)

    def before_request(self, server: Any, prefix: str | None) -> PrefixKey | None:
        """Prepare the slot for a request starting with system prompt ``prefix``.

        Returns the key to save under after the request when this request reads the prompt
        itself; None when there is nothing to save (no system prompt, one this process has
        already read or restored, or saving is off).
        """
        if prefix is None:
            return None
        key = self.key(prefix)
        if key.digest in self._seen:
            return None
        self._seen.add(key.digest)
        if self.enabled:
            lookup = self.store.find(key)
            self.events.append(lookup.reason)
            if lookup.path is not None:
                self.tell("restoring the local model's saved reading of its prompt (one second)")
                if self._slot_action(server, "restore", lookup.path.name) is not None:
                    return None
                self.store.forget(key)
            elif lookup.reason.startswith("refused"):
                self.store.forget(key)
        tokens = self._count_tokens(server, prefix)
        seconds = math.ceil(tokens / self.read_rate())
        if seconds >= ANNOUNCED_READ_S:
            self.tell(
                f"reading a new prompt into the local model: one time, about {seconds} s "
                f"({tokens} tokens)"
            )
            self.reading_tokens = tokens
        return key if self.enabled else None

    @contextmanager
    def watching(self, server: Any) -> Iterator[None]:
        """Around the request :meth:`before_request` prepared: when it reads its prompt now,
        say how far the reading has got as it goes (:mod:`assistworld.llm.prompt_progress`)."""
        tokens, self.reading_tokens = self.reading_tokens, None
        if tokens is None or self.listener is None:
            yield
            return
        with watching_the_reading(server, tokens, self.read_rate(), self.tell):
            yield

    def after_request(self, server: Any, key: PrefixKey | None, result: Mapping[str, Any]) -> None:
        """Save the slot that just read ``key``'s prompt, and this machine's reading rate."""
        if key is None:
            return
        self._remember_rate(result)
        saved = self._slot_action(server, "save", self.store.slot_name(key))
        if saved is None:
            self.store.forget(key)
            return
        tokens = saved.get("n_saved")
        try:
            record = self.store.record(key, tokens if isinstance(tokens, int) else 0)
        except OSError as error:
            self.events.append(f"could not record the saved prompt: {error}")
            self.store.forget(key)
            return
        self.events.append(f"saved {self.store.slot_name(key)} ({record.tokens} tokens)")

    def read_rate(self) -> float:
        """Prompt tokens per second last measured here, else :data:`DEFAULT_READ_RATE`."""
        try:
            value = json.loads((self.store.directory / RATE_FILE).read_text(encoding="utf-8"))
            rate = float(value["tokens_per_s"])
        except (OSError, ValueError, KeyError, TypeError):
            return DEFAULT_READ_RATE
        return rate if rate > 0 else DEFAULT_READ_RATE

    def _remember_rate(self, result: Mapping[str, Any]) -> None:
        timings = result.get("timings")
        if not isinstance(timings, dict):
            return
        tokens, millis = timings.get("prompt_n"), timings.get("prompt_ms")
        if not isinstance(tokens, int | float) or not isinstance(millis, int | float):
            return
        if tokens < _MIN_TOKENS_TO_MEASURE or millis <= 0:
            return
        rate = {"tokens_per_s": round(tokens / (millis / 1000), 2), "tokens": tokens}
        try:
            write_atomically(self.store.directory / RATE_FILE, json.dumps(rate))
        except OSError:
            return

    def _count_tokens(self, server: Any, text: str) -> int:
        reply = _post(server, "/tokenize", {"content": text})
        tokens = reply.get("tokens") if reply is not None else None
        if isinstance(tokens, list):
            return len(tokens)
        return math.ceil(len(text) / 4)

    def _slot_action(self, server: Any, action: str, filename: str) -> dict[str, Any] | None:
        reply = _post(server, f"/slots/0?action={action}", {"filename": filename})
        if reply is None or "error" in reply:
            detail = reply.get("error") if reply is not None else "no answer"
            self.events.append(f"slot {action} of {filename} failed: {detail}")
            return None
        return reply


def _post(server: Any, route: str, body: Mapping[str, Any]) -> dict[str, Any] | None:
    """POST ``body`` to one of the in-process server's loopback routes; None on any failure."""
    address = getattr(server, "listening_address", None)
    if not isinstance(address, str) or not address.startswith("http://127.0.0.1:"):
        return None
    request = urllib.request.Request(
        address + route,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=_SLOT_TIMEOUT_S) as response:
            reply = json.loads(response.read())
    except (urllib.error.URLError, OSError, ValueError):
        return None
    return reply if isinstance(reply, dict) else None
