"""The plain-data records the sandbox takes and gives back (they cross processes as JSON)."""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from assistworld.sandbox.outcomes import PairOutcome, RunOutcome
from assistworld.tools.events import Trajectory


class Limits(BaseModel):
    """Resource limits of one candidate run (each pair runs the candidate once).

    Keep ``wall_seconds`` at 1.5 to 2 times ``cpu_seconds``: CPU time accrues slower than wall
    time on a loaded machine, and a CPU kill should not show up as a timeout.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    wall_seconds: float = Field(30.0, gt=0)
    cpu_seconds: int = Field(15, ge=1)
    memory_mb: int = Field(512, ge=16)
    """Address space the run may add on top of the worker's own size."""
    file_size_mb: int = Field(16, ge=1)
    """Largest file the run may write (its printed output included)."""
    open_files: int = Field(64, ge=8)
    max_tasks: int = Field(32, ge=2)
    """Threads the run's process may hold, its main thread included (``RLIMIT_NPROC`` under a uid
    of its own)."""
    call_budget: int = Field(5000, ge=0)
    """World-host library calls allowed per run; one more ends the run as
    ``call_budget_exceeded`` (the clock-only time utilities run in the program's own process and
    do not count)."""

    @property
    def scratch_bytes(self) -> int:
        """Size of the run's scratch file system (its printed output included): four files of
        the largest size."""
        return 4 * self.file_size_mb << 20

    max_message_bytes: int = Field(1 << 20, ge=1024)
    """Largest RPC message in either direction."""
    max_string_chars: int = Field(20_000, ge=256)
    """Longest string a library call may take (subjects, notes, names); a longer one ends the
    run as ``memory_limit``."""
    max_argument_bytes: int = Field(16 << 20, ge=1024)
    """All the library calls of one run may send this much in total (what the world can be made
    to store); more ends the run as ``memory_limit``."""
    world_memory_mb: int = Field(1024, ge=64)
    """Address space the world host may add on top of the worker's own size (``RLIMIT_AS``)."""
    output_bytes_kept: int = Field(65536, ge=0)
    """How much of the run's stdout and of its stderr is kept (each)."""


class ProgramRun(BaseModel):
    """What the trusted side observed about one run of a candidate program."""

    model_config = ConfigDict(extra="forbid")

    outcome: RunOutcome
    return_value: Any = None
    """The return value in the codec's tagged JSON form (see ``assistworld.sandbox.codec``)."""
    exception_type: str | None = None
    exception_message: str | None = None
    traceback: str | None = None
    stdout: str = ""
    stderr: str = ""
    api_calls: int = 0
    """Library calls served by the world host (held to the call budget)."""
    local_calls: int = Field(0, ge=0)
    """Calls of the clock-only time utilities, which the program's own process runs (outside
    the budget; in the sandbox the agent child reports this number, so it is telemetry)."""
    seconds: float = 0.0
    tamper_flags: list[str] = Field(default_factory=list)
    """Telemetry, not a verdict: honeypot calls, unlisted operations, decoy values, denials."""
    tool_calls: Trajectory = Field(default_factory=Trajectory)
    """The run's trajectory: the calls the world host served (read and write tools), the first
    ``assistworld.tools.recorder.EVENTS_KEPT`` in full and the rest counted in ``omitted``. The
    pure tools the program's own process runs are counted in ``local_calls`` only."""


class PairResult(BaseModel):
    """The verdict of one (setup program, evaluation program) pair."""

    model_config = ConfigDict(extra="forbid")

    index: int
    passed: bool
    outcome: PairOutcome
    error_type: str | None = None
    error_message: str | None = None
    run: ProgramRun | None = None
    seconds: float = 0.0


class TaskRequest(BaseModel):
    """One task to evaluate: setup program i pairs with evaluation program i."""

    model_config = ConfigDict(extra="forbid")

    query_id: str
    query: str
    setup_programs: list[str]
    evaluation_programs: list[str]
    candidate_program: str
    world_now: datetime.datetime | None = None

    @model_validator(mode="after")
    def _programs_pair_up(self) -> TaskRequest:
        if not self.setup_programs:
            raise ValueError(f"task {self.query_id!r}: it needs at least one setup program")
        if len(self.setup_programs) != len(self.evaluation_programs):
            raise ValueError(
                f"task {self.query_id!r}: {len(self.setup_programs)} setup programs but "
                f"{len(self.evaluation_programs)} evaluation programs; setup program i pairs "
                "with evaluation program i, so give as many of each"
            )
        return self


class TaskExecution(BaseModel):
    """The result of one task: passed only when every pair passed."""

    model_config = ConfigDict(extra="forbid")

    query_id: str
    passed: bool
    pairs: list[PairResult]
    seconds: float = 0.0
    layers: list[str] = Field(default_factory=list)


class DryRunRequest(BaseModel):
    """Run a setup program, then the candidate, with no evaluation (for a self-debugging agent)."""

    model_config = ConfigDict(extra="forbid")

    setup_program: str
    candidate_program: str
    world_now: datetime.datetime | None = None


class WorldRunRequest(BaseModel):
    """Run the candidate once against a world given whole (its JSON form, ``World.to_json``):
    for libraries whose worlds come as data (a scenario's) rather than from setup programs."""

    model_config = ConfigDict(extra="forbid")

    world: dict[str, Any]
    candidate_program: str


class WorldRun(BaseModel):
    """What a world run gives back: the run, and the world as the trusted side holds it after
    the run (its JSON form; ``World.from_json`` reads it)."""

    model_config = ConfigDict(extra="forbid")

    run: ProgramRun
    world: dict[str, Any] | None = None
    """None when no world came back (the request was refused, or the worker failed)."""


__all__ = [
    "DryRunRequest",
    "Limits",
    "PairResult",
    "ProgramRun",
    "TaskExecution",
    "TaskRequest",
    "WorldRun",
    "WorldRunRequest",
]
