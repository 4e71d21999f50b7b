"""The orchestrator's handle on one zygote process and its world host.

The orchestrator never executes task or candidate code: it starts the zygote with a fixed
environment and no task data in its arguments, sends it the slot's settings, asks it to fork a
world host and talks to that world host over a socket pair (one end passed to the zygote with
``send_fds``). The world host serves task after task; when it retires (it says so in a reply) the
next one is asked for at once, so it is ready, with a confined agent child, before the next task.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from assistworld.sandbox.errors import CandidateOverran, WorkerError
from assistworld.sandbox.framing import (
    Channel,
    ChannelClosed,
    FrameError,
    FrameTimeout,
)
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.scratch import remove_tree
from assistworld.sandbox.world_host import HOST_MESSAGE_BYTES

ZYGOTE_MODULE = "assistworld.sandbox.zygote"
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The directory holding the ``assistworld`` package this orchestrator imported."""
ZYGOTE_BOOT = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); "
    f"from {ZYGOTE_MODULE} import main; sys.exit(main(sys.argv))"
)
"""``python -I`` ignores ``PYTHONPATH``; the zygote is pointed at the orchestrator's own copy of
the package (a work tree, say) so both always run the same code."""
ZYGOTE_ENVIRONMENT = (
    ("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"),
    ("LC_ALL", "C.UTF-8"),
)
"""The zygote's whole environment: nothing from the orchestrator's (API keys, paths) leaks in."""
START_SECONDS = 60.0
CONTROL_REPLY_SECONDS = 10.0
OUTSIDE_KILL_GRACE_SECONDS = 1.5
"""How long past a candidate run's wall-clock limit the world host may still be busy with it (it
kills the child itself at the limit, then reads its output and decodes its result) before the
orchestrator kills the world host from outside."""


@dataclass
class _WorldHost:
    """The orchestrator's end of a world host's socket."""

    sock: socket.socket
    channel: Channel
    fork_acknowledged: bool = False
    pidfd: int = -1

    def kill(self) -> None:
        """SIGKILL the world host (the zygote then kills its agent children and reaps it)."""
        if self.pidfd >= 0:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)

    def close(self) -> None:
        self.sock.close()
        if self.pidfd >= 0:
            os.close(self.pidfd)
            self.pidfd = -1


class ZygoteProcess:
    """One running zygote (a pre-loaded interpreter that forks the slot's processes) and the
    world host it forked for the orchestrator.

    ``settings`` (the limits and the unsafe flag) are sent to the zygote once, after it started;
    ``library`` is named in its arguments, so it is loaded before the zygote forks anything.
    """

    def __init__(self, settings: dict[str, Any], library: ProgramLibrary) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._scratch: Path | None = None
        self._host: _WorldHost | None = None
        self._errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self._wall_seconds = float(settings["limits"]["wall_seconds"])
        try:
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-I",
                    "-c",
                    ZYGOTE_BOOT,
                    PACKAGE_ROOT,
                    str(theirs.fileno()),
                    library.model_dump_json(),
                ],
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
        try:
            hello = self._receive(START_SECONDS)
            if hello.get("op") != "hello":
                raise WorkerError(f"the zygote did not start: {self.error_output()}")
            self.pid = int(hello["pid"])
            self._scratch = Path(str(hello["scratch"]))
            self._control.sendall(json.dumps({"op": "configure", **settings}).encode())
            configured = self._receive(CONTROL_REPLY_SECONDS)
            if configured.get("op") != "configured":
                raise WorkerError(f"the zygote refused its settings: {configured.get('message')}")
            self._host = self._ask_for_host()
        except BaseException:
            self.close()
            raise

    def alive(self) -> bool:
        """Whether the zygote process is still running."""
        return self._process.poll() is None

    def error_output(self) -> str:
        """The end of what the zygote wrote to stderr (for error messages)."""
        self._errors.seek(0)
        return self._errors.read()[-4000:].decode("utf-8", errors="replace").strip() or "(none)"

    def converse(
        self, request: dict[str, Any], budget_seconds: float
    ) -> tuple[dict[str, Any], list[str]]:
        """Have the world host run ``request``.

        Returns its reply and the layers its agent children applied. Raises
        :class:`WorkerError` when the zygote or the world host fails or the budget runs out;
        the caller then replaces this zygote (closing it kills the world host). Raises
        :class:`CandidateOverran` when the world host was still busy with a candidate run
        ``OUTSIDE_KILL_GRACE_SECONDS`` past its wall-clock limit: it was killed and replaced.
        """
        started = time.monotonic()
        host = self._sent_to_a_host(request, started)
        reply = self._watch(host, started + budget_seconds, budget_seconds)
        if reply.get("retire") is True:
            self._retire_host()
        if reply.get("op") == "error":
            raise WorkerError(f"the world host failed: {reply.get('message')}")
        layers = reply.get("layers")
        if not isinstance(layers, list):
            raise WorkerError("the world host did not report the sandbox layers")
        return reply, [str(name) for name in layers]

    def _watch(self, host: _WorldHost, budget_end: float, budget_seconds: float) -> dict[str, Any]:
        """Read the world host's progress reports until its reply; kill it from outside when a
        candidate run outlives its wall-clock limit (in C code no signal handler reaches, say)."""
        finished_pairs: list[dict[str, Any]] = []
        run_started = 0.0
        run_end: float | None = None
        while True:
            try:
                message = host.channel.receive(min(budget_end, run_end or budget_end))
            except FrameTimeout:
                now = time.monotonic()
                if run_end is not None and now >= run_end:
                    host.kill()
                    self._retire_host()
                    raise CandidateOverran(finished_pairs, now - run_started) from None
                raise WorkerError(
                    f"the world host did not finish within {budget_seconds:.0f} s"
                ) from None
            except (ChannelClosed, FrameError, OSError) as exc:
                raise WorkerError(f"the world host failed ({type(exc).__name__}: {exc})") from None
            if not isinstance(message, dict):
                raise WorkerError("the world host sent a malformed reply")
            op = message.get("op")
            if op == "candidate_started":
                run_started = time.monotonic()
                run_end = run_started + self._wall_seconds + OUTSIDE_KILL_GRACE_SECONDS
            elif op == "candidate_ended":
                run_end = None
            elif op == "pair_done" and isinstance(message.get("result"), dict):
                finished_pairs.append(message["result"])
            else:
                return message

    def close(self) -> None:
        """Stop the zygote (it kills its world host and agent children) and release resources."""
        if self._host is not None:
            self._host.close()
            self._host = None
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

    # -- the world host --------------------------------------------------------------------
    def _ask_for_host(self) -> _WorldHost:
        """Ask the zygote for a world host; does not wait for it."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            socket.send_fds(self._control, [json.dumps({"op": "fork"}).encode()], [theirs.fileno()])
        except OSError as exc:
            ours.close()
            raise WorkerError(f"the zygote is gone ({exc})") from None
        finally:
            theirs.close()
        ours.setblocking(False)
        # The world host writes what it sends with encode_frame and is trusted: no strict parse.
        return _WorldHost(
            ours, Channel(ours.fileno(), ours.fileno(), HOST_MESSAGE_BYTES, strict=False)
        )

    def _sent_to_a_host(self, request: dict[str, Any], started: float) -> _WorldHost:
        """The world host that now has ``request``: the current one, or a new one if the
        current one was found gone before anything of the request reached it."""
        for attempt in (1, 2):
            host = self._host or self._ask_for_host()
            self._host = host
            if not host.fork_acknowledged:
                reply = self._receive(CONTROL_REPLY_SECONDS)
                if reply.get("op") != "forked" or not reply.get("pid"):
                    raise WorkerError("the zygote did not fork a world host")
                host.fork_acknowledged = True
                with contextlib.suppress(OSError):  # gone already: the send below fails
                    host.pidfd = os.pidfd_open(int(reply["pid"]))
            try:
                host.channel.send(request, started + CONTROL_REPLY_SECONDS)
                return host
            except ValueError as exc:  # over the message limit
                raise WorkerError(f"the request is too large: {exc}") from None
            except (FrameTimeout, OSError) as exc:
                self._retire_host()
                if attempt == 2:
                    raise WorkerError(f"the world host failed ({type(exc).__name__})") from None
        raise AssertionError("unreachable")

    def _retire_host(self) -> None:
        """Drop the current world host and ask for the next one (it warms up meanwhile)."""
        if self._host is not None:
            self._host.close()
        self._host = None
        with contextlib.suppress(WorkerError):  # a dead zygote shows at the next request
            self._host = self._ask_for_host()

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
