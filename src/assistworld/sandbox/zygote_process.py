"""The orchestrator's handle on one zygote process, and one task's conversation with a world host.

The orchestrator never executes task or candidate code: it starts the zygote with a fixed
environment and no task data in its arguments, asks it to fork a world host per task, and talks to
that world host over a fresh socket pair (one end passed to the zygote with ``send_fds``).
"""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from assistworld.sandbox.errors import WorkerError
from assistworld.sandbox.framing import (
    Channel,
    ChannelClosed,
    FrameError,
    FrameTimeout,
)
from assistworld.sandbox.scratch import remove_tree
from assistworld.sandbox.world_host import HOST_MESSAGE_BYTES

ZYGOTE_MODULE = "assistworld.sandbox.zygote"
ZYGOTE_ENVIRONMENT = (
    ("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"),
    ("LC_ALL", "C.UTF-8"),
)
"""The zygote's whole environment: nothing from the orchestrator's (API keys, paths) leaks in."""
START_SECONDS = 60.0
CONTROL_REPLY_SECONDS = 10.0
READY_SECONDS = 45.0


class ZygoteProcess:
    """One running zygote (a pre-loaded interpreter that forks world hosts)."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._scratch: Path | None = None
        self._errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-I", "-m", ZYGOTE_MODULE, str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                env=dict(ZYGOTE_ENVIRONMENT),
                cwd="/",
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=self._errors,
                start_new_session=True,
            )
        finally:
            theirs.close()
        self._control = ours
        hello = self._receive(START_SECONDS)
        if hello.get("op") != "hello":
            self.close()
            raise WorkerError(f"the zygote did not start: {self.error_output()}")
        self.pid = int(hello["pid"])
        self._scratch = Path(str(hello["scratch"]))

    def alive(self) -> bool:
        """Whether the zygote process is still running."""
        return self._process.poll() is None

    def error_output(self) -> str:
        """The end of what the zygote wrote to stderr (for error messages)."""
        self._errors.seek(0)
        return self._errors.read()[-4000:].decode("utf-8", errors="replace").strip() or "(none)"

    def converse(
        self, header: dict[str, Any], request: dict[str, Any], budget_seconds: float
    ) -> tuple[dict[str, Any], list[str]]:
        """Fork a world host, hand it ``header`` then (once it is ready) ``request``.

        Returns the world host's reply and the layers its agent children applied. Raises
        :class:`WorkerError` when the zygote or the world host fails or the budget runs out;
        the caller then replaces this zygote (closing it kills the world host).
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            try:
                socket.send_fds(
                    self._control, [json.dumps({"op": "fork"}).encode()], [theirs.fileno()]
                )
            except OSError as exc:
                raise WorkerError(f"the zygote is gone ({exc})") from None
            finally:
                theirs.close()
            pid = int(self._receive(CONTROL_REPLY_SECONDS).get("pid", 0))
            if not pid:
                raise WorkerError("the zygote did not fork a world host")
            return self._talk(ours, header, request, budget_seconds)
        finally:
            ours.close()

    def _talk(
        self,
        sock: socket.socket,
        header: dict[str, Any],
        request: dict[str, Any],
        budget_seconds: float,
    ) -> tuple[dict[str, Any], list[str]]:
        sock.setblocking(False)
        channel = Channel(sock.fileno(), sock.fileno(), HOST_MESSAGE_BYTES)
        started = time.monotonic()
        try:
            channel.send(header, started + CONTROL_REPLY_SECONDS)
            ready = channel.receive(time.monotonic() + READY_SECONDS)
            if not isinstance(ready, dict) or ready.get("op") != "ready":
                raise WorkerError("the world host did not get ready")
            channel.send(request, time.monotonic() + CONTROL_REPLY_SECONDS)
            reply = channel.receive(started + budget_seconds)
        except FrameTimeout:
            raise WorkerError(
                f"the world host did not finish within {budget_seconds:.0f} s"
            ) from None
        except (ChannelClosed, FrameError, OSError) as exc:
            raise WorkerError(f"the world host failed ({type(exc).__name__}: {exc})") from None
        if not isinstance(reply, dict):
            raise WorkerError("the world host sent a malformed reply")
        if reply.get("op") == "error":
            raise WorkerError(f"the world host failed: {reply.get('message')}")
        layers = reply.get("layers")
        if not isinstance(layers, list):
            raise WorkerError("the world host did not report the sandbox layers")
        return reply, [str(name) for name in layers]

    def close(self) -> None:
        """Stop the zygote (it kills its world hosts first) and release its resources."""
        with contextlib.suppress(OSError):
            self._control.sendall(json.dumps({"op": "exit"}).encode())
        self._control.close()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._errors.close()
        if self._scratch is not None:  # the zygote may have died without cleaning up
            remove_tree(self._scratch)

    def _receive(self, seconds: float) -> dict[str, Any]:
        self._control.settimeout(seconds)
        try:
            data = self._control.recv(65536)
        except (TimeoutError, OSError) as exc:
            raise WorkerError(f"the zygote did not answer ({type(exc).__name__})") from None
        if not data:
            raise WorkerError(f"the zygote exited; its stderr: {self.error_output()}")
        message = json.loads(data)
        if not isinstance(message, dict):
            raise WorkerError("the zygote sent a malformed message")
        return message


__all__ = ["ZYGOTE_ENVIRONMENT", "ZygoteProcess"]
