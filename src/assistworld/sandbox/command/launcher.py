"""The launcher: the root process that starts one confined command and says how it ended.

Started by the harness as ``python -I -S <this file>``, with few imports of the standard
library (each costs an episode's start a few milliseconds: the settings come as ``marshal``
data, not JSON; the modules shared with the sandbox are loaded by file path, so that no
package ``__init__`` runs), with:

* stdin: the settings, one ``marshal``-ed dict (the command's environment travels here, never
  in an argument list every user may read in ``/proc``), then end of file;
* stdout and stderr: where the command's stdout and stderr go;
* the descriptor the settings name (``report_fd``): the report, one line each:
  ``started UID PID INIT`` once the command runs (its ``execve`` succeeded; ``INIT`` is the
  init's pid, which the harness kills to end the namespace: the launcher then reports once the
  namespace is empty), or ``failed REASON``; then ``ended EXIT_CODE SIGNAL`` (``-`` for none).

Three processes, each asking the kernel to kill it when its parent goes (``PR_SET_PDEATHSIG``),
so that killing the launcher ends everything:

* the launcher (L): builds the view (``view.enter_view``: a mount namespace of its own), asks for
  a new pid namespace for its children and forks the init; forwards ``SIGTERM``, ``SIGINT`` and
  ``SIGHUP`` to it; reports;
* the init (pid 1 of that namespace): mounts the namespace's own ``/proc``, forks the command,
  reaps whatever is reparented to it, forwards signals to every process of the namespace, and
  once the command has ended exits, whereupon the kernel kills whatever the command left behind
  (a double fork and ``setsid`` do not escape a pid namespace);
* the command (pid 2): a session of its own, stdin on ``/dev/null``, every other inherited
  descriptor closed, its rlimits, then the sandbox's identity layer (a uid and gid of its own,
  no supplementary group, no capability, ``no_new_privs``; ``layers.identity``), then ``execve``.

With ``"confine": false`` (``--unsafe``, without root) there are no namespaces and no identity
change: the command runs as the harness's user, in the working directory the settings name; the
init makes itself a subreaper and, once the command has ended, kills whatever it left behind.
"""

from __future__ import annotations

import ctypes
import marshal
import os
import signal
import sys
import time

TYPE_CHECKING = False  # not imported from typing: this process does without that import
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any, NoReturn

_HERE = os.path.dirname(os.path.abspath(__file__))
_SANDBOX = os.path.dirname(_HERE)
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_CLONE_NEWPID = 0x20000000
_FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
_LIBC = ctypes.CDLL(None, use_errno=True)


def _load(name: str, *parts: str) -> ModuleType:
    """The module in the file at ``parts`` (beside this package), run without its package."""
    path = os.path.join(_SANDBOX, *parts)
    module = type(sys)(name)
    module.__file__ = path
    sys.modules[name] = module
    with open(path, "rb") as handle:
        exec(
            compile(handle.read(), path, "exec"), module.__dict__
        )  # our own file, run without its package
    return module


def _die_with_parent() -> None:
    _LIBC.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


def _report(fd: int, *words: object) -> None:
    line = " ".join("-" if word is None else str(word) for word in words)
    os.write(fd, line.replace("\n", " ").encode("utf-8", "replace") + b"\n")


def main() -> int:
    """The launcher (see the module docstring)."""
    _die_with_parent()
    settings = marshal.loads(sys.stdin.buffer.read())
    if os.getppid() != settings["parent"]:
        return 1  # the harness went before the parent-death signal was armed
    report = int(settings["report_fd"])
    confine = bool(settings["confine"])
    uid = int(settings["uid_base"]) + os.getpid()
    identity = _load("_assistworld_identity", "layers", "identity.py")
    rlimits = _load("_assistworld_rlimits", "layers", "rlimits.py")
    home = settings["cwd"]
    try:
        if confine:
            view = _load("_assistworld_view", "command", "view.py")
            view.enter_view(
                settings["stage"],
                expose=settings["expose"],
                hidden=settings["hidden"],
                uid=uid,
                home_bytes=int(settings["home_bytes"]),
                tmp_bytes=int(settings["tmp_bytes"]),
            )
            home = view.HOME
            if _LIBC.unshare(_CLONE_NEWPID) != 0:
                code = ctypes.get_errno()
                raise OSError(code, f"unshare(CLONE_NEWPID): {os.strerror(code)}")
        else:
            view = None
    except OSError as exc:
        _report(report, "failed", f"cannot build the agent's view: {exc}")
        return 1
    exec_read, exec_write = os.pipe2(os.O_CLOEXEC)
    status_read, status_write = os.pipe2(os.O_CLOEXEC)
    child = os.fork()
    if child == 0:
        os.close(exec_read)
        os.close(status_read)
        os.close(report)
        _init(settings, confine, uid, home, view, identity, rlimits, exec_write, status_write)
    os.close(exec_write)
    os.close(status_write)
    for number in _FORWARDED:
        signal.signal(number, lambda signum, _frame: _forward(child, signum))
    error = _read_all(exec_read)
    statuses = os.fdopen(status_read, "rb")
    pid = statuses.readline().strip().decode() or None
    if error:
        _report(report, "failed", error.decode("utf-8", "replace"))
    else:
        _report(report, "started", uid if confine else os.getuid(), pid, child)
    _, init_status = os.waitpid(child, 0)
    ended = statuses.read().decode().split()
    if len(ended) != 2 and os.WIFSIGNALED(init_status):
        ended = ["-", str(os.WTERMSIG(init_status))]  # the init was killed, and its namespace
    if not error:
        _report(report, "ended", *(ended if len(ended) == 2 else ["-", "-"]))
    return 0


def _forward(pid: int, signum: int) -> None:
    try:  # noqa: SIM105 - contextlib is an import this process does without
        os.kill(pid, signum)
    except OSError:
        pass


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)


def _init(
    settings: dict[str, Any],
    confine: bool,
    uid: int,
    home: str,
    view: ModuleType | None,
    identity: ModuleType,
    rlimits: ModuleType,
    exec_write: int,
    status_write: int,
) -> NoReturn:
    """Pid 1 of the command's namespace (see the module docstring); never returns."""
    try:
        _die_with_parent()
        if confine:
            assert view is not None
            view.mount_proc()
        else:
            _LIBC.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        command = os.fork()
        if command == 0:
            _command(settings, confine, uid, home, identity, rlimits, exec_write)
        os.close(exec_write)
        os.write(status_write, b"%d\n" % command)
        for number in _FORWARDED:
            signal.signal(
                number, lambda signum, _frame: _forward(-1 if confine else -command, signum)
            )
        status = _reap_until(command)
        if not confine:
            _kill_descendants()
        os.write(status_write, " ".join(status).encode())
    finally:
        os._exit(0)


def _reap_until(command: int) -> tuple[str, str]:
    """Reap children until the command ends; its exit code and signal (``-``: none)."""
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            return "-", "-"
        if pid == command:
            if os.WIFSIGNALED(status):
                return "-", str(os.WTERMSIG(status))
            return str(os.waitstatus_to_exitcode(status)), "-"


def _kill_descendants() -> None:
    """Kill and reap every process left below this one (unconfined only: confined, the pid
    namespace ends with its init). As a subreaper this process inherits each orphan, so
    killing its children until it has none leaves nothing, however deep the forks went."""
    me = str(os.getpid())
    while True:
        for pid in _children(me):
            _forward(pid, signal.SIGKILL)
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return
        time.sleep(0.01)


def _children(parent: str) -> list[int]:
    found: list[int] = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == parent:
                found.append(int(entry))
    return found


def _command(
    settings: dict[str, Any],
    confine: bool,
    uid: int,
    home: str,
    identity: ModuleType,
    rlimits: ModuleType,
    exec_write: int,
) -> NoReturn:
    """The command's process: confine, then ``execve``; an error goes to ``exec_write``."""
    step = "starting"
    try:
        step = "starting a session"
        os.setsid()
        _die_with_parent()
        step = "redirecting stdin"
        null = os.open("/dev/null", os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.closerange(3, exec_write)
        os.closerange(exec_write + 1, 1 << 16)
        step = f"entering {home}"
        os.chdir(home)
        step = "setting the resource limits"
        limits = settings["limits"]
        rlimits.apply_rlimits(
            cpu_seconds=int(limits["cpu_seconds"]),
            address_space_bytes=limits["address_space_bytes"],
            file_size_bytes=int(limits["file_size_bytes"]),
            open_files=int(limits["open_files"]),
            max_tasks=int(limits["max_tasks"]) if confine else None,
            pending_signals=int(limits["pending_signals"]),
        )
        if confine:
            step = "giving up root"
            # The identity layer names the uid as a base plus the pid (2, in this namespace).
            identity.drop_identity(uid - os.getpid())
        for number in (signal.SIGPIPE, signal.SIGXFSZ, *_FORWARDED):
            signal.signal(number, signal.SIG_DFL)
        env = dict(settings["env"])
        if confine:
            env.update(HOME=home, PWD=home, TMPDIR="/tmp")
        step = f"running {settings['executable']}"
        os.execve(settings["executable"], settings["argv"], env)
    except BaseException as exc:
        reason = f"{step}: {exc}"
        try:
            os.write(exec_write, reason.encode("utf-8", "replace"))
        finally:
            os._exit(127)


if __name__ == "__main__":
    sys.exit(main())
