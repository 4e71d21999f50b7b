"""Running untrusted candidate programs against a trusted world.

Process model (see ``shared/spec/sandbox.md`` section 4.2): the orchestrator (the caller) never
executes task or candidate code. Each worker slot has a *zygote*, a fresh interpreter that has
imported only the library and never receives task data. It forks the slot's *world host*
(trusted code: setup and evaluation programs, the worlds), which serves task after task, and,
at the world host's request, one confined *agent child* per pair: every agent child is a copy of
the zygote, so none ever held task data. The candidate runs in the agent child and reaches the
world through a JSON RPC.

Privileges: only the zygote keeps root, in a private mount namespace where the interpreter is
made reachable to other uids (``reachable``). It makes the agents' scratch file systems and kills
and reaps agent children for its world hosts. The world host runs as a uid of its own with no
capability, ``no_new_privs``, a task cap and Landlock (``world_host.give_up_root``); each agent
child as another uid of its own, file access included, with no capability, rlimits, Landlock
and seccomp (``layers``).

Public API: :class:`SandboxPool` (sandboxed) and :class:`InProcessExecutor` (``--unsafe``), both
with ``run_task(TaskRequest) -> TaskExecution``, ``dry_run(DryRunRequest) -> ProgramRun``,
``run_in_world(WorldRunRequest) -> WorldRun``, ``layers`` and ``close()``. Both are handed the
:class:`ProgramLibrary` programs are written against (the paradigm that runs them builds it): the
sandbox itself knows no app and no paradigm.
"""

from assistworld.sandbox.errors import CandidateError, CandidateRunAborted
from assistworld.sandbox.in_process import InProcessExecutor
from assistworld.sandbox.layers import SandboxSetupError
from assistworld.sandbox.library import LibraryError, ProgramLibrary
from assistworld.sandbox.models import (
    DryRunRequest,
    Limits,
    PairResult,
    ProgramRun,
    TaskExecution,
    TaskRequest,
    WorldRun,
    WorldRunRequest,
)
from assistworld.sandbox.outcomes import PairOutcome, RunOutcome
from assistworld.sandbox.pool import SandboxPool

__all__ = [
    "CandidateError",
    "CandidateRunAborted",
    "DryRunRequest",
    "InProcessExecutor",
    "LibraryError",
    "Limits",
    "PairOutcome",
    "PairResult",
    "ProgramLibrary",
    "ProgramRun",
    "RunOutcome",
    "SandboxPool",
    "SandboxSetupError",
    "TaskExecution",
    "TaskRequest",
    "WorldRun",
    "WorldRunRequest",
]
