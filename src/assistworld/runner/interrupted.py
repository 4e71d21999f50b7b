"""What to tell someone who stopped a run with Ctrl-C: what was kept and how to go on."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from assistworld.core.store import ResultsStore


def kept_results(run_dir: Path) -> int:
    """How many finished tasks the run directory holds (a torn last line is not counted)."""
    return len(ResultsStore(run_dir).load())


def resume_command(argv: Sequence[str], run_dir: Path, prog: str = "assistworld") -> str:
    """The command line that continues the run: the same arguments, ``--out`` set to the run
    directory (added when the run chose its own) and ``--resume`` added when missing."""
    args = list(argv)
    has_out = any(arg == "--out" or arg.startswith("--out=") for arg in args)
    if not has_out:
        args += ["--out", str(run_dir)]
    if "--resume" not in args:
        args.append("--resume")
    return shlex.join([prog, *args])
