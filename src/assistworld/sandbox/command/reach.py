"""What a confined command may see of the host, and what it must never see (harness side).

The command's view (``view``) holds the system directories and, besides them, only what this
module names:

* its executable, found on the ``PATH`` of the command's environment, and what it runs on: a
  script's interpreter (its ``#!`` line, through ``env``), a symbolic link's target, a virtual
  environment's base interpreter (``pyvenv.cfg``). Each is exposed with its installation prefix
  (the directory above its ``bin/``: a virtual environment whole, so its packages import), or
  alone where that prefix would be ``/`` or a home directory;
* each file the arguments name (the file only, not its folder); a relative one is rewritten
  to its absolute path, since the command starts in a home of its own.

Hidden on top, should they show anyway (a suite installed inside an exposed prefix, say): the
bundled suites, assistworld's caches, and whatever the caller adds (a user's suite, the run
directory).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistworld.core.cache_dirs import user_cache_dir
from assistworld.sandbox.command.view import SYSTEM_DIRS
from assistworld.sandbox.layers.identity import WORLD_HOST_ID_BASE

COMMAND_ID_BASE = WORLD_HOST_ID_BASE + (1 << 22)
"""First uid/gid of confined commands (the launcher's pid added): the range right above the
world hosts' (``layers.identity``), so none is ever a sandbox child's or a user's."""

_CACHE_VARIABLES = (
    ("ASSISTWORLD_CACHE_DIR", "llm"),
    ("ASSISTWORLD_MODEL_DIR", "models"),
    ("ASSISTWORLD_DERIVED_DIR", "derived"),
)
_SUITES_PACKAGE = "assistworld_suites"
_MAX_INTERPRETERS = 4
"""How many ``#!`` lines deep an executable's interpreter is followed."""


class CommandError(ValueError):
    """The agent command cannot be run as given."""


@dataclass(frozen=True)
class CommandReach:
    """The command resolved: what to ``execve``, with which arguments, seeing what."""

    executable: str
    argv: list[str]
    expose: list[str]
    hidden: list[str]


def command_reach(
    argv: Sequence[str], env: Mapping[str, str], hidden: Iterable[str | os.PathLike[str]] = ()
) -> CommandReach:
    """Resolve ``argv`` as the confined command will run it (see the module docstring).
    Raises :class:`CommandError` when the executable is not found or not executable."""
    if not argv or not argv[0]:
        raise CommandError("the agent command is empty: give the program to run and its arguments")
    executable = _find(argv[0], env)
    arguments = [_absolute_if_file(arg) for arg in argv[1:]]
    needs: list[str] = []
    for program in _programs(executable, env):
        needs.append(_prefix_or_self(program))
    needs += [path for arg in arguments if os.path.isfile(arg) for path in _with_target(arg)]
    return CommandReach(
        executable=executable,
        argv=[argv[0], *arguments],
        expose=_outermost(path for path in needs if not _covered(path)),
        hidden=sorted({*_always_hidden(), *(os.path.abspath(p) for p in hidden)}),
    )


def _find(name: str, env: Mapping[str, str]) -> str:
    if "/" in name:
        path = os.path.abspath(name)
        if not os.path.isfile(path):
            raise CommandError(f"the agent command {name!r} is not a file ({path})")
        if not os.access(path, os.X_OK):
            raise CommandError(f"the agent command {path} is not executable (chmod +x it)")
        return path
    search = env.get("PATH", os.defpath)
    found = shutil.which(name, path=search)
    if found is None:
        raise CommandError(
            f"the agent command {name!r} is not found on the PATH of its environment "
            f"({search}); give its full path or set PATH"
        )
    return os.path.abspath(found)


def _absolute_if_file(argument: str) -> str:
    if argument.startswith("-") or not os.path.isfile(argument):
        return argument
    return os.path.abspath(argument)


def _programs(executable: str, env: Mapping[str, str]) -> list[str]:
    """The executable and everything it runs on (links, ``#!`` interpreters, a venv's base)."""
    found: list[str] = []
    pending = [executable]
    while pending and len(found) < 4 * _MAX_INTERPRETERS:
        program = pending.pop()
        if program in found:
            continue
        found.append(program)
        real = os.path.realpath(program)
        if real != program:
            pending.append(real)
        pending += _interpreter(real, env)
        pending += _venv_base(program)
    return found


def _interpreter(program: str, env: Mapping[str, str]) -> list[str]:
    try:
        with open(program, "rb") as handle:
            first = handle.readline(512)
    except OSError:
        return []
    if not first.startswith(b"#!"):
        return []
    words = first[2:].decode("utf-8", "replace").split()
    if not words:
        return []
    if os.path.basename(words[0]) == "env" and len(words) > 1:
        found = shutil.which(words[-1] if words[1] == "-S" else words[1], path=env.get("PATH"))
        return [found] if found else []
    return [words[0]] if os.path.isfile(words[0]) else []


def _venv_base(program: str) -> list[str]:
    config = Path(program).parent.parent / "pyvenv.cfg"
    try:
        lines = config.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    for line in lines:
        key, _, value = line.partition("=")
        if key.strip() == "home":
            interpreter = Path(value.strip()) / Path(program).name
            return [str(interpreter)] if interpreter.exists() else []
    return []


def _prefix_or_self(program: str) -> str:
    """The installation prefix of ``program`` (above its ``bin/``), or ``program`` itself."""
    folder = os.path.dirname(program)
    prefix = os.path.dirname(folder)
    homes = {os.path.expanduser("~"), "/root", "/home"}
    if os.path.basename(folder) != "bin" or prefix in ("/", *homes):
        return program
    if os.path.dirname(prefix) == "/home":
        return program
    return prefix


def _with_target(path: str) -> list[str]:
    real = os.path.realpath(path)
    return [path] if real == path else [path, real]


def _covered(path: str) -> bool:
    """Whether ``path`` is in the view already (inside a system directory)."""
    return any(path == top or path.startswith(top + "/") for top in SYSTEM_DIRS)


def _outermost(paths: Iterable[str]) -> list[str]:
    """``paths`` without those inside another of them, sorted."""
    kept: list[str] = []
    for path in sorted(set(paths)):
        if not any(path.startswith(outer + "/") for outer in kept):
            kept.append(path)
    return kept


def _always_hidden() -> list[str]:
    """The bundled suites (wherever they are installed) and assistworld's caches."""
    hidden: list[str] = []
    spec = importlib.util.find_spec(_SUITES_PACKAGE)
    if spec is not None:
        hidden += [os.path.realpath(p) for p in spec.submodule_search_locations or ()]
    for variable, leaf in _CACHE_VARIABLES:
        cache = user_cache_dir(variable, leaf)
        hidden += [str(cache.parent) if cache.parent.name == "assistworld" else str(cache)]
    return hidden
