"""The agent child: the untrusted side. It confines itself, then runs one candidate program.

Forked by the zygote (which never holds task data) at a world host's request, it talks to that
world host over two pipes and:

1. starts its own session, asks to be killed when the zygote dies, points fds 0/1/2 at
   ``/dev/null`` and its scratch output files, closes every other inherited descriptor except
   its two RPC pipes and the zygote's pre-opened Landlock rules, clears its environment and
   moves into its scratch directory;
2. applies the layers (rlimits, identity, Landlock, seccomp) with the work the zygote prepared
   (which closes the rules' descriptors) and reports ``ready`` (or ``setup_failed``);
3. waits for the program text and the world's clock, runs the program in the proxy namespace
   (the time utilities run here, on a clock-only world; see ``rpc_client``), and reports
   the encoded return value or the exception (type name, message, traceback), then exits at
   once, which also ends any threads the program left behind.

Nothing here trusts the program: whatever it does to this process (patching modules, replacing
``sys.stdout``, writing to descriptors) stays in this process, and the world host judges the run
only from the RPC messages and how the process ended.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module: no enum conversions
import contextlib
import datetime
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
from assistworld.world import World

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
    """Everything the child needs, prepared by the zygote before the fork (every object the
    child does not have to build is memory it does not have to copy)."""

    command_read: int
    reply_write: int
    stdout_write: int
    stderr_write: int
    scratch: Path
    limits: Limits
    preloaded: Preloaded
    unsafe: bool
    parent_pid: int
    layer_config: LayerConfig
    closed_ranges: tuple[tuple[int, int], ...]
    """``os.closerange`` arguments that close every descriptor the child must not keep."""


def child_setup(
    fds: list[int],
    scratch: Path,
    limits: Limits,
    preloaded: Preloaded,
    address_space_bytes: int,
    unsafe: bool,
) -> ChildSetup:
    """The setup of a child whose descriptors ``fds`` are its command pipe's read end, its reply
    pipe's write end and its stdout and stderr files."""
    command_read, reply_write, stdout_write, stderr_write = fds
    rules = preloaded.layers.landlock_rules
    kept = sorted({0, 1, 2, command_read, reply_write, *(rules.fds if rules else ())})
    starts = [-1, *kept]
    ends = [*kept, 1 << 20]
    return ChildSetup(
        command_read=command_read,
        reply_write=reply_write,
        stdout_write=stdout_write,
        stderr_write=stderr_write,
        scratch=scratch,
        limits=limits,
        preloaded=preloaded,
        unsafe=unsafe,
        parent_pid=os.getpid(),
        layer_config=LayerConfig(
            scratch_dir=scratch,
            read_only_paths=[],  # the prepared layers hold the rules
            cpu_seconds=limits.cpu_seconds,
            address_space_bytes=address_space_bytes,
            file_size_bytes=limits.file_size_mb * _MIB,
            open_files=limits.open_files,
            max_tasks=limits.max_tasks,
            files_as_root=bool(preloaded.reach_problem),
        ),
        closed_ranges=tuple(
            (start + 1, end) for start, end in zip(starts, ends, strict=True) if end > start + 1
        ),
    )


def agent_child_main(setup: ChildSetup) -> NoReturn:
    """Run the child's whole life; never returns (exits the process)."""
    status = 70
    try:
        status = _run(setup)
    finally:
        os._exit(status)


def _run(setup: ChildSetup) -> int:
    preloaded = setup.preloaded
    # The world host writes every frame this child reads with encode_frame: no strict parse.
    channel = Channel(
        setup.command_read, setup.reply_write, setup.limits.max_message_bytes, strict=False
    )
    try:
        _detach(setup)
        layers = apply_layers(setup.layer_config, unsafe=setup.unsafe, prepared=preloaded.layers)
        _ask_for_death_signal(setup)  # the uid change cleared it
    except SandboxSetupError as exc:
        channel.send({"op": "setup_failed", "layer": exc.layer, "message": exc.reason[:2000]})
        return 3
    except Exception as exc:
        channel.send({"op": "setup_failed", "layer": "process", "message": repr(exc)[:2000]})
        return 3
    channel.send({"op": "ready", "layers": layers})
    client = preloaded.client
    client.connect(channel)
    namespace = preloaded.candidate_namespace
    command = channel.receive()
    if not isinstance(command, dict) or command.get("op") != "run":
        return 0
    program, clock = command.get("program"), command.get("now")
    if not isinstance(program, str) or not isinstance(clock, str):
        return 0
    stdout, stderr = sys.stdout, sys.stderr
    client.clock_world = World(now=datetime.datetime.fromisoformat(clock))
    final = _execute(program, namespace, preloaded.codec)
    _flush(stdout, stderr)
    try:
        client.finish(final)
    except ValueError as exc:  # the encoded return value is over the message limit
        client.finish(describe_exception(ValueError(f"cannot return this value: {exc}"), None))
    return 0


def _detach(setup: ChildSetup) -> None:
    """Cut the child loose from the zygote's session, descriptors, environment and cwd."""
    os.setsid()
    _ask_for_death_signal(setup)
    for number in _DEFAULT_SIGNALS:
        _signal.signal(number, _signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(setup.stdout_write, 1)
    os.dup2(setup.stderr_write, 2)
    for low, high in setup.closed_ranges:  # all but 0-2, the pipes and the Landlock rules
        os.closerange(low, high)
    os.environ.clear()
    os.chdir(setup.scratch)
    sys.dont_write_bytecode = True
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]


def _ask_for_death_signal(setup: ChildSetup) -> None:
    """Be killed when the zygote dies (the kernel clears this on every change of identity)."""
    setup.preloaded.libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != setup.parent_pid:
        raise RuntimeError("the zygote ended before the agent child was confined")


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


__all__ = ["PROGRAM_FILENAME", "ChildSetup", "agent_child_main", "child_setup"]
