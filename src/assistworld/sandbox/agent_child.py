"""The agent child: the untrusted side. It confines itself, then runs one candidate program.

Forked by the world host *before* the world host has read any task data, it:

1. starts its own session, asks to be killed when the world host dies, points fds 0/1/2 at
   ``/dev/null`` and its scratch output files, closes every other inherited descriptor except
   its two RPC pipes and the zygote's pre-opened Landlock rules, clears its environment and
   moves into its scratch directory;
2. applies the layers (rlimits, Landlock, seccomp) with the work the zygote prepared (which
   closes the rules' descriptors) and reports ``ready`` (or ``setup_failed``);
3. waits for the program text, runs it in the proxy namespace, and reports the encoded return
   value or the exception (type name, message, traceback), then exits at once, which also ends
   any threads the program left behind.

Nothing here trusts the program: whatever it does to this process (patching modules, replacing
``sys.stdout``, writing to descriptors) stays in this process, and the world host judges the run
only from the RPC messages and how the process ended.
"""

from __future__ import annotations

import _signal
import contextlib
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO

from assistworld.sandbox.codec import Codec
from assistworld.sandbox.framing import Channel
from assistworld.sandbox.layers import LayerConfig, SandboxSetupError, apply_layers
from assistworld.sandbox.models import Limits
from assistworld.sandbox.preload import Preloaded
from assistworld.sandbox.programs import load_function
from assistworld.sandbox.run_record import describe_exception
from assistworld.sandbox import _trace
from assistworld.sandbox.layers import rlimits as _rl, landlock as _ll, seccomp_filter as _sf

PROGRAM_FILENAME = "<candidate>"
_PR_SET_PDEATHSIG = 1
_DEFAULT_SIGNALS = (
    int(signal.SIGINT),
    int(signal.SIGTERM),
    int(signal.SIGHUP),
    int(signal.SIGALRM),
)
_MIB = 1 << 20


@dataclass(frozen=True)
class ChildSetup:
    """Everything the child needs, prepared by the world host before the fork."""

    command_read: int
    reply_write: int
    stdout_write: int
    stderr_write: int
    scratch: Path
    limits: Limits
    preloaded: Preloaded
    address_space_bytes: int
    unsafe: bool
    parent_pid: int


def agent_child_main(setup: ChildSetup) -> NoReturn:
    """Run the child's whole life; never returns (exits the process)."""
    status = 70
    try:
        status = _run(setup)
    finally:
        os._exit(status)


def _run(setup: ChildSetup) -> int:
    _trace.take()
    _trace.mark("a:start")
    preloaded = setup.preloaded
    # The world host writes every frame this child reads with encode_frame: no strict parse.
    channel = Channel(
        setup.command_read, setup.reply_write, setup.limits.max_message_bytes, strict=False
    )
    try:
        _detach(setup)
        _trace.mark("a:detached")
        layers = apply_layers(
            LayerConfig(
                scratch_dir=setup.scratch,
                read_only_paths=[],  # the prepared layers hold the rules
                cpu_seconds=setup.limits.cpu_seconds,
                address_space_bytes=setup.address_space_bytes,
                file_size_bytes=setup.limits.file_size_mb * _MIB,
                open_files=setup.limits.open_files,
            ),
            unsafe=setup.unsafe,
            prepared=preloaded.layers,
        )
    except SandboxSetupError as exc:
        channel.send({"op": "setup_failed", "layer": exc.layer, "message": exc.reason[:2000]})
        return 3
    except Exception as exc:
        channel.send({"op": "setup_failed", "layer": "process", "message": repr(exc)[:2000]})
        return 3
    _trace.mark("a:layers")
    channel.send({"op": "ready", "layers": layers})
    client = preloaded.client
    client.connect(channel)
    namespace = preloaded.candidate_namespace
    _trace.mark("a:namespace")
    command = channel.receive()
    _trace.mark("a:command")
    if not isinstance(command, dict) or command.get("op") != "run":
        return 0
    program = command.get("program")
    if not isinstance(program, str):
        return 0
    stdout, stderr = sys.stdout, sys.stderr
    final = _execute(program, namespace, preloaded.codec)
    _trace.mark("a:executed")
    _flush(stdout, stderr)
    _trace.write_child(str(setup.scratch / ".trace"))
    try:
        client.finish(final)
    except ValueError as exc:  # the encoded return value is over the message limit
        client.finish(describe_exception(ValueError(f"cannot return this value: {exc}"), None))
    return 0


def _detach(setup: ChildSetup) -> None:
    """Cut the child loose from the world host's session, descriptors, environment and cwd."""
    os.setsid()
    setup.preloaded.libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != setup.parent_pid:
        raise RuntimeError("the world host ended before the agent child started")
    for number in _DEFAULT_SIGNALS:
        _signal.signal(number, _signal.SIG_DFL)  # the C function: no enum conversions
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(setup.stdout_write, 1)
    os.dup2(setup.stderr_write, 2)
    rules = setup.preloaded.layers.landlock_rules
    kept = rules.fds if rules is not None else ()
    _close_all_but((0, 1, 2, setup.command_read, setup.reply_write, *kept))
    os.environ.clear()
    os.chdir(setup.scratch)
    sys.dont_write_bytecode = True
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]


def _close_all_but(keep: tuple[int, ...]) -> None:
    previous = -1
    for fd in sorted(set(keep)):
        if fd > previous + 1:
            os.closerange(previous + 1, fd)
        previous = fd
    os.closerange(previous + 1, 1 << 20)


def _execute(program: str, namespace: dict[str, Any], codec: Codec) -> dict[str, Any]:
    """Run the program in ``namespace`` and build the final message (result or exception)."""
    try:
        function = load_function(program, namespace, filename=PROGRAM_FILENAME)
        value = function()
    except SystemExit:
        value = None
    except BaseException as exc:  # everything the program raises is its outcome
        return describe_exception(exc, exc.__traceback__)
    try:
        return {"op": "result", "value": codec.encode(value)}
    except BaseException as exc:
        return describe_exception(exc, None)


def _flush(*streams: TextIO) -> None:
    for stream in streams:
        with contextlib.suppress(BaseException):  # a full or closed file loses only output
            stream.flush()


__all__ = ["PROGRAM_FILENAME", "ChildSetup", "agent_child_main"]
