"""Length-prefixed strict JSON messages over file descriptors (pipes and Unix sockets).

A frame is a 4-byte big-endian length and that many bytes of UTF-8 JSON. Parsing is strict:
``NaN`` and ``Infinity`` (also as an overflowing literal like ``1e999``) are refused, as are
duplicate keys, integers of more than 4,300 digits, nesting deeper than 64 levels and frames over
the size limit. Reads and writes take an absolute
deadline (``time.monotonic()``); reads can also call a ``tick`` function while they wait (the
world host uses it to police the agent's scratch directory).

The strict parse guards a trusted reader against an untrusted writer (the world host reading an
agent child). Where the writer is trusted and writes with :func:`encode_frame` (the world host's
replies, read by the orchestrator or by an agent child), a channel can be made with
``strict=False``: it parses with the plain ``json.loads``, which accepts exactly the same
documents from such a writer at a fraction of the cost (the size limit still holds).
"""

from __future__ import annotations

import errno
import json
import math
import os
import select
import struct
import sys
import time
from collections.abc import Callable
from typing import Any

MAX_JSON_DEPTH = 64
MAX_INT_DIGITS = 4300
HEADER = struct.Struct(">I")
_ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"))
"""Stateless between calls; made once because ``json.dumps`` with options builds one per call."""


class FrameError(Exception):
    """The peer sent bytes that are not a well-formed frame (a protocol violation)."""


class FrameTimeout(Exception):
    """The deadline passed before a whole frame was read or written."""


class ChannelClosed(Exception):
    """The peer closed its end (or died) between frames."""


def _reject_constant(name: str) -> Any:
    raise FrameError(f"JSON constant {name} is not allowed")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise FrameError(f"integer with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FrameError(f"number {text[:40]} is out of the float range")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise FrameError("duplicate key in a JSON object")
    return result


def _int_limit_suffices() -> bool:
    """Whether the interpreter's own limit on integer digits already refuses every integer over
    ``MAX_INT_DIGITS`` (it does by default: 4,300), so ``int`` needs no Python-level hook."""
    limit = sys.get_int_max_str_digits()
    return 0 < limit <= MAX_INT_DIGITS


def parse_strict_json(data: bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse one JSON document under the rules above; raises :class:`FrameError`."""
    try:
        text = data.decode("utf-8")
        value = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=None if _int_limit_suffices() else _bounded_int,
            parse_float=_finite_float,
            object_pairs_hook=_unique_keys,
        )
    except FrameError:
        raise
    except RecursionError:
        raise FrameError(f"JSON nested more than {max_depth} levels deep") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise FrameError(f"not valid JSON: {str(exc)[:200]}") from None
    if data.count(b"[") + data.count(b"{") > max_depth:  # else it cannot nest that deep
        _check_depth(value, max_depth)
    return value


def _check_depth(value: Any, max_depth: int) -> None:
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            raise FrameError(f"JSON nested more than {max_depth} levels deep")
        stack.extend((child, depth + 1) for child in children)


def encode_frame(message: Any, max_bytes: int) -> bytes:
    """The frame for ``message``; ``ValueError`` if it is not strict JSON or is too large."""
    payload = _ENCODER.encode(message).encode("utf-8")
    if len(payload) > max_bytes:
        raise ValueError(f"message of {len(payload)} bytes is over the limit of {max_bytes} bytes")
    return HEADER.pack(len(payload)) + payload


class Channel:
    """One end of a framed conversation: a read fd and a write fd (the same fd for a socket)."""

    def __init__(self, read_fd: int, write_fd: int, max_bytes: int, *, strict: bool = True) -> None:
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.max_bytes = max_bytes
        self.strict = strict
        self.last_payload = b""
        """The raw bytes of the last frame received."""
        self._buffer = bytearray()

    def send(self, message: Any, deadline: float | None = None) -> None:
        """Write one frame; ``BrokenPipeError`` if the peer is gone, ``FrameTimeout`` if stuck."""
        self.send_bytes(encode_frame(message, self.max_bytes), deadline)

    def send_bytes(self, data: bytes, deadline: float | None = None) -> None:
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.write_fd, view)
            except BlockingIOError:
                _wait(self.write_fd, select.POLLOUT, deadline, None, 0.0)
                continue
            view = view[written:]

    def receive(
        self,
        deadline: float | None = None,
        *,
        tick: Callable[[], None] | None = None,
        tick_seconds: float = 0.1,
    ) -> Any:
        """Read one frame and parse it.

        Raises :class:`ChannelClosed` on a clean end of file between frames,
        :class:`FrameError` on malformed or oversized frames or an end of file inside one, and
        :class:`FrameTimeout` when ``deadline`` passes.
        """
        header = self._take(HEADER.size, deadline, tick, tick_seconds, between=True)
        (length,) = HEADER.unpack(header)
        if length > self.max_bytes:
            raise FrameError(f"frame of {length} bytes is over the limit of {self.max_bytes}")
        self.last_payload = self._take(length, deadline, tick, tick_seconds, between=False)
        if self.strict:
            return parse_strict_json(self.last_payload)
        try:
            return json.loads(self.last_payload)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise FrameError(f"not valid JSON: {str(exc)[:200]}") from None

    def _take(
        self,
        count: int,
        deadline: float | None,
        tick: Callable[[], None] | None,
        tick_seconds: float,
        *,
        between: bool,
    ) -> bytes:
        """The next ``count`` bytes, reading as much as is there (frames may arrive together)."""
        while len(self._buffer) < count:
            if deadline is not None and time.monotonic() >= deadline:
                raise FrameTimeout("deadline passed")
            try:
                chunk = os.read(self.read_fd, max(count - len(self._buffer), 1 << 16))
            except BlockingIOError:
                _wait(self.read_fd, select.POLLIN, deadline, tick, tick_seconds)
                continue
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                if between and not self._buffer:
                    raise ChannelClosed("the peer closed the channel")
                raise FrameError("the peer closed the channel in the middle of a frame")
            self._buffer += chunk
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data


def _wait(
    fd: int,
    event: int,
    deadline: float | None,
    tick: Callable[[], None] | None,
    tick_seconds: float,
) -> None:
    """Block until ``fd`` is ready for ``event`` (or has hung up), calling ``tick`` meanwhile."""
    poller = select.poll()
    poller.register(fd, event)
    while True:
        if deadline is None:
            timeout_ms: int | None = None if tick is None else int(tick_seconds * 1000)
        else:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise FrameTimeout("deadline passed")
            if tick is not None:
                remaining = min(remaining, tick_seconds)
            timeout_ms = max(1, int(remaining * 1000))
        try:
            ready = poller.poll(timeout_ms)
        except InterruptedError:
            continue
        if ready:
            if ready[0][1] & select.POLLNVAL:
                raise OSError(errno.EBADF, "channel file descriptor is closed")
            return
        if tick is not None:
            tick()


__all__ = [
    "MAX_INT_DIGITS",
    "MAX_JSON_DEPTH",
    "Channel",
    "ChannelClosed",
    "FrameError",
    "FrameTimeout",
    "encode_frame",
    "parse_strict_json",
]
